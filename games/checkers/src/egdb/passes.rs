//! The slow twin of the builder: repeated forward passes. The first pass visits every
//! position: one without a move is lost; one with a move to a position lost for the
//! opponent is won; one whose every move leads to a position won for the opponent is
//! lost. Each later pass visits only the positions still undecided, with the values found
//! so far (decided values never change, so a pass may read what its own other threads are
//! writing); when a pass decides nothing, the rest are draws. Its cost is the number of
//! passes (the longest win, in plies) times the undecided positions, draws included.

use super::build::{INVALID, UNKNOWN, Unit};
use super::file::{DIGIT_LOSS, DIGIT_WIN};
use super::material::Material;
use super::probe::mirror;
use crate::{Color, Position, Rules};
use olympiad_core::Game;
use rayon::prelude::*;
use std::sync::atomic::Ordering;

/// Solves `unit`; returns the number of passes.
pub(super) fn solve(unit: &Unit<'_>) -> u32 {
    let mut todo: Vec<Vec<u32>> = (0..unit.work.len())
        .map(|c| {
            let size = unit.work[c].index.size() as u32;
            pass(unit, c, (0..size).into_par_iter().map(u64::from))
        })
        .collect();
    let mut passes = 1;
    loop {
        let mut changed = false;
        for (c, list) in todo.iter_mut().enumerate() {
            let next = pass(unit, c, list.par_iter().map(|&i| u64::from(i)));
            changed |= next.len() != list.len();
            *list = next;
        }
        if !changed {
            return passes;
        }
        passes += 1;
    }
}

/// The build code, for Black to move, of the position with these sets: in the unit (as
/// far as decided) or in a class built before.
fn code(unit: &Unit<'_>, black: u32, white: u32, kings: u32) -> u8 {
    let m = Material::of_sets(black, white, kings);
    match unit.class_of(m) {
        Some(c) => {
            let i = unit.work[c].index.rank(black, white, kings);
            unit.work[c].codes[i as usize].load(Ordering::Relaxed)
        }
        _ => unit.known_code(m, black, white, kings),
    }
}

/// The value of entry `i` of class `c` from what is known now: a final code, or
/// [`UNKNOWN`], or [`INVALID`].
fn evaluate(unit: &Unit<'_>, c: usize, i: u64) -> u8 {
    let Some((black, white, kings)) = unit.work[c].index.unrank(i) else {
        return INVALID;
    };
    let pos = Position::from_parts(black, white, kings, Color::Black, 0, Rules::PERFT);
    pos.with_legal_moves(|moves| {
        if moves.is_empty() {
            return DIGIT_LOSS;
        }
        let mut all_won = true;
        for &mv in moves {
            let child = pos.after(mv);
            let (b, w, k) = mirror(child.black, child.white, child.kings);
            match code(unit, b, w, k) {
                DIGIT_LOSS => return DIGIT_WIN,
                DIGIT_WIN => {}
                _ => all_won = false,
            }
        }
        if all_won { DIGIT_LOSS } else { UNKNOWN }
    })
}

/// Evaluates the entries `todo` of class `c`, records what is decided, returns the rest.
fn pass(unit: &Unit<'_>, c: usize, todo: impl ParallelIterator<Item = u64>) -> Vec<u32> {
    todo.filter_map(|i| {
        let v = evaluate(unit, c, i);
        if v == UNKNOWN {
            Some(i as u32)
        } else {
            unit.work[c].codes[i as usize].store(v, Ordering::Relaxed);
            None
        }
    })
    .collect()
}
