//! Finds the positions of the mate suite (`tests/mates.txt`): plays seeded games between the
//! `caissa` engine at a shallow depth and a random mover, asks a deeper `caissa` search at
//! every position whether it sees a forced mate, and keeps the position only when the
//! exhaustive mate search (`engine::mates::mate_in`) confirms the exact distance.
//!
//! `cargo run --release -p olympiad-caissa --example find_mates -- [PER_DISTANCE] > games/caissa/tests/mates.txt`

use olympiad_caissa::Position;
use olympiad_caissa::engine::eval::WIN_THRESHOLD;
use olympiad_caissa::engine::mates::mate_in;
use olympiad_caissa::engine::{Engine, EngineKind, EngineOptions};
use olympiad_core::{Game, Notation, SplitMix64};
use olympiad_search::Limits;

/// The longest mate the suite holds, in moves of the winner.
const MAX_MOVES: u32 = 3;
/// The depth of the search that proposes positions.
const PROBE_DEPTH: u32 = 6;

fn main() {
    let per_distance: usize = std::env::args()
        .nth(1)
        .map(|a| a.parse().expect("PER_DISTANCE is a number"))
        .unwrap_or(12);
    let options = EngineOptions {
        book: false,
        ..EngineOptions::new(EngineKind::Caissa)
    };
    let mut player = Engine::new(options);
    let mut probe = Engine::new(options);
    let mut rng = SplitMix64::new(2003);
    let mut found: Vec<Vec<String>> = vec![Vec::new(); MAX_MOVES as usize + 1];
    let mut seen = std::collections::HashSet::new();
    let mut games = 0;
    while found[1..].iter().any(|f| f.len() < per_distance) && games < 5_000 {
        games += 1;
        let mut pos = Position::start();
        player.new_game();
        while pos.outcome().is_none() {
            let text = pos.position_text();
            if seen.insert(text.clone()) {
                probe.new_game();
                let choice = probe
                    .choose(&pos, &Limits::depth(PROBE_DEPTH), &mut ())
                    .unwrap();
                if choice.score >= WIN_THRESHOLD
                    && let Some(n) = mate_in(&pos, MAX_MOVES)
                    && found[n as usize].len() < per_distance
                {
                    eprintln!("game {games}: mate in {n}: {text}");
                    found[n as usize].push(format!("{text}; {n}"));
                }
            }
            // Seat 0 of even games and seat 1 of odd games is the engine; the other moves
            // at random, so that the games go everywhere.
            let engine_to_move = (pos.ply() as usize + games).is_multiple_of(2);
            let mv = if engine_to_move {
                player.choose(&pos, &Limits::depth(2), &mut ()).unwrap().mv
            } else {
                let moves = pos.legal_moves();
                moves[rng.below(moves.len())]
            };
            pos.play(mv);
        }
    }
    println!("# Caïssa mate suite: position text; the winner's moves to a forced mate (exact).");
    println!(
        "# Found by `cargo run --release -p olympiad-caissa --example find_mates`: positions of"
    );
    println!(
        "# seeded games between caissa (depth 2) and a random mover where a depth-{PROBE_DEPTH} search saw"
    );
    println!("# a mate, each confirmed by exhaustive full-width search ({games} games searched).");
    for group in &found[1..] {
        for line in group {
            println!("{line}");
        }
    }
}
