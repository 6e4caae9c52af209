//! The wire format of games played elsewhere: a [`GameJob`] sent to another process or
//! machine, the [`Finished`] game sent back, and the [`Watch`] events of the game while it
//! is played there, each as one JSON text. An executor that plays games on other machines
//! (the cluster) moves these texts and nothing else, so both ends agree on every field and
//! the receiving end checks what it is given before it plays it.
//!
//! - A job travels by names: the game by its catalog name (`rolit(players=3)`), found again
//!   with [`find_game`]; a built-in player by its engine's name and its options' text
//!   (`seed=4`); a program by its path, its arguments and its protocol's name; the log
//!   directory as a string. [`job_from_wire`] finds the game, checks the number of seats,
//!   every engine with its options, every protocol and the opening, and says which one is
//!   wrong. A program's path is not checked: it names a file on the machine that plays
//!   the game, where a missing program is a crash fault in the record like anywhere else.
//! - A finished game is its whole [`GameRecord`], exactly as the match's JSON lines write
//!   it, and its start time as signed nanoseconds since the UNIX epoch
//!   (`started_unix_ns`), so the time reads back exactly, before 1970 too.
//! - A watch event is `{"started": {...}}`, `{"moved": {...}}` or `{"ended": RECORD}`
//!   ([`WatchEvent`]); [`ForwardWatch`] turns a game's events into [`WatchEvent`]s where it
//!   is played, and [`WatchEvent::replay`] shows them to a [`Watch`] where it is watched.
//!
//! What reads back exactly: every text, number and `f64` (serde_json writes the shortest
//! text that reads back to the same `f64`, and with its `float_roundtrip` feature, which
//! this crate turns on, reads that text back to that very `f64`: without it a millisecond
//! of a move could come back one unit in the last place off), and the durations of the time control to the nanosecond while under 2^50 ns
//! (about 13 days; they travel as `f64` milliseconds, [`TimeControl`]). What does not:
//! paths that are not UTF-8 travel with their bad bytes replaced (a job's program and log
//! directory), and a record holding one cannot be written at all, here as in the JSON
//! lines; a job's [`PlayerSpec::Command`] protocol reads back as the same `&'static`
//! protocol, and a game as the same `&'static` catalog entry.
//!
//! [`TimeControl`]: crate::referee::TimeControl

use crate::executor::Finished;
use crate::job::{GameJob, opening_position};
use crate::matches::Contestant;
use crate::referee::{GameRecord, MoveRecord, RefereeConfig};
use crate::spec::PlayerSpec;
use crate::watch::{Started, Watch};
use olympiad_catalog::{Options, find_game};
use serde::{Deserialize, Serialize};
use std::path::PathBuf;
use std::time::{Duration, SystemTime, UNIX_EPOCH};
use thiserror::Error;

/// Why a wire text is not a good message.
#[derive(Debug, Error)]
pub enum WireError {
    /// Not JSON, or not the message's shape (serde's message, with line and column).
    #[error("bad {what} message: {source}")]
    Json {
        /// The kind of message: "job", "finished game" or "watch event".
        what: &'static str,
        /// What serde found wrong, and where.
        source: serde_json::Error,
    },
    /// The catalog has no such game.
    #[error("job: {0}")]
    Game(olympiad_catalog::CatalogError),
    /// The job's players do not fill the game's seats.
    #[error("job: {game} has {seats} seats, the job has {players} players")]
    Seats {
        /// The game's name.
        game: &'static str,
        /// Its seats.
        seats: usize,
        /// The job's players.
        players: usize,
    },
    /// A player that cannot play: an unknown engine or protocol, or bad options.
    #[error("job: seat {seat} ({name}): {reason}")]
    Player {
        /// Its seat.
        seat: usize,
        /// Its name.
        name: String,
        /// What is wrong with it.
        reason: String,
    },
    /// The opening does not start a game.
    #[error("job: opening '{line}': {reason}")]
    Opening {
        /// The opening line.
        line: String,
        /// Why it does not start a game.
        reason: String,
    },
    /// A start time this system cannot hold.
    #[error("finished game: start time {nanos} ns from the UNIX epoch is out of range")]
    Time {
        /// The nanoseconds since the UNIX epoch the message said.
        nanos: i128,
    },
}

/// The JSON of a [`GameJob`].
#[derive(Serialize, Deserialize)]
struct JobWire {
    index: u64,
    game: String,
    seats: Vec<SeatWire>,
    opening: Option<String>,
    referee: RefereeConfig,
    log_dir: Option<String>,
    address_space_bytes: Option<u64>,
}

/// The JSON of a [`Contestant`].
#[derive(Serialize, Deserialize)]
struct SeatWire {
    name: String,
    spec: SpecWire,
}

/// The JSON of a [`PlayerSpec`].
#[derive(Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
enum SpecWire {
    Builtin {
        engine: String,
        /// The options' text (`key=value,...`), as [`Options::parse`] reads it.
        options: String,
    },
    Command {
        program: String,
        args: Vec<String>,
        protocol: String,
        /// The options its protocol sets, in order.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        options: Vec<(String, String)>,
    },
    Remote {
        address: String,
        protocol: String,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        options: Vec<(String, String)>,
    },
}

/// The JSON of a [`Finished`]: `R` is `&GameRecord` when written, `GameRecord` when read.
#[derive(Serialize, Deserialize)]
struct FinishedWire<R> {
    started_unix_ns: i128,
    record: R,
}

fn json_error(what: &'static str) -> impl FnOnce(serde_json::Error) -> WireError {
    move |source| WireError::Json { what, source }
}

/// The JSON text of `job`.
pub fn job_to_wire(job: &GameJob) -> String {
    let wire = JobWire {
        index: job.index,
        game: job.game.name.to_string(),
        seats: job
            .seats
            .iter()
            .map(|c| SeatWire {
                name: c.name.clone(),
                spec: match &c.spec {
                    PlayerSpec::Builtin { engine, options } => SpecWire::Builtin {
                        engine: engine.clone(),
                        options: options.to_string(),
                    },
                    PlayerSpec::Command {
                        program,
                        args,
                        protocol,
                        options,
                    } => SpecWire::Command {
                        program: program.to_string_lossy().into_owned(),
                        args: args.clone(),
                        protocol: protocol.name.to_string(),
                        options: options.clone(),
                    },
                    PlayerSpec::Remote {
                        address,
                        protocol,
                        options,
                    } => SpecWire::Remote {
                        address: address.clone(),
                        protocol: protocol.name.to_string(),
                        options: options.clone(),
                    },
                },
            })
            .collect(),
        opening: job.opening.clone(),
        referee: job.referee,
        log_dir: job
            .log_dir
            .as_ref()
            .map(|d| d.to_string_lossy().into_owned()),
        address_space_bytes: job.address_space_bytes,
    };
    serde_json::to_string(&wire).expect("jobs serialize")
}

/// The job a [`job_to_wire`] text describes, checked so that it can be played: the game is
/// in the catalog, the players fill its seats, every engine exists and takes its options,
/// every protocol exists, the opening starts a game. Programs' paths are taken as they are.
pub fn job_from_wire(text: &str) -> Result<GameJob, WireError> {
    let wire: JobWire = serde_json::from_str(text).map_err(json_error("job"))?;
    let game = find_game(&wire.game).map_err(WireError::Game)?;
    if wire.seats.len() != game.players {
        return Err(WireError::Seats {
            game: game.name,
            seats: game.players,
            players: wire.seats.len(),
        });
    }
    let seats = wire
        .seats
        .into_iter()
        .enumerate()
        .map(|(seat, SeatWire { name, spec })| {
            let player_error = |reason: String| WireError::Player {
                seat,
                name: name.clone(),
                reason,
            };
            let spec = match spec {
                SpecWire::Builtin { engine, options } => {
                    let options = Options::parse(&options)
                        .map_err(|e| player_error(format!("options '{options}': {e}")))?;
                    // Building one engine checks that the game has it and it takes the options.
                    game.engine(&engine, &options, 0)
                        .map_err(|e| player_error(e.to_string()))?;
                    PlayerSpec::Builtin { engine, options }
                }
                SpecWire::Command {
                    program,
                    args,
                    protocol,
                    options,
                } => {
                    let protocol = olympiad_protocol::protocol(&protocol)
                        .map_err(|e| player_error(e.to_string()))?;
                    (protocol.dialogue)()
                        .configure(&options)
                        .map_err(player_error)?;
                    PlayerSpec::Command {
                        program: PathBuf::from(program),
                        args,
                        protocol,
                        options,
                    }
                }
                SpecWire::Remote {
                    address,
                    protocol,
                    options,
                } => {
                    let spec = PlayerSpec::parse(&format!("{protocol}@{address}"), game)
                        .map_err(|e| player_error(e.to_string()))?;
                    spec.with_options(&options, game)
                        .map_err(|e| player_error(e.to_string()))?
                }
            };
            Ok(Contestant { name, spec })
        })
        .collect::<Result<Vec<_>, WireError>>()?;
    if let Some(line) = &wire.opening {
        opening_position(game, line).map_err(|e| WireError::Opening {
            line: line.clone(),
            reason: e.to_string(),
        })?;
    }
    Ok(GameJob {
        index: wire.index,
        game,
        seats,
        opening: wire.opening,
        referee: wire.referee,
        log_dir: wire.log_dir.map(PathBuf::from),
        address_space_bytes: wire.address_space_bytes,
    })
}

/// Nanoseconds from the UNIX epoch to `t` (negative before it).
fn unix_nanos(t: SystemTime) -> i128 {
    match t.duration_since(UNIX_EPOCH) {
        Ok(after) => after.as_nanos() as i128,
        Err(before) => -(before.duration().as_nanos() as i128),
    }
}

/// The time `nanos` nanoseconds from the UNIX epoch, if this system can hold it.
fn from_unix_nanos(nanos: i128) -> Option<SystemTime> {
    const NANOS_PER_SEC: u128 = 1_000_000_000;
    let magnitude = nanos.unsigned_abs();
    let secs = u64::try_from(magnitude / NANOS_PER_SEC).ok()?;
    let offset = Duration::new(secs, (magnitude % NANOS_PER_SEC) as u32);
    if nanos >= 0 {
        UNIX_EPOCH.checked_add(offset)
    } else {
        UNIX_EPOCH.checked_sub(offset)
    }
}

/// The JSON text of a finished game: `{"started_unix_ns": N, "record": RECORD}`, the record
/// exactly as the match's JSON lines write it.
pub fn finished_to_wire(f: &Finished) -> String {
    serde_json::to_string(&FinishedWire {
        started_unix_ns: unix_nanos(f.started),
        record: &f.record,
    })
    .expect("records serialize")
}

/// The finished game a [`finished_to_wire`] text describes.
pub fn finished_from_wire(text: &str) -> Result<Finished, WireError> {
    let wire: FinishedWire<GameRecord> =
        serde_json::from_str(text).map_err(json_error("finished game"))?;
    let started = from_unix_nanos(wire.started_unix_ns).ok_or(WireError::Time {
        nanos: wire.started_unix_ns,
    })?;
    Ok(Finished {
        started,
        record: wire.record,
    })
}

/// A [`Watch`] call as data, for games watched away from where they are played.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum WatchEvent {
    /// [`Watch::started`]: the fields of [`Started`].
    Started {
        /// The game's number in its match or tournament.
        index: u64,
        /// The catalog name of the game.
        game: String,
        /// The players' names by seat.
        players: Vec<String>,
        /// The start position's text.
        start: String,
        /// The clocks and adjudication.
        config: RefereeConfig,
    },
    /// [`Watch::moved`].
    Moved {
        /// The game's number.
        index: u64,
        /// The move's place in the record's moves.
        ply: usize,
        /// The move as the record holds it.
        mv: MoveRecord,
    },
    /// [`Watch::ended`]: the complete record.
    Ended(Box<GameRecord>),
}

impl WatchEvent {
    /// The number of the game it belongs to.
    pub fn index(&self) -> u64 {
        match self {
            WatchEvent::Started { index, .. } | WatchEvent::Moved { index, .. } => *index,
            WatchEvent::Ended(record) => record.index,
        }
    }

    /// Its JSON text: `{"started": {...}}`, `{"moved": {...}}` or `{"ended": RECORD}`.
    pub fn to_wire(&self) -> String {
        serde_json::to_string(self).expect("watch events serialize")
    }

    /// The event a [`WatchEvent::to_wire`] text describes.
    pub fn from_wire(text: &str) -> Result<WatchEvent, WireError> {
        serde_json::from_str(text).map_err(json_error("watch event"))
    }

    /// Makes the [`Watch`] call it stands for on `watch`.
    pub fn replay(&self, watch: &dyn Watch) {
        match self {
            WatchEvent::Started {
                index,
                game,
                players,
                start,
                config,
            } => watch.started(&Started {
                index: *index,
                game,
                players,
                start,
                config,
            }),
            WatchEvent::Moved { index, ply, mv } => watch.moved(*index, *ply, mv),
            WatchEvent::Ended(record) => watch.ended(record),
        }
    }
}

/// A [`Watch`] that passes each call on as a [`WatchEvent`] (to a channel, a socket, ...),
/// from the thread that plays the game.
pub struct ForwardWatch<F: Fn(WatchEvent) + Send + Sync> {
    forward: F,
}

impl<F: Fn(WatchEvent) + Send + Sync> ForwardWatch<F> {
    /// A watch calling `forward` with every event.
    pub fn new(forward: F) -> Self {
        Self { forward }
    }
}

impl<F: Fn(WatchEvent) + Send + Sync> std::fmt::Debug for ForwardWatch<F> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ForwardWatch")
    }
}

impl<F: Fn(WatchEvent) + Send + Sync> Watch for ForwardWatch<F> {
    fn started(&self, game: &Started<'_>) {
        (self.forward)(WatchEvent::Started {
            index: game.index,
            game: game.game.to_string(),
            players: game.players.to_vec(),
            start: game.start.to_string(),
            config: *game.config,
        });
    }

    fn moved(&self, index: u64, ply: usize, mv: &MoveRecord) {
        (self.forward)(WatchEvent::Moved {
            index,
            ply,
            mv: mv.clone(),
        });
    }

    fn ended(&self, record: &GameRecord) {
        (self.forward)(WatchEvent::Ended(Box::new(record.clone())));
    }
}
