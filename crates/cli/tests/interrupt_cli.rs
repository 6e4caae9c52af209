//! Ctrl-C must not leave programs behind: `olympiad match` and `olympiad caiaio` are sent
//! SIGINT while a program (and a grandchild it started) is thinking; `olympiad` must die by
//! that signal, as it would without its handler, and every one of those processes must be
//! gone. Programs run in process groups of their own, which the terminal's SIGINT does not
//! reach, so without the handler they would all still be running.

use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const OLYMPIAD: &str = env!("CARGO_BIN_EXE_olympiad");

/// `olympiad` as a terminal starts it, with SIGINT at its default action. The test's own
/// parent may ignore SIGINT (a non-interactive shell ignores it in the commands it starts in
/// the background, and cargo and this test inherit that); `olympiad` then rightly keeps
/// ignoring it, as every program does, and there would be no Ctrl-C to test.
fn olympiad() -> Command {
    let mut command = Command::new(OLYMPIAD);
    // SAFETY: between fork and exec the closure only calls `signal`, which is
    // async-signal-safe.
    unsafe {
        command.pre_exec(|| {
            libc::signal(libc::SIGINT, libc::SIG_DFL);
            Ok(())
        });
    }
    command
}

fn test_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("interrupt-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

fn executable(path: &Path, text: &str) {
    fs::write(path, text).unwrap();
    fs::set_permissions(path, fs::Permissions::from_mode(0o755)).unwrap();
}

/// A program that writes its own pid and a grandchild's to `pids`, then never answers.
fn hanging_program(dir: &Path, name: &str) -> PathBuf {
    let path = dir.join(name);
    let pids = dir.join(format!("{name}.pids"));
    executable(
        &path,
        &format!(
            "#!/bin/sh\nsleep 600 &\necho \"$$ $!\" > '{p}.tmp'\nmv '{p}.tmp' '{p}'\nexec sleep 600\n",
            p = pids.display()
        ),
    );
    path
}

/// The pids written to `path`, once it exists (within 20 s).
fn wait_for_pids(path: &Path, child: &mut Child) -> Vec<i32> {
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        if let Ok(text) = fs::read_to_string(path) {
            let pids: Vec<i32> = text
                .split_whitespace()
                .map(|w| w.parse().unwrap())
                .collect();
            if !pids.is_empty() {
                return pids;
            }
        }
        if let Some(status) = child.try_wait().unwrap() {
            panic!("olympiad ended before its program started: {status}");
        }
        assert!(
            Instant::now() < deadline,
            "{} never appeared",
            path.display()
        );
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// Whether `pid` is a live process (not a zombie).
fn alive(pid: i32) -> bool {
    let Ok(stat) = fs::read_to_string(format!("/proc/{pid}/stat")) else {
        return false;
    };
    let state = stat
        .rfind(')')
        .and_then(|close| stat[close + 1..].split_whitespace().next());
    !matches!(state, Some("Z" | "X") | None)
}

/// Sends SIGINT to `child`, checks that it dies by it within 5 s and that every one of
/// `pids` is gone within 2 s more.
fn interrupt_and_check(mut child: Child, pids: &[i32]) {
    for &pid in pids {
        assert!(alive(pid), "process {pid} should run before the interrupt");
    }
    // SAFETY: kill has no memory-safety preconditions.
    unsafe {
        libc::kill(child.id() as i32, libc::SIGINT);
    }
    let deadline = Instant::now() + Duration::from_secs(5);
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("olympiad did not end within 5 s of SIGINT");
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    assert_eq!(status.signal(), Some(libc::SIGINT), "{status}");
    let deadline = Instant::now() + Duration::from_secs(2);
    while pids.iter().any(|&p| alive(p)) && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(5));
    }
    let survivors: Vec<i32> = pids.iter().copied().filter(|&p| alive(p)).collect();
    for &pid in &survivors {
        // SAFETY: as above; clean up before failing.
        unsafe {
            libc::kill(pid, libc::SIGKILL);
        }
    }
    assert!(
        survivors.is_empty(),
        "processes {survivors:?} outlived the interrupted olympiad"
    );
}

#[test]
fn ctrl_c_during_a_match_kills_the_programs_and_their_children() {
    let dir = test_dir("match");
    let program = hanging_program(&dir, "hang");
    let child = olympiad()
        .args(["match", "caissa"])
        .arg(format!("cmd:{}", program.display()))
        .args(["builtin:random", "--games", "1", "--time-ms", "60000"])
        .current_dir(&dir)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut child = child;
    let pids = wait_for_pids(&dir.join("hang.pids"), &mut child);
    interrupt_and_check(child, &pids);
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn ctrl_c_of_the_caia_hub_kills_the_manager_and_the_players() {
    let dir = test_dir("caiaio");
    hanging_program(&dir, "hang");
    // A manager that starts one player, listens to it (the player never answers) and
    // itself waits for ever.
    executable(
        &dir.join("manager"),
        "#!/bin/sh\necho $$ > manager.pid.tmp\nmv manager.pid.tmp manager.pid\n\
         echo 'I number_players 1'\necho 'I player 1 hang 60000 hang.log'\n\
         echo 'I start 1 100'\nread answer\necho 'I listen 1'\nexec sleep 600\n",
    );
    let mut child = olympiad()
        .arg("caiaio")
        .current_dir(&dir)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut pids = wait_for_pids(&dir.join("hang.pids"), &mut child);
    pids.extend(wait_for_pids(&dir.join("manager.pid"), &mut child));
    interrupt_and_check(child, &pids);
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn ctrl_c_during_a_tournament_kills_the_programs_and_records_nothing_false() {
    let dir = test_dir("tournament");
    let program = hanging_program(&dir, "hang");
    let config = dir.join("t.toml");
    fs::write(
        &config,
        format!(
            "game = \"caissa\"\n[format]\nkind = \"round_robin\"\n[time]\ntime_ms = 60000\n\
             [[players]]\nname = \"hang\"\nspec = \"cmd:{}\"\n\
             [[players]]\nname = \"random\"\nspec = \"builtin:random\"\n",
            program.display()
        ),
    )
    .unwrap();
    let mut child = olympiad()
        .arg("tournament")
        .arg(&config)
        .args(["--out", "out"])
        .current_dir(&dir)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let pids = wait_for_pids(&dir.join("hang.pids"), &mut child);
    interrupt_and_check(child, &pids);
    // The game under way is not stored (its player was killed by the interrupt, not by its
    // own fault): `--resume` will play it.
    let conn = rusqlite::Connection::open(dir.join("out/tournament.db")).unwrap();
    let games: i64 = conn
        .query_row("SELECT COUNT(*) FROM games", [], |r| r.get(0))
        .unwrap();
    assert_eq!(games, 0);
    let _ = fs::remove_dir_all(&dir);
}
