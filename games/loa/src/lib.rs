//! Lines of Action for olympiad, by the Computer Olympiad's rules (the MSO 2000 rules, made
//! immutable at the sixth Olympiad).
//!
//! The rules: on an 8x8 board Black starts on b1-g1 and b8-g8, White on a2-a7 and h2-h7;
//! Black moves first. A piece moves in a straight line (row, column or diagonal) exactly as
//! many squares as there are pieces of either colour anywhere on that line; it may jump its
//! own pieces but not land on them, and may not jump enemy pieces but captures one by
//! landing on it. A player whose pieces form one group (8-connected; a single piece is a
//! group) wins; a move that joins both sides' pieces at once is a draw. The first to be
//! joined wins whoever moved: a capture that leaves the opponent's pieces one group (down
//! to a single piece, say) makes the opponent the winner. A player without a move passes
//! (the pass is a move only then), and the third occurrence of a position with the same
//! side to move is a draw.
//!
//! - [`Position`]: both colours as `u64` bit sets, a move's length as one `popcount` of its
//!   line, the repetition history an `Arc`-linked list of hashes cut at each capture;
//! - [`reference`]: a slow twin on a grid of squares, written separately from the rules
//!   above, keeping the whole game's positions as text;
//! - [`text`]: positions as rows of `x`, `o` and `.`, row 1 first, and the side to move;
//!   moves as `b1-b3`, `b1xb3`, `pass`;
//! - [`sgf`]: LOA SGF (GM[9], `b1-b3` and `a2:c4`) records and openings;
//! - [`ENGINES`]: an alpha-beta engine on the search library (concentration,
//!   centralisation, mobility and groups).
//!
//! Perft counts only sequences of exactly `depth` moves (a finished game is no leaf), the
//! pass being a move. Equality leaves the history out (a position text cannot carry it), so
//! perft drivers that merge transpositions may merge a position with one that the
//! repetition rule has ended; their counts are exact while no position can occur a third
//! time within the depth (8 plies from a position read from text).
//!
//! ```
//! use olympiad_core::{perft::perft, Game, Notation};
//! use olympiad_loa::Position;
//!
//! let start = Position::start();
//! // Each of Black's twelve pieces has three moves (b1: b1-b3, b1-d3, and b1-h1 over its
//! // own five: six pieces on row 1).
//! assert_eq!(start.legal_moves().len(), 36);
//! assert_eq!(perft(&start, 2), 1_244);
//!
//! let mut game = Position::start();
//! game.play_line("b1-b3 h7-f7").unwrap();
//! assert_eq!(game.format_move(game.parse_move("b3xf7").unwrap()), "b3xf7");
//! ```

mod describe;
mod engine;
mod position;
pub mod reference;
pub mod sgf;
pub mod text;
mod zobrist;

pub use engine::{DEFAULT_DEPTH, ENGINES, evaluate};
pub use olympiad_core::perft::GameOverLeaves;
pub use position::{Color, End, MAX_PIECES, Move, Position, PositionError, REPETITIONS, SIZE};
pub use text::ParseError;

use olympiad_core::{Game, Hashed, MoveList, Outcome, Seat, TwoPlayerZeroSum};

/// The perft convention: only sequences of exactly `depth` moves count.
pub const PERFT_GAME_OVER: GameOverLeaves = GameOverLeaves::Zero;

/// More than the legal moves a position can have: a piece moves along four lines, each in
/// two senses, and a side has at most [`MAX_PIECES`] pieces.
pub const MAX_MOVES: usize = 8 * MAX_PIECES;

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
        if self.end().is_none() {
            self.for_each_board_move(|mv| moves.push(mv));
            if moves.is_empty() {
                moves.push(Move::PASS);
            }
        }
        moves
    }

    fn play(&mut self, mv: Move) {
        self.make(mv);
    }

    fn outcome(&self) -> Option<Outcome> {
        Some(match self.end()? {
            End::Connected(color) => Outcome::win(Seat(color as u8), 2, "connected"),
            End::BothConnected => Outcome::draw(2, "both connected"),
            End::Repetition => Outcome::draw(2, "third repetition"),
        })
    }

    fn count_moves(&self) -> usize {
        if self.end().is_some() {
            0
        } else {
            self.board_move_count().max(1)
        }
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
