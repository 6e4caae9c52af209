//! What the command-line tests share: a GTP-family program driven over its pipes a command
//! at a time (chess, Go's GTP, Hex's HTP), a scratch directory, a command that must
//! succeed, `olympiad match` run with its records read back, `olympiad tournament` run on a
//! configuration, a script written as a fake engine, how a record's game ended, and a
//! served player fed a whole script.

// Each test file uses the part it needs.
#![allow(dead_code)]

use serde_json::Value;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

/// A GTP-family program on pipes: commands in, whole responses out.
pub struct Pipe {
    pub child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Pipe {
    /// Starts `program` with `args` (its stderr dropped).
    pub fn start(program: &Path, args: &[&str]) -> Pipe {
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let input = child.stdin.take().unwrap();
        let output = BufReader::new(child.stdout.take().unwrap());
        Pipe {
            child,
            input,
            output,
        }
    }

    /// Sends `command`; returns the response's lines up to the empty line that ends it.
    pub fn ask(&mut self, command: &str) -> Vec<String> {
        writeln!(self.input, "{command}").unwrap();
        self.input.flush().unwrap();
        let mut lines = Vec::new();
        loop {
            let mut line = String::new();
            assert!(
                self.output.read_line(&mut line).unwrap() > 0,
                "the program ended after '{command}'"
            );
            let line = line.trim_end_matches(['\n', '\r']).to_string();
            if line.is_empty() {
                return lines;
            }
            lines.push(line);
        }
    }

    /// The one-line response to `command`, without trailing blanks (GNU Go writes `= `).
    pub fn one(&mut self, command: &str) -> String {
        let lines = self.ask(command);
        assert_eq!(lines.len(), 1, "'{command}' answered {lines:?}");
        lines[0].trim_end().to_string()
    }
}

/// A fresh directory for one test's records, named for the test file's `topic`.
pub fn scratch(topic: &str, name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("olympiad-{topic}-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs `olympiad match GAME ...` with records in `dir/out`; returns stdout and the records.
pub fn run_match(game: &str, dir: &Path, args: &[&str]) -> (String, Vec<Value>) {
    let out = dir.join("out");
    let stdout = run_ok(
        Command::new(env!("CARGO_BIN_EXE_olympiad"))
            .args(["match", game])
            .args(args)
            .arg("--out")
            .arg(&out),
    );
    (stdout, records(&out))
}

/// Writes the tournament configuration `toml` in `dir` and runs `olympiad tournament` on it
/// with its output in `dir/out`; returns stdout.
pub fn run_tournament(dir: &Path, toml: &str) -> String {
    let config = dir.join("tournament.toml");
    std::fs::write(&config, toml).unwrap();
    run_ok(
        Command::new(env!("CARGO_BIN_EXE_olympiad"))
            .arg("tournament")
            .arg(&config)
            .arg("--out")
            .arg(dir.join("out")),
    )
}

/// Runs `command`, which must succeed; returns its standard output (a failure shows both
/// outputs).
pub fn run_ok(command: &mut Command) -> String {
    let output = command.output().expect("start the command");
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(
        output.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    stdout
}

/// The game records of `dir/games.jsonl`, one JSON value each.
pub fn records(dir: &Path) -> Vec<Value> {
    std::fs::read_to_string(dir.join("games.jsonl"))
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// The moves of a record.
pub fn moves(record: &Value) -> Vec<String> {
    record["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["move"].as_str().unwrap().to_string())
        .collect()
}

/// Writes an executable script `dir/name` (a fake engine that misbehaves on purpose).
pub fn script(dir: &Path, name: &str, text: &str) -> PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

/// How a record's game ended: its kind (`fault`, `outcome`...), the seat at fault and the
/// fault's kind (empty when there is none).
pub fn termination(record: &Value) -> (&str, Option<u64>, &str) {
    let t = &record["termination"];
    (
        t["kind"].as_str().unwrap_or(""),
        t["seat"].as_u64(),
        t["fault"]["kind"].as_str().unwrap_or(""),
    )
}

/// Checks the records of a two-game match in which a broken program held seat 1 in game 0
/// and seat 0 in game 1 (seats rotate): it lost each game by a fault of `fault` kind whose
/// detail holds `detail`.
pub fn assert_lost_by_fault(records: &[Value], fault: &str, detail: &str) {
    assert_eq!(records.len(), 2, "{records:?}");
    for (i, record) in records.iter().enumerate() {
        let (kind, seat, said) = termination(record);
        assert_eq!(kind, "fault", "{record}");
        assert_eq!(seat, Some(1 - i as u64), "{record}");
        assert_eq!(said, fault, "{record}");
        let words = record["termination"]["fault"]["detail"].as_str().unwrap();
        assert!(words.contains(detail), "{fault}: {words}");
        assert_eq!(record["points"][1 - i], 0.0, "{record}");
    }
}

/// Feeds `script` to `olympiad play ARGS` (a served player) and returns what it wrote,
/// line by line; it must exit with success.
pub fn served(args: &[&str], script: &str) -> Vec<String> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_olympiad"))
        .arg("play")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(script.as_bytes())
        .unwrap();
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success(), "{output:?}");
    String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(String::from)
        .collect()
}
