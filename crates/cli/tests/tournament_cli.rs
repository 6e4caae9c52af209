//! `olympiad tournament` as users run it: killed with SIGKILL in the middle and resumed, it
//! ends with exactly the games of an uninterrupted run (none lost, none twice); the default
//! tournament runs to its end and writes its report; bad input is refused with the file,
//! key and line.

use rusqlite::{Connection, OpenFlags};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// How often the test looks at the database of a running tournament.
const POLL: Duration = Duration::from_millis(10);
/// How long a tournament of the tests may take before the test gives up.
const PATIENCE: Duration = Duration::from_secs(60);

/// A Swiss among deterministic players (fixed-depth searches, a seeded random player):
/// the same config plays the same games, so an interrupted and resumed run must end
/// exactly like an uninterrupted one. Seven players: a bye every round.
const SWISS: &str = r#"
name = "resume test"
game = "caissa"
seed = 5
concurrency = 1
tie_breaks = ["buchholz", "progressive", "sonneborn-berger"]

[format]
kind = "swiss"
rounds = 3

[time]
time_ms = 120000

[[players]]
name = "hipp4"
spec = "builtin:hipp:depth=4"
[[players]]
name = "caissa4"
spec = "builtin:caissa:depth=4"
[[players]]
name = "hipp4-nobook"
spec = "builtin:hipp:depth=4,book=off"
[[players]]
name = "caissa4-nobook"
spec = "builtin:caissa:depth=4,book=off"
[[players]]
name = "hipp3"
spec = "builtin:hipp:depth=3"
[[players]]
name = "caissa3"
spec = "builtin:caissa:depth=3"
[[players]]
name = "random"
spec = "builtin:random:seed=7"
"#;

/// Rounds times (players / 2) games (a bye per round besides).
const SWISS_GAMES: usize = 3 * 3;

fn olympiad(args: &[&str], dir: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_olympiad"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("run olympiad")
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "olympiad-tournament-cli-{}-{name}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Games stored so far (byes not counted), or `None` while the database is not there yet.
fn stored_games(db: &Path) -> Option<usize> {
    let conn = Connection::open_with_flags(db, OpenFlags::SQLITE_OPEN_READ_ONLY).ok()?;
    conn.busy_timeout(Duration::from_secs(5)).ok()?;
    conn.query_row(
        "SELECT COUNT(*) FROM games WHERE second IS NOT NULL",
        [],
        |r| r.get::<_, i64>(0),
    )
    .ok()
    .map(|n| n as usize)
}

/// One stored row: (stage, round, board, opening) -> (first, second, half points, plies,
/// the moves without their times).
type Rows = BTreeMap<(String, u32, u32, i64), (u32, Option<u32>, [u8; 2], u32, Vec<String>)>;

/// The moves of a row's `moves` JSON, without their times (which differ from run to run).
fn move_texts(json: &str) -> Vec<String> {
    let moves: Vec<serde_json::Value> = serde_json::from_str(json).expect("moves are JSON");
    moves
        .iter()
        .map(|m| m["move"].as_str().expect("a move has its text").to_string())
        .collect()
}

fn rows(db: &Path) -> (Rows, usize) {
    let conn = Connection::open_with_flags(db, OpenFlags::SQLITE_OPEN_READ_ONLY).unwrap();
    let count: i64 = conn
        .query_row("SELECT COUNT(*) FROM games", [], |r| r.get(0))
        .unwrap();
    let mut stmt = conn
        .prepare(
            "SELECT stage, round, board, opening, first, second, half_first, half_second,
                 plies, moves FROM games",
        )
        .unwrap();
    let rows = stmt
        .query_map([], |r| {
            Ok((
                (r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?),
                (
                    r.get(4)?,
                    r.get(5)?,
                    [r.get(6)?, r.get(7)?],
                    r.get(8)?,
                    move_texts(&r.get::<_, String>(9)?),
                ),
            ))
        })
        .unwrap()
        .collect::<Result<Rows, _>>()
        .unwrap();
    (rows, count as usize)
}

/// The standings rows of the terminal report: (player, points, games).
fn standings(stdout: &str) -> Vec<(String, String, String)> {
    stdout
        .lines()
        .skip_while(|l| !l.starts_with("place "))
        .skip(1)
        .take_while(|l| l.starts_with(|c: char| c.is_ascii_digit()))
        .map(|l| {
            let w: Vec<&str> = l.split_whitespace().collect();
            (w[1].to_string(), w[2].to_string(), w[3].to_string())
        })
        .collect()
}

#[test]
fn killed_and_resumed_ends_like_an_uninterrupted_run() {
    let dir = temp_dir("resume");
    let config = dir.join("swiss.toml");
    std::fs::write(&config, SWISS).unwrap();
    let cfg = config.to_str().unwrap();

    // The run that is killed once some, but not all, games are stored.
    let killed = dir.join("killed");
    let db = killed.join("tournament.db");
    let mut child = Command::new(env!("CARGO_BIN_EXE_olympiad"))
        .args(["tournament", cfg, "--out", killed.to_str().unwrap()])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("start olympiad");
    let start = Instant::now();
    loop {
        if stored_games(&db).is_some_and(|n| n >= 2) {
            break;
        }
        assert!(
            child.try_wait().unwrap().is_none(),
            "the tournament ended before the test could kill it"
        );
        assert!(start.elapsed() < PATIENCE, "no game was stored in time");
        std::thread::sleep(POLL);
    }
    child.kill().expect("SIGKILL"); // Child::kill sends SIGKILL on Unix.
    child.wait().unwrap();
    let at_kill = stored_games(&db).unwrap();

    // Starting it again without --resume is refused: the database exists.
    let again = olympiad(
        &["tournament", cfg, "--out", killed.to_str().unwrap()],
        &dir,
    );
    assert_eq!(again.status.code(), Some(2), "{}", text(&again.stderr));
    assert!(
        text(&again.stderr).contains("--resume"),
        "{}",
        text(&again.stderr)
    );

    // Resuming with another config is refused, naming the first difference.
    let other = dir.join("other.toml");
    std::fs::write(&other, SWISS.replace("seed = 5", "seed = 6")).unwrap();
    let refused = olympiad(
        &[
            "tournament",
            other.to_str().unwrap(),
            "--resume",
            "--out",
            killed.to_str().unwrap(),
        ],
        &dir,
    );
    assert_eq!(refused.status.code(), Some(2));
    let message = text(&refused.stderr);
    assert!(
        message.contains("differs from the config stored")
            && message.contains("stored 'seed = 5', given 'seed = 6'"),
        "{message}"
    );

    // Resumed (with the stored config): only the missing games are played.
    let resumed = olympiad(
        &["tournament", "--resume", "--out", killed.to_str().unwrap()],
        &dir,
    );
    assert!(resumed.status.success(), "{}", text(&resumed.stderr));
    let resumed_out = text(&resumed.stdout);

    // The same config, uninterrupted.
    let whole = dir.join("whole");
    let full = olympiad(&["tournament", cfg, "--out", whole.to_str().unwrap()], &dir);
    assert!(full.status.success(), "{}", text(&full.stderr));
    // Every Swiss game, and the medal play-offs if a medal place is tied.
    let whole_db = whole.join("tournament.db");
    let total = stored_games(&whole_db).unwrap();
    assert!(total >= SWISS_GAMES, "{total}");
    assert!(
        at_kill < total,
        "killed with {at_kill} of {total} games stored"
    );
    let played = format!("played {} games", total - at_kill);
    assert!(resumed_out.contains(&played), "{played}:\n{resumed_out}");
    // Plain progress lines (stderr is not a terminal): one per game, counted to the end.
    let progress = text(&full.stderr);
    assert_eq!(
        progress.lines().filter(|l| l.contains("plies  [")).count(),
        total,
        "{progress}"
    );
    assert!(
        progress.contains(&format!("[{total}/{total}]")),
        "{progress}"
    );

    // Same keys, same pairings, same games (the players are deterministic), each once.
    let (resumed_rows, resumed_count) = rows(&db);
    let (whole_rows, whole_count) = rows(&whole_db);
    assert_eq!(whole_count, total + 3, "3 byes");
    assert_eq!(resumed_count, whole_count);
    assert_eq!(resumed_rows.len(), resumed_count, "a key stored twice");
    assert_eq!(
        resumed_rows.keys().collect::<Vec<_>>(),
        whole_rows.keys().collect::<Vec<_>>()
    );
    assert_eq!(resumed_rows, whole_rows);
    let table = standings(&resumed_out);
    assert_eq!(table.len(), 7, "{resumed_out}");
    assert_eq!(table, standings(&text(&full.stdout)));
    assert!(
        table
            .iter()
            .all(|(_, _, games)| games == "3" || games == "2")
    );

    // Both wrote their reports; the Swiss has a TRF.
    for out in [&killed, &whole] {
        for file in ["report.html", "tournament.json", "tournament.trf"] {
            assert!(out.join(file).exists(), "{}", out.join(file).display());
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_default_tournament_runs_to_its_report() {
    let dir = temp_dir("default");
    let o = olympiad(&["tournament"], &dir);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let stdout = text(&o.stdout);
    // A fresh output directory under the current one, named by the time.
    let report_line = stdout
        .lines()
        .find_map(|l| l.strip_prefix("report: "))
        .expect("the report's path is printed");
    let report = dir.join(report_line);
    assert!(report_line.starts_with("tournament-"), "{report_line}");
    let html = std::fs::read_to_string(&report).unwrap();
    assert!(html.contains("<h2>Crosstable</h2>") || html.contains("<h3>Crosstable</h3>"));
    // 4 players, double round robin: 12 games (more if a medal place needs a play-off).
    let table = standings(&stdout);
    assert_eq!(table.len(), 4, "{stdout}");
    assert!(table.iter().all(|(_, _, games)| games == "6"), "{stdout}");
    assert!(html.matches("<section class=\"game\"").count() >= 12);
    for heading in ["decided by", "ratings (Elo", "terminations: "] {
        assert!(stdout.contains(heading), "{heading}:\n{stdout}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_configs_name_file_key_and_line() {
    let dir = temp_dir("bad");
    let config = dir.join("bad.toml");
    std::fs::write(
        &config,
        "game = \"caissa\"\n[format]\nkind = \"swiss\"\nrounds = \"five\"\n",
    )
    .unwrap();
    let o = olympiad(&["tournament", config.to_str().unwrap()], &dir);
    assert_eq!(o.status.code(), Some(2));
    let message = text(&o.stderr);
    assert!(
        message.contains("bad.toml: line 4") && message.contains("`format.rounds`"),
        "{message}"
    );
    std::fs::write(
        &config,
        "game = \"caissa\"\n[format]\nkind = \"round_robin\"\n\
         [[players]]\nname = \"a\"\nspec = \"builtin:random\"\n\
         [[players]]\nname = \"b\"\nspec = \"builtin:nosuch\"\n",
    )
    .unwrap();
    let o = olympiad(&["tournament", config.to_str().unwrap()], &dir);
    assert_eq!(o.status.code(), Some(2));
    let message = text(&o.stderr);
    assert!(message.contains("`players[1].spec`"), "{message}");
    let o = olympiad(&["tournament", "--resume"], &dir);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        text(&o.stderr).contains("no unfinished tournament in the current directory"),
        "{}",
        text(&o.stderr)
    );
    let _ = std::fs::remove_dir_all(&dir);
}
