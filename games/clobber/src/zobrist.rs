//! Zobrist keys, generated at compile time from a fixed seed, and the hash of a position
//! computed square by square, which the incrementally kept hash must always equal.

use crate::position::Position;
use olympiad_core::random_keys as keys;

/// Key per colour (0 Black, 1 White) and square.
pub static SQUARE: [[u64; 128]; 2] = [keys::<128>(0xC10B_0000), keys::<128>(0xC10B_0001)];

/// White to move.
pub const WHITE_TO_MOVE: u64 = keys::<1>(0xC10B_0002)[0];

/// The hash of `position` from its squares.
pub fn from_scratch(position: &Position) -> u64 {
    let mut hash = 0;
    for (c, color) in [crate::Color::Black, crate::Color::White]
        .into_iter()
        .enumerate()
    {
        let mut stones = position.stones(color);
        while stones != 0 {
            hash ^= SQUARE[c][stones.trailing_zeros() as usize];
            stones &= stones - 1;
        }
    }
    if position.side_to_move() == crate::Color::White {
        hash ^= WHITE_TO_MOVE;
    }
    hash
}
