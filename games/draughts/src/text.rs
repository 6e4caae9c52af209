//! Text at the edges: positions in PDN FEN (`W:W31,32,K33:B1-20`) with optional rule tokens,
//! and moves in PDN notation (`32-28`, `28x19`, and `28x19x23` naming the pieces taken).
//!
//! A position text is the FEN, then, only when they differ from the defaults, the tokens
//! `draws=off` (no draw rule applies: perft's convention), `quiet=N` (plies of kings only
//! since the last man's move or capture, for the 25-move rule) and `ending=N` (plies played
//! in the 16- or 5-move ending on the board). The FEN itself is read and written by
//! `olympiad-pdn`, which accepts ranges (`B1-20`), either colour first, lower case, spaces
//! after commas and a final `.`; this module checks what is draughts' own (at most 20
//! pieces a side, no man where it would be crowned) and the tokens.
//!
//! A step is `from-to`. A capture is `fromxto` when no other legal capture goes from the
//! same square to the same square; otherwise it names every piece taken, the way the Hub
//! protocol writes captures: `fromxtoxc1xc2...` (the captured squares ascending when
//! written, in any order when read). The full form is always accepted.

use crate::bitboard::{Bits, bit_of_square, square_of_bit};
use crate::draw::{Ending, QUIET_LIMIT};
use crate::position::{Color, Move, Position};
use olympiad_core::Game;
use olympiad_pdn::{Fen, Side};
use std::fmt;
use thiserror::Error;

/// What is wrong with a text.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ParseError {
    /// Not a square number 1..50.
    #[error("bad square '{0}' (squares are numbered 1 to 50)")]
    Square(String),
    /// Not a move in PDN notation, or not one of this position.
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

/// What a short capture (`FROMxTO`) that no legal capture matches takes: the ghost bits,
/// which are never squares, so the move it reads as is never legal.
const NO_LEGAL_CAPTURE: u64 = crate::bitboard::GHOSTS;

/// The most pieces a side may have.
const MAX_PIECES: u32 = 20;

/// The bit of a square number in text.
fn square(text: &str) -> Result<u32, ParseError> {
    match text.trim().parse::<u8>() {
        Ok(n @ 1..=50) => Ok(bit_of_square(n)),
        _ => Err(ParseError::Square(text.trim().to_string())),
    }
}

/// (row, column) of a square's bit on the 10x10 board.
fn coords(bit: u32) -> (i32, i32) {
    let i = i32::from(square_of_bit(bit)) - 1;
    let row = i / 5;
    (row, 2 * (i % 5) + i32::from(row % 2 == 0))
}

impl Position {
    /// Reads a move (see the module documentation). A step is built as written (the checked
    /// play looks up whether it is legal); a short capture is looked up among the legal
    /// moves (one that matches none reads as a move that is never legal).
    pub fn parse_move_text(&self, text: &str) -> Result<Move, ParseError> {
        let bad = |why: &str| ParseError::Move {
            text: text.to_string(),
            why: why.to_string(),
        };
        let t = text.trim();
        if let Some((a, b)) = t.split_once('-') {
            let (from, to) = (square(a)?, square(b)?);
            let ((r0, c0), (r1, c1)) = (coords(from), coords(to));
            if from == to || (r0 - r1).abs() != (c0 - c1).abs() {
                return Err(bad("a step goes along a diagonal to another square"));
            }
            return Ok(Move::new(from, to, 0));
        }
        let squares = t
            .split(['x', 'X'])
            .map(square)
            .collect::<Result<Vec<u32>, _>>()?;
        let [from, to, ref taken @ ..] = squares[..] else {
            return Err(bad("expected FROM-TO, FROMxTO or FROMxTOxTAKEN..."));
        };
        if taken.is_empty() {
            return self.short_capture(from, to, text);
        }
        let mut captured = 0u64;
        for &b in taken {
            if captured >> b & 1 != 0 {
                return Err(bad(&format!("square {} is taken twice", square_of_bit(b))));
            }
            captured |= 1 << b;
        }
        Ok(Move::new(from, to, captured))
    }

    /// The legal capture from `from` to `to`, if exactly one set of pieces can be taken so.
    fn short_capture(&self, from: u32, to: u32, text: &str) -> Result<Move, ParseError> {
        let bad = |why: &str| ParseError::Move {
            text: text.to_string(),
            why: why.to_string(),
        };
        let moves = self.legal_moves();
        let mut found = moves
            .iter()
            .filter(|m| m.is_capture() && u32::from(m.from) == from && u32::from(m.to) == to);
        let Some(&first) = found.next() else {
            // Well-formed, but no legal capture: a move that is never legal, so that the
            // checked play says "illegal" (or "the game is over") rather than "bad text".
            return Ok(Move::new(from, to, NO_LEGAL_CAPTURE));
        };
        if found.next().is_some() {
            return Err(bad(
                "ambiguous: name the pieces taken too (FROMxTOxTAKEN...)",
            ));
        }
        Ok(first)
    }

    /// Writes a move: `32-28`, `28x19`, or `28x19x23x...` when another legal capture goes
    /// from the same square to the same square.
    pub fn move_text(&self, mv: Move) -> String {
        let (from, to) = (mv.from_square(), mv.to_square());
        if !mv.is_capture() {
            return format!("{from}-{to}");
        }
        let ambiguous = self
            .legal_moves()
            .iter()
            .any(|m| m.from == mv.from && m.to == mv.to && m.captured != mv.captured);
        let mut s = format!("{from}x{to}");
        if ambiguous {
            for n in mv.captured_squares() {
                s.push_str(&format!("x{n}"));
            }
        }
        s
    }

    /// Reads a position text (see the module documentation).
    pub fn from_text(text: &str) -> Result<Position, ParseError> {
        let bad = |why: String| ParseError::Position {
            text: text.to_string(),
            why,
        };
        let (fen, tokens) = split_tokens(text);
        let fen = Fen::read(fen, 50).map_err(|e| bad(e.to_string()))?;
        let side = match fen.side {
            Side::White => Color::White,
            Side::Black => Color::Black,
        };
        let mut sets = [0u64; 2];
        let mut kings = 0u64;
        for (c, colour) in [(Color::White, Side::White), (Color::Black, Side::Black)] {
            for &(n, king) in fen.squares(colour) {
                let bit = 1u64 << bit_of_square(n);
                sets[c as usize] |= bit;
                if king {
                    kings |= bit;
                }
            }
        }
        for c in [Color::White, Color::Black] {
            let set = sets[c as usize];
            if set.count_ones() > MAX_PIECES {
                return Err(bad(format!("{c:?} has more than {MAX_PIECES} pieces")));
            }
            if set & !kings & c.crowning_row() != 0 {
                return Err(bad(format!("a {c:?} man stands where it would be crowned")));
            }
        }
        let (mut draws, mut quiet, mut ending) = (true, 0u8, 0u8);
        for token in tokens {
            let number = |s: &str| {
                s.parse::<u8>()
                    .map_err(|_| bad(format!("'{token}' needs a number of plies")))
            };
            if token == "draws=off" {
                draws = false;
            } else if let Some(n) = token.strip_prefix("quiet=") {
                quiet = number(n)?;
            } else if let Some(n) = token.strip_prefix("ending=") {
                ending = number(n)?;
            } else {
                return Err(bad(format!(
                    "unknown token '{token}' (known: draws=off, quiet=N, ending=N)"
                )));
            }
        }
        if !draws && (quiet != 0 || ending != 0) {
            return Err(bad("quiet=N and ending=N need the draw rules".into()));
        }
        if quiet > QUIET_LIMIT {
            return Err(bad(format!(
                "quiet={quiet} is past the limit of {QUIET_LIMIT}"
            )));
        }
        let count = |set: u64| (set.count_ones(), (set & kings).count_ones());
        match Ending::of(count(sets[0]), count(sets[1])) {
            Some(e) if ending > e.limit() => {
                return Err(bad(format!(
                    "ending={ending} is past the {}'s limit of {} plies",
                    e.name(),
                    e.limit()
                )));
            }
            None if ending != 0 => {
                return Err(bad(
                    "ending=N needs a 16- or 5-move ending on the board".into()
                ));
            }
            _ => {}
        }
        Ok(Position::from_parts(
            sets[0], sets[1], kings, side, draws, quiet, ending,
        ))
    }

    /// Writes the position text (see the module documentation): White's pieces, then
    /// Black's, ascending, kings marked `K`.
    pub fn text(&self) -> String {
        let pieces = |set: u64| {
            Bits(set)
                .map(|b| (square_of_bit(b), self.kings >> b & 1 != 0))
                .collect()
        };
        let side = match self.side {
            Color::White => Side::White,
            Color::Black => Side::Black,
        };
        let fen = Fen {
            side,
            white: pieces(self.white),
            black: pieces(self.black),
        };
        let mut s = fen.text();
        if !self.draws {
            s.push_str(" draws=off");
        }
        if self.quiet != 0 {
            s.push_str(&format!(" quiet={}", self.quiet));
        }
        if self.ending != 0 {
            s.push_str(&format!(" ending={}", self.ending));
        }
        s
    }
}

/// The FEN and the rule tokens after it. The FEN may hold spaces after its commas, so the
/// tokens are the words at the end that contain `=`.
fn split_tokens(text: &str) -> (&str, Vec<&str>) {
    let mut fen = text.trim_end();
    let mut tokens = Vec::new();
    while let Some((head, last)) = fen.rsplit_once(char::is_whitespace) {
        if !last.contains('=') {
            break;
        }
        tokens.push(last);
        fen = head.trim_end();
    }
    if !fen.contains(char::is_whitespace) && fen.contains('=') {
        tokens.push(fen);
        fen = "";
    }
    tokens.reverse();
    (fen, tokens)
}

/// The board as White sees it: `w`/`b` men, `W`/`B` kings, `.` empty dark squares, with the
/// square numbers of each row.
impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in 0..10u8 {
            let mut line = String::new();
            for col in 0..10u8 {
                if (row + col) % 2 == 0 {
                    line.push_str("  ");
                    continue;
                }
                let bit = 1u64 << bit_of_square(row * 5 + col / 2 + 1);
                let c = match (self.white & bit != 0, self.black & bit != 0) {
                    (true, _) => 'w',
                    (_, true) => 'b',
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
            writeln!(f, "{line}   {:>2}..{:>2}", row * 5 + 1, row * 5 + 5)?;
        }
        Ok(())
    }
}
