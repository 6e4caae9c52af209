//! `olympiad egdb` as users run it: a small build with a progress line per class, the
//! statistics table, a probe with every move's value, and exit code 2 for a bad position.

use std::path::PathBuf;
use std::process::{Command, Output};

fn olympiad(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_olympiad"))
        .args(args)
        .output()
        .expect("run olympiad")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn builds_prints_stats_and_probes() {
    let dir: PathBuf =
        std::env::temp_dir().join(format!("olympiad-egdb-cli-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let d = dir.to_str().unwrap();
    let out = olympiad(&[
        "egdb",
        "build",
        "--pieces",
        "3",
        "--dir",
        d,
        "--threads",
        "2",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let err = text(&out.stderr);
    assert!(err.contains("0m2k-0m1k: 14880 positions"), "{err}");
    assert!(err.contains("passes"), "{err}");
    assert!(err.contains("16 classes, 199520 positions"), "{err}");

    // Built again: every class is skipped.
    let out = olympiad(&["egdb", "build", "--pieces", "3", "--dir", d]);
    assert!(text(&out.stderr).contains("complete already"));
    assert!(!text(&out.stderr).contains("passes"));

    let out = olympiad(&["egdb", "stats", "--dir", d]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let table = text(&out.stdout);
    assert!(
        table.starts_with("| pieces | class (Black to move) |"),
        "{table}"
    );
    assert!(table.contains("| 3 | **all** | 196,032 |"), "{table}");
    assert!(table.contains("|  | **total** | 199,520 |"), "{table}");

    // Two kings against one: Black wins, but not after a move that gives a king away.
    let out = olympiad(&["egdb", "probe", "--dir", d, "--position", "B:WK10:BK1,K19"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let probe = text(&out.stdout);
    // With distances: the fastest win is 1-5 (the opponent's 8 plies after it, plus one).
    assert!(
        probe.starts_with("value: win, distance to conversion 9 plies\n"),
        "{probe}"
    );
    assert!(
        probe.contains("       1-5  win, distance to conversion 8 plies\n"),
        "{probe}"
    );
    assert!(
        probe.contains("     19-23  win, distance to conversion 10 plies\n"),
        "{probe}"
    );
    assert!(probe.contains("     19-15  draw\n"), "{probe}");

    // Without distance files the probe gives the values alone.
    let plain = dir.join("plain");
    let p = plain.to_str().unwrap();
    let out = olympiad(&["egdb", "build", "--pieces", "3", "--dir", p, "--dtc", "off"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let out = olympiad(&["egdb", "probe", "--dir", p, "--position", "B:WK10:BK1,K19"]);
    let probe = text(&out.stdout);
    assert!(probe.starts_with("value: win\n"), "{probe}");
    assert!(probe.contains("     19-23  win\n"), "{probe}");

    let out = olympiad(&["egdb", "probe", "--dir", d, "--position", "B:W99:B1"]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("position"));
    let out = olympiad(&["egdb", "build", "--pieces", "9", "--dir", d]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("--pieces must be 2 to 7"));
    let _ = std::fs::remove_dir_all(&dir);
}
