//! [`Tablebases`]: a directory of class files, opened once and read lazily (a class's file is
//! loaded, checked in full, the first time a position of that class is probed), answering
//! [`EndgameOracle::probe`] for every position of the classes present, and, where the
//! distance files are present, [`Tablebases::probe_dtc`] (loaded lazily the same way).

use super::dtc::DtcTable;
use super::error::EgdbError;
use super::file::Table;
use super::index::{BLACK_MAN_SQUARES, ClassIndex, WHITE_MAN_SQUARES};
use super::material::{MATERIAL_IDS, MAX_PIECES, Material};
use super::stats::ClassStats;
use crate::oracle::{EndgameOracle, Wdl};
use crate::{Color, Position, Rules};
use olympiad_core::{Game, Notation};
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

/// The square sets (black, white, kings) of `pos` seen with Black to move: unchanged when
/// Black is to move, else the board turned half a turn (square `n` becomes `33 - n`, which
/// reverses the bits) and the colours swapped.
#[inline]
pub(crate) fn black_to_move(pos: &Position) -> (u32, u32, u32) {
    match pos.side {
        Color::Black => (pos.black, pos.white, pos.kings),
        Color::White => mirror(pos.black, pos.white, pos.kings),
    }
}

/// The sets of a position turned round with the colours swapped.
#[inline(always)]
pub(crate) fn mirror(black: u32, white: u32, kings: u32) -> (u32, u32, u32) {
    (
        white.reverse_bits(),
        black.reverse_bits(),
        kings.reverse_bits(),
    )
}

/// The value, for Black to move, of a position where one side has no pieces (Black loses
/// when it has no move, and wins with any move since White then has none).
pub(crate) fn trivial_value(black: u32, white: u32, kings: u32) -> Wdl {
    let pos = Position::from_parts(black, white, kings, Color::Black, 0, Rules::PERFT);
    if pos.count_moves() == 0 {
        Wdl::Loss
    } else {
        Wdl::Win
    }
}

/// The endgame databases in a directory.
#[derive(Debug)]
pub struct Tablebases {
    dir: PathBuf,
    /// By [`Material::id`]: the class's file was found and its header is sound.
    present: Vec<bool>,
    /// By [`Material::id`]: the class's table once loaded (`None` if the file proved bad).
    tables: Vec<OnceLock<Option<Arc<Table>>>>,
    /// By [`Material::id`]: the class's distances once loaded (`None` if absent or bad).
    distances: Vec<OnceLock<Option<DtcTable>>>,
    max_pieces: u32,
}

/// What `olympiad egdb probe` shows: a position's value and each legal move's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// The value for the side to move (`None` when its class is not in the directory).
    pub value: Option<Wdl>,
    /// Its distance to conversion in plies, when the class's distance file is present.
    pub distance: Option<u32>,
    /// Each legal move's text, the value of the position after it for the side then to
    /// move (the opponent): a move that leads to the opponent's loss wins, and that
    /// position's distance to conversion.
    pub moves: Vec<(String, Option<Wdl>, Option<u32>)>,
}

impl Tablebases {
    /// Opens the databases in `dir`: every class file found is checked quickly (header and
    /// length); the data is read when first needed.
    pub fn open(dir: impl AsRef<Path>) -> Result<Tablebases, EgdbError> {
        let dir = dir.as_ref().to_path_buf();
        std::fs::read_dir(&dir).map_err(|e| EgdbError::io(&dir, e))?;
        let mut present = vec![false; MATERIAL_IDS];
        for m in Material::up_to(MAX_PIECES) {
            if dir.join(m.file_name()).exists() {
                Table::read_stats(&dir, m)?;
                present[m.id()] = true;
            }
        }
        let mut max_pieces = 1;
        for n in 2..=MAX_PIECES {
            if Material::with_pieces(n).iter().all(|m| present[m.id()]) {
                max_pieces = n;
            } else {
                break;
            }
        }
        Ok(Tablebases {
            dir,
            present,
            tables: (0..MATERIAL_IDS).map(|_| OnceLock::new()).collect(),
            distances: (0..MATERIAL_IDS).map(|_| OnceLock::new()).collect(),
            max_pieces,
        })
    }

    /// The directory.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The classes whose files are present, in build order (by pieces, then men).
    pub fn classes(&self) -> Vec<Material> {
        let mut all: Vec<Material> = Material::up_to(MAX_PIECES)
            .into_iter()
            .filter(|m| self.present[m.id()])
            .collect();
        all.sort_by_key(|m| (m.pieces(), m.men(), *m));
        all
    }

    /// The counts of every class present, from the files' headers.
    pub fn stats(&self) -> Result<Vec<ClassStats>, EgdbError> {
        self.classes()
            .into_iter()
            .map(|m| Table::read_stats(&self.dir, m))
            .collect()
    }

    /// The table of `material`, read and checked in full now (probes share the first table
    /// loaded).
    pub fn load(&self, material: Material) -> Result<Arc<Table>, EgdbError> {
        let table = Arc::new(Table::read(&self.dir, material)?);
        let shared = self.tables[material.id()].get_or_init(|| Some(table.clone()));
        Ok(shared.clone().unwrap_or(table))
    }

    /// Reads every class present into memory now, values and distances (3.3 GB for the
    /// six-piece set): an engine does this when it opens the databases, so that no probe
    /// during a move waits for a file to be read and checked. Returns the classes whose
    /// values loaded.
    pub fn preload(&self) -> usize {
        self.classes()
            .into_iter()
            .filter(|&m| {
                self.distances[m.id()].get_or_init(|| DtcTable::read(&self.dir, m).ok());
                self.table(m).is_some()
            })
            .count()
    }

    /// The table of `material`, loaded on first use; `None` when absent or bad.
    fn table(&self, material: Material) -> Option<&Table> {
        if material.pieces() > MAX_PIECES || !self.present[material.id()] {
            return None;
        }
        self.tables[material.id()]
            .get_or_init(|| Table::read(&self.dir, material).ok().map(Arc::new))
            .as_deref()
    }

    /// The value for Black to move of the position with these square sets.
    pub fn probe_black_to_move(&self, black: u32, white: u32, kings: u32) -> Option<Wdl> {
        if black == 0 || white == 0 {
            return Some(trivial_value(black, white, kings));
        }
        let men = !kings;
        if black & men & !BLACK_MAN_SQUARES != 0 || white & men & !WHITE_MAN_SQUARES != 0 {
            return None;
        }
        let material = Material::of_sets(black, white, kings);
        let table = self.table(material)?;
        Some(table.value(ClassIndex::new(material).rank(black, white, kings)))
    }

    /// The value and distance to conversion (see `dtc.rs`) for Black to move of the
    /// position with these square sets: `None` when its class or its distance file is
    /// absent. A side without pieces: lost at 0 for the side without a move, else won at 1.
    pub fn probe_dtc_black_to_move(
        &self,
        black: u32,
        white: u32,
        kings: u32,
    ) -> Option<(Wdl, u32)> {
        let value = self.probe_black_to_move(black, white, kings)?;
        if black == 0 || white == 0 {
            return Some((value, u32::from(value == Wdl::Win)));
        }
        let material = Material::of_sets(black, white, kings);
        let table = self.distances[material.id()]
            .get_or_init(|| DtcTable::read(&self.dir, material).ok())
            .as_ref()?;
        Some((
            value,
            table.distance(ClassIndex::new(material).rank(black, white, kings)),
        ))
    }

    /// The value and distance to conversion, for the side to move, of `pos`.
    pub fn probe_dtc(&self, pos: &Position) -> Option<(Wdl, u32)> {
        let (black, white, kings) = black_to_move(pos);
        if (black | white).count_ones() > MAX_PIECES {
            return None;
        }
        self.probe_dtc_black_to_move(black, white, kings)
    }

    /// [`Tablebases::analyse`] of a position text (PDN FEN, as `Position` reads it).
    pub fn analyse_text(&self, text: &str) -> Result<Analysis, EgdbError> {
        Ok(self.analyse(&Position::parse_position(text)?))
    }

    /// A position's value and each legal move's (see [`Analysis`]).
    pub fn analyse(&self, pos: &Position) -> Analysis {
        let moves = pos
            .legal_moves()
            .iter()
            .map(|&mv| {
                let after = pos.after(mv);
                let dtc = self.probe_dtc(&after).map(|(_, d)| d);
                (pos.format_move(mv), self.probe(&after), dtc)
            })
            .collect();
        Analysis {
            value: self.probe(pos),
            distance: self.probe_dtc(pos).map(|(_, d)| d),
            moves,
        }
    }
}

impl EndgameOracle for Tablebases {
    fn probe(&self, pos: &Position) -> Option<Wdl> {
        let (black, white, kings) = black_to_move(pos);
        if (black | white).count_ones() > MAX_PIECES {
            return None;
        }
        self.probe_black_to_move(black, white, kings)
    }

    fn max_pieces(&self) -> u32 {
        self.max_pieces
    }

    fn probe_dtc(&self, pos: &Position) -> Option<(Wdl, u32)> {
        Tablebases::probe_dtc(self, pos)
    }
}
