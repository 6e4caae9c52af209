//! The fast generator against the reference generator, and the core conformance suite, on
//! random playouts that favour queen moves (so tiles sink and the connection rule bites).
//!
//! At every position: the same legal move set, the same check flag, the same outcome; plus
//! the suite's invariants (hash from scratch, text round trip, move text round trip, ...).

use olympiad_caissa::Position;
use olympiad_caissa::playout::biased_move;
use olympiad_caissa::reference::{RefOutcome, RefPosition};
use olympiad_core::conformance::{Playouts, Stats};
use olympiad_core::{Game, Notation, Seat};

#[derive(Default, Debug)]
struct Seen {
    many_holes: usize,
    connection_forbids: usize,
    in_check: usize,
    checkmates: usize,
    stalemates: usize,
    exchanges_pending: usize,
}

fn compare(pos: &Position, seen: &mut Seen) {
    let text = pos.position_text();
    let reference =
        RefPosition::from_text(&text).unwrap_or_else(|e| panic!("reference rejects {text}: {e}"));
    let mut fast = pos.legal_move_texts();
    fast.sort();
    let slow = reference.legal_moves();
    assert_eq!(fast, slow, "legal moves differ at {text}");
    assert_eq!(
        pos.in_check(),
        reference.in_check(),
        "check differs at {text}"
    );
    let expect = pos.outcome().map(|o| match o.winner() {
        Some(Seat(0)) => RefOutcome::WhiteWins,
        Some(_) => RefOutcome::BlackWins,
        None => RefOutcome::Draw,
    });
    assert_eq!(expect, reference.outcome(), "outcome differs at {text}");

    if 49 - pos.tiles().count_ones() >= 20 {
        seen.many_holes += 1;
    }
    if pos.moves_without_connection_rule().len() > fast.len() {
        seen.connection_forbids += 1;
    }
    if pos.in_check() {
        seen.in_check += 1;
    }
    if pos.last_exchange().is_some() {
        seen.exchanges_pending += 1;
    }
    if let Some(o) = pos.outcome() {
        match o.reason {
            "checkmate" => seen.checkmates += 1,
            "stalemate" => seen.stalemates += 1,
            _ => {}
        }
    }
}

fn run(positions: usize, seed: u64) -> (Stats, Seen) {
    let mut seen = Seen::default();
    let stats = Playouts::new(positions).seed(seed).max_plies(400).run(
        &Position::start(),
        biased_move,
        |p| compare(p, &mut seen),
    );
    (stats, seen)
}

fn assert_coverage(stats: &Stats, seen: &Seen) {
    let n = stats.positions;
    println!("{stats:?} {seen:?}");
    assert!(
        seen.many_holes > n / 10,
        "too few endgames with many holes: {seen:?}"
    );
    assert!(
        seen.connection_forbids > n / 100,
        "connection rule rarely tested: {seen:?}"
    );
    assert!(seen.in_check > n / 100, "{seen:?}");
    assert!(
        seen.checkmates > 0 && seen.exchanges_pending > 0,
        "{seen:?}"
    );
}

#[test]
fn fast_and_reference_agree_on_20000_positions() {
    let (stats, seen) = run(20_000, 1);
    assert_coverage(&stats, &seen);
}

#[test]
#[ignore = "long: 2,000,000 positions; run with --ignored"]
fn fast_and_reference_agree_on_2000000_positions() {
    let (stats, seen) = run(2_000_000, 1_000_003);
    assert_coverage(&stats, &seen);
}

fn reference_perft(pos: &RefPosition, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    pos.legal_moves()
        .iter()
        .map(|mv| {
            let mut next = pos.clone();
            next.play(mv).unwrap();
            reference_perft(&next, depth - 1)
        })
        .sum()
}

/// Perft(2) from sampled playout positions: every child of every move, not only the line
/// played, so the two implementations of making a move are compared too.
#[test]
fn perft_agrees_below_sampled_positions() {
    assert_eq!(reference_perft(&RefPosition::start(), 3), 16_251);
    let mut sampled = 0;
    Playouts::new(4_000)
        .seed(77)
        .run(&Position::start(), biased_move, |p| {
            if p.ply() % 13 == 3 {
                let text = p.position_text();
                let slow = reference_perft(&RefPosition::from_text(&text).unwrap(), 2);
                assert_eq!(
                    olympiad_core::perft::perft(p, 2),
                    u128::from(slow),
                    "at {text}"
                );
                sampled += 1;
            }
        });
    assert!(sampled > 150, "{sampled}");
}

#[test]
#[ignore = "slow (about 30 s): the reference generator's own perft(4) from the start"]
fn reference_perft_4_from_the_start() {
    assert_eq!(reference_perft(&RefPosition::start(), 4), 405_737);
}
