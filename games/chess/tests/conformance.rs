//! The fast generator against the reference generator, and the core conformance suite, on
//! random playouts from the standard start, from Chess960 starts and from random endgame
//! placements (where stalemates, mates and the draw rules come often).
//!
//! At every position: the same moves on the board leading to the same positions (FEN), the
//! same outcome with the same reason, the reference keeping its own record of the game's
//! positions for threefold repetition; plus the suite's invariants (incremental hash
//! against the hash from scratch, FEN round trip, move text round trip, count_moves
//! against the list, outcome exactly when there is no move, ...).

use olympiad_chess::Position;
use olympiad_chess::reference::{RefOutcome, RefPosition};
use olympiad_core::conformance::Playouts;
use olympiad_core::{Game, Notation, Seat, SplitMix64};
use std::collections::BTreeMap;

/// Positions checked in the default run, per source (four sources: at least 200,000).
const DEFAULT_POSITIONS: usize = 50_000;
/// Positions checked by the long run (`--ignored`), per source.
const LONG_POSITIONS: usize = 500_000;
/// Chess960 start numbers played (518 is the standard array played with 960 castling).
const STARTS_960: [u32; 6] = [0, 105, 518, 636, 959, 412];
/// The longest random game (the fifty-move rule ends most before this).
const MAX_PLIES: usize = 600;
/// Random endgame starts per run.
const ENDGAME_STARTS: usize = 400;

/// What the runs saw, by outcome reason.
type Seen = BTreeMap<&'static str, usize>;

/// Compares one position with the reference, which keeps `record`: the repetition keys of
/// the earlier positions of the game.
fn compare(pos: &Position, start_side: Seat, record: &mut Vec<String>, seen: &mut Seen) {
    let text = pos.fen();
    if pos.board().fullmove_number() == 1 && pos.to_move() == start_side {
        record.clear();
    }
    let reference = RefPosition::from_fen(&text, pos.chess960())
        .unwrap_or_else(|e| panic!("reference rejects {text}: {e}"));
    assert_eq!(reference.to_fen(), text, "the two FEN writers differ");

    let mut fast = Vec::new();
    pos.board().generate_moves(|pm| {
        for mv in pm {
            let mut after = pos.board().clone();
            after.play_unchecked(mv);
            let after = Position::from_board(after, pos.chess960()).fen();
            fast.push((pos.uci_move(mv), after));
        }
        false
    });
    fast.sort();
    let mut slow = reference.legal_moves();
    slow.sort();
    assert_eq!(fast, slow, "moves differ at {text}");

    let expected = reference.outcome(record);
    let got = pos.outcome().map(|o| RefOutcome {
        white_wins: o.winner().map(|s| s == Seat(0)),
        reason: o.reason,
    });
    assert_eq!(got, expected, "outcome differs at {text}");
    let legal = pos.legal_moves();
    assert_eq!(legal.is_empty(), got.is_some(), "{text}");
    if !legal.is_empty() {
        assert_eq!(legal.len(), fast.len(), "{text}");
    }
    assert!(pos.repetition_keys().count() <= usize::from(pos.board().halfmove_clock()));
    *seen.entry(got.map_or("ongoing", |o| o.reason)).or_default() += 1;
    record.push(reference.repetition_key());
}

fn play_from(start: &Position, positions: usize, seed: u64, seen: &mut Seen) {
    let mut record = Vec::new();
    let start_side = start.to_move();
    Playouts::new(positions)
        .seed(seed)
        .max_plies(MAX_PLIES)
        .run(
            start,
            |_, moves, rng| moves[rng.below(moves.len())],
            |p| compare(p, start_side, &mut record, seen),
        );
}

/// A random legal position with the two kings and up to five other pieces, fullmove 1.
fn random_endgame(rng: &mut SplitMix64) -> Position {
    const PIECES: &[u8] = b"QRRBBNNPPPPqrrbbnnpppp";
    loop {
        let mut board = [b'.'; 64];
        let mut place = |piece: u8, rng: &mut SplitMix64| loop {
            let s = rng.below(64);
            let back_rank = !(8..56).contains(&s);
            if board[s] == b'.' && !(back_rank && piece.eq_ignore_ascii_case(&b'p')) {
                board[s] = piece;
                break;
            }
        };
        place(b'K', rng);
        place(b'k', rng);
        for _ in 0..rng.below(6) {
            place(PIECES[rng.below(PIECES.len())], rng);
        }
        let ranks: Vec<String> = (0..8)
            .rev()
            .map(|r| {
                let mut text = String::new();
                let mut empty = 0;
                for &c in &board[r * 8..r * 8 + 8] {
                    if c == b'.' {
                        empty += 1;
                    } else {
                        if empty > 0 {
                            text.push_str(&empty.to_string());
                            empty = 0;
                        }
                        text.push(char::from(c));
                    }
                }
                if empty > 0 {
                    text.push_str(&empty.to_string());
                }
                text
            })
            .collect();
        let side = if rng.chance(50) { 'w' } else { 'b' };
        let fen = format!("{} {side} - - 0 1", ranks.join("/"));
        if let Ok(pos) = Position::parse_position(&fen) {
            return pos;
        }
    }
}

fn standard(positions: usize, seed: u64) -> Seen {
    let mut seen = Seen::new();
    play_from(&Position::start(), positions, seed, &mut seen);
    seen
}

fn chess960(positions: usize, seed: u64) -> Seen {
    let mut seen = Seen::new();
    for (k, n) in STARTS_960.into_iter().enumerate() {
        let start = Position::start960(n);
        play_from(
            &start,
            positions / STARTS_960.len(),
            seed + k as u64,
            &mut seen,
        );
    }
    seen
}

fn endgames(positions: usize, seed: u64) -> Seen {
    let mut seen = Seen::new();
    let mut rng = SplitMix64::new(seed);
    for k in 0..ENDGAME_STARTS {
        let start = random_endgame(&mut rng);
        play_from(
            &start,
            positions / ENDGAME_STARTS,
            seed + k as u64,
            &mut seen,
        );
    }
    seen
}

/// Middlegames: standard games that start after some random plies, from a different seed
/// stream, so that castling, promotions and en passant come in many shapes.
fn middlegames(positions: usize, seed: u64) -> Seen {
    let mut seen = Seen::new();
    let mut rng = SplitMix64::new(seed);
    let mut made = 0;
    while made < positions {
        let mut start = Position::start();
        for _ in 0..10 + rng.below(30) {
            let moves = start.legal_moves();
            if moves.is_empty() {
                break;
            }
            start.play(moves[rng.below(moves.len())]);
        }
        // A new game from here: the clocks as FEN has them, fullmove 1.
        let fields: Vec<String> = start.fen().split(' ').map(String::from).collect();
        let fen = format!(
            "{} {} {} {} 0 1",
            fields[0], fields[1], fields[2], fields[3]
        );
        let Ok(start) = Position::parse_position(&fen) else {
            continue;
        };
        if start.outcome().is_some() {
            continue;
        }
        let chunk = 2_000.min(positions - made);
        play_from(&start, chunk, seed + made as u64, &mut seen);
        made += chunk;
    }
    seen
}

fn assert_reasons(seen: &Seen, reasons: &[&str]) {
    for reason in reasons {
        assert!(
            seen.get(reason).is_some_and(|&n| n > 0),
            "never saw {reason}: {seen:?}"
        );
    }
}

#[test]
fn standard_games_agree_with_the_reference() {
    let seen = standard(DEFAULT_POSITIONS, 1);
    println!("{seen:?}");
    assert_reasons(
        &seen,
        &["checkmate", "fifty-move rule", "insufficient material"],
    );
}

#[test]
fn chess960_games_agree_with_the_reference() {
    let seen = chess960(DEFAULT_POSITIONS, 100);
    println!("{seen:?}");
    assert_reasons(&seen, &["fifty-move rule", "insufficient material"]);
}

#[test]
fn endgames_agree_with_the_reference() {
    let seen = endgames(DEFAULT_POSITIONS, 200);
    println!("{seen:?}");
    assert_reasons(
        &seen,
        &[
            "checkmate",
            "stalemate",
            "fifty-move rule",
            "threefold repetition",
            "insufficient material",
        ],
    );
}

#[test]
fn middlegames_agree_with_the_reference() {
    let seen = middlegames(DEFAULT_POSITIONS, 300);
    println!("{seen:?}");
    assert_reasons(&seen, &["checkmate", "insufficient material"]);
}

#[test]
#[ignore = "long: 2,000,000 positions; run with --profile test-opt -- --ignored"]
fn all_sources_agree_with_the_reference_long() {
    for seen in [
        standard(LONG_POSITIONS, 1_000),
        chess960(LONG_POSITIONS, 2_000),
        endgames(LONG_POSITIONS, 3_000),
        middlegames(LONG_POSITIONS, 4_000),
    ] {
        println!("{seen:?}");
    }
}
