//! The move generator's two kernels, legal squares and turned discs, on four directions at
//! once in the 64-bit lanes of a 256-bit AVX2 register, for x86-64 processors that have it
//! (checked once at run time; elsewhere the scalar code of [`crate::bitboard`] runs, and the
//! tests compare the two on random boards).
//!
//! Lane `i` works along the direction of shift `SHIFTS[i]` (east, south, south-west,
//! south-east towards higher bits; the opposite four by shifting right). Lanes that change
//! the column see the enemy discs without the a and h files, so that no run wraps round the
//! edge, exactly as in the scalar code.

use crate::bitboard::INNER_FILES;
use crate::position::Position;
use std::arch::x86_64::{
    __m256i, _mm_cvtsi128_si64, _mm_or_si128, _mm_unpackhi_epi64, _mm256_and_si256,
    _mm256_andnot_si256, _mm256_castsi256_si128, _mm256_cmpeq_epi64, _mm256_extracti128_si256,
    _mm256_or_si256, _mm256_permute4x64_epi64, _mm256_set_epi64x, _mm256_set1_epi64x,
    _mm256_setzero_si256, _mm256_shuffle_epi32, _mm256_sllv_epi64, _mm256_srlv_epi64,
};

/// Bit steps of the four lanes' directions (east, south, south-west, south-east).
const SHIFTS: [i64; 4] = [1, 8, 7, 9];

/// Is the AVX2 path available on this processor? (A cached test: a load and a branch.)
#[inline(always)]
pub fn available() -> bool {
    std::arch::is_x86_feature_detected!("avx2") && std::arch::is_x86_feature_detected!("popcnt")
}

/// [`crate::bitboard::legal_squares`] on AVX2, and their number.
#[target_feature(enable = "avx2,popcnt")]
pub fn legal_squares_counted(own: u64, opp: u64) -> (u64, u8) {
    let moves = legal_squares_inline(own, opp);
    (moves, moves.count_ones() as u8)
}

/// The shift counts of the lanes, times `k`.
#[inline]
#[target_feature(enable = "avx2")]
fn shifts(k: i64) -> __m256i {
    _mm256_set_epi64x(k * SHIFTS[3], k * SHIFTS[2], k * SHIFTS[1], k * SHIFTS[0])
}

/// `opp` as each lane sees it (without the a and h files where the direction changes column).
#[inline]
#[target_feature(enable = "avx2")]
fn lane_opp(opp: u64) -> __m256i {
    lane_mask(_mm256_set1_epi64x(opp as i64))
}

/// A set in every lane, as each lane sees it (see [`lane_opp`]).
#[inline]
#[target_feature(enable = "avx2")]
fn lane_mask(v: __m256i) -> __m256i {
    let inner = INNER_FILES as i64;
    _mm256_and_si256(v, _mm256_set_epi64x(inner, inner, -1, inner))
}

/// The OR of the four lanes in every lane, without leaving the vector unit.
#[inline]
#[target_feature(enable = "avx2")]
fn or_lanes_spread(v: __m256i) -> __m256i {
    let halves = _mm256_or_si256(v, _mm256_permute4x64_epi64::<0x4E>(v));
    _mm256_or_si256(halves, _mm256_shuffle_epi32::<0x4E>(halves))
}

/// The OR of the four lanes.
#[inline]
#[target_feature(enable = "avx2")]
fn or_lanes(v: __m256i) -> u64 {
    let x = _mm_or_si128(_mm256_castsi256_si128(v), _mm256_extracti128_si256::<1>(v));
    _mm_cvtsi128_si64(_mm_or_si128(x, _mm_unpackhi_epi64(x, x))) as u64
}

/// Runs of `oo` (per lane) that start next to `seed`, towards higher bits and towards lower
/// bits: 1, 2, then 4 and 6 squares, the longest run a line can hold.
#[inline]
#[target_feature(enable = "avx2")]
fn runs(seed: __m256i, oo: __m256i) -> (__m256i, __m256i) {
    let (s1, s2) = (shifts(1), shifts(2));
    let and = _mm256_and_si256;
    let or = _mm256_or_si256;
    let pairs_up = and(oo, _mm256_sllv_epi64(oo, s1));
    let pairs_down = and(oo, _mm256_srlv_epi64(oo, s1));
    let mut up = and(oo, _mm256_sllv_epi64(seed, s1));
    let mut down = and(oo, _mm256_srlv_epi64(seed, s1));
    up = or(up, and(oo, _mm256_sllv_epi64(up, s1)));
    down = or(down, and(oo, _mm256_srlv_epi64(down, s1)));
    up = or(up, and(pairs_up, _mm256_sllv_epi64(up, s2)));
    down = or(down, and(pairs_down, _mm256_srlv_epi64(down, s2)));
    up = or(up, and(pairs_up, _mm256_sllv_epi64(up, s2)));
    down = or(down, and(pairs_down, _mm256_srlv_epi64(down, s2)));
    (up, down)
}

/// [`crate::bitboard::legal_squares`] on AVX2.
#[cfg(test)]
#[target_feature(enable = "avx2")]
pub fn legal_squares(own: u64, opp: u64) -> u64 {
    legal_squares_inline(own, opp)
}

#[inline]
#[target_feature(enable = "avx2")]
fn legal_squares_inline(own: u64, opp: u64) -> u64 {
    line_ends(_mm256_set1_epi64x(own as i64), lane_opp(opp)) & !(own | opp)
}

/// The squares just past runs of `oo` (per lane) next to `pp`, empty or not.
#[inline]
#[target_feature(enable = "avx2")]
fn line_ends(pp: __m256i, oo: __m256i) -> u64 {
    let s1 = shifts(1);
    let (up, down) = runs(pp, oo);
    or_lanes(_mm256_or_si256(
        _mm256_sllv_epi64(up, s1),
        _mm256_srlv_epi64(down, s1),
    ))
}

/// [`crate::bitboard::flips`] on AVX2: the runs from the new disc that end on one of `own`'s.
/// (Play goes through [`place`]; this one is for the tests.)
#[cfg(test)]
#[target_feature(enable = "avx2")]
pub fn flips(sq: usize, own: u64, opp: u64) -> u64 {
    flips_inline(sq, own, opp)
}

#[cfg(test)]
#[inline]
#[target_feature(enable = "avx2")]
fn flips_inline(sq: usize, own: u64, opp: u64) -> u64 {
    or_lanes(flips_lanes(
        _mm256_set1_epi64x(1i64 << sq),
        _mm256_set1_epi64x(own as i64),
        lane_opp(opp),
    ))
}

/// The discs each lane turns when a disc goes on `xx` (`pp` the mover's discs, `oo` the
/// other side's as the lane sees them).
#[inline]
#[target_feature(enable = "avx2")]
fn flips_lanes(xx: __m256i, pp: __m256i, oo: __m256i) -> __m256i {
    let s1 = shifts(1);
    let (up, down) = runs(xx, oo);
    let zero = _mm256_setzero_si256();
    // A lane turns its run when the square just past it holds one of `own`'s discs.
    let open_up = _mm256_cmpeq_epi64(_mm256_and_si256(_mm256_sllv_epi64(up, s1), pp), zero);
    let open_down = _mm256_cmpeq_epi64(_mm256_and_si256(_mm256_srlv_epi64(down, s1), pp), zero);
    _mm256_or_si256(
        _mm256_andnot_si256(open_up, up),
        _mm256_andnot_si256(open_down, down),
    )
}

/// The position after the mover of `pos` puts a disc on `sq`: turned discs, the next
/// mover's legal squares and their number, in one call (the call is the price of switching
/// instruction sets, and the population count instruction comes with AVX2 processors).
#[target_feature(enable = "avx2,popcnt")]
pub fn place(pos: &Position, sq: usize) -> Position {
    // The new boards stay in every lane for the legal squares: the round trip through a
    // general register would lie on the critical path.
    let xx = _mm256_set1_epi64x(1i64 << sq);
    let pp = _mm256_set1_epi64x(pos.own as i64);
    let opp_all = _mm256_set1_epi64x(pos.opp as i64);
    let turned = or_lanes_spread(flips_lanes(xx, pp, lane_mask(opp_all)));
    let next_own = _mm256_andnot_si256(turned, opp_all);
    let next_opp = _mm256_or_si256(_mm256_or_si256(pp, turned), xx);
    let own = _mm_cvtsi128_si64(_mm256_castsi256_si128(next_own)) as u64;
    let opp = _mm_cvtsi128_si64(_mm256_castsi256_si128(next_opp)) as u64;
    let moves = line_ends(next_own, lane_mask(next_opp)) & !(own | opp);
    Position {
        own,
        opp,
        moves,
        count: moves.count_ones() as u8,
        side: pos.side.flip(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bitboard;
    use olympiad_core::SplitMix64;

    /// The AVX2 kernels against the scalar ones on random boards of every density.
    #[test]
    fn agrees_with_scalar() {
        if !available() {
            println!("no AVX2 here: nothing to compare");
            return;
        }
        let mut rng = SplitMix64::new(0x51AD);
        for i in 0..200_000 {
            let (a, b) = (rng.next_u64(), rng.next_u64());
            let thin = [a & b, a | b, a, a & b & rng.next_u64()][i % 4];
            let own = thin & rng.next_u64();
            let opp = thin & !own;
            // SAFETY: `available()` said this processor has AVX2.
            unsafe {
                assert_eq!(legal_squares(own, opp), bitboard::legal_squares(own, opp));
                for sq in bitboard::Bits(!(own | opp)).take(4) {
                    let sq = usize::from(sq);
                    let turned = bitboard::flips(sq, own, opp);
                    assert_eq!(flips(sq, own, opp), turned, "{own:x} {opp:x} {sq}");
                    let pos = Position::from_colors(own, opp, crate::Color::Black);
                    let next = Position::from_colors(
                        own | turned | 1 << sq,
                        opp & !turned,
                        crate::Color::White,
                    );
                    // The scalar legal squares, not those `from_colors` found.
                    let next = next.with_moves(bitboard::legal_squares(next.own, next.opp));
                    assert_eq!(place(&pos, sq), next);
                }
            }
        }
    }
}
