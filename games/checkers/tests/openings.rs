//! The ACF three-move deck in `data/three-move.txt`: 156 openings, each three legal moves
//! from the start under our rules, all different, none ending the game, numbered as the
//! ACF numbers them with the 18 barred sequences left out.

use olympiad_checkers::Position;
use olympiad_core::{Game, Notation};
use std::collections::HashSet;

/// The ACF numbers of the barred three-move sequences.
const BARRED: [u32; 18] = [
    3, 13, 26, 35, 44, 45, 48, 52, 77, 88, 94, 109, 114, 137, 145, 156, 168, 171,
];

#[test]
fn three_move_ballot() {
    let text = include_str!("../data/three-move.txt");
    let mut positions = HashSet::new();
    let mut numbers = Vec::new();
    for line in text.lines() {
        let (moves, comment) = line.split_once('#').unwrap_or((line, ""));
        let moves = moves.trim();
        if moves.is_empty() {
            continue;
        }
        let number: u32 = comment
            .trim()
            .strip_prefix("ACF ")
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("'{line}' has no ACF number"));
        numbers.push(number);
        let mut pos = Position::start();
        pos.play_line(moves)
            .unwrap_or_else(|e| panic!("ACF {number} '{moves}': {e}"));
        assert_eq!(moves.split_whitespace().count(), 3, "{line}");
        assert!(pos.outcome().is_none(), "{line}");
        assert!(
            positions.insert(pos.position_text()),
            "{line} repeats a position"
        );
    }
    assert_eq!(numbers.len(), 156);
    let want: Vec<u32> = (1..=174).filter(|n| !BARRED.contains(n)).collect();
    assert_eq!(numbers, want);
}
