//! The position (the discs of the side to move and of the other side, and who that is), the
//! move value with its explicit pass, and playing a move.

use crate::bitboard::{flips, legal_squares};
use crate::zobrist;

/// The two sides. Black moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// Moves first (seat 0); `X` in position texts.
    Black = 0,
    /// Moves second (seat 1); `O` in position texts.
    White = 1,
}

impl Color {
    /// The other side.
    #[inline(always)]
    pub const fn flip(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }
}

/// A move: a disc on a square (bit index 0..63, see [`crate::bitboard`]) or a pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Move(pub(crate) u8);

impl Move {
    /// The pass: played only when the side to move has no move and the other side has one.
    pub const PASS: Move = Move(64);

    /// The move that puts a disc on bit `square` (0..63).
    pub fn at(square: u8) -> Move {
        assert!(square < 64, "square {square} is off the board");
        Move(square)
    }

    /// The square's bit index, or `None` for the pass.
    pub fn square(self) -> Option<u8> {
        (self.0 < 64).then_some(self.0)
    }
}

/// An 8x8 reversi position. Discs are kept from the mover's point of view (`own` moves
/// next), which lets the move generator ignore colours.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position {
    pub(crate) own: u64,
    pub(crate) opp: u64,
    pub(crate) side: Color,
}

impl Default for Position {
    fn default() -> Self {
        Self::start()
    }
}

impl Position {
    /// The start: White on d4 and e5, Black on e4 and d5, Black to move.
    pub fn start() -> Self {
        let white = 1 << 27 | 1 << 36;
        let black = 1 << 28 | 1 << 35;
        Self::from_colors(black, white, Color::Black)
    }

    /// A position from each colour's discs (disjoint) and the side to move.
    pub fn from_colors(black: u64, white: u64, side: Color) -> Self {
        debug_assert_eq!(black & white, 0);
        let (own, opp) = match side {
            Color::Black => (black, white),
            Color::White => (white, black),
        };
        Position { own, opp, side }
    }

    /// The side to move.
    pub fn side(&self) -> Color {
        self.side
    }

    /// The discs of `color`.
    pub fn discs(&self, color: Color) -> u64 {
        if color == self.side {
            self.own
        } else {
            self.opp
        }
    }

    /// The squares where the side to move may place a disc.
    #[inline(always)]
    pub fn move_squares(&self) -> u64 {
        legal_squares(self.own, self.opp)
    }

    /// Must the side to move pass (no move of its own, one for the other side)?
    #[inline]
    pub fn must_pass(&self) -> bool {
        self.move_squares() == 0 && legal_squares(self.opp, self.own) != 0
    }

    /// Plays `mv`, which must be legal here.
    #[inline(always)]
    pub(crate) fn make(&mut self, mv: Move) {
        if mv.0 < 64 {
            let turned = flips(mv.0 as usize, self.own, self.opp);
            let own = self.own | turned | 1 << mv.0;
            self.own = self.opp & !turned;
            self.opp = own;
        } else {
            std::mem::swap(&mut self.own, &mut self.opp);
        }
        self.side = self.side.flip();
    }

    pub(crate) fn hash_by_bytes(&self) -> u64 {
        let side = if self.side == Color::White {
            zobrist::WHITE_TO_MOVE
        } else {
            0
        };
        zobrist::by_bytes(self.discs(Color::Black), self.discs(Color::White)) ^ side
    }

    pub(crate) fn hash_by_squares(&self) -> u64 {
        let side = if self.side == Color::White {
            zobrist::WHITE_TO_MOVE
        } else {
            0
        };
        zobrist::by_squares(self.discs(Color::Black), self.discs(Color::White)) ^ side
    }
}
