//! The games of a match or tournament in the game's own record format (`games.pgn` for
//! chess), beside the arena's JSON records or the tournament's store: each game appended
//! and flushed as it ends, so that a GUI or database can follow a long run, and a crash
//! loses at most the game under way. The JSON records and the store stay authoritative: a
//! game that cannot be written is said once on stderr, and the run goes on.

use olympiad_arena::GameRecord;
use olympiad_arena::record_file::{self, Head};
use olympiad_catalog::GameEntry;
use std::io::Write;
use std::path::{Path, PathBuf};

/// An open record file.
pub struct GameFile {
    game: &'static GameEntry,
    file: std::fs::File,
    path: PathBuf,
    /// Whether a game could not be written (said once).
    failed: bool,
}

impl GameFile {
    /// `DIR/games.EXT` when the game has a record format: a new file (a match's directory
    /// must not hold one yet), or for a resumed tournament appended to.
    pub fn create(
        dir: &Path,
        game: &'static GameEntry,
        append: bool,
    ) -> anyhow::Result<Option<GameFile>> {
        let Some(ext) = game.record_extension() else {
            return Ok(None);
        };
        let path = dir.join(format!("games.{ext}"));
        std::fs::create_dir_all(dir).map_err(|e| anyhow::anyhow!("{}: {e}", dir.display()))?;
        let mut options = std::fs::OpenOptions::new();
        if append {
            options.create(true).append(true);
        } else {
            options.create_new(true).write(true);
        }
        let file = options.open(&path).map_err(|e| {
            let hint = if append {
                ""
            } else {
                " (--out takes a directory without a match in it)"
            };
            crate::input_error(format!("{}: {e}{hint}", path.display()))
        })?;
        Ok(Some(GameFile {
            game,
            file,
            path,
            failed: false,
        }))
    }

    /// Appends one finished game of `event`, round `round`.
    pub fn add(&mut self, record: &GameRecord, event: &str, round: &str) {
        let now = olympiad_store::utc_timestamp(std::time::SystemTime::now());
        let date = now[..10].replace('-', ".");
        let head = Head {
            event,
            date: &date,
            round,
        };
        let written = record_file::write(self.game, record, &head)
            .expect("the game has a record format")
            .and_then(|text| {
                self.file
                    .write_all(text.as_bytes())
                    .and_then(|()| self.file.flush())
                    .map_err(|e| e.to_string())
            });
        if let Err(e) = written
            && !self.failed
        {
            self.failed = true;
            eprintln!(
                "olympiad: warning: {}: game {} not written ({e}); the records have every game",
                self.path.display(),
                record.index + 1
            );
        }
    }
}
