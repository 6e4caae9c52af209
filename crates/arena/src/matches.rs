//! A match: N games between two players on one game, seats alternating, run `concurrency`
//! games at a time, each finished game reported as it ends and written to
//! `OUT/games.jsonl` (one JSON record per line; a new file: a directory holds one match),
//! with each program's stderr log beside it.

use crate::player::{EnginePlayer, Fault, Player, PlayerEnd, ProgramPlayer, Reply, Turn};
use crate::process::{Limits, ProcessConfig};
use crate::rating::Wdl;
use crate::referee::{GameRecord, RefereeConfig, play_game};
use crate::spec::PlayerSpec;
use crate::sprt::{Pentanomial, Sprt, Verdict};
use olympiad_catalog::{DynGame, EngineContext, GameEntry, ThinkTime};
use olympiad_protocol::codecup::MAX_REPLY_BYTES;
use std::collections::BTreeMap;
use std::fs::{File, OpenOptions};
use std::io::{BufWriter, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc;
use std::time::Duration;
use thiserror::Error;

/// The most stderr bytes written to a program's log file per game.
pub const STDERR_LOG_BYTES: u64 = 1 << 20;
/// The most stderr bytes kept in the game record.
pub const STDERR_RECORD_BYTES: usize = 2048;
/// Seconds of CPU time a program gets beyond its clock budget (the RLIMIT_CPU backstop; the
/// wall clock is what the referee enforces).
pub const CPU_LIMIT_MARGIN_SECS: u64 = 2;
/// Plies assumed when turning an increment into extra CPU seconds for the backstop.
pub const CPU_LIMIT_ASSUMED_PLIES: u32 = 1000;
/// The name of the records file in the output directory.
pub const RECORDS_FILE: &str = "games.jsonl";

/// A player of a match: the name used in records and the checked spec.
#[derive(Clone, Debug)]
pub struct Contestant {
    /// How records and reports name it.
    pub name: String,
    /// What it is.
    pub spec: PlayerSpec,
}

/// How to run a match.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    /// The game.
    pub game: &'static GameEntry,
    /// How many games.
    pub games: u64,
    /// Clocks and adjudication.
    pub referee: RefereeConfig,
    /// Games played at once.
    pub concurrency: usize,
    /// Where records and stderr logs go (`None`: nowhere; stderr is only kept, capped, in
    /// the records).
    pub out_dir: Option<PathBuf>,
    /// Memory limit for programs (the CPU limit follows from the time control).
    pub address_space_bytes: Option<u64>,
    /// Stop as soon as this test decides (games are paired `2k`, `2k + 1`: seats swapped).
    pub sprt: Option<Sprt>,
    /// Opening lines (moves in the game's notation, separated by spaces): games `2k` and
    /// `2k + 1` both start after opening `k` (modulo the count), seats swapped. Empty: every
    /// game starts from the start position. Built-in players only: the CodeCup dialogue
    /// has no way to start a program from another position.
    pub openings: Vec<String>,
}

/// The tally of a match so far, from the first player's point of view.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MatchSummary {
    /// Wins, draws, losses of the first player.
    pub wdl: Wdl,
    /// Games per termination label (rules' reason, "move-limit" or the fault's kind).
    pub terminations: BTreeMap<String, u32>,
    /// Faults per player (index 0: the first player).
    pub faults: [u32; 2],
    /// Finished game pairs (games `2k` and `2k + 1`), from the first player's point of view.
    pub pairs: Pentanomial,
    /// The first player's score in games whose pair partner has not finished yet.
    pending: BTreeMap<u64, f64>,
    /// The SPRT's decision and the pairs it was taken on (games under way then still finish
    /// and are counted above, but do not change the decision).
    pub sprt_decision: Option<(Verdict, u64)>,
}

/// Why a match could not run.
#[derive(Debug, Error)]
pub enum MatchError {
    /// The output directory or records file.
    #[error("{path}: {source}")]
    Output {
        /// The file or directory.
        path: String,
        /// Why.
        source: std::io::Error,
    },
    /// Bad settings.
    #[error("{0}")]
    Config(String),
}

/// A player that could not be started: its first turn reports why.
struct Unstarted(Fault);

impl Player for Unstarted {
    fn take_turn(&mut self, _: Turn<'_>, _: Duration, _: &ThinkTime) -> Result<Reply, Fault> {
        Err(self.0.clone())
    }
    fn finish(&mut self, _faulted: bool) -> PlayerEnd {
        PlayerEnd::default()
    }
}

impl MatchConfig {
    fn cpu_seconds(&self) -> u64 {
        let t = &self.referee.time;
        let total = t.budget + t.increment * CPU_LIMIT_ASSUMED_PLIES;
        total.as_secs() + 1 + CPU_LIMIT_MARGIN_SECS
    }

    /// The position game `index` starts from: the start, or the start after its opening.
    pub fn start_position(&self, index: u64) -> Result<Box<dyn DynGame>, MatchError> {
        let mut game = (self.game.start)();
        if self.openings.is_empty() {
            return Ok(game);
        }
        let k = (index / 2) as usize % self.openings.len();
        for word in self.openings[k].split_whitespace() {
            game.play(word)
                .map_err(|e| MatchError::Config(format!("opening {}: move {word}: {e}", k + 1)))?;
        }
        if game.outcome().is_some() {
            return Err(MatchError::Config(format!(
                "opening {} ends the game",
                k + 1
            )));
        }
        Ok(game)
    }

    /// Checks the openings (every move legal, no finished game) and that only built-in
    /// players play them.
    pub fn check_openings(&self, contestants: [&Contestant; 2]) -> Result<(), MatchError> {
        if self.openings.is_empty() {
            return Ok(());
        }
        if let Some(c) = contestants
            .iter()
            .find(|c| matches!(c.spec, PlayerSpec::Command { .. }))
        {
            return Err(MatchError::Config(format!(
                "{} is a program: openings need built-in players (the CodeCup dialogue \
                 always starts from the start position)",
                c.name
            )));
        }
        for k in 0..self.openings.len() {
            self.start_position(2 * k as u64)?;
        }
        Ok(())
    }

    /// Creates the player for `seat` of game `index`.
    pub fn make_player(&self, who: &Contestant, index: u64, seat: usize) -> Box<dyn Player> {
        match &who.spec {
            PlayerSpec::Builtin { engine, options } => {
                let ctx = EngineContext {
                    game: self.game,
                    game_index: index,
                };
                let start = match self.start_position(index) {
                    Ok(game) => game,
                    Err(e) => return Box::new(Unstarted(Fault::Crash(e.to_string()))),
                };
                match (engine.create)(&ctx, options) {
                    Ok(e) => Box::new(EnginePlayer::new(e, start)),
                    Err(e) => Box::new(Unstarted(Fault::Crash(format!("cannot create: {e}")))),
                }
            }
            PlayerSpec::Command { program, args } => {
                let config = ProcessConfig {
                    program: program.clone(),
                    args: args.clone(),
                    limits: Limits {
                        address_space_bytes: self.address_space_bytes,
                        cpu_seconds: Some(self.cpu_seconds()),
                    },
                    max_line_bytes: MAX_REPLY_BYTES,
                    stderr_log: self
                        .out_dir
                        .as_ref()
                        .map(|d| d.join(format!("game-{index:05}-seat{seat}.stderr"))),
                    stderr_log_bytes: STDERR_LOG_BYTES,
                    stderr_keep_bytes: STDERR_RECORD_BYTES,
                };
                match ProgramPlayer::spawn(&config) {
                    Ok(p) => Box::new(p),
                    Err(e) => Box::new(Unstarted(Fault::Crash(e.to_string()))),
                }
            }
        }
    }

    /// Plays game `index`: the first contestant takes seat 0 in even games, seat 1 in odd.
    pub fn play(&self, index: u64, contestants: [&Contestant; 2]) -> GameRecord {
        let seated = if index.is_multiple_of(2) {
            contestants
        } else {
            [contestants[1], contestants[0]]
        };
        let mut players = [
            self.make_player(seated[0], index, 0),
            self.make_player(seated[1], index, 1),
        ];
        let start = self
            .start_position(index)
            .expect("openings are checked before the match starts");
        play_game(
            start,
            &mut players,
            [seated[0].name.clone(), seated[1].name.clone()],
            &self.referee,
            index,
        )
    }
}

impl MatchSummary {
    /// Counts one game of the match (seats alternate by its index).
    pub fn add(&mut self, record: &GameRecord) {
        let a_seat = (record.index % 2) as usize;
        let (mine, theirs) = (record.points[a_seat], record.points[1 - a_seat]);
        let score = match mine.partial_cmp(&theirs) {
            Some(std::cmp::Ordering::Greater) => {
                self.wdl.wins += 1;
                1.0
            }
            Some(std::cmp::Ordering::Less) => {
                self.wdl.losses += 1;
                0.0
            }
            _ => {
                self.wdl.draws += 1;
                0.5
            }
        };
        match self.pending.remove(&(record.index ^ 1)) {
            Some(other) => self.pairs.add(score, other),
            None => {
                self.pending.insert(record.index, score);
            }
        }
        *self
            .terminations
            .entry(record.termination.label())
            .or_default() += 1;
        if let crate::referee::Termination::Fault { seat, .. } = record.termination {
            let player = if seat as usize == a_seat { 0 } else { 1 };
            self.faults[player] += 1;
        }
    }
}

/// Plays the match; `on_game` sees every record as its game ends (in the order they end)
/// with the tally so far.
pub fn run_match(
    config: &MatchConfig,
    a: &Contestant,
    b: &Contestant,
    mut on_game: impl FnMut(&GameRecord, &MatchSummary),
) -> Result<MatchSummary, MatchError> {
    if config.concurrency == 0 {
        return Err(MatchError::Config("concurrency must be at least 1".into()));
    }
    if config.game.players != 2 {
        return Err(MatchError::Config(format!(
            "{} has {} seats; matches are for two-player games",
            config.game.name, config.game.players
        )));
    }
    config.check_openings([a, b])?;
    let mut records = match &config.out_dir {
        Some(dir) => {
            let output = |source, path: &PathBuf| MatchError::Output {
                path: path.display().to_string(),
                source,
            };
            std::fs::create_dir_all(dir).map_err(|e| output(e, dir))?;
            let path = dir.join(RECORDS_FILE);
            let file: File = OpenOptions::new()
                .create_new(true)
                .write(true)
                .open(&path)
                .map_err(|e| output(e, &path))?;
            Some((BufWriter::new(file), path))
        }
        None => None,
    };
    let next = AtomicU64::new(0);
    let stop = AtomicBool::new(false);
    let mut summary = MatchSummary::default();
    let (tx, rx) = mpsc::channel::<GameRecord>();
    let workers = config.concurrency.min(config.games.max(1) as usize);
    let result: Result<(), MatchError> = std::thread::scope(|scope| {
        for _ in 0..workers {
            let tx = tx.clone();
            let next = &next;
            let stop = &stop;
            scope.spawn(move || {
                loop {
                    if stop.load(Ordering::Relaxed) {
                        break;
                    }
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    if index >= config.games {
                        break;
                    }
                    if tx.send(config.play(index, [a, b])).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        for record in rx {
            summary.add(&record);
            if let Some(test) = &config.sprt
                && summary.sprt_decision.is_none()
                && test.verdict(&summary.pairs) != Verdict::Continue
            {
                summary.sprt_decision = Some((test.verdict(&summary.pairs), summary.pairs.pairs()));
                // Games already under way finish and are recorded; no new one starts.
                stop.store(true, Ordering::Relaxed);
            }
            if let Some((file, path)) = records.as_mut() {
                let line = serde_json::to_string(&record).expect("records serialize");
                writeln!(file, "{line}")
                    .and_then(|()| file.flush())
                    .map_err(|source| MatchError::Output {
                        path: path.display().to_string(),
                        source,
                    })?;
            }
            on_game(&record, &summary);
        }
        Ok(())
    });
    result?;
    Ok(summary)
}
