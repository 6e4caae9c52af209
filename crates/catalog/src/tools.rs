//! The typed tools a catalog row reaches: perft and divide, show, bench, and positions as
//! [`DynGame`]s. Each is written once, generic over the game's type, and returns data; the
//! command line prints it. A row binds them to its type through [`Tools`], the one object a
//! game variant holds, so nothing above the catalog names a game's type.

use crate::units::{PerftUnits, TypedCounter, UnitCounter, UnitOptions, perft_units};
use crate::{Adapter, CatalogError, DynGame, Engine, TextGame};
use olympiad_core::perft::{GameOverLeaves, Perft};
use olympiad_core::table::PerftTable;
use olympiad_core::{Describe, Game, Hashed, Notation, SplitMix64};
use olympiad_search::engine::{Clocked, EngineSpec, Options, Random};
use std::hint::black_box;
use std::time::{Duration, Instant};

/// Where a tool starts: a position text (or the start) and moves to play first.
#[derive(Clone, Copy, Debug, Default)]
pub struct Setup<'a> {
    /// The position's text in the game's notation; `None`: the start position.
    pub position: Option<&'a str>,
    /// Moves to play first, separated by white space, each checked.
    pub moves: Option<&'a str>,
}

/// How to count perft.
#[derive(Clone, Copy, Debug, Default)]
pub struct PerftOptions {
    /// Worker threads (at least 1).
    pub threads: usize,
    /// Transposition table in MiB (0: none).
    pub hash_mib: usize,
    /// How finished games count; `None`: the convention of the game's published counts.
    pub game_over: Option<GameOverLeaves>,
    /// Count below each root move too.
    pub divide: bool,
}

/// What perft counted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PerftReport {
    /// Leaves at the depth.
    pub nodes: u128,
    /// With `divide`: every root move and the leaves below it, in generation order.
    pub divide: Option<Vec<(String, u128)>>,
    /// Wall time of the count.
    pub elapsed: Duration,
}

/// A position for people.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShowReport {
    /// The board drawn for a terminal.
    pub board: String,
    /// The name of the seat to move.
    pub to_move: String,
    /// The game's status lines.
    pub status: Vec<String>,
    /// The legal moves in canonical notation.
    pub moves: Vec<String>,
    /// When the game is over: the winner's seat name (`None`: no single winner) and why.
    pub game_over: Option<(Option<String>, &'static str)>,
    /// The position text, to paste back into `--position`.
    pub position: String,
}

/// How long and how often `bench` measures.
#[derive(Clone, Copy, Debug)]
pub struct BenchOptions {
    /// Perft depth from the start position.
    pub depth: u32,
    /// Seconds of move generation per phase and run.
    pub seconds: f64,
    /// Timed runs; the report gives the median.
    pub runs: usize,
}

/// One row of the move-generation table.
#[derive(Clone, Debug, PartialEq)]
pub struct BenchPhase {
    /// "opening", "middle", "endgame" or "all".
    pub name: &'static str,
    /// Positions in the set.
    pub positions: usize,
    /// Legal moves per position, on average.
    pub moves_per_position: f64,
    /// Legal moves generated per second (median of the runs).
    pub moves_per_second: f64,
}

/// What `bench` measured.
#[derive(Clone, Debug, PartialEq)]
pub struct BenchReport {
    /// Move generation by game phase, then over all positions (empty phases left out).
    pub phases: Vec<BenchPhase>,
    /// The perft depth timed.
    pub perft_depth: u32,
    /// The count it found.
    pub perft_nodes: u128,
    /// Leaves per second (median of the runs).
    pub perft_leaves_per_second: f64,
}

/// Random games played to collect the bench's position set.
const BENCH_GAMES: u64 = 400;
/// Seed of the first random game (fixed so every run measures the same positions).
const BENCH_SEED: u64 = 2003;

/// Everything a variant of a game can do, typed inside, text outside. The catalog builds
/// one per variant through [`Typed`]; nothing else implements it.
pub trait Tools: Send + Sync {
    /// Seats at the table.
    fn players(&self) -> usize;
    /// The start position, named `name`.
    fn start(&self, name: &'static str) -> Box<dyn DynGame>;
    /// A position from its text, named `name`.
    fn position(&self, name: &'static str, text: &str) -> Result<Box<dyn DynGame>, CatalogError>;
    /// Perft (and divide) from `setup`.
    fn perft(
        &self,
        setup: &Setup<'_>,
        depth: u32,
        options: &PerftOptions,
    ) -> Result<PerftReport, CatalogError>;
    /// Perft from `setup` cut into units of work (see [`PerftUnits`]).
    fn perft_units(
        &self,
        setup: &Setup<'_>,
        depth: u32,
        options: &UnitOptions,
    ) -> Result<PerftUnits, CatalogError>;
    /// A counter of this variant's units with a lossless table of `hash_mib` MiB (0: none).
    fn unit_counter(
        &self,
        hash_mib: usize,
        game_over: Option<GameOverLeaves>,
    ) -> Box<dyn UnitCounter>;
    /// The position at `setup` for people.
    fn show(&self, setup: &Setup<'_>) -> Result<ShowReport, CatalogError>;
    /// Move generation and perft speed on one thread.
    fn bench(&self, options: &BenchOptions) -> BenchReport;
    /// `count` position texts of games in progress, the same every time (taken evenly from
    /// the seeded random games that [`Tools::bench`] times): the positions of an engine's
    /// fixed benchmark.
    fn sample_positions(&self, count: usize) -> Vec<String>;
    /// The option keys of the built-in engine `name` (`None`: no such engine).
    fn engine_options(&self, name: &str) -> Option<Vec<&'static str>>;
    /// The built-in engines: name and one line each, `random` first.
    fn engines(&self) -> Vec<(&'static str, &'static str)>;
    /// The engine `name` set up by `options` for game number `game_index` of a match.
    fn engine(
        &self,
        name: &str,
        options: &Options,
        game_index: u64,
    ) -> Result<Box<dyn Engine>, CatalogError>;
}

/// The tools of game type `G`, from its start position with the variant's parameters.
pub struct Typed<G: Game + 'static> {
    start: G,
    engines: &'static [EngineSpec<G>],
}

impl<G: Game + 'static> std::fmt::Debug for Typed<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Typed")
            .field("start", &self.start)
            .field("engines", &self.engines)
            .finish()
    }
}

impl<G: Game + 'static> Typed<G> {
    /// The tools of a variant whose start position is `start`, with `random` as its only
    /// engine.
    pub fn new(start: G) -> Self {
        Self {
            start,
            engines: &[],
        }
    }

    /// The same with the game's own engines after `random`.
    pub fn with_engines(self, engines: &'static [EngineSpec<G>]) -> Self {
        Self { engines, ..self }
    }
}

impl<G: Describe + Notation + Hashed + 'static> Typed<G> {
    fn setup(&self, setup: &Setup<'_>) -> Result<G, CatalogError> {
        let mut pos = match setup.position {
            Some(text) => {
                G::parse_position(text).map_err(|e| CatalogError::Position(e.to_string()))?
            }
            None => self.start.clone(),
        };
        if let Some(line) = setup.moves {
            pos.play_line(line)
                .map_err(|e| CatalogError::Moves(e.to_string()))?;
        }
        Ok(pos)
    }

    /// Positions from seeded random games (the game's playout policy), by phase: plies
    /// 0-19, 20-59, 60 on.
    fn bench_positions(&self) -> [Vec<G>; 3] {
        let mut phases: [Vec<G>; 3] = [Vec::new(), Vec::new(), Vec::new()];
        for g in 0..BENCH_GAMES {
            let mut rng = SplitMix64::new(BENCH_SEED + g);
            let mut pos = self.start.clone();
            let mut ply = 0;
            loop {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let phase = match ply {
                    0..20 => 0,
                    20..60 => 1,
                    _ => 2,
                };
                phases[phase].push(pos.clone());
                let mv = pos.playout_move(&moves, &mut rng);
                pos.play(mv);
                ply += 1;
            }
        }
        phases
    }
}

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    xs[xs.len() / 2]
}

impl<G: Describe + Notation + Hashed + 'static> Tools for Typed<G> {
    fn players(&self) -> usize {
        self.start.num_players()
    }

    fn start(&self, name: &'static str) -> Box<dyn DynGame> {
        Box::new(TextGame::new(name, self.start.clone()))
    }

    fn position(&self, name: &'static str, text: &str) -> Result<Box<dyn DynGame>, CatalogError> {
        let pos = G::parse_position(text).map_err(|e| CatalogError::Position(e.to_string()))?;
        // A text may say its number of seats (Rolit's): the game named must have as many.
        let (seats, wanted) = (pos.num_players(), self.start.num_players());
        if seats != wanted {
            return Err(CatalogError::Position(format!(
                "a position of {seats} players, but {name} is played by {wanted}"
            )));
        }
        Ok(Box::new(TextGame::new(name, pos)))
    }

    fn perft(
        &self,
        setup: &Setup<'_>,
        depth: u32,
        options: &PerftOptions,
    ) -> Result<PerftReport, CatalogError> {
        let pos = self.setup(setup)?;
        let driver = Perft {
            threads: options.threads.max(1),
            hash_mib: options.hash_mib,
            game_over: options.game_over.unwrap_or(G::PERFT_GAME_OVER),
        };
        let started = Instant::now();
        let (nodes, divide) = if options.divide {
            let rows: Vec<(String, u128)> = driver
                .divide(&pos, depth)
                .into_iter()
                .map(|(mv, count)| (pos.format_move(mv), count))
                .collect();
            (rows.iter().map(|r| r.1).sum(), Some(rows))
        } else {
            (driver.run(&pos, depth), None)
        };
        Ok(PerftReport {
            nodes,
            divide,
            elapsed: started.elapsed(),
        })
    }

    fn perft_units(
        &self,
        setup: &Setup<'_>,
        depth: u32,
        options: &UnitOptions,
    ) -> Result<PerftUnits, CatalogError> {
        let pos = self.setup(setup)?;
        let rule = options.game_over.unwrap_or(G::PERFT_GAME_OVER);
        Ok(perft_units(&pos, depth, options, rule))
    }

    fn unit_counter(
        &self,
        hash_mib: usize,
        game_over: Option<GameOverLeaves>,
    ) -> Box<dyn UnitCounter> {
        Box::new(TypedCounter::<G> {
            table: (hash_mib > 0).then(|| PerftTable::with_mib(hash_mib)),
            rule: game_over.unwrap_or(G::PERFT_GAME_OVER),
        })
    }

    fn show(&self, setup: &Setup<'_>) -> Result<ShowReport, CatalogError> {
        let pos = self.setup(setup)?;
        Ok(ShowReport {
            board: pos.board_text(),
            to_move: pos.seat_name(pos.to_move()),
            status: pos.status(),
            moves: pos.legal_move_texts(),
            game_over: pos
                .outcome()
                .map(|o| (o.winner().map(|s| pos.seat_name(s)), o.reason)),
            position: pos.position_text(),
        })
    }

    fn bench(&self, options: &BenchOptions) -> BenchReport {
        let phases = self.bench_positions();
        let all: Vec<G> = phases.iter().flatten().cloned().collect();
        let mut rows = Vec::new();
        for (name, set) in ["opening", "middle", "endgame", "all"]
            .into_iter()
            .zip(phases.iter().chain(std::iter::once(&all)))
        {
            if set.is_empty() {
                continue;
            }
            let per_pos: usize = set.iter().map(|p| p.legal_moves().len()).sum();
            let mut rates = Vec::new();
            for _ in 0..options.runs.max(1) {
                let started = Instant::now();
                let mut generated = 0usize;
                while started.elapsed().as_secs_f64() < options.seconds {
                    for p in set {
                        generated += black_box(p.legal_moves()).len();
                    }
                }
                rates.push(generated as f64 / started.elapsed().as_secs_f64());
            }
            rows.push(BenchPhase {
                name,
                positions: set.len(),
                moves_per_position: per_pos as f64 / set.len() as f64,
                moves_per_second: median(rates),
            });
        }
        let mut rates = Vec::new();
        let mut nodes = 0;
        for _ in 0..options.runs.max(1) {
            let started = Instant::now();
            nodes = Perft {
                game_over: G::PERFT_GAME_OVER,
                ..Perft::default()
            }
            .run(&self.start, options.depth);
            rates.push(nodes as f64 / started.elapsed().as_secs_f64());
        }
        BenchReport {
            phases: rows,
            perft_depth: options.depth,
            perft_nodes: nodes,
            perft_leaves_per_second: median(rates),
        }
    }

    fn sample_positions(&self, count: usize) -> Vec<String> {
        let all: Vec<G> = self.bench_positions().into_iter().flatten().collect();
        let step = (all.len() / count.max(1)).max(1);
        all.iter()
            .step_by(step)
            .filter(|p| p.outcome().is_none())
            .take(count)
            .map(|p| p.position_text())
            .collect()
    }

    fn engine_options(&self, name: &str) -> Option<Vec<&'static str>> {
        let random = Random::spec::<G>();
        std::iter::once(&random)
            .chain(self.engines)
            .find(|e| e.name.eq_ignore_ascii_case(name))
            .map(|e| e.options.to_vec())
    }

    fn engines(&self) -> Vec<(&'static str, &'static str)> {
        let random = Random::spec::<G>();
        std::iter::once((random.name, random.summary))
            .chain(self.engines.iter().map(|e| (e.name, e.summary)))
            .collect()
    }

    fn engine(
        &self,
        name: &str,
        options: &Options,
        game_index: u64,
    ) -> Result<Box<dyn Engine>, CatalogError> {
        let random = Random::spec::<G>();
        let spec = std::iter::once(&random)
            .chain(self.engines)
            .find(|e| e.name.eq_ignore_ascii_case(name))
            .ok_or_else(|| CatalogError::UnknownEngine {
                name: name.to_string(),
                game: String::new(),
                known: self
                    .engines()
                    .iter()
                    .map(|e| e.0)
                    .collect::<Vec<_>>()
                    .join(", "),
            })?;
        let engine = Clocked::new(spec, options, game_index)
            .map_err(|e| CatalogError::Option(e.to_string()))?;
        Ok(Box::new(Adapter::new(engine)))
    }
}
