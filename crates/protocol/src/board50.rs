//! The 50-square board of international draughts as the draughts protocols write it, and a
//! game followed on it move by move, as notation only (no rules): Hub and DXP both tell a
//! program the board in their own letters, and both write a capture with every piece it
//! takes, which the game's own short notation (`28x19`) leaves out when it is unambiguous.
//!
//! [`Board`] reads a PDN position text (`W:W31-50:B1-20`), Hub's letters (`w`/`b` men,
//! `W`/`B` kings, `e` empty, the side to move first) and DXP's (`w`/`z`, `W`/`Z`, `e`; the
//! side to move `W` or `Z`). [`FullMove`] is a move with every piece it takes. A referee
//! that knows the board before a move and the board after it can write the move in full
//! ([`Board::full_move`]: the pieces taken are the mover's opponent's pieces that are gone),
//! and [`Follow`] keeps that up along a game from the boards the referee gives at each
//! request, each step checked by playing the move on the board.

use std::fmt;

/// The squares of the board.
pub const SQUARES: usize = 50;
/// The squares of a row: a man of White is crowned on squares 1..=5, of Black on 46..=50.
const ROW: u8 = 5;

/// What stands on a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Piece {
    /// Nothing.
    Empty,
    /// A man of White.
    WhiteMan,
    /// A man of Black.
    BlackMan,
    /// A king of White.
    WhiteKing,
    /// A king of Black.
    BlackKing,
}

impl Piece {
    /// Whether it is White's (`Some(true)`), Black's (`Some(false)`) or nothing.
    pub fn white(self) -> Option<bool> {
        match self {
            Piece::Empty => None,
            Piece::WhiteMan | Piece::WhiteKing => Some(true),
            Piece::BlackMan | Piece::BlackKing => Some(false),
        }
    }
}

/// A board: the side to move and the 50 squares (index 0 is square 1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    /// White is to move.
    pub white_to_move: bool,
    /// Squares 1..=50.
    pub squares: [Piece; SQUARES],
}

/// How a protocol writes the pieces and the side to move: (side White, side Black, white
/// man, black man, white king, black king, empty).
type Letters = [char; 7];
/// Hub version 1 (the side to move in lower case).
pub const HUB_V1: Letters = ['w', 'b', 'w', 'b', 'W', 'B', 'e'];
/// Hub version 2 (the side to move in upper case).
pub const HUB_V2: Letters = ['W', 'B', 'w', 'b', 'W', 'B', 'e'];
/// DXP (`Z` for zwart, black).
pub const DXP: Letters = ['W', 'Z', 'w', 'z', 'W', 'Z', 'e'];

impl Board {
    /// The start position: Black's men on 1-20, White's on 31-50, White to move.
    pub fn start() -> Board {
        let mut squares = [Piece::Empty; SQUARES];
        squares[..20].fill(Piece::BlackMan);
        squares[30..].fill(Piece::WhiteMan);
        Board {
            white_to_move: true,
            squares,
        }
    }

    /// Reads a PDN position text (`W:W31,32,K33:B1-20`; ranges allowed, optional rule
    /// tokens after a space ignored).
    pub fn from_pdn(text: &str) -> Result<Board, String> {
        let bad = |why: &str| format!("position '{text}': {why}");
        let fen = text.split_whitespace().next().unwrap_or("");
        let fen = fen.trim_end_matches('.');
        let mut parts = fen.split(':');
        let white_to_move = match parts.next().map(str::to_ascii_uppercase).as_deref() {
            Some("W") => true,
            Some("B") => false,
            _ => return Err(bad("expected W or B to move first")),
        };
        let mut squares = [Piece::Empty; SQUARES];
        for part in parts {
            let mut chars = part.chars();
            let white = match chars.next().map(|c| c.to_ascii_uppercase()) {
                Some('W') => true,
                Some('B') => false,
                _ => return Err(bad(&format!("'{part}' is not W... or B..."))),
            };
            for item in chars.as_str().split(',').map(str::trim) {
                if item.is_empty() {
                    continue;
                }
                let (king, numbers) = match item.strip_prefix(['K', 'k']) {
                    Some(rest) => (true, rest),
                    None => (false, item),
                };
                let number = |s: &str| -> Result<usize, String> {
                    s.parse::<usize>()
                        .ok()
                        .filter(|n| (1..=SQUARES).contains(n))
                        .ok_or_else(|| bad(&format!("'{s}' is not a square 1..50")))
                };
                let (first, last) = match numbers.split_once('-') {
                    Some((a, b)) => (number(a)?, number(b)?),
                    None => (number(numbers)?, number(numbers)?),
                };
                for n in first..=last {
                    squares[n - 1] = match (white, king) {
                        (true, false) => Piece::WhiteMan,
                        (false, false) => Piece::BlackMan,
                        (true, true) => Piece::WhiteKing,
                        (false, true) => Piece::BlackKing,
                    };
                }
            }
        }
        Ok(Board {
            white_to_move,
            squares,
        })
    }

    /// The PDN position text (`B:W31,K33:B1,2`).
    pub fn pdn(&self) -> String {
        let (mut white, mut black) = (Vec::new(), Vec::new());
        for (i, &piece) in self.squares.iter().enumerate() {
            let n = i + 1;
            match piece {
                Piece::WhiteMan => white.push(n.to_string()),
                Piece::WhiteKing => white.push(format!("K{n}")),
                Piece::BlackMan => black.push(n.to_string()),
                Piece::BlackKing => black.push(format!("K{n}")),
                Piece::Empty => {}
            }
        }
        let side = if self.white_to_move { 'W' } else { 'B' };
        format!("{side}:W{}:B{}", white.join(","), black.join(","))
    }

    /// The board in a protocol's letters: the side to move, then the squares.
    pub fn letters(&self, letters: &Letters) -> String {
        let side = letters[usize::from(!self.white_to_move)];
        std::iter::once(side)
            .chain(self.squares.iter().map(|&p| match p {
                Piece::WhiteMan => letters[2],
                Piece::BlackMan => letters[3],
                Piece::WhiteKing => letters[4],
                Piece::BlackKing => letters[5],
                Piece::Empty => letters[6],
            }))
            .collect()
    }

    /// Reads a board in a protocol's letters (the side to move in either case).
    pub fn from_letters(text: &str, letters: &Letters) -> Result<Board, String> {
        let chars: Vec<char> = text.trim().chars().collect();
        if chars.len() != SQUARES + 1 {
            return Err(format!(
                "board '{text}': expected 51 characters (the side to move and 50 squares)"
            ));
        }
        let side = chars[0].to_ascii_uppercase();
        let white_to_move = if side == letters[0].to_ascii_uppercase() {
            true
        } else if side == letters[1].to_ascii_uppercase() {
            false
        } else {
            return Err(format!(
                "board '{text}': side to move '{}' is not {} or {}",
                chars[0], letters[0], letters[1]
            ));
        };
        let mut squares = [Piece::Empty; SQUARES];
        for (i, &c) in chars[1..].iter().enumerate() {
            squares[i] = match letters[2..].iter().position(|&l| l == c) {
                Some(0) => Piece::WhiteMan,
                Some(1) => Piece::BlackMan,
                Some(2) => Piece::WhiteKing,
                Some(3) => Piece::BlackKing,
                Some(_) => Piece::Empty,
                None => {
                    return Err(format!(
                        "board '{text}': square {} is '{c}' (expected one of {})",
                        i + 1,
                        letters[2..].iter().collect::<String>()
                    ));
                }
            };
        }
        Ok(Board {
            white_to_move,
            squares,
        })
    }

    /// The board after `mv`, played as written: the piece goes from `from` to `to`, the
    /// pieces taken leave, a man ending on the far row is crowned, the other side moves.
    /// An empty `from` square or a taken square holding no piece of the other side is an
    /// error (the move is not one of this board).
    pub fn play(&self, mv: &FullMove) -> Result<Board, String> {
        let piece = self.squares[usize::from(mv.from) - 1];
        if piece.white() != Some(self.white_to_move) {
            return Err(format!(
                "{mv}: square {} holds no piece of the side to move",
                mv.from
            ));
        }
        let mut next = self.clone();
        next.squares[usize::from(mv.from) - 1] = Piece::Empty;
        for &c in &mv.captured {
            let taken = &mut next.squares[usize::from(c) - 1];
            if taken.white() != Some(!self.white_to_move) {
                return Err(format!("{mv}: square {c} holds no piece to take"));
            }
            *taken = Piece::Empty;
        }
        let to = &mut next.squares[usize::from(mv.to) - 1];
        if *to != Piece::Empty {
            return Err(format!("{mv}: square {} is not empty", mv.to));
        }
        *to = match piece {
            Piece::WhiteMan if mv.to <= ROW => Piece::WhiteKing,
            Piece::BlackMan if usize::from(mv.to) > SQUARES - usize::from(ROW) => Piece::BlackKing,
            p => p,
        };
        next.white_to_move = !self.white_to_move;
        Ok(next)
    }

    /// The move `text` (`32-28`, `28x19`, or in full) that leads from this board to
    /// `after`, in full: its squares from the text, the pieces taken those of the other
    /// side that are gone. Checked: playing it here gives `after`.
    pub fn full_move(&self, after: &Board, text: &str) -> Result<FullMove, String> {
        let mut mv = FullMove::parse(text)?;
        mv.captured = (1..=SQUARES as u8)
            .filter(|&n| {
                let i = usize::from(n) - 1;
                self.squares[i].white() == Some(!self.white_to_move)
                    && after.squares[i] == Piece::Empty
            })
            .collect();
        if self.play(&mv)? != *after {
            return Err(format!("{text} does not lead to the board given after it"));
        }
        Ok(mv)
    }
}

/// A move with every piece it takes (none for a step).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FullMove {
    /// The square it starts on, 1..=50.
    pub from: u8,
    /// The square it ends on (the start again for a king's round trip).
    pub to: u8,
    /// The squares of the pieces taken, ascending.
    pub captured: Vec<u8>,
}

impl FullMove {
    /// Reads `32-28`, `28x19` (a capture whose pieces are not named) or `28x19x23x12`.
    pub fn parse(text: &str) -> Result<FullMove, String> {
        let square = |s: &str| -> Result<u8, String> {
            s.parse::<u8>()
                .ok()
                .filter(|n| (1..=SQUARES as u8).contains(n))
                .ok_or_else(|| format!("move '{text}': '{s}' is not a square 1..50"))
        };
        let t = text.trim();
        let parts: Vec<&str> = t.split(['-', 'x', 'X']).collect();
        let [from, to, rest @ ..] = &parts[..] else {
            return Err(format!("move '{text}' is not FROM-TO or FROMxTO"));
        };
        if t.contains('-') && !rest.is_empty() {
            return Err(format!("move '{text}': a step has two squares"));
        }
        let mut captured = rest
            .iter()
            .map(|s| square(s))
            .collect::<Result<Vec<_>, _>>()?;
        captured.sort_unstable();
        Ok(FullMove {
            from: square(from)?,
            to: square(to)?,
            captured,
        })
    }
}

impl fmt::Display for FullMove {
    /// `32-28`, or a capture with every piece taken: `28x19x23`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.captured.is_empty() {
            return write!(f, "{}-{}", self.from, self.to);
        }
        write!(f, "{}x{}", self.from, self.to)?;
        self.captured.iter().try_for_each(|c| write!(f, "x{c}"))
    }
}

/// A game followed from the referee's boards: where the program's history starts, the
/// moves since in full, and the board now. The program's own move is noted when it is
/// read ([`Follow::program_moved`]); the next request's board then shows the other side's
/// reply, which is written in full from the two boards.
#[derive(Clone, Debug, Default)]
pub struct Follow {
    /// The board the history starts from (`None`: nothing followed yet).
    start: Option<Board>,
    /// The moves since, in full.
    moves: Vec<FullMove>,
    /// The board after them.
    now: Option<Board>,
    /// The program's last move, as it wrote it, not yet followed.
    pending: Option<FullMove>,
}

impl Follow {
    /// Forgets the game.
    pub fn reset(&mut self) {
        *self = Follow::default();
    }

    /// The program wrote this move.
    pub fn program_moved(&mut self, text: &str) {
        self.pending = FullMove::parse(text).ok();
    }

    /// The referee asks for a move on the board `position` (a PDN text), the last move
    /// being `last` from the game that started at `start` after `moves`: follows the
    /// program's move and the reply, and returns the reply in full (`None` at the first
    /// request, or when the boards do not agree with the moves: the history then starts
    /// again from the board now). An unreadable position is an error.
    pub fn request(
        &mut self,
        start: &str,
        moves: &[String],
        last: Option<&str>,
        position: &str,
    ) -> Result<Option<FullMove>, String> {
        let now = Board::from_pdn(position)?;
        let pending = self.pending.take();
        let followed = match (&self.now, pending, last) {
            // The program moved, then the other side: two moves on from the board we had.
            (Some(before), Some(own), Some(reply)) => before
                .play(&own)
                .and_then(|b| b.full_move(&now, reply).map(|r| vec![own, r]))
                .ok(),
            // The first request, one move after the start.
            (None, _, Some(reply)) if moves.len() == 1 => Board::from_pdn(start)
                .and_then(|s| {
                    let r = s.full_move(&now, reply)?;
                    self.start = Some(s);
                    Ok(vec![r])
                })
                .ok(),
            _ => None,
        };
        match followed {
            Some(new) => {
                let reply = new.last().cloned();
                self.moves.extend(new);
                self.now = Some(now);
                Ok(reply)
            }
            None => {
                self.start = Some(now.clone());
                self.moves.clear();
                self.now = Some(now);
                Ok(None)
            }
        }
    }

    /// The board the history starts from and the moves since, in full (empty before the
    /// first request).
    pub fn history(&self) -> (Option<&Board>, &[FullMove]) {
        (self.start.as_ref(), &self.moves)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boards_read_and_write_every_notation() {
        let start = Board::start();
        assert_eq!(Board::from_pdn("W:W31-50:B1-20").unwrap(), start);
        assert_eq!(start.pdn(), Board::from_pdn(&start.pdn()).unwrap().pdn());
        let b = Board::from_pdn("B:WK5,46:B1,K50 quiet=3").unwrap();
        assert_eq!(b.pdn(), "B:WK5,46:B1,K50");
        for letters in [HUB_V1, HUB_V2, DXP] {
            assert_eq!(
                Board::from_letters(&b.letters(&letters), &letters).unwrap(),
                b
            );
        }
        assert!(b.letters(&DXP).starts_with("ZzeeeW"));
        assert!(Board::from_pdn("X:W1").is_err());
        assert!(Board::from_pdn("W:W51").is_err());
        let e = Board::from_letters(&format!("W{}", "q".repeat(50)), &DXP).unwrap_err();
        assert!(e.contains("square 1 is 'q'"), "{e}");
    }

    #[test]
    fn moves_are_written_in_full_from_two_boards() {
        // White's man on 28 takes 23 and 12 and ends on 8 (40 stays): written in full.
        let before = Board::from_pdn("W:W28:B12,23,40").unwrap();
        let after = Board::from_pdn("B:W8:B40").unwrap();
        let mv = before.full_move(&after, "28x8").unwrap();
        assert_eq!(mv.to_string(), "28x8x12x23");
        assert_eq!(FullMove::parse("28x8x23x12").unwrap(), mv);
        assert!(before.full_move(&after, "28-22").is_err());
        // A man ending on the far row is crowned.
        let crowning = Board::from_pdn("W:W7:B40").unwrap();
        let crowned = crowning.play(&FullMove::parse("7-2").unwrap()).unwrap();
        assert_eq!(crowned.pdn(), "B:WK2:B40");
        assert!(FullMove::parse("7-2x3").is_err());
        assert!(FullMove::parse("7").is_err());
        assert!(FullMove::parse("0-5").is_err());
    }

    #[test]
    fn a_game_is_followed_move_by_move() {
        let mut f = Follow::default();
        let start = "W:W31-50:B1-20";
        let m1 = ["32-28".to_string()];
        let reply = f
            .request(start, &m1, Some("32-28"), "B:W28,31,33-50:B1-20")
            .unwrap();
        assert_eq!(reply.unwrap().to_string(), "32-28");
        f.program_moved("19-23");
        let reply = f
            .request(start, &[], Some("28x19"), "B:W19,31,33-50:B1-18,20")
            .unwrap();
        assert_eq!(reply.unwrap().to_string(), "28x19x23");
        let (from, moves) = f.history();
        assert_eq!(from, Some(&Board::start()));
        let texts: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
        assert_eq!(texts, ["32-28", "19-23", "28x19x23"]);
        // Boards that do not follow start the history again.
        f.program_moved("14-10");
        assert_eq!(f.request(start, &[], Some("31-26"), start).unwrap(), None);
        assert_eq!(f.history(), (Some(&Board::start()), &[][..]));
    }
}
