//! [`RaveMcts`] on small games whose exact values a plain solver knows: tic-tac-toe (inside
//! this file, with AMAF keys by square) and Clobber on small boards. Every setting (plain UCT,
//! RAVE, priors, one or two threads) must play a winning move wherever one exists, as the
//! plain twin ([`Mcts`]) does; limits are exact in playouts, tree reuse keeps the statistics
//! of the position reached, the early stop and resignation fire when they should.

use olympiad_clobber::Position as Clobber;
use olympiad_core::{Game, Hashed, MoveList, Outcome, Seat, SplitMix64};
use olympiad_search::{
    Limits, MAX_SEATS, Mcts, MctsConfig, Prior, RaveConfig, RaveHooks, RaveMcts, Score, SeatHooks,
    Values,
};
use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Tic-tac-toe: squares 0..9 row by row, seat 0 is X.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Ttt {
    cells: [u8; 9],
    ply: u8,
}

const LINES: [[usize; 3]; 8] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
];

impl Ttt {
    /// A position from 9 characters: `x`, `o` or `.`; the side to move follows from the
    /// counts.
    fn from(text: &str) -> Ttt {
        let mut cells = [0; 9];
        let mut ply = 0;
        for (i, c) in text.chars().enumerate() {
            cells[i] = match c {
                'x' => 1,
                'o' => 2,
                _ => 0,
            };
            ply += u8::from(cells[i] != 0);
        }
        Ttt { cells, ply }
    }

    fn line_winner(&self) -> Option<u8> {
        LINES.iter().find_map(|l| {
            let v = self.cells[l[0]];
            (v != 0 && v == self.cells[l[1]] && v == self.cells[l[2]]).then_some(v)
        })
    }
}

impl Game for Ttt {
    type Move = u8;
    type Moves = MoveList<u8, 9>;
    fn num_players(&self) -> usize {
        2
    }
    fn to_move(&self) -> Seat {
        Seat(self.ply % 2)
    }
    fn legal_moves(&self) -> Self::Moves {
        if self.outcome().is_some() {
            return MoveList::new();
        }
        (0..9u8)
            .filter(|&i| self.cells[usize::from(i)] == 0)
            .collect()
    }
    fn play(&mut self, mv: u8) {
        self.cells[usize::from(mv)] = 1 + self.ply % 2;
        self.ply += 1;
    }
    fn outcome(&self) -> Option<Outcome> {
        match self.line_winner() {
            Some(v) => Some(Outcome::win(Seat(v - 1), 2, "three in a row")),
            None if self.ply == 9 => Some(Outcome::draw(2, "board full")),
            None => None,
        }
    }
}

/// Exact value for the side to move, in half points (0 loss, 1 draw, 2 win).
fn solve<G: Game>(pos: &G, memo: &mut HashMap<Vec<u8>, u16>, key: &dyn Fn(&G) -> Vec<u8>) -> u16 {
    if let Some(o) = pos.outcome() {
        return o.half_points(pos.to_move());
    }
    let k = key(pos);
    if let Some(&v) = memo.get(&k) {
        return v;
    }
    let v = pos
        .legal_moves()
        .iter()
        .map(|&m| 2 - solve(&pos.after(m), memo, key))
        .max()
        .expect("an unfinished position has a move");
    memo.insert(k, v);
    v
}

fn ttt_key(p: &Ttt) -> Vec<u8> {
    p.cells.to_vec()
}

fn clobber_key(p: &Clobber) -> Vec<u8> {
    p.zobrist().to_le_bytes().to_vec()
}

/// The moves of `pos` that keep its exact value.
fn best_moves<G: Game>(pos: &G, key: &dyn Fn(&G) -> Vec<u8>) -> (u16, Vec<G::Move>) {
    let mut memo = HashMap::new();
    let value = solve(pos, &mut memo, key);
    let moves = pos
        .legal_moves()
        .iter()
        .copied()
        .filter(|&m| 2 - solve(&pos.after(m), &mut memo, key) == value)
        .collect();
    (value, moves)
}

/// Tic-tac-toe hooks: AMAF by square, and optionally a prior for one square.
#[derive(Clone, Debug, Default)]
struct TttHooks {
    favour: Option<(u8, Prior)>,
}

impl RaveHooks<Ttt> for TttHooks {
    fn amaf_slots(&self) -> usize {
        9
    }
    fn amaf_key(&self, _: &Ttt, mv: u8) -> Option<u32> {
        Some(u32::from(mv))
    }
    fn priors(&mut self, _: &Ttt, moves: &[u8], priors: &mut [Prior]) {
        if let Some((square, prior)) = self.favour {
            for (m, p) in moves.iter().zip(priors) {
                if *m == square {
                    *p = prior;
                }
            }
        }
    }
}

/// Random playouts, no AMAF, no priors: plain UCT.
#[derive(Clone, Debug)]
struct Plain;

impl<G: Game> RaveHooks<G> for Plain {}

/// The plain twin's hooks.
struct TwinHooks;

impl<G: Game> SeatHooks<G> for TwinHooks {
    fn evaluate(&mut self, _: &G) -> Values {
        [0; MAX_SEATS]
    }
    fn finished(&mut self, _: &G, outcome: &Outcome) -> Values {
        let mut v = [0; MAX_SEATS];
        for (s, x) in v.iter_mut().enumerate().take(outcome.seats()) {
            *x = Score::from(outcome.half_points(Seat(s as u8)));
        }
        v
    }
}

fn rave(threads: usize, seed: u64) -> RaveConfig {
    RaveConfig {
        rave_equivalence: 200.0,
        exploration: 0.3,
        threads,
        seed,
        ..RaveConfig::default()
    }
}

/// Positions where some moves, not all, keep the exact value.
const TACTICS: [&str; 6] = [
    // X to move wins at once on 2.
    "xx.oo....",
    // O to move must block on 2.
    "xx..o....",
    // O to move must take an edge: a corner loses to a fork.
    "x...o...x",
    // X to move wins against the opposite corner, but not with every move.
    "x.......o",
    // X to move: some moves win by a fork.
    "x.o.x...o",
    // O to move must take a corner: an edge loses.
    "....x....",
];

#[test]
fn every_setting_plays_a_move_that_keeps_the_exact_value_at_tic_tac_toe() {
    for text in TACTICS {
        let pos = Ttt::from(text);
        let (value, good) = best_moves(&pos, &ttt_key);
        assert!(
            good.len() < pos.legal_moves().len(),
            "{text}: every move is as good"
        );
        for seed in 1..=3 {
            let configs = [
                (
                    "plain",
                    RaveConfig {
                        seed,
                        ..RaveConfig::default()
                    },
                ),
                ("rave", rave(1, seed)),
                ("rave, 2 threads", rave(2, seed)),
                (
                    "expand after 2",
                    RaveConfig {
                        expand_after: 2,
                        ..rave(1, seed)
                    },
                ),
            ];
            for (name, config) in configs {
                let r = RaveMcts::new(TttHooks::default(), config)
                    .search(&pos, &Limits::nodes(20_000))
                    .unwrap();
                assert!(
                    good.contains(&r.best),
                    "{text} ({name}, seed {seed}): played {} (value {value}, good {good:?}): {:?}",
                    r.best,
                    r.moves
                );
                assert_eq!(r.playouts, 20_000);
            }
            // The plain twin agrees.
            let mut twin = Mcts::new(
                TwinHooks,
                MctsConfig {
                    seed,
                    ..MctsConfig::default()
                },
            );
            let t = twin.search(&pos, &Limits::nodes(20_000)).unwrap();
            assert!(good.contains(&t.best.unwrap()), "{text}: twin {:?}", t.best);
        }
    }
}

#[test]
fn forced_wins_on_small_clobber_boards() {
    let mut rng = SplitMix64::new(7);
    let mut checked = 0;
    while checked < 12 {
        // A random position a few moves into a 3x4 game that the side to move wins, and
        // where some move loses.
        let mut pos = Clobber::start(3, 4).unwrap();
        for _ in 0..rng.below(4) {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos.play(moves[rng.below(moves.len())]);
        }
        if pos.outcome().is_some() {
            continue;
        }
        let (value, good) = best_moves(&pos, &clobber_key);
        if value != 2 || good.len() == pos.legal_moves().len() {
            continue;
        }
        checked += 1;
        for threads in [1, 2] {
            let config = RaveConfig {
                threads,
                seed: checked,
                ..RaveConfig::default()
            };
            let r = RaveMcts::new(Plain, config)
                .search(&pos, &Limits::nodes(30_000))
                .unwrap();
            assert!(
                good.contains(&r.best),
                "{pos:?} ({threads} threads): {:?} is not among the wins {good:?}",
                r.best
            );
            assert!(r.value > 0.7, "{pos:?}: a forced win is worth {}", r.value);
        }
        let mut twin = Mcts::new(TwinHooks, MctsConfig::default());
        let t = twin.search(&pos, &Limits::nodes(30_000)).unwrap();
        assert!(
            good.contains(&t.best.unwrap()),
            "{pos:?}: twin {:?}",
            t.best
        );
    }
}

#[test]
fn rave_statistics_come_from_every_later_move_of_the_mover() {
    let pos = Ttt::from(".........");
    let mut mcts = RaveMcts::new(TttHooks::default(), rave(1, 1));
    let r = mcts.search(&pos, &Limits::nodes(2_000)).unwrap();
    // Every root move is played in most playouts, so its AMAF mean is measured (not the even
    // prior of 0.5), and the centre is X's best square by AMAF too.
    assert!(r.moves.iter().all(|m| m.amaf != 0.5), "{:?}", r.moves);
    let centre = r.moves.iter().find(|m| m.mv == 4).unwrap();
    assert!(
        r.moves.iter().all(|m| m.amaf <= centre.amaf),
        "{:?}",
        r.moves
    );
    // Without AMAF keys nothing is gathered.
    let mut plain = RaveMcts::new(Plain, rave(1, 1));
    let r = plain.search(&pos, &Limits::nodes(2_000)).unwrap();
    assert!(r.moves.iter().all(|m| m.amaf == 0.5), "{:?}", r.moves);
}

#[test]
fn priors_steer_the_first_playouts() {
    let pos = Ttt::from(".........");
    // A strong prior on a corner makes it the choice after few playouts ...
    let hooks = TttHooks {
        favour: Some((
            8,
            Prior {
                value: 0.9,
                weight: 500.0,
            },
        )),
    };
    let config = RaveConfig {
        exploration: 0.1,
        ..rave(1, 1)
    };
    let r = RaveMcts::new(hooks, config)
        .search(&pos, &Limits::nodes(100))
        .unwrap();
    assert_eq!(r.best, 8, "{:?}", r.moves);
    // ... and a bad prior on the winning square slows, but does not stop, finding it.
    let pos = Ttt::from("xx.oo....");
    let hooks = TttHooks {
        favour: Some((
            2,
            Prior {
                value: 0.0,
                weight: 20.0,
            },
        )),
    };
    let r = RaveMcts::new(hooks, rave(1, 1))
        .search(&pos, &Limits::nodes(5_000))
        .unwrap();
    assert_eq!(r.best, 2, "{:?}", r.moves);
}

#[test]
fn limits_are_exact_in_playouts_and_kept_in_time() {
    let pos = Ttt::from(".........");
    for threads in [1, 2] {
        let mut mcts = RaveMcts::new(TttHooks::default(), rave(threads, 3));
        let r = mcts.search(&pos, &Limits::nodes(1_234)).unwrap();
        assert_eq!(r.playouts, 1_234);
        // The tree was reused: the root keeps its visits.
        assert_eq!(mcts.root_visits(), 1_234);
        let start = Instant::now();
        let r = mcts
            .search(&pos, &Limits::move_time(Duration::from_millis(60)))
            .unwrap();
        assert!(
            start.elapsed() < Duration::from_millis(300),
            "{:?}",
            start.elapsed()
        );
        assert!(r.playouts > 0);
        assert_eq!(r.reused, 1_234);
        // A stop flag set from another thread ends a search with no other limit.
        let stop = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&stop);
        let setter = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(30));
            flag.store(true, Ordering::Relaxed);
        });
        let limits = Limits {
            stop: Some(stop),
            ..Limits::default()
        };
        let start = Instant::now();
        mcts.search(&Ttt::from("x........"), &limits).unwrap();
        assert!(
            start.elapsed() < Duration::from_secs(2),
            "{:?}",
            start.elapsed()
        );
        setter.join().unwrap();
    }
    // A finished game has no search.
    let mut mcts = RaveMcts::new(TttHooks::default(), rave(1, 1));
    assert!(
        mcts.search(&Ttt::from("xxxoo...."), &Limits::nodes(10))
            .is_none()
    );
}

#[test]
fn tree_reuse_keeps_the_subtree_of_our_move_and_the_reply() {
    let pos = Ttt::from(".........");
    let mut mcts = RaveMcts::new(TttHooks::default(), rave(1, 5));
    let r = mcts.search(&pos, &Limits::nodes(5_000)).unwrap();
    let ours = r.moves[0];
    // One ply on (our move): the child's visits are kept.
    let r1 = mcts.search(&pos.after(ours.mv), &Limits::nodes(0)).unwrap();
    assert_eq!((r1.reused, r1.playouts), (ours.visits, 0));
    let reply = r1.moves[0];
    assert!(reply.visits > 0);
    // Two plies on (our move and the reply), in a twin searcher with the same seed: the
    // grandchild's visits are kept.
    let mut twin = RaveMcts::new(TttHooks::default(), rave(1, 5));
    assert_eq!(
        twin.search(&pos, &Limits::nodes(5_000)).unwrap().moves,
        r.moves
    );
    let two = pos.after(ours.mv).after(reply.mv);
    let r2 = twin.search(&two, &Limits::nodes(100)).unwrap();
    assert_eq!(r2.reused, reply.visits);
    assert_eq!(twin.root_visits(), reply.visits + 100);
    // A position that is none of these starts afresh.
    let r3 = twin
        .search(&Ttt::from("o...x...."), &Limits::nodes(10))
        .unwrap();
    assert_eq!((r3.reused, twin.root_visits()), (0, 10));
    // With reuse off every search starts afresh.
    let mut fresh = RaveMcts::new(
        TttHooks::default(),
        RaveConfig {
            reuse: false,
            ..rave(1, 5)
        },
    );
    fresh.search(&pos, &Limits::nodes(1_000)).unwrap();
    let r = fresh.search(&pos, &Limits::nodes(10)).unwrap();
    assert_eq!(r.reused, 0);
}

#[test]
fn an_early_stop_comes_when_the_best_move_cannot_be_overtaken() {
    // X wins at once on 2; everything else loses to O's win on 5.
    let pos = Ttt::from("xx.oo....");
    let config = RaveConfig {
        early_stop: true,
        ..rave(1, 1)
    };
    let start = Instant::now();
    let r = RaveMcts::new(TttHooks::default(), config)
        .search(&pos, &Limits::move_time(Duration::from_millis(1_000)))
        .unwrap();
    assert_eq!(r.best, 2);
    assert!(
        start.elapsed() < Duration::from_millis(900),
        "{:?}",
        start.elapsed()
    );
}

#[test]
fn resignation_when_every_move_loses() {
    let config = RaveConfig {
        resign_below: 0.15,
        resign_min_visits: 500,
        ..rave(1, 1)
    };
    // O to move cannot stop X's three threats (on 2, 3 and 8).
    let lost = Ttt::from("xo..xox..");
    assert_eq!(best_moves(&lost, &ttt_key).0, 0);
    let r = RaveMcts::new(TttHooks::default(), config)
        .search(&lost, &Limits::nodes(3_000))
        .unwrap();
    assert!(r.resign, "{:?}", r.moves);
    let won = Ttt::from("xx.oo....");
    let r = RaveMcts::new(TttHooks::default(), config)
        .search(&won, &Limits::nodes(3_000))
        .unwrap();
    assert!(!r.resign);
    // Too few visits: no resignation yet.
    let r = RaveMcts::new(TttHooks::default(), config)
        .search(&lost, &Limits::nodes(100))
        .unwrap();
    assert!(!r.resign);
}
