//! The Caïssa engines: `hipp`, the CodeCup 2003 champion rebuilt from its paper as the
//! baseline, and `caissa`, our default, which must beat it. Both run on the game-agnostic
//! search of `olympiad-search`; this module holds what surrounds a search: the opening
//! book, the single-move shortcut, and HIPP's connection-rule speed-up with its root check.
//!
//! ```
//! use olympiad_caissa::engine::{Engine, EngineKind, EngineOptions};
//! use olympiad_caissa::Position;
//! use olympiad_search::Limits;
//!
//! let mut engine = Engine::new(EngineOptions { book: false, ..EngineOptions::new(EngineKind::Caissa) });
//! let choice = engine.choose(&Position::start(), &Limits::depth(2), &mut ()).unwrap();
//! assert!(olympiad_core::Game::is_legal(&Position::start(), choice.mv));
//! ```

pub mod book;
pub mod eval;
pub mod hipp;
pub mod mates;

use crate::rules::Stalemate;
use crate::{Move, Position};
use olympiad_core::Game;
pub use olympiad_search::engine::Source;
use olympiad_search::engine::{EngineSpec, OptionError, Options, Pace};
use olympiad_search::{Algorithm, Config, Limits, Observer, Score, Searcher};

pub use eval::CaissaHooks;
pub use hipp::HippHooks;

/// Which engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EngineKind {
    /// The baseline, faithful to the paper.
    Hipp,
    /// Our default.
    Caissa,
}

impl EngineKind {
    /// The engine's name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            EngineKind::Hipp => "hipp",
            EngineKind::Caissa => "caissa",
        }
    }
}

/// Transposition table of the `caissa` engine, MiB.
pub const DEFAULT_HASH_MIB: usize = 32;
/// The largest table the `hash` option may ask for, MiB: the table is allocated and filled
/// when the engine is made (a player spec is checked by making one), so a mistyped size
/// must be refused, not left to exhaust the memory.
pub const MAX_HASH_MIB: usize = 4096;

/// How an engine is set up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EngineOptions {
    /// Which engine.
    pub kind: EngineKind,
    /// Use the opening book.
    pub book: bool,
    /// Transposition table size in MiB (the `caissa` engine; HIPP has none).
    pub hash_mib: usize,
    /// HIPP's speed-up: search without the connection rule until a violation has been seen
    /// two plies from a root (HIPP only).
    pub skip_connection_rule: bool,
    /// Late-move reductions (the `caissa` engine; on by default: +25% score against HIPP
    /// with the next option off, see docs/BENCHMARKS.md).
    pub lmr: bool,
    /// Count the opponent's moves exactly at every leaf (the `caissa` engine; off by default:
    /// the count from one ply up, as HIPP takes it, is cheap and played better).
    pub exact_mobility: bool,
}

impl EngineOptions {
    /// The defaults of `kind`: book on; HIPP with its speed-up; `caissa` with late-move
    /// reductions and the parent's move count for the opponent's mobility.
    pub fn new(kind: EngineKind) -> Self {
        Self {
            kind,
            book: true,
            hash_mib: DEFAULT_HASH_MIB,
            skip_connection_rule: true,
            lmr: true,
            exact_mobility: false,
        }
    }
}

/// The engine's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The move (always legal).
    pub mv: Move,
    /// Its score for the side to move, in the engine's own scale (0 from the book).
    pub score: Score,
    /// The last completed search depth (0 without a search).
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Where the move came from.
    pub source: Source,
}

#[derive(Debug)]
enum Inner {
    Hipp(Box<Searcher<Position, HippHooks>>),
    Caissa(Box<Searcher<Position, CaissaHooks>>),
}

/// A Caïssa engine for one game at a time.
#[derive(Debug)]
pub struct Engine {
    options: EngineOptions,
    inner: Inner,
    /// HIPP: a connection-rule violation has been seen this game (the exact generator is
    /// used from then on).
    violation_seen: bool,
}

impl Engine {
    /// An engine set up by `options`.
    pub fn new(options: EngineOptions) -> Self {
        let inner = match options.kind {
            EngineKind::Hipp => Inner::Hipp(Box::new(Searcher::new(
                HippHooks::new(),
                Config {
                    algorithm: Algorithm::Mtdf,
                    tt_mib: 0,
                    aspiration: None,
                    killers: false,
                    history: false,
                    lmr: false,
                    ..Config::default()
                },
            ))),
            EngineKind::Caissa => Inner::Caissa(Box::new(Searcher::new(
                {
                    let mut hooks = CaissaHooks::default();
                    hooks.exact_mobility = options.exact_mobility;
                    hooks
                },
                Config {
                    algorithm: Algorithm::Pvs,
                    tt_mib: options.hash_mib,
                    lmr: options.lmr,
                    ..Config::default()
                },
            ))),
        };
        Self {
            options,
            inner,
            violation_seen: false,
        }
    }

    /// The options it was made with.
    pub fn options(&self) -> &EngineOptions {
        &self.options
    }

    /// Forgets everything learnt in the last game.
    pub fn new_game(&mut self) {
        self.violation_seen = false;
        match &mut self.inner {
            Inner::Hipp(s) => s.clear(),
            Inner::Caissa(s) => s.clear(),
        }
    }

    /// A move for the side to move within `limits`, or `None` when the game is over.
    pub fn choose(
        &mut self,
        pos: &Position,
        limits: &Limits,
        observer: &mut impl Observer<Move>,
    ) -> Option<Choice> {
        let legal = pos.legal_moves();
        match legal.len() {
            0 => return None,
            1 => {
                return Some(Choice {
                    mv: legal[0],
                    score: 0,
                    depth: 0,
                    nodes: 0,
                    source: Source::OnlyMove,
                });
            }
            _ => {}
        }
        if self.options.book
            && let Some(mv) = book::lookup(pos)
            && legal.contains(&mv)
        {
            return Some(Choice {
                mv,
                score: 0,
                depth: 0,
                nodes: 0,
                source: Source::Book,
            });
        }
        let result = match &mut self.inner {
            Inner::Caissa(s) => s.search(pos, limits, observer),
            Inner::Hipp(s) => {
                if self.options.skip_connection_rule && !self.violation_seen {
                    self.violation_seen = violation_within_two_plies(pos);
                }
                s.hooks_mut().connection_rule =
                    !self.options.skip_connection_rule || self.violation_seen;
                let result = s.search(pos, limits, observer);
                match result.best {
                    Some(mv) if legal.contains(&mv) => result,
                    _ => {
                        // Cannot happen while the root check holds; kept as the guarantee
                        // that the speed-up never plays an illegal move.
                        self.violation_seen = true;
                        s.hooks_mut().connection_rule = true;
                        s.search(pos, limits, observer)
                    }
                }
            }
        };
        let mv = result
            .best
            .filter(|m| legal.contains(m))
            .unwrap_or(legal[0]);
        Some(Choice {
            mv,
            score: result.score,
            depth: result.depth,
            nodes: result.nodes,
            source: Source::Search,
        })
    }
}

/// The score of a finished game for the side to move at `ply` from the root, with a win
/// worth `mate - ply` (a shorter win scores higher): checkmate loses; a stalemate is a draw
/// or, under the "more pieces" rule, won by the side with more pieces.
pub fn end_score(pos: &Position, ply: u32, mate: Score) -> Score {
    let loss = -(mate - ply as Score);
    if pos.in_check() {
        return loss;
    }
    match pos.rules().stalemate {
        Stalemate::Draw => 0,
        Stalemate::MorePieces => {
            let us = pos.pieces(pos.side()).count_ones();
            let them = pos.pieces(pos.side().flip()).count_ones();
            match us.cmp(&them) {
                std::cmp::Ordering::Greater => -loss,
                std::cmp::Ordering::Less => loss,
                std::cmp::Ordering::Equal => 0,
            }
        }
    }
}

/// Does the connection rule forbid a move at `pos` or after any of its moves (HIPP's check
/// "analyzed two moves deep")?
pub fn violation_within_two_plies(pos: &Position) -> bool {
    let legal = pos.legal_moves();
    if pos.moves_without_connection_rule().len() != legal.len() {
        return true;
    }
    legal.iter().any(|&mv| {
        let next = pos.after(mv);
        next.moves_without_connection_rule().len() != next.count_moves()
    })
}

/// The depth searched when neither an option nor a clock gives a limit.
pub const DEFAULT_DEPTH: u32 = 5;

impl olympiad_search::engine::Engine<Position> for Engine {
    fn choose(
        &mut self,
        pos: &Position,
        limits: &Limits,
        mut observer: &mut dyn Observer<Move>,
    ) -> Option<olympiad_search::engine::Choice<Move>> {
        let choice = Engine::choose(self, pos, limits, &mut observer)?;
        Some(olympiad_search::engine::Choice {
            mv: choice.mv,
            score: (choice.source == Source::Search).then_some(choice.score),
            depth: choice.depth,
            nodes: choice.nodes,
            source: choice.source,
            resign: false,
        })
    }

    fn new_game(&mut self) {
        Engine::new_game(self);
    }
}

/// A Caïssa game's pace: White and Black alternate, so a side's moves are half the plies.
fn pace(pos: &Position) -> Pace {
    Pace::after(u32::from(pos.ply()) / 2)
}

/// An engine of `kind` set up by the options it takes (`book`; HIPP's `skip`; our
/// engine's `hash`, `lmr`, `exact`).
fn create(
    kind: EngineKind,
    options: &Options,
) -> Result<Box<dyn olympiad_search::engine::Engine<Position>>, OptionError> {
    let mut setup = EngineOptions::new(kind);
    setup.book = options.switch("book", true)?;
    match kind {
        EngineKind::Hipp => setup.skip_connection_rule = options.switch("skip", true)?,
        EngineKind::Caissa => {
            setup.lmr = options.switch("lmr", setup.lmr)?;
            setup.exact_mobility = options.switch("exact", setup.exact_mobility)?;
            if let Some(mib) = options.number::<usize>("hash")? {
                if mib > MAX_HASH_MIB {
                    return Err(OptionError(format!(
                        "option hash={mib}: expected at most {MAX_HASH_MIB} MiB"
                    )));
                }
                setup.hash_mib = mib;
            }
        }
    }
    Ok(Box::new(Engine::new(setup)))
}

/// The Caïssa engines, as the catalog lists them.
pub static ENGINES: [EngineSpec<Position>; 2] = [
    EngineSpec {
        name: "hipp",
        summary: "Caïssa: the CodeCup 2003 champion rebuilt from its paper (MTD(f) in -25..25); \
                  options depth=N, nodes=N, movetime=MS, book=on|off, skip=on|off",
        options: &["depth", "nodes", "movetime", "book", "skip"],
        nodes_key: "nodes",
        default_depth: Some(DEFAULT_DEPTH),
        default_nodes: None,
        pace,
        create: |options, _| create(EngineKind::Hipp, options),
    },
    EngineSpec {
        name: "caissa",
        summary: "Caïssa: our default engine (PVS, transposition table, queen-safety \
                  evaluation); options depth=N, nodes=N, movetime=MS, book=on|off, hash=MIB, \
                  lmr=on|off, exact=on|off (exact opponent mobility at leaves)",
        options: &["depth", "nodes", "movetime", "book", "hash", "lmr", "exact"],
        nodes_key: "nodes",
        default_depth: Some(DEFAULT_DEPTH),
        default_nodes: None,
        pace,
        create: |options, _| create(EngineKind::Caissa, options),
    },
];
