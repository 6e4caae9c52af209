//! International draughts (10x10, the FMJD rules) for olympiad.
//!
//! The rules: White moves first; men step diagonally forward and capture forward and
//! backward; kings fly (move any distance along a diagonal, capture a piece at any distance
//! and land on any empty square behind it); capturing is compulsory and the capture that
//! takes the most pieces must be played (a king counts as one piece); pieces taken leave the
//! board only when the capture ends, and none is jumped twice (the Turkish strike rule); a
//! man that reaches the far row in the middle of a capture and must go on stays a man; a
//! side with no move loses. The draw rules of article 8 (threefold repetition, 25 moves of
//! kings only, the 16- and 5-move endings) are on by default and off for perft (see
//! [`draw`]).
//!
//! This is its own crate rather than a parameter of the 8x8 checkers crate: checkers keeps
//! its squares in a `u32` with its step tables, bulk counts and move masks tuned to that
//! board and to its short-range kings and free choice of capture, and sharing code with a
//! 50-square board with flying kings and the maximum-capture rule would mean rewriting it.
//!
//! - [`Position`]: three 64-bit square sets ([`bitboard`] draws the layout with its ghost
//!   bits), the side to move, the draw rules' counters and the repetition history;
//! - the fast generator (`movegen.rs`) tests for a capture with set arithmetic, searches
//!   captures depth first per piece keeping the longest, each (start, end, pieces taken)
//!   once, and counts steps by population counts;
//! - [`reference`]: a slow generator on a 10x10 array, written separately, that the tests
//!   play against the fast one on random playouts;
//! - text: PDN positions and moves ([`text`]).
//!
//! ```
//! use olympiad_draughts::Position;
//! use olympiad_core::{perft::perft, Game, Notation};
//!
//! let start = Position::start();
//! assert_eq!(perft(&start, 3), 658);
//! let mut pos = start;
//! pos.play_line("32-28 19-23").unwrap();
//! assert_eq!(pos.legal_move_texts(), ["28x19"]);
//! ```

pub mod bitboard;
mod describe;
pub mod draw;
pub mod engine;
mod movegen;
mod position;
pub mod reference;
pub mod text;
mod zobrist;

pub use engine::ENGINES;
pub use position::{Color, DrawRule, Move, Position};
pub use text::ParseError;

use olympiad_core::{Game, Hashed, MoveList, Notation, Outcome, Seat, TwoPlayerZeroSum};

/// Capacity of a move list. Without a capture, each empty square can be reached along each
/// of its four diagonals by at most one piece (the nearest one), so there are at most
/// 4 x 49 = 196 steps. Captures are counted once per (start, end, pieces taken) and all take
/// the same, largest number of pieces; no bound is proven for them, so the capacity is more
/// than twice the steps' bound, and a random search of positions crowded with kings (the
/// `crowded_capture_lists` test of `tests/rules.rs`) finds no list longer than 75.
pub const MAX_MOVES: usize = 512;

/// A list of legal moves (see [`MAX_MOVES`] for the worst case).
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

    #[inline(always)]
    fn play(&mut self, mv: Move) {
        *self = self.after_move(mv);
    }

    #[inline(always)]
    fn after(&self, mv: Move) -> Self {
        self.after_move(mv)
    }

    fn outcome(&self) -> Option<Outcome> {
        if let Some(rule) = self.draw_rule() {
            return Some(Outcome::draw(2, rule.reason()));
        }
        (self.count_fast() == 0).then(|| Outcome::win(self.to_move().next(2), 2, "no move"))
    }

    #[inline(always)]
    fn count_moves(&self) -> usize {
        self.count_fast()
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
        self.compute_hash()
    }
}

impl Notation for Position {
    type ParseError = ParseError;

    fn parse_move(&self, text: &str) -> Result<Move, ParseError> {
        self.parse_move_text(text)
    }

    fn format_move(&self, mv: Move) -> String {
        self.move_text(mv)
    }

    fn parse_position(text: &str) -> Result<Self, ParseError> {
        Position::from_text(text)
    }

    fn position_text(&self) -> String {
        self.text()
    }
}
