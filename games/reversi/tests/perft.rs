//! The perft data files under both conventions: depths up to 11 in the default run, plain
//! and through the threaded, hashed driver; the deeper ones with `--ignored`.

use olympiad_core::conformance::perft_cases;
use olympiad_core::perft::{GameOverLeaves, Perft, perft_with};
use olympiad_reversi::Position;
use std::time::Instant;

/// The largest count the default test run checks (depth 11 from the start).
const DEFAULT_MAX_COUNT: u128 = 250_000_000;

/// A data file's lines with a count of at most `max_count`.
fn cases(file: &str, max_count: u128) -> Vec<(Position, u32, u128)> {
    perft_cases(file, max_count)
}

const FILES: [(&str, GameOverLeaves); 2] = [
    (include_str!("start.perft"), GameOverLeaves::One),
    (
        include_str!("start-last-ply.perft"),
        GameOverLeaves::OneAtLastPly,
    ),
];

fn hashed(threads: usize, rule: GameOverLeaves) -> Perft {
    Perft {
        threads,
        hash_mib: 64,
        game_over: rule,
    }
}

#[test]
fn start_position_counts() {
    let mut checked = 0;
    for (file, rule) in FILES {
        for (pos, depth, count) in cases(file, DEFAULT_MAX_COUNT) {
            let t = Instant::now();
            assert_eq!(
                perft_with(&pos, depth, rule),
                count,
                "{rule:?} depth {depth}"
            );
            assert_eq!(
                hashed(2, rule).run(&pos, depth),
                count,
                "hashed {rule:?} depth {depth}"
            );
            println!("{rule:?} depth {depth}: {count} in {:.2?}", t.elapsed());
            checked += 1;
        }
    }
    assert_eq!(
        checked,
        11 + 2,
        "depths 1..11, and 10..11 of the alternative"
    );
}

#[test]
#[ignore = "slow: the deep counts of the data files"]
fn start_position_counts_deep() {
    for (file, rule) in FILES {
        for (pos, depth, count) in cases(file, u128::MAX) {
            if count <= DEFAULT_MAX_COUNT {
                continue;
            }
            let t = Instant::now();
            assert_eq!(
                hashed(2, rule).run(&pos, depth),
                count,
                "hashed {rule:?} depth {depth}"
            );
            println!("{rule:?} depth {depth}: {count} in {:.2?}", t.elapsed());
        }
    }
}
