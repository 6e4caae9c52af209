//! Times the three algorithms, with and without the table, on Caïssa positions with a
//! material-plus-mobility evaluation, and prints a table (nodes, time, nodes per second).
//! `cargo run --release -p olympiad-search --example bench [depth]`

use std::time::Duration;

use olympiad_caissa::{Color, Kind, Position};
use olympiad_core::{Game, SplitMix64};
use olympiad_search::{Algorithm, Config, Hooks, Limits, Score, Searcher};

/// Plies of random play before each benchmarked position.
const OPENING_PLIES: usize = 8;
/// Positions per row.
const POSITIONS: usize = 8;

struct Simple;

fn material(pos: &Position, color: Color) -> Score {
    [(Kind::Rook, 48), (Kind::Bishop, 30), (Kind::Knight, 24)]
        .iter()
        .filter(|(k, _)| pos.square_of(color, *k).is_some())
        .map(|&(_, v)| v)
        .sum()
}

impl Hooks<Position> for Simple {
    fn bounds(&self) -> (Score, Score) {
        (-1000, 1000)
    }
    fn terminal(&mut self, pos: &Position, ply: u32) -> Option<Score> {
        let outcome = pos.outcome()?;
        Some(match outcome.winner() {
            Some(s) if s == pos.to_move() => 1000 - ply as Score,
            Some(_) => ply as Score - 1000,
            None => 0,
        })
    }
    fn no_moves(&mut self, _: &Position, _: u32) -> Score {
        0
    }
    fn evaluate(&mut self, pos: &Position, _: u32) -> Score {
        let side = pos.side();
        material(pos, side) - material(pos, side.flip()) + pos.count_moves() as Score
    }
    fn quiescence(&self) -> bool {
        false
    }
    fn history_slot(&self, _: &Position, mv: olympiad_caissa::Move) -> Option<usize> {
        Some(usize::from(mv.from) * 64 + usize::from(mv.to))
    }
}

fn main() {
    let depth: u32 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(6);
    let mut rng = SplitMix64::new(11);
    let mut positions = Vec::new();
    while positions.len() < POSITIONS {
        let mut pos = Position::start();
        for _ in 0..OPENING_PLIES {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos.play(moves[rng.below(moves.len())]);
        }
        if pos.outcome().is_none() {
            positions.push(pos);
        }
    }
    println!("{POSITIONS} Caïssa positions after {OPENING_PLIES} random plies, depth {depth}");
    println!(
        "{:<10} {:>6} {:>12} {:>10} {:>12}",
        "algorithm", "tt MiB", "nodes", "ms", "nodes/s"
    );
    for algorithm in [Algorithm::AlphaBeta, Algorithm::Pvs, Algorithm::Mtdf] {
        for tt_mib in [0, 16] {
            let mut searcher = Searcher::new(
                Simple,
                Config {
                    algorithm,
                    tt_mib,
                    ..Config::default()
                },
            );
            let (mut nodes, mut time) = (0, Duration::ZERO);
            for pos in &positions {
                searcher.clear();
                let r = searcher.search(pos, &Limits::depth(depth), &mut ());
                nodes += r.nodes;
                time += r.elapsed;
            }
            let nps = nodes as f64 / time.as_secs_f64().max(1e-9);
            println!(
                "{:<10} {:>6} {:>12} {:>10.1} {:>12.0}",
                format!("{algorithm:?}"),
                tt_mib,
                nodes,
                time.as_secs_f64() * 1000.0,
                nps
            );
        }
    }
}
