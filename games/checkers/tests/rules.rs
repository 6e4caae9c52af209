//! Hand-made positions for each rule, the notation, and the rule options.

use olympiad_checkers::{Color, Position, Rules};
use olympiad_core::perft::{GameOverLeaves, perft, perft_enumerated};
use olympiad_core::{Game, Notation, Seat};

fn pos(text: &str) -> Position {
    Position::parse_position(text).unwrap_or_else(|e| panic!("{e}"))
}

fn moves(p: &Position) -> Vec<String> {
    let mut m = p.legal_move_texts();
    m.sort();
    m
}

#[test]
fn the_seven_opening_moves() {
    let start = Position::start();
    assert_eq!(
        moves(&start),
        ["10-14", "10-15", "11-15", "11-16", "12-16", "9-13", "9-14"]
    );
    assert_eq!(
        start.position_text(),
        "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"
    );
    assert_eq!(pos("B:W21-32:B1-12."), start, "ranges and a final dot");
    assert_eq!(start.to_move(), Seat::FIRST);
}

#[test]
fn captures_are_compulsory_and_one_move() {
    let mut p = Position::start();
    p.play_line("11-15 24-19").unwrap();
    assert_eq!(moves(&p), ["15x24"]);
    // A man takes two in one move: 15x24 is forced, then 28x19 ... set up a double jump.
    let p = pos("B:W18,27:B14");
    assert_eq!(moves(&p), ["14x23x32"]);
    let after = p.after(p.parse_legal_move("14x23x32").unwrap());
    assert_eq!(after.position_text(), "W:W:BK32");
    assert_eq!(after.outcome().unwrap().winner(), Some(Seat::FIRST));
}

#[test]
fn crowning_ends_the_move() {
    // The man lands on 31 and is crowned; as a king it could go on over 27, but may not.
    let p = pos("B:W26,27:B22");
    assert_eq!(moves(&p), ["22x31"]);
    let after = p.after(p.legal_moves()[0]);
    assert_eq!(after.position_text(), "W:W27:BK31");
    // A king already crowned goes on.
    let p = pos("B:W26,27:BK22");
    assert_eq!(moves(&p), ["22x31x24"]);
}

#[test]
fn kings_move_and_capture_both_ways() {
    let p = pos("W:WK18:B1");
    assert_eq!(moves(&p), ["18-14", "18-15", "18-22", "18-23"]);
    let p = pos("W:WK18:B22,23");
    assert_eq!(moves(&p), ["18x25", "18x27"]);
}

/// A black king on 10 inside a ring of white men on 14, 15, 22, 23 can take all four going
/// round either way: two moves by the published convention, one when merged.
#[test]
fn duplicate_captures() {
    let ring = pos("B:W14,15,22,23:BK10");
    assert_eq!(moves(&ring), ["10x17x26x19x10", "10x19x26x17x10"]);
    assert_eq!(ring.count_moves(), 2);
    let merged = ring.with_rules(Rules {
        merge_duplicate_captures: true,
        ..Rules::default()
    });
    assert_eq!(merged.legal_moves().len(), 1);
    assert_eq!(merged.count_moves(), 1);
    assert_eq!(
        merged.position_text(),
        "B:W14,15,22,23:BK10 merge-duplicates"
    );
    // Both paths end in the same position.
    let [a, b] = [ring.legal_moves()[0], ring.legal_moves()[1]];
    assert_eq!(ring.after(a), ring.after(b));
    assert_eq!(ring.after(a).position_text(), "W:W:BK10");
    // The short form names the capture when the pieces taken are the same.
    assert_eq!(ring.parse_move("10x10").unwrap().captured(), a.captured());
    assert_eq!(perft(&ring, 1), 2);
    assert_eq!(perft(&merged, 1), 1);
}

#[test]
fn no_move_loses() {
    // White's man on 29 is blocked by Black's men; White to move has nothing.
    let p = pos("W:W29:B25,22");
    assert!(p.legal_moves().is_empty());
    let o = p.outcome().unwrap();
    assert_eq!(o.winner(), Some(Seat::FIRST));
    assert_eq!(o.reason, "no move");
}

#[test]
fn draw_rule() {
    let rules = Rules {
        merge_duplicate_captures: false,
        draw_moves: 1,
    };
    let mut p = pos("B:WK32:BK1").with_rules(rules);
    assert_eq!(p.position_text(), "B:WK32:BK1 draw=1 quiet=0");
    p.play_line("1-6").unwrap();
    assert_eq!(p.quiet_plies(), 1);
    assert!(p.outcome().is_none());
    p.play_line("32-27").unwrap();
    assert!(p.legal_moves().is_empty());
    assert_eq!(p.outcome().unwrap().winner(), None);
    assert_eq!(p.position_text(), "B:WK27:BK6 draw=1 quiet=2");
    // A man's move resets the count.
    let mut p = pos("B:WK32:BK1,12 draw=1 quiet=1");
    p.play_line("12-16").unwrap();
    assert_eq!(p.quiet_plies(), 0);
    // Without the rule the counter stays 0, so transpositions compare equal.
    let mut a = pos("B:WK32:BK1");
    a.play_line("1-6 32-27 6-1 27-32").unwrap();
    assert_eq!(a, pos("B:WK32:BK1"));
}

#[test]
fn text_errors_say_what_is_wrong() {
    for (text, why) in [
        ("X:W1:B2", "side to move"),
        ("B:W33:B2", "bad square '33'"),
        ("B:W9,9:B2", "listed twice"),
        ("B:W5:B29", "crowned"),
        ("B:W1-13:B20", "more than 12"),
        ("B:W9:B2 quiet=3", "needs a draw rule"),
        ("B:W9:B2 draw=200", "at most"),
        ("B:W9:B2 fast", "unknown token"),
    ] {
        let err = Position::parse_position(text).unwrap_err().to_string();
        assert!(err.contains(why), "{text}: {err}");
    }
    let start = Position::start();
    for (text, why) in [
        ("11-20", "diagonal neighbour"),
        ("11x18x26", "two squares"),
        ("11x11", "no capture"),
        ("0-4", "bad square"),
        ("11", "expected"),
    ] {
        let err = start.parse_move(text).unwrap_err().to_string();
        assert!(err.contains(why), "{text}: {err}");
    }
    let err = start
        .clone()
        .play_line("11-15 22-17 15-19 24-20")
        .unwrap_err();
    assert_eq!(err.to_string(), "move 4 ('24-20'): illegal move '24-20'");
}

#[test]
fn bulk_counting_matches_enumeration() {
    let mut p = Position::start();
    p.play_line("11-15 24-19 15x24 28x19 8-11").unwrap();
    for d in 0..6 {
        assert_eq!(perft(&p, d), perft_enumerated(&p, d, GameOverLeaves::Zero));
    }
    assert_eq!(Position::start().side(), Color::Black);
}
