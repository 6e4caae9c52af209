//! `olympiad` on checkers and reversi as users run it: perft with divide, threads, the hash
//! table and both reversi conventions; the merge-duplicates rule through the position text;
//! show; and errors for bad positions and moves.

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

#[test]
fn both_games_are_listed() {
    let out = stdout(&olympiad(&["games"]));
    assert!(out.lines().any(|l| l.starts_with("checkers ")), "{out}");
    assert!(out.lines().any(|l| l.starts_with("reversi ")), "{out}");
}

#[test]
fn checkers_perft_divide_threads_and_hash() {
    let o = olympiad(&["perft", "checkers", "7", "--threads", "2", "--hash", "16"]);
    assert!(stdout(&o).contains("nodes: 179740\n"), "{}", stdout(&o));
    let o = olympiad(&["perft", "checkers", "3", "--divide"]);
    let out = stdout(&o);
    assert!(out.contains("11-15: 40\n"), "{out}");
    assert!(out.contains("nodes: 302\n"), "{out}");
}

/// A king in a ring of four men: two capture paths by the published convention, one merged.
#[test]
fn checkers_duplicate_captures_by_position_text() {
    let o = olympiad(&[
        "perft",
        "checkers",
        "1",
        "--position",
        "B:W14,15,22,23:BK10",
    ]);
    assert!(stdout(&o).contains("nodes: 2\n"), "{}", stdout(&o));
    let merged = "B:W14,15,22,23:BK10 merge-duplicates";
    let o = olympiad(&["perft", "checkers", "1", "--position", merged]);
    assert!(stdout(&o).contains("nodes: 1\n"), "{}", stdout(&o));
}

#[test]
fn reversi_perft_conventions() {
    // Depth 11 is the first where games end early: 228 finished games above full depth.
    let o = olympiad(&["perft", "reversi", "11", "--threads", "2", "--hash", "64"]);
    assert!(stdout(&o).contains("nodes: 212258800\n"), "{}", stdout(&o));
    let o = olympiad(&[
        "perft",
        "reversi",
        "11",
        "--threads",
        "2",
        "--game-over",
        "last-ply",
    ]);
    assert!(stdout(&o).contains("nodes: 212258572\n"), "{}", stdout(&o));
    let o = olympiad(&["perft", "reversi", "2", "--divide"]);
    assert!(
        stdout(&o).starts_with("d3: 3\nc4: 3\nf5: 3\ne6: 3\n"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn show_and_bad_input() {
    let o = olympiad(&["show", "checkers", "--moves", "11-15 24-19"]);
    let out = stdout(&o);
    assert!(out.contains("to move: Black"), "{out}");
    assert!(out.contains("legal moves (1): 15x24"), "{out}");
    let o = olympiad(&["show", "reversi", "--moves", "f5"]);
    let out = stdout(&o);
    assert!(out.contains("to move: White (O)"), "{out}");
    assert!(out.contains("discs: Black 4, White 1"), "{out}");
    let o = olympiad(&[
        "perft",
        "checkers",
        "2",
        "--moves",
        "11-16 22-17 16-20 17-13 9-18",
    ]);
    assert_eq!(o.status.code(), Some(2));
    let o = olympiad(&["perft", "reversi", "2", "--position", "XO X"]);
    assert_eq!(o.status.code(), Some(2));
}
