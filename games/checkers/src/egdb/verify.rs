//! The consistency check of stored values: every position's value must follow from the
//! values after its moves (a win has a move to a position lost for the opponent; a loss
//! has no move, or every move leads to a win for the opponent; a draw has no move to a
//! loss for the opponent and some move to a draw), and where the distance files are
//! present, every won or lost position's distance must follow from the distances after its
//! moves (a win: 1 + the least over its winning moves; a loss: 0 without a move, else 1 +
//! the most over its moves; a move that converts, a capture or a crowning, counts as 1).
//! It reads the tables only through the prober, so it checks the files as the engine sees
//! them.

use super::index::ClassIndex;
use super::material::Material;
use super::probe::Tablebases;
use crate::oracle::{EndgameOracle, Wdl};
use crate::{Color, Position, Rules};
use olympiad_core::SplitMix64;
use olympiad_core::{Game, Notation};

/// A position whose stored value does not follow from its moves.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "class {material}: {position} is stored as {stored:?} at distance {stored_distance:?} but \
     its moves give {derived:?} at distance {derived_distance:?}"
)]
pub struct Inconsistency {
    /// The class.
    pub material: Material,
    /// The position text.
    pub position: String,
    /// The value in the table.
    pub stored: Option<Wdl>,
    /// The value its moves' values give (`None` when a move leads to a class not present).
    pub derived: Option<Wdl>,
    /// The distance in the distance file, if present.
    pub stored_distance: Option<u32>,
    /// The distance its moves' distances give, if known.
    pub derived_distance: Option<u32>,
}

/// The value and distance to conversion a position must have given the values and
/// distances after its moves, or `None` when a distance is unknown.
pub fn derive_distance(tb: &Tablebases, pos: &Position) -> Option<(Wdl, u32)> {
    let pieces = |p: &Position| (p.black | p.white).count_ones();
    let kings = pos.kings().count_ones();
    let mut win: Option<u32> = None;
    let mut longest = 0u32;
    let mut drawn = false;
    for &mv in pos.legal_moves().iter() {
        let child = pos.after(mv);
        let (value, distance) = tb.probe_dtc(&child)?;
        let converts = pieces(&child) < pieces(pos) || child.kings().count_ones() > kings;
        let plies = 1 + if converts { 0 } else { distance };
        match value {
            Wdl::Loss => win = Some(win.map_or(plies, |w| w.min(plies))),
            Wdl::Draw => drawn = true,
            Wdl::Win => longest = longest.max(plies),
        }
    }
    Some(match (win, drawn) {
        (Some(w), _) => (Wdl::Win, w),
        (None, true) => (Wdl::Draw, 0),
        (None, false) => (Wdl::Loss, longest),
    })
}

/// The value a position must have given the values after its moves (for the opponent).
pub fn derive(tb: &Tablebases, pos: &Position) -> Option<Wdl> {
    let mut best = Wdl::Loss;
    for &mv in pos.legal_moves().iter() {
        match tb.probe(&pos.after(mv))? {
            Wdl::Loss => return Some(Wdl::Win),
            Wdl::Draw => best = Wdl::Draw,
            Wdl::Win => {}
        }
    }
    Some(best)
}

/// Checks entries of `material`: all of them, or `sample` entries drawn at random from
/// `seed`. Returns the number of positions checked.
pub fn check_class(
    tb: &Tablebases,
    material: Material,
    sample: Option<(u64, u64)>,
) -> Result<u64, Inconsistency> {
    let index = ClassIndex::new(material);
    let check = |i: u64| -> Result<bool, Inconsistency> {
        let Some((black, white, kings)) = index.unrank(i) else {
            return Ok(false);
        };
        let pos = Position::from_parts(black, white, kings, Color::Black, 0, Rules::PERFT);
        let stored = tb.probe(&pos);
        let derived = derive(tb, &pos);
        let stored_distance = tb.probe_dtc(&pos).map(|(_, d)| d);
        let derived_distance = stored_distance
            .and_then(|_| derive_distance(tb, &pos))
            .map(|(_, d)| d);
        if stored.is_none() || stored != derived || stored_distance != derived_distance {
            return Err(Inconsistency {
                material,
                position: pos.position_text(),
                stored,
                derived,
                stored_distance,
                derived_distance,
            });
        }
        Ok(true)
    };
    let mut checked = 0;
    match sample {
        None => {
            for i in 0..index.size() {
                checked += u64::from(check(i)?);
            }
        }
        Some((count, seed)) => {
            let mut rng = SplitMix64::new(seed);
            for _ in 0..count {
                checked += u64::from(check(rng.next_u64() % index.size())?);
            }
        }
    }
    Ok(checked)
}
