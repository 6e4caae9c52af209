//! The boards of the draughts family as the draughts protocols write them, and a game
//! followed on one move by move, as notation only (no rules): international draughts on 50
//! squares and checkers on 32. Hub and DXP both tell a program the board in their own
//! letters, and both write a capture with every piece it takes, which the games' own
//! notations leave out (draughts' `28x19` when it is unambiguous; checkers writes the
//! landing squares, `22x15x6`).
//!
//! [`Board`] reads a PDN position text (`W:W31-50:B1-20`) for a [`Shape`], Hub's letters
//! (`w`/`b` men, `W`/`B` kings, `e` empty, the side to move first; the length tells the
//! shape) and DXP's (`w`/`z`, `W`/`Z`, `e`; the side to move `W` or `Z`). [`FullMove`] is a
//! move with every piece it takes. A referee that knows the board before a move and the
//! board after it can write the move in full ([`Board::full_move`]: the pieces taken are
//! the mover's opponent's pieces that are gone), and [`Follow`] keeps that up along a game
//! from the boards the referee gives at each request, each step checked by playing the
//! move on the board. [`Board::game_text`] turns a move in full back into the game's own
//! notation (for checkers, the landing squares, found on the board).
//!
//! Both boards are numbered the same way round: White's men move towards square 1 and are
//! crowned on the first row (1-5, 1-4), Black's on the last; Black's men start on the low
//! squares (1-20, 1-12).

use std::fmt;

/// The board of a game of the draughts family.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Shape {
    /// International draughts: 10x10, 50 squares, flying kings.
    #[default]
    Draughts,
    /// Checkers (English draughts): 8x8, 32 squares, kings that step.
    Checkers,
}

impl Shape {
    /// The shape of the catalog's game `name` (`draughts`, `checkers`), if it has one.
    pub fn of_game(name: &str) -> Option<Shape> {
        match name {
            "draughts" => Some(Shape::Draughts),
            "checkers" => Some(Shape::Checkers),
            _ => None,
        }
    }

    /// The shape whose boards have this many squares.
    pub fn with_squares(squares: usize) -> Option<Shape> {
        [Shape::Draughts, Shape::Checkers]
            .into_iter()
            .find(|s| s.squares() == squares)
    }

    /// Its playing squares: 50 or 32.
    pub const fn squares(self) -> usize {
        match self {
            Shape::Draughts => 50,
            Shape::Checkers => 32,
        }
    }

    /// The squares of a row: a man of White is crowned on the first row, of Black on the
    /// last.
    const fn row(self) -> usize {
        match self {
            Shape::Draughts => 5,
            Shape::Checkers => 4,
        }
    }

    /// The row (0 on Black's side) and column (0 to 2*row-1) of square `n` (1-based).
    fn coordinates(self, n: u8) -> (i32, i32) {
        let row = self.row();
        let i = usize::from(n) - 1;
        let r = i / row;
        let c = 2 * (i % row) + usize::from(r.is_multiple_of(2));
        (r as i32, c as i32)
    }

    /// The square (1-based) at row `r` and column `c`, if it is a playing square.
    fn square_at(self, r: i32, c: i32) -> Option<u8> {
        let row = self.row() as i32;
        let on_board = (0..row * 2).contains(&r) && (0..row * 2).contains(&c);
        let dark = (r + c) % 2 == 1;
        (on_board && dark).then(|| (r * row + c / 2 + 1) as u8)
    }

    /// Its name in messages.
    fn name(self) -> &'static str {
        match self {
            Shape::Draughts => "draughts",
            Shape::Checkers => "checkers",
        }
    }
}

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

/// A board: its shape, the side to move and the squares (index 0 is square 1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    /// Draughts or checkers.
    pub shape: Shape,
    /// White is to move.
    pub white_to_move: bool,
    /// Squares 1..=50 (or 1..=32).
    pub squares: Vec<Piece>,
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
    /// The start position: draughts has Black's men on 1-20, White's on 31-50 and White
    /// to move; checkers Black's men on 1-12, White's on 21-32 and Black to move.
    pub fn start(shape: Shape) -> Board {
        let mut squares = vec![Piece::Empty; shape.squares()];
        let men = match shape {
            Shape::Draughts => 20,
            Shape::Checkers => 12,
        };
        squares[..men].fill(Piece::BlackMan);
        let n = squares.len();
        squares[n - men..].fill(Piece::WhiteMan);
        Board {
            shape,
            white_to_move: shape == Shape::Draughts,
            squares,
        }
    }

    /// Reads a PDN position text (`W:W31,32,K33:B1-20`; ranges allowed, optional rule
    /// tokens after a space ignored) on a board of `shape`.
    pub fn from_pdn(text: &str, shape: Shape) -> Result<Board, String> {
        let size = shape.squares();
        let bad = |why: &str| format!("position '{text}': {why}");
        let fen = text.split_whitespace().next().unwrap_or("");
        let fen = fen.trim_end_matches('.');
        let mut parts = fen.split(':');
        let white_to_move = match parts.next().map(str::to_ascii_uppercase).as_deref() {
            Some("W") => true,
            Some("B") => false,
            _ => return Err(bad("expected W or B to move first")),
        };
        let mut squares = vec![Piece::Empty; size];
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
                        .filter(|n| (1..=size).contains(n))
                        .ok_or_else(|| bad(&format!("'{s}' is not a square 1..{size}")))
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
            shape,
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

    /// Reads a board in a protocol's letters (the side to move in either case); its
    /// length tells its shape (the side to move and 50 or 32 squares).
    pub fn from_letters(text: &str, letters: &Letters) -> Result<Board, String> {
        let chars: Vec<char> = text.trim().chars().collect();
        let Some(shape) = Shape::with_squares(chars.len().saturating_sub(1)) else {
            return Err(format!(
                "board '{text}': expected the side to move and 50 squares (draughts) or 32 \
                 (checkers), not {} characters",
                chars.len()
            ));
        };
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
        let mut squares = vec![Piece::Empty; shape.squares()];
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
            shape,
            white_to_move,
            squares,
        })
    }

    /// Whether `n` is a square of this board.
    fn has(&self, n: u8) -> bool {
        (1..=self.squares.len()).contains(&usize::from(n))
    }

    /// The board after `mv`, played as written: the piece goes from `from` to `to`, the
    /// pieces taken leave, a man ending on the far row is crowned, the other side moves.
    /// An empty `from` square or a taken square holding no piece of the other side is an
    /// error (the move is not one of this board).
    pub fn play(&self, mv: &FullMove) -> Result<Board, String> {
        if let Some(n) = mv.squares().find(|&n| !self.has(n)) {
            return Err(format!(
                "{mv}: {n} is not a square of the {} board (1..{})",
                self.shape.name(),
                self.squares.len()
            ));
        }
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
            Piece::WhiteMan if usize::from(mv.to) <= self.shape.row() => Piece::WhiteKing,
            Piece::BlackMan if usize::from(mv.to) > self.squares.len() - self.shape.row() => {
                Piece::BlackKing
            }
            p => p,
        };
        next.white_to_move = !self.white_to_move;
        Ok(next)
    }

    /// The move `text`, in the game's notation, that leads from this board to `after`, in
    /// full. Draughts writes `32-28`, `28x19` or the move in full; checkers `11-15` or
    /// every landing square, `22x15x6`. The squares it starts and ends on come from the
    /// text, the pieces taken are those of the other side that are gone. Checked: playing
    /// it here gives `after`.
    pub fn full_move(&self, after: &Board, text: &str) -> Result<FullMove, String> {
        let mut mv = FullMove::parse(text)?;
        if self.shape == Shape::Checkers {
            // The landing squares: the last is where it ends.
            let last = text.trim().rsplit(['x', 'X', '-']).next().unwrap_or("");
            mv.to = FullMove::parse(&format!("{}-{last}", mv.from))?.to;
        }
        mv.captured = (1..=self.squares.len() as u8)
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

    /// A move written in full (`22x6x10x18`) in the game's own notation: draughts takes
    /// it as it is; checkers writes the squares it lands on, found on this board
    /// (`22x15x6`). A step, a capture whose pieces are not named, text that is not a move
    /// and a capture no route of jumps fits are returned as written, for the game to judge.
    pub fn game_text(&self, text: &str) -> String {
        let text = text.trim();
        let Ok(mv) = FullMove::parse(text) else {
            return text.to_string();
        };
        if self.shape == Shape::Draughts || mv.captured.is_empty() || !self.has(mv.from) {
            return text.to_string();
        }
        let mut route = vec![mv.from];
        if self.jumps(&mv, &mut route, &mut mv.captured.clone()) {
            let squares: Vec<String> = route.iter().map(u8::to_string).collect();
            squares.join("x")
        } else {
            text.to_string()
        }
    }

    /// Extends `route` (the squares landed on so far) by jumps over the pieces `left`
    /// until it ends on `mv.to` with none left; a man jumps forwards only and stops on
    /// the far row. False when no route fits.
    fn jumps(&self, mv: &FullMove, route: &mut Vec<u8>, left: &mut Vec<u8>) -> bool {
        let at = *route.last().expect("the route starts on the move's square");
        if left.is_empty() {
            return at == mv.to;
        }
        let piece = self.squares[usize::from(mv.from) - 1];
        let forward = match piece {
            Piece::WhiteMan => Some(-1),
            Piece::BlackMan => Some(1),
            _ => None,
        };
        let (r, c) = self.shape.coordinates(at);
        if route.len() > 1 && forward.is_some() && {
            let far = if forward == Some(-1) {
                0
            } else {
                2 * self.shape.row() as i32 - 1
            };
            r == far
        } {
            return false;
        }
        for i in 0..left.len() {
            let (cr, cc) = self.shape.coordinates(left[i]);
            let (dr, dc) = (cr - r, cc - c);
            if dr.abs() != 1 || dc.abs() != 1 || forward.is_some_and(|f| f != dr) {
                continue;
            }
            let Some(land) = self.shape.square_at(cr + dr, cc + dc) else {
                continue;
            };
            let free = land == mv.from || self.squares[usize::from(land) - 1] == Piece::Empty;
            if !free {
                continue;
            }
            let taken = left.remove(i);
            route.push(land);
            if self.jumps(mv, route, left) {
                return true;
            }
            route.pop();
            left.insert(i, taken);
        }
        false
    }
}

/// A move with every piece it takes (none for a step).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FullMove {
    /// The square it starts on, 1..=50 (or 32).
    pub from: u8,
    /// The square it ends on (the start again for a king's round trip).
    pub to: u8,
    /// The squares of the pieces taken, ascending.
    pub captured: Vec<u8>,
}

impl FullMove {
    /// Every square it names.
    fn squares(&self) -> impl Iterator<Item = u8> + '_ {
        [self.from, self.to]
            .into_iter()
            .chain(self.captured.iter().copied())
    }

    /// Reads `32-28`, `28x19` (a capture whose pieces are not named) or `28x19x23x12`.
    pub fn parse(text: &str) -> Result<FullMove, String> {
        let square = |s: &str| -> Result<u8, String> {
            s.parse::<u8>()
                .ok()
                .filter(|n| (1..=Shape::Draughts.squares() as u8).contains(n))
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
    /// The boards' shape.
    shape: Shape,
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
    /// Nothing followed yet, on boards of `shape`.
    pub fn new(shape: Shape) -> Follow {
        Follow {
            shape,
            ..Follow::default()
        }
    }

    /// The boards' shape.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// Forgets the game.
    pub fn reset(&mut self) {
        *self = Follow::new(self.shape);
    }

    /// The program wrote this move (in full): returns it in the game's notation
    /// ([`Board::game_text`] on the board of the last request).
    pub fn program_moved(&mut self, text: &str) -> String {
        self.pending = FullMove::parse(text).ok();
        match &self.now {
            Some(board) => board.game_text(text),
            None => text.trim().to_string(),
        }
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
        let now = Board::from_pdn(position, self.shape)?;
        let pending = self.pending.take();
        let followed = match (&self.now, pending, last) {
            // The program moved, then the other side: two moves on from the board we had.
            (Some(before), Some(own), Some(reply)) => before
                .play(&own)
                .and_then(|b| b.full_move(&now, reply).map(|r| vec![own, r]))
                .ok(),
            // The first request, one move after the start.
            (None, _, Some(reply)) if moves.len() == 1 => Board::from_pdn(start, self.shape)
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

    const D: Shape = Shape::Draughts;
    const C: Shape = Shape::Checkers;

    #[test]
    fn boards_read_and_write_every_notation() {
        let start = Board::start(Shape::Draughts);
        assert_eq!(Board::from_pdn("W:W31-50:B1-20", D).unwrap(), start);
        assert_eq!(start.pdn(), Board::from_pdn(&start.pdn(), D).unwrap().pdn());
        let b = Board::from_pdn("B:WK5,46:B1,K50 quiet=3", D).unwrap();
        assert_eq!(b.pdn(), "B:WK5,46:B1,K50");
        for letters in [HUB_V1, HUB_V2, DXP] {
            assert_eq!(
                Board::from_letters(&b.letters(&letters), &letters).unwrap(),
                b
            );
        }
        assert!(b.letters(&DXP).starts_with("ZzeeeW"));
        assert!(Board::from_pdn("X:W1", D).is_err());
        assert!(Board::from_pdn("W:W51", D).is_err());
        let e = Board::from_letters(&format!("W{}", "q".repeat(50)), &DXP).unwrap_err();
        assert!(e.contains("square 1 is 'q'"), "{e}");
    }

    #[test]
    fn moves_are_written_in_full_from_two_boards() {
        // White's man on 28 takes 23 and 12 and ends on 8 (40 stays): written in full.
        let before = Board::from_pdn("W:W28:B12,23,40", D).unwrap();
        let after = Board::from_pdn("B:W8:B40", D).unwrap();
        let mv = before.full_move(&after, "28x8").unwrap();
        assert_eq!(mv.to_string(), "28x8x12x23");
        assert_eq!(FullMove::parse("28x8x23x12").unwrap(), mv);
        assert!(before.full_move(&after, "28-22").is_err());
        // A man ending on the far row is crowned.
        let crowning = Board::from_pdn("W:W7:B40", D).unwrap();
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
        assert_eq!(from, Some(&Board::start(Shape::Draughts)));
        let texts: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
        assert_eq!(texts, ["32-28", "19-23", "28x19x23"]);
        // Boards that do not follow start the history again.
        f.program_moved("14-10");
        assert_eq!(f.request(start, &[], Some("31-26"), start).unwrap(), None);
        assert_eq!(f.history(), (Some(&Board::start(Shape::Draughts)), &[][..]));
    }

    #[test]
    fn squares_have_coordinates_on_both_boards() {
        for shape in [D, C] {
            for n in 1..=shape.squares() as u8 {
                let (r, c) = shape.coordinates(n);
                assert_eq!(shape.square_at(r, c), Some(n), "{shape:?} {n}");
            }
            assert_eq!(shape.square_at(0, 0), None);
            assert_eq!(shape.square_at(-1, 1), None);
        }
        // Checkers: 11 steps to 15 or 16, 9 to 13 or 14 (Black's first moves).
        let near = |a: u8, b: u8| {
            let ((r1, c1), (r2, c2)) = (C.coordinates(a), C.coordinates(b));
            (r2 - r1, (c2 - c1).abs())
        };
        for (a, b) in [
            (11, 15),
            (11, 16),
            (9, 13),
            (9, 14),
            (12, 16),
            (5, 9),
            (8, 12),
        ] {
            assert_eq!(near(a, b), (1, 1), "{a}-{b}");
        }
        assert_eq!(Shape::of_game("checkers"), Some(C));
        assert_eq!(Shape::of_game("chess"), None);
    }

    #[test]
    fn checkers_boards_and_moves() {
        let start = Board::start(C);
        assert_eq!(start, Board::from_pdn("B:W21-32:B1-12", C).unwrap());
        let hub = start.letters(&HUB_V1);
        assert_eq!(
            hub,
            format!("b{}{}{}", "b".repeat(12), "e".repeat(8), "w".repeat(12))
        );
        assert_eq!(Board::from_letters(&hub, &HUB_V1).unwrap(), start);
        assert!(Board::from_pdn("B:W33:B1", C).is_err());
        // A step, and the draughts board's squares refused on the checkers board.
        let after = start.play(&FullMove::parse("11-15").unwrap()).unwrap();
        assert_eq!(
            after.pdn(),
            "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,12,15"
        );
        let e = start.play(&FullMove::parse("12-40").unwrap()).unwrap_err();
        assert!(e.contains("not a square of the checkers board"), "{e}");
        // A double jump by Black's man: 14 over 18 to 23, over 27 to 32, crowned there.
        let before = Board::from_pdn("B:W18,27,30:B14", C).unwrap();
        let after = Board::from_pdn("W:W30:BK32", C).unwrap();
        let full = before.full_move(&after, "14x23x32").unwrap();
        assert_eq!(full.to_string(), "14x32x18x27");
        assert_eq!(before.game_text("14x32x27x18"), "14x23x32");
        assert_eq!(before.game_text("14x23"), "14x23");
        // A man does not jump backwards, so no route fits.
        assert_eq!(before.game_text("14x5x9"), "14x5x9");
        // White's king on 1 takes 6 and 15, landing on 10 and 19.
        let king = Board::from_pdn("W:WK1:B6,15,30", C).unwrap();
        assert_eq!(king.game_text("1x19x15x6"), "1x10x19");
        let followed = king.play(&FullMove::parse("1x19x15x6").unwrap()).unwrap();
        assert_eq!(followed.pdn(), "B:WK19:B30");
        // White's man crowned on 1-4.
        let w = Board::from_pdn("W:W5:B30", C).unwrap();
        assert_eq!(
            w.play(&FullMove::parse("5-1").unwrap()).unwrap().pdn(),
            "B:WK1:B30"
        );
    }

    #[test]
    fn a_checkers_game_is_followed_in_its_own_notation() {
        let mut f = Follow::new(C);
        let start = "B:W21-32:B1-12";
        let reply = f
            .request(
                start,
                &["11-15".into()],
                Some("11-15"),
                "W:W21-32:B1-10,12,15",
            )
            .unwrap();
        assert_eq!(reply.unwrap().to_string(), "11-15");
        assert_eq!(f.program_moved("22-18"), "22-18");
        let reply = f
            .request(start, &[], Some("15x22"), "W:W21,23-32:B1-10,12,22")
            .unwrap();
        assert_eq!(reply.unwrap().to_string(), "15x22x18");
        // The program's capture in full comes back as the landing squares.
        assert_eq!(f.program_moved("25x18x22"), "25x18");
    }
}
