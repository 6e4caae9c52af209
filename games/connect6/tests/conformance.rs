//! The fast board against the reference twin on random playouts. A turn is a pair, so a
//! position has up to 64,620 moves: the core suite (which checks every move and looks for
//! duplicates pairwise) runs on boards up to 5x5, and every position of every size is
//! compared with the reference on its count of moves, its end, its text and hash, and on a
//! sample of its moves (the texts read back and the positions after them equal the
//! reference's); the whole move lists are compared on boards up to 6x6.

use olympiad_connect6::reference::{RefEnd, RefPosition};
use olympiad_connect6::{Color, Move, Position};
use olympiad_core::conformance::{Playouts, check_position, moves_and_results};
use olympiad_core::{Game, Hashed, Notation, SplitMix64};

/// Positions compared in the default test run, in all.
const DEFAULT_POSITIONS: usize = 200_000;
/// Positions compared by the long run (`--ignored`), in all.
const LONG_POSITIONS: usize = 2_000_000;
/// Board sides, and the share of the positions each gets (out of the sum).
const SIZES: [(usize, usize); 7] = [(6, 30), (7, 30), (8, 15), (19, 5), (5, 10), (2, 5), (1, 5)];
/// Moves sampled per position.
const SAMPLE: usize = 6;

#[derive(Default, Debug)]
struct Seen {
    positions: usize,
    games: usize,
    black: usize,
    white: usize,
    draws: usize,
}

/// A random legal turn, drawn without listing them all.
fn random_turn(pos: &Position, rng: &mut SplitMix64) -> Move {
    let n = pos.size() * pos.size();
    let empties: Vec<usize> = (0..n).filter(|&p| pos.at(p).is_none()).collect();
    if pos.stones_per_turn() == 1 {
        return Move::single(empties[rng.below(empties.len())]);
    }
    let a = rng.below(empties.len());
    let mut b = rng.below(empties.len() - 1);
    if b >= a {
        b += 1;
    }
    Move::pair(empties[a], empties[b])
}

fn compare(pos: &Position, rng: &mut SplitMix64, seen: &mut Seen) {
    let text = pos.position_text();
    let reference =
        RefPosition::from_text(&text).unwrap_or_else(|e| panic!("reference rejects {text}: {e}"));
    assert_eq!(reference.to_text(), text, "the two writers differ");
    assert_eq!(pos.count_moves(), reference.count(), "count at {text}");
    let end = pos.outcome().map(|o| match o.winner() {
        Some(s) if s.0 == 0 => RefEnd::Black,
        Some(_) => RefEnd::White,
        None => RefEnd::Draw,
    });
    assert_eq!(end, reference.end(), "end at {text}");
    assert_eq!(pos.zobrist(), pos.zobrist_from_scratch(), "hash at {text}");
    let back = Position::parse_position(&text).unwrap();
    assert!(back == *pos && back.zobrist() == pos.zobrist(), "{text}");
    if pos.size() <= 6 {
        assert_eq!(
            moves_and_results(pos),
            reference.legal_moves(),
            "moves at {text}"
        );
    } else if end.is_none() {
        for _ in 0..SAMPLE {
            let mv = random_turn(pos, rng);
            let mtext = pos.format_move(mv);
            assert_eq!(pos.parse_legal_move(&mtext), Ok(mv), "{mtext} at {text}");
            let after = pos.after(mv).position_text();
            let slow = reference
                .legal_moves_after(&mtext)
                .unwrap_or_else(|| panic!("reference has no turn {mtext} at {text}"));
            assert_eq!(after, slow, "after {mtext} at {text}");
        }
    }
    seen.positions += 1;
}

fn run(positions: usize, seed: u64) {
    let total: usize = SIZES.iter().map(|s| s.1).sum();
    for (k, (size, share)) in SIZES.into_iter().enumerate() {
        let budget = positions * share / total;
        let mut rng = SplitMix64::new(seed + k as u64);
        let mut seen = Seen::default();
        if size <= 5 {
            let stats = Playouts::new(budget).seed(seed + k as u64).run(
                &Position::new(size).unwrap(),
                |_, moves, rng| moves[rng.below(moves.len())],
                |p| compare(p, &mut rng, &mut seen),
            );
            assert_eq!(
                stats.finished, stats.games,
                "{size}x{size}: every game ends"
            );
        } else {
            while seen.positions < budget {
                let mut pos = Position::new(size).unwrap();
                loop {
                    compare(&pos, &mut rng, &mut seen);
                    if pos.outcome().is_some() {
                        break;
                    }
                    if size <= 6 && seen.positions % 50 == 0 {
                        check_position(&pos).unwrap_or_else(|e| panic!("{e}"));
                    }
                    let mv = random_turn(&pos, &mut rng);
                    pos.play(mv);
                }
                seen.games += 1;
                match pos.winner() {
                    Some(Color::Black) => seen.black += 1,
                    Some(Color::White) => seen.white += 1,
                    None => seen.draws += 1,
                }
            }
            println!("{size}x{size}: {seen:?}");
            if size < 19 {
                assert!(seen.black > 0 && seen.white > 0, "{size}x{size}: {seen:?}");
            }
        }
    }
}

#[test]
fn fast_and_reference_agree() {
    run(DEFAULT_POSITIONS, 1);
}

#[test]
#[ignore = "long: 2,000,000 positions; run with --profile test-opt -- --ignored"]
fn fast_and_reference_agree_long() {
    run(LONG_POSITIONS, 1_000_000);
}
