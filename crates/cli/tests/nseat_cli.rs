//! `olympiad match` for games of more than two seats (Rolit), as users run it: the per-game
//! lines and the table per player, the records, the note on unbalanced seats, and exit code
//! 2 for the wrong number of players or options that are for two players only.

use std::path::PathBuf;
use std::process::{Command, Output};

fn olympiad(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_olympiad"))
        .args(args)
        .output()
        .expect("run olympiad")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn out_dir(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("nseat-cli-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

#[test]
fn four_players_of_rolit_with_a_table() {
    let out = out_dir("four");
    let o = olympiad(&[
        "match",
        "rolit",
        "builtin:random:seed=1",
        "builtin:maxn:depth=1",
        "builtin:mcts:playouts=50",
        "builtin:random:seed=1",
        "--games",
        "4",
        "--concurrency",
        "2",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    let games: Vec<&str> = text.lines().filter(|l| l.starts_with("game ")).collect();
    assert_eq!(games.len(), 4, "{text}");
    assert!(
        games.iter().all(|l| l.contains("board full, 60 plies")),
        "{text}"
    );
    // Repeated names get their place on the command line.
    assert!(text.contains("builtin:random:seed=1 (4)"), "{text}");
    let header = text.lines().find(|l| l.starts_with("player")).unwrap();
    assert!(header.contains("avg rank") && header.contains("score share"));
    let rows: Vec<&str> = text.lines().filter(|l| l.starts_with("builtin:")).collect();
    assert_eq!(rows.len(), 4, "{text}");
    // Four games, one in each seat.
    assert!(rows.iter().all(|r| r.ends_with("1 1 1 1")), "{text}");
    assert!(text.contains("terminations: board full 4"), "{text}");
    assert!(!stderr(&o).contains("not a multiple"));
    let records = std::fs::read_to_string(out.join("games.jsonl")).unwrap();
    assert_eq!(records.lines().count(), 4);
    let _ = std::fs::remove_dir_all(&out);
}

#[test]
fn three_players_and_an_uneven_number_of_games() {
    let o = olympiad(&[
        "match",
        "rolit3",
        "builtin:random:seed=1",
        "builtin:random:seed=2",
        "builtin:paranoid:depth=1",
        "--games",
        "4",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("4 games is not a multiple of 3"),
        "{}",
        stderr(&o)
    );
    assert_eq!(
        stdout(&o)
            .lines()
            .filter(|l| l.starts_with("game "))
            .count(),
        4
    );
}

#[test]
fn wrong_player_counts_and_two_player_options_are_input_errors() {
    let cases: &[(&[&str], &str)] = &[
        (
            &["match", "rolit", "builtin:random", "builtin:random"],
            "rolit is a 4-player game: give 4 players, not 2",
        ),
        (
            &[
                "match",
                "rolit3",
                "builtin:random",
                "builtin:random",
                "builtin:random",
                "builtin:random",
            ],
            "rolit3 is a 3-player game: give 3 players, not 4",
        ),
        (
            &[
                "match",
                "caissa",
                "builtin:random",
                "builtin:random",
                "builtin:random",
            ],
            "caissa is a 2-player game: give 2 players, not 3",
        ),
        (
            &[
                "match",
                "rolit3",
                "builtin:random",
                "builtin:random",
                "builtin:random",
                "--sprt",
                "0,5",
            ],
            "--sprt is for two-player games",
        ),
        (
            &[
                "match",
                "rolit3",
                "builtin:random",
                "builtin:random",
                "builtin:random",
                "--random-openings",
                "2",
            ],
            "--random-openings is for two-player games",
        ),
        (
            &[
                "match",
                "rolit3",
                "builtin:random",
                "builtin:hipp",
                "builtin:random",
            ],
            "unknown engine 'hipp' for rolit3 (known: random, maxn, paranoid, mcts)",
        ),
    ];
    for (args, message) in cases {
        let o = olympiad(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).contains(message), "{args:?}: {}", stderr(&o));
        assert!(stdout(&o).is_empty());
    }
}
