//! Clobber as text. A position is its rows from row 1 up, separated by `/`, each square `x`
//! (Black), `o` (White) or `.` (empty), then a blank and the side to move (`x` or `o`): the
//! 2x3 start is `xox/oxo x`. A move is its two squares, from and to, column letter and row
//! number each: `a1b1`, `c10c9`.

use crate::MAX_SIDE;
use crate::position::{Color, Move, Position};
use olympiad_core::{Game, Notation};
use std::fmt;
use thiserror::Error;

/// What is wrong with a text.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseError {
    /// A position without the side to move.
    #[error("a position is its rows, a blank and the side to move (`x` or `o`): '{0}'")]
    Shape(String),
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
    /// Rows of different lengths.
    #[error("row {row} has {found} squares, row 1 has {expected}")]
    Ragged {
        /// The row (1-based).
        row: usize,
        /// Its squares.
        found: usize,
        /// Row 1's squares.
        expected: usize,
    },
    /// A board too large or empty.
    #[error("{0}")]
    Size(String),
    /// The side to move is neither `x` nor `o`.
    #[error("'{0}' is not a side to move (x or o)")]
    Side(String),
    /// A move text that is not two squares.
    #[error("'{0}' is not a move: two squares, from and to, as `a1b1`")]
    Move(String),
    /// A square not on this board.
    #[error("'{square}' is not on the {rows}x{columns} board")]
    OffBoard {
        /// The square's text.
        square: String,
        /// The board's rows.
        rows: usize,
        /// The board's columns.
        columns: usize,
    },
    /// Two squares that are not orthogonal neighbours.
    #[error("'{0}': a stone moves to an orthogonal neighbour")]
    NotAdjacent(String),
}

/// The name of `square` on a board of `columns` columns (`a1`).
pub fn square_name(square: usize, columns: usize) -> String {
    let column = (b'a' + (square % columns) as u8) as char;
    format!("{column}{}", square / columns + 1)
}

/// Reads one square (`a1`) from the start of `text`: the square's column, row (0-based)
/// and the rest of the text.
fn read_square(text: &str) -> Option<(usize, usize, &str)> {
    let mut chars = text.char_indices();
    let (_, letter) = chars.next()?;
    if !letter.is_ascii_lowercase() {
        return None;
    }
    let digits_end = text[1..]
        .find(|c: char| !c.is_ascii_digit())
        .map_or(text.len(), |i| i + 1);
    let digits = &text[1..digits_end];
    if digits.is_empty() || digits.len() > 2 || digits.starts_with('0') {
        return None;
    }
    let row: usize = digits.parse().ok()?;
    Some(((letter as u8 - b'a') as usize, row - 1, &text[digits_end..]))
}

impl Notation for Position {
    type ParseError = ParseError;

    fn parse_move(&self, text: &str) -> Result<Move, ParseError> {
        let bad = || ParseError::Move(text.to_string());
        let (c1, r1, rest) = read_square(text).ok_or_else(bad)?;
        let (c2, r2, rest) = read_square(rest).ok_or_else(bad)?;
        if !rest.is_empty() {
            return Err(bad());
        }
        let (rows, columns) = (self.rows(), self.columns());
        for (c, r) in [(c1, r1), (c2, r2)] {
            if c >= columns || r >= rows {
                let square = format!("{}{}", (b'a' + c as u8) as char, r + 1);
                return Err(ParseError::OffBoard {
                    square,
                    rows,
                    columns,
                });
            }
        }
        if c1.abs_diff(c2) + r1.abs_diff(r2) != 1 {
            return Err(ParseError::NotAdjacent(text.to_string()));
        }
        Ok(Move {
            from: (r1 * columns + c1) as u8,
            to: (r2 * columns + c2) as u8,
        })
    }

    fn format_move(&self, mv: Move) -> String {
        let columns = self.columns();
        format!(
            "{}{}",
            square_name(usize::from(mv.from), columns),
            square_name(usize::from(mv.to), columns)
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
        let columns = rows[0].chars().count();
        if rows.len() > MAX_SIDE || columns > MAX_SIDE || columns == 0 {
            return Err(ParseError::Size(format!(
                "a board of {} rows and {columns} columns: each must be 1 to {MAX_SIDE}",
                rows.len()
            )));
        }
        let (mut black, mut white) = (0u128, 0u128);
        for (r, row) in rows.iter().enumerate() {
            let found = row.chars().count();
            if found != columns {
                return Err(ParseError::Ragged {
                    row: r + 1,
                    found,
                    expected: columns,
                });
            }
            for (c, ch) in row.chars().enumerate() {
                let bit = 1u128 << (r * columns + c);
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
        Position::from_parts(rows.len(), columns, black, white, side).map_err(ParseError::Size)
    }

    fn position_text(&self) -> String {
        let (rows, columns) = (self.rows(), self.columns());
        let mut text = String::with_capacity(rows * (columns + 1) + 2);
        for r in 0..rows {
            if r > 0 {
                text.push('/');
            }
            for c in 0..columns {
                text.push(self.at(r * columns + c).map_or('.', Color::letter));
            }
        }
        text.push(' ');
        text.push(self.side_to_move().letter());
        text
    }
}

impl Position {
    /// The legal moves as text, in generation order.
    pub fn legal_move_texts(&self) -> Vec<String> {
        self.legal_moves()
            .iter()
            .map(|&m| self.format_move(m))
            .collect()
    }
}

/// The board, top row first, with coordinates, and the side to move.
impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (rows, columns) = (self.rows(), self.columns());
        for r in (0..rows).rev() {
            write!(f, "{:>2} ", r + 1)?;
            for c in 0..columns {
                let ch = self.at(r * columns + c).map_or('.', Color::letter);
                write!(f, " {ch}")?;
            }
            writeln!(f)?;
        }
        write!(f, "   ")?;
        for c in 0..columns {
            write!(f, " {}", (b'a' + c as u8) as char)?;
        }
        writeln!(f)?;
        let side = match self.side_to_move() {
            Color::Black => "Black (x)",
            Color::White => "White (o)",
        };
        write!(f, "{side} to move")
    }
}
