//! A match: N games between as many players as the game has seats, run `concurrency` games
//! at a time, each finished game reported as it ends and written to `OUT/games.jsonl` (one
//! JSON record per line; a new file: a directory holds one match), with each program's
//! stderr log beside it.
//!
//! Seats rotate cyclically: in game `i` seat `s` holds player `(s + i) mod n`, so over any
//! `n` consecutive games every player sits in every seat once (for two players: seats
//! alternate). Two players get [`run_match`] (W/D/L, Elo, SPRT, openings); more get
//! [`run_table`] (average rank, score share, sole wins).

use crate::player::{EnginePlayer, Fault, Player, PlayerEnd, ProgramPlayer, Reply, Turn};
use crate::process::{Limits, ProcessConfig};
use crate::referee::{GameRecord, RefereeConfig, play_game};
use crate::spec::PlayerSpec;
use olympiad_catalog::{DynGame, GameEntry, ThinkTime};
use olympiad_protocol::codecup::MAX_REPLY_BYTES;
use olympiad_tournament::sprt::{Pentanomial, Sprt, Verdict};
use olympiad_tournament::wdl::Wdl;
use std::collections::BTreeMap;
use std::fs::{File, OpenOptions};
use std::io::{BufWriter, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc;
use std::time::Duration;
use thiserror::Error;

/// An opening line that starts with this holds a position text, not moves.
pub const POSITION_PREFIX: &str = "position ";

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
    fn take_turn(
        &mut self,
        _: Turn<'_>,
        _: &dyn DynGame,
        _: Duration,
        _: &ThinkTime,
    ) -> Result<Reply, Fault> {
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

    /// The position game `index` starts from: the start, the start after its opening's
    /// moves, or its opening's position (a line `position TEXT`).
    pub fn start_position(&self, index: u64) -> Result<Box<dyn DynGame>, MatchError> {
        if self.openings.is_empty() {
            return Ok(self.game.start());
        }
        let k = (index / 2) as usize % self.openings.len();
        let line = self.openings[k].trim();
        let game = match line.strip_prefix(POSITION_PREFIX) {
            // A start position in the game's own text.
            Some(text) => self
                .game
                .from_text(text.trim())
                .map_err(|e| MatchError::Config(format!("opening {}: {e}", k + 1)))?,
            // Moves from the usual start.
            None => {
                let mut game = self.game.start();
                for word in line.split_whitespace() {
                    game.play(word).map_err(|e| {
                        MatchError::Config(format!("opening {}: move {word}: {e}", k + 1))
                    })?;
                }
                game
            }
        };
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
                match self.game.engine(engine, options, index) {
                    Ok(e) => Box::new(EnginePlayer::new(e)),
                    Err(e) => Box::new(Unstarted(Fault::Crash(format!("cannot create: {e}")))),
                }
            }
            PlayerSpec::Command {
                program,
                args,
                protocol,
            } => {
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
                match ProgramPlayer::spawn(&config, (protocol.dialogue)()) {
                    Ok(p) => Box::new(p),
                    Err(e) => Box::new(Unstarted(Fault::Crash(e.to_string()))),
                }
            }
        }
    }

    /// Plays game `index`: the first contestant takes seat 0 in even games, seat 1 in odd.
    pub fn play(&self, index: u64, contestants: [&Contestant; 2]) -> GameRecord {
        self.play_seated(index, &contestants)
    }

    /// Plays game `index` among `contestants` (one per seat), seats rotated by
    /// [`contestant_at`].
    pub fn play_seated(&self, index: u64, contestants: &[&Contestant]) -> GameRecord {
        let n = contestants.len();
        let seated: Vec<&Contestant> = (0..n)
            .map(|seat| contestants[contestant_at(index, seat, n)])
            .collect();
        let mut players: Vec<Box<dyn Player>> = seated
            .iter()
            .enumerate()
            .map(|(seat, c)| self.make_player(c, index, seat))
            .collect();
        let start = self
            .start_position(index)
            .expect("openings are checked before the match starts");
        play_game(
            start,
            &mut players,
            seated.iter().map(|c| c.name.clone()).collect::<Vec<_>>(),
            &self.referee,
            index,
        )
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
/// with the tally so far.
pub fn run_match(
    config: &MatchConfig,
    a: &Contestant,
    b: &Contestant,
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
        |index| config.play(index, [a, b]),
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
/// tally so far. SPRT and openings are for two players ([`run_match`]) and refused here
/// for more.
pub fn run_table(
    config: &MatchConfig,
    contestants: &[Contestant],
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
        |index| config.play_seated(index, &seated),
        |record| {
            summary.add(record);
            on_game(record, &summary);
            false
        },
    )?;
    Ok(summary)
}

/// Plays games `0..config.games`, `concurrency` at a time, each by `play`; every record is
/// written to the records file (if any) and handed to `on_record` as its game ends; once
/// `on_record` says stop, no new game starts (games under way finish and are recorded).
fn run_games(
    config: &MatchConfig,
    play: impl Fn(u64) -> GameRecord + Sync,
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
    let next = AtomicU64::new(0);
    let stop = AtomicBool::new(false);
    let (tx, rx) = mpsc::channel::<GameRecord>();
    let workers = config.concurrency.min(config.games.max(1) as usize);
    std::thread::scope(|scope| {
        for _ in 0..workers {
            let tx = tx.clone();
            let next = &next;
            let stop = &stop;
            let play = &play;
            scope.spawn(move || {
                loop {
                    if stop.load(Ordering::Relaxed) {
                        break;
                    }
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    if index >= config.games {
                        break;
                    }
                    if tx.send(play(index)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        for record in rx {
            if let Some((file, path)) = records.as_mut() {
                let line = serde_json::to_string(&record).expect("records serialize");
                writeln!(file, "{line}")
                    .and_then(|()| file.flush())
                    .map_err(|source| MatchError::Output {
                        path: path.display().to_string(),
                        source,
                    })?;
            }
            if on_record(&record) {
                stop.store(true, Ordering::Relaxed);
            }
        }
        Ok(())
    })
}
