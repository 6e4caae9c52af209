//! The binary as users run it: output formats scripts rely on, and exit code 2 with a
//! message that says what and where for bad input.

use std::process::{Command, Output};

fn olympiad(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_olympiad"))
        .args(args)
        .output()
        .expect("run olympiad")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn games_lists_caissa() {
    let o = olympiad(&["games"]);
    assert!(o.status.success());
    assert!(stdout(&o).lines().any(|l| l.starts_with("caissa ")));
    assert!(stdout(&o).lines().any(|l| l.starts_with("rolit ")));
}

#[test]
fn rolit_perft_and_show() {
    let o = olympiad(&["perft", "rolit", "3", "--moves", ""]);
    assert!(stdout(&o).contains("nodes: 136\n"), "{}", stdout(&o));
    let o = olympiad(&["show", "rolit", "--moves", "30 19"]);
    let out = stdout(&o);
    assert!(out.contains("to move: player 3"), "{out}");
    assert!(out.contains("legal moves (4): 10 21 23 35"), "{out}");
}

#[test]
fn perft_ends_with_nodes_and_speed() {
    let o = olympiad(&["perft", "caissa", "3"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[lines.len() - 2], "nodes: 16251");
    assert!(
        lines[lines.len() - 1].starts_with("time: ")
            && lines[lines.len() - 1].ends_with(" nodes/s")
    );
}

#[test]
fn divide_prints_one_line_per_root_move() {
    let o = olympiad(&[
        "perft",
        "caissa",
        "2",
        "--divide",
        "--threads",
        "2",
        "--hash",
        "1",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let rows: Vec<&str> = out
        .lines()
        .filter(|l| l.contains(": ") && !l.starts_with("nodes") && !l.starts_with("time"))
        .collect();
    assert_eq!(rows.len(), 26);
    let sum: u64 = rows
        .iter()
        .map(|r| r.rsplit(": ").next().unwrap().parse::<u64>().unwrap())
        .sum();
    assert_eq!(sum, 630);
    assert!(out.contains("\nnodes: 630\n"));
}

#[test]
fn perft_after_moves_and_from_a_position() {
    let o = olympiad(&["perft", "caissa", "1", "--moves", "b2-c4 e5-c5 c3-e3"]);
    assert!(stdout(&o).contains("nodes: 6\n"), "{}", stdout(&o));
    let o = olympiad(&[
        "perft",
        "caissa",
        "1",
        "--position",
        "......./...bqn./....r../......./..R..../.NQB.../....... w - 0",
    ]);
    assert!(stdout(&o).contains("nodes: 26\n"));
}

#[test]
fn show_draws_a_checkmate() {
    let o = olympiad(&["show", "caissa", "--moves", "c2-d3 e5-f5 b2-c4 f5-d5"]);
    assert!(o.status.success());
    let out = stdout(&o);
    assert!(out.contains("to move: White"), "{out}");
    assert!(out.contains("check: in check"));
    assert!(out.contains("legal moves (0)"));
    assert!(out.contains("game over: Black wins (checkmate)"));
    assert!(
        out.contains("position: ......./...bqn./...r.../..N..../..RQ.../..xB.../....... w - 4")
    );
}

#[test]
fn bad_input_exits_2_and_says_where() {
    let cases: [(&[&str], &str); 5] = [
        (
            &["perft", "caissa", "2", "--moves", "b2-c4 e5-c9"],
            "move 2 ('e5-c9')",
        ),
        (
            &["perft", "caissa", "2", "--moves", "b2-c4 b2-c5"],
            "move 2 ('b2-c5'): illegal move",
        ),
        (
            &[
                "show",
                "caissa",
                "--position",
                "......./...bqn./....r../.....?./..R..../.NQB.../....... w",
            ],
            "character 30",
        ),
        (&["perft", "shogi", "2"], "unknown game 'shogi'"),
        (
            &["perft", "caissa", "2", "--threads", "0"],
            "--threads must be at least 1",
        ),
    ];
    for (args, needle) in cases {
        let o = olympiad(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).contains(needle), "{args:?}: {}", stderr(&o));
    }
}

#[test]
fn a_closed_stdout_ends_quietly() {
    use std::process::Stdio;
    // perft(5) takes a while, so the pipe is closed before the first line is written.
    let mut child = Command::new(env!("CARGO_BIN_EXE_olympiad"))
        .args(["perft", "caissa", "5", "--divide"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(!stderr(&out).contains("panicked"), "{}", stderr(&out));
}
