//! Monte Carlo tree search grown for games like Go, where a strong engine needs more than plain
//! UCT ([`crate::Mcts`], kept as the plain twin): [`RaveMcts`] adds
//!
//! - MC-RAVE: every node keeps all-moves-as-first (AMAF) statistics of its children beside
//!   their own, mixed by the schedule β = ñ / (ñ + n + n·ñ / [`RaveConfig::rave_equivalence`])
//!   (Gelly and Silver, 2011), so that a move's value is known long before it is tried;
//! - prior knowledge from the game: each new child starts with a [`Prior`] (a value worth some
//!   number of playouts, in both statistics) and a progressive bias that fades as it is
//!   visited;
//! - expansion of a leaf only after it has been visited [`RaveConfig::expand_after`] times;
//! - tree reuse: the subtree after our move and the opponent's reply is kept for the next
//!   search;
//! - several threads on one tree (tree parallelism): a thread holds the tree's lock only to
//!   walk down and to back up, with a virtual loss on the way down so that threads spread
//!   out; positions, expansions and playouts run outside the lock;
//! - time management: [`Limits`] as given, and a stop as soon as the most visited move can no
//!   longer be overtaken in the time left; a resignation threshold.
//!
//! A game supplies [`RaveHooks`]: its playout (policy and reward), the priors of new children
//! and a move's AMAF identity. Every hook has a default, which gives plain UCT with uniformly
//! random playouts.

use crate::engine::{Choice, Source};
use crate::nseat::{MAX_SEATS, Reward};
use crate::{Limits, Observer, Report, Score};
use olympiad_core::{Game, Outcome, Seat, SplitMix64};
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// What a finished playout is worth to each seat, each in 0..=1.
pub type Rewards = [f32; MAX_SEATS];

/// Playouts between two checks of whether the best move can still be overtaken.
const EARLY_STOP_EVERY: u64 = 128;
/// A child's AMAF key when its move has none.
const NO_KEY: u32 = u32::MAX;
/// A leaf: no children yet.
const LEAF: u8 = 0;
/// A thread is listing this node's children outside the lock; others play out from it.
const EXPANDING: u8 = 1;
/// The children are in the tree.
const EXPANDED: u8 = 2;

/// What a game knows about a move before any playout: a value in 0..=1 for the mover, worth
/// `weight` playouts.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Prior {
    /// The value, as a mean reward of the mover.
    pub value: f32,
    /// How many playouts it is worth (0: no prior).
    pub weight: f32,
}

impl Prior {
    /// No knowledge: an even value worth nothing.
    pub const NONE: Prior = Prior {
        value: 0.5,
        weight: 0.0,
    };
}

impl Default for Prior {
    fn default() -> Self {
        Prior::NONE
    }
}

/// The moves of one playout as AMAF sees them: who played which key, in order.
#[derive(Clone, Debug, Default)]
pub struct Trace {
    moves: Vec<(Seat, u32)>,
}

impl Trace {
    /// `seat` played the move whose AMAF key is `key` (below [`RaveHooks::amaf_slots`]).
    #[inline]
    pub fn record(&mut self, seat: Seat, key: u32) {
        self.moves.push((seat, key));
    }

    /// How many moves were recorded.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// True when no move was recorded.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// Forgets the recorded moves (the search clears the trace before every playout).
    pub fn clear(&mut self) {
        self.moves.clear();
    }
}

/// What a game supplies to [`RaveMcts`]. Each search thread works on its own clone.
pub trait RaveHooks<G: Game>: Clone + Send {
    /// Plays `pos` out to its end (or to a point the game can score) and returns every
    /// seat's reward in 0..=1; each move with an AMAF key goes into `trace`. Default:
    /// uniformly random legal moves to the end, rewarded by [`Self::reward`]; it costs one
    /// `legal_moves` and one `outcome` per move.
    fn playout(&mut self, pos: &mut G, rng: &mut SplitMix64, trace: &mut Trace) -> Rewards {
        loop {
            if let Some(outcome) = pos.outcome() {
                return self.reward(pos, &outcome);
            }
            let moves = pos.legal_moves();
            let mv = moves[rng.below(moves.len())];
            if let Some(key) = self.amaf_key(pos, mv) {
                trace.record(pos.to_move(), key);
            }
            pos.play(mv);
        }
    }

    /// Every seat's reward for a finished game. Default: [`Reward::Win`] (1 to the winner,
    /// shared at a tie).
    fn reward(&mut self, _pos: &G, outcome: &Outcome) -> Rewards {
        Reward::Win.of(outcome)
    }

    /// Fills `priors` (one per move of `moves`, all [`Prior::NONE`] on entry) for the new
    /// children of `pos`. Called once per expanded node, outside the tree's lock. Default:
    /// no knowledge.
    fn priors(&mut self, _pos: &G, _moves: &[G::Move], _priors: &mut [Prior]) {}

    /// How many AMAF keys there are; keys lie in `0..amaf_slots()`. Default 0: no AMAF
    /// statistics (plain UCT with priors).
    fn amaf_slots(&self) -> usize {
        0
    }

    /// The AMAF identity of `mv` played at `pos` (in Go: the point, whatever the
    /// position), or `None` for a move AMAF should not count (a pass). Default: none.
    fn amaf_key(&self, _pos: &G, _mv: G::Move) -> Option<u32> {
        None
    }
}

/// The settings of [`RaveMcts`]. Rewards lie in 0..=1, so values and constants are on that
/// scale.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RaveConfig {
    /// The UCT exploration constant (0: none, the priors and RAVE explore).
    pub exploration: f32,
    /// RAVE's equivalence parameter: the playouts at which a child's own mean and its AMAF
    /// mean count equally (0: no RAVE).
    pub rave_equivalence: f32,
    /// Progressive bias: a child's prior value times this, divided by its visits + 1.
    pub progressive_bias: f32,
    /// The value of a child with neither a visit nor a prior (above 1: try every child
    /// once before any twice, as plain UCT does).
    pub first_play_urgency: f32,
    /// Visits a leaf gets before its children are added (0: at its first visit).
    pub expand_after: u32,
    /// Search threads on the one tree.
    pub threads: usize,
    /// The most tree nodes; when full, the tree stops growing and playouts go on from its
    /// leaves.
    pub max_nodes: usize,
    /// The seed of the playouts (mixed with the thread and the search number).
    pub seed: u64,
    /// Keep the subtree of the position searched next, when it is the last root, a child
    /// or a grandchild of it.
    pub reuse: bool,
    /// Stop when the most visited root move cannot be overtaken in the time left.
    pub early_stop: bool,
    /// Resign when the best move's mean reward is below this (0: never).
    pub resign_below: f32,
    /// ... and the root has at least this many visits.
    pub resign_min_visits: u32,
}

impl Default for RaveConfig {
    fn default() -> Self {
        RaveConfig {
            exploration: 0.7,
            rave_equivalence: 0.0,
            progressive_bias: 0.0,
            first_play_urgency: 1.1,
            expand_after: 0,
            threads: 1,
            max_nodes: 1 << 21,
            seed: 1,
            reuse: true,
            early_stop: false,
            resign_below: 0.0,
            resign_min_visits: 1000,
        }
    }
}

/// One root move after a search.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RootMove<M> {
    /// The move.
    pub mv: M,
    /// Playouts through it (those of earlier searches kept by tree reuse included).
    pub visits: u32,
    /// Its mean reward for the root's mover (its prior's value when never visited).
    pub value: f32,
    /// Its AMAF mean reward (prior included; its prior's value when it has none).
    pub amaf: f32,
}

/// The answer of a [`RaveMcts`] search.
#[derive(Clone, Debug, PartialEq)]
pub struct RaveReport<M> {
    /// The most visited root move (ties: the higher mean).
    pub best: M,
    /// Its mean reward for the root's mover.
    pub value: f32,
    /// Every root move, the most visited first.
    pub moves: Vec<RootMove<M>>,
    /// Playouts in this search.
    pub playouts: u64,
    /// Root visits kept from the last search by tree reuse.
    pub reused: u32,
    /// The deepest tree node a playout started from, in plies below the root.
    pub depth: u32,
    /// Tree nodes after the search.
    pub tree_nodes: usize,
    /// Time the search took.
    pub elapsed: Duration,
    /// The best move's mean is below the resignation threshold.
    pub resign: bool,
}

impl<M: Copy> RaveReport<M> {
    /// The best move's mean reward as an engine's score for the root's mover: 0..=1 mapped
    /// linearly onto `-scale..=scale`.
    pub fn score(&self, scale: f32) -> Score {
        ((self.value - 0.5) * 2.0 * scale).round() as Score
    }

    /// Tells `observer` of the search as one iteration (the deepest tree node, the score on
    /// `scale`, the playouts and their rate, `mv` as the line) and returns `mv` as the
    /// engine's searched choice: what an MCTS engine's `choose` ends with.
    pub fn choice(&self, mv: M, scale: f32, observer: &mut dyn Observer<M>) -> Choice<M> {
        let seconds = self.elapsed.as_secs_f64();
        let score = self.score(scale);
        observer.iteration(&Report {
            depth: self.depth,
            score,
            nodes: self.playouts,
            nps: if seconds > 0.0 {
                (self.playouts as f64 / seconds) as u64
            } else {
                0
            },
            pv: vec![mv],
            elapsed: self.elapsed,
        });
        Choice {
            mv,
            score: Some(score),
            depth: self.depth,
            nodes: self.playouts,
            source: Source::Search,
            resign: self.resign,
        }
    }
}

/// A game's playout speed: `playouts` playouts of `hooks` from `start`, one after another
/// on one thread with no tree, and the time they took.
pub fn time_playouts<G: Game, H: RaveHooks<G>>(
    hooks: &mut H,
    start: &G,
    playouts: u64,
    seed: u64,
) -> (u64, Duration) {
    let mut rng = SplitMix64::new(seed);
    let mut trace = Trace::default();
    let begun = Instant::now();
    let mut first_seat = 0.0f64;
    for _ in 0..playouts {
        let mut pos = start.clone();
        trace.clear();
        first_seat += f64::from(hooks.playout(&mut pos, &mut rng, &mut trace)[0]);
    }
    std::hint::black_box(first_seat);
    (playouts, begun.elapsed())
}

/// The median rate (things a second) of `runs` runs of `run(seed)`, seeds 1 to `runs`, and
/// every run's rate: a measurement that one slow run (another process on the machine) does
/// not move.
pub fn median_rate(runs: u64, run: impl Fn(u64) -> (u64, Duration)) -> (f64, Vec<f64>) {
    let rates: Vec<f64> = (1..=runs)
        .map(|seed| {
            let (n, t) = run(seed);
            n as f64 / t.as_secs_f64()
        })
        .collect();
    let mut sorted = rates.clone();
    sorted.sort_by(f64::total_cmp);
    (sorted[sorted.len() / 2], rates)
}

/// A tree node: the move that led here, statistics of that move, and children.
#[derive(Clone, Debug)]
struct Node<M> {
    mv: Option<M>,
    /// Children are `first..first + count`, once expanded.
    first: u32,
    count: u32,
    /// The AMAF key of `mv`, or [`NO_KEY`].
    amaf: u32,
    /// The seat to move here (set at expansion).
    mover: u8,
    /// [`LEAF`], [`EXPANDING`] or [`EXPANDED`].
    state: u8,
    /// Playouts through here, those under way included (the virtual loss).
    visits: u32,
    /// Rewards of the parent's mover over the finished playouts.
    wins: f32,
    /// AMAF playouts and rewards, prior included.
    amaf_visits: f32,
    amaf_wins: f32,
    prior: Prior,
}

impl<M> Node<M> {
    fn new(mv: Option<M>, amaf: u32, prior: Prior) -> Self {
        Node {
            mv,
            first: 0,
            count: 0,
            amaf,
            mover: 0,
            state: LEAF,
            visits: 0,
            wins: 0.0,
            amaf_visits: prior.weight,
            amaf_wins: prior.weight * prior.value,
            prior,
        }
    }

    fn children(&self) -> std::ops::Range<usize> {
        self.first as usize..(self.first + self.count) as usize
    }

    /// The mean reward of real playouts, or the prior's value with none.
    fn mean(&self) -> f32 {
        if self.visits == 0 {
            self.prior.value
        } else {
            self.wins / self.visits as f32
        }
    }

    fn amaf_mean(&self) -> f32 {
        if self.amaf_visits > 0.0 {
            self.amaf_wins / self.amaf_visits
        } else {
            self.prior.value
        }
    }
}

/// The tree and what the threads share while searching it.
struct Shared<'a, G: Game> {
    tree: Mutex<Vec<Node<G::Move>>>,
    root: &'a G,
    config: RaveConfig,
    limits: &'a Limits,
    start: Instant,
    deadline: Option<Instant>,
    playouts: AtomicU64,
    deepest: AtomicU32,
    stop: AtomicBool,
}

impl<G: Game> Shared<'_, G> {
    fn lock(&self) -> MutexGuard<'_, Vec<Node<G::Move>>> {
        // A poisoned lock means a thread panicked; the scope re-raises that panic.
        self.tree.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Takes a ticket for one more playout; false when a limit says stop.
    fn ticket(&self) -> bool {
        if self.stop.load(Ordering::Relaxed) {
            return false;
        }
        let n = self.playouts.fetch_add(1, Ordering::Relaxed);
        let over = self.limits.nodes.is_some_and(|limit| n >= limit)
            || self.deadline.is_some_and(|d| Instant::now() >= d)
            || self
                .limits
                .stop
                .as_ref()
                .is_some_and(|f| f.load(Ordering::Relaxed));
        if over {
            self.playouts.fetch_sub(1, Ordering::Relaxed);
            self.stop.store(true, Ordering::Relaxed);
        }
        !over
    }

    /// True when the most visited root move leads the second by more playouts than the
    /// time left allows at the rate so far; never while the best move looks lost but the
    /// root has too few visits to resign (the search goes on to make sure).
    fn decided(&self) -> bool {
        let Some(deadline) = self.deadline else {
            return false;
        };
        let now = Instant::now();
        let spent = now.duration_since(self.start).as_secs_f64();
        let left = deadline.saturating_duration_since(now).as_secs_f64();
        let done = self.playouts.load(Ordering::Relaxed) as f64;
        if spent <= 0.0 {
            return false;
        }
        let possible = done / spent * left;
        let tree = self.lock();
        let (mut first, mut second, mut best_value) = (0u32, 0u32, 0.0f32);
        for c in tree[0].children() {
            let v = tree[c].visits;
            if v > first {
                second = first;
                first = v;
                best_value = tree[c].mean();
            } else if v > second {
                second = v;
            }
        }
        let c = &self.config;
        let resigning = c.resign_below > 0.0
            && best_value < c.resign_below
            && tree[0].visits < c.resign_min_visits;
        !resigning && f64::from(first - second) > possible
    }
}

/// Monte Carlo tree search with RAVE, priors, tree reuse and threads, for any number of
/// seats: at each node the seat to move picks the child best for itself.
#[derive(Debug)]
pub struct RaveMcts<G: Game, H> {
    hooks: H,
    config: RaveConfig,
    nodes: Vec<Node<G::Move>>,
    /// The position at `nodes[0]`, when there is a tree.
    root: Option<G>,
    searches: u64,
}

impl<G: Game, H: RaveHooks<G>> RaveMcts<G, H> {
    /// A searcher with `hooks` and `config`.
    pub fn new(hooks: H, config: RaveConfig) -> Self {
        RaveMcts {
            hooks,
            config,
            nodes: Vec::new(),
            root: None,
            searches: 0,
        }
    }

    /// The settings.
    pub fn config(&self) -> &RaveConfig {
        &self.config
    }

    /// The settings, to change between searches.
    pub fn config_mut(&mut self) -> &mut RaveConfig {
        &mut self.config
    }

    /// Forgets the tree (a new game).
    pub fn clear(&mut self) {
        self.nodes.clear();
        self.root = None;
    }

    /// Root visits of the tree kept for the next search (0 without a tree).
    pub fn root_visits(&self) -> u32 {
        self.nodes.first().map_or(0, |n| n.visits)
    }

    /// Playouts from `pos` until `limits` stop them (`nodes` counts playouts, exactly;
    /// `depth` is not used); `None` when the game is over.
    pub fn search(&mut self, pos: &G, limits: &Limits) -> Option<RaveReport<G::Move>> {
        if pos.outcome().is_some() {
            return None;
        }
        let start = Instant::now();
        self.reuse(pos);
        let reused = self.nodes[0].visits;
        if self.nodes[0].state != EXPANDED {
            let children = expansion(&mut self.hooks, pos);
            install(&mut self.nodes, 0, pos.to_move(), children);
        }
        if self.nodes[0].count == 0 {
            return None;
        }
        self.searches += 1;
        let shared = Shared {
            tree: Mutex::new(std::mem::take(&mut self.nodes)),
            root: pos,
            config: self.config,
            limits,
            start,
            deadline: limits.move_time.map(|t| start + t),
            playouts: AtomicU64::new(0),
            deepest: AtomicU32::new(0),
            stop: AtomicBool::new(false),
        };
        let threads = self.config.threads.max(1);
        let seed = |t: usize| {
            SplitMix64::new(
                self.config.seed
                    ^ self.searches.wrapping_mul(0x9E37_79B9_7F4A_7C15)
                    ^ (t as u64).wrapping_mul(0xD1B5_4A32_D192_ED03),
            )
            .next_u64()
        };
        std::thread::scope(|scope| {
            for t in 1..threads {
                let (hooks, shared, seed) = (self.hooks.clone(), &shared, seed(t));
                scope.spawn(move || work(shared, hooks, seed, false));
            }
            work(&shared, self.hooks.clone(), seed(0), true);
        });
        self.nodes = shared.tree.into_inner().unwrap_or_else(|e| e.into_inner());
        Some(self.report(
            shared.playouts.load(Ordering::Relaxed),
            reused,
            shared.deepest.load(Ordering::Relaxed),
            start.elapsed(),
        ))
    }

    fn report(
        &self,
        playouts: u64,
        reused: u32,
        depth: u32,
        elapsed: Duration,
    ) -> RaveReport<G::Move> {
        let root = &self.nodes[0];
        let mut moves: Vec<RootMove<G::Move>> = root
            .children()
            .map(|c| {
                let n = &self.nodes[c];
                RootMove {
                    mv: n.mv.expect("a child has a move"),
                    visits: n.visits,
                    value: n.mean(),
                    amaf: n.amaf_mean(),
                }
            })
            .collect();
        moves.sort_by(|a, b| b.visits.cmp(&a.visits).then(b.value.total_cmp(&a.value)));
        let best = moves[0];
        let c = &self.config;
        RaveReport {
            best: best.mv,
            value: best.value,
            resign: c.resign_below > 0.0
                && root.visits >= c.resign_min_visits
                && best.value < c.resign_below,
            moves,
            playouts,
            reused,
            depth,
            tree_nodes: self.nodes.len(),
            elapsed,
        }
    }

    /// Makes `nodes[0]` the node of `pos`: the old tree when `pos` is its root, its child or
    /// grandchild's subtree when `pos` follows one or two moves after it, else a new root.
    fn reuse(&mut self, pos: &G) {
        let old = self.root.replace(pos.clone());
        let found = match old {
            Some(old) if self.config.reuse && !self.nodes.is_empty() => {
                find(&self.nodes, &old, pos)
            }
            _ => None,
        };
        match found {
            Some(0) => {}
            Some(i) => self.nodes = subtree(&self.nodes, i),
            None => {
                self.nodes.clear();
                self.nodes.push(Node::new(None, NO_KEY, Prior::NONE));
            }
        }
    }
}

/// The node of `pos` among the root, its children and grandchildren of a tree whose root is
/// `old`.
fn find<G: Game>(nodes: &[Node<G::Move>], old: &G, pos: &G) -> Option<usize> {
    if old == pos {
        return Some(0);
    }
    for c in nodes[0].children() {
        let child = &nodes[c];
        if child.visits == 0 {
            continue;
        }
        let after = old.after(child.mv.expect("a child has a move"));
        if after == *pos {
            return Some(c);
        }
        for g in child.children() {
            if nodes[g].visits > 0 && after.after(nodes[g].mv.expect("a child has a move")) == *pos
            {
                return Some(g);
            }
        }
    }
    None
}

/// A copy of the subtree under `nodes[top]`, `top` at index 0, each node's children kept
/// together.
fn subtree<M: Copy>(nodes: &[Node<M>], top: usize) -> Vec<Node<M>> {
    let mut kept = vec![nodes[top].clone()];
    kept[0].mv = None;
    let mut i = 0;
    while i < kept.len() {
        let n = &kept[i];
        if n.state == EXPANDED {
            let (from, first) = (n.children(), kept.len() as u32);
            kept.extend_from_slice(&nodes[from]);
            kept[i].first = first;
        } else {
            kept[i].state = LEAF;
        }
        i += 1;
    }
    kept
}

/// The children of `pos` as new nodes: moves, AMAF keys and priors from the hooks.
fn expansion<G: Game, H: RaveHooks<G>>(hooks: &mut H, pos: &G) -> Vec<Node<G::Move>> {
    let moves = pos.legal_moves();
    let mut priors = vec![Prior::NONE; moves.len()];
    hooks.priors(pos, &moves, &mut priors);
    moves
        .iter()
        .zip(priors)
        .map(|(&mv, prior)| {
            let key = hooks.amaf_key(pos, mv).unwrap_or(NO_KEY);
            Node::new(Some(mv), key, prior)
        })
        .collect()
}

/// Puts `children` under `nodes[node]`, whose mover is `mover`.
fn install<M>(nodes: &mut Vec<Node<M>>, node: usize, mover: Seat, children: Vec<Node<M>>) {
    let first = nodes.len() as u32;
    let count = children.len() as u32;
    nodes.extend(children);
    let n = &mut nodes[node];
    n.first = first;
    n.count = count;
    n.mover = mover.0;
    n.state = EXPANDED;
}

/// The child of `parent` to walk into: the best mix of own and AMAF means for the parent's
/// mover, plus exploration and progressive bias.
fn select<M>(nodes: &[Node<M>], parent: usize, c: &RaveConfig) -> usize {
    let p = &nodes[parent];
    let log_n = (p.visits.max(1) as f32).ln();
    let mut best = p.first as usize;
    let mut best_score = f32::MIN;
    for i in p.children() {
        let child = &nodes[i];
        let visits = child.visits as f32;
        let n = visits + child.prior.weight;
        let q = if n > 0.0 {
            (child.wins + child.prior.weight * child.prior.value) / n
        } else {
            c.first_play_urgency
        };
        let mut score = q;
        if c.rave_equivalence > 0.0 && child.amaf_visits > 0.0 {
            let a = child.amaf_visits;
            let beta = a / (a + n + n * a / c.rave_equivalence);
            score = (1.0 - beta) * q + beta * (child.amaf_wins / a);
        }
        if c.exploration > 0.0 {
            score += c.exploration * (log_n / (visits + 1.0)).sqrt();
        }
        if c.progressive_bias > 0.0 {
            score += c.progressive_bias * child.prior.value / (visits + 1.0);
        }
        if score > best_score {
            best_score = score;
            best = i;
        }
    }
    best
}

/// One search thread: simulations until the shared limits stop them.
fn work<G: Game, H: RaveHooks<G>>(shared: &Shared<'_, G>, mut hooks: H, seed: u64, main: bool) {
    let config = &shared.config;
    let mut rng = SplitMix64::new(seed);
    let mut path: Vec<usize> = Vec::with_capacity(64);
    let mut moves: Vec<G::Move> = Vec::with_capacity(64);
    let mut tree_trace: Vec<(Seat, u32)> = Vec::with_capacity(64);
    let mut trace = Trace::default();
    let slots = if config.rave_equivalence > 0.0 {
        hooks.amaf_slots()
    } else {
        0
    };
    // The seat that played each key first from the current ply on, valid where the stamp is
    // this simulation's.
    let mut stamp = vec![0u32; slots];
    let mut first_by = vec![0u8; slots];
    let mut generation = 0u32;
    let mut done = 0u64;
    while shared.ticket() {
        // Down the tree under the lock, with a virtual loss on every node passed.
        let expand = {
            let mut tree = shared.lock();
            path.clear();
            moves.clear();
            path.push(0);
            tree[0].visits += 1;
            let mut node = 0;
            while tree[node].state == EXPANDED && tree[node].count > 0 {
                node = select(&tree, node, config);
                tree[node].visits += 1;
                path.push(node);
                moves.push(tree[node].mv.expect("a child has a move"));
            }
            let expand = tree[node].state == LEAF
                && tree[node].visits > config.expand_after
                && tree.len() < config.max_nodes;
            if expand {
                tree[node].state = EXPANDING;
            }
            expand
        };
        shared
            .deepest
            .fetch_max(moves.len() as u32, Ordering::Relaxed);
        // The leaf's position, outside the lock.
        let mut state = shared.root.clone();
        tree_trace.clear();
        for &mv in &moves {
            let key = if slots > 0 {
                hooks.amaf_key(&state, mv).unwrap_or(NO_KEY)
            } else {
                NO_KEY
            };
            tree_trace.push((state.to_move(), key));
            state.play(mv);
        }
        let leaf = *path.last().expect("the root is on the path");
        if expand {
            let children = expansion(&mut hooks, &state);
            let mut tree = shared.lock();
            if tree.len() + children.len() <= config.max_nodes {
                install(&mut tree, leaf, state.to_move(), children);
            } else {
                tree[leaf].state = LEAF;
            }
        }
        trace.clear();
        let rewards = hooks.playout(&mut state, &mut rng, &mut trace);
        // Back up under the lock.
        let mut tree = shared.lock();
        for d in 1..path.len() {
            let mover = usize::from(tree[path[d - 1]].mover);
            tree[path[d]].wins += rewards[mover];
        }
        if slots > 0 {
            generation = generation.wrapping_add(1);
            if generation == 0 {
                stamp.fill(0);
                generation = 1;
            }
            // Walking back from the playout's end, each key keeps the seat that played it
            // first from the current ply on.
            for &(seat, key) in trace.moves.iter().rev() {
                if key != NO_KEY {
                    stamp[key as usize] = generation;
                    first_by[key as usize] = seat.0;
                }
            }
            for d in (0..path.len()).rev() {
                amaf_update(&mut tree, path[d], &rewards, &stamp, &first_by, generation);
                if d > 0 {
                    let (seat, key) = tree_trace[d - 1];
                    if key != NO_KEY {
                        stamp[key as usize] = generation;
                        first_by[key as usize] = seat.0;
                    }
                }
            }
        }
        drop(tree);
        done += 1;
        if main && config.early_stop && done.is_multiple_of(EARLY_STOP_EVERY) && shared.decided() {
            shared.stop.store(true, Ordering::Relaxed);
        }
    }
}

/// Counts the playout in the AMAF statistics of `node`'s children whose key its mover played
/// first from `node` on (`stamp[key] == generation` and `first_by[key]` the mover).
fn amaf_update<M>(
    tree: &mut [Node<M>],
    node: usize,
    rewards: &Rewards,
    stamp: &[u32],
    first_by: &[u8],
    generation: u32,
) {
    let n = &tree[node];
    if n.state != EXPANDED {
        return;
    }
    let mover = n.mover;
    let reward = rewards[usize::from(mover)];
    for c in n.children() {
        let child = &mut tree[c];
        let k = child.amaf as usize;
        if child.amaf != NO_KEY && stamp[k] == generation && first_by[k] == mover {
            child.amaf_visits += 1.0;
            child.amaf_wins += reward;
        }
    }
}
