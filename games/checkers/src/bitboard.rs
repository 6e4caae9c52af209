//! Square sets of the 32 playable squares as `u32`, and the shifts that move a set one
//! diagonal step.
//!
//! Squares carry their standard checkers numbers 1..32; bit `n - 1` is square `n`. Black
//! starts on 1..12 at the top and moves down (towards higher numbers), White starts on 21..32
//! and moves up. Only the dark squares are numbered:
//!
//! ```text
//!   row 0      1     2     3     4     bits  0.. 3   (Black's back rank)
//!   row 1   5     6     7     8              4.. 7
//!   row 2      9    10    11    12           8..11
//!   row 3  13    14    15    16             12..15
//!   row 4     17    18    19    20          16..19
//!   row 5  21    22    23    24             20..23
//!   row 6     25    26    27    28          24..27
//!   row 7  29    30    31    32             28..31   (White's back rank)
//! ```
//!
//! Even rows are shifted right by one column, so a diagonal step changes the bit index by 4
//! and by 3 or 5 depending on the row's parity: down-left is `+4` from an even row and `+3`
//! from an odd one, down-right `+5` / `+4`, up-left `-4` / `-5`, up-right `-3` / `-4`. The
//! masks below drop the squares on the edge that a step would wrap around; shifting a `u32`
//! drops what leaves the top or bottom of the board.

/// Squares in rows 0, 2, 4, 6 (shifted right: their leftmost square is in column 1).
pub const EVEN_ROWS: u32 = 0x0F0F_0F0F;
/// Squares in rows 1, 3, 5, 7 (their leftmost square is in column 0).
pub const ODD_ROWS: u32 = 0xF0F0_F0F0;
/// The first square of each row (5, 13, 21, 29 are on the left edge).
pub const FIRST_IN_ROW: u32 = 0x1111_1111;
/// The last square of each row (4, 12, 20, 28 are on the right edge).
pub const LAST_IN_ROW: u32 = 0x8888_8888;
/// Row 0: where White's men are crowned.
pub const TOP_ROW: u32 = 0x0000_000F;
/// Row 7: where Black's men are crowned.
pub const BOTTOM_ROW: u32 = 0xF000_0000;

/// A diagonal direction, as the index into [`step`].
pub type Dir = usize;
/// Up and to the left (towards square 1's side, lower columns).
pub const UP_LEFT: Dir = 0;
/// Up and to the right.
pub const UP_RIGHT: Dir = 1;
/// Down and to the left.
pub const DOWN_LEFT: Dir = 2;
/// Down and to the right.
pub const DOWN_RIGHT: Dir = 3;

/// `set` moved one diagonal step in direction `d`; squares that would leave the board vanish.
#[inline(always)]
pub const fn step(set: u32, d: Dir) -> u32 {
    match d {
        UP_LEFT => ((set & EVEN_ROWS) >> 4) | ((set & ODD_ROWS & !FIRST_IN_ROW) >> 5),
        UP_RIGHT => ((set & EVEN_ROWS & !LAST_IN_ROW) >> 3) | ((set & ODD_ROWS) >> 4),
        DOWN_LEFT => ((set & EVEN_ROWS) << 4) | ((set & ODD_ROWS & !FIRST_IN_ROW) << 3),
        _ => ((set & EVEN_ROWS & !LAST_IN_ROW) << 5) | ((set & ODD_ROWS) << 4),
    }
}

/// The direction opposite to `d`.
#[inline(always)]
pub const fn opposite(d: Dir) -> Dir {
    3 - d
}

/// Iterates over the bit indices of a set, lowest first.
#[derive(Clone, Copy, Debug)]
pub struct Bits(pub u32);

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

#[cfg(test)]
mod tests {
    use super::*;

    /// (row, column) of bit `i` on the 8x8 board, from the drawing above.
    fn coords(i: u32) -> (i32, i32) {
        let row = (i / 4) as i32;
        (row, 2 * (i % 4) as i32 + i32::from(row % 2 == 0))
    }

    #[test]
    fn steps_agree_with_coordinates() {
        let deltas = [(-1, -1), (-1, 1), (1, -1), (1, 1)];
        for i in 0..32 {
            let (r, c) = coords(i);
            for (d, (dr, dc)) in deltas.iter().enumerate() {
                let got = step(1 << i, d);
                let want = (0..32)
                    .find(|&j| coords(j) == (r + dr, c + dc))
                    .map_or(0, |j| 1u32 << j);
                assert_eq!(got, want, "square {} direction {d}", i + 1);
                if got != 0 {
                    assert_eq!(step(got, opposite(d)), 1 << i);
                }
            }
        }
    }
}
