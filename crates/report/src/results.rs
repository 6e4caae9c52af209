//! A tournament's results, computed once from its stored games: standings, crosstables and
//! ratings of every stage (two seats), or of the round robin of tables (more seats). Every
//! report renders these; the runner asks them which play-offs are still due.
//!
//! [`Described`] is what a report needs to know about the tournament besides its games: the
//! checked config and its text, the game, the openings. The runner's setup lends one.

use olympiad_catalog::GameEntry;
use olympiad_store::{Stage, StoredGame};
use olympiad_tournament::{
    Crosstable, Format, Game, PlayerId, RatingError, RatingOptions, Ratings, Standings,
    StandingsConfig, StandingsError, TournamentConfig, fit_ratings, termination_counts,
};
use std::collections::{BTreeMap, BTreeSet};
use thiserror::Error;

/// The standard deviation of the prior used when the field has no finite maximum-likelihood
/// rating (a player who never scored), in Elo.
pub const FALLBACK_PRIOR_SD: f64 = 400.0;

/// Why results cannot be computed from the stored games.
#[derive(Debug, Error)]
pub enum ResultsError {
    /// The stored games do not fit the tournament.
    #[error("{0}")]
    Mismatch(String),
    /// Standings could not be computed from the stored games.
    #[error("standings: {0}")]
    Standings(#[from] StandingsError),
}

/// The tournament a report is about, besides its games.
#[derive(Clone, Copy, Debug)]
pub struct Described<'a> {
    /// The checked config.
    pub config: &'a TournamentConfig,
    /// The config's text, as stored.
    pub config_text: &'a str,
    /// The game.
    pub game: &'static GameEntry,
    /// The opening lines, empty without openings.
    pub openings: &'a [String],
}

impl Described<'_> {
    /// The player ids.
    pub fn players(&self) -> Vec<PlayerId> {
        self.config.player_ids()
    }

    /// The seats of the game.
    pub fn seats(&self) -> usize {
        self.game.players
    }

    /// Standings settings for a stage that does not decide medals.
    pub fn standings_without_playoffs(&self) -> StandingsConfig {
        StandingsConfig {
            medal_playoffs: false,
            ..self.config.standings_config()
        }
    }
}

/// The ratings of the field, and how they were fitted.
#[derive(Clone, Debug)]
pub struct RatingsReport {
    /// The fit, or why there is none.
    pub fit: Result<Ratings, RatingError>,
    /// The prior used (in Elo), when the pure maximum-likelihood fit has no maximum.
    pub prior_sd: Option<f64>,
    /// Why the pure fit was not used.
    pub pure_error: Option<RatingError>,
}

/// A stage's standings and crosstable.
#[derive(Clone, Debug)]
pub struct StageResults {
    /// Its players, in config order.
    pub players: Vec<PlayerId>,
    /// Its games (and byes), in store order; crosstable cells index this list.
    pub games: Vec<StoredGame>,
    /// The standings (with play-offs when this stage decides the medals).
    pub standings: Standings,
    /// The crosstable, in standings order.
    pub crosstable: Crosstable,
}

/// Everything the reports show, computed from the stored games, for any number of seats:
/// a round robin of tables (more than two seats) has its main stage only, no final and no
/// play-offs, and its ratings are fitted from the pairwise results of every game (each game
/// counts as `n(n-1)/2` independent results, which they are not: the error bars are
/// optimistic).
#[derive(Clone, Debug)]
pub struct Results {
    /// Seats per game.
    pub seats: usize,
    /// The tournament proper (CodeCup: the Swiss; tables: every game).
    pub main: StageResults,
    /// CodeCup's final, once its schedule exists.
    pub final_stage: Option<StageResults>,
    /// The medal play-off games.
    pub playoff_games: Vec<StoredGame>,
    /// Ratings over every game played (play-offs included).
    pub ratings: RatingsReport,
    /// Games by termination (the tournament crate's labels: normal, adjudicated-draw, the
    /// irregular kinds).
    pub terminations: BTreeMap<String, u32>,
    /// Games by the arena's reason (the rules' own reason, move-limit, the fault's kind).
    pub reasons: BTreeMap<String, u32>,
}

impl Results {
    /// The results of `setup`'s tournament from its stored games.
    pub fn compute<'a>(
        setup: &Described<'_>,
        stored: impl IntoIterator<Item = &'a StoredGame>,
    ) -> Result<Results, ResultsError> {
        let mut by_stage: BTreeMap<Stage, Vec<StoredGame>> = BTreeMap::new();
        for g in stored {
            if !g.pairing.is_bye() && g.pairing.seats.len() != setup.seats() {
                return Err(ResultsError::Mismatch(format!(
                    "the stored {} is a game of {} seats in a tournament of {} seats",
                    g.key(),
                    g.pairing.seats.len(),
                    setup.seats()
                )));
            }
            by_stage.entry(g.stage).or_default().push(g.clone());
        }
        for games in by_stage.values_mut() {
            games.sort_by_key(StoredGame::key);
        }
        let take = |stage| by_stage.get(&stage).cloned().unwrap_or_default();
        let playoff_stored = take(Stage::Playoff);
        let playoff_games: Vec<Game> = playoff_stored.iter().map(StoredGame::game).collect();
        let players = setup.players();
        let codecup = matches!(setup.config.format, Format::Codecup { .. });
        let stage = |ids: Vec<PlayerId>,
                     games: Vec<StoredGame>,
                     config: &StandingsConfig,
                     playoffs: &[Game]|
         -> Result<StageResults, ResultsError> {
            let plain: Vec<Game> = games.iter().map(StoredGame::game).collect();
            let standings = Standings::compute(&ids, &plain, playoffs, config)?;
            let crosstable = Crosstable::new(&standings.order(), &plain, &config.points);
            Ok(StageResults {
                players: ids,
                games,
                standings,
                crosstable,
            })
        };
        let full = setup.config.standings_config();
        let main = if codecup {
            stage(
                players.clone(),
                take(Stage::Main),
                &setup.standings_without_playoffs(),
                &[],
            )?
        } else {
            stage(players.clone(), take(Stage::Main), &full, &playoff_games)?
        };
        let final_stage = match by_stage.get(&Stage::Final) {
            Some(games) if codecup => {
                let finalists: BTreeSet<PlayerId> = games
                    .iter()
                    .flat_map(|g| g.pairing.seats.iter().copied())
                    .collect();
                Some(stage(
                    finalists.into_iter().collect(),
                    games.clone(),
                    &full,
                    &playoff_games,
                )?)
            }
            _ => None,
        };
        let all: Vec<Game> = Stage::ALL
            .iter()
            .flat_map(|s| take(*s))
            .map(|g| g.game())
            .collect();
        let terminations = termination_counts(&all);
        let mut reasons = BTreeMap::new();
        for s in Stage::ALL {
            for g in take(s).iter().filter(|g| !g.pairing.is_bye()) {
                *reasons.entry(g.reason.clone()).or_insert(0) += 1;
            }
        }
        Ok(Results {
            seats: setup.seats(),
            main,
            final_stage,
            playoff_games: playoff_stored,
            ratings: rate(&players, &all),
            terminations,
            reasons,
        })
    }

    /// The stage whose standings decide the places (and the medal play-offs): CodeCup's
    /// final once it exists, the main stage otherwise.
    pub fn deciding(&self) -> &Standings {
        match &self.final_stage {
            Some(f) => &f.standings,
            None => &self.main.standings,
        }
    }
}

/// Maximum likelihood, or with a prior when the field has no finite maximum.
fn rate(players: &[PlayerId], games: &[Game]) -> RatingsReport {
    match fit_ratings(players, games, &RatingOptions::default()) {
        Ok(r) => RatingsReport {
            fit: Ok(r),
            prior_sd: None,
            pure_error: None,
        },
        Err(e @ (RatingError::NotIdentifiable { .. } | RatingError::NoDecisiveGames)) => {
            let options = RatingOptions {
                prior_sd: Some(FALLBACK_PRIOR_SD),
                ..RatingOptions::default()
            };
            RatingsReport {
                fit: fit_ratings(players, games, &options),
                prior_sd: Some(FALLBACK_PRIOR_SD),
                pure_error: Some(e),
            }
        }
        Err(e) => RatingsReport {
            fit: Err(e),
            prior_sd: None,
            pure_error: None,
        },
    }
}
