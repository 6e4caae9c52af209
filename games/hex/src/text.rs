//! Hex as text, in HexGui's and HTP's notation. A move is a cell, its column letter (`a`
//! on the left; Hex uses every letter, `i` included) and row number (`1` at the top):
//! `f6`, `k11`; or `swap`. Read in any case.
//!
//! A position is four fields separated by blanks:
//! 1. the board, rows from the top (row 1 first) separated by `/`, a character per cell:
//!    `x` Black, `o` White, `.` empty (the board's side is its number of rows);
//! 2. the colour of the next stone, `x` or `o`;
//! 3. `swapped` when the swap was played (the first seat holds White), else `-`;
//! 4. `swap` when the rules offer the swap, `noswap` when they do not.
//!
//! The empty 3x3 board of the Olympiad's rules is `.../.../... x - swap`.

use crate::position::{Color, MAX_SIZE, Move, Position};
use thiserror::Error;

/// What is wrong with a text.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseError {
    /// A position without four fields.
    #[error(
        "a position is four fields: the board, the colour to move (x or o), `swapped` or `-`, \
         `swap` or `noswap`; found {found} in '{text}'"
    )]
    Fields {
        /// The text.
        text: String,
        /// Its fields.
        found: usize,
    },
    /// A character that is no cell.
    #[error("row {row}, column {column}: '{found}' is not a cell (x, o or .)")]
    Cell {
        /// The row (1-based).
        row: usize,
        /// The column (1-based).
        column: usize,
        /// What was found.
        found: char,
    },
    /// A row of another length than the number of rows.
    #[error("row {row} has {found} cells; a board of {size} rows has {size} in each")]
    Ragged {
        /// The row (1-based).
        row: usize,
        /// Its cells.
        found: usize,
        /// The number of rows.
        size: usize,
    },
    /// A field with a bad value.
    #[error("{field} '{value}': {why}")]
    Field {
        /// Which field.
        field: &'static str,
        /// Its text.
        value: String,
        /// What is wrong.
        why: &'static str,
    },
    /// A board that no game reaches.
    #[error("{0}")]
    Board(String),
    /// A move text that is no cell.
    #[error("'{text}' is not a move on the {size}x{size} board: {why}")]
    Move {
        /// The text.
        text: String,
        /// The board's side.
        size: usize,
        /// What is wrong.
        why: &'static str,
    },
}

/// The text of a cell on a board of `size`.
pub fn cell_text(cell: usize, size: usize) -> String {
    let (c, r) = (cell % size, cell / size);
    format!("{}{}", char::from(b'a' + c as u8), r + 1)
}

/// The text of a move.
pub fn move_text(mv: Move, size: usize) -> String {
    if mv.is_swap() {
        "swap".into()
    } else {
        cell_text(mv.cell(), size)
    }
}

/// Reads a move's text on a board of `size` (not whether it is legal).
pub fn parse_move(text: &str, size: usize) -> Result<Move, ParseError> {
    let bad = |why| ParseError::Move {
        text: text.to_string(),
        size,
        why,
    };
    let t = text.trim().to_ascii_lowercase();
    if t == "swap" {
        return Ok(Move::SWAP);
    }
    let mut chars = t.chars();
    let letter = chars
        .next()
        .filter(char::is_ascii_lowercase)
        .ok_or_else(|| bad("a cell is a column letter and a row number, as f6"))?;
    let digits = chars.as_str();
    if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad("a cell is a column letter and a row number, as f6"));
    }
    if digits.starts_with('0') {
        return Err(bad("rows count from 1"));
    }
    let column = usize::from(letter as u8 - b'a');
    let row: usize = digits.parse().map_err(|_| bad("bad row number"))?;
    if column >= size || row > size {
        return Err(bad("off the board"));
    }
    Ok(Move(((row - 1) * size + column) as u16))
}

/// The position's text (see the module doc).
pub fn position_text(pos: &Position) -> String {
    let size = pos.size();
    let rows: Vec<String> = (0..size)
        .map(|r| {
            (0..size)
                .map(|c| pos.at(r * size + c).map_or('.', Color::letter))
                .collect()
        })
        .collect();
    format!(
        "{} {} {} {}",
        rows.join("/"),
        pos.side_to_move().letter(),
        if pos.swapped() { "swapped" } else { "-" },
        if pos.swap_rule() { "swap" } else { "noswap" }
    )
}

/// Reads a position's text (see the module doc).
pub fn parse_position(text: &str) -> Result<Position, ParseError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    let [board, side, swapped, rule] = fields[..] else {
        return Err(ParseError::Fields {
            text: text.to_string(),
            found: fields.len(),
        });
    };
    let rows: Vec<&str> = board.split('/').collect();
    let size = rows.len();
    if size > MAX_SIZE {
        return Err(ParseError::Board(format!(
            "{size} rows: a Hex board has at most {MAX_SIZE}"
        )));
    }
    let mut stones = Vec::with_capacity(size * size);
    for (r, row) in rows.iter().enumerate() {
        let cells = row.chars().count();
        if cells != size {
            return Err(ParseError::Ragged {
                row: r + 1,
                found: cells,
                size,
            });
        }
        for (c, ch) in row.chars().enumerate() {
            stones.push(match ch {
                'x' => Some(Color::Black),
                'o' => Some(Color::White),
                '.' => None,
                found => {
                    return Err(ParseError::Cell {
                        row: r + 1,
                        column: c + 1,
                        found,
                    });
                }
            });
        }
    }
    let field = |field, value: &str, why| ParseError::Field {
        field,
        value: value.to_string(),
        why,
    };
    let to_move = match side {
        "x" => Color::Black,
        "o" => Color::White,
        _ => return Err(field("colour to move", side, "expected x or o")),
    };
    let swapped = match swapped {
        "swapped" => true,
        "-" => false,
        _ => return Err(field("swap played", swapped, "expected `swapped` or `-`")),
    };
    let rule = match rule {
        "swap" => true,
        "noswap" => false,
        _ => return Err(field("swap rule", rule, "expected `swap` or `noswap`")),
    };
    Position::from_parts(size, &stones, to_move, swapped, rule).map_err(ParseError::Board)
}
