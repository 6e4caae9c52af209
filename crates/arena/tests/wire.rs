//! The wire format with real games: jobs of built-in engines and programs read back with
//! every field, and play the same game as the job they came from; records of played games
//! (one ended by a program's fault, with its stderr) read back equal and write again to the
//! same text; a game's watch events, forwarded as texts and replayed, are what a watch on
//! the game itself saw; bad texts are refused naming what is wrong.

use olympiad_arena::{
    Contestant, Finished, ForwardWatch, GameJob, GameRecord, MoveRecord, PlayerSpec, RefereeConfig,
    Started, Termination, TimeControl, Watch, WatchEvent, finished_from_wire, finished_to_wire,
    job_from_wire, job_to_wire,
};
use olympiad_catalog::find_game;
use std::path::PathBuf;
use std::sync::Mutex;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

fn referee() -> RefereeConfig {
    RefereeConfig {
        time: TimeControl {
            budget: Duration::new(30, 123_456_789),
            increment: Duration::from_micros(2_500),
            move_cap: Some(Duration::from_nanos(7_000_000_001)),
            moves_per_period: None,
            margin: Duration::ZERO,
        },
        freeze_idle: false,
        max_plies: Some(40),
        adjudication: Default::default(),
    }
}

fn contestant(spec: &str, game: &str) -> Contestant {
    Contestant {
        name: format!("player {spec}"),
        spec: PlayerSpec::parse(spec, find_game(game).unwrap()).unwrap(),
    }
}

/// A job of `game` with these players' specs.
fn job(index: u64, game: &str, specs: &[&str]) -> GameJob {
    GameJob {
        index,
        game: find_game(game).unwrap(),
        seats: specs.iter().map(|s| contestant(s, game)).collect(),
        opening: None,
        referee: referee(),
        log_dir: None,
        address_space_bytes: None,
    }
}

/// A directory of its own for this test's logs.
fn log_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("arena-wire-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `back` is `job` field by field (the game and protocols the same catalog entries).
fn assert_same_job(job: &GameJob, back: &GameJob) {
    assert_eq!(back.index, job.index);
    assert!(std::ptr::eq(back.game, job.game), "{:?}", back.game);
    assert_eq!(back.opening, job.opening);
    assert_eq!(back.referee, job.referee);
    assert_eq!(back.log_dir, job.log_dir);
    assert_eq!(back.address_space_bytes, job.address_space_bytes);
    assert_eq!(back.seats.len(), job.seats.len());
    for (a, b) in job.seats.iter().zip(&back.seats) {
        assert_eq!(b.name, a.name);
        match (&a.spec, &b.spec) {
            (
                PlayerSpec::Builtin { engine, options },
                PlayerSpec::Builtin {
                    engine: e,
                    options: o,
                },
            ) => {
                assert_eq!(e, engine);
                assert_eq!(o, options);
            }
            (
                PlayerSpec::Command {
                    program,
                    args,
                    protocol,
                    options,
                },
                PlayerSpec::Command {
                    program: p,
                    args: a,
                    protocol: q,
                    options: o,
                },
            ) => {
                assert_eq!(p, program);
                assert_eq!(a, args);
                assert_eq!(o, options);
                assert!(std::ptr::eq(*q, *protocol), "{}", q.name);
            }
            (
                PlayerSpec::Remote {
                    address,
                    protocol,
                    options,
                },
                PlayerSpec::Remote {
                    address: d,
                    protocol: q,
                    options: o,
                },
            ) => {
                assert_eq!(d, address);
                assert_eq!(o, options);
                assert!(std::ptr::eq(*q, *protocol), "{}", q.name);
            }
            (a, b) => panic!("{a:?} came back as {b:?}"),
        }
    }
}

/// The same game: everything but the times.
fn assert_same_game(a: &GameRecord, b: &GameRecord) {
    let moves = |r: &GameRecord| -> Vec<(u8, String)> {
        r.moves.iter().map(|m| (m.seat, m.text.clone())).collect()
    };
    assert_eq!(a.game, b.game);
    assert_eq!(a.index, b.index);
    assert_eq!(a.players, b.players);
    assert_eq!(a.config, b.config);
    assert_eq!(a.start, b.start);
    assert_eq!(moves(a), moves(b));
    assert_eq!(a.points, b.points);
    assert_eq!(a.result, b.result);
    assert_eq!(a.termination, b.termination);
    assert_eq!(a.end, b.end);
}

/// Sends `job` and reads it back: the same fields, the same text again.
fn through_the_wire(job: &GameJob) -> GameJob {
    let text = job_to_wire(job);
    let back = job_from_wire(&text).unwrap_or_else(|e| panic!("{e}: {text}"));
    assert_same_job(job, &back);
    assert_eq!(job_to_wire(&back), text);
    back
}

#[test]
fn jobs_of_builtin_engines_read_back_whole_and_play_the_same_game() {
    let mut chess = job(
        3,
        "caissa",
        &["builtin:random:seed=1", "builtin:random:seed=2"],
    );
    // An opening: the first two moves of a game of these players.
    let played = chess.play(&olympiad_arena::NoWatch);
    assert!(played.moves.len() > 2);
    let line: Vec<&str> = played.moves[..2].iter().map(|m| m.text.as_str()).collect();
    chess.opening = Some(line.join(" "));
    chess.address_space_bytes = Some(1 << 30);
    let mut rolit = job(
        5,
        "rolit(players=3)",
        &[
            "builtin:random:seed=1",
            "builtin:random",
            "builtin:random:seed=3",
        ],
    );
    rolit.log_dir = Some(log_dir("jobs"));
    for job in [chess, rolit] {
        let back = through_the_wire(&job);
        let (here, there) = (
            job.play(&olympiad_arena::NoWatch),
            back.play(&olympiad_arena::NoWatch),
        );
        assert!(!here.moves.is_empty());
        assert_same_game(&here, &there);
    }
    let text = job_to_wire(&job(0, "rolit(players=3)", &["builtin:random:seed=4"; 3]));
    // The game by its variant's catalog name (an alias here).
    let name = find_game("rolit(players=3)").unwrap().name;
    assert_eq!(name, "rolit3");
    assert!(text.contains(&format!(r#""game":"{name}""#)), "{text}");
    assert!(
        text.contains(r#""spec":{"kind":"builtin","engine":"random","options":"seed=4"}"#),
        "{text}"
    );
}

#[test]
fn a_job_with_a_program_reads_back_with_its_protocol() {
    let mut job = job(
        7,
        "caissa",
        &["caia:sh -c 'echo nonsense'", "builtin:random"],
    );
    job.log_dir = Some(log_dir("program"));
    let back = through_the_wire(&job);
    match &back.seats[0].spec {
        PlayerSpec::Command { protocol, args, .. } => {
            assert_eq!(protocol.name, "caia");
            assert_eq!(args, &["-c", "echo nonsense"]);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_job_with_a_listening_program_reads_back_with_its_address() {
    let job = job(8, "draughts", &["dxp@127.0.0.1:27531", "builtin:random"]);
    let back = through_the_wire(&job);
    match &back.seats[0].spec {
        PlayerSpec::Remote {
            address, protocol, ..
        } => assert_eq!(
            (address.as_str(), protocol.name),
            ("127.0.0.1:27531", "dxp")
        ),
        other => panic!("{other:?}"),
    }
}

/// Writes `f`, reads it back: equal, and written again the same text.
fn assert_finished_round_trip(f: &Finished) {
    let text = finished_to_wire(f);
    let back = finished_from_wire(&text).unwrap_or_else(|e| panic!("{e}: {text}"));
    assert_eq!(back.started, f.started);
    assert_eq!(back.record, f.record);
    assert_eq!(finished_to_wire(&back), text);
    // The record reads back to the same JSON line as the match writes.
    assert_eq!(
        serde_json::to_string(&back.record).unwrap(),
        serde_json::to_string(&f.record).unwrap()
    );
}

#[test]
fn records_of_played_games_read_back_exactly() {
    let dir = log_dir("records");
    let mut faulty = job(
        2,
        "caissa",
        &["cmd:sh -c 'echo oops >&2; echo nonsense'", "builtin:random"],
    );
    faulty.log_dir = Some(dir.clone());
    let jobs = [
        job(
            1,
            "caissa",
            &["builtin:random:seed=5", "builtin:random:seed=6"],
        ),
        job(4, "rolit(players=3)", &["builtin:random"; 3]),
        faulty,
    ];
    let mut records = Vec::new();
    for job in &jobs {
        let started = SystemTime::now();
        let record = job.play(&olympiad_arena::NoWatch);
        assert_finished_round_trip(&Finished {
            started,
            record: record.clone(),
        });
        records.push(record);
    }
    assert!(records[0].moves.iter().all(|m| m.time_ms > 0.0));
    // The program's fault and its stderr came back too.
    let faulted = &records[2];
    assert!(
        matches!(faulted.termination, Termination::Fault { seat: 0, .. }),
        "{:?}",
        faulted.termination
    );
    let stderr = faulted.players[0].end.stderr.as_ref().expect("captured");
    assert!(stderr.head.contains("oops"), "{stderr:?}");
    assert!(stderr.log.is_some());
    assert!(faulted.players[0].end.exit.is_some());
    std::fs::remove_dir_all(&dir).unwrap();

    // Start times to the nanosecond, before the epoch too.
    for started in [
        UNIX_EPOCH + Duration::new(1_750_000_000, 123_456_789),
        UNIX_EPOCH - Duration::new(86_400, 1),
        UNIX_EPOCH,
    ] {
        assert_finished_round_trip(&Finished {
            started,
            record: records[0].clone(),
        });
    }
}

#[test]
fn time_controls_read_back_to_the_nanosecond_under_two_to_the_fifty_nanoseconds() {
    // Whole and odd durations, then pseudo-random ones up to 2^50 ns (13 days).
    let mut durations: Vec<Duration> = [0, 1, 999, 1_000_000, 999_999_999, 1_000_000_001]
        .into_iter()
        .map(Duration::from_nanos)
        .collect();
    let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
    for _ in 0..20_000 {
        x = x
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        durations.push(Duration::from_nanos((x >> 14) & ((1 << 50) - 1)));
    }
    for d in durations {
        let time = TimeControl {
            budget: d,
            increment: d / 3,
            move_cap: Some(d),
            moves_per_period: None,
            margin: Duration::ZERO,
        };
        let text = serde_json::to_string(&time).unwrap();
        let back: TimeControl = serde_json::from_str(&text).unwrap();
        assert_eq!(back, time, "{text}");
    }
    let bad = serde_json::from_str::<TimeControl>(
        r#"{"budget_ms":-1.0,"increment_ms":0.0,"move_cap_ms":null}"#,
    );
    assert!(bad.unwrap_err().to_string().contains("not a duration"));
}

/// Shows every event to two watches.
struct Both<'a>(&'a dyn Watch, &'a dyn Watch);

impl Watch for Both<'_> {
    fn started(&self, game: &Started<'_>) {
        self.0.started(game);
        self.1.started(game);
    }
    fn moved(&self, index: u64, ply: usize, mv: &MoveRecord) {
        self.0.moved(index, ply, mv);
        self.1.moved(index, ply, mv);
    }
    fn ended(&self, record: &GameRecord) {
        self.0.ended(record);
        self.1.ended(record);
    }
}

/// The events a watch of the game of `record` sees: its start, its moves, its end.
fn events_of(record: &GameRecord) -> Vec<WatchEvent> {
    let started = WatchEvent::Started {
        index: record.index,
        game: record.game.clone(),
        players: record.players.iter().map(|p| p.name.clone()).collect(),
        start: record.start.clone(),
        config: record.config,
    };
    let moves = record
        .moves
        .iter()
        .enumerate()
        .map(|(ply, mv)| WatchEvent::Moved {
            index: record.index,
            ply,
            mv: mv.clone(),
        });
    std::iter::once(started)
        .chain(moves)
        .chain([WatchEvent::Ended(Box::new(record.clone()))])
        .collect()
}

#[test]
fn forwarded_watch_events_replay_as_the_game_was_watched() {
    for job in [
        job(
            9,
            "caissa",
            &["builtin:random:seed=7", "builtin:random:seed=8"],
        ),
        job(10, "rolit(players=3)", &["builtin:random"; 3]),
    ] {
        // Where the game is played: events as texts.
        let texts = Mutex::new(Vec::new());
        let forward = ForwardWatch::new(|e: WatchEvent| texts.lock().unwrap().push(e.to_wire()));
        // And a watch of the game itself, keeping what the referee told it.
        let direct = Mutex::new(Vec::new());
        let record = job.play(&Both(
            &forward,
            &ForwardWatch::new(|e| direct.lock().unwrap().push(e)),
        ));
        let direct = direct.into_inner().unwrap();
        assert!(!record.moves.is_empty());
        assert_eq!(direct, events_of(&record));
        // Where it is watched: the texts read and replayed into a watch.
        let replayed = Mutex::new(Vec::new());
        let watch = ForwardWatch::new(|e| replayed.lock().unwrap().push(e));
        for text in texts.into_inner().unwrap() {
            let event = WatchEvent::from_wire(&text).unwrap_or_else(|e| panic!("{e}: {text}"));
            assert_eq!(event.to_wire(), text);
            assert_eq!(event.index(), job.index);
            event.replay(&watch);
        }
        assert_eq!(replayed.into_inner().unwrap(), direct);
    }
}

/// The error reading `text` as a job.
fn job_error(text: &str) -> String {
    match job_from_wire(text) {
        Ok(job) => panic!("{text} read as {job:?}"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn bad_texts_are_refused_naming_what_is_wrong() {
    let good = job(0, "caissa", &["builtin:random", "codecup:sh -c 'echo a'"]);
    let good_value: serde_json::Value = serde_json::from_str(&job_to_wire(&good)).unwrap();
    // A field of the good job (a JSON pointer), its bad value, what the error must say.
    let cases: [(&str, serde_json::Value, &[&str]); 8] = [
        ("/game", "chesss".into(), &["unknown game 'chesss'"]),
        (
            "/seats/1/spec/protocol",
            "ugi".into(),
            &["seat 1", "unknown protocol 'ugi'"],
        ),
        (
            "/seats/0/spec/engine",
            "alphazero".into(),
            &["seat 0", "unknown engine 'alphazero'"],
        ),
        (
            "/seats/0/spec/options",
            "depth=3".into(),
            &["no option 'depth'"],
        ),
        ("/seats/0/spec/options", "seed".into(), &["options 'seed'"]),
        (
            "/seats",
            serde_json::json!([good_value["seats"][0]]),
            &["caissa has 2 seats, the job has 1 players"],
        ),
        ("/opening", "nonsense".into(), &["opening 'nonsense'"]),
        (
            "/seats/0/spec/kind",
            "telepathy".into(),
            &["bad job message", "unknown variant `telepathy`"],
        ),
    ];
    for (pointer, bad, needles) in cases {
        let mut value = good_value.clone();
        *value.pointer_mut(pointer).unwrap() = bad;
        let e = job_error(&value.to_string());
        for needle in needles {
            assert!(e.contains(needle), "{pointer}: {e}");
        }
    }
    let text = job_to_wire(&good);
    let e = job_error(&text[..text.len() - 10]);
    assert!(
        e.contains("bad job message") && e.contains("line 1 column"),
        "{e}"
    );

    let record = good.play(&olympiad_arena::NoWatch);
    let finished = finished_to_wire(&Finished {
        started: SystemTime::now(),
        record,
    });
    let e = finished_from_wire(&finished.replace("\"termination\"", "\"ending\""))
        .unwrap_err()
        .to_string();
    assert!(e.contains("bad finished game message"), "{e}");
    // A start 10^21 seconds from the epoch: no system time holds it.
    let rest = &finished[finished.find(r#","record""#).unwrap()..];
    let far = format!(r#"{{"started_unix_ns":{}{rest}"#, 10i128.pow(30));
    let e = finished_from_wire(&far).unwrap_err().to_string();
    assert!(
        e.contains("1000000000000000000000000000000 ns") && e.contains("out of range"),
        "{e}"
    );
    let e = WatchEvent::from_wire(r#"{"paused":{"index":1}}"#)
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("bad watch event message") && e.contains("paused"),
        "{e}"
    );
}
