//! Hane, the Go engine: Monte Carlo tree search with RAVE on the search library's
//! [`RaveMcts`], with Go's knowledge in [`GoHooks`]: playouts with a light Mogo-style policy
//! (captures, escapes from atari, 3x3 patterns, no own-eye filling, no big self-atari), priors
//! for new tree nodes, AMAF by point. The tree is reused from move to move (the subtree after
//! our move and the reply), several threads search one tree (option `threads`), and time
//! comes from the clock through the engine wrapper with an early stop when the best move is
//! settled.
//!
//! Passing: when the opponent has just passed and the board as it stands wins for us, Hane
//! passes at once (the game ends, scored as it stands); otherwise the pass is one more tree
//! move, whose value the search finds (a terminal node after two passes is scored exactly).
//!
//! Resigning: when the best move's mean reward is below the `resign` option (8% by default)
//! after at least [`RESIGN_MIN_VISITS`] playouts at the root, the choice says so; GTP answers
//! `= resign` and the arena ends the game.

pub mod patterns;
pub mod playout;

pub use playout::GoHooks;

use crate::{Color, Point, Position};
use olympiad_core::Game;
use olympiad_search::engine::{
    Choice, EngineSpec, OptionError, Options, Pace, Source, threads_and_seed,
};
use olympiad_search::mcts::time_playouts;
use olympiad_search::{Limits, Observer, RaveConfig, RaveMcts, RaveReport};
use std::time::Duration;

/// The engine's name in `builtin:NAME` and in the catalog row.
pub const NAME: &str = "hane";
/// Playouts per move when neither options nor a clock limit the search.
pub const DEFAULT_PLAYOUTS: u64 = 10_000;
/// The most threads.
pub const MAX_THREADS: usize = 64;
/// RAVE's equivalence parameter (playouts at which a move's own mean and its AMAF mean
/// count equally).
pub const RAVE_EQUIVALENCE: f32 = 1500.0;
/// UCT's exploration constant: small, since priors and RAVE do most of the exploring.
pub const EXPLORATION: f32 = 0.1;
/// Progressive bias: the prior value's weight at a move's first visit.
pub const PROGRESSIVE_BIAS: f32 = 0.2;
/// Visits a tree leaf gets before its children are added (each expansion adds a node per
/// legal move: 82 on an empty 9x9 board).
pub const EXPAND_AFTER: u32 = 3;
/// The most tree nodes (about 50 bytes each).
pub const MAX_TREE_NODES: usize = 4_000_000;
/// The mean reward below which Hane resigns (option `resign`, in percent; 0 never resigns).
pub const RESIGN_BELOW: f32 = 0.08;
/// The highest `resign` option: resigning at an even game or better makes no sense.
pub const MAX_RESIGN_PERCENT: u32 = 49;
/// Root visits needed before Hane resigns: a low mean over fewer playouts is noise.
pub const RESIGN_MIN_VISITS: u32 = 5_000;
/// The moves per side a game is expected to last, in percent of the board's points: games
/// against GNU Go on 9x9 end after 25 to 45 moves per side (with dead stones played out),
/// and the early stop saves time on the settled moves.
pub const EXPECTED_MOVES_PERCENT: usize = 35;
/// A score of a certain win in [`Choice::score`]: mean rewards map linearly onto
/// `-SCORE_SCALE..=SCORE_SCALE`.
pub const SCORE_SCALE: f32 = 1000.0;

/// The tree search settings Hane uses on `threads` threads with `seed`, resigning below
/// [`RESIGN_BELOW`].
pub fn config(threads: usize, seed: u64) -> RaveConfig {
    RaveConfig {
        exploration: EXPLORATION,
        rave_equivalence: RAVE_EQUIVALENCE,
        progressive_bias: PROGRESSIVE_BIAS,
        first_play_urgency: 1.1,
        expand_after: EXPAND_AFTER,
        threads,
        max_nodes: MAX_TREE_NODES,
        seed,
        reuse: true,
        early_stop: true,
        resign_below: RESIGN_BELOW,
        resign_min_visits: RESIGN_MIN_VISITS,
    }
}

/// Hane: the tree search kept from move to move.
#[derive(Debug)]
pub struct Hane {
    mcts: RaveMcts<Position, GoHooks>,
}

impl Hane {
    /// A fresh engine on `threads` threads whose playouts follow from `seed`.
    pub fn new(threads: usize, seed: u64) -> Self {
        Hane::with_config(config(threads.max(1), seed))
    }

    /// A fresh engine with tree search settings of its own (tests, tuning, and the
    /// `resign` option).
    pub fn with_config(config: RaveConfig) -> Self {
        Hane {
            mcts: RaveMcts::new(GoHooks::default(), config),
        }
    }

    /// The tree search, for tests and measurements.
    pub fn search(&mut self, pos: &Position, limits: &Limits) -> Option<RaveReport<Point>> {
        self.mcts.search(pos, limits)
    }

    /// Hane's move at `pos` within `limits` with the search's report (none when it passed
    /// without a search, or when the game is over).
    pub fn think(
        &mut self,
        pos: &Position,
        limits: &Limits,
    ) -> Option<(Point, Option<RaveReport<Point>>)> {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            return None;
        }
        if passing_wins(pos) || legal.len() == 1 {
            return Some((Point::PASS, None));
        }
        let report = self.mcts.search(pos, limits)?;
        // The tree may come from the same board reached another way, whose superko history
        // differs: play the most visited move that is legal here.
        let mv = report
            .moves
            .iter()
            .map(|m| m.mv)
            .find(|m| legal.contains(m))
            .unwrap_or(Point::PASS);
        Some((mv, Some(report)))
    }

    /// Forgets the tree.
    pub fn clear(&mut self) {
        self.mcts.clear();
    }
}

/// Does passing now end the game with a win for the side to move (the opponent has just
/// passed and the board as it stands is ours by area and komi)?
pub fn passing_wins(pos: &Position) -> bool {
    if pos.passes() != 1 {
        return false;
    }
    let score = pos.score_halves();
    match pos.side_to_move() {
        Color::Black => score > 0,
        Color::White => score < 0,
    }
}

impl olympiad_search::engine::Engine<Position> for Hane {
    fn choose(
        &mut self,
        pos: &Position,
        limits: &Limits,
        observer: &mut dyn Observer<Point>,
    ) -> Option<Choice<Point>> {
        let (mv, report) = self.think(pos, limits)?;
        let Some(r) = report else {
            return Some(Choice {
                mv,
                score: None,
                depth: 0,
                nodes: 0,
                source: Source::OnlyMove,
                resign: false,
            });
        };
        Some(r.choice(mv, SCORE_SCALE, observer))
    }

    fn new_game(&mut self) {
        self.clear();
    }
}

/// How Hane spends a clock: a side's moves so far from the stones on the board, a game of
/// [`EXPECTED_MOVES_PERCENT`] of the points per side, and at least an eighth of the points
/// still to come.
fn pace(pos: &Position) -> Pace {
    let points = pos.size() * pos.size();
    let stones = points - pos.empty_points().len();
    Pace {
        moves_played: (stones / 2) as u32,
        expected_moves: (points * EXPECTED_MOVES_PERCENT / 100).max(1) as u32,
        min_moves_left: (points / 8).max(1) as u32,
        stretch_percent: 100,
    }
}

fn create(
    options: &Options,
    game_index: u64,
) -> Result<Box<dyn olympiad_search::engine::Engine<Position>>, OptionError> {
    let (threads, seed) = threads_and_seed(options, game_index, MAX_THREADS)?;
    let resign = options
        .number::<u32>("resign")?
        .unwrap_or((RESIGN_BELOW * 100.0).round() as u32);
    if resign > MAX_RESIGN_PERCENT {
        return Err(OptionError(format!(
            "option resign={resign}: expected 0 (never) to {MAX_RESIGN_PERCENT} (percent)"
        )));
    }
    let mut config = config(threads, seed);
    config.resign_below = resign as f32 / 100.0;
    Ok(Box::new(Hane::with_config(config)))
}

/// Hane as the catalog lists it.
pub const SPEC: EngineSpec<Position> = EngineSpec {
    name: NAME,
    summary: "Hane: MCTS with RAVE, priors and Mogo-style playouts (captures, atari escapes, \
              3x3 patterns), tree reuse, threads, resignation; options playouts=N (default \
              10000), movetime=MS, threads=N, seed=N, resign=PERCENT (resign when the best \
              move wins less often, default 8; 0 never)",
    options: &["playouts", "movetime", "threads", "seed", "resign"],
    nodes_key: "playouts",
    default_depth: None,
    default_nodes: Some(DEFAULT_PLAYOUTS),
    pace,
    create,
};

/// Playouts per second of Hane's policy from the empty 9x9 board on one thread: `playouts`
/// playouts played one after another (no tree), and the time they took.
pub fn bench_playouts(playouts: u64, seed: u64) -> (u64, Duration) {
    time_playouts(&mut GoHooks::default(), &Position::start9(), playouts, seed)
}

/// Hane's whole search from the empty 9x9 board on one thread with `playouts` playouts:
/// the playouts and the time they took (tree, priors and playouts together).
pub fn bench_search(playouts: u64, seed: u64) -> (u64, Duration) {
    let mut hane = Hane::new(1, seed);
    let r = hane
        .search(&Position::start9(), &Limits::nodes(playouts))
        .expect("the empty board has moves");
    (r.playouts, r.elapsed)
}
