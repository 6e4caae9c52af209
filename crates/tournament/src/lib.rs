//! The pure logic of tournaments, with no I/O and no processes: who plays whom and when,
//! who ranks where and why, how strong everyone is. The arena plays the games, a store keeps
//! them and the CLI wires it all; this crate only turns pairings and results into pairings,
//! standings and ratings, deterministically from a seed.
//!
//! - [`model`]: players, exact points, pairings of any number of seats, results with
//!   their termination (ranks and pairwise results derived once), schedules;
//! - [`schedule`]: round robins (Berger-balanced seats), gauntlets, the CodeCup final,
//!   openings played in pairs with seats swapped, round robins of tables (more than two
//!   seats, seats rotated);
//! - [`standings`]: points schemes (win/draw/loss for two seats, by rank for more),
//!   Buchholz, progressive score, Sonneborn-Berger, head-to-head, irregular losses, first
//!   places, average rank, places with what decided them, crosstables of pairwise results;
//! - [`swiss`]: Swiss pairing round by round, never a rematch, one bye at most, seats
//!   balanced;
//! - [`playoff`]: rule 9's medal play-offs;
//! - [`trf`]: FIDE TRF16 export of a Swiss, to cross-check our pairings;
//! - [`config`]: the TOML tournament config, with errors that name key and line;
//! - [`ratings`]: maximum-likelihood ratings of the field (Davidson's draw model) with
//!   error bars, tables counting as their pairwise results;
//! - [`wdl`]: a match's win/draw/loss, score and Elo difference with its 95% interval;
//! - [`sprt`]: the sequential probability ratio test on game pairs, to stop a match as
//!   soon as the evidence decides;
//!
//! ```
//! use olympiad_tournament::{round_robin, Game, GameResult, PlayerId, Standings, StandingsConfig};
//!
//! // A double round robin among three players, drawn from seed 7.
//! let schedule = round_robin(3, 2, 7);
//! assert_eq!(schedule.games().count(), 6);
//! // Player 0 wins every game; the others draw theirs.
//! let games: Vec<Game> = schedule
//!     .pairings
//!     .iter()
//!     .map(|p| match p.seat_of(PlayerId(0)) {
//!         _ if p.is_bye() => Game::new(p.clone(), GameResult::bye()),
//!         Some(seat) => Game::new(p.clone(), GameResult::win(seat)),
//!         None => Game::new(p.clone(), GameResult::draw()),
//!     })
//!     .collect();
//! let players: Vec<PlayerId> = (0..3).map(PlayerId).collect();
//! let standings = Standings::compute(&players, &games, &[], &StandingsConfig::default()).unwrap();
//! assert_eq!(standings.rows[0].player, PlayerId(0));
//! ```

pub mod config;
pub mod model;
pub mod playoff;
pub mod ratings;
pub mod schedule;
pub mod sprt;
pub mod standings;
pub mod swiss;
pub mod trf;
pub mod wdl;

pub use config::{
    AdjudicationConfig, ConfigError, Format, PlayerConfig, TimeControlConfig, TournamentConfig,
    option_text,
};
pub use model::{Game, GameResult, Pairing, PlayerId, Points, Schedule, Termination, half_ranks};
pub use playoff::{MEDAL_PLACES, PLAYOFF_GAMES, Playoff};
pub use ratings::{
    Anchor, Rating, RatingError, RatingOptions, Ratings, fit_ratings, pairwise_games,
};
pub use schedule::{
    codecup_final, draw_lots, gauntlet, round_robin, round_robin_of, table_round_robin,
    table_round_robin_of,
};
pub use standings::{
    CrossGame, Crosstable, Decider, PointsScheme, Row, SeatRecord, Standings, StandingsConfig,
    StandingsError, TieBreak, TieBreakValues, termination_counts,
};
pub use swiss::{SwissError, swiss_round};
pub use trf::{TrfError, export_trf};
pub use wdl::Wdl;
