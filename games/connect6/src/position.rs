//! The fast Connect6 board: a byte per point, and after each turn the runs through its new
//! stones measured in the four directions, so that the win test costs a few dozen reads.
//!
//! The rules (Wu and Huang, 2005, as the Computer Olympiad plays them): Black puts one stone
//! first; from then on each side puts two stones per turn on empty points. Six or more of a
//! colour in a row, across, up or along a diagonal, win (overlines count). A full board
//! with no six is a draw. A turn is one move of an unordered pair: both its stones are put
//! down, and the turn wins when either of them completes a six (a six made by the first
//! stone of a pair is not undone by the second, so the order inside a pair never matters;
//! the second stone is played all the same). When one empty point is left on a board of
//! even side, the last turn is that single stone.
//!
//! Points are `row * size + column`, row 0 at the bottom (GTP's row 1).

use crate::zobrist;
use thiserror::Error;

/// The largest board side (GTP's columns A..T without I).
pub const MAX_SIZE: usize = 19;
/// Points of the largest board.
pub const MAX_POINTS: usize = MAX_SIZE * MAX_SIZE;
/// Stones in a row that win.
pub const WIN_LENGTH: usize = 6;
/// "No second stone" in a [`Move`].
const NONE: u16 = u16::MAX;

// The colours: Black (seat 0) puts one stone first, then each side two a turn.
pub use olympiad_core::Color;

/// A turn: one stone, or an unordered pair kept with the lower point first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Move {
    first: u16,
    second: u16,
}

impl Move {
    /// One stone.
    pub const fn single(point: usize) -> Move {
        Move {
            first: point as u16,
            second: NONE,
        }
    }

    /// Two stones, in either order (kept lower first).
    pub fn pair(a: usize, b: usize) -> Move {
        let (first, second) = if a <= b { (a, b) } else { (b, a) };
        Move {
            first: first as u16,
            second: second as u16,
        }
    }

    /// Its points: one or two.
    pub fn points(self) -> impl Iterator<Item = usize> {
        [self.first, self.second]
            .into_iter()
            .filter(|&p| p != NONE)
            .map(usize::from)
    }

    /// Whether it is a pair.
    pub const fn is_pair(self) -> bool {
        self.second != NONE
    }
}

/// A board side out of range.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[error("a Connect6 board has 1 to {MAX_SIZE} points a side, not {0}")]
pub struct SizeError(pub usize);

/// A Connect6 position.
#[derive(Clone, PartialEq, Eq)]
pub struct Position {
    size: u8,
    to_move: Color,
    winner: Option<Color>,
    stones: u16,
    hash: u64,
    /// 0 empty, 1 Black, 2 White, by point.
    points: [u8; MAX_POINTS],
}

impl std::fmt::Debug for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Position({})", crate::text::position_text(self))
    }
}

impl Position {
    /// The empty board of `size` points a side, Black to put one stone.
    pub fn new(size: usize) -> Result<Position, SizeError> {
        if !(1..=MAX_SIZE).contains(&size) {
            return Err(SizeError(size));
        }
        Ok(Position {
            size: size as u8,
            to_move: Color::Black,
            winner: None,
            stones: 0,
            hash: 0,
            points: [0; MAX_POINTS],
        })
    }

    /// The Olympiad's 19x19 board.
    pub fn start19() -> Position {
        Position::new(19).expect("19 is a size")
    }

    /// Points a side.
    pub fn size(&self) -> usize {
        usize::from(self.size)
    }

    /// The colour to move.
    pub fn side_to_move(&self) -> Color {
        self.to_move
    }

    /// The colour that made six, if one has.
    pub fn winner(&self) -> Option<Color> {
        self.winner
    }

    /// Stones on the board.
    pub fn stones(&self) -> usize {
        usize::from(self.stones)
    }

    /// Empty points.
    pub fn empty(&self) -> usize {
        self.size() * self.size() - self.stones()
    }

    /// The stone on a point.
    pub fn at(&self, point: usize) -> Option<Color> {
        match self.points[point] {
            1 => Some(Color::Black),
            2 => Some(Color::White),
            _ => None,
        }
    }

    /// The incrementally kept hash.
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Whether the game is over: a six, or a full board.
    pub fn is_over(&self) -> bool {
        self.winner.is_some() || self.empty() == 0
    }

    /// How many stones the side to move puts down: one on the first turn and on the last
    /// point, else two.
    pub fn stones_per_turn(&self) -> usize {
        if self.stones == 0 || self.empty() == 1 {
            1
        } else {
            2
        }
    }

    /// Calls `f` with every legal move: single stones in point order, or every unordered
    /// pair once, by its lower point then its higher.
    pub fn for_each_move(&self, mut f: impl FnMut(Move)) {
        if self.is_over() {
            return;
        }
        let n = self.size() * self.size();
        let empties: Vec<usize> = (0..n).filter(|&p| self.points[p] == 0).collect();
        if self.stones_per_turn() == 1 {
            empties.iter().for_each(|&p| f(Move::single(p)));
            return;
        }
        for (i, &a) in empties.iter().enumerate() {
            for &b in &empties[i + 1..] {
                f(Move::pair(a, b));
            }
        }
    }

    /// The number of legal moves.
    pub fn move_count(&self) -> usize {
        if self.is_over() {
            return 0;
        }
        let e = self.empty();
        if self.stones_per_turn() == 1 {
            e
        } else {
            e * (e - 1) / 2
        }
    }

    /// Whether `mv` is legal.
    pub fn is_legal_move(&self, mv: Move) -> bool {
        if self.is_over() {
            return false;
        }
        let n = self.size() * self.size();
        let free = |p: usize| p < n && self.points[p] == 0;
        match (mv.is_pair(), self.stones_per_turn()) {
            (false, 1) => free(usize::from(mv.first)),
            (true, 2) => mv.first != mv.second && mv.points().all(free),
            _ => false,
        }
    }

    /// The run of `color` through `point` along (dx, dy), both ways, the point included.
    fn run(&self, point: usize, (dx, dy): (isize, isize), color: u8) -> usize {
        let size = self.size() as isize;
        let (x, y) = ((point as isize) % size, (point as isize) / size);
        let mut length = 1;
        for sign in [1, -1] {
            let (mut cx, mut cy) = (x + sign * dx, y + sign * dy);
            while cx >= 0 && cy >= 0 && cx < size && cy < size {
                if self.points[(cy * size + cx) as usize] != color {
                    break;
                }
                length += 1;
                cx += sign * dx;
                cy += sign * dy;
            }
        }
        length
    }

    /// Whether the stone on `point` is in a row of six or more.
    pub fn makes_six(&self, point: usize) -> bool {
        let color = self.points[point];
        [(1, 0), (0, 1), (1, 1), (1, -1)]
            .into_iter()
            .any(|d| self.run(point, d, color) >= WIN_LENGTH)
    }

    /// Plays a legal move.
    pub fn make(&mut self, mv: Move) {
        let color = self.to_move;
        for p in mv.points() {
            self.points[p] = color as u8 + 1;
            self.stones += 1;
            self.hash ^= zobrist::POINT[color as usize][p];
        }
        if mv.points().any(|p| self.makes_six(p)) {
            self.winner = Some(color);
        }
        self.to_move = color.other();
        self.hash ^= zobrist::WHITE_TO_MOVE;
    }

    /// A position from its stones and the colour to move, checked (for the text reader).
    pub(crate) fn from_parts(
        size: usize,
        stones: &[Option<Color>],
        to_move: Color,
    ) -> Result<Position, String> {
        let mut pos = Position::new(size).map_err(|e| e.to_string())?;
        let black = stones.iter().filter(|s| **s == Some(Color::Black)).count();
        let white = stones.iter().filter(|s| **s == Some(Color::White)).count();
        // Black puts 1, then White 2, Black 2, ...: White moves when Black has one more
        // stone, Black when they are level at the start or White has one more.
        let expected = if black == white + 1 {
            Color::White
        } else if (black, white) == (0, 0) || white == black + 1 {
            Color::Black
        } else if black + white == size * size && black == white && black > 0 {
            // A full board of even side ends with a single stone, put by either colour.
            to_move
        } else {
            return Err(format!(
                "{black} Black and {white} White stones: no game of one Black stone and then \
                 pairs reaches that"
            ));
        };
        if to_move != expected {
            return Err(format!(
                "with {black} Black and {white} White stones, {} is to move",
                if expected == Color::Black {
                    "Black"
                } else {
                    "White"
                }
            ));
        }
        for (p, s) in stones.iter().enumerate() {
            if let Some(c) = s {
                pos.points[p] = *c as u8 + 1;
                pos.stones += 1;
            }
        }
        let sixes: Vec<Color> = [Color::Black, Color::White]
            .into_iter()
            .filter(|&c| (0..size * size).any(|p| pos.points[p] == c as u8 + 1 && pos.makes_six(p)))
            .collect();
        pos.winner = match sixes[..] {
            [] => None,
            [c] => Some(c),
            _ => return Err("both colours have six in a row: no game reaches that".into()),
        };
        // The winner moved last.
        if let Some(w) = pos.winner
            && w == to_move
        {
            return Err(format!(
                "{} has six in a row but is to move: the side that made six moved last",
                if w == Color::Black { "Black" } else { "White" }
            ));
        }
        pos.to_move = to_move;
        pos.hash = zobrist::from_scratch(&pos);
        Ok(pos)
    }
}
