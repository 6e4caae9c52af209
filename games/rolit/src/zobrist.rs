//! Zobrist keys, generated at compile time from a fixed seed.

use crate::PLAYERS;
use olympiad_core::random_keys as keys;

/// A ball of player `p` on a square.
pub static BALL: [[u64; 64]; PLAYERS] = [
    keys::<64>(0x7011_7000),
    keys::<64>(0x7011_7001),
    keys::<64>(0x7011_7002),
    keys::<64>(0x7011_7003),
];
/// Player `p` to move.
pub static SIDE: [u64; PLAYERS] = keys::<PLAYERS>(0x7011_7004);
