//! The tournament stores a server shows, each opened read-only for each request (SQLite
//! in WAL mode: a reader never blocks the tournament writing the same file, and a read-only
//! connection cannot change it), and what the pages need from one: its setup (from its
//! stored config) and its games.

use crate::ViewError;
use olympiad_runner::Setup;
use olympiad_store::{Store, StoredGame, TournamentInfo};
use std::path::{Path, PathBuf};

/// The stores, numbered in the order given (the number is their id in the URLs).
#[derive(Clone, Debug, Default)]
pub struct Stores {
    paths: Vec<PathBuf>,
}

/// One line of the list of tournaments.
#[derive(Debug)]
pub struct Listed {
    /// The store's id.
    pub id: usize,
    /// The database file.
    pub path: PathBuf,
    /// Its tournament and game count, or why it could not be read.
    pub info: Result<(TournamentInfo, usize), ViewError>,
}

/// A stored tournament, read.
#[derive(Debug)]
pub struct Loaded {
    /// Its row.
    pub info: TournamentInfo,
    /// Its config, game and players, from the stored config text.
    pub setup: Setup,
    /// Every stored game.
    pub games: Vec<StoredGame>,
}

impl Stores {
    /// The stores at `paths`.
    pub fn new(paths: Vec<PathBuf>) -> Self {
        Stores { paths }
    }

    /// The database files.
    pub fn paths(&self) -> &[PathBuf] {
        &self.paths
    }

    fn path(&self, id: usize) -> Result<&Path, ViewError> {
        self.paths
            .get(id)
            .map(PathBuf::as_path)
            .ok_or_else(|| ViewError::NotFound(format!("no tournament {id}")))
    }

    fn open(&self, id: usize) -> Result<Store, ViewError> {
        Ok(Store::open_read_only(self.path(id)?)?)
    }

    /// Every store with its tournament's name and game count (a store that cannot be read
    /// says why instead).
    pub fn list(&self) -> Vec<Listed> {
        (0..self.paths.len())
            .map(|id| Listed {
                id,
                path: self.paths[id].clone(),
                info: self.open(id).and_then(|store| {
                    let info = store.tournament()?;
                    let games = store.keys()?.len();
                    Ok((info, games))
                }),
            })
            .collect()
    }

    /// Tournament `id`: its setup and stored games.
    pub fn load(&self, id: usize) -> Result<Loaded, ViewError> {
        let store = self.open(id)?;
        let info = store.tournament()?;
        let origin = format!("the config stored in {}", self.path(id)?.display());
        let setup = Setup::from_stored(&info.config, &origin, info.openings.clone())
            .map_err(|e| ViewError::Unreadable(e.to_string()))?;
        let games = store.games()?;
        Ok(Loaded { info, setup, games })
    }
}
