//! The arena: games between programs and built-in engines, safely, with exact clocks and
//! complete records. Layered from the bottom up:
//!
//! - [`process`]: a program in its own process group, with resource limits, one reader
//!   thread per pipe, capped lines, a capped stderr log, a deadline on every read, and the
//!   whole group killed and reaped on any fault or at the end;
//! - [`player`]: one trait for built-in engines (own thread) and programs (the CodeCup
//!   dialogue over a process, or the Caia dialogue for more than two seats); every
//!   misbehaviour is a [`Fault`] value;
//! - [`referee`]: one game of any number of seats, its clocks (budget, increment, per-move
//!   cap, optional freezing of the idle players), adjudication, and the [`GameRecord`];
//! - [`watch`]: the events of games as they are played (started, moved, ended), for
//!   whoever watches them live;
//! - [`wire`]: jobs, finished games and watch events as JSON texts, for executors that
//!   play games on other processes or machines;
//! - [`job`] and [`executor`]: a game to play as plain data, and the one way to play many
//!   at once ([`LocalExecutor`]: on threads of this process);
//! - [`matches`](mod@matches): N games among as many players as the game has seats, seats rotated,
//!   concurrently, records to JSON lines, with W/D/L, score and Elo (two players), average
//!   rank and score share (more), and an optional SPRT (the statistics are
//!   `olympiad-tournament`'s);
//! - [`interrupt`]: Ctrl-C (SIGINT, SIGTERM, SIGHUP) kills every program's process group
//!   before `olympiad` ends;
//! - [`spec`]: `builtin:NAME[:k=v,...]` and `cmd:COMMAND LINE`, checked before anything
//!   starts.
//!
//! Tournaments are played above this crate: `olympiad-runner` (the schedule played to its
//! end), `olympiad-store` (the SQLite journal) and `olympiad-report` (the reports).
//!
//! ```
//! use olympiad_arena::{Contestant, MatchConfig, NoWatch, PlayerSpec, RefereeConfig, TimeControl, run_match};
//! use std::time::Duration;
//!
//! let game = olympiad_catalog::find_game("caissa").unwrap();
//! let player = |s: &str| Contestant { name: s.into(), spec: PlayerSpec::parse(s, game).unwrap() };
//! let config = MatchConfig {
//!     game,
//!     games: 2,
//!     referee: RefereeConfig {
//!         time: TimeControl { budget: Duration::from_secs(1), increment: Duration::ZERO, move_cap: None, moves_per_period: None, margin: Duration::ZERO },
//!         freeze_idle: false,
//!         max_plies: None,
//!         adjudication: Default::default(),
//!     },
//!     concurrency: 1,
//!     out_dir: None,
//!     address_space_bytes: None,
//!     sprt: None,
//!     openings: Vec::new(),
//! };
//! let a = player("builtin:random:seed=1");
//! let b = player("builtin:random:seed=2");
//! let summary = run_match(&config, &[a, b], &NoWatch, |_, _| {}).unwrap();
//! assert_eq!(summary.players[0].games, 2);
//! // Two seats: the head-to-head part is there (W/D/L, Elo pairs, SPRT decision).
//! assert_eq!(summary.duel.unwrap().wdl.games(), 2);
//! ```

pub mod analyse;
pub mod executor;
pub mod interrupt;
pub mod job;
pub mod link;
pub mod matches;
pub mod player;
pub mod process;
pub mod record_file;
pub mod referee;
pub mod spec;
pub mod watch;
pub mod wire;

pub use executor::{Executor, Finished, LocalExecutor};
pub use job::{GameJob, OpeningError};
pub use matches::{
    Contestant, Duel, MatchConfig, MatchError, MatchSummary, PlayerTally, run_match,
};
pub use player::{EnginePlayer, Fault, Player, PlayerEnd, ProgramPlayer, Reply, Turn};
pub use process::{Exit, Limits, Process, ProcessConfig, group_members};
pub use referee::{
    GameRecord, MoveRecord, RefereeConfig, Termination, TimeControl, fault_outcome, play_game,
};
pub use spec::{PlayerSpec, SpecError};
pub use watch::{NoWatch, Started, Watch};
pub use wire::{
    ForwardWatch, WatchEvent, WireError, finished_from_wire, finished_to_wire, job_from_wire,
    job_to_wire,
};
