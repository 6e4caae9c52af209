//! The position (three square sets, the side to move and the rule options: 16 bytes, copied
//! rather than undone), the move value, and playing a move.

use crate::bitboard::{BOTTOM_ROW, Bits, TOP_ROW};
use crate::rules::Rules;
use crate::zobrist;

/// The two sides. Black moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// Starts on squares 1..12, moves down, moves first (seat 0).
    Black = 0,
    /// Starts on squares 21..32, moves up (seat 1).
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

    /// The row where this side's men are crowned.
    #[inline(always)]
    pub const fn crowning_row(self) -> u32 {
        match self {
            Color::Black => BOTTOM_ROW,
            Color::White => TOP_ROW,
        }
    }
}

/// A move: a step to a neighbouring square, or a whole capture sequence (one move however
/// many pieces it takes). The path is kept as the direction of each jump, so two sequences
/// that take the same pieces in a different order are different moves (the perft tables
/// count them apart; see [`Rules::merge_duplicate_captures`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Move {
    pub(crate) from: u8,
    pub(crate) to: u8,
    /// Pieces jumped (0 for a plain step).
    pub(crate) jumps: u8,
    /// Direction of jump `i` in bits `2i..2i+2` (see [`crate::bitboard::Dir`]).
    pub(crate) dirs: u32,
    /// The squares of the captured pieces.
    pub(crate) captured: u32,
}

impl Move {
    /// The square number (1..32) the piece leaves.
    pub fn from_square(self) -> u8 {
        self.from + 1
    }

    /// The square number (1..32) the piece ends on.
    pub fn to_square(self) -> u8 {
        self.to + 1
    }

    /// The squares of the pieces taken, as a bit set (bit `n - 1` is square `n`).
    pub fn captured(self) -> u32 {
        self.captured
    }

    /// Does the move take anything?
    pub fn is_capture(self) -> bool {
        self.jumps > 0
    }

    /// Every square the piece stands on, from the first to the last (square numbers).
    pub fn path(self) -> Vec<u8> {
        let mut squares = vec![self.from_square()];
        let mut at = 1u32 << self.from;
        for i in 0..self.jumps {
            let d = ((self.dirs >> (2 * i)) & 3) as usize;
            at = crate::bitboard::step(crate::bitboard::step(at, d), d);
            squares.push(at.trailing_zeros() as u8 + 1);
        }
        if self.jumps == 0 {
            squares.push(self.to_square());
        }
        squares
    }
}

/// An 8x8 checkers position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position {
    pub(crate) black: u32,
    pub(crate) white: u32,
    pub(crate) kings: u32,
    pub(crate) side: Color,
    /// Plies since the last capture or man's move; kept only under a draw rule (else 0, so
    /// that positions which differ only in history compare equal in the perft table).
    pub(crate) quiet: u8,
    pub(crate) rules: Rules,
}

impl Default for Position {
    fn default() -> Self {
        Self::start()
    }
}

impl Position {
    /// The start position with the default rules: Black men on 1..12, White men on 21..32,
    /// Black to move.
    pub fn start() -> Self {
        Self::start_with(Rules::default())
    }

    /// The start position under `rules`.
    pub fn start_with(rules: Rules) -> Self {
        Self::from_parts(0x0000_0FFF, 0xFFF0_0000, 0, Color::Black, 0, rules)
    }

    /// A position from its parts (the caller has checked that the sets are disjoint).
    pub(crate) fn from_parts(
        black: u32,
        white: u32,
        kings: u32,
        side: Color,
        quiet: u8,
        rules: Rules,
    ) -> Self {
        Position {
            black,
            white,
            kings,
            side,
            quiet: if rules.draw_moves == 0 { 0 } else { quiet },
            rules,
        }
    }

    /// The side to move.
    pub fn side(&self) -> Color {
        self.side
    }

    /// The squares of `color`'s pieces (bit `n - 1` is square `n`).
    pub fn pieces(&self, color: Color) -> u32 {
        match color {
            Color::Black => self.black,
            Color::White => self.white,
        }
    }

    /// The squares holding kings, of either side.
    pub fn kings(&self) -> u32 {
        self.kings
    }

    /// The rule options this position is played under.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// The same position under other rule options (the draw counter restarts when the draw
    /// rule is switched off).
    pub fn with_rules(&self, rules: Rules) -> Self {
        Self::from_parts(
            self.black, self.white, self.kings, self.side, self.quiet, rules,
        )
    }

    /// Plies since the last capture or man's move (0 when there is no draw rule).
    pub fn quiet_plies(&self) -> u8 {
        self.quiet
    }

    /// Has the draw rule ended the game?
    #[inline(always)]
    pub fn draw_reached(&self) -> bool {
        self.rules.draw_moves != 0 && u32::from(self.quiet) >= 2 * u32::from(self.rules.draw_moves)
    }

    pub(crate) fn compute_hash(&self) -> u64 {
        let mut h = 0;
        for (c, set) in [(Color::Black, self.black), (Color::White, self.white)] {
            for sq in Bits(set) {
                let king = self.kings & (1 << sq) != 0;
                h ^= zobrist::piece(c, king, sq);
            }
        }
        if self.side == Color::White {
            h ^= zobrist::WHITE_TO_MOVE;
        }
        h
    }

    /// The Zobrist hash by byte tables (see `zobrist.rs`); equals `compute_hash`.
    #[inline]
    pub(crate) fn hash_by_bytes(&self) -> u64 {
        let side = if self.side == Color::White {
            zobrist::WHITE_TO_MOVE
        } else {
            0
        };
        zobrist::by_bytes(self.black, self.white, self.kings) ^ side
    }

    /// The position after `mv`, which must be legal here. Built as a new value rather than
    /// changed in place, so that perft's copy of the child is written once, field by field
    /// (an in-place change followed by a whole-struct copy stalls on store forwarding).
    #[inline(always)]
    pub(crate) fn after_move(&self, mv: Move) -> Position {
        let from = 1u32 << mv.from;
        let to = 1u32 << mv.to;
        // XOR moves the piece, and leaves it in place when `from` equals `to` (a king that
        // jumps round a ring of pieces).
        let moved = from ^ to;
        let side = self.side;
        let was_king = self.kings & from != 0;
        let kings = (self.kings & !mv.captured)
            ^ if was_king {
                moved
            } else {
                to & side.crowning_row()
            };
        // Without a branch on the side: in a search it alternates from ply to ply.
        let white_moves = 0u32.wrapping_sub(side as u32);
        let black = (self.black ^ (moved & !white_moves)) & !(mv.captured & white_moves);
        let white = (self.white ^ (moved & white_moves)) & !(mv.captured & !white_moves);
        let quiet = if self.rules.draw_moves == 0 {
            self.quiet
        } else if mv.captured != 0 || !was_king {
            0
        } else {
            self.quiet.saturating_add(1)
        };
        Position {
            black,
            white,
            kings,
            side: side.flip(),
            quiet,
            rules: self.rules,
        }
    }
}
