//! The swap decision as a table: which first stones the responding program takes over.
//!
//! On 11x11 the table is what solvers and strong programs found (benzene's list of the
//! first moves MoHex swaps, as facts): every first stone wins for the side that holds it
//! except those on Black's own two edge rows (rows 1 and 11), and three more, f2, k3 and
//! a9; of the edge rows, the two obtuse corners k1 and a11 win too. So the engine swaps
//! every first stone but those, and opens, when it must open under the swap rule, with one
//! of those (the one its search likes best). On other sizes the same shape is a guess:
//! swap everything off Black's edge rows, and the obtuse corners.

use crate::Position;

/// 11x11 first stones off Black's edge rows that do not win (column, row from 0).
const NOT_SWAPPED_11: [(usize, usize); 3] = [(5, 1), (10, 2), (0, 8)];

/// Would the responding program swap a first stone on `cell` of a board of side `size`?
pub fn swaps_cell(cell: usize, size: usize) -> bool {
    let (c, r) = (cell % size, cell / size);
    let obtuse = (c, r) == (size - 1, 0) || (c, r) == (0, size - 1);
    if obtuse {
        return true;
    }
    if r == 0 || r == size - 1 {
        return false;
    }
    !(size == 11 && NOT_SWAPPED_11.contains(&(c, r)))
}

/// Should the side to move at `pos` swap: the swap is open and the first stone is one the
/// table swaps?
pub fn should_swap(pos: &Position) -> bool {
    if !pos.swap_available() {
        return false;
    }
    let size = pos.size();
    (0..size * size)
        .find(|&cell| pos.at(cell).is_some())
        .is_some_and(|cell| swaps_cell(cell, size))
}

#[cfg(test)]
mod tests {
    use super::*;
    use olympiad_core::Notation;

    #[test]
    fn centre_stones_are_swapped_edge_stones_are_not() {
        let swaps = |text: &str| {
            let mut pos = Position::start11();
            pos.play_line(text).unwrap();
            should_swap(&pos)
        };
        for text in ["f6", "a2", "k10", "k1", "a11", "e2", "g2", "a10"] {
            assert!(swaps(text), "{text}");
        }
        for text in ["a1", "c1", "k11", "f11", "f2", "k3", "a9"] {
            assert!(!swaps(text), "{text}");
        }
        // 98 first stones of 121 are swapped, as benzene's table has it.
        assert_eq!((0..121).filter(|&c| swaps_cell(c, 11)).count(), 98);
        // Not after the swap's moment.
        let mut pos = Position::start11();
        pos.play_line("f6 a1").unwrap();
        assert!(!should_swap(&pos));
    }
}
