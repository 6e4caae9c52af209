//! The tournament store (the journal of a tournament): one SQLite file (WAL journal) that holds a tournament's config, its
//! players and every finished game, each game committed in its own transaction the moment
//! it ends, so that a crash or a `kill -9` loses at most the games under way.
//!
//! A game is identified by its [`GameKey`] (stage, round, board, opening index), which is
//! UNIQUE in the schema: a resumed tournament plays exactly the games of its schedule that
//! the store lacks ([`missing`]), and a game can never be stored twice.
//!
//! Schema (version [`SCHEMA_VERSION`]):
//!
//! ```text
//! tournament(id = 1, schema, name, config TEXT, openings JSON, seed, created)
//! players(id, name UNIQUE, spec)                      -- id = index in the config
//! games(id, stage, round, board, opening (-1: none),  -- UNIQUE(stage, round, board, opening)
//!       first, second (NULL: a bye), half_first, half_second, termination JSON,
//!       reason, detail, plies, moves JSON, start_position, end_position, ends JSON,
//!       started, duration_ms)
//! table_seats(game REFERENCES games(id), seat,    -- games of more than two seats: one row
//!       player, score_milli, used_ms)             -- per seat, PRIMARY KEY (game, seat)
//! games.score_first_milli, score_second_milli      -- version 2: a two-seat game's own score
//!                                                  -- (rolit2's balls), NULL when it has none
//! ```
//!
//! A game of more than two seats (a table) keeps its seat 0 and seat 1 players in `first`
//! and `second`, their pairwise result in the half points and the table's termination (its
//! `seat` is the table's); `table_seats` holds every seat, and it is what the game is read
//! back from: one [`Pairing`] of every seat and one [`GameResult`] of every seat's score. Version 1 stores (two seats only,
//! no `table_seats`) still open: opened for writing they get the table and become version
//! 2; read-only they read as they are.

pub mod perft_journal;

use olympiad_tournament::{Game, GameResult, Pairing, PlayerId, Points};
use rusqlite::{Connection, OpenFlags, OptionalExtension, params};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime, UNIX_EPOCH};
use thiserror::Error;

/// The version of the schema written by this code.
pub const SCHEMA_VERSION: i64 = 2;
/// The first version, without `table_seats`: still read, and upgraded when opened for
/// writing.
pub const SCHEMA_VERSION_1: i64 = 1;
/// How long a writer waits for a lock held by a reader (or another writer).
pub const BUSY_TIMEOUT: Duration = Duration::from_secs(10);
/// The column value of "no opening" (SQLite treats NULLs as distinct in UNIQUE).
const NO_OPENING: i64 = -1;

const SCHEMA: &str = "
CREATE TABLE tournament (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    schema INTEGER NOT NULL,
    name TEXT NOT NULL,
    config TEXT NOT NULL,
    openings TEXT NOT NULL,
    seed INTEGER NOT NULL,
    created TEXT NOT NULL
);
CREATE TABLE players (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    spec TEXT NOT NULL
);
CREATE TABLE games (
    id INTEGER PRIMARY KEY,
    stage TEXT NOT NULL CHECK (stage IN ('main', 'final', 'playoff')),
    round INTEGER NOT NULL,
    board INTEGER NOT NULL,
    opening INTEGER NOT NULL,
    first INTEGER NOT NULL REFERENCES players(id),
    second INTEGER REFERENCES players(id),
    half_first INTEGER NOT NULL,
    half_second INTEGER NOT NULL,
    termination TEXT NOT NULL,
    reason TEXT NOT NULL,
    detail TEXT NOT NULL,
    plies INTEGER NOT NULL,
    moves TEXT NOT NULL,
    start_position TEXT NOT NULL,
    end_position TEXT NOT NULL,
    ends TEXT NOT NULL,
    started TEXT NOT NULL,
    duration_ms REAL NOT NULL,
    UNIQUE (stage, round, board, opening)
);
";

/// What version 2 adds to version 1.
const TABLE_SEATS: &str = "
ALTER TABLE games ADD COLUMN score_first_milli INTEGER;
ALTER TABLE games ADD COLUMN score_second_milli INTEGER;
CREATE TABLE table_seats (
    game INTEGER NOT NULL REFERENCES games(id),
    seat INTEGER NOT NULL,
    player INTEGER NOT NULL REFERENCES players(id),
    score_milli INTEGER NOT NULL,
    used_ms REAL NOT NULL,
    PRIMARY KEY (game, seat)
);
";

/// The part of a tournament a game belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Stage {
    /// The tournament proper (round robin, Swiss, gauntlet; CodeCup: the Swiss).
    Main,
    /// CodeCup's final: the top group's double round robin.
    Final,
    /// Rule 9's medal play-offs (they do not count for points).
    Playoff,
}

impl Stage {
    /// Every stage, in playing order.
    pub const ALL: [Stage; 3] = [Stage::Main, Stage::Final, Stage::Playoff];

    /// The name in the store and in anchors.
    pub fn name(self) -> &'static str {
        match self {
            Stage::Main => "main",
            Stage::Final => "final",
            Stage::Playoff => "playoff",
        }
    }

    /// The stage named `name`.
    pub fn parse(name: &str) -> Option<Stage> {
        Stage::ALL.into_iter().find(|s| s.name() == name)
    }
}

impl fmt::Display for Stage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What identifies a game of a tournament (UNIQUE in the store).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct GameKey {
    /// The stage.
    pub stage: Stage,
    /// The round (1-based; play-offs and the CodeCup final continue the numbering).
    pub round: u32,
    /// The board within the round (1-based).
    pub board: u32,
    /// The opening index, if openings are played.
    pub opening: Option<u32>,
}

impl GameKey {
    /// The key of `pairing` in `stage` (for a table: its round, that is cycle and
    /// rotation, and its board).
    pub fn of(stage: Stage, pairing: &Pairing) -> GameKey {
        GameKey {
            stage,
            round: pairing.round,
            board: pairing.board,
            opening: pairing.opening,
        }
    }

    /// The HTML anchor of the game (`game-main-r3-b2`, `-o5` with an opening).
    pub fn anchor(&self) -> String {
        let mut a = format!("game-{}-r{}-b{}", self.stage, self.round, self.board);
        if let Some(o) = self.opening {
            a.push_str(&format!("-o{o}"));
        }
        a
    }

    /// A number unique to the key, stable across runs: what engines mix into their seeds and
    /// what names a program's stderr log, so that a resumed game is the same game.
    pub fn number(&self) -> u64 {
        let stage = match self.stage {
            Stage::Main => 0,
            Stage::Final => 1,
            Stage::Playoff => 2,
        };
        ((stage * 10_000 + u64::from(self.round)) * 10_000) + u64::from(self.board)
    }
}

impl fmt::Display for GameKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.stage {
            Stage::Main => {}
            Stage::Final => f.write_str("final ")?,
            Stage::Playoff => f.write_str("play-off ")?,
        }
        write!(f, "round {} board {}", self.round, self.board)?;
        if let Some(o) = self.opening {
            write!(f, " (opening {})", o + 1)?;
        }
        Ok(())
    }
}

/// One move as stored: who, what, how long it took, what was left.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StoredMove {
    /// The seat that moved.
    pub seat: u8,
    /// The move in the game's notation.
    #[serde(rename = "move")]
    pub text: String,
    /// Wall time charged, in milliseconds.
    pub time_ms: f64,
    /// Time left on the mover's clock after the move, in milliseconds.
    pub left_ms: f64,
}

/// A finished game (or a bye) as the store keeps it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StoredGame {
    /// The stage it belongs to.
    pub stage: Stage,
    /// Round, board, opening and who sat in every seat (one seat for a bye).
    pub pairing: Pairing,
    /// The result as standings see it, every seat's.
    pub result: GameResult,
    /// A short label of how it ended: the rules' reason, `move-limit`, the fault's kind,
    /// `bye`.
    pub reason: String,
    /// How it ended, in words (the fault's detail, the rules' reason).
    pub detail: String,
    /// Every move with its times.
    pub moves: Vec<StoredMove>,
    /// The start position's text.
    pub start_position: String,
    /// The final position's text.
    pub end_position: String,
    /// What happened to each player at the end (exit, stderr), as the referee recorded it.
    pub ends: serde_json::Value,
    /// When it started (UTC, `YYYY-MM-DDTHH:MM:SSZ`).
    pub started: String,
    /// How long it took, in milliseconds.
    pub duration_ms: f64,
    /// The time each seat used, in milliseconds, for a game of more than two seats (the
    /// store keeps it in `table_seats`); empty for two seats and byes.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub used_ms: Vec<f64>,
}

impl StoredGame {
    /// Its key.
    pub fn key(&self) -> GameKey {
        GameKey::of(self.stage, &self.pairing)
    }

    /// The game as standings, crosstables and ratings take it.
    pub fn game(&self) -> Game {
        Game::new(self.pairing.clone(), self.result.clone())
    }

    /// A bye, stored like a game so that standings and the Swiss pairing see it.
    pub fn bye(stage: Stage, pairing: &Pairing) -> StoredGame {
        StoredGame {
            stage,
            pairing: pairing.clone(),
            result: GameResult::bye(),
            reason: "bye".into(),
            detail: "bye".into(),
            moves: Vec::new(),
            start_position: String::new(),
            end_position: String::new(),
            ends: serde_json::Value::Array(Vec::new()),
            started: utc_timestamp(SystemTime::now()),
            duration_ms: 0.0,
            used_ms: Vec::new(),
        }
    }
}

/// The tournament's own row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentInfo {
    /// Its name.
    pub name: String,
    /// The config exactly as it was given.
    pub config: String,
    /// The opening lines in use (read from the config's openings file when it started).
    pub openings: Vec<String>,
    /// The seed.
    pub seed: u64,
    /// When it was created (UTC).
    pub created: String,
}

/// A participant's row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredPlayer {
    /// Its name.
    pub name: String,
    /// Its spec.
    pub spec: String,
}

/// Why the store failed.
#[derive(Debug, Error)]
pub enum StoreError {
    /// SQLite said no.
    #[error("{path}: {source}")]
    Sqlite {
        /// The database file.
        path: String,
        /// Why.
        source: rusqlite::Error,
    },
    /// A new store was asked for where a file exists.
    #[error("{path} already exists")]
    Exists {
        /// The database file.
        path: String,
    },
    /// An existing store was asked for where there is none.
    #[error("{path} does not exist")]
    Missing {
        /// The database file.
        path: String,
    },
    /// The game is already stored.
    #[error("{path}: {key} is already stored")]
    Duplicate {
        /// The database file.
        path: String,
        /// The game.
        key: GameKey,
    },
    /// An interrupt (Ctrl-C) is ending the program: nothing more is stored.
    #[error("{path}: not stored, the program is being interrupted")]
    Interrupted {
        /// The database file.
        path: String,
    },
    /// The file is not a store of this version, or a row cannot be read back.
    #[error("{path}: {what}")]
    Corrupt {
        /// The database file.
        path: String,
        /// What is wrong.
        what: String,
    },
}

/// A tournament store.
#[derive(Debug)]
pub struct Store {
    conn: Connection,
    path: PathBuf,
    /// Asked just before each game's transaction commits: `true` rolls the game back (see
    /// [`Store::roll_back_when`]).
    interrupted: fn() -> bool,
}

impl Store {
    fn sqlite(&self) -> impl Fn(rusqlite::Error) -> StoreError + '_ {
        |source| StoreError::Sqlite {
            path: self.path.display().to_string(),
            source,
        }
    }

    fn corrupt(&self, what: String) -> StoreError {
        StoreError::Corrupt {
            path: self.path.display().to_string(),
            what,
        }
    }

    fn connect(path: &Path, flags: OpenFlags) -> Result<Store, StoreError> {
        let err = |source| StoreError::Sqlite {
            path: path.display().to_string(),
            source,
        };
        let conn = Connection::open_with_flags(path, flags).map_err(err)?;
        conn.busy_timeout(BUSY_TIMEOUT).map_err(err)?;
        Ok(Store {
            conn,
            path: path.to_path_buf(),
            interrupted: || false,
        })
    }

    /// Creates the store of a new tournament at `path` (which must not exist): the schema,
    /// the tournament's row and its players (ids in the order given).
    pub fn create(
        path: &Path,
        info: &TournamentInfo,
        players: &[StoredPlayer],
    ) -> Result<Store, StoreError> {
        if path.exists() {
            return Err(StoreError::Exists {
                path: path.display().to_string(),
            });
        }
        let mut store = Store::connect(
            path,
            OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_CREATE,
        )?;
        store.set_pragmas()?;
        let openings = serde_json::to_string(&info.openings).expect("strings serialize");
        let path_text = store.path.display().to_string();
        let err = |source| StoreError::Sqlite {
            path: path_text.clone(),
            source,
        };
        let tx = store.conn.transaction().map_err(err)?;
        tx.execute_batch(SCHEMA).map_err(err)?;
        tx.execute_batch(TABLE_SEATS).map_err(err)?;
        tx.execute(
            "INSERT INTO tournament (id, schema, name, config, openings, seed, created)
             VALUES (1, ?1, ?2, ?3, ?4, ?5, ?6)",
            params![
                SCHEMA_VERSION,
                info.name,
                info.config,
                openings,
                info.seed as i64,
                info.created
            ],
        )
        .map_err(err)?;
        for (i, p) in players.iter().enumerate() {
            tx.execute(
                "INSERT INTO players (id, name, spec) VALUES (?1, ?2, ?3)",
                params![i as i64, p.name, p.spec],
            )
            .map_err(err)?;
        }
        tx.commit().map_err(err)?;
        Ok(store)
    }

    /// Opens the store at `path` to continue its tournament.
    pub fn open(path: &Path) -> Result<Store, StoreError> {
        if !path.exists() {
            return Err(StoreError::Missing {
                path: path.display().to_string(),
            });
        }
        let mut store = Store::connect(path, OpenFlags::SQLITE_OPEN_READ_WRITE)?;
        store.set_pragmas()?;
        if store.check_schema()? == SCHEMA_VERSION_1 {
            store.upgrade_from_1()?;
        }
        Ok(store)
    }

    /// Opens the store at `path` for reading only (a report, or a look while it runs).
    pub fn open_read_only(path: &Path) -> Result<Store, StoreError> {
        if !path.exists() {
            return Err(StoreError::Missing {
                path: path.display().to_string(),
            });
        }
        let store = Store::connect(path, OpenFlags::SQLITE_OPEN_READ_ONLY)?;
        store.check_schema()?;
        Ok(store)
    }

    /// The database file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// WAL: readers never block the writer; FULL sync: a committed game survives a crash
    /// of the machine too; foreign keys: a game names stored players only.
    fn set_pragmas(&self) -> Result<(), StoreError> {
        let mode: String = self
            .conn
            .query_row("PRAGMA journal_mode = WAL", [], |r| r.get(0))
            .map_err(self.sqlite())?;
        if !mode.eq_ignore_ascii_case("wal") {
            return Err(self.corrupt(format!("cannot use the WAL journal (got '{mode}')")));
        }
        self.conn
            .execute_batch("PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON;")
            .map_err(self.sqlite())
    }

    /// Adds `table_seats` to a version 1 store, in one transaction.
    fn upgrade_from_1(&mut self) -> Result<(), StoreError> {
        let path = self.path.display().to_string();
        let err = |source| StoreError::Sqlite {
            path: path.clone(),
            source,
        };
        let tx = self.conn.transaction().map_err(err)?;
        tx.execute_batch(TABLE_SEATS).map_err(err)?;
        tx.execute(
            "UPDATE tournament SET schema = ?1 WHERE id = 1",
            params![SCHEMA_VERSION],
        )
        .map_err(err)?;
        tx.commit().map_err(err)
    }

    /// Whether the store has `table_seats` (version 2 on).
    fn has_table_seats(&self) -> Result<bool, StoreError> {
        self.conn
            .query_row(
                "SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = 'table_seats'",
                [],
                |r| r.get::<_, i64>(0),
            )
            .map(|n| n > 0)
            .map_err(self.sqlite())
    }

    /// The schema version, if this program reads it.
    fn check_schema(&self) -> Result<i64, StoreError> {
        let version: Option<i64> = self
            .conn
            .query_row("SELECT schema FROM tournament WHERE id = 1", [], |r| {
                r.get(0)
            })
            .optional()
            .map_err(|e| self.corrupt(format!("not a tournament store ({e})")))?;
        match version {
            Some(v @ (SCHEMA_VERSION | SCHEMA_VERSION_1)) => Ok(v),
            Some(v) => Err(self.corrupt(format!(
                "schema version {v}, this program reads version {SCHEMA_VERSION}"
            ))),
            None => Err(self.corrupt("the tournament row is missing".into())),
        }
    }

    /// The tournament's row.
    pub fn tournament(&self) -> Result<TournamentInfo, StoreError> {
        let (name, config, openings, seed, created): (String, String, String, i64, String) = self
            .conn
            .query_row(
                "SELECT name, config, openings, seed, created FROM tournament WHERE id = 1",
                [],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?)),
            )
            .map_err(self.sqlite())?;
        let openings = serde_json::from_str(&openings)
            .map_err(|e| self.corrupt(format!("tournament.openings: {e}")))?;
        Ok(TournamentInfo {
            name,
            config,
            openings,
            seed: seed as u64,
            created,
        })
    }

    /// The players, in id order.
    pub fn players(&self) -> Result<Vec<StoredPlayer>, StoreError> {
        let mut stmt = self
            .conn
            .prepare("SELECT name, spec FROM players ORDER BY id")
            .map_err(self.sqlite())?;
        let rows = stmt
            .query_map([], |r| {
                Ok(StoredPlayer {
                    name: r.get(0)?,
                    spec: r.get(1)?,
                })
            })
            .map_err(self.sqlite())?;
        rows.collect::<Result<_, _>>().map_err(self.sqlite())
    }

    /// From now on, a game whose `interrupted()` is true at the moment it would commit is
    /// rolled back and refused with [`StoreError::Interrupted`]: the runner passes its
    /// Ctrl-C flag, because a game that ends while Ctrl-C kills its players did not really
    /// end, and `--resume` must replay it.
    pub fn roll_back_when(&mut self, interrupted: fn() -> bool) {
        self.interrupted = interrupted;
    }

    /// Stores a finished game (or bye) in its own transaction; a game whose key is stored
    /// already is refused with [`StoreError::Duplicate`] and changes nothing.
    pub fn insert_game(&mut self, game: &StoredGame) -> Result<(), StoreError> {
        let key = game.key();
        let termination = to_json(&game.result.termination);
        let moves = to_json(&game.moves);
        let ends = game.ends.to_string();
        let path = self.path.display().to_string();
        let err = |source| StoreError::Sqlite {
            path: path.clone(),
            source,
        };
        let table = game.pairing.seats.len() > 2;
        // A table's `first`, `second` and half points are its seats 0 and 1 and their
        // pairwise result; its own score is in `table_seats`, not in the two score columns.
        let half = |seat| match game.pairing.seats.len() {
            1 => [2, 0][seat],
            _ => game.result.pairwise(seat, 1 - seat),
        };
        let two_seat_score = |seat: usize| {
            (!table)
                .then_some(game.result.game_score.as_ref())
                .flatten()
                .map(|g| g[seat].milli())
        };
        let tx = self.conn.transaction().map_err(err)?;
        let inserted = tx.execute(
            "INSERT INTO games (stage, round, board, opening, first, second, half_first,
                 half_second, termination, reason, detail, plies, moves, start_position,
                 end_position, ends, started, duration_ms, score_first_milli,
                 score_second_milli)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16,
                 ?17, ?18, ?19, ?20)",
            params![
                key.stage.name(),
                key.round,
                key.board,
                key.opening.map_or(NO_OPENING, i64::from),
                game.pairing.first().0,
                game.pairing.second().map(|p| p.0),
                half(0),
                half(1),
                termination,
                game.reason,
                game.detail,
                game.moves.len() as i64,
                moves,
                game.start_position,
                game.end_position,
                ends,
                game.started,
                game.duration_ms,
                two_seat_score(0),
                two_seat_score(1),
            ],
        );
        match inserted {
            Ok(_) => {}
            Err(rusqlite::Error::SqliteFailure(e, _))
                if e.extended_code == rusqlite::ffi::SQLITE_CONSTRAINT_UNIQUE =>
            {
                return Err(StoreError::Duplicate {
                    path: path.clone(),
                    key,
                });
            }
            Err(e) => return Err(err(e)),
        }
        if table {
            let id = tx.last_insert_rowid();
            for (seat, player) in game.pairing.seats.iter().enumerate() {
                let score = game.result.ranking.get(seat).copied().unwrap_or_default();
                let used_ms = game.used_ms.get(seat).copied().unwrap_or(0.0);
                tx.execute(
                    "INSERT INTO table_seats (game, seat, player, score_milli, used_ms)
                     VALUES (?1, ?2, ?3, ?4, ?5)",
                    params![id, seat as i64, player.0, score.milli(), used_ms],
                )
                .map_err(err)?;
            }
        }
        if (self.interrupted)() {
            // Ctrl-C killed the players: whatever this game says, it did not really end.
            // Dropping the transaction rolls it back; `--resume` replays the game.
            return Err(StoreError::Interrupted { path });
        }
        tx.commit().map_err(err)
    }

    /// The own scores of the two-seat games that have one, by game id.
    fn game_scores(&self) -> Result<BTreeMap<i64, Vec<Points>>, StoreError> {
        if !self.has_table_seats()? {
            return Ok(BTreeMap::new());
        }
        let mut stmt = self
            .conn
            .prepare(
                "SELECT id, score_first_milli, score_second_milli FROM games
                 WHERE score_first_milli IS NOT NULL AND score_second_milli IS NOT NULL",
            )
            .map_err(self.sqlite())?;
        let rows = stmt
            .query_map([], |r| {
                Ok((
                    r.get::<_, i64>(0)?,
                    vec![Points::from_milli(r.get(1)?), Points::from_milli(r.get(2)?)],
                ))
            })
            .map_err(self.sqlite())?;
        rows.collect::<Result<_, _>>().map_err(self.sqlite())
    }

    /// The seats of every stored game of more than two seats, by game id.
    fn table_seats(&self) -> Result<BTreeMap<i64, Vec<TableSeat>>, StoreError> {
        let mut out: BTreeMap<i64, Vec<TableSeat>> = BTreeMap::new();
        if !self.has_table_seats()? {
            return Ok(out);
        }
        let mut stmt = self
            .conn
            .prepare(
                "SELECT game, player, score_milli, used_ms FROM table_seats ORDER BY game, seat",
            )
            .map_err(self.sqlite())?;
        let rows = stmt
            .query_map([], |r| {
                Ok((
                    r.get::<_, i64>(0)?,
                    TableSeat {
                        player: PlayerId(r.get(1)?),
                        score: Points::from_milli(r.get(2)?),
                        used_ms: r.get(3)?,
                    },
                ))
            })
            .map_err(self.sqlite())?;
        for row in rows {
            let (game, seat) = row.map_err(self.sqlite())?;
            out.entry(game).or_default().push(seat);
        }
        Ok(out)
    }

    /// Every stored game and bye, by stage, round, board and opening.
    pub fn games(&self) -> Result<Vec<StoredGame>, StoreError> {
        let mut stmt = self
            .conn
            .prepare(
                "SELECT stage, round, board, opening, first, second, half_first, half_second,
                     termination, reason, detail, moves, start_position, end_position, ends,
                     started, duration_ms, id
                 FROM games ORDER BY stage = 'playoff', stage = 'final', round, board, opening",
            )
            .map_err(self.sqlite())?;
        type Raw = (
            String,
            u32,
            u32,
            i64,
            u32,
            Option<u32>,
            u8,
            u8,
            String,
            String,
            String,
            String,
            String,
            String,
            String,
            String,
            f64,
            i64,
        );
        let rows = stmt
            .query_map([], |r| {
                Ok((
                    r.get(0)?,
                    r.get(1)?,
                    r.get(2)?,
                    r.get(3)?,
                    r.get(4)?,
                    r.get(5)?,
                    r.get(6)?,
                    r.get(7)?,
                    r.get(8)?,
                    r.get(9)?,
                    r.get(10)?,
                    r.get(11)?,
                    r.get(12)?,
                    r.get(13)?,
                    r.get(14)?,
                    r.get(15)?,
                    r.get(16)?,
                    r.get(17)?,
                ))
            })
            .map_err(self.sqlite())?;
        let mut tables = self.table_seats()?;
        let mut scores = self.game_scores()?;
        let mut games = Vec::new();
        for row in rows {
            let raw: Raw = row.map_err(self.sqlite())?;
            let (stage, round, board, opening, first, second, h0, h1) =
                (raw.0, raw.1, raw.2, raw.3, raw.4, raw.5, raw.6, raw.7);
            let at = format!("game {stage} round {round} board {board}");
            let stage =
                Stage::parse(&stage).ok_or_else(|| self.corrupt(format!("{at}: unknown stage")))?;
            let termination = serde_json::from_str(&raw.8)
                .map_err(|e| self.corrupt(format!("{at}: termination: {e}")))?;
            let moves = serde_json::from_str(&raw.11)
                .map_err(|e| self.corrupt(format!("{at}: moves: {e}")))?;
            let ends = serde_json::from_str(&raw.14)
                .map_err(|e| self.corrupt(format!("{at}: ends: {e}")))?;
            let opening = (opening != NO_OPENING)
                .then(|| u32::try_from(opening))
                .transpose()
                .map_err(|_| self.corrupt(format!("{at}: opening {opening}")))?;
            let (seats, result, used_ms) = match tables.remove(&raw.17) {
                Some(table) => (
                    table.iter().map(|s| s.player).collect(),
                    GameResult::table(table.iter().map(|s| s.score).collect(), termination),
                    table.iter().map(|s| s.used_ms).collect(),
                ),
                None => {
                    let seats = [Some(first), second].into_iter().flatten().map(PlayerId);
                    let result = match second {
                        Some(_) => GameResult {
                            game_score: scores.remove(&raw.17),
                            ..GameResult::from_half_points([h0, h1], termination)
                        },
                        None => GameResult {
                            termination,
                            ..GameResult::bye()
                        },
                    };
                    (seats.collect(), result, Vec::new())
                }
            };
            games.push(StoredGame {
                stage,
                pairing: Pairing {
                    round,
                    board,
                    seats,
                    opening,
                },
                result,
                reason: raw.9,
                detail: raw.10,
                moves,
                start_position: raw.12,
                end_position: raw.13,
                ends,
                started: raw.15,
                duration_ms: raw.16,
                used_ms,
            });
        }
        Ok(games)
    }

    /// The keys of the stored games and byes.
    pub fn keys(&self) -> Result<BTreeSet<GameKey>, StoreError> {
        Ok(self.games()?.iter().map(StoredGame::key).collect())
    }
}

/// One row of `table_seats`.
struct TableSeat {
    player: PlayerId,
    score: Points,
    used_ms: f64,
}

/// A stored value as JSON text.
fn to_json<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value).expect("stored values serialize")
}

/// The pairings of `schedule` in `stage` that `stored` lacks, in schedule order: what a
/// resumed tournament still has to play.
pub fn missing<'a>(
    schedule: &'a [Pairing],
    stage: Stage,
    stored: &BTreeSet<GameKey>,
) -> Vec<&'a Pairing> {
    schedule
        .iter()
        .filter(|p| !stored.contains(&GameKey::of(stage, p)))
        .collect()
}

/// Days since 1970-01-01 to a (year, month, day) of the proleptic Gregorian calendar
/// (Howard Hinnant's `civil_from_days`).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

/// The date and time of `t` in UTC: (year, month, day, hour, minute, second).
fn utc_parts(t: SystemTime) -> (i64, u32, u32, u32, u32, u32) {
    let secs = t
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64);
    let (y, mo, d) = civil_from_days(secs.div_euclid(86_400));
    let s = secs.rem_euclid(86_400) as u32;
    (y, mo, d, s / 3600, s / 60 % 60, s % 60)
}

/// `t` in UTC as `YYYY-MM-DDTHH:MM:SSZ`.
pub fn utc_timestamp(t: SystemTime) -> String {
    let (y, mo, d, h, mi, s) = utc_parts(t);
    format!("{y:04}-{mo:02}-{d:02}T{h:02}:{mi:02}:{s:02}Z")
}

/// `t` in UTC as `YYYYmmdd-HHMMSS`, for directory names.
pub fn utc_compact(t: SystemTime) -> String {
    let (y, mo, d, h, mi, s) = utc_parts(t);
    format!("{y:04}{mo:02}{d:02}-{h:02}{mi:02}{s:02}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use olympiad_tournament::{Termination, round_robin};

    fn temp_db(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("olympiad-store-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir.join("t.db")
    }

    fn info() -> TournamentInfo {
        TournamentInfo {
            name: "test".into(),
            config: "game = \"caissa\"\n".into(),
            openings: vec!["b2-c4".into()],
            seed: u64::MAX - 3,
            created: utc_timestamp(SystemTime::now()),
        }
    }

    fn players() -> Vec<StoredPlayer> {
        (0..4)
            .map(|i| StoredPlayer {
                name: format!("p{i}"),
                spec: format!("builtin:random:seed={i}"),
            })
            .collect()
    }

    fn played(stage: Stage, pairing: &Pairing, result: GameResult) -> StoredGame {
        StoredGame {
            stage,
            pairing: pairing.clone(),
            reason: result.termination.label().to_string(),
            detail: "by the rules".into(),
            result,
            moves: vec![
                StoredMove {
                    seat: 0,
                    text: "a1-b2".into(),
                    time_ms: 1.5,
                    left_ms: 998.5,
                },
                StoredMove {
                    seat: 1,
                    text: "g7-f6".into(),
                    time_ms: 2.0,
                    left_ms: 998.0,
                },
            ],
            start_position: "start".into(),
            end_position: "end".into(),
            ends: serde_json::json!([{"name": "p0"}, {"name": "p1"}]),
            started: "2025-01-02T03:04:05Z".into(),
            duration_ms: 12.5,
            used_ms: Vec::new(),
        }
    }

    #[test]
    fn games_reload_as_stored() {
        let path = temp_db("reload");
        let mut store = Store::create(&path, &info(), &players()).unwrap();
        let schedule = round_robin(4, 1, 9);
        let p = &schedule.pairings;
        let a = played(Stage::Main, &p[0], GameResult::win(0));
        let b = played(Stage::Main, &p[1], GameResult::irregular_loss(1, "timeout"));
        let mut c = played(Stage::Playoff, &p[2], GameResult::adjudicated_draw());
        c.pairing.opening = Some(3);
        let bye = StoredGame::bye(Stage::Main, &Pairing::bye(2, 3, PlayerId(1)));
        for g in [&c, &b, &bye, &a] {
            store.insert_game(g).unwrap();
        }
        drop(store);
        let store = Store::open(&path).unwrap();
        assert_eq!(store.tournament().unwrap(), info_with_created(&store));
        assert_eq!(store.players().unwrap(), players());
        let games = store.games().unwrap();
        // Main games by round and board, play-offs last.
        let mut expected = vec![a.clone(), b.clone(), bye.clone()];
        expected.sort_by_key(StoredGame::key);
        expected.push(c.clone());
        assert_eq!(games, expected);
        assert_eq!(
            games[1].result.termination,
            Termination::Irregular {
                seat: 1,
                reason: "timeout".into()
            }
        );
        assert_eq!(games[3].key().opening, Some(3));
        // A reader sees the same while the store is open for writing.
        let reader = Store::open_read_only(&path).unwrap();
        assert_eq!(reader.games().unwrap().len(), 4);
        let _ = std::fs::remove_dir_all(path.parent().unwrap());
    }

    fn info_with_created(store: &Store) -> TournamentInfo {
        TournamentInfo {
            created: store.tournament().unwrap().created,
            ..info()
        }
    }

    #[test]
    fn a_game_is_stored_once() {
        let path = temp_db("unique");
        let mut store = Store::create(&path, &info(), &players()).unwrap();
        let p = Pairing::game(1, 1, PlayerId(0), PlayerId(1));
        store
            .insert_game(&played(Stage::Main, &p, GameResult::win(0)))
            .unwrap();
        // The same key with another result is refused, and changes nothing.
        let again = store.insert_game(&played(Stage::Main, &p, GameResult::win(1)));
        assert!(
            matches!(again, Err(StoreError::Duplicate { key, .. }) if key == GameKey::of(Stage::Main, &p)),
            "{again:?}"
        );
        // Even with other players: the key identifies the game.
        let other = Pairing::game(1, 1, PlayerId(2), PlayerId(3));
        assert!(
            store
                .insert_game(&played(Stage::Main, &other, GameResult::draw()))
                .is_err()
        );
        // Same round and board, another stage or opening: a different game.
        store
            .insert_game(&played(Stage::Playoff, &p, GameResult::draw()))
            .unwrap();
        let opened = Pairing {
            opening: Some(0),
            ..p.clone()
        };
        store
            .insert_game(&played(Stage::Main, &opened, GameResult::draw()))
            .unwrap();
        let games = store.games().unwrap();
        assert_eq!(games.len(), 3);
        assert_eq!(games[0].result, GameResult::win(0));
        // A player outside the list is refused by the foreign key.
        let stranger = Pairing::game(2, 1, PlayerId(0), PlayerId(9));
        assert!(
            store
                .insert_game(&played(Stage::Main, &stranger, GameResult::draw()))
                .is_err()
        );
        // A second store at the same path is refused.
        assert!(matches!(
            Store::create(&path, &info(), &players()),
            Err(StoreError::Exists { .. })
        ));
        let _ = std::fs::remove_dir_all(path.parent().unwrap());
    }

    #[test]
    fn resume_plays_the_schedule_minus_the_stored() {
        let path = temp_db("resume");
        let mut store = Store::create(&path, &info(), &players()).unwrap();
        let schedule = round_robin(4, 2, 5).pairings;
        for (i, p) in schedule.iter().enumerate().filter(|(i, _)| i % 3 == 0) {
            let r = if i % 2 == 0 {
                GameResult::win(0)
            } else {
                GameResult::draw()
            };
            store.insert_game(&played(Stage::Main, p, r)).unwrap();
        }
        let stored = Store::open_read_only(&path).unwrap().keys().unwrap();
        let todo = missing(&schedule, Stage::Main, &stored);
        let expected: Vec<&Pairing> = schedule
            .iter()
            .enumerate()
            .filter(|(i, _)| i % 3 != 0)
            .map(|(_, p)| p)
            .collect();
        assert_eq!(todo, expected);
        // Stored games of another stage do not count for this one.
        assert_eq!(
            missing(&schedule, Stage::Final, &stored).len(),
            schedule.len()
        );
        // Once the rest is stored, nothing is missing.
        for p in todo {
            store
                .insert_game(&played(Stage::Main, p, GameResult::draw()))
                .unwrap();
        }
        assert!(missing(&schedule, Stage::Main, &store.keys().unwrap()).is_empty());
        assert_eq!(store.games().unwrap().len(), schedule.len());
        let _ = std::fs::remove_dir_all(path.parent().unwrap());
    }

    #[test]
    fn table_games_keep_every_seat() {
        let path = temp_db("tables");
        let mut store = Store::create(&path, &info(), &players()).unwrap();
        let pairing = Pairing::table(
            2,
            1,
            vec![PlayerId(2), PlayerId(0), PlayerId(3), PlayerId(1)],
        );
        let mut game = played(
            Stage::Main,
            &pairing,
            GameResult::table(
                (0..4)
                    .map(|k| Points::from_int(if k == 3 { 0 } else { 1 }))
                    .collect(),
                Termination::Irregular {
                    seat: 3,
                    reason: "time-out".into(),
                },
            ),
        );
        game.used_ms = (0..4).map(|k| 100.0 * k as f64 + 0.5).collect();
        store.insert_game(&game).unwrap();
        // Its key is the table's: a second game there is refused, its seats untouched.
        assert!(matches!(
            store.insert_game(&game),
            Err(StoreError::Duplicate { .. })
        ));
        let two = played(
            Stage::Main,
            &Pairing::game(1, 1, PlayerId(0), PlayerId(1)),
            GameResult::draw(),
        );
        store.insert_game(&two).unwrap();
        drop(store);
        let games = Store::open_read_only(&path).unwrap().games().unwrap();
        assert_eq!(games.len(), 2);
        assert_eq!(games[0], two);
        assert_eq!(games[1], game);
        assert_eq!(games[1].key(), GameKey::of(Stage::Main, &pairing));
        assert_eq!(games[1].pairing, pairing);
        assert_eq!(games[1].result.irregular_loser(), Some(3));
        assert_eq!(games[1].used_ms.len(), 4);
        assert!(games[0].used_ms.is_empty());
        // The games row of a table holds its seats 0 and 1 and their pairwise result, as
        // version 1 stores held two-seat games; no two-seat score.
        let conn = Connection::open(&path).unwrap();
        let row: (u32, u32, u8, u8, Option<i64>) = conn
            .query_row(
                "SELECT first, second, half_first, half_second, score_first_milli FROM games
                 WHERE round = 2",
                [],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?)),
            )
            .unwrap();
        assert_eq!(row, (2, 0, 1, 1, None));
        let _ = std::fs::remove_dir_all(path.parent().unwrap());
    }

    #[test]
    fn a_version_1_store_opens_and_is_upgraded_for_writing() {
        let path = temp_db("v1");
        {
            let conn = Connection::open(&path).unwrap();
            conn.execute_batch(SCHEMA).unwrap();
            conn.execute(
                "INSERT INTO tournament (id, schema, name, config, openings, seed, created)
                 VALUES (1, 1, 'old', 'game = \"caissa\"', '[]', 3, '2025-01-01T00:00:00Z')",
                [],
            )
            .unwrap();
            for i in 0..2 {
                conn.execute(
                    "INSERT INTO players (id, name, spec) VALUES (?1, ?2, 'builtin:random')",
                    params![i, format!("p{i}")],
                )
                .unwrap();
            }
        }
        let p = Pairing::game(1, 1, PlayerId(0), PlayerId(1));
        let old = played(Stage::Main, &p, GameResult::win(1));
        {
            // Written as version 1 wrote it: no table_seats.
            let conn = Connection::open(&path).unwrap();
            conn.execute(
                "INSERT INTO games (stage, round, board, opening, first, second, half_first,
                     half_second, termination, reason, detail, plies, moves, start_position,
                     end_position, ends, started, duration_ms)
                 VALUES ('main', 1, 1, -1, 0, 1, 0, 2, ?1, ?2, ?3, 2, ?4, 'start', 'end', ?5,
                     ?6, 12.5)",
                params![
                    to_json(&old.result.termination),
                    old.reason,
                    old.detail,
                    to_json(&old.moves),
                    old.ends.to_string(),
                    old.started
                ],
            )
            .unwrap();
        }
        // Read-only: read as it is, still version 1.
        let reader = Store::open_read_only(&path).unwrap();
        assert_eq!(reader.games().unwrap(), vec![old.clone()]);
        assert_eq!(reader.check_schema().unwrap(), SCHEMA_VERSION_1);
        drop(reader);
        // For writing: upgraded, and the games are still there.
        let mut store = Store::open(&path).unwrap();
        assert_eq!(store.check_schema().unwrap(), SCHEMA_VERSION);
        assert!(store.has_table_seats().unwrap());
        assert_eq!(store.tournament().unwrap().name, "old");
        let next = played(
            Stage::Main,
            &Pairing::game(2, 1, PlayerId(1), PlayerId(0)),
            GameResult::draw(),
        );
        store.insert_game(&next).unwrap();
        assert_eq!(store.games().unwrap(), vec![old, next]);
        drop(store);
        // A version this program does not know is refused.
        let conn = Connection::open(&path).unwrap();
        conn.execute("UPDATE tournament SET schema = 99", [])
            .unwrap();
        drop(conn);
        assert!(matches!(
            Store::open(&path),
            Err(StoreError::Corrupt { .. })
        ));
        let _ = std::fs::remove_dir_all(path.parent().unwrap());
    }

    #[test]
    fn not_a_store_is_refused() {
        let path = temp_db("bad");
        std::fs::write(&path, "plain text").unwrap();
        assert!(Store::open(&path).is_err());
        let missing_path = path.with_file_name("none.db");
        assert!(matches!(
            Store::open(&missing_path),
            Err(StoreError::Missing { .. })
        ));
        let _ = std::fs::remove_dir_all(path.parent().unwrap());
    }

    #[test]
    fn utc_dates() {
        let t = UNIX_EPOCH + Duration::from_secs(951_782_400 + 3 * 3600 + 4 * 60 + 5);
        assert_eq!(utc_timestamp(t), "2000-02-29T03:04:05Z");
        assert_eq!(utc_compact(t), "20000229-030405");
        assert_eq!(utc_timestamp(UNIX_EPOCH), "1970-01-01T00:00:00Z");
    }
}
