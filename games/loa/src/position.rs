//! The position as two 64-bit sets, the move generator, the end of the game and the history
//! the repetition rule needs.
//!
//! Squares are numbered `row * 8 + column` from `a1` = 0 (bit 0), `h1` = 7, `a8` = 56:
//!
//! ```text
//!   8  56 57 58 59 60 61 62 63
//!   ...
//!   2   8  9 10 11 12 13 14 15
//!   1   0  1  2  3  4  5  6  7
//!       a  b  c  d  e  f  g  h
//! ```
//!
//! A move's length is the number of pieces on its whole line, one `popcount` of the line's
//! mask; the target comes from a table (square, direction, distance), and the move is legal
//! when the target holds no own piece and no enemy piece lies strictly between (one mask per
//! pair of squares). Both tables are built at compile time.
//!
//! The repetition rule needs the positions seen before: their hash keys live in an
//! `Arc`-linked list shared between copies (a clone is a reference count, a move one small
//! node), cut at every capture, since a position with fewer pieces can never recur.

use crate::zobrist;
use std::sync::Arc;
use thiserror::Error;

/// Squares on a side of the board.
pub const SIZE: usize = 8;

/// The most pieces a side may have: the twelve it starts with (pieces are never added).
pub const MAX_PIECES: usize = 12;

/// How often a position (with the same side to move) must occur for the draw.
pub const REPETITIONS: usize = 3;

/// Not a square: the target table's entry for a move off the board, and a pass's squares.
const NONE: u8 = 64;

/// Column `a`.
const FILE_A: u64 = 0x0101_0101_0101_0101;
/// Column `h`.
const FILE_H: u64 = FILE_A << 7;

/// The eight directions as (row step, column step), paired by line: directions `2k` and
/// `2k + 1` run along line `k` (0 the row, 1 the column, 2 the diagonal through a1-h8,
/// 3 the diagonal through a8-h1) in opposite senses.
const DIRECTIONS: [(i32, i32); 8] = [
    (0, 1),
    (0, -1),
    (1, 0),
    (-1, 0),
    (1, 1),
    (-1, -1),
    (1, -1),
    (-1, 1),
];

/// The square `distance` steps from (`row`, `column`) in `direction`, or [`NONE`].
const fn step(row: i32, column: i32, direction: usize, distance: i32) -> u8 {
    let r = row + DIRECTIONS[direction].0 * distance;
    let c = column + DIRECTIONS[direction].1 * distance;
    if r < 0 || r >= SIZE as i32 || c < 0 || c >= SIZE as i32 {
        NONE
    } else {
        (r * SIZE as i32 + c) as u8
    }
}

/// `LINES[square][k]`: every square of line `k` through `square`, itself included.
static LINES: [[u64; 4]; 64] = {
    let mut table = [[0u64; 4]; 64];
    let mut square = 0;
    while square < 64 {
        let (row, column) = ((square / SIZE) as i32, (square % SIZE) as i32);
        let mut line = 0;
        while line < 4 {
            let mut mask = 1u64 << square;
            let mut direction = 2 * line;
            while direction < 2 * line + 2 {
                let mut distance = 1;
                while distance < SIZE as i32 {
                    let s = step(row, column, direction, distance);
                    if s != NONE {
                        mask |= 1u64 << s;
                    }
                    distance += 1;
                }
                direction += 1;
            }
            table[square][line] = mask;
            line += 1;
        }
        square += 1;
    }
    table
};

/// `TARGETS[square][direction][distance]`: the square reached, or [`NONE`] off the board.
static TARGETS: [[[u8; SIZE + 1]; 8]; 64] = {
    let mut table = [[[NONE; SIZE + 1]; 8]; 64];
    let mut square = 0;
    while square < 64 {
        let (row, column) = ((square / SIZE) as i32, (square % SIZE) as i32);
        let mut direction = 0;
        while direction < 8 {
            let mut distance = 0;
            while distance <= SIZE {
                table[square][direction][distance] = step(row, column, direction, distance as i32);
                distance += 1;
            }
            direction += 1;
        }
        square += 1;
    }
    table
};

/// `BETWEEN[from][to]`: the squares strictly between two squares on one line (empty for
/// squares on no common line, and for neighbours).
static BETWEEN: [[u64; 64]; 64] = {
    let mut table = [[0u64; 64]; 64];
    let mut from = 0;
    while from < 64 {
        let (row, column) = ((from / SIZE) as i32, (from % SIZE) as i32);
        let mut direction = 0;
        while direction < 8 {
            let mut passed = 0u64;
            let mut distance = 1;
            while distance < SIZE as i32 {
                let s = step(row, column, direction, distance);
                if s == NONE {
                    break;
                }
                table[from][s as usize] = passed;
                passed |= 1u64 << s;
                distance += 1;
            }
            direction += 1;
        }
        from += 1;
    }
    table
};

/// The squares next to any of `set` (orthogonally or diagonally), and `set` itself.
#[inline]
pub(crate) fn grow(set: u64) -> u64 {
    let row = set | ((set << 1) & !FILE_A) | ((set >> 1) & !FILE_H);
    row | (row << 8) | (row >> 8)
}

/// The 8-connected group of `set` that holds its lowest square.
#[inline]
pub(crate) fn first_group(set: u64) -> u64 {
    let mut group = set & set.wrapping_neg();
    loop {
        let grown = grow(group) & set;
        if grown == group {
            return group;
        }
        group = grown;
    }
}

/// Whether `set` is one 8-connected group (a single piece is one; so is no piece).
#[inline]
pub(crate) fn is_connected(set: u64) -> bool {
    first_group(set) == set
}

/// How many 8-connected groups `set` falls into.
pub(crate) fn group_count(mut set: u64) -> u32 {
    let mut groups = 0;
    while set != 0 {
        set &= !first_group(set);
        groups += 1;
    }
    groups
}

// The colours: Black (seat 0) starts on rows 1 and 8 and moves first; White on columns a
// and h.
pub use olympiad_core::Color;

/// A move: the piece on `from` goes to `to` (capturing an enemy piece there), or the pass
/// ([`Move::PASS`]), which is legal only when no other move is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// The square the piece leaves (`row * 8 + column`).
    pub from: u8,
    /// The square it lands on.
    pub to: u8,
}

impl Move {
    /// The pass of a player without a move.
    pub const PASS: Move = Move {
        from: NONE,
        to: NONE,
    };

    /// Whether this is the pass.
    #[inline]
    pub fn is_pass(self) -> bool {
        self.from == NONE
    }
}

/// Why a finished game is over.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum End {
    /// The pieces of this colour form one group, the other colour's do not: it wins,
    /// whoever made the move (a capture can leave the opponent connected).
    Connected(Color),
    /// Both colours form one group each after the same move: a draw (rule 8).
    BothConnected,
    /// The position occurred for the third time with the same side to move: a draw.
    Repetition,
}

/// A board that the rules cannot reach.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PositionError {
    /// A square holds a piece of each colour.
    #[error("square {0} holds a piece of each colour")]
    Overlap(String),
    /// A colour has no piece (a game ends before a side loses its last piece).
    #[error("{0} has no piece")]
    NoPieces(&'static str),
    /// A colour has more pieces than it starts with.
    #[error("{color} has {count} pieces, at most {MAX_PIECES}")]
    TooMany {
        /// The colour.
        color: &'static str,
        /// Its pieces.
        count: u32,
    },
}

/// One node of the history: the hash of an earlier position and the list before it.
#[derive(Debug)]
struct History {
    key: u64,
    /// How many keys this node and the ones before it hold.
    len: u32,
    earlier: Option<Arc<History>>,
}

/// A Lines of Action position.
///
/// Equality covers what the position text says (the pieces and the side to move); the
/// history of earlier positions is context outside it, like the game record a position
/// came from: a position read from text starts a new history.
#[derive(Clone)]
pub struct Position {
    /// The pieces of each colour, by [`Color`] index.
    pieces: [u64; 2],
    side: Color,
    hash: u64,
    /// Why the game is over, if it is (found when the position is made).
    end: Option<End>,
    /// The keys of the earlier positions since the last capture, the latest first.
    history: Option<Arc<History>>,
}

impl Position {
    /// The start: Black on b1-g1 and b8-g8, White on a2-a7 and h2-h7, Black to move.
    pub fn start() -> Position {
        let black = 0x7E00_0000_0000_007E;
        let white = (FILE_A | FILE_H) & 0x00FF_FFFF_FFFF_FF00;
        Position::from_parts(black, white, Color::Black).expect("the start is a legal board")
    }

    /// A position from its parts: the pieces of each colour (bit `row * 8 + column`) and
    /// the side to move, with no earlier positions known. Each colour needs 1 to
    /// [`MAX_PIECES`] pieces on squares of its own.
    pub fn from_parts(black: u64, white: u64, side: Color) -> Result<Position, PositionError> {
        if black & white != 0 {
            let square = (black & white).trailing_zeros() as usize;
            return Err(PositionError::Overlap(crate::text::square_name(square)));
        }
        for (set, color) in [(black, "Black"), (white, "White")] {
            if set == 0 {
                return Err(PositionError::NoPieces(color));
            }
            if set.count_ones() as usize > MAX_PIECES {
                return Err(PositionError::TooMany {
                    color,
                    count: set.count_ones(),
                });
            }
        }
        let mut position = Position {
            pieces: [black, white],
            side,
            hash: 0,
            end: None,
            history: None,
        };
        position.hash = zobrist::from_scratch(&position);
        position.end = match (is_connected(black), is_connected(white)) {
            (true, true) => Some(End::BothConnected),
            (true, false) => Some(End::Connected(Color::Black)),
            (false, true) => Some(End::Connected(Color::White)),
            (false, false) => None,
        };
        Ok(position)
    }

    /// The pieces of `color`.
    #[inline]
    pub fn pieces(&self, color: Color) -> u64 {
        self.pieces[color as usize]
    }

    /// The colour on square `square`, if any.
    pub fn at(&self, square: usize) -> Option<Color> {
        let bit = 1u64 << square;
        if self.pieces[0] & bit != 0 {
            Some(Color::Black)
        } else if self.pieces[1] & bit != 0 {
            Some(Color::White)
        } else {
            None
        }
    }

    /// The side to move.
    #[inline]
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// Why the game is over, if it is.
    #[inline]
    pub fn end(&self) -> Option<End> {
        self.end
    }

    /// Whether `mv` (a move of the side to move) lands on an enemy piece.
    #[inline]
    pub fn is_capture(&self, mv: Move) -> bool {
        !mv.is_pass() && self.pieces[self.side.other() as usize] & (1u64 << mv.to) != 0
    }

    /// How many 8-connected groups the pieces of `color` form.
    pub fn groups(&self, color: Color) -> u32 {
        group_count(self.pieces(color))
    }

    /// How many times this position (pieces and side to move) has occurred in the game,
    /// this time included, as far as the history goes back (to the last capture, or to the
    /// position the game was read from).
    pub fn occurrences(&self) -> usize {
        1 + self.earlier_keys().filter(|&k| k == self.hash).count()
    }

    /// The hashes of the earlier positions since the last capture, the latest first.
    fn earlier_keys(&self) -> impl Iterator<Item = u64> + '_ {
        std::iter::successors(self.history.as_deref(), |h| h.earlier.as_deref()).map(|h| h.key)
    }

    /// The incrementally kept Zobrist hash.
    #[inline]
    pub(crate) fn hash(&self) -> u64 {
        self.hash
    }

    /// Calls `f` with every move of the side to move on the board (never the pass), in
    /// order of square, line and sense.
    #[inline]
    pub(crate) fn for_each_board_move(&self, f: impl FnMut(Move)) {
        self.for_each_move_of(self.side, f);
    }

    /// The moves `color` would have on this board if it were to move: how many, and how
    /// many of them capture (the pass not counted).
    pub fn mobility(&self, color: Color) -> (u32, u32) {
        let theirs = self.pieces(color.other());
        let (mut moves, mut captures) = (0, 0);
        self.for_each_move_of(color, |mv| {
            moves += 1;
            captures += u32::from(theirs & (1u64 << mv.to) != 0);
        });
        (moves, captures)
    }

    /// Calls `f` with every move of `color` on the board, in order of square, line and
    /// sense.
    #[inline]
    fn for_each_move_of(&self, color: Color, mut f: impl FnMut(Move)) {
        let me = color as usize;
        let (mine, theirs) = (self.pieces[me], self.pieces[1 - me]);
        let occupied = mine | theirs;
        let mut sources = mine;
        while sources != 0 {
            let from = sources.trailing_zeros() as usize;
            sources &= sources - 1;
            for (line, mask) in LINES[from].iter().enumerate() {
                let distance = (occupied & mask).count_ones() as usize;
                for direction in [2 * line, 2 * line + 1] {
                    let to = TARGETS[from][direction][distance];
                    if to == NONE
                        || mine & (1u64 << to) != 0
                        || theirs & BETWEEN[from][usize::from(to)] != 0
                    {
                        continue;
                    }
                    f(Move {
                        from: from as u8,
                        to,
                    });
                }
            }
        }
    }

    /// The number of moves on the board (the pass not counted).
    #[inline]
    pub(crate) fn board_move_count(&self) -> usize {
        let mut count = 0;
        self.for_each_board_move(|_| count += 1);
        count
    }

    /// Plays `mv` (which must be legal) and finds whether the game is over.
    #[inline]
    pub(crate) fn make(&mut self, mv: Move) {
        let me = self.side as usize;
        let them = 1 - me;
        let before = self.hash;
        let mut captured = false;
        if !mv.is_pass() {
            let (from, to) = (usize::from(mv.from), usize::from(mv.to));
            self.pieces[me] ^= (1u64 << from) | (1u64 << to);
            self.hash ^= zobrist::SQUARE[me][from] ^ zobrist::SQUARE[me][to];
            if self.pieces[them] & (1u64 << to) != 0 {
                self.pieces[them] ^= 1u64 << to;
                self.hash ^= zobrist::SQUARE[them][to];
                captured = true;
            }
        }
        self.hash ^= zobrist::WHITE_TO_MOVE;
        self.side = self.side.other();
        if captured {
            self.history = None;
        } else {
            let len = self.history.as_ref().map_or(0, |h| h.len) + 1;
            let earlier = self.history.take();
            self.history = Some(Arc::new(History {
                key: before,
                len,
                earlier,
            }));
        }
        self.end = self.end_after(mv, captured);
    }

    /// Whether the game is over after `mv`: the mover's pieces can only have joined by a
    /// move of their own, the other side's only by losing a piece; with neither joined, a
    /// third occurrence of the position draws.
    #[inline]
    fn end_after(&self, mv: Move, captured: bool) -> Option<End> {
        let mover = self.side.other();
        let mover_joined = !mv.is_pass() && is_connected(self.pieces(mover));
        let other_joined = captured && is_connected(self.pieces(self.side));
        match (mover_joined, other_joined) {
            (true, true) => Some(End::BothConnected),
            (true, false) => Some(End::Connected(mover)),
            (false, true) => Some(End::Connected(self.side)),
            (false, false) => {
                let len = self.history.as_ref().map_or(0, |h| h.len) as usize;
                // A position recurs with the same side to move at least two plies later.
                if len >= 2 * (REPETITIONS - 1) && self.occurrences() >= REPETITIONS {
                    Some(End::Repetition)
                } else {
                    None
                }
            }
        }
    }
}

impl PartialEq for Position {
    fn eq(&self, other: &Self) -> bool {
        self.pieces == other.pieces && self.side == other.side
    }
}

impl Eq for Position {}

impl std::fmt::Debug for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        use olympiad_core::Notation;
        f.debug_struct("Position")
            .field("text", &self.position_text())
            .field("end", &self.end)
            .field("earlier", &self.earlier_keys().count())
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tables_agree_with_the_board() {
        // d4's row, column and two diagonals.
        let d4 = 3 * 8 + 3;
        assert_eq!(LINES[d4][0], 0xFF << 24);
        assert_eq!(LINES[d4][1], FILE_A << 3);
        assert_eq!(LINES[d4][2].count_ones(), 8);
        assert_eq!(LINES[d4][3].count_ones(), 7);
        // a1 to h8: b2..g7 between.
        assert_eq!(BETWEEN[0][63].count_ones(), 6);
        assert_eq!(BETWEEN[0][9], 0);
        assert_eq!(BETWEEN[0][10], 0, "a1 and c2 share no line");
        assert_eq!(TARGETS[0][0][7], 7);
        assert_eq!(TARGETS[0][1][1], NONE);
        assert_eq!(group_count(0b101), 2);
        assert_eq!(group_count((1 << 0) | (1 << 9) | (1 << 18)), 1);
        assert!(!is_connected((1 << 7) | (1 << 8)), "h1 and a2 do not touch");
    }
}
