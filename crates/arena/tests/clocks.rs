//! Clock accuracy, with real processes: a player that sleeps a known time before each answer
//! is charged that time, to within [`EARLY_MS`] below and [`LATE_MS`] above; a player that
//! answers at once is charged (almost) nothing while its opponent thinks; freezing the idle
//! player does not disturb the dialogue. One test function, so that the measurements do not
//! share the CPUs with other tests of this binary. The tolerances are those of a shared
//! 2-core machine with other jobs, and still far from the clock bugs the test is for: a
//! charge of twice the sleep, nothing charged, or the opponent's thinking charged.

use olympiad_arena::NoWatch;
use olympiad_arena::{
    GameRecord, Limits, Player, ProcessConfig, ProgramPlayer, RefereeConfig, Termination,
    TimeControl, play_game,
};
use olympiad_catalog::find_game;
use std::time::Duration;

/// How long the sleeping player sleeps before each move.
const SLEEP_MS: f64 = 100.0;
/// Charged time may fall short of the sleep by this much: the clock starts when the
/// referee's write returns, and the program may have read the line and begun its sleep
/// while the referee's thread waited for a CPU before reading the clock.
const EARLY_MS: f64 = 20.0;
/// Charged time may exceed the sleep by this much: the program's and the reader thread's
/// wake-ups on a busy machine, and the first move of a fresh process (page faults, its
/// first scheduling), which was seen 10 ms dearer than the others on an idle machine.
/// Less than the sleep, so that a double charge fails.
const LATE_MS: f64 = 60.0;
/// The most an instant player may be charged for one move: the same wake-ups as in
/// [`LATE_MS`]; less than [`SLEEP_MS`] minus [`EARLY_MS`], so that charging the opponent's
/// thinking to the idle player fails.
const INSTANT_MS: f64 = 50.0;
/// Plies per measured game.
const PLIES: u32 = 24;

fn bot(args: &[&str]) -> Box<dyn Player> {
    let config = ProcessConfig {
        program: env!("CARGO_BIN_EXE_arena-testbot").into(),
        args: args.iter().map(|s| s.to_string()).collect(),
        limits: Limits::default(),
        max_line_bytes: 256,
        stderr_log: None,
        stderr_log_bytes: 0,
        stderr_keep_bytes: 1024,
    };
    let codecup = olympiad_protocol::dialogue("codecup").unwrap();
    Box::new(ProgramPlayer::spawn(&config, codecup).unwrap())
}

fn game(players: [Box<dyn Player>; 2], freeze: bool) -> GameRecord {
    let game = find_game("caissa").unwrap();
    let config = RefereeConfig {
        time: TimeControl {
            budget: Duration::from_secs(10),
            increment: Duration::ZERO,
            move_cap: None,
            moves_per_period: None,
            margin: Duration::ZERO,
        },
        freeze_idle: freeze,
        max_plies: Some(PLIES),
        adjudication: Default::default(),
    };
    let mut players = players;
    play_game(
        game.start(),
        &mut players,
        ["a".into(), "b".into()],
        &config,
        0,
        &NoWatch,
    )
}

fn times(r: &GameRecord, seat: u8) -> Vec<f64> {
    r.moves
        .iter()
        .filter(|m| m.seat == seat)
        .map(|m| m.time_ms)
        .collect()
}

#[test]
fn clocks_charge_what_was_used() {
    for freeze in [false, true] {
        let r = game(
            [
                bot(&["--sleep-ms", &SLEEP_MS.to_string(), "--seed", "3"]),
                bot(&["--seed", "4"]),
            ],
            freeze,
        );
        assert!(
            matches!(r.termination, Termination::MoveLimit { plies: PLIES })
                || matches!(r.termination, Termination::Rules { .. }),
            "{:?}",
            r.termination
        );
        let slow = times(&r, 0);
        let fast = times(&r, 1);
        assert!(slow.len() >= 2, "{r:?}");
        for &t in &slow {
            assert!(
                (SLEEP_MS - EARLY_MS..SLEEP_MS + LATE_MS).contains(&t),
                "freeze {freeze}: charged {t} ms for a {SLEEP_MS} ms sleep: {slow:?}"
            );
        }
        for &t in &fast {
            assert!(
                t < INSTANT_MS,
                "freeze {freeze}: instant player charged {t} ms: {fast:?}"
            );
        }
        let left = r.left_ms[1];
        assert!(10_000.0 - left < INSTANT_MS * fast.len() as f64);
        println!("freeze {freeze}: sleeping player charged {slow:?} ms; instant {fast:?} ms");
    }
}
