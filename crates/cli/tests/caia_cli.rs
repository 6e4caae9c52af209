//! `olympiad caiaio`, `olympiad referee` and `olympiad manager` as users run them: the seed's
//! manager and referee (Python, line by line) run a full Caïssa game under our hub; our
//! referee and manager run a small competition; a `-d` transcript of one game is kept as a
//! snapshot (tests/snapshots/ of the caia crate; `UPDATE_SNAPSHOTS=1` rewrites it).
//!
//! The players are `olympiad play caissa` at a fixed depth, and small Python programs
//! (crates/caia/tests/scripts/caissa_player.py) that ask `olympiad show` for the legal moves
//! and pick one with a seeded generator (the snapshot uses these, so that it does not change
//! when the engine improves); every game is the same on every run.

use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const OLYMPIAD: &str = env!("CARGO_BIN_EXE_olympiad");

fn caia_tests() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../caia/tests")
}

fn script(name: &str) -> String {
    caia_tests()
        .join("scripts")
        .join(name)
        .canonicalize()
        .unwrap()
        .display()
        .to_string()
}

fn test_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("caia-cli-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

/// An executable `dir/name` running `command` with the arguments it is given appended
/// (Caia starts programs with at most one argument).
fn wrapper(dir: &Path, name: &str, command: &str) -> String {
    let path = dir.join(name);
    fs::write(&path, format!("#!/bin/sh\nexec {command} \"$@\"\n")).unwrap();
    fs::set_permissions(&path, fs::Permissions::from_mode(0o755)).unwrap();
    path.display().to_string()
}

fn caissa_player(dir: &Path, name: &str, seed: u64, bad_at: Option<u32>) -> String {
    let bad = bad_at.map(|k| format!(" {k}")).unwrap_or_default();
    wrapper(
        dir,
        name,
        &format!(
            "python3 '{}' '{OLYMPIAD}' {seed}{bad}",
            script("caissa_player.py")
        ),
    )
}

/// `olympiad play caissa` searching to a fixed depth without its book: the same moves on
/// every run.
fn engine_player(dir: &Path, name: &str, depth: u32) -> String {
    wrapper(
        dir,
        name,
        &format!("'{OLYMPIAD}' play caissa --depth {depth} --no-book --quiet"),
    )
}

fn caiaio(dir: &Path, args: &[&str]) -> Output {
    Command::new(OLYMPIAD)
        .arg("caiaio")
        .args(args)
        .current_dir(dir)
        .output()
        .expect("run olympiad caiaio")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A plan for seed_manager.py: one game between two players.
fn seed_plan(dir: &Path, players: [&str; 2], referee: &str, referee_arg: Option<&str>) -> String {
    let players: Vec<String> = players
        .iter()
        .enumerate()
        .map(|(i, exe)| {
            format!(
                r#"{{"exe": "{exe}", "ms": 30000, "log": "{}/p{}.log"}}"#,
                dir.display(),
                i + 1
            )
        })
        .collect();
    let arg = referee_arg
        .map(|a| format!(r#", "referee_arg": "{a}""#))
        .unwrap_or_default();
    let plan = format!(
        r#"{{"cpu_speed": "2000 1000", "record": "{}/record", "games": [{{"players": [{}], "referee": "{referee}"{arg}}}]}}"#,
        dir.display(),
        players.join(", ")
    );
    let path = dir.join("plan.json");
    fs::write(&path, plan).unwrap();
    path.display().to_string()
}

#[test]
fn the_seed_manager_and_referee_play_a_full_game_under_caiaio() {
    let dir = test_dir("seed");
    let p1 = engine_player(&dir, "p1", 2);
    let p2 = engine_player(&dir, "p2", 1);
    let referee = wrapper(
        &dir,
        "referee",
        &format!("python3 '{}' '{OLYMPIAD}'", script("seed_referee.py")),
    );
    let game_log = dir.join("game.log");
    let plan = seed_plan(
        &dir,
        [&p1, &p2],
        &referee,
        Some(&game_log.display().to_string()),
    );
    let manager = wrapper(
        &dir,
        "manager",
        &format!("python3 '{}'", script("seed_manager.py")),
    );
    let out = caiaio(&dir, &["-m", &manager, "-f", &plan]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let record = fs::read_to_string(dir.join("record")).unwrap();
    let report = record.lines().find(|l| l.starts_with("report ")).unwrap();
    // A game the rules ended, with both clocks.
    assert!(
        report.contains(" AFTER ") && report.contains("; TIMES "),
        "{record}"
    );
    let moves = fs::read_to_string(&game_log).unwrap();
    let count = moves.lines().count();
    assert!(
        report.contains(&format!(" AFTER {count} MOVES")),
        "{report}"
    );
    let moves: Vec<&str> = moves.lines().collect();
    let shown = Command::new(OLYMPIAD)
        .args(["show", "caissa", "--moves", &moves.join(" ")])
        .output()
        .unwrap();
    let shown = text(&shown.stdout);
    let over = shown
        .lines()
        .find(|l| l.starts_with("game over: "))
        .unwrap();
    assert!(report.starts_with(&format!(
        "report {}",
        over["game over: ".len()..].to_uppercase()
    )));
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn our_referee_and_manager_run_a_competition_under_our_hub() {
    let dir = test_dir("competition");
    let alice = caissa_player(&dir, "alice", 5, None);
    let bob = engine_player(&dir, "bob", 1);
    let quitter = wrapper(&dir, "quitter", "true");
    let referee = wrapper(&dir, "referee", &format!("'{OLYMPIAD}' referee caissa"));
    let manager = wrapper(&dir, "manager", &format!("'{OLYMPIAD}' manager --players"));
    fs::write(
        dir.join("competition.toml"),
        format!(
            "referee = \"{referee}\"\ntime_ms = 60000\nlogs = \"logs\"\n\n[players]\n\
             alice = \"{alice}\"\nbob = \"{bob}\"\nquitter = \"{quitter}\"\n"
        ),
    )
    .unwrap();
    let out = caiaio(&dir, &["-m", &manager, "-f", "competition.toml"]);
    let err = text(&out.stderr);
    assert!(out.status.success(), "{err}");
    let games: Vec<&str> = err.lines().filter(|l| l.starts_with("game ")).collect();
    assert_eq!(games.len(), 6, "{err}");
    // The quitter exits at once: every one of its games is an irregular loss.
    for line in games.iter().filter(|l| l.contains("quitter")) {
        assert!(line.contains("loses_irregularly_(stopped)"), "{line}");
        let quitter_first = line.contains(": quitter - ");
        assert!(
            line.contains(if quitter_first { " 0-2 " } else { " 2-0 " }),
            "{line}"
        );
    }
    let table: Vec<&str> = err
        .lines()
        .skip_while(|l| !l.starts_with("standings after 6 games"))
        .collect();
    assert_eq!(table.len(), 5, "{err}");
    let quitter_row: Vec<&str> = table[4].split_whitespace().collect();
    assert_eq!(quitter_row, ["3", "quitter", "4", "0", "0", "0", "4"]);
    let points: f64 = table[2..]
        .iter()
        .map(|row| {
            row.split_whitespace()
                .nth(3)
                .unwrap()
                .parse::<f64>()
                .unwrap()
        })
        .sum();
    assert_eq!(points, 12.0);
    // One record per game from the referee, and the players' stderr logs.
    for n in 1..=6 {
        let log = fs::read_to_string(dir.join(format!("logs/game-{n:03}.log"))).unwrap();
        assert!(
            log.lines().last().unwrap().starts_with("M report "),
            "{log}"
        );
    }
    assert!(dir.join("logs/alice.log").exists());
    let _ = fs::remove_dir_all(&dir);
}

/// Replaces what changes from run to run (directories, clocks) by fixed words.
fn normalize(transcript: &str, dir: &Path) -> String {
    let scripts = script("caissa_player.py");
    let scripts = Path::new(&scripts).parent().unwrap().display().to_string();
    let mut out = String::new();
    for line in transcript.lines() {
        let line = line
            .replace(&dir.display().to_string(), "$DIR")
            .replace(&scripts, "$SCRIPTS")
            .replace(OLYMPIAD, "$OLYMPIAD");
        let words: Vec<String> = line
            .split(' ')
            .enumerate()
            .map(|(i, w)| {
                let reply = line.starts_with("[caiaio -> ") && line.contains("] time ");
                if i > 0 && reply && w.parse::<u64>().is_ok() {
                    "T".to_string()
                } else {
                    w.to_string()
                }
            })
            .collect();
        let mut line = words.join(" ");
        for n in 1..=2 {
            let key = format!("time{n}=");
            if let Some(at) = line.find(&key) {
                let start = at + key.len();
                let end = start + line[start..].find("ms").unwrap();
                line.replace_range(start..end, "T");
            }
        }
        out.push_str(&line);
        out.push('\n');
    }
    out
}

#[test]
fn a_debug_transcript_of_one_game_matches_the_snapshot() {
    let dir = test_dir("transcript");
    let p1 = caissa_player(&dir, "p1", 3, None);
    // Player 2 writes a non-move as its fourth move: a short game, lost irregularly.
    let p2 = caissa_player(&dir, "p2", 4, Some(4));
    let referee = wrapper(&dir, "referee", &format!("'{OLYMPIAD}' referee caissa"));
    let plan = seed_plan(
        &dir,
        [&p1, &p2],
        &referee,
        Some(&format!("{}/game.log", dir.display())),
    );
    let manager = wrapper(
        &dir,
        "manager",
        &format!("python3 '{}'", script("seed_manager.py")),
    );
    let out = caiaio(&dir, &["-d", "-m", &manager, "-f", &plan]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let transcript = normalize(&text(&out.stderr), &dir);
    let snapshot = caia_tests().join("snapshots/caiaio_debug_transcript.txt");
    if std::env::var_os("UPDATE_SNAPSHOTS").is_some() {
        fs::create_dir_all(snapshot.parent().unwrap()).unwrap();
        fs::write(&snapshot, &transcript).unwrap();
    }
    let expected = fs::read_to_string(&snapshot).expect("snapshot (UPDATE_SNAPSHOTS=1 writes it)");
    assert_eq!(transcript, expected);
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn bad_input_is_exit_code_2_and_a_bad_command_names_the_line() {
    let dir = test_dir("bad");
    let o = Command::new(OLYMPIAD)
        .args(["referee", "tafl"])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o.stderr).contains("unknown game 'tafl'"));
    let o = caiaio(&dir, &["-m", "no-such-manager"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o.stderr).contains("cannot start the manager 'no-such-manager'"));
    let manager = wrapper(
        &dir,
        "manager",
        "sh -c 'echo \"I lock\"; echo \"I dance\"; sleep 10'",
    );
    let o = caiaio(&dir, &["-m", &manager]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        text(&o.stderr),
        "olympiad: manager line 2 'I dance': unknown command 'dance'\n"
    );
    fs::write(
        dir.join("players.toml"),
        "referee = \"r\"\n[players]\nsolo = \"x\"\n",
    )
    .unwrap();
    let o = Command::new(OLYMPIAD)
        .arg("manager")
        .current_dir(&dir)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        text(&o.stderr),
        "olympiad: players.toml: a competition needs at least two players\n"
    );
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn a_player_killed_by_sigsegv_loses_with_the_signals_description_in_the_report() {
    let dir = test_dir("sigsegv");
    let bob = engine_player(&dir, "bob", 1);
    // Dies by SIGSEGV as soon as it is asked for a move.
    let crasher = wrapper(&dir, "crasher", "sh -c 'read line; kill -SEGV $$'");
    let referee = wrapper(&dir, "referee", &format!("'{OLYMPIAD}' referee caissa"));
    let manager = wrapper(&dir, "manager", &format!("'{OLYMPIAD}' manager --players"));
    fs::write(
        dir.join("competition.toml"),
        format!(
            "referee = \"{referee}\"\ntime_ms = 60000\n\n[players]\n\
             crasher = \"{crasher}\"\nbob = \"{bob}\"\n"
        ),
    )
    .unwrap();
    let out = caiaio(&dir, &["-m", &manager, "-f", "competition.toml"]);
    let err = text(&out.stderr);
    assert!(out.status.success(), "{err}");
    let games: Vec<&str> = err.lines().filter(|l| l.starts_with("game ")).collect();
    assert_eq!(games.len(), 2, "{err}");
    for line in games {
        assert!(
            line.contains("loses_irregularly_(crashed_Segmentation_fault)"),
            "{line}"
        );
    }
    let _ = fs::remove_dir_all(&dir);
}
