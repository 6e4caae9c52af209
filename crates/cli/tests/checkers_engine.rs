//! Checkers' engine Crown as users reach it: `olympiad match checkers builtin:crown
//! builtin:random` (Crown wins every game), the same from the ACF three-move deck given
//! with `--openings` (each pair of games starts from its opening), and `olympiad play
//! checkers` serving Crown in the CodeCup dialogue.

mod common;

use common::{moves, run_match, scratch};
use olympiad_catalog::find_game;
use std::io::Write;
use std::process::{Command, Stdio};

/// The deck, from the checkers folder.
const THREE_MOVE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../games/checkers/data/three-move.txt"
);

#[test]
fn crown_beats_random() {
    let dir = scratch("checkers", "random");
    let (stdout, records) = run_match(
        "checkers",
        &dir,
        &[
            "builtin:crown:depth=6",
            "builtin:random",
            "--games",
            "4",
            "--time-ms",
            "10000",
        ],
    );
    assert_eq!(records.len(), 4, "{stdout}");
    assert!(stdout.contains("W 4 D 0 L 0"), "{stdout}");
}

#[test]
fn matches_start_from_the_three_move_deck() {
    let dir = scratch("checkers", "ballot");
    let (stdout, records) = run_match(
        "checkers",
        &dir,
        &[
            "builtin:crown:depth=4",
            "builtin:random",
            "--games",
            "4",
            "--openings",
            THREE_MOVE,
        ],
    );
    assert_eq!(records.len(), 4, "{stdout}");
    // The first two openings of the deck (ACF 1 and 2), each played with seats swapped.
    let game = find_game("checkers").unwrap();
    for (record, opening) in records.iter().zip([
        "9-13 21-17 5-9",
        "9-13 21-17 5-9",
        "9-13 21-17 6-9",
        "9-13 21-17 6-9",
    ]) {
        let mut pos = game.start();
        for mv in opening.split_whitespace() {
            pos.play(mv).unwrap();
        }
        assert_eq!(record["start"].as_str(), Some(pos.position_text().as_str()));
        assert!(!moves(record).is_empty());
    }
}

#[test]
fn play_serves_crown_in_the_codecup_dialogue() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_olympiad"))
        .args(["play", "checkers", "--time-ms", "5000"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Black (the engine) opens: one legal move, after a search reported on stderr.
    child.stdin.take().unwrap().write_all(b"start\n").unwrap();
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success(), "{output:?}");
    let stdout = String::from_utf8(output.stdout).unwrap();
    let first = stdout.lines().next().unwrap();
    let mut pos = find_game("checkers").unwrap().start();
    pos.play(first).unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.contains("depth"), "{stderr}");
}

#[test]
fn crown_opens_endgame_databases_given_by_option() {
    let dir = scratch("checkers", "egdb");
    let db = dir.join("db");
    let built = Command::new(env!("CARGO_BIN_EXE_olympiad"))
        .args(["egdb", "build", "--pieces", "3", "--dir"])
        .arg(&db)
        .output()
        .unwrap();
    assert!(built.status.success(), "{built:?}");
    let openings = dir.join("endings.txt");
    std::fs::write(&openings, "position B:WK32:BK1,K5\n").unwrap();
    let crown = format!("builtin:crown:depth=4,egdb={}", db.display());
    let (stdout, records) = run_match(
        "checkers",
        &dir,
        &[
            &crown,
            "builtin:random",
            "--games",
            "2",
            "--openings",
            openings.to_str().unwrap(),
        ],
    );
    assert_eq!(records.len(), 2, "{stdout}");

    // A directory without databases is refused before any game, naming it.
    let missing = dir.join("no-such-dir");
    let out = Command::new(env!("CARGO_BIN_EXE_olympiad"))
        .args(["match", "checkers"])
        .arg(format!("builtin:crown:egdb={}", missing.display()))
        .args(["builtin:random", "--games", "1"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("egdb") && stderr.contains("no-such-dir"),
        "{stderr}"
    );
}
