//! The perft data file: every count by the fast generator, plain and through the threaded,
//! hashed driver, and by the reference generator up to a size it walks in moments; the deeper
//! lines with `--ignored`.

use olympiad_clobber::reference::RefPosition;
use olympiad_clobber::{PERFT_GAME_OVER, Position};
use olympiad_core::conformance::check_perft_file;

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
        |text, depth| u128::from(RefPosition::from_text(text).unwrap().perft(depth)),
    )
}

#[test]
fn data_file_counts() {
    assert!(check(DEFAULT_MAX_COUNT) >= 24);
}

#[test]
#[ignore = "slow: every count of the data file"]
fn data_file_counts_deep() {
    check(u128::MAX);
}
