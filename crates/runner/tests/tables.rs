//! A table game of more than two seats whose fault is in a seat beyond the first two is
//! stored with the offender's seat (it once panicked there, in the two-seat result computed
//! on the way).

use olympiad_arena::NoWatch;
use olympiad_arena::{
    EnginePlayer, Limits, Player, ProcessConfig, ProgramPlayer, RefereeConfig, Termination,
    TimeControl, play_game,
};
use olympiad_catalog::{Options, find_game};
use olympiad_runner::stored_game;
use olympiad_store::Stage;
use olympiad_tournament::{Pairing, PlayerId};
use std::time::Duration;

#[test]
fn a_fault_in_the_third_seat_is_stored_with_its_seat() {
    let game = find_game("rolit").unwrap();
    let engine = |seed: u64| -> Box<dyn Player> {
        let options = Options::parse(&format!("seed={seed}")).unwrap();
        Box::new(EnginePlayer::new(
            game.engine("random", &options, 0).unwrap(),
        ))
    };
    // The program in seat 2 exits before its first move.
    let quitter = ProcessConfig {
        program: "sh".into(),
        args: vec!["-c".into(), "exit 0".into()],
        limits: Limits::default(),
        max_line_bytes: olympiad_protocol::codecup::MAX_REPLY_BYTES,
        stderr_log: None,
        stderr_log_bytes: 0,
        stderr_keep_bytes: 256,
    };
    let program = ProgramPlayer::spawn(&quitter, olympiad_protocol::dialogue("caia").unwrap());
    let mut players: Vec<Box<dyn Player>> =
        vec![engine(1), engine(2), Box::new(program.unwrap()), engine(4)];
    let referee = RefereeConfig {
        time: TimeControl {
            budget: Duration::from_secs(5),
            increment: Duration::ZERO,
            move_cap: None,
            moves_per_period: None,
            margin: Duration::ZERO,
        },
        freeze_idle: false,
        max_plies: None,
        adjudication: Default::default(),
    };
    let names: Vec<String> = (1..=4).map(|k| format!("p{k}")).collect();
    let record = play_game(game.start(), &mut players, names, &referee, 0, &NoWatch);
    let Termination::Fault { seat, fault } = &record.termination else {
        panic!("expected a fault, got {:?}", record.termination);
    };
    assert_eq!(*seat, 2);
    let pairing = Pairing::table(1, 1, (0..4).map(PlayerId).collect());
    let stored = stored_game(Stage::Main, &pairing, &record, String::new());
    assert_eq!(
        stored.result.termination,
        olympiad_tournament::Termination::Irregular {
            seat: 2,
            reason: fault.kind().into()
        }
    );
    assert_eq!(stored.result.seats(), 4);
    assert_eq!(stored.used_ms.len(), 4);
}
