//! Measures Ponte's speed from the empty board (11x11 unless told), one thread: playouts per
//! second of the save-bridge policy alone, of uniformly random playouts, and of the whole
//! search (tree, priors and playouts), each the median of five runs. Run it on the release
//! build: `cargo run --release -p olympiad-hex --example hex_playouts [PLAYOUTS [SIZE]]`.

use olympiad_hex::engine::{bench_playouts, bench_search};
use olympiad_search::mcts::median_rate;

/// Runs of each measurement; the median is printed.
const RUNS: u64 = 5;
/// The command line's numbers unless it gives them: playouts per run, the board's side.
const DEFAULTS: [usize; 2] = [100_000, 11];

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut numbers = DEFAULTS;
    for (i, (text, name)) in args.iter().zip(["playouts", "size"]).enumerate() {
        numbers[i] = text.parse().unwrap_or_else(|_| {
            eprintln!("{name}: expected a whole number, found '{text}'");
            std::process::exit(2)
        });
    }
    let [playouts, size] = numbers;
    if !(1..=olympiad_hex::MAX_SIZE).contains(&size) {
        eprintln!(
            "size: expected 1 to {}, found {size}",
            olympiad_hex::MAX_SIZE
        );
        std::process::exit(2)
    }
    let playouts = playouts as u64;
    let board = format!("{size}x{size} empty board, 1 thread");
    let (p, runs) = median_rate(RUNS, |seed| bench_playouts(size, playouts, seed, true));
    println!("save-bridge playouts, {board}: {p:.0}/s (runs: {runs:.0?})");
    let (u, runs) = median_rate(RUNS, |seed| bench_playouts(size, playouts, seed, false));
    println!("uniform playouts, {board}: {u:.0}/s (runs: {runs:.0?})");
    let (s, runs) = median_rate(RUNS, |seed| bench_search(size, playouts, seed));
    println!("search playouts, {board}: {s:.0}/s (runs: {runs:.0?})");
}
