//! The perft data file: every count by the fast generator through the `Game` trait (bulk
//! counting at the last ply), the cheap ones also through the threaded, hashed driver and
//! by the reference generator; the deeper lines with `--ignored`. Also `divide` against the
//! reference move by move, and bulk counting against plain enumeration.

use olympiad_chess::Position;
use olympiad_chess::reference::RefPosition;
use olympiad_core::conformance::perft_cases;
use olympiad_core::perft::{GameOverLeaves, Perft, divide, perft, perft_enumerated};
use olympiad_core::{Game, Notation};

/// The largest count the default test run checks (start perft(6), Kiwipete perft(5),
/// position 3 perft(7)).
const DEFAULT_MAX_COUNT: u128 = 200_000_000;
/// The largest count the threaded, hashed driver checks in the default run.
const HASHED_MAX_COUNT: u128 = 20_000_000;
/// The largest count the reference walks in the default run.
const REFERENCE_MAX_COUNT: u128 = 100_000;

fn cases(max_count: u128) -> Vec<(Position, u32, u128)> {
    perft_cases(include_str!("counts.perft"), max_count)
}

fn check(max_count: u128, hashed_max: u128) -> usize {
    let mut checked = 0;
    for (pos, depth, count) in cases(max_count) {
        let text = pos.position_text();
        assert_eq!(perft(&pos, depth), count, "{text} {depth}");
        if count <= hashed_max {
            let hashed = Perft {
                threads: 2,
                hash_mib: 16,
                game_over: GameOverLeaves::Zero,
            };
            assert_eq!(hashed.run(&pos, depth), count, "hashed {text} {depth}");
        }
        if count <= REFERENCE_MAX_COUNT {
            let reference = RefPosition::from_fen(&text, pos.chess960()).unwrap();
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
    // Depth 4 of all 13 positions at least, the start to depth 6.
    assert!(check(DEFAULT_MAX_COUNT, HASHED_MAX_COUNT) >= 13 * 4);
}

#[test]
fn divide_below_each_root_move_matches_the_reference() {
    for (pos, depth, _) in cases(REFERENCE_MAX_COUNT * 10) {
        if depth != 3 {
            continue;
        }
        let reference = RefPosition::from_fen(&pos.fen(), pos.chess960()).unwrap();
        let mut fast: Vec<(String, u64)> = divide(&pos, depth)
            .into_iter()
            .map(|(mv, n)| (pos.uci_move(mv), n as u64))
            .collect();
        let mut slow: Vec<(String, u64)> = reference
            .legal_moves()
            .into_iter()
            .map(|(mv, after)| {
                let after = RefPosition::from_fen(&after, pos.chess960()).unwrap();
                (mv, after.perft(depth - 1))
            })
            .collect();
        fast.sort();
        slow.sort();
        assert_eq!(fast, slow, "{}", pos.fen());
    }
}

#[test]
fn bulk_counting_equals_enumeration() {
    for (pos, depth, count) in cases(1_000_000) {
        if depth == 3 {
            assert_eq!(perft_enumerated(&pos, depth, GameOverLeaves::Zero), count);
            assert_eq!(pos.count_moves(), pos.legal_moves().len());
        }
    }
}

#[test]
#[ignore = "slow: every count of the data file (start perft(7), Kiwipete perft(6), ...)"]
fn data_file_counts_deep() {
    check(u128::MAX, 0);
}
