//! Caïssa as text: square names, the move notation `b2-c4`, and the position text.
//!
//! # Position text
//! `<rank 7>/<rank 6>/.../<rank 1> <side> <last exchange> <ply>`, for example the start:
//!
//! ```text
//! ......./...bqn./....r../......./..R..../.NQB.../....... w - 0
//! ```
//!
//! - Each rank is seven characters, files a to g: `Q R B N` are White's queen, rook, bishop
//!   and knight, `q r b n` Black's, `.` an empty tile, `x` a hole (a square without a tile).
//! - The side to move: `w` or `b`.
//! - The last move if it was an exchange (`c3-e3`), else `-`. Only an exchange can be
//!   forbidden by the no-re-exchange rule (after any other move its from-square is empty), so
//!   only an exchange is kept; another move given here is accepted and dropped. Optional.
//! - The number of plies played, for the ply limit. Optional (0).
//!
//! A position must be one that play can reach: tiles in one group, pieces on tiles, one queen
//! per side and at most one rook, bishop and knight, queens not seeing each other, and the
//! side that just moved not in check. Errors name the character (1-based) where they are.

use crate::bitboard::{NONE, SIZE, bit};
use crate::position::{Color, Kind, Move, Position};
use crate::rules::Rules;
use olympiad_core::{Game, Notation};
use std::fmt;
use thiserror::Error;

/// What is wrong with a Caïssa text.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum TextError {
    /// Not a square name.
    #[error("'{0}' is not a square (files a-g, ranks 1-7, e.g. c3)")]
    Square(String),
    /// Not a move.
    #[error("'{0}' is not a move (two squares joined by '-', e.g. b2-c4)")]
    Move(String),
    /// A bad position text.
    #[error("position text, character {column}: {message}")]
    Position {
        /// 1-based character index.
        column: usize,
        /// What is wrong there.
        message: String,
    },
}

/// Reads a square name like `c3` (either case).
pub fn parse_square(text: &str) -> Result<u8, TextError> {
    let b = text.as_bytes();
    if b.len() == 2 {
        let f = b[0].to_ascii_lowercase().wrapping_sub(b'a');
        let r = b[1].wrapping_sub(b'1');
        if (f as usize) < SIZE && (r as usize) < SIZE {
            return Ok(r * SIZE as u8 + f);
        }
    }
    Err(TextError::Square(text.to_string()))
}

/// Writes a square name like `c3`.
pub fn square_name(sq: u8) -> String {
    let (f, r) = (sq % SIZE as u8, sq / SIZE as u8);
    format!("{}{}", (b'a' + f) as char, (b'1' + r) as char)
}

/// Reads a move like `b2-c4` (either case; syntax only).
pub fn parse_move(text: &str) -> Result<Move, TextError> {
    let (a, b) = text
        .split_once('-')
        .ok_or_else(|| TextError::Move(text.to_string()))?;
    match (parse_square(a), parse_square(b)) {
        (Ok(from), Ok(to)) if from != to => Ok(Move::new(from, to)),
        _ => Err(TextError::Move(text.to_string())),
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", square_name(self.from), square_name(self.to))
    }
}

fn err(column: usize, message: impl Into<String>) -> TextError {
    TextError::Position {
        column,
        message: message.into(),
    }
}

/// Reads a position text (see the module documentation) with the default rules.
pub fn parse_position(text: &str) -> Result<Position, TextError> {
    // Fields with their 1-based starting columns.
    let mut fields = Vec::new();
    let mut start = None;
    for (i, ch) in text
        .char_indices()
        .chain(std::iter::once((text.len(), ' ')))
    {
        match (ch.is_whitespace(), start) {
            (false, None) => start = Some(i),
            (true, Some(s)) => {
                fields.push((text[..s].chars().count() + 1, &text[s..i]));
                start = None;
            }
            _ => {}
        }
    }
    if fields.is_empty() {
        return Err(err(1, "empty position text"));
    }
    if fields.len() > 4 {
        return Err(err(fields[4].0, "unexpected text after the ply count"));
    }
    let mut pos = Position::start_with(Rules::default());
    pos.tiles = 0;
    pos.occ = [0; 2];
    pos.squares = [[NONE; 4]; 2];

    let (col0, board) = fields[0];
    let mut rank = SIZE - 1;
    let mut file = 0;
    for (i, ch) in board.chars().enumerate() {
        let col = col0 + i;
        if ch == '/' {
            if file != SIZE {
                return Err(err(
                    col,
                    format!("rank {} has {file} squares, not 7", rank + 1),
                ));
            }
            if rank == 0 {
                return Err(err(col, "more than 7 ranks"));
            }
            rank -= 1;
            file = 0;
            continue;
        }
        if file == SIZE {
            return Err(err(
                col,
                format!("rank {} has more than 7 squares", rank + 1),
            ));
        }
        let sq = (rank * SIZE + file) as u8;
        match ch {
            '.' => pos.tiles |= bit(sq),
            'x' | 'X' => {}
            _ => {
                let kind = Kind::ALL
                    .into_iter()
                    .find(|k| k.letter() == ch.to_ascii_uppercase())
                    .ok_or_else(|| err(col, format!("'{ch}' is not Q R B N q r b n . or x")))?;
                let color = if ch.is_ascii_uppercase() {
                    Color::White
                } else {
                    Color::Black
                };
                let slot = &mut pos.squares[color.index()][kind as usize];
                if *slot != NONE {
                    return Err(err(col, format!("a second {} {:?}", color.name(), kind)));
                }
                *slot = sq;
                pos.occ[color.index()] |= bit(sq);
                pos.tiles |= bit(sq);
            }
        }
        file += 1;
    }
    if file != SIZE || rank != 0 {
        return Err(err(
            col0 + board.chars().count(),
            "the board needs 7 ranks of 7 squares separated by '/'",
        ));
    }

    let Some(&(col, side)) = fields.get(1) else {
        return Err(err(
            col0 + board.chars().count(),
            "missing the side to move (w or b)",
        ));
    };
    pos.side = match side {
        "w" | "W" => Color::White,
        "b" | "B" => Color::Black,
        _ => return Err(err(col, format!("side to move '{side}' is not w or b"))),
    };
    if let Some(&(col, ply)) = fields.get(3) {
        pos.ply = ply.parse().map_err(|_| {
            err(
                col,
                format!("ply count '{ply}' is not a number from 0 to 65535"),
            )
        })?;
    }
    if let Some(&(col, last)) = fields.get(2)
        && last != "-"
    {
        let mv = parse_move(last).map_err(|e| err(col, e.to_string()))?;
        // An exchange by the side that just moved leaves a rook, bishop or knight on both
        // squares, the mover's own on `to`.
        let mover = pos.side.flip().index();
        let minors = |c: usize| pos.squares[c][1..].iter().fold(0, |m, &s| m | bit(s));
        let all_minors = minors(0) | minors(1);
        if minors(mover) & bit(mv.to) != 0 && all_minors & bit(mv.from) != 0 {
            pos.last_exchange = mv;
        }
    }
    pos.validate().map_err(|m| err(col0, m))?;
    pos.hash = pos.compute_hash();
    Ok(pos)
}

/// The letter of the piece on `sq`, `.` for an empty tile, `hole` for a hole.
fn square_char(pos: &Position, sq: u8, hole: char) -> char {
    match pos.piece_at(sq) {
        Some((Color::White, k)) => k.letter(),
        Some((Color::Black, k)) => k.letter().to_ascii_lowercase(),
        None if pos.tiles() & bit(sq) != 0 => '.',
        None => hole,
    }
}

/// Writes the position text (see the module documentation).
pub fn position_text(pos: &Position) -> String {
    let mut s = String::with_capacity(64);
    for rank in (0..SIZE).rev() {
        for file in 0..SIZE {
            let sq = (rank * SIZE + file) as u8;
            s.push(square_char(pos, sq, 'x'));
        }
        if rank > 0 {
            s.push('/');
        }
    }
    let side = if pos.side() == Color::White { 'w' } else { 'b' };
    let last = pos
        .last_exchange()
        .map_or_else(|| "-".to_string(), |m| m.to_string());
    format!("{s} {side} {last} {}", pos.ply())
}

impl Notation for Position {
    type ParseError = TextError;

    fn parse_move(&self, text: &str) -> Result<Move, TextError> {
        parse_move(text)
    }

    fn format_move(&self, mv: Move) -> String {
        mv.to_string()
    }

    fn parse_position(text: &str) -> Result<Self, TextError> {
        parse_position(text)
    }

    fn position_text(&self) -> String {
        position_text(self)
    }
}

impl fmt::Display for Position {
    /// The board as people read it: rank 7 at the top, `#` for a hole.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..SIZE).rev() {
            write!(f, "{} ", rank + 1)?;
            for file in 0..SIZE {
                let sq = (rank * SIZE + file) as u8;
                write!(f, " {}", square_char(self, sq, '#'))?;
            }
            writeln!(f)?;
        }
        writeln!(f, "   a b c d e f g")?;
        if self.outcome().is_none() && self.in_check() {
            writeln!(f, "{} is in check", self.side().name())?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_and_moves() {
        assert_eq!(parse_square("a1"), Ok(0));
        assert_eq!(parse_square("G7"), Ok(48));
        assert!(parse_square("h1").is_err());
        assert!(parse_square("a8").is_err());
        assert_eq!(square_name(16), "c3");
        assert_eq!(parse_move("B2-c4").unwrap().to_string(), "b2-c4");
        assert!(parse_move("b2c4").is_err());
        assert!(parse_move("b2-b2").is_err());
    }

    #[test]
    fn start_text() {
        let text = "......./...bqn./....r../......./..R..../.NQB.../....... w - 0";
        assert_eq!(position_text(&Position::start()), text);
        assert_eq!(parse_position(text).unwrap(), Position::start());
        assert_eq!(
            parse_position("......./...bqn./....r../......./..R..../.NQB.../....... w").unwrap(),
            Position::start()
        );
    }

    #[test]
    fn errors_name_the_character() {
        let e = parse_position("......./...bqz./....r../......./..R..../.NQB.../....... w");
        assert_eq!(
            e.unwrap_err().to_string(),
            "position text, character 14: 'z' is not Q R B N q r b n . or x"
        );
        let e = parse_position("......./...bqn./....r../......./..R..../.NQB.../....... v");
        assert_eq!(
            e.unwrap_err().to_string(),
            "position text, character 57: side to move 'v' is not w or b"
        );
        let e = parse_position("....../...bqn./....r../......./..R..../.NQB.../....... w");
        assert!(
            e.unwrap_err()
                .to_string()
                .contains("character 7: rank 7 has 6 squares")
        );
        // Queens facing each other on the d-file with nothing between.
        let e = parse_position("...q.../......./......./......./......./......./...Q... w");
        assert!(e.unwrap_err().to_string().contains("see each other"));
        // Tiles split in two.
        let e = parse_position("q....../......./xxxxxxx/......./......./......./......Q w");
        assert!(e.unwrap_err().to_string().contains("one group"));
    }
}
