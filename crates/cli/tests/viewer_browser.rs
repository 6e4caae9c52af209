//! The web viewer in a real browser: `olympiad tournament --serve` plays a short Caïssa
//! tournament while headless Chromium (Debian's `chromium`, which `.ci/run` installs) loads
//! its pages. Chromium runs with a virtual-time budget and `--dump-dom`: the live page
//! follows the server-sent events for a few moves, then closes its stream and writes what
//! it saw into the DOM, which this test reads back and compares with the board drawn.
//! A screenshot of each kind of page goes to `target/viewer-screenshots/`. Also through
//! the browser: `olympiad serve` over a stored tournament (and its warning when opened
//! beyond loopback), and `olympiad match --serve`, whose pages stay up after its games.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdout, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// Kills and reaps a child process when dropped, also when the test fails.
struct Reaped(Child);

impl Drop for Reaped {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// A directory removed when dropped.
struct TempDir(PathBuf);

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A fresh directory, unique within this process (the tests run in parallel).
fn temp_dir(name: &str) -> TempDir {
    static MADE: AtomicUsize = AtomicUsize::new(0);
    let k = MADE.fetch_add(1, Ordering::SeqCst);
    let dir = std::env::temp_dir().join(format!(
        "olympiad-browser-{}-{name}-{k}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    TempDir(dir)
}

fn chromium() -> PathBuf {
    ["/usr/bin/chromium", "/usr/bin/chromium-browser"]
        .iter()
        .map(PathBuf::from)
        .find(|p| p.exists())
        .expect("chromium is not installed (`.ci/run` installs Debian's chromium)")
}

fn screenshots() -> PathBuf {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target/viewer-screenshots");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs headless Chromium on `url` with `extra` flags, a fresh profile and the virtual
/// time budget `budget_ms`; returns its stdout. Killed after 90 s of real time.
fn browse(url: &str, extra: &[String], budget_ms: u32) -> String {
    let profile = temp_dir("profile");
    let mut command = Command::new(chromium());
    command
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--hide-scrollbars",
        ])
        .arg(format!("--user-data-dir={}", profile.0.display()))
        .arg(format!("--virtual-time-budget={budget_ms}"))
        .args(extra)
        .arg(url)
        .stdout(Stdio::piped())
        .stderr(Stdio::null());
    let mut child = Reaped(command.spawn().expect("chromium starts"));
    let mut stdout = child.0.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut text = String::new();
        std::io::Read::read_to_string(&mut stdout, &mut text).unwrap();
        text
    });
    let deadline = Instant::now() + Duration::from_secs(90);
    while child.0.try_wait().unwrap().is_none() {
        assert!(Instant::now() < deadline, "chromium hung on {url}");
        std::thread::sleep(Duration::from_millis(50));
    }
    reader.join().unwrap()
}

fn dump(url: &str, budget_ms: u32) -> String {
    browse(url, &["--dump-dom".to_string()], budget_ms)
}

fn screenshot(url: &str, name: &str, budget_ms: u32) {
    let path = screenshots().join(name);
    let _ = std::fs::remove_file(&path);
    browse(
        url,
        &[
            format!("--screenshot={}", path.display()),
            "--window-size=1280,1100".to_string(),
        ],
        budget_ms,
    );
    assert!(
        std::fs::metadata(&path).is_ok_and(|m| m.len() > 10_000),
        "no screenshot at {}",
        path.display()
    );
}

/// The text between `start` and the next `end` after it.
fn between<'a>(text: &'a str, start: &str, end: &str) -> Option<&'a str> {
    let from = text.find(start)? + start.len();
    let to = text[from..].find(end)? + from;
    Some(&text[from..to])
}

/// The value of `attribute` in the first tag of `html` that has it after `from`.
fn attribute<'a>(html: &'a str, attribute: &str) -> Option<&'a str> {
    between(html, &format!("{attribute}=\""), "\"")
}

/// The palette codes the board `<use>`s of `html` point at (`#PREFIXc` -> `c`), in order.
fn board_code(html: &str, prefix: &str) -> String {
    let pattern = format!("href=\"#{prefix}");
    html.split(&pattern)
        .skip(1)
        .map(|rest| rest.chars().next().unwrap())
        .collect()
}

/// Reads the tournament's stdout until a line starts with `prefix`; returns that line.
fn line_starting(lines: &mut std::io::Lines<BufReader<ChildStdout>>, prefix: &str) -> String {
    for line in lines.by_ref() {
        let line = line.unwrap();
        if line.starts_with(prefix) {
            return line;
        }
    }
    panic!("the tournament ended its output before a line starting with {prefix:?}");
}

#[test]
fn live_board_follows_moves_and_replays_step_through_a_recorded_game() {
    let dir = temp_dir("run");
    let config = dir.0.join("live.toml");
    // 400 ms a move: play lasts about 15 s, so that a browser slow to start on a loaded
    // machine still opens the live page while the games are under way.
    std::fs::write(
        &config,
        "name = \"Browser test\"\ngame = \"caissa\"\nconcurrency = 2\nseed = 5\n\
         [format]\nkind = \"round_robin\"\ndouble = true\n[time]\ntime_ms = 30000\n\
         [[players]]\nname = \"hipp\"\nspec = \"builtin:hipp:movetime=400\"\n\
         [[players]]\nname = \"caissa\"\nspec = \"builtin:caissa:movetime=400\"\n",
    )
    .unwrap();
    let mut child = Reaped(
        Command::new(env!("CARGO_BIN_EXE_olympiad"))
            .arg("tournament")
            .arg(&config)
            .arg("--out")
            .arg(dir.0.join("out"))
            .args(["--serve", "127.0.0.1:0"])
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap(),
    );
    let mut lines = BufReader::new(child.0.stdout.take().unwrap()).lines();
    let url = line_starting(&mut lines, "viewer: ")["viewer: ".len()..].to_string();
    assert!(url.starts_with("http://127.0.0.1:"), "{url}");

    // The live page: moves played after it loaded arrive and are drawn.
    let live = dump(&format!("{url}live?moves=3"), 30_000);
    assert!(
        live.contains("data-done=\"1\""),
        "the page saw no 3 moves:\n{live}"
    );
    let seen = between(&live, "<ol id=\"seen\">", "</ol>").unwrap();
    let last = seen.rsplit("<li ").next().unwrap();
    let index = attribute(last, "data-index").unwrap();
    let ply: usize = attribute(last, "data-ply").unwrap().parse().unwrap();
    let code = attribute(last, "data-code").unwrap();
    assert_eq!(code.len(), 49, "a 7x7 Caïssa board");
    let card = between(&live, &format!("id=\"live-{index}\""), "</section>").unwrap();
    assert_eq!(
        attribute(card, "data-ply"),
        Some((ply + 1).to_string().as_str())
    );
    assert_eq!(
        board_code(card, &format!("g{index}-")),
        code,
        "the board shows the last move"
    );
    assert!(card.contains("class=\"m on\""), "the last move is marked");
    assert_eq!(card.matches("<use class=\"c\"").count(), 49);
    screenshot(&format!("{url}live?moves=2"), "live-caissa.png", 30_000);

    // After the last game the server stays up: the tournament and a replay.
    line_starting(&mut lines, "still serving");
    let page = dump(&format!("{url}t/0"), 2_000);
    for part in ["<h2>Standings</h2>", "<h2>Terminations</h2>"] {
        assert!(page.contains(part), "the tournament page lacks {part}");
    }
    // The ratings plot, unless the games' results allow no rating: two searches on a
    // clock may draw both games (how deep they see depends on the machine's load), and
    // then the page says why instead.
    assert!(
        page.contains("class=\"plot ratings\"")
            || page.contains("no ratings: every game was drawn"),
        "the tournament page has neither the ratings plot nor a reason for its absence"
    );
    screenshot(&format!("{url}t/0"), "tournament-caissa.png", 2_000);

    let game = format!("{url}t/0/game/game-main-r1-b1");
    let at_three = dump(&format!("{game}?ply=3"), 2_000);
    let replay = between(&at_three, "<div class=\"replay\"", "</svg>").unwrap();
    let frames: Vec<String> = serde_json::from_str(
        &attribute(replay, "data-frames")
            .unwrap()
            .replace("&quot;", "\""),
    )
    .unwrap();
    assert!(frames.len() > 4, "a recorded game of several moves");
    assert_eq!(attribute(replay, "data-ply"), Some("3"));
    assert_eq!(board_code(replay, "p-"), frames[3], "ply 3 drawn");
    let now = between(&at_three, "<ol class=\"moves\">", "</ol>").unwrap();
    assert_eq!(
        now.split("<li").position(|li| li.contains("class=\"now\"")),
        Some(3)
    );
    // Played through to its end by the play button's timer.
    let played = dump(&format!("{game}?autoplay=20"), 60_000);
    let replay = between(&played, "<div class=\"replay\"", "</svg>").unwrap();
    let last = frames.len() - 1;
    assert_eq!(
        attribute(replay, "data-ply"),
        Some(last.to_string().as_str())
    );
    assert_eq!(board_code(replay, "p-"), frames[last]);
    screenshot(&format!("{game}?ply=6"), "replay-caissa.png", 2_000);
}

/// Starts `olympiad ARGS` with its stdout read line by line (and its stderr too, when
/// `stderr` is piped).
fn olympiad(args: &[&str], stderr: Stdio) -> (Reaped, std::io::Lines<BufReader<ChildStdout>>) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_olympiad"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(stderr)
        .spawn()
        .unwrap();
    let lines = BufReader::new(child.stdout.take().unwrap()).lines();
    (Reaped(child), lines)
}

#[test]
fn match_serve_lists_its_games_and_stays_up() {
    let (_child, mut lines) = olympiad(
        &[
            "match",
            "clobber",
            "builtin:random:seed=3",
            "builtin:random:seed=4",
            "--games",
            "3",
            "--serve",
            "127.0.0.1:0",
        ],
        Stdio::null(),
    );
    let url = line_starting(&mut lines, "viewer: ")["viewer: ".len()..].to_string();
    let live = line_starting(&mut lines, "live games: ");
    assert_eq!(live, format!("live games: {url}live"));
    line_starting(&mut lines, "still serving");
    let page = dump(&format!("{url}live"), 2_000);
    assert!(page.contains("Play is over"), "{page}");
    assert_eq!(page.matches("<li>game ").count(), 3, "every game listed");
    let list = dump(&url, 2_000);
    assert!(list.contains("No tournament store is served"));
}

#[test]
fn serve_shows_a_stored_tournament_and_warns_when_open_beyond_loopback() {
    let dir = temp_dir("serve");
    let config = dir.0.join("t.toml");
    std::fs::write(
        &config,
        "name = \"Served\"\ngame = \"clobber\"\n[format]\nkind = \"round_robin\"\n\
         [[players]]\nname = \"a\"\nspec = \"builtin:random:seed=1\"\n\
         [[players]]\nname = \"b\"\nspec = \"builtin:random:seed=2\"\n",
    )
    .unwrap();
    let out = dir.0.join("out");
    let played = Command::new(env!("CARGO_BIN_EXE_olympiad"))
        .arg("tournament")
        .arg(&config)
        .arg("--out")
        .arg(&out)
        .output()
        .unwrap();
    assert!(played.status.success());
    let (mut child, mut lines) = olympiad(
        &[
            "serve",
            "--out",
            out.to_str().unwrap(),
            "--bind",
            "0.0.0.0:0",
        ],
        Stdio::piped(),
    );
    let url = line_starting(&mut lines, "viewer: ")["viewer: ".len()..].to_string();
    let mut stderr = BufReader::new(child.0.stderr.take().unwrap()).lines();
    let serving = stderr.next().unwrap().unwrap();
    assert!(serving.starts_with("serving "), "{serving}");
    let warning = stderr.next().unwrap().unwrap();
    assert!(
        warning.starts_with("warning: the viewer listens on 0.0.0.0"),
        "{warning}"
    );
    let port = url.trim_end_matches('/').rsplit(':').next().unwrap();
    let local = format!("http://127.0.0.1:{port}/");
    let list = dump(&local, 2_000);
    assert!(list.contains(">Served</a>"), "{list}");
    let page = dump(&format!("{local}t/0"), 2_000);
    assert!(page.contains("<div class=\"replay\""));
    // A database that does not exist is the user's mistake: exit code 2.
    let missing = Command::new(env!("CARGO_BIN_EXE_olympiad"))
        .args([
            "serve",
            "--db",
            "/nonexistent/t.db",
            "--bind",
            "127.0.0.1:0",
        ])
        .output()
        .unwrap();
    assert_eq!(missing.status.code(), Some(2));
}
