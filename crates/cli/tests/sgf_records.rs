//! SGF records of Lines of Action and Connect6 through `olympiad match`: every match writes
//! `games.sgf` (LOA's GM[9], our Connect6 GM[4] with RU[Connect6]) beside the JSON records,
//! a game per tree with the same moves and result; the file reads back as openings (its
//! first game cut after four plies), and a hand-written file in each game's SGF opens
//! games: each starts where the opening's moves lead.

mod common;

use common::{moves, run_match, run_ok, scratch};
use serde_json::Value;
use std::process::Command;

/// The first game tree of `sgf` cut after `plies` move nodes: an opening file.
fn first_plies(sgf: &str, plies: usize) -> String {
    let starts: Vec<usize> = sgf
        .match_indices(";B[")
        .chain(sgf.match_indices(";W["))
        .map(|(i, _)| i)
        .collect::<std::collections::BTreeSet<_>>()
        .into_iter()
        .collect();
    format!("{})\n", &sgf[..starts[plies]])
}

/// The position text of `game` after `moves`, as `olympiad show` prints it: where a game
/// opened by them starts.
fn position_after(game: &str, moves: &[String]) -> String {
    let shown = run_ok(
        Command::new(env!("CARGO_BIN_EXE_olympiad"))
            .args(["show", game, "--moves"])
            .arg(moves.join(" ")),
    );
    let line = shown.lines().find(|l| l.starts_with("position: "));
    line.expect("a position line")["position: ".len()..].to_string()
}

/// The move nodes of each game tree of `sgf`.
fn move_nodes(sgf: &str) -> Vec<usize> {
    sgf.split("(;")
        .skip(1)
        .map(|tree| tree.matches(";B[").count() + tree.matches(";W[").count())
        .collect()
}

/// `RE` as SGF writes the record's result (the first seat is Black).
fn re(record: &Value) -> &'static str {
    match record["result"].as_str().unwrap() {
        "1-0" => "B+",
        "0-1" => "W+",
        _ => "0",
    }
}

/// A match of `game` writes `games.sgf` with `parts` in it, one tree a game with its moves
/// and result; its first game cut after four plies opens two more games.
fn match_writes_sgf(game: &str, topic: &str, parts: &[&str]) {
    let dir = scratch("sgf-records", topic);
    let (stdout, records) = run_match(
        game,
        &dir,
        &[
            "builtin:random:seed=5",
            "builtin:random:seed=6",
            "--games",
            "2",
        ],
    );
    assert!(stdout.contains("games.sgf"), "{stdout}");
    let sgf = std::fs::read_to_string(dir.join("out").join("games.sgf")).unwrap();
    for part in parts {
        assert_eq!(sgf.matches(part).count(), 2, "{part} twice in {sgf}");
    }
    let counts: Vec<usize> = records.iter().map(|r| moves(r).len()).collect();
    assert_eq!(move_nodes(&sgf), counts, "{sgf}");
    for record in &records {
        assert!(sgf.contains(&format!("RE[{}", re(record))), "{record}");
    }
    let opening = dir.join("opening.sgf");
    std::fs::write(&opening, first_plies(&sgf, 4)).unwrap();
    let again = dir.join("again");
    std::fs::create_dir_all(&again).unwrap();
    let (stdout, replayed) = run_match(
        game,
        &again,
        &[
            "builtin:random",
            "builtin:random",
            "--games",
            "2",
            "--openings",
            opening.to_str().unwrap(),
        ],
    );
    assert_eq!(replayed.len(), 2, "{stdout}");
    let start = position_after(game, &moves(&records[0])[..4]);
    for record in &replayed {
        assert_eq!(record["start"], start.as_str(), "{record}");
    }
}

#[test]
fn a_loa_match_writes_games_sgf_that_reads_back() {
    match_writes_sgf("loa", "loa", &["GM[9]", "SZ[8]", "PB[builtin:random"]);
}

#[test]
fn a_connect6_match_writes_games_sgf_that_reads_back() {
    match_writes_sgf(
        "connect6(size=9)",
        "connect6",
        &["GM[4]", "RU[Connect6]", "SZ[9]"],
    );
}

#[test]
fn hand_written_sgf_files_open_games_of_both() {
    let dir = scratch("sgf-records", "hand");
    let cases: [(&str, &str, &[&str]); 2] = [
        (
            "loa",
            "(;GM[9];B[b1-b3];W[A2-C2];B[c1:a3])",
            &["b1-b3", "a2-c2", "c1xa3"],
        ),
        (
            "connect6(size=9)",
            "(;GM[4]RU[Connect6]SZ[9];B[ee];W[dd];W[df])",
            &["E5", "D4D6"],
        ),
    ];
    for (game, text, first) in cases {
        let path = dir.join(format!("{}.sgf", &game[..3]));
        std::fs::write(&path, text).unwrap();
        let out = dir.join(&game[..3]);
        std::fs::create_dir_all(&out).unwrap();
        let (stdout, records) = run_match(
            game,
            &out,
            &[
                "builtin:random",
                "builtin:random",
                "--games",
                "2",
                "--openings",
                path.to_str().unwrap(),
            ],
        );
        assert_eq!(records.len(), 2, "{stdout}");
        let first: Vec<String> = first.iter().map(|m| m.to_string()).collect();
        let start = position_after(game, &first);
        for record in &records {
            assert_eq!(record["start"], start.as_str(), "{record}");
        }
    }
}
