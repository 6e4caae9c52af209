//! Perft speed from the start position on one thread, without and with the lossless hash
//! table: leaves per second, median of several runs. Each timed count is checked against
//! `tests/start.perft` (the spec's convention), so a fast wrong generator cannot post a time.
//!
//! `cargo bench -p olympiad-reversi` (depths and runs below; `BENCH_DEPTH=13` overrides the
//! deepest depth timed without the table).

use olympiad_core::conformance::perft_cases;
use olympiad_core::perft::Perft;
use olympiad_reversi::{PERFT_GAME_OVER, Position};
use std::time::Instant;

/// Depths timed without the table (the deepest may be overridden by `BENCH_DEPTH`).
const PLAIN_DEPTHS: [u32; 3] = [9, 10, 11];
/// Depths timed with the table.
const HASHED_DEPTHS: [u32; 3] = [10, 11, 12];
/// Table size for the hashed runs, in MiB.
const HASH_MIB: usize = 512;
/// Timed repetitions per row; the table shows the median.
const RUNS: usize = 3;

fn expected(depth: u32) -> (Position, u128) {
    perft_cases::<Position>(include_str!("../tests/start.perft"), u128::MAX)
        .into_iter()
        .find(|c| c.1 == depth)
        .map(|(position, _, count)| (position, count))
        .unwrap_or_else(|| panic!("no count for depth {depth} in tests/start.perft"))
}

fn row(label: &str, depth: u32, hash_mib: usize) {
    let (pos, count) = expected(depth);
    let driver = Perft {
        threads: 1,
        hash_mib,
        game_over: PERFT_GAME_OVER,
    };
    let mut secs: Vec<f64> = (0..RUNS)
        .map(|_| {
            let t = Instant::now();
            assert_eq!(driver.run(&pos, depth), count, "perft({depth})");
            t.elapsed().as_secs_f64()
        })
        .collect();
    secs.sort_by(f64::total_cmp);
    let median = secs[RUNS / 2];
    println!(
        "{label:<8} {depth:>5} {count:>16} {median:>10.3} {:>12.1}",
        count as f64 / median / 1e6
    );
}

fn main() {
    let deepest: Option<u32> = std::env::var("BENCH_DEPTH")
        .ok()
        .and_then(|d| d.parse().ok());
    println!("reversi perft from the start, 1 thread, median of {RUNS} runs");
    println!(
        "{:<8} {:>5} {:>16} {:>10} {:>12}",
        "table", "depth", "leaves", "seconds", "Mleaves/s"
    );
    let mut plain = PLAIN_DEPTHS.to_vec();
    if let Some(d) = deepest {
        plain.retain(|&x| x < d);
        plain.push(d);
    }
    for depth in plain {
        row("none", depth, 0);
    }
    for depth in HASHED_DEPTHS {
        row(&format!("{HASH_MIB}MiB"), depth, HASH_MIB);
    }
}
