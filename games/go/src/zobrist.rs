//! Zobrist keys, generated at compile time from a fixed seed. The board key (stones only)
//! is what positional superko compares and what play keeps incrementally; the position's
//! hash adds the side to move, the ko point, the passes and a drawn cycle on top.

use crate::point::MAX_CELLS;
use olympiad_core::random_keys as keys;

/// Key per colour (0 Black, 1 White) and padded point.
pub static STONE: [[u64; MAX_CELLS]; 2] =
    [keys::<MAX_CELLS>(0x60_0000), keys::<MAX_CELLS>(0x60_0001)];

/// Key per simple-ko point.
pub static KO: [u64; MAX_CELLS] = keys::<MAX_CELLS>(0x60_0002);

/// White to move.
pub const WHITE_TO_MOVE: u64 = keys::<1>(0x60_0003)[0];

/// Consecutive passes 0, 1 and 2 (0 has no key of its own).
pub const PASSES: [u64; 3] = {
    let k = keys::<2>(0x60_0004);
    [0, k[0], k[1]]
};

/// The game was ended by a repeated position (the Olympiad's cycle rule).
pub const CYCLE: u64 = keys::<1>(0x60_0005)[0];
