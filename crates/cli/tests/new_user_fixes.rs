//! Three things a new user ran into (issue 15, point 7), each tried as that user would try
//! it: a position text that begins with `-` on the command line, Ctrl-C in a tournament
//! and then `olympiad tournament --resume` alone, and a misspelt format in a config.

use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

const OLYMPIAD: &str = env!("CARGO_BIN_EXE_olympiad");
/// How long a step may take before the test gives up (the steps wait on events: a file
/// appearing, a process ending).
const PATIENCE: Duration = Duration::from_secs(60);

fn test_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("new-user-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

fn olympiad(args: &[&str], dir: &Path) -> Output {
    Command::new(OLYMPIAD)
        .args(args)
        .current_dir(dir)
        .output()
        .expect("run olympiad")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn values_that_begin_with_a_hyphen_are_taken_as_values() {
    let dir = test_dir("hyphen");
    // The start position's text, as `olympiad show` prints it to be copied.
    let shown = olympiad(&["show", "reversi"], &dir);
    assert!(shown.status.success(), "{}", text(&shown.stderr));
    let shown = text(&shown.stdout);
    let position = shown
        .lines()
        .find_map(|l| l.strip_prefix("position: "))
        .unwrap();
    assert!(position.starts_with('-'), "{position}");

    let perft = olympiad(&["perft", "reversi", "3", "--position", position], &dir);
    assert!(perft.status.success(), "{}", text(&perft.stderr));
    assert!(text(&perft.stdout).contains("nodes: 56"));
    let again = olympiad(&["show", "reversi", "--position", position], &dir);
    assert!(again.status.success(), "{}", text(&again.stderr));
    assert!(text(&again.stdout).ends_with(&format!("position: {position}\n")));

    // A negative lower Elo bound of a sequential test.
    let sprt = olympiad(
        &[
            "match",
            "reversi",
            "builtin:random:seed=1",
            "builtin:random:seed=2",
            "--games",
            "2",
            "--sprt",
            "-3,1",
        ],
        &dir,
    );
    assert!(sprt.status.success(), "{}", text(&sprt.stderr));
    assert!(
        text(&sprt.stdout).contains("sprt [-3, 1]"),
        "{}",
        text(&sprt.stdout)
    );

    // caiaio passes -f's value to the manager as it is, as Caia's caiaio does.
    let caiaio = olympiad(&["caiaio", "-m", "./no-manager", "-f", "-x"], &dir);
    assert_eq!(caiaio.status.code(), Some(2), "{}", text(&caiaio.stderr));
    assert!(text(&caiaio.stderr).contains("cannot start the manager './no-manager'"));
    let _ = fs::remove_dir_all(&dir);
}

/// Waits until `path` exists while `child` runs.
fn wait_for_file(path: &Path, child: &mut Child) {
    let start = Instant::now();
    while !path.exists() {
        if let Some(status) = child.try_wait().unwrap() {
            panic!(
                "olympiad ended ({status}) before {} appeared",
                path.display()
            );
        }
        assert!(
            start.elapsed() < PATIENCE,
            "{} never appeared",
            path.display()
        );
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// Starts `olympiad tournament ARGS` in `dir` with stderr into `dir/err`, waits until the
/// gate program is thinking (`dir/thinking`), presses Ctrl-C, and returns stderr.
fn interrupted_tournament(dir: &Path, args: &[&str], err: &str) -> String {
    let _ = fs::remove_file(dir.join("thinking"));
    let mut command = Command::new(OLYMPIAD);
    // As a terminal starts it, with SIGINT at its default action: a test run in the
    // background of a non-interactive shell inherits SIGINT ignored, and olympiad would
    // rightly keep ignoring it (see interrupt_cli.rs).
    // SAFETY: between fork and exec the closure only calls `signal`, which is
    // async-signal-safe.
    unsafe {
        command.pre_exec(|| {
            libc::signal(libc::SIGINT, libc::SIG_DFL);
            Ok(())
        });
    }
    let mut child = command
        .arg("tournament")
        .args(args)
        .current_dir(dir)
        .stdout(Stdio::null())
        .stderr(fs::File::create(dir.join(err)).unwrap())
        .spawn()
        .expect("start olympiad");
    wait_for_file(&dir.join("thinking"), &mut child);
    // SAFETY: kill has no memory-safety preconditions.
    unsafe {
        libc::kill(child.id() as i32, libc::SIGINT);
    }
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if start.elapsed() > PATIENCE {
            let _ = child.kill();
            panic!("olympiad did not end after Ctrl-C");
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    assert_eq!(status.signal(), Some(libc::SIGINT), "{status}");
    fs::read_to_string(dir.join(err)).unwrap()
}

/// The command an interrupted run printed for resuming it.
fn resume_command(stderr: &str) -> String {
    let line = stderr
        .lines()
        .find(|l| l.contains("interrupted; to continue it: "))
        .unwrap_or_else(|| panic!("no resume command in:\n{stderr}"));
    line.split("to continue it: ").nth(1).unwrap().to_string()
}

#[test]
fn an_interrupted_tournament_says_how_to_resume_and_resume_alone_finds_it() {
    let dir = test_dir("resume");
    // A program that thinks forever while `hang` exists, and otherwise gives up at once
    // (a crash, which loses the game).
    let gate = dir.join("gate");
    fs::write(
        &gate,
        format!(
            "#!/bin/sh\nif [ -e '{d}/hang' ]; then touch '{d}/thinking'; exec sleep 600; fi\n",
            d = dir.display()
        ),
    )
    .unwrap();
    fs::set_permissions(&gate, fs::Permissions::from_mode(0o755)).unwrap();
    fs::write(
        dir.join("gate.toml"),
        format!(
            "name = \"gate test\"\ngame = \"caissa\"\nseed = 1\n[format]\n\
             kind = \"round_robin\"\n[time]\ntime_ms = 600000\n\
             [[players]]\nname = \"r1\"\nspec = \"builtin:random:seed=1\"\n\
             [[players]]\nname = \"gate\"\nspec = \"cmd:{}\"\n\
             [[players]]\nname = \"r2\"\nspec = \"builtin:random:seed=2\"\n",
            gate.display()
        ),
    )
    .unwrap();
    fs::write(dir.join("hang"), "").unwrap();

    // Started without --out (a new tournament-... directory here), interrupted.
    let first = interrupted_tournament(&dir, &["gate.toml"], "err1");
    let command = resume_command(&first);
    assert!(
        command.starts_with(&format!("{OLYMPIAD} tournament --resume --out tournament-")),
        "{command}"
    );
    let out = command.rsplit(' ').next().unwrap().to_string();
    assert!(dir.join(&out).join("tournament.db").is_file(), "{out}");

    // `--resume` alone finds it, says which it is, and can be interrupted again.
    let second = interrupted_tournament(&dir, &["--resume"], "err2");
    assert!(
        second.contains(&format!(
            "the most recent unfinished tournament here is 'gate test' in {out}/tournament.db"
        )),
        "{second}"
    );
    assert_eq!(resume_command(&second), command);

    // The printed command, run as printed, finishes it (the gate now gives up at once).
    fs::remove_file(dir.join("hang")).unwrap();
    let finished = Command::new("sh")
        .args(["-c", &command])
        .current_dir(&dir)
        .output()
        .unwrap();
    assert!(finished.status.success(), "{}", text(&finished.stderr));
    assert!(text(&finished.stdout).contains("report: "));

    // The store says it is finished: nothing is left to resume here.
    let nothing = olympiad(&["tournament", "--resume"], &dir);
    assert_eq!(nothing.status.code(), Some(2), "{}", text(&nothing.stderr));
    assert!(
        text(&nothing.stderr)
            .contains("no unfinished tournament in the current directory (1 finished)"),
        "{}",
        text(&nothing.stderr)
    );
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn config_errors_name_the_valid_values() {
    let dir = test_dir("config");
    let players = "[[players]]\nname = \"a\"\nspec = \"builtin:random\"\n\
                   [[players]]\nname = \"b\"\nspec = \"builtin:random\"\n";
    let swiss = "[format]\nkind = \"swiss\"\nrounds = 1\n";
    for (config, expected) in [
        (
            format!("game = \"caissa\"\nformat = \"swisss\"\n{players}"),
            "c.toml: line 2, column 10: `format`: invalid type: string \"swisss\", expected \
             a [format] table whose `kind` is one of `round_robin`, `swiss`, `codecup`, \
             `gauntlet` (for instance [format] kind = \"swiss\" rounds = 5)",
        ),
        (
            format!("game = \"caissa\"\n[format]\nkind = \"swisss\"\n{players}"),
            "c.toml: line 3, column 8: `format.kind`: unknown value `swisss`, expected one of \
             `round_robin`, `swiss`, `codecup`, `gauntlet`",
        ),
        (
            format!("game = \"caissa\"\n[format]\nkind = 3\n{players}"),
            "c.toml: line 3, column 8: `format.kind`: invalid type: integer `3`, expected one \
             of `round_robin`, `swiss`, `codecup`, `gauntlet`",
        ),
        (
            format!("game = \"caissa\"\ntie_breaks = \"buchholz\"\n{swiss}{players}"),
            "c.toml: line 2, column 14: `tie_breaks`: invalid type: string \"buchholz\", \
             expected a list of tie-breaks, each one of `buchholz`, `progressive`, \
             `sonneborn-berger`, `head-to-head`, `irregular-losses`, `first-places`, \
             `average-rank`",
        ),
        (
            format!("game = \"caissa\"\npoints = \"fide\"\n{swiss}{players}"),
            "c.toml: line 2, column 10: `points`: invalid type: string \"fide\", expected a \
             [points] table of `win`, `draw`, `loss`, `bye` (numbers), `game_score` (true or \
             false) and `rank_points` (a list of numbers)",
        ),
        (
            format!("game = \"caissa\"\nmedal_playoffs = \"yes\"\n{swiss}{players}"),
            "c.toml: line 2, column 18: `medal_playoffs`: invalid type: string \"yes\", \
             expected `true` or `false`",
        ),
    ] {
        fs::write(dir.join("c.toml"), &config).unwrap();
        let out = olympiad(&["tournament", "c.toml", "--out", "never"], &dir);
        assert_eq!(out.status.code(), Some(2), "{config}");
        assert_eq!(
            text(&out.stderr),
            format!("olympiad: {expected}\n"),
            "{config}"
        );
    }
    let _ = fs::remove_dir_all(&dir);
}
