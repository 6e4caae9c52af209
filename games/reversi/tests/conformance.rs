//! The fast generator against the reference generator, and the core conformance suite, on
//! random playouts and on random placements of discs (which reach passes and finished games
//! with empty squares far more often than play from the start).
//!
//! At every position: the same moves leading to the same positions, the same outcome; plus
//! the suite's invariants (the table-driven hash against the key-by-key hash, text round
//! trip, move text round trip, count_moves against the list, ...).

use olympiad_core::conformance::{Playouts, check_position, moves_and_results};
use olympiad_core::{Game, Notation, Seat, SplitMix64};
use olympiad_reversi::Position;
use olympiad_reversi::reference::{RefOutcome, RefPosition};

/// Positions checked in the default test run, per source.
const DEFAULT_POSITIONS: usize = 20_000;
/// Positions checked by the long run (`--ignored`), per source.
const LONG_POSITIONS: usize = 2_000_000;

#[derive(Default, Debug)]
struct Seen {
    passes: usize,
    finished: usize,
    finished_early: usize,
    draws: usize,
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
        None => RefOutcome::Draw,
    });
    assert_eq!(expect, reference.outcome(), "outcome differs at {text}");
    if pos.must_pass() {
        seen.passes += 1;
    }
    if let Some(o) = pos.outcome() {
        seen.finished += 1;
        if text.contains('-') {
            seen.finished_early += 1;
        }
        if o.winner().is_none() {
            seen.draws += 1;
        }
    }
}

/// A random position: each square empty, Black or White; either side to move.
fn random_placement(rng: &mut SplitMix64) -> Position {
    let empty_percent = 10 + rng.below(80) as u32;
    let mut text: String = (0..64)
        .map(|_| {
            if rng.chance(empty_percent) {
                '-'
            } else if rng.chance(50) {
                'X'
            } else {
                'O'
            }
        })
        .collect();
    text.push(if rng.chance(50) { 'X' } else { 'O' });
    Position::parse_position(&text).unwrap()
}

fn run(positions: usize, seed: u64) {
    let mut seen = Seen::default();
    let stats = Playouts::new(positions).seed(seed).run(
        &Position::start(),
        |_, moves, rng| moves[rng.below(moves.len())],
        |p| compare(p, &mut seen),
    );
    println!("playouts: {stats:?} {seen:?}");
    assert_eq!(stats.finished, stats.games, "every reversi game ends");
    assert!(
        seen.passes > 0 && seen.finished_early > 0 && seen.draws > 0,
        "{seen:?}"
    );

    let mut rng = SplitMix64::new(seed ^ 0xD15C);
    let mut seen = Seen::default();
    for _ in 0..positions {
        let pos = random_placement(&mut rng);
        if let Err(e) = check_position(&pos) {
            panic!("{e} at {}", pos.position_text());
        }
        compare(&pos, &mut seen);
    }
    println!("placements: {seen:?}");
    assert!(seen.passes > positions / 100, "too few passes: {seen:?}");
    assert!(
        seen.finished_early > positions / 100,
        "too few finished games: {seen:?}"
    );
}

#[test]
fn fast_and_reference_agree() {
    run(DEFAULT_POSITIONS, 1);
}

#[test]
#[ignore = "long: 2,000,000 positions per source; run with --release -- --ignored"]
fn fast_and_reference_agree_long() {
    run(LONG_POSITIONS, 1_000_000);
}
