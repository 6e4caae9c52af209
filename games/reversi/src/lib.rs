//! 8x8 reversi (Othello) for olympiad.
//!
//! The rules: Black moves first; a disc goes on an empty square that closes at least one
//! unbroken line of enemy discs against one of the mover's discs, and every such line turns.
//! A side with no such square passes, as an explicit move, when the other side has one; when
//! neither side can move the game is over and the side with more discs wins.
//!
//! - [`Position`]: the mover's and the other side's discs as `u64` ([`bitboard`] draws the
//!   layout) and the mover's legal squares; legal squares by parallel shifts, turned discs by
//!   compile-time ray masks, both also on four directions at once with AVX2 where the
//!   processor has it (`simd.rs`, checked at run time);
//! - [`reference`]: a slow generator on an 8x8 array, written separately, that the tests play
//!   against the fast one on millions of random positions;
//! - text: 64 characters and the side to move; moves `a1`..`h8` and `pass` ([`text`]).
//!
//! Perft follows Aart Bik's convention ([`PERFT_GAME_OVER`]): a finished game is a leaf at
//! any depth; [`GameOverLeaves::OneAtLastPly`] gives his alternative count.
//!
//! ```
//! use olympiad_core::{perft::{perft_with, GameOverLeaves}, Game, Notation};
//! use olympiad_reversi::Position;
//!
//! let start = Position::start();
//! assert_eq!(start.legal_move_texts(), ["d3", "c4", "f5", "e6"]);
//! assert_eq!(perft_with(&start, 5, GameOverLeaves::One), 1396);
//! ```

pub mod bitboard;
mod describe;
mod position;
pub mod reference;
#[cfg(target_arch = "x86_64")]
mod simd;
pub mod text;
mod zobrist;

pub use olympiad_core::perft::GameOverLeaves;
pub use position::{Color, Move, Position};
pub use text::ParseError;

use bitboard::{Bits, legal_squares};
use olympiad_core::{Game, Hashed, MoveList, Notation, Outcome, Seat, TwoPlayerZeroSum};

/// The perft convention of the published counts: a finished game counts as one leaf at any
/// depth (Bik's pseudo-code).
pub const PERFT_GAME_OVER: GameOverLeaves = GameOverLeaves::One;

/// The most legal moves a position can have: one per empty square (60), or the pass.
pub const MAX_MOVES: usize = 64;

/// A list of legal moves (see [`MAX_MOVES`]).
pub type Moves = MoveList<Move, MAX_MOVES>;

impl Game for Position {
    type Move = Move;
    type Moves = Moves;

    fn num_players(&self) -> usize {
        2
    }

    #[inline]
    fn to_move(&self) -> Seat {
        Seat(self.side as u8)
    }

    #[inline]
    fn legal_moves(&self) -> Moves {
        let mut list = Moves::new();
        self.write_moves(&mut list);
        list
    }

    /// The moves go into a plain array with the count in a local: perft's inner loop, where
    /// a `MoveList` kept its length in memory and each push waited for the last one.
    #[inline(always)]
    fn with_legal_moves<R>(&self, f: impl FnOnce(&[Move]) -> R) -> R {
        let mut moves = [Move::PASS; MAX_MOVES];
        let mut n = 0;
        if self.moves != 0 {
            for sq in Bits(self.moves) {
                moves[n] = Move(sq);
                n += 1;
            }
        } else if legal_squares(self.opp, self.own) != 0 {
            n = 1;
        }
        f(&moves[..n])
    }

    #[inline(always)]
    fn play(&mut self, mv: Move) {
        *self = self.after_move(mv);
    }

    #[inline(always)]
    fn after(&self, mv: Move) -> Self {
        self.after_move(mv)
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.move_squares() != 0 || legal_squares(self.opp, self.own) != 0 {
            return None;
        }
        let (own, opp) = (self.own.count_ones(), self.opp.count_ones());
        let me = self.to_move();
        Some(match own.cmp(&opp) {
            std::cmp::Ordering::Greater => Outcome::win(me, 2, "more discs"),
            std::cmp::Ordering::Less => Outcome::win(me.next(2), 2, "more discs"),
            std::cmp::Ordering::Equal => Outcome::draw(2, "equal discs"),
        })
    }

    #[inline]
    fn count_moves(&self) -> usize {
        match self.move_count() {
            0 => usize::from(legal_squares(self.opp, self.own) != 0),
            n => n,
        }
    }
}

impl Position {
    /// Appends the legal moves to `list`.
    #[inline(always)]
    fn write_moves(&self, list: &mut Moves) {
        let squares = self.move_squares();
        if squares != 0 {
            for sq in Bits(squares) {
                list.push(Move(sq));
            }
        } else if legal_squares(self.opp, self.own) != 0 {
            list.push(Move::PASS);
        }
    }
}

impl TwoPlayerZeroSum for Position {}

impl Hashed for Position {
    /// Computed on demand by byte tables (see `zobrist.rs` for why it is not incremental).
    #[inline]
    fn zobrist(&self) -> u64 {
        self.hash_by_bytes()
    }

    fn zobrist_from_scratch(&self) -> u64 {
        self.hash_by_squares()
    }
}

impl Notation for Position {
    type ParseError = ParseError;

    fn parse_move(&self, text: &str) -> Result<Move, ParseError> {
        Position::parse_move_text(text)
    }

    fn format_move(&self, mv: Move) -> String {
        Position::move_text(mv)
    }

    fn parse_position(text: &str) -> Result<Self, ParseError> {
        Position::from_text(text)
    }

    fn position_text(&self) -> String {
        self.text()
    }
}
