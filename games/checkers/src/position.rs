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
///
/// A move is stored as what it changes: one XOR mask for each of the position's three square
/// sets, worked out where the move is generated (where the side and the kind of the moving
/// piece are known at compile time). Playing it is then three XORs, with no branch and no
/// test of the side or the piece (perft plays one move for every parent of a leaf); the
/// masks of plain steps are copied whole from tables (see `movegen.rs`). The rest (start
/// square, jump directions, side) is packed into one word for the text and path. 16 bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Move {
    /// XOR into Black's pieces: the mover's start and end squares if Black moves (0 if the
    /// piece ends where it started, round a ring), else the Black pieces taken.
    pub(crate) black: u32,
    /// XOR into White's pieces, the same way.
    pub(crate) white: u32,
    /// XOR into the kings: kings taken, a king's start and end squares, a man's crowning.
    pub(crate) kings: u32,
    /// Bits 0..24: direction of jump `i` in bits `2i..2i+2` (see [`crate::bitboard::Dir`]);
    /// bits 24..29: the start square's bit index; bit 31: White moves.
    pub(crate) meta: u32,
}

/// Where [`Move::meta`] keeps the start square.
const FROM_SHIFT: u32 = 24;
/// [`Move::meta`]'s bit for White.
const WHITE_BIT: u32 = 1 << 31;

impl Move {
    /// No move: a filler for table entries that no move can use.
    pub(crate) const NONE: Move = Move {
        black: 0,
        white: 0,
        kings: 0,
        meta: 0,
    };

    /// The move of `side`'s piece from `from` to `to` (one-bit sets) taking `captured`, with
    /// jump directions `dirs`, changing the kings by `kings` (see the field).
    #[inline(always)]
    pub(crate) const fn new(
        side: Color,
        from: u32,
        to: u32,
        captured: u32,
        dirs: u32,
        kings: u32,
    ) -> Move {
        let moved = from ^ to;
        let meta = dirs | from.trailing_zeros() << FROM_SHIFT;
        match side {
            Color::Black => Move {
                black: moved,
                white: captured,
                kings,
                meta,
            },
            Color::White => Move {
                black: captured,
                white: moved,
                kings,
                meta: meta | WHITE_BIT,
            },
        }
    }

    /// The side that makes the move.
    #[inline(always)]
    fn side(self) -> Color {
        if self.meta & WHITE_BIT != 0 {
            Color::White
        } else {
            Color::Black
        }
    }

    /// The start square as a one-bit set.
    #[inline(always)]
    pub(crate) fn from(self) -> u32 {
        1 << ((self.meta >> FROM_SHIFT) & 31)
    }

    /// The end square as a one-bit set.
    #[inline(always)]
    pub(crate) fn to(self) -> u32 {
        let moved = match self.side() {
            Color::Black => self.black,
            Color::White => self.white,
        };
        // Start and end squares, or nothing when the piece came back to its start.
        if moved == 0 {
            self.from()
        } else {
            moved ^ self.from()
        }
    }

    /// The direction of each jump, 2 bits each, first jump lowest.
    pub(crate) fn dirs(self) -> u32 {
        self.meta & ((1 << FROM_SHIFT) - 1)
    }

    /// The square number (1..32) the piece leaves.
    pub fn from_square(self) -> u8 {
        self.from().trailing_zeros() as u8 + 1
    }

    /// The square number (1..32) the piece ends on.
    pub fn to_square(self) -> u8 {
        self.to().trailing_zeros() as u8 + 1
    }

    /// The squares of the pieces taken, as a bit set (bit `n - 1` is square `n`).
    pub fn captured(self) -> u32 {
        match self.side() {
            Color::Black => self.white,
            Color::White => self.black,
        }
    }

    /// Does the move take anything?
    pub fn is_capture(self) -> bool {
        self.captured() != 0
    }

    /// Every square the piece stands on, from the first to the last (square numbers).
    pub fn path(self) -> Vec<u8> {
        let mut squares = vec![self.from_square()];
        let mut at = self.from();
        for i in 0..self.captured().count_ones() {
            let d = ((self.dirs() >> (2 * i)) & 3) as usize;
            at = crate::bitboard::step(crate::bitboard::step(at, d), d);
            squares.push(at.trailing_zeros() as u8 + 1);
        }
        if !self.is_capture() {
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

    /// The move of the side to move from `from` to `to` (one-bit sets) taking `captured`
    /// along `dirs`: what the generator builds, for moves read from text.
    pub(crate) fn move_from_parts(&self, from: u32, to: u32, captured: u32, dirs: u32) -> Move {
        let kings = (self.kings & captured)
            ^ if self.kings & from != 0 {
                from ^ to
            } else {
                to & CROWNING_ROWS
            };
        Move::new(self.side, from, to, captured, dirs, kings)
    }

    /// The position after `mv`, which must be legal here: three XORs (see [`Move`]). Built
    /// as a new value rather than changed in place, so that perft's copy of the child is
    /// written once, field by field (an in-place change followed by a whole-struct copy
    /// stalls on store forwarding).
    #[inline(always)]
    pub(crate) fn after_move(&self, mv: Move) -> Position {
        let quiet = if self.rules.draw_moves == 0 {
            self.quiet
        } else if mv.is_capture() || self.kings & mv.from() == 0 {
            0
        } else {
            self.quiet.saturating_add(1)
        };
        Position {
            black: self.black ^ mv.black,
            white: self.white ^ mv.white,
            kings: self.kings ^ mv.kings,
            side: self.side.flip(),
            quiet,
            rules: self.rules,
        }
    }
}

/// Where men are crowned: either far row. Men only move forward, so a man can only ever
/// reach its own side's crowning row, and the side need not be looked at.
pub(crate) const CROWNING_ROWS: u32 = TOP_ROW | BOTTOM_ROW;
