//! Ponte, the Hex engine: Monte Carlo tree search with RAVE on the search library's
//! [`RaveMcts`], with Hex's knowledge in [`HexHooks`]: playouts that save intruded bridges
//! and are otherwise uniformly random, the winner of the full board found by one flood fill,
//! priors for new tree nodes, AMAF by cell. The tree is reused from move to move, several
//! threads search one tree (option `threads`), and time comes from the clock through the
//! engine wrapper with an early stop when the best move is settled.
//!
//! Before any search: a move that wins at once is played; when the opponent threatens to
//! win at once on exactly one cell, that cell is taken (any other move loses). The swap is
//! decided by a table ([`swap`]): the second move swaps the first stones that win, and the
//! first move, under the swap rule, is the searched move the table would not swap.

pub mod playout;
pub mod swap;

pub use playout::HexHooks;

use crate::{Color, Move, Position};
use olympiad_core::Game;
use olympiad_search::engine::{
    Choice, EngineSpec, OptionError, Options, Pace, Source, threads_and_seed,
};
use olympiad_search::mcts::time_playouts;
use olympiad_search::{Limits, Observer, RaveConfig, RaveMcts, RaveReport, Score};
use std::time::Duration;

/// The engine's name in `builtin:NAME` and in the catalog row.
pub const NAME: &str = "ponte";
/// Playouts per move when neither options nor a clock limit the search.
pub const DEFAULT_PLAYOUTS: u64 = 20_000;
/// The most threads.
pub const MAX_THREADS: usize = 64;
/// RAVE's equivalence parameter (playouts at which a move's own mean and its AMAF mean
/// count equally): Hex's moves keep their worth wherever in a game they come, so AMAF is
/// trusted long.
pub const RAVE_EQUIVALENCE: f32 = 2000.0;
/// UCT's exploration constant: small, since priors and RAVE do most of the exploring.
pub const EXPLORATION: f32 = 0.05;
/// Progressive bias: the prior value's weight at a move's first visit.
pub const PROGRESSIVE_BIAS: f32 = 0.1;
/// Visits a tree leaf gets before its children are added (each expansion adds a node per
/// empty cell: 121 on the empty 11x11 board).
pub const EXPAND_AFTER: u32 = 2;
/// The most tree nodes (about 50 bytes each).
pub const MAX_TREE_NODES: usize = 4_000_000;
/// The mean reward below which the search reports the game as lost.
pub const RESIGN_BELOW: f32 = 0.03;
/// Root visits needed before a resignation is reported.
pub const RESIGN_MIN_VISITS: u32 = 5_000;
/// The moves per side a game is expected to last, in percent of the board's cells: games
/// between MCTS programs on 11x11 end after 20 to 35 moves per side.
pub const EXPECTED_MOVES_PERCENT: usize = 25;
/// A score of a certain win in [`Choice::score`]: mean rewards map linearly onto
/// `-SCORE_SCALE..=SCORE_SCALE`.
pub const SCORE_SCALE: f32 = 1000.0;

/// The tree search settings Ponte uses on `threads` threads with `seed` (the library's
/// defaults for the rest: tree reuse on, every unvisited child tried first).
pub fn config(threads: usize, seed: u64) -> RaveConfig {
    RaveConfig {
        exploration: EXPLORATION,
        rave_equivalence: RAVE_EQUIVALENCE,
        progressive_bias: PROGRESSIVE_BIAS,
        expand_after: EXPAND_AFTER,
        threads,
        max_nodes: MAX_TREE_NODES,
        seed,
        early_stop: true,
        resign_below: RESIGN_BELOW,
        resign_min_visits: RESIGN_MIN_VISITS,
        ..RaveConfig::default()
    }
}

/// Ponte: the tree search kept from move to move.
#[derive(Debug)]
pub struct Ponte {
    mcts: RaveMcts<Position, HexHooks>,
}

/// Why Ponte played a move.
#[derive(Clone, Debug, PartialEq)]
pub enum Reason {
    /// It wins at once.
    Wins,
    /// It takes the one cell where the opponent would win at once.
    Blocks,
    /// The swap table says so.
    SwapTable,
    /// The only legal move.
    Only,
    /// The tree search chose it.
    Search(RaveReport<Move>),
}

impl Ponte {
    /// A fresh engine on `threads` threads whose playouts follow from `seed`.
    pub fn new(threads: usize, seed: u64) -> Self {
        Ponte::with_hooks(HexHooks::default(), threads, seed)
    }

    /// A fresh engine with `hooks` (the policy off: the baseline).
    pub fn with_hooks(hooks: HexHooks, threads: usize, seed: u64) -> Self {
        Ponte {
            mcts: RaveMcts::new(hooks, config(threads.max(1), seed)),
        }
    }

    /// The tree search alone, for tests and measurements.
    pub fn search(&mut self, pos: &Position, limits: &Limits) -> Option<RaveReport<Move>> {
        self.mcts.search(pos, limits)
    }

    /// Ponte's move at `pos` within `limits` and why; `None` when the game is over.
    pub fn think(&mut self, pos: &Position, limits: &Limits) -> Option<(Move, Reason)> {
        let legal = pos.legal_moves();
        match legal.len() {
            0 => return None,
            1 => return Some((legal[0], Reason::Only)),
            _ => {}
        }
        if let Some(mv) = winning_cells(pos, pos.side_to_move()).first() {
            return Some((*mv, Reason::Wins));
        }
        if let [threat] = winning_cells(pos, pos.side_to_move().other())[..] {
            return Some((threat, Reason::Blocks));
        }
        if pos.swap_available() && swap::should_swap(pos) {
            return Some((Move::SWAP, Reason::SwapTable));
        }
        let report = self.mcts.search(pos, limits)?;
        // Under the swap rule the first stone is one the table would not swap, and the
        // second move is no swap the table refused.
        let opening = pos.swap_rule() && pos.stones() == 0 && !pos.swapped();
        let size = pos.size();
        let mv = report
            .moves
            .iter()
            .map(|m| m.mv)
            .find(|m| {
                let swap_refused = m.is_swap();
                let swapped_opening = opening && swap::swaps_cell(m.cell(), size);
                !swap_refused && !swapped_opening
            })
            .unwrap_or(report.best);
        Some((mv, Reason::Search(report)))
    }

    /// Forgets the tree.
    pub fn clear(&mut self) {
        self.mcts.clear();
    }
}

/// The empty cells where `color` would join its edges at once, in cell order.
pub fn winning_cells(pos: &Position, color: Color) -> Vec<Move> {
    if pos.winner().is_some() {
        return Vec::new();
    }
    let probe = pos.with_turn(color);
    let mut wins = Vec::new();
    probe.for_each_move(|mv| {
        if !mv.is_swap() && probe.after(mv).winner() == Some(color) {
            wins.push(mv);
        }
    });
    wins
}

impl olympiad_search::engine::Engine<Position> for Ponte {
    fn choose(
        &mut self,
        pos: &Position,
        limits: &Limits,
        observer: &mut dyn Observer<Move>,
    ) -> Option<Choice<Move>> {
        let (mv, reason) = self.think(pos, limits)?;
        // A win or a block is a look one move ahead; the swap table is a book.
        let (score, depth, source) = match reason {
            Reason::Search(r) => return Some(r.choice(mv, SCORE_SCALE, observer)),
            Reason::Only => (None, 0, Source::OnlyMove),
            Reason::Wins => (Some(SCORE_SCALE as Score), 1, Source::Search),
            Reason::Blocks => (None, 1, Source::Search),
            Reason::SwapTable => (None, 0, Source::Book),
        };
        Some(Choice {
            mv,
            score,
            depth,
            nodes: 0,
            source,
            resign: false,
        })
    }

    fn new_game(&mut self) {
        self.clear();
    }
}

/// How Ponte spends a clock: a side's moves so far from the stones on the board, a game of
/// [`EXPECTED_MOVES_PERCENT`] of the cells per side, and at least a twelfth of the cells
/// still to come.
fn pace(pos: &Position) -> Pace {
    let cells = pos.size() * pos.size();
    Pace {
        moves_played: (pos.stones() / 2) as u32,
        expected_moves: (cells * EXPECTED_MOVES_PERCENT / 100).max(1) as u32,
        min_moves_left: (cells / 12).max(1) as u32,
        stretch_percent: 100,
    }
}

fn create(
    options: &Options,
    game_index: u64,
) -> Result<Box<dyn olympiad_search::engine::Engine<Position>>, OptionError> {
    let (threads, seed) = threads_and_seed(options, game_index, MAX_THREADS)?;
    let policy = options.switch("policy", true)?;
    Ok(Box::new(Ponte::with_hooks(
        HexHooks::new(policy),
        threads,
        seed,
    )))
}

/// Ponte as the catalog lists it.
pub const SPEC: EngineSpec<Position> = EngineSpec {
    name: NAME,
    summary: "Ponte: MCTS with RAVE, save-bridge playouts, priors, a swap table, immediate \
              wins and blocks, tree reuse, threads; options playouts=N (default 20000), \
              movetime=MS, threads=N, seed=N, policy=off (uniform playouts, no priors: \
              the baseline)",
    options: &["playouts", "movetime", "threads", "seed", "policy"],
    nodes_key: "playouts",
    default_depth: None,
    default_nodes: Some(DEFAULT_PLAYOUTS),
    pace,
    create,
};

/// Ponte's playouts from the empty board of side `size` on one thread (`policy` off:
/// uniformly random ones): `playouts` playouts one after another (no tree), and the time
/// they took.
pub fn bench_playouts(size: usize, playouts: u64, seed: u64, policy: bool) -> (u64, Duration) {
    let start = Position::new(size, true).expect("a board size");
    time_playouts(&mut HexHooks::new(policy), &start, playouts, seed)
}

/// Ponte's whole search from the empty board of side `size` on one thread with
/// `playouts` playouts: the playouts and the time they took (tree, priors and playouts).
pub fn bench_search(size: usize, playouts: u64, seed: u64) -> (u64, Duration) {
    let mut ponte = Ponte::new(1, seed);
    let start = Position::new(size, true).expect("a board size");
    let r = ponte
        .search(&start, &Limits::nodes(playouts))
        .expect("the empty board has moves");
    (r.playouts, r.elapsed)
}
