//! The board as a sum of independent regions, and the exact outcome of small ones.
//!
//! A move takes a stone onto an orthogonally adjacent stone, so the stones of one
//! orthogonally connected group can never touch another group: each group is a game of its
//! own, and the position is their sum (combinatorial game theory's disjunctive sum). A group
//! of one colour has no move now or ever and counts for nothing.
//!
//! Alone, a region has an outcome class: who wins it with Black to move and with White to
//! move. The classes do not add in general, but some sums are exact (for a sum `G`, `G = 0`
//! exactly when the second player wins it; `G > 0` when Black wins whoever starts): regions
//! where the second player wins are zero and drop out of any sum, a sum of regions that
//! Black wins whoever starts is won by Black whoever starts (and likewise for White), and
//! one region where the first player wins, plus zeros, is won by the side to move.
//! [`Regions::verdict`] applies exactly these rules; `tests/regions.rs` checks them against
//! a whole-board solve.

use crate::{Color, Position};
use olympiad_core::Game;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// Regions of at most this many stones are solved exactly (and the result kept).
pub const MAX_SOLVED_STONES: u32 = 10;
/// The most region shapes kept before the cache is emptied (each entry is 40 bytes).
pub const MAX_CACHED_REGIONS: usize = 1 << 20;

/// Who wins a region played alone, with each side to move first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Class {
    /// The side to move wins (`N`, a fuzzy region such as a lone pair).
    First,
    /// The side not to move wins (`P`: the region's value is exactly zero).
    Second,
    /// Black wins whoever starts (`L`: the value is positive).
    Black,
    /// White wins whoever starts (`R`: the value is negative).
    White,
}

/// One region: its stones of each colour (bits of the board it was found on).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Region {
    /// Black's stones.
    pub black: u128,
    /// White's stones.
    pub white: u128,
}

impl Region {
    /// The region's stones.
    pub fn stones(&self) -> u32 {
        (self.black | self.white).count_ones()
    }
}

/// The regions of `pos` that hold both colours, in no particular order.
pub fn regions(pos: &Position, mut f: impl FnMut(Region)) {
    let black = pos.stones(Color::Black);
    let white = pos.stones(Color::White);
    let mut left = black | white;
    while left != 0 {
        let mut group = left & left.wrapping_neg();
        loop {
            let grown = (group | pos.neighbours(group)) & left;
            if grown == group {
                break;
            }
            group = grown;
        }
        left &= !group;
        if group & black != 0 && group & white != 0 {
            f(Region {
                black: group & black,
                white: group & white,
            });
        }
    }
}

/// What the exact rules of the module doc say about a whole position's outcome.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The winner is known.
    Won(Color),
    /// The exact rules do not decide it.
    Open,
}

/// The solver of small regions with its cache of region shapes.
#[derive(Clone, Debug, Default)]
pub struct Regions {
    /// Outcome classes by region shape: (rows, columns, black, white) of its bounding box.
    classes: HashMap<(u8, u8, u128, u128), Class, BuildHasherDefault<ShapeHasher>>,
}

impl Regions {
    /// A solver with an empty cache.
    pub fn new() -> Regions {
        Regions::default()
    }

    /// The class of `region` of `pos`, if it has at most [`MAX_SOLVED_STONES`] stones.
    pub fn class(&mut self, pos: &Position, region: Region) -> Option<Class> {
        if region.stones() > MAX_SOLVED_STONES {
            return None;
        }
        let key = boxed(pos, region);
        if let Some(&class) = self.classes.get(&key) {
            return Some(class);
        }
        let (rows, columns, black, white) = key;
        let alone = |side| {
            Position::from_parts(usize::from(rows), usize::from(columns), black, white, side)
                .expect("a region's bounding box fits the board it came from")
        };
        let mut seen = HashMap::new();
        let black_first = wins(&alone(Color::Black), &mut seen);
        let white_first = wins(&alone(Color::White), &mut seen);
        let class = match (black_first, white_first) {
            (true, true) => Class::First,
            (false, false) => Class::Second,
            (true, false) => Class::Black,
            (false, true) => Class::White,
        };
        if self.classes.len() >= MAX_CACHED_REGIONS {
            self.classes.clear();
        }
        self.classes.insert(key, class);
        Some(class)
    }

    /// The exact verdict on `pos` from its regions' classes, when every region is small
    /// enough to solve and the rules of the module doc apply.
    pub fn verdict(&mut self, pos: &Position) -> Verdict {
        let mut open = false;
        let mut classes = [0; 4];
        regions(pos, |region| match self.class(pos, region) {
            None => open = true,
            Some(class) => classes[class as usize] += 1,
        });
        if open {
            return Verdict::Open;
        }
        verdict_of_classes(pos.side_to_move(), classes)
    }
}

/// The exact verdict on a sum of regions with `side` to move, given how many regions of
/// each [`Class`] it holds (indexed by `Class as usize`).
pub fn verdict_of_classes(side: Color, classes: [u32; 4]) -> Verdict {
    let count = |class: Class| classes[class as usize];
    match (
        count(Class::First),
        count(Class::Black),
        count(Class::White),
    ) {
        // Zeros only: the side to move runs out of moves first.
        (0, 0, 0) => Verdict::Won(side.other()),
        (1, 0, 0) => Verdict::Won(side),
        (0, _, 0) => Verdict::Won(Color::Black),
        (0, 0, _) => Verdict::Won(Color::White),
        _ => Verdict::Open,
    }
}

/// The cache's hash of a region shape: a multiply-rotate fold of its words, cheaper
/// than the standard library's keyed hash, which guards against chosen keys that a
/// search never makes.
#[derive(Clone, Copy, Debug, Default)]
struct ShapeHasher(u64);

/// An odd constant with mixed bits, the fold's multiplier.
const FOLD: u64 = 0x9e37_79b9_7f4a_7c15;

impl ShapeHasher {
    fn fold(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(23) ^ word).wrapping_mul(FOLD);
    }
}

impl Hasher for ShapeHasher {
    fn finish(&self) -> u64 {
        self.0 ^ (self.0 >> 29)
    }

    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.fold(u64::from_le_bytes(word));
        }
    }

    fn write_u8(&mut self, value: u8) {
        self.fold(u64::from(value));
    }

    fn write_u128(&mut self, value: u128) {
        self.fold(value as u64);
        self.fold((value >> 64) as u64);
    }
}

/// The region moved to the corner of its own bounding box: rows, columns, and both colours
/// as bits of a board that wide.
fn boxed(pos: &Position, region: Region) -> (u8, u8, u128, u128) {
    let columns = pos.columns();
    let squares = region.black | region.white;
    let (mut low_row, mut high_row) = (usize::MAX, 0);
    let (mut low_column, mut high_column) = (usize::MAX, 0);
    let mut bits = squares;
    while bits != 0 {
        let square = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        let (row, column) = (square / columns, square % columns);
        low_row = low_row.min(row);
        high_row = high_row.max(row);
        low_column = low_column.min(column);
        high_column = high_column.max(column);
    }
    let width = high_column - low_column + 1;
    let moved = |set: u128| {
        let mut out = 0u128;
        let mut bits = set;
        while bits != 0 {
            let square = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let (row, column) = (square / columns, square % columns);
            out |= 1u128 << ((row - low_row) * width + column - low_column);
        }
        out
    };
    (
        (high_row - low_row + 1) as u8,
        width as u8,
        moved(region.black),
        moved(region.white),
    )
}

/// Whether the side to move wins `pos` (a small region) with perfect play; `seen` keeps
/// the positions already solved.
fn wins(pos: &Position, seen: &mut HashMap<(u128, u128, Color), bool>) -> bool {
    let key = (
        pos.stones(Color::Black),
        pos.stones(Color::White),
        pos.side_to_move(),
    );
    if let Some(&won) = seen.get(&key) {
        return won;
    }
    let won = pos
        .legal_moves()
        .iter()
        .any(|&mv| !wins(&pos.after(mv), seen));
    seen.insert(key, won);
    won
}
