//! The builder: retrograde analysis by repeated passes, a class and its mirror image at a
//! time (a non-capturing move of Black in class `C` leads to a position with White to
//! move, stored turned round in `mirror(C)`).
//!
//! The first pass visits every position: one without a move is lost; one with a move to a
//! position lost for the opponent is won; one whose every move leads to a position won
//! for the opponent is lost. Captures and crownings lead to classes built before, whose
//! values are final, so a position with a capture (captures are compulsory) is decided in
//! the first pass. Each later pass visits only the positions still undecided, with the
//! values found so far (decided values never change, so a pass may read the values its
//! own other threads are writing); when a pass decides nothing, the rest are draws: no
//! side can force a win from them (there is no draw rule).
//!
//! Passes run on a rayon pool of the requested size, the positions of a pass split among
//! its threads.

use super::error::EgdbError;
use super::file::{DIGIT_DRAW, DIGIT_LOSS, DIGIT_WIN, Table};
use super::index::ClassIndex;
use super::material::{MATERIAL_IDS, MAX_PIECES, Material, build_units};
use super::probe::{mirror, trivial_value};
use super::stats::ClassStats;
use crate::oracle::Wdl;
use crate::{Color, Position, Rules};
use olympiad_core::Game;
use rayon::prelude::*;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicU8, Ordering};
use std::time::Instant;

/// Build code of a position not decided yet.
const UNKNOWN: u8 = 3;
/// Build code of an index that is no position (its men overlap).
const INVALID: u8 = 4;

/// What to build.
#[derive(Clone, Debug)]
pub struct BuildOptions {
    /// Every class of at most this many pieces.
    pub pieces: u32,
    /// Where the files go (created if missing).
    pub dir: PathBuf,
    /// Threads of the passes.
    pub threads: usize,
}

/// A class built: its counts, the passes it took and the time of its unit.
#[derive(Clone, Copy, Debug)]
pub struct ClassReport {
    /// The class's counts.
    pub stats: ClassStats,
    /// Passes until nothing changed (the unit's, shared by a class and its mirror image).
    pub passes: u32,
    /// Seconds the unit took to solve and write.
    pub seconds: f64,
}

/// What the builder tells its caller as it goes.
#[derive(Clone, Copy, Debug)]
pub enum BuildEvent {
    /// The class's file was already complete and intact.
    Skipped(ClassStats),
    /// The class was solved and written.
    Built(ClassReport),
}

/// Builds every class of at most `options.pieces` pieces into `options.dir`, skipping
/// classes whose file is complete and intact; returns the counts of every class.
pub fn build(
    options: &BuildOptions,
    mut observer: impl FnMut(&BuildEvent),
) -> Result<Vec<ClassStats>, EgdbError> {
    if !(2..=MAX_PIECES).contains(&options.pieces) {
        return Err(EgdbError::Pieces(options.pieces));
    }
    std::fs::create_dir_all(&options.dir).map_err(|e| EgdbError::io(&options.dir, e))?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(options.threads.max(1))
        .build()
        .map_err(|e| EgdbError::Threads(e.to_string()))?;
    let mut known: Vec<Option<Arc<Table>>> = vec![None; MATERIAL_IDS];
    let mut all = Vec::new();
    for (a, b) in build_units(options.pieces) {
        let classes: &[Material] = if a == b { &[a] } else { &[a, b] };
        let existing: Option<Vec<Table>> = classes
            .iter()
            .map(|&m| Table::read(&options.dir, m).ok())
            .collect();
        if let Some(tables) = existing {
            for t in tables {
                let stats = t.stats();
                observer(&BuildEvent::Skipped(stats));
                all.push(stats);
                known[stats.material.id()] = Some(Arc::new(t));
            }
            continue;
        }
        let start = Instant::now();
        let (tables, passes) = pool.install(|| solve_unit(classes, &known));
        for t in tables {
            t.write(&options.dir)?;
            let stats = t.stats();
            observer(&BuildEvent::Built(ClassReport {
                stats,
                passes,
                seconds: start.elapsed().as_secs_f64(),
            }));
            all.push(stats);
            known[stats.material.id()] = Some(Arc::new(t));
        }
    }
    Ok(all)
}

/// A class being solved: its index and a build code per index.
struct Work {
    index: ClassIndex,
    codes: Vec<AtomicU8>,
}

/// The unit being solved and the finished tables it may lead into.
struct Unit<'a> {
    work: Vec<Work>,
    known: &'a [Option<Arc<Table>>],
}

impl Unit<'_> {
    /// The build code, for Black to move, of the position with these sets.
    #[inline]
    fn code(&self, black: u32, white: u32, kings: u32) -> u8 {
        if black == 0 || white == 0 {
            return wdl_code(trivial_value(black, white, kings));
        }
        let m = Material::of_sets(black, white, kings);
        for w in &self.work {
            if w.index.material() == m {
                let i = w.index.rank(black, white, kings);
                return w.codes[i as usize].load(Ordering::Relaxed);
            }
        }
        let table = self.known[m.id()]
            .as_ref()
            .unwrap_or_else(|| panic!("class {m} is needed before it is built"));
        table.digit(ClassIndex::new(m).rank(black, white, kings))
    }

    /// The value of entry `i` of class `c` from what is known now: a final code, or
    /// [`UNKNOWN`], or [`INVALID`].
    fn evaluate(&self, c: usize, i: u64) -> u8 {
        let Some((black, white, kings)) = self.work[c].index.unrank(i) else {
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
                match self.code(b, w, k) {
                    DIGIT_LOSS => return DIGIT_WIN,
                    DIGIT_WIN => {}
                    _ => all_won = false,
                }
            }
            if all_won { DIGIT_LOSS } else { UNKNOWN }
        })
    }

    /// Evaluates the entries `todo` of class `c`, records what is decided, returns the rest.
    fn pass(&self, c: usize, todo: impl ParallelIterator<Item = u64>) -> Vec<u32> {
        todo.filter_map(|i| {
            let v = self.evaluate(c, i);
            if v == UNKNOWN {
                Some(i as u32)
            } else {
                self.work[c].codes[i as usize].store(v, Ordering::Relaxed);
                None
            }
        })
        .collect()
    }
}

/// The file digit of a value.
fn wdl_code(v: Wdl) -> u8 {
    match v {
        Wdl::Win => DIGIT_WIN,
        Wdl::Loss => DIGIT_LOSS,
        Wdl::Draw => DIGIT_DRAW,
    }
}

/// Solves `classes` (a class, or a class and its mirror image) given the finished tables;
/// returns their tables and the number of passes.
fn solve_unit(classes: &[Material], known: &[Option<Arc<Table>>]) -> (Vec<Table>, u32) {
    let work = classes
        .iter()
        .map(|&m| {
            let index = ClassIndex::new(m);
            let size = usize::try_from(index.size()).expect("class fits memory");
            Work {
                index,
                codes: (0..size).map(|_| AtomicU8::new(UNKNOWN)).collect(),
            }
        })
        .collect();
    let unit = Unit { work, known };
    let mut todo: Vec<Vec<u32>> = (0..classes.len())
        .map(|c| {
            unit.pass(
                c,
                (0..unit.work[c].index.size() as u32)
                    .into_par_iter()
                    .map(u64::from),
            )
        })
        .collect();
    let mut passes = 1;
    loop {
        let mut changed = false;
        for (c, list) in todo.iter_mut().enumerate() {
            let next = unit.pass(c, list.par_iter().map(|&i| u64::from(i)));
            changed |= next.len() != list.len();
            *list = next;
        }
        if !changed {
            break;
        }
        passes += 1;
    }
    let tables = unit
        .work
        .into_iter()
        .map(|w| {
            let digits: Vec<u8> = w.codes.into_iter().map(AtomicU8::into_inner).collect();
            let mut stats = ClassStats {
                material: w.index.material(),
                positions: 0,
                wins: 0,
                losses: 0,
                draws: 0,
            };
            let digits: Vec<u8> = digits
                .into_iter()
                .map(|d| match d {
                    INVALID => DIGIT_DRAW,
                    DIGIT_WIN => {
                        stats.wins += 1;
                        DIGIT_WIN
                    }
                    DIGIT_LOSS => {
                        stats.losses += 1;
                        DIGIT_LOSS
                    }
                    _ => {
                        stats.draws += 1;
                        DIGIT_DRAW
                    }
                })
                .collect();
            stats.positions = stats.wins + stats.losses + stats.draws;
            Table::pack(stats, &digits)
        })
        .collect();
    (tables, passes)
}
