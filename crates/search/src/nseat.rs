//! Search for games of any number of seats (Rolit has four), on the same [`Game`] trait and
//! [`Limits`] as the two-player [`crate::Searcher`]:
//!
//! - max^n: every seat maximises its own value; with values that are never negative and sum
//!   to at most a known bound, shallow pruning cuts a node as soon as its mover has so much
//!   that the seat above cannot gain by going there;
//! - paranoid: the root seat against all others as one coalition that minimises the root's
//!   value, which turns the game into two-player alpha-beta;
//! - [`Mcts`]: UCT over a tree of statistics per seat, random (or game-supplied) playouts,
//!   rewards by winning or by share of the points.
//!
//! An engine supplies [`SeatHooks`]: a value per seat for unfinished positions at the
//! horizon and for finished games. [`maxn_plain`] and [`paranoid_plain`] are the slow twins
//! the tests hold the fast searches to.

use crate::{Limits, MAX_DEPTH, Score};
use olympiad_core::{Game, Outcome, Seat, SplitMix64};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// The most seats a game may have here (values are fixed arrays, so nothing allocates).
pub const MAX_SEATS: usize = 8;

/// One value per seat; seats past the game's count are 0.
pub type Values = [Score; MAX_SEATS];

/// Iterations or nodes between two looks at the clock and the stop flag.
const CHECK_EVERY: u64 = 256;

/// What an engine for an n-seat game supplies.
pub trait SeatHooks<G: Game> {
    /// Every seat's value of an unfinished position at the search horizon: higher is better
    /// for that seat.
    fn evaluate(&mut self, pos: &G) -> Values;

    /// Every seat's value of a finished game, on the same scale as [`Self::evaluate`].
    fn finished(&mut self, pos: &G, outcome: &Outcome) -> Values;

    /// `Some(s)` when every value this hook gives is at least 0 and the values of one
    /// position sum to at most `s`: max^n then prunes (shallow pruning). `None`: no pruning.
    fn max_sum(&self) -> Option<Score> {
        None
    }

    /// A move-ordering hint, higher first (ties keep the generator's order).
    fn order(&mut self, _pos: &G, _mv: G::Move) -> i32 {
        0
    }

    /// The move a playout of [`Mcts`] plays at `pos`: uniformly random by default.
    fn playout_move(&mut self, _pos: &G, moves: &[G::Move], rng: &mut SplitMix64) -> G::Move {
        moves[rng.below(moves.len())]
    }
}

/// The slow twin of max^n: every node searched, the first best move (in generation order)
/// kept at ties. Returns every seat's value of `pos` searched `depth` plies deep.
pub fn maxn_plain<G: Game, H: SeatHooks<G>>(pos: &G, hooks: &mut H, depth: u32) -> Values {
    if let Some(outcome) = pos.outcome() {
        return hooks.finished(pos, &outcome);
    }
    if depth == 0 {
        return hooks.evaluate(pos);
    }
    let me = pos.to_move().index();
    let mut best: Option<Values> = None;
    for &mv in pos.legal_moves().iter() {
        let v = maxn_plain(&pos.after(mv), hooks, depth - 1);
        if best.is_none_or(|b| v[me] > b[me]) {
            best = Some(v);
        }
    }
    best.expect("an unfinished position has a move")
}

/// The slow twin of paranoid search: plain minimax of `root`'s value, `root` maximising and
/// every other seat minimising, over every node.
pub fn paranoid_plain<G: Game, H: SeatHooks<G>>(
    pos: &G,
    hooks: &mut H,
    depth: u32,
    root: Seat,
) -> Score {
    if let Some(outcome) = pos.outcome() {
        return hooks.finished(pos, &outcome)[root.index()];
    }
    if depth == 0 {
        return hooks.evaluate(pos)[root.index()];
    }
    let moves = pos.legal_moves();
    let children = moves
        .iter()
        .map(|&mv| paranoid_plain(&pos.after(mv), hooks, depth - 1, root));
    if pos.to_move() == root {
        children.max()
    } else {
        children.min()
    }
    .expect("an unfinished position has a move")
}

/// Which n-seat search [`SeatSearcher`] runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeatAlgorithm {
    /// Every seat maximises its own value (shallow pruning when the hooks allow it).
    MaxN,
    /// The root seat against a coalition of all the others (alpha-beta).
    Paranoid,
}

/// One completed iteration of a [`SeatSearcher`], or the final answer of an [`Mcts`] search.
#[derive(Clone, Debug, PartialEq)]
pub struct SeatReport<M> {
    /// Plies searched (MCTS: the deepest node of the tree below the root).
    pub depth: u32,
    /// The move chosen.
    pub best: Option<M>,
    /// Max^n: every seat's value after the best move. Paranoid: the root seat's value at its
    /// index, 0 elsewhere. MCTS: the mean reward of each seat after the best move, in
    /// thousandths.
    pub values: Values,
    /// Nodes searched (MCTS: playouts).
    pub nodes: u64,
    /// Time since the search started.
    pub elapsed: Duration,
}

/// Shared limit bookkeeping of the n-seat searches.
#[derive(Debug)]
struct Clock {
    start: Instant,
    deadline: Option<Instant>,
    node_limit: u64,
    stop: Option<Arc<AtomicBool>>,
    nodes: u64,
    stopped: bool,
}

impl Clock {
    fn new(limits: &Limits) -> Self {
        let start = Instant::now();
        Clock {
            start,
            deadline: limits.move_time.map(|t| start + t),
            node_limit: limits.nodes.unwrap_or(u64::MAX),
            stop: limits.stop.clone(),
            nodes: 0,
            stopped: false,
        }
    }

    /// Counts a node; true when the search must stop.
    #[inline]
    fn tick(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        self.nodes += 1;
        if self.nodes >= self.node_limit {
            self.stopped = true;
        } else if self.nodes.is_multiple_of(CHECK_EVERY) {
            let flagged = self
                .stop
                .as_ref()
                .is_some_and(|f| f.load(Ordering::Relaxed));
            let late = self.deadline.is_some_and(|d| Instant::now() >= d);
            self.stopped = flagged || late;
        }
        self.stopped
    }
}

/// Max^n and paranoid search with iterative deepening under [`Limits`].
#[derive(Debug)]
pub struct SeatSearcher<H> {
    hooks: H,
    algorithm: SeatAlgorithm,
}

impl<H> SeatSearcher<H> {
    /// A searcher running `algorithm` with `hooks`.
    pub fn new(hooks: H, algorithm: SeatAlgorithm) -> Self {
        SeatSearcher { hooks, algorithm }
    }

    /// The hooks (an engine may keep state there).
    pub fn hooks_mut(&mut self) -> &mut H {
        &mut self.hooks
    }

    /// The algorithm this searcher runs.
    pub fn algorithm(&self) -> SeatAlgorithm {
        self.algorithm
    }

    /// Searches `pos` deeper and deeper until `limits` stop it, calling `observer` after
    /// every completed iteration; returns the last completed iteration (or, if even the first
    /// was cut short, the best move seen so far in it). `None` when the game is over.
    pub fn search<G: Game>(
        &mut self,
        pos: &G,
        limits: &Limits,
        observer: &mut dyn FnMut(&SeatReport<G::Move>),
    ) -> Option<SeatReport<G::Move>>
    where
        H: SeatHooks<G>,
    {
        let mut moves: Vec<G::Move> = pos.legal_moves().to_vec();
        if moves.is_empty() {
            return None;
        }
        let keys: Vec<i32> = moves.iter().map(|&m| self.hooks.order(pos, m)).collect();
        let mut order: Vec<usize> = (0..moves.len()).collect();
        order.sort_by_key(|&i| std::cmp::Reverse(keys[i]));
        moves = order.into_iter().map(|i| moves[i]).collect();

        let mut clock = Clock::new(limits);
        let max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        let root = pos.to_move();
        let mut answer: Option<SeatReport<G::Move>> = None;
        for depth in 1..=max_depth {
            let (best, values, complete) = match self.algorithm {
                SeatAlgorithm::MaxN => self.root_maxn(pos, &moves, depth, &mut clock),
                SeatAlgorithm::Paranoid => self.root_paranoid(pos, &moves, depth, root, &mut clock),
            };
            let report = SeatReport {
                depth,
                best: Some(moves[best]),
                values,
                nodes: clock.nodes,
                elapsed: clock.start.elapsed(),
            };
            if !complete {
                if answer.is_none() {
                    answer = Some(report);
                }
                break;
            }
            observer(&report);
            // The best move first in the next iteration.
            let mv = moves.remove(best);
            moves.insert(0, mv);
            answer = Some(report);
            if clock.stopped {
                break;
            }
        }
        answer
    }

    /// One max^n iteration at the root: (index of the best move, its values, complete?).
    fn root_maxn<G: Game>(
        &mut self,
        pos: &G,
        moves: &[G::Move],
        depth: u32,
        clock: &mut Clock,
    ) -> (usize, Values, bool)
    where
        H: SeatHooks<G>,
    {
        let me = pos.to_move();
        let sum = self.hooks.max_sum();
        let mut best: Option<(usize, Values)> = None;
        for (i, &mv) in moves.iter().enumerate() {
            let bound = match (sum, &best) {
                (Some(s), Some((_, b))) => Some((me, s - b[me.index()])),
                _ => None,
            };
            let v = self.maxn(&pos.after(mv), depth - 1, bound, clock);
            if clock.stopped {
                return best.map_or((0, v, false), |(j, b)| (j, b, false));
            }
            if best
                .as_ref()
                .is_none_or(|(_, b)| v[me.index()] > b[me.index()])
            {
                best = Some((i, v));
            }
        }
        let (i, v) = best.expect("the root has moves");
        (i, v, true)
    }

    /// Max^n below the root. `cut`: the seat above and the value at which this node's mover
    /// leaves it nothing better than it has (shallow pruning), if pruning is on.
    fn maxn<G: Game>(
        &mut self,
        pos: &G,
        depth: u32,
        cut: Option<(Seat, Score)>,
        clock: &mut Clock,
    ) -> Values
    where
        H: SeatHooks<G>,
    {
        if clock.tick() {
            return [0; MAX_SEATS];
        }
        if let Some(outcome) = pos.outcome() {
            return self.hooks.finished(pos, &outcome);
        }
        if depth == 0 {
            return self.hooks.evaluate(pos);
        }
        let me = pos.to_move();
        let sum = self.hooks.max_sum();
        let mut best: Option<Values> = None;
        for &mv in pos.legal_moves().iter() {
            let bound = match (sum, &best) {
                (Some(s), Some(b)) => Some((me, s - b[me.index()])),
                _ => None,
            };
            let v = self.maxn(&pos.after(mv), depth - 1, bound, clock);
            if clock.stopped {
                return v;
            }
            if best.is_none_or(|b| v[me.index()] > b[me.index()]) {
                best = Some(v);
            }
            let b = best.expect("just set");
            // Whatever this node chooses gives its mover at least b[me], so the seat above
            // gets at most sum - b[me]: no more than it already has, and it keeps the first
            // of equal values. (Only sound when the seat above is another seat.)
            if let Some((above, limit)) = cut
                && above != me
                && b[me.index()] >= limit
            {
                break;
            }
        }
        best.expect("an unfinished position has a move")
    }

    /// One paranoid iteration at the root: (index of the best move, values, complete?).
    fn root_paranoid<G: Game>(
        &mut self,
        pos: &G,
        moves: &[G::Move],
        depth: u32,
        root: Seat,
        clock: &mut Clock,
    ) -> (usize, Values, bool)
    where
        H: SeatHooks<G>,
    {
        let mut best: Option<(usize, Score)> = None;
        let mut alpha = Score::MIN;
        for (i, &mv) in moves.iter().enumerate() {
            let v = self.paranoid(&pos.after(mv), depth - 1, root, alpha, Score::MAX, clock);
            if clock.stopped {
                let (j, s) = best.unwrap_or((0, v));
                return (j, one_value(root, s), false);
            }
            if best.is_none_or(|(_, b)| v > b) {
                best = Some((i, v));
                alpha = alpha.max(v);
            }
        }
        let (i, s) = best.expect("the root has moves");
        (i, one_value(root, s), true)
    }

    /// Fail-soft alpha-beta on `root`'s value: `root` maximises, every other seat minimises.
    fn paranoid<G: Game>(
        &mut self,
        pos: &G,
        depth: u32,
        root: Seat,
        mut alpha: Score,
        mut beta: Score,
        clock: &mut Clock,
    ) -> Score
    where
        H: SeatHooks<G>,
    {
        if clock.tick() {
            return 0;
        }
        if let Some(outcome) = pos.outcome() {
            return self.hooks.finished(pos, &outcome)[root.index()];
        }
        if depth == 0 {
            return self.hooks.evaluate(pos)[root.index()];
        }
        let list = pos.legal_moves();
        let mut moves: Vec<(i32, G::Move)> = list
            .iter()
            .map(|&m| (self.hooks.order(pos, m), m))
            .collect();
        moves.sort_by_key(|&(k, _)| std::cmp::Reverse(k));
        let maximising = pos.to_move() == root;
        let mut best = if maximising { Score::MIN } else { Score::MAX };
        for (_, mv) in moves {
            let v = self.paranoid(&pos.after(mv), depth - 1, root, alpha, beta, clock);
            if clock.stopped {
                return 0;
            }
            if maximising {
                best = best.max(v);
                alpha = alpha.max(v);
            } else {
                best = best.min(v);
                beta = beta.min(v);
            }
            if alpha >= beta {
                break;
            }
        }
        best
    }
}

/// `score` at `seat`'s index, 0 elsewhere.
fn one_value(seat: Seat, score: Score) -> Values {
    let mut v = [0; MAX_SEATS];
    v[seat.index()] = score;
    v
}

/// What a finished playout is worth to each seat in [`Mcts`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reward {
    /// 1 to the seat with the most points (shared equally at a tie), 0 to the others.
    Win,
    /// Each seat's share of all the points of the game.
    Share,
}

impl Reward {
    /// The rewards of `outcome`, one per seat, summing to 1.
    pub fn of(self, outcome: &Outcome) -> [f32; MAX_SEATS] {
        let seats = outcome.seats().min(MAX_SEATS);
        let mut r = [0.0; MAX_SEATS];
        let points: Vec<f32> = (0..seats)
            .map(|s| f32::from(outcome.half_points(Seat(s as u8))))
            .collect();
        match self {
            Reward::Win => {
                let top = points.iter().copied().fold(f32::MIN, f32::max);
                let winners = points.iter().filter(|&&p| p == top).count() as f32;
                for s in 0..seats {
                    if points[s] == top {
                        r[s] = 1.0 / winners;
                    }
                }
            }
            Reward::Share => {
                let total: f32 = points.iter().sum();
                for s in 0..seats {
                    r[s] = if total > 0.0 {
                        points[s] / total
                    } else {
                        1.0 / seats as f32
                    };
                }
            }
        }
        r
    }
}

/// The settings of [`Mcts`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MctsConfig {
    /// The UCT exploration constant (rewards lie in 0..1).
    pub exploration: f32,
    /// What a playout's result is worth.
    pub reward: Reward,
    /// The seed of the playouts and of the choice among unvisited moves.
    pub seed: u64,
    /// The most tree nodes kept; when full, the tree stops growing and playouts go on from
    /// its leaves.
    pub max_nodes: usize,
}

impl Default for MctsConfig {
    fn default() -> Self {
        MctsConfig {
            exploration: 0.7,
            reward: Reward::Win,
            seed: 1,
            max_nodes: 1 << 21,
        }
    }
}

/// A node of the [`Mcts`] tree: the move that led here, statistics and children.
#[derive(Clone, Debug)]
struct Node<M> {
    mv: Option<M>,
    /// Children are `first..first + count` in the node vector, once expanded.
    first: u32,
    count: u32,
    expanded: bool,
    visits: u32,
    /// Sums of every seat's rewards over the playouts through this node.
    rewards: [f32; MAX_SEATS],
}

/// Monte Carlo tree search (UCT) for any number of seats: at each node the seat to move
/// picks the child with the best mean reward for itself plus the exploration term.
#[derive(Debug)]
pub struct Mcts<G: Game, H> {
    hooks: H,
    config: MctsConfig,
    rng: SplitMix64,
    nodes: Vec<Node<G::Move>>,
}

impl<G: Game, H: SeatHooks<G>> Mcts<G, H> {
    /// A searcher with `hooks` (for the playout policy) and `config`.
    pub fn new(hooks: H, config: MctsConfig) -> Self {
        Mcts {
            hooks,
            config,
            rng: SplitMix64::new(config.seed),
            nodes: Vec::new(),
        }
    }

    /// Playouts from `pos` until `limits` stop them (`nodes` counts playouts; `depth` is not
    /// used); the move played most often wins. `None` when the game is over.
    pub fn search(&mut self, pos: &G, limits: &Limits) -> Option<SeatReport<G::Move>> {
        pos.outcome().is_none().then_some(())?;
        self.nodes.clear();
        self.nodes.push(Node {
            mv: None,
            first: 0,
            count: 0,
            expanded: false,
            visits: 0,
            rewards: [0.0; MAX_SEATS],
        });
        let mut clock = Clock::new(limits);
        let mut path: Vec<u32> = Vec::with_capacity(64);
        let mut deepest = 0;
        // At least one playout, so that the root has children and a best move exists.
        while !clock.tick() || self.nodes[0].visits < 1 {
            path.clear();
            path.push(0);
            let mut node = 0usize;
            let mut state = pos.clone();
            // Selection: down the expanded part of the tree.
            while self.nodes[node].expanded && self.nodes[node].count > 0 {
                node = self.select(node, state.to_move());
                state.play(self.nodes[node].mv.expect("a child has a move"));
                path.push(node as u32);
            }
            // Expansion: the leaf's children, then one of them (an unvisited one).
            if state.outcome().is_none() && self.nodes.len() < self.config.max_nodes {
                self.expand(node, &state);
                let n = &self.nodes[node];
                let pick = n.first as usize + self.rng.below(n.count as usize);
                node = pick;
                state.play(self.nodes[node].mv.expect("a child has a move"));
                path.push(node as u32);
            }
            deepest = deepest.max(path.len() as u32 - 1);
            // Playout to the end of the game.
            let outcome = loop {
                if let Some(o) = state.outcome() {
                    break o;
                }
                let moves = state.legal_moves();
                let mv = self.hooks.playout_move(&state, &moves, &mut self.rng);
                state.play(mv);
            };
            let reward = self.config.reward.of(&outcome);
            for &i in &path {
                let n = &mut self.nodes[i as usize];
                n.visits += 1;
                for (sum, r) in n.rewards.iter_mut().zip(reward) {
                    *sum += r;
                }
            }
        }
        let root = &self.nodes[0];
        let children = root.first as usize..(root.first + root.count) as usize;
        let best = children.max_by_key(|&c| self.nodes[c].visits)?;
        let b = &self.nodes[best];
        let mut values = [0; MAX_SEATS];
        for (v, r) in values.iter_mut().zip(b.rewards) {
            *v = (1000.0 * r / b.visits.max(1) as f32).round() as Score;
        }
        Some(SeatReport {
            depth: deepest,
            best: b.mv,
            values,
            nodes: clock.nodes,
            elapsed: clock.start.elapsed(),
        })
    }

    /// The child of `node` that `mover` explores next: an unvisited one first, else the best
    /// mean reward for `mover` plus the UCT exploration term.
    fn select(&mut self, node: usize, mover: Seat) -> usize {
        let n = &self.nodes[node];
        let log_n = (n.visits.max(1) as f32).ln();
        let c = self.config.exploration;
        let mut best = n.first as usize;
        let mut best_score = f32::MIN;
        for i in n.first as usize..(n.first + n.count) as usize {
            let child = &self.nodes[i];
            if child.visits == 0 {
                return i;
            }
            let visits = child.visits as f32;
            let score = child.rewards[mover.index()] / visits + c * (log_n / visits).sqrt();
            if score > best_score {
                best_score = score;
                best = i;
            }
        }
        best
    }

    /// Adds the children of `node` (position `pos`), in the hooks' order.
    fn expand(&mut self, node: usize, pos: &G) {
        let list = pos.legal_moves();
        let mut moves: Vec<(i32, G::Move)> = list
            .iter()
            .map(|&m| (self.hooks.order(pos, m), m))
            .collect();
        moves.sort_by_key(|&(k, _)| std::cmp::Reverse(k));
        let first = self.nodes.len() as u32;
        for (_, mv) in moves.iter() {
            self.nodes.push(Node {
                mv: Some(*mv),
                first: 0,
                count: 0,
                expanded: false,
                visits: 0,
                rewards: [0.0; MAX_SEATS],
            });
        }
        let n = &mut self.nodes[node];
        n.first = first;
        n.count = moves.len() as u32;
        n.expanded = true;
    }
}
