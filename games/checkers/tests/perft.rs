//! The perft data file: every count up to depth 12 in the default run, plain and through the
//! threaded, hashed driver; the deeper ones with `--ignored`.

use olympiad_checkers::Position;
use olympiad_core::conformance::perft_cases;
use olympiad_core::perft::{GameOverLeaves, Perft, perft};
use std::time::Instant;

/// The largest count the default test run checks (depth 12 from the start).
const DEFAULT_MAX_COUNT: u128 = 400_000_000;

/// `tests/start.perft`'s lines with a count of at most `max_count`.
fn cases(max_count: u128) -> Vec<(Position, u32, u128)> {
    perft_cases(include_str!("start.perft"), max_count)
}

fn hashed(threads: usize) -> Perft {
    Perft {
        threads,
        hash_mib: 64,
        game_over: GameOverLeaves::Zero,
    }
}

#[test]
fn start_position_counts() {
    let cases = cases(DEFAULT_MAX_COUNT);
    assert_eq!(cases.len(), 12, "depths 1..12");
    for (pos, depth, count) in cases {
        let t = Instant::now();
        // The plain recursion up to depth 11; depth 12 through both threads without a table,
        // which is the same recursion below the split.
        let plain = if depth <= 11 {
            perft(&pos, depth)
        } else {
            Perft {
                threads: 2,
                ..Perft::default()
            }
            .run(&pos, depth)
        };
        assert_eq!(plain, count, "depth {depth}");
        assert_eq!(hashed(2).run(&pos, depth), count, "hashed, depth {depth}");
        println!("depth {depth}: {count} in {:.2?}", t.elapsed());
    }
}

#[test]
#[ignore = "slow: the deep counts of the data file (depth 18 takes long even hashed)"]
fn start_position_counts_deep() {
    for (pos, depth, count) in cases(u128::MAX) {
        if count <= DEFAULT_MAX_COUNT {
            continue;
        }
        let t = Instant::now();
        assert_eq!(hashed(2).run(&pos, depth), count, "hashed, depth {depth}");
        println!("depth {depth}: {count} in {:.2?}", t.elapsed());
    }
}
