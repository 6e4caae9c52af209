//! The fast builder: retrograde analysis with counters.
//!
//! One pass over every position finds what its moves into classes already built give (a
//! capture or a crowning), and counts its moves that stay in the unit. A position with no
//! move, or with a move to a position lost for the opponent, is decided; so is one whose
//! every move leaves the unit and leads to a win for the opponent (lost) or to some draw
//! (drawn). The others keep a counter of their moves inside the unit, or are marked
//! *blocked* when one of their moves leaves the unit for a draw (they can be won, never
//! lost).
//!
//! Then waves: from each position decided in the last wave, back to its predecessors in
//! the unit (the moves taken back: Black's men step back up, kings any way, onto an empty
//! square; the predecessor must have had no capture, since captures are compulsory). A
//! predecessor of a loss is won; a predecessor of a win has its counter lowered, and is
//! lost when it reaches zero. The work is proportional to the decided positions and their
//! predecessors, not to the length of the longest win times the draws as in the passes
//! (`passes.rs`, the slow twin). Counters and codes are atomics: the threads of a wave
//! share them, and a code changes only once, from undecided.
//!
//! The waves go by distance to conversion: wave `d` takes back from the positions decided
//! at distance `d` (lost without a move at 0; won by converting, or lost with every move
//! converting, at 1), so a predecessor of a loss is won at `d + 1` by its nearest loss, and
//! a position whose counter reaches zero is lost at `d + 1` from its farthest win. The
//! distance is written over the counter once a wave ends (the counter of a decided
//! position is never read again), and in the first pass straight away.

use super::build::{INVALID, UNKNOWN, Unit, capped};
use super::file::{DIGIT_DRAW, DIGIT_LOSS, DIGIT_WIN};
use super::material::Material;
use super::probe::mirror;
use crate::bitboard::{DOWN_LEFT, DOWN_RIGHT, UP_LEFT, UP_RIGHT, step};
use crate::{Color, Position, Rules};
use olympiad_core::Game;
use rayon::prelude::*;
use std::sync::atomic::{AtomicU8, Ordering};

/// Counter of a position with a move out of the unit to a draw: it can never be lost.
const BLOCKED: u8 = u8::MAX;

/// A decided position: class (0 or 1) and index.
type Entry = (u8, u32);

/// Solves `unit`; returns the number of waves plus one for the first pass.
pub(super) fn solve(unit: &Unit<'_>) -> u32 {
    let counters: Vec<&[AtomicU8]> = unit.work.iter().map(|w| &w.aux[..]).collect();
    // Decided by the first pass: at distance 0 (no move) and at distance 1.
    let mut frontier: Vec<Entry> = Vec::new();
    let mut at_one: Vec<Entry> = Vec::new();
    for (c, counters) in counters.iter().enumerate() {
        let size = unit.work[c].index.size() as u32;
        let decided: Vec<(Entry, u8)> = (0..size)
            .into_par_iter()
            .filter_map(|i| {
                let (code, count) = first_look(unit, c, u64::from(i));
                unit.work[c].codes[i as usize].store(code, Ordering::Relaxed);
                counters[i as usize].store(count, Ordering::Relaxed);
                matches!(code, DIGIT_WIN | DIGIT_LOSS).then_some(((c as u8, i), count))
            })
            .collect();
        for (entry, distance) in decided {
            if distance == 0 {
                frontier.push(entry);
            } else {
                at_one.push(entry);
            }
        }
    }
    let mut waves = 1;
    let mut distance = 0u32;
    while !frontier.is_empty() || !at_one.is_empty() {
        let mut next = frontier
            .par_iter()
            .fold(Vec::new, |mut next, &entry| {
                take_back(unit, &counters, entry, &mut next);
                next
            })
            .reduce(Vec::new, |mut a, mut b| {
                a.append(&mut b);
                a
            });
        distance += 1;
        let stored = capped(distance);
        next.par_iter().for_each(|&(c, i)| {
            counters[usize::from(c)][i as usize].store(stored, Ordering::Relaxed)
        });
        next.append(&mut at_one);
        frontier = next;
        waves += 1;
    }
    waves
}

/// The first look at entry `i` of class `c`: its code (decided, [`UNKNOWN`] or
/// [`INVALID`]) and, when undecided, its counter.
fn first_look(unit: &Unit<'_>, c: usize, i: u64) -> (u8, u8) {
    let Some((black, white, kings)) = unit.work[c].index.unrank(i) else {
        return (INVALID, 0);
    };
    let inside = unit.work[unit.mirror_of(c)].index.material();
    let pos = Position::from_parts(black, white, kings, Color::Black, 0, Rules::PERFT);
    pos.with_legal_moves(|moves| {
        if moves.is_empty() {
            return (DIGIT_LOSS, 0);
        }
        // A decided position's second number is its distance: 1, by a converting move.
        let mut count = 0u8;
        let mut drawn = false;
        for &mv in moves {
            let child = pos.after(mv);
            let (b, w, k) = mirror(child.black, child.white, child.kings);
            let m = Material::of_sets(b, w, k);
            if m == inside && b != 0 && w != 0 {
                count += 1;
                continue;
            }
            match unit.known_code(m, b, w, k) {
                DIGIT_LOSS => return (DIGIT_WIN, 1),
                DIGIT_WIN => {}
                _ => drawn = true,
            }
        }
        match (count, drawn) {
            (0, false) => (DIGIT_LOSS, 1),
            (0, true) => (DIGIT_DRAW, 0),
            (_, true) => (UNKNOWN, BLOCKED),
            (n, false) => (UNKNOWN, n),
        }
    })
}

/// Does Black, to move, have a capture?
#[inline]
pub(super) fn black_can_capture(black: u32, white: u32, kings: u32) -> bool {
    let empty = !(black | white);
    let back_movers = black & kings;
    [DOWN_LEFT, DOWN_RIGHT]
        .iter()
        .any(|&d| step(step(black, d) & white, d) & empty != 0)
        || [UP_LEFT, UP_RIGHT]
            .iter()
            .any(|&d| step(step(back_movers, d) & white, d) & empty != 0)
}

/// Takes back every move of the unit that leads to the decided `entry`, and decides its
/// predecessors as far as it can, pushing those decided now onto `next`.
fn take_back(unit: &Unit<'_>, counters: &[&[AtomicU8]], entry: Entry, next: &mut Vec<Entry>) {
    let (c, i) = (usize::from(entry.0), entry.1);
    let value = unit.work[c].codes[i as usize].load(Ordering::Relaxed);
    let (b, w, k) = unit.work[c]
        .index
        .unrank(u64::from(i))
        .expect("a decided entry is a position");
    // The position turned round: White to move, Black has just moved.
    let (black, white, kings) = mirror(b, w, k);
    let p = unit.mirror_of(c);
    let empty = !(black | white);
    let mut visit = |from: u32, to: u32, king: bool| {
        let before_black = black ^ from ^ to;
        let before_kings = if king { kings ^ from ^ to } else { kings };
        if black_can_capture(before_black, white, before_kings) {
            return;
        }
        let j = unit.work[p].index.rank(before_black, white, before_kings) as usize;
        let code = &unit.work[p].codes[j];
        if code.load(Ordering::Relaxed) != UNKNOWN {
            return;
        }
        if value == DIGIT_LOSS {
            if code
                .compare_exchange(UNKNOWN, DIGIT_WIN, Ordering::Relaxed, Ordering::Relaxed)
                .is_ok()
            {
                next.push((p as u8, j as u32));
            }
        } else {
            let counter = &counters[p][j];
            if counter.load(Ordering::Relaxed) != BLOCKED
                && counter.fetch_sub(1, Ordering::Relaxed) == 1
                && code
                    .compare_exchange(UNKNOWN, DIGIT_LOSS, Ordering::Relaxed, Ordering::Relaxed)
                    .is_ok()
            {
                next.push((p as u8, j as u32));
            }
        }
    };
    let mut men = black & !kings;
    while men != 0 {
        let to = men & men.wrapping_neg();
        men &= men - 1;
        for d in [UP_LEFT, UP_RIGHT] {
            let from = step(to, d) & empty;
            if from != 0 {
                visit(from, to, false);
            }
        }
    }
    let mut own_kings = black & kings;
    while own_kings != 0 {
        let to = own_kings & own_kings.wrapping_neg();
        own_kings &= own_kings - 1;
        for d in [UP_LEFT, UP_RIGHT, DOWN_LEFT, DOWN_RIGHT] {
            let from = step(to, d) & empty;
            if from != 0 {
                visit(from, to, true);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use olympiad_core::SplitMix64;

    /// The capture test against the move generator on random positions.
    #[test]
    fn capture_test_agrees_with_the_generator() {
        let mut rng = SplitMix64::new(3);
        for _ in 0..200_000 {
            let (mut black, mut white, mut kings) = (0u32, 0u32, 0u32);
            for _ in 0..1 + rng.below(8) {
                let sq = 1u32 << rng.below(32);
                if (black | white) & sq != 0 {
                    continue;
                }
                let is_black = rng.chance(50);
                let king = rng.chance(40);
                let crowning = if is_black { 0xF000_0000 } else { 0x0000_000F };
                if !king && sq & crowning != 0 {
                    continue;
                }
                if is_black {
                    black |= sq
                } else {
                    white |= sq
                }
                if king {
                    kings |= sq;
                }
            }
            let pos = Position::from_parts(black, white, kings, Color::Black, 0, Rules::PERFT);
            let want = pos.legal_moves().iter().any(|m| m.is_capture());
            assert_eq!(
                black_can_capture(black, white, kings),
                want,
                "{black:x} {white:x} {kings:x}"
            );
        }
    }
}
