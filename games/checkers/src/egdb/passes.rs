//! The slow twin of the builder: repeated forward passes, one per distance to conversion.
//! Pass 0 visits every position: one without a move is lost at distance 0. Pass `k` visits
//! the positions still undecided and reads only what was decided before it (a position of
//! the unit decided at a distance below `k`; a capture or a crowning leads to a class built
//! before, final, and counts as distance 0 there): one with a move to a position lost for
//! the opponent is won at `k`; one whose every move leads to a position won for the
//! opponent is lost at `k`. What the other threads decide during pass `k` is at distance
//! `k` and ignored, so the result does not depend on the threads. When a pass decides
//! nothing, the rest are draws. (Past [`DTC_CAP`](super::dtc::DTC_CAP) plies the stored
//! distances saturate and this separation is lost; the twin runs on small classes, far
//! below it.) Its cost is the number of passes (the longest win, in
//! plies) times the undecided positions, draws included.

use super::build::{INVALID, UNKNOWN, Unit, capped};
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
            pass(unit, c, 0, (0..size).into_par_iter().map(u64::from))
        })
        .collect();
    let mut passes = 1;
    for k in 1u32.. {
        let mut changed = false;
        for (c, list) in todo.iter_mut().enumerate() {
            let next = pass(unit, c, k, list.par_iter().map(|&i| u64::from(i)));
            changed |= next.len() != list.len();
            *list = next;
        }
        passes += 1;
        if !changed {
            break;
        }
    }
    passes
}

/// The build code, for Black to move, of the position with these sets, and its distance:
/// in the unit (as far as decided before pass `k`) or in a class built before (distance 0).
fn code(unit: &Unit<'_>, k: u32, black: u32, white: u32, kings: u32) -> (u8, u32) {
    let m = Material::of_sets(black, white, kings);
    match unit.class_of(m) {
        Some(c) if black != 0 && white != 0 => {
            let i = unit.work[c].index.rank(black, white, kings) as usize;
            // The code is stored after the distance (release), so a decided code read here
            // (acquire) comes with its distance.
            let code = unit.work[c].codes[i].load(Ordering::Acquire);
            let distance = u32::from(unit.work[c].aux[i].load(Ordering::Relaxed));
            match code {
                DIGIT_WIN | DIGIT_LOSS if distance < k => (code, distance),
                DIGIT_WIN | DIGIT_LOSS => (UNKNOWN, 0),
                other => (other, 0),
            }
        }
        _ => (unit.known_code(m, black, white, kings), 0),
    }
}

/// The value of entry `i` of class `c` in pass `k`: a final code, or [`UNKNOWN`], or
/// [`INVALID`].
fn evaluate(unit: &Unit<'_>, c: usize, k: u32, i: u64) -> u8 {
    let Some((black, white, kings)) = unit.work[c].index.unrank(i) else {
        return INVALID;
    };
    let pos = Position::from_parts(black, white, kings, Color::Black, 0, Rules::PERFT);
    pos.with_legal_moves(|moves| {
        if moves.is_empty() {
            return DIGIT_LOSS;
        }
        if k == 0 {
            return UNKNOWN;
        }
        let mut all_won = true;
        for &mv in moves {
            let child = pos.after(mv);
            let (b, w, kg) = mirror(child.black, child.white, child.kings);
            match code(unit, k, b, w, kg).0 {
                DIGIT_LOSS => return DIGIT_WIN,
                DIGIT_WIN => {}
                _ => all_won = false,
            }
        }
        if all_won { DIGIT_LOSS } else { UNKNOWN }
    })
}

/// Evaluates the entries `todo` of class `c` in pass `k`, records what is decided (at
/// distance `k`), returns the rest.
fn pass(unit: &Unit<'_>, c: usize, k: u32, todo: impl ParallelIterator<Item = u64>) -> Vec<u32> {
    todo.filter_map(|i| {
        let v = evaluate(unit, c, k, i);
        if v == UNKNOWN {
            Some(i as u32)
        } else {
            unit.work[c].aux[i as usize].store(capped(k), Ordering::Relaxed);
            unit.work[c].codes[i as usize].store(v, Ordering::Release);
            None
        }
    })
    .collect()
}
