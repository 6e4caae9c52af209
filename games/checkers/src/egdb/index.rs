//! The dense index of a material class, Black to move.
//!
//! An index is four numbers in mixed radix, men outermost so that positions sharing their
//! men lie together (a king's move changes only the last two digits):
//!
//! ```text
//! index = ((black men * W + white men) * BK + black kings) * WK + white kings
//! ```
//!
//! - black men: the set ranked among the 28 squares a black man may stand on (1..28; on
//!   29..32 it would be a king), `C(28, bm)` values;
//! - white men: ranked among squares 5..32, `W = C(28, wm)` values; a pair of men sets that
//!   share a square has an index but is no position ([`ClassIndex::unrank`] says `None`);
//! - black kings: ranked among the `32 - men` squares the men leave empty, `BK` values;
//! - white kings: ranked among the squares still empty, `WK` values.
//!
//! A set is ranked in colexicographic order: the set `{p0 < p1 < ... }` has rank
//! `sum C(p_i, i + 1)`, so that every number below `C(n, k)` is the rank of one set.

use super::material::{MAX_PIECES, Material};

/// Squares 1..28 (bits 0..27): where a black man may stand.
pub const BLACK_MAN_SQUARES: u32 = 0x0FFF_FFFF;
/// Squares 5..32 (bits 4..31): where a white man may stand.
pub const WHITE_MAN_SQUARES: u32 = 0xFFFF_FFF0;
/// The first square (bit) a white man may stand on.
const WHITE_MAN_FIRST: u32 = 4;

/// Binomial coefficients `C(n, k)` for `n <= 32`, `k <= MAX_PIECES`.
const BINOM: [[u64; MAX_PIECES as usize + 1]; 33] = {
    let mut t = [[0u64; MAX_PIECES as usize + 1]; 33];
    let mut n = 0;
    while n <= 32 {
        t[n][0] = 1;
        let mut k = 1;
        while k <= MAX_PIECES as usize {
            t[n][k] = if n == 0 {
                0
            } else {
                t[n - 1][k - 1] + t[n - 1][k]
            };
            k += 1;
        }
        n += 1;
    }
    t
};

/// `C(n, k)`.
#[inline(always)]
fn binom(n: u32, k: u32) -> u64 {
    BINOM[n as usize][k as usize]
}

/// The colexicographic rank of the set `set` (bit positions as elements).
#[inline]
fn rank_set(mut set: u32) -> u64 {
    let mut rank = 0;
    let mut i = 1;
    while set != 0 {
        rank += binom(set.trailing_zeros(), i);
        set &= set - 1;
        i += 1;
    }
    rank
}

/// The set of `k` elements below `n` whose colexicographic rank is `rank`.
#[inline]
fn unrank_set(mut rank: u64, k: u32, n: u32) -> u32 {
    let mut set = 0;
    let mut p = n;
    for i in (1..=k).rev() {
        p -= 1;
        while binom(p, i) > rank {
            p -= 1;
        }
        rank -= binom(p, i);
        set |= 1 << p;
    }
    set
}

/// `set`'s squares, each replaced by its number among the squares of `free` (which holds
/// them all): the set squeezed onto the free squares.
#[inline]
fn squeeze(set: u32, free: u32) -> u32 {
    let mut out = 0;
    let mut rest = set;
    while rest != 0 {
        let sq = rest.trailing_zeros();
        out |= 1 << (free & ((1u32 << sq) - 1)).count_ones();
        rest &= rest - 1;
    }
    out
}

/// The inverse of [`squeeze`]: element `q` becomes the `q`-th square of `free`.
#[inline]
fn spread(set: u32, free: u32) -> u32 {
    let mut out = 0;
    let mut rest = set;
    let mut f = free;
    let mut at = 0;
    while rest != 0 {
        let q = rest.trailing_zeros();
        while at < q {
            f &= f - 1;
            at += 1;
        }
        out |= f & f.wrapping_neg();
        rest &= rest - 1;
    }
    out
}

/// The index of one material class: sizes of its four digits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClassIndex {
    material: Material,
    white_men: u64,
    black_kings: u64,
    white_kings: u64,
    size: u64,
}

impl ClassIndex {
    /// The index of `material` (at most [`MAX_PIECES`] pieces).
    pub fn new(material: Material) -> Self {
        let m = material;
        let men = m.men();
        let black_men = binom(28, m.black_men.into());
        let white_men = binom(28, m.white_men.into());
        let black_kings = binom(32 - men, m.black_kings.into());
        let white_kings = binom(32 - men - u32::from(m.black_kings), m.white_kings.into());
        ClassIndex {
            material,
            white_men,
            black_kings,
            white_kings,
            size: black_men * white_men * black_kings * white_kings,
        }
    }

    /// The class.
    pub fn material(&self) -> Material {
        self.material
    }

    /// The number of indices (positions, and pairs of men sets that overlap).
    pub fn size(&self) -> u64 {
        self.size
    }

    /// The index of the position with these square sets and Black to move, which must be of
    /// this class with no man on its crowning row.
    #[inline]
    pub fn rank(&self, black: u32, white: u32, kings: u32) -> u64 {
        let bm = black & !kings;
        let wm = white & !kings;
        let free = !(bm | wm);
        let bk = black & kings;
        let free2 = free & !bk;
        let wk = white & kings;
        let r_bm = rank_set(bm);
        let r_wm = rank_set(wm >> WHITE_MAN_FIRST);
        let r_bk = rank_set(squeeze(bk, free));
        let r_wk = rank_set(squeeze(wk, free2));
        ((r_bm * self.white_men + r_wm) * self.black_kings + r_bk) * self.white_kings + r_wk
    }

    /// The square sets (black pieces, white pieces, kings) of `index`, or `None` when its
    /// black and white men share a square.
    #[inline]
    pub fn unrank(&self, index: u64) -> Option<(u32, u32, u32)> {
        let m = self.material;
        let r_wk = index % self.white_kings;
        let rest = index / self.white_kings;
        let r_bk = rest % self.black_kings;
        let rest = rest / self.black_kings;
        let r_wm = rest % self.white_men;
        let r_bm = rest / self.white_men;
        let bm = unrank_set(r_bm, m.black_men.into(), 28);
        let wm = unrank_set(r_wm, m.white_men.into(), 28) << WHITE_MAN_FIRST;
        if bm & wm != 0 {
            return None;
        }
        let free = !(bm | wm);
        let bk = spread(unrank_set(r_bk, m.black_kings.into(), 32), free);
        let free2 = free & !bk;
        let wk = spread(unrank_set(r_wk, m.white_kings.into(), 32), free2);
        Some((bm | bk, wm | wk, bk | wk))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sets_round_trip() {
        for k in 0..=4u32 {
            for r in 0..binom(28, k) {
                let set = unrank_set(r, k, 28);
                assert_eq!(set.count_ones(), k);
                assert!(set < 1 << 28);
                assert_eq!(rank_set(set), r);
            }
        }
    }

    #[test]
    fn squeeze_and_spread_are_inverse() {
        let free = 0xF0F0_3C5Au32;
        let set = 0x8000_1048u32;
        assert_eq!(set & !free, 0);
        assert_eq!(spread(squeeze(set, free), free), set);
    }
}
