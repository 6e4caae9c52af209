//! `olympiad tournament` with a game of more than two seats (Rolit, four seats): a round
//! robin of tables completes with standings, a pairwise crosstable and every seat stored;
//! killed with SIGKILL and resumed it ends with exactly the games of an uninterrupted run;
//! formats other than the round robin are refused with file, key, line and column.

use rusqlite::{Connection, OpenFlags};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// How often the test looks at the database of a running tournament.
const POLL: Duration = Duration::from_millis(5);
/// How long a tournament of the tests may take before the test gives up.
const PATIENCE: Duration = Duration::from_secs(60);

/// The four Rolit engines at one table: one game per rotation, 400 ms a player per game.
const FOUR: &str = r#"
name = "Rolit table"
game = "rolit"
seed = 3
concurrency = 2

[format]
kind = "round_robin"

[time]
time_ms = 400

[[players]]
name = "random"
spec = "builtin:random"
[[players]]
name = "maxn"
spec = "builtin:maxn"
[[players]]
name = "paranoid"
spec = "builtin:paranoid"
[[players]]
name = "mcts"
spec = "builtin:mcts"
"#;

/// Five deterministic players (fixed depths and playouts, seeded): 5 tables of 4 times 4
/// rotations = 20 games, the same in every run.
const FIVE: &str = r#"
name = "Rolit five"
game = "rolit"
seed = 4
concurrency = 1

[format]
kind = "round_robin"

[time]
time_ms = 60000

[[players]]
name = "random1"
spec = "builtin:random:seed=1"
[[players]]
name = "random2"
spec = "builtin:random:seed=2"
[[players]]
name = "maxn"
spec = "builtin:maxn:depth=4"
[[players]]
name = "paranoid"
spec = "builtin:paranoid:depth=4"
[[players]]
name = "mcts"
spec = "builtin:mcts:playouts=1000,seed=5"
"#;

fn olympiad(args: &[&str], dir: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_olympiad"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("run olympiad")
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "olympiad-tournament-nseat-{}-{name}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Games stored so far, or `None` while the database is not there yet.
fn stored_games(db: &Path) -> Option<usize> {
    let conn = Connection::open_with_flags(db, OpenFlags::SQLITE_OPEN_READ_ONLY).ok()?;
    conn.busy_timeout(Duration::from_secs(5)).ok()?;
    conn.query_row("SELECT COUNT(*) FROM games", [], |r| r.get::<_, i64>(0))
        .ok()
        .map(|n| n as usize)
}

/// One stored game: (round, board) -> (every seat's player and score in thousandths, the
/// termination, the moves without their times).
type Rows = BTreeMap<(u32, u32), (Vec<(u32, i64)>, String, Vec<String>)>;

fn rows(db: &Path) -> Rows {
    let conn = Connection::open_with_flags(db, OpenFlags::SQLITE_OPEN_READ_ONLY).unwrap();
    let mut stmt = conn
        .prepare("SELECT id, round, board, termination, moves FROM games")
        .unwrap();
    let games: Vec<(i64, u32, u32, String, String)> = stmt
        .query_map([], |r| {
            Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?))
        })
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    let mut out = Rows::new();
    for (id, round, board, termination, moves) in games {
        let mut seats = conn
            .prepare("SELECT player, score_milli FROM table_seats WHERE game = ?1 ORDER BY seat")
            .unwrap();
        let seats: Vec<(u32, i64)> = seats
            .query_map([id], |r| Ok((r.get(0)?, r.get(1)?)))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        let moves: Vec<serde_json::Value> = serde_json::from_str(&moves).unwrap();
        let moves = moves
            .iter()
            .map(|m| m["move"].as_str().unwrap().to_string())
            .collect();
        let before = out.insert((round, board), (seats, termination, moves));
        assert!(before.is_none(), "round {round} board {board} stored twice");
    }
    out
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
fn a_four_seat_round_completes_with_standings() {
    let dir = temp_dir("four");
    let config = dir.join("four.toml");
    std::fs::write(&config, FOUR).unwrap();
    let out = dir.join("out");
    let o = olympiad(
        &[
            "tournament",
            config.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
        ],
        &dir,
    );
    assert!(o.status.success(), "{}", text(&o.stderr));
    let stdout = text(&o.stdout);
    // One table, four rotations: four games, each player once in every seat.
    let db = out.join("tournament.db");
    let stored = rows(&db);
    assert_eq!(stored.len(), 4, "{stdout}");
    for p in 0..4u32 {
        let mut seats: Vec<usize> = stored
            .values()
            .map(|(s, _, _)| s.iter().position(|&(q, _)| q == p).unwrap())
            .collect();
        seats.sort();
        assert_eq!(seats, vec![0, 1, 2, 3], "player {p}");
    }
    for (seats, _, moves) in stored.values() {
        assert_eq!(seats.len(), 4);
        if moves.len() == 60 {
            // A full board: 64 balls.
            assert_eq!(seats.iter().map(|s| s.1).sum::<i64>(), 64_000);
        }
    }
    // Standings with every player, 4 games each, 3 + 2 + 1 + 0 points per game.
    let table = standings(&stdout);
    assert_eq!(table.len(), 4, "{stdout}");
    let mut names: Vec<&str> = table.iter().map(|(n, _, _)| n.as_str()).collect();
    names.sort();
    assert_eq!(names, ["maxn", "mcts", "paranoid", "random"]);
    assert!(table.iter().all(|(_, _, games)| games == "4"), "{stdout}");
    let points: f64 = table
        .iter()
        .map(|(_, p, _)| p.parse::<f64>().unwrap())
        .sum();
    assert_eq!(points, 4.0 * 6.0, "{stdout}");
    for heading in [
        "first-places",
        "average-rank",
        "buchholz",
        "pairwise crosstable",
        "ratings (Elo",
        "counted as independent",
        "no medal play-offs",
        "terminations: ",
    ] {
        assert!(stdout.contains(heading), "{heading}:\n{stdout}");
    }
    // Pairwise cells: each of the 12 ordered pairs met in all 4 games.
    let cross: Vec<&str> = stdout
        .lines()
        .skip_while(|l| !l.starts_with("pairwise crosstable"))
        .skip(2)
        .take(4)
        .collect();
    assert_eq!(cross.len(), 4, "{stdout}");
    for line in &cross {
        assert_eq!(line.matches("/4").count(), 3, "{line}");
    }
    // Progress: one line per game with every seat.
    let progress = text(&o.stderr);
    assert_eq!(progress.matches("plies  [").count(), 4, "{progress}");
    assert!(progress.contains("[4/4]"), "{progress}");
    // HTML with the crosstable linking to every game, and JSON with every seat; no TRF.
    let html = std::fs::read_to_string(out.join("report.html")).unwrap();
    assert!(html.contains("<h3>Crosstable</h3>"));
    assert_eq!(html.matches("<section class=\"game\"").count(), 4);
    // 12 cells, each linking to the 4 games.
    assert_eq!(html.matches("<a href=\"#game-main-r").count(), 12 * 4);
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("tournament.json")).unwrap())
            .unwrap();
    assert_eq!(json["seats"], 4);
    assert_eq!(json["games"].as_array().unwrap().len(), 4);
    assert_eq!(
        json["games"][0]["pairing"]["seats"]
            .as_array()
            .unwrap()
            .len(),
        4
    );
    assert_eq!(json["standings"]["rows"].as_array().unwrap().len(), 4);
    assert!(!out.join("tournament.trf").exists());

    // With the game's own score as points: each player's points are its stored balls.
    let by_score = dir.join("by-score.toml");
    std::fs::write(
        &by_score,
        FOUR.replace("[time]", "[points]\ngame_score = true\n\n[time]"),
    )
    .unwrap();
    let out = dir.join("out-score");
    let o = olympiad(
        &[
            "tournament",
            by_score.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
        ],
        &dir,
    );
    assert!(o.status.success(), "{}", text(&o.stderr));
    let stdout = text(&o.stdout);
    assert!(stdout.contains("points: the game's own score"), "{stdout}");
    let stored = rows(&out.join("tournament.db"));
    let names = ["random", "maxn", "paranoid", "mcts"];
    for (name, points, _) in standings(&stdout) {
        let id = names.iter().position(|n| *n == name).unwrap() as u32;
        let balls: i64 = stored
            .values()
            .flat_map(|(seats, _, _)| seats.iter().filter(|s| s.0 == id).map(|s| s.1))
            .sum();
        assert_eq!(
            points.parse::<f64>().unwrap() * 1000.0,
            balls as f64,
            "{name}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn five_players_killed_and_resumed_end_like_an_uninterrupted_run() {
    let dir = temp_dir("resume");
    let config = dir.join("five.toml");
    std::fs::write(&config, FIVE).unwrap();
    let cfg = config.to_str().unwrap();

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
    child.kill().expect("SIGKILL");
    child.wait().unwrap();
    let at_kill = stored_games(&db).unwrap();
    assert!(at_kill < 20, "killed with all {at_kill} games stored");

    let resumed = olympiad(
        &["tournament", "--resume", "--out", killed.to_str().unwrap()],
        &dir,
    );
    assert!(resumed.status.success(), "{}", text(&resumed.stderr));
    let resumed_out = text(&resumed.stdout);
    let played = format!("played {} games", 20 - at_kill);
    assert!(resumed_out.contains(&played), "{played}:\n{resumed_out}");

    let whole = dir.join("whole");
    let full = olympiad(&["tournament", cfg, "--out", whole.to_str().unwrap()], &dir);
    assert!(full.status.success(), "{}", text(&full.stderr));

    // The same 20 games, each once, with the same seats, scores, terminations and moves.
    let resumed_rows = rows(&db);
    let whole_rows = rows(&whole.join("tournament.db"));
    assert_eq!(whole_rows.len(), 20);
    assert_eq!(resumed_rows, whole_rows);
    // Everyone sat 16 times, 4 times in each seat.
    for p in 0..5u32 {
        let mut by_seat = [0; 4];
        for (seats, _, _) in whole_rows.values() {
            if let Some(s) = seats.iter().position(|&(q, _)| q == p) {
                by_seat[s] += 1;
            }
        }
        assert_eq!(by_seat, [4, 4, 4, 4], "player {p}");
    }
    let table = standings(&resumed_out);
    assert_eq!(table.len(), 5, "{resumed_out}");
    assert_eq!(table, standings(&text(&full.stdout)));
    assert!(table.iter().all(|(_, _, games)| games == "16"));
    let points: f64 = table
        .iter()
        .map(|(_, p, _)| p.parse::<f64>().unwrap())
        .sum();
    assert_eq!(points, 20.0 * 6.0);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_swiss_of_a_four_seat_game_is_refused_with_key_line_and_column() {
    let dir = temp_dir("bad");
    let config = dir.join("bad.toml");
    std::fs::write(
        &config,
        FOUR.replace("kind = \"round_robin\"", "kind = \"swiss\"\nrounds = 2"),
    )
    .unwrap();
    let o = olympiad(&["tournament", config.to_str().unwrap()], &dir);
    assert_eq!(o.status.code(), Some(2));
    let message = text(&o.stderr);
    assert!(
        message.contains("bad.toml: line 8, column 8: `format.kind`")
            && message.contains("round_robin"),
        "{message}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Rolit for two (`rolit2`) goes through the two-seat path; its games score themselves.
const TWO: &str = r#"
name = "Rolit for two"
game = "rolit2"
seed = 5
concurrency = 2

[format]
kind = "round_robin"
double = true

[points]
game_score = true

[time]
time_ms = 60000

[[players]]
name = "random"
spec = "builtin:random:seed=7"
[[players]]
name = "maxn"
spec = "builtin:maxn:depth=2"
"#;

#[test]
fn two_seat_rolit_is_won_by_the_most_balls_and_scores_them() {
    let dir = temp_dir("two");
    let config = dir.join("two.toml");
    std::fs::write(&config, TWO).unwrap();
    let out = dir.join("out");
    let o = olympiad(
        &[
            "tournament",
            config.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
        ],
        &dir,
    );
    assert!(o.status.success(), "{}", text(&o.stderr));
    let stdout = text(&o.stdout);
    let conn =
        Connection::open_with_flags(out.join("tournament.db"), OpenFlags::SQLITE_OPEN_READ_ONLY)
            .unwrap();
    let mut stmt = conn
        .prepare(
            "SELECT first, second, half_first, half_second, score_first_milli,
                 score_second_milli FROM games",
        )
        .unwrap();
    let games: Vec<(u32, u32, u8, u8, i64, i64)> = stmt
        .query_map([], |r| {
            Ok((
                r.get(0)?,
                r.get(1)?,
                r.get(2)?,
                r.get(3)?,
                r.get(4)?,
                r.get(5)?,
            ))
        })
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(games.len(), 2, "{stdout}");
    let mut balls = [0i64; 2];
    for &(first, second, h0, h1, s0, s1) in &games {
        // Every colour's balls are counted; the two unused colours' balls are neutral.
        assert!(s0 + s1 <= 64_000 && s0 + s1 > 32_000, "{s0} {s1}");
        let expected = match s0.cmp(&s1) {
            std::cmp::Ordering::Greater => (2, 0),
            std::cmp::Ordering::Less => (0, 2),
            std::cmp::Ordering::Equal => (1, 1),
        };
        assert_eq!((h0, h1), expected, "the most balls wins");
        balls[first as usize] += s0;
        balls[second as usize] += s1;
    }
    let rows = standings(&stdout);
    assert_eq!(rows.len(), 2, "{stdout}");
    for (name, points, _) in rows {
        let id = ["random", "maxn"].iter().position(|n| *n == name).unwrap();
        assert_eq!(
            points.parse::<f64>().unwrap() * 1000.0,
            balls[id] as f64,
            "{name}: {stdout}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
