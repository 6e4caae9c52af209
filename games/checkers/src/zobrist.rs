//! Zobrist keys, generated at compile time from a fixed seed so that hashes are the same on
//! every machine and in every run, and the hash of a position computed from its square sets
//! by byte tables: 16 lookups, whatever the number of pieces. The draw counter and the rule
//! options are not hashed: the perft table compares whole positions, so they still tell
//! positions apart there.
//!
//! The hash is not kept up to date by `play`: a capture changes a key per piece taken, and
//! perft needs the hash only where it probes its table (nodes with two or more plies left,
//! a fifth of the nodes or fewer), so computing it there is cheaper. `BYTES[k][b][v]` is the
//! XOR of the keys of kind `k` (see [`kind`]) on the squares of byte `b` whose bits are set in
//! `v`, so the tables give exactly the hash that the slow twin (`compute_hash`, key by key)
//! gives; the conformance suite compares them on every position.

use crate::position::Color;
use olympiad_core::{byte_tables, random_keys as keys};

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

/// `BYTES[kind][byte][bits]`, kind `2 * color + king`: 4 kinds x 4 bytes x 256 = 32 KiB
/// (core's `byte_tables`).
static BYTES: [[[u64; 256]; 4]; 4] = [
    byte_tables(&keys::<32>(0xC4EC_0000)),
    byte_tables(&keys::<32>(0xC4EC_0001)),
    byte_tables(&keys::<32>(0xC4EC_0002)),
    byte_tables(&keys::<32>(0xC4EC_0003)),
];

/// The hash of the pieces (without the side to move), by byte tables.
#[inline]
pub fn by_bytes(black: u32, white: u32, kings: u32) -> u64 {
    let sets = [black & !kings, black & kings, white & !kings, white & kings];
    let mut h = 0;
    for (k, set) in sets.into_iter().enumerate() {
        for b in 0..4 {
            h ^= BYTES[k][b][(set >> (8 * b)) as usize & 0xFF];
        }
    }
    h
}
