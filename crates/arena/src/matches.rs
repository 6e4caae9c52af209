//! A match: N games between as many players as the game has seats, run `concurrency` games
//! at a time, each finished game reported as it ends and written to `OUT/games.jsonl` (one
//! JSON record per line; a new file: a directory holds one match), with each program's
//! stderr log beside it.
//!
//! Seats rotate cyclically: in game `i` seat `s` holds player `(s + i) mod n`, so over any
//! `n` consecutive games every player sits in every seat once (for two players: seats
//! alternate). Two players get [`run_match`] (W/D/L, Elo, SPRT, openings); more get
//! [`run_table`] (average rank, score share, sole wins).

use crate::executor::{Executor, LocalExecutor};
use crate::job::{GameJob, OpeningError, opening_position};
use crate::referee::{GameRecord, RefereeConfig};
use crate::spec::PlayerSpec;
use crate::watch::Watch;
use olympiad_catalog::{DynGame, GameEntry};
use olympiad_tournament::sprt::{Pentanomial, Sprt, Verdict};
use olympiad_tournament::wdl::Wdl;
use std::collections::BTreeMap;
use std::fs::{File, OpenOptions};
use std::io::{BufWriter, Write};
use std::ops::ControlFlow;
use std::path::PathBuf;
use thiserror::Error;

pub use crate::job::POSITION_PREFIX;

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

impl MatchConfig {
    /// The opening line game `index` starts after: games `2k` and `2k + 1` play opening
    /// `k` (modulo the count); `None` without openings.
    fn opening(&self, index: u64) -> Option<(usize, &str)> {
        if self.openings.is_empty() {
            return None;
        }
        let k = (index / 2) as usize % self.openings.len();
        Some((k, &self.openings[k]))
    }

    /// The position game `index` starts from: the start, the start after its opening's
    /// moves, or its opening's position (a line `position TEXT`).
    pub fn start_position(&self, index: u64) -> Result<Box<dyn DynGame>, MatchError> {
        let Some((k, line)) = self.opening(index) else {
            return Ok(self.game.start());
        };
        opening_position(self.game, line).map_err(|e| {
            let n = k + 1;
            MatchError::Config(match e {
                OpeningError::Position(e) => format!("opening {n}: {e}"),
                OpeningError::Move { word, error } => format!("opening {n}: move {word}: {error}"),
                OpeningError::Ends => format!("opening {n} ends the game"),
            })
        })
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

    /// Game `index` among `contestants` (one per seat), seats rotated by
    /// [`contestant_at`], as a job: the first of two contestants takes seat 0 in even
    /// games, seat 1 in odd.
    pub fn job(&self, index: u64, contestants: &[&Contestant]) -> GameJob {
        let n = contestants.len();
        GameJob {
            index,
            game: self.game,
            seats: (0..n)
                .map(|seat| contestants[contestant_at(index, seat, n)].clone())
                .collect(),
            opening: self.opening(index).map(|(_, line)| line.to_string()),
            referee: self.referee,
            log_dir: self.out_dir.clone(),
            address_space_bytes: self.address_space_bytes,
        }
    }
}

/// The contestant (index into the match's list of `n`) in `seat` of game `index`: a cyclic
/// rotation, `(seat + index) mod n`.
pub fn contestant_at(index: u64, seat: usize, n: usize) -> usize {
    (seat + (index % n as u64) as usize) % n
}

/// One player's tally in a match of more than two seats.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PlayerTally {
    /// Games played.
    pub games: u64,
    /// The sum of its ranks (1 = most points; tied seats share the mean of their places).
    pub rank_sum: f64,
    /// Its points (the games' outcomes: Rolit balls; after a fault 0 or 1).
    pub points: f64,
    /// Games in which it alone had the most points.
    pub wins: u64,
    /// Games it lost by a fault.
    pub faults: u64,
    /// Games played in each seat.
    pub seats: Vec<u64>,
}

impl PlayerTally {
    /// Its mean rank (`None` before its first game).
    pub fn average_rank(&self) -> Option<f64> {
        (self.games > 0).then(|| self.rank_sum / self.games as f64)
    }
}

/// The tally of a match of any number of seats, by player (in the order given).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TableSummary {
    /// Per player.
    pub players: Vec<PlayerTally>,
    /// Games per termination label (rules' reason, "move-limit" or the fault's kind).
    pub terminations: BTreeMap<String, u32>,
    /// Points of all players in all games.
    pub total_points: f64,
}

/// The rank of each seat by points: 1 for the most; tied seats share the mean of the places
/// they take (two tied first: 1.5 each).
pub fn ranks(points: &[f64]) -> Vec<f64> {
    points
        .iter()
        .map(|p| {
            let above = points.iter().filter(|q| *q > p).count();
            let tied = points.iter().filter(|q| *q == p).count();
            above as f64 + (1 + tied) as f64 / 2.0
        })
        .collect()
}

impl TableSummary {
    /// An empty tally for `players` players.
    pub fn new(players: usize) -> Self {
        Self {
            players: vec![
                PlayerTally {
                    seats: vec![0; players],
                    ..PlayerTally::default()
                };
                players
            ],
            ..Self::default()
        }
    }

    /// Counts one game (seats rotated by its index, see [`contestant_at`]).
    pub fn add(&mut self, record: &GameRecord) {
        let n = self.players.len();
        let ranks = ranks(&record.points);
        let best = record.points.iter().copied().fold(f64::MIN, f64::max);
        let sole = record.points.iter().filter(|&&p| p == best).count() == 1;
        let offender = match record.termination {
            crate::referee::Termination::Fault { seat, .. } => Some(seat as usize),
            _ => None,
        };
        for (seat, &points) in record.points.iter().enumerate() {
            let tally = &mut self.players[contestant_at(record.index, seat, n)];
            tally.games += 1;
            tally.rank_sum += ranks[seat];
            tally.points += points;
            tally.wins += u64::from(sole && points == best);
            tally.faults += u64::from(offender == Some(seat));
            tally.seats[seat] += 1;
            self.total_points += points;
        }
        *self
            .terminations
            .entry(record.termination.label())
            .or_default() += 1;
    }

    /// A player's share of all points so far (`None` before any point was scored).
    pub fn score_share(&self, player: usize) -> Option<f64> {
        (self.total_points > 0.0).then(|| self.players[player].points / self.total_points)
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
/// with the tally so far; `watch` sees every game as it is played.
pub fn run_match(
    config: &MatchConfig,
    a: &Contestant,
    b: &Contestant,
    watch: &dyn Watch,
    mut on_game: impl FnMut(&GameRecord, &MatchSummary),
) -> Result<MatchSummary, MatchError> {
    if config.game.players != 2 {
        return Err(MatchError::Config(format!(
            "{} has {} seats; matches are for two-player games",
            config.game.name, config.game.players
        )));
    }
    config.check_openings([a, b])?;
    let mut summary = MatchSummary::default();
    run_games(
        config,
        (0..config.games).map(|index| config.job(index, &[a, b])),
        watch,
        |record| {
            summary.add(record);
            let mut stop = false;
            if let Some(test) = &config.sprt
                && summary.sprt_decision.is_none()
                && test.verdict(&summary.pairs) != Verdict::Continue
            {
                summary.sprt_decision = Some((test.verdict(&summary.pairs), summary.pairs.pairs()));
                // Games already under way finish and are recorded; no new one starts.
                stop = true;
            }
            on_game(record, &summary);
            stop
        },
    )?;
    Ok(summary)
}

/// Plays a match among `contestants`, one per seat of the game (two or more), seats rotated
/// cyclically ([`contestant_at`]); `on_game` sees every record as its game ends with the
/// tally so far; `watch` sees every game as it is played. SPRT and openings are for two
/// players ([`run_match`]) and refused here for more.
pub fn run_table(
    config: &MatchConfig,
    contestants: &[Contestant],
    watch: &dyn Watch,
    mut on_game: impl FnMut(&GameRecord, &TableSummary),
) -> Result<TableSummary, MatchError> {
    let n = config.game.players;
    if contestants.len() != n {
        return Err(MatchError::Config(format!(
            "{} has {n} seats: it needs {n} players, not {}",
            config.game.name,
            contestants.len()
        )));
    }
    if n > 2 && config.sprt.is_some() {
        return Err(MatchError::Config(format!(
            "the SPRT is for two players; {} has {n} seats",
            config.game.name
        )));
    }
    if n > 2 && !config.openings.is_empty() {
        return Err(MatchError::Config(format!(
            "openings are for two players; {} has {n} seats",
            config.game.name
        )));
    }
    if n == 2 {
        config.check_openings([&contestants[0], &contestants[1]])?;
    }
    let seated: Vec<&Contestant> = contestants.iter().collect();
    let mut summary = TableSummary::new(n);
    run_games(
        config,
        (0..config.games).map(|index| config.job(index, &seated)),
        watch,
        |record| {
            summary.add(record);
            on_game(record, &summary);
            false
        },
    )?;
    Ok(summary)
}

/// Plays `jobs` (games `0..config.games`) on a [`LocalExecutor`] of `concurrency` threads;
/// every record is written to the records file (if any) and handed to `on_record` as its
/// game ends; once `on_record` says stop, or the records file fails, no new game starts
/// (games under way finish; after a failure their records are dropped).
fn run_games(
    config: &MatchConfig,
    mut jobs: impl Iterator<Item = GameJob>,
    watch: &dyn Watch,
    mut on_record: impl FnMut(&GameRecord) -> bool,
) -> Result<(), MatchError> {
    if config.concurrency == 0 {
        return Err(MatchError::Config("concurrency must be at least 1".into()));
    }
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
    let mut failure = Ok(());
    LocalExecutor::new(config.concurrency).run(&mut jobs, watch, &mut |finished| {
        if failure.is_err() {
            return ControlFlow::Break(());
        }
        let record = &finished.record;
        if let Some((file, path)) = records.as_mut() {
            let line = serde_json::to_string(record).expect("records serialize");
            if let Err(source) = writeln!(file, "{line}").and_then(|()| file.flush()) {
                failure = Err(MatchError::Output {
                    path: path.display().to_string(),
                    source,
                });
                return ControlFlow::Break(());
            }
        }
        if on_record(record) {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    failure
}
