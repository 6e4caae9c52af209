//! Endgame databases for checkers: the exact value (win, loss or draw for the side to move,
//! no draw rule) of every position with few pieces, built here by retrograde analysis and
//! probed by the engine through [`EndgameOracle`](crate::oracle::EndgameOracle).
//!
//! Every position is stored with Black to move: a position with White to move is first turned
//! round (the board rotated half a turn and the colours swapped), which halves the tables.
//! A table holds one *material class* (so many black men, black kings, white men, white
//! kings); a non-capturing move that crowns no man stays in the class's mirror image, a
//! capture or a crowning leads to a class with fewer pieces or fewer men, built before.
//!
//! - [`material`]: the classes and the order they are built in;
//! - [`index`]: the dense index of a class (men ranked on the squares they may stand on,
//!   then kings on the empty squares) and its inverse;
//! - [`build`]: the builder, a class and its mirror image solved together, by retrograde
//!   analysis (`retro.rs`) or by its slow twin, repeated forward passes (`passes.rs`);
//! - [`file`]: the compressed file of a class (five values a byte) with its header;
//! - [`dtc`]: the distance-to-conversion file of a class (a byte a position);
//! - [`probe`]: [`Tablebases`], the directory of files opened lazily, class by class;
//! - [`stats`]: positions, wins, losses and draws per class, as a markdown table;
//! - [`verify`]: the check that every stored value agrees with the values after its moves.
//!
//! ```no_run
//! use olympiad_checkers::egdb::Tablebases;
//! use olympiad_checkers::oracle::EndgameOracle;
//! use olympiad_checkers::Position;
//! use olympiad_core::Notation;
//!
//! let tb = Tablebases::open("egdb/checkers").unwrap();
//! let pos = Position::parse_position("B:WK10,K11:BK1").unwrap();
//! println!("{:?}", tb.probe(&pos));
//! ```

pub mod build;
pub mod dtc;
mod error;
pub mod file;
pub mod index;
pub mod material;
mod passes;
pub mod probe;
mod retro;
pub mod stats;
pub mod verify;

pub use crate::oracle::Wdl;
pub use build::{BuildEvent, BuildOptions, ClassReport, Method, build};
pub use error::EgdbError;
pub use index::ClassIndex;
pub use material::Material;
pub use probe::{Analysis, Tablebases};
pub use stats::ClassStats;
