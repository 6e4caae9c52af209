//! The perft data file: every count by the fast generator, plain and through the threaded,
//! hashed driver, and by the reference twin up to a size it walks in moments; the deeper
//! lines with `--ignored`.

use olympiad_connect6::Position;
use olympiad_connect6::reference::RefPosition;
use olympiad_core::Notation;
use olympiad_core::conformance::perft_cases;
use olympiad_core::perft::{GameOverLeaves, Perft, perft_with};

/// The largest count the default test run checks.
const DEFAULT_MAX_COUNT: u128 = 100_000_000;
/// The largest count the reference walks in the default run.
const REFERENCE_MAX_COUNT: u128 = 200_000;

fn check(max_count: u128) -> usize {
    let mut checked = 0;
    for (pos, depth, count) in perft_cases::<Position>(include_str!("counts.perft"), max_count) {
        let text = pos.position_text();
        assert_eq!(
            perft_with(&pos, depth, GameOverLeaves::Zero),
            count,
            "{text} {depth}"
        );
        let hashed = Perft {
            threads: 2,
            hash_mib: 16,
            game_over: GameOverLeaves::Zero,
        };
        assert_eq!(hashed.run(&pos, depth), count, "hashed {text} {depth}");
        if count <= REFERENCE_MAX_COUNT {
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
    assert!(check(DEFAULT_MAX_COUNT) >= 20);
}

#[test]
#[ignore = "slow: every count of the data file"]
fn data_file_counts_deep() {
    check(u128::MAX);
}
