//! The file of one material class: a 64-byte header, then the values packed five to a byte.
//!
//! ```text
//! offset  size  field
//!      0     8  magic "OLYCKWDL"
//!      8     4  version (1), little-endian like every number here
//!     12     4  class: black men, black kings, white men, white kings
//!     16     8  index size (entries, see index.rs)
//!     24     8  positions
//!     32     8  wins       (for the side to move, Black)
//!     40     8  losses
//!     48     8  draws
//!     56     8  FNV-1a 64 checksum of the data
//!     64        data: ceil(size / 5) bytes; entry i is digit i % 5 (base 3, lowest first)
//!               of byte i / 5: 0 draw (or no position), 1 win, 2 loss
//! ```
//!
//! Five three-valued entries fit a byte since 3^5 = 243 < 256. A file is written under a
//! temporary name and renamed when complete, so a killed build leaves no partial file under
//! the real name, and a build started again skips the classes whose file is intact.

use super::error::EgdbError;
use super::index::ClassIndex;
use super::material::Material;
use super::stats::ClassStats;
use crate::oracle::Wdl;
use std::io::Write;
use std::path::{Path, PathBuf};

/// The first bytes of every file.
pub const MAGIC: &[u8; 8] = b"OLYCKWDL";
/// The format's version.
pub const VERSION: u32 = 1;
/// Bytes before the data.
pub const HEADER_BYTES: usize = 64;
/// Entries per data byte.
pub const PER_BYTE: u64 = 5;

/// Digit of a drawn position (and of an index that is no position).
pub const DIGIT_DRAW: u8 = 0;
/// Digit of a position the side to move wins.
pub const DIGIT_WIN: u8 = 1;
/// Digit of a position the side to move loses.
pub const DIGIT_LOSS: u8 = 2;

/// `DECODE[byte][i]`: digit `i` of a data byte.
const DECODE: [[u8; 5]; 256] = {
    let mut t = [[0u8; 5]; 256];
    let mut b = 0;
    while b < 243 {
        let mut v = b;
        let mut i = 0;
        while i < 5 {
            t[b][i] = (v % 3) as u8;
            v /= 3;
            i += 1;
        }
        b += 1;
    }
    t
};

/// One class's values in memory, as in its file.
#[derive(Debug)]
pub struct Table {
    stats: ClassStats,
    size: u64,
    data: Vec<u8>,
}

impl Table {
    /// Packs `digits` (one per index of the class, see the DIGIT constants) with the class's
    /// counts.
    pub fn pack(stats: ClassStats, digits: &[u8]) -> Table {
        let data = digits
            .chunks(PER_BYTE as usize)
            .map(|c| c.iter().rev().fold(0u8, |acc, &d| acc * 3 + d))
            .collect();
        Table {
            stats,
            size: digits.len() as u64,
            data,
        }
    }

    /// The class's counts.
    pub fn stats(&self) -> ClassStats {
        self.stats
    }

    /// The digit of entry `index`.
    #[inline(always)]
    pub fn digit(&self, index: u64) -> u8 {
        DECODE[self.data[(index / PER_BYTE) as usize] as usize][(index % PER_BYTE) as usize]
    }

    /// The value of entry `index` for Black to move.
    #[inline]
    pub fn value(&self, index: u64) -> Wdl {
        match self.digit(index) {
            DIGIT_WIN => Wdl::Win,
            DIGIT_LOSS => Wdl::Loss,
            _ => Wdl::Draw,
        }
    }

    /// Writes the table as `dir/<class file name>`, through a temporary file renamed at the
    /// end.
    pub fn write(&self, dir: &Path) -> Result<PathBuf, EgdbError> {
        let path = dir.join(self.stats.material.file_name());
        let tmp = path.with_extension("wdl.tmp");
        let s = &self.stats;
        let m = s.material;
        let mut header = Vec::with_capacity(HEADER_BYTES);
        header.extend_from_slice(MAGIC);
        header.extend_from_slice(&VERSION.to_le_bytes());
        header.extend_from_slice(&[m.black_men, m.black_kings, m.white_men, m.white_kings]);
        for n in [self.size, s.positions, s.wins, s.losses, s.draws] {
            header.extend_from_slice(&n.to_le_bytes());
        }
        header.extend_from_slice(&checksum(&self.data).to_le_bytes());
        write_renamed(&tmp, path, &header, &self.data)
    }

    /// Reads and checks the file of `material` in `dir`: header, length and checksum.
    pub fn read(dir: &Path, material: Material) -> Result<Table, EgdbError> {
        let path = dir.join(material.file_name());
        let bytes = std::fs::read(&path).map_err(|e| EgdbError::io(&path, e))?;
        let (stats, size, sum) = parse_header(&path, &bytes, bytes.len() as u64, material)?;
        let data = bytes[HEADER_BYTES..].to_vec();
        if checksum(&data) != sum {
            return Err(EgdbError::corrupt(
                &path,
                "checksum mismatch: the data is damaged",
            ));
        }
        Ok(Table { stats, size, data })
    }

    /// Reads only the header of the file of `material` in `dir` and checks the file's
    /// length: the quick check of a file that [`Table::read`] checks in full.
    pub fn read_stats(dir: &Path, material: Material) -> Result<ClassStats, EgdbError> {
        use std::io::Read;
        let path = dir.join(material.file_name());
        let mut f = std::fs::File::open(&path).map_err(|e| EgdbError::io(&path, e))?;
        let len = f.metadata().map_err(|e| EgdbError::io(&path, e))?.len();
        let mut header = vec![0u8; HEADER_BYTES.min(len as usize)];
        f.read_exact(&mut header)
            .map_err(|e| EgdbError::io(&path, e))?;
        parse_header(&path, &header, len, material).map(|(stats, _, _)| stats)
    }
}

/// The length of a complete file of `material`.
fn expected_len(material: Material) -> u64 {
    HEADER_BYTES as u64 + ClassIndex::new(material).size().div_ceil(PER_BYTE)
}

/// Checks the header at the start of `bytes` against `material` and the file's length
/// `len`; returns the counts, the index size and the checksum it records.
fn parse_header(
    path: &Path,
    bytes: &[u8],
    len: u64,
    material: Material,
) -> Result<(ClassStats, u64, u64), EgdbError> {
    let bad = |reason: String| EgdbError::corrupt(path, reason);
    if bytes.len() < HEADER_BYTES {
        return Err(bad(format!(
            "{len} bytes, shorter than the {HEADER_BYTES}-byte header"
        )));
    }
    if &bytes[..8] != MAGIC {
        return Err(bad("wrong magic (not an olympiad checkers database)".into()));
    }
    let u32_at = |i: usize| u32::from_le_bytes(bytes[i..i + 4].try_into().expect("4 bytes"));
    let u64_at = |i: usize| u64::from_le_bytes(bytes[i..i + 8].try_into().expect("8 bytes"));
    let version = u32_at(8);
    if version != VERSION {
        return Err(bad(format!("version {version}, expected {VERSION}")));
    }
    let found = Material::new(bytes[12], bytes[13], bytes[14], bytes[15]);
    if found != material {
        return Err(bad(format!("holds class {found}, expected {material}")));
    }
    let size = u64_at(16);
    let want = ClassIndex::new(material).size();
    if size != want {
        return Err(bad(format!("index size {size}, expected {want}")));
    }
    let expected = expected_len(material);
    if len != expected {
        return Err(bad(format!(
            "{len} bytes instead of {expected} (truncated or too long)"
        )));
    }
    let stats = ClassStats {
        material,
        positions: u64_at(24),
        wins: u64_at(32),
        losses: u64_at(40),
        draws: u64_at(48),
    };
    if stats.wins + stats.losses + stats.draws != stats.positions || stats.positions > size {
        return Err(bad("counts in the header do not add up".into()));
    }
    Ok((stats, size, u64_at(56)))
}

/// Writes `header` then `data` to `tmp`, synced, and renames it `path` (a killed build
/// leaves no partial file under the real name).
pub(super) fn write_renamed(
    tmp: &Path,
    path: PathBuf,
    header: &[u8],
    data: &[u8],
) -> Result<PathBuf, EgdbError> {
    let write = || -> std::io::Result<()> {
        let mut f = std::fs::File::create(tmp)?;
        f.write_all(header)?;
        f.write_all(data)?;
        f.sync_all()
    };
    write().map_err(|e| EgdbError::io(tmp, e))?;
    std::fs::rename(tmp, &path).map_err(|e| EgdbError::io(&path, e))?;
    Ok(path)
}

/// FNV-1a, 64 bits, over `data`.
pub(super) fn checksum(data: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in data {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decode_inverts_pack() {
        let digits: Vec<u8> = (0..1000u32).map(|i| (i * 7 % 3) as u8).collect();
        let stats = ClassStats {
            material: Material::new(0, 1, 0, 1),
            positions: 0,
            wins: 0,
            losses: 0,
            draws: 0,
        };
        let t = Table::pack(stats, &digits);
        assert_eq!(t.data.len(), 200);
        for (i, &d) in digits.iter().enumerate() {
            assert_eq!(t.digit(i as u64), d, "entry {i}");
        }
    }
}
