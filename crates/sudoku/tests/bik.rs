//! Bik's worked example, read from the seed: the explaining solver's transcript is his, line
//! for line, from `PROBLEM:` to `#PUZZLES=1 #SOLUTIONS=1`.

mod common;

use olympiad_sudoku::explain::{Step, explain};
use olympiad_sudoku::{Mode, Puzzle, parse_puzzles};
use std::ops::ControlFlow;

/// Writes a transcript as the verbose mode does.
fn transcript(puzzle: &Puzzle) -> String {
    let mut out = format!("PROBLEM:\n{}\n", puzzle.grid().boxed());
    let solutions = explain(puzzle, Mode::All, |step| {
        match step {
            Step::Solution(grid) => out.push_str(&format!("\nSOLUTION:\n{}\n", grid.boxed())),
            _ => out.push_str(&format!("{step}\n")),
        }
        ControlFlow::Continue(())
    });
    out.push_str(&format!("#PUZZLES=1 #SOLUTIONS={solutions}\n"));
    out
}

#[test]
fn reproduces_the_worked_example() {
    let seed = std::fs::read_to_string(common::data_dir().join("seeds/bik-strategy-games.txt"))
        .expect("the Bik seed beside the workspace");
    let start = seed
        .find("PROBLEM:")
        .expect("the example starts with PROBLEM:");
    let end = seed[start..].find("#PUZZLES=").map(|i| start + i).unwrap();
    let line_end = seed[end..].find('\n').map_or(seed.len(), |i| end + i + 1);
    let example = &seed[start..line_end];
    // The puzzle is the first grid of the example.
    let problem_end = example.find("\n\n").unwrap();
    let entries = parse_puzzles(&example["PROBLEM:\n".len()..problem_end]).unwrap();
    let puzzle = Puzzle::new(entries[0].grid).unwrap();
    let ours = transcript(&puzzle);
    for (i, (a, b)) in ours.lines().zip(example.lines()).enumerate() {
        assert_eq!(a, b, "line {} of the example", i + 1);
    }
    assert_eq!(ours.lines().count(), example.lines().count());
    assert!(ours.ends_with("#PUZZLES=1 #SOLUTIONS=1\n"));
    assert!(ours.contains(" try      1,5 = 1 from {19}:#2\n"));
    assert!(ours.contains("      dead-end 4,3 = ?\n"));
}
