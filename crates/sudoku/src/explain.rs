//! Aart Bik's explaining solver: the slow, simple search whose every step can be told in his
//! notation (`must-be`, `try ... from {..}:#n`, `dead-end`), for the verbose mode.
//!
//! It prunes only by the rules (a cell's candidates are the digits absent from its row, column
//! and box) and always continues with a cell that has the fewest candidates. Which cell, among
//! equals, decides what the transcript looks like, so the order is part of the behaviour: the
//! open cells are kept in a list, at first in reading order; the list is scanned from its
//! start for the first cell with the fewest candidates, stopping early at a cell with one or
//! none; a chosen cell is taken out by swapping it with the last open cell, and the list is
//! not put back in order when the search backs up. This reproduces, step for step, the worked
//! example that Bik published.

use crate::Mode;
use crate::grid::{CELLS, Grid, Puzzle};
use std::fmt;
use std::ops::ControlFlow;

/// All nine digits as a candidate set (bit `d` for digit `d`).
const ALL_DIGITS: u16 = 0x3FE;

/// One step of the explanation. Cells are 0..81 in reading order; `depth` counts the guesses
/// in force.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// The cell has one candidate left: `must-be r,c = d`.
    MustBe {
        /// Guesses in force.
        depth: usize,
        /// The cell.
        cell: usize,
        /// Its only candidate.
        digit: u8,
    },
    /// A guess among several candidates: `try r,c = d from {..}:#n`.
    Try {
        /// Guesses in force before this one.
        depth: usize,
        /// The cell.
        cell: usize,
        /// The candidate tried now.
        digit: u8,
        /// All its candidates (bit `d` for digit `d`).
        candidates: u16,
    },
    /// A cell without candidates ends the current guess: `dead-end r,c = ?`.
    DeadEnd {
        /// Guesses in force.
        depth: usize,
        /// The cell.
        cell: usize,
    },
    /// Every cell is filled.
    Solution(Grid),
}

/// Bik's notation, indented by depth as in his transcript (one space at depth 0, two per
/// level below). A solution has no line of its own here; see [`Grid::boxed`].
impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let indent = |depth: usize| if depth == 0 { 1 } else { 2 * depth };
        let at = |cell: usize| (cell / 9 + 1, cell % 9 + 1);
        match *self {
            Step::MustBe { depth, cell, digit } => {
                let (r, c) = at(cell);
                write!(
                    f,
                    "{:w$}{:<8} {r},{c} = {digit}",
                    "",
                    "must-be",
                    w = indent(depth)
                )
            }
            Step::Try {
                depth,
                cell,
                digit,
                candidates,
            } => {
                let (r, c) = at(cell);
                let set: String = (1..=9u8)
                    .filter(|d| candidates & (1 << d) != 0)
                    .map(|d| char::from(b'0' + d))
                    .collect();
                let n = candidates.count_ones();
                let w = indent(depth);
                write!(
                    f,
                    "{:w$}{:<8} {r},{c} = {digit} from {{{set}}}:#{n}",
                    "", "try"
                )
            }
            Step::DeadEnd { depth, cell } => {
                let (r, c) = at(cell);
                write!(
                    f,
                    "{:w$}{:<8} {r},{c} = ?",
                    "",
                    "dead-end",
                    w = indent(depth)
                )
            }
            Step::Solution(grid) => write!(f, "{grid}"),
        }
    }
}

/// The search state: the grid, the digits used per unit, the list of open cells.
struct Explainer<F> {
    grid: [u8; CELLS],
    rows: [u16; 9],
    cols: [u16; 9],
    boxes: [u16; 9],
    open: Vec<usize>,
    solutions: u64,
    limit: u64,
    observer: F,
}

fn box_of(cell: usize) -> usize {
    3 * (cell / 27) + (cell % 9) / 3
}

impl<F: FnMut(&Step) -> ControlFlow<()>> Explainer<F> {
    fn candidates(&self, cell: usize) -> u16 {
        ALL_DIGITS & !(self.rows[cell / 9] | self.cols[cell % 9] | self.boxes[box_of(cell)])
    }

    fn toggle(&mut self, cell: usize, digit: u8) {
        let bit = 1u16 << digit;
        self.rows[cell / 9] ^= bit;
        self.cols[cell % 9] ^= bit;
        self.boxes[box_of(cell)] ^= bit;
        self.grid[cell] = if self.grid[cell] == 0 { digit } else { 0 };
    }

    /// Solves the open cells `open[..n]`; `Break` when done.
    fn node(&mut self, n: usize, depth: usize) -> ControlFlow<()> {
        if n == 0 {
            self.solutions += 1;
            let grid = Grid::from_cells(self.grid).unwrap_or(Grid::EMPTY);
            (self.observer)(&Step::Solution(grid))?;
            return if self.solutions >= self.limit {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            };
        }
        let mut best = (0, u32::MAX, 0u16);
        for (i, &cell) in self.open[..n].iter().enumerate() {
            let candidates = self.candidates(cell);
            let count = candidates.count_ones();
            if count < best.1 {
                best = (i, count, candidates);
                if count <= 1 {
                    break;
                }
            }
        }
        let (index, count, candidates) = best;
        let cell = self.open[index];
        if count == 0 {
            return (self.observer)(&Step::DeadEnd { depth, cell });
        }
        self.open.swap(index, n - 1);
        if count == 1 {
            let digit = candidates.trailing_zeros() as u8;
            (self.observer)(&Step::MustBe { depth, cell, digit })?;
            self.toggle(cell, digit);
            let flow = self.node(n - 1, depth);
            self.toggle(cell, digit);
            return flow;
        }
        for digit in 1..=9u8 {
            if candidates & (1 << digit) != 0 {
                (self.observer)(&Step::Try {
                    depth,
                    cell,
                    digit,
                    candidates,
                })?;
                self.toggle(cell, digit);
                let flow = self.node(n - 1, depth + 1);
                self.toggle(cell, digit);
                flow?;
            }
        }
        ControlFlow::Continue(())
    }
}

/// Solves `puzzle` as Bik's solver does, telling every step to `observer` (which may stop it
/// with `Break`); returns the number of solutions found, at most what `mode` asks for.
///
/// ```
/// use olympiad_sudoku::{Mode, Puzzle, explain::{Step, explain}};
/// let solved = "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
/// let mut puzzle: Vec<u8> = solved.bytes().collect();
/// puzzle[0] = b'.';
/// let puzzle: Puzzle = String::from_utf8(puzzle).unwrap().parse().unwrap();
/// let mut lines = Vec::new();
/// let found = explain(&puzzle, Mode::All, |step| {
///     lines.push(step.to_string());
///     std::ops::ControlFlow::Continue(())
/// });
/// assert_eq!(found, 1);
/// assert_eq!(lines[0], " must-be  1,1 = 5");
/// ```
pub fn explain(puzzle: &Puzzle, mode: Mode, observer: impl FnMut(&Step) -> ControlFlow<()>) -> u64 {
    let mut explainer = Explainer {
        grid: [0; CELLS],
        rows: [0; 9],
        cols: [0; 9],
        boxes: [0; 9],
        open: Vec::with_capacity(CELLS),
        solutions: 0,
        limit: mode.limit(),
        observer,
    };
    for (cell, &digit) in puzzle.grid().cells().iter().enumerate() {
        if digit == 0 {
            explainer.open.push(cell);
        } else {
            explainer.toggle(cell, digit);
        }
    }
    let n = explainer.open.len();
    let _ = explainer.node(n, 0);
    explainer.solutions
}
