//! The [`Searcher`]: iterative deepening over fail-soft negamax alpha-beta, principal
//! variation search or MTD(f), with a transposition table, hash-move / killer / history
//! ordering, quiescence and extensions through the hooks, late-move reductions (optional),
//! and limits. Reports go to an [`Observer`]; nothing here prints.
//!
//! Nothing allocates per node: move lists, ordering scores and principal-variation lines are
//! per-ply vectors made once and reused (they grow only the first time a ply sees more moves
//! than before).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use olympiad_core::{Game, Hashed, TwoPlayerZeroSum};

use crate::hooks::{Hooks, Score};
use crate::limits::Limits;
use crate::reference::{extension, horizon_extension};
use crate::tt::{Bound, Table};
use crate::{CHECK_EVERY_NODES, HISTORY_SLOTS, MAX_DEPTH, MAX_PLY};

/// Transposition table size when nothing is said, in MiB.
pub const DEFAULT_TT_MIB: usize = 16;
/// Aspiration half-width when nothing is said, in score units (HIPP's whole range is 50).
pub const DEFAULT_ASPIRATION: Score = 2;
/// A history counter never exceeds this; when one would, all are halved. An ordering bonus
/// from [`Hooks::order`] above it keeps its move ahead of every history-ordered quiet move.
pub const HISTORY_MAX: i32 = 1 << 14;
/// Late-move reductions apply only at remaining depths of at least this many plies.
pub const LMR_MIN_DEPTH: i32 = 3;
/// Late-move reductions spare the first this-many moves of every node.
pub const LMR_FULL_MOVES: usize = 3;
/// Plies a late move is reduced by.
pub const LMR_PLIES: i32 = 1;
/// With a time limit, no new iteration starts once this share of it is spent, in percent
/// (the next iteration would most likely not finish).
pub const NEW_ITERATION_MAX_PERCENT: u32 = 50;

const HASH_MOVE_SCORE: i32 = i32::MAX;
const KILLER_SCORE: i32 = i32::MAX - 1;
const ORDER_MAX: i32 = i32::MAX - 3;

/// How the tree below the root is searched; every algorithm iterates deeper one ply at a time.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Algorithm {
    /// Fail-soft negamax alpha-beta, full window at the root.
    AlphaBeta,
    /// Principal variation search: the first move with the full window, the others with a
    /// zero window and a re-search when they fail high; aspiration windows at the root.
    #[default]
    Pvs,
    /// MTD(f): zero-window alpha-beta searches converging on the value inside
    /// [`Hooks::bounds`], the first guess being the previous iteration's score.
    Mtdf,
}

/// The search's settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Config {
    /// The window strategy.
    pub algorithm: Algorithm,
    /// Transposition table size in MiB; 0 = no table.
    pub tt_mib: usize,
    /// Aspiration window half-width around the previous iteration's score (PVS only); `None`
    /// = full window. A fail widens that side, doubling the step each time.
    pub aspiration: Option<Score>,
    /// Two killer moves per ply.
    pub killers: bool,
    /// The history heuristic (needs [`Hooks::history_slot`]).
    pub history: bool,
    /// Late-move reductions (off by default: they change the value found at a fixed depth).
    pub lmr: bool,
    /// With [`lmr`](Config::lmr): reduce by a number of plies growing with the logarithms of
    /// the depth and the move's rank ([`lmr_plies`]) instead of one ply, one ply less at
    /// principal-variation nodes.
    pub lmr_scaled: bool,
    /// Null-move pruning through [`Hooks::null_move`]: at a zero-window node whose static
    /// evaluation is at least beta, the side to move passes and a search reduced by
    /// [`NULL_MOVE_PLIES`] (plus one per [`NULL_MOVE_DEPTH_DIVISOR`] plies of depth) that
    /// still fails high cuts the node off. Off by default.
    pub null_move: bool,
    /// Reverse futility pruning ("static null move"): at a zero-window node of depth up to
    /// [`FUTILITY_MAX_DEPTH`] not [`in check`](Hooks::in_check), a static evaluation at
    /// least beta plus this margin per ply of depth returns the evaluation. `None`: off.
    pub reverse_futility: Option<Score>,
    /// Futility pruning: at a node of depth up to [`FUTILITY_MAX_DEPTH`] not in check, once
    /// one move is searched, quiet moves are skipped when the static evaluation plus this
    /// margin per ply of depth cannot reach alpha. `None`: off.
    pub futility: Option<Score>,
    /// Late-move pruning: at a zero-window node of depth up to [`FUTILITY_MAX_DEPTH`] not in
    /// check, quiet moves after the first [`late_move_count`] are skipped. Off by default.
    pub late_move_pruning: bool,
    /// With [`history`](Config::history): when a quiet move refutes a node, the quiet moves
    /// tried before it lose what the refutation gains (a counter falls as low as
    /// `-HISTORY_MAX`), so moves that keep failing sink below untried ones; and with
    /// [`lmr_scaled`](Config::lmr_scaled) a quiet move is reduced one ply less when its
    /// counter is above [`HISTORY_LMR_PERCENT`] of [`HISTORY_MAX`] and one ply more when
    /// below the negative of it. Off by default.
    pub history_malus: bool,
    /// Exchange pruning through [`Hooks::exchange_at_least`]: at a node of depth up to
    /// [`EXCHANGE_PRUNING_MAX_DEPTH`] not in check whose window is not decisive, once one
    /// move is searched, a move whose exchange on its square loses more than its margin is
    /// skipped (a quiet move: `quiet` per ply of depth; a noisy one: `noisy` per ply squared,
    /// since a losing capture is more often a real sacrifice). `None` (the default): off.
    pub exchange_pruning: Option<ExchangeMargins>,
    /// Internal iterative reduction: a node of depth at least [`IIR_MIN_DEPTH`] that the
    /// table gives no move is searched one ply shallower (with no move to try first, a deep
    /// search of it is mostly wasted, and the shallower one leaves a hash move for the next
    /// visit). Off by default.
    pub internal_reduction: bool,
    /// ProbCut: at a zero-window node of depth at least [`PROBCUT_MIN_DEPTH`] not in check,
    /// a zero-window search to [`PROBCUT_DEPTH_PERCENT`] of the depth against beta plus
    /// this margin per ply of depth that still fails high cuts the node off (returning its
    /// score less the margin). The shallow search and its subtree try no ProbCut of their
    /// own. `None`: off (the default).
    pub probcut: Option<Score>,
    /// Continuation history (needs [`Hooks::continuation_slot`]): a counter per pair of
    /// (the move one or two plies earlier, this move), credited when a quiet move refutes a
    /// node after that earlier move and debited for the quiet moves tried before it; a quiet
    /// move's ordering adds both counters to its history, and with
    /// [`history_malus`](Config::history_malus) its late-move reduction reads their sum too.
    /// Counters move by "gravity" (a bonus shrinks as the counter nears
    /// [`HISTORY_MAX`]), so they never overflow. Off by default.
    pub continuation_history: bool,
    /// The "improving" rule: a node not in check whose static evaluation is above the one
    /// two plies earlier (the same side to move) is improving. Reverse futility then takes
    /// one ply less of margin; a node that is not improving prunes late moves after half as
    /// many ([`late_move_count`]) and reduces a late move one ply more when it reduces it
    /// at all. Needs the static evaluation at every node not in check. Off by default.
    pub improving: bool,
    /// Where killers stand in the move order: `None` (the default) puts them right after
    /// the table's move; `Some(s)` gives the first killer the ordering score `s` and the
    /// second `s - 1`, so that the hooks' ordering can put the moves it scores higher (good
    /// captures) before them. Killers are neither reduced nor pruned as late moves either
    /// way.
    pub killer_order: Option<i32>,
}

/// Internal iterative reduction ([`Config::internal_reduction`]) applies from this remaining
/// depth on.
pub const IIR_MIN_DEPTH: i32 = 4;

/// The margins of [`Config::exchange_pruning`], in score units.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExchangeMargins {
    /// A quiet move is skipped when its exchange loses more than this per ply of depth.
    pub quiet: Score,
    /// A noisy move is skipped when its exchange loses more than this per ply squared.
    pub noisy: Score,
}

/// Exchange pruning ([`Config::exchange_pruning`]) applies up to this remaining depth.
pub const EXCHANGE_PRUNING_MAX_DEPTH: i32 = 8;

/// ProbCut applies only at remaining depths of at least this many plies.
pub const PROBCUT_MIN_DEPTH: i32 = 3;
/// ProbCut's shallow search goes to this share of the node's depth, in percent.
pub const PROBCUT_DEPTH_PERCENT: i32 = 40;

/// Null-move pruning's base reduction, in plies (on top of the ply the pass itself takes).
pub const NULL_MOVE_PLIES: i32 = 2;
/// Null-move pruning reduces by one more ply per this many plies of remaining depth.
pub const NULL_MOVE_DEPTH_DIVISOR: i32 = 4;
/// Null-move pruning applies only at remaining depths of at least this many plies.
pub const NULL_MOVE_MIN_DEPTH: i32 = 2;
/// Reverse futility, futility and late-move pruning apply up to this remaining depth.
pub const FUTILITY_MAX_DEPTH: i32 = 6;
/// Scaled late-move reductions: plies = base + ln(depth) * ln(move number) / divisor, both
/// in hundredths.
pub const LMR_SCALED_BASE_CENTI: i32 = 75;
/// See [`LMR_SCALED_BASE_CENTI`].
pub const LMR_SCALED_DIVISOR_CENTI: i32 = 225;

/// Plies a scaled late-move reduction takes from move number `i` (0 = first) at `depth`,
/// before the adjustment at principal-variation nodes.
pub fn lmr_plies(depth: i32, i: usize) -> i32 {
    if depth < 1 || i < 1 {
        return 0;
    }
    let r = f64::from(LMR_SCALED_BASE_CENTI) / 100.0
        + f64::from(depth).ln() * ((i + 1) as f64).ln() * 100.0
            / f64::from(LMR_SCALED_DIVISOR_CENTI);
    r as i32
}

/// Continuation history's bonus for a refutation at remaining depth `d`: this times `d`
/// squared, at most [`CONTINUATION_BONUS_MAX`].
pub const CONTINUATION_BONUS_PER_PLY2: i32 = 32;
/// See [`CONTINUATION_BONUS_PER_PLY2`].
pub const CONTINUATION_BONUS_MAX: i32 = 2_400;

/// With [`Config::history_malus`], a history counter beyond this share of [`HISTORY_MAX`]
/// (either way) changes a scaled late-move reduction by a ply, in percent.
pub const HISTORY_LMR_PERCENT: i32 = 25;

/// Late-move pruning: how many moves a zero-window node of `depth` searches before it skips
/// the remaining quiet ones.
pub fn late_move_count(depth: i32) -> usize {
    (3 + depth * depth) as usize
}

impl Default for Config {
    fn default() -> Self {
        Self {
            algorithm: Algorithm::Pvs,
            tt_mib: DEFAULT_TT_MIB,
            aspiration: Some(DEFAULT_ASPIRATION),
            killers: true,
            history: true,
            lmr: false,
            lmr_scaled: false,
            null_move: false,
            reverse_futility: None,
            futility: None,
            late_move_pruning: false,
            history_malus: false,
            exchange_pruning: None,
            internal_reduction: false,
            probcut: None,
            continuation_history: false,
            improving: false,
            killer_order: None,
        }
    }
}

/// What one completed iteration found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report<M> {
    /// The iteration's depth in plies.
    pub depth: u32,
    /// The root score, from the view of the side to move at the root.
    pub score: Score,
    /// Nodes visited since the search started (all iterations).
    pub nodes: u64,
    /// Nodes per second since the search started.
    pub nps: u64,
    /// The principal variation, best move first (may be cut short by table hits).
    pub pv: Vec<M>,
    /// Time since the search started.
    pub elapsed: Duration,
}

/// Receives a [`Report`] after each completed iteration.
pub trait Observer<M> {
    /// Called once per completed iteration.
    fn iteration(&mut self, report: &Report<M>);
}

/// No observer.
impl<M> Observer<M> for () {
    fn iteration(&mut self, _: &Report<M>) {}
}

/// An observer behind a reference is one too (engines take `&mut dyn Observer`).
impl<M> Observer<M> for &mut dyn Observer<M> {
    fn iteration(&mut self, report: &Report<M>) {
        (**self).iteration(report);
    }
}

/// Any closure taking a report is an observer.
impl<M, F: FnMut(&Report<M>)> Observer<M> for F {
    fn iteration(&mut self, report: &Report<M>) {
        self(report);
    }
}

/// What a search returns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult<M> {
    /// The move to play; `None` only when the root has no move.
    pub best: Option<M>,
    /// The score of `best` (see [`Searcher::search`] for a search stopped mid-iteration).
    pub score: Score,
    /// The last completed iteration (0 if not even depth 1 finished).
    pub depth: u32,
    /// Nodes visited.
    pub nodes: u64,
    /// The principal variation, best move first.
    pub pv: Vec<M>,
    /// Time spent.
    pub elapsed: Duration,
}

/// A reusable searcher: hooks, settings, and the memory kept between searches (table,
/// killers, history, per-ply buffers).
pub struct Searcher<G: Game + Hashed, H: Hooks<G>> {
    hooks: H,
    config: Config,
    table: Option<Arc<Table<G::Move>>>,
    killers: Vec<[Option<G::Move>; 2]>,
    history: Vec<i32>,
    moves: Vec<Vec<G::Move>>,
    scores: Vec<Vec<i32>>,
    pv: Vec<Vec<G::Move>>,
    root_moves: Vec<G::Move>,
    // Per search:
    nodes: u64,
    stopped: bool,
    start: Instant,
    deadline: Option<Instant>,
    node_limit: u64,
    stop_flag: Option<Arc<AtomicBool>>,
    root_depth: u32,
    /// The best fully searched root move of the current iteration whose score beat the
    /// window's alpha, with that score and line.
    iteration_best: Option<(G::Move, Score)>,
    iteration_pv: Vec<G::Move>,
    /// Whether any option needing [`Hooks::in_check`] and a static evaluation is on.
    pruning: bool,
    /// Whether a ProbCut search is under way (its subtree tries no ProbCut).
    in_probcut: bool,
    /// `played[ply]`: the [`Hooks::continuation_slot`] of the move searched from the node at
    /// that ply on the current path ([`NO_SLOT`] for a pass or a move without one).
    played: Vec<u16>,
    /// Continuation history ([`Config::continuation_history`]): `CONTINUATION_SLOTS` squared
    /// counters, indexed by (earlier move's slot, this move's slot); empty when off.
    continuation: Vec<i16>,
    /// `evals[ply]`: the static evaluation of the node at that ply on the current path
    /// ([`NO_EVAL`] in check or at the root), for [`Config::improving`].
    evals: Vec<Score>,
    /// Scaled late-move reductions by depth and move number ([`lmr_plies`]).
    lmr_table: Vec<u8>,
    /// Plies added to every iteration's depth (Lazy SMP helpers search one deeper).
    pub(crate) depth_bonus: u32,
    /// Whether `search` starts a new table generation (not for Lazy SMP's searchers: the
    /// driver does it once for all).
    pub(crate) owns_generation: bool,
}

/// Side of the square table of scaled late-move reductions.
const LMR_TABLE_SIZE: usize = 64;

/// The number of [`Hooks::continuation_slot`] values (slots are taken modulo this): enough
/// for every (piece, target square) of chess.
pub const CONTINUATION_SLOTS: usize = 1 << 10;
/// No continuation slot at this ply (a pass, the root's unknown last move).
const NO_SLOT: u16 = u16::MAX;
/// No static evaluation at this ply (in check, or the root).
const NO_EVAL: Score = Score::MIN;

impl<G: Game + Hashed, H: Hooks<G>> std::fmt::Debug for Searcher<G, H> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Searcher")
            .field("config", &self.config)
            .field("table", &self.table)
            .field("nodes", &self.nodes)
            .finish_non_exhaustive()
    }
}

impl<G: Game + Hashed + TwoPlayerZeroSum, H: Hooks<G>> Searcher<G, H> {
    /// A searcher with its table allocated (`config.tt_mib` MiB).
    pub fn new(hooks: H, config: Config) -> Self {
        let table = (config.tt_mib > 0).then(|| Arc::new(Table::with_mib(config.tt_mib)));
        Self::with_table(hooks, config, table)
    }

    /// A searcher using `table` (shared with other searchers, e.g. on other threads) instead
    /// of allocating its own; `config.tt_mib` is then ignored.
    pub fn with_table(hooks: H, config: Config, table: Option<Arc<Table<G::Move>>>) -> Self {
        let plies = MAX_PLY as usize + 2;
        let mut lmr_table = vec![0u8; LMR_TABLE_SIZE * LMR_TABLE_SIZE];
        for d in 0..LMR_TABLE_SIZE {
            for i in 0..LMR_TABLE_SIZE {
                lmr_table[d * LMR_TABLE_SIZE + i] = lmr_plies(d as i32, i).clamp(0, 255) as u8;
            }
        }
        Self {
            hooks,
            config,
            table,
            killers: vec![[None; 2]; plies],
            history: vec![0; HISTORY_SLOTS],
            moves: (0..plies).map(|_| Vec::with_capacity(64)).collect(),
            scores: (0..plies).map(|_| Vec::with_capacity(64)).collect(),
            pv: (0..plies).map(|_| Vec::with_capacity(plies)).collect(),
            root_moves: Vec::new(),
            nodes: 0,
            stopped: false,
            start: Instant::now(),
            deadline: None,
            node_limit: u64::MAX,
            stop_flag: None,
            root_depth: 1,
            iteration_best: None,
            iteration_pv: Vec::with_capacity(plies),
            pruning: config.null_move
                || config.reverse_futility.is_some()
                || config.futility.is_some()
                || config.late_move_pruning
                || config.lmr_scaled
                || config.exchange_pruning.is_some()
                || config.probcut.is_some(),
            in_probcut: false,
            played: vec![NO_SLOT; plies],
            evals: vec![NO_EVAL; plies],
            continuation: if config.continuation_history {
                vec![0; CONTINUATION_SLOTS * CONTINUATION_SLOTS]
            } else {
                Vec::new()
            },
            lmr_table,
            depth_bonus: 0,
            owns_generation: true,
        }
    }

    /// The transposition table (to share it with another searcher).
    pub fn table(&self) -> Option<&Arc<Table<G::Move>>> {
        self.table.as_ref()
    }

    /// The hooks.
    pub fn hooks(&self) -> &H {
        &self.hooks
    }

    /// The hooks, to change an engine's settings between searches.
    pub fn hooks_mut(&mut self) -> &mut H {
        &mut self.hooks
    }

    /// The settings.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// Forgets the table, killers and history (between games).
    pub fn clear(&mut self) {
        if let Some(t) = &self.table {
            t.clear();
        }
        for k in &mut self.killers {
            *k = [None; 2];
        }
        self.history.fill(0);
        self.continuation.fill(0);
    }

    /// Searches `pos` by iterative deepening until a limit is reached, reporting each
    /// completed iteration to `observer`.
    ///
    /// The result's `best` is `Some` whenever the root has a move. When a limit stops an
    /// iteration midway, alpha-beta and PVS return the best root move of that unfinished
    /// iteration if at least one root move was fully searched with a score above the window's
    /// alpha (the previous best is always searched first, so such a move is at least as good
    /// as far as the deeper search knows), with that score; otherwise, and always for MTD(f),
    /// the result of the last completed iteration. If not even depth 1 finished, the first
    /// generated move (after ordering) is returned.
    pub fn search(
        &mut self,
        pos: &G,
        limits: &Limits,
        observer: &mut impl Observer<G::Move>,
    ) -> SearchResult<G::Move> {
        self.start = Instant::now();
        self.deadline = limits.move_time.map(|t| self.start + t);
        self.node_limit = limits.nodes.unwrap_or(u64::MAX);
        self.stop_flag = limits.stop.clone();
        self.nodes = 0;
        self.stopped = false;
        if let Some(t) = &self.table
            && self.owns_generation
        {
            t.new_search();
        }
        for k in &mut self.killers {
            *k = [None; 2];
        }
        for h in &mut self.history {
            *h /= 2;
        }

        let mut root_moves = std::mem::take(&mut self.root_moves);
        root_moves.clear();
        self.hooks.generate(pos, &mut root_moves);
        if root_moves.is_empty() {
            self.root_moves = root_moves;
            return SearchResult {
                best: None,
                score: self.hooks.no_moves(pos, 0),
                depth: 0,
                nodes: 0,
                pv: Vec::new(),
                elapsed: self.start.elapsed(),
            };
        }
        self.order_root(pos, &mut root_moves);
        self.root_moves = root_moves;

        let (lo, hi) = self.hooks.bounds();
        let mut result = SearchResult {
            best: Some(self.root_moves[0]),
            score: self.hooks.evaluate(pos, 0).clamp(lo, hi),
            depth: 0,
            nodes: 0,
            pv: vec![self.root_moves[0]],
            elapsed: Duration::ZERO,
        };
        let max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        for depth in 1..=max_depth {
            let searched = (depth + self.depth_bonus).min(MAX_DEPTH);
            self.root_depth = searched;
            self.iteration_best = None;
            self.iteration_pv.clear();
            let score = match self.config.algorithm {
                Algorithm::AlphaBeta => self.root(pos, searched, lo - 1, hi + 1),
                Algorithm::Pvs => self.aspiration(pos, searched, result.score),
                Algorithm::Mtdf => self.mtdf(pos, searched, result.score),
            };
            if self.stopped {
                let partial_ok = self.config.algorithm != Algorithm::Mtdf || result.depth == 0;
                if partial_ok && let Some((mv, s)) = self.iteration_best {
                    result.best = Some(mv);
                    result.score = s;
                    result.pv.clone_from(&self.iteration_pv);
                }
                break;
            }
            let best = self.iteration_best.map_or(self.root_moves[0], |(mv, _)| mv);
            self.bring_to_front(best);
            result.best = Some(best);
            result.score = score;
            result.depth = depth;
            if self.iteration_pv.first() == Some(&best) {
                result.pv.clone_from(&self.iteration_pv);
            } else {
                result.pv.clear();
                result.pv.push(best);
            }
            let elapsed = self.start.elapsed();
            observer.iteration(&Report {
                depth,
                score,
                nodes: self.nodes,
                nps: nps(self.nodes, elapsed),
                pv: result.pv.clone(),
                elapsed,
            });
            if let Some(time) = limits.move_time {
                let soft = limits
                    .soft_time
                    .unwrap_or(time * NEW_ITERATION_MAX_PERCENT / 100);
                if elapsed >= soft {
                    break;
                }
            }
        }
        result.nodes = self.nodes;
        result.elapsed = self.start.elapsed();
        result
    }

    /// Orders the root moves once per search: the table's move first, then by the hooks'
    /// bonus and history. Later iterations move each iteration's best to the front.
    fn order_root(&mut self, pos: &G, moves: &mut [G::Move]) {
        let hash_move = self
            .table
            .as_ref()
            .and_then(|t| t.probe(pos.zobrist()))
            .and_then(|e| e.mv);
        let mut scores = std::mem::take(&mut self.scores[0]);
        self.score_moves(pos, 0, moves, &mut scores, hash_move);
        let mut keyed: Vec<(i32, G::Move)> =
            scores.iter().copied().zip(moves.iter().copied()).collect();
        keyed.sort_by_key(|&(s, _)| std::cmp::Reverse(s));
        for (slot, (_, mv)) in moves.iter_mut().zip(keyed) {
            *slot = mv;
        }
        self.scores[0] = scores;
    }

    fn bring_to_front(&mut self, mv: G::Move) {
        if let Some(i) = self.root_moves.iter().position(|&m| m == mv) {
            self.root_moves[..=i].rotate_right(1);
        }
    }

    /// PVS at the root: a window of ± the aspiration half-width around the previous score,
    /// widened on the failing side (doubling the step) until the score falls inside.
    fn aspiration(&mut self, pos: &G, depth: u32, previous: Score) -> Score {
        let (lo, hi) = self.hooks.bounds();
        let (full_alpha, full_beta) = (lo - 1, hi + 1);
        let Some(mut delta) = self.config.aspiration.filter(|&w| w > 0 && depth > 1) else {
            return self.root(pos, depth, full_alpha, full_beta);
        };
        let mut alpha = (previous - delta).max(full_alpha);
        let mut beta = (previous + delta).min(full_beta);
        loop {
            let score = self.root(pos, depth, alpha, beta);
            if self.stopped {
                return score;
            }
            if score <= alpha && alpha > full_alpha {
                alpha = (score - delta).max(full_alpha);
            } else if score >= beta && beta < full_beta {
                beta = (score + delta).min(full_beta);
                if let Some((mv, _)) = self.iteration_best {
                    self.bring_to_front(mv);
                }
            } else {
                return score;
            }
            delta = delta.saturating_mul(2);
        }
    }

    /// MTD(f): zero-window searches moving a lower and an upper bound (starting at
    /// [`Hooks::bounds`]) towards each other from `guess`.
    fn mtdf(&mut self, pos: &G, depth: u32, guess: Score) -> Score {
        let (mut lower, mut upper) = self.hooks.bounds();
        let mut g = guess.clamp(lower, upper);
        while lower < upper {
            let beta = g.max(lower + 1);
            g = self.root(pos, depth, beta - 1, beta);
            if self.stopped {
                return g;
            }
            if g < beta {
                upper = g;
            } else {
                lower = g;
                if let Some((mv, _)) = self.iteration_best {
                    self.bring_to_front(mv);
                }
            }
        }
        g
    }

    /// The root node: like an interior node, but never terminal, with its own move list
    /// (kept in order between iterations), and recording the best move.
    fn root(&mut self, pos: &G, depth: u32, mut alpha: Score, beta: Score) -> Score {
        if self.tick() {
            return 0;
        }
        self.pv[0].clear();
        let moves = std::mem::take(&mut self.root_moves);
        let ext = extension(&mut self.hooks, pos, &moves, 0, depth);
        let child_depth = depth as i32 - 1 + ext;
        let mut best = Score::MIN;
        for (i, &mv) in moves.iter().enumerate() {
            self.played[0] = self.continuation_slot(pos, mv);
            let child = pos.after(mv);
            let score = self.child(&child, i == 0, child_depth, 0, 1, alpha, beta);
            if self.stopped {
                break;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    self.update_pv(0, mv);
                    self.iteration_best = Some((mv, score));
                    self.iteration_pv.clone_from(&self.pv[0]);
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        self.root_moves = moves;
        best
    }

    /// Searches a child with the algorithm's window: a reduced zero-window probe first when
    /// `reduction > 0`, then for PVS a zero-window probe of every move but the first, then
    /// the full window if still needed.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn child(
        &mut self,
        child: &G,
        first: bool,
        depth: i32,
        reduction: i32,
        ply: u32,
        alpha: Score,
        beta: Score,
    ) -> Score {
        if reduction > 0 {
            let s = -self.negamax(child, depth - reduction, ply, -alpha - 1, -alpha);
            if self.stopped || s <= alpha {
                return s;
            }
        }
        if self.config.algorithm == Algorithm::Pvs && !first && beta - alpha > 1 {
            let s = -self.negamax(child, depth, ply, -alpha - 1, -alpha);
            if self.stopped || s <= alpha || s >= beta {
                return s;
            }
        }
        -self.negamax(child, depth, ply, -beta, -alpha)
    }

    /// Counts a node and checks the limits; true when the search must stop.
    #[inline]
    fn tick(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        self.nodes += 1;
        if self.nodes >= self.node_limit {
            self.stopped = true;
        } else if self.nodes.is_multiple_of(CHECK_EVERY_NODES) {
            if let Some(flag) = &self.stop_flag
                && flag.load(Ordering::Relaxed)
            {
                self.stopped = true;
            }
            if let Some(deadline) = self.deadline
                && Instant::now() >= deadline
            {
                self.stopped = true;
            }
        }
        self.stopped
    }

    /// Fail-soft negamax alpha-beta at an interior node.
    fn negamax(
        &mut self,
        pos: &G,
        mut depth: i32,
        ply: u32,
        mut alpha: Score,
        beta: Score,
    ) -> Score {
        if self.tick() {
            return 0;
        }
        let p = ply as usize;
        self.pv[p].clear();
        if let Some(score) = self.hooks.terminal(pos, ply) {
            return score;
        }
        let horizon_extended =
            depth <= 0 && horizon_extension(&mut self.hooks, pos, ply, self.root_depth);
        if horizon_extended {
            depth = 1;
        } else if depth <= 0 {
            return self.quiesce(pos, ply, alpha, beta);
        }
        if ply >= MAX_PLY {
            return self.hooks.evaluate(pos, ply);
        }
        if let Some((lo, hi)) = self.hooks.ply_bounds(ply) {
            // Mate-distance pruning: not even the quickest win or slowest loss gets inside.
            if lo >= beta {
                return lo;
            }
            if hi <= alpha {
                return hi;
            }
        }

        let key = pos.zobrist();
        let mut hash_move = None;
        if let Some(entry) = self.table.as_ref().and_then(|t| t.probe(key)) {
            hash_move = entry.mv;
            if i32::from(entry.depth) >= depth {
                let s = self.hooks.from_table(entry.score, ply);
                let cut = match entry.bound {
                    Bound::Exact => true,
                    Bound::Lower => s >= beta,
                    Bound::Upper => s <= alpha,
                };
                if cut {
                    return s;
                }
            }
        }

        if self.config.internal_reduction
            && hash_move.is_none()
            && depth >= IIR_MIN_DEPTH
            && !horizon_extended
        {
            depth -= 1;
        }

        let zero_window = beta - alpha == 1;
        let mut in_check = false;
        let mut static_eval = None;
        let mut improving = true;
        if self.pruning {
            in_check = self.hooks.in_check(pos);
            let prunable = zero_window && !self.hooks.decisive(alpha) && !self.hooks.decisive(beta);
            if !in_check && !horizon_extended && (prunable || self.config.improving) {
                let eval = self.hooks.evaluate(pos, ply);
                if self.config.improving {
                    self.evals[p] = eval;
                    improving = p < 2 || self.evals[p - 2] == NO_EVAL || eval > self.evals[p - 2];
                }
                if prunable {
                    static_eval = Some(eval);
                }
            } else if self.config.improving {
                self.evals[p] = NO_EVAL;
            }
            if let Some(eval) = static_eval {
                if let Some(margin) = self.config.reverse_futility
                    && depth <= FUTILITY_MAX_DEPTH
                    && eval.saturating_sub(
                        margin
                            .saturating_mul(depth - i32::from(improving && self.config.improving)),
                    ) >= beta
                {
                    return eval;
                }
                if let Some(margin) = self.config.probcut
                    && depth >= PROBCUT_MIN_DEPTH
                    && !self.in_probcut
                {
                    let raised = beta.saturating_add(margin.saturating_mul(depth));
                    self.in_probcut = true;
                    let s = self.negamax(
                        pos,
                        depth * PROBCUT_DEPTH_PERCENT / 100,
                        ply,
                        raised - 1,
                        raised,
                    );
                    self.in_probcut = false;
                    if self.stopped {
                        return 0;
                    }
                    if s >= raised {
                        return s - margin.saturating_mul(depth);
                    }
                    self.pv[p].clear();
                }
                if self.config.null_move
                    && depth >= NULL_MOVE_MIN_DEPTH
                    && eval >= beta
                    && let Some(passed) = self.hooks.null_move(pos, ply)
                {
                    let r = 1 + NULL_MOVE_PLIES + depth / NULL_MOVE_DEPTH_DIVISOR;
                    self.played[p] = NO_SLOT;
                    let s = -self.negamax(&passed, depth - r, ply + 1, -beta, -beta + 1);
                    if self.stopped {
                        return 0;
                    }
                    if s >= beta {
                        // Fail hard: a score won by passing is not a proven win.
                        return beta;
                    }
                }
            }
        }

        let mut moves = std::mem::take(&mut self.moves[p]);
        moves.clear();
        self.hooks.generate(pos, &mut moves);
        if moves.is_empty() {
            self.moves[p] = moves;
            return self.hooks.no_moves(pos, ply);
        }
        let ext = if horizon_extended {
            0
        } else {
            extension(&mut self.hooks, pos, &moves, ply, self.root_depth)
        };
        let child_depth = depth - 1 + ext;
        let mut scores = std::mem::take(&mut self.scores[p]);
        self.score_moves(pos, p, &moves, &mut scores, hash_move);
        // The static evaluation plus the futility margin: quiet moves that cannot lift it
        // above alpha are skipped.
        let futile = match (self.config.futility, static_eval) {
            (Some(margin), Some(eval)) if depth <= FUTILITY_MAX_DEPTH => {
                Some(eval.saturating_add(margin.saturating_mul(depth)))
            }
            _ => None,
        };
        let prune_late =
            self.config.late_move_pruning && static_eval.is_some() && depth <= FUTILITY_MAX_DEPTH;
        let late_moves = if improving {
            late_move_count(depth)
        } else {
            late_move_count(depth) / 2
        };
        let exchange = match self.config.exchange_pruning {
            Some(m)
                if self.pruning
                    && !in_check
                    && depth <= EXCHANGE_PRUNING_MAX_DEPTH
                    && !self.hooks.decisive(alpha)
                    && !self.hooks.decisive(beta) =>
            {
                Some(m)
            }
            _ => None,
        };

        let alpha_orig = alpha;
        let mut best = Score::MIN;
        let mut best_move = None;
        let killers = self.killers_at(p);
        for i in 0..moves.len() {
            pick(&mut moves, &mut scores, i);
            let mv = moves[i];
            // Neither the table's move nor a killer.
            let plain = Some(mv) != hash_move && !killers.contains(&Some(mv));
            // Whether the move is noisy, asked of the hooks at most once per move.
            let mut noisy = None;
            if i > 0
                && let Some(m) = exchange
            {
                let threshold = if *noisy.get_or_insert_with(|| self.hooks.is_noisy(pos, mv)) {
                    -m.noisy.saturating_mul(depth * depth)
                } else {
                    -m.quiet.saturating_mul(depth)
                };
                if !self.hooks.exchange_at_least(pos, mv, threshold) {
                    continue;
                }
            }
            if i > 0
                && (futile.is_some() || prune_late)
                && plain
                && !*noisy.get_or_insert_with(|| self.hooks.is_noisy(pos, mv))
            {
                if let Some(f) = futile
                    && f <= alpha
                {
                    best = best.max(f);
                    continue;
                }
                if prune_late && i >= late_moves {
                    continue;
                }
            }
            let reduction = if self.config.lmr
                && i >= LMR_FULL_MOVES
                && depth >= LMR_MIN_DEPTH
                && ext == 0
                && !in_check
                && plain
                && !*noisy.get_or_insert_with(|| self.hooks.is_noisy(pos, mv))
            {
                if self.config.lmr_scaled {
                    let d = (depth as usize).min(LMR_TABLE_SIZE - 1);
                    let r =
                        i32::from(self.lmr_table[d * LMR_TABLE_SIZE + i.min(LMR_TABLE_SIZE - 1)])
                            - i32::from(!zero_window)
                            - self.history_lmr(pos, p, mv);
                    let r = if r > 0 && !improving { r + 1 } else { r };
                    r.clamp(0, (child_depth - 1).max(0))
                } else {
                    LMR_PLIES
                }
            } else {
                0
            };
            self.played[p] = self.continuation_slot(pos, mv);
            let child = pos.after(mv);
            let score = self.child(&child, i == 0, child_depth, reduction, ply + 1, alpha, beta);
            if self.stopped {
                self.moves[p] = moves;
                self.scores[p] = scores;
                return 0;
            }
            if score > best {
                best = score;
                best_move = Some(mv);
                if score > alpha {
                    alpha = score;
                    self.update_pv(p, mv);
                    if score >= beta {
                        self.cutoff(pos, p, mv, depth, &moves[..i]);
                        break;
                    }
                }
            }
        }
        self.moves[p] = moves;
        self.scores[p] = scores;

        if let Some(t) = &self.table {
            let bound = if best >= beta {
                Bound::Lower
            } else if best > alpha_orig {
                Bound::Exact
            } else {
                Bound::Upper
            };
            t.store(key, depth, bound, self.hooks.to_table(best, ply), best_move);
        }
        best
    }

    /// Quiescence at the horizon: stand pat on the evaluation, then the noisy moves (or what
    /// [`Hooks::quiescence_moves`] lists).
    fn quiesce(&mut self, pos: &G, ply: u32, mut alpha: Score, beta: Score) -> Score {
        if !self.hooks.quiescence() || ply >= MAX_PLY {
            return self.hooks.evaluate(pos, ply);
        }
        let p = ply as usize;
        let mut moves = std::mem::take(&mut self.moves[p]);
        moves.clear();
        let mut best = match self.hooks.quiescence_moves(pos, ply, &mut moves) {
            None => {
                self.hooks.generate(pos, &mut moves);
                if moves.is_empty() {
                    self.moves[p] = moves;
                    return self.hooks.no_moves(pos, ply);
                }
                let hooks = &mut self.hooks;
                let stand_pat = hooks.evaluate(pos, ply);
                if stand_pat < beta {
                    moves.retain(|&mv| hooks.is_noisy(pos, mv));
                }
                stand_pat
            }
            Some(true) => self.hooks.evaluate(pos, ply),
            Some(false) => {
                if moves.is_empty() {
                    self.moves[p] = moves;
                    return self.hooks.no_moves(pos, ply);
                }
                Score::MIN
            }
        };
        if best >= beta {
            self.moves[p] = moves;
            return best;
        }
        alpha = alpha.max(best);
        let mut scores = std::mem::take(&mut self.scores[p]);
        scores.clear();
        for &mv in &moves {
            scores.push(self.hooks.order(pos, mv));
        }
        for i in 0..moves.len() {
            pick(&mut moves, &mut scores, i);
            let child = pos.after(moves[i]);
            let score = -self.qnode(&child, ply + 1, -beta, -alpha);
            if self.stopped {
                break;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        self.moves[p] = moves;
        self.scores[p] = scores;
        if self.stopped { 0 } else { best }
    }

    /// A quiescence node below the horizon: counted, terminal first, then [`Self::quiesce`].
    fn qnode(&mut self, pos: &G, ply: u32, alpha: Score, beta: Score) -> Score {
        if self.tick() {
            return 0;
        }
        self.pv[ply as usize].clear();
        if let Some(score) = self.hooks.terminal(pos, ply) {
            return score;
        }
        self.quiesce(pos, ply, alpha, beta)
    }

    /// The killers at ply `p`, or none when [`Config::killers`] is off.
    #[inline]
    fn killers_at(&self, p: usize) -> [Option<G::Move>; 2] {
        if self.config.killers {
            self.killers[p]
        } else {
            [None; 2]
        }
    }

    /// Ordering scores: hash move, then the two killers (or, with [`Config::killer_order`],
    /// the killers at that score among the others), then the hooks' bonus plus history.
    fn score_moves(
        &mut self,
        pos: &G,
        p: usize,
        moves: &[G::Move],
        scores: &mut Vec<i32>,
        hash_move: Option<G::Move>,
    ) {
        scores.clear();
        let killers = self.killers_at(p);
        let killer = self.config.killer_order.unwrap_or(KILLER_SCORE);
        for &mv in moves {
            let m = Some(mv);
            let s = if m == hash_move {
                HASH_MOVE_SCORE
            } else if m == killers[0] {
                killer
            } else if m == killers[1] {
                killer - 1
            } else {
                let mut s = self.hooks.order(pos, mv);
                if self.config.history
                    && let Some(slot) = self.hooks.history_slot(pos, mv)
                {
                    s = s.saturating_add(self.history[slot % HISTORY_SLOTS]);
                }
                if !self.continuation.is_empty() {
                    s = s.saturating_add(self.continuation_sum(pos, p, mv));
                }
                s.min(ORDER_MAX)
            };
            scores.push(s);
        }
    }

    /// Plies less to reduce a quiet move by its history ([`Config::history_malus`]): 1 when
    /// its counter is high, -1 when low, else 0.
    /// With [`Config::continuation_history`], the counters are averaged with the plain one.
    #[inline]
    fn history_lmr(&self, pos: &G, p: usize, mv: G::Move) -> i32 {
        if !(self.config.history_malus && self.config.history) {
            return 0;
        }
        let Some(slot) = self.hooks.history_slot(pos, mv) else {
            return 0;
        };
        let mut h = self.history[slot % HISTORY_SLOTS];
        if !self.continuation.is_empty() {
            h = (h + self.continuation_sum(pos, p, mv)) / 3;
        }
        let edge = HISTORY_MAX / 100 * HISTORY_LMR_PERCENT;
        i32::from(h > edge) - i32::from(h < -edge)
    }

    /// `mv`'s continuation slot, or [`NO_SLOT`] when it has none or the option is off.
    #[inline]
    fn continuation_slot(&self, pos: &G, mv: G::Move) -> u16 {
        if self.continuation.is_empty() {
            return NO_SLOT;
        }
        self.hooks
            .continuation_slot(pos, mv)
            .map_or(NO_SLOT, |s| (s % CONTINUATION_SLOTS) as u16)
    }

    /// The indexes into the continuation table of `mv` at ply `p` after the moves one and two
    /// plies earlier (`None` where there is no such move).
    #[inline]
    fn continuation_indexes(&self, pos: &G, p: usize, mv: G::Move) -> [Option<usize>; 2] {
        let cur = self.continuation_slot(pos, mv);
        let at = |back: usize| {
            let earlier = if p >= back {
                self.played[p - back]
            } else {
                NO_SLOT
            };
            (cur != NO_SLOT && earlier != NO_SLOT)
                .then(|| usize::from(earlier) * CONTINUATION_SLOTS + usize::from(cur))
        };
        [at(1), at(2)]
    }

    /// The sum of `mv`'s two continuation counters at ply `p`.
    #[inline]
    fn continuation_sum(&self, pos: &G, p: usize, mv: G::Move) -> i32 {
        self.continuation_indexes(pos, p, mv)
            .into_iter()
            .flatten()
            .map(|i| i32::from(self.continuation[i]))
            .sum()
    }

    /// Moves `mv`'s continuation counters at ply `p` by `bonus`, with gravity: the step
    /// shrinks as a counter nears [`HISTORY_MAX`] either way, so none ever passes it.
    fn bump_continuation(&mut self, pos: &G, p: usize, mv: G::Move, bonus: i32) {
        let bonus = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
        for i in self.continuation_indexes(pos, p, mv).into_iter().flatten() {
            let c = i32::from(self.continuation[i]);
            let next = c + bonus - c * bonus.abs() / HISTORY_MAX;
            self.continuation[i] = next.clamp(-HISTORY_MAX, HISTORY_MAX) as i16;
        }
    }

    /// A quiet move refuted the node after the moves `tried`: remember it as a killer,
    /// credit its history and, with [`Config::history_malus`], debit the quiet moves tried.
    fn cutoff(&mut self, pos: &G, p: usize, mv: G::Move, depth: i32, tried: &[G::Move]) {
        if !(self.config.killers || self.config.history) || self.hooks.is_noisy(pos, mv) {
            return;
        }
        if self.config.killers {
            let k = &mut self.killers[p];
            if k[0] != Some(mv) {
                k[1] = k[0];
                k[0] = Some(mv);
            }
        }
        if self.config.history
            && let Some(slot) = self.hooks.history_slot(pos, mv)
        {
            let bonus = depth * depth;
            let mut overflow = self.bump_history(slot, bonus);
            let continued = !self.continuation.is_empty();
            let c_bonus = (depth * depth * CONTINUATION_BONUS_PER_PLY2).min(CONTINUATION_BONUS_MAX);
            if continued {
                self.bump_continuation(pos, p, mv, c_bonus);
            }
            if self.config.history_malus {
                for &other in tried {
                    if self.hooks.is_noisy(pos, other) {
                        continue;
                    }
                    if let Some(s) = self.hooks.history_slot(pos, other) {
                        overflow |= self.bump_history(s, -bonus);
                    }
                    if continued {
                        self.bump_continuation(pos, p, other, -c_bonus);
                    }
                }
            }
            if overflow {
                // Halving keeps the order of all counters and lets new cutoffs count again.
                for h in &mut self.history {
                    *h /= 2;
                }
            }
        }
    }

    /// Adds `delta` to a history counter; true when it left `-HISTORY_MAX..=HISTORY_MAX`.
    #[inline]
    fn bump_history(&mut self, slot: usize, delta: i32) -> bool {
        let h = &mut self.history[slot % HISTORY_SLOTS];
        *h += delta;
        h.abs() > HISTORY_MAX
    }

    /// The line at ply `p` becomes `mv` followed by the line found below it.
    #[inline]
    fn update_pv(&mut self, p: usize, mv: G::Move) {
        let (head, tail) = self.pv.split_at_mut(p + 1);
        let line = &mut head[p];
        line.clear();
        line.push(mv);
        line.extend_from_slice(&tail[0]);
    }
}

/// Brings the best-scored move of `i..` to `i` (one step of a selection sort: most nodes cut
/// off after a move or two, so sorting the whole list would be wasted).
#[inline]
fn pick<M>(moves: &mut [M], scores: &mut [i32], i: usize) {
    let mut best = i;
    for j in i + 1..moves.len() {
        if scores[j] > scores[best] {
            best = j;
        }
    }
    moves.swap(i, best);
    scores.swap(i, best);
}

fn nps(nodes: u64, elapsed: Duration) -> u64 {
    let ns = elapsed.as_nanos().max(1);
    (u128::from(nodes) * 1_000_000_000 / ns) as u64
}
