//! Things a new user ran into (issue 15, point 7), each tried as that user would try it: a
//! position text that begins with `-` on the command line.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const OLYMPIAD: &str = env!("CARGO_BIN_EXE_olympiad");

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
