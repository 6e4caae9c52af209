//! Openings of a match: a line of moves from the usual start, or a line `position TEXT`
//! that starts the pair of games from that position; each pair plays one opening with seats
//! swapped, and a bad opening is a configuration error that names it.

use olympiad_arena::matches::POSITION_PREFIX;
use olympiad_arena::{MatchConfig, RefereeConfig, TimeControl};
use std::time::Duration;

fn config(game: &str, openings: Vec<String>) -> MatchConfig {
    MatchConfig {
        game: olympiad_catalog::find_game(game).unwrap(),
        games: 4,
        referee: RefereeConfig {
            time: TimeControl {
                budget: Duration::from_secs(1),
                increment: Duration::ZERO,
                move_cap: None,
                moves_per_period: None,
                margin: Duration::ZERO,
            },
            freeze_idle: false,
            max_plies: None,
            adjudication: Default::default(),
        },
        concurrency: 1,
        out_dir: None,
        address_space_bytes: None,
        sprt: None,
        openings,
    }
}

#[test]
fn openings_are_move_lines_or_positions() {
    let game = olympiad_catalog::find_game("reversi").unwrap();
    let mut after = game.start();
    after.play("f5").unwrap();
    after.play("d6").unwrap();
    after.play("c3").unwrap();
    let text = after.position_text();
    let c = config(
        "reversi",
        vec![format!("{POSITION_PREFIX}{text}"), "f5 d6".into()],
    );
    // Games 0 and 1 (one pair) start from the position, games 2 and 3 after the moves.
    for index in [0, 1] {
        assert_eq!(c.start_position(index).unwrap().position_text(), text);
    }
    let mut moved = game.start();
    moved.play("f5").unwrap();
    moved.play("d6").unwrap();
    for index in [2, 3] {
        assert_eq!(
            c.start_position(index).unwrap().position_text(),
            moved.position_text()
        );
    }
}

#[test]
fn a_bad_opening_names_itself() {
    let c = config("reversi", vec!["f5".into(), "position nonsense".into()]);
    let e = c.start_position(2).unwrap_err().to_string();
    assert!(e.contains("opening 2"), "{e}");
    let c = config("reversi", vec!["f5 a1".into()]);
    let e = c.start_position(0).unwrap_err().to_string();
    assert!(e.contains("opening 1: move a1"), "{e}");
}
