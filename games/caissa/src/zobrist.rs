//! Zobrist keys, generated at compile time from a fixed seed so that hashes are the same on
//! every machine and in every run.

use crate::bitboard::NONE;
use crate::position::Move;
use olympiad_core::random_keys as keys;

const fn piece_keys() -> [[[u64; 64]; 4]; 2] {
    let mut t = [[[0u64; 64]; 4]; 2];
    let mut c = 0;
    while c < 2 {
        let mut k = 0;
        while k < 4 {
            t[c][k] = keys::<64>(0xCA15_5A00 + (c * 4 + k) as u64);
            k += 1;
        }
        c += 1;
    }
    t
}

/// A piece of colour `c` and kind `k` on a square.
pub static PIECE: [[[u64; 64]; 4]; 2] = piece_keys();
/// A square without a tile.
pub static HOLE: [u64; 64] = keys::<64>(0xCA15_5A10);
const EXCHANGE_FROM: [u64; 64] = keys::<64>(0xCA15_5A11);
const EXCHANGE_TO: [u64; 64] = keys::<64>(0xCA15_5A12);
/// Black to move.
pub const SIDE: u64 = keys::<1>(0xCA15_5A13)[0];

/// The key of the last exchange (0 for none).
#[inline(always)]
pub fn last_exchange(mv: Move) -> u64 {
    if mv.from == NONE {
        0
    } else {
        EXCHANGE_FROM[mv.from as usize] ^ EXCHANGE_TO[mv.to as usize]
    }
}
