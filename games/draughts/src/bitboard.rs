//! Square sets of the 50 playable squares as `u64` with four ghost bits, so that every
//! diagonal step is one fixed shift and a step off the side of the board lands on a bit
//! that never holds a piece.
//!
//! Squares carry their PDN numbers 1..50, row by row from Black's side (square 1 is the
//! first dark square of the top row, as White sees the board). Square `n` is bit
//! `n - 1 + (n - 1) / 10`: after every two rows one bit is left out (bits 10, 21, 32, 43):
//!
//! ```text
//!   row 0      0     1     2     3     4        squares  1..5   (White crowns here)
//!   row 1   5     6     7     8     9                   6..10
//!   (ghost 10)
//!   row 2     11    12    13    14    15                11..15
//!   row 3  16    17    18    19    20                   16..20
//!   (ghost 21)
//!   ...
//!   row 8     44    45    46    47    48                41..45
//!   row 9  49    50    51    52    53                   46..50  (Black crowns here)
//! ```
//!
//! Down-left is `+5` and down-right `+6` from every square, up-left `-6` and up-right `-5`:
//! a step off the left or right edge lands on a ghost bit, a step off the top or bottom
//! leaves the 54 bits, and [`BOARD`] masks both away.

/// The ghost bits: never a square.
pub const GHOSTS: u64 = 1 << 10 | 1 << 21 | 1 << 32 | 1 << 43;
/// The 50 squares.
pub const BOARD: u64 = ((1 << 54) - 1) & !GHOSTS;
/// Row 0 (squares 1..5): where White's men are crowned.
pub const TOP_ROW: u64 = 0x1F;
/// Row 9 (squares 46..50): where Black's men are crowned.
pub const BOTTOM_ROW: u64 = 0x1F << 49;

/// A diagonal direction, as the index into [`step`].
pub type Dir = usize;
/// Up and to the left (towards square 1's row, lower columns).
pub const UP_LEFT: Dir = 0;
/// Up and to the right.
pub const UP_RIGHT: Dir = 1;
/// Down and to the left.
pub const DOWN_LEFT: Dir = 2;
/// Down and to the right.
pub const DOWN_RIGHT: Dir = 3;
/// Every direction.
pub const DIRS: [Dir; 4] = [UP_LEFT, UP_RIGHT, DOWN_LEFT, DOWN_RIGHT];

/// `set` moved one diagonal step in direction `d`; squares that would leave the board vanish.
#[inline(always)]
pub const fn step(set: u64, d: Dir) -> u64 {
    BOARD
        & match d {
            UP_LEFT => set >> 6,
            UP_RIGHT => set >> 5,
            DOWN_LEFT => set << 5,
            _ => set << 6,
        }
}

/// The bit of square `n` (1..=50).
#[inline(always)]
pub const fn bit_of_square(n: u8) -> u32 {
    let i = n as u32 - 1;
    i + i / 10
}

/// The square number (1..=50) of bit `b` (a square's bit, never a ghost).
#[inline(always)]
pub const fn square_of_bit(b: u32) -> u8 {
    (b - b / 11 + 1) as u8
}

/// Iterates over the bit indices of a set, lowest first.
#[derive(Clone, Copy, Debug)]
pub struct Bits(pub u64);

impl Iterator for Bits {
    type Item = u32;
    #[inline(always)]
    fn next(&mut self) -> Option<u32> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros();
        self.0 &= self.0 - 1;
        Some(i)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// (row, column) of square `n` on the 10x10 board: even rows start in column 1.
    fn coords(n: u8) -> (i32, i32) {
        let i = i32::from(n) - 1;
        let row = i / 5;
        (row, 2 * (i % 5) + i32::from(row % 2 == 0))
    }

    #[test]
    fn squares_and_bits_round_trip() {
        for n in 1..=50u8 {
            let b = bit_of_square(n);
            assert_eq!(square_of_bit(b), n);
            assert_ne!(GHOSTS >> b & 1, 1, "square {n} on a ghost bit");
            assert_eq!(BOARD >> b & 1, 1);
        }
        assert_eq!(BOARD.count_ones(), 50);
        assert_eq!(TOP_ROW, (1..=5).map(|n| 1u64 << bit_of_square(n)).sum());
        assert_eq!(
            BOTTOM_ROW,
            (46..=50).map(|n| 1u64 << bit_of_square(n)).sum()
        );
    }

    #[test]
    fn steps_agree_with_coordinates() {
        let deltas = [(-1, -1), (-1, 1), (1, -1), (1, 1)];
        for n in 1..=50u8 {
            let (r, c) = coords(n);
            for (d, (dr, dc)) in deltas.iter().enumerate() {
                let got = step(1 << bit_of_square(n), d);
                let want = (1..=50u8)
                    .find(|&m| coords(m) == (r + dr, c + dc))
                    .map_or(0, |m| 1u64 << bit_of_square(m));
                assert_eq!(got, want, "square {n} direction {d}");
            }
        }
    }
}
