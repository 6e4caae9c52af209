//! The perft data file: every count by the fast generator, plain and through the threaded,
//! hashed driver, and by the reference twin up to a size it walks in moments; the deeper
//! lines with `--ignored` (the reference then walks further too).

use olympiad_core::conformance::check_perft_file;
use olympiad_core::perft::GameOverLeaves;
use olympiad_draughts::Position;
use olympiad_draughts::reference::RefPosition;

/// The largest count the default test run checks (about ten million nodes a position).
const DEFAULT_MAX_COUNT: u128 = 10_000_000;
/// The largest count the reference walks in the default run.
const REFERENCE_MAX_COUNT: u128 = 200_000;
/// The largest count the reference walks in the long run.
const REFERENCE_DEEP_MAX_COUNT: u128 = 50_000_000;

fn check(max_count: u128, reference_max: u128) -> usize {
    check_perft_file::<Position>(
        include_str!("counts.perft"),
        max_count,
        GameOverLeaves::Zero,
        reference_max,
        |text, depth| u128::from(RefPosition::from_text(text).unwrap().perft(depth)),
    )
}

#[test]
fn data_file_counts() {
    // Start d1-d8, Woldouby d1-d13, Random178 d1-d7.
    assert_eq!(check(DEFAULT_MAX_COUNT, REFERENCE_MAX_COUNT), 28);
}

/// The draw rules change no published count at the depths checked by default: the
/// repetition history and the counters are kept along every line, but no line reaches a draw.
#[test]
fn draw_rules_leave_the_shallow_counts() {
    use olympiad_core::Notation;
    use olympiad_core::perft::perft;
    let cases = olympiad_core::conformance::perft_cases::<Position>(
        include_str!("counts.perft"),
        2_000_000,
    );
    // Start d1-d7, Woldouby d1-d12, Random178 d1-d6.
    assert_eq!(cases.len(), 25);
    for (pos, depth, count) in cases {
        let with_draws = pos.with_draw_rules(true);
        assert!(with_draws.draw_rules() && !pos.draw_rules());
        let text = with_draws.position_text();
        assert_eq!(perft(&with_draws, depth), count, "{text} depth {depth}");
    }
}

#[test]
#[ignore = "slow: every count of the data file (start d11 is 1.7 billion, Random178 d9 1.2 billion)"]
fn data_file_counts_deep() {
    assert_eq!(check(u128::MAX, REFERENCE_DEEP_MAX_COUNT), 35);
}
