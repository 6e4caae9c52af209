//! Game-agnostic search for two-player zero-sum games: what every engine of olympiad builds on.
//!
//! An engine implements [`Hooks`] for its game (terminal scores, evaluation, and optionally
//! move generation, extensions, quiescence, ordering hints) and hands it to a [`Searcher`]
//! with a [`Config`]; the searcher runs iterative deepening over fail-soft alpha-beta,
//! principal variation search (with aspiration windows) or MTD(f), with a transposition table
//! ([`tt`]), hash-move / killer / history ordering, and [`Limits`] on depth, nodes, time and a
//! stop flag. Each completed iteration is reported to an [`Observer`]; the library never
//! prints. [`minimax`] is the slow twin the tests compare every algorithm against.
//!
//! For games like chess, [`Config`] also switches on null-move pruning
//! ([`Hooks::null_move`]), reverse futility, futility and late-move pruning and ProbCut
//! (with [`Hooks::in_check`]), and scaled late-move reductions; [`Hooks::quiescence_moves`] lets a
//! game list its own quiescence moves (captures only, losing ones dropped, evasions in
//! check) and [`Hooks::ply_bounds`] enables mate-distance pruning. All are off by default.
//! [`LazySmp`] searches on several threads sharing one table. [`texel`] fits an
//! evaluation's weights to game results (Texel tuning), for any game.
//!
//! A game's engines implement [`engine::Engine`] and are listed as [`engine::EngineSpec`]s;
//! [`engine::Clocked`] turns options and the game clock into limits for them.
//!
//! Games of more than two seats use [`nseat`]: max^n, paranoid and Monte Carlo tree search
//! over [`SeatHooks`]. [`RaveMcts`] ([`mcts`]) is the Monte Carlo tree search grown for Go:
//! RAVE, priors, tree reuse, threads on one tree, early stops and resignation, over
//! [`RaveHooks`].
//!
//! ```
//! use olympiad_core::{Game, Hashed, MoveList, Outcome, Seat, TwoPlayerZeroSum};
//! use olympiad_search::{Config, Hooks, Limits, Score, Searcher, minimax};
//!
//! // Nim: one pile, take 1..=3 stones; whoever takes the last stone wins.
//! #[derive(Clone, Debug, PartialEq, Eq)]
//! struct Nim(u8, Seat);
//! impl Game for Nim {
//!     type Move = u8;
//!     type Moves = MoveList<u8, 3>;
//!     fn num_players(&self) -> usize { 2 }
//!     fn to_move(&self) -> Seat { self.1 }
//!     fn legal_moves(&self) -> Self::Moves { (1..=self.0.min(3)).collect() }
//!     fn play(&mut self, mv: u8) { self.0 -= mv; self.1 = self.1.next(2); }
//!     fn outcome(&self) -> Option<Outcome> {
//!         (self.0 == 0).then(|| Outcome::win(self.1.next(2), 2, "last stone taken"))
//!     }
//! }
//! impl Hashed for Nim {
//!     fn zobrist(&self) -> u64 { self.zobrist_from_scratch() }
//!     fn zobrist_from_scratch(&self) -> u64 { u64::from(self.0) << 1 | u64::from(self.1.0) }
//! }
//! impl TwoPlayerZeroSum for Nim {}
//!
//! /// Win = 100 minus the distance, so the search prefers quick wins.
//! struct NimHooks;
//! impl Hooks<Nim> for NimHooks {
//!     fn bounds(&self) -> (Score, Score) { (-100, 100) }
//!     fn terminal(&mut self, pos: &Nim, ply: u32) -> Option<Score> {
//!         // The side to move at an empty pile has lost.
//!         (pos.0 == 0).then(|| -(100 - ply as Score))
//!     }
//!     fn no_moves(&mut self, _: &Nim, _: u32) -> Score { 0 }
//!     fn evaluate(&mut self, _: &Nim, _: u32) -> Score { 0 }
//!     fn quiescence(&self) -> bool { false }
//! }
//!
//! let mut searcher = Searcher::new(NimHooks, Config::default());
//! let result = searcher.search(&Nim(10, Seat::FIRST), &Limits::depth(12), &mut ());
//! assert_eq!(result.best, Some(2)); // leave a multiple of 4
//! assert_eq!(result.score, 100 - 5); // we take the last stone on ply 5 at the latest
//! assert_eq!(result.score, minimax(&Nim(10, Seat::FIRST), &mut NimHooks, 12));
//! ```

pub mod engine;
mod hooks;
mod limits;
pub mod mcts;
pub mod nseat;
mod reference;
mod searcher;
pub mod searching;
mod smp;
pub mod texel;
pub mod tt;

pub use hooks::{Hooks, Score, WinsByDistance};
pub use limits::{
    DEFAULT_EXPECTED_MOVES, DEFAULT_MIN_MOVES_LEFT, DEFAULT_RESERVE_MS, INCREMENT_USE_PERCENT,
    Limits, TimeBudget,
};
pub use mcts::{Prior, RaveConfig, RaveHooks, RaveMcts, RaveReport, Rewards, RootMove, Trace};
pub use nseat::{
    MAX_SEATS, Mcts, MctsConfig, Reward, SeatAlgorithm, SeatHooks, SeatReport, SeatSearcher,
    Values, maxn_plain, paranoid_plain,
};
pub use reference::minimax;
pub use searcher::{
    Algorithm, CONTINUATION_BONUS_MAX, CONTINUATION_BONUS_PER_PLY2, CONTINUATION_SLOTS, Config,
    DEFAULT_ASPIRATION, DEFAULT_TT_MIB, EXCHANGE_PRUNING_MAX_DEPTH, ExchangeMargins,
    FUTILITY_MAX_DEPTH, HISTORY_MAX, IIR_MIN_DEPTH, LMR_FULL_MOVES, LMR_MIN_DEPTH, LMR_PLIES,
    LMR_SCALED_BASE_CENTI, LMR_SCALED_DIVISOR_CENTI, NEW_ITERATION_MAX_PERCENT,
    NULL_MOVE_DEPTH_DIVISOR, NULL_MOVE_MIN_DEPTH, NULL_MOVE_PLIES, Observer, PROBCUT_DEPTH_PERCENT,
    PROBCUT_MIN_DEPTH, Report, SearchResult, Searcher, late_move_count, lmr_plies,
};
pub use smp::LazySmp;

/// The deepest ply any node can be at; a node there is evaluated, whatever its depth.
pub const MAX_PLY: u32 = 128;
/// The deepest iteration: half of [`MAX_PLY`], so that extensions (allowed up to twice the
/// root depth) still fit.
pub const MAX_DEPTH: u32 = MAX_PLY / 2;
/// The most plies one node may add through [`Hooks::extension`].
pub const MAX_EXTENSION_PER_NODE: i32 = 2;
/// Nodes between two looks at the clock and the stop flag: a look costs about 25 ns, and at
/// even 200 000 nodes per second 256 nodes take about 1.3 ms.
pub const CHECK_EVERY_NODES: u64 = 256;
/// Size of the history table, in counters (indexed by [`Hooks::history_slot`] modulo this).
pub const HISTORY_SLOTS: usize = 1 << 14;
