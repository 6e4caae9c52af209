//! The vocabulary every other crate of olympiad speaks.
//!
//! A game implements three small traits — [`Game`] (rules), [`Notation`] (text at the edges)
//! and [`Hashed`] (a 64-bit position hash) — and says what it knows about itself (seat
//! names, a board picture, status lines, its own score, its perft convention, its playout
//! policy) through [`Describe`], whose methods are all provided; it gets for free: perft and divide with bulk
//! counting ([`perft`]), a parallel perft and a lossless hashed perft, checked play from text
//! ([`Notation::parse_and_play`]), and, with the `testkit` feature, the random-playout
//! conformance suite that every game's tests run ([`conformance`]) and the fuzzer that
//! every parser of outside text is run on ([`fuzz`]).
//!
//! ```
//! use olympiad_core::{Game, Outcome, Seat, perft};
//! # #[derive(Clone, PartialEq, Eq, Debug)] struct Nim(u8, Seat);
//! # impl Game for Nim {
//! #     type Move = u8;
//! #     type Moves = olympiad_core::MoveList<u8, 3>;
//! #     fn num_players(&self) -> usize { 2 }
//! #     fn to_move(&self) -> Seat { self.1 }
//! #     fn legal_moves(&self) -> Self::Moves {
//! #         (1..=self.0.min(3)).collect()
//! #     }
//! #     fn play(&mut self, mv: u8) { self.0 -= mv; self.1 = self.1.next(2); }
//! #     fn outcome(&self) -> Option<Outcome> {
//! #         (self.0 == 0).then(|| Outcome::win(self.1.next(2), 2, "last stone taken"))
//! #     }
//! # }
//! // A pile of 4 stones, take 1..3 per move: 6 ways to play 2 plies.
//! assert_eq!(perft::perft(&Nim(4, Seat::FIRST), 2), 6);
//! ```

mod color;
mod describe;
mod game;
mod moves;
pub mod perft;
mod rng;
pub mod table;

#[cfg(feature = "testkit")]
pub mod conformance;
#[cfg(feature = "testkit")]
pub mod fuzz;
#[cfg(feature = "testkit")]
pub mod programs;

pub use color::Color;
pub use describe::{Cell, Describe, OwnScore, Picture, Shape};
pub use game::{Game, Hashed, MAX_SEATS, Notation, Outcome, Seat, TwoPlayerZeroSum};
pub use moves::MoveList;
pub use rng::{SplitMix64, byte_tables, random_keys};
