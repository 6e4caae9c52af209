//! Independent helpers for the tests: a plain backtracking counter and a solution checker,
//! written without the crate's solvers so that they can catch the crate's mistakes.

#![allow(dead_code)]

use olympiad_sudoku::{Grid, Puzzle, parse_puzzles};
use std::path::PathBuf;

/// Counts solutions of `cells` (0 = blank) by trying 1..=9 in every blank in reading order,
/// stopping at `limit`. Slow and simple on purpose.
pub fn brute_force_count(cells: &[u8; 81], limit: u64) -> u64 {
    fn fits(cells: &[u8; 81], cell: usize, digit: u8) -> bool {
        let (row, col) = (cell / 9, cell % 9);
        let (top, left) = (row / 3 * 3, col / 3 * 3);
        (0..9).all(|i| {
            cells[9 * row + i] != digit
                && cells[9 * i + col] != digit
                && cells[9 * (top + i / 3) + left + i % 3] != digit
        })
    }
    fn go(cells: &mut [u8; 81], from: usize, limit: u64, count: &mut u64) {
        let Some(cell) = (from..81).find(|&c| cells[c] == 0) else {
            *count += 1;
            return;
        };
        for digit in 1..=9 {
            if *count >= limit {
                return;
            }
            if fits(cells, cell, digit) {
                cells[cell] = digit;
                go(cells, cell + 1, limit, count);
                cells[cell] = 0;
            }
        }
    }
    let mut work = *cells;
    let mut count = 0;
    go(&mut work, 0, limit, &mut count);
    count
}

/// True if `solution` fills every cell, keeps every given of `puzzle` and holds each digit
/// once in every row, column and box.
pub fn is_solution(puzzle: &Grid, solution: &Grid) -> bool {
    let s = solution.cells();
    let keeps = puzzle
        .cells()
        .iter()
        .zip(s)
        .all(|(&p, &v)| p == 0 || p == v);
    let unit_ok = |cells: [usize; 9]| {
        let mut seen = 0u16;
        for c in cells {
            seen |= 1 << s[c];
        }
        seen == 0x3FE
    };
    keeps
        && (0..9).all(|i| {
            unit_ok(std::array::from_fn(|k| 9 * i + k))
                && unit_ok(std::array::from_fn(|k| 9 * k + i))
                && unit_ok(std::array::from_fn(|k| {
                    9 * (3 * (i / 3) + k / 3) + 3 * (i % 3) + k % 3
                }))
        })
}

/// A small deterministic generator (xorshift64*), so that failures repeat.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// A random complete grid: a fixed valid pattern with its digits, its rows within bands, its
/// columns within stacks, its bands and its stacks shuffled.
pub fn random_solution(rng: &mut Rng) -> [u8; 81] {
    let mut digits: Vec<u8> = (1..=9).collect();
    for i in (1..9).rev() {
        digits.swap(i, rng.below(i + 1));
    }
    let shuffle3 = |rng: &mut Rng| {
        let mut p = [0, 1, 2];
        for i in (1..3).rev() {
            p.swap(i, rng.below(i + 1));
        }
        p
    };
    // Lines 0..9 in a random order that keeps each band (stack) of three together.
    let lines = |rng: &mut Rng| -> Vec<usize> {
        let groups = shuffle3(rng);
        groups
            .iter()
            .flat_map(|&g| shuffle3(rng).map(|i| 3 * g + i))
            .collect()
    };
    let (rows, cols) = (lines(rng), lines(rng));
    let mut cells = [0u8; 81];
    for r in 0..9 {
        for c in 0..9 {
            let (pr, pc) = (rows[r], cols[c]);
            let base = (3 * (pr % 3) + pr / 3 + pc) % 9;
            cells[9 * r + c] = digits[base];
        }
    }
    cells
}

/// The shared data folder, beside the workspace.
pub fn data_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared")
}

/// A benchmark set as puzzles.
pub fn load_set(name: &str) -> Vec<Puzzle> {
    let path = data_dir().join("data/sudoku").join(name);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    parse_puzzles(&text)
        .unwrap()
        .into_iter()
        .map(|e| Puzzle::new(e.grid).unwrap())
        .collect()
}
