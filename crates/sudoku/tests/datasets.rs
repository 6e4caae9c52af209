//! Every puzzle of both public sets is solved, has exactly one solution, and each solution
//! passes the independent checker; the parallel batch agrees with the one-puzzle calls.

mod common;

use common::{is_solution, load_set};
use olympiad_sudoku::{Mode, solve, solve_batch};

fn check_set(name: &str, expected: usize) {
    let puzzles = load_set(name);
    assert_eq!(puzzles.len(), expected, "{name}");
    let batch = solve_batch(&puzzles, Mode::Unique, 2);
    for (i, (puzzle, solved)) in puzzles.iter().zip(&batch).enumerate() {
        assert_eq!(solved.report.solutions, 1, "{name} #{i}: {}", puzzle.grid());
        let solution = solved.first.unwrap();
        assert!(
            is_solution(puzzle.grid(), &solution),
            "{name} #{i}: {solution}"
        );
        assert_eq!(solved.second, None);
    }
    // One thread, first-solution mode: the same solutions (they are unique).
    for (puzzle, solved) in puzzles.iter().zip(&batch).step_by(97) {
        let first = solve(puzzle, Mode::First);
        assert_eq!(first.first, solved.first);
        assert_eq!(first.report.solutions, 1);
    }
}

#[test]
fn all_17_clue_puzzles() {
    check_set("17-clue.txt", 49_158);
}

#[test]
fn all_forum_hardest_puzzles() {
    check_set("forum-hardest-1106.txt", 375);
}
