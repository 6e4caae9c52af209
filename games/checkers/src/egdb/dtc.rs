//! The distance-to-conversion file of one material class, beside its WDL file: for every
//! won or lost position, the plies until a move leaves the class (a capture or a crowning,
//! into a class solved before), under best play (the winner hurrying, the loser delaying),
//! counting that move; a position without a move is lost at distance 0. A non-capturing,
//! non-crowning move stays "in the class": it leads to the class's mirror image, the same
//! class seen from the other side, solved in the same unit. Drawn entries and indices that
//! are no position hold 0.
//!
//! ```text
//! offset  size  field
//!      0     8  magic "OLYCKDTC"
//!      8     4  version (1), little-endian like every number here
//!     12     4  class: black men, black kings, white men, white kings
//!     16     8  index size (entries, see index.rs)
//!     24     8  longest distance in the class (at most DTC_CAP)
//!     32     8  reserved (0)
//!     40     8  FNV-1a 64 checksum of the data
//!     48        data: one byte per entry, the distance, or DTC_CAP for DTC_CAP and above
//! ```
//!
//! Written under a temporary name and renamed when complete, like the WDL file.

use super::error::EgdbError;
use super::file::{checksum, write_renamed};
use super::index::ClassIndex;
use super::material::Material;
use std::path::{Path, PathBuf};

/// The first bytes of every DTC file.
pub const DTC_MAGIC: &[u8; 8] = b"OLYCKDTC";
/// The format's version.
pub const DTC_VERSION: u32 = 1;
/// Bytes before the data.
pub const DTC_HEADER_BYTES: usize = 48;
/// The largest distance stored, in plies: longer ones are stored as this (none of six
/// pieces comes near it).
pub const DTC_CAP: u32 = 255;

/// One class's distances in memory, as in its file.
#[derive(Debug)]
pub struct DtcTable {
    material: Material,
    longest: u64,
    data: Vec<u8>,
}

impl DtcTable {
    /// The table of `material` from one distance per index (already capped at
    /// [`DTC_CAP`]) and the longest distance before the cap.
    pub fn new(material: Material, data: Vec<u8>, longest: u64) -> DtcTable {
        DtcTable {
            material,
            longest,
            data,
        }
    }

    /// The class.
    pub fn material(&self) -> Material {
        self.material
    }

    /// The longest distance in the class, in plies.
    pub fn longest(&self) -> u64 {
        self.longest
    }

    /// The distance of entry `index`, in plies (0 for a draw).
    #[inline(always)]
    pub fn distance(&self, index: u64) -> u32 {
        u32::from(self.data[index as usize])
    }

    /// The file name of `material`'s distances.
    pub fn file_name(material: Material) -> String {
        material.file_name().replace(".wdl", ".dtc")
    }

    /// Writes the table as `dir/<class>.dtc`, through a temporary file renamed at the end.
    pub fn write(&self, dir: &Path) -> Result<PathBuf, EgdbError> {
        let path = dir.join(Self::file_name(self.material));
        let tmp = path.with_extension("dtc.tmp");
        let m = self.material;
        let mut header = Vec::with_capacity(DTC_HEADER_BYTES);
        header.extend_from_slice(DTC_MAGIC);
        header.extend_from_slice(&DTC_VERSION.to_le_bytes());
        header.extend_from_slice(&[m.black_men, m.black_kings, m.white_men, m.white_kings]);
        for n in [self.data.len() as u64, self.longest, 0] {
            header.extend_from_slice(&n.to_le_bytes());
        }
        header.extend_from_slice(&checksum(&self.data).to_le_bytes());
        write_renamed(&tmp, path, &header, &self.data)
    }

    /// Reads and checks the DTC file of `material` in `dir`: header, length and checksum.
    pub fn read(dir: &Path, material: Material) -> Result<DtcTable, EgdbError> {
        let path = dir.join(Self::file_name(material));
        let bytes = std::fs::read(&path).map_err(|e| EgdbError::io(&path, e))?;
        let bad = |reason: String| EgdbError::corrupt(&path, reason);
        if bytes.len() < DTC_HEADER_BYTES || &bytes[..8] != DTC_MAGIC {
            return Err(bad("not a distance file (short or wrong magic)".into()));
        }
        let u32_at = |i: usize| u32::from_le_bytes(bytes[i..i + 4].try_into().expect("4 bytes"));
        let u64_at = |i: usize| u64::from_le_bytes(bytes[i..i + 8].try_into().expect("8 bytes"));
        let version = u32_at(8);
        if version != DTC_VERSION {
            return Err(bad(format!("version {version}, expected {DTC_VERSION}")));
        }
        let found = Material::new(bytes[12], bytes[13], bytes[14], bytes[15]);
        if found != material {
            return Err(bad(format!("holds class {found}, expected {material}")));
        }
        let size = ClassIndex::new(material).size();
        if u64_at(16) != size || bytes.len() as u64 != DTC_HEADER_BYTES as u64 + size {
            return Err(bad(format!(
                "{} bytes for an index of {size} (truncated or too long)",
                bytes.len()
            )));
        }
        let data = bytes[DTC_HEADER_BYTES..].to_vec();
        if checksum(&data) != u64_at(40) {
            return Err(bad("checksum mismatch: the data is damaged".into()));
        }
        Ok(DtcTable {
            material,
            longest: u64_at(24),
            data,
        })
    }
}
