//! The search on a real game: Caïssa positions from random playouts, with a simple
//! material-plus-mobility evaluation written here. Every algorithm, with and without the
//! table, equals plain minimax at depths 1 to 3 (and 4 on a few positions); and the time
//! limits and the stop flag are measured on searches deep enough to need them, in the
//! searching thread's own CPU time (see [`CpuClock`]).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use olympiad_caissa::{Color, Kind, Move, Position};
use olympiad_core::{Game, SplitMix64};
use olympiad_search::{Algorithm, Config, Hooks, Limits, Report, Score, Searcher, minimax};

/// A win is worth this minus its distance from the root.
const WIN: Score = 1000;
/// The evaluation stays inside ± this.
const EVAL_LIMIT: Score = 500;

/// Material (rook 48, bishop 30, knight 24) and the side to move's number of moves.
#[derive(Clone, Copy, Debug, Default)]
struct Simple {
    /// Extend one ply when the side to move has at most three moves (as HIPP does).
    extend_few_moves: bool,
}

fn material(pos: &Position, color: Color) -> Score {
    [(Kind::Rook, 48), (Kind::Bishop, 30), (Kind::Knight, 24)]
        .iter()
        .filter(|(k, _)| pos.square_of(color, *k).is_some())
        .map(|&(_, v)| v)
        .sum()
}

impl Hooks<Position> for Simple {
    fn bounds(&self) -> (Score, Score) {
        (-WIN, WIN)
    }
    fn terminal(&mut self, pos: &Position, ply: u32) -> Option<Score> {
        let outcome = pos.outcome()?;
        Some(match outcome.winner() {
            Some(s) if s == pos.to_move() => WIN - ply as Score,
            Some(_) => -(WIN - ply as Score),
            None => 0,
        })
    }
    fn no_moves(&mut self, _: &Position, _: u32) -> Score {
        unreachable!("terminal() covers every position without a move")
    }
    fn evaluate(&mut self, pos: &Position, _: u32) -> Score {
        let side = pos.side();
        let m = material(pos, side) - material(pos, side.flip());
        (m + pos.count_moves() as Score).clamp(-EVAL_LIMIT, EVAL_LIMIT)
    }
    fn extension(&mut self, _: &Position, moves: &[Move], _: u32) -> i32 {
        i32::from(self.extend_few_moves && moves.len() <= 3)
    }
    fn quiescence(&self) -> bool {
        false
    }
    fn history_slot(&self, _: &Position, mv: Move) -> Option<usize> {
        Some(usize::from(mv.from) * 64 + usize::from(mv.to))
    }
    fn to_table(&self, s: Score, ply: u32) -> Score {
        let ply = ply as Score;
        if s > EVAL_LIMIT {
            s + ply
        } else if s < -EVAL_LIMIT {
            s - ply
        } else {
            s
        }
    }
    fn from_table(&self, s: Score, ply: u32) -> Score {
        let ply = ply as Score;
        if s > EVAL_LIMIT {
            s - ply
        } else if s < -EVAL_LIMIT {
            s + ply
        } else {
            s
        }
    }
}

/// Positions after 4..40 random plies (games that ended are skipped).
fn corpus(n: usize, seed: u64) -> Vec<Position> {
    let mut rng = SplitMix64::new(seed);
    let mut out = Vec::new();
    while out.len() < n {
        let mut pos = Position::start();
        let plies = 4 + rng.below(36);
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

fn all_configs() -> Vec<Config> {
    let mut out = Vec::new();
    for algorithm in [Algorithm::AlphaBeta, Algorithm::Pvs, Algorithm::Mtdf] {
        for tt_mib in [0, 2] {
            out.push(Config {
                algorithm,
                tt_mib,
                ..Config::default()
            });
        }
    }
    out
}

fn check(hooks: Simple, corpus: &[Position], max_depth: u32) {
    for pos in corpus {
        let want: Vec<Score> = (1..=max_depth)
            .map(|d| minimax(pos, &mut hooks.clone(), d))
            .collect();
        for config in all_configs() {
            let mut searcher = Searcher::new(hooks, config);
            let mut got = Vec::new();
            let r = searcher.search(pos, &Limits::depth(max_depth), &mut |r: &Report<Move>| {
                got.push(r.score)
            });
            assert_eq!(got, want, "{config:?} {pos:?}");
            assert!(pos.is_legal(r.best.unwrap()));
        }
    }
}

#[test]
fn every_algorithm_equals_minimax_to_depth_3() {
    check(Simple::default(), &corpus(30, 1), 3);
}

#[test]
fn every_algorithm_equals_minimax_to_depth_4() {
    check(Simple::default(), &corpus(12, 2), 4);
}

#[test]
fn few_moves_extension_equals_minimax_with_it() {
    let hooks = Simple {
        extend_few_moves: true,
    };
    // Positions where someone is short of moves: late in random games.
    let positions: Vec<Position> = corpus(200, 3)
        .into_iter()
        .filter(|p| p.count_moves() <= 8)
        .take(8)
        .collect();
    assert!(positions.len() >= 4);
    for pos in &positions {
        for depth in 1..=3 {
            let want = minimax(pos, &mut hooks.clone(), depth);
            for algorithm in [Algorithm::AlphaBeta, Algorithm::Pvs, Algorithm::Mtdf] {
                let config = Config {
                    algorithm,
                    tt_mib: 0,
                    ..Config::default()
                };
                let r = Searcher::new(hooks, config).search(pos, &Limits::depth(depth), &mut ());
                assert_eq!(r.score, want, "{config:?} depth {depth} {pos:?}");
            }
        }
    }
}

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

/// Rounds of timing measurements allowed: the machine is shared (two cores, other builds),
/// so a round whose median is spoilt (a watcher thread woken late, a sibling hyperthread
/// slowing the search) is measured again.
const TIMING_ROUNDS: usize = 5;
/// Measurements per round.
const TIMING_TRIALS: usize = 5;
/// No single measurement may be off by more than this, however loaded the machine.
const TIMING_SANITY: Duration = Duration::from_millis(100);

/// A thread's CPU clock, which other threads can read. How late a search stops is its CPU
/// time after the deadline or the stop flag: the work it did before it looked. In wall time
/// a search that waited for a CPU when its time ran out is late by a scheduler slice or
/// more, however often it looks: 4 to 22 ms were seen with a perft on both cores, for a
/// search that looks every few hundred microseconds.
#[derive(Clone, Copy)]
struct CpuClock(libc::clockid_t);

impl CpuClock {
    /// The calling thread's clock (it stays readable while the thread lives).
    fn this_thread() -> CpuClock {
        let mut id: libc::clockid_t = 0;
        // SAFETY: pthread_self is the calling thread; `id` is a valid place to write.
        let err = unsafe { libc::pthread_getcpuclockid(libc::pthread_self(), &mut id) };
        assert_eq!(err, 0, "pthread_getcpuclockid");
        CpuClock(id)
    }

    /// The CPU time the thread has used so far.
    fn now(self) -> Duration {
        let mut t = libc::timespec {
            tv_sec: 0,
            tv_nsec: 0,
        };
        // SAFETY: `t` is a valid place to write.
        let err = unsafe { libc::clock_gettime(self.0, &mut t) };
        assert_eq!(err, 0, "clock_gettime");
        Duration::new(t.tv_sec as u64, t.tv_nsec as u32)
    }
}

/// Runs `trial` (which returns how late something happened) in rounds until the median of a
/// round is within `goal`; panics if no round is.
fn timed(goal: Duration, mut trial: impl FnMut(&Position) -> Duration) {
    let positions = corpus(TIMING_TRIALS, 4);
    let mut rounds = Vec::new();
    for _ in 0..TIMING_ROUNDS {
        let lates: Vec<Duration> = positions.iter().map(&mut trial).collect();
        assert!(lates.iter().all(|&l| l <= TIMING_SANITY), "{lates:?}");
        eprintln!("late by {lates:?}");
        if median(lates.clone()) <= goal {
            return;
        }
        rounds.push(lates);
    }
    panic!("no round had a median within {goal:?}: {rounds:?}");
}

#[test]
fn move_time_is_honoured() {
    let mut searcher = Searcher::new(Simple::default(), Config::default());
    let budget = Duration::from_millis(40);
    timed(Duration::from_millis(3), |pos| {
        let clock = CpuClock::this_thread();
        let deadline = Instant::now() + budget;
        // Reads the search's CPU clock when its time is up (or a little later, if this
        // thread waits for a CPU: then the lateness is underestimated by at most that wait).
        let watcher = std::thread::spawn(move || {
            std::thread::sleep(deadline.saturating_duration_since(Instant::now()));
            clock.now()
        });
        let r = searcher.search(pos, &Limits::move_time(budget), &mut ());
        let returned = clock.now();
        let at_deadline = watcher.join().unwrap();
        assert!(pos.is_legal(r.best.unwrap()));
        assert!(r.depth >= 2);
        returned.saturating_sub(at_deadline)
    });
}

#[test]
fn stop_flag_from_another_thread_stops_within_2_ms() {
    let mut searcher = Searcher::new(Simple::default(), Config::default());
    timed(Duration::from_millis(2), |pos| {
        let clock = CpuClock::this_thread();
        let flag = Arc::new(AtomicBool::new(false));
        let setter = {
            let flag = Arc::clone(&flag);
            std::thread::spawn(move || {
                std::thread::sleep(Duration::from_millis(30));
                let at = clock.now();
                flag.store(true, Ordering::Relaxed);
                at
            })
        };
        let limits = Limits {
            stop: Some(flag),
            ..Limits::default()
        };
        let r = searcher.search(pos, &limits, &mut ());
        let returned = clock.now();
        let set_at = setter.join().unwrap();
        assert!(pos.is_legal(r.best.unwrap()));
        returned.saturating_sub(set_at)
    });
}

#[test]
fn reports_come_once_per_iteration() {
    let mut searcher = Searcher::new(Simple::default(), Config::default());
    let mut reports = Vec::new();
    let r = searcher.search(&Position::start(), &Limits::depth(5), &mut |r: &Report<
        Move,
    >| {
        reports.push(r.clone())
    });
    let depths: Vec<u32> = reports.iter().map(|r| r.depth).collect();
    assert_eq!(depths, [1, 2, 3, 4, 5]);
    assert!(reports.windows(2).all(|w| w[0].nodes <= w[1].nodes));
    let last = reports.last().unwrap();
    assert_eq!(
        (last.score, &last.pv, last.nodes),
        (r.score, &r.pv, r.nodes)
    );
    assert_eq!(r.pv.first(), r.best.as_ref());
    // The principal variation is a legal line.
    let mut pos = Position::start();
    for &mv in &r.pv {
        assert!(pos.is_legal(mv), "{:?}", r.pv);
        pos.play(mv);
    }
}
