//! Hand-made positions for each rule: the six neighbours of the rhombus (and the two
//! diagonal cells that are not neighbours), which colour joins which edges, the swap (only
//! as the second move, once, where the rules offer it; the colours change hands and the
//! opening seat moves again), the winner's seat after a swap, and a full board won by
//! exactly one colour.

use olympiad_core::{Game, Notation, Seat, SplitMix64};
use olympiad_hex::{Color, Move, Position};

mod common;

use common::at;

#[test]
fn black_joins_top_and_bottom_white_left_and_right() {
    // On 3x3 a column of Black wins; so does the zigzag b1 a2 a3 (b1 touches a2: (c+1, r-1)).
    let pos = at(3, false, "b1 a1 b2 c1 b3");
    assert_eq!(pos.winner(), Some(Color::Black));
    assert_eq!(pos.outcome().unwrap().winner(), Some(Seat(0)));
    let pos = at(3, false, "b1 c1 a2 c2 a3");
    assert_eq!(pos.winner(), Some(Color::Black));
    // a1 and b2 are not neighbours (the other diagonal): no win through them.
    let pos = at(3, false, "a1 c1 b2 c2 c3");
    assert_eq!(pos.winner(), None, "{}", pos.position_text());
    // A row of White joins left and right.
    let pos = at(3, false, "a1 a2 b1 b2 a3 c2");
    assert_eq!(pos.winner(), Some(Color::White));
    assert_eq!(pos.outcome().unwrap().winner(), Some(Seat(1)));
    assert!(pos.legal_moves().is_empty());
    // The one-cell board: Black's first stone touches both its edges.
    let pos = at(1, true, "a1");
    assert_eq!(pos.winner(), Some(Color::Black));
}

#[test]
fn the_swap_is_the_second_move_only_and_changes_who_holds_which_colour() {
    let start = Position::start11();
    assert!(
        start.parse_legal_move("swap").is_err(),
        "no swap before a stone"
    );
    let after_one = at(11, true, "f6");
    assert!(after_one.legal_move_texts().contains(&"swap".to_string()));
    assert_eq!(after_one.legal_moves().len(), 121);
    let swapped = at(11, true, "f6 swap");
    // The stone stays Black; the opening seat holds White now and moves.
    assert_eq!(swapped.position_text().matches('x').count(), 1);
    assert_eq!(swapped.side_to_move(), Color::White);
    assert_eq!(swapped.to_move(), Seat(0));
    assert_eq!(swapped.seat_of(Color::Black), Seat(1));
    assert_eq!(swapped.legal_moves().len(), 120);
    assert!(swapped.parse_legal_move("swap").is_err(), "one swap only");
    // Without a swap the responding seat plays White, and no swap later.
    let later = at(11, true, "f6 a1");
    assert_eq!(later.to_move(), Seat(0));
    assert!(later.parse_legal_move("swap").is_err());
    // Where the rules do not offer it, it is never legal.
    assert!(at(11, false, "f6").parse_legal_move("swap").is_err());
}

#[test]
fn after_a_swap_the_opening_seat_wins_with_white() {
    // 2x2: Black a1, swap, then the opening seat (White now) joins left and right.
    let pos = at(2, true, "a1 swap a2 b1 b2");
    assert_eq!(pos.winner(), Some(Color::White), "{}", pos.position_text());
    assert_eq!(pos.outcome().unwrap().winner(), Some(Seat(0)));
    // Or the responding seat, Black now, wins with the opening stone.
    let pos = at(3, true, "b1 swap a1 b2 c1 b3");
    assert_eq!(pos.winner(), Some(Color::Black));
    assert_eq!(pos.outcome().unwrap().winner(), Some(Seat(1)));
}

#[test]
fn a_full_board_is_won_by_exactly_one_colour() {
    // Fill boards at random without looking at wins: exactly one colour joins its edges.
    let mut rng = SplitMix64::new(9);
    for _ in 0..2000 {
        let size = 1 + rng.below(11);
        let cells = size * size;
        let mut board: Vec<char> = (0..cells)
            .map(|i| if i % 2 == 0 { 'x' } else { 'o' })
            .collect();
        for i in (1..cells).rev() {
            board.swap(i, rng.below(i + 1));
        }
        let rows: Vec<String> = board.chunks(size).map(|r| r.iter().collect()).collect();
        let side = if cells.is_multiple_of(2) { 'x' } else { 'o' };
        let text = format!("{} {side} - noswap", rows.join("/"));
        let pos = Position::parse_position(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert!(pos.winner().is_some(), "{text}");
        assert!(pos.legal_moves().is_empty());
    }
}

#[test]
fn texts_say_what_is_wrong() {
    let err = |t: &str| Position::parse_position(t).unwrap_err().to_string();
    assert!(err("... x - swap").contains("row 1 has 3 cells; a board of 1 rows"));
    assert_eq!(
        err("xx/.. x - swap"),
        "2 Black and 0 White stones: Black has as many as White or one more"
    );
    assert_eq!(
        err("x./.. x - swap"),
        "with 1 Black and 0 White stones, White is to move"
    );
    assert_eq!(
        err("x./.. o swapped noswap"),
        "the swap was played but the rule does not offer it"
    );
    assert!(err("x?/.. o - swap").contains("row 1, column 2: '?' is not a cell"));
    assert!(err(".. x -").contains("four fields"));
    let pos = Position::start11();
    let bad = |t: &str| pos.parse_move(t).unwrap_err().to_string();
    assert_eq!(
        bad("l1"),
        "'l1' is not a move on the 11x11 board: off the board"
    );
    assert_eq!(
        bad("a12"),
        "'a12' is not a move on the 11x11 board: off the board"
    );
    assert_eq!(
        bad("a0"),
        "'a0' is not a move on the 11x11 board: rows count from 1"
    );
    assert!(bad("f").contains("a column letter and a row number"));
    assert_eq!(pos.parse_move("K11"), Ok(Move(120)));
    assert_eq!(pos.format_move(Move(120)), "k11");
}
