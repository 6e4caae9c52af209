//! Connect6 as text, in GTP's coordinates: a point is a column letter (`A..T` without `I`)
//! and a row number from the bottom (`J10`); a turn is its stone or its two stones written
//! together, lower point first (`J10`, `J10K11`; read in either order and any case).
//!
//! A position is its rows from the top (row `size` first) separated by `/`, a character per
//! point (`x` Black, `o` White, `.` empty), a blank and the colour to move (`x` or `o`).

use crate::position::{Color, MAX_SIZE, Move, Position};
use thiserror::Error;

/// Column letters, as GTP writes them (no `I`).
const COLUMNS: &[u8; 19] = b"ABCDEFGHJKLMNOPQRST";

/// What is wrong with a text.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseError {
    /// A position without its two fields.
    #[error("a position is its rows and the colour to move (x or o): '{0}'")]
    Fields(String),
    /// A character that is no point.
    #[error("row {row} from the top, column {column}: '{found}' is not a point (x, o or .)")]
    Point {
        /// The row from the top (1-based).
        row: usize,
        /// The column (1-based).
        column: usize,
        /// What was found.
        found: char,
    },
    /// A row of another length than the number of rows.
    #[error("row {row} from the top has {found} points; a board of {size} rows has {size}")]
    Ragged {
        /// The row from the top (1-based).
        row: usize,
        /// Its points.
        found: usize,
        /// The number of rows.
        size: usize,
    },
    /// A bad colour to move.
    #[error("'{0}' is not a colour to move (x or o)")]
    Side(String),
    /// A board that no game reaches.
    #[error("{0}")]
    Board(String),
    /// A move text that is not one or two points.
    #[error("'{text}' is not a turn on the {size}x{size} board: {why}")]
    Move {
        /// The text.
        text: String,
        /// The board's side.
        size: usize,
        /// What is wrong.
        why: String,
    },
}

/// The text of a point.
pub fn point_text(point: usize, size: usize) -> String {
    let (x, y) = (point % size, point / size);
    format!("{}{}", char::from(COLUMNS[x]), y + 1)
}

/// The text of a turn: its points, lower first.
pub fn move_text(mv: Move, size: usize) -> String {
    mv.points().map(|p| point_text(p, size)).collect()
}

/// Reads a turn's text: one point or two (not whether it is legal).
pub fn parse_move(text: &str, size: usize) -> Result<Move, ParseError> {
    let bad = |why: String| ParseError::Move {
        text: text.to_string(),
        size,
        why,
    };
    let t = text.trim().to_ascii_uppercase();
    let bytes = t.as_bytes();
    let mut points = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let letter = bytes[i];
        if letter == b'I' {
            return Err(bad("GTP has no column I (J follows H)".into()));
        }
        let Some(x) = COLUMNS.iter().position(|&c| c == letter) else {
            return Err(bad(
                "a point is a column letter and a row number, as J10".into()
            ));
        };
        let start = i + 1;
        let mut end = start;
        while end < bytes.len() && bytes[end].is_ascii_digit() {
            end += 1;
        }
        let digits = &t[start..end];
        if digits.is_empty() || digits.len() > 2 || digits.starts_with('0') {
            return Err(bad(
                "a point is a column letter and a row number, as J10".into()
            ));
        }
        let y: usize = digits.parse().expect("one or two digits");
        if x >= size || y > size {
            return Err(bad(format!("{} is off the board", &t[i..end])));
        }
        points.push((y - 1) * size + x);
        i = end;
    }
    match points[..] {
        [p] => Ok(Move::single(p)),
        [a, b] if a != b => Ok(Move::pair(a, b)),
        [_, _] => Err(bad("the two stones of a turn go on two points".into())),
        _ => Err(bad("a turn is one point or two, as J10 or J10K11".into())),
    }
}

/// The position's text.
pub fn position_text(pos: &Position) -> String {
    let size = pos.size();
    let rows: Vec<String> = (0..size)
        .rev()
        .map(|y| {
            (0..size)
                .map(|x| pos.at(y * size + x).map_or('.', Color::letter))
                .collect()
        })
        .collect();
    format!("{} {}", rows.join("/"), pos.side_to_move().letter())
}

/// Reads a position's text.
pub fn parse_position(text: &str) -> Result<Position, ParseError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    let [board, side] = fields[..] else {
        return Err(ParseError::Fields(text.to_string()));
    };
    let rows: Vec<&str> = board.split('/').collect();
    let size = rows.len();
    if size > MAX_SIZE {
        return Err(ParseError::Board(format!(
            "{size} rows: a Connect6 board has at most {MAX_SIZE}"
        )));
    }
    let mut stones = vec![None; size * size];
    for (r, row) in rows.iter().enumerate() {
        let found = row.chars().count();
        if found != size {
            return Err(ParseError::Ragged {
                row: r + 1,
                found,
                size,
            });
        }
        let y = size - 1 - r;
        for (x, ch) in row.chars().enumerate() {
            stones[y * size + x] = match ch {
                'x' => Some(Color::Black),
                'o' => Some(Color::White),
                '.' => None,
                found => {
                    return Err(ParseError::Point {
                        row: r + 1,
                        column: x + 1,
                        found,
                    });
                }
            };
        }
    }
    let to_move = match side {
        "x" => Color::Black,
        "o" => Color::White,
        _ => return Err(ParseError::Side(side.to_string())),
    };
    Position::from_parts(size, &stones, to_move).map_err(ParseError::Board)
}
