//! The perft data file: every count by the fast rules' plain walk; by the threaded, hashed
//! driver where it applies (it merges transpositions, which superko may tell apart by their
//! earlier boards: the lines of depth 4 and less, where no board can recur); and by the
//! reference twin up to a size it walks in moments (the deeper lines with `--ignored`).

use olympiad_core::Notation;
use olympiad_core::conformance::perft_cases;
use olympiad_core::perft::{GameOverLeaves, Perft, perft_with};
use olympiad_go::Position;
use olympiad_go::reference::RefPosition;

/// The largest count the default test run checks.
const DEFAULT_MAX_COUNT: u128 = 100_000_000;
/// The largest count the reference walks in the default run.
const REFERENCE_MAX_COUNT: u128 = 300_000;
/// The largest count the reference walks with `--ignored`.
const REFERENCE_DEEP_MAX_COUNT: u128 = 20_000_000;
/// The deepest line the hashed driver is held to (see the module doc).
const HASHED_MAX_DEPTH: u32 = 4;

fn check(max_count: u128, reference_max: u128) -> usize {
    let mut checked = 0;
    for (pos, depth, count) in perft_cases::<Position>(include_str!("counts.perft"), max_count) {
        let text = pos.position_text();
        assert_eq!(
            perft_with(&pos, depth, GameOverLeaves::Zero),
            count,
            "{text} {depth}"
        );
        if depth <= HASHED_MAX_DEPTH {
            let hashed = Perft {
                threads: 2,
                hash_mib: 16,
                game_over: GameOverLeaves::Zero,
            };
            assert_eq!(hashed.run(&pos, depth), count, "hashed {text} {depth}");
        }
        if count <= reference_max {
            let reference = RefPosition::from_text(&text).unwrap();
            assert_eq!(
                u128::from(reference.perft(depth)),
                count,
                "reference {text} {depth}"
            );
        }
        checked += 1;
    }
    checked
}

#[test]
fn data_file_counts() {
    assert!(check(DEFAULT_MAX_COUNT, REFERENCE_MAX_COUNT) >= 60);
}

#[test]
#[ignore = "slow: every count of the data file, the reference up to 20,000,000"]
fn data_file_counts_deep() {
    check(u128::MAX, REFERENCE_DEEP_MAX_COUNT);
}
