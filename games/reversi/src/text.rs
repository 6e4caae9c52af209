//! Text at the edges: a position is 64 characters, a1 to h8 row by row (`X` Black, `O` White,
//! `-` empty), then the side to move (`X` or `O`), as Edax and GGS write it; a move is a
//! square `a1`..`h8` or `pass`.

use crate::position::{Color, Move, Position};
use std::fmt;
use thiserror::Error;

/// What is wrong with a text.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ParseError {
    /// Not a move.
    #[error("bad move '{0}' (a square a1..h8, or pass)")]
    Move(String),
    /// Not a position.
    #[error("bad position '{text}': {why}")]
    Position {
        /// The position text.
        text: String,
        /// What is wrong.
        why: String,
    },
}

impl Position {
    /// Reads a move: `d3` (either case) or `pass`.
    pub fn parse_move_text(text: &str) -> Result<Move, ParseError> {
        let t = text.trim().to_ascii_lowercase();
        if t == "pass" {
            return Ok(Move::PASS);
        }
        match t.as_bytes() {
            [c @ b'a'..=b'h', r @ b'1'..=b'8'] => Ok(Move::at((r - b'1') * 8 + (c - b'a'))),
            _ => Err(ParseError::Move(text.to_string())),
        }
    }

    /// Writes a move: `d3` or `pass`.
    pub fn move_text(mv: Move) -> String {
        match mv.square() {
            None => "pass".to_string(),
            Some(s) => format!("{}{}", (b'a' + s % 8) as char, (b'1' + s / 8) as char),
        }
    }

    /// Reads a position: 64 squares (`X`/`x`/`*`/`B` Black, `O`/`o`/`W` White, `-`/`.`
    /// empty), then, after optional spaces, the side to move (`X`/`B` or `O`/`W`).
    pub fn from_text(text: &str) -> Result<Position, ParseError> {
        let bad = |why: String| ParseError::Position {
            text: text.to_string(),
            why,
        };
        let chars: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
        if chars.len() != 65 {
            return Err(bad(format!(
                "expected 64 squares and the side to move, found {} characters",
                chars.len()
            )));
        }
        let (mut black, mut white) = (0u64, 0u64);
        for (i, &c) in chars[..64].iter().enumerate() {
            match c {
                'X' | 'x' | '*' | 'B' | 'b' => black |= 1 << i,
                'O' | 'o' | 'W' | 'w' => white |= 1 << i,
                '-' | '.' => {}
                _ => return Err(bad(format!("'{c}' is not a square"))),
            }
        }
        let side = match chars[64] {
            'X' | 'x' | '*' | 'B' | 'b' => Color::Black,
            'O' | 'o' | 'W' | 'w' => Color::White,
            c => return Err(bad(format!("'{c}' is not a side to move"))),
        };
        Ok(Position::from_colors(black, white, side))
    }

    /// Writes the position text.
    pub fn text(&self) -> String {
        let (black, white) = (self.discs(Color::Black), self.discs(Color::White));
        let mut s: String = (0..64)
            .map(|i| match (black >> i & 1, white >> i & 1) {
                (1, _) => 'X',
                (_, 1) => 'O',
                _ => '-',
            })
            .collect();
        s.push(' ');
        s.push(if self.side == Color::Black { 'X' } else { 'O' });
        s
    }
}

/// The board with coordinates: `X` Black, `O` White, `.` empty.
impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (black, white) = (self.discs(Color::Black), self.discs(Color::White));
        writeln!(f, "   a b c d e f g h")?;
        for row in 0..8 {
            let line: Vec<&str> = (0..8)
                .map(|col| {
                    let bit = 1u64 << (row * 8 + col);
                    match (black & bit != 0, white & bit != 0) {
                        (true, _) => "X",
                        (_, true) => "O",
                        _ => ".",
                    }
                })
                .collect();
            writeln!(f, "{}  {}", row + 1, line.join(" "))?;
        }
        Ok(())
    }
}
