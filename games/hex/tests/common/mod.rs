//! What the Hex tests share: a position from a board side, the swap rule and a line of
//! moves.

use olympiad_core::Notation;
use olympiad_hex::Position;

/// The board of side `size` (`swap`: the rules offer the swap) after `moves`.
pub fn at(size: usize, swap: bool, moves: &str) -> Position {
    let mut pos = Position::new(size, swap).unwrap();
    pos.play_line(moves)
        .unwrap_or_else(|e| panic!("{moves}: {e}"));
    pos
}
