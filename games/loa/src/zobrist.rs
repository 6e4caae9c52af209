//! Zobrist keys, generated at compile time from a fixed seed, and the hash of a position
//! computed square by square, which the incrementally kept hash must always equal. The hash
//! is also the repetition rule's key (it covers the pieces and the side to move).

use crate::position::{Color, Position};
use olympiad_core::random_keys as keys;

/// Key per colour (0 Black, 1 White) and square.
pub static SQUARE: [[u64; 64]; 2] = [keys::<64>(0x10A0_0000), keys::<64>(0x10A0_0001)];

/// White to move.
pub const WHITE_TO_MOVE: u64 = keys::<1>(0x10A0_0002)[0];

/// The hash of `position` from its squares.
pub fn from_scratch(position: &Position) -> u64 {
    let mut hash = 0;
    for color in [Color::Black, Color::White] {
        let mut pieces = position.pieces(color);
        while pieces != 0 {
            hash ^= SQUARE[color as usize][pieces.trailing_zeros() as usize];
            pieces &= pieces - 1;
        }
    }
    if position.side_to_move() == Color::White {
        hash ^= WHITE_TO_MOVE;
    }
    hash
}
