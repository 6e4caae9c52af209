//! Zobrist keys, generated at compile time from a fixed seed, and the hash of a position
//! computed point by point, which the incrementally kept hash must always equal.

use crate::position::{Color, MAX_POINTS, Position};
use olympiad_core::random_keys as keys;

/// Key per colour (0 Black, 1 White) and point.
pub static POINT: [[u64; MAX_POINTS]; 2] = [
    keys::<MAX_POINTS>(0xC6C6_0000),
    keys::<MAX_POINTS>(0xC6C6_0001),
];

/// White to move.
pub const WHITE_TO_MOVE: u64 = keys::<1>(0xC6C6_0002)[0];

/// The hash of `position` from its points.
pub fn from_scratch(position: &Position) -> u64 {
    let points = position.size() * position.size();
    let mut hash = 0;
    for (point, (black, white)) in POINT[0].iter().zip(&POINT[1]).take(points).enumerate() {
        match position.at(point) {
            Some(Color::Black) => hash ^= black,
            Some(Color::White) => hash ^= white,
            None => {}
        }
    }
    if position.side_to_move() == Color::White {
        hash ^= WHITE_TO_MOVE;
    }
    hash
}
