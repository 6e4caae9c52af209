//! Zobrist keys, generated at compile time from a fixed seed, and the hash of a position
//! computed cell by cell, which the incrementally kept hash must always equal.

use crate::position::{Color, MAX_CELLS, Position};
use olympiad_core::random_keys as keys;

/// Key per colour (0 Black, 1 White) and cell.
pub static CELL: [[u64; MAX_CELLS]; 2] = [
    keys::<MAX_CELLS>(0x4E58_0000),
    keys::<MAX_CELLS>(0x4E58_0001),
];

/// White to move.
pub const WHITE_TO_MOVE: u64 = keys::<1>(0x4E58_0002)[0];

/// The swap was played.
pub const SWAPPED: u64 = keys::<1>(0x4E58_0003)[0];

/// The hash of `position` from its cells.
pub fn from_scratch(position: &Position) -> u64 {
    let cells = position.size() * position.size();
    let mut hash = 0;
    for (cell, (black, white)) in CELL[0].iter().zip(&CELL[1]).take(cells).enumerate() {
        match position.at(cell) {
            Some(Color::Black) => hash ^= black,
            Some(Color::White) => hash ^= white,
            None => {}
        }
    }
    if position.side_to_move() == Color::White {
        hash ^= WHITE_TO_MOVE;
    }
    if position.swapped() {
        hash ^= SWAPPED;
    }
    hash
}
