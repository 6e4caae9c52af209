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
//!    there: the cell leaves the other digits and its column leaves the other two bands. (The
//!    same lookup gives the segments left alone in their row, and the three row lookups that
//!    find the segments also give the cells alone in their segment: such a cell in such a
//!    segment is that single, with no loop over the six units.)
//! 2. **Naked singles**: cells with one candidate (counted bit-parallel over the 9 digits); a
//!    cell with none is a contradiction.
//! 3. **Stack logic**: the same permutation test on the three boxes of a stack (three
//!    columns wide), the columns playing the part of the boxes and the bands that of the rows;
//!    it removes candidates along columns, which the band logic cannot see whole. It is done
//!    in bit operations rather than the table (`permutation_cells`), for all nine digits in
//!    one loop that the compiler vectorises.
//!
//! Only words that really changed are revisited (`Board::dirty`), and placements update their
//! unsolved cells at once, so the band loop does no idle visits. The band loop goes by
//! generations: it visits every word that changed, noting the singles it finds without a
//! branch, then places them all; the words these placements changed make the next
//! generation. Whether a visit finds a single is close to a coin toss, and a visit that
//! branched on it paid a misprediction about every other time; in generations the visits
//! run straight, and the only branch left per placement is the loop's. The set of words to
//! visit stays in a register.
//!
//! Then the search copies the board (128 bytes) and guesses on a cell with two candidates
//! chosen by a score (the one whose two placements strike the most candidates, and whose
//! digits failed most lately, see `Board::guess_cell`), or on one with the fewest candidates
//! if no cell has two.
//!
//! The search exists twice: in portable code, and on x86-64 compiled for POPCNT, LZCNT, BMI1
//! and AVX2, chosen at run time (`Search::explore_x86`); the tests compare the two.

use crate::grid::{CELLS, Grid, Puzzle};
use std::ops::ControlFlow;

/// The 27 cells of a band.
const BAND: u32 = (1 << 27) - 1;
/// The nine cells of a band's first row.
const ROW: u32 = 0x1FF;
/// Multiplying a 9-bit column pattern by this copies it onto the band's three rows.
const SPREAD: u32 = 1 | 1 << 9 | 1 << 18;
/// All 27 words of a board, as a set of word indices.
const ALL_WORDS: u64 = 0x1FF << (2 * STRIDE) | 0x1FF << STRIDE | 0x1FF;
/// The distance between the bands' fields in `Board::dirty`: a power of two, so that a bit's
/// band and digit are a shift and a mask away.
const STRIDE: usize = 16;
/// The two other bands of each band.
const OTHER_BANDS: [[usize; 2]; 3] = [[1, 2], [0, 2], [0, 1]];
/// How much more than another peer a two-candidate peer counts in the score of a guess
/// (see `Board::guess_cell`): placing the digit there leaves it a single, which places
/// in turn. 2 gave the fewest guesses on the forum-hardest set (0: 137, 1: 123, 2: 118,
/// 4: 124, 8: 145 per puzzle in uniqueness mode).
const PAIR_PEER_WEIGHT: u32 = 2;
/// Conflict activity, for the guess score: each contradiction found by the band logic (a
/// digit without a permutation in a band) adds [`ACTIVITY_BUMP`] to the digit's count, every
/// guess takes a 2^-[`ACTIVITY_DECAY`] part off every count, and a guess cell scores its two
/// digits' counts shifted right by [`ACTIVITY_SHIFT`]. Branches on the digits that kept
/// failing lately die sooner: on the forum-hardest set, uniqueness mode, 116.65 -> 105.21
/// guesses per puzzle (first-solution mode 60.91 -> 56.49, 17-clue set 0.62 -> 0.58).
/// Per digit rather than per word (band and digit): 105.2 against 110.8.
const ACTIVITY_BUMP: u32 = 16;
/// See [`ACTIVITY_BUMP`].
const ACTIVITY_DECAY: u32 = 4;
/// See [`ACTIVITY_BUMP`].
const ACTIVITY_SHIFT: u32 = 3;
/// The first cell of each segment (a row's three cells in a box) of a band.
const LOWS: u32 = 0o111 * SPREAD;
/// The cells of each box of a band.
const BOX: [u32; 3] = [0o7 * SPREAD, 0o70 * SPREAD, 0o700 * SPREAD];

/// For each row `r` of a band (first index) and each 9-bit pattern of that row: in bits
/// `3 * r..3 * r + 3`, which of its three segments (a row's cells in one box) are non-empty; in
/// bits `32 + 9 * r..`, the cells alone in their segment. The three rows' entries ORed give
/// the index of [`KEEP_FORCED`] in the low 9 bits and the lone cells of the band above.
const ROWS: [[u64; 512]; 3] = {
    let mut table = [[0u64; 512]; 3];
    let mut v = 0;
    while v < 512 {
        let mut k = 0;
        let (mut flags, mut alone) = (0u64, 0u64);
        while k < 3 {
            let segment = ((v >> (3 * k)) & 7) as u32;
            if segment != 0 {
                flags |= 1 << k;
            }
            if segment.count_ones() == 1 {
                alone |= (segment as u64) << (3 * k);
            }
            k += 1;
        }
        let mut r = 0;
        while r < 3 {
            table[r][v] = flags << (3 * r) | alone << (9 * r + 32);
            r += 1;
        }
        v += 1;
    }
    table
};

/// For each pattern of non-empty segments of a 3x3 block (bit `3 * line + segment`), the
/// segments that lie on some permutation line -> segment whose three segments are all in the
/// pattern; 0 if none. In a band the lines are rows and the segments boxes (in a stack the
/// lines would be bands and the segments columns: see `permutation_cells`).
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

/// [`KEEP`], and the cells of the kept segments that are the only kept segment of their row
/// (after the permutation filter, also of their box): a cell alone in such a segment is the
/// digit's only cell in its row and its box.
const KEEP_FORCED: [[u32; 2]; 512] = {
    let mut table = [[0u32; 2]; 512];
    let mut pattern = 0;
    while pattern < 512 {
        let kept = PERMUTATION_SEGMENTS[pattern];
        table[pattern][0] = KEEP[pattern];
        let mut segment = 0;
        while segment < 9 {
            let row = (kept >> (3 * (segment / 3))) & 7;
            if kept & (1 << segment) != 0 && row.count_ones() == 1 {
                table[pattern][1] |= 0o7 << (9 * (segment / 3) + 3 * (segment % 3));
            }
            segment += 1;
        }
        pattern += 1;
    }
    table
};

/// The stack logic's permutation filter on a band-shaped word of columns (bit
/// `9 * band + column`): the columns of each band on some permutation band -> column of the
/// three columns of their stack. Column `c` of band `b` lies on one if the next two bands take
/// the other two columns of the stack, in one order or the other: rotating the word by a band
/// (9 bits) and each stack's columns by one place lines each column up with the others.
#[inline(always)]
fn permutation_cells(s: u32) -> u32 {
    // Each column's bit replaced by the next (or the one after) in its stack.
    let next1 = ((s >> 1) & (0o333 * SPREAD)) | ((s << 2) & (0o444 * SPREAD));
    let next2 = ((s << 1) & (0o666 * SPREAD)) | ((s >> 2) & (0o111 * SPREAD));
    s & ((row_rot1(next1) & row_rot2(next2)) | (row_rot1(next2) & row_rot2(next1)))
}

/// Each row's bits replaced by those of the next row of the band (cyclically).
#[inline(always)]
fn row_rot1(s: u32) -> u32 {
    (s >> 9 | s << 18) & BAND
}

/// Each row's bits replaced by those of the row after the next (cyclically).
#[inline(always)]
fn row_rot2(s: u32) -> u32 {
    (s >> 18 | s << 9) & BAND
}

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
    /// `cand[band][digit]`: the cells of the band where `digit + 1` may go (placed or not).
    /// A band's nine words lie side by side, so the loops over the digits of a band (a
    /// placement clearing its cells from the other digits, the candidate counts) run over
    /// contiguous memory, which the compiler vectorises.
    cand: [[u32; 9]; 3],
    /// Words changed since the band logic last saw them (bit `STRIDE * band + digit` for
    /// `cand[band][digit]`): the band logic visits only these.
    dirty: u64,
    /// Cells not yet placed, per band.
    unsolved: [u32; 3],
}

/// A contradiction: this board has no solution.
struct Dead;

impl Board {
    /// The board of a puzzle's givens, not yet propagated; `Err` if a given is impossible.
    fn new(puzzle: &Puzzle) -> Result<Board, Dead> {
        let mut board = Board {
            cand: [[BAND; 9]; 3],
            dirty: ALL_WORDS,
            unsolved: [BAND; 3],
        };
        for (cell, &digit) in puzzle.grid().cells().iter().enumerate() {
            if digit != 0 {
                let (band, bit) = (cell / 27, 1u32 << (cell % 27));
                let d = usize::from(digit - 1);
                if board.cand[band][d] & bit == 0 {
                    return Err(Dead);
                }
                board.assign(d, band, bit);
            }
        }
        Ok(board)
    }

    /// Removes `cells` from the word of digit `d` in `band`, marking the word for the band
    /// logic if it changed.
    /// Marking only real changes keeps the band loop from visiting words that a placement
    /// left as they were (most of the nine words of a band, most of the time).
    #[inline(always)]
    fn clear(&mut self, d: usize, band: usize, cells: u32) {
        self.dirty |= self.clear_word(d, band, cells);
    }

    /// [`Board::clear`], returning the word's bit of `dirty` if it changed instead of setting
    /// it: the band loop keeps its set of words in a register.
    #[inline(always)]
    fn clear_word(&mut self, d: usize, band: usize, cells: u32) -> u64 {
        let old = self.cand[band][d];
        let new = old & !cells;
        self.cand[band][d] = new;
        u64::from(new != old) << (STRIDE * band + d)
    }

    /// Removes `cells` of `band` from every digit but `d`.
    /// All nine words are cleared and `d`'s is put back: no branch on `e != d`, and a loop
    /// over nine contiguous words that the compiler vectorises.
    /// Returns the cells of the band that still have a candidate, and the bits of the words
    /// that changed (for `dirty`).
    #[inline(always)]
    fn clear_other_digits(&mut self, d: usize, band: usize, cells: u32) -> (u32, u64) {
        let words = &mut self.cand[band];
        let keep = words[d];
        let mut changed = 0;
        let mut any = keep;
        for (e, word) in words.iter_mut().enumerate() {
            let new = *word & !cells;
            changed |= u32::from(new != *word) << e;
            any |= new;
            *word = new;
        }
        words[d] = keep;
        (any, u64::from(changed & !(1 << d)) << (STRIDE * band))
    }

    /// Removes digit `d` from the columns of `cells` in the two bands other than `band`;
    /// returns the bits of the words that changed (for `dirty`).
    #[inline(always)]
    fn clear_columns(&mut self, d: usize, band: usize, cells: u32) -> u64 {
        let columns = fold_columns(cells) * SPREAD;
        let [b1, b2] = OTHER_BANDS[band];
        self.clear_word(d, b1, columns) | self.clear_word(d, b2, columns)
    }

    /// Puts digit index `d` on `cells` of `band`: the cells leave the other digits, their rows,
    /// boxes and columns leave `d`. Two of them in one unit empty each other, which the next
    /// propagation finds (the band logic of the emptied word).
    #[inline(always)]
    fn assign(&mut self, d: usize, band: usize, cells: u32) {
        self.dirty |= self.clear_other_digits(d, band, cells).1;
        self.place_single(d, band, cells);
    }

    /// [`Board::assign`] for cells whose only candidate is `d`: no other digit to clear.
    #[inline(always)]
    fn place_single(&mut self, d: usize, band: usize, cells: u32) {
        self.unsolved[band] &= !cells;
        let mut peers = 0;
        let mut rest = cells;
        while rest != 0 {
            peers |= ROW_BOX_PEERS[rest.trailing_zeros() as usize];
            rest &= rest - 1;
        }
        self.clear(d, band, peers);
        self.dirty |= self.clear_columns(d, band, cells);
    }

    /// Band logic for word `i` (see the module comment). It is idempotent: the segments it
    /// removes lie on no permutation, so removing them leaves the permutations as they were,
    /// and the peers of a single it finds are already gone from the word; so the word needs a
    /// visit only after something else changes it.
    /// The singles it finds are not placed here: they go to `pending[i]` (0 if none), and the
    /// word's bit is returned if there are any, for [`Board::place_pending`] once the
    /// generation's visits are done.
    #[inline(always)]
    fn band_logic(&mut self, i: usize, pending: &mut [u32; 48]) -> Result<u64, Dead> {
        let (d, band) = (i % STRIDE, i / STRIDE);
        let before = self.cand[band][d];
        let rows = ROWS[0][(before & ROW) as usize]
            | ROWS[1][((before >> 9) & ROW) as usize]
            | ROWS[2][((before >> 18) & ROW) as usize];
        let alone = (rows >> 32) as u32;
        // The low nine bits: the non-empty segments, three a row.
        let [keep, forced] = KEEP_FORCED[rows as usize & 0x1FF];
        let x = before & keep;
        if x == 0 {
            return Err(Dead);
        }
        self.cand[band][d] = x;
        // A row or box with one cell left (never none: the table keeps one in each): the
        // cell is alone in its segment, and the segment alone in its row (hence in its box).
        // The filter removes whole segments, so a cell alone in its segment in `before` and
        // kept is alone in `x`.
        let single = forced & x & alone;
        // Noted without a branch (whether a visit finds one is hard to predict).
        let new = single & self.unsolved[band];
        pending[i] = new;
        Ok(u64::from(new != 0) << i)
    }

    /// Places the digit of word `i` on the cells of `pending` (singles found by its band
    /// logic) that still can take it: a placement made since (another digit on the cell, the
    /// digit in the cell's column in another band) may have taken a cell, which leaves the
    /// word without a cell in some row, for its next visit to find.
    /// Returns the bits of the words it changed (for `dirty`).
    #[inline(always)]
    fn place_pending(&mut self, i: usize, pending: u32) -> Result<u64, Dead> {
        let (d, band) = (i % STRIDE, i / STRIDE);
        let new = pending & self.unsolved[band] & self.cand[band][d];
        if new == 0 {
            return Ok(0);
        }
        self.unsolved[band] &= !new;
        let (any, changed) = self.clear_other_digits(d, band, new);
        // A cell of the band left without a candidate: stop now rather than after the rest
        // of the placements.
        if self.unsolved[band] & !any != 0 {
            return Err(Dead);
        }
        Ok(changed | self.clear_columns(d, band, new))
    }

    /// Propagates to a fixed point. `Ok(true)` when solved, `Ok(false)` when a guess is needed.
    /// On a contradiction found by the band logic, `failed` is set to the word's index (as in
    /// `dirty`), for the conflict activity; other contradictions leave it as it was.
    #[inline(always)]
    fn propagate(&mut self, failed: &mut usize) -> Result<bool, Dead> {
        loop {
            // By generations (see the module comment): the words to visit, in a register;
            // the singles their visits found, placed after the visits.
            let mut current = std::mem::take(&mut self.dirty);
            let mut pending = [0u32; 48];
            loop {
                let mut place = 0;
                while current != 0 {
                    let i = current.trailing_zeros() as usize;
                    current &= current - 1;
                    match self.band_logic(i, &mut pending) {
                        Ok(bits) => place |= bits,
                        Err(Dead) => {
                            *failed = i;
                            return Err(Dead);
                        }
                    }
                }
                let mut next = 0;
                while place != 0 {
                    let i = place.trailing_zeros() as usize;
                    place &= place - 1;
                    next |= self.place_pending(i, pending[i])?;
                }
                // Naked singles once the band logic has nothing left (after every generation
                // they cost more than they save).
                if next == 0 {
                    self.naked_singles()?;
                    next = std::mem::take(&mut self.dirty);
                }
                if next == 0 {
                    break;
                }
                current = next;
            }
            if self.unsolved == [0; 3] {
                return Ok(true);
            }
            if self.stack_logic()? {
                continue;
            }
            return Ok(false);
        }
    }

    /// Places every cell with one candidate; `Ok(true)` if there was one; a cell with none is
    /// a contradiction.
    #[inline(always)]
    fn naked_singles(&mut self) -> Result<bool, Dead> {
        // The three bands' counts first, with no branch between them, so that their chains
        // of operations overlap; then the placements.
        let mut singles = [0u32; 3];
        let mut dead = false;
        for (band, singles) in singles.iter_mut().enumerate() {
            let [once, twice] = once_twice(&self.cand[band]);
            let open = self.unsolved[band];
            dead |= open & !once != 0;
            *singles = open & !twice;
        }
        if dead {
            return Err(Dead);
        }
        for (band, &singles) in singles.iter().enumerate() {
            if singles != 0 {
                for d in 0..9 {
                    // Read now: a placement in another band may have taken the digit from
                    // the cell (which the next pass finds empty).
                    let cells = singles & self.cand[band][d];
                    if cells != 0 {
                        self.place_single(d, band, cells);
                    }
                }
            }
        }
        Ok(singles != [0; 3])
    }

    /// Stack logic, the band logic turned a quarter: in each stack a digit takes one column
    /// in each band and one band in each column, a permutation band -> column. Columns of a
    /// band's box off every such permutation lose the digit (pointing and claiming along
    /// columns; a column left in one box of the stack makes a hidden single there).
    /// `Ok(true)` if a candidate went.
    #[inline(always)]
    fn stack_logic(&mut self) -> Result<bool, Dead> {
        // For each digit, a band-shaped word of its columns: bit `9 * band + column`.
        let mut columns = [0u32; 9];
        for band in 0..3 {
            for (c, &w) in columns.iter_mut().zip(&self.cand[band]) {
                *c |= fold_columns(w) << (9 * band);
            }
        }
        let mut dead = false;
        let mut gone = [0u32; 9];
        for (g, &s) in gone.iter_mut().zip(&columns) {
            let kept = permutation_cells(s);
            // A stack without a permutation keeps nothing in any of its three bands.
            dead |= (kept | kept >> 1 | kept >> 2) & LOWS != LOWS;
            *g = s & !kept;
        }
        if dead {
            return Err(Dead);
        }
        if gone == [0; 9] {
            return Ok(false);
        }
        for band in 0..3 {
            let mut changed = 0;
            for (d, (word, &g)) in self.cand[band].iter_mut().zip(&gone).enumerate() {
                let new = *word & !(((g >> (9 * band)) & ROW) * SPREAD);
                changed |= u64::from(new != *word) << d;
                *word = new;
            }
            self.dirty |= changed << (STRIDE * band);
        }
        Ok(true)
    }

    /// The cell to guess on, as (band, bit): the two-candidate cell whose guesses reach
    /// furthest, else the first with the fewest candidates.
    ///
    /// A guess on a cell with two candidates is a binary split; of those splits, the one whose
    /// two placements remove the most candidates from peer cells propagates furthest, so both
    /// halves die or solve sooner. The score counts, for each of the cell's two digits, the
    /// peers (row, box, column) still holding it, a peer that has two candidates itself
    /// (it would become a single) [`PAIR_PEER_WEIGHT`] times more. On the forum-hardest set
    /// this cut the guesses per puzzle from 286 (the first such cell) to 118. Each digit also
    /// scores its recent contradictions, `activity` (see [`ACTIVITY_BUMP`]): 118 -> 105.
    #[inline(always)]
    fn guess_cell(&self, activity: &[u32; 9]) -> (usize, u32) {
        let mut pairs = [0u32; 3];
        for (band, pairs) in pairs.iter_mut().enumerate() {
            let (mut once, mut twice, mut thrice) = (0u32, 0u32, 0u32);
            for d in 0..9 {
                let x = self.cand[band][d];
                thrice |= twice & x;
                twice |= once & x;
                once |= x;
            }
            *pairs = twice & !thrice & self.unsolved[band];
        }
        if pairs != [0; 3] {
            let mut best = (0, 0, 0);
            let all_pairs = pairs;
            for (band, &pairs) in pairs.iter().enumerate() {
                let [b1, b2] = OTHER_BANDS[band];
                let mut rest = pairs;
                while rest != 0 {
                    let cell = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    let digits = self.digits(band, 1 << cell);
                    let column = (1u32 << (cell % 9)) * SPREAD;
                    let mut score = 1;
                    for d in [digits.trailing_zeros(), 15 - digits.leading_zeros()] {
                        let d = d as usize;
                        // The column's cells in the two other bands, side by side in one
                        // word: `column << 1` does not meet `column`.
                        let in_column =
                            (self.cand[b1][d] & column) | (self.cand[b2][d] & column) << 1;
                        let peers = self.cand[band][d] & ROW_BOX_PEERS[cell];
                        let paired = (self.cand[b1][d] & column & all_pairs[b1])
                            | (self.cand[b2][d] & column & all_pairs[b2]) << 1;
                        // Two counts in one: the row and box in the low half, the column in
                        // the high half.
                        let all = u64::from(peers) | u64::from(in_column) << 32;
                        let paired = u64::from(peers & pairs) | u64::from(paired) << 32;
                        score += all.count_ones() + PAIR_PEER_WEIGHT * paired.count_ones();
                        score += activity[d] >> ACTIVITY_SHIFT;
                    }
                    // On a tie the later cell: 1% fewer guesses on the forum-hardest set.
                    if score >= best.2 {
                        best = (band, 1 << cell, score);
                    }
                }
            }
            return (best.0, best.1);
        }
        let mut best = (0, 0, u32::MAX);
        for band in 0..3 {
            let mut open = self.unsolved[band];
            while open != 0 {
                let bit = open & open.wrapping_neg();
                open &= open - 1;
                let count = self.digits(band, bit).count_ones();
                if count < best.2 {
                    best = (band, bit, count);
                }
            }
        }
        (best.0, best.1)
    }

    /// The candidates of the cell `bit` of `band`, as a set (bit `d` for digit index `d`).
    #[inline(always)]
    fn digits(&self, band: usize, bit: u32) -> u16 {
        // The cell's bit of each word moved to the sign bit and read as a sign: a form the
        // compiler turns into one shift and one mask extraction for eight words.
        let shift = bit.leading_zeros();
        let mut set = 0u16;
        for d in 0..9 {
            set |= u16::from(((self.cand[band][d] << shift) as i32) < 0) << d;
        }
        set
    }

    /// The solution of a solved board.
    fn grid(&self) -> Grid {
        let mut cells = [0u8; CELLS];
        for d in 0..9 {
            for band in 0..3 {
                let mut x = self.cand[band][d];
                while x != 0 {
                    cells[27 * band + x.trailing_zeros() as usize] = d as u8 + 1;
                    x &= x - 1;
                }
            }
        }
        Grid::from_cells(cells).unwrap_or(Grid::EMPTY)
    }
}

/// The cells of a band with at least one candidate, and those with at least two, among the
/// nine words of `words`: by pairs of words, so that the chain of operations is three steps
/// long instead of nine.
#[inline(always)]
fn once_twice(w: &[u32; 9]) -> [u32; 2] {
    let (a, b, c, e) = (w[1] | w[2], w[3] | w[4], w[5] | w[6], w[7] | w[8]);
    let (ta, tb, tc, te) = (w[1] & w[2], w[3] & w[4], w[5] & w[6], w[7] & w[8]);
    let (ab, ce) = (a | b, c | e);
    let (tab, tce) = (ta | tb | (a & b), tc | te | (c & e));
    let rest = ab | ce;
    let twice = tab | tce | (ab & ce) | (w[0] & rest);
    [rest | w[0], twice]
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
    /// For each digit index, how often the band logic found a contradiction in one of the
    /// digit's words lately (see [`ACTIVITY_BUMP`]).
    activity: [u32; 9],
    report: Report,
    on_solution: F,
}

impl<F: FnMut(&Grid) -> ControlFlow<()>> Search<F> {
    /// Explores `board`; `Break` when the search must stop. The whole search below one call
    /// (propagation, choice of guess, recursion) is one function per value of `FAST`, with
    /// everything inlined, so that the x86-64 copy is compiled with the bit instructions.
    #[inline(always)]
    fn explore_body<const FAST: bool>(&mut self, mut board: Board) -> ControlFlow<()> {
        loop {
            let mut failed = usize::MAX;
            match board.propagate(&mut failed) {
                Err(Dead) => {
                    if failed != usize::MAX {
                        self.activity[failed % STRIDE] += ACTIVITY_BUMP;
                    }
                    return ControlFlow::Continue(());
                }
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
            for a in &mut self.activity {
                *a -= *a >> ACTIVITY_DECAY;
            }
            let (band, bit) = board.guess_cell(&self.activity);
            let digits = board.digits(band, bit);
            let last = 15 - digits.leading_zeros() as usize;
            let mut others = digits & !(1 << last);
            while others != 0 {
                let d = others.trailing_zeros() as usize;
                others &= others - 1;
                self.report.guesses += 1;
                let mut trial = board;
                trial.assign(d, band, bit);
                self.explore::<FAST>(trial)?;
            }
            board.assign(last, band, bit);
        }
    }

    /// The copy of the search that `FAST` names.
    #[inline(always)]
    fn explore<const FAST: bool>(&mut self, board: Board) -> ControlFlow<()> {
        #[cfg(target_arch = "x86_64")]
        if FAST {
            // SAFETY: `FAST` is true only under `search_with(.., fast: true, ..)`, which is
            // called so only after `has_bit_instructions` found every feature that
            // `explore_x86` is compiled for on this CPU.
            return unsafe { self.explore_x86(board) };
        }
        self.explore_portable(board)
    }

    /// The search in portable code.
    #[inline(never)]
    fn explore_portable(&mut self, board: Board) -> ControlFlow<()> {
        self.explore_body::<false>(board)
    }

    /// The search compiled for CPUs with POPCNT, LZCNT, BMI1 and AVX2: `count_ones` becomes
    /// one instruction instead of a dozen (the guess score counts bits in every step), the
    /// bit scans lose their zero checks, and the loops over a band's nine words use 256-bit
    /// registers. Only the instructions chosen by the compiler change, not the algorithm;
    /// the tests compare both copies.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt,lzcnt,bmi1,avx2")]
    fn explore_x86(&mut self, board: Board) -> ControlFlow<()> {
        self.explore_body::<true>(board)
    }
}

/// Whether the CPU has what `Search::explore_x86` is compiled for.
fn has_bit_instructions() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::arch::is_x86_feature_detected!("popcnt")
            && std::arch::is_x86_feature_detected!("lzcnt")
            && std::arch::is_x86_feature_detected!("bmi1")
            && std::arch::is_x86_feature_detected!("avx2")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// Runs the search on `puzzle`, calling `on_solution` for each solution until `limit`
/// solutions are found or it returns `Break`.
pub fn search(
    puzzle: &Puzzle,
    limit: u64,
    on_solution: impl FnMut(&Grid) -> ControlFlow<()>,
) -> Report {
    search_with(puzzle, limit, has_bit_instructions(), on_solution)
}

/// [`search`] on the copy chosen by `fast`. `fast` must be true only if
/// `has_bit_instructions()` is: the x86-64 copy would hit unknown instructions otherwise.
fn search_with(
    puzzle: &Puzzle,
    limit: u64,
    fast: bool,
    on_solution: impl FnMut(&Grid) -> ControlFlow<()>,
) -> Report {
    let mut search = Search {
        limit,
        report: Report::default(),
        activity: [0; 9],
        on_solution,
    };
    if limit > 0
        && let Ok(board) = Board::new(puzzle)
    {
        let _ = if fast {
            search.explore::<true>(board)
        } else {
            search.explore::<false>(board)
        };
    }
    search.report
}

#[cfg(test)]
mod tests {
    //! The bit-parallel kernels against slow twins that look at one cell at a time, on random
    //! boards (random candidate words: most are not reachable from a puzzle, which only makes
    //! the comparison harder to pass).

    use super::*;

    /// xorshift64*: a small deterministic generator, enough for test boards.
    struct Rng(u64);

    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 >> 12;
            self.0 ^= self.0 << 25;
            self.0 ^= self.0 >> 27;
            self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
        }

        fn below(&mut self, n: usize) -> usize {
            (self.next() % n as u64) as usize
        }

        /// A band word with each cell kept with probability `percent` / 100.
        fn word(&mut self, percent: u64) -> u32 {
            (0..27).fold(0, |w, bit| {
                w | u32::from(self.next() % 100 < percent) << bit
            })
        }
    }

    fn random_board(rng: &mut Rng) -> Board {
        let percent = 20 + rng.next() % 60;
        let mut board = Board {
            cand: [[0; 9]; 3],
            dirty: 0,
            unsolved: [0; 3],
        };
        for band in 0..3 {
            for d in 0..9 {
                board.cand[band][d] = rng.word(percent);
            }
            board.unsolved[band] = rng.word(70);
        }
        board
    }

    /// Band, row within the band, column of grid cell `cell`.
    fn place(cell: usize) -> (usize, usize, usize) {
        (cell / 27, cell / 9 % 3, cell % 9)
    }

    fn has(board: &Board, cell: usize, d: usize) -> bool {
        let (band, row, col) = place(cell);
        board.cand[band][d] >> (9 * row + col) & 1 != 0
    }

    /// Whether grid cells `a` and `b` (distinct) share a row, column or box.
    fn peers(a: usize, b: usize) -> bool {
        let (ra, ca, rb, cb) = (a / 9, a % 9, b / 9, b % 9);
        a != b && (ra == rb || ca == cb || (ra / 3 == rb / 3 && ca / 3 == cb / 3))
    }

    #[test]
    fn clear_other_digits_matches_a_loop() {
        let mut rng = Rng(0x0123_4567_89AB_CDEF);
        for _ in 0..2000 {
            let board = random_board(&mut rng);
            let (d, band) = (rng.below(9), rng.below(3));
            let cells = rng.word(10);
            let mut fast = board;
            let (left, changed) = fast.clear_other_digits(d, band, cells);
            fast.dirty |= changed;
            let mut slow = board;
            for e in (0..9).filter(|&e| e != d) {
                let old = slow.cand[band][e];
                slow.cand[band][e] = old & !cells;
                if slow.cand[band][e] != old {
                    slow.dirty |= 1 << (STRIDE * band + e);
                }
            }
            assert_eq!(fast.cand, slow.cand);
            assert_eq!(fast.dirty, slow.dirty);
            let mut any = 0;
            for w in slow.cand[band] {
                any |= w;
            }
            assert_eq!(left, any);
        }
    }

    /// The band logic of word `i` and the placement of the singles it found: what one visit
    /// did before the visits went by generations.
    fn band_logic_and_place(board: &mut Board, i: usize) -> Result<u64, Dead> {
        let mut pending = [0; 48];
        let place = board.band_logic(i, &mut pending)?;
        assert_eq!(place, u64::from(pending[i] != 0) << i);
        assert!(pending.iter().enumerate().all(|(j, &p)| j == i || p == 0));
        if place == 0 {
            return Ok(0);
        }
        board.place_pending(i, pending[i])
    }

    #[test]
    fn once_twice_matches_counts() {
        let mut rng = Rng(0x0CE_7157);
        for _ in 0..2000 {
            let percent = 5 + rng.next() % 50;
            let words: [u32; 9] = std::array::from_fn(|_| rng.word(percent));
            let count = |cell: usize| words.iter().filter(|&&w| w >> cell & 1 != 0).count();
            let slow = (0..27).fold([0u32; 2], |[once, twice], cell| {
                let n = count(cell);
                [
                    once | u32::from(n >= 1) << cell,
                    twice | u32::from(n >= 2) << cell,
                ]
            });
            assert_eq!(once_twice(&words), slow, "{words:?}");
        }
    }

    #[test]
    fn a_pending_cell_taken_since_is_not_placed() {
        // Digit 0 single at cell 0 of band 0, but digit 1 placed there since: the placement of
        // digit 0 leaves it out, and its word, without a cell in row 0, dies at its next visit.
        let mut board = Board {
            cand: [[BAND; 9]; 3],
            dirty: 0,
            unsolved: [BAND; 3],
        };
        board.assign(1, 0, 1);
        assert_eq!(board.cand[0][0] & 1, 0);
        let before = board;
        assert_eq!(board.place_pending(0, 1).ok(), Some(0));
        assert_eq!(board.cand, before.cand);
        assert_eq!(board.unsolved, before.unsolved);
    }

    #[test]
    fn band_logic_matches_permutations_of_cells() {
        let mut rng = Rng(0xFEED_5EED);
        for _ in 0..3000 {
            let mut board = random_board(&mut rng);
            let (d, band) = (rng.below(9), rng.below(3));
            let word = board.cand[band][d];
            // Slow twin: a cell stays if it is on some choice of one cell per row with the
            // three cells in three different boxes.
            let mut kept = 0u32;
            for a in 0..9 {
                for b in 9..18 {
                    for c in 18..27 {
                        let boxes = [a % 9 / 3, b % 9 / 3, c % 9 / 3];
                        let cells = 1u32 << a | 1 << b | 1 << c;
                        if word & cells == cells
                            && boxes[0] != boxes[1]
                            && boxes[1] != boxes[2]
                            && boxes[0] != boxes[2]
                        {
                            kept |= cells;
                        }
                    }
                }
            }
            let before = board;
            let result = band_logic_and_place(&mut board, STRIDE * band + d);
            if kept == 0 {
                assert!(result.is_err(), "{word:027b}");
                continue;
            }
            if result.is_err() {
                // The only other way to fail: placing the singles left an unsolved cell of
                // the band without a candidate (checked below on the expected words).
                board = before;
                board.cand[band][d] = kept;
            }
            assert_eq!(board.cand[band][d], kept, "{word:027b}");
            // Singles: rows and boxes of the kept word with one cell, if still unsolved.
            let mut single = 0u32;
            for unit in 0..6 {
                let cells: Vec<u32> = (0..27)
                    .filter(|&c| {
                        if unit < 3 {
                            c / 9 == unit
                        } else {
                            c % 9 / 3 == unit - 3
                        }
                    })
                    .filter(|&c| kept >> c & 1 != 0)
                    .collect();
                if let [only] = cells[..] {
                    single |= 1 << only;
                }
            }
            let new = single & before.unsolved[band];
            let expected: Vec<u32> = (0..9)
                .map(|e| {
                    if e == d {
                        kept
                    } else {
                        before.cand[band][e] & !new
                    }
                })
                .collect();
            let unsolved = before.unsolved[band] & !new;
            let empty = (0..27)
                .any(|c| unsolved >> c & 1 != 0 && expected.iter().all(|&w| w >> c & 1 == 0));
            assert_eq!(result.is_err(), new != 0 && empty, "{word:027b}");
            if result.is_err() {
                continue;
            }
            assert_eq!(board.unsolved[band], unsolved);
            assert_eq!(board.cand[band][..], expected[..]);
            let columns = (0..9).fold(0u32, |m, c| {
                if (0..3).any(|r| new >> (9 * r + c) & 1 != 0) {
                    m | (1 | 1 << 9 | 1 << 18) << c
                } else {
                    m
                }
            });
            for other in (0..3).filter(|&b| b != band) {
                assert_eq!(board.cand[other][d], before.cand[other][d] & !columns);
            }
            // The words to revisit: those of other digits and bands that changed.
            let mut changed = 0u64;
            for b in 0..3 {
                for e in 0..9 {
                    if (b, e) != (band, d) && board.cand[b][e] != before.cand[b][e] {
                        changed |= 1 << (STRIDE * b + e);
                    }
                }
            }
            assert_eq!(result.ok(), Some(changed), "{word:027b}");
        }
    }

    #[test]
    // The twin indexes by band and digit, as the rules read.
    #[allow(clippy::needless_range_loop)]
    fn stack_logic_matches_permutations_of_columns() {
        let mut rng = Rng(0x57AC_4ED5);
        let mut outcomes = [0; 3];
        for _ in 0..3000 {
            let mut board = random_board(&mut rng);
            // Sparser words now and then, so that stacks without a permutation show up.
            if rng.below(3) == 0 {
                for band in 0..3 {
                    for d in 0..9 {
                        board.cand[band][d] &= rng.word(40);
                    }
                }
            }
            let before = board;
            let result = board.stack_logic();
            // Slow twin: for each digit and stack, the permutations band -> column of the
            // stack whose three columns all hold the digit in their band.
            let has_column = |band: usize, d: usize, column: usize| {
                (0..3).any(|row| before.cand[band][d] >> (9 * row + column) & 1 != 0)
            };
            let mut dead = false;
            let mut expected = before.cand;
            for d in 0..9 {
                for stack in 0..3 {
                    let mut kept = [[false; 3]; 3];
                    let mut any = false;
                    for p in [
                        [0, 1, 2],
                        [0, 2, 1],
                        [1, 0, 2],
                        [1, 2, 0],
                        [2, 0, 1],
                        [2, 1, 0],
                    ] {
                        if (0..3).all(|band| has_column(band, d, 3 * stack + p[band])) {
                            any = true;
                            for band in 0..3 {
                                kept[band][p[band]] = true;
                            }
                        }
                    }
                    dead |= !any;
                    for (band, kept) in kept.iter().enumerate() {
                        for (i, &keep) in kept.iter().enumerate() {
                            if !keep {
                                let column = 3 * stack + i;
                                expected[band][d] &= !((1 | 1 << 9 | 1 << 18) << column);
                            }
                        }
                    }
                }
            }
            if dead {
                assert!(result.is_err());
                outcomes[0] += 1;
                continue;
            }
            let changed = expected != before.cand;
            assert_eq!(result.ok(), Some(changed));
            assert_eq!(board.cand, expected);
            let mut dirty = before.dirty;
            for band in 0..3 {
                for d in 0..9 {
                    if expected[band][d] != before.cand[band][d] {
                        dirty |= 1 << (STRIDE * band + d);
                    }
                }
            }
            assert_eq!(board.dirty, dirty);
            outcomes[1 + usize::from(changed)] += 1;
        }
        assert!(outcomes.iter().all(|&n| n > 100), "{outcomes:?}");
    }

    #[test]
    fn digits_and_guess_cell_match_cell_by_cell_counts() {
        let mut rng = Rng(0xB1C0_FFEE);
        for _ in 0..1000 {
            let board = random_board(&mut rng);
            let open = |cell: usize| {
                let (band, row, col) = place(cell);
                board.unsolved[band] >> (9 * row + col) & 1 != 0
            };
            let digits = |cell: usize| (0..9).filter(|&d| has(&board, cell, d)).collect::<Vec<_>>();
            for cell in 0..CELLS {
                let (band, row, col) = place(cell);
                let set = board.digits(band, 1 << (9 * row + col));
                let slow = digits(cell).iter().fold(0u16, |s, &d| s | 1 << d);
                assert_eq!(set, slow);
            }
            let pairs: Vec<usize> = (0..CELLS)
                .filter(|&c| open(c) && digits(c).len() == 2)
                .collect();
            let mut activity = [0; 9];
            if rng.below(2) == 0 {
                activity = std::array::from_fn(|_| rng.below(100) as u32);
            }
            let (band, bit) = board.guess_cell(&activity);
            let chosen = 27 * band + bit.trailing_zeros() as usize;
            assert_eq!(bit.count_ones(), 1);
            if pairs.is_empty() {
                let fewest = (0..CELLS)
                    .filter(|&c| open(c))
                    .map(|c| digits(c).len())
                    .min();
                if let Some(fewest) = fewest {
                    assert!(open(chosen));
                    assert_eq!(digits(chosen).len(), fewest);
                }
                continue;
            }
            // Slow twin of the score: each digit's peers, a two-candidate peer weighing more.
            let score = |cell: usize| {
                let mut total = 0;
                for d in digits(cell) {
                    total += activity[d] >> ACTIVITY_SHIFT;
                    for peer in (0..CELLS).filter(|&p| peers(cell, p) && has(&board, p, d)) {
                        total += 1;
                        if pairs.contains(&peer) {
                            total += PAIR_PEER_WEIGHT;
                        }
                    }
                }
                total
            };
            let best = pairs.iter().map(|&c| score(c)).max();
            assert!(pairs.contains(&chosen));
            assert_eq!(Some(score(chosen)), best);
        }
    }

    #[test]
    fn both_copies_of_the_search_agree() {
        // Without the instructions the fast copy cannot run; the portable one is then the only
        // one in use, and the other tests cover it.
        if !has_bit_instructions() {
            return;
        }
        let solution: Grid =
            "821493567435276189796518324318627495649851273572349816263985741987134652154762938"
                .parse()
                .unwrap();
        let mut rng = Rng(0x00D1_CE0F_5EED);
        for round in 0..300 {
            let mut cells = *solution.cells();
            for _ in 0..40 + round % 25 {
                cells[rng.below(CELLS)] = 0;
            }
            let puzzle = Puzzle::new(Grid::from_cells(cells).unwrap()).unwrap();
            let run = |fast| {
                let mut found = Vec::new();
                let report = search_with(&puzzle, 300, fast, |grid| {
                    found.push(*grid);
                    ControlFlow::Continue(())
                });
                (report, found)
            };
            assert_eq!(run(true), run(false), "{}", puzzle.grid());
        }
    }
}
