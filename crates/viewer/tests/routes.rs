//! The viewer's routes over real stores of tournaments really played: good pages, a 4xx
//! for every bad request (unknown ids, traversal attempts, huge URIs, methods that would
//! change something) with the server still answering after each, the store read while a
//! tournament writes it and never written by the server, and the live events of a
//! running tournament reaching a client.

use olympiad_arena::{GameRecord, MoveRecord, Started, Watch};
use olympiad_runner::{Setup, run_tournament};
use olympiad_viewer::{LiveWatch, Server, Stores};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// A fresh directory for one test, removed when dropped.
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        let dir =
            std::env::temp_dir().join(format!("olympiad-viewer-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A reversi round robin of random players (`players` of them, `double`), quick to play.
fn setup(players: usize, time_ms: u64) -> Setup {
    let mut text = format!(
        "name = \"<Routes> & co\"\ngame = \"reversi\"\nseed = 3\nconcurrency = 2\n\
         [format]\nkind = \"round_robin\"\ndouble = true\n[time]\ntime_ms = {time_ms}\n"
    );
    for i in 0..players {
        text.push_str(&format!(
            "[[players]]\nname = \"r{i}\"\nspec = \"builtin:random:seed={i}\"\n"
        ));
    }
    Setup::from_toml(&text, "routes.toml", None).unwrap()
}

fn played(dir: &Path) -> PathBuf {
    let setup = setup(3, 5000);
    let db = dir.join("t.db");
    let mut store = setup.create_store(&db).unwrap();
    run_tournament(
        &setup,
        &mut store,
        None,
        &olympiad_arena::NoWatch,
        None,
        |_| {},
    )
    .unwrap();
    db
}

/// One request: the status and the body.
fn request(addr: SocketAddr, method: &str, target: &str) -> (u16, String) {
    let mut stream = TcpStream::connect(addr).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(20)))
        .unwrap();
    write!(
        stream,
        "{method} {target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).unwrap();
    let status = response
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("no status in {response:?}"));
    let body = response
        .split_once("\r\n\r\n")
        .map_or("", |(_, b)| b)
        .to_string();
    (status, body)
}

fn get(addr: SocketAddr, target: &str) -> (u16, String) {
    request(addr, "GET", target)
}

#[test]
fn pages_of_a_stored_tournament() {
    let dir = TempDir::new("pages");
    let db = played(&dir.0);
    let server =
        Server::start("127.0.0.1:0".parse().unwrap(), Stores::new(vec![db]), None).unwrap();
    let addr = server.addr();
    let (status, list) = get(addr, "/");
    assert_eq!(status, 200);
    assert!(
        list.contains("<a href=\"/t/0\">&lt;Routes&gt; &amp; co</a>"),
        "{list}"
    );
    let (status, page) = get(addr, "/t/0");
    assert_eq!(status, 200);
    for part in [
        "<h2>Standings</h2>",
        "buchholz",
        "Crosstable",
        "class=\"plot ratings\"",
        "class=\"plot rounds\"",
        "<h2>Terminations</h2>",
        "<div class=\"replay\"",
        "/t/0/game/game-main-r1-b1",
    ] {
        assert!(page.contains(part), "the tournament page lacks {part}");
    }
    let (status, game) = get(addr, "/t/0/game/game-main-r1-b1");
    assert_eq!(status, 200);
    assert_eq!(game.matches("<div class=\"replay\"").count(), 1);
    assert!(
        game.contains("<symbol id=\"p-a\""),
        "the page holds its symbols"
    );
    assert!(game.contains("game-main-r1-b1.json"));
    let (status, json) = get(addr, "/t/0/game/game-main-r1-b1.json");
    assert_eq!(status, 200);
    let value: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert!(!value["moves"].as_array().unwrap().is_empty());
}

#[test]
fn bad_requests_get_4xx_and_the_server_keeps_serving() {
    let dir = TempDir::new("bad");
    let db = played(&dir.0);
    let server =
        Server::start("127.0.0.1:0".parse().unwrap(), Stores::new(vec![db]), None).unwrap();
    let addr = server.addr();
    let huge = format!("/t/0?{}", "x".repeat(50_000));
    let cases: Vec<(&str, &str, u16)> = vec![
        ("GET", "/t/1", 404),
        ("GET", "/t/abc", 404),
        ("GET", "/t/-1", 404),
        ("GET", "/t/99999999999999999999", 404),
        ("GET", "/t/0/game/nope", 404),
        ("GET", "/t/0/game/game-main-r99-b1", 404),
        ("GET", "/t/0/game/GAME%3Cscript%3E", 404),
        ("GET", "/t/0/game/GAME<script>", 400),
        ("GET", "/t/0/game/game-main-r1-b1.pgn", 404),
        ("GET", "/../../etc/passwd", 400),
        ("GET", "/t/0/game/..%2F..%2Fetc%2Fpasswd", 400),
        ("GET", "/t/%2e%2e/%2E%2E/etc/passwd", 400),
        ("GET", "/t/0/..", 400),
        ("GET", "/static/../../t.db", 400),
        ("GET", "/t.db", 404),
        ("GET", "/nothing/here", 404),
        ("GET", "/live", 404),
        ("GET", "/live/events", 404),
        ("GET", &huge, 414),
        ("POST", "/t/0", 405),
        ("DELETE", "/t/0/game/game-main-r1-b1", 405),
        ("PUT", "/", 405),
    ];
    for (method, target, want) in cases {
        let (status, _) = request(addr, method, target);
        assert_eq!(status, want, "{method} {}", &target[..target.len().min(60)]);
        assert_eq!(
            get(addr, "/").0,
            200,
            "still serving after {method} {target:.60}"
        );
    }
}

/// The live watch, which also reads the tournament's page at the end of every game, from
/// the game's thread: the store is read while the tournament is certainly under way.
struct ReadingWatch {
    live: Arc<LiveWatch>,
    addr: SocketAddr,
    statuses: Mutex<Vec<u16>>,
}

impl Watch for ReadingWatch {
    fn started(&self, game: &Started<'_>) {
        self.live.started(game);
    }

    fn moved(&self, index: u64, ply: usize, mv: &MoveRecord) {
        self.live.moved(index, ply, mv);
    }

    fn ended(&self, record: &GameRecord) {
        self.live.ended(record);
        let (status, _) = get(self.addr, "/t/0");
        self.statuses.lock().unwrap().push(status);
    }
}

#[test]
fn the_store_is_read_while_a_tournament_writes_it_and_never_written() {
    let dir = TempDir::new("concurrent");
    let setup = setup(4, 3000);
    let db = dir.0.join("t.db");
    let mut store = setup.create_store(&db).unwrap();
    let live = Arc::new(LiveWatch::new());
    let server = Server::start(
        "127.0.0.1:0".parse().unwrap(),
        Stores::new(vec![db.clone()]),
        Some(live.clone()),
    )
    .unwrap();
    let addr = server.addr();
    // A client of the live events, reading until it has seen a move.
    let events = std::thread::spawn(move || {
        let mut stream = TcpStream::connect(addr).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(30)))
            .unwrap();
        write!(
            stream,
            "GET /live/events HTTP/1.1\r\nHost: localhost\r\n\r\n"
        )
        .unwrap();
        let mut lines = BufReader::new(stream).lines();
        lines.any(|l| l.is_ok_and(|l| l == "event: moved"))
    });
    std::thread::sleep(Duration::from_millis(200));
    let done = Arc::new(AtomicBool::new(false));
    let finished = done.clone();
    let reader = std::thread::spawn(move || {
        let mut pages = 0;
        while !finished.load(Ordering::SeqCst) {
            let (status, body) = get(addr, "/t/0");
            assert_eq!(status, 200, "{body}");
            assert_eq!(get(addr, "/live").0, 200);
            pages += 1;
        }
        pages
    });
    let watch = ReadingWatch {
        live: live.clone(),
        addr,
        statuses: Mutex::new(Vec::new()),
    };
    let summary = run_tournament(&setup, &mut store, None, &watch, None, |_| {});
    done.store(true, Ordering::SeqCst);
    let summary = summary.unwrap();
    assert!(
        summary.played_now >= 12,
        "every game stored while the pages were read"
    );
    let pages = reader.join().unwrap();
    let statuses = watch.statuses.into_inner().unwrap();
    assert_eq!(
        statuses.len(),
        summary.played_now as usize,
        "a page read at every game's end"
    );
    assert!(statuses.iter().all(|&s| s == 200), "{statuses:?}");
    assert!(pages >= 1);
    assert!(events.join().unwrap(), "the event stream carried a move");
    drop(store);
    // The server only reads: many more pages leave the database as it was.
    let before = std::fs::read(&db).unwrap();
    let modified = std::fs::metadata(&db).unwrap().modified().unwrap();
    for _ in 0..20 {
        assert_eq!(get(addr, "/t/0").0, 200);
        assert_eq!(get(addr, "/t/0/game/game-main-r1-b1").0, 200);
    }
    assert_eq!(std::fs::read(&db).unwrap(), before);
    assert_eq!(
        std::fs::metadata(&db).unwrap().modified().unwrap(),
        modified
    );
    let ended = get(addr, "/live").1.matches("<li>game ").count();
    assert_eq!(ended, summary.played_now as usize);
}
