//! `olympiad sudoku` as users run it: solutions and counts on standard output, Bik's verbose
//! transcript, and exit code 2 with line and column for input it cannot read.

use std::io::Write;
use std::process::{Command, Output, Stdio};

const BIK: &str =
    "...4..5.....27..8...6..8..43..6..4...4..5..7...2..9..62..9..7...8..3..5.154762..8";
const BIK_SOLUTION: &str =
    "821493567435276189796518324318627495649851273572349816263985741987134652154762938";

fn sudoku(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_olympiad"))
        .arg("sudoku")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run olympiad");
    // On malformed input olympiad stops at the first error, possibly before it has read
    // everything: a closed pipe is then no failure of the test.
    let written = child.stdin.take().unwrap().write_all(input.as_bytes());
    if let Err(e) = written {
        assert_eq!(e.kind(), std::io::ErrorKind::BrokenPipe, "{e}");
    }
    child.wait_with_output().expect("olympiad finishes")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn solves_lines_and_grids() {
    let grid_form: String = BIK
        .as_bytes()
        .chunks(9)
        .map(|row| format!("{}\n", String::from_utf8_lossy(row)))
        .collect();
    let input = format!("# two puzzles\n{BIK}\n\n{grid_form}");
    for mode in ["first", "unique", "all"] {
        let o = sudoku(&["--mode", mode, "--threads", "2"], &input);
        assert!(o.status.success(), "{}", stderr(&o));
        assert_eq!(
            stdout(&o),
            format!("{BIK_SOLUTION}\n{BIK_SOLUTION}\n#PUZZLES=2 #SOLUTIONS=2\n"),
            "mode {mode}"
        );
    }
}

#[test]
fn verbose_uses_bik_notation() {
    let o = sudoku(&["--verbose", "-"], BIK);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(
        out.starts_with("PROBLEM:\n  +---+---+---+\n  |...|4..|5..|\n"),
        "{out}"
    );
    assert!(out.contains("\n must-be  7,3 = 3\n"), "{out}");
    assert!(out.contains("\n try      1,5 = 1 from {19}:#2\n"), "{out}");
    assert!(out.contains("\n      dead-end 4,3 = ?\n"), "{out}");
    assert!(
        out.contains("SOLUTION:\n  +---+---+---+\n  |821|493|567|\n"),
        "{out}"
    );
    assert!(out.ends_with("\n#PUZZLES=1 #SOLUTIONS=1\n"), "{out}");
}

#[test]
fn several_solutions_and_none() {
    // A solved grid with its first box and two more cells emptied: the listing must hold
    // the original grid, and the count lines must agree with the listing (the counts
    // themselves are checked against a brute-force counter in the sudoku crate's tests).
    let solved =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
    let mut cells: Vec<u8> = solved.bytes().collect();
    for cell in [0, 1, 2, 9, 10, 11, 18, 19, 20, 3, 4] {
        cells[cell] = b'.';
    }
    let puzzle = String::from_utf8(cells).unwrap();
    let o = sudoku(&["--mode", "all"], &puzzle);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let solutions: Vec<&str> = out.lines().filter(|l| l.len() == 81).collect();
    assert!(solutions.contains(&solved), "{out}");
    assert!(
        out.ends_with(&format!("#PUZZLES=1 #SOLUTIONS={}\n", solutions.len())),
        "{out}"
    );
    if solutions.len() > 1 {
        assert!(
            out.contains(&format!("# {} solutions\n", solutions.len())),
            "{out}"
        );
    }
    // Unique mode stops at two and says so.
    let o = sudoku(
        &["--mode", "unique"],
        ".................................................................................",
    );
    let out = stdout(&o);
    assert!(out.contains("\nnot unique\n"), "{out}");
    assert!(out.ends_with("#PUZZLES=1 #SOLUTIONS=2\n"), "{out}");
    // No rule broken, no solution: 1,1 must be 1 (the rest of row 1 is given), and 4,1 is.
    let unsolvable = format!(".23456789{}1{}", ".".repeat(18), ".".repeat(53));
    let o = sudoku(&[], &unsolvable);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), "no solution\n#PUZZLES=1 #SOLUTIONS=0\n");
}

#[test]
fn broken_rules_are_reported() {
    let broken = format!("55{}", &BIK[2..]);
    let o = sudoku(&[], &format!("{BIK}\n{broken}\n"));
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        format!(
            "{BIK_SOLUTION}\nline 2: the placement breaks the rules: 5 appears twice in row 1 \
             (at 1,1 and 1,2)\n#PUZZLES=2 #SOLUTIONS=1\n"
        )
    );
    let o = sudoku(&["--verbose"], &broken);
    assert!(o.status.success());
    assert!(stdout(&o).contains("breaks the rules"), "{}", stdout(&o));
}

#[test]
fn malformed_input_names_line_and_column() {
    let bad = format!("# comment\n{}x{}\n", &BIK[..40], &BIK[41..]);
    let o = sudoku(&[], &bad);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("line 2, column 41: 'x' is not a digit"),
        "{}",
        stderr(&o)
    );
    let o = sudoku(&[], &BIK[..50]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("line 1, column 51: 50 cells"),
        "{}",
        stderr(&o)
    );
    let o = sudoku(&["/no/such/file"], "");
    assert_eq!(o.status.code(), Some(2));
    let o = sudoku(&["--threads", "0"], BIK);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn stats_report_speed_and_guesses() {
    let o = sudoku(&["--stats", "--mode", "unique"], BIK);
    let out = stdout(&o);
    let last = out.lines().last().unwrap();
    assert!(last.starts_with("# 1 puzzles in "), "{out}");
    assert!(
        last.contains(" puzzles/s, ") && last.contains(" guesses/puzzle (unique mode"),
        "{out}"
    );
}
