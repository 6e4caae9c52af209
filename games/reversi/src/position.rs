//! The position (the discs of the side to move and of the other side, who that is, and the
//! squares where it may play), the move value with its explicit pass, and playing a move.

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
///
/// The mover's legal squares are computed when the position is made and kept: every node of
/// a perft tree needs them once (to count or to list), and computing them in the same call
/// as the turned discs lets both use the vector unit with one switch into it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position {
    pub(crate) own: u64,
    pub(crate) opp: u64,
    /// `legal_squares(own, opp)`, a function of the two fields above.
    pub(crate) moves: u64,
    /// The number of squares in `moves`.
    pub(crate) count: u8,
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
        Position::new(own, opp, side)
    }

    /// A position from the mover's and the other side's discs.
    #[inline(always)]
    fn new(own: u64, opp: u64, side: Color) -> Self {
        #[cfg(target_arch = "x86_64")]
        if crate::simd::available() {
            // SAFETY: the processor has AVX2 and POPCNT (checked just above).
            let (moves, count) = unsafe { crate::simd::legal_squares_counted(own, opp) };
            return Position {
                own,
                opp,
                moves,
                count,
                side,
            };
        }
        Position {
            own,
            opp,
            moves: 0,
            count: 0,
            side,
        }
        .with_moves(legal_squares(own, opp))
    }

    /// The same discs with `moves` as the mover's legal squares.
    #[inline(always)]
    pub(crate) fn with_moves(self, moves: u64) -> Self {
        Position {
            moves,
            count: moves.count_ones() as u8,
            ..self
        }
    }

    /// The number of the mover's legal squares (not counting a pass).
    #[inline(always)]
    pub fn move_count(&self) -> usize {
        usize::from(self.count)
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
        self.moves
    }

    /// Must the side to move pass (no move of its own, one for the other side)?
    #[inline]
    pub fn must_pass(&self) -> bool {
        self.move_squares() == 0 && legal_squares(self.opp, self.own) != 0
    }

    /// The position after `mv`, which must be legal here. Built as a new value rather than
    /// changed in place, so that perft's copy of the child is written once, field by field
    /// (an in-place change followed by a whole-struct copy stalls on store forwarding).
    /// The turned discs and the next mover's legal squares come from one AVX2 call where
    /// the processor has it ([`crate::simd`]), else from the scalar code.
    #[inline(always)]
    pub(crate) fn after_move(&self, mv: Move) -> Position {
        let side = self.side.flip();
        if mv.0 >= 64 {
            return self.after_pass();
        }
        let sq = mv.0 as usize;
        #[cfg(target_arch = "x86_64")]
        if crate::simd::available() {
            // SAFETY: the processor has AVX2 and POPCNT (checked just above).
            return unsafe { crate::simd::place(self, sq) };
        }
        let turned = flips(sq, self.own, self.opp);
        Position::new(self.opp & !turned, self.own | turned | 1 << sq, side)
    }

    /// The position after a pass. Kept out of line: inlined, the compiler computed it
    /// ahead of perft's loop over the moves at every node, pass or not.
    #[cold]
    #[inline(never)]
    fn after_pass(&self) -> Position {
        Position::new(self.opp, self.own, self.side.flip())
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
