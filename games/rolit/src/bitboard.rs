//! Square sets of the 8x8 Rolit board as `u64`, and the shifts that move a set one step.
//!
//! Squares are numbered 1..64 row by row from the top-left, as in the Caia distribution;
//! bit `n - 1` is square `n`:
//!
//! ```text
//!    1  2  3  4  5  6  7  8      bits  0 ..  7
//!    9 10 11 12 13 14 15 16      bits  8 .. 15
//!   ...
//!   57 58 59 60 61 62 63 64      bits 56 .. 63
//! ```
//!
//! A step north (up) is `>> 8`, east (right) `<< 1`; the masks stop a step from wrapping
//! round a row.

/// Every square but the leftmost column.
const NOT_LEFT: u64 = 0xFEFE_FEFE_FEFE_FEFE;
/// Every square but the rightmost column.
const NOT_RIGHT: u64 = 0x7F7F_7F7F_7F7F_7F7F;

/// The eight directions.
pub const DIRECTIONS: usize = 8;

/// `set` moved one step in direction `d` (0 N, 1 NE, 2 E, 3 SE, 4 S, 5 SW, 6 W, 7 NW).
#[inline(always)]
pub fn shift(set: u64, d: usize) -> u64 {
    match d {
        0 => set >> 8,
        1 => (set >> 7) & NOT_LEFT,
        2 => (set << 1) & NOT_LEFT,
        3 => (set << 9) & NOT_LEFT,
        4 => set << 8,
        5 => (set << 7) & NOT_RIGHT,
        6 => (set >> 1) & NOT_RIGHT,
        _ => (set >> 9) & NOT_RIGHT,
    }
}

/// `set` grown by one step in every direction (without `set` itself).
#[inline(always)]
pub fn neighbours(set: u64) -> u64 {
    (0..DIRECTIONS).fold(0, |m, d| m | shift(set, d)) & !set
}

/// The empty squares where a ball of `own` would close an unbroken line of `others`' balls
/// in at least one direction (the placements that turn something).
#[inline]
pub fn turning_moves(own: u64, others: u64) -> u64 {
    let empty = !(own | others);
    let mut moves = 0;
    for d in 0..DIRECTIONS {
        let mut line = shift(own, d) & others;
        // A line of others is at most six long on an 8x8 board.
        for _ in 0..5 {
            line |= shift(line, d) & others;
        }
        moves |= shift(line, d) & empty;
    }
    moves
}

/// The balls that turn when a ball of `own` is placed on `sq` (a bit set).
#[inline]
pub fn turned(sq: u64, own: u64, others: u64) -> u64 {
    let mut all = 0;
    for d in 0..DIRECTIONS {
        let mut line = 0;
        let mut x = shift(sq, d);
        while x & others != 0 {
            line |= x;
            x = shift(x, d);
        }
        if x & own != 0 {
            all |= line;
        }
    }
    all
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shifts_do_not_wrap() {
        let left_column = 0x0101_0101_0101_0101u64;
        assert_eq!(shift(left_column, 6), 0);
        assert_eq!(shift(left_column, 5), 0);
        assert_eq!(shift(left_column, 7), 0);
        let right_column = left_column << 7;
        assert_eq!(shift(right_column, 2), 0);
        assert_eq!(shift(right_column, 1), 0);
        assert_eq!(shift(right_column, 3), 0);
        assert_eq!(shift(0xFF, 0), 0, "top row goes nowhere north");
        assert_eq!(neighbours(1).count_ones(), 3);
    }
}
