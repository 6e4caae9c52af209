//! The perft journal: one SQLite file that keeps the finished units of a perft spread over
//! processes or machines, each batch committed as it arrives, so that a run whose process
//! was killed resumes with exactly the units it lacks and a finished unit is never counted
//! twice (a unit's id is its PRIMARY KEY).
//!
//! Schema (version [`JOURNAL_VERSION`]):
//!
//! ```text
//! run(id = 1, schema, spec JSON, units, created)     -- what is counted; spec: PerftRun
//! sessions(id, started, processes, workers)          -- one row per start or resume
//! units(id PRIMARY KEY, root, count TEXT,            -- a finished unit: its count with its
//!       session, process, worker, seconds)           -- multiplicity, who counted it, how long
//! ```
//!
//! Counts are decimal text: they pass 2^63 (checkers perft(28) is about 6 * 10^20).

use rusqlite::{Connection, OpenFlags, OptionalExtension, params};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use thiserror::Error;

/// The version of the journal's schema written by this code.
pub const JOURNAL_VERSION: i64 = 1;

/// What a journal counts: enough to refuse a resume that would count something else.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PerftRun {
    /// The catalog name of the game.
    pub game: String,
    /// The position text started from (`None`: the start position).
    pub position: Option<String>,
    /// The moves played first.
    pub moves: Option<String>,
    /// Plies counted.
    pub depth: u32,
    /// Plies from the setup to the units.
    pub plies: u32,
    /// Counts kept apart per root move.
    pub divide: bool,
    /// How finished games count (`zero`, `one`, `last-ply`).
    pub game_over: String,
}

/// A finished unit.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct UnitDone {
    /// The unit's id (its place in the run's list of units).
    pub id: u64,
    /// Its root move's place (0 without divide).
    pub root: u32,
    /// Its count, multiplicity applied.
    pub count: u128,
    /// The process that counted it.
    pub process: u32,
    /// The worker (global index) that counted it.
    pub worker: u32,
    /// Seconds the worker spent on it.
    pub seconds: f64,
}

/// What one session (a start or a resume) of a run did.
#[derive(Clone, Debug, PartialEq)]
pub struct SessionSummary {
    /// Its number, from 1.
    pub id: u32,
    /// When it started (UTC).
    pub started: String,
    /// Processes in it.
    pub processes: u32,
    /// Workers in it.
    pub workers: u32,
    /// Units it finished.
    pub units: u64,
}

/// What went wrong with a journal.
#[derive(Debug, Error)]
pub enum JournalError {
    /// SQLite said no.
    #[error("{path}: {source}")]
    Sqlite {
        /// The journal file.
        path: String,
        /// Why.
        source: rusqlite::Error,
    },
    /// A new journal was asked for where a file exists.
    #[error("{path} already exists (resume the run it journals, or choose another path)")]
    Exists {
        /// The journal file.
        path: String,
    },
    /// A resume was asked for where there is no journal.
    #[error("{path} does not exist (nothing to resume)")]
    Missing {
        /// The journal file.
        path: String,
    },
    /// The file is not a journal this program reads.
    #[error("{path}: not a perft journal: {detail}")]
    Corrupt {
        /// The journal file.
        path: String,
        /// What is wrong.
        detail: String,
    },
}

/// An open perft journal, in a session of its run.
pub struct PerftJournal {
    conn: Connection,
    path: PathBuf,
    session: u32,
}

impl std::fmt::Debug for PerftJournal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PerftJournal")
            .field("path", &self.path)
            .field("session", &self.session)
            .finish()
    }
}

const SCHEMA: &str = "
CREATE TABLE run (id INTEGER PRIMARY KEY CHECK (id = 1), schema INTEGER NOT NULL,
                  spec TEXT NOT NULL, units INTEGER NOT NULL, created TEXT NOT NULL);
CREATE TABLE sessions (id INTEGER PRIMARY KEY, started TEXT NOT NULL,
                       processes INTEGER NOT NULL, workers INTEGER NOT NULL);
CREATE TABLE units (id INTEGER PRIMARY KEY, root INTEGER NOT NULL, count TEXT NOT NULL,
                    session INTEGER NOT NULL REFERENCES sessions(id),
                    process INTEGER NOT NULL, worker INTEGER NOT NULL, seconds REAL NOT NULL);
";

impl PerftJournal {
    /// Creates the journal of a new run of `units` units at `path` (which must not exist)
    /// and starts its first session.
    pub fn create(
        path: &Path,
        run: &PerftRun,
        units: u64,
        processes: u32,
        workers: u32,
    ) -> Result<PerftJournal, JournalError> {
        if path.exists() {
            return Err(JournalError::Exists {
                path: path.display().to_string(),
            });
        }
        let mut journal = PerftJournal::connect(path, true)?;
        let spec = serde_json::to_string(run).expect("a run serializes");
        let err = journal.sqlite();
        let tx = journal.conn.transaction().map_err(&err)?;
        tx.execute_batch(SCHEMA).map_err(&err)?;
        tx.execute(
            "INSERT INTO run (id, schema, spec, units, created) VALUES (1, ?1, ?2, ?3, ?4)",
            params![JOURNAL_VERSION, spec, units as i64, now()],
        )
        .map_err(&err)?;
        tx.commit().map_err(&err)?;
        journal.start_session(processes, workers)?;
        Ok(journal)
    }

    /// Opens the journal at `path` to resume its run: the run it counts and its number of
    /// units. Call [`PerftJournal::start_session`] once the run is checked.
    pub fn open(path: &Path) -> Result<(PerftJournal, PerftRun, u64), JournalError> {
        if !path.exists() {
            return Err(JournalError::Missing {
                path: path.display().to_string(),
            });
        }
        let journal = PerftJournal::connect(path, false)?;
        let row: Option<(i64, String, i64)> = journal
            .conn
            .query_row(
                "SELECT schema, spec, units FROM run WHERE id = 1",
                [],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
            )
            .optional()
            .map_err(|e| journal.corrupt(e.to_string()))?;
        let Some((schema, spec, units)) = row else {
            return Err(journal.corrupt("the run row is missing".into()));
        };
        if schema != JOURNAL_VERSION {
            return Err(journal.corrupt(format!(
                "schema version {schema}, this program reads version {JOURNAL_VERSION}"
            )));
        }
        let run = serde_json::from_str(&spec)
            .map_err(|e| journal.corrupt(format!("the run's spec: {e}")))?;
        Ok((journal, run, units as u64))
    }

    /// Starts a new session (a start or resume with `processes` processes of `workers`
    /// workers in all); finished units are recorded under it.
    pub fn start_session(&mut self, processes: u32, workers: u32) -> Result<u32, JournalError> {
        self.conn
            .execute(
                "INSERT INTO sessions (started, processes, workers) VALUES (?1, ?2, ?3)",
                params![now(), processes, workers],
            )
            .map_err(self.sqlite())?;
        self.session = self.conn.last_insert_rowid() as u32;
        Ok(self.session)
    }

    /// The journal file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The finished units: id -> count (multiplicity applied) and root.
    pub fn finished(&self) -> Result<BTreeMap<u64, (u32, u128)>, JournalError> {
        let mut stmt = self
            .conn
            .prepare("SELECT id, root, count FROM units")
            .map_err(self.sqlite())?;
        let rows = stmt
            .query_map([], |r| {
                Ok((
                    r.get::<_, i64>(0)?,
                    r.get::<_, i64>(1)?,
                    r.get::<_, String>(2)?,
                ))
            })
            .map_err(self.sqlite())?;
        let mut out = BTreeMap::new();
        for row in rows {
            let (id, root, count) = row.map_err(self.sqlite())?;
            let count: u128 = count
                .parse()
                .map_err(|_| self.corrupt(format!("unit {id} has count '{count}'")))?;
            out.insert(id as u64, (root as u32, count));
        }
        Ok(out)
    }

    /// Records finished units in one transaction, under the current session. A unit
    /// already recorded is an error (and nothing of the batch is recorded).
    pub fn record(&mut self, units: &[UnitDone]) -> Result<(), JournalError> {
        let err = self.sqlite();
        let tx = self.conn.transaction().map_err(&err)?;
        {
            let mut stmt = tx
                .prepare_cached(
                    "INSERT INTO units (id, root, count, session, process, worker, seconds)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                )
                .map_err(&err)?;
            for u in units {
                stmt.execute(params![
                    u.id as i64,
                    u.root,
                    u.count.to_string(),
                    self.session,
                    u.process,
                    u.worker,
                    u.seconds
                ])
                .map_err(&err)?;
            }
        }
        tx.commit().map_err(&err)
    }

    /// Every session of the run so far, with the units each finished.
    pub fn sessions(&self) -> Result<Vec<SessionSummary>, JournalError> {
        let mut stmt = self
            .conn
            .prepare(
                "SELECT s.id, s.started, s.processes, s.workers,
                        (SELECT COUNT(*) FROM units u WHERE u.session = s.id)
                 FROM sessions s ORDER BY s.id",
            )
            .map_err(self.sqlite())?;
        let rows = stmt
            .query_map([], |r| {
                Ok(SessionSummary {
                    id: r.get(0)?,
                    started: r.get(1)?,
                    processes: r.get(2)?,
                    workers: r.get(3)?,
                    units: r.get::<_, i64>(4)? as u64,
                })
            })
            .map_err(self.sqlite())?;
        rows.collect::<Result<_, _>>().map_err(self.sqlite())
    }

    fn connect(path: &Path, create: bool) -> Result<PerftJournal, JournalError> {
        let flags = if create {
            OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_CREATE
        } else {
            OpenFlags::SQLITE_OPEN_READ_WRITE
        };
        let sqlite = |source| JournalError::Sqlite {
            path: path.display().to_string(),
            source,
        };
        let conn = Connection::open_with_flags(path, flags).map_err(sqlite)?;
        // WAL, NORMAL sync: a crash of the machine may lose the last batches, which a
        // resume counts again; a crash of the process loses nothing committed.
        conn.execute_batch("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;")
            .map_err(sqlite)?;
        Ok(PerftJournal {
            conn,
            path: path.to_path_buf(),
            session: 0,
        })
    }

    fn sqlite(&self) -> impl Fn(rusqlite::Error) -> JournalError + use<> {
        let path = self.path.display().to_string();
        move |source| JournalError::Sqlite {
            path: path.clone(),
            source,
        }
    }

    fn corrupt(&self, detail: String) -> JournalError {
        JournalError::Corrupt {
            path: self.path.display().to_string(),
            detail,
        }
    }
}

fn now() -> String {
    crate::utc_timestamp(std::time::SystemTime::now())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run() -> PerftRun {
        PerftRun {
            game: "checkers".into(),
            position: None,
            moves: Some("11-15".into()),
            depth: 12,
            plies: 4,
            divide: false,
            game_over: "zero".into(),
        }
    }

    fn unit(id: u64, count: u128) -> UnitDone {
        UnitDone {
            id,
            root: 0,
            count,
            process: 1,
            worker: 2,
            seconds: 0.5,
        }
    }

    #[test]
    fn units_survive_a_reopen_and_sessions_tell_who_did_what() {
        let dir = std::env::temp_dir().join(format!("olympiad-journal-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("perft.db");
        let _ = std::fs::remove_file(&path);
        let mut j = PerftJournal::create(&path, &run(), 10, 3, 3).unwrap();
        let big = u128::from(u64::MAX) * 1000;
        j.record(&[unit(0, 5), unit(7, big)]).unwrap();
        assert!(j.record(&[unit(3, 1), unit(7, 1)]).is_err(), "unit 7 twice");
        drop(j);
        assert!(matches!(
            PerftJournal::create(&path, &run(), 10, 3, 3),
            Err(JournalError::Exists { .. })
        ));
        let (mut j, stored, units) = PerftJournal::open(&path).unwrap();
        assert_eq!((stored, units), (run(), 10));
        let done = j.finished().unwrap();
        assert_eq!(done.len(), 2, "the failed batch left nothing: {done:?}");
        assert_eq!(done[&7], (0, big));
        assert_eq!(j.start_session(2, 4).unwrap(), 2);
        j.record(&[unit(3, 1)]).unwrap();
        let sessions = j.sessions().unwrap();
        let units: Vec<(u32, u64, u32)> = sessions
            .iter()
            .map(|s| (s.id, s.units, s.processes))
            .collect();
        assert_eq!(units, vec![(1, 2, 3), (2, 1, 2)]);
        assert!(matches!(
            PerftJournal::open(&dir.join("none.db")),
            Err(JournalError::Missing { .. })
        ));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
