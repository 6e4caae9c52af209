//! Measures the rules' speed for playouts: random games from the empty board with the
//! helpers an MCTS playout uses (a random empty point, scanning on from it to the first
//! that is legal ignoring superko and not one of the mover's eyes, else a pass; played with
//! `play_unrecorded`), and full `legal_moves` + `play` games with superko for comparison.
//!
//! `cargo run --release -p olympiad-go --example playout_speed [SIZE] [SECONDS]`

use olympiad_core::{Game, SplitMix64};
use olympiad_go::{Point, Position, Repetition};
use std::time::Instant;

/// The longest playout, in moves (a safety cap; random games end long before).
const MAX_PLAYOUT_MOVES: usize = 1000;

fn playout(start: &Position, rng: &mut SplitMix64) -> usize {
    let mut pos = start.clone();
    let mut moves = 0;
    while !pos.is_over() && moves < MAX_PLAYOUT_MOVES {
        let empties = pos.empty_points();
        let me = pos.side_to_move();
        let mut choice = Point::PASS;
        if !empties.is_empty() {
            let first = rng.below(empties.len());
            for k in 0..empties.len() {
                let p = empties[(first + k) % empties.len()];
                if pos.is_legal_ignoring_superko(p) && !pos.is_eye(p, me) {
                    choice = p;
                    break;
                }
            }
        }
        pos.play_unrecorded(choice);
        moves += 1;
    }
    moves
}

fn main() {
    let mut args = std::env::args().skip(1);
    let size: usize = args.next().map_or(9, |a| a.parse().expect("a board size"));
    let seconds: f64 = args.next().map_or(2.0, |a| a.parse().expect("seconds"));
    let start = Position::new(size, 15, Repetition::Superko).expect("a size 1..=19");
    let mut rng = SplitMix64::new(1);

    let clock = Instant::now();
    let (mut games, mut moves) = (0u64, 0u64);
    while clock.elapsed().as_secs_f64() < seconds {
        moves += playout(&start, &mut rng) as u64;
        games += 1;
    }
    let t = clock.elapsed().as_secs_f64();
    println!(
        "{size}x{size} playouts: {games} games, {:.0} games/s, {:.0} moves/s, {:.1} moves/game",
        games as f64 / t,
        moves as f64 / t,
        moves as f64 / games as f64
    );

    let clock = Instant::now();
    let (mut games, mut moves) = (0u64, 0u64);
    while clock.elapsed().as_secs_f64() < seconds {
        let mut pos = start.clone();
        while pos.outcome().is_none() {
            let list = pos.legal_moves();
            let me = pos.side_to_move();
            let good: Vec<Point> = list
                .iter()
                .copied()
                .filter(|&p| !p.is_pass() && !pos.is_eye(p, me))
                .collect();
            let mv = if good.is_empty() {
                Point::PASS
            } else {
                good[rng.below(good.len())]
            };
            pos.play(mv);
            moves += 1;
        }
        games += 1;
    }
    let t = clock.elapsed().as_secs_f64();
    println!(
        "{size}x{size} full games (legal_moves with superko, play with history): {:.0} games/s, {:.0} moves/s",
        games as f64 / t,
        moves as f64 / t
    );
}
