//! Go for olympiad: the Computer Olympiad's game on boards of 1x1 to 19x19 (9, 13 and 19
//! are the ones played).
//!
//! The rules: Black (seat 0) moves first; a move puts a stone of the mover's colour on an
//! empty point, or passes. Enemy chains left without a liberty are captured; a move that
//! leaves its own chain without a liberty (suicide) is illegal. Two passes in a row end the
//! game, which is scored by Chinese area counting as Tromp-Taylor does it, on the final
//! board as it stands (dead stones are removed by playing on): each colour's stones plus
//! the empty points from which only its stones can be reached; White adds komi (in half
//! points, 7.5 by default; a whole-number komi can draw).
//!
//! Repetition is a parameter ([`Repetition`]):
//! - `superko` (the default, as GTP engines, KGS and the 2019 Olympiad 9x9 event play):
//!   positional superko, no stone may recreate a whole-board position that occurred before
//!   in the game, whoever was to move;
//! - `icga`: the Computer Olympiad's own Go rules forbid only the immediate retake of a ko
//!   (simple ko) and declare a draw when a long cycle recurs. The seed lists the Olympiad's
//!   Go rules only as a link ("The detailed rules can be found here"); the project's spec
//!   says they "draw a balanced long cycle (no superko)". We read that as: any move after
//!   which a board recurs with the same side to move ends the game at once as a draw (a
//!   second pass in a row still ends it by the score). The
//!   Olympiad text distinguishes cycles by what each side did in them (balanced or not);
//!   that distinction is not modelled here: every such cycle is a draw.
//!
//! - [`Position`]: a padded 1-D board with incrementally kept chains (linked stones,
//!   pseudo-liberties with their sum and sum of squares, so that atari and its liberty are
//!   O(1)); the superko history an `Arc`-linked list of board keys shared between copies;
//!   the helpers playouts need ([`Position::is_legal_ignoring_superko`],
//!   [`Position::play_unrecorded`], [`Position::is_eye`], [`Position::atari_liberty`],
//!   [`Position::area`], ...);
//! - [`reference`]: a slow twin written apart (flood fills, the whole history as boards);
//! - [`text`]: GTP coordinates and the position text.
//!
//! Perft counts the pass as a move and counts only sequences of exactly `depth` moves.
//! Equality leaves the history out (a position text cannot carry it), so perft drivers that
//! merge transpositions (a table, the parallel walk over unique positions) may merge two
//! positions that superko tells apart by their earlier boards: their counts are exact only
//! while no board can recur within the depth (`tests/counts.perft` shows 3x3 depth 7).
//!
//! ```
//! use olympiad_core::{perft::perft, Game, Notation};
//! use olympiad_go::Position;
//!
//! let mut game = Position::start9();
//! // 81 points and the pass; after Black's stone White has 80 points and the pass, after
//! // Black's pass 81 points and the pass, which ends the game.
//! assert_eq!(perft(&game, 1), 82);
//! assert_eq!(perft(&game, 2), 81 * 81 + 82);
//! game.play_line("E5 pass pass").unwrap();
//! // Black's one stone owns the board: 81 - 7.5.
//! assert_eq!(game.score_halves(), 2 * 81 - 15);
//! assert_eq!(game.outcome().unwrap().winner(), Some(olympiad_core::Seat(0)));
//! ```

mod describe;
mod point;
mod position;
pub mod reference;
pub mod text;
mod zobrist;

pub use olympiad_core::perft::GameOverLeaves;
pub use point::{Color, MAX_CELLS, MAX_SIZE, Point, PointError};
pub use position::{DEFAULT_KOMI_HALVES, MAX_POINTS, Position, Repetition, SizeError};
pub use text::ParseError;

use olympiad_core::{Game, Hashed, MoveList, Outcome, Seat, TwoPlayerZeroSum};
use olympiad_search::engine::EngineSpec;

/// The perft convention: only sequences of exactly `depth` moves count.
pub const PERFT_GAME_OVER: GameOverLeaves = GameOverLeaves::Zero;

/// The most legal moves: every point of the largest board and the pass.
pub const MAX_MOVES: usize = MAX_POINTS + 1;

/// A list of legal moves (see [`MAX_MOVES`]).
pub type Moves = MoveList<Point, MAX_MOVES>;

/// Go's own engines (the catalog adds `random`); the engine work fills this list.
pub static ENGINES: [EngineSpec<Position>; 0] = [];

impl Game for Position {
    type Move = Point;
    type Moves = Moves;

    fn num_players(&self) -> usize {
        2
    }

    fn to_move(&self) -> Seat {
        Seat(self.side_to_move().index() as u8)
    }

    fn legal_moves(&self) -> Moves {
        let mut moves = Moves::new();
        self.for_each_move(|mv| moves.push(mv));
        moves
    }

    fn play(&mut self, mv: Point) {
        self.play_move(mv);
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.ended_by_cycle() {
            return Some(Outcome::draw(2, "long cycle"));
        }
        if self.passes() < 2 {
            return None;
        }
        let score = self.score_halves();
        Some(match score.signum() {
            1 => Outcome::win(Seat(0), 2, "area score"),
            -1 => Outcome::win(Seat(1), 2, "area score"),
            _ => Outcome::draw(2, "area score"),
        })
    }

    fn count_moves(&self) -> usize {
        let mut n = 0;
        self.for_each_move(|_| n += 1);
        n
    }

    fn with_legal_moves<R>(&self, f: impl FnOnce(&[Point]) -> R) -> R {
        let mut moves = Moves::new();
        self.for_each_move(|mv| moves.push(mv));
        f(&moves)
    }

    fn is_legal(&self, mv: Point) -> bool {
        self.is_legal_move(mv)
    }
}

impl TwoPlayerZeroSum for Position {}

impl Hashed for Position {
    fn zobrist(&self) -> u64 {
        self.hash_with(self.board_key())
    }

    fn zobrist_from_scratch(&self) -> u64 {
        self.hash_with(self.board_key_from_scratch())
    }
}
