//! Text at the edges: positions in PDN FEN (`B:W21,22,K30:B1,2,3`) with optional rule
//! tokens, and moves in PDN notation (`11-15`, `22x15`, `22x15x6`).
//!
//! A position text is the FEN, then, only when they differ from the defaults, the tokens
//! `merge-duplicates`, `draw=N` (the draw rule, in moves per side) and `quiet=Q` (plies since
//! the last capture or man's move). Reading also accepts ranges (`B1-12`), either colour
//! first, lower case and a final `.`.

use crate::bitboard::{Bits, Dir, step};
use crate::position::{Color, Move, Position};
use crate::rules::{MAX_DRAW_MOVES, Rules};
use olympiad_core::Game;
use std::fmt;
use thiserror::Error;

/// What is wrong with a text.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ParseError {
    /// Not a square number 1..32.
    #[error("bad square '{0}' (squares are numbered 1 to 32)")]
    Square(String),
    /// Not a move in PDN notation.
    #[error("bad move '{text}': {why}")]
    Move {
        /// The move text.
        text: String,
        /// What is wrong.
        why: String,
    },
    /// Not a position.
    #[error("bad position '{text}': {why}")]
    Position {
        /// The position text.
        text: String,
        /// What is wrong.
        why: String,
    },
}

/// The most pieces a side may have.
const MAX_PIECES: u32 = 12;

fn square(text: &str) -> Result<u8, ParseError> {
    match text.trim().parse::<u8>() {
        Ok(n @ 1..=32) => Ok(n - 1),
        _ => Err(ParseError::Square(text.to_string())),
    }
}

/// The direction of a diagonal step (`jump = false`) or jump from bit `a` to bit `b`.
fn direction(a: u8, b: u8, jump: bool) -> Option<Dir> {
    (0..4).find(|&d| {
        let once = step(1 << a, d);
        let target = if jump { step(once, d) } else { once };
        target == 1 << b
    })
}

impl Position {
    /// Reads a move: a step `11-15`, or a capture with every landing square `22x15x6`. A
    /// capture given by its first and last squares only (`22x6`) is looked up among the
    /// legal moves, and must then be unambiguous.
    pub fn parse_move_text(&self, text: &str) -> Result<Move, ParseError> {
        let bad = |why: &str| ParseError::Move {
            text: text.to_string(),
            why: why.to_string(),
        };
        let t = text.trim();
        if let Some((a, b)) = t.split_once('-') {
            let (from, to) = (square(a)?, square(b)?);
            direction(from, to, false).ok_or_else(|| bad("a step goes to a diagonal neighbour"))?;
            return Ok(self.move_from_parts(1 << from, 1 << to, 0, 0));
        }
        let squares = t
            .split(['x', 'X'])
            .map(square)
            .collect::<Result<Vec<u8>, _>>()?;
        if squares.len() < 2 {
            return Err(bad("expected FROM-TO or FROMxTOx..."));
        }
        if squares.len() - 1 > crate::movegen::MAX_JUMPS {
            return Err(bad("more jumps than there are pieces to take"));
        }
        let (from, to) = (squares[0], squares[squares.len() - 1]);
        let (mut captured, mut dirs) = (0u32, 0u32);
        for (i, pair) in squares.windows(2).enumerate() {
            let Some(d) = direction(pair[0], pair[1], true) else {
                if squares.len() == 2 {
                    return self.short_capture(from, to, text);
                }
                return Err(bad("each jump goes two squares along a diagonal"));
            };
            let mid = step(1 << pair[0], d);
            if captured & mid != 0 {
                return Err(bad("a piece is taken twice"));
            }
            captured |= mid;
            dirs |= (d as u32) << (2 * i);
        }
        Ok(self.move_from_parts(1 << from, 1 << to, captured, dirs))
    }

    /// The legal capture from `from` to `to`, if exactly one set of pieces can be taken so.
    fn short_capture(&self, from: u8, to: u8, text: &str) -> Result<Move, ParseError> {
        let moves = self.legal_moves();
        let mut found = moves
            .iter()
            .filter(|m| m.is_capture() && m.from() == 1 << from && m.to() == 1 << to);
        let Some(&first) = found.next() else {
            return Err(ParseError::Move {
                text: text.to_string(),
                why: "no capture leads from there to there".into(),
            });
        };
        if found.any(|m| m.captured() != first.captured()) {
            return Err(ParseError::Move {
                text: text.to_string(),
                why: "ambiguous: give every landing square".into(),
            });
        }
        Ok(first)
    }

    /// Writes a move: `11-15` or `22x15x6`.
    pub fn move_text(mv: Move) -> String {
        let path: Vec<String> = mv.path().iter().map(u8::to_string).collect();
        path.join(if !mv.is_capture() { "-" } else { "x" })
    }

    /// Reads a position text (see the module documentation).
    pub fn from_text(text: &str) -> Result<Position, ParseError> {
        let bad = |why: String| ParseError::Position {
            text: text.to_string(),
            why,
        };
        let mut tokens = text.split_whitespace();
        let fen = tokens.next().ok_or_else(|| bad("empty".into()))?;
        let fen = fen.strip_suffix('.').unwrap_or(fen);
        let mut fields = fen.split(':');
        let side = match fields.next().map(str::to_ascii_uppercase).as_deref() {
            Some("B") => Color::Black,
            Some("W") => Color::White,
            _ => return Err(bad("the side to move (B or W) comes first".into())),
        };
        let mut sets = [0u32; 2];
        let mut seen_colour = [false; 2];
        let mut kings = 0u32;
        for field in fields {
            let colour = match field.chars().next().map(|c| c.to_ascii_uppercase()) {
                Some('B') => Color::Black,
                Some('W') => Color::White,
                _ => return Err(bad(format!("field '{field}' must start with B or W"))),
            };
            if std::mem::replace(&mut seen_colour[colour as usize], true) {
                return Err(bad("a colour is listed twice".into()));
            }
            for item in field[1..].split(',').filter(|i| !i.trim().is_empty()) {
                let item = item.trim();
                let (king, rest) = match item.strip_prefix(['K', 'k']) {
                    Some(rest) => (true, rest),
                    None => (false, item),
                };
                let (lo, hi) = match rest.split_once('-') {
                    Some((a, b)) => (square(a)?, square(b)?),
                    None => (square(rest)?, square(rest)?),
                };
                for sq in lo..=hi {
                    let bit = 1u32 << sq;
                    if (sets[0] | sets[1]) & bit != 0 {
                        return Err(bad(format!("square {} is listed twice", sq + 1)));
                    }
                    sets[colour as usize] |= bit;
                    if king {
                        kings |= bit;
                    }
                }
            }
        }
        for c in [Color::Black, Color::White] {
            let set = sets[c as usize];
            if set.count_ones() > MAX_PIECES {
                return Err(bad(format!("{c:?} has more than {MAX_PIECES} pieces")));
            }
            if set & !kings & c.crowning_row() != 0 {
                return Err(bad(format!("a {c:?} man stands where it would be crowned")));
            }
        }
        let mut rules = Rules::default();
        let mut quiet = 0u8;
        for token in tokens {
            let number = |s: &str| {
                s.parse::<u8>()
                    .map_err(|_| bad(format!("'{token}' needs a number")))
            };
            if token == "merge-duplicates" {
                rules.merge_duplicate_captures = true;
            } else if let Some(n) = token.strip_prefix("draw=") {
                rules.draw_moves = number(n)?;
                if rules.draw_moves > MAX_DRAW_MOVES {
                    return Err(bad(format!("draw=N allows at most {MAX_DRAW_MOVES}")));
                }
            } else if let Some(n) = token.strip_prefix("quiet=") {
                quiet = number(n)?;
            } else {
                return Err(bad(format!("unknown token '{token}'")));
            }
        }
        if quiet != 0 && rules.draw_moves == 0 {
            return Err(bad("quiet=Q needs a draw rule (draw=N)".into()));
        }
        if u32::from(quiet) > 2 * u32::from(rules.draw_moves) {
            return Err(bad("quiet=Q is past the draw limit".into()));
        }
        Ok(Position::from_parts(
            sets[0], sets[1], kings, side, quiet, rules,
        ))
    }

    /// Writes the position text (see the module documentation).
    pub fn text(&self) -> String {
        let list = |set: u32| {
            Bits(set)
                .map(|sq| {
                    let k = if self.kings & (1 << sq) != 0 { "K" } else { "" };
                    format!("{k}{}", sq + 1)
                })
                .collect::<Vec<_>>()
                .join(",")
        };
        let side = match self.side {
            Color::Black => 'B',
            Color::White => 'W',
        };
        let mut s = format!("{side}:W{}:B{}", list(self.white), list(self.black));
        if self.rules.merge_duplicate_captures {
            s.push_str(" merge-duplicates");
        }
        if self.rules.draw_moves != 0 {
            s.push_str(&format!(
                " draw={} quiet={}",
                self.rules.draw_moves, self.quiet
            ));
        }
        s
    }
}

/// The board as White sees it: `b`/`w` men, `B`/`W` kings, `.` empty dark squares.
impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in 0..8 {
            let mut line = String::new();
            for col in 0..8 {
                if (row + col) % 2 == 0 {
                    line.push_str("  ");
                    continue;
                }
                let bit = 1u32 << (row * 4 + col / 2);
                let c = match (self.black & bit != 0, self.white & bit != 0) {
                    (true, _) => 'b',
                    (_, true) => 'w',
                    _ => '.',
                };
                let c = if self.kings & bit != 0 {
                    c.to_ascii_uppercase()
                } else {
                    c
                };
                line.push(' ');
                line.push(c);
            }
            writeln!(f, "{line}   {:>2}..{:>2}", row * 4 + 1, row * 4 + 4)?;
        }
        Ok(())
    }
}
