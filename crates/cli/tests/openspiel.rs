//! OpenSpiel (PyPI `open_spiel`, which `.ci/run` installs) as an outside check of our games:
//! its Clobber, Hex (without the swap, which it plays as swap-pieces) and Lines of Action
//! list the same moves as ours along random games
//! (`scripts/openspiel-cross-check.py`), and its MCTS bot plays our engines through the
//! arena as a CodeCup-dialogue program (`scripts/openspiel-mcts-player.py`), the baseline
//! opponent of the Olympiad games: Clobber, Hex with the swap, and Connect6, which OpenSpiel
//! lacks and `scripts/openspiel_connect6.py` writes for it as a Python game.

mod common;

use common::{records, run_ok};
use std::path::{Path, PathBuf};
use std::process::Command;

/// A script of the repository's `scripts/` folder.
fn script(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../scripts")
        .join(name)
}

/// Python can import OpenSpiel, or the test says how to get it.
fn require_openspiel() {
    let ok = Command::new("python3")
        .args(["-c", "import pyspiel"])
        .status()
        .is_ok_and(|s| s.success());
    assert!(
        ok,
        "OpenSpiel is missing: `.ci/run` installs it (python3 -m pip install open_spiel)"
    );
}

/// Runs the cross-check of `ours` against OpenSpiel's `theirs` with `params` over `games`
/// random games; returns its last line.
fn cross_check(theirs: &str, ours: &str, params: &[&str], games: u32, seed: u32) -> String {
    require_openspiel();
    let mut command = Command::new("python3");
    command
        .arg(script("openspiel-cross-check.py"))
        .args([theirs, ours])
        .args(["--games", &games.to_string(), "--seed", &seed.to_string()])
        .args(["--olympiad", env!("CARGO_BIN_EXE_olympiad")]);
    for p in params {
        command.args(["--param", p]);
    }
    run_ok(&mut command)
        .lines()
        .last()
        .unwrap_or_default()
        .to_string()
}

#[test]
fn openspiel_and_our_clobber_list_the_same_moves_along_random_games() {
    let small = cross_check(
        "clobber",
        "clobber(rows=5,columns=6)",
        &["rows=5", "columns=6"],
        30,
        1,
    );
    assert!(small.starts_with("30 games, "), "{small}");
    let ours = cross_check("clobber", "clobber", &["rows=10", "columns=10"], 5, 2);
    assert!(ours.ends_with("the move lists agree"), "{ours}");
}

#[test]
fn openspiel_and_our_hex_and_loa_list_the_same_moves_along_random_games() {
    let hex = cross_check("hex", "hex(size=5,swap=off)", &["board_size=5"], 30, 1);
    assert!(hex.starts_with("30 games, "), "{hex}");
    let loa = cross_check("lines_of_action", "loa", &[], 2, 1);
    assert!(loa.starts_with("2 games, "), "{loa}");
}

#[test]
#[ignore = "longer cross-checks: 50 Hex games on 11x11 and 30 of Lines of Action (half a minute)"]
fn openspiel_and_our_hex_and_loa_agree_over_many_games() {
    let hex = cross_check("hex", "hex(size=11,swap=off)", &[], 50, 5);
    assert!(hex.starts_with("50 games, "), "{hex}");
    let loa = cross_check("lines_of_action", "loa", &[], 30, 5);
    assert!(loa.starts_with("30 games, "), "{loa}");
}

#[test]
#[ignore = "a longer cross-check: 300 games (about a minute)"]
fn openspiel_and_our_clobber_agree_over_many_games() {
    for (ours, params, games) in [
        ("clobber(rows=5,columns=6)", ["rows=5", "columns=6"], 200),
        ("clobber(rows=7,columns=4)", ["rows=7", "columns=4"], 50),
        ("clobber", ["rows=10", "columns=10"], 50),
    ] {
        let last = cross_check("clobber", ours, &params, games, 7);
        assert!(last.starts_with(&format!("{games} games, ")), "{last}");
    }
}

#[test]
fn openspiel_mcts_bot_plays_our_clobber_engine_through_the_arena() {
    require_openspiel();
    let out = std::env::temp_dir().join(format!("olympiad-openspiel-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&out);
    let bot = format!(
        "codecup:python3 {} clobber --param rows=5 --param columns=6 --simulations 100 --seed 3",
        script("openspiel-mcts-player.py").display()
    );
    let stdout = run_ok(
        Command::new(env!("CARGO_BIN_EXE_olympiad"))
            .args([
                "match",
                "clobber(rows=5,columns=6)",
                "builtin:alphabeta",
                &bot,
            ])
            .args(["--games", "2", "--tc", "30", "--out"])
            .arg(&out),
    );
    let records = records(&out);
    assert_eq!(records.len(), 2, "{stdout}");
    for record in &records {
        // Both seats moved, and the game ended by the rules (a player without a move).
        assert_eq!(record["termination"]["kind"], "rules", "{record}");
        let moves = record["moves"].as_array().unwrap();
        for seat in 0..2u64 {
            assert!(moves.iter().any(|m| m["seat"] == seat), "{record}");
        }
    }
    let _ = std::fs::remove_dir_all(&out);
}

/// The adapter's Hex swap: ours exchanges roles and leaves the stone where it stands,
/// OpenSpiel's mirrors and recolours it. After the adapter opens and we swap, the stone's
/// own cell is taken (the adapter refuses it) and its mirror image is free (accepted).
#[test]
fn openspiel_mcts_adapter_translates_the_hex_swap_by_the_mirror() {
    require_openspiel();
    let python = PathBuf::from("python3");
    let adapter = script("openspiel-mcts-player.py");
    let talk = |lines: &[&str]| -> (Vec<String>, Option<i32>) {
        let mut child = Command::new(&python)
            .arg(&adapter)
            .args(["hex", "--param", "board_size=5", "--param", "swap=true"])
            .args(["--simulations", "50", "--seed", "5"])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        use std::io::{BufRead, BufReader, Write};
        let mut input = child.stdin.take().unwrap();
        let mut output = BufReader::new(child.stdout.take().unwrap());
        let mut answers = Vec::new();
        for line in lines {
            if writeln!(input, "{line}")
                .and_then(|_| input.flush())
                .is_err()
            {
                break;
            }
            let mut answer = String::new();
            if output.read_line(&mut answer).unwrap_or(0) == 0 {
                break;
            }
            answers.push(answer.trim().to_string());
        }
        drop(input);
        (answers, child.wait().unwrap().code())
    };
    let mirror = |cell: &str| {
        let column = cell.as_bytes()[0] - b'a';
        let row: u8 = cell[1..].parse().unwrap();
        format!("{}{}", (b'a' + row - 1) as char, column + 1)
    };
    // The adapter opens (seeded, so always the same cell); find a cell off the diagonal.
    let (answers, _) = talk(&["start"]);
    let opening = answers[0].clone();
    assert_ne!(
        opening,
        mirror(&opening),
        "the seeded opening {opening} lies on the diagonal: pick another seed"
    );
    // We swap; the adapter moves again, never onto its own stone.
    let (answers, _) = talk(&["start", "swap"]);
    assert_eq!(answers[0], opening);
    assert_ne!(answers[1], opening);
    let reply = answers[1].clone();
    // Our move onto the stone's cell is illegal: the adapter stops with code 2.
    let (_, code) = talk(&["start", "swap", &opening]);
    assert_eq!(code, Some(2), "the adapter took {opening} after the swap");
    // The stone's mirror image is free in our game, unless the adapter took it itself.
    let free = mirror(&opening);
    if free != reply {
        let (answers, _) = talk(&["start", "swap", &free, "end"]);
        assert_eq!(answers.len(), 3, "the adapter refused {free}: {answers:?}");
    }
}

#[test]
fn openspiel_mcts_bot_plays_our_hex_engine_with_the_swap() {
    require_openspiel();
    let out = std::env::temp_dir().join(format!("olympiad-openspiel-hex-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&out);
    // `codecup:`: a `cmd:` Hex program speaks HTP.
    let bot = format!(
        "codecup:python3 {} hex --param board_size=5 --param swap=true --simulations 100",
        script("openspiel-mcts-player.py").display()
    );
    let stdout = run_ok(
        Command::new(env!("CARGO_BIN_EXE_olympiad"))
            .args(["match", "hex(size=5)", "builtin:ponte:movetime=50", &bot])
            .args(["--games", "4", "--tc", "30", "--out"])
            .arg(&out),
    );
    let records = records(&out);
    assert_eq!(records.len(), 4, "{stdout}");
    for record in &records {
        assert_eq!(record["termination"]["kind"], "rules", "{record}");
    }
    let _ = std::fs::remove_dir_all(&out);
}

/// OpenSpiel has no Connect6: `scripts/openspiel_connect6.py` writes ours as a Python
/// OpenSpiel game, and the adapter plays a turn's two stones as two searches.
#[test]
fn openspiel_mcts_bot_plays_our_connect6_engine_on_a_python_game() {
    require_openspiel();
    let out = std::env::temp_dir().join(format!("olympiad-openspiel-c6-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&out);
    // `codecup:`: a `cmd:` Connect6 program speaks the Connect6 protocol.
    let bot = format!(
        "codecup:python3 {} connect6 --param size=9 --simulations 100 --seed 7",
        script("openspiel-mcts-player.py").display()
    );
    let stdout = run_ok(
        Command::new(env!("CARGO_BIN_EXE_olympiad"))
            .args([
                "match",
                "connect6(size=9)",
                "builtin:roku:movetime=50",
                &bot,
            ])
            .args(["--games", "2", "--tc", "60", "--out"])
            .arg(&out),
    );
    let records = records(&out);
    assert_eq!(records.len(), 2, "{stdout}");
    for record in &records {
        assert_eq!(record["termination"]["kind"], "rules", "{record}");
        // After Black's first stone, every turn of the bot's is a pair of points.
        let moves = record["moves"].as_array().unwrap();
        for m in moves.iter().skip(1) {
            let text = m["move"].as_str().unwrap();
            let letters = text.chars().filter(|c| c.is_ascii_alphabetic()).count();
            assert_eq!(letters, 2, "{record}");
        }
    }
    let _ = std::fs::remove_dir_all(&out);
}
