//! The command line's own readers of outside text, run as users run them: the players file
//! of `olympiad match`, the competition file of `olympiad manager`, and a referee's session
//! fed to `olympiad play`. Each case starts the program, so these runs get a share of the
//! fuzz budget. No input makes it panic (exit code 101); a refusal exits 1, 2 or 3 with a
//! message.

use olympiad_core::fuzz::{self, Fuzz, Verdict};
use std::fs;
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

const OLYMPIAD: &str = env!("CARGO_BIN_EXE_olympiad");
/// A case starts a process: these runs get this share of the budget.
const PROCESS_SHARE: usize = 100;
/// Characters of TOML, specs and move texts.
const ALPHABET: &str = "[]=\"'#.:,_-0123456789 \nabcdefghijklmnopqrstuvwxyz";

/// A fresh directory, the programs' current one, removed at the end.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let dir =
            std::env::temp_dir().join(format!("olympiad-cli-fuzz-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }

    /// Runs olympiad with `args` in the directory, `input` on stdin; its exit code, once
    /// checked: no panic, and a failure (1 to 3) says why.
    fn run(&self, args: &[&str], input: &str) -> Result<i32, String> {
        let mut child = Command::new(OLYMPIAD)
            .args(args)
            .current_dir(&self.0)
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| e.to_string())?;
        // The program may stop reading early: a broken pipe is its business.
        let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
        let out = child.wait_with_output().map_err(|e| e.to_string())?;
        let stderr = String::from_utf8_lossy(&out.stderr);
        match out.status.code() {
            Some(0) => Ok(0),
            Some(code @ 1..=3) if !stderr.contains("panicked") => {
                fuzz::rejected(&stderr)?;
                Ok(code)
            }
            other => Err(format!("exit {other:?}: {stderr}")),
        }
    }

    /// [`Scratch::run`] as a verdict: accepted when it succeeds.
    fn verdict(&self, args: &[&str], input: &str) -> Result<Verdict, String> {
        match self.run(args, input)? {
            0 => Ok(Verdict::Accepted),
            _ => Ok(Verdict::Rejected),
        }
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

/// Runs `check` on a share of the budget of inputs from `examples`.
fn run_share(name: &str, examples: &[String], check: impl FnMut(&str) -> Result<Verdict, String>) {
    let stats = Fuzz::new(name, examples, ALPHABET)
        .cases(fuzz::cases().div_ceil(PROCESS_SHARE))
        .run(check);
    assert!(stats.accepted > 0, "{name}: {stats:?}");
}

#[test]
fn match_players_files() {
    let scratch = Scratch::new("match");
    let file = scratch.0.join("players.toml");
    let examples = vec![
        "[players]\nalice = \"builtin:random:seed=1\"\nbob = \"builtin:random:seed=2\"\n".into(),
        "# who\n[players]\nbob = \"builtin:hipp:depth=1\"\nalice = 'builtin:random'\n\
         carol = \"builtin:caissa:depth=1,hash=1\"\n"
            .into(),
    ];
    let args = [
        "match",
        "caissa",
        "alice",
        "bob",
        "--players",
        "players.toml",
        "--games",
        "1",
        "--time-ms",
        "50",
    ];
    run_share("match players file", &examples, |text| {
        fs::write(&file, text).map_err(|e| e.to_string())?;
        scratch.verdict(&args, "")
    });
}

#[test]
fn manager_competition_files() {
    let scratch = Scratch::new("manager");
    let file = scratch.0.join("players.toml");
    let examples = vec![
        "referee = \"./referee\"\ntime_ms = 30000\nseats = 2\ncpu_speed = \"2800 850\"\n\
         [players]\nalice = \"./alice\"\nbob = \"./bob\"\n"
            .into(),
        "referee = \"ref\"\nseats = 4\n[players]\na = \"a\"\nb = \"b\"\nc = \"c\"\nd = \"./d\"\n"
            .into(),
    ];
    run_share("manager competition file", &examples, |text| {
        // A log directory outside the scratch one would be made for real.
        if text.contains("logs") {
            return Ok(Verdict::Rejected);
        }
        fs::write(&file, text).map_err(|e| e.to_string())?;
        // No hub on stdin: a good file ends with the hub gone (exit 1), a bad one is an
        // input error (exit 2).
        match scratch.run(&["manager", "--players", "players.toml"], "")? {
            1 => Ok(Verdict::Accepted),
            2 => Ok(Verdict::Rejected),
            code => Err(format!("exit {code} without a hub")),
        }
    });
}

#[test]
fn play_sessions() {
    let scratch = Scratch::new("play");
    let examples = vec![
        "start\nstart\nstart\n".into(),
        "start\ne5-c5\nd6-c7\nend\n".into(),
        "b2-c4\nd2-e2\nend\n".into(),
    ];
    run_share("play caissa session", &examples, |text| {
        scratch.verdict(&["play", "caissa", "--engine", "random", "--quiet"], text)
    });
    let examples = vec!["1\n44\n46\n".into(), "3\n30\n44\n46\n0\n".into()];
    run_share("play rolit session", &examples, |text| {
        scratch.verdict(&["play", "rolit", "--engine", "random", "--quiet"], text)
    });
}
