//! The two seams above the referee, with real games of built-in engines: a [`Watch`] sees
//! every game of a concurrent match (two seats, and a table of three) start once, move
//! exactly as its record says, in order, and end once with its record; the
//! [`LocalExecutor`] plays at most `concurrency` games at once, reports every job it starts
//! exactly once, and after a stop starts nothing more while the games under way finish.

use olympiad_arena::{
    Contestant, Executor, ForwardWatch, GameJob, GameRecord, LocalExecutor, MatchConfig,
    PlayerSpec, RefereeConfig, Started, TimeControl, Watch, WatchEvent, run_match,
};
use olympiad_catalog::{GameEntry, find_game};
use std::collections::BTreeSet;
use std::ops::ControlFlow;
use std::sync::{Condvar, Mutex};
use std::time::Duration;

/// How long a test waits for the executor to have `concurrency` games under way before it
/// calls that a failure (a broken executor would otherwise hang the test).
const GATE_PATIENCE: Duration = Duration::from_secs(300);

fn referee() -> RefereeConfig {
    RefereeConfig {
        time: TimeControl {
            budget: Duration::from_secs(30),
            increment: Duration::ZERO,
            move_cap: None,
            moves_per_period: None,
            margin: Duration::ZERO,
        },
        freeze_idle: false,
        max_plies: Some(80),
        adjudication: Default::default(),
    }
}

fn random(seed: u32, game: &'static GameEntry) -> Contestant {
    let spec = format!("builtin:random:seed={seed}");
    Contestant {
        name: spec.clone(),
        spec: PlayerSpec::parse(&spec, game).unwrap(),
    }
}

fn match_config(game: &'static GameEntry, games: u64) -> MatchConfig {
    MatchConfig {
        game,
        games,
        referee: referee(),
        concurrency: 2,
        out_dir: None,
        address_space_bytes: None,
        sprt: None,
        openings: Vec::new(),
    }
}

/// Every record's game was seen as: one `started` with its game, players, start and
/// config; one `moved` per recorded move, in order, equal to it; one `ended` with the
/// record itself; and nothing else.
fn check_watched(seen: &[WatchEvent], records: &[GameRecord]) {
    let indices: BTreeSet<u64> = records.iter().map(|r| r.index).collect();
    assert_eq!(indices.len(), records.len(), "one record per game");
    assert!(seen.iter().all(|e| indices.contains(&e.index())));
    for r in records {
        let events: Vec<&WatchEvent> = seen.iter().filter(|e| e.index() == r.index).collect();
        assert_eq!(events.len(), r.moves.len() + 2, "game {}", r.index);
        match events[0] {
            WatchEvent::Started {
                game,
                players,
                start,
                config,
                ..
            } => {
                assert_eq!(game, &r.game);
                let names: Vec<&String> = r.players.iter().map(|p| &p.name).collect();
                assert_eq!(players.iter().collect::<Vec<_>>(), names);
                assert_eq!(start, &r.start);
                assert_eq!(config, &r.config);
            }
            other => panic!("game {} starts with {other:?}", r.index),
        }
        for (i, m) in r.moves.iter().enumerate() {
            match events[i + 1] {
                WatchEvent::Moved { ply, mv, .. } => {
                    assert_eq!(*ply, i, "game {}", r.index);
                    assert_eq!(mv, m, "game {} ply {i}", r.index);
                }
                other => panic!("game {} ply {i} is {other:?}", r.index),
            }
        }
        match events[r.moves.len() + 1] {
            WatchEvent::Ended(end) => assert_eq!(
                serde_json::to_string(end).unwrap(),
                serde_json::to_string(r).unwrap()
            ),
            other => panic!("game {} ends with {other:?}", r.index),
        }
    }
}

#[test]
fn a_watch_sees_every_game_of_a_concurrent_match_as_its_record_says() {
    let game = find_game("caissa").unwrap();
    let config = match_config(game, 6);
    let (a, b) = (random(1, game), random(2, game));
    let seen = Mutex::new(Vec::new());
    let watch = ForwardWatch::new(|e| seen.lock().unwrap().push(e));
    let mut records = Vec::new();
    run_match(&config, &[a, b], &watch, |r, _| records.push(r.clone())).unwrap();
    assert_eq!(records.len(), 6);
    assert!(records.iter().all(|r| !r.moves.is_empty()));
    check_watched(&seen.lock().unwrap(), &records);
}

#[test]
fn a_watch_sees_every_game_of_a_concurrent_table_as_its_record_says() {
    let game = find_game("rolit(players=3)").unwrap();
    let config = match_config(game, 4);
    let players: Vec<Contestant> = (1..=3).map(|s| random(s, game)).collect();
    let seen = Mutex::new(Vec::new());
    let watch = ForwardWatch::new(|e| seen.lock().unwrap().push(e));
    let mut records = Vec::new();
    run_match(&config, &players, &watch, |r, _| records.push(r.clone())).unwrap();
    assert_eq!(records.len(), 4);
    assert!(records.iter().all(|r| r.players.len() == 3));
    check_watched(&seen.lock().unwrap(), &records);
}

/// `count` jobs of random Caïssa games, numbered from 0.
fn jobs(count: u64) -> Vec<GameJob> {
    let game = find_game("caissa").unwrap();
    (0..count)
        .map(|index| GameJob {
            index,
            game,
            seats: vec![random(1, game), random(2, game)],
            opening: None,
            referee: referee(),
            log_dir: None,
            address_space_bytes: None,
        })
        .collect()
}

/// Counts the games under way (started, not ended) and their most; the first `gate` games
/// to start wait in `started` until `gate` games are under way, so an executor playing
/// fewer at once fails (after [`GATE_PATIENCE`]) instead of passing.
struct Gauge {
    gate: usize,
    state: Mutex<(usize, usize, usize)>,
    more: Condvar,
}

impl Gauge {
    fn new(gate: usize) -> Self {
        Self {
            gate,
            state: Mutex::new((0, 0, 0)),
            more: Condvar::new(),
        }
    }
}

impl Watch for Gauge {
    fn started(&self, _: &Started<'_>) {
        let mut state = self.state.lock().unwrap();
        let (under_way, most, started) = &mut *state;
        *under_way += 1;
        *most = (*most).max(*under_way);
        *started += 1;
        let waits = *started <= self.gate;
        self.more.notify_all();
        if waits {
            let (state, timeout) = self
                .more
                .wait_timeout_while(state, GATE_PATIENCE, |s| s.0 < self.gate)
                .unwrap();
            drop(state);
            assert!(
                !timeout.timed_out(),
                "never {} games under way at once",
                self.gate
            );
        }
    }
    fn ended(&self, _: &GameRecord) {
        self.state.lock().unwrap().0 -= 1;
    }
}

#[test]
fn the_local_executor_plays_at_most_concurrency_games_and_reports_each_once() {
    for concurrency in [1, 3] {
        let gauge = Gauge::new(concurrency);
        let mut indices = Vec::new();
        LocalExecutor::new(concurrency).run(&mut jobs(7).into_iter(), &gauge, &mut |f| {
            indices.push(f.record.index);
            ControlFlow::Continue(())
        });
        indices.sort_unstable();
        assert_eq!(indices, (0..7).collect::<Vec<_>>(), "{concurrency}");
        let (under_way, most, started) = *gauge.state.lock().unwrap();
        assert_eq!((under_way, most, started), (0, concurrency, 7));
    }
}

#[test]
fn after_a_stop_the_local_executor_starts_nothing_and_finishes_what_is_under_way() {
    let concurrency = 3;
    for stop_after in [1, 4] {
        let seen = Mutex::new(Vec::new());
        let watch = ForwardWatch::new(|e| seen.lock().unwrap().push(e));
        let mut pulled = 0u64;
        let mut jobs = jobs(12).into_iter().inspect(|_| pulled += 1);
        let mut records = Vec::new();
        LocalExecutor::new(concurrency).run(&mut jobs, &watch, &mut |f| {
            records.push(f.record);
            if records.len() >= stop_after {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        drop(jobs);
        // The games under way when the caller said stop (at most one per other thread)
        // finished and were reported; no job was taken after it.
        assert!(
            (stop_after..stop_after + concurrency).contains(&records.len()),
            "{} games after a stop at {stop_after}",
            records.len()
        );
        assert_eq!(pulled, records.len() as u64);
        // Every started job ended and was reported once.
        check_watched(&seen.lock().unwrap(), &records);
    }
}
