//! Zobrist keys, generated at compile time from a fixed seed so that hashes are the same on
//! every machine and in every run. The draw counter and the rule options are not hashed: the
//! perft table compares whole positions, so they still tell positions apart there.

use crate::position::Color;
use olympiad_core::random_keys as keys;

/// Keys per side, man (0) or king (1), square.
static PIECE: [[[u64; 32]; 2]; 2] = [
    [keys::<32>(0xC4EC_0000), keys::<32>(0xC4EC_0001)],
    [keys::<32>(0xC4EC_0002), keys::<32>(0xC4EC_0003)],
];

/// White to move.
pub const WHITE_TO_MOVE: u64 = keys::<1>(0xC4EC_0004)[0];

/// The key of a piece of `color` on bit `sq`.
#[inline(always)]
pub fn piece(color: Color, king: bool, sq: u8) -> u64 {
    PIECE[color as usize][usize::from(king)][sq as usize]
}
