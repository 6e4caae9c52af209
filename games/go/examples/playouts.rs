//! Measures Hane's speed on 9x9 from the empty board, one thread: playouts per second of the
//! playout policy alone and of the whole search (tree, priors and playouts), each the median
//! of five runs. Run it on the release build:
//! `cargo run --release -p olympiad-go --example playouts [PLAYOUTS]`.

use olympiad_go::engine::{bench_playouts, bench_search};
use std::time::Duration;

/// Runs of each measurement; the median is printed.
const RUNS: usize = 5;
/// Playouts per run unless the command line says.
const DEFAULT_PLAYOUTS: u64 = 20_000;

fn median(mut rates: Vec<f64>) -> f64 {
    rates.sort_by(f64::total_cmp);
    rates[rates.len() / 2]
}

fn rate(run: impl Fn(u64) -> (u64, Duration)) -> (f64, Vec<f64>) {
    let rates: Vec<f64> = (0..RUNS as u64)
        .map(|seed| {
            let (n, t) = run(seed + 1);
            n as f64 / t.as_secs_f64()
        })
        .collect();
    (median(rates.clone()), rates)
}

fn main() {
    let playouts = match std::env::args().nth(1) {
        Some(text) => text.parse().unwrap_or_else(|_| {
            eprintln!("playouts: expected a whole number, found '{text}'");
            std::process::exit(2)
        }),
        None => DEFAULT_PLAYOUTS,
    };
    let (p, runs) = rate(|seed| bench_playouts(playouts, seed));
    println!("policy playouts, 9x9 empty board, 1 thread: {p:.0}/s (runs: {runs:.0?})");
    let (s, runs) = rate(|seed| bench_search(playouts, seed));
    println!("search playouts, 9x9 empty board, 1 thread: {s:.0}/s (runs: {runs:.0?})");
}
