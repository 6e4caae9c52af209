//! Square sets of the 8x8 board as `u64`, legal-move sets by parallel shifts, and the discs a
//! move turns by ray masks built at compile time.
//!
//! Columns `a`..`h` run left to right, rows `1`..`8` top to bottom (the Othello convention,
//! so the start has White on d4 and e5); bit `8 * (row - 1) + column` is the square:
//!
//! ```text
//!        a  b  c  d  e  f  g  h
//!   1    0  1  2  3  4  5  6  7
//!   2    8  9 10 11 12 13 14 15
//!   3   16 17 18 19 20 21 22 23
//!   4   24 25 26 27 28 29 30 31
//!   5   32 33 34 35 36 37 38 39
//!   6   40 41 42 43 44 45 46 47
//!   7   48 49 50 51 52 53 54 55
//!   8   56 57 58 59 60 61 62 63
//! ```
//!
//! A step east is `<< 1`, south `<< 8`, south-east `<< 9`, south-west `<< 7`; the opposite
//! directions shift right. Steps that change the column use sets without the a and h files,
//! so that no line wraps round the edge.

/// Every square but the a and h files.
pub const INNER_FILES: u64 = 0x7E7E_7E7E_7E7E_7E7E;

/// The longest run of enemy discs a move can turn in one direction (8 squares, minus the
/// move and the flanking disc).
const MAX_RUN: u32 = 6;

/// Squares where `own` (to move) may place a disc: empty, with an unbroken line of `opp`'s
/// discs between it and one of `own`'s discs in some direction.
#[inline(always)]
pub fn legal_squares(own: u64, opp: u64) -> u64 {
    let empty = !(own | opp);
    let inner = opp & INNER_FILES;
    (line_ends(own, inner, 1)
        | line_ends(own, opp, 8)
        | line_ends(own, inner, 7)
        | line_ends(own, inner, 9))
        & empty
}

/// The squares just past runs of `opp` that start next to `own`, along `s` and `-s`.
/// Runs grow by doubling: 1, 2, then 4 and 6 squares with the pairs `pairs`.
#[inline(always)]
fn line_ends(own: u64, opp: u64, s: u32) -> u64 {
    const { assert!(MAX_RUN == 6, "three doubling steps reach runs of 6") };
    let pairs_up = opp & (opp << s);
    let pairs_down = opp & (opp >> s);
    let mut up = opp & (own << s);
    let mut down = opp & (own >> s);
    up |= opp & (up << s);
    down |= opp & (down >> s);
    up |= pairs_up & (up << (2 * s));
    down |= pairs_down & (down >> (2 * s));
    up |= pairs_up & (up << (2 * s));
    down |= pairs_down & (down >> (2 * s));
    (up << s) | (down >> s)
}

/// Steps of the eight directions as (column, row) deltas, the first four towards higher bits.
const DELTAS: [(i32, i32); 8] = [
    (1, 0),   // east
    (-1, 1),  // south-west
    (0, 1),   // south
    (1, 1),   // south-east
    (-1, 0),  // west
    (1, -1),  // north-east
    (0, -1),  // north
    (-1, -1), // north-west
];

/// `RAYS[d][sq]`: the squares from `sq` (excluded) to the edge in direction `d`.
static RAYS: [[u64; 64]; 8] = rays();

const fn rays() -> [[u64; 64]; 8] {
    let mut t = [[0u64; 64]; 8];
    let mut d = 0;
    while d < 8 {
        let mut sq = 0;
        while sq < 64 {
            let (dc, dr) = DELTAS[d];
            let (mut c, mut r) = ((sq % 8) as i32 + dc, (sq / 8) as i32 + dr);
            while c >= 0 && c < 8 && r >= 0 && r < 8 {
                t[d][sq] |= 1u64 << (r * 8 + c);
                c += dc;
                r += dr;
            }
            sq += 1;
        }
        d += 1;
    }
    t
}

/// The discs of `opp` that a disc of `own` placed on `sq` turns.
///
/// Branch-free: whether a ray turns is a 0/1 flag widened to a mask, because the outcome of a
/// per-ray test is random and a mispredicted branch costs more than the arithmetic.
#[inline(always)]
pub fn flips(sq: usize, own: u64, opp: u64) -> u64 {
    let mut turned = 0;
    // Towards higher bits: the first square of the ray that is not `opp` is its lowest bit
    // (none: the whole ray is `opp`, and `first & own` is 0).
    for ray in [RAYS[0][sq], RAYS[1][sq], RAYS[2][sq], RAYS[3][sq]] {
        let stop = ray & !opp;
        let first = stop & stop.wrapping_neg();
        let closes = u64::from(first & own != 0).wrapping_neg();
        turned |= ray & first.wrapping_sub(1) & closes;
    }
    // Towards lower bits: it is the highest bit. `| 1` keeps the bit scan off zero: when
    // the ray has no stop, bit 0 is either on the ray (then it is `opp`, not `own`) or off
    // it (then `& ray` drops it), so no line closes.
    for ray in [RAYS[4][sq], RAYS[5][sq], RAYS[6][sq], RAYS[7][sq]] {
        let stop = ray & !opp;
        let first = 1u64 << (63 - (stop | 1).leading_zeros());
        let closes = u64::from(first & own & ray != 0).wrapping_neg();
        turned |= ray & !((first << 1).wrapping_sub(1)) & closes;
    }
    turned
}

/// Iterates over the bit indices of a set, lowest first.
#[derive(Clone, Copy, Debug)]
pub struct Bits(pub u64);

impl Iterator for Bits {
    type Item = u8;
    #[inline(always)]
    fn next(&mut self) -> Option<u8> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(i)
    }
}
