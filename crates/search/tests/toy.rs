//! The search against its slow twin on a toy game: a deterministic pseudo-random game tree
//! with transpositions (moves add to a counter, so move orders meet), games ending at random
//! with a win, loss or draw, and a ply limit. Every algorithm, with and without the table,
//! killers and history, must find exactly the plain minimax value at every depth; limits and
//! the time budget are checked here too.

use olympiad_core::{Game, Hashed, MoveList, Outcome, Seat, SplitMix64, TwoPlayerZeroSum};
use olympiad_search::{
    Algorithm, Config, Hooks, Limits, Report, Score, SearchResult, Searcher, minimax,
};

/// The toy game ends (a draw) after this many plies.
const TOY_PLY_LIMIT: u32 = 24;
/// The counter wraps at this value: small, so that many move orders transpose.
const ACC_MOD: u32 = 61;
/// A win is worth this minus its distance from the root.
const WIN: Score = 1000;

fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[derive(Clone, Debug, PartialEq, Eq)]
struct Tree {
    seed: u64,
    acc: u32,
    ply: u32,
}

impl Tree {
    fn new(seed: u64) -> Self {
        Self {
            seed,
            acc: 0,
            ply: 0,
        }
    }

    fn h(&self) -> u64 {
        mix(self.seed ^ (u64::from(self.acc) << 8) ^ (u64::from(self.ply) << 40) ^ 0x1234_5678)
    }

    fn branching(&self) -> u32 {
        let h = self.h();
        if self.ply >= TOY_PLY_LIMIT || h.is_multiple_of(9) {
            0
        } else {
            1 + ((h >> 8) % 5) as u32
        }
    }
}

impl Game for Tree {
    type Move = u8;
    type Moves = MoveList<u8, 5>; // branching() is at most 5
    fn num_players(&self) -> usize {
        2
    }
    fn to_move(&self) -> Seat {
        Seat((self.ply % 2) as u8)
    }
    fn legal_moves(&self) -> Self::Moves {
        (0..self.branching() as u8).collect()
    }
    fn play(&mut self, mv: u8) {
        self.acc = (self.acc + 1 + u32::from(mv)) % ACC_MOD;
        self.ply += 1;
    }
    fn outcome(&self) -> Option<Outcome> {
        if self.branching() > 0 {
            return None;
        }
        let side = self.to_move();
        if self.ply >= TOY_PLY_LIMIT {
            return Some(Outcome::draw(2, "ply limit"));
        }
        Some(match (self.h() >> 20) % 3 {
            0 => Outcome::win(side, 2, "bonus"),
            1 => Outcome::win(side.next(2), 2, "stuck"),
            _ => Outcome::draw(2, "stuck"),
        })
    }
}

impl Hashed for Tree {
    fn zobrist(&self) -> u64 {
        self.h()
    }
    fn zobrist_from_scratch(&self) -> u64 {
        self.h()
    }
}

impl TwoPlayerZeroSum for Tree {}

fn outcome_score(pos: &Tree, ply: u32) -> Score {
    let outcome = pos.outcome().expect("game over");
    match outcome.winner() {
        Some(s) if s == pos.to_move() => WIN - ply as Score,
        Some(_) => -(WIN - ply as Score),
        None => 0,
    }
}

/// Hooks with switches for every optional feature.
#[derive(Clone, Copy, Debug, Default)]
struct ToyHooks {
    /// Quiescence over a pseudo-random third of the moves.
    noisy: bool,
    /// One more ply at nodes with at most two moves.
    extend: bool,
    /// End of game found through `no_moves` instead of `terminal`.
    via_no_moves: bool,
    /// Horizon nodes with an even hash are searched one ply more.
    horizon: bool,
    /// Quiescence lists its own moves (`Hooks::quiescence_moves`): the noisy ones, or every
    /// move without standing pat at one horizon node in five.
    own_quiescence: bool,
    /// Mate-distance pruning through `Hooks::ply_bounds`.
    ply_bounds: bool,
    /// A pass for null-move pruning (the other side to move, the counter unchanged).
    pass: bool,
    /// Continuation-history slots: the move and the counter it leaves.
    continuation: bool,
}

impl Hooks<Tree> for ToyHooks {
    fn bounds(&self) -> (Score, Score) {
        (-WIN, WIN)
    }
    fn terminal(&mut self, pos: &Tree, ply: u32) -> Option<Score> {
        if self.via_no_moves {
            return None;
        }
        pos.outcome().map(|_| outcome_score(pos, ply))
    }
    fn no_moves(&mut self, pos: &Tree, ply: u32) -> Score {
        outcome_score(pos, ply)
    }
    fn evaluate(&mut self, pos: &Tree, _: u32) -> Score {
        (mix(pos.h() ^ 0x5555) % 201) as Score - 100
    }
    fn extension(&mut self, _: &Tree, moves: &[u8], _: u32) -> i32 {
        i32::from(self.extend && moves.len() <= 2)
    }
    fn extend_horizon(&mut self, pos: &Tree, _: u32) -> bool {
        self.horizon && mix(pos.h() ^ 0xabc).is_multiple_of(2)
    }
    fn quiescence(&self) -> bool {
        self.noisy
    }
    fn is_noisy(&mut self, pos: &Tree, mv: u8) -> bool {
        self.noisy && mix(pos.h() ^ u64::from(mv)).is_multiple_of(3)
    }
    fn order(&mut self, pos: &Tree, mv: u8) -> i32 {
        (mix(pos.h() ^ (u64::from(mv) * 7)) % 50) as i32
    }
    fn history_slot(&self, _: &Tree, mv: u8) -> Option<usize> {
        Some(usize::from(mv))
    }
    fn continuation_slot(&self, pos: &Tree, mv: u8) -> Option<usize> {
        let after = (pos.acc + 1 + u32::from(mv)) % ACC_MOD;
        self.continuation
            .then(|| usize::from(mv) * ACC_MOD as usize + after as usize)
    }
    fn quiescence_moves(&mut self, pos: &Tree, _: u32, out: &mut Vec<u8>) -> Option<bool> {
        if !self.own_quiescence {
            return None;
        }
        let all = pos.legal_moves();
        if mix(pos.h() ^ 0x77).is_multiple_of(5) {
            out.extend(all.iter().copied());
            return Some(false);
        }
        out.extend(all.iter().copied().filter(|&m| self.is_noisy(pos, m)));
        Some(true)
    }
    fn ply_bounds(&self, ply: u32) -> Option<(Score, Score)> {
        let best = WIN - ply as Score;
        self.ply_bounds.then_some((-best, best))
    }
    fn in_check(&mut self, pos: &Tree) -> bool {
        mix(pos.h() ^ 0x99).is_multiple_of(7)
    }
    fn null_move(&mut self, pos: &Tree, _: u32) -> Option<Tree> {
        let mut t = pos.clone();
        t.ply += 1;
        (self.pass && t.branching() > 0).then_some(t)
    }
    fn to_table(&self, s: Score, ply: u32) -> Score {
        let ply = ply as Score;
        if s > WIN / 2 {
            s + ply
        } else if s < -WIN / 2 {
            s - ply
        } else {
            s
        }
    }
    fn from_table(&self, s: Score, ply: u32) -> Score {
        let ply = ply as Score;
        if s > WIN / 2 {
            s - ply
        } else if s < -WIN / 2 {
            s + ply
        } else {
            s
        }
    }
}

/// Positions from random playouts of 0..10 plies over many trees.
fn corpus(n: u64) -> Vec<Tree> {
    let mut rng = SplitMix64::new(2003);
    let mut out = Vec::new();
    let mut seed = 0;
    while (out.len() as u64) < n {
        seed += 1;
        let mut pos = Tree::new(seed);
        let plies = rng.below(10);
        for _ in 0..plies {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos.play(moves[rng.below(moves.len())]);
        }
        if pos.outcome().is_none() {
            out.push(pos);
        }
    }
    out
}

fn configs() -> Vec<Config> {
    let mut out = Vec::new();
    for algorithm in [Algorithm::AlphaBeta, Algorithm::Pvs, Algorithm::Mtdf] {
        for tt_mib in [0, 1] {
            for ordering in [false, true] {
                out.push(Config {
                    algorithm,
                    tt_mib,
                    aspiration: Some(3),
                    killers: ordering,
                    history: ordering,
                    lmr: false,
                    ..Config::default()
                });
            }
        }
    }
    out.push(Config {
        aspiration: None,
        tt_mib: 1,
        ..Config::default()
    });
    out
}

/// Searches to `depth` and returns each iteration's report and the result.
fn iterations(
    searcher: &mut Searcher<Tree, ToyHooks>,
    pos: &Tree,
    depth: u32,
) -> (Vec<Report<u8>>, SearchResult<u8>) {
    let mut reports = Vec::new();
    let result = searcher.search(pos, &Limits::depth(depth), &mut |r: &Report<u8>| {
        reports.push(r.clone())
    });
    (reports, result)
}

/// Every configuration's value at every iteration equals minimax at that depth (only the
/// configurations without a table when `with_table` is false).
fn check_against_minimax(hooks: ToyHooks, positions: u64, max_depth: u32, with_table: bool) {
    let corpus = corpus(positions);
    let expected: Vec<Vec<Score>> = corpus
        .iter()
        .map(|pos| {
            (1..=max_depth)
                .map(|d| minimax(pos, &mut hooks.clone(), d))
                .collect()
        })
        .collect();
    for config in configs() {
        if config.tt_mib > 0 && !with_table {
            continue;
        }
        let mut searcher = Searcher::new(hooks, config);
        for (pos, want) in corpus.iter().zip(&expected) {
            searcher.clear();
            let (reports, result) = iterations(&mut searcher, pos, max_depth);
            let got: Vec<Score> = reports.iter().map(|r| r.score).collect();
            assert_eq!(&got, want, "{config:?} {hooks:?} {pos:?}");
            assert_eq!(result.depth, max_depth);
            assert_eq!(result.score, want[max_depth as usize - 1]);
            let best = result.best.expect("a move");
            assert!(pos.is_legal(best));
            assert_eq!(result.pv.first(), Some(&best), "{config:?}");
            // Every fixed-depth search, from a cleared table, agrees as well.
            for d in [1, max_depth / 2 + 1] {
                searcher.clear();
                let r = searcher.search(pos, &Limits::depth(d), &mut ());
                assert_eq!(
                    r.score,
                    want[d as usize - 1],
                    "{config:?} depth {d} {pos:?}"
                );
            }
        }
    }
}

#[test]
fn every_algorithm_equals_minimax() {
    check_against_minimax(ToyHooks::default(), 300, 6, true);
}

#[test]
fn every_algorithm_equals_minimax_with_quiescence() {
    check_against_minimax(
        ToyHooks {
            noisy: true,
            ..ToyHooks::default()
        },
        200,
        5,
        true,
    );
}

#[test]
fn quiescence_moves_from_the_hooks_equal_minimax() {
    check_against_minimax(
        ToyHooks {
            noisy: true,
            own_quiescence: true,
            ..ToyHooks::default()
        },
        200,
        5,
        true,
    );
}

#[test]
fn mate_distance_pruning_keeps_the_minimax_value() {
    check_against_minimax(
        ToyHooks {
            noisy: true,
            ply_bounds: true,
            ..ToyHooks::default()
        },
        200,
        6,
        true,
    );
}

/// Searches the corpus to depth 7 with `config` and without any pruning: every move it
/// plays is legal with a score inside the bounds, and it visits fewer nodes.
fn prunes_and_plays_legal_moves(hooks: ToyHooks, config: Config) {
    let (mut plain_nodes, mut pruned_nodes) = (0, 0);
    for pos in corpus(100) {
        let ra = Searcher::new(hooks, Config::default()).search(&pos, &Limits::depth(7), &mut ());
        let rb = Searcher::new(hooks, config).search(&pos, &Limits::depth(7), &mut ());
        assert!(pos.is_legal(rb.best.expect("a move")));
        assert!(rb.score.abs() <= WIN);
        plain_nodes += ra.nodes;
        pruned_nodes += rb.nodes;
    }
    assert!(
        pruned_nodes < plain_nodes,
        "{pruned_nodes} nodes pruned, {plain_nodes} without ({config:?})"
    );
}

/// Every pruning option at once.
#[test]
fn pruning_options_prune_and_play_legal_moves() {
    let hooks = ToyHooks {
        noisy: true,
        pass: true,
        ply_bounds: true,
        ..ToyHooks::default()
    };
    let pruned = Config {
        lmr: true,
        lmr_scaled: true,
        null_move: true,
        reverse_futility: Some(20),
        futility: Some(30),
        late_move_pruning: true,
        history_malus: true,
        probcut: Some(10),
        ..Config::default()
    };
    prunes_and_plays_legal_moves(hooks, pruned);
}

/// ProbCut alone.
#[test]
fn probcut_prunes_and_plays_legal_moves() {
    let hooks = ToyHooks {
        noisy: true,
        ..ToyHooks::default()
    };
    let probcut = Config {
        probcut: Some(5),
        ..Config::default()
    };
    prunes_and_plays_legal_moves(hooks, probcut);
}

/// Margins too wide to ever prune (futility, ProbCut) leave the value exactly minimax's.
#[test]
fn futility_margins_that_never_prune_change_nothing() {
    for pos in corpus(100) {
        let config = Config {
            reverse_futility: Some(1 << 20),
            futility: Some(1 << 20),
            probcut: Some(1 << 20),
            ..Config::default()
        };
        let mut s = Searcher::new(ToyHooks::default(), config);
        for d in [3, 5] {
            s.clear();
            let r = s.search(&pos, &Limits::depth(d), &mut ());
            assert_eq!(
                r.score,
                minimax(&pos, &mut ToyHooks::default(), d),
                "{pos:?}"
            );
        }
    }
}

/// Checks that `with` only reorders moves against `without`: both find minimax's value at
/// every depth from 1 to 6 on 150 positions, and their node counts differ (the order
/// changed).
fn only_reorders(hooks: ToyHooks, with: Config, without: Config) {
    let mut a = Searcher::new(hooks, with);
    let mut b = Searcher::new(hooks, without);
    let mut reference = hooks;
    let (mut nodes_with, mut nodes_without) = (0, 0);
    for pos in corpus(150) {
        a.clear();
        b.clear();
        for d in 1..=6 {
            let ra = a.search(&pos, &Limits::depth(d), &mut ());
            let rb = b.search(&pos, &Limits::depth(d), &mut ());
            assert_eq!(
                ra.score,
                minimax(&pos, &mut reference, d),
                "{pos:?} depth {d}"
            );
            assert_eq!(ra.score, rb.score, "{pos:?} depth {d}");
            nodes_with += ra.nodes;
            nodes_without += rb.nodes;
        }
    }
    assert_ne!(
        nodes_with, nodes_without,
        "{with:?} changed no order against {without:?}"
    );
}

/// Continuation history only reorders moves: PVS with the table, killers, history and
/// its malus finds minimax's value at every depth, and the order differs from the one
/// without it (the node counts do).
#[test]
fn continuation_history_keeps_the_minimax_value() {
    let hooks = ToyHooks {
        continuation: true,
        ..ToyHooks::default()
    };
    let with = Config {
        continuation_history: true,
        history_malus: true,
        ..Config::default()
    };
    let without = Config {
        continuation_history: false,
        ..with
    };
    only_reorders(hooks, with, without);
}

/// Killers ordered among the hooks' own scores (`Config::killer_order`, here in the middle
/// of the toy's 0..50) only reorder: PVS with the table, killers and history finds
/// minimax's value at every depth, and the order differs from killers right after the
/// table's move (the node counts do).
#[test]
fn killer_order_keeps_the_minimax_value() {
    let with = Config {
        killer_order: Some(25),
        ..Config::default()
    };
    only_reorders(ToyHooks::default(), with, Config::default());
}

/// Lazy SMP on positions whose whole tree lies within the depth: every thread computes exact
/// game values, so the answer is minimax's whatever the helpers left in the table.
#[test]
fn lazy_smp_finds_the_exact_value() {
    let mut rng = SplitMix64::new(7);
    let mut checked = 0;
    for seed in 1..400 {
        let mut pos = Tree::new(seed);
        while pos.ply < TOY_PLY_LIMIT - 7 && !pos.legal_moves().is_empty() {
            let moves = pos.legal_moves();
            pos.play(moves[rng.below(moves.len())]);
        }
        if pos.outcome().is_some() {
            continue;
        }
        let want = minimax(&pos, &mut ToyHooks::default(), 9);
        let mut smp = olympiad_search::LazySmp::new(ToyHooks::default(), Config::default(), 3);
        assert_eq!(smp.threads(), 3);
        let r = smp.search(&pos, &Limits::depth(9), &mut ());
        assert_eq!(r.score, want, "{pos:?}");
        assert!(pos.is_legal(r.best.expect("a move")));
        checked += 1;
    }
    assert!(checked > 30, "only {checked} positions");
}

#[test]
fn end_of_game_through_no_moves() {
    check_against_minimax(
        ToyHooks {
            via_no_moves: true,
            ..ToyHooks::default()
        },
        150,
        5,
        true,
    );
}

#[test]
fn extensions_equal_minimax_with_the_extension() {
    let hooks = ToyHooks {
        extend: true,
        ..ToyHooks::default()
    };
    // The extension changes values: it is really applied.
    let corpus = corpus(150);
    let changed = corpus
        .iter()
        .filter(|p| minimax(*p, &mut hooks.clone(), 3) != minimax(*p, &mut ToyHooks::default(), 3))
        .count();
    assert!(changed > 10, "only {changed} values changed");
    // Without a table the value is exactly minimax's. With one it need not be: the extension
    // cap (no extension at ply >= 2 * root depth) makes a node's value depend on the
    // iteration, and an extended path can reach a transposition with more depth left than
    // another path; the table then hands back the deeper result, as in every engine.
    check_against_minimax(hooks, 150, 5, false);
    let mut searcher = Searcher::new(hooks, Config::default());
    for pos in &corpus {
        let r = searcher.search(pos, &Limits::depth(5), &mut ());
        assert!(pos.is_legal(r.best.unwrap()));
        assert_eq!(r.depth, 5);
    }
}

#[test]
fn horizon_extensions_equal_minimax_with_them() {
    let hooks = ToyHooks {
        horizon: true,
        extend: true,
        ..ToyHooks::default()
    };
    let corpus = corpus(150);
    let plain = ToyHooks {
        extend: true,
        ..ToyHooks::default()
    };
    let changed = corpus
        .iter()
        .filter(|p| minimax(*p, &mut hooks.clone(), 3) != minimax(*p, &mut plain.clone(), 3))
        .count();
    assert!(changed > 10, "only {changed} values changed");
    check_against_minimax(hooks, 150, 5, false);
}

#[test]
fn the_table_keeps_the_fixed_depth_value_and_saves_nodes() {
    let corpus = corpus(200);
    let depth = 7;
    let mut with = Searcher::new(ToyHooks::default(), Config::default());
    let mut without = Searcher::new(
        ToyHooks::default(),
        Config {
            tt_mib: 0,
            ..Config::default()
        },
    );
    let (mut nodes_with, mut nodes_without) = (0, 0);
    for pos in &corpus {
        with.clear();
        without.clear();
        let a = with.search(pos, &Limits::depth(depth), &mut ());
        let b = without.search(pos, &Limits::depth(depth), &mut ());
        assert_eq!(a.score, b.score, "{pos:?}");
        nodes_with += a.nodes;
        nodes_without += b.nodes;
    }
    assert!(
        nodes_with < nodes_without,
        "table {nodes_with} nodes, none {nodes_without}"
    );
}

#[test]
fn late_move_reductions_still_play_legal_moves() {
    let mut searcher = Searcher::new(
        ToyHooks::default(),
        Config {
            lmr: true,
            ..Config::default()
        },
    );
    for pos in corpus(50) {
        let r = searcher.search(&pos, &Limits::depth(8), &mut ());
        assert!(pos.is_legal(r.best.unwrap()));
        assert_eq!(r.depth, 8);
    }
}

#[test]
fn node_limit_is_honoured() {
    for algorithm in [Algorithm::AlphaBeta, Algorithm::Pvs, Algorithm::Mtdf] {
        let config = Config {
            algorithm,
            ..Config::default()
        };
        let mut searcher = Searcher::new(ToyHooks::default(), config);
        for pos in corpus(20) {
            for limit in [1, 2, 10, 100, 1000, 5000] {
                let r = searcher.search(&pos, &Limits::nodes(limit), &mut ());
                assert!(r.nodes <= limit, "{} > {limit}", r.nodes);
                let best = r.best.expect("a move even when depth 1 did not finish");
                assert!(pos.is_legal(best));
            }
        }
    }
}

#[test]
fn a_finished_game_has_no_best_move() {
    let mut pos = Tree::new(1);
    while let Some(&mv) = pos.legal_moves().first() {
        pos.play(mv);
    }
    let mut searcher = Searcher::new(ToyHooks::default(), Config::default());
    let r = searcher.search(&pos, &Limits::depth(3), &mut ());
    assert_eq!(r.best, None);
    assert_eq!(r.score, outcome_score(&pos, 0));
}

#[test]
fn no_limit_stops_at_the_end_of_the_tree() {
    // The toy tree is at most 24 plies deep: the search runs to MAX_DEPTH quickly.
    let mut searcher = Searcher::new(
        ToyHooks::default(),
        Config {
            tt_mib: 4,
            ..Config::default()
        },
    );
    let mut pos = Tree::new(7);
    for _ in 0..12 {
        if let Some(&mv) = pos.legal_moves().first() {
            pos.play(mv);
        }
    }
    let r = searcher.search(&pos, &Limits::default(), &mut ());
    assert_eq!(r.depth, olympiad_search::MAX_DEPTH);
}
