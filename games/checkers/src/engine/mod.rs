//! Crown, the checkers engine: principal variation search on the game-agnostic searcher
//! (`olympiad_search`: iterative deepening, aspiration windows, a transposition table,
//! killers and history, Lazy SMP threads), with checkers' hooks (`hooks.rs`: quiescence
//! over captures, which are compulsory, so a position with a capture is never quiet;
//! wins by distance; the draw rule scored 0; an endgame oracle probed where it holds the
//! position) and a tuned evaluation (`eval.rs`, weights in `weights.rs` from the
//! self-play Texel tuner `tune.rs`).
//!
//! The endgame oracle (`crate::oracle::EndgameOracle`, the databases when they are built)
//! is given to the constructor: [`Crown::new`] and [`Crown::from_options`] take an
//! `Option<Arc<dyn EndgameOracle>>`; as a built-in engine, option `egdb=DIR` opens the
//! databases of `olympiad egdb build` there (once per run, shared by every game). When the
//! oracle knows the distance to conversion of a won or lost root, Crown plays by the
//! distances without a search (`root.rs`).

pub mod eval;
pub mod hooks;
pub mod root;
#[cfg(test)]
mod solver;
pub mod tune;
pub mod weights;

use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use crate::egdb::Tablebases;
use crate::oracle::EndgameOracle;
use crate::{Color, Move, Position};
use olympiad_core::Game;
use olympiad_search::engine::{
    Choice, Engine, EngineSpec, OptionError, Options, Pace, Source, forced, threads_and_seed,
};
use olympiad_search::{Algorithm, Config, LazySmp, Limits, Observer, Score, SearchResult};

pub use hooks::{CrownHooks, WIN, WIN_BAND};

/// The engine's name in `builtin:NAME`.
pub const NAME: &str = "crown";
/// The table's size when the options do not say, in MiB.
pub const DEFAULT_HASH_MIB: usize = 16;
/// The most a table may hold, in MiB.
pub const MAX_HASH_MIB: usize = 4096;
/// The most threads.
pub const MAX_THREADS: usize = 64;
/// The depth the engine searches when neither a clock nor options limit it.
pub const DEFAULT_DEPTH: u32 = 12;
/// Aspiration half-width, in centi-men.
pub const ASPIRATION: Score = 20;
/// Moves per side a game between engines is assumed to last.
pub const EXPECTED_MOVES: u32 = 50;
/// However late, the clock is spread over at least this many more moves.
pub const MIN_MOVES_LEFT: u32 = 15;

/// The search's settings for Crown: PVS with the table and every ordering heuristic, no
/// reductions or pruning (a fixed depth then gives the exact minimax value).
pub fn config(hash_mib: usize) -> Config {
    Config {
        algorithm: Algorithm::Pvs,
        tt_mib: hash_mib,
        aspiration: Some(ASPIRATION),
        ..Config::default()
    }
}

/// The engine: a Lazy SMP searcher (one thread unless told) over [`CrownHooks`].
#[derive(Debug)]
pub struct Crown {
    smp: LazySmp<Position, CrownHooks>,
    oracle: Option<Arc<dyn EndgameOracle>>,
}

impl Crown {
    /// Crown with a table of `hash_mib` MiB on `threads` threads, probing `oracle` where
    /// it holds a position, its evaluation varied by `noise` (a seed) when given.
    pub fn new(
        hash_mib: usize,
        threads: usize,
        noise: Option<u64>,
        oracle: Option<Arc<dyn EndgameOracle>>,
    ) -> Self {
        Self {
            smp: LazySmp::new(
                CrownHooks::new(oracle.clone(), noise),
                config(hash_mib),
                threads,
            ),
            oracle,
        }
    }

    /// Crown set up by its options (`hash=MIB`, `threads=N`, `seed=N`: with a seed the
    /// evaluation varies by a few centi-men, differently in each game of a match) for game
    /// number `game_index`, probing `oracle`.
    pub fn from_options(
        options: &Options,
        game_index: u64,
        oracle: Option<Arc<dyn EndgameOracle>>,
    ) -> Result<Self, OptionError> {
        let hash = options.number::<usize>("hash")?.unwrap_or(DEFAULT_HASH_MIB);
        if hash > MAX_HASH_MIB {
            return Err(OptionError(format!(
                "option hash={hash}: expected at most {MAX_HASH_MIB} MiB"
            )));
        }
        let (threads, seed) = threads_and_seed(options, game_index, MAX_THREADS)?;
        let noise = options.get("seed").map(|_| seed);
        Ok(Self::new(hash, threads, noise, oracle))
    }

    /// Searches `pos` within `limits`.
    pub fn search(
        &mut self,
        pos: &Position,
        limits: &Limits,
        observer: &mut impl Observer<Move>,
    ) -> SearchResult<Move> {
        for hooks in self.smp.hooks_mut() {
            hooks.set_root(pos);
        }
        self.smp.search(pos, limits, observer)
    }

    /// Forgets the table, killers and history.
    pub fn clear(&mut self) {
        self.smp.clear();
    }
}

impl Engine<Position> for Crown {
    fn choose(
        &mut self,
        pos: &Position,
        limits: &Limits,
        observer: &mut dyn Observer<Move>,
    ) -> Option<Choice<Move>> {
        let legal = pos.legal_moves();
        if let Some(answer) = forced(&legal) {
            return answer;
        }
        let by_distance = self
            .oracle
            .as_deref()
            .and_then(|oracle| root::database_move(oracle, pos, &legal));
        if let Some((mv, value, _)) = by_distance {
            return Some(Choice {
                mv,
                score: Some(hooks::oracle_score(pos, value)),
                depth: 0,
                nodes: 0,
                source: Source::Database,
                resign: false,
            });
        }
        let mut observer = observer;
        let result = self.search(pos, limits, &mut observer);
        Some(Choice::from_search(&result, &legal))
    }

    fn new_game(&mut self) {
        self.clear();
    }

    fn mates(&self) -> fn(Score) -> Option<i32> {
        |score| {
            (score.abs() > WIN - WIN_BAND).then(|| {
                let moves = (WIN - score.abs() + 1) / 2;
                if score > 0 { moves } else { -moves }
            })
        }
    }
}

/// A side's moves so far, estimated from the pieces off the board (about one goes every
/// two moves of a side) and the kings' moves since the last man moved.
fn pace(pos: &Position) -> Pace {
    let pieces = (pos.pieces(Color::Black) | pos.pieces(Color::White)).count_ones();
    Pace {
        moves_played: 24u32.saturating_sub(pieces) + u32::from(pos.quiet_plies()) / 2,
        expected_moves: EXPECTED_MOVES,
        min_moves_left: MIN_MOVES_LEFT,
        stretch_percent: 100,
    }
}

/// The endgame databases opened so far, by directory: every game of a match shares one
/// [`Tablebases`], so a class loaded once stays loaded for the whole run.
static OPENED: Mutex<Vec<(PathBuf, Arc<Tablebases>)>> = Mutex::new(Vec::new());

/// The databases in `dir` (option `egdb=DIR`, built by `olympiad egdb build`), opened and
/// read into memory once per run: a class read during a move (a large one takes longer
/// than a move at a fast time control) would overrun the move's time.
fn databases(dir: &str) -> Result<Arc<dyn EndgameOracle>, OptionError> {
    let dir = PathBuf::from(dir);
    let mut opened = OPENED.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, tb)) = opened.iter().find(|(d, _)| *d == dir) {
        return Ok(tb.clone());
    }
    let tb =
        Arc::new(Tablebases::open(&dir).map_err(|e| OptionError(format!("option egdb: {e}")))?);
    tb.preload();
    opened.push((dir, tb.clone()));
    Ok(tb)
}

fn create(options: &Options, game_index: u64) -> Result<Box<dyn Engine<Position>>, OptionError> {
    let oracle = options.get("egdb").map(databases).transpose()?;
    Ok(Box::new(Crown::from_options(options, game_index, oracle)?))
}

/// Checkers' engines, as the catalog lists them (after `random`).
pub static ENGINES: [EngineSpec<Position>; 1] = [EngineSpec {
    name: NAME,
    summary: "Crown: PVS with a transposition table, killers, history, quiescence over \
              captures, Lazy SMP; Texel-tuned evaluation of material, back rank, centre, \
              tempo, mobility, runaway men; options depth=N, nodes=N, movetime=MS, \
              hash=MIB, threads=N, seed=N, egdb=DIR (the endgame databases of \
              `olympiad egdb build`, probed in search)",
    options: &[
        "depth", "nodes", "movetime", "hash", "threads", "seed", "egdb",
    ],
    nodes_key: "nodes",
    default_depth: Some(DEFAULT_DEPTH),
    default_nodes: None,
    pace,
    create,
}];

#[cfg(test)]
mod tests;
