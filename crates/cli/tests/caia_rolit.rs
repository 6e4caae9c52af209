//! Four-player Caia Rolit as users run it: `olympiad caiaio` with `olympiad manager`
//! (`seats = 4`), `olympiad referee rolit` and four `olympiad play rolit` programs, each
//! started through a two-line sh script as docs/CAIA.md describes; a session in which one
//! player cheats; and `olympiad play rolit` alone, spoken to over its pipes as the referee
//! speaks to it.

use olympiad_catalog::find_game;
use std::fs;
use std::io::{BufRead, BufReader, Write};
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Output, Stdio};
use std::time::{Duration, Instant};

const OLYMPIAD: &str = env!("CARGO_BIN_EXE_olympiad");

fn test_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("caia-rolit-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

/// An executable `dir/name`: a two-line sh script.
fn script(dir: &Path, name: &str, body: &str) -> String {
    let path = dir.join(name);
    fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
    fs::set_permissions(&path, fs::Permissions::from_mode(0o755)).unwrap();
    path.display().to_string()
}

/// `olympiad play rolit` with `engine` and a short budget, as a Caia player.
fn rolit_player(dir: &Path, name: &str, engine: &str) -> String {
    script(
        dir,
        name,
        &format!("exec '{OLYMPIAD}' play rolit --engine {engine} --time-ms 600 --quiet"),
    )
}

/// Writes the competition file (four seats) and runs the session; returns the manager's
/// stderr (results and standings).
fn session(dir: &Path, players: &[(&str, String)]) -> String {
    let referee = script(
        dir,
        "referee",
        &format!("exec '{OLYMPIAD}' referee rolit \"$@\""),
    );
    let manager = script(
        dir,
        "manager",
        &format!("exec '{OLYMPIAD}' manager --players \"$@\""),
    );
    let table: String = players
        .iter()
        .map(|(name, exe)| format!("{name} = \"{exe}\"\n"))
        .collect();
    fs::write(
        dir.join("competition.toml"),
        format!(
            "referee = \"{referee}\"\nseats = 4\ntime_ms = 3000\nlogs = \"logs\"\n\n\
             [players]\n{table}"
        ),
    )
    .unwrap();
    let out: Output = Command::new(OLYMPIAD)
        .args(["caiaio", "-m", &manager, "-f", "competition.toml"])
        .current_dir(dir)
        .output()
        .expect("run olympiad caiaio");
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(out.status.success(), "{err}");
    err
}

/// One `game N: a - b - c - d S1/S2/S3/S4 MESSAGE` line of the manager.
struct GameLine {
    names: Vec<String>,
    scores: Vec<i64>,
    message: String,
}

fn game_lines(err: &str) -> Vec<GameLine> {
    err.lines()
        .filter(|l| l.starts_with("game "))
        .map(|l| {
            let words: Vec<&str> = l.split(' ').collect();
            // game N: a - b - c - d SCORES MESSAGE
            assert_eq!(words.len(), 11, "{l}");
            GameLine {
                names: [2, 4, 6, 8].iter().map(|&i| words[i].to_string()).collect(),
                scores: words[9].split('/').map(|s| s.parse().unwrap()).collect(),
                message: words[10].to_string(),
            }
        })
        .collect()
}

/// The standings rows after the header lines.
fn standings(err: &str) -> Vec<Vec<String>> {
    let lines: Vec<&str> = err
        .lines()
        .skip_while(|l| !l.starts_with("standings after 4 games of 4 seats"))
        .collect();
    assert!(lines.len() >= 2, "{err}");
    assert!(lines[1].contains("avg rank"), "{err}");
    lines[2..]
        .iter()
        .map(|l| l.split_whitespace().map(String::from).collect())
        .collect()
}

#[test]
fn four_rolit_programs_play_a_session_under_caiaio() {
    let dir = test_dir("session");
    let players = [
        ("alice", rolit_player(&dir, "alice", "mcts")),
        ("bob", rolit_player(&dir, "bob", "mcts")),
        ("carol", rolit_player(&dir, "carol", "maxn")),
        ("dave", rolit_player(&dir, "dave", "paranoid")),
    ];
    let err = session(&dir, &players);
    let games = game_lines(&err);
    assert_eq!(games.len(), 4, "{err}");
    for (n, game) in games.iter().enumerate() {
        assert_eq!(game.scores.iter().sum::<i64>(), 64, "game {}: {err}", n + 1);
        assert!(game.scores.iter().all(|&s| s >= 0), "{err}");
        assert!(
            game.message.contains("(board_full);moves=60;time1="),
            "{}",
            game.message
        );
        assert!(game.message.contains(";time4="), "{}", game.message);
        // The referee's record: the same report, and a final board that holds those balls.
        let log = fs::read_to_string(dir.join(format!("logs/game-{:03}.log", n + 1))).unwrap();
        let scores: Vec<String> = game.scores.iter().map(|s| s.to_string()).collect();
        let report = format!("M report {} {}", scores.join(" "), game.message);
        assert_eq!(log.lines().last(), Some(report.as_str()), "{log}");
        let board = log
            .lines()
            .find_map(|l| l.strip_prefix("final position: "))
            .unwrap();
        for (seat, &score) in game.scores.iter().enumerate() {
            let colour = char::from(b'1' + seat as u8);
            let balls = board[..64].chars().filter(|&c| c == colour).count();
            assert_eq!(balls as i64, score, "seat {}: {board}", seat + 1);
        }
        assert_eq!(log.lines().filter(|l| l.starts_with("player ")).count(), 60);
    }
    // Everyone sits in every seat once.
    for seat in 0..4 {
        let mut sitting: Vec<&str> = games.iter().map(|g| g.names[seat].as_str()).collect();
        sitting.sort();
        assert_eq!(
            sitting,
            ["alice", "bob", "carol", "dave"],
            "seat {}",
            seat + 1
        );
    }
    let rows = standings(&err);
    assert_eq!(rows.len(), 4, "{err}");
    let mut total = 0;
    for row in &rows {
        // rank player games score share avg-rank irregular
        assert_eq!(row.len(), 7, "{row:?}");
        assert_eq!(row[2], "4", "{err}");
        assert_eq!(row[6], "0", "{err}");
        total += row[3].parse::<i64>().unwrap();
    }
    assert_eq!(total, 4 * 64);
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn an_illegal_move_is_an_irregular_loss_and_the_session_ends() {
    let dir = test_dir("cheat");
    // Square 28 holds a ball from the start: never a legal move.
    let cheat = script(&dir, "cheat", "read n; echo 28; exec cat >/dev/null");
    let players = [
        ("alice", rolit_player(&dir, "alice", "maxn")),
        ("bob", rolit_player(&dir, "bob", "mcts")),
        ("cheat", cheat),
        ("dave", rolit_player(&dir, "dave", "paranoid")),
    ];
    let err = session(&dir, &players);
    let games = game_lines(&err);
    assert_eq!(games.len(), 4, "{err}");
    for game in &games {
        let seat = game.names.iter().position(|n| n == "cheat").unwrap();
        assert_eq!(game.scores[seat], -1, "{err}");
        assert!(
            game.message.starts_with(&format!(
                "player_{}_loses_irregularly_(illegal_move_'28');moves={seat};",
                seat + 1
            )),
            "{}",
            game.message
        );
        let others: i64 = game.scores.iter().filter(|&&s| s >= 0).sum();
        assert!(others >= 3, "{err}");
    }
    let rows = standings(&err);
    let cheat = rows.iter().find(|r| r[1] == "cheat").unwrap();
    assert_eq!(cheat[0], "4", "last: {err}");
    assert_eq!((cheat[2].as_str(), cheat[6].as_str()), ("4", "4"), "{err}");
    assert_eq!(cheat[5], "4.00", "{err}");
    let _ = fs::remove_dir_all(&dir);
}

/// `olympiad play GAME ARGS` over pipes.
struct Program {
    child: Child,
    input: Option<ChildStdin>,
    output: BufReader<ChildStdout>,
}

impl Program {
    fn start(game: &str, args: &[&str]) -> Program {
        let mut child = Command::new(OLYMPIAD)
            .args(["play", game])
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start olympiad play");
        let input = child.stdin.take();
        let output = BufReader::new(child.stdout.take().unwrap());
        Program {
            child,
            input,
            output,
        }
    }

    fn send(&mut self, line: &str) {
        let input = self.input.as_mut().unwrap();
        writeln!(input, "{line}").unwrap();
        input.flush().unwrap();
    }

    fn read(&mut self) -> String {
        let mut line = String::new();
        self.output.read_line(&mut line).unwrap();
        line.trim_end().to_string()
    }

    /// Waits for the program to exit by itself, its input still open (10 s at most).
    fn exits_by_itself(mut self) -> (i32, String) {
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                let mut err = String::new();
                std::io::Read::read_to_string(self.child.stderr.as_mut().unwrap(), &mut err)
                    .unwrap();
                return (status.code().unwrap_or(-1), err);
            }
            if Instant::now() > deadline {
                let _ = self.child.kill();
                panic!("the program did not stop by itself");
            }
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    /// Closes its input and waits for the exit.
    fn finish(mut self) -> (i32, String) {
        self.input = None;
        let out = self.child.wait_with_output().unwrap();
        (
            out.status.code().unwrap_or(-1),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    }
}

/// A whole game with the program in `seat` (1..4) and the other seats played by the test
/// (the first legal move); returns the program and the time it took on its moves, measured
/// from the line that gave it the turn to its answer.
fn play_a_game(args: &[&str], seat: usize) -> (Program, Duration) {
    let mut p = Program::start("rolit", args);
    let mut pos = find_game("rolit").unwrap().start();
    let mut used = Duration::ZERO;
    let mut asked = Instant::now();
    for k in 1..=4 {
        if k == seat {
            asked = Instant::now();
            p.send(&k.to_string());
        }
    }
    while pos.outcome().is_none() {
        let mover = pos.to_move().index() + 1;
        if mover == seat {
            let answer = p.read();
            used += asked.elapsed();
            let text = pos.position_text();
            pos.play(&answer)
                .unwrap_or_else(|e| panic!("'{answer}' in {text}: {e}"));
        } else {
            let text = pos.legal_moves()[0].clone();
            pos.play(&text).unwrap();
            asked = Instant::now();
            p.send(&text);
        }
    }
    (p, used)
}

#[test]
fn play_rolit_receives_the_last_move_and_stops() {
    let (p, _) = play_a_game(&["--engine", "maxn", "--depth", "1", "--quiet"], 2);
    let (code, stderr) = p.exits_by_itself();
    assert_eq!(code, 0, "{stderr}");
}

#[test]
fn play_rolit_gives_the_last_move_stops_and_keeps_its_clock() {
    let budget = Duration::from_millis(1_500);
    let (p, used) = play_a_game(&["--time-ms", "1500"], 4);
    let (code, stderr) = p.exits_by_itself();
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(stderr.matches(" played ").count(), 15, "{stderr}");
    assert!(stderr.contains("game over"), "{stderr}");
    assert!(
        used < budget,
        "used {} ms of {} ms",
        used.as_millis(),
        budget.as_millis()
    );
}

#[test]
fn play_rolit_first_line_stop_and_bad_moves() {
    let quick = ["--engine", "maxn", "--depth", "1", "--quiet"];
    // Not a player number: input error.
    for first in ["5", "0", "x", "1 2"] {
        let mut p = Program::start("rolit", &quick);
        p.send(first);
        let (code, stderr) = p.finish();
        assert_eq!(code, 2, "'{first}': {stderr}");
        assert!(stderr.contains("player's number, 1 to 4"), "{stderr}");
    }
    // Three players: 4 is not a number there.
    let mut p = Program::start("rolit3", &quick);
    p.send("4");
    assert_eq!(p.finish().0, 2);
    // Player 1 moves at once: one of the three legal first moves.
    let mut p = Program::start("rolit", &quick);
    p.send("1");
    let answer = p.read();
    assert!(["30", "44", "46"].contains(&answer.as_str()), "{answer}");
    let (code, stderr) = p.finish();
    assert_eq!(code, 0, "end of input: {stderr}");
    // An occupied square from the referee.
    let mut p = Program::start("rolit", &quick);
    p.send("2");
    p.send("28");
    let (code, stderr) = p.finish();
    assert_eq!(code, 3, "{stderr}");
    assert!(stderr.contains("'28'"), "{stderr}");
    // Not a square at all.
    let mut p = Program::start("rolit", &quick);
    p.send("3");
    p.send("65");
    assert_eq!(p.finish().0, 3);
    // `0`: stop, without waiting for the end of input.
    let mut p = Program::start("rolit", &quick);
    p.send("3");
    p.send("30");
    p.send("0");
    let (code, stderr) = p.exits_by_itself();
    assert_eq!(code, 0, "{stderr}");
    // Nothing at all.
    let p = Program::start("rolit", &quick);
    assert_eq!(p.finish().0, 0);
    // Engines of the other game.
    let o = Command::new(OLYMPIAD)
        .args(["play", "rolit", "--engine", "hipp"])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    let o = Command::new(OLYMPIAD)
        .args(["play", "caissa", "--engine", "mcts"])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn too_few_players_for_the_seats_is_a_clear_error() {
    let dir = test_dir("few");
    fs::write(
        dir.join("players.toml"),
        "referee = \"r\"\nseats = 4\n[players]\na = \"x\"\nb = \"y\"\nc = \"z\"\n",
    )
    .unwrap();
    let o = Command::new(OLYMPIAD)
        .arg("manager")
        .current_dir(&dir)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&o.stderr),
        "olympiad: players.toml: 'seats = 4' needs at least 4 players in [players], 3 given\n"
    );
    fs::write(
        dir.join("players.toml"),
        "referee = \"r\"\nseats = 1\n[players]\na = \"x\"\nb = \"y\"\n",
    )
    .unwrap();
    let o = Command::new(OLYMPIAD)
        .arg("manager")
        .current_dir(&dir)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("'seats' must be a whole number"));
    let _ = fs::remove_dir_all(&dir);
}
