//! A game to play, as plain data: the game, its players by seat (names and specs), its
//! opening, the referee's settings, where the programs' stderr goes and their memory limit.
//! Matches and tournaments turn their schedules into [`GameJob`]s and hand them to an
//! [`Executor`](crate::executor::Executor); [`GameJob::play`] is the one way a job
//! becomes a game: players created from their specs, the start position set up, the
//! referee run.
//!
//! Nothing in a job is a closure or a live object (the game is a catalog row, found again
//! by its name; a spec is what its text parses to), so an executor on other machines can
//! send a job as a message and play it there.

use crate::link::SocketLink;
use crate::matches::Contestant;
use crate::player::{EnginePlayer, Fault, Player, PlayerEnd, ProgramPlayer, Reply, Turn};
use crate::process::{Limits, ProcessConfig};
use crate::referee::{GameRecord, RefereeConfig, play_game};
use crate::spec::PlayerSpec;
use crate::watch::Watch;
use olympiad_catalog::{DynGame, GameEntry, ThinkTime};
use olympiad_protocol::{Dialogue, PORT_PLACEHOLDER, Protocol, Transport};
use std::path::PathBuf;
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

/// One game to play.
#[derive(Clone, Debug)]
pub struct GameJob {
    /// The game's number in its match or tournament: its record's `index`, the id of its
    /// [`Watch`] events, the seed of its built-in engines and part of its log names.
    pub index: u64,
    /// The game (a catalog row, or a variant of one).
    pub game: &'static GameEntry,
    /// The players by seat (seat 0 moves first), one per seat of the game.
    pub seats: Vec<Contestant>,
    /// The opening line the game starts after (moves in the game's notation separated by
    /// blanks, or [`POSITION_PREFIX`] and a position text); `None`: the start position.
    /// Checked before the job is made ([`opening_position`], and which programs can be
    /// told it: `MatchConfig::check_openings`).
    pub opening: Option<String>,
    /// Clocks and adjudication.
    pub referee: RefereeConfig,
    /// The directory of the programs' stderr logs (`game-INDEX-seatS.stderr`); `None`:
    /// stderr is only kept, capped, in the record.
    pub log_dir: Option<PathBuf>,
    /// Memory limit for programs (the CPU limit follows from the time control).
    pub address_space_bytes: Option<u64>,
}

/// Why an opening line cannot start a game.
#[derive(Debug, Error)]
pub enum OpeningError {
    /// The position text does not parse.
    #[error("{0}")]
    Position(String),
    /// A move does not play.
    #[error("move {word}: {error}")]
    Move {
        /// The move as written.
        word: String,
        /// Why it does not play.
        error: String,
    },
    /// The game is over after the opening.
    #[error("the opening ends the game")]
    Ends,
}

/// The position after the opening `line` of `game`: its moves played from the start, or
/// the position a line `position TEXT` gives. An opening that ends the game is refused.
pub fn opening_position(game: &GameEntry, line: &str) -> Result<Box<dyn DynGame>, OpeningError> {
    let line = line.trim();
    let position = match line.strip_prefix(POSITION_PREFIX) {
        // A start position in the game's own text.
        Some(text) => game
            .from_text(text.trim())
            .map_err(|e| OpeningError::Position(e.to_string()))?,
        // Moves from the usual start.
        None => {
            let mut position = game.start();
            for word in line.split_whitespace() {
                position.play(word).map_err(|e| OpeningError::Move {
                    word: word.into(),
                    error: e.to_string(),
                })?;
            }
            position
        }
    };
    if position.outcome().is_some() {
        return Err(OpeningError::Ends);
    }
    Ok(position)
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
        _: &[Duration],
    ) -> Result<Reply, Fault> {
        Err(self.0.clone())
    }
    fn finish(&mut self, _faulted: bool) -> PlayerEnd {
        PlayerEnd::default()
    }
}

impl GameJob {
    /// The RLIMIT_CPU backstop of a program: its whole budget (refilled as often as a
    /// repeating time control refills it in [`CPU_LIMIT_ASSUMED_PLIES`] moves), the
    /// increments of that many moves, and [`CPU_LIMIT_MARGIN_SECS`].
    fn cpu_seconds(&self) -> u64 {
        let t = &self.referee.time;
        let budgets = 1 + t
            .moves_per_period
            .map_or(0, |n| CPU_LIMIT_ASSUMED_PLIES.div_ceil(n.max(1)));
        let total = t.budget * budgets + t.increment * CPU_LIMIT_ASSUMED_PLIES;
        total.as_secs() + 1 + CPU_LIMIT_MARGIN_SECS
    }

    /// The position the game starts from: the start, or its opening's.
    pub fn start_position(&self) -> Result<Box<dyn DynGame>, OpeningError> {
        match &self.opening {
            None => Ok(self.game.start()),
            Some(line) => opening_position(self.game, line),
        }
    }

    /// Creates the player of `seat`: a built-in engine seeded by the game's index, or the
    /// program started in its own process group. A player that cannot be created faults on
    /// its first turn (a crash), so the game is still played and recorded.
    pub fn player(&self, seat: usize) -> Box<dyn Player> {
        match &self.seats[seat].spec {
            PlayerSpec::Builtin { engine, options } => {
                match self.game.engine(engine, options, self.index) {
                    Ok(e) => Box::new(EnginePlayer::new(e)),
                    Err(e) => Box::new(Unstarted(Fault::Crash(format!("cannot create: {e}")))),
                }
            }
            PlayerSpec::Command {
                program,
                args,
                protocol,
                options,
            } => {
                let config = ProcessConfig {
                    program: program.clone(),
                    args: args.clone(),
                    limits: Limits {
                        address_space_bytes: self.address_space_bytes,
                        cpu_seconds: Some(self.cpu_seconds()),
                    },
                    max_line_bytes: protocol.max_line_bytes,
                    stderr_log: self
                        .log_dir
                        .as_ref()
                        .map(|d| d.join(format!("game-{:05}-seat{seat}.stderr", self.index))),
                    stderr_log_bytes: STDERR_LOG_BYTES,
                    stderr_keep_bytes: STDERR_RECORD_BYTES,
                };
                let dialogue = match self.dialogue(protocol, options) {
                    Ok(d) => d,
                    Err(fault) => return Box::new(Unstarted(fault)),
                };
                let started = match protocol.transport {
                    Transport::Pipes => ProgramPlayer::spawn(&config, dialogue),
                    Transport::Tcp {
                        default_port,
                        terminator,
                    } => SocketLink::spawn(
                        &config,
                        PORT_PLACEHOLDER,
                        default_port,
                        terminator,
                        protocol.max_line_bytes,
                    )
                    .map(|link| ProgramPlayer::over(Box::new(link), dialogue)),
                };
                match started {
                    Ok(p) => Box::new(p),
                    Err(e) => Box::new(Unstarted(Fault::Crash(e.to_string()))),
                }
            }
            PlayerSpec::Remote {
                address,
                protocol,
                options,
            } => {
                let dialogue = match self.dialogue(protocol, options) {
                    Ok(d) => d,
                    Err(fault) => return Box::new(Unstarted(fault)),
                };
                let terminator = match protocol.transport {
                    Transport::Tcp { terminator, .. } => terminator,
                    Transport::Pipes => b'\n',
                };
                let link = SocketLink::remote(address, terminator, protocol.max_line_bytes);
                Box::new(ProgramPlayer::over(Box::new(link), dialogue))
            }
        }
    }

    /// A program's dialogue, told its options, the game's variant and parameters.
    fn dialogue(
        &self,
        protocol: &Protocol,
        options: &[(String, String)],
    ) -> Result<Box<dyn Dialogue>, Fault> {
        let mut dialogue = (protocol.dialogue)();
        dialogue.configure(options).map_err(Fault::ProtocolError)?;
        dialogue
            .game(self.game.row.name)
            .map_err(Fault::ProtocolError)?;
        if let Some(variant) = self.game.protocol_variant() {
            dialogue.variant(variant).map_err(Fault::ProtocolError)?;
        }
        // GTP's `boardsize` and `komi`: the game's parameters as text.
        dialogue
            .parameters(&self.game.parameters())
            .map_err(Fault::ProtocolError)?;
        Ok(dialogue)
    }

    /// Plays the game to its end and returns its record; `watch` sees it start, move and
    /// end. The opening must have been checked (a bad one is a bug of the caller: panics).
    pub fn play(&self, watch: &dyn Watch) -> GameRecord {
        let mut players: Vec<Box<dyn Player>> = (0..self.seats.len())
            .map(|seat| self.player(seat))
            .collect();
        let start = self.start_position().unwrap_or_else(|e| {
            panic!(
                "game {}: openings are checked before games are played: {e}",
                self.index
            )
        });
        play_game(
            start,
            &mut players,
            self.seats
                .iter()
                .map(|c| c.name.clone())
                .collect::<Vec<_>>(),
            &self.referee,
            self.index,
            watch,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::referee::TimeControl;

    fn job(tc: &str) -> GameJob {
        GameJob {
            index: 0,
            game: olympiad_catalog::find_game("checkers").unwrap(),
            seats: Vec::new(),
            opening: None,
            referee: RefereeConfig {
                time: TimeControl::parse(tc).unwrap(),
                freeze_idle: false,
                max_plies: None,
                adjudication: Default::default(),
            },
            log_dir: None,
            address_space_bytes: None,
        }
    }

    #[test]
    fn the_cpu_limit_counts_every_refill_of_a_repeating_control() {
        // 10 s and 1,000 increments of 0.1 s, plus the margin.
        assert_eq!(
            job("10+0.1").cpu_seconds(),
            10 + 100 + 1 + CPU_LIMIT_MARGIN_SECS
        );
        // 3 s every 10 moves: refilled 100 times in 1,000 moves.
        assert_eq!(
            job("10/3").cpu_seconds(),
            3 * 101 + 1 + CPU_LIMIT_MARGIN_SECS
        );
    }
}
