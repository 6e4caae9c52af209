//! Lines of Action as text. A position is its rows from row 1 up, separated by `/`, each
//! square `x` (Black), `o` (White) or `.` (empty), then a blank and the side to move (`x` or
//! `o`): the start is `.xxxxxx./o......o/o......o/o......o/o......o/o......o/o......o/.xxxxxx. x`.
//! A move is its two squares joined by `-`, or by `x` when it captures: `b1-b3`, `b1xb3`
//! (either sign is read, the right one written); a player without a move writes `pass`.
//!
//! A text cannot carry the history of earlier positions: a position read from text starts
//! its repetition count afresh.

use crate::position::{Color, Move, Position, PositionError, SIZE};
use olympiad_core::Notation;
use thiserror::Error;

/// The pass's text.
pub const PASS: &str = "pass";

/// What is wrong with a text.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseError {
    /// A position without the side to move.
    #[error("a position is its rows, a blank and the side to move (`x` or `o`): '{0}'")]
    Shape(String),
    /// Not eight rows.
    #[error("a board has 8 rows separated by '/', found {0}")]
    Rows(usize),
    /// A row of the wrong length.
    #[error("row {row} has {found} squares, a row has 8")]
    Ragged {
        /// The row (1-based).
        row: usize,
        /// Its squares.
        found: usize,
    },
    /// A character that is no square.
    #[error("row {row}, column {column}: '{found}' is not a square (x, o or .)")]
    Square {
        /// The row (1-based).
        row: usize,
        /// The column (1-based).
        column: usize,
        /// What was found.
        found: char,
    },
    /// The side to move is neither `x` nor `o`.
    #[error("'{0}' is not a side to move (x or o)")]
    Side(String),
    /// A board the rules cannot reach.
    #[error("{0}")]
    Position(#[from] PositionError),
    /// A move text that is not two squares joined by `-` or `x`, nor `pass`.
    #[error("'{0}' is not a move: two squares joined by - or x (`b1-b3`, `b1xb3`), or `pass`")]
    Move(String),
    /// A square off the board.
    #[error("'{0}' is not on the board (a1 to h8)")]
    OffBoard(String),
    /// Two squares on no common row, column or diagonal, or one square twice.
    #[error("'{0}': a piece moves along a row, a column or a diagonal")]
    NotInLine(String),
}

/// The name of `square` (`a1` .. `h8`).
pub fn square_name(square: usize) -> String {
    let column = (b'a' + (square % SIZE) as u8) as char;
    format!("{column}{}", square / SIZE + 1)
}

/// Reads one square from the start of `text` as (column, row), 0-based and not yet checked
/// against the board, and the rest of the text.
fn read_square(text: &str) -> Option<(usize, usize, &str)> {
    let letter = *text.as_bytes().first()?;
    if !letter.is_ascii_lowercase() {
        return None;
    }
    let rest = &text[1..];
    let digits = rest
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(rest.len());
    if digits == 0 || digits > 2 || rest.starts_with('0') {
        return None;
    }
    let row: usize = rest[..digits].parse().ok()?;
    Some((usize::from(letter - b'a'), row - 1, &rest[digits..]))
}

impl Notation for Position {
    type ParseError = ParseError;

    fn parse_move(&self, text: &str) -> Result<Move, ParseError> {
        if text == PASS {
            return Ok(Move::PASS);
        }
        let bad = || ParseError::Move(text.to_string());
        let (c1, r1, rest) = read_square(text).ok_or_else(bad)?;
        let rest = rest
            .strip_prefix('-')
            .or_else(|| rest.strip_prefix('x'))
            .ok_or_else(bad)?;
        let (c2, r2, rest) = read_square(rest).ok_or_else(bad)?;
        if !rest.is_empty() {
            return Err(bad());
        }
        for (c, r) in [(c1, r1), (c2, r2)] {
            if c >= SIZE || r >= SIZE {
                let name = format!("{}{}", (b'a' + c as u8) as char, r + 1);
                return Err(ParseError::OffBoard(name));
            }
        }
        let (dr, dc) = (r1.abs_diff(r2), c1.abs_diff(c2));
        if (dr, dc) == (0, 0) || (dr != 0 && dc != 0 && dr != dc) {
            return Err(ParseError::NotInLine(text.to_string()));
        }
        Ok(Move {
            from: (r1 * SIZE + c1) as u8,
            to: (r2 * SIZE + c2) as u8,
        })
    }

    fn format_move(&self, mv: Move) -> String {
        if mv.is_pass() {
            return PASS.to_string();
        }
        let sign = if self.is_capture(mv) { 'x' } else { '-' };
        format!(
            "{}{sign}{}",
            square_name(usize::from(mv.from)),
            square_name(usize::from(mv.to))
        )
    }

    fn parse_position(text: &str) -> Result<Position, ParseError> {
        let mut words = text.split_whitespace();
        let (Some(board), Some(side), None) = (words.next(), words.next(), words.next()) else {
            return Err(ParseError::Shape(text.to_string()));
        };
        let side = match side {
            "x" => Color::Black,
            "o" => Color::White,
            other => return Err(ParseError::Side(other.to_string())),
        };
        let rows: Vec<&str> = board.split('/').collect();
        if rows.len() != SIZE {
            return Err(ParseError::Rows(rows.len()));
        }
        let (mut black, mut white) = (0u64, 0u64);
        for (r, row) in rows.iter().enumerate() {
            let found = row.chars().count();
            if found != SIZE {
                return Err(ParseError::Ragged { row: r + 1, found });
            }
            for (c, ch) in row.chars().enumerate() {
                let bit = 1u64 << (r * SIZE + c);
                match ch {
                    'x' => black |= bit,
                    'o' => white |= bit,
                    '.' => {}
                    found => {
                        return Err(ParseError::Square {
                            row: r + 1,
                            column: c + 1,
                            found,
                        });
                    }
                }
            }
        }
        Ok(Position::from_parts(black, white, side)?)
    }

    fn position_text(&self) -> String {
        let mut text = String::with_capacity(SIZE * (SIZE + 1) + 2);
        for r in 0..SIZE {
            if r > 0 {
                text.push('/');
            }
            for c in 0..SIZE {
                text.push(self.at(r * SIZE + c).map_or('.', Color::letter));
            }
        }
        text.push(' ');
        text.push(self.side_to_move().letter());
        text
    }
}
