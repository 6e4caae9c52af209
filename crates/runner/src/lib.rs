//! The tournament runner: a checked config ([`Setup`]) becomes a schedule, the schedule
//! becomes the arena's game jobs played by its executor (`concurrency` at a time, every
//! game seen by the caller's watch), and every finished game goes to the [`Store`] at once. The pure logic (schedules, Swiss
//! pairing, standings, play-offs, ratings) is `olympiad-tournament`'s; this module only
//! decides what to play next from what the store holds, so a resumed tournament plays
//! exactly the games still missing:
//!
//! - round robin and gauntlet: the whole schedule is fixed by the seed;
//! - Swiss: each round is paired from the stored games of the rounds before it, so a
//!   resumed run derives the same pairings again (and checks that the stored games of a
//!   round are the ones it derives);
//! - CodeCup: the Swiss, then its top group plays a double round robin (stage `final`);
//! - then rule 9's medal play-offs, two games each, until no place waits for one.
//!
//! Games of more than two seats (Rolit) are played as a round robin of tables (see
//! `olympiad_tournament::schedule`): every game of the schedule, fixed by the seed, keyed by
//! round (cycle and rotation) and board (table), played by the same referee with one player
//! per seat; no medal play-offs.
//!
//! `olympiad_report`'s results turn the stored games into standings for the reports, and
//! tell the runner which medal play-offs are still due.

use olympiad_arena::executor::{Executor, LocalExecutor};
use olympiad_arena::job::{GameJob, POSITION_PREFIX};
use olympiad_arena::matches::{Contestant, MatchConfig};
use olympiad_arena::referee::{
    Adjudication, DrawRule, GameRecord, RefereeConfig, ScoreRule, Termination, TimeControl,
};
use olympiad_arena::spec::PlayerSpec;
use olympiad_arena::watch::{NoWatch, Watch};
use olympiad_catalog::{GameEntry, Opening};
use olympiad_report::{Described, Results, ResultsError};
use olympiad_store::{
    GameKey, Stage, Store, StoreError, StoredGame, StoredMove, StoredPlayer, TournamentInfo,
    utc_timestamp,
};
use olympiad_tournament::{
    Format, Game, GameResult, Pairing, PlayerId, Points, Schedule, Standings, StandingsConfig,
    SwissError, TournamentConfig, codecup_final, swiss_round,
};
use std::collections::{BTreeMap, BTreeSet};
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};
use thiserror::Error;

/// Address-space limit of player programs, in bytes (as `olympiad match` by default).
pub const PROGRAM_ADDRESS_SPACE_BYTES: u64 = 2048 << 20;
/// Cycles of the CodeCup final (a double round robin).
pub const CODECUP_FINAL_CYCLES: u32 = 2;
/// Mixed into the seed of the openings of each Swiss round and of the final, so that
/// every round draws its own offset into the openings.
const OPENINGS_SALT: u64 = 0x6F70_656E_696E_6773;
/// Rounds of play-offs tried before giving up (each settles at least one pending game;
/// three medal places need at most a few).
const MAX_PLAYOFF_PASSES: u32 = 8;

/// Why a tournament cannot start or go on.
#[derive(Debug, Error)]
pub enum TournamentError {
    /// The config does not parse or check (`origin`: its file, or the default's name).
    #[error("{origin}: {source}")]
    Config {
        /// Where the config came from.
        origin: String,
        /// What is wrong, with key and line.
        source: olympiad_tournament::ConfigError,
    },
    /// A key's value is unusable (an unknown game, a player spec, an openings file).
    #[error("{origin}: `{key}`: {message}")]
    Invalid {
        /// Where the config came from.
        origin: String,
        /// The key at fault.
        key: String,
        /// What is wrong.
        message: String,
    },
    /// The store failed.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// The stored games do not fit the schedule this config gives.
    #[error("{0}")]
    Mismatch(String),
    /// Standings could not be computed from the stored games.
    #[error("standings: {0}")]
    Standings(#[from] olympiad_tournament::StandingsError),
    /// The results of the stored games could not be computed.
    #[error(transparent)]
    Results(#[from] ResultsError),
}

/// A tournament ready to run: the config checked, its game found, every player's spec
/// checked and the openings read.
#[derive(Debug)]
pub struct Setup {
    /// The config.
    pub config: TournamentConfig,
    /// The config's text, as stored.
    pub config_text: String,
    /// The game.
    pub game: &'static GameEntry,
    /// The players, in config order (index = player id).
    pub contestants: Vec<Contestant>,
    /// The opening lines (moves separated by blanks), empty without openings.
    pub openings: Vec<String>,
    /// The referee's settings, read once from `[time]` and `[adjudication]`.
    referee: RefereeConfig,
}

/// A config value that cannot be used: where and why.
fn invalid(origin: &str, key: &str, message: String) -> TournamentError {
    TournamentError::Invalid {
        origin: origin.into(),
        key: key.into(),
        message,
    }
}

/// The referee's settings of a config: its `[time]` (`tc` read as the arena reads it) and
/// `[adjudication]`; an error names the key.
fn referee_config(config: &TournamentConfig) -> Result<RefereeConfig, (&'static str, String)> {
    let t = &config.time;
    let mut time = match &t.tc {
        Some(tc) => TimeControl::parse(tc).map_err(|e| ("time.tc", e))?,
        None => TimeControl {
            budget: Duration::from_millis(t.time_ms),
            increment: Duration::from_millis(t.increment_ms),
            move_cap: None,
            moves_per_period: None,
            margin: Duration::ZERO,
        },
    };
    time.margin = Duration::from_millis(t.margin_ms);
    let a = &config.adjudication;
    Ok(RefereeConfig {
        time,
        freeze_idle: t.freeze_idle,
        max_plies: a.max_plies,
        adjudication: Adjudication {
            resign: a
                .resign
                .as_deref()
                .map(ScoreRule::parse)
                .transpose()
                .map_err(|e| ("adjudication.resign", e))?,
            draw: a
                .draw
                .as_deref()
                .map(DrawRule::parse)
                .transpose()
                .map_err(|e| ("adjudication.draw", e))?,
        },
    })
}

/// Reads an openings file: in one of the game's own formats when its extension names one
/// (chess: `.epd`), each position an opening `position TEXT`; else one opening per
/// non-empty line (moves, or `position TEXT`), `#` starting a comment.
pub fn read_openings(game: &GameEntry, path: &Path) -> Result<Vec<String>, String> {
    if let Some(read) = game.read_opening_file(path) {
        let openings = read?;
        if openings.is_empty() {
            return Err(format!("{}: no openings in the file", path.display()));
        }
        return Ok(openings
            .into_iter()
            .map(|opening| match opening {
                Opening::Position(p) => format!("{POSITION_PREFIX}{p}"),
                Opening::Moves(moves) => moves.join(" "),
            })
            .collect());
    }
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let lines: Vec<String> = text
        .lines()
        .map(|l| l.split('#').next().unwrap_or("").trim().to_string())
        .filter(|l| !l.is_empty())
        .collect();
    if lines.is_empty() {
        return Err(format!("{}: no openings in the file", path.display()));
    }
    Ok(lines)
}

impl Setup {
    /// A new store at `path` for this tournament: its name, config text, openings, seed and
    /// players, created now.
    pub fn create_store(&self, path: &Path) -> Result<Store, StoreError> {
        let info = TournamentInfo {
            name: self.config.name.clone(),
            config: self.config_text.clone(),
            openings: self.openings.clone(),
            seed: self.config.seed,
            created: utc_timestamp(SystemTime::now()),
        };
        let players: Vec<StoredPlayer> = self
            .config
            .players
            .iter()
            .map(|p| StoredPlayer {
                name: p.name.clone(),
                spec: p.spec.clone(),
            })
            .collect();
        Store::create(path, &info, &players)
    }

    /// Reads and checks the config `text` from `origin` (a file name, for messages); an
    /// openings file is read relative to `base_dir`.
    pub fn from_toml(
        text: &str,
        origin: &str,
        base_dir: Option<&Path>,
    ) -> Result<Setup, TournamentError> {
        let config = parse(text, origin)?;
        let openings = match &config.openings {
            Some(file) => {
                let game = olympiad_catalog::find_game(&config.game)
                    .map_err(|e| invalid(origin, "game", e.to_string()))?;
                let path = base_dir.map_or_else(|| file.clone(), |d| d.join(file));
                read_openings(game, &path).map_err(|m| invalid(origin, "openings", m))?
            }
            None => Vec::new(),
        };
        Setup::new(text, origin, config, openings)
    }

    /// The setup of a stored tournament: its config text and the openings it was started
    /// with (the openings file is not read again).
    pub fn from_stored(
        text: &str,
        origin: &str,
        openings: Vec<String>,
    ) -> Result<Setup, TournamentError> {
        let config = parse(text, origin)?;
        Setup::new(text, origin, config, openings)
    }

    fn new(
        text: &str,
        origin: &str,
        config: TournamentConfig,
        openings: Vec<String>,
    ) -> Result<Setup, TournamentError> {
        let invalid = |key: &str, message: String| invalid(origin, key, message);
        let game = olympiad_catalog::find_game(&config.game)
            .map_err(|e| invalid("game", e.to_string()))?;
        let config =
            config
                .for_seats(text, game.players)
                .map_err(|source| TournamentError::Config {
                    origin: origin.into(),
                    source,
                })?;
        let mut contestants = Vec::with_capacity(config.players.len());
        for (i, p) in config.players.iter().enumerate() {
            let options: Vec<(String, String)> = p.options.clone().into_iter().collect();
            let spec = PlayerSpec::parse(&p.spec, game)
                .map_err(|e| invalid(&format!("players[{i}].spec"), e.to_string()))?
                .with_options(&options, game)
                .map_err(|e| invalid(&format!("players[{i}].options"), e.to_string()))?;
            contestants.push(Contestant {
                name: p.name.clone(),
                spec,
            });
        }
        let referee = referee_config(&config).map_err(|(key, message)| invalid(key, message))?;
        let setup = Setup {
            config,
            config_text: text.to_string(),
            game,
            contestants,
            openings,
            referee,
        };
        setup
            .openings_check()
            .check_openings(&setup.contestants)
            .map_err(|e| invalid("openings", e.to_string()))?;
        Ok(setup)
    }

    /// What the reports need to know about this tournament.
    pub fn described(&self) -> Described<'_> {
        Described {
            config: &self.config,
            config_text: &self.config_text,
            game: self.game,
            openings: &self.openings,
        }
    }

    /// The player ids.
    pub fn players(&self) -> Vec<PlayerId> {
        self.config.player_ids()
    }

    /// The seats of the game.
    pub fn seats(&self) -> usize {
        self.game.players
    }

    /// Whether the game has more than two seats: a round robin of tables.
    pub fn is_tables(&self) -> bool {
        self.seats() > 2
    }

    /// The schedule of a round robin of tables (`None` for two-seat games).
    pub fn table_schedule(&self) -> Option<Schedule> {
        if !self.is_tables() {
            return None;
        }
        self.config.table_schedule(self.seats())
    }

    /// The referee's settings from the config's time control and adjudication.
    pub fn referee(&self) -> RefereeConfig {
        self.referee
    }

    /// The arena's view of the tournament's openings, to check them as a match would.
    fn openings_check(&self) -> MatchConfig {
        MatchConfig {
            game: self.game,
            games: 1,
            referee: self.referee(),
            concurrency: 1,
            out_dir: None,
            address_space_bytes: Some(PROGRAM_ADDRESS_SPACE_BYTES),
            sprt: None,
            openings: self.openings.clone(),
        }
    }

    /// The number of openings played.
    fn opening_count(&self) -> u32 {
        self.openings.len() as u32
    }

    /// Standings settings for a stage that does not decide medals.
    fn standings_without_playoffs(&self) -> StandingsConfig {
        self.described().standings_without_playoffs()
    }

    /// A first estimate of the games to play (play-offs come on top when needed).
    pub fn planned_games(&self) -> u32 {
        if let Some(schedule) = self.table_schedule() {
            return schedule.pairings.len() as u32;
        }
        let n = self.config.players.len() as u32;
        let pairs = if self.openings.is_empty() { 1 } else { 2 };
        match &self.config.format {
            Format::RoundRobin { .. } | Format::Gauntlet { .. } => {
                let schedule = self
                    .config
                    .fixed_schedule()
                    .expect("round robins and gauntlets have fixed schedules");
                schedule
                    .with_openings(self.opening_count(), self.config.seed)
                    .games()
                    .count() as u32
            }
            Format::Swiss { rounds } => rounds * (n / 2) * pairs,
            Format::Codecup { swiss_rounds, top } => {
                swiss_rounds * (n / 2) * pairs + top * (top - 1) * CODECUP_FINAL_CYCLES / 2 * pairs
            }
        }
    }
}

fn parse(text: &str, origin: &str) -> Result<TournamentConfig, TournamentError> {
    TournamentConfig::from_toml(text).map_err(|source| TournamentError::Config {
        origin: origin.into(),
        source,
    })
}

/// What the runner tells its caller as it goes.
#[derive(Debug)]
pub enum Event<'a> {
    /// The number of games planned changed (play-offs were scheduled, a Swiss stopped).
    Planned {
        /// Games planned in all (byes not counted).
        total: u32,
    },
    /// A game or bye was stored.
    Game {
        /// It.
        game: &'a StoredGame,
        /// The arena's record of it, when it was played just now (not for byes).
        record: Option<&'a GameRecord>,
        /// Games stored so far (byes not counted), this one included.
        done: u32,
        /// Games planned.
        total: u32,
    },
    /// A batch (a Swiss round, a fixed schedule, a stage) is complete.
    BatchDone {
        /// Its stage.
        stage: Stage,
    },
    /// Something worth saying (a Swiss that cannot be paired further, a play-off).
    Note(String),
}

/// Why the runner stopped before the end of the tournament.
enum Halt {
    /// The tournament cannot go on.
    Error(TournamentError),
    /// A check ([`is_finished`]) came to a game or bye the store lacks.
    Unplayed,
}

impl From<TournamentError> for Halt {
    fn from(e: TournamentError) -> Halt {
        Halt::Error(e)
    }
}

impl From<StoreError> for Halt {
    fn from(e: StoreError) -> Halt {
        Halt::Error(e.into())
    }
}

impl From<ResultsError> for Halt {
    fn from(e: ResultsError) -> Halt {
        Halt::Error(e.into())
    }
}

impl From<olympiad_tournament::StandingsError> for Halt {
    fn from(e: olympiad_tournament::StandingsError) -> Halt {
        Halt::Error(e.into())
    }
}

/// How to play a game and whom to tell.
struct Runner<'s, F> {
    setup: &'s Setup,
    store: &'s mut Store,
    /// Only walk the schedule: halt at the first game or bye the store lacks, play nothing.
    check_only: bool,
    logs: Option<PathBuf>,
    /// Sees every game as it is played.
    watch: &'s dyn Watch,
    /// Plays the games (`None`: threads of this process, `concurrency` of them).
    executor: Option<&'s dyn Executor>,
    stored: BTreeMap<GameKey, StoredGame>,
    /// The keys of every pairing scheduled so far.
    scheduled: BTreeSet<GameKey>,
    on_event: F,
    done: u32,
    total: u32,
    notes: Vec<String>,
}

/// What a run did.
#[derive(Debug)]
pub struct RunSummary {
    /// Every game and bye of the tournament, from the store.
    pub games: Vec<StoredGame>,
    /// Games played by this run (the rest were stored by an earlier one).
    pub played_now: u32,
    /// What the run had to say (also sent as [`Event::Note`]).
    pub notes: Vec<String>,
}

/// Plays the tournament of `setup` into `store` to its end: the games already stored are
/// kept, the missing ones are played by `executor` (`None`: a [`LocalExecutor`] of the
/// config's `concurrency`), each seen by `watch` as it is played. Program stderr logs go to
/// `logs`.
pub fn run_tournament(
    setup: &Setup,
    store: &mut Store,
    logs: Option<&Path>,
    watch: &dyn Watch,
    executor: Option<&dyn Executor>,
    on_event: impl FnMut(Event<'_>),
) -> Result<RunSummary, TournamentError> {
    store.roll_back_when(olympiad_arena::interrupt::interrupted);
    let mut runner = Runner::new(setup, store, logs, watch, executor, false, on_event)?;
    let before = runner.done;
    match runner.walk() {
        Ok(()) => {}
        Err(Halt::Error(e)) => return Err(e),
        Err(Halt::Unplayed) => unreachable!("only a check halts at an unplayed game"),
    }
    let played_now = runner.done - before;
    Ok(RunSummary {
        games: runner.store.games()?,
        played_now,
        notes: runner.notes,
    })
}

/// Whether the tournament of `setup` in `store` is over, decided from the store: the
/// schedule is walked as [`run_tournament`] walks it (Swiss rounds paired from the stored
/// ones, finals, play-offs), nothing played or stored, until a game or bye the store lacks
/// (`false`) or the end (`true`). A store that does not fit the config is an error, as for
/// [`run_tournament`].
pub fn is_finished(setup: &Setup, store: &mut Store) -> Result<bool, TournamentError> {
    let mut runner = Runner::new(setup, store, None, &NoWatch, None, true, |_: Event<'_>| {})?;
    match runner.walk() {
        Ok(()) => Ok(true),
        Err(Halt::Unplayed) => Ok(false),
        Err(Halt::Error(e)) => Err(e),
    }
}

impl<'s, F: FnMut(Event<'_>)> Runner<'s, F> {
    fn new(
        setup: &'s Setup,
        store: &'s mut Store,
        logs: Option<&Path>,
        watch: &'s dyn Watch,
        executor: Option<&'s dyn Executor>,
        check_only: bool,
        on_event: F,
    ) -> Result<Self, TournamentError> {
        let stored: BTreeMap<GameKey, StoredGame> =
            store.games()?.into_iter().map(|g| (g.key(), g)).collect();
        let done = stored.values().filter(|g| !g.pairing.is_bye()).count() as u32;
        Ok(Runner {
            setup,
            store,
            check_only,
            logs: logs.map(Path::to_path_buf),
            watch,
            executor,
            stored,
            scheduled: BTreeSet::new(),
            on_event,
            done,
            total: setup.planned_games().max(done),
            notes: Vec::new(),
        })
    }

    /// Goes through the tournament from its start: the stored games are kept, the missing
    /// ones played (or, for a check, the first missing one halts the walk).
    fn walk(&mut self) -> Result<(), Halt> {
        let setup = self.setup;
        (self.on_event)(Event::Planned { total: self.total });
        self.check_players()?;
        let config = &setup.config;
        let openings = setup.opening_count();
        if let Some(tables) = setup.table_schedule() {
            self.play(Stage::Main, &tables.pairings)?;
            self.check_leftovers()?;
            return Ok(());
        }
        match &config.format {
            Format::RoundRobin { .. } | Format::Gauntlet { .. } => {
                let schedule = config
                    .fixed_schedule()
                    .expect("round robins and gauntlets have fixed schedules")
                    .with_openings(openings, config.seed);
                self.play(Stage::Main, &schedule.pairings)?;
            }
            Format::Swiss { rounds } => {
                self.swiss(*rounds)?;
            }
            Format::Codecup { swiss_rounds, top } => {
                let played = self.swiss(*swiss_rounds)?;
                let main = Standings::compute(
                    &setup.players(),
                    &self.games_of(Stage::Main),
                    &[],
                    &setup.standings_without_playoffs(),
                )?;
                let schedule =
                    codecup_final(&main, *top as usize, CODECUP_FINAL_CYCLES, played + 1)
                        .with_openings(openings, config.seed ^ OPENINGS_SALT);
                self.play(Stage::Final, &schedule.pairings)?;
            }
        }
        self.playoffs()?;
        self.check_leftovers()?;
        Ok(())
    }
}

impl<F: FnMut(Event<'_>)> Runner<'_, F> {
    fn note(&mut self, text: String) {
        (self.on_event)(Event::Note(text.clone()));
        self.notes.push(text);
    }

    /// The stored players must be the config's.
    fn check_players(&self) -> Result<(), TournamentError> {
        let stored = self.store.players()?;
        let given: Vec<(&str, &str)> = self
            .setup
            .config
            .players
            .iter()
            .map(|p| (p.name.as_str(), p.spec.as_str()))
            .collect();
        let kept: Vec<(&str, &str)> = stored
            .iter()
            .map(|p| (p.name.as_str(), p.spec.as_str()))
            .collect();
        if given != kept {
            return Err(TournamentError::Mismatch(format!(
                "{}: the stored players {kept:?} are not the config's {given:?}",
                self.store.path().display()
            )));
        }
        Ok(())
    }

    /// Every stored game must belong to the schedule that was played: a game outside it
    /// means the store was made by another config (or another version of the schedules).
    fn check_leftovers(&self) -> Result<(), TournamentError> {
        match self.stored.keys().find(|k| !self.scheduled.contains(k)) {
            Some(key) => Err(TournamentError::Mismatch(format!(
                "{}: the stored {key} ({}) is not in the schedule of this config",
                self.store.path().display(),
                stored_text(self.setup, &self.stored[key])
            ))),
            None => Ok(()),
        }
    }

    /// The stored games (and byes) of `stage`.
    fn games_of(&self, stage: Stage) -> Vec<Game> {
        self.stored
            .values()
            .filter(|g| g.stage == stage)
            .map(StoredGame::game)
            .collect()
    }

    /// Plays a Swiss of `rounds` rounds, each paired from the stored rounds before it;
    /// returns the number of rounds played (fewer when a round has no legal pairing).
    fn swiss(&mut self, rounds: u32) -> Result<u32, Halt> {
        let players = self.setup.players();
        let config = &self.setup.config;
        for round in 1..=rounds {
            let games = self.games_of(Stage::Main);
            let pairings = match swiss_round(&players, &games, round, config.seed) {
                Ok(p) => p,
                Err(SwissError::NoPairing { .. }) => {
                    let per_round = self.setup.planned_games() / rounds.max(1);
                    self.total = self
                        .total
                        .saturating_sub(per_round * (rounds - round + 1))
                        .max(self.done);
                    (self.on_event)(Event::Planned { total: self.total });
                    self.note(format!(
                        "round {round} cannot be paired without a rematch, a second bye or \
                         seat imbalance: the Swiss ends after round {}",
                        round - 1
                    ));
                    return Ok(round - 1);
                }
                Err(e) => {
                    return Err(TournamentError::Mismatch(format!("round {round}: {e}")).into());
                }
            };
            let seed = config.seed ^ OPENINGS_SALT.wrapping_mul(u64::from(round));
            let schedule = Schedule::new(pairings).with_openings(self.setup.opening_count(), seed);
            self.play(Stage::Main, &schedule.pairings)?;
        }
        Ok(rounds)
    }

    /// Settles rule 9's medal ties: plays the play-off games the standings ask for until
    /// none is pending.
    fn playoffs(&mut self) -> Result<(), Halt> {
        if !self.setup.config.medal_playoffs {
            return Ok(());
        }
        for _ in 0..MAX_PLAYOFF_PASSES {
            let results = Results::compute(&self.setup.described(), self.stored.values())?;
            let pending = results.deciding().playoff_pairings();
            if pending.is_empty() {
                return Ok(());
            }
            let new: Vec<&Pairing> = pending
                .iter()
                .filter(|p| !self.stored.contains_key(&GameKey::of(Stage::Playoff, p)))
                .collect();
            let names = |p: &Pairing| {
                let name = |id: PlayerId| self.setup.config.players[id.index()].name.clone();
                format!(
                    "{} - {}",
                    name(p.first()),
                    p.second().map_or("bye".into(), name)
                )
            };
            for playoff in results
                .deciding()
                .playoffs
                .iter()
                .filter(|p| p.is_pending())
            {
                let [a, b] = playoff.players;
                let pair = names(&Pairing::game(0, 0, a, b));
                self.note(format!(
                    "medal play-off for place {}: {pair} ({} of {} games played)",
                    playoff.place,
                    playoff.games_played,
                    olympiad_tournament::PLAYOFF_GAMES
                ));
            }
            self.total += new.len() as u32;
            (self.on_event)(Event::Planned { total: self.total });
            self.play(Stage::Playoff, &pending)?;
        }
        Err(TournamentError::Mismatch(format!(
            "medal play-offs still pending after {MAX_PLAYOFF_PASSES} passes"
        ))
        .into())
    }

    /// Plays the pairings of `stage` that the store lacks, `concurrency` at a time; byes are
    /// stored at once. Stored games of these keys must have the same players in the same
    /// seats.
    fn play(&mut self, stage: Stage, pairings: &[Pairing]) -> Result<(), Halt> {
        let mut todo: Vec<Pairing> = Vec::new();
        for p in pairings {
            let key = GameKey::of(stage, p);
            self.scheduled.insert(key);
            match self.stored.get(&key) {
                Some(g) if g.pairing.seats == p.seats => {}
                Some(g) => {
                    return Err(TournamentError::Mismatch(format!(
                        "{}: the stored {key} is {}, but the schedule says {}; was the store \
                         made by another config or version?",
                        self.store.path().display(),
                        pair_text(self.setup, &g.pairing),
                        pair_text(self.setup, p),
                    ))
                    .into());
                }
                None if self.check_only => return Err(Halt::Unplayed),
                None if p.is_bye() => self.keep(StoredGame::bye(stage, p), None)?,
                None => todo.push(p.clone()),
            }
        }
        if !todo.is_empty() {
            let (setup, logs) = (self.setup, self.logs.clone());
            self.play_games(
                &todo,
                |p| pairing_job(setup, stage, p, logs.as_deref()),
                |p, record, started| stored_game(stage, p, record, started),
            )?;
        }
        (self.on_event)(Event::BatchDone { stage });
        Ok(())
    }

    /// Stores a game and tells the caller, with the arena's record of it if it was played.
    fn keep(
        &mut self,
        game: StoredGame,
        record: Option<&GameRecord>,
    ) -> Result<(), TournamentError> {
        self.store.insert_game(&game)?;
        if !game.pairing.is_bye() {
            self.done += 1;
            self.total = self.total.max(self.done);
        }
        let key = game.key();
        self.stored.insert(key, game);
        let game = &self.stored[&key];
        (self.on_event)(Event::Game {
            game,
            record,
            done: self.done,
            total: self.total,
        });
        Ok(())
    }

    /// Plays `todo` (games, no byes), each made a job by `job`, on the runner's executor
    /// (or a [`LocalExecutor`] of `concurrency` threads); this thread stores each game as it
    /// ends (`stored` turns its record and start time into the stored game). A store failure stops new games from
    /// starting.
    fn play_games<T>(
        &mut self,
        todo: &[T],
        job: impl Fn(&T) -> GameJob,
        stored: impl Fn(&T, &GameRecord, String) -> StoredGame,
    ) -> Result<(), TournamentError> {
        let jobs: Vec<GameJob> = todo.iter().map(job).collect();
        // A game's index is its key's number: one per game of the tournament.
        let by_index: BTreeMap<u64, &T> = jobs.iter().map(|j| j.index).zip(todo).collect();
        let local;
        let executor: &dyn Executor = match self.executor {
            Some(executor) => executor,
            None => {
                local = LocalExecutor::new(self.setup.config.concurrency as usize);
                &local
            }
        };
        let watch = self.watch;
        let mut failure = Ok(());
        executor.run(&mut jobs.into_iter(), watch, &mut |finished| {
            if failure.is_ok() {
                let item = by_index[&finished.record.index];
                let started = utc_timestamp(finished.started);
                let game = stored(item, &finished.record, started);
                failure = self.keep(game, Some(&finished.record));
            }
            if failure.is_ok() {
                ControlFlow::Continue(())
            } else {
                ControlFlow::Break(())
            }
        });
        failure
    }
}

/// The players of `seats` by name, in seat order.
fn seats_text(setup: &Setup, seats: &[PlayerId]) -> String {
    seats
        .iter()
        .map(|&id| player_name(setup, id))
        .collect::<Vec<_>>()
        .join(", ")
}

/// A player's name (its id if it is not in the config).
fn player_name(setup: &Setup, id: PlayerId) -> String {
    setup
        .config
        .players
        .get(id.index())
        .map_or_else(|| id.to_string(), |p| p.name.clone())
}

/// Who played a stored game.
fn stored_text(setup: &Setup, g: &StoredGame) -> String {
    pair_text(setup, &g.pairing)
}

/// Who plays: `A - B` for two seats, every seat's player for more, or a bye.
fn pair_text(setup: &Setup, p: &Pairing) -> String {
    match p.seats[..] {
        [a] => format!("a bye for {}", player_name(setup, a)),
        [a, b] => format!("{} - {}", player_name(setup, a), player_name(setup, b)),
        _ => seats_text(setup, &p.seats),
    }
}

/// Game `pairing` of `stage` as a job: every seat's player as scheduled, the pairing's
/// opening (if any), its key's number as the game's index.
pub fn pairing_job(setup: &Setup, stage: Stage, pairing: &Pairing, logs: Option<&Path>) -> GameJob {
    assert!(!pairing.is_bye(), "byes are not played");
    GameJob {
        index: GameKey::of(stage, pairing).number(),
        game: setup.game,
        seats: pairing
            .seats
            .iter()
            .map(|p| setup.contestants[p.index()].clone())
            .collect(),
        opening: pairing
            .opening
            .map(|k| setup.openings[k as usize % setup.openings.len()].clone()),
        referee: setup.referee(),
        log_dir: logs.map(Path::to_path_buf),
        address_space_bytes: Some(PROGRAM_ADDRESS_SPACE_BYTES),
    }
}

/// A referee's points as exact points (they are whole or half points: balls, or 0 and 1
/// after a fault).
fn exact_points(points: f64) -> Points {
    Points::from_f64(points).unwrap_or_else(|| Points::from_milli((points * 1000.0).round() as i64))
}

/// The standings' view of a referee's record.
///
/// Two seats: a fault is an irregular loss, the move limit an adjudicated draw, and a game
/// that ends by its rules is won by the seat with more points; when its points do not sum
/// to 1 (a win 1-0, a draw 1/2-1/2) the game scores itself (`rolit2`: the balls of each
/// colour) and that score is kept as [`GameResult::game_score`], for the `game_score`
/// points scheme.
///
/// More seats: every seat's points (Rolit: balls; after a fault 0 for the offender, 1 for
/// the others) order the seats, with the termination naming the offender's seat.
pub fn game_result(record: &GameRecord) -> GameResult {
    use olympiad_tournament::Termination as T;
    let termination = match &record.termination {
        Termination::Fault { seat, fault } => T::Irregular {
            seat: *seat,
            reason: fault.kind().into(),
        },
        Termination::MoveLimit { .. } => T::AdjudicatedDraw,
        Termination::Adjudicated { winner: None, .. } => T::AdjudicatedDraw,
        Termination::Rules { .. }
        | Termination::Resigned { .. }
        | Termination::Adjudicated { .. } => T::Normal,
    };
    if record.points.len() > 2 {
        return GameResult::table(
            record.points.iter().map(|&p| exact_points(p)).collect(),
            termination,
        );
    }
    match termination {
        T::Irregular { seat, reason } => GameResult::irregular_loss(usize::from(seat), &reason),
        T::AdjudicatedDraw => GameResult::adjudicated_draw(),
        _ => {
            let (a, b) = (record.points[0], record.points[1]);
            let mut result = if a > b {
                GameResult::win(0)
            } else if a < b {
                GameResult::win(1)
            } else {
                GameResult::draw()
            };
            if (a + b - 1.0).abs() > 1e-9 {
                result.game_score = Some(vec![exact_points(a), exact_points(b)]);
            }
            result
        }
    }
}

/// A referee's record as the store keeps it, with its result for the standings
/// ([`game_result`]) and, for more than two seats, the time each seat used.
pub fn stored_game(
    stage: Stage,
    pairing: &Pairing,
    record: &GameRecord,
    started: String,
) -> StoredGame {
    let detail = match &record.termination {
        Termination::Rules { reason } => reason.clone(),
        Termination::MoveLimit { plies } => format!("move limit ({plies} plies)"),
        Termination::Resigned { seat } => format!("seat {seat} resigned"),
        Termination::Adjudicated { reason, .. } => format!("adjudicated: {reason}"),
        Termination::Fault { seat, fault } => format!(
            "{} by {}: {}",
            fault.kind(),
            record.players[usize::from(*seat)].name,
            fault.detail()
        ),
    };
    StoredGame {
        stage,
        pairing: pairing.clone(),
        result: game_result(record),
        reason: record.termination.label(),
        detail,
        moves: record
            .moves
            .iter()
            .map(|m| StoredMove {
                seat: m.seat,
                text: m.text.clone(),
                time_ms: m.time_ms,
                left_ms: m.left_ms,
            })
            .collect(),
        start_position: record.start.clone(),
        end_position: record.end.clone(),
        ends: serde_json::to_value(&record.players).expect("records serialize"),
        started,
        duration_ms: record.wall_ms,
        used_ms: if pairing.seats.len() > 2 {
            (0..pairing.seats.len())
                .map(|seat| record.used_ms.get(seat).copied().unwrap_or(0.0))
                .collect()
        } else {
            Vec::new()
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_dir(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("olympiad-runner-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn new_store(dir: &Path, setup: &Setup) -> Store {
        setup.create_store(&dir.join("t.db")).unwrap()
    }

    fn randoms(n: usize) -> String {
        (0..n)
            .map(|i| format!("[[players]]\nname = \"r{i}\"\nspec = \"builtin:random:seed={i}\"\n"))
            .collect()
    }

    #[test]
    fn chess_time_controls_adjudication_and_engine_options_come_from_the_config() {
        let text = "game = \"chess\"\n[format]\nkind = \"round_robin\"\n\
            [time]\ntc = \"40/60+0.5\"\nmargin_ms = 50\n\
            [adjudication]\nresign = \"900,3\"\ndraw = \"10,8,40\"\nmax_plies = 300\n\
            [[players]]\nname = \"a\"\nspec = \"uci:/bin/cat\"\n\
            options = { Hash = 64, UCI_Elo = 2000, UCI_LimitStrength = true }\n\
            [[players]]\nname = \"b\"\nspec = \"builtin:jumper\"\n";
        let setup = Setup::from_toml(text, "t.toml", None).unwrap();
        let referee = setup.referee();
        assert_eq!(referee.time.budget, Duration::from_secs(60));
        assert_eq!(referee.time.increment, Duration::from_millis(500));
        assert_eq!(referee.time.moves_per_period, Some(40));
        assert_eq!(referee.time.margin, Duration::from_millis(50));
        assert_eq!(referee.max_plies, Some(300));
        let resign = referee.adjudication.resign.unwrap();
        assert_eq!((resign.score_cp, resign.moves), (900, 3));
        assert_eq!(referee.adjudication.draw.unwrap().after_move, 40);
        let PlayerSpec::Command { options, .. } = &setup.contestants[0].spec else {
            panic!("a program");
        };
        assert!(options.contains(&("UCI_Elo".to_string(), "2000".to_string())));
        assert!(options.contains(&("UCI_LimitStrength".to_string(), "true".to_string())));

        // Mistakes name their key.
        for (bad, key) in [
            ("tc = \"10+x\"", "time.tc"),
            ("tc = \"10\"\nincrement_ms = 5", "time.tc"),
        ] {
            let t = text.replace("tc = \"40/60+0.5\"", bad);
            let e = Setup::from_toml(&t, "t.toml", None)
                .unwrap_err()
                .to_string();
            assert!(e.contains(key), "{bad}: {e}");
        }
        let t = text.replace("\"900,3\"", "\"900\"");
        let e = Setup::from_toml(&t, "t.toml", None)
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("adjudication.resign") && e.contains("SCORE,MOVES"),
            "{e}"
        );
    }

    fn run(text: &str, name: &str) -> (Setup, RunSummary, Vec<String>) {
        let dir = temp_dir(name);
        let setup = Setup::from_toml(text, "test.toml", Some(&dir)).unwrap();
        let mut store = new_store(&dir, &setup);
        let mut lines = Vec::new();
        let summary = run_tournament(&setup, &mut store, None, &NoWatch, None, |e| {
            if let Event::Game {
                game, done, total, ..
            } = e
            {
                lines.push(format!("{} {done}/{total}", game.key()));
            }
        })
        .unwrap();
        let _ = std::fs::remove_dir_all(&dir);
        (setup, summary, lines)
    }

    #[test]
    fn round_robin_plays_its_schedule_once() {
        let text = format!(
            "game = \"caissa\"\nseed = 3\nconcurrency = 2\n[format]\nkind = \"round_robin\"\n\
             double = true\n[time]\ntime_ms = 5000\n{}",
            randoms(3)
        );
        let (setup, summary, lines) = run(&text, "rr");
        let schedule = setup.config.fixed_schedule().unwrap();
        let keys: BTreeSet<GameKey> = summary
            .games
            .iter()
            .filter(|g| g.stage == Stage::Main)
            .map(StoredGame::key)
            .collect();
        let expected: BTreeSet<GameKey> = schedule
            .pairings
            .iter()
            .map(|p| GameKey::of(Stage::Main, p))
            .collect();
        assert_eq!(keys, expected);
        // 3 players: 6 games and 6 byes, plus any medal play-off; every game has moves.
        let playoffs = summary
            .games
            .iter()
            .filter(|g| g.stage == Stage::Playoff)
            .count();
        assert_eq!(
            summary.played_now as usize,
            schedule.games().count() + playoffs
        );
        assert_eq!(lines.len(), 12 + playoffs);
        for g in summary.games.iter().filter(|g| !g.pairing.is_bye()) {
            assert!(!g.moves.is_empty(), "{}", g.key());
            assert_ne!(g.reason, "bye");
        }
        // With this seed two players tie for first: rule 9's two play-off games are played.
        assert_eq!(playoffs, 2);
        let results = Results::compute(&setup.described(), &summary.games).unwrap();
        assert!(results.deciding().playoff_pairings().is_empty());
        let playoff = &results.main.standings.playoffs[0];
        assert_eq!((playoff.place, playoff.games_played), (1, 2));
        assert_eq!(results.main.standings.rows.len(), 3);
        assert!(
            results
                .main
                .standings
                .rows
                .iter()
                .all(|r| r.games == 4 && r.byes == 2)
        );
    }

    #[test]
    fn codecup_plays_swiss_then_final_then_playoffs() {
        let text = format!(
            "game = \"caissa\"\nseed = 11\n[format]\nkind = \"codecup\"\nswiss_rounds = 3\n\
             top = 4\n[time]\ntime_ms = 5000\n{}",
            randoms(7)
        );
        let (setup, summary, _) = run(&text, "codecup");
        let count = |s: Stage| summary.games.iter().filter(|g| g.stage == s).count();
        // 7 players: 3 games and a bye per Swiss round; the final 4 play 12 games.
        assert_eq!(count(Stage::Main), 3 * 4);
        assert_eq!(count(Stage::Final), 12);
        let results = Results::compute(&setup.described(), &summary.games).unwrap();
        let f = results.final_stage.as_ref().unwrap();
        assert_eq!(f.players.len(), 4);
        // The finalists are the Swiss's top four.
        let mut top: Vec<PlayerId> = results.main.standings.order()[..4].to_vec();
        top.sort();
        assert_eq!(f.players, top);
        // The final rounds follow the Swiss's.
        assert!(f.games.iter().all(|g| g.pairing.round > 3));
        // No medal place is left waiting for a play-off.
        assert!(results.deciding().playoff_pairings().is_empty());
        assert_eq!(count(Stage::Playoff), results.playoff_games.len());
    }

    #[test]
    fn a_config_error_names_origin_and_key() {
        let bad = "game = \"caissa\"\n[format]\nkind = \"swiss\"\nrounds = 1\n\
                   [[players]]\nname = \"a\"\nspec = \"builtin:random\"\n\
                   [[players]]\nname = \"b\"\nspec = \"builtin:deep\"\n";
        let e = Setup::from_toml(bad, "my.toml", None)
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("my.toml: `players[1].spec`"), "{e}");
        assert!(e.contains("unknown engine"), "{e}");
        let e = Setup::from_toml("game = 3", "my.toml", None)
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("my.toml: line 1"), "{e}");
        let e = Setup::from_toml(
            &format!(
                "game = \"rolit\"\n[format]\nkind = \"round_robin\"\n{}",
                randoms(2)
            ),
            "r.toml",
            None,
        )
        .unwrap_err()
        .to_string();
        assert!(
            e.starts_with("r.toml: ") && e.contains("`players`") && e.contains("at least 4"),
            "{e}"
        );
        let e = Setup::from_toml(
            &format!(
                "game = \"rolit\"\n[format]\nkind = \"swiss\"\nrounds = 2\n{}",
                randoms(4)
            ),
            "r.toml",
            None,
        )
        .unwrap_err()
        .to_string();
        assert!(
            e.starts_with("r.toml: line 3, column 8: `format.kind`"),
            "{e}"
        );
    }

    #[test]
    fn tables_play_their_schedule_and_resume_plays_the_rest() {
        let text = format!(
            "game = \"rolit\"\nseed = 2\nconcurrency = 2\n[format]\nkind = \"round_robin\"\n\
             [time]\ntime_ms = 5000\n{}",
            randoms(5)
        );
        let (setup, summary, lines) = run(&text, "tables");
        // 5 tables of 4 players, 4 rotations each; no play-offs.
        assert_eq!(summary.games.len(), 20);
        assert_eq!(summary.played_now, 20);
        assert_eq!(lines.len(), 20);
        let schedule = setup.table_schedule().unwrap();
        for (g, p) in summary.games.iter().zip(&schedule.pairings) {
            assert_eq!(g.key(), GameKey::of(Stage::Main, p));
            assert_eq!(g.pairing.seats, p.seats);
            // Rolit: 60 moves, 64 balls, every seat's time kept.
            assert_eq!(g.moves.len(), 60);
            let balls: Points = g.result.ranking.iter().copied().sum();
            assert_eq!(balls, Points::from_int(64));
            assert_eq!(g.used_ms.len(), 4);
            assert!(g.used_ms.iter().all(|&used| used > 0.0));
        }
        let results = Results::compute(&setup.described(), &summary.games).unwrap();
        let rows = &results.main.standings.rows;
        assert_eq!(rows.len(), 5);
        // Everyone plays 4 tables of 4 games, once in each seat per table; 3 + 2 + 1 + 0
        // points per game.
        assert!(
            rows.iter()
                .all(|r| r.games == 16 && r.by_seat.iter().all(|s| s.games() == 4))
        );
        let total: Points = rows.iter().map(|r| r.points).sum();
        assert_eq!(total, Points::from_int(20 * 6));
        // Each player has 3 pairwise results in each of its 16 games.
        let fit = results.ratings.fit.as_ref().unwrap();
        assert!(fit.ratings.iter().all(|r| r.games == 16 * 3));
        assert_eq!(results.terminations.get("normal"), Some(&20));

        // A store holding 7 of the games: the runner plays exactly the 13 others.
        let dir = temp_dir("tables-resume");
        let mut store = new_store(&dir, &setup);
        for g in summary.games.iter().step_by(3) {
            store.insert_game(g).unwrap();
        }
        let mut played = Vec::new();
        let resumed = run_tournament(&setup, &mut store, None, &NoWatch, None, |e| {
            if let Event::Game { game, .. } = e {
                played.push(game.key());
            }
        })
        .unwrap();
        assert_eq!(resumed.played_now, 13);
        let kept: BTreeSet<GameKey> = summary
            .games
            .iter()
            .step_by(3)
            .map(StoredGame::key)
            .collect();
        assert!(played.iter().all(|k| !kept.contains(k)));
        let keys: Vec<GameKey> = resumed.games.iter().map(StoredGame::key).collect();
        let all: Vec<GameKey> = summary.games.iter().map(StoredGame::key).collect();
        assert_eq!(keys, all);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn whether_a_tournament_is_finished_is_read_from_its_store() {
        let text = format!(
            "game = \"caissa\"\nseed = 11\n[format]\nkind = \"codecup\"\nswiss_rounds = 2\n\
             top = 3\n[time]\ntime_ms = 5000\n{}",
            randoms(5)
        );
        let dir = temp_dir("finished");
        let setup = Setup::from_toml(&text, "test.toml", Some(&dir)).unwrap();
        let mut store = new_store(&dir, &setup);
        assert!(!is_finished(&setup, &mut store).unwrap());
        // The check stores nothing, not even the first round's bye.
        assert!(store.games().unwrap().is_empty());
        let summary = run_tournament(&setup, &mut store, None, &NoWatch, None, |_| {}).unwrap();
        assert!(is_finished(&setup, &mut store).unwrap());
        // Every game but the last one played (of the final, or a play-off) is not the end.
        let mut partial = setup.create_store(&dir.join("partial.db")).unwrap();
        let (last, rest) = summary.games.split_last().unwrap();
        assert_ne!(last.stage, Stage::Main);
        for game in rest {
            partial.insert_game(game).unwrap();
        }
        assert!(!is_finished(&setup, &mut partial).unwrap());
        partial.insert_game(last).unwrap();
        assert!(is_finished(&setup, &mut partial).unwrap());
        assert_eq!(partial.games().unwrap().len(), summary.games.len());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
