//! A match: N games between as many players as the game has seats, run `concurrency` games
//! at a time, each finished game reported as it ends and written to `OUT/games.jsonl` (one
//! JSON record per line; a new file: a directory holds one match), with each program's
//! stderr log beside it.
//!
//! Seats rotate cyclically: in game `i` seat `s` holds player `(s + i) mod n`, so over any
//! `n` consecutive games every player sits in every seat once (for two players: seats
//! alternate). [`run_match`] plays any number of seats and tallies, per player, average rank,
//! score share, sole wins and faults ([`MatchSummary`]); with two seats it also keeps the
//! head-to-head part ([`Duel`]: W/D/L, Elo, the SPRT's pentanomial and decision) and
//! allows SPRT and openings.

use crate::executor::{Executor, LocalExecutor};
use crate::job::{GameJob, OpeningError, opening_position};
use crate::referee::{GameRecord, RefereeConfig};
use crate::spec::PlayerSpec;
use crate::watch::Watch;
use olympiad_catalog::{DynGame, GameEntry};
use olympiad_protocol::Openings;
use olympiad_tournament::half_ranks;
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
    /// game starts from the start position. Built-in players, and programs whose protocol
    /// tells the whole game ([`olympiad_protocol::Openings`]: UCI and CECP any opening, GTP
    /// openings of moves only); the CodeCup and Caia dialogues cannot start a program
    /// after an opening.
    pub openings: Vec<String>,
}

/// The two-seat part of a match's tally, from the first player's point of view.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Duel {
    /// Wins, draws, losses of the first player.
    pub wdl: Wdl,
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

    /// Checks the openings (a game of two seats, every move legal, no finished game) and
    /// that every program can be told them (a start position only to UCI and CECP).
    pub fn check_openings(&self, contestants: &[Contestant]) -> Result<(), MatchError> {
        if self.openings.is_empty() {
            return Ok(());
        }
        let n = self.game.players;
        if n != 2 {
            return Err(MatchError::Config(format!(
                "openings are for two players; {} has {n} seats",
                self.game.name
            )));
        }
        for c in contestants {
            let Some(protocol) = c.spec.protocol() else {
                continue;
            };
            match protocol.openings {
                Openings::Positions => {}
                Openings::None => {
                    return Err(MatchError::Config(format!(
                        "{} speaks {}, which always starts from the start position: openings \
                         need built-in players or programs given the whole game (uci, cecp, \
                         gtp)",
                        c.name, protocol.name
                    )));
                }
                Openings::Moves => {
                    if let Some(k) = self
                        .openings
                        .iter()
                        .position(|line| line.trim_start().starts_with(POSITION_PREFIX))
                    {
                        return Err(MatchError::Config(format!(
                            "{} speaks {}, which tells a game as moves from the usual start: \
                             opening {} is a start position it cannot be told (use openings of \
                             moves)",
                            c.name,
                            protocol.name,
                            k + 1
                        )));
                    }
                }
            }
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

/// One player's tally in a match.
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

/// The tally of a match so far, by player (in the order given).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MatchSummary {
    /// Per player.
    pub players: Vec<PlayerTally>,
    /// Games per termination label (rules' reason, "move-limit" or the fault's kind).
    pub terminations: BTreeMap<String, u32>,
    /// Points of all players in all games.
    pub total_points: f64,
    /// W/D/L, Elo pairs and the SPRT's decision: present exactly when the game has two
    /// seats.
    pub duel: Option<Duel>,
}

impl MatchSummary {
    /// An empty tally for `players` players (one per seat); two get a [`Duel`].
    pub fn new(players: usize) -> Self {
        Self {
            players: vec![
                PlayerTally {
                    seats: vec![0; players],
                    ..PlayerTally::default()
                };
                players
            ],
            duel: (players == 2).then(Duel::default),
            ..Self::default()
        }
    }

    /// Counts one game (seats rotated by its index, see [`contestant_at`]).
    pub fn add(&mut self, record: &GameRecord) {
        let n = self.players.len();
        // Ranks from the tournament crate's one computation, in half places.
        let ranks = half_ranks(&record.points);
        let sole_winner = ranks.iter().position(|&r| r == 2);
        let offender = match record.termination {
            crate::referee::Termination::Fault { seat, .. } => Some(seat as usize),
            _ => None,
        };
        for (seat, &points) in record.points.iter().enumerate() {
            let tally = &mut self.players[contestant_at(record.index, seat, n)];
            tally.games += 1;
            tally.rank_sum += f64::from(ranks[seat]) / 2.0;
            tally.points += points;
            tally.wins += u64::from(sole_winner == Some(seat));
            tally.faults += u64::from(offender == Some(seat));
            tally.seats[seat] += 1;
            self.total_points += points;
        }
        *self
            .terminations
            .entry(record.termination.label())
            .or_default() += 1;
        if let Some(duel) = &mut self.duel {
            // The first player sits in seat `index mod 2`: half rank 2 a win, 3 a draw.
            duel.add(record.index, ranks[(record.index % 2) as usize]);
        }
    }

    /// A player's share of all points so far (`None` before any point was scored).
    pub fn score_share(&self, player: usize) -> Option<f64> {
        (self.total_points > 0.0).then(|| self.players[player].points / self.total_points)
    }
}

impl Duel {
    /// Counts game `index` in which the first player took half rank `half_rank` (2 a win,
    /// 3 a draw, 4 a loss).
    fn add(&mut self, index: u64, half_rank: u32) {
        let score = match half_rank {
            2 => {
                self.wdl.wins += 1;
                1.0
            }
            4 => {
                self.wdl.losses += 1;
                0.0
            }
            _ => {
                self.wdl.draws += 1;
                0.5
            }
        };
        match self.pending.remove(&(index ^ 1)) {
            Some(other) => self.pairs.add(score, other),
            None => {
                self.pending.insert(index, score);
            }
        }
    }
}

/// Plays a match among `contestants`, one per seat of the game, seats rotated cyclically
/// ([`contestant_at`]); `on_game` sees every record as its game ends (in the order they end)
/// with the tally so far; `watch` sees every game as it is played. SPRT and openings are
/// for two seats and refused for more; with an SPRT the match stops (games under way
/// finish) once it decides.
pub fn run_match(
    config: &MatchConfig,
    contestants: &[Contestant],
    watch: &dyn Watch,
    mut on_game: impl FnMut(&GameRecord, &MatchSummary),
) -> Result<MatchSummary, MatchError> {
    let n = config.game.players;
    if contestants.len() != n {
        return Err(MatchError::Config(format!(
            "{} has {n} seats: it needs {n} players, not {}",
            config.game.name,
            contestants.len()
        )));
    }
    if n != 2 && config.sprt.is_some() {
        return Err(MatchError::Config(format!(
            "the SPRT is for two players; {} has {n} seats",
            config.game.name
        )));
    }
    config.check_openings(contestants)?;
    let seated: Vec<&Contestant> = contestants.iter().collect();
    let mut summary = MatchSummary::new(n);
    run_games(
        config,
        (0..config.games).map(|index| config.job(index, &seated)),
        watch,
        |record| {
            summary.add(record);
            let mut stop = false;
            if let Some(test) = &config.sprt
                && let Some(duel) = &mut summary.duel
                && duel.sprt_decision.is_none()
            {
                let verdict = test.verdict(&duel.pairs);
                if verdict != Verdict::Continue {
                    duel.sprt_decision = Some((verdict, duel.pairs.pairs()));
                    // Games already under way finish and are recorded; no new one starts.
                    stop = true;
                }
            }
            on_game(record, &summary);
            stop
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
