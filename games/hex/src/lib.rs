//! Hex for olympiad, as the Computer Olympiad plays it (Anshelevich's rules): 11x11 by
//! default (the side is a parameter), Black first, no draws, and the swap.
//!
//! The rules: the players put a stone of their colour on an empty cell in turn. Black joins
//! the top and bottom rows, White the left and right columns; the first to join its two
//! edges with a chain of its stones wins (a full board always has exactly one such chain).
//! The swap, as the Olympiad states it: after the opening program's first stone (Black),
//! the responding program may swap; then the opening program makes the second move as
//! White. The stone stays; the colours change hands, and the record says which program
//! holds which. (Engines that play `swap-pieces` instead mirror the stone across the long
//! diagonal and recolour it, colours staying with the players: the same game up to that
//! reflection and an exchange of colours; the protocol layer translates.)
//!
//! - [`Position`]: a byte per cell and a union-find of each colour's chains with the four
//!   edges as members, so a move joins and the win test are near-constant time;
//! - [`reference`]: a slow twin written apart (flood fills from the edges);
//! - [`text`]: HexGui's cells (`a1` top left, `k11`), `swap`, and the position text.
//! - [`sgf`]: Hex SGF (GM[11], `swap-pieces`) records and openings;
//! - [`engine`]: Ponte, MCTS with RAVE on the search library, save-bridge playouts and a
//!   swap table.
//!
//! Seats are programs: the first seat opens with Black and holds White after a swap
//! ([`Position::seat_of`]). Perft counts only sequences of exactly `depth` moves.
//!
//! ```
//! use olympiad_core::{perft::perft, Game, Notation};
//! use olympiad_hex::Position;
//!
//! let start = Position::start11();
//! assert_eq!(perft(&start, 1), 121);
//! // 120 cells and the swap after each first stone; after the swap 120 cells again.
//! assert_eq!(perft(&start, 2), 14_641);
//! assert_eq!(perft(&start, 3), 1_742_400);
//!
//! let mut game = Position::start11();
//! game.play_line("f6 swap").unwrap();
//! // The first seat now holds White and moves.
//! assert_eq!(game.to_move(), olympiad_core::Seat(0));
//! assert_eq!(game.position_text().split(' ').nth(1), Some("o"));
//! ```

mod describe;
pub mod engine;
mod position;
pub mod reference;
pub mod sgf;
pub mod text;
mod zobrist;

pub use olympiad_core::perft::GameOverLeaves;
pub use position::{Color, MAX_CELLS, MAX_SIZE, Move, Position, SizeError};
pub use text::ParseError;

use olympiad_core::{Game, Hashed, MoveList, Notation, Outcome, Seat, TwoPlayerZeroSum};
use olympiad_search::engine::EngineSpec;

/// The perft convention: only sequences of exactly `depth` moves count.
pub const PERFT_GAME_OVER: GameOverLeaves = GameOverLeaves::Zero;

/// The most legal moves: every cell of the largest board and the swap.
pub const MAX_MOVES: usize = MAX_CELLS + 1;

/// A list of legal moves (see [`MAX_MOVES`]).
pub type Moves = MoveList<Move, MAX_MOVES>;

/// Hex's own engines (the catalog adds `random`).
pub static ENGINES: [EngineSpec<Position>; 1] = [engine::SPEC];

impl Game for Position {
    type Move = Move;
    type Moves = Moves;

    fn num_players(&self) -> usize {
        2
    }

    fn to_move(&self) -> Seat {
        self.seat_of(self.side_to_move())
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
        let winner = self.winner()?;
        let how = match winner {
            Color::Black => "Black joins top and bottom",
            Color::White => "White joins left and right",
        };
        Some(Outcome::win(self.seat_of(winner), 2, how))
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
