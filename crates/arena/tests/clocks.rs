//! Clock accuracy, with real processes: a player that sleeps a known time before each answer
//! is charged that time to within [`TOLERANCE`]; a player that answers at once is charged
//! (almost) nothing while its opponent thinks; freezing the idle player does not disturb the
//! dialogue. One test function, so that the measurements do not share the CPUs with other
//! tests of this binary.

use olympiad_arena::{
    GameRecord, Limits, Player, ProcessConfig, ProgramPlayer, RefereeConfig, Termination,
    TimeControl, play_game,
};
use olympiad_catalog::find_game;
use std::time::Duration;

/// How long the sleeping player sleeps before each move.
const SLEEP_MS: f64 = 40.0;
/// Charged time may exceed the sleep by this much (process wake-up, pipe, reader thread);
/// it may never be less than the sleep.
const TOLERANCE_MS: f64 = 5.0;
/// The most an instant player may be charged for one move.
const INSTANT_MS: f64 = 5.0;
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
        },
        freeze_idle: freeze,
        max_plies: Some(PLIES),
    };
    let mut players = players;
    play_game(
        game.start(),
        &mut players,
        ["a".into(), "b".into()],
        &config,
        0,
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
                bot(&["--sleep-ms", "40", "--seed", "3"]),
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
                (SLEEP_MS..SLEEP_MS + TOLERANCE_MS).contains(&t),
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
