//! The builder: the classes in order, a class and its mirror image at a time (a
//! non-capturing move of Black in class `C` leads to a position with White to move, stored
//! turned round in `mirror(C)`), each unit solved by one of two methods that must agree:
//!
//! - [`Method::Retrograde`] (`retro.rs`, the fast one): one pass over every position, then
//!   from each decided position back to its predecessors;
//! - [`Method::Passes`] (`passes.rs`, the slow twin): repeated forward passes over the
//!   undecided positions until nothing changes.
//!
//! Captures and crownings lead to classes built before, whose values are final, so a
//! position with a capture (captures are compulsory) is decided at once. What neither
//! method decides is a draw: no side can force a win from it (there is no draw rule).
//! Both run on a rayon pool of the requested size.
//!
//! Both also give each won or lost position its distance to conversion (`dtc.rs`): the
//! layer at which it is decided, positions without a move at 0, wins by a capture or a
//! crowning and losses whose every move converts at 1, and each later layer one more.
//! The distances are written beside the WDL files unless [`BuildOptions::dtc`] is off.

use super::dtc::{DTC_CAP, DtcTable};
use super::error::EgdbError;
use super::file::{DIGIT_DRAW, DIGIT_LOSS, DIGIT_WIN, Table};
use super::index::ClassIndex;
use super::material::{MATERIAL_IDS, MAX_PIECES, Material, build_units};
use super::probe::trivial_value;
use super::stats::ClassStats;
use super::{passes, retro};
use crate::oracle::Wdl;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicU8, Ordering};
use std::time::Instant;

/// Build code of a position not decided yet.
pub(super) const UNKNOWN: u8 = 3;
/// Build code of an index that is no position (its men overlap).
pub(super) const INVALID: u8 = 4;

/// How a unit is solved (both give the same tables; the tests compare them).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Method {
    /// Backwards from decided positions to their predecessors (fast).
    #[default]
    Retrograde,
    /// Forward passes over the undecided positions until nothing changes (slow twin).
    Passes,
}

/// What to build.
#[derive(Clone, Debug)]
pub struct BuildOptions {
    /// Every class of at most this many pieces.
    pub pieces: u32,
    /// Where the files go (created if missing).
    pub dir: PathBuf,
    /// Threads of the passes.
    pub threads: usize,
    /// How each unit is solved.
    pub method: Method,
    /// Whether the distance files are written too (a class whose WDL file is intact but
    /// whose distance file is missing is then solved again).
    pub dtc: bool,
}

/// A class built: its counts, the passes it took and the time of its unit.
#[derive(Clone, Copy, Debug)]
pub struct ClassReport {
    /// The class's counts.
    pub stats: ClassStats,
    /// Passes until nothing changed, or for the retrograde method the waves of
    /// predecessors plus the first pass (the unit's, shared by a class and its mirror).
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
        let distances_present = !options.dtc
            || classes
                .iter()
                .all(|&m| DtcTable::read(&options.dir, m).is_ok());
        if let Some(tables) = existing.filter(|_| distances_present) {
            for t in tables {
                let stats = t.stats();
                observer(&BuildEvent::Skipped(stats));
                all.push(stats);
                known[stats.material.id()] = Some(Arc::new(t));
            }
            continue;
        }
        let start = Instant::now();
        let unit = Unit::new(classes, &known);
        let passes = pool.install(|| match options.method {
            Method::Retrograde => retro::solve(&unit),
            Method::Passes => passes::solve(&unit),
        });
        let tables = unit.into_tables();
        for (t, d) in tables {
            if options.dtc {
                d.write(&options.dir)?;
            }
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

/// A class being solved: its index, a build code per index and a second byte per index:
/// the retrograde method's move counter while undecided, and once decided (by either
/// method) the distance to conversion, capped at [`DTC_CAP`].
pub(super) struct Work {
    pub(super) index: ClassIndex,
    pub(super) codes: Vec<AtomicU8>,
    pub(super) aux: Vec<AtomicU8>,
}

/// The unit being solved and the finished tables it may lead into.
pub(super) struct Unit<'a> {
    pub(super) work: Vec<Work>,
    known: &'a [Option<Arc<Table>>],
}

impl<'a> Unit<'a> {
    /// The unit of `classes` (one class, or a class and its mirror image), every entry
    /// undecided.
    fn new(classes: &[Material], known: &'a [Option<Arc<Table>>]) -> Self {
        let work = classes
            .iter()
            .map(|&m| {
                let index = ClassIndex::new(m);
                let size = usize::try_from(index.size()).expect("class fits memory");
                Work {
                    index,
                    codes: (0..size).map(|_| AtomicU8::new(UNKNOWN)).collect(),
                    aux: (0..size).map(|_| AtomicU8::new(0)).collect(),
                }
            })
            .collect();
        Unit { work, known }
    }

    /// The class (0 or 1) that the positions after a non-capturing, non-crowning move from
    /// class `c` are stored in.
    #[inline(always)]
    pub(super) fn mirror_of(&self, c: usize) -> usize {
        if self.work.len() == 1 { 0 } else { 1 - c }
    }

    /// The class in this unit of `m`, if any.
    #[inline(always)]
    pub(super) fn class_of(&self, m: Material) -> Option<usize> {
        self.work.iter().position(|w| w.index.material() == m)
    }

    /// The final code, for Black to move, of the position with these sets, which is in a
    /// class built before this unit (or trivial).
    #[inline]
    pub(super) fn known_code(&self, m: Material, black: u32, white: u32, kings: u32) -> u8 {
        if black == 0 || white == 0 {
            return wdl_code(trivial_value(black, white, kings));
        }
        let table = self.known[m.id()]
            .as_ref()
            .unwrap_or_else(|| panic!("class {m} is needed before it is built"));
        table.digit(ClassIndex::new(m).rank(black, white, kings))
    }
}

/// A distance in plies as stored while building: capped at [`DTC_CAP`].
pub(super) fn capped(distance: u32) -> u8 {
    distance.min(DTC_CAP) as u8
}

/// The file digit of a value.
pub(super) fn wdl_code(v: Wdl) -> u8 {
    match v {
        Wdl::Win => DIGIT_WIN,
        Wdl::Loss => DIGIT_LOSS,
        Wdl::Draw => DIGIT_DRAW,
    }
}

impl Unit<'_> {
    /// The tables of the unit's classes once solved, values and distances: what is still
    /// undecided is a draw, at distance 0.
    fn into_tables(self) -> Vec<(Table, DtcTable)> {
        self.work
            .into_iter()
            .map(|w| {
                let material = w.index.material();
                let mut stats = ClassStats {
                    material: w.index.material(),
                    positions: 0,
                    wins: 0,
                    losses: 0,
                    draws: 0,
                };
                let mut longest = 0u64;
                let distances: Vec<u8> = w
                    .codes
                    .iter()
                    .zip(w.aux)
                    .map(|(code, aux)| match code.load(Ordering::Relaxed) {
                        DIGIT_WIN | DIGIT_LOSS => {
                            let d = aux.into_inner();
                            longest = longest.max(u64::from(d));
                            d
                        }
                        _ => 0,
                    })
                    .collect();
                let digits: Vec<u8> = w
                    .codes
                    .into_iter()
                    .map(|d| match d.into_inner() {
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
                (
                    Table::pack(stats, &digits),
                    DtcTable::new(material, distances, longest),
                )
            })
            .collect()
    }
}
