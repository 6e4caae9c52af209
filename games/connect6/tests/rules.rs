//! Hand-made positions for each rule: one stone first and pairs after, a pair read in either
//! order and written lower point first, six won by either stone of a pair (the other stone
//! is put down too), overlines, diagonals, five that do not win, a full board drawn, the
//! single last stone of an even board, and texts that say what is wrong.

use olympiad_connect6::{Color, Position};
use olympiad_core::{Game, Notation, Seat};

fn at(size: usize, moves: &str) -> Position {
    let mut pos = Position::new(size).unwrap();
    pos.play_line(moves)
        .unwrap_or_else(|e| panic!("{moves}: {e}"));
    pos
}

#[test]
fn one_stone_first_then_pairs_in_either_order() {
    let start = Position::start19();
    assert!(
        start.parse_legal_move("J10K10").is_err(),
        "Black opens with one stone"
    );
    let pos = at(19, "J10");
    assert!(pos.parse_legal_move("K10").is_err(), "then pairs");
    let mv = pos.parse_legal_move("L11k10").unwrap();
    assert_eq!(pos.format_move(mv), "K10L11");
    assert_eq!(pos.parse_legal_move("K10L11"), Ok(mv));
    assert!(pos.parse_legal_move("K10K10").is_err());
    assert!(pos.parse_legal_move("J10K10").is_err(), "J10 is taken");
    assert_eq!(pos.legal_moves().len(), 360 * 359 / 2);
}

#[test]
fn six_by_either_stone_of_a_pair_wins_and_both_stones_stay() {
    // Black has J10-N10 (five); White to move plays elsewhere; Black's pair O10 + A19 wins
    // with its first stone (by column order O10 comes after A19 in the text: A19O10).
    let five = "J10 A1A2 K10L10 A5A6 M10N10 B1B2";
    let pos = at(19, &format!("{five} O10A19"));
    assert_eq!(pos.winner(), Some(Color::Black));
    assert_eq!(pos.outcome().unwrap().winner(), Some(Seat(0)));
    assert_eq!(
        pos.at(18 * 19),
        Some(Color::Black),
        "A19 is on the board too"
    );
    assert!(pos.legal_moves().is_empty());
    // Five do not win.
    let pos = at(19, five);
    assert_eq!(pos.winner(), None);
    // Seven in a row (an overline) win.
    let pos = at(19, "J10 A1A2 K10L10 A5A6 N10O10 B1B2 M10P10");
    assert_eq!(pos.winner(), Some(Color::Black));
    // A diagonal of six for White.
    let pos = at(19, "T19 A1B2 S19R19 C3D4 T1T2 E5F6");
    assert_eq!(pos.winner(), Some(Color::White));
    assert_eq!(pos.outcome().unwrap().winner(), Some(Seat(1)));
    // The other diagonal.
    let pos = at(19, "T19 A6B5 S19R19 C4D3 T1T2 E2F1");
    assert_eq!(pos.winner(), Some(Color::White));
}

#[test]
fn a_full_board_without_six_is_a_draw_and_an_even_board_ends_with_one_stone() {
    // 2x2: Black one stone, White two, Black the last point alone.
    let pos = at(2, "A1 A2B1");
    assert_eq!(pos.stones_per_turn(), 1);
    assert!(pos.parse_legal_move("B2").is_ok());
    let pos = at(2, "A1 A2B1 B2");
    let outcome = pos.outcome().unwrap();
    assert_eq!(outcome.winner(), None);
    assert!(pos.legal_moves().is_empty());
    // 3x3: 1 + 2 + 2 + 2 + 2 fills it.
    let pos = at(3, "B2 A1A2 A3B1 B3C1 C2C3");
    assert_eq!(pos.empty(), 0);
    assert_eq!(pos.outcome().unwrap().winner(), None);
}

#[test]
fn texts_say_what_is_wrong() {
    let err = |t: &str| Position::parse_position(t).unwrap_err().to_string();
    assert_eq!(
        err("xx/.. o"),
        "2 Black and 0 White stones: no game of one Black stone and then pairs reaches that"
    );
    assert_eq!(
        err("x./.. x"),
        "with 1 Black and 0 White stones, White is to move"
    );
    assert!(err("x?/.. o").contains("column 2: '?' is not a point"));
    assert_eq!(
        err("xxxxxx/oooooo/x...../....../....../...... o"),
        "both colours have six in a row: no game reaches that"
    );
    let pos = Position::start19();
    let bad = |t: &str| pos.parse_move(t).unwrap_err().to_string();
    assert_eq!(
        bad("I10"),
        "'I10' is not a turn on the 19x19 board: GTP has no column I (J follows H)"
    );
    assert_eq!(
        bad("U1"),
        "'U1' is not a turn on the 19x19 board: a point is a column letter and a row number, as J10"
    );
    assert_eq!(
        bad("A20"),
        "'A20' is not a turn on the 19x19 board: A20 is off the board"
    );
    assert!(bad("A1B2C3").contains("one point or two"));
}
