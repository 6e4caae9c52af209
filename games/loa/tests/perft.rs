//! The perft data file: every count by the fast generator, plain and through the threaded,
//! hashed driver, and by the reference twin up to a size it walks in moments; the deeper
//! lines with `--ignored`.

use olympiad_core::conformance::check_perft_file;
use olympiad_loa::reference::RefGame;
use olympiad_loa::{PERFT_GAME_OVER, Position};

/// The largest count the default test run checks.
const DEFAULT_MAX_COUNT: u128 = 100_000_000;
/// The largest count the reference walks in the default run.
const REFERENCE_MAX_COUNT: u128 = 200_000;

fn check(max_count: u128) -> usize {
    check_perft_file::<Position>(
        include_str!("counts.perft"),
        max_count,
        PERFT_GAME_OVER,
        REFERENCE_MAX_COUNT,
        |text, depth| u128::from(RefGame::from_text(text).unwrap().perft(depth)),
    )
}

#[test]
fn data_file_counts() {
    assert_eq!(check(DEFAULT_MAX_COUNT), 47);
}

#[test]
#[ignore = "slow: every count of the data file"]
fn data_file_counts_deep() {
    assert_eq!(check(u128::MAX), 53);
}
