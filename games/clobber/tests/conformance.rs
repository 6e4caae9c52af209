//! The fast generator against the reference generator, and the core conformance suite, on
//! random playouts from the start of several board sizes and on random placements of
//! stones (which reach finished games with many stones left far more often).
//!
//! At every position: the same moves leading to the same positions, the same outcome; plus
//! the suite's invariants (incremental hash against the hash from scratch, text round trip,
//! move text round trip, count_moves against the list, ...).

use olympiad_clobber::Position;
use olympiad_clobber::reference::{RefOutcome, RefPosition};
use olympiad_core::conformance::{Playouts, check_position, moves_and_results};
use olympiad_core::{Game, Notation, Seat, SplitMix64};

/// Positions checked in the default test run, per source.
const DEFAULT_POSITIONS: usize = 20_000;
/// Positions checked by the long run (`--ignored`), per source.
const LONG_POSITIONS: usize = 2_000_000;
/// Board sizes played from the start: the Olympiad's, OpenSpiel's default, odd and thin.
const SIZES: [(usize, usize); 5] = [(10, 10), (5, 6), (7, 3), (1, 11), (11, 11)];

#[derive(Default, Debug)]
struct Seen {
    finished: usize,
    black_wins: usize,
}

fn compare(pos: &Position, seen: &mut Seen) {
    let text = pos.position_text();
    let reference =
        RefPosition::from_text(&text).unwrap_or_else(|e| panic!("reference rejects {text}: {e}"));
    assert_eq!(reference.to_text(), text, "the two writers differ");
    let mut slow = reference.legal_moves();
    slow.sort();
    assert_eq!(moves_and_results(pos), slow, "moves differ at {text}");
    let expect = pos.outcome().map(|o| match o.winner() {
        Some(Seat(0)) => RefOutcome::BlackWins,
        Some(_) => RefOutcome::WhiteWins,
        None => panic!("Clobber has no draws: {text}"),
    });
    assert_eq!(expect, reference.outcome(), "outcome differs at {text}");
    if let Some(o) = pos.outcome() {
        seen.finished += 1;
        if o.winner() == Some(Seat(0)) {
            seen.black_wins += 1;
        }
    }
}

/// A random board of 1..=11 by 1..=11, each square empty or a stone, either side to move.
fn random_placement(rng: &mut SplitMix64) -> Position {
    let rows = 1 + rng.below(11);
    let columns = 1 + rng.below(11);
    let empty_percent = 10 + rng.below(85) as u32;
    let board: Vec<String> = (0..rows)
        .map(|_| {
            (0..columns)
                .map(|_| {
                    if rng.chance(empty_percent) {
                        '.'
                    } else if rng.chance(50) {
                        'x'
                    } else {
                        'o'
                    }
                })
                .collect()
        })
        .collect();
    let side = if rng.chance(50) { 'x' } else { 'o' };
    Position::parse_position(&format!("{} {side}", board.join("/"))).unwrap()
}

fn run(positions: usize, seed: u64) {
    for (k, (rows, columns)) in SIZES.into_iter().enumerate() {
        let mut seen = Seen::default();
        let stats = Playouts::new(positions / SIZES.len())
            .seed(seed + k as u64)
            .run(
                &Position::start(rows, columns).unwrap(),
                |_, moves, rng| moves[rng.below(moves.len())],
                |p| compare(p, &mut seen),
            );
        println!("{rows}x{columns} playouts: {stats:?} {seen:?}");
        assert_eq!(stats.finished, stats.games, "every Clobber game ends");
        assert!(
            seen.black_wins > 0 && seen.black_wins < seen.finished,
            "{seen:?}"
        );
    }

    let mut rng = SplitMix64::new(seed ^ 0xC10B);
    let mut seen = Seen::default();
    for _ in 0..positions {
        let pos = random_placement(&mut rng);
        if let Err(e) = check_position(&pos) {
            panic!("{e} at {}", pos.position_text());
        }
        compare(&pos, &mut seen);
    }
    println!("placements: {seen:?}");
    assert!(
        seen.finished > positions / 20,
        "too few finished games: {seen:?}"
    );
}

#[test]
fn fast_and_reference_agree() {
    run(DEFAULT_POSITIONS, 1);
}

#[test]
#[ignore = "long: 2,000,000 positions per source; run with --profile test-opt -- --ignored"]
fn fast_and_reference_agree_long() {
    run(LONG_POSITIONS, 1_000_000);
}
