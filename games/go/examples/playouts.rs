//! Measures Hane's speed on 9x9 from the empty board, one thread: playouts per second of the
//! playout policy alone and of the whole search (tree, priors and playouts), each the median
//! of five runs. Run it on the release build:
//! `cargo run --release -p olympiad-go --example playouts [PLAYOUTS]`.

use olympiad_go::engine::{bench_playouts, bench_search};
use olympiad_search::mcts::median_rate;

/// Runs of each measurement; the median is printed.
const RUNS: u64 = 5;
/// Playouts per run unless the command line says.
const DEFAULT_PLAYOUTS: u64 = 20_000;

fn main() {
    let playouts = match std::env::args().nth(1) {
        Some(text) => text.parse().unwrap_or_else(|_| {
            eprintln!("playouts: expected a whole number, found '{text}'");
            std::process::exit(2)
        }),
        None => DEFAULT_PLAYOUTS,
    };
    let (p, runs) = median_rate(RUNS, |seed| bench_playouts(playouts, seed));
    println!("policy playouts, 9x9 empty board, 1 thread: {p:.0}/s (runs: {runs:.0?})");
    let (s, runs) = median_rate(RUNS, |seed| bench_search(playouts, seed));
    println!("search playouts, 9x9 empty board, 1 thread: {s:.0}/s (runs: {runs:.0?})");
}
