//! Square sets as `u64` and the look-up tables of the 7x7 board, all built at compile time.
//!
//! Square `sq = 7 * rank + file` (a1 = 0, g1 = 6, a7 = 42, g7 = 48); bit `sq` of a `u64` is
//! that square. Bits 49..63 are never set in a board set; [`NONE`] (63) stands for "no square"
//! (a captured piece) and every table maps it to the empty set, so a missing piece attacks
//! nothing without a branch.
//!
//! ```text
//!   rank 7 | 42 43 44 45 46 47 48
//!   rank 6 | 35 36 37 38 39 40 41
//!   rank 5 | 28 29 30 31 32 33 34
//!   rank 4 | 21 22 23 24 25 26 27
//!   rank 3 | 14 15 16 17 18 19 20
//!   rank 2 |  7  8  9 10 11 12 13
//!   rank 1 |  0  1  2  3  4  5  6
//!            a  b  c  d  e  f  g
//! ```
//!
//! Sliding attacks use direction rays: the ray from a square, cut after the first piece on it
//! (found with a bit scan). Holes never block; only pieces do.

/// Files and ranks on the board.
pub const SIZE: usize = 7;
/// Squares on the board.
pub const SQUARES: usize = 49;
/// "No square": a piece that has left the game.
pub const NONE: u8 = 63;
/// Every square of the board.
pub const BOARD: u64 = (1 << SQUARES) - 1;
/// Every square except file a.
const NOT_A: u64 = BOARD & !file_mask(0);
/// Every square except file g.
const NOT_G: u64 = BOARD & !file_mask(6);

/// The set holding `sq` only (empty for [`NONE`], whose bit is off the board).
#[inline(always)]
pub const fn bit(sq: u8) -> u64 {
    (1u64 << sq) & BOARD
}

const fn file_mask(file: usize) -> u64 {
    let mut m = 0u64;
    let mut r = 0;
    while r < SIZE {
        m |= 1 << (r * SIZE + file);
        r += 1;
    }
    m
}

/// The eight directions as (file step, rank step); the first four increase the square index.
const DIRS: [(i32, i32); 8] = [
    (0, 1),   // north, +7
    (1, 0),   // east, +1
    (1, 1),   // north-east, +8
    (-1, 1),  // north-west, +6
    (0, -1),  // south, -7
    (-1, 0),  // west, -1
    (-1, -1), // south-west, -8
    (1, -1),  // south-east, -6
];

const fn on_board(f: i32, r: i32) -> bool {
    f >= 0 && f < SIZE as i32 && r >= 0 && r < SIZE as i32
}

const fn build_rays() -> [[u64; 64]; 8] {
    let mut rays = [[0u64; 64]; 8];
    let mut d = 0;
    while d < 8 {
        let mut sq = 0;
        while sq < SQUARES {
            let (mut f, mut r) = ((sq % SIZE) as i32, (sq / SIZE) as i32);
            let mut m = 0u64;
            loop {
                f += DIRS[d].0;
                r += DIRS[d].1;
                if !on_board(f, r) {
                    break;
                }
                m |= 1 << (r * SIZE as i32 + f);
            }
            rays[d][sq] = m;
            sq += 1;
        }
        d += 1;
    }
    rays
}

const fn build_steps(steps: &[(i32, i32)]) -> [u64; 64] {
    let mut t = [0u64; 64];
    let mut sq = 0;
    while sq < SQUARES {
        let (f, r) = ((sq % SIZE) as i32, (sq / SIZE) as i32);
        let mut i = 0;
        while i < steps.len() {
            let (nf, nr) = (f + steps[i].0, r + steps[i].1);
            if on_board(nf, nr) {
                t[sq] |= 1 << (nr * SIZE as i32 + nf);
            }
            i += 1;
        }
        sq += 1;
    }
    t
}

/// `RAYS[d][sq]`: the squares from `sq` (exclusive) to the edge in direction `d`.
pub static RAYS: [[u64; 64]; 8] = build_rays();
/// Knight jumps from each square.
pub static KNIGHT: [u64; 64] = build_steps(&[
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
]);
/// The up to eight neighbours of each square (the in-check queen's moves, tile contact).
pub static ADJACENT: [u64; 64] = build_steps(&DIRS);

/// `BETWEEN[a][b]`: the squares strictly between `a` and `b` when they share a rank, file or
/// diagonal; empty otherwise.
pub static BETWEEN: [[u64; 64]; 64] = {
    let mut t = [[0u64; 64]; 64];
    let mut a = 0;
    while a < SQUARES {
        let mut d = 0;
        while d < 8 {
            let mut b = 0;
            while b < SQUARES {
                if RAYS_C[d][a] & (1 << b) != 0 {
                    t[a][b] = RAYS_C[d][a] & !RAYS_C[d][b] & !(1 << b);
                }
                b += 1;
            }
            d += 1;
        }
        a += 1;
    }
    t
};
const RAYS_C: [[u64; 64]; 8] = build_rays();

/// Do `a` and `b` share a rank or file?
#[inline(always)]
pub fn orthogonal(a: u8, b: u8) -> bool {
    a / 7 == b / 7 || a % 7 == b % 7
}

/// Squares attacked along direction `d` from `sq`, up to and including the first piece.
///
/// Branch-free: a sentinel bit stands for "no piece on the ray" — bit 63 for the directions
/// that increase the index (its ray is empty), bit 0 for the others (a1 has no square below
/// or to its left, so its rays in those directions are empty too).
#[inline(always)]
fn ray_attacks<const D: usize>(sq: u8, occ: u64) -> u64 {
    let ray = RAYS[D][sq as usize];
    let blockers = ray & occ;
    let first = if D < 4 {
        (blockers | 1 << 63).trailing_zeros()
    } else {
        63 - (blockers | 1).leading_zeros()
    };
    ray ^ RAYS[D][first as usize]
}

/// Rook moves from `sq` over pieces `occ` (including the first piece on each line).
#[inline(always)]
pub fn rook_attacks(sq: u8, occ: u64) -> u64 {
    ray_attacks::<0>(sq, occ)
        | ray_attacks::<1>(sq, occ)
        | ray_attacks::<4>(sq, occ)
        | ray_attacks::<5>(sq, occ)
}

/// Bishop moves from `sq` over pieces `occ` (including the first piece on each line).
#[inline(always)]
pub fn bishop_attacks(sq: u8, occ: u64) -> u64 {
    ray_attacks::<2>(sq, occ)
        | ray_attacks::<3>(sq, occ)
        | ray_attacks::<6>(sq, occ)
        | ray_attacks::<7>(sq, occ)
}

/// Queen lines from `sq` over pieces `occ` (including the first piece on each line).
#[inline(always)]
pub fn queen_attacks(sq: u8, occ: u64) -> u64 {
    rook_attacks(sq, occ) | bishop_attacks(sq, occ)
}

/// `set` grown by one step in all eight directions (not including off-board squares).
#[inline(always)]
pub fn dilate(set: u64) -> u64 {
    let row = set | ((set << 1) & NOT_A) | ((set >> 1) & NOT_G);
    (row | (row << 7) | (row >> 7)) & BOARD
}

/// The 8-connected component of `set` that holds the squares of `seed`.
#[inline]
pub fn flood(seed: u64, set: u64) -> u64 {
    let mut grown = seed & set;
    loop {
        let next = dilate(grown) & set;
        if next == grown {
            return grown;
        }
        grown = next;
    }
}

/// Is `set` one 8-connected group (or empty)?
#[inline]
pub fn connected(set: u64) -> bool {
    set == 0 || flood(set & set.wrapping_neg(), set) == set
}

/// For each square, the neighbours that exist on the board (used to read the 3x3 block
/// around a square out of a set with two shifts).
static BLOCK_VALID: [u64; 64] = build_steps(&DIRS);

/// The 3x3 block around the centre, without the centre, as an 8-bit pattern: bit 0 SW, 1 S,
/// 2 SE, 3 W, 4 E, 5 NW, 6 N, 7 NE. Each entry: are the occupied cells of that pattern one
/// group by their own contacts? If so, removing the centre cannot split a connected set:
/// every path through the centre can go round it.
static BLOCK_ONE_GROUP: [bool; 256] = {
    const CELLS: [(i32, i32); 8] = [
        (-1, -1),
        (0, -1),
        (1, -1),
        (-1, 0),
        (1, 0),
        (-1, 1),
        (0, 1),
        (1, 1),
    ];
    let mut t = [false; 256];
    let mut mask = 0;
    while mask < 256 {
        // Union-find over the 8 cells; two cells touch when they are 8-neighbours.
        let mut parent = [0usize, 1, 2, 3, 4, 5, 6, 7];
        let mut i = 0;
        while i < 8 {
            let mut j = i + 1;
            while j < 8 {
                let (dx, dy) = (CELLS[i].0 - CELLS[j].0, CELLS[i].1 - CELLS[j].1);
                let touch = dx >= -1 && dx <= 1 && dy >= -1 && dy <= 1;
                if touch && mask & (1 << i) != 0 && mask & (1 << j) != 0 {
                    let (mut a, mut b) = (i, j);
                    while parent[a] != a {
                        a = parent[a];
                    }
                    while parent[b] != b {
                        b = parent[b];
                    }
                    parent[a] = b;
                }
                j += 1;
            }
            i += 1;
        }
        let mut roots = 0;
        let mut i = 0;
        while i < 8 {
            if mask & (1 << i) != 0 && parent[i] == i {
                roots += 1;
            }
            i += 1;
        }
        t[mask] = roots <= 1;
        mask += 1;
    }
    t
};

/// The 8-bit block pattern of `set` around `sq` (see [`BLOCK_ONE_GROUP`]).
#[inline(always)]
fn block_pattern(set: u64, sq: u8) -> usize {
    // Rows below, level and above land on bits 0-2, 7-9 and 14-16.
    let w = ((set & BLOCK_VALID[sq as usize]) << 8) >> sq;
    ((w & 0x7) | ((w >> 4) & 0x8) | ((w >> 5) & 0x10) | ((w >> 9) & 0xE0)) as usize
}

/// Does `set` (connected, holding `sq`) stay connected without `sq`? A local test on the
/// eight neighbours settles almost every case; otherwise a flood fill from one neighbour
/// decides, stopping as soon as it has reached all of them (then every path through `sq` can
/// go round it).
#[inline]
pub fn removable(set: u64, sq: u8) -> bool {
    if BLOCK_ONE_GROUP[block_pattern(set, sq)] {
        return true;
    }
    let rest = set & !bit(sq);
    let neighbours = ADJACENT[sq as usize] & rest;
    let mut grown = neighbours & neighbours.wrapping_neg();
    loop {
        let next = dilate(grown) & rest;
        if next & neighbours == neighbours {
            return true;
        }
        if next == grown {
            return false;
        }
        grown = next;
    }
}

/// The 8-connected groups of `set` (at most 25 on a 7x7 board), written into `out`;
/// returns how many.
#[inline]
pub fn components(set: u64, out: &mut [u64; 25]) -> usize {
    let mut n = 0;
    let mut left = set;
    while left != 0 {
        let group = flood(left & left.wrapping_neg(), set);
        out[n] = group;
        n += 1;
        left &= !group;
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;

    fn slow_ray(sq: u8, df: i32, dr: i32, occ: u64) -> u64 {
        let (mut f, mut r) = ((sq % 7) as i32, (sq / 7) as i32);
        let mut m = 0;
        loop {
            f += df;
            r += dr;
            if !on_board(f, r) {
                return m;
            }
            let s = (r * 7 + f) as u8;
            m |= bit(s);
            if occ & bit(s) != 0 {
                return m;
            }
        }
    }

    #[test]
    fn sliders_match_a_square_by_square_walk() {
        let mut rng = olympiad_core::SplitMix64::new(5);
        for _ in 0..2000 {
            let occ = rng.next_u64() & rng.next_u64() & BOARD;
            let sq = rng.below(49) as u8;
            let rook = [(0, 1), (1, 0), (0, -1), (-1, 0)]
                .iter()
                .fold(0, |m, &(f, r)| m | slow_ray(sq, f, r, occ));
            let bishop = [(1, 1), (-1, 1), (-1, -1), (1, -1)]
                .iter()
                .fold(0, |m, &(f, r)| m | slow_ray(sq, f, r, occ));
            assert_eq!(rook_attacks(sq, occ), rook);
            assert_eq!(bishop_attacks(sq, occ), bishop);
        }
        assert_eq!(rook_attacks(NONE, BOARD), 0);
        assert_eq!(KNIGHT[NONE as usize], 0);
    }

    #[test]
    fn between_and_tables() {
        // a1 to g7 diagonal: b2..f6.
        assert_eq!(BETWEEN[0][48].count_ones(), 5);
        assert_eq!(BETWEEN[0][1], 0);
        assert_eq!(BETWEEN[0][15], 0, "a1-b3 is a knight jump, no line");
        assert_eq!(KNIGHT[0].count_ones(), 2);
        assert_eq!(KNIGHT[24].count_ones(), 8);
        assert_eq!(ADJACENT[24].count_ones(), 8);
        assert_eq!(ADJACENT[6].count_ones(), 3);
    }

    #[test]
    fn components_partition_the_set() {
        let mut rng = olympiad_core::SplitMix64::new(11);
        for _ in 0..2000 {
            let set = rng.next_u64() & rng.next_u64() & BOARD;
            let mut groups = [0u64; 25];
            let n = components(set, &mut groups);
            assert_eq!(groups[..n].iter().fold(0, |m, g| m | g), set);
            for (i, g) in groups[..n].iter().enumerate() {
                assert!(connected(*g));
                for h in &groups[i + 1..n] {
                    assert_eq!(g & h, 0);
                    assert_eq!(dilate(*g) & h, 0, "groups that touch are one group");
                }
            }
        }
    }

    #[test]
    fn removable_agrees_with_flood_fill() {
        let mut rng = olympiad_core::SplitMix64::new(9);
        let mut tested = 0;
        while tested < 5000 {
            let set = if rng.chance(50) {
                BOARD & !(rng.next_u64() & rng.next_u64() & rng.next_u64())
            } else {
                rng.next_u64() & BOARD
            };
            if !connected(set) || set == 0 {
                continue;
            }
            let sq = set.trailing_zeros() as u8 + (rng.below(3) as u8);
            if set & bit(sq) == 0 {
                continue;
            }
            assert_eq!(
                removable(set, sq),
                connected(set & !bit(sq)),
                "{set:#x} {sq}"
            );
            tested += 1;
        }
    }
}
