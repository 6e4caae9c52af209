//! `olympiad perft --cluster` and tournaments with a `[cluster]` section, as real processes
//! on loopback (ports chosen free by the system, so tests in parallel never collide): the
//! counts and the stored games equal those of one process, and a run whose process was
//! killed with SIGKILL resumes from its journal or store without redoing finished work.

use std::io::Read;
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_olympiad"))
}

/// Ends its processes when the test ends, also on failure.
struct Processes(Vec<Child>);

impl Drop for Processes {
    fn drop(&mut self) {
        for child in &mut self.0 {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("olympiad-cluster-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `n` loopback addresses with ports the system says are free.
fn free_addresses(n: usize) -> Vec<String> {
    let listeners: Vec<TcpListener> = (0..n)
        .map(|_| TcpListener::bind("127.0.0.1:0").unwrap())
        .collect();
    listeners
        .iter()
        .map(|l| l.local_addr().unwrap().to_string())
        .collect()
}

fn host_file(dir: &Path, n: usize) -> PathBuf {
    let path = dir.join(format!("hosts-{n}"));
    std::fs::write(&path, free_addresses(n).join("\n") + "\n").unwrap();
    path
}

/// Starts process `p` of a perft run with `args`.
fn spawn_perft(args: &[&str], hosts: &Path, n: usize, p: usize) -> Child {
    bin()
        .args(args)
        .args(["--cluster", "-n", &n.to_string(), "-p", &p.to_string()])
        .arg("-h")
        .arg(hosts)
        .args(["--connect-timeout", "30", "--progress", "0"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// Runs every process of a run and returns process 0's output (every process must succeed).
fn run_all(children: Vec<Child>) -> String {
    let mut outputs: Vec<Output> = children
        .into_iter()
        .map(|c| c.wait_with_output().unwrap())
        .collect();
    for (p, out) in outputs.iter().enumerate() {
        assert!(
            out.status.success(),
            "process {p}: {}\n{}",
            out.status,
            String::from_utf8_lossy(&out.stderr)
        );
    }
    String::from_utf8(outputs.swap_remove(0).stdout).unwrap()
}

fn nodes(stdout: &str) -> u128 {
    stdout
        .lines()
        .find_map(|l| l.strip_prefix("nodes: "))
        .unwrap_or_else(|| panic!("no nodes line in {stdout}"))
        .parse()
        .unwrap()
}

#[test]
fn perft_across_processes_counts_what_one_process_counts() {
    let dir = temp_dir("perft");
    for (game, depth) in [("checkers", "9"), ("reversi", "6"), ("caissa", "4")] {
        let single = bin().args(["perft", game, depth]).output().unwrap();
        assert!(single.status.success());
        let expect = nodes(&String::from_utf8(single.stdout).unwrap());
        // One process of one and of two workers; two and three processes.
        for (n, workers) in [(1, "1"), (1, "2"), (2, "1"), (3, "1")] {
            let hosts = host_file(&dir, n);
            let args = ["perft", game, depth, "-w", workers, "--hash", "4"];
            let children = (0..n).map(|p| spawn_perft(&args, &hosts, n, p)).collect();
            let out = run_all(children);
            assert_eq!(
                nodes(&out),
                expect,
                "{game} {depth} on {n} x {workers}: {out}"
            );
        }
    }
    // Divide across processes gives the one-process divide.
    let single = bin()
        .args(["perft", "checkers", "7", "--divide"])
        .output()
        .unwrap();
    let hosts = host_file(&dir, 2);
    let args = ["perft", "checkers", "7", "--divide"];
    let out = run_all((0..2).map(|p| spawn_perft(&args, &hosts, 2, p)).collect());
    let rows = |text: &str| -> Vec<String> {
        text.lines()
            .filter(|l| l.contains("-") && l.contains(": "))
            .map(String::from)
            .collect()
    };
    let expect = rows(&String::from_utf8(single.stdout).unwrap());
    assert_eq!(expect.len(), 7);
    assert_eq!(rows(&out), expect);
    std::fs::remove_dir_all(&dir).unwrap();
}

fn journal_units(path: &Path) -> i64 {
    let Ok(conn) =
        rusqlite::Connection::open_with_flags(path, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY)
    else {
        return 0;
    };
    conn.query_row("SELECT COUNT(*) FROM units", [], |r| r.get(0))
        .unwrap_or(0)
}

fn wait_exit(child: &mut Child, within: Duration) -> std::process::ExitStatus {
    let deadline = Instant::now() + within;
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status;
        }
        assert!(
            Instant::now() < deadline,
            "a process did not stop after its peer died"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// Waits until `ready` (process 0 still running), kills process `victim` with SIGKILL and
/// checks that every other process stops with the code for a lost peer.
fn kill_mid_run(run: &mut Processes, victim: usize, ready: impl Fn() -> bool) {
    let deadline = Instant::now() + Duration::from_secs(120);
    while !ready() {
        assert!(Instant::now() < deadline, "the run never got far enough");
        let ended = run.0[0].try_wait().unwrap();
        assert!(ended.is_none(), "the run ended before the kill");
        std::thread::sleep(Duration::from_millis(20));
    }
    run.0[victim].kill().unwrap();
    run.0[victim].wait().unwrap();
    for p in (0..run.0.len()).filter(|&p| p != victim) {
        let status = wait_exit(&mut run.0[p], Duration::from_secs(30));
        assert_eq!(status.code(), Some(3), "process {p}: {status}");
    }
}

#[test]
fn a_killed_perft_resumes_from_its_journal_without_redoing_units() {
    let dir = temp_dir("resume");
    let journal = dir.join("perft.db");
    let hosts = host_file(&dir, 3);
    let journal_arg = journal.to_str().unwrap();
    let base = ["perft", "checkers", "14", "--split", "5"];
    let mut first: Vec<&str> = base.to_vec();
    first.extend(["--journal", journal_arg]);
    let mut run = Processes(vec![
        spawn_perft(&first, &hosts, 3, 0),
        spawn_perft(&base, &hosts, 3, 1),
        spawn_perft(&base, &hosts, 3, 2),
    ]);
    // Kill process 2 once a good part of the units are journaled; the others notice,
    // say so and stop with the code for a lost peer.
    kill_mid_run(&mut run, 2, || journal_units(&journal) >= 300);
    for p in [0, 1] {
        let mut err = String::new();
        run.0[p]
            .stderr
            .take()
            .unwrap()
            .read_to_string(&mut err)
            .unwrap();
        assert!(err.contains("lost the connection"), "process {p}: {err}");
    }
    let journaled = journal_units(&journal);
    assert!(journaled >= 300);
    // Resume: every process again, process 0 with --resume.
    let mut again = first.clone();
    again.push("--resume");
    let out = run_all(vec![
        spawn_perft(&again, &hosts, 3, 0),
        spawn_perft(&base, &hosts, 3, 1),
        spawn_perft(&base, &hosts, 3, 2),
    ]);
    drop(run);
    assert_eq!(nodes(&out), 7_978_439_499, "{out}");
    // The journal shows it: the first session's units were not counted again.
    let units_line = out.lines().find(|l| l.starts_with("units: ")).unwrap();
    let numbers: Vec<i64> = units_line
        .split(|c: char| !c.is_ascii_digit())
        .filter_map(|w| w.parse().ok())
        .collect();
    // units: TOTAL at PLIES plies, JOURNALED from the journal, NOW counted now
    let (total, from_journal, now) = (numbers[0], numbers[2], numbers[3]);
    assert_eq!(from_journal, journaled, "{units_line}");
    assert_eq!(from_journal + now, total, "{units_line}");
    assert_eq!(journal_units(&journal), total);
    let sessions: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with("journal session"))
        .collect();
    assert_eq!(sessions.len(), 2, "{out}");
    assert!(
        sessions[0].ends_with(&format!("{journaled} units")),
        "{sessions:?}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_peer_that_never_comes_is_named() {
    let dir = temp_dir("unreachable");
    let hosts = host_file(&dir, 2);
    let started = Instant::now();
    let out = bin()
        .args([
            "perft",
            "checkers",
            "5",
            "--cluster",
            "-n",
            "2",
            "-p",
            "1",
            "--connect-timeout",
            "2",
        ])
        .arg("-h")
        .arg(&hosts)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    let address = std::fs::read_to_string(&hosts).unwrap();
    let first = address.lines().next().unwrap();
    assert!(
        err.contains(&format!("cannot reach process 0 at {first}")),
        "{err}"
    );
    assert!(started.elapsed() < Duration::from_secs(20));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A double round robin of 11 players (110 games) on `addresses` (none: one process).
fn tournament_config(spec: impl Fn(usize) -> String, addresses: Option<&[String]>) -> String {
    let format = "[format]\nkind = \"round_robin\"\ndouble = true\n";
    config_with_format(spec, addresses, format)
}

/// 11 players in `format` on `addresses` (none: one process).
fn config_with_format(
    spec: impl Fn(usize) -> String,
    addresses: Option<&[String]>,
    format: &str,
) -> String {
    let mut text = String::from(
        "name = \"cluster\"\ngame = \"caissa\"\nseed = 5\nmedal_playoffs = false\nplayers = [\n",
    );
    for i in 1..=11 {
        text += &format!("  {{ name = \"p{i}\", spec = \"{}\" }},\n", spec(i));
    }
    text += "]\n";
    text += format;
    if let Some(addresses) = addresses {
        let hosts: Vec<String> = addresses.iter().map(|a| format!("\"{a}\"")).collect();
        text += &format!(
            "[cluster]\nhosts = [{}]\nconnect_timeout_s = 30\n",
            hosts.join(", ")
        );
    }
    text
}

fn spawn_tournament(config: &Path, out: &Path, p: usize, resume: bool) -> Child {
    let mut cmd = bin();
    cmd.arg("tournament").arg(config);
    if p == 0 {
        cmd.arg("--out").arg(out);
        if resume {
            cmd.arg("--resume");
        }
    } else {
        cmd.args(["--process", &p.to_string()]);
    }
    cmd.stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// Every stored game: its key and, when `results`, its result.
fn stored_games(db: &Path, results: bool) -> Vec<String> {
    let conn =
        rusqlite::Connection::open_with_flags(db, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY)
            .unwrap();
    let mut stmt = conn
        .prepare(
            "SELECT stage, round, board, opening, first, second, half_first, plies
             FROM games ORDER BY stage, round, board, opening",
        )
        .unwrap();
    stmt.query_map([], |r| {
        let key = format!(
            "{}-{}-{}-{} {}-{:?}",
            r.get::<_, String>(0)?,
            r.get::<_, i64>(1)?,
            r.get::<_, i64>(2)?,
            r.get::<_, i64>(3)?,
            r.get::<_, i64>(4)?,
            r.get::<_, Option<i64>>(5)?
        );
        Ok(if results {
            format!("{key} {} {}", r.get::<_, i64>(6)?, r.get::<_, i64>(7)?)
        } else {
            key
        })
    })
    .unwrap()
    .collect::<Result<_, _>>()
    .unwrap()
}

/// The tournament of 11 seeded random players in `format`, played by one process and by
/// three: the stored games (with results) of each, and process 0's output of the second.
fn played_both_ways(dir: &Path, name: &str, format: &str) -> (Vec<String>, Vec<String>, String) {
    // Seeded random players: the same games, move for move, wherever they are played.
    let random = |i: usize| format!("builtin:random:seed={i}");
    let single = dir.join(format!("{name}-single.toml"));
    std::fs::write(&single, config_with_format(random, None, format)).unwrap();
    let single_out = dir.join(format!("{name}-single"));
    let out = bin()
        .arg("tournament")
        .arg(&single)
        .arg("--out")
        .arg(&single_out)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let addresses = free_addresses(3);
    let spread = dir.join(format!("{name}-spread.toml"));
    std::fs::write(
        &spread,
        config_with_format(random, Some(&addresses), format),
    )
    .unwrap();
    let spread_out = dir.join(format!("{name}-spread"));
    let stdout = run_all(
        (0..3)
            .map(|p| spawn_tournament(&spread, &spread_out, p, false))
            .collect(),
    );
    (
        stored_games(&single_out.join("tournament.db"), true),
        stored_games(&spread_out.join("tournament.db"), true),
        stdout,
    )
}

#[test]
fn a_tournament_across_processes_stores_the_games_of_one_process() {
    let dir = temp_dir("tournament");
    let round_robin = "[format]\nkind = \"round_robin\"\ndouble = true\n";
    let (expect, spread, stdout) = played_both_ways(&dir, "rr", round_robin);
    assert!(stdout.contains("played 110 games"), "{stdout}");
    assert_eq!(
        expect.len(),
        110 + 22,
        "110 games and a bye in each of 22 rounds"
    );
    assert_eq!(spread, expect);
    // Swiss: each round is paired from the stored results of the rounds before, so the
    // processes wait for their round; the pairings and results are those of one process.
    let swiss = "[format]\nkind = \"swiss\"\nrounds = 5\n";
    let (expect, spread, _) = played_both_ways(&dir, "swiss", swiss);
    assert_eq!(expect.len(), 5 * 6, "5 rounds of 5 games and a bye");
    assert_eq!(spread, expect);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_tournament_survives_a_killed_process_and_resumes() {
    let dir = temp_dir("tournament-kill");
    // Engines that take a while, so that the kill comes mid-run.
    let hipp = |_| "builtin:hipp:depth=4,book=off".to_string();
    let addresses = free_addresses(3);
    let config = dir.join("t.toml");
    std::fs::write(&config, tournament_config(hipp, Some(&addresses))).unwrap();
    let out_dir = dir.join("out");
    let db = out_dir.join("tournament.db");
    let mut run = Processes(
        (0..3)
            .map(|p| spawn_tournament(&config, &out_dir, p, false))
            .collect(),
    );
    let count = || {
        rusqlite::Connection::open_with_flags(&db, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY)
            .and_then(|c| {
                c.query_row(
                    "SELECT COUNT(*) FROM games WHERE second IS NOT NULL",
                    [],
                    |r| r.get::<_, i64>(0),
                )
            })
            .unwrap_or(0)
    };
    kill_mid_run(&mut run, 1, || count() >= 12);
    let before = count();
    assert!(before < 110, "{before} games stored before the resume");
    let stdout = run_all(
        (0..3)
            .map(|p| spawn_tournament(&config, &out_dir, p, true))
            .collect(),
    );
    drop(run);
    assert!(
        stdout.contains(&format!("played {} games", 110 - before)),
        "{before} stored before: {stdout}"
    );
    // The schedule of one process: 110 games and 22 byes, each stored once (the store's
    // keys are unique, so a game played twice would have failed its insert).
    let games = stored_games(&db, false);
    assert_eq!(games.len(), 132);
    let mut unique = games.clone();
    unique.dedup();
    assert_eq!(unique, games, "no game stored twice");
    assert_eq!(count(), 110);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Checkers perft(19) and perft(20) (Bik's table) on two processes of this machine, each
/// with a table of $OLYMPIAD_PERFT_HASH MiB (default 4096): about 25 minutes and an hour on
/// two cores. `cargo test --release -p olympiad-cli --test cluster_cli -- --ignored`.
#[test]
#[ignore = "25 minutes and an hour of both cores"]
fn checkers_perft_19_and_20_on_two_processes() {
    let dir = temp_dir("deep");
    let hash = std::env::var("OLYMPIAD_PERFT_HASH").unwrap_or_else(|_| "4096".into());
    for (depth, expect) in [("19", 16_114_043_592_799u128), ("20", 74_545_030_871_553)] {
        let hosts = host_file(&dir, 2);
        let args = ["perft", "checkers", depth, "--hash", &hash];
        let out = run_all((0..2).map(|p| spawn_perft(&args, &hosts, 2, p)).collect());
        assert_eq!(nodes(&out), expect, "{out}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
