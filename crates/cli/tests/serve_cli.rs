//! `olympiad serve` and `olympiad match --serve` as a user runs them: the address printed
//! first, the pages answering, the warning when the viewer is opened beyond loopback, and
//! the pages staying up after a match until the process is stopped.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::PathBuf;
use std::process::{Child, ChildStdout, Command, Stdio};
use std::time::Duration;

/// Kills and reaps a child process when dropped, also when the test fails.
struct Reaped(Child);

impl Drop for Reaped {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

struct TempDir(PathBuf);

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

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

/// The first stdout line starting with `prefix`, without it.
fn after(lines: &mut std::io::Lines<BufReader<ChildStdout>>, prefix: &str) -> String {
    lines
        .map_while(Result::ok)
        .find_map(|l| l.strip_prefix(prefix).map(str::to_string))
        .unwrap_or_else(|| panic!("no line starting with {prefix:?}"))
}

/// GET `path` from `http://ADDR/`: the status and the body.
fn get(url: &str, path: &str) -> (u16, String) {
    let addr = url.trim_start_matches("http://").trim_end_matches('/');
    let mut stream = TcpStream::connect(addr).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(20)))
        .unwrap();
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut text = String::new();
    stream.read_to_string(&mut text).unwrap();
    let status = text.split(' ').nth(1).unwrap().parse().unwrap();
    (status, text.split_once("\r\n\r\n").unwrap().1.to_string())
}

#[test]
fn match_serve_shows_the_live_games_and_stays_up() {
    let (_child, mut lines) = olympiad(
        &[
            "match",
            "reversi",
            "builtin:random:seed=1",
            "builtin:random:seed=2",
            "--games",
            "2",
            "--serve",
            "127.0.0.1:0",
        ],
        Stdio::null(),
    );
    let url = after(&mut lines, "viewer: ");
    assert_eq!(after(&mut lines, "live games: "), format!("{url}live"));
    after(&mut lines, "still serving");
    let (status, live) = get(&url, "/live");
    assert_eq!(status, 200);
    assert!(live.contains("Play is over"), "{live}");
    assert_eq!(live.matches("<li>game ").count(), 2, "both games listed");
    let (status, list) = get(&url, "/");
    assert_eq!(status, 200);
    assert!(list.contains("No tournament store is served"));
}

#[test]
fn serve_shows_a_stored_tournament_and_warns_when_open_beyond_loopback() {
    let dir =
        TempDir(std::env::temp_dir().join(format!("olympiad-serve-cli-{}", std::process::id())));
    let _ = std::fs::remove_dir_all(&dir.0);
    std::fs::create_dir_all(&dir.0).unwrap();
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
    let url = after(&mut lines, "viewer: ");
    let mut stderr = BufReader::new(child.0.stderr.take().unwrap()).lines();
    let serving = stderr.next().unwrap().unwrap();
    assert!(serving.starts_with("serving "), "{serving}");
    let warning = stderr.next().unwrap().unwrap();
    assert!(
        warning.starts_with("warning: the viewer listens on 0.0.0.0"),
        "{warning}"
    );
    let port = url.rsplit(':').next().unwrap().trim_end_matches('/');
    let (status, list) = get(&format!("http://127.0.0.1:{port}/"), "/");
    assert_eq!(status, 200);
    assert!(list.contains(">Served</a>"), "{list}");
    let (status, page) = get(&format!("http://127.0.0.1:{port}/"), "/t/0");
    assert_eq!(status, 200);
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
