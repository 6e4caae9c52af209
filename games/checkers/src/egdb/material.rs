//! Material classes: how many men and kings each side has. A database file holds one class
//! with Black to move; the classes are built in an order where every class depends only on
//! itself, its mirror image and classes already built.

use crate::Position;

/// The most pieces (both sides) the index and the files support. The builder's lists of
/// indices are `u32`: every class of seven pieces has fewer than 2^32 entries (a test checks),
/// some of eight have more.
pub const MAX_PIECES: u32 = 7;

/// Number of distinct [`Material::id`] values: each count is at most [`MAX_PIECES`].
pub const MATERIAL_IDS: usize = ((MAX_PIECES + 1) as usize).pow(4);

/// The pieces of a position with Black to move: men and kings of each side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Material {
    /// Black's men (Black moves down, towards square 32).
    pub black_men: u8,
    /// Black's kings.
    pub black_kings: u8,
    /// White's men.
    pub white_men: u8,
    /// White's kings.
    pub white_kings: u8,
}

impl Material {
    /// The class with these counts.
    pub const fn new(black_men: u8, black_kings: u8, white_men: u8, white_kings: u8) -> Self {
        Material {
            black_men,
            black_kings,
            white_men,
            white_kings,
        }
    }

    /// The material of three square sets (black pieces, white pieces, kings).
    pub fn of_sets(black: u32, white: u32, kings: u32) -> Self {
        Material {
            black_men: (black & !kings).count_ones() as u8,
            black_kings: (black & kings).count_ones() as u8,
            white_men: (white & !kings).count_ones() as u8,
            white_kings: (white & kings).count_ones() as u8,
        }
    }

    /// The material of a position as it stands (the side to move is not looked at).
    pub fn of(pos: &Position) -> Self {
        Self::of_sets(pos.black, pos.white, pos.kings)
    }

    /// Black's pieces.
    pub const fn black(self) -> u32 {
        self.black_men as u32 + self.black_kings as u32
    }

    /// White's pieces.
    pub const fn white(self) -> u32 {
        self.white_men as u32 + self.white_kings as u32
    }

    /// Both sides' pieces.
    pub const fn pieces(self) -> u32 {
        self.black() + self.white()
    }

    /// Both sides' men.
    pub const fn men(self) -> u32 {
        self.black_men as u32 + self.white_men as u32
    }

    /// The class with the colours swapped: where a position of this class with White to
    /// move is stored, once turned round.
    pub const fn mirror(self) -> Self {
        Material::new(
            self.white_men,
            self.white_kings,
            self.black_men,
            self.black_kings,
        )
    }

    /// Has one side no pieces? Such positions are decided without a table: the side to move
    /// loses when it has no move, and wins otherwise (whatever it does, the other side has
    /// no piece to move).
    pub const fn is_trivial(self) -> bool {
        self.black() == 0 || self.white() == 0
    }

    /// A dense number below [`MATERIAL_IDS`] for classes of at most [`MAX_PIECES`] pieces.
    pub const fn id(self) -> usize {
        let n = MAX_PIECES as usize + 1;
        ((self.black_men as usize * n + self.black_kings as usize) * n + self.white_men as usize)
            * n
            + self.white_kings as usize
    }

    /// The file name of the class: `b2m1k-w0m3k.wdl` for two black men and a black king
    /// against three white kings.
    pub fn file_name(self) -> String {
        format!(
            "b{}m{}k-w{}m{}k.wdl",
            self.black_men, self.black_kings, self.white_men, self.white_kings
        )
    }

    /// Every non-trivial class of exactly `pieces` pieces.
    pub fn with_pieces(pieces: u32) -> Vec<Material> {
        let mut all = Vec::new();
        for black in 1..pieces {
            let white = pieces - black;
            for bm in 0..=black {
                for wm in 0..=white {
                    all.push(Material::new(
                        bm as u8,
                        (black - bm) as u8,
                        wm as u8,
                        (white - wm) as u8,
                    ));
                }
            }
        }
        all
    }

    /// Every non-trivial class of at most `pieces` pieces.
    pub fn up_to(pieces: u32) -> Vec<Material> {
        (2..=pieces).flat_map(Material::with_pieces).collect()
    }
}

impl std::fmt::Display for Material {
    /// `2m1k-0m3k`: Black's men and kings, then White's.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}m{}k-{}m{}k",
            self.black_men, self.black_kings, self.white_men, self.white_kings
        )
    }
}

/// The units of the build in order: each is a class and its mirror image (the same class
/// when it is symmetric), solved together since a move in one leads to the other. Classes
/// come by piece count, then by the number of men: a capture leads to fewer pieces, a
/// crowning to fewer men, so every unit depends only on itself and units before it.
pub fn build_units(pieces: u32) -> Vec<(Material, Material)> {
    let mut units = Vec::new();
    for n in 2..=pieces {
        let classes = Material::with_pieces(n);
        for men in 0..=n {
            for &m in &classes {
                if m.men() == men && m <= m.mirror() {
                    units.push((m, m.mirror()));
                }
            }
        }
    }
    units
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn units_cover_every_class_once() {
        let units = build_units(6);
        let mut seen: Vec<Material> = units.iter().flat_map(|&(a, b)| [a, b]).collect();
        seen.sort();
        seen.dedup();
        let mut all = Material::up_to(6);
        all.sort();
        assert_eq!(seen, all);
        let ids: std::collections::HashSet<usize> = all.iter().map(|m| m.id()).collect();
        assert_eq!(ids.len(), all.len());
        assert!(all.iter().all(|m| m.id() < MATERIAL_IDS));
    }

    #[test]
    fn every_class_fits_u32_indices() {
        for m in Material::up_to(MAX_PIECES) {
            let size = crate::egdb::ClassIndex::new(m).size();
            assert!(size < 1 << 32, "class {m}: {size} entries");
        }
    }
}
