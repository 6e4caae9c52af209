//! Caïssa, Christian Freeling's chess-like game on 49 sinking tiles, the CodeCup 2003 game.
//!
//! The rules are in the project's `shared/specs/caissa.md`. This crate holds:
//! - [`Position`]: tiles and pieces as square sets ([`bitboard`] draws the layout), with a
//!   Zobrist hash kept up to date by every move;
//! - the fast legal move generator (`movegen.rs`), check and pin aware, with the connection
//!   rule settled on square sets;
//! - [`reference`]: a slow generator written separately from the spec's words, that the tests
//!   play against the fast one on millions of random positions;
//! - [`text`]: the position text and the move notation `b2-c4`;
//! - the rule options in [`rules`] (stalemate scoring, ply limit).
//!
//! ```
//! use olympiad_caissa::Position;
//! use olympiad_core::{perft::perft, Game, Notation};
//!
//! let start = Position::start();
//! assert_eq!(perft(&start, 2), 630);
//! let mut pos = start;
//! pos.play_line("b2-c4 e5-c5 c3-e3").unwrap();
//! assert!(pos.in_check());
//! assert_eq!(pos.legal_moves().len(), 6);
//! ```

pub mod bitboard;
mod describe;
pub mod engine;
mod movegen;
pub mod playout;
mod position;
pub mod reference;
pub mod rules;
pub mod text;
mod zobrist;

pub use position::{Color, Kind, Move, Position};
pub use rules::{Rules, Stalemate};

use olympiad_core::{Game, Hashed, MoveList, Outcome, Seat, TwoPlayerZeroSum};

/// A list of legal moves. Capacity 64 covers the worst case: a queen reaches at most 24
/// squares (from the centre), a rook and a bishop 12 each, a knight 8 (56 in all).
pub type Moves = MoveList<Move, 64>;

impl Game for Position {
    type Move = Move;
    type Moves = Moves;

    fn num_players(&self) -> usize {
        2
    }

    #[inline]
    fn to_move(&self) -> Seat {
        Seat(self.side() as u8)
    }

    #[inline]
    fn legal_moves(&self) -> Moves {
        let mut list = Moves::new();
        self.write_moves(&mut list);
        list
    }

    #[inline]
    fn play(&mut self, mv: Move) {
        self.make(mv);
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.ply_limit_reached() {
            return Some(Outcome::draw(2, "ply limit"));
        }
        if self.targets().count() > 0 {
            return None;
        }
        let side = self.to_move();
        if self.in_check() {
            return Some(Outcome::win(side.next(2), 2, "checkmate"));
        }
        Some(match self.rules().stalemate {
            Stalemate::Draw => Outcome::draw(2, "stalemate"),
            Stalemate::MorePieces => {
                let mine = self.pieces(self.side()).count_ones();
                let theirs = self.pieces(self.side().flip()).count_ones();
                match mine.cmp(&theirs) {
                    std::cmp::Ordering::Greater => Outcome::win(side, 2, "stalemate, more pieces"),
                    std::cmp::Ordering::Less => {
                        Outcome::win(side.next(2), 2, "stalemate, more pieces")
                    }
                    std::cmp::Ordering::Equal => Outcome::draw(2, "stalemate, equal pieces"),
                }
            }
        })
    }

    #[inline]
    fn count_moves(&self) -> usize {
        self.targets().count()
    }
}

impl TwoPlayerZeroSum for Position {}

impl Hashed for Position {
    #[inline]
    fn zobrist(&self) -> u64 {
        self.hash
    }

    fn zobrist_from_scratch(&self) -> u64 {
        self.compute_hash()
    }
}
