//! The fast board against the reference twin, and the core conformance suite, on random
//! playouts from the start of several board sides (with and without the swap) and on
//! random placements of stones (which reach won boards of every shape).
//!
//! At every position: the same moves leading to the same positions, the same winner; plus
//! the suite's invariants (incremental hash against the hash from scratch, text round
//! trip, move text round trip, count_moves against the list, ...).

use olympiad_core::conformance::{Playouts, check_position, moves_and_results};
use olympiad_core::{Game, Notation, Seat, SplitMix64};
use olympiad_hex::reference::{RefPosition, RefWinner};
use olympiad_hex::{Color, Move, Position};

/// Positions checked in the default test run, in all.
const DEFAULT_POSITIONS: usize = 200_000;
/// Positions checked by the long run (`--ignored`), in all.
const LONG_POSITIONS: usize = 2_000_000;
/// Board sides played from the start, and whether the swap is offered: the Olympiad's,
/// smaller ones (more finished games per position), a one-cell board, and 19x19.
const STARTS: [(usize, bool); 7] = [
    (11, true),
    (7, true),
    (5, false),
    (3, true),
    (2, true),
    (1, true),
    (19, false),
];

#[derive(Default, Debug)]
struct Seen {
    finished: usize,
    first_seat_wins: usize,
    swapped: usize,
}

fn compare(pos: &Position, seen: &mut Seen) {
    let text = pos.position_text();
    let reference =
        RefPosition::from_text(&text).unwrap_or_else(|e| panic!("reference rejects {text}: {e}"));
    assert_eq!(reference.to_text(), text, "the two writers differ");
    assert_eq!(
        moves_and_results(pos),
        reference.legal_moves(),
        "moves differ at {text}"
    );
    let fast = pos.winner().map(|c| match c {
        Color::Black => RefWinner::Black,
        Color::White => RefWinner::White,
    });
    assert_eq!(fast, reference.winner(), "winner differs at {text}");
    seen.swapped += usize::from(pos.swapped());
    if let Some(o) = pos.outcome() {
        seen.finished += 1;
        // The winner's seat holds the winning colour.
        let winner = o.winner().expect("Hex has no draws");
        assert_eq!(Some(winner), pos.winner().map(|c| pos.seat_of(c)));
        seen.first_seat_wins += usize::from(winner == Seat(0));
    }
}

/// A random board: a side of 1..=11, some stones (Black as many as White or one more), the
/// colour to move that follows, the swap played or not where it can have been.
fn random_placement(rng: &mut SplitMix64) -> Position {
    let size = 1 + rng.below(11);
    let cells = size * size;
    let stones = rng.below(cells + 1);
    let white = stones / 2;
    let black = stones - white;
    let mut board = vec!['.'; cells];
    let mut order: Vec<usize> = (0..cells).collect();
    for i in 0..stones {
        let j = i + rng.below(cells - i);
        order.swap(i, j);
        board[order[i]] = if i < black { 'x' } else { 'o' };
    }
    let rows: Vec<String> = board.chunks(size).map(|r| r.iter().collect()).collect();
    let side = if black == white { 'x' } else { 'o' };
    let swapped = stones > 0 && rng.chance(20);
    let text = format!(
        "{} {side} {} swap",
        rows.join("/"),
        if swapped { "swapped" } else { "-" }
    );
    Position::parse_position(&text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn run(positions: usize, seed: u64) {
    for (k, (size, swap)) in STARTS.into_iter().enumerate() {
        let mut seen = Seen::default();
        let stats = Playouts::new(positions / 2 / STARTS.len())
            .seed(seed + k as u64)
            .run(
                &Position::new(size, swap).unwrap(),
                // The swap a third of the times it is open, so that swapped games are many.
                |pos: &Position, moves: &[Move], rng: &mut SplitMix64| {
                    if pos.swap_available() && rng.chance(33) {
                        Move::SWAP
                    } else {
                        moves[rng.below(moves.len())]
                    }
                },
                |p| compare(p, &mut seen),
            );
        println!("{size}x{size} swap={swap} playouts: {stats:?} {seen:?}");
        assert_eq!(stats.finished, stats.games, "every Hex game ends");
        if size > 1 {
            assert!(
                seen.first_seat_wins > 0 && seen.first_seat_wins < seen.finished,
                "{seen:?}"
            );
        }
        if swap && size > 1 {
            assert!(seen.swapped > 0, "no swap played: {seen:?}");
        }
    }

    let mut rng = SplitMix64::new(seed ^ 0x4E58);
    let mut seen = Seen::default();
    for _ in 0..positions / 2 {
        let pos = random_placement(&mut rng);
        if let Err(e) = check_position(&pos) {
            panic!("{e} at {}", pos.position_text());
        }
        compare(&pos, &mut seen);
        // Never both colours joined: the Hex theorem, on boards no game chose.
        let text = pos.position_text();
        let joined = RefPosition::from_text(&text).unwrap().joined();
        assert!(!(joined[0] && joined[1]), "both join at {text}");
    }
    println!("placements: {seen:?}");
    assert!(
        seen.finished > positions / 20,
        "too few won boards: {seen:?}"
    );
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
