//! The fault matrix: real misbehaving programs (`arena-testbot --fault ...`, built with this
//! crate) each play one game as a process against the built-in random engine. For each: the
//! game ends with the right termination and the offender loses, within its budget plus
//! [`MARGIN`], no process of its group is left, and the record is complete.

use olympiad_arena::NoWatch;
use olympiad_arena::{
    EnginePlayer, GameRecord, Limits, Player, ProcessConfig, ProgramPlayer, RefereeConfig,
    Termination, TimeControl, group_members, play_game,
};
use olympiad_catalog::{Options, find_game};
use olympiad_protocol::dialogue;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// Each player's budget per game in these tests.
const BUDGET: Duration = Duration::from_millis(300);
/// How far past the offender's budget a game may end: the kill, the reaping and the
/// stderr thread's last read (the stated margin of the acceptance test).
const MARGIN: Duration = Duration::from_millis(250);
/// How long the dead group's members may take to disappear after the game returns.
const REAP_GRACE: Duration = Duration::from_secs(1);
/// Stderr bytes logged per program in these tests.
const LOG_CAP_BYTES: u64 = 64 * 1024;

fn log_dir() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("arena-faults");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Plays the test bot with `args` in `bot_seat` against `builtin:random`; returns the record
/// and the bot's process group.
fn play(name: &str, args: &[&str], bot_seat: usize) -> (GameRecord, i32) {
    let game = find_game("caissa").unwrap();
    let config = ProcessConfig {
        program: env!("CARGO_BIN_EXE_arena-testbot").into(),
        args: args.iter().map(|s| s.to_string()).collect(),
        limits: Limits {
            address_space_bytes: Some(1 << 30),
            cpu_seconds: Some(5),
        },
        max_line_bytes: olympiad_protocol::codecup::MAX_REPLY_BYTES,
        stderr_log: Some(log_dir().join(format!("{name}.stderr"))),
        stderr_log_bytes: LOG_CAP_BYTES,
        stderr_keep_bytes: 256,
    };
    let bot = ProgramPlayer::spawn(&config, dialogue(game.row.protocols[0]).unwrap()).unwrap();
    let pgid = bot.process_group().unwrap();
    let engine = game.engine("random", &Options::default(), 0).unwrap();
    let random: Box<dyn Player> = Box::new(EnginePlayer::new(engine));
    let bot: Box<dyn Player> = Box::new(bot);
    let mut players = if bot_seat == 0 {
        [bot, random]
    } else {
        [random, bot]
    };
    let names = if bot_seat == 0 {
        [name.to_string(), "random".to_string()]
    } else {
        ["random".to_string(), name.to_string()]
    };
    let referee = RefereeConfig {
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
    };
    let started = Instant::now();
    let record = play_game(game.start(), &mut players, names, &referee, 0, &NoWatch);
    let took = started.elapsed();
    assert!(
        took <= BUDGET + MARGIN,
        "{name}: the game took {took:?}, more than {BUDGET:?} + {MARGIN:?}"
    );
    // Nothing of the bot's process group survives the game.
    let deadline = Instant::now() + REAP_GRACE;
    while group_members(pgid) > 0 && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(5));
    }
    assert_eq!(
        group_members(pgid),
        0,
        "{name}: processes left in group {pgid}"
    );
    check_complete(&record);
    (record, pgid)
}

/// Every move is recorded with its times; clocks add up; the record serializes.
fn check_complete(r: &GameRecord) {
    let mut replay = find_game(&r.game).unwrap().start();
    assert_eq!(r.start, replay.position_text());
    let mut used = [0.0f64; 2];
    for (i, m) in r.moves.iter().enumerate() {
        assert_eq!(m.seat as usize, i % 2);
        replay.play(&m.text).unwrap();
        used[m.seat as usize] += m.time_ms;
        let expected_left = BUDGET.as_secs_f64() * 1000.0 - used[m.seat as usize];
        assert!((m.left_ms - expected_left).abs() < 1e-6);
    }
    assert_eq!(r.end, replay.position_text());
    assert_eq!(r.players.len(), 2);
    assert_eq!(r.points.len(), 2);
    let json = serde_json::to_string(r).unwrap();
    assert!(json.contains("\"termination\""));
}

/// The bot in `seat` committed `kind`; it lost; the detail mentions `detail`.
fn assert_fault(r: &GameRecord, seat: usize, kind: &str, detail: &str) {
    match &r.termination {
        Termination::Fault { seat: s, fault } => {
            assert_eq!(*s as usize, seat, "{:?}", r.termination);
            assert_eq!(fault.kind(), kind, "{fault}");
            assert!(fault.detail().contains(detail), "{fault}");
        }
        other => panic!("expected a {kind} fault, got {other:?}"),
    }
    assert_eq!(r.points[seat], 0.0);
    assert_eq!(r.points[1 - seat], 1.0);
    assert_eq!(r.result, if seat == 0 { "0-1" } else { "1-0" });
}

#[test]
fn hangs_without_answering() {
    let (r, _) = play("hang", &["--fault", "hang", "--at", "2"], 0);
    assert_fault(&r, 0, "timeout", "no move within");
    assert_eq!(r.moves.len(), 2);
    assert_eq!(r.left_ms[0], 0.0);
    let (r, _) = play("hang-black", &["--fault", "hang"], 1);
    assert_fault(&r, 1, "timeout", "no move within");
}

#[test]
fn answers_after_its_budget() {
    let (r, _) = play(
        "late",
        &["--fault", "late", "--late-ms", "600", "--at", "2"],
        0,
    );
    assert_fault(&r, 0, "timeout", "");
}

#[test]
fn exits_non_zero_at_start_and_mid_game() {
    let (r, _) = play("exit-start", &["--fault", "exit:3", "--at", "0"], 0);
    assert_fault(&r, 0, "crash", "exit code 3");
    assert!(r.moves.is_empty());
    let (r, _) = play("exit-start-black", &["--fault", "exit:3", "--at", "0"], 1);
    assert_fault(&r, 1, "crash", "exit code 3");
    let (r, _) = play("exit-mid", &["--fault", "exit:4", "--at", "3"], 0);
    assert_fault(&r, 0, "crash", "exit code 4");
    assert_eq!(r.moves.len(), 4);
}

#[test]
fn dies_by_sigsegv_and_sigabrt() {
    let (r, _) = play("segv", &["--fault", "segv", "--at", "2"], 0);
    assert_fault(&r, 0, "crash", "SIGSEGV");
    let (r, _) = play("abort", &["--fault", "abort", "--at", "2"], 1);
    assert_fault(&r, 1, "crash", "SIGABRT");
}

#[test]
fn runs_out_of_its_address_space() {
    // The 1 GiB limit of `play`: the allocator fails and the bot aborts, as the Rust
    // runtime does.
    let (r, _) = play("alloc", &["--fault", "alloc", "--at", "2"], 0);
    assert_fault(&r, 0, "crash", "SIGABRT");
}

#[test]
fn writes_garbage() {
    let (r, _) = play("garbage", &["--fault", "garbage", "--at", "2"], 0);
    assert_fault(&r, 0, "garbled", "more than one word");
}

#[test]
fn writes_an_illegal_move() {
    let (r, _) = play("illegal", &["--fault", "illegal", "--at", "2"], 1);
    assert_fault(&r, 1, "illegal-move", "illegal move");
    assert_eq!(r.moves.len(), 3);
}

#[test]
fn writes_a_100_mb_line_without_newline() {
    let (r, _) = play("long-line", &["--fault", "long-line"], 0);
    assert_fault(&r, 0, "garbled", "longer than");
}

#[test]
fn floods_stderr_without_end() {
    let (r, _) = play("flood", &["--fault", "flood"], 0);
    assert_fault(&r, 0, "timeout", "");
    let err = r.players[0].end.stderr.as_ref().unwrap();
    assert!(err.total_bytes > LOG_CAP_BYTES, "{err:?}");
    assert_eq!(err.logged_bytes, LOG_CAP_BYTES);
    let log = std::fs::metadata(err.log.as_ref().unwrap()).unwrap();
    assert_eq!(log.len(), LOG_CAP_BYTES);
    assert_eq!(err.head.len(), 256);
}

#[test]
fn starts_a_grandchild_that_keeps_running() {
    // The grandchild holds stdout open after the bot exits; `play` checks it is gone.
    let (r, _) = play("grandchild", &["--fault", "grandchild", "--at", "2"], 0);
    assert_fault(&r, 0, "crash", "exit code 0");
}

#[test]
fn closes_its_stdout() {
    let (r, _) = play("close-stdout", &["--fault", "close-stdout", "--at", "2"], 0);
    assert_fault(&r, 0, "protocol-error", "closed its standard output");
}

#[test]
fn ignores_end() {
    // The game itself ends by the rules; the bot is killed after the grace and loses, as
    // every offender does, whatever the board said.
    let (r, _) = play("ignore-end", &["--fault", "ignore-end"], 0);
    assert_fault(&r, 0, "protocol-error", "after the end of the game");
    let end = &r.players[0].end;
    assert!(end.ignored_end);
    assert_eq!(end.exit.as_deref(), Some("signal 9 (SIGKILL)"));
    assert!(!r.players[1].end.ignored_end);
}

#[test]
fn never_reads_its_stdin() {
    let (r, _) = play("deaf", &["--fault", "deaf", "--at", "0"], 0);
    assert_fault(&r, 0, "timeout", "");
}

#[test]
fn writes_two_moves_at_once() {
    let (r, _) = play("double", &["--fault", "double", "--at", "1"], 0);
    assert_fault(&r, 0, "protocol-error", "no move was asked for");
    assert_eq!(r.moves.len(), 2);
}

#[test]
fn a_well_behaved_bot_finishes_cleanly() {
    let (r, _) = play("clean", &[], 1);
    assert!(matches!(r.termination, Termination::Rules { .. }));
    for p in &r.players {
        assert!(!p.end.ignored_end);
    }
    assert_eq!(r.players[1].end.exit.as_deref(), Some("exit code 0"));
}
