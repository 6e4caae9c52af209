//! A match under `--sprt` that is clearly decided stops early: the test program loses every
//! game by an illegal move, so the built-in random player wins every pair.

use olympiad_arena::NoWatch;
use olympiad_arena::{Contestant, MatchConfig, PlayerSpec, RefereeConfig, TimeControl, run_match};
use olympiad_tournament::sprt::{Sprt, Verdict};
use std::time::Duration;

#[test]
fn a_clear_match_stops_early_with_h1() {
    let game = olympiad_catalog::find_game("caissa").unwrap();
    let random = Contestant {
        name: "random".into(),
        spec: PlayerSpec::parse("builtin:random:seed=3", game).unwrap(),
    };
    let bot = env!("CARGO_BIN_EXE_arena-testbot");
    let loser = Contestant {
        name: "loser".into(),
        spec: PlayerSpec::parse(&format!("cmd:{bot} --fault illegal --at 1"), game).unwrap(),
    };
    let config = MatchConfig {
        game,
        games: 200,
        referee: RefereeConfig {
            time: TimeControl {
                budget: Duration::from_millis(2000),
                increment: Duration::ZERO,
                move_cap: None,
                moves_per_period: None,
                margin: Duration::ZERO,
            },
            freeze_idle: false,
            max_plies: None,
            adjudication: Default::default(),
        },
        concurrency: 2,
        out_dir: None,
        address_space_bytes: None,
        sprt: Some(Sprt {
            elo0: 0.0,
            elo1: 10.0,
            alpha: 0.05,
            beta: 0.05,
        }),
        openings: Vec::new(),
    };
    let summary = run_match(&config, &[random, loser], &NoWatch, |_, _| {}).unwrap();
    let duel = summary.duel.as_ref().expect("two seats");
    let (verdict, pairs) = duel
        .sprt_decision
        .unwrap_or_else(|| panic!("undecided: {summary:?}"));
    assert_eq!(verdict, Verdict::AcceptH1);
    assert!(pairs < 20, "decided after {pairs} pairs");
    assert!(
        duel.wdl.games() < 50,
        "stopped early: {} games",
        duel.wdl.games()
    );
    assert_eq!(duel.wdl.losses, 0);
}
