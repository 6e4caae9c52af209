//! The Olympiad's LOA rules on hand-made positions, one sharp point each: the start, the
//! whole-line count (pieces behind the mover count), jumping own pieces but not enemy ones,
//! no landing on one's own, the join that wins, the capture that joins the opponent (who
//! then wins), the move that joins both (a draw), the forced pass, the third occurrence
//! (a draw; the second is not), and the notation's errors.

use olympiad_core::{Game, Notation, Seat};
use olympiad_loa::{End, Move, Position};

/// A position from its pieces (`("c4", 'x')`, ...) and the side to move (`x` or `o`).
fn board(pieces: &[(&str, char)], side: char) -> Position {
    let mut squares = [['.'; 8]; 8];
    for (name, letter) in pieces {
        let bytes = name.as_bytes();
        let (column, row) = (usize::from(bytes[0] - b'a'), usize::from(bytes[1] - b'1'));
        squares[row][column] = *letter;
    }
    let rows: Vec<String> = squares.iter().map(|r| r.iter().collect()).collect();
    Position::parse_position(&format!("{} {side}", rows.join("/"))).unwrap()
}

/// The legal moves of the piece on `from`, as text, sorted.
fn moves_from(pos: &Position, from: &str) -> Vec<String> {
    let mut moves: Vec<String> = pos
        .legal_move_texts()
        .into_iter()
        .filter(|m| m.starts_with(from))
        .collect();
    moves.sort();
    moves
}

#[test]
fn the_start_has_black_on_rows_1_and_8_white_on_columns_a_and_h() {
    let start = Position::start();
    assert_eq!(
        start.position_text(),
        ".xxxxxx./o......o/o......o/o......o/o......o/o......o/o......o/.xxxxxx. x"
    );
    assert_eq!(start.to_move(), Seat(0));
    assert_eq!(start.legal_moves().len(), 36);
    // b1: six pieces on row 1 take it over its own five to h1; two on column b (b1, b8)
    // and two on the diagonal b1-h7 (h7 White's) take it two squares.
    assert_eq!(moves_from(&start, "b1"), ["b1-b3", "b1-d3", "b1-h1"]);
    // c1 captures a3 along the diagonal c1-b2-a3 (two pieces on it).
    assert_eq!(moves_from(&start, "c1"), ["c1-c3", "c1-e3", "c1xa3"]);
}

#[test]
fn a_move_goes_as_far_as_the_whole_line_has_pieces_behind_and_ahead() {
    // Row 4 holds an enemy piece behind c4 (a4) and an own one far ahead (h4): three
    // pieces, so c4 moves three squares either way along it; a4 is only two squares off.
    let pos = board(&[("c4", 'x'), ("h4", 'x'), ("a4", 'o'), ("a8", 'o')], 'x');
    let moves = moves_from(&pos, "c4");
    assert!(moves.contains(&"c4-f4".to_string()), "{moves:?}");
    assert!(!moves.iter().any(|m| m.ends_with("a4") || m.ends_with("d4")));
    // Alone on column c: one square up or down.
    assert!(moves.contains(&"c4-c5".to_string()) && moves.contains(&"c4-c3".to_string()));
}

#[test]
fn a_piece_jumps_its_own_pieces_but_not_enemy_ones_and_never_lands_on_its_own() {
    // Row 4: c4 and d4 (own): two pieces, c4 jumps d4 to e4.
    // (a8 keeps Black in two groups: the game is not over.)
    let own = board(
        &[
            ("c4", 'x'),
            ("d4", 'x'),
            ("a8", 'x'),
            ("h8", 'o'),
            ("h6", 'o'),
        ],
        'x',
    );
    assert!(own.parse_legal_move("c4-e4").is_ok());
    // Row 4: c4 and d4 (enemy): c4 may not jump it.
    let enemy = board(&[("c4", 'x'), ("d4", 'o'), ("h8", 'o'), ("a8", 'x')], 'x');
    assert!(enemy.parse_legal_move("c4-e4").is_err());
    // ... but the enemy at distance 2 along the line is captured: c4, e4 on row 4.
    let capture = board(&[("c4", 'x'), ("e4", 'o'), ("h8", 'o'), ("a8", 'x')], 'x');
    let mv = capture.parse_legal_move("c4xe4").unwrap();
    assert_eq!(capture.format_move(mv), "c4xe4");
    // Row 4: c4 and e4 (own): two pieces, c4 would land on e4.
    let land = board(
        &[
            ("c4", 'x'),
            ("e4", 'x'),
            ("a8", 'x'),
            ("h8", 'o'),
            ("h6", 'o'),
        ],
        'x',
    );
    assert!(land.parse_legal_move("c4-e4").is_err());
    assert!(land.parse_legal_move("c4-a4").is_ok());
}

#[test]
fn the_side_that_joins_its_pieces_wins() {
    // c5 down column c (c5, c8: two pieces) to c3 joins a1-b2-c3.
    let mut pos = board(
        &[
            ("a1", 'x'),
            ("b2", 'x'),
            ("c5", 'x'),
            ("c8", 'o'),
            ("h8", 'o'),
            ("h1", 'o'),
        ],
        'x',
    );
    pos.play_line("c5-c3").unwrap();
    assert_eq!(pos.end(), Some(End::Connected(olympiad_loa::Color::Black)));
    let outcome = pos.outcome().unwrap();
    assert_eq!(
        (outcome.winner(), outcome.reason),
        (Some(Seat(0)), "connected")
    );
    assert!(pos.legal_moves().is_empty());
    // A single piece is a group: a text with one White piece is won by White.
    let single = board(&[("a1", 'x'), ("h1", 'x'), ("d4", 'o')], 'x');
    assert_eq!(single.outcome().unwrap().winner(), Some(Seat(1)));
}

/// Black's c5 takes c3 down column c (two pieces on it), joining a1-b2-c3, with `more`
/// pieces on the board.
fn after_c5xc3(more: &[(&str, char)]) -> Position {
    let mut pieces = vec![("a1", 'x'), ("b2", 'x'), ("c5", 'x'), ("c3", 'o')];
    pieces.extend_from_slice(more);
    let mut pos = board(&pieces, 'x');
    pos.play_line("c5xc3").unwrap();
    pos
}

#[test]
fn a_capture_that_leaves_the_opponent_joined_makes_the_opponent_win() {
    // Black's h1 stays apart; White's only stray piece is taken: g8-h8 is one group, and
    // White wins though Black moved.
    let outcome = after_c5xc3(&[("h1", 'x'), ("g8", 'o'), ("h8", 'o')])
        .outcome()
        .unwrap();
    assert_eq!(
        (outcome.winner(), outcome.reason),
        (Some(Seat(1)), "connected")
    );
    // Down to a single piece is joined too.
    let outcome = after_c5xc3(&[("h1", 'x'), ("h8", 'o')]).outcome().unwrap();
    assert_eq!(outcome.winner(), Some(Seat(1)));
}

#[test]
fn a_move_that_joins_both_sides_is_a_draw() {
    // Without Black's h1: a1-b2-c3 is all of Black, g8-h8 all of White.
    let pos = after_c5xc3(&[("g8", 'o'), ("h8", 'o')]);
    assert_eq!(pos.end(), Some(End::BothConnected));
    let outcome = pos.outcome().unwrap();
    assert_eq!((outcome.winner(), outcome.reason), (None, "both connected"));
    assert_eq!(outcome.half_points(Seat(0)), 1);
}

#[test]
fn a_player_without_a_move_passes_and_only_then() {
    // Black's a1 and h1 are each walled in by three White pieces: every line from them
    // holds at least two pieces and its first square is White's.
    let mut pos = board(
        &[
            ("a1", 'x'),
            ("h1", 'x'),
            ("b1", 'o'),
            ("a2", 'o'),
            ("b2", 'o'),
            ("g1", 'o'),
            ("h2", 'o'),
            ("g2", 'o'),
        ],
        'x',
    );
    assert!(pos.outcome().is_none());
    assert_eq!(pos.legal_moves()[..], [Move::PASS]);
    assert_eq!(pos.legal_move_texts(), ["pass"]);
    let before = pos.position_text();
    pos.play_line("pass").unwrap();
    assert_eq!(pos.to_move(), Seat(1));
    assert_eq!(
        pos.position_text()[..71],
        before[..71],
        "the board is unchanged"
    );
    // White has moves, so White may not pass.
    assert!(pos.parse_legal_move("pass").is_err());
    assert!(pos.legal_moves().len() > 1);
}

#[test]
fn the_third_occurrence_of_a_position_draws_the_second_does_not() {
    // d1 alone on row 1 and a4 alone on column a step one square and back.
    let start = board(&[("d1", 'x'), ("d8", 'x'), ("a4", 'o'), ("h4", 'o')], 'x');
    let mut pos = start.clone();
    pos.play_line("d1-e1 a4-a5 e1-d1 a5-a4").unwrap();
    assert_eq!(pos, start);
    assert_eq!(pos.occurrences(), 2);
    assert!(pos.outcome().is_none(), "the second occurrence plays on");
    pos.play_line("d1-e1 a4-a5 e1-d1").unwrap();
    assert!(
        pos.outcome().is_none(),
        "each other position has occurred twice"
    );
    pos.play_line("a5-a4").unwrap();
    assert_eq!(pos.occurrences(), 3);
    let outcome = pos.outcome().unwrap();
    assert_eq!(
        (outcome.winner(), outcome.reason),
        (None, "third repetition")
    );
    assert!(pos.legal_moves().is_empty());
    // A position read from text starts its count afresh.
    let read = Position::parse_position(&pos.position_text()).unwrap();
    assert!(read.outcome().is_none());
}

#[test]
fn notation_reads_either_sign_and_writes_the_right_one() {
    let pos = Position::start();
    let mv = pos.parse_move("b1xb3").unwrap();
    assert_eq!(pos.format_move(mv), "b1-b3");
    assert_eq!(pos.parse_move("c1-a3"), pos.parse_move("c1xa3"));
    assert_eq!(pos.format_move(pos.parse_move("c1-a3").unwrap()), "c1xa3");
    let err = |text: &str| pos.parse_move(text).unwrap_err().to_string();
    let not_a_move = |text: &str| {
        format!(
            "'{text}' is not a move: two squares joined by - or x (`b1-b3`, `b1xb3`), or `pass`"
        )
    };
    assert_eq!(err("b1b3"), not_a_move("b1b3"));
    assert_eq!(err("b1-b3-"), not_a_move("b1-b3-"));
    assert_eq!(err("b01-b3"), not_a_move("b01-b3"));
    assert_eq!(err("Pass"), not_a_move("Pass"));
    assert_eq!(err("i1-i3"), "'i1' is not on the board (a1 to h8)");
    assert_eq!(err("b1-b9"), "'b9' is not on the board (a1 to h8)");
    assert_eq!(
        err("b1-c3"),
        "'b1-c3': a piece moves along a row, a column or a diagonal"
    );
    assert_eq!(
        err("b1-b1"),
        "'b1-b1': a piece moves along a row, a column or a diagonal"
    );
    assert_eq!(
        pos.parse_legal_move("b1-b4").unwrap_err().to_string(),
        "illegal move 'b1-b4'"
    );
}

#[test]
fn position_text_errors_say_what_and_where() {
    let bad = |text: &str| Position::parse_position(text).unwrap_err().to_string();
    let row = "........";
    assert_eq!(
        bad(".xxxxxx./o......o"),
        "a position is its rows, a blank and the side to move (`x` or `o`): '.xxxxxx./o......o'"
    );
    assert_eq!(
        bad(&format!("{row}/{row} x")),
        "a board has 8 rows separated by '/', found 2"
    );
    let eight = |third: &str| format!("x......./o......./{third}/{row}/{row}/{row}/{row}/{row} x");
    assert_eq!(bad(&eight(".......")), "row 3 has 7 squares, a row has 8");
    assert_eq!(
        bad(&eight("...q....")),
        "row 3, column 4: 'q' is not a square (x, o or .)"
    );
    assert_eq!(
        bad(&format!(
            "x......./{row}/{row}/{row}/{row}/{row}/{row}/{row} x"
        )),
        "White has no piece"
    );
    assert_eq!(
        bad(&format!(
            "xxxxxxxx/xxxxx.../o......./{row}/{row}/{row}/{row}/{row} x"
        )),
        "Black has 13 pieces, at most 12"
    );
    assert_eq!(
        bad(&eight("........").replace(" x", " b")),
        "'b' is not a side to move (x or o)"
    );
}
