//! Games and matches of more than two seats (Rolit): built-in engines in four- and three-seat
//! matches with seats rotated and complete records, and real programs (`arena-testbot` in
//! the Caia dialogue) at a four-seat table, playing through and faulting; a fault ends the
//! game with the offender at 0, the others at 1 point each and told "0", and no process of
//! any group is left.

use olympiad_arena::NoWatch;
use olympiad_arena::{
    Contestant, EnginePlayer, GameRecord, Limits, MatchConfig, Player, PlayerSpec, ProcessConfig,
    ProgramPlayer, RefereeConfig, Termination, TimeControl, group_members, play_game, run_match,
};
use olympiad_catalog::{Options, find_game};
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// Each seat's budget per game in these tests.
const BUDGET: Duration = Duration::from_secs(5);
/// How long a dead group's members may take to disappear after the game returns.
const REAP_GRACE: Duration = Duration::from_secs(1);

fn referee() -> RefereeConfig {
    RefereeConfig {
        time: TimeControl {
            budget: BUDGET,
            increment: Duration::ZERO,
            move_cap: None,
            moves_per_period: None,
            margin: Duration::ZERO,
        },
        freeze_idle: false,
        max_plies: None,
        adjudication: Default::default(),
    }
}

fn out_dir(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("nseat-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn contestant(spec: &str, game: &'static olympiad_catalog::GameEntry) -> Contestant {
    Contestant {
        name: spec.into(),
        spec: PlayerSpec::parse(spec, game).unwrap(),
    }
}

/// The record replays; seats move in turn; clocks add up; every seat has a name, points and
/// time used.
fn check_complete(r: &GameRecord, seats: usize) {
    let mut replay = find_game(&r.game).unwrap().start();
    assert_eq!(r.start, replay.position_text());
    let mut used = vec![0.0f64; seats];
    for (i, m) in r.moves.iter().enumerate() {
        assert_eq!(m.seat as usize, i % seats);
        replay.play(&m.text).unwrap();
        used[m.seat as usize] += m.time_ms;
        let expected_left = BUDGET.as_secs_f64() * 1000.0 - used[m.seat as usize];
        assert!((m.left_ms - expected_left).abs() < 1e-6);
    }
    assert_eq!(r.end, replay.position_text());
    assert_eq!(r.players.len(), seats);
    assert_eq!(r.points.len(), seats);
    assert_eq!(r.left_ms.len(), seats);
    assert_eq!(r.used_ms.len(), seats);
    if !matches!(r.termination, Termination::Fault { .. }) {
        for (s, u) in used.iter().enumerate() {
            assert!((r.used_ms[s] - u).abs() < 1e-6);
        }
    }
    let json = serde_json::to_string(r).unwrap();
    assert!(json.contains("\"used_ms\""));
}

#[test]
fn four_seat_match_rotates_seats_and_scores_every_ball() {
    let game = find_game("rolit").unwrap();
    let specs = [
        "builtin:random:seed=1",
        "builtin:maxn:depth=1",
        "builtin:mcts:playouts=50",
        "builtin:paranoid:depth=1",
    ];
    let players: Vec<Contestant> = specs.iter().map(|s| contestant(s, game)).collect();
    let out = out_dir("four");
    let config = MatchConfig {
        game,
        games: 8,
        referee: referee(),
        concurrency: 2,
        out_dir: Some(out.clone()),
        address_space_bytes: None,
        sprt: None,
        openings: Vec::new(),
    };
    let mut seen = Vec::new();
    let summary = run_match(&config, &players, &NoWatch, |r, _| seen.push(r.clone())).unwrap();
    assert_eq!(seen.len(), 8);
    for r in &seen {
        check_complete(r, 4);
        assert_eq!(r.moves.len(), 60);
        // Rolit's outcome counts balls: all 64 squares, 128 half points.
        let half: f64 = r.points.iter().map(|p| 2.0 * p).sum();
        assert_eq!(half, 128.0);
        assert_eq!(r.termination.label(), "board full");
        // Game i: seat s holds player (s + i) mod 4.
        for s in 0..4 {
            assert_eq!(r.players[s].name, specs[(s + r.index as usize) % 4]);
        }
    }
    for t in &summary.players {
        assert_eq!(t.games, 8);
        assert_eq!(t.seats, vec![2, 2, 2, 2]);
        assert_eq!(t.faults, 0);
    }
    let ranks: f64 = summary.players.iter().map(|t| t.rank_sum).sum();
    assert_eq!(ranks, 8.0 * 10.0);
    assert_eq!(summary.total_points, 8.0 * 64.0);
    let shares: f64 = (0..4).map(|i| summary.score_share(i).unwrap()).sum();
    assert!((shares - 1.0).abs() < 1e-9);
    let lines = std::fs::read_to_string(out.join("games.jsonl")).unwrap();
    assert_eq!(lines.lines().count(), 8);
    let _ = std::fs::remove_dir_all(&out);
}

#[test]
fn three_seat_match_of_rolit3() {
    let game = find_game("rolit3").unwrap();
    let specs = [
        "builtin:random:seed=1",
        "builtin:random:seed=2",
        "builtin:maxn:depth=1",
    ];
    let players: Vec<Contestant> = specs.iter().map(|s| contestant(s, game)).collect();
    let config = MatchConfig {
        game,
        games: 6,
        referee: referee(),
        concurrency: 2,
        out_dir: None,
        address_space_bytes: None,
        sprt: None,
        openings: Vec::new(),
    };
    let summary = run_match(&config, &players, &NoWatch, |r, _| {
        check_complete(r, 3);
        assert_eq!(r.moves.len(), 60);
        assert_eq!(r.result.split('-').count(), 3);
    })
    .unwrap();
    for t in &summary.players {
        assert_eq!(t.seats, vec![2, 2, 2]);
    }
    let ranks: f64 = summary.players.iter().map(|t| t.rank_sum).sum();
    assert_eq!(ranks, 6.0 * 6.0);
    // The wrong number of players, and two-player options, are refused.
    let e = run_match(&config, &players[..2], &NoWatch, |_, _| {}).unwrap_err();
    assert!(e.to_string().contains("needs 3 players, not 2"), "{e}");
    let with_openings = MatchConfig {
        openings: vec!["20".into()],
        ..config
    };
    let e = run_match(&with_openings, &players, &NoWatch, |_, _| {}).unwrap_err();
    assert!(
        e.to_string().contains("openings are for two players"),
        "{e}"
    );
}

/// A testbot speaking the Caia dialogue for `game`, with `args`.
fn bot(game: &str, name: &str, args: &[&str]) -> ProgramPlayer {
    let mut all = vec!["--game".to_string(), game.to_string()];
    all.extend(args.iter().map(|s| s.to_string()));
    let config = ProcessConfig {
        program: env!("CARGO_BIN_EXE_arena-testbot").into(),
        args: all,
        limits: Limits {
            address_space_bytes: Some(1 << 30),
            cpu_seconds: Some(10),
        },
        max_line_bytes: olympiad_protocol::codecup::MAX_REPLY_BYTES,
        stderr_log: Some(
            PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("nseat-{name}.stderr")),
        ),
        stderr_log_bytes: 64 * 1024,
        stderr_keep_bytes: 256,
    };
    ProgramPlayer::spawn(&config, olympiad_protocol::dialogue("caia").unwrap()).unwrap()
}

fn random_engine(game: &'static olympiad_catalog::GameEntry, seed: u64) -> Box<dyn Player> {
    let options = Options::parse(&format!("seed={seed}")).unwrap();
    let engine = game.engine("random", &options, 0).unwrap();
    Box::new(EnginePlayer::new(engine))
}

/// Plays `players` at a Rolit table and checks that no program's group survives.
fn play_table(players: Vec<Box<dyn Player>>, freeze_idle: bool) -> GameRecord {
    let game = find_game("rolit").unwrap();
    let groups: Vec<i32> = players.iter().filter_map(|p| p.process_group()).collect();
    let mut players = players;
    let names: Vec<String> = (1..=4).map(|k| format!("p{k}")).collect();
    let config = RefereeConfig {
        freeze_idle,
        ..referee()
    };
    let record = play_game(game.start(), &mut players, names, &config, 0, &NoWatch);
    let deadline = Instant::now() + REAP_GRACE;
    for g in groups {
        while group_members(g) > 0 && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(5));
        }
        assert_eq!(group_members(g), 0, "processes left in group {g}");
    }
    check_complete(&record, 4);
    record
}

#[test]
fn programs_play_the_caia_dialogue_to_the_end() {
    for freeze in [false, true] {
        let players: Vec<Box<dyn Player>> = vec![
            Box::new(bot("rolit", "clean1", &["--seed", "1"])),
            random_engine(find_game("rolit").unwrap(), 2),
            Box::new(bot("rolit", "clean3", &["--seed", "3"])),
            Box::new(bot("rolit", "clean4", &["--seed", "4"])),
        ];
        let r = play_table(players, freeze);
        assert_eq!(r.termination.label(), "board full", "{:?}", r.termination);
        assert_eq!(r.moves.len(), 60);
        assert_eq!(r.points.iter().sum::<f64>(), 64.0);
        // Every program stopped by itself after the last move.
        for s in [0, 2, 3] {
            assert_eq!(r.players[s].end.exit.as_deref(), Some("exit code 0"));
            assert!(!r.players[s].end.ignored_end);
        }
    }
}

#[test]
fn a_fault_ends_the_game_with_the_offender_at_zero() {
    let game = find_game("rolit").unwrap();
    // Garbage from seat 2 at its third move: the others are told "0" and stop by themselves.
    let players: Vec<Box<dyn Player>> = vec![
        random_engine(game, 1),
        Box::new(bot("rolit", "stop2", &["--seed", "2"])),
        Box::new(bot(
            "rolit",
            "garbage",
            &["--seed", "3", "--fault", "garbage", "--at", "3"],
        )),
        Box::new(bot("rolit", "stop4", &["--seed", "4"])),
    ];
    let r = play_table(players, false);
    match &r.termination {
        Termination::Fault { seat, fault } => {
            assert_eq!(*seat, 2);
            assert_eq!(fault.kind(), "garbled", "{fault}");
        }
        other => panic!("expected a fault, got {other:?}"),
    }
    assert_eq!(r.moves.len(), 10);
    assert_eq!(r.points, vec![1.0, 1.0, 0.0, 1.0]);
    assert_eq!(r.result, "1-1-0-1");
    for s in [1, 3] {
        assert_eq!(r.players[s].end.exit.as_deref(), Some("exit code 0"));
        assert!(!r.players[s].end.ignored_end);
    }

    // A program that hangs in seat 0 at its second move: a time-out within its budget.
    let players: Vec<Box<dyn Player>> = vec![
        Box::new(bot("rolit", "hang", &["--fault", "hang", "--at", "2"])),
        random_engine(game, 2),
        random_engine(game, 3),
        random_engine(game, 4),
    ];
    let r = play_table(players, true);
    assert!(matches!(r.termination, Termination::Fault { seat: 0, .. }));
    assert_eq!(r.termination.label(), "timeout");
    assert_eq!(r.points, vec![0.0, 1.0, 1.0, 1.0]);
    assert_eq!(r.left_ms[0], 0.0);

    // An illegal move by a program in the last seat.
    let players: Vec<Box<dyn Player>> = vec![
        random_engine(game, 1),
        random_engine(game, 2),
        random_engine(game, 3),
        Box::new(bot("rolit", "illegal", &["--fault", "illegal"])),
    ];
    let r = play_table(players, false);
    assert!(matches!(r.termination, Termination::Fault { seat: 3, .. }));
    assert_eq!(r.termination.label(), "illegal-move");
    assert_eq!(r.moves.len(), 3);
}

#[test]
fn a_built_in_engine_over_its_move_cap_loses() {
    // A cap of one microsecond: no engine thread answers that fast (a round trip through
    // the job and answer channels alone takes longer), so the first seat times out at once.
    let game = find_game("rolit").unwrap();
    let specs = [
        "builtin:mcts:playouts=50",
        "builtin:random:seed=2",
        "builtin:random:seed=3",
        "builtin:random:seed=4",
    ];
    let players: Vec<Contestant> = specs.iter().map(|s| contestant(s, game)).collect();
    let mut config = MatchConfig {
        game,
        games: 1,
        referee: referee(),
        concurrency: 1,
        out_dir: None,
        address_space_bytes: None,
        sprt: None,
        openings: Vec::new(),
    };
    config.referee.time.move_cap = Some(Duration::from_micros(1));
    let summary = run_match(&config, &players, &NoWatch, |r, _| {
        assert!(
            matches!(r.termination, Termination::Fault { seat: 0, .. }),
            "{:?}",
            r.termination
        );
        assert_eq!(r.termination.label(), "timeout");
        assert_eq!(r.points, vec![0.0, 1.0, 1.0, 1.0]);
        assert!(r.moves.is_empty());
    })
    .unwrap();
    assert_eq!(summary.players[0].faults, 1);
    // The three others tie first: rank (1 + 2 + 3) / 3 = 2 each; the offender is 4th.
    assert_eq!(summary.players[0].rank_sum, 4.0);
    assert_eq!(summary.players[1].rank_sum, 2.0);
    assert_eq!(summary.players[1].wins, 0);
    assert_eq!(summary.score_share(0), Some(0.0));
}
