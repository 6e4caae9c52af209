//! Clobber for olympiad, as the Computer Olympiad plays it.
//!
//! The rules: the board (10x10 by default, rows `1..`, columns `a..`) starts full, Black
//! and White alternating so that no two orthogonal neighbours have one colour, with a Black
//! stone on `a1`; Black moves first. A move takes one of the mover's stones onto an
//! orthogonally adjacent enemy stone: the enemy stone is removed and the source square
//! empties. A player who cannot move loses (there are no passes and no draws).
//!
//! - [`Position`]: both colours as `u128` bit sets (square `row * columns + column`, so any
//!   board of up to 128 squares), moves found four directions at a time by shifts;
//! - [`reference`]: a slow generator on a grid of squares, written separately from the
//!   rules above, that the tests play against the fast one on random positions;
//! - [`text`]: positions as rows of `x` (Black), `o` (White) and `.` (empty), row 1
//!   first, and the side to move; moves as from-to squares, `a1b1`.
//!
//! Perft counts only sequences of exactly `depth` moves: a finished game is no leaf
//! ([`PERFT_GAME_OVER`]).
//!
//! ```
//! use olympiad_core::{perft::perft, Game, Notation};
//! use olympiad_clobber::Position;
//!
//! let start = Position::start(10, 10).unwrap();
//! // Every pair of orthogonal neighbours is one Black and one White stone: 180 pairs, and
//! // Black may clobber across each of them.
//! assert_eq!(start.legal_moves().len(), 180);
//! // A move from f to t leaves 181 - deg(f) - deg(t) such pairs for White; summed over the
//! // 180 pairs, the degrees squared (4 corners x 4, 32 sides x 9, 64 inner x 16) go.
//! assert_eq!(perft(&start, 2), 180 * 181 - (4 * 4 + 32 * 9 + 64 * 16));
//! ```

mod describe;
mod engine;
mod position;
pub mod reference;
pub mod regions;
pub mod text;
mod zobrist;

pub use engine::{DEFAULT_DEPTH, ENGINES};
pub use olympiad_core::perft::GameOverLeaves;
pub use position::{Color, Move, Position, SizeError};
pub use text::ParseError;

use olympiad_core::{Game, Hashed, MoveList, Outcome, Seat, TwoPlayerZeroSum};

/// The perft convention: only sequences of exactly `depth` moves count.
pub const PERFT_GAME_OVER: GameOverLeaves = GameOverLeaves::Zero;

/// The most squares a board may have (the bit sets are `u128`).
pub const MAX_SQUARES: usize = 128;

/// The most rows or columns a board may have: 11x11 is the largest square board that fits
/// in [`MAX_SQUARES`].
pub const MAX_SIDE: usize = 11;

/// More than the legal moves a position can have: a move crosses one pair of orthogonal
/// neighbours, and a board has fewer such pairs than twice its squares.
pub const MAX_MOVES: usize = 2 * MAX_SQUARES;

/// A list of legal moves (see [`MAX_MOVES`]).
pub type Moves = MoveList<Move, MAX_MOVES>;

impl Game for Position {
    type Move = Move;
    type Moves = Moves;

    fn num_players(&self) -> usize {
        2
    }

    fn to_move(&self) -> Seat {
        Seat(self.side_to_move() as u8)
    }

    fn legal_moves(&self) -> Moves {
        let mut moves = Moves::new();
        self.for_each_move(|mv| moves.push(mv));
        moves
    }

    fn play(&mut self, mv: Move) {
        self.make(mv);
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.count_moves() > 0 {
            return None;
        }
        let winner = Seat(self.side_to_move().other() as u8);
        Some(Outcome::win(winner, 2, "no move"))
    }

    fn count_moves(&self) -> usize {
        self.move_count()
    }
}

impl TwoPlayerZeroSum for Position {}

impl Hashed for Position {
    fn zobrist(&self) -> u64 {
        self.hash()
    }

    fn zobrist_from_scratch(&self) -> u64 {
        zobrist::from_scratch(self)
    }
}
