//! Clobber's rules on hand-made positions: the start, a capture, the player who cannot move
//! loses (with stones left, and on an empty board), and the notation's errors.

use olympiad_clobber::{ParseError, Position, SizeError};
use olympiad_core::{Game, Notation, Seat};

fn pos(text: &str) -> Position {
    Position::parse_position(text).unwrap()
}

#[test]
fn the_start_alternates_colours_with_black_on_a1() {
    let start = Position::start(2, 3).unwrap();
    assert_eq!(start.position_text(), "xox/oxo x");
    assert_eq!(start.to_move(), Seat(0));
    // Black's stones a1, c1, b2; each clobbers each white neighbour.
    let mut moves = start.legal_move_texts();
    moves.sort();
    assert_eq!(
        moves,
        ["a1a2", "a1b1", "b2a2", "b2b1", "b2c2", "c1b1", "c1c2"]
    );
    assert_eq!(
        Position::start(12, 10),
        Err(SizeError {
            rows: 12,
            columns: 10
        })
    );
    assert!(Position::start(0, 5).is_err());
}

#[test]
fn a_move_clobbers_the_enemy_stone_and_empties_its_square() {
    let mut p = pos("xo./... x");
    let mv = p.parse_legal_move("a1b1").unwrap();
    p.play(mv);
    assert_eq!(p.position_text(), ".x./... o");
    // White has nothing left: it cannot move and loses.
    let outcome = p.outcome().unwrap();
    assert_eq!(outcome.winner(), Some(Seat(0)));
    assert_eq!(outcome.reason, "no move");
}

#[test]
fn the_player_who_cannot_move_loses_even_with_stones_left() {
    // White to move; its stones touch no black stone orthogonally (only diagonally).
    let p = pos("xo./o.x/.x. o");
    assert!(p.legal_moves().is_empty() == p.outcome().is_some());
    let p = pos("x.o/.x./o.. o");
    assert!(p.legal_moves().is_empty());
    assert_eq!(p.outcome().unwrap().winner(), Some(Seat(0)));
    // Black to move on the same board loses too.
    let p = pos("x.o/.x./o.. x");
    assert_eq!(p.outcome().unwrap().winner(), Some(Seat(1)));
    // An empty board: the side to move loses.
    assert_eq!(pos("../.. x").outcome().unwrap().winner(), Some(Seat(1)));
}

#[test]
fn a_stone_may_not_move_onto_its_own_colour_an_empty_square_or_diagonally() {
    let p = pos("xx./.o./... x");
    let illegal = |text: &str| {
        p.parse_legal_move(text).map_err(|e| e.to_string()) == Err(format!("illegal move '{text}'"))
    };
    assert!(illegal("a1b1"), "onto an own stone");
    assert!(illegal("b1c1"), "onto an empty square");
    assert!(p.parse_legal_move("b1b2").is_ok());
    assert_eq!(
        p.parse_move("a1b2"),
        Err(ParseError::NotAdjacent("a1b2".into()))
    );
}

#[test]
fn notation_errors_name_what_is_wrong() {
    let p = Position::start(10, 10).unwrap();
    assert_eq!(
        p.parse_move("j10j9").map(|m| p.format_move(m)),
        Ok("j10j9".into())
    );
    let err = |text: &str| p.parse_move(text).unwrap_err().to_string();
    assert_eq!(err("k1j1"), "'k1' is not on the 10x10 board");
    assert_eq!(err("a11a10"), "'a11' is not on the 10x10 board");
    assert_eq!(
        err("a1"),
        "'a1' is not a move: two squares, from and to, as `a1b1`"
    );
    assert_eq!(
        err("a01a2"),
        "'a01a2' is not a move: two squares, from and to, as `a1b1`"
    );
    assert_eq!(
        err("a1c1"),
        "'a1c1': a stone moves to an orthogonal neighbour"
    );
    let bad = |text: &str| Position::parse_position(text).unwrap_err().to_string();
    assert_eq!(
        bad("xo/ox"),
        "a position is its rows, a blank and the side to move (`x` or `o`): 'xo/ox'"
    );
    assert_eq!(bad("xo/o x"), "row 2 has 1 squares, row 1 has 2");
    assert_eq!(
        bad("xq x"),
        "row 1, column 2: 'q' is not a square (x, o or .)"
    );
    assert_eq!(bad("xo b"), "'b' is not a side to move (x or o)");
    assert!(bad(&format!("{} x", "x".repeat(12))).contains("each must be 1 to 11"));
}
