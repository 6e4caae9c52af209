//! Sudoku for the olympiad: a fast solver, and Aart Bik's explaining solver.
//!
//! The fast solver ([`solve`], [`for_each_solution`], [`solve_batch`]) keeps candidates as
//! bits, one word per digit and band, propagates locked candidates and singles bit-parallel
//! and branches on a cell with the fewest candidates; it finds the first solution, proves
//! uniqueness (stops at a second) or enumerates all. The explaining solver ([`explain`]) is
//! the simple search of Bik's program, whose steps print in his notation: `must-be`,
//! `try ... from {..}:#n`, `dead-end`.
//!
//! Text becomes a [`Grid`] (81 characters or a 9-line grid, see [`parse_puzzles`]), and a grid
//! whose givens break no rule becomes a [`Puzzle`], which is what both solvers take.
//!
//! ```
//! use olympiad_sudoku::{Mode, Puzzle, solve};
//! let puzzle: Puzzle =
//!     "...4..5.....27..8...6..8..43..6..4...4..5..7...2..9..62..9..7...8..3..5.154762..8"
//!         .parse()
//!         .unwrap();
//! let solved = solve(&puzzle, Mode::Unique);
//! assert_eq!(solved.report.solutions, 1);
//! assert_eq!(
//!     solved.first.unwrap().to_string(),
//!     "821493567435276189796518324318627495649851273572349816263985741987134652154762938"
//! );
//! ```

pub mod explain;
mod grid;
mod solver;

pub use grid::{
    CELLS, Conflict, Entry, Grid, ParseError, Puzzle, PuzzleError, Unit, parse_puzzles,
};
pub use solver::Report;

use std::ops::ControlFlow;
use std::sync::Mutex;

/// How many solutions to look for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mode {
    /// Stop at the first solution.
    First,
    /// Stop at the second: tells "unique" from "several".
    Unique,
    /// Find them all.
    All,
}

impl Mode {
    /// The number of solutions after which the search stops.
    pub fn limit(self) -> u64 {
        match self {
            Mode::First => 1,
            Mode::Unique => 2,
            Mode::All => u64::MAX,
        }
    }
}

/// The outcome of [`solve`]: the first two solutions and the counts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Solved {
    /// The first solution found, if any.
    pub first: Option<Grid>,
    /// The second solution found, if any (never in [`Mode::First`]).
    pub second: Option<Grid>,
    /// Solutions found (at most [`Mode::limit`]) and guesses made.
    pub report: Report,
}

/// Solves `puzzle`, keeping the first two solutions and counting up to the mode's limit.
pub fn solve(puzzle: &Puzzle, mode: Mode) -> Solved {
    let mut kept = [None; 2];
    let mut n = 0;
    let report = solver::search(puzzle, mode.limit(), |grid| {
        if n < 2 {
            kept[n] = Some(*grid);
        }
        n += 1;
        ControlFlow::Continue(())
    });
    Solved {
        first: kept[0],
        second: kept[1],
        report,
    }
}

/// Calls `f` on each solution of `puzzle` in turn, up to the mode's limit or until `f`
/// returns `Break`.
pub fn for_each_solution(
    puzzle: &Puzzle,
    mode: Mode,
    f: impl FnMut(&Grid) -> ControlFlow<()>,
) -> Report {
    solver::search(puzzle, mode.limit(), f)
}

/// Puzzles a worker of [`solve_batch`] takes at a time: small enough to share out a hard set
/// evenly, large enough that taking them costs nothing.
const BATCH_CHUNK: usize = 64;

/// Solves many puzzles on `threads` threads (at least one); results in the puzzles' order.
pub fn solve_batch(puzzles: &[Puzzle], mode: Mode, threads: usize) -> Vec<Solved> {
    let mut results = vec![Solved::default(); puzzles.len()];
    let work = Mutex::new(
        puzzles
            .chunks(BATCH_CHUNK)
            .zip(results.chunks_mut(BATCH_CHUNK)),
    );
    let worker = || {
        loop {
            let next = work.lock().unwrap_or_else(|e| e.into_inner()).next();
            let Some((chunk, out)) = next else { break };
            for (puzzle, result) in chunk.iter().zip(out) {
                *result = solve(puzzle, mode);
            }
        }
    };
    std::thread::scope(|scope| {
        for _ in 1..threads.max(1) {
            scope.spawn(worker);
        }
        worker();
    });
    results
}

/// The number of threads the machine offers (1 if it cannot tell).
pub fn available_threads() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from)
}
