//! 8x8 reversi (Othello) for olympiad.
//!
//! The rules: Black moves first; a disc goes on an empty square that closes at least one
//! unbroken line of enemy discs against one of the mover's discs, and every such line turns.
//! A side with no such square passes, as an explicit move, when the other side has one; when
//! neither side can move the game is over and the side with more discs wins.
//!
//! - [`Position`]: the mover's and the other side's discs as `u64` ([`bitboard`] draws the
//!   layout); legal squares by parallel shifts, turned discs by compile-time ray masks;
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
mod position;
pub mod reference;
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

/// A list of legal moves. Capacity 64: at most one move per empty square (60), or the pass.
pub type Moves = MoveList<Move, 64>;

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
        let squares = self.move_squares();
        if squares != 0 {
            for sq in Bits(squares) {
                list.push(Move(sq));
            }
        } else if legal_squares(self.opp, self.own) != 0 {
            list.push(Move::PASS);
        }
        list
    }

    #[inline]
    fn play(&mut self, mv: Move) {
        self.make(mv);
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
        match self.move_squares() {
            0 => usize::from(legal_squares(self.opp, self.own) != 0),
            squares => squares.count_ones() as usize,
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
