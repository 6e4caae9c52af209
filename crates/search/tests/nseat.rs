//! The n-seat searches against their slow twins on toy games of three and four seats: a
//! deterministic pseudo-random tree (values per seat from a hash, games ending at random), on
//! which max^n (with and without shallow pruning) and paranoid must give exactly the plain
//! searches' values at every depth; limits on nodes and the stop flag; and a small
//! constructed tree in which only one move wins by force, which MCTS must find although
//! random playouts favour another.

use olympiad_core::{Game, MoveList, Outcome, Seat};
use olympiad_search::{
    Limits, MAX_SEATS, Mcts, MctsConfig, Reward, Score, SeatAlgorithm, SeatHooks, SeatSearcher,
    Values, maxn_plain, paranoid_plain,
};
use std::sync::Arc;
use std::sync::OnceLock;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// The most the seats' values of one toy position sum to.
const TOP: Score = 20;

fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A pseudo-random game tree for `seats` seats: the path so far is hashed into `h`.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Tree {
    h: u64,
    ply: u32,
    seats: u8,
}

impl Tree {
    fn new(seed: u64, seats: u8) -> Self {
        Tree {
            h: mix(seed),
            ply: 0,
            seats,
        }
    }

    fn branching(&self) -> u8 {
        if self.ply >= 12 || self.h.is_multiple_of(11) {
            0
        } else {
            1 + ((self.h >> 8) % 4) as u8
        }
    }

    /// Seat `s`'s value from the hash: a share of TOP, so that the seats' values sum to at
    /// most TOP (nearly constant-sum, where shallow pruning can cut).
    fn value(&self, s: usize) -> Score {
        let weight = |s: usize| mix(self.h ^ ((s as u64 + 1) * 0x9E37)) % 100;
        let total: u64 = (0..usize::from(self.seats)).map(weight).sum();
        (weight(s) * TOP as u64 / total.max(1)) as Score
    }
}

impl Game for Tree {
    type Move = u8;
    type Moves = MoveList<u8, 4>;
    fn num_players(&self) -> usize {
        usize::from(self.seats)
    }
    fn to_move(&self) -> Seat {
        Seat((self.ply % u32::from(self.seats)) as u8)
    }
    fn legal_moves(&self) -> Self::Moves {
        (0..self.branching()).collect()
    }
    fn play(&mut self, mv: u8) {
        self.h = mix(self.h ^ ((u64::from(mv) + 1) * 0x1000_0001));
        self.ply += 1;
    }
    fn outcome(&self) -> Option<Outcome> {
        if self.branching() > 0 {
            return None;
        }
        let points: Vec<u16> = (0..usize::from(self.seats))
            .map(|s| self.value(s) as u16)
            .collect();
        Some(Outcome::with_half_points(&points, "leaf"))
    }
}

/// Values straight from the hash (unfinished) or the outcome's half points (finished).
struct TreeHooks {
    prune: bool,
}

impl SeatHooks<Tree> for TreeHooks {
    fn evaluate(&mut self, pos: &Tree) -> Values {
        let mut v = [0; MAX_SEATS];
        for (s, x) in v.iter_mut().enumerate().take(usize::from(pos.seats)) {
            *x = pos.value(s);
        }
        v
    }
    fn finished(&mut self, pos: &Tree, outcome: &Outcome) -> Values {
        let mut v = [0; MAX_SEATS];
        for (s, x) in v.iter_mut().enumerate().take(usize::from(pos.seats)) {
            *x = Score::from(outcome.half_points(Seat(s as u8)));
        }
        v
    }
    fn max_sum(&self) -> Option<Score> {
        // Every value is at least 0 and they sum to at most TOP.
        self.prune.then_some(TOP)
    }
}

fn positions(seats: u8) -> impl Iterator<Item = Tree> {
    (0..150u64)
        .map(move |seed| Tree::new(seed, seats))
        .filter(|t| t.outcome().is_none())
}

#[test]
fn maxn_equals_plain_maxn_at_every_depth() {
    let mut searched = 0;
    for seats in [3u8, 4] {
        for prune in [false, true] {
            for pos in positions(seats) {
                for depth in 1..=6 {
                    let mut s = SeatSearcher::new(TreeHooks { prune }, SeatAlgorithm::MaxN);
                    let r = s.search(&pos, &Limits::depth(depth), &mut |_| {}).unwrap();
                    let plain = maxn_plain(&pos, &mut TreeHooks { prune }, depth);
                    let me = pos.to_move().index();
                    let text = format!("{pos:?} depth {depth} prune {prune}");
                    // The mover's value is the root value; the best move's whole vector is
                    // the plain value of the position after it.
                    assert_eq!(r.values[me], plain[me], "{text}");
                    let after = pos.after(r.best.unwrap());
                    let child = maxn_plain(&after, &mut TreeHooks { prune }, depth - 1);
                    assert_eq!(r.values, child, "{text}");
                    assert_eq!(r.depth, depth);
                    searched += 1;
                }
            }
        }
    }
    assert!(searched > 1000, "{searched}");
}

#[test]
fn shallow_pruning_searches_fewer_nodes() {
    let (mut with, mut without) = (0, 0);
    for pos in positions(3) {
        let limits = Limits::depth(7);
        let mut a = SeatSearcher::new(TreeHooks { prune: true }, SeatAlgorithm::MaxN);
        with += a.search(&pos, &limits, &mut |_| {}).unwrap().nodes;
        let mut b = SeatSearcher::new(TreeHooks { prune: false }, SeatAlgorithm::MaxN);
        without += b.search(&pos, &limits, &mut |_| {}).unwrap().nodes;
    }
    assert!(with < without, "{with} >= {without}");
}

#[test]
fn paranoid_equals_plain_paranoid_at_every_depth() {
    for seats in [3u8, 4] {
        for pos in positions(seats) {
            for depth in 1..=6 {
                let mut s = SeatSearcher::new(TreeHooks { prune: false }, SeatAlgorithm::Paranoid);
                let r = s.search(&pos, &Limits::depth(depth), &mut |_| {}).unwrap();
                let root = pos.to_move();
                let plain = paranoid_plain(&pos, &mut TreeHooks { prune: false }, depth, root);
                assert_eq!(r.values[root.index()], plain, "{pos:?} depth {depth}");
                // The best move really reaches that value.
                let after = pos.after(r.best.unwrap());
                let child =
                    paranoid_plain(&after, &mut TreeHooks { prune: false }, depth - 1, root);
                assert_eq!(child, plain, "{pos:?} depth {depth}");
            }
        }
    }
}

#[test]
fn iterations_are_reported_and_limits_hold() {
    let pos = positions(4).next().unwrap();
    let mut depths = Vec::new();
    let mut s = SeatSearcher::new(TreeHooks { prune: true }, SeatAlgorithm::MaxN);
    let r = s
        .search(&pos, &Limits::depth(5), &mut |r| depths.push(r.depth))
        .unwrap();
    assert_eq!(depths, [1, 2, 3, 4, 5]);
    assert_eq!(r.depth, 5);

    let mut s = SeatSearcher::new(TreeHooks { prune: false }, SeatAlgorithm::Paranoid);
    let r = s.search(&pos, &Limits::nodes(300), &mut |_| {}).unwrap();
    assert!(r.nodes <= 300, "{}", r.nodes);
    assert!(r.best.is_some());

    // A raised stop flag ends the search at once, with a move.
    let stop = Arc::new(AtomicBool::new(true));
    let limits = Limits {
        stop: Some(stop),
        ..Limits::default()
    };
    let start = Instant::now();
    let r = s.search(&pos, &limits, &mut |_| {}).unwrap();
    assert!(start.elapsed() < Duration::from_millis(100));
    assert!(r.best.is_some());

    let done = {
        let mut p = pos.clone();
        while let Some(&mv) = p.legal_moves().first() {
            p.play(mv);
        }
        p
    };
    assert!(s.search(&done, &Limits::depth(3), &mut |_| {}).is_none());
}

#[test]
fn rewards_sum_to_one() {
    let o = Outcome::with_half_points(&[4, 4, 2], "end");
    let win = Reward::Win.of(&o);
    assert_eq!(&win[..3], &[0.5, 0.5, 0.0]);
    let share = Reward::Share.of(&o);
    assert_eq!(&share[..3], &[0.4, 0.4, 0.2]);
}

/// A node of the constructed tree: its children, or (a leaf) the half points of the seats.
#[derive(Debug)]
enum Spec {
    Inner(Vec<usize>),
    Leaf([u16; 3]),
}

/// Three seats. Seat 0 chooses at the root between
/// - move 0: every reply of seats 1 and 2 leads to a node where seat 0 has one winning move
///   among four (random playouts win a quarter of the time, but the win is forced);
/// - move 1: seat 1 chooses among six leaves, five won by seat 0 and one by seat 1 (random
///   playouts win five times in six, but seat 1 takes its own win);
/// - move 2: seat 1 can hand the win to seat 2 or to itself.
fn constructed() -> &'static Vec<Spec> {
    static TREE: OnceLock<Vec<Spec>> = OnceLock::new();
    TREE.get_or_init(|| {
        let mut t: Vec<Spec> = vec![Spec::Inner(Vec::new())];
        let add = |t: &mut Vec<Spec>, s: Spec| {
            t.push(s);
            t.len() - 1
        };
        let win0 = [4, 1, 1];
        let win1 = [1, 4, 1];
        let win2 = [1, 1, 4];
        // Move 0: seat 1 has two moves, seat 2 two more, then seat 0 picks 1 of 4.
        let mut seat1 = Vec::new();
        for _ in 0..2 {
            let mut seat2 = Vec::new();
            for k in 0..2 {
                let leaves: Vec<usize> = (0..4)
                    .map(|i| {
                        let p = if i == 3 - k {
                            win0
                        } else if i % 2 == 0 {
                            win1
                        } else {
                            win2
                        };
                        add(&mut t, Spec::Leaf(p))
                    })
                    .collect();
                seat2.push(add(&mut t, Spec::Inner(leaves)));
            }
            seat1.push(add(&mut t, Spec::Inner(seat2)));
        }
        let m0 = add(&mut t, Spec::Inner(seat1));
        let leaves: Vec<usize> = (0..6)
            .map(|i| add(&mut t, Spec::Leaf(if i == 4 { win1 } else { win0 })))
            .collect();
        let m1 = add(&mut t, Spec::Inner(leaves));
        let leaves = vec![add(&mut t, Spec::Leaf(win2)), add(&mut t, Spec::Leaf(win1))];
        let m2 = add(&mut t, Spec::Inner(leaves));
        t[0] = Spec::Inner(vec![m0, m1, m2]);
        t
    })
}

#[derive(Clone, Debug, PartialEq, Eq)]
struct Constructed {
    node: usize,
    ply: u8,
}

impl Game for Constructed {
    type Move = u8;
    type Moves = MoveList<u8, 8>;
    fn num_players(&self) -> usize {
        3
    }
    fn to_move(&self) -> Seat {
        Seat(self.ply % 3)
    }
    fn legal_moves(&self) -> Self::Moves {
        match &constructed()[self.node] {
            Spec::Inner(c) => (0..c.len() as u8).collect(),
            Spec::Leaf(_) => MoveList::new(),
        }
    }
    fn play(&mut self, mv: u8) {
        if let Spec::Inner(c) = &constructed()[self.node] {
            self.node = c[usize::from(mv)];
            self.ply += 1;
        }
    }
    fn outcome(&self) -> Option<Outcome> {
        match &constructed()[self.node] {
            Spec::Leaf(p) => Some(Outcome::with_half_points(p, "leaf")),
            Spec::Inner(_) => None,
        }
    }
}

struct Playouts;

impl SeatHooks<Constructed> for Playouts {
    fn evaluate(&mut self, _: &Constructed) -> Values {
        [0; MAX_SEATS]
    }
    fn finished(&mut self, _: &Constructed, outcome: &Outcome) -> Values {
        let mut v = [0; MAX_SEATS];
        for (s, x) in v.iter_mut().enumerate().take(3) {
            *x = Score::from(outcome.half_points(Seat(s as u8)));
        }
        v
    }
}

#[test]
fn mcts_finds_the_forced_win_that_random_playouts_hide() {
    let root = Constructed { node: 0, ply: 0 };
    // Random playouts alone prefer move 1 (5/6 against 1/4).
    for seed in 1..=5 {
        let config = MctsConfig {
            seed,
            ..MctsConfig::default()
        };
        let mut mcts = Mcts::new(Playouts, config);
        let r = mcts.search(&root, &Limits::nodes(20_000)).unwrap();
        assert_eq!(r.best, Some(0), "seed {seed}: {r:?}");
        // Seat 0's mean reward after move 0 approaches 1 (a forced win).
        assert!(r.values[0] > 900, "seed {seed}: {r:?}");
    }
    // Max^n agrees (each seat maximising its own points).
    let mut s = SeatSearcher::new(Playouts, SeatAlgorithm::MaxN);
    let r = s.search(&root, &Limits::depth(4), &mut |_| {}).unwrap();
    assert_eq!(r.best, Some(0));
    // And so does paranoid: only move 0 wins against every coalition.
    let mut s = SeatSearcher::new(Playouts, SeatAlgorithm::Paranoid);
    let r = s.search(&root, &Limits::depth(4), &mut |_| {}).unwrap();
    assert_eq!((r.best, r.values[0]), (Some(0), 4));
}

#[test]
fn mcts_honours_its_limits() {
    let pos = positions(4).next().unwrap();
    let mut mcts = Mcts::new(TreeHooks { prune: false }, MctsConfig::default());
    let r = mcts.search(&pos, &Limits::nodes(1000)).unwrap();
    assert!(r.nodes <= 1000, "{}", r.nodes);
    let start = Instant::now();
    let r = mcts
        .search(&pos, &Limits::move_time(Duration::from_millis(50)))
        .unwrap();
    assert!(
        start.elapsed() < Duration::from_millis(150),
        "{:?}",
        start.elapsed()
    );
    assert!(r.best.is_some());
}
