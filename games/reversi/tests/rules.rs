//! Hand-made positions for passes, the end of the game, the notation, and the hash.

use olympiad_core::perft::{GameOverLeaves, perft_enumerated, perft_with};
use olympiad_core::{Game, Hashed, Notation, Seat};
use olympiad_reversi::{Color, Move, Position};

fn pos(text: &str) -> Position {
    Position::parse_position(text).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn start_and_first_move() {
    let mut p = Position::start();
    assert_eq!(
        p.position_text(),
        "---------------------------OX------XO--------------------------- X"
    );
    assert_eq!(p.to_move(), Seat::FIRST);
    p.play_line("d3").unwrap();
    assert_eq!(
        p.position_text(),
        "-------------------X-------XX------XO--------------------------- O"
    );
    assert_eq!(p.legal_move_texts(), ["c3", "e3", "c5"]);
    assert_eq!(p.side(), Color::White);
}

#[test]
fn a_pass_is_a_move_only_when_the_other_side_can_move() {
    // White to move has nothing (its only disc is walled in by Black's), Black can move.
    let mut p = pos(&format!("XXXO{} O", "-".repeat(60)));
    assert_eq!(p.legal_move_texts(), ["pass"]);
    assert!(p.must_pass());
    assert!(p.outcome().is_none());
    p.play(Move::PASS);
    assert_eq!(p.side(), Color::Black);
    assert_eq!(p.legal_move_texts(), ["e1"]);
    // Neither can move: the game is over, decided by the discs.
    let over = pos(&format!("XXXX{} O", "-".repeat(60)));
    assert!(over.legal_moves().is_empty());
    assert_eq!(over.count_moves(), 0);
    let o = over.outcome().unwrap();
    assert_eq!(o.winner(), Some(Seat::FIRST));
    let drawn = pos(&format!("X{}O X", "-".repeat(62)));
    assert_eq!(drawn.outcome().unwrap().winner(), None);
}

/// The finished-game conventions on a position with a game that ends after one move: the
/// spec's count includes it at any depth, the alternative only with one ply left.
#[test]
fn finished_games_above_full_depth() {
    // Black plays d1 and wins at once (White has no disc left); or passes are impossible.
    let p = pos(&format!("XO-{} X", "-".repeat(61)));
    assert_eq!(p.legal_move_texts(), ["c1"]);
    assert!(p.after(p.legal_moves()[0]).outcome().is_some());
    for d in 1..5 {
        assert_eq!(perft_with(&p, d, GameOverLeaves::One), 1, "depth {d}");
        assert_eq!(perft_with(&p, d, GameOverLeaves::Zero), u128::from(d == 1));
        assert_eq!(
            perft_with(&p, d, GameOverLeaves::OneAtLastPly),
            u128::from(d <= 2),
            "depth {d}"
        );
    }
}

#[test]
fn text_errors_say_what_is_wrong() {
    for (text, why) in [
        ("X", "64 squares"),
        (
            &format!("{}? X", "-".repeat(63)) as &str,
            "'?' is not a square",
        ),
        (&format!("{} Z", "-".repeat(64)), "not a side"),
    ] {
        let err = Position::parse_position(text).unwrap_err().to_string();
        assert!(err.contains(why), "{text}: {err}");
    }
    let p = Position::start();
    for bad in ["i1", "a9", "a", "passes", ""] {
        assert!(p.parse_move(bad).is_err(), "{bad}");
    }
    assert_eq!(p.parse_move("D3").unwrap(), Move::at(19));
    let err = p.clone().play_line("d3 a1").unwrap_err();
    assert_eq!(err.to_string(), "move 2 ('a1'): illegal move 'a1'");
}

#[test]
fn hash_tells_sides_and_colours_apart() {
    let p = Position::start();
    let q = pos("---------------------------OX------XO--------------------------- O");
    let r = pos("---------------------------XO------OX--------------------------- X");
    assert_ne!(p.zobrist(), q.zobrist());
    assert_ne!(p.zobrist(), r.zobrist());
    assert_eq!(p.zobrist(), p.zobrist_from_scratch());
    assert_eq!(q.zobrist(), q.zobrist_from_scratch());
}

#[test]
fn bulk_counting_matches_enumeration() {
    let mut p = Position::start();
    p.play_line("f5 d6 c3 d3 c4").unwrap();
    for rule in [GameOverLeaves::One, GameOverLeaves::OneAtLastPly] {
        for d in 0..6 {
            assert_eq!(perft_with(&p, d, rule), perft_enumerated(&p, d, rule));
        }
    }
}
