//! Pattern features of the draughts evaluation: the men on small windows of the board,
//! each window's contents one index into a learned table. Draughts strength is mostly
//! structure (a man's worth depends on the men beside and behind it: holes, tails, locks,
//! the outpost on 24 and its supports), which a handful of counted terms cannot say; a
//! table of every arrangement of eight squares can, once it is fitted to enough games.
//!
//! A window is four rows by four files of the board: in every row it holds two adjacent
//! squares, so eight squares in all, each empty, own man or enemy man (kings count as
//! empty: the counted terms of `eval.rs` weigh them), `3^8 = 6561` arrangements. Each side
//! reads eight windows from its own side of the board: the four across its first four rows
//! and the four across its rows four to seven (so the middle rows belong to both sides'
//! windows), as the board looks from its own side. A window's index is the same whichever
//! side reads it (Black reads the board turned half round), so both sides share
//! [`TABLES`] tables: what a pattern is worth to White it is worth to Black on the turned
//! board. The tables' weights, an (opening, ending) pair per arrangement, are fitted by
//! the self-play tuner (`tune.rs`) and compiled in from `data/patterns.bin`.

use crate::{Color, Position};

/// Windows (and tables) per side.
pub const TABLES: usize = 8;
/// Arrangements of one window: eight squares of three states.
pub const SIZE: usize = 6561;
/// Weights of one phase: every table's arrangements, table by table.
pub const WEIGHTS_PER_PHASE: usize = TABLES * SIZE;

/// The fitted weights: for arrangement `i` of table `t` (at `t * SIZE + i`), the opening
/// weight then the ending weight, each a little-endian `i16` in centi-men.
static WEIGHTS: &[u8; 4 * WEIGHTS_PER_PHASE] = include_bytes!("../../data/patterns.bin");

/// The (opening, ending) weight of arrangement `index` of table `table`.
#[inline(always)]
pub fn weight(table: usize, index: usize) -> (i32, i32) {
    let at = 4 * (table * SIZE + index);
    let w = &WEIGHTS[at..at + 4];
    (
        i32::from(i16::from_le_bytes([w[0], w[1]])),
        i32::from(i16::from_le_bytes([w[2], w[3]])),
    )
}

/// The (opening, ending) sum of the tables' weights at `indices`: those the side to move
/// reads (`indices[0]`) less those its opponent reads (`indices[1]`).
#[inline]
pub fn score(indices: &[[u16; TABLES]; 2]) -> (i32, i32) {
    let (mut opening, mut ending) = (0, 0);
    for (t, (&own, &opp)) in indices[0].iter().zip(&indices[1]).enumerate() {
        let (o1, e1) = weight(t, usize::from(own));
        let (o2, e2) = weight(t, usize::from(opp));
        opening += o1 - o2;
        ending += e1 - e2;
    }
    (opening, ending)
}

/// The bit of the first square of row `r` (0 at the top, where White crowns).
const fn row_base(r: usize) -> usize {
    5 * r + r / 2
}

/// `BASE3[x]`: the base-3 number whose digit `k` is bit `k` of `x`.
static BASE3: [u16; 256] = {
    let mut t = [0u16; 256];
    let mut x = 0;
    while x < 256 {
        let (mut v, mut p, mut k) = (0u16, 1u16, 0);
        while k < 8 {
            if x >> k & 1 == 1 {
                v += p;
            }
            p *= 3;
            k += 1;
        }
        t[x] = v;
        x += 1;
    }
    t
};

/// The eight squares of the window whose top row is `top` and whose squares are the
/// `h`-th and `h + 1`-th of each row, as 8 bits in reading order (row by row from the top,
/// left to right), taken from the square set `set`.
#[inline(always)]
fn gather(set: u64, top: usize, h: usize) -> usize {
    let chunk = |r: usize| ((set >> (row_base(r) + h)) & 3) as usize;
    chunk(top) | chunk(top + 1) << 2 | chunk(top + 2) << 4 | chunk(top + 3) << 6
}

/// The index of a window whose own and enemy men are the 8-bit sets `own` and `enemy`
/// (digit 1 own man, 2 enemy man).
#[inline(always)]
fn index(own: usize, enemy: usize) -> u16 {
    BASE3[own] + 2 * BASE3[enemy]
}

/// Every table's index as `color` reads the board: table `h` is its window across its
/// first four rows, `h`-th from its left, table `4 + h` the window across its rows four
/// to seven.
pub fn indices(pos: &Position, color: Color) -> [u16; TABLES] {
    let kings = pos.kings();
    let white = pos.pieces(Color::White) & !kings;
    let black = pos.pieces(Color::Black) & !kings;
    let mut out = [0; TABLES];
    for h in 0..4 {
        for (band, top) in [(0, 6), (1, 4)] {
            let t = 4 * band + h;
            out[t] = match color {
                Color::White => index(gather(white, top, h), gather(black, top, h)),
                // The board turned half round: row r is row 9 - r, a row's square i is
                // 4 - i, so the window is the mirror one and its reading order reversed.
                Color::Black => {
                    let (top, h) = (6 - top, 3 - h);
                    let rev = |x: usize| (x as u8).reverse_bits() as usize;
                    index(rev(gather(black, top, h)), rev(gather(white, top, h)))
                }
            };
        }
    }
    out
}

/// The squares (PDN numbers) of White's window `table`, in reading order: what
/// [`indices`] reads, spelt out for the tests and the documentation.
pub fn window_squares(table: usize) -> [u8; 8] {
    let (top, h) = (if table < 4 { 6 } else { 4 }, table % 4);
    let mut out = [0; 8];
    for (k, sq) in out.iter_mut().enumerate() {
        *sq = (5 * (top + k / 2) + h + k % 2 + 1) as u8;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The slow twin: each window's index from square numbers, one square at a time, Black
    /// reading square `51 - n` for White's `n`.
    fn slow_indices(pos: &Position, color: Color) -> [u16; TABLES] {
        let (own, enemy) = (pos.squares(color), pos.squares(color.flip()));
        let mut out = [0; TABLES];
        for (t, slot) in out.iter_mut().enumerate() {
            let mut value = 0u32;
            for (k, &n) in window_squares(t).iter().enumerate() {
                let n = if color == Color::White { n } else { 51 - n };
                let digit = if pos.is_king(n) {
                    0
                } else if own.contains(&n) {
                    1
                } else if enemy.contains(&n) {
                    2
                } else {
                    0
                };
                value += digit * 3u32.pow(k as u32);
            }
            *slot = value as u16;
        }
        out
    }

    #[test]
    fn indices_equal_their_slow_twin() {
        let mut seen = std::collections::HashSet::new();
        for pos in super::super::eval::tests::random_positions(9, 30_000) {
            for color in [Color::White, Color::Black] {
                let fast = indices(&pos, color);
                assert_eq!(fast, slow_indices(&pos, color), "{}", pos.text());
                seen.extend(fast.iter().enumerate().map(|(t, &i)| (t, i)));
            }
        }
        // Many arrangements of every table are met, so the comparison is not of empties.
        for t in 0..TABLES {
            assert!(
                seen.iter().filter(|&&(u, _)| u == t).count() > 100,
                "table {t}"
            );
        }
    }

    #[test]
    fn the_windows_are_where_the_documentation_says() {
        // White's first window: its two back rows' left squares, 31 and 32 ... 46 and 47.
        assert_eq!(window_squares(0), [31, 32, 36, 37, 41, 42, 46, 47]);
        assert_eq!(window_squares(3), [34, 35, 39, 40, 44, 45, 49, 50]);
        assert_eq!(window_squares(4), [21, 22, 26, 27, 31, 32, 36, 37]);
        // At the start White's first-rows windows are full of own men, its middle windows
        // hold two rows of them, and Black reads the same.
        let start = Position::start();
        let own_rows = |rows: u32| (0..2 * rows).map(|k| 3u16.pow(k)).sum::<u16>();
        for color in [Color::White, Color::Black] {
            let i = indices(&start, color);
            assert_eq!(i[0], own_rows(4));
            // Rows four and five are empty, rows six and seven own men: digits 4..8.
            assert_eq!(i[4], own_rows(4) - own_rows(2));
        }
        assert_eq!(WEIGHTS.len(), 4 * WEIGHTS_PER_PHASE);
    }
}
