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
//! - [`matches`]: N games among as many players as the game has seats, seats rotated,
//!   concurrently, records to JSON lines; [`rating`]: W/D/L, score and Elo with its 95%
//!   interval (two players), average rank and score share (more);
//! - [`interrupt`]: Ctrl-C (SIGINT, SIGTERM, SIGHUP) kills every program's process group
//!   before `olympiad` ends;
//! - [`spec`]: `builtin:NAME[:k=v,...]` and `cmd:COMMAND LINE`, checked before anything
//!   starts;
//! - [`tournament`]: a tournament config (see `olympiad-tournament`) played to its end:
//!   round robins, gauntlets, Swiss rounds paired one at a time from the stored results,
//!   the CodeCup final, rule 9's medal play-offs; [`store`]: the SQLite file that keeps
//!   every finished game at once, so that an interrupted tournament resumes with exactly
//!   the missing games; [`report`]: standings, crosstable, ratings and games as a terminal
//!   table, a self-contained HTML page, JSON and TRF.
//!
//! ```
//! use olympiad_arena::{Contestant, MatchConfig, PlayerSpec, RefereeConfig, TimeControl, run_match};
//! use std::time::Duration;
//!
//! let game = olympiad_catalog::find_game("caissa").unwrap();
//! let player = |s: &str| Contestant { name: s.into(), spec: PlayerSpec::parse(s, game).unwrap() };
//! let config = MatchConfig {
//!     game,
//!     games: 2,
//!     referee: RefereeConfig {
//!         time: TimeControl { budget: Duration::from_secs(1), increment: Duration::ZERO, move_cap: None },
//!         freeze_idle: false,
//!         max_plies: None,
//!     },
//!     concurrency: 1,
//!     out_dir: None,
//!     address_space_bytes: None,
//!     sprt: None,
//!     openings: Vec::new(),
//! };
//! let a = player("builtin:random:seed=1");
//! let b = player("builtin:random:seed=2");
//! let summary = run_match(&config, &a, &b, |_, _| {}).unwrap();
//! assert_eq!(summary.wdl.games(), 2);
//! ```

pub mod interrupt;
pub mod matches;
pub mod player;
pub mod process;
pub mod rating;
pub mod referee;
pub mod report;
pub mod spec;
pub mod sprt;
pub mod store;
pub mod tournament;

pub use matches::{
    Contestant, MatchConfig, MatchError, MatchSummary, PlayerTally, TableSummary, run_match,
    run_table,
};
pub use player::{EnginePlayer, Fault, Player, PlayerEnd, ProgramPlayer, Reply, Turn};
pub use process::{Exit, Limits, Process, ProcessConfig, group_members};
pub use rating::Wdl;
pub use referee::{
    GameRecord, MoveRecord, RefereeConfig, Termination, TimeControl, fault_outcome, play_game,
};
pub use spec::{PlayerSpec, SpecError};
pub use store::{GameKey, Stage, Store, StoreError, StoredGame};
pub use tournament::{
    Event, Results, RunSummary, Setup, TournamentError, is_finished, run_tournament,
};
