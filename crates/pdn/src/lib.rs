//! The position text of Portable Draughts Notation (PDN's FEN), for every game of the
//! draughts family whose squares are numbered (8x8 checkers 1..32, international draughts
//! 1..50): the side to move, then each colour's squares, kings marked `K`:
//! `W:W31,32,K33:B1-20`. This crate knows the syntax and the numbering only; which squares
//! a man may stand on, how many pieces a side may have and what follows the FEN belong to
//! each game's folder.
//!
//! The reader takes what programs in the wild write: either colour first, a colour left
//! out (no pieces), lower case, ranges (`B1-20`, also after `K`), blanks around items and a
//! final `.`. The writer puts White first, squares ascending, without ranges.
//!
//! ```
//! use olympiad_pdn::{Fen, Side};
//!
//! let fen = Fen::read("B:B1-3:WK30, 31.", 50).unwrap();
//! assert_eq!(fen.side, Side::Black);
//! assert_eq!(fen.squares(Side::White), [(30, true), (31, false)]);
//! assert_eq!(fen.text(), "B:WK30,31:B1,2,3");
//! ```

use thiserror::Error;

/// A colour, and the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// `W`.
    White,
    /// `B`.
    Black,
}

/// What is wrong with a FEN.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum FenError {
    /// Nothing to read.
    #[error("empty")]
    Empty,
    /// The first field is not `W` or `B`.
    #[error("the side to move (W or B) comes first, not '{0}'")]
    Side(String),
    /// A field that does not start with a colour.
    #[error("field '{0}' must start with W or B")]
    Field(String),
    /// A colour's field given twice.
    #[error("{0:?} is listed twice")]
    ColourTwice(Side),
    /// Not a square number of the board.
    #[error("bad square '{text}' (squares are numbered 1 to {squares})")]
    Square {
        /// The text where a square was expected.
        text: String,
        /// The board's number of squares.
        squares: u8,
    },
    /// A range whose end comes before its start.
    #[error("range '{0}' runs backwards")]
    Backwards(String),
    /// A square given twice.
    #[error("square {0} is listed twice")]
    SquareTwice(u8),
}

/// A position's pieces as PDN writes them: square numbers with a king mark per colour.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fen {
    /// The side to move.
    pub side: Side,
    /// White's pieces: (square, king), ascending.
    pub white: Vec<(u8, bool)>,
    /// Black's pieces, the same way.
    pub black: Vec<(u8, bool)>,
}

impl Fen {
    /// Reads a FEN on a board of squares `1..=squares` (see the crate documentation).
    pub fn read(text: &str, squares: u8) -> Result<Fen, FenError> {
        let text = text.trim();
        let text = text.strip_suffix('.').unwrap_or(text);
        if text.is_empty() {
            return Err(FenError::Empty);
        }
        let mut fields = text.split(':');
        let first = fields.next().unwrap_or_default().trim();
        let side = match first.to_ascii_uppercase().as_str() {
            "W" => Side::White,
            "B" => Side::Black,
            _ => return Err(FenError::Side(first.to_string())),
        };
        let mut fen = Fen {
            side,
            white: Vec::new(),
            black: Vec::new(),
        };
        let mut seen = [false; 2];
        let mut taken = vec![false; usize::from(squares) + 1];
        for field in fields {
            let field = field.trim();
            let colour = match field.chars().next().map(|c| c.to_ascii_uppercase()) {
                Some('W') => Side::White,
                Some('B') => Side::Black,
                _ => return Err(FenError::Field(field.to_string())),
            };
            if std::mem::replace(&mut seen[colour as usize], true) {
                return Err(FenError::ColourTwice(colour));
            }
            let list = match colour {
                Side::White => &mut fen.white,
                Side::Black => &mut fen.black,
            };
            for item in field[1..]
                .split(',')
                .map(str::trim)
                .filter(|i| !i.is_empty())
            {
                let (king, rest) = match item.strip_prefix(['K', 'k']) {
                    Some(rest) => (true, rest),
                    None => (false, item),
                };
                let square = |t: &str| match t.trim().parse::<u8>() {
                    Ok(n) if (1..=squares).contains(&n) => Ok(n),
                    _ => Err(FenError::Square {
                        text: t.trim().to_string(),
                        squares,
                    }),
                };
                let (lo, hi) = match rest.split_once('-') {
                    Some((a, b)) => (square(a)?, square(b)?),
                    None => (square(rest)?, square(rest)?),
                };
                if lo > hi {
                    return Err(FenError::Backwards(item.to_string()));
                }
                for n in lo..=hi {
                    if std::mem::replace(&mut taken[usize::from(n)], true) {
                        return Err(FenError::SquareTwice(n));
                    }
                    list.push((n, king));
                }
            }
        }
        fen.white.sort_unstable();
        fen.black.sort_unstable();
        Ok(fen)
    }

    /// One colour's pieces: (square, king), ascending.
    pub fn squares(&self, side: Side) -> &[(u8, bool)] {
        match side {
            Side::White => &self.white,
            Side::Black => &self.black,
        }
    }

    /// Writes the FEN: the side to move, White's squares, Black's, ascending, kings `K`.
    pub fn text(&self) -> String {
        let list = |pieces: &[(u8, bool)]| {
            let mut sorted = pieces.to_vec();
            sorted.sort_unstable();
            sorted
                .iter()
                .map(|&(n, king)| format!("{}{n}", if king { "K" } else { "" }))
                .collect::<Vec<_>>()
                .join(",")
        };
        let side = match self.side {
            Side::White => 'W',
            Side::Black => 'B',
        };
        format!("{side}:W{}:B{}", list(&self.white), list(&self.black))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_say_what_is_wrong() {
        for (text, why) in [
            ("", "empty"),
            ("X:W1:B2", "side to move"),
            ("W:Q1", "must start with W or B"),
            ("W:W1:W2", "White is listed twice"),
            ("W:W33:B2", "bad square '33' (squares are numbered 1 to 32)"),
            ("W:WK:B2", "bad square ''"),
            ("W:W9-7:B2", "runs backwards"),
            ("W:W9:B1-9", "square 9 is listed twice"),
        ] {
            let err = Fen::read(text, 32).unwrap_err().to_string();
            assert!(err.contains(why), "{text}: {err}");
        }
    }

    #[test]
    fn reads_the_forms_in_the_wild() {
        let fen = Fen::read("w:bk1-2, 5:w", 50).unwrap();
        assert_eq!(fen.side, Side::White);
        assert_eq!(fen.black, [(1, true), (2, true), (5, false)]);
        assert!(fen.white.is_empty());
        assert_eq!(fen.text(), "W:W:BK1,K2,5");
        assert_eq!(Fen::read("B", 32).unwrap().text(), "B:W:B");
    }
}
