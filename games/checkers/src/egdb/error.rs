//! What can go wrong with the databases' files, each error naming the file.

use std::path::PathBuf;

/// An error reading, writing or building the databases.
#[derive(Debug, thiserror::Error)]
pub enum EgdbError {
    /// The file system refused (open, read, write, rename).
    #[error("{path}: {source}")]
    Io {
        /// The file or directory.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
    /// A file is not a complete, intact database file.
    #[error("{path}: not a valid endgame database file: {reason}")]
    Corrupt {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        reason: String,
    },
    /// The piece count asked for is outside what the index supports.
    #[error("databases of {0} pieces are not supported (2 to {max})", max = super::material::MAX_PIECES)]
    Pieces(u32),
    /// A position text could not be read.
    #[error("position: {0}")]
    Position(#[from] crate::ParseError),
    /// The thread pool could not be started.
    #[error("threads: {0}")]
    Threads(String),
}

impl EgdbError {
    /// An I/O error on `path`.
    pub(crate) fn io(path: impl Into<PathBuf>, source: std::io::Error) -> Self {
        EgdbError::Io {
            path: path.into(),
            source,
        }
    }

    /// A corrupt-file error on `path`.
    pub(crate) fn corrupt(path: impl Into<PathBuf>, reason: impl Into<String>) -> Self {
        EgdbError::Corrupt {
            path: path.into(),
            reason: reason.into(),
        }
    }
}
