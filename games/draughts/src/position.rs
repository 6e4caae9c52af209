//! The position (three square sets, the side to move, and what the draw rules need), the
//! move value, and playing a move.

use crate::bitboard::{BOTTOM_ROW, Bits, TOP_ROW, square_of_bit};
use crate::draw::{Ending, QUIET_LIMIT, REPETITIONS};
use crate::zobrist;
use std::fmt;
use std::sync::Arc;

/// The two sides. White moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// Starts on squares 31..50, moves up (towards square 1), moves first (seat 0).
    White = 0,
    /// Starts on squares 1..20, moves down (seat 1).
    Black = 1,
}

impl Color {
    /// The other side.
    #[inline(always)]
    pub const fn flip(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// The row where this side's men are crowned.
    #[inline(always)]
    pub const fn crowning_row(self) -> u64 {
        match self {
            Color::White => TOP_ROW,
            Color::Black => BOTTOM_ROW,
        }
    }
}

/// A move: a step, or a whole capture (one move however many pieces it takes). A capture is
/// one move per start square, end square and set of pieces taken, whatever the route: two
/// routes that take the same pieces to the same square are the same move (the FMJD rules
/// and the published perft counts), so the value holds exactly those three things, and
/// equality is the rules' sameness. 16 bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Move {
    /// The pieces taken (bits as in [`crate::bitboard`]); 0 for a step.
    pub(crate) captured: u64,
    /// The start square's bit.
    pub(crate) from: u8,
    /// The end square's bit (a king's capture may end where it started).
    pub(crate) to: u8,
}

impl Move {
    /// The move from bit `from` to bit `to` taking `captured`.
    #[inline(always)]
    pub(crate) const fn new(from: u32, to: u32, captured: u64) -> Move {
        Move {
            captured,
            from: from as u8,
            to: to as u8,
        }
    }

    /// The square number (1..50) the piece leaves.
    pub fn from_square(self) -> u8 {
        square_of_bit(u32::from(self.from))
    }

    /// The square number (1..50) the piece ends on.
    pub fn to_square(self) -> u8 {
        square_of_bit(u32::from(self.to))
    }

    /// The square numbers of the pieces taken, ascending.
    pub fn captured_squares(self) -> Vec<u8> {
        Bits(self.captured & crate::bitboard::BOARD)
            .map(square_of_bit)
            .collect()
    }

    /// How many pieces the move takes.
    pub fn captures(self) -> u32 {
        (self.captured & crate::bitboard::BOARD).count_ones()
    }

    /// Does the move take anything?
    pub fn is_capture(self) -> bool {
        self.captured != 0
    }
}

/// An international draughts position.
///
/// Equality (and the position text) covers the pieces, the side to move, whether the draw
/// rules apply and their two counters; the keys of the earlier positions kept for the
/// threefold repetition are context outside equality, like the game record a position came
/// from (positions before a text was read are unknown).
#[derive(Clone)]
pub struct Position {
    pub(crate) white: u64,
    pub(crate) black: u64,
    pub(crate) kings: u64,
    pub(crate) side: Color,
    /// Whether the draw rules of article 8 apply (see `draw.rs`).
    pub(crate) draws: bool,
    /// Plies since the last man's move or capture (the 25-move rule); 0 without draw rules.
    pub(crate) quiet: u8,
    /// Plies played in the current 16- or 5-move ending; 0 outside one or without draw rules.
    pub(crate) ending: u8,
    /// The hash keys of the positions since the last man's move or capture, most recent
    /// first, without the current one; `None` when there are none or without draw rules.
    keys: Option<Arc<Keys>>,
}

/// One node of the repetition list: a key and the list before it.
#[derive(Debug)]
struct Keys {
    key: u64,
    earlier: Option<Arc<Keys>>,
}

/// Why a game in which the side to move may still have a move is over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DrawRule {
    /// The position stands on the board for the third time (article 8.2).
    Repetition,
    /// 25 moves each of kings only, without a capture (article 8.3).
    KingMoves,
    /// The 16-move ending ran out (article 8.4).
    SixteenMoves,
    /// The 5-move ending ran out (article 8.5).
    FiveMoves,
}

impl DrawRule {
    /// The outcome's reason text.
    pub fn reason(self) -> &'static str {
        match self {
            DrawRule::Repetition => "threefold repetition",
            DrawRule::KingMoves => "25 moves of kings only",
            DrawRule::SixteenMoves => "16-move ending",
            DrawRule::FiveMoves => "5-move ending",
        }
    }
}

impl Default for Position {
    fn default() -> Self {
        Self::start()
    }
}

impl PartialEq for Position {
    fn eq(&self, other: &Self) -> bool {
        (
            self.white,
            self.black,
            self.kings,
            self.side,
            self.draws,
            self.quiet,
            self.ending,
        ) == (
            other.white,
            other.black,
            other.kings,
            other.side,
            other.draws,
            other.quiet,
            other.ending,
        )
    }
}

impl Eq for Position {}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Position")
            .field("text", &self.text())
            .field("repetition_keys", &self.repetition_keys().count())
            .finish()
    }
}

impl Position {
    /// The start position under the FMJD rules with their draw rules: White men on 31..50,
    /// Black men on 1..20, White to move.
    pub fn start() -> Self {
        Self::start_with(true)
    }

    /// The start position, with (`draws`) or without the draw rules.
    pub fn start_with(draws: bool) -> Self {
        let black: u64 = (1..=20)
            .map(|n| 1u64 << crate::bitboard::bit_of_square(n))
            .sum();
        let white: u64 = (31..=50)
            .map(|n| 1u64 << crate::bitboard::bit_of_square(n))
            .sum();
        Self::from_parts(white, black, 0, Color::White, draws, 0, 0)
    }

    /// A position from its parts (the caller has checked that the sets are disjoint and the
    /// counters in range); no earlier positions are known.
    pub(crate) fn from_parts(
        white: u64,
        black: u64,
        kings: u64,
        side: Color,
        draws: bool,
        quiet: u8,
        ending: u8,
    ) -> Self {
        let mut pos = Position {
            white,
            black,
            kings,
            side,
            draws,
            quiet: if draws { quiet } else { 0 },
            ending: 0,
            keys: None,
        };
        if draws && pos.ending_rule().is_some() {
            pos.ending = ending;
        }
        pos
    }

    /// The side to move.
    pub fn side(&self) -> Color {
        self.side
    }

    /// The squares of `color`'s pieces, as square numbers ascending.
    pub fn squares(&self, color: Color) -> Vec<u8> {
        Bits(self.pieces(color)).map(square_of_bit).collect()
    }

    /// The set of `color`'s pieces (bits as in [`crate::bitboard`]).
    pub fn pieces(&self, color: Color) -> u64 {
        match color {
            Color::White => self.white,
            Color::Black => self.black,
        }
    }

    /// The set of kings, of either side.
    pub fn kings(&self) -> u64 {
        self.kings
    }

    /// Is there a king on square `n` (1..50)?
    pub fn is_king(&self, n: u8) -> bool {
        self.kings >> crate::bitboard::bit_of_square(n) & 1 != 0
    }

    /// Whether the draw rules apply.
    pub fn draw_rules(&self) -> bool {
        self.draws
    }

    /// The same position with (`draws`) or without the draw rules (the counters restart and
    /// the history is forgotten).
    pub fn with_draw_rules(&self, draws: bool) -> Self {
        Self::from_parts(self.white, self.black, self.kings, self.side, draws, 0, 0)
    }

    /// Plies since the last man's move or capture (0 without draw rules).
    pub fn quiet_plies(&self) -> u8 {
        self.quiet
    }

    /// Plies played in the current 16- or 5-move ending (0 outside one).
    pub fn ending_plies(&self) -> u8 {
        self.ending
    }

    /// The move-limited ending of the material on the board, if any (whether or not the
    /// draw rules apply).
    pub fn ending_rule(&self) -> Option<Ending> {
        let count = |set: u64| (set.count_ones(), (set & self.kings).count_ones());
        Ending::of(count(self.white), count(self.black))
    }

    /// The hash keys of the earlier positions since the last man's move or capture, most
    /// recent first.
    pub fn repetition_keys(&self) -> impl Iterator<Item = u64> + '_ {
        std::iter::successors(self.keys.as_deref(), |k| k.earlier.as_deref()).map(|k| k.key)
    }

    /// Does this position stand on the board for the third time (same side to move)?
    pub fn is_threefold(&self) -> bool {
        if self.keys.is_none() {
            return false;
        }
        let key = self.hash_by_bytes();
        let same_side = self.repetition_keys().skip(1).step_by(2);
        same_side.filter(|&k| k == key).count() + 1 >= REPETITIONS
    }

    /// The draw rule that has ended the game, if any (never without draw rules).
    pub fn draw_rule(&self) -> Option<DrawRule> {
        if !self.draws {
            return None;
        }
        if self.quiet >= QUIET_LIMIT {
            return Some(DrawRule::KingMoves);
        }
        match self.ending_rule() {
            Some(e @ Ending::Sixteen) if self.ending >= e.limit() => {
                return Some(DrawRule::SixteenMoves);
            }
            Some(e @ Ending::Five) if self.ending >= e.limit() => {
                return Some(DrawRule::FiveMoves);
            }
            _ => {}
        }
        self.is_threefold().then_some(DrawRule::Repetition)
    }

    pub(crate) fn compute_hash(&self) -> u64 {
        let mut h = 0;
        for (c, set) in [(Color::White, self.white), (Color::Black, self.black)] {
            for b in Bits(set) {
                h ^= zobrist::piece(c, self.kings >> b & 1 != 0, b);
            }
        }
        if self.side == Color::Black {
            h ^= zobrist::BLACK_TO_MOVE;
        }
        h
    }

    /// The Zobrist hash by byte tables (see `zobrist.rs`); equals `compute_hash`.
    #[inline]
    pub(crate) fn hash_by_bytes(&self) -> u64 {
        let side = if self.side == Color::Black {
            zobrist::BLACK_TO_MOVE
        } else {
            0
        };
        zobrist::by_bytes(self.white, self.black, self.kings) ^ side
    }

    /// The position after `mv`, which must be legal here.
    #[inline(always)]
    pub(crate) fn after_move(&self, mv: Move) -> Position {
        let from = 1u64 << mv.from;
        let to = 1u64 << mv.to;
        let king = self.kings & from != 0;
        let (own, opp) = match self.side {
            Color::White => (self.white, self.black),
            Color::Black => (self.black, self.white),
        };
        let own = (own & !from) | to;
        let opp = opp & !mv.captured;
        let mut kings = self.kings & !mv.captured;
        if king {
            kings = (kings & !from) | to;
        } else {
            kings |= to & self.side.crowning_row();
        }
        let (white, black) = match self.side {
            Color::White => (own, opp),
            Color::Black => (opp, own),
        };
        let mut next = Position {
            white,
            black,
            kings,
            side: self.side.flip(),
            draws: self.draws,
            quiet: 0,
            ending: 0,
            keys: None,
        };
        if self.draws {
            self.count_draw_rules(&mut next, mv.captured != 0 || !king);
        }
        next
    }

    /// The counters and the history of `next`, reached from here by a move that was
    /// irreversible (a man's move or a capture) or not. Out of line: perft without draw
    /// rules never comes here.
    #[inline(never)]
    fn count_draw_rules(&self, next: &mut Position, irreversible: bool) {
        if !irreversible {
            next.quiet = self.quiet.saturating_add(1);
            next.keys = Some(Arc::new(Keys {
                key: self.hash_by_bytes(),
                earlier: self.keys.clone(),
            }));
        }
        if let Some(rule) = next.ending_rule() {
            next.ending = if self.ending_rule() == Some(rule) {
                self.ending.saturating_add(1)
            } else {
                0
            };
        }
    }
}
