//! Hand-made positions for the rules that random play meets too rarely to trust it with:
//! each automatic draw and its boundary, checkmate on the move that reaches the fifty-move
//! limit, en passant that would expose the king, castling through, into and out of check,
//! Chess960 castling where the king or the rook stays put, underpromotion; and the texts:
//! SAN disambiguation and its errors, UCI castling both ways, FEN errors naming the field.

use olympiad_chess::{FenError, MoveError, Position};
use olympiad_core::{Game, Notation, Seat};

fn fen(text: &str) -> Position {
    Position::parse_position(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn reason(pos: &Position) -> Option<&'static str> {
    pos.outcome().map(|o| o.reason)
}

fn play(pos: &mut Position, moves: &str) {
    pos.play_line(moves).unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn fifty_move_rule_at_the_hundredth_ply() {
    let mut pos = fen("7k/8/8/8/8/8/R7/K7 w - - 98 80");
    play(&mut pos, "Ra3");
    assert_eq!(reason(&pos), None);
    play(&mut pos, "Kg8");
    assert_eq!(reason(&pos), Some("fifty-move rule"));
    assert!(pos.legal_moves().is_empty());
    assert_eq!(pos.count_moves(), 0);
    assert_eq!(pos.outcome().unwrap().winner(), None);
    // A pawn move or capture on the last ply resets the clock instead.
    let mut pos = fen("7k/8/8/8/8/8/P6r/K7 w - - 99 80");
    play(&mut pos, "a4");
    assert_eq!(reason(&pos), None);
}

#[test]
fn checkmate_on_the_hundredth_ply_is_checkmate() {
    let mut pos = fen("7k/R7/6K1/8/8/8/8/8 w - - 99 80");
    play(&mut pos, "Ra8#");
    assert_eq!(pos.board().halfmove_clock(), 100);
    let outcome = pos.outcome().unwrap();
    assert_eq!(
        (outcome.reason, outcome.winner()),
        ("checkmate", Some(Seat(0)))
    );
    // Stalemate at the limit is reported as stalemate.
    let pos = fen("7k/5Q2/6K1/8/8/8/8/8 b - - 100 80");
    assert_eq!(reason(&pos), Some("stalemate"));
}

#[test]
fn threefold_repetition_at_the_third_occurrence() {
    let mut pos = Position::start();
    play(&mut pos, "Nf3 Nf6 Ng1 Ng8");
    assert_eq!(reason(&pos), None, "the second occurrence plays on");
    assert_eq!(pos.repetition_keys().count(), 4);
    assert_eq!(
        pos.repetition_keys().nth(3),
        Some(Position::start().board().hash())
    );
    play(&mut pos, "Nf3 Nf6 Ng1");
    assert_eq!(reason(&pos), None);
    play(&mut pos, "Ng8");
    assert_eq!(reason(&pos), Some("threefold repetition"));
    assert!(pos.legal_moves().is_empty());
    // A capture or pawn move forgets the earlier positions.
    let mut pos = Position::start();
    play(&mut pos, "Nf3 Nf6 e3");
    assert_eq!(pos.repetition_keys().count(), 0);
}

#[test]
fn castling_rights_are_part_of_the_repeated_position() {
    // The kings step out and back: the same squares, but the castling rights are gone, so
    // the start occurred once and the placement after 4 and 8 plies is another position,
    // there for the second time.
    let mut pos = fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    play(&mut pos, "Kf1 Kf8 Ke1 Ke8 Kf1 Kf8 Ke1 Ke8");
    assert_eq!(reason(&pos), None);
    // The position after Kf8 (no rights left) comes for the third time.
    play(&mut pos, "Kf1 Kf8");
    assert_eq!(reason(&pos), Some("threefold repetition"));
}

#[test]
fn an_en_passant_right_nobody_can_use_does_not_make_a_new_position() {
    // After 1.e4 no black pawn can take en passant: the position after 1.e4 and after the
    // knights' round trip are the same by FIDE's rule.
    let mut pos = Position::start();
    play(&mut pos, "e4 Nf6 Nf3 Ng8 Ng1 Nf6 Nf3 Ng8");
    assert_eq!(reason(&pos), None);
    play(&mut pos, "Ng1");
    assert_eq!(reason(&pos), Some("threefold repetition"));
    // Here black could take en passant after e4, so that position is another one: after
    // the same moves its placement has come only twice without the right.
    let mut pos = fen("rnbqkbnr/ppp1pppp/8/8/3p4/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    play(&mut pos, "e4 Nf6 Nf3 Ng8 Ng1 Nf6 Nf3 Ng8 Ng1");
    assert_eq!(reason(&pos), None);
    // The position after the first Nf6 is the same in both cases: its third time ends it.
    play(&mut pos, "Nf6");
    assert_eq!(reason(&pos), Some("threefold repetition"));
}

#[test]
fn insufficient_material() {
    for dead in [
        "8/8/8/4k3/8/8/8/4K3 w - - 0 1",
        "8/8/8/4k3/8/8/8/1N2K3 w - - 0 1",
        "8/8/8/4k3/8/8/8/2B1K3 b - - 0 1",
        "5b2/8/8/4k3/8/8/8/2B1K3 w - - 0 1",
        "5b1b/8/8/4k3/8/8/8/2B1K3 w - - 0 1",
    ] {
        assert_eq!(reason(&fen(dead)), Some("insufficient material"), "{dead}");
    }
    for alive in [
        "2b5/8/8/4k3/8/8/8/2B1K3 w - - 0 1",
        "8/8/8/4k3/8/8/8/1NB1K3 w - - 0 1",
        "1n6/8/8/4k3/8/8/8/1N2K3 w - - 0 1",
        "8/8/8/4k3/8/8/8/NN2K3 w - - 0 1",
        "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1",
        "8/8/8/4k3/8/8/8/R3K3 w - - 0 1",
    ] {
        assert_eq!(reason(&fen(alive)), None, "{alive}");
    }
    // Capturing the last pawn ends the game at once.
    let mut pos = fen("8/8/8/8/4p2k/3K4/8/8 w - - 0 1");
    play(&mut pos, "Kxe4");
    assert_eq!(reason(&pos), Some("insufficient material"));
}

#[test]
fn en_passant_that_exposes_the_king_is_illegal() {
    // White's king and the rook on h5 share the fifth rank with both pawns.
    let pos = fen("8/8/8/K2pP2r/8/8/8/7k w - d6 0 1");
    assert_eq!(
        pos.parse_uci("e5d6"),
        Err(MoveError::Illegal("e5d6".into()))
    );
    assert!(pos.parse_san("exd6").is_err());
    // Without the rook the same capture is legal and removes the pawn on d5.
    let mut pos = fen("8/8/8/K2pP3/8/8/8/7k w - d6 0 1");
    play(&mut pos, "exd6");
    assert_eq!(pos.fen(), "8/8/3P4/K7/8/8/8/7k b - - 0 1");
}

#[test]
fn castling_through_into_and_out_of_check() {
    // f1 attacked: no short castling; the long side is free.
    let pos = fen("4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert!(pos.parse_san("O-O").is_err());
    assert_eq!(pos.uci_move(pos.parse_san("O-O-O").unwrap()), "e1c1");
    // b1 attacked: the king does not cross b1, so long castling stays legal.
    let pos = fen("1r2k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert_eq!(pos.uci_move(pos.parse_san("0-0-0").unwrap()), "e1c1");
    // g1 attacked: castling into check.
    let pos = fen("4k1r1/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert!(pos.parse_uci("e1g1").is_err());
    // In check: neither side.
    let pos = fen("4r1k1/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert!(pos.parse_san("O-O").is_err() && pos.parse_san("O-O-O").is_err());
}

#[test]
fn uci_castling_in_standard_chess_and_chess960() {
    let pos = fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let short = pos.parse_uci("e1g1").unwrap();
    assert_eq!(
        pos.parse_uci("e1h1"),
        Ok(short),
        "king takes rook is read too"
    );
    assert_eq!(pos.uci_move(short), "e1g1");
    assert_eq!(pos.san(short), "O-O");
    let mut after = pos.clone();
    after.play(short);
    assert_eq!(after.fen(), "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1");

    let pos960 = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", true).unwrap();
    assert!(pos960.chess960());
    assert_eq!(pos960.fen(), "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1");
    assert_eq!(pos960.uci_move(short), "e1h1");
    assert!(
        pos960.parse_uci("e1g1").is_err(),
        "Chess960 castles king takes rook"
    );
}

#[test]
fn chess960_castling_where_the_king_or_the_rook_stays() {
    // King g1, rook h1: short castling leaves the king where it is.
    let mut pos = fen("6kr/8/8/8/8/8/8/6KR w Hh - 0 1");
    assert!(pos.chess960());
    let mv = pos.parse_san("O-O").unwrap();
    assert_eq!(pos.uci_move(mv), "g1h1");
    pos.play(mv);
    assert_eq!(pos.fen(), "6kr/8/8/8/8/8/8/5RK1 b h - 1 1");
    // King e1, rook f1: the rook stays on f1.
    let mut pos = fen("4k3/8/8/8/8/8/8/4KR2 w F - 0 1");
    play(&mut pos, "O-O");
    assert_eq!(pos.fen(), "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");
    // King b1, rook a1, long castling: the king goes right, to c1, and the rook to d1;
    // c1 and d1 must be empty.
    let mut pos = fen("4k3/8/8/8/8/8/8/RK6 w A - 0 1");
    play(&mut pos, "O-O-O");
    assert_eq!(pos.fen(), "4k3/8/8/8/8/8/8/2KR4 b - - 1 1");
    let pos = fen("4k3/8/8/8/8/8/8/RKN5 w A - 0 1");
    assert!(pos.parse_san("O-O-O").is_err());
    // Scharnagl 518 is the standard array, castling king takes rook.
    let start = Position::start960(518);
    assert_eq!(
        start.fen(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1"
    );
    assert_eq!(
        Position::start960(0).fen(),
        "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1"
    );
}

#[test]
fn underpromotion() {
    let pos = fen("8/P6k/8/8/8/8/8/K7 w - - 0 1");
    let knight = pos.parse_san("a8=N").unwrap();
    assert_eq!(pos.uci_move(knight), "a7a8n");
    assert_eq!(pos.parse_uci("a7a8n"), Ok(knight));
    assert_eq!(pos.san(knight), "a8=N");
    assert_eq!(pos.parse_san("a8N"), Ok(knight));
    assert_eq!(
        pos.parse_san("a8"),
        Err(MoveError::MissingPromotion("a8".into()))
    );
    assert_eq!(pos.legal_moves().len(), 4 + 3);
    let mut after = pos.clone();
    after.play(pos.parse_san("a8=R").unwrap());
    assert_eq!(after.fen(), "R7/7k/8/8/8/8/8/K7 b - - 0 1");
}

#[test]
fn san_disambiguation_and_suffixes() {
    let pos = fen("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1");
    let b1d2 = pos.parse_uci("b1d2").unwrap();
    assert_eq!(pos.san(b1d2), "Nbd2");
    assert_eq!(pos.parse_san("Nbd2"), Ok(b1d2));
    assert_eq!(pos.parse_san("Nb1d2"), Ok(b1d2));
    assert_eq!(
        pos.parse_san("Nd2").unwrap_err().to_string(),
        "ambiguous 'Nd2': b1d2, f3d2"
    );
    // Same file: the rank tells them apart.
    let pos = fen("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1");
    let mv = pos.parse_uci("a1a3").unwrap();
    assert_eq!(pos.san(mv), "R1a3");
    assert_eq!(pos.parse_san("R1a3"), Ok(mv));
    // Rivals on the file and on the rank: both.
    let pos = fen("4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1");
    let mv = pos.parse_uci("a1b2").unwrap();
    assert_eq!(pos.san(mv), "Qa1b2");
    // Check, mate, annotations.
    let mut pos = Position::start();
    play(&mut pos, "f3 e5 g4");
    let mate = pos.parse_san("Qh4#").unwrap();
    assert_eq!(pos.san(mate), "Qh4#");
    assert_eq!(pos.parse_san("Qh4!?"), Ok(mate));
    assert_eq!(pos.parse_san("Qh4"), Ok(mate));
    pos.play(mate);
    assert_eq!(pos.outcome().unwrap().winner(), Some(Seat(1)));
}

#[test]
fn move_text_errors_say_what_is_wrong() {
    let pos = Position::start();
    assert_eq!(
        pos.parse_san("Nf5").unwrap_err().to_string(),
        "no legal move matches 'Nf5' (knights: b1, g1)"
    );
    assert_eq!(
        pos.parse_san("Qa5").unwrap_err().to_string(),
        "no legal move matches 'Qa5' (queens: d1)"
    );
    assert_eq!(
        fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1")
            .parse_san("Nf3")
            .unwrap_err()
            .to_string(),
        "no legal move matches 'Nf3' (no knights)"
    );
    assert_eq!(
        pos.parse_san("Zz9").unwrap_err().to_string(),
        "'Zz9' is not a move: UCI (e2e4, e7e8q) or SAN (Nf3, exd5, O-O, e8=Q)"
    );
    assert_eq!(
        pos.parse_uci("e2e5").unwrap_err().to_string(),
        "illegal move 'e2e5'"
    );
    // The notation reads UCI and SAN alike.
    let e4 = pos.parse_uci("e2e4").unwrap();
    assert_eq!(pos.parse_legal_move("e4"), Ok(e4));
    assert_eq!(pos.parse_legal_move("e2e4"), Ok(e4));
}

#[test]
fn fen_errors_name_the_field() {
    let err = |text: &str| Position::parse_position(text).unwrap_err().to_string();
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
    assert_eq!(
        err(&format!("{start} x KQkq - 0 1")),
        "FEN field 2 (side to move): expected 'w' or 'b', found 'x'"
    );
    assert_eq!(
        err("rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
        "FEN field 1 (piece placement): rank 7 'ppppppppp' has more than 8 squares, expected 8"
    );
    assert_eq!(
        err("rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
        "FEN field 1 (piece placement): rank 7 'ppppppp' has only 7 squares, expected 8"
    );
    assert_eq!(
        err("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1"),
        "FEN field 1 (piece placement): expected 8 ranks separated by '/', found 7 in 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP'"
    );
    assert_eq!(
        err("rnbqkbnr/pppppppp/8/8/8/4K3/PPPPPPPP/RNBQKBNR w kq - 0 1"),
        "FEN field 1 (piece placement): White has 2 kings, expected exactly one"
    );
    assert_eq!(
        err("4k2P/8/8/8/8/8/8/4K3 w - - 0 1"),
        "FEN field 1 (piece placement): a white pawn on h8: pawns never stand on the first or last rank"
    );
    assert_eq!(
        err("4k3/8/8/8/8/8/8/4K2X w - - 0 1"),
        "FEN field 1 (piece placement): 'X' in rank 1 is neither a piece (PNBRQK, pnbrqk) nor a count of empty squares (1-8)"
    );
    assert_eq!(
        err("4k3/8/8/8/8/8/8/4R1K1 w - - 0 1"),
        "FEN field 2 (side to move): White to move, but Black's king is in check, which no legal game reaches"
    );
    assert_eq!(
        err(&format!("{start} w KQkx - 0 1")),
        "FEN field 3 (castling): 'x' is not a castling right (KQkq, or a rook's file A-H for White and a-h for Black)"
    );
    assert_eq!(
        err("4k3/8/8/8/8/8/8/4K3 w K - 0 1"),
        "FEN field 3 (castling): 'K': White has no rook on its first rank on the king's side"
    );
    assert_eq!(
        err(&format!("{start} w KQkq e3 0 1")),
        "FEN field 4 (en passant): expected '-' or a square on rank 6 (White to move), found 'e3'"
    );
    assert_eq!(
        err(&format!("{start} w KQkq e6 0 1")),
        "FEN field 4 (en passant): 'e6' needs a black pawn on e5 that has just come from e7, with e6 and e7 empty"
    );
    assert_eq!(
        err(&format!("{start} w KQkq - 101 1")),
        "FEN field 5 (halfmove clock): expected a whole number from 0 to 100 (the game is drawn at 100), found '101'"
    );
    assert_eq!(
        err(&format!("{start} w KQkq - 0 0")),
        "FEN field 6 (fullmove number): expected a whole number from 1 to 65535, found '0'"
    );
    assert!(err(&format!("{start} w KQkq")).starts_with("a FEN has 6 fields"));
    assert!(matches!(
        Position::from_fen(&format!("{start} w KQkq - 0 1 extra"), false),
        Err(FenError::Fields(7))
    ));
    // Four fields are an EPD-style FEN: the clocks default to 0 and 1.
    assert_eq!(fen(&format!("{start} w KQkq -")), Position::start());
    // X-FEN: KQkq with an inner rook set up as Chess960.
    let x = fen("1r2k1r1/8/8/8/8/8/8/1R2K1R1 w KQkq - 0 1");
    assert!(x.chess960());
    assert_eq!(x.fen(), "1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1");
}
