//! A perft cut into units of work for workers on other threads, processes or machines: the
//! unique positions a few plies below the setup, each with how many move sequences reach
//! it, written as position texts so that a unit travels as plain text and is counted on
//! any machine by the same catalog row. The list is deterministic (the same setup, depth
//! and split give the same units in the same order everywhere), so a unit is named by its
//! place in it and a journal of finished units outlives any process.

use crate::CatalogError;
use olympiad_core::perft::{GameOverLeaves, count_unit, split, split_plies};
use olympiad_core::table::PerftTable;
use olympiad_core::{Hashed, Notation};

/// How to cut a perft into units.
#[derive(Clone, Copy, Debug, Default)]
pub struct UnitOptions {
    /// Plies from the setup to the units (the root move counts as one with `divide`);
    /// `None`: the fewest plies that give at least `target` units.
    pub plies: Option<u32>,
    /// Units wanted when `plies` is `None`.
    pub target: usize,
    /// Keep the units of each root move apart, so counts add up per root move.
    pub divide: bool,
    /// How finished games count; `None`: the convention of the game's published counts.
    pub game_over: Option<GameOverLeaves>,
}

/// A perft cut into units.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PerftUnits {
    /// Plies from the setup to the units.
    pub plies: u32,
    /// Plies left below each unit: a unit counts `multiplicity * perft(position, remaining)`.
    pub remaining: u32,
    /// With `divide`: the root moves in generation order; otherwise empty.
    pub roots: Vec<String>,
    /// The count settled above the units by finished games, per root move (one entry
    /// without `divide`).
    pub settled: Vec<u128>,
    /// The units; a unit's id is its place in this list.
    pub units: Vec<PerftUnit>,
}

/// One unit of a perft.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PerftUnit {
    /// Its root move's place in [`PerftUnits::roots`] (0 without `divide`).
    pub root: u32,
    /// The position's text in the game's notation.
    pub position: String,
    /// How many move sequences from the setup reach it.
    pub multiplicity: u128,
}

impl PerftUnits {
    /// The count per root move (one entry without `divide`), given each unit's count
    /// (`multiplicity * perft(position, remaining)`) in unit order.
    pub fn totals(&self, unit_counts: impl IntoIterator<Item = u128>) -> Vec<u128> {
        let mut totals = self.settled.clone();
        for (unit, count) in self.units.iter().zip(unit_counts) {
            totals[unit.root as usize] += count;
        }
        totals
    }
}

/// Counts units of one game variant on the calling thread, with a lossless table of its
/// own that lives as long as the counter.
pub trait UnitCounter: Send {
    /// `perft(position, depth)` of a unit's position text (its multiplicity not applied).
    fn count(&mut self, position: &str, depth: u32) -> Result<u128, CatalogError>;
}

/// The units of `pos` at `depth` (see [`UnitOptions`]).
pub(crate) fn perft_units<G: Hashed + Notation>(
    pos: &G,
    depth: u32,
    options: &UnitOptions,
    rule: GameOverLeaves,
) -> PerftUnits {
    let depth = if options.divide { depth.max(1) } else { depth };
    let plies = match options.plies {
        Some(plies) => plies.min(depth),
        None => {
            let (_, _, remaining) = split(pos, depth, options.target.max(1), rule);
            depth - remaining
        }
    };
    let plies = if options.divide { plies.max(1) } else { plies };
    let text = |units: Vec<(G, u128)>, root: u32| {
        units.into_iter().map(move |(p, multiplicity)| PerftUnit {
            root,
            position: p.position_text(),
            multiplicity,
        })
    };
    if !options.divide {
        let (units, settled) = split_plies(pos, plies, depth, rule);
        return PerftUnits {
            plies,
            remaining: depth - plies,
            roots: Vec::new(),
            settled: vec![settled],
            units: text(units, 0).collect(),
        };
    }
    let moves = pos.legal_moves();
    let mut out = PerftUnits {
        plies,
        remaining: depth - plies,
        roots: Vec::new(),
        settled: Vec::new(),
        units: Vec::new(),
    };
    for (root, &mv) in moves.iter().enumerate() {
        let (units, settled) = split_plies(&pos.after(mv), plies - 1, depth - 1, rule);
        out.roots.push(pos.format_move(mv));
        out.settled.push(settled);
        out.units.extend(text(units, root as u32));
    }
    out
}

/// The [`UnitCounter`] of game type `G`.
pub(crate) struct TypedCounter<G> {
    pub(crate) table: Option<PerftTable<G>>,
    pub(crate) rule: GameOverLeaves,
}

impl<G: Hashed + Notation> UnitCounter for TypedCounter<G> {
    fn count(&mut self, position: &str, depth: u32) -> Result<u128, CatalogError> {
        let pos = G::parse_position(position).map_err(|e| CatalogError::Position(e.to_string()))?;
        Ok(count_unit(&pos, depth, self.rule, self.table.as_ref()))
    }
}
