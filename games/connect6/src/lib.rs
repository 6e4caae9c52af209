//! Connect6 for olympiad, as the Computer Olympiad plays it (Wu and Huang, 2005): 19x19 by
//! default (the side is a parameter), Black puts one stone, then each side puts two stones
//! a turn; six or more in a row win; a full board without one is a draw.
//!
//! A turn is one move of an unordered pair (see [`position`](Position) for the rule when a
//! six comes from either stone of a pair: both are put down, and the turn wins), so perft
//! counts each pair once: 361 first stones, then C(360, 2) = 64,620 pairs each.
//!
//! - [`Position`]: a byte per point; the win test measures the runs through the new stones;
//! - [`reference`]: a slow twin written apart (every line of the board scanned for six);
//! - [`text`]: GTP's points (`J10`), turns as `J10K11`, and the position text;
//! - [`sgf`]: Connect6 SGF (GM[4] with RU[Connect6], a turn's points in one node) records
//!   and openings.
//!
//! ```
//! use olympiad_core::{perft::perft, Game, Notation};
//! use olympiad_connect6::Position;
//!
//! let start = Position::start19();
//! assert_eq!(perft(&start, 1), 361);
//! assert_eq!(perft(&start, 2), 23_327_820);
//! let mut game = Position::start19();
//! game.play_line("J10 K10K11 L11M12").unwrap();
//! assert_eq!(game.format_move(game.parse_move("m12l11").unwrap()), "L11M12");
//! ```

mod describe;
pub mod engine;
mod position;
pub mod reference;
pub mod sgf;
pub mod text;
mod zobrist;

pub use olympiad_core::perft::GameOverLeaves;
pub use position::{Color, MAX_POINTS, MAX_SIZE, Move, Position, SizeError, WIN_LENGTH};
pub use text::ParseError;

use olympiad_core::{Game, Hashed, MoveList, Notation, Outcome, Seat, TwoPlayerZeroSum};
use olympiad_search::engine::EngineSpec;

/// The perft convention: only sequences of exactly `depth` moves count.
pub const PERFT_GAME_OVER: GameOverLeaves = GameOverLeaves::Zero;

/// The most legal moves: every pair of points of the largest board.
pub const MAX_MOVES: usize = MAX_POINTS * (MAX_POINTS - 1) / 2;

/// A list of legal moves (see [`MAX_MOVES`]: about 260 KB; engines choose among far fewer).
pub type Moves = MoveList<Move, MAX_MOVES>;

/// Connect6's own engines (the catalog adds `random`).
pub static ENGINES: [EngineSpec<Position>; 1] = [engine::SPEC];

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
        match self.winner() {
            Some(Color::Black) => Some(Outcome::win(Seat(0), 2, "Black has six in a row")),
            Some(Color::White) => Some(Outcome::win(Seat(1), 2, "White has six in a row")),
            None if self.empty() == 0 => Some(Outcome::draw(2, "the board is full")),
            None => None,
        }
    }

    fn count_moves(&self) -> usize {
        self.move_count()
    }

    fn is_legal(&self, mv: Move) -> bool {
        self.is_legal_move(mv)
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

impl Notation for Position {
    type ParseError = ParseError;

    fn parse_move(&self, text: &str) -> Result<Move, ParseError> {
        text::parse_move(text, self.size())
    }

    fn format_move(&self, mv: Move) -> String {
        text::move_text(mv, self.size())
    }

    fn parse_position(text: &str) -> Result<Self, ParseError> {
        text::parse_position(text)
    }

    fn position_text(&self) -> String {
        text::position_text(self)
    }
}
