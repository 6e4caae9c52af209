//! GTP programs in the arena: `arena-testbot`'s GTP engine (built with this crate) plays Go
//! through a [`GameJob`], as matches and tournaments play it (the game's parameters told,
//! `gtp:` specs parsed), well and in each way GTP lets an engine fail: an error answer to
//! `genmove`, an error answer to the referee's `play`, an occupied point, garbage, an exit.
//! Each fault loses the game with the engine's own words in the record.

use olympiad_arena::{
    Contestant, GameJob, GameRecord, MatchConfig, NoWatch, PlayerSpec, RefereeConfig, Termination,
    TimeControl,
};
use olympiad_catalog::find_game;
use std::time::Duration;

/// The referee's settings of these games: 10 s each, 60 plies at most.
fn referee() -> RefereeConfig {
    RefereeConfig {
        time: TimeControl {
            budget: Duration::from_secs(10),
            increment: Duration::ZERO,
            move_cap: None,
            moves_per_period: None,
            margin: Duration::ZERO,
        },
        freeze_idle: false,
        max_plies: Some(60),
        adjudication: Default::default(),
    }
}

/// Plays the test bot with `args` as Black against `builtin:random` on `game`.
fn play(game: &str, args: &str) -> GameRecord {
    job(game, args).play(&NoWatch)
}

/// The game of the test bot with `args` as Black against `builtin:random` on `game`.
fn job(game: &str, args: &str) -> GameJob {
    let game = find_game(game).unwrap();
    let bot = format!(
        "gtp:{} --game {} {args}",
        env!("CARGO_BIN_EXE_arena-testbot"),
        game.name
    );
    let seats = vec![
        Contestant {
            name: "bot".into(),
            spec: PlayerSpec::parse(&bot, game).unwrap(),
        },
        Contestant {
            name: "random".into(),
            spec: PlayerSpec::parse("builtin:random", game).unwrap(),
        },
    ];
    GameJob {
        index: 0,
        game,
        seats,
        opening: None,
        referee: referee(),
        log_dir: None,
        address_space_bytes: Some(1 << 30),
    }
}

/// The bot (Black) committed `kind`; it lost; the detail holds `detail`.
fn assert_fault(r: &GameRecord, kind: &str, detail: &str) {
    match &r.termination {
        Termination::Fault { seat, fault } => {
            assert_eq!(*seat, 0, "{fault}");
            assert_eq!(fault.kind(), kind, "{fault}");
            assert!(fault.detail().contains(detail), "{fault}");
        }
        other => panic!("expected a {kind} fault, got {other:?}"),
    }
    assert_eq!(r.points, [0.0, 1.0]);
}

#[test]
fn a_gtp_engine_plays_a_whole_game_on_the_size_it_is_told() {
    // On 5x5 a random game ends by two passes in time, or by the ply limit.
    let r = play("go(size=5)", "--seed 3");
    assert!(
        matches!(
            r.termination,
            Termination::Rules { .. } | Termination::MoveLimit { .. }
        ),
        "{:?}",
        r.termination
    );
    assert!(r.moves.len() >= 10, "{:?}", r.moves);
    let mut replay = find_game("go(size=5)").unwrap().start();
    for m in &r.moves {
        replay.play(&m.text).unwrap();
    }
    assert_eq!(r.end, replay.position_text());
    // A bot that does not play the size the arena tells it refuses it, and loses.
    let game = find_game("go(size=5)").unwrap();
    let mut job = job("go(size=5)", "");
    job.seats[0].spec = PlayerSpec::parse(
        &format!("gtp:{} --game go", env!("CARGO_BIN_EXE_arena-testbot")),
        game,
    )
    .unwrap();
    let r = job.play(&NoWatch);
    assert_fault(
        &r,
        "protocol-error",
        "refused `boardsize 5`: unacceptable size",
    );
}

#[test]
fn an_error_answer_to_genmove_loses_with_the_engines_words() {
    let r = play("go", "--fault refuse --at 3");
    assert_fault(&r, "protocol-error", "refused `genmove b`: cannot play");
    assert_eq!(r.moves.len(), 4, "two moves each before the refusal");
}

#[test]
fn an_error_answer_to_the_referees_play_loses() {
    let r = play("go", "--fault refuse-play --at 2");
    assert_fault(&r, "protocol-error", "refused `play w ");
    assert!(
        matches!(&r.termination, Termination::Fault { fault, .. } if fault.detail().ends_with(": illegal move")),
        "{:?}",
        r.termination
    );
}

#[test]
fn an_occupied_point_is_an_illegal_move() {
    let r = play("go", "--fault illegal --at 3");
    assert_fault(&r, "illegal-move", "");
    let Termination::Fault { fault, .. } = &r.termination else {
        unreachable!()
    };
    // The point is one played before.
    assert!(
        r.moves.iter().any(|m| fault.detail().contains(&m.text)),
        "{fault}"
    );
}

#[test]
fn garbage_and_an_exit_mid_game_lose() {
    let r = play("go", "--fault garbage --at 2");
    assert_fault(&r, "garbled", "more than a move");
    let r = play("go", "--fault exit:3 --at 2");
    assert_fault(&r, "crash", "exit code 3");
}

#[test]
fn a_start_position_opening_is_refused_to_gtp_programs() {
    let game = find_game("go").unwrap();
    let bot = format!("gtp:{} --game go", env!("CARGO_BIN_EXE_arena-testbot"));
    let contestants = [
        Contestant {
            name: "bot".into(),
            spec: PlayerSpec::parse(&bot, game).unwrap(),
        },
        Contestant {
            name: "random".into(),
            spec: PlayerSpec::parse("builtin:random", game).unwrap(),
        },
    ];
    let start = game.start().position_text();
    let mut config = MatchConfig {
        game,
        games: 2,
        referee: referee(),
        concurrency: 1,
        out_dir: None,
        address_space_bytes: None,
        sprt: None,
        openings: vec![format!("position {start}")],
    };
    let e = config.check_openings(&contestants).unwrap_err().to_string();
    assert!(
        e.contains("bot speaks gtp") && e.contains("opening 1 is a start position"),
        "{e}"
    );
    config.openings = vec!["D4 E5".into()];
    config.check_openings(&contestants).unwrap();
}
