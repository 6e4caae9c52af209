//! The fast solver: candidates as bits, one 27-bit word per digit and band, so that one
//! machine operation updates up to 27 cells, and a search that branches on a cell with the
//! fewest candidates.
//!
//! A band is three rows (27 cells); bit `9 * row + column` of a word is a cell of the band, so
//! cell `27 * band + bit` of the grid. For each digit and band the word holds the cells where
//! the digit may still go, placed cells included. Propagation repeats, until nothing changes:
//!
//! 1. **Band logic** for every word that changed: within a band a digit takes one cell in each
//!    row and each box, and its three row-box segments form a permutation (row `r` in box
//!    `p(r)`). A table over the 512 patterns of non-empty segments keeps the segments that lie
//!    on some permutation: this is pointing and claiming (locked candidates) in one lookup,
//!    and an empty result is a contradiction. A row or box left with one cell places the digit
//!    there: the cell leaves the other digits and its column leaves the other two bands.
//! 2. **Naked singles**: cells with one candidate (counted bit-parallel over the 9 digits); a
//!    cell with none is a contradiction.
//! 3. **Stack logic**: the same permutation table on the three boxes of a stack (three
//!    columns wide), the columns playing the part of the boxes and the bands that of the rows;
//!    it removes candidates along columns, which the band logic cannot see whole.
//!
//! Then the search copies the board (240 bytes) and guesses on a cell with two candidates, or
//! the fewest if there is none.

use crate::grid::{CELLS, Grid, Puzzle};
use std::ops::ControlFlow;

/// The 27 cells of a band.
const BAND: u32 = (1 << 27) - 1;
/// The nine cells of a band's first row.
const ROW: u32 = 0x1FF;
/// Multiplying a 9-bit column pattern by this copies it onto the band's three rows.
const SPREAD: u32 = 1 | 1 << 9 | 1 << 18;
/// All 27 words of a board, as a set of word indices.
const ALL_WORDS: u32 = (1 << 27) - 1;
/// The words of each band (`3 * digit + band` for the nine digits).
const BAND_WORDS: [u32; 3] = [0o111_111_111, 0o222_222_222, 0o444_444_444];
/// The two other bands of each band.
const OTHER_BANDS: [[usize; 2]; 3] = [[1, 2], [0, 2], [0, 1]];
/// The cells of each box of a band.
const BOX: [u32; 3] = [0o7 * SPREAD, 0o70 * SPREAD, 0o700 * SPREAD];

/// For each 9-bit row pattern, which of its three box segments are non-empty (3 bits).
const SEGMENTS: [u8; 512] = {
    let mut table = [0u8; 512];
    let mut v = 0;
    while v < 512 {
        let mut k = 0;
        while k < 3 {
            if (v >> (3 * k)) & 7 != 0 {
                table[v] |= 1 << k;
            }
            k += 1;
        }
        v += 1;
    }
    table
};

/// For each pattern of non-empty segments of a 3x3 block (bit `3 * line + segment`), the
/// segments that lie on some permutation line -> segment whose three segments are all in the
/// pattern; 0 if none. In a band the lines are rows and the segments boxes; in a stack the
/// lines are bands and the segments columns.
const PERMUTATION_SEGMENTS: [u16; 512] = {
    const PERMUTATIONS: [[usize; 3]; 6] = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut table = [0u16; 512];
    let mut pattern = 0;
    while pattern < 512 {
        let mut p = 0;
        while p < 6 {
            let perm = PERMUTATIONS[p];
            let mut segments = 0u16;
            let mut line = 0;
            while line < 3 {
                segments |= 1 << (3 * line + perm[line]);
                line += 1;
            }
            if pattern as u16 & segments == segments {
                table[pattern] |= segments;
            }
            p += 1;
        }
        pattern += 1;
    }
    table
};

/// [`PERMUTATION_SEGMENTS`] for a band, as cells: the cells of the segments kept.
const KEEP: [u32; 512] = {
    let mut table = [0u32; 512];
    let mut pattern = 0;
    while pattern < 512 {
        let kept = PERMUTATION_SEGMENTS[pattern];
        let mut segment = 0;
        while segment < 9 {
            if kept & (1 << segment) != 0 {
                table[pattern] |= 0o7 << (9 * (segment / 3) + 3 * (segment % 3));
            }
            segment += 1;
        }
        pattern += 1;
    }
    table
};

/// For each cell of a band, the other cells of its row and box.
const ROW_BOX_PEERS: [u32; 27] = {
    let mut table = [0u32; 27];
    let mut cell = 0;
    while cell < 27 {
        let (row, col) = (cell / 9, cell % 9);
        let row_cells = ROW << (9 * row);
        let box_cells = BOX[col / 3];
        table[cell] = (row_cells | box_cells) & !(1 << cell);
        cell += 1;
    }
    table
};

/// The candidates of a whole grid. `Copy`, so a guess is a copy.
#[derive(Clone, Copy, Debug)]
struct Board {
    /// `cand[3 * digit + band]`: the cells of the band where `digit + 1` may go (placed or not).
    cand: [u32; 27],
    /// The words as the band logic last left them; a difference means "look again".
    seen: [u32; 27],
    /// Words that may differ from `seen` (bit `i` for `cand[i]`): the band logic visits only
    /// these.
    dirty: u32,
    /// Cells not yet placed, per band.
    unsolved: [u32; 3],
}

/// A contradiction: this board has no solution.
struct Dead;

impl Board {
    /// The board of a puzzle's givens, not yet propagated; `Err` if a given is impossible.
    fn new(puzzle: &Puzzle) -> Result<Board, Dead> {
        let mut board = Board {
            cand: [BAND; 27],
            seen: [0; 27],
            dirty: ALL_WORDS,
            unsolved: [BAND; 3],
        };
        for (cell, &digit) in puzzle.grid().cells().iter().enumerate() {
            if digit != 0 {
                let (band, bit) = (cell / 27, 1u32 << (cell % 27));
                let d = usize::from(digit - 1);
                if board.cand[3 * d + band] & bit == 0 {
                    return Err(Dead);
                }
                board.assign(d, band, bit);
            }
        }
        Ok(board)
    }

    /// Puts digit index `d` on `cells` of `band`: the cells leave the other digits, their rows,
    /// boxes and columns leave `d`. Two of them in one unit empty each other, which the next
    /// propagation finds.
    #[inline]
    fn assign(&mut self, d: usize, band: usize, cells: u32) {
        for e in 0..9 {
            if e != d {
                self.cand[3 * e + band] &= !cells;
            }
        }
        let mut peers = 0;
        let mut rest = cells;
        while rest != 0 {
            peers |= ROW_BOX_PEERS[rest.trailing_zeros() as usize];
            rest &= rest - 1;
        }
        self.cand[3 * d + band] &= !peers;
        let columns = !(fold_columns(cells) * SPREAD);
        let [b1, b2] = OTHER_BANDS[band];
        self.cand[3 * d + b1] &= columns;
        self.cand[3 * d + b2] &= columns;
        self.dirty |= BAND_WORDS[band] | 1 << (3 * d + b1) | 1 << (3 * d + b2);
    }

    /// Band logic for word `i` (see the module comment).
    #[inline]
    fn band_logic(&mut self, i: usize) -> Result<(), Dead> {
        let (d, band) = (i / 3, i % 3);
        let before = self.cand[i];
        let segments = usize::from(SEGMENTS[(before & ROW) as usize])
            | usize::from(SEGMENTS[((before >> 9) & ROW) as usize]) << 3
            | usize::from(SEGMENTS[(before >> 18) as usize]) << 6;
        let x = before & KEEP[segments];
        if x == 0 {
            return Err(Dead);
        }
        self.cand[i] = x;
        self.seen[i] = x;
        let mut single = 0;
        for r in 0..3 {
            let v = x & (ROW << (9 * r));
            if v & (v - 1) == 0 {
                single |= v;
            }
        }
        for cells in BOX {
            let v = x & cells;
            if v & (v - 1) == 0 {
                single |= v;
            }
        }
        let new = single & self.unsolved[band];
        if new != 0 {
            self.unsolved[band] &= !new;
            for e in 0..9 {
                if e != d {
                    self.cand[3 * e + band] &= !new;
                }
            }
            let columns = !(fold_columns(new) * SPREAD);
            let [b1, b2] = OTHER_BANDS[band];
            self.cand[3 * d + b1] &= columns;
            self.cand[3 * d + b2] &= columns;
            self.dirty |= BAND_WORDS[band] | 1 << (3 * d + b1) | 1 << (3 * d + b2);
        }
        Ok(())
    }

    /// Propagates to a fixed point. `Ok(true)` when solved, `Ok(false)` when a guess is needed.
    fn propagate(&mut self) -> Result<bool, Dead> {
        loop {
            while self.dirty != 0 {
                let i = self.dirty.trailing_zeros() as usize;
                self.dirty &= self.dirty - 1;
                if self.cand[i] != self.seen[i] {
                    self.band_logic(i)?;
                }
            }
            if self.unsolved == [0; 3] {
                return Ok(true);
            }
            if self.naked_singles()? || self.stack_logic()? {
                continue;
            }
            return Ok(false);
        }
    }

    /// Assigns every cell with one candidate; `Ok(true)` if there was one.
    fn naked_singles(&mut self) -> Result<bool, Dead> {
        let mut found = false;
        for band in 0..3 {
            let (mut once, mut twice) = (0u32, 0u32);
            for d in 0..9 {
                let x = self.cand[3 * d + band];
                twice |= once & x;
                once |= x;
            }
            let open = self.unsolved[band];
            if open & !once != 0 {
                return Err(Dead);
            }
            let singles = open & !twice;
            if singles != 0 {
                found = true;
                for d in 0..9 {
                    let cells = singles & self.cand[3 * d + band];
                    if cells != 0 {
                        self.assign(d, band, cells);
                    }
                }
            }
        }
        Ok(found)
    }

    /// Stack logic, the band logic turned a quarter: in each stack a digit takes one column
    /// in each band and one band in each column, a permutation band -> column. Columns of a
    /// band's box off every such permutation lose the digit (pointing and claiming along
    /// columns; a column left in one box of the stack makes a hidden single there).
    /// `Ok(true)` if a candidate went.
    fn stack_logic(&mut self) -> Result<bool, Dead> {
        let mut found = false;
        for d in 0..9 {
            let words = [self.cand[3 * d], self.cand[3 * d + 1], self.cand[3 * d + 2]];
            let folds = words.map(fold_columns);
            if folds[0] | folds[1] | folds[2] != ROW {
                return Err(Dead);
            }
            for stack in 0..3 {
                let shift = 3 * stack;
                let pattern = (folds[0] >> shift) & 7
                    | ((folds[1] >> shift) & 7) << 3
                    | ((folds[2] >> shift) & 7) << 6;
                let kept = u32::from(PERMUTATION_SEGMENTS[pattern as usize]);
                if kept == 0 {
                    return Err(Dead);
                }
                let gone = pattern & !kept;
                if gone != 0 {
                    found = true;
                    for band in 0..3 {
                        let columns = ((gone >> (3 * band)) & 7) << shift;
                        self.cand[3 * d + band] &= !(columns * SPREAD);
                    }
                    self.dirty |= 0o7 << (3 * d);
                }
            }
        }
        Ok(found)
    }

    /// The cell to guess on, as (band, bit): the first with two candidates, else one with the
    /// fewest.
    fn guess_cell(&self) -> (usize, u32) {
        for band in 0..3 {
            let (mut once, mut twice, mut thrice) = (0u32, 0u32, 0u32);
            for d in 0..9 {
                let x = self.cand[3 * d + band];
                thrice |= twice & x;
                twice |= once & x;
                once |= x;
            }
            let pairs = twice & !thrice & self.unsolved[band];
            if pairs != 0 {
                return (band, pairs & pairs.wrapping_neg());
            }
        }
        let mut best = (0, 0, u32::MAX);
        for band in 0..3 {
            let mut open = self.unsolved[band];
            while open != 0 {
                let bit = open & open.wrapping_neg();
                open &= open - 1;
                let count = (0..9)
                    .filter(|&d| self.cand[3 * d + band] & bit != 0)
                    .count() as u32;
                if count < best.2 {
                    best = (band, bit, count);
                }
            }
        }
        (best.0, best.1)
    }

    /// The solution of a solved board.
    fn grid(&self) -> Grid {
        let mut cells = [0u8; CELLS];
        for d in 0..9 {
            for band in 0..3 {
                let mut x = self.cand[3 * d + band];
                while x != 0 {
                    cells[27 * band + x.trailing_zeros() as usize] = d as u8 + 1;
                    x &= x - 1;
                }
            }
        }
        Grid::from_cells(cells).unwrap_or(Grid::EMPTY)
    }
}

/// The columns (9 bits) that `cells` of a band occupy.
#[inline]
fn fold_columns(cells: u32) -> u32 {
    (cells | cells >> 9 | cells >> 18) & ROW
}

/// What a search found.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// Solutions found (at most the limit asked for).
    pub solutions: u64,
    /// Guesses: candidates tried at a branching cell, other than the last, which follows when
    /// the others fail.
    pub guesses: u64,
}

/// The search's running state.
struct Search<F> {
    limit: u64,
    report: Report,
    on_solution: F,
}

impl<F: FnMut(&Grid) -> ControlFlow<()>> Search<F> {
    /// Explores `board`; `Break` when the search must stop.
    fn explore(&mut self, mut board: Board) -> ControlFlow<()> {
        loop {
            match board.propagate() {
                Err(Dead) => return ControlFlow::Continue(()),
                Ok(true) => {
                    self.report.solutions += 1;
                    (self.on_solution)(&board.grid())?;
                    if self.report.solutions >= self.limit {
                        return ControlFlow::Break(());
                    }
                    return ControlFlow::Continue(());
                }
                Ok(false) => {}
            }
            let (band, bit) = board.guess_cell();
            let digits = (0..9)
                .filter(|&d| board.cand[3 * d + band] & bit != 0)
                .fold(0u16, |set, d| set | 1 << d);
            let last = 15 - digits.leading_zeros() as usize;
            let mut others = digits & !(1 << last);
            while others != 0 {
                let d = others.trailing_zeros() as usize;
                others &= others - 1;
                self.report.guesses += 1;
                let mut trial = board;
                trial.assign(d, band, bit);
                self.explore(trial)?;
            }
            board.assign(last, band, bit);
        }
    }
}

/// Runs the search on `puzzle`, calling `on_solution` for each solution until `limit`
/// solutions are found or it returns `Break`.
pub fn search(
    puzzle: &Puzzle,
    limit: u64,
    on_solution: impl FnMut(&Grid) -> ControlFlow<()>,
) -> Report {
    let mut search = Search {
        limit,
        report: Report::default(),
        on_solution,
    };
    if limit > 0
        && let Ok(board) = Board::new(puzzle)
    {
        let _ = search.explore(board);
    }
    search.report
}
