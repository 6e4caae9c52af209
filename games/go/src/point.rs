//! Points of the board and the colours of stones: a point is an index into the padded
//! one-dimensional board (a ring of border cells around the playing area, so that a
//! neighbour is always one add away and never needs a bounds test), with conversions to
//! columns and rows and to GTP's text (`D4`, columns `A`..`T` without `I`, rows from the
//! bottom, `pass`).
//!
//! A board of size `n` has a row stride of `n + 1`: the point in column `x` and row `y`
//! (both from 0, row 0 at the bottom) is `(y + 1) * (n + 1) + x + 1`; index 0 and every
//! multiple of the stride are border cells, as are the rows below and above. Index 0 is never
//! a point of the board, so it stands for the pass ([`Point::PASS`]).

use thiserror::Error;

/// The largest board: 19x19 (GTP's letters would reach 25, but no tournament plays beyond
/// 19 and every array in a position is sized for it).
pub const MAX_SIZE: usize = 19;

/// Cells in the padded array of the largest board: `(MAX_SIZE + 2)` rows of stride
/// `MAX_SIZE + 1`, and one more for the diagonal beyond the top right corner.
pub const MAX_CELLS: usize = (MAX_SIZE + 2) * (MAX_SIZE + 1) + 1;

/// GTP's column letters: `A` to `Z` without `I`.
const COLUMNS: &[u8; 25] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

/// A colour of stone. Black (seat 0) moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Color {
    /// Seat 0, `x` in position texts.
    Black = 1,
    /// Seat 1, `o` in position texts.
    White = 2,
}

impl Color {
    /// The other colour.
    #[inline]
    pub const fn other(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// 0 for Black, 1 for White (the seat).
    #[inline]
    pub const fn index(self) -> usize {
        self as usize - 1
    }

    /// The colour's letter in position texts (`x`, `o`).
    pub const fn letter(self) -> char {
        match self {
            Color::Black => 'x',
            Color::White => 'o',
        }
    }
}

/// A point of the board as its padded index, or the pass ([`Point::PASS`]). It is also the
/// game's move: a stone on the point, or a pass.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Point(pub u16);

impl Point {
    /// The pass: index 0, a border cell that no stone can take.
    pub const PASS: Point = Point(0);

    /// Is this the pass?
    #[inline]
    pub const fn is_pass(self) -> bool {
        self.0 == 0
    }

    /// The padded index (see the module doc), usable for arrays of [`MAX_CELLS`].
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The point in column `x` and row `y` (both from 0, row 0 at the bottom) of a board of
    /// `size`; `None` off the board.
    pub const fn from_xy(x: usize, y: usize, size: usize) -> Option<Point> {
        if x < size && y < size {
            Some(Point(((y + 1) * (size + 1) + x + 1) as u16))
        } else {
            None
        }
    }

    /// Column and row (from 0, row 0 at the bottom) on a board of `size`; `None` for the
    /// pass or a border cell.
    pub const fn xy(self, size: usize) -> Option<(usize, usize)> {
        let stride = size + 1;
        let i = self.0 as usize;
        let (row, column) = (i / stride, i % stride);
        if column == 0 || row == 0 || row > size {
            None
        } else {
            Some((column - 1, row - 1))
        }
    }

    /// The point as GTP writes it on a board of `size` (`D4`, `pass`).
    pub fn to_gtp(self, size: usize) -> String {
        match self.xy(size) {
            None => "pass".to_string(),
            Some((x, y)) => format!("{}{}", COLUMNS[x] as char, y + 1),
        }
    }

    /// Reads GTP's text of a point or `pass` (case-insensitive) on a board of `size`.
    pub fn from_gtp(text: &str, size: usize) -> Result<Point, PointError> {
        let bad = |why: &'static str| PointError {
            text: text.to_string(),
            size,
            why,
        };
        let trimmed = text.trim();
        if trimmed.eq_ignore_ascii_case("pass") {
            return Ok(Point::PASS);
        }
        let mut chars = trimmed.chars();
        let letter = chars
            .next()
            .ok_or_else(|| bad("expected a column letter and a row number, or pass"))?
            .to_ascii_uppercase();
        if letter == 'I' {
            return Err(bad("GTP has no column I (J follows H)"));
        }
        let x = COLUMNS
            .iter()
            .position(|&c| c as char == letter)
            .ok_or_else(|| bad("expected a column letter and a row number, or pass"))?;
        let digits = chars.as_str();
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) || digits.len() > 2 {
            return Err(bad("expected a row number after the column letter"));
        }
        let row: usize = digits.parse().map_err(|_| bad("bad row number"))?;
        if row == 0 || digits.starts_with('0') {
            return Err(bad("rows count from 1"));
        }
        Point::from_xy(x, row - 1, size).ok_or_else(|| bad("off the board"))
    }
}

/// A point text that could not be read: the text, the board size and why.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("bad point '{text}' on a {size}x{size} board: {why}")]
pub struct PointError {
    /// The text as given.
    pub text: String,
    /// The board's size.
    pub size: usize,
    /// What is wrong.
    pub why: &'static str,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gtp_texts_round_trip_and_skip_i() {
        for size in 1..=MAX_SIZE {
            for y in 0..size {
                for x in 0..size {
                    let p = Point::from_xy(x, y, size).unwrap();
                    assert_eq!(p.xy(size), Some((x, y)));
                    let text = p.to_gtp(size);
                    assert!(!text.contains('I'));
                    assert_eq!(Point::from_gtp(&text, size), Ok(p));
                    assert_eq!(Point::from_gtp(&text.to_lowercase(), size), Ok(p));
                }
            }
        }
        assert_eq!(Point::from_gtp("J1", 19).unwrap().xy(19), Some((8, 0)));
        assert_eq!(Point::from_gtp("T19", 19).unwrap().xy(19), Some((18, 18)));
        assert_eq!(Point::from_gtp("PASS", 9), Ok(Point::PASS));
        assert_eq!(Point::PASS.to_gtp(9), "pass");
    }

    #[test]
    fn bad_points_say_what_and_the_size() {
        let e = |t: &str| Point::from_gtp(t, 9).unwrap_err().to_string();
        assert_eq!(e("J10"), "bad point 'J10' on a 9x9 board: off the board");
        assert!(e("I5").contains("no column I"));
        assert!(e("D0").contains("from 1"));
        assert!(e("D").contains("row number"));
        assert!(e("").contains("column letter"));
        assert!(e("4D").contains("column letter"));
        assert!(e("D04").contains("from 1"));
    }
}
