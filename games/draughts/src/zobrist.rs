//! Zobrist keys, generated at compile time from a fixed seed so that hashes are the same on
//! every machine and in every run, and the hash of a position computed from its square sets
//! by byte tables: 28 lookups, whatever the number of pieces. The draw counters are not
//! hashed (the perft table compares whole positions, so they still tell positions apart).
//!
//! The hash is computed on demand rather than kept by `play`: a capture changes a key per
//! piece taken, and the hash is needed only where perft probes its table and, under the
//! draw rules, once per king's move for the repetition list. `BYTES[k][b][v]` (core's
//! `byte_tables`) is the XOR of the keys of kind `k` on the bits of byte `b` set in `v`, so
//! the tables give exactly the hash the slow twin (`compute_hash`, key by key) gives; the
//! conformance suite compares them on every position.

use crate::position::Color;
use olympiad_core::{byte_tables, random_keys as keys};

/// Bits of a square set that can hold a piece (square 50 is bit 53).
const BITS: usize = 54;
/// Bytes of a square set that the tables cover.
const BYTES_PER_SET: usize = BITS.div_ceil(8);

/// Keys per side (White 0, Black 1), man (0) or king (1), bit.
static PIECE: [[[u64; 64]; 2]; 2] = piece_keys();

const fn piece_keys() -> [[[u64; 64]; 2]; 2] {
    [
        [keys::<64>(0xD4A9_0000), keys::<64>(0xD4A9_0001)],
        [keys::<64>(0xD4A9_0002), keys::<64>(0xD4A9_0003)],
    ]
}

/// Black to move.
pub const BLACK_TO_MOVE: u64 = keys::<1>(0xD4A9_0004)[0];

/// The key of a piece of `color` on bit `b`.
#[inline(always)]
pub fn piece(color: Color, king: bool, b: u32) -> u64 {
    PIECE[color as usize][usize::from(king)][b as usize]
}

/// `BYTES[kind][byte][bits]`, kind `2 * colour + king`: 4 x 7 x 256 keys = 56 KiB.
static BYTES: [[[u64; 256]; BYTES_PER_SET]; 4] = {
    let piece = piece_keys();
    [
        byte_tables(&piece[0][0]),
        byte_tables(&piece[0][1]),
        byte_tables(&piece[1][0]),
        byte_tables(&piece[1][1]),
    ]
};

/// The hash of the pieces (without the side to move), by byte tables.
#[inline]
pub fn by_bytes(white: u64, black: u64, kings: u64) -> u64 {
    let sets = [white & !kings, white & kings, black & !kings, black & kings];
    let mut h = 0;
    for (k, set) in sets.into_iter().enumerate() {
        for (b, table) in BYTES[k].iter().enumerate() {
            h ^= table[(set >> (8 * b)) as usize & 0xFF];
        }
    }
    h
}
