//! Chess and Chess960 for olympiad, by the FIDE Laws, with the draws a tournament arbiter
//! (cutechess, fastchess) applies without being asked.
//!
//! - [`Position`]: a [`cozy_chess::Board`] (its move generator: MIT, bitboards, magic
//!   lookups), whether the game is Chess960, and the repetition keys since the last
//!   irreversible move, so that `outcome()` knows every way a game ends: checkmate,
//!   stalemate, the fifty-move rule (clock at 100 plies and no checkmate), threefold
//!   repetition, insufficient material ([`Position::insufficient_material`] says exactly
//!   which material counts as dead);
//! - [`reference`]: a slow mailbox generator written from the FIDE Laws alone, that the
//!   tests play against the fast one on random positions;
//! - text: FEN (X-FEN and Shredder-FEN for Chess960) in [`Position::from_fen`] and
//!   [`Position::fen`], moves in UCI ([`Position::uci_move`], the game's canonical move
//!   text) and SAN ([`Position::san`], [`Position::parse_san`]); the game's notation reads
//!   either; whole games in PGN ([`pgn::read`], [`pgn::write`]), as the arena writes them
//!   and opening files come, and positions in EPD ([`epd`], opening suites).
//!
//! Moves are [`cozy_chess::Move`] in cozy's convention: castling is the king capturing its
//! own rook. Perft counts sequences of exactly `depth` moves, as the published tables do;
//! a game the draw rules end has no moves, which none of the published counts this crate
//! checks ever meets before its last ply.
//!
//! ```
//! use olympiad_chess::Position;
//! use olympiad_core::{perft::perft, Game, Notation};
//!
//! let mut pos = Position::start();
//! assert_eq!(perft(&pos, 3), 8_902);
//! pos.play_line("e4 e7e5 Nf3").unwrap();
//! assert_eq!(pos.fen(), "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
//! let mv = pos.parse_san("Nc6").unwrap();
//! assert_eq!(pos.uci_move(mv), "b8c6");
//! ```

mod describe;
pub mod engine;
pub mod epd;
mod fen;
mod notation;
pub mod pgn;
mod position;
pub mod reference;

pub use cozy_chess::{Board, Move};
pub use engine::ENGINES;
pub use fen::FenError;
pub use notation::{MoveError, TextError};
pub use olympiad_core::perft::GameOverLeaves;
pub use position::{DrawRule, FIFTY_MOVE_PLIES, Position, REPETITIONS};

use cozy_chess::BoardBuilder;
use olympiad_core::{Game, Hashed, MoveList, Notation, Outcome, Seat, TwoPlayerZeroSum};

/// The perft convention: only sequences of exactly `depth` moves count.
pub const PERFT_GAME_OVER: GameOverLeaves = GameOverLeaves::Zero;

/// The most legal moves of any chess position: 218 (R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1
/// w - - 0 1, found by Nenad Petrović).
pub const MAX_MOVES: usize = 218;

/// The Scharnagl number of the standard array among the Chess960 start positions.
pub const STANDARD_ARRAY: u32 = 518;

/// A list of legal moves (see [`MAX_MOVES`]).
pub type Moves = MoveList<Move, MAX_MOVES>;

impl Position {
    /// Fills `moves` with the legal moves (none once the game is over).
    #[inline]
    fn fill_moves(&self, moves: &mut Moves) {
        if self.draw_rule().is_none() {
            self.board.generate_moves(|pm| {
                moves.extend(pm);
                false
            });
        }
    }
}

impl Game for Position {
    type Move = Move;
    type Moves = Moves;

    fn num_players(&self) -> usize {
        2
    }

    fn to_move(&self) -> Seat {
        Seat(notation::seat_of(self.board.side_to_move()))
    }

    #[inline]
    fn legal_moves(&self) -> Moves {
        let mut moves = Moves::new();
        self.fill_moves(&mut moves);
        moves
    }

    #[inline]
    fn with_legal_moves<R>(&self, f: impl FnOnce(&[Move]) -> R) -> R {
        let mut moves = Moves::new();
        self.fill_moves(&mut moves);
        f(&moves)
    }

    #[inline]
    fn count_moves(&self) -> usize {
        if self.draw_rule().is_some() {
            return 0;
        }
        let mut n = 0;
        self.board.generate_moves(|pm| {
            n += pm.len();
            false
        });
        n
    }

    #[inline]
    fn play(&mut self, mv: Move) {
        self.make(mv);
    }

    fn outcome(&self) -> Option<Outcome> {
        if !self.has_board_moves() {
            return Some(if self.board.checkers().is_empty() {
                Outcome::draw(2, "stalemate")
            } else {
                let winner = Seat(notation::seat_of(!self.board.side_to_move()));
                Outcome::win(winner, 2, "checkmate")
            });
        }
        self.draw_rule().map(|rule| Outcome::draw(2, rule.reason()))
    }

    fn is_legal(&self, mv: Move) -> bool {
        self.draw_rule().is_none() && self.board.is_legal(mv)
    }
}

impl TwoPlayerZeroSum for Position {}

impl Hashed for Position {
    /// cozy-chess's incremental hash (pieces, side to move, castling, en-passant file; not
    /// the clocks).
    fn zobrist(&self) -> u64 {
        self.board.hash()
    }

    /// The board rebuilt square by square by cozy's builder, which hashes from nothing.
    fn zobrist_from_scratch(&self) -> u64 {
        BoardBuilder::from_board(&self.board)
            .build()
            .expect("a board rebuilt from a valid board")
            .hash()
    }
}

impl Notation for Position {
    type ParseError = TextError;

    /// UCI (the canonical form) or SAN; SAN is resolved against the board.
    fn parse_move(&self, text: &str) -> Result<Move, TextError> {
        match self.uci_to_move(text) {
            Some(mv) => Ok(mv),
            None => Ok(self.parse_san(text)?),
        }
    }

    fn format_move(&self, mv: Move) -> String {
        self.uci_move(mv)
    }

    /// A FEN; castling rights naming rook files (Shredder-FEN), or `KQkq` that only fits
    /// inner rooks or a king off the e-file (X-FEN), make it Chess960.
    fn parse_position(text: &str) -> Result<Position, TextError> {
        if fen::names_rook_files(text) {
            return Ok(Position::from_fen(text, true)?);
        }
        match Position::from_fen(text, false) {
            Err(e @ FenError::Field { field: 3, .. }) => {
                Position::from_fen(text, true).map_err(|_| TextError::Fen(e))
            }
            other => Ok(other?),
        }
    }

    fn position_text(&self) -> String {
        self.fen()
    }
}
