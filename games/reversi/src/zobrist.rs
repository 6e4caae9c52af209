//! Zobrist keys, generated at compile time from a fixed seed, and the hash of a position
//! computed from scratch by byte tables: 16 lookups, whatever the number of discs.
//!
//! A move turns several discs, so keeping the hash up to date would cost a key per turned
//! disc on every move; perft needs the hash only where it probes the table, so it is cheaper
//! to compute it there. `BYTES[c][b][v]` (core's `byte_tables`) is the XOR of the keys of colour `c` on the squares
//! of byte `b` whose bits are set in `v`, so the tables give exactly the Zobrist hash that the
//! slow twin [`by_squares`] computes key by key (the tests compare them).

use olympiad_core::{byte_tables, random_keys as keys};

/// Key per colour (0 Black, 1 White) and square.
pub static SQUARE: [[u64; 64]; 2] = [keys::<64>(0x0E11_0000), keys::<64>(0x0E11_0001)];

/// White to move.
pub const WHITE_TO_MOVE: u64 = keys::<1>(0x0E11_0002)[0];

static BYTES: [[[u64; 256]; 8]; 2] = [
    byte_tables(&keys::<64>(0x0E11_0000)),
    byte_tables(&keys::<64>(0x0E11_0001)),
];

/// The hash of `black` and `white` discs (without the side to move), by byte tables.
#[inline]
pub fn by_bytes(black: u64, white: u64) -> u64 {
    let mut h = 0;
    for b in 0..8 {
        h ^= BYTES[0][b][(black >> (8 * b)) as usize & 0xFF]
            ^ BYTES[1][b][(white >> (8 * b)) as usize & 0xFF];
    }
    h
}

/// The same hash, square by square.
pub fn by_squares(black: u64, white: u64) -> u64 {
    (0..64)
        .filter(|&s| (black | white) >> s & 1 != 0)
        .fold(0, |h, s| h ^ SQUARE[usize::from(white >> s & 1 != 0)][s])
}
