//! Hand-made positions for each rule: ko, positional superko against simple ko, suicide of
//! one stone and of several, seki, snapback, the end by two passes and the komi draw; each
//! with the legal moves and the final score asserted (and, for each, the reference twin's
//! moves and outcome agreeing).
// Scores are written as 2 * (Black's area - White's), komi apart, even where that is 2 * 1.
#![allow(clippy::identity_op)]

use olympiad_core::{Game, Notation, Seat};
use olympiad_go::reference::RefPosition;
use olympiad_go::{Position, Repetition};

/// The position of `text` after `moves`.
fn at(text: &str, moves: &str) -> Position {
    let mut pos = Position::parse_position(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    pos.play_line(moves)
        .unwrap_or_else(|e| panic!("{text} then {moves}: {e}"));
    pos
}

/// The legal moves as texts, in the fast rules' order, checked against the reference twin
/// played along the same moves from the same text.
fn legal(text: &str, moves: &str) -> Vec<String> {
    let pos = at(text, moves);
    let mut slow = RefPosition::from_text(text).unwrap();
    for mv in moves.split_whitespace() {
        slow.play(mv).unwrap();
    }
    let mut fast: Vec<(String, String)> = olympiad_core::conformance::moves_and_results(&pos);
    fast.sort();
    assert_eq!(fast, slow.legal_moves(), "{text} then {moves}");
    pos.legal_move_texts()
}

/// Black's area minus White's less komi, in half points, once the game is over.
fn final_score(text: &str, moves: &str) -> i32 {
    let pos = at(text, moves);
    assert!(pos.outcome().is_some(), "not over: {}", pos.position_text());
    assert!(pos.legal_moves().is_empty());
    pos.score_halves()
}

#[test]
fn ko_forbids_the_immediate_retake_only() {
    // Black's C3 takes White's B3 and is left with the one liberty B3: a ko.
    let ko = ".xo./xo.o/.xo./.... b 0 - 0 superko";
    let after = at(ko, "C3");
    assert_eq!(after.last_captures(), 1);
    assert_eq!(
        after.ko_point().map(|p| after.format_move(p)).as_deref(),
        Some("B3")
    );
    // White may not retake at B3, nor play A4 (no liberty, captures nothing).
    assert_eq!(
        legal(ko, "C3"),
        ["A1", "B1", "C1", "D1", "A2", "D2", "D4", "pass"]
    );
    // After a move each elsewhere the retake is legal again, under both rules.
    for rule in ["superko", "icga"] {
        let text = ko.replace("superko", rule);
        assert!(legal(&text, "C3 D1 A1").contains(&"B3".to_string()));
        assert_eq!(at(&text, "C3 D1 A1 B3").last_captures(), 1);
    }
    // Black: B4 A3 B2 C3 and the points A4 and B3; White: C4 D3 C2 and D4; the bottom
    // region touches both. 6 - 4.
    assert_eq!(final_score(ko, "C3 pass pass"), 2 * (6 - 4));
}

#[test]
fn the_specs_5x5_example_separates_superko_from_simple_ko() {
    let line = "a2 b1 b2 c2 b3 d1 a3 a1 c1";
    let empty = |rule: &str| format!("...../...../...../...../..... b 0 - 0 {rule}");
    let superko = legal(&empty("superko"), line);
    let icga = legal(&empty("icga"), line);
    // c1 took White's a1-b1 (two stones: no simple ko); White's b1 would take c1 and
    // bring back the board after a3: only superko forbids it, and nothing else differs.
    assert!(icga.contains(&"B1".to_string()));
    let without_b1: Vec<String> = icga.iter().filter(|m| *m != "B1").cloned().collect();
    assert_eq!(superko, without_b1);
    // Black: a2 a3 b2 b3 c1 and the corner a1 b1; White: c2 d1; the rest touches both.
    for rule in ["superko", "icga"] {
        let moves = format!("{line} pass pass");
        assert_eq!(final_score(&empty(rule), &moves), 2 * (7 - 2));
    }
}

#[test]
fn the_olympiad_rule_draws_a_recurring_position_that_superko_forbids() {
    // On 2x2: Black A2, White B2, Black A1, White B1 takes A1-A2, Black A2, White A1 takes
    // it (three white stones: no ko), and Black's A2 would take all three and bring back the
    // board after the first move with White to move.
    let line = "A2 B2 A1 B1 A2 A1";
    let icga = "../.. b 0 - 0 icga";
    let superko = "../.. b 0 - 0 superko";
    assert_eq!(legal(icga, line), ["A2", "pass"]);
    assert_eq!(legal(superko, line), ["pass"]);
    let cycle = at(icga, &format!("{line} A2"));
    assert_eq!(cycle.last_captures(), 3);
    assert!(cycle.ended_by_cycle());
    assert!(cycle.legal_moves().is_empty());
    assert!(cycle.position_text().ends_with(" icga cycle"));
    let outcome = cycle.outcome().unwrap();
    assert_eq!((outcome.winner(), outcome.reason), (None, "long cycle"));
    // Its score would have been Black's: the cycle, not the board, decides.
    assert!(cycle.score_halves() > 0);
    // The reference sees the same end.
    let mut slow = RefPosition::from_text(icga).unwrap();
    for mv in format!("{line} A2").split_whitespace() {
        slow.play(mv).unwrap();
    }
    assert_eq!(
        slow.outcome(),
        Some(olympiad_go::reference::RefOutcome::Draw)
    );
    assert!(slow.legal_moves().is_empty());
}

#[test]
fn suicide_of_one_stone_and_of_several_is_illegal() {
    // White: C4 A3 B3 D3 B2 B1; Black: A2. D4 (one stone) and A1 (with A2) would have no
    // liberty and capture nothing.
    let text = "..o./oo.o/xo../.o.. b 0 - 0 superko";
    assert_eq!(
        legal(text, ""),
        ["C1", "D1", "C2", "D2", "C3", "A4", "B4", "pass"]
    );
    let pos = at(text, "");
    assert!(!pos.is_legal_ignoring_superko(pos.parse_move("D4").unwrap()));
    assert!(!pos.is_legal_ignoring_superko(pos.parse_move("A1").unwrap()));
    // White owns everything but A2 and the corner A1 (which touches both): 14 - 1.
    assert_eq!(final_score(text, "pass pass"), 2 * (1 - 14));
}

#[test]
fn seki_is_left_alone_and_its_liberties_are_nobodys() {
    // Black's four stones and White's three share the liberties B1 and B2 and have no
    // other: whoever fills one is captured.
    let text = "xxo/x.o/x.o b 0 - 0 superko";
    assert_eq!(legal(text, ""), ["B1", "B2", "pass"]);
    assert_eq!(legal(text, "pass"), ["B1", "B2", "pass"]);
    let filled = at(text, "B2 B1");
    assert_eq!(filled.last_captures(), 5);
    assert_eq!(final_score(text, "B2 B1 pass pass"), 2 * (0 - 9));
    // Both pass: stones only, 4 - 3; with komi 1 a draw.
    assert_eq!(final_score(text, "pass pass"), 2 * (4 - 3));
    let draw = at(&text.replace(" 0 superko", " 1 superko"), "pass pass");
    assert_eq!(draw.score_halves(), 0);
    assert_eq!(draw.outcome().unwrap().winner(), None);
}

#[test]
fn snapback_takes_back_more_than_it_gave() {
    // White throws in at B5; Black's A5 takes it and is left, with A4 B4, on the one
    // liberty B5; White takes all three there (no ko: three stones).
    let text = "..xx./xxoox/oo.oo/xooxo/.xxxx w 0 - 0 superko";
    // A1 takes A2 and E5 takes E4; C3 would fill White's last liberty.
    assert_eq!(legal(text, ""), ["A1", "A5", "B5", "E5", "pass"]);
    let thrown = at(text, "B5 A5");
    assert_eq!(thrown.last_captures(), 1);
    assert_eq!(thrown.ko_point(), None);
    let back = at(text, "B5 A5 B5");
    assert_eq!(back.last_captures(), 3);
    // Black: 9 stones, E5 and A1; White: 10 stones, A5 A4 B4 and C3.
    assert_eq!(final_score(text, "B5 A5 B5 pass pass"), 2 * (11 - 14));
}

#[test]
fn two_passes_end_the_game_and_a_stone_between_them_does_not() {
    let mut pos = Position::new(9, 15, Repetition::Superko).unwrap();
    pos.play_line("pass E5 pass").unwrap();
    assert!(pos.outcome().is_none());
    assert_eq!(pos.passes(), 1);
    pos.play_line("pass").unwrap();
    assert!(pos.legal_moves().is_empty());
    let outcome = pos.outcome().unwrap();
    // White's one stone holds the board: 81 + 7.5 for White.
    assert_eq!(outcome.winner(), Some(Seat(1)));
    assert_eq!(pos.score_halves(), -2 * 81 - 15);
    assert!(pos.play_line("pass").is_err());
}

#[test]
fn a_whole_number_komi_can_draw() {
    // A column each on 3x3, the middle column touching both: 3 - 3 with komi 0.
    let text = "x.o/x.o/x.o b 0 - 0 superko";
    let pos = at(text, "pass pass");
    assert_eq!(pos.score_halves(), 0);
    let outcome = pos.outcome().unwrap();
    assert_eq!((outcome.winner(), outcome.reason), (None, "area score"));
    // Komi 0.5 gives it to White.
    let half = at(&text.replace(" 0 superko", " 0.5 superko"), "pass pass");
    assert_eq!(half.outcome().unwrap().winner(), Some(Seat(1)));
}
