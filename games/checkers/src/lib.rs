//! 8x8 checkers (English draughts, American checkers) for olympiad.
//!
//! The rules: Black moves first; men step diagonally forward, kings both ways; captures are
//! compulsory and a capture sequence, however many pieces it takes, is one move; a man that
//! reaches the far row is crowned and the move ends there; a side with no move loses. Rule
//! options in [`Rules`]: merging a king's duplicate captures, and a draw rule.
//!
//! - [`Position`]: three 32-bit square sets ([`bitboard`] draws the layout), the side to
//!   move and the rules, 16 bytes; its Zobrist hash is computed on demand by byte tables;
//! - the fast generator (`movegen.rs`) finds movers and jumpers with set arithmetic and
//!   counts plain steps by population counts (perft's bulk counting); a [`Move`] holds the
//!   XOR masks that play it, and steps and men's single jumps are copied whole from tables;
//! - [`reference`]: a slow generator on an 8x8 array, written separately, that the tests play
//!   against the fast one on millions of random positions;
//! - text: PDN FEN positions and PDN moves ([`text`]).
//!
//! ```
//! use olympiad_checkers::Position;
//! use olympiad_core::{perft::perft, Game, Notation};
//!
//! let start = Position::start();
//! assert_eq!(perft(&start, 4), 1469);
//! let mut pos = start;
//! pos.play_line("11-15 24-19").unwrap();
//! assert_eq!(pos.legal_move_texts(), ["15x24"]);
//! ```

pub mod bitboard;
mod describe;
pub mod egdb;
pub mod engine;
mod movegen;
pub mod oracle;
mod position;
pub mod reference;
pub mod rules;
pub mod text;
mod zobrist;

pub use engine::ENGINES;
pub use movegen::MAX_JUMPS;
pub use position::{Color, Move, Position};
pub use rules::Rules;
pub use text::ParseError;

use olympiad_core::{Game, Hashed, MoveList, Notation, Outcome, Seat, TwoPlayerZeroSum};

/// Capacity of a move list. Without a capture, twelve pieces have at most four steps each
/// (48). With captures, the `capture_bound` test searches every way to place enemy pieces
/// round a king and finds at most 16 sequences for one piece (see there): twelve pieces
/// could not all reach that at once, but 12 x 16 = 192 holds whatever they do.
pub const MAX_MOVES: usize = 192;

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

    /// Kept out of line: perft's recursion then holds only the count of the last ply
    /// (inlined) and a call here, so every call of the recursion, one per parent of a leaf,
    /// saves fewer registers and needs a small stack frame (measured: 2 to 3% of perft).
    #[inline(never)]
    fn with_legal_moves<R>(&self, f: impl FnOnce(&[Move]) -> R) -> R {
        self.with_moves(f)
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
        if self.draw_reached() {
            return Some(Outcome::draw(2, "draw rule"));
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
        Position::move_text(mv)
    }

    fn parse_position(text: &str) -> Result<Self, ParseError> {
        Position::from_text(text)
    }

    fn position_text(&self) -> String {
        self.text()
    }
}
