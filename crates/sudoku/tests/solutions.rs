//! Solution counts against an independent brute-force counter: puzzles with one, several and
//! no solutions, for the fast solver in all three modes and for Bik's explaining solver.

mod common;

use common::{Rng, brute_force_count, is_solution, random_solution};
use olympiad_sudoku::explain::{Step, explain};
use olympiad_sudoku::{Grid, Mode, Puzzle, for_each_solution, solve};
use std::collections::HashSet;
use std::ops::ControlFlow;

/// Solutions counted past this are not compared (the brute force would take too long).
const COUNT_CAP: u64 = 500;

/// A random puzzle: a random solution with `blanks` cells emptied.
fn random_puzzle(rng: &mut Rng, blanks: usize) -> Grid {
    let mut cells = random_solution(rng);
    let mut order: Vec<usize> = (0..81).collect();
    for i in (1..81).rev() {
        order.swap(i, rng.below(i + 1));
    }
    for &cell in &order[..blanks] {
        cells[cell] = 0;
    }
    Grid::from_cells(cells).unwrap()
}

fn all_solutions(puzzle: &Puzzle) -> Vec<Grid> {
    let mut found = Vec::new();
    for_each_solution(puzzle, Mode::All, |g| {
        found.push(*g);
        ControlFlow::Continue(())
    });
    found
}

fn explained_count(puzzle: &Puzzle) -> u64 {
    let mut solutions = 0;
    let n = explain(puzzle, Mode::All, |step| {
        if let Step::Solution(grid) = step {
            assert!(is_solution(puzzle.grid(), grid));
            solutions += 1;
        }
        ControlFlow::Continue(())
    });
    assert_eq!(n, solutions);
    n
}

fn check(grid: &Grid) -> u64 {
    let truth = brute_force_count(grid.cells(), COUNT_CAP);
    let puzzle = Puzzle::new(*grid).unwrap();
    if truth < COUNT_CAP {
        let found = all_solutions(&puzzle);
        assert_eq!(found.len() as u64, truth, "all mode on {grid}");
        assert!(found.iter().all(|s| is_solution(grid, s)), "{grid}");
        let distinct: HashSet<_> = found.iter().collect();
        assert_eq!(distinct.len(), found.len(), "a solution twice on {grid}");
        assert_eq!(explained_count(&puzzle), truth, "explained on {grid}");
    }
    let unique = solve(&puzzle, Mode::Unique);
    assert_eq!(
        unique.report.solutions,
        truth.min(2),
        "unique mode on {grid}"
    );
    let first = solve(&puzzle, Mode::First);
    assert_eq!(first.report.solutions, truth.min(1), "first mode on {grid}");
    if let Some(s) = first.first {
        assert!(is_solution(grid, &s));
    }
    truth
}

#[test]
fn random_puzzles_with_one_or_several_solutions() {
    let mut rng = Rng(0x5D0C_u64 << 20 | 7);
    let mut several = 0;
    for round in 0..200 {
        let blanks = 42 + round % 16;
        let count = check(&random_puzzle(&mut rng, blanks));
        assert!(count >= 1);
        if count > 1 {
            several += 1;
        }
    }
    assert!(
        several > 40,
        "the test should see many multi-solution puzzles, saw {several}"
    );
}

#[test]
fn placements_without_solution() {
    let mut rng = Rng(0xBAD_5EED);
    let mut none = 0;
    for round in 0..300 {
        // Change one given of a random puzzle to another digit that breaks no rule.
        let mut grid = random_puzzle(&mut rng, 30 + round % 16);
        let cell = (0..81).find(|&c| grid.get((c + round) % 81) != 0).unwrap();
        let cell = (cell + round) % 81;
        let old = grid.get(cell);
        for digit in 1..=9 {
            grid.set(cell, digit);
            if digit != old && grid.conflict().is_none() {
                break;
            }
            grid.set(cell, old);
        }
        if check(&grid) == 0 {
            none += 1;
        }
    }
    assert!(
        none > 30,
        "the test should see many unsolvable placements, saw {none}"
    );
}

#[test]
fn counts_of_known_puzzles() {
    // A solved grid with the four corners of a rectangle of two digits emptied: two solutions.
    let solved: Grid =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
            .parse()
            .unwrap();
    let mut grid = solved;
    for cell in [0, 1, 9, 10] {
        grid.set(cell, 0); // 5 3 / 6 7: not a rectangle of two digits, so one solution
    }
    assert_eq!(check(&grid), 1);
    // Rows 1 and 2, columns 1 and 4 hold 5,6 and 6,1? Find a real deadly rectangle instead.
    let cells = solved.cells();
    let mut rectangles = 0;
    for r1 in 0..9 {
        for r2 in r1 + 1..9 {
            for c1 in 0..9 {
                for c2 in c1 + 1..9 {
                    let (a, b) = (cells[9 * r1 + c1], cells[9 * r1 + c2]);
                    let boxes = [r1 / 3 == r2 / 3, c1 / 3 == c2 / 3];
                    if cells[9 * r2 + c1] == b && cells[9 * r2 + c2] == a && (boxes[0] || boxes[1])
                    {
                        let mut g = solved;
                        for cell in [9 * r1 + c1, 9 * r1 + c2, 9 * r2 + c1, 9 * r2 + c2] {
                            g.set(cell, 0);
                        }
                        assert_eq!(check(&g), 2, "rectangle {r1},{c1} {r2},{c2}");
                        rectangles += 1;
                    }
                }
            }
        }
    }
    assert!(rectangles > 0);
    // The empty grid: the count is huge, the first two are found at once.
    let empty = Puzzle::new(Grid::EMPTY).unwrap();
    let two = solve(&empty, Mode::Unique);
    assert_eq!(two.report.solutions, 2);
    assert_ne!(two.first, two.second);
    assert!(is_solution(&Grid::EMPTY, &two.second.unwrap()));
}
