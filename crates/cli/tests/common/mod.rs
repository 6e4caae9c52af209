//! What the command-line tests share: running a command that must succeed, and reading the
//! game records an `--out` folder holds.

#![allow(dead_code)] // each test binary uses its own part

use serde_json::Value;
use std::path::Path;
use std::process::Command;

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
