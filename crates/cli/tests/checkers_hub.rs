//! Checkers over the Hub protocol on 32 squares, both sides ours: `olympiad play checkers
//! --protocol hub` answers version 1 and version 2 commands with the board as 32 letters
//! and every capture written in full (`15x22x18`), and `olympiad match checkers` plays
//! Crown against that served program from the three-move deck with no fault. `SIMPLECH=PATH`
//! (a Hub adapter around Martin Fierz's simplech, built outside the repository) runs a
//! short match against it (ignored by default).

mod common;

use common::{run_match, scratch, termination};
use std::process::Command;

/// The deck, from the checkers folder.
const THREE_MOVE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../games/checkers/data/three-move.txt"
);

/// The start position's 32 squares: Black's men on 1-12, White's on 21-32.
const START: &str = "bbbbbbbbbbbbeeeeeeeewwwwwwwwwwww";

/// Feeds `script` to the served player and returns what it wrote.
fn served(script: &str) -> Vec<String> {
    common::served(&["checkers", "--protocol", "hub", "--quiet"], script)
}

#[test]
fn the_served_engine_plays_checkers_in_both_versions() {
    // After 11-15 22-18 Black must take 18 with 15: the only move, written in full. Then,
    // in version 2, after White's recapture 25x18 (told in full), a move for Black.
    let out = served(&format!(
        "hub\ninit\npos b{START}\nmove 11-15\nmove 22-18\ntime 200\ngo\n\
         pos pos=B{START} moves=\"11-15 22-18 15x22x18 25x18x22\"\nlevel move-time=0.2\n\
         go think\npos b{START}\nmove 9-20\npos b{START}eeeeeee\nquit\n"
    ));
    assert!(out.contains(&"ready".to_string()), "{out:?}");
    let moves: Vec<&String> = out
        .iter()
        .filter(|l| l.starts_with("move ") || l.starts_with("done "))
        .collect();
    assert_eq!(moves.len(), 2, "{out:?}");
    assert_eq!(moves[0], "move 15x22x18", "{out:?}");
    // Black's men on 1-10 and 12 against White's on 18, 21, 23, 24, 26-32: no capture,
    // these steps.
    let second = moves[1].trim_start_matches("done move=");
    assert!(
        ["9-13", "9-14", "10-14", "10-15", "12-16", "8-11", "7-11"]
            .contains(&second.split_whitespace().next().unwrap()),
        "{out:?}"
    );
    let errors: Vec<&String> = out.iter().filter(|l| l.starts_with("error ")).collect();
    assert_eq!(errors.len(), 2, "{out:?}");
    assert!(errors[0].starts_with("error illegal move"), "{out:?}");
    assert!(errors[1].contains("50 squares (draughts) or 32"), "{out:?}");
}

#[test]
fn crown_plays_a_served_hub_checkers_program_from_the_deck() {
    let dir = scratch("checkers-hub", "served");
    let olympiad = env!("CARGO_BIN_EXE_olympiad");
    let hub = format!("hub:{olympiad} play checkers --protocol hub --quiet --depth 4");
    let (stdout, records) = run_match(
        "checkers",
        &dir,
        &[
            "builtin:crown:depth=4",
            &hub,
            "--games",
            "4",
            "--time-ms",
            "60000",
            "--max-plies",
            "160",
            "--openings",
            THREE_MOVE,
        ],
    );
    assert_eq!(records.len(), 4, "{stdout}");
    for record in &records {
        let (kind, _, fault) = termination(record);
        assert_ne!(kind, "fault", "{fault}: {record}");
        // The opening's three moves, then the game: captures among them, so the program's
        // captures were read in full and turned into the game's landing squares.
        assert!(record["moves"].as_array().unwrap().len() > 20, "{record}");
    }
    assert!(
        stdout.contains("faults: builtin:crown:depth=4 0"),
        "{stdout}"
    );
    let captures = records
        .iter()
        .flat_map(|r| r["moves"].as_array().unwrap())
        .filter(|m| m["move"].as_str().unwrap().contains('x'))
        .count();
    assert!(captures > 4, "{stdout}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_dxp_protocol_refuses_checkers() {
    let dir = scratch("checkers-hub", "dxp");
    let output = Command::new(env!("CARGO_BIN_EXE_olympiad"))
        .args(["match", "checkers", "builtin:random", "dxp@127.0.0.1:9"])
        .args(["--games", "1", "--out"])
        .arg(dir.join("out"))
        .output()
        .unwrap();
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(
        text.contains("the dxp protocol plays international draughts"),
        "{text}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A short match against simplech behind its Hub adapter: `SIMPLECH=/path/to/adapter`.
#[test]
#[ignore = "needs the simplech Hub adapter: SIMPLECH=PATH"]
fn a_short_match_against_simplech() {
    let program = std::env::var("SIMPLECH").expect("SIMPLECH=PATH of the Hub adapter");
    let dir = scratch("checkers-hub", "simplech");
    let spec = format!("hub:{program}");
    let (stdout, records) = run_match(
        "checkers",
        &dir,
        &[
            "builtin:crown",
            &spec,
            "--games",
            "4",
            "--tc",
            "st=0.1",
            "--max-plies",
            "300",
            "--openings",
            THREE_MOVE,
        ],
    );
    assert_eq!(records.len(), 4, "{stdout}");
    assert!(stdout.contains("faults: builtin:crown 0"), "{stdout}");
    assert!(!stdout.contains(&format!("{spec} 1")), "{stdout}");
    let _ = std::fs::remove_dir_all(&dir);
}
