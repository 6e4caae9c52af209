//! The one generic engine wrapper, so that games stop writing their own: a game's engine
//! implements [`Engine`] (choose a move within [`Limits`]) and is listed as an
//! [`EngineSpec`] (its name, options and constructor); [`Clocked`] turns `key=value`
//! options and the game clock ([`ThinkTime`]) into limits for every move. [`Random`], the
//! uniformly random mover, plays every game.
//!
//! ```
//! use olympiad_search::engine::{Clocked, Options, Random, ThinkTime};
//! # use olympiad_core::{Game, MoveList, Outcome, Seat};
//! # #[derive(Clone, Debug, PartialEq, Eq)] struct Nim(u8, Seat);
//! # impl Game for Nim {
//! #     type Move = u8;
//! #     type Moves = MoveList<u8, 3>;
//! #     fn num_players(&self) -> usize { 2 }
//! #     fn to_move(&self) -> Seat { self.1 }
//! #     fn legal_moves(&self) -> Self::Moves { (1..=self.0.min(3)).collect() }
//! #     fn play(&mut self, mv: u8) { self.0 -= mv; self.1 = self.1.next(2); }
//! #     fn outcome(&self) -> Option<Outcome> {
//! #         (self.0 == 0).then(|| Outcome::win(self.1.next(2), 2, "last stone taken"))
//! #     }
//! # }
//! let spec = Random::spec::<Nim>();
//! let mut engine = Clocked::new(&spec, &Options::parse("seed=3").unwrap(), 0).unwrap();
//! let choice = engine.choose(&Nim(7, Seat::FIRST), &ThinkTime::default(), &mut ()).unwrap();
//! assert!((1..=3).contains(&choice.mv));
//! ```

use crate::{DEFAULT_EXPECTED_MOVES, DEFAULT_MIN_MOVES_LEFT, Limits, Observer, Score, TimeBudget};
use olympiad_core::{Game, SplitMix64};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;
use thiserror::Error;

/// Kept back from a per-move cap, for the time it takes to answer.
pub const MOVE_CAP_MARGIN: Duration = Duration::from_millis(20);

/// Share of the time left that a built-in engine keeps back, in percent, when that is less
/// than the search library's default reserve.
pub const BUILTIN_RESERVE_PERCENT: u32 = 10;

/// The clock as an engine sees it when asked for a move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ThinkTime {
    /// Time left on the engine's clock for the rest of the game (zero: no clock).
    pub left: Duration,
    /// Time added after each move.
    pub increment: Duration,
    /// The most one move may take, if there is a cap.
    pub move_cap: Option<Duration>,
    /// This side's moves until its clock is filled again (repeating time controls); the
    /// time left is spread over them.
    pub moves_to_go: Option<u32>,
    /// The deepest search asked for this move (UCI `go depth`), on top of the options'.
    pub depth: Option<u32>,
    /// The most nodes asked for this move (UCI `go nodes`), on top of the options'.
    pub nodes: Option<u64>,
    /// Search until stopped (UCI `go infinite`): no limit but the stop flag.
    pub infinite: bool,
    /// Exactly this long for this move (UCI `go movetime`), less [`MOVE_CAP_MARGIN`].
    pub move_time: Option<Duration>,
}

impl ThinkTime {
    /// The clock as a [`TimeBudget`] for a built-in engine. A built-in engine runs in the
    /// arena's process, with no start-up and no pipes, so it keeps back only
    /// [`BUILTIN_RESERVE_PERCENT`] of its time left when that is less than the default
    /// reserve (500 ms): at short time controls (a 500 ms game) it still thinks, where the
    /// default reserve would leave it nothing.
    pub fn budget(&self) -> TimeBudget {
        let mut budget = TimeBudget::new(self.left, self.increment);
        budget.reserve = budget
            .reserve
            .min(self.left * BUILTIN_RESERVE_PERCENT / 100);
        budget
    }

    /// The time for the next move: `fixed` (the engine's own per-move time, if it has one)
    /// and, when there is a clock, `budget`'s allocation after `moves_played` of its moves,
    /// kept [`MOVE_CAP_MARGIN`] under the per-move cap; the smaller of the two.
    pub fn move_time(
        &self,
        budget: &TimeBudget,
        moves_played: u32,
        fixed: Option<Duration>,
    ) -> Option<Duration> {
        if self.left == Duration::ZERO {
            return fixed;
        }
        let mut share = budget.allocate(moves_played);
        if let Some(cap) = self.move_cap {
            share = share.min(cap.saturating_sub(MOVE_CAP_MARGIN));
        }
        Some(fixed.map_or(share, |t| t.min(share)))
    }
}

/// A bad engine option.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{0}")]
pub struct OptionError(pub String);

/// `key=value` options of an engine, in the order given.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Options(Vec<(String, String)>);

impl Options {
    /// Reads `key=value,key=value` (empty text: no options).
    pub fn parse(text: &str) -> Result<Options, OptionError> {
        let mut pairs = Vec::new();
        for item in text.split(',').filter(|s| !s.is_empty()) {
            let (k, v) = item
                .split_once('=')
                .ok_or_else(|| OptionError(format!("option '{item}' is not key=value")))?;
            if k.is_empty() {
                return Err(OptionError(format!("option '{item}' has no key")));
            }
            if pairs.iter().any(|(seen, _)| seen == k) {
                return Err(OptionError(format!("option '{k}' given twice")));
            }
            pairs.push((k.to_string(), v.to_string()));
        }
        Ok(Options(pairs))
    }

    /// Every `(key, value)`, in the order given.
    pub fn pairs(&self) -> impl Iterator<Item = (&str, &str)> {
        self.0.iter().map(|(k, v)| (k.as_str(), v.as_str()))
    }

    /// The value of `key`.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.0
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// Fails naming the first key not in `known`.
    pub fn only(&self, engine: &str, known: &[&str]) -> Result<(), OptionError> {
        match self.0.iter().find(|(k, _)| !known.contains(&k.as_str())) {
            Some((k, _)) => Err(OptionError(format!(
                "engine '{engine}' has no option '{k}' (options: {})",
                if known.is_empty() {
                    "none".to_string()
                } else {
                    known.join(", ")
                }
            ))),
            None => Ok(()),
        }
    }

    /// The whole number under `key`, if given.
    pub fn number<T: std::str::FromStr>(&self, key: &str) -> Result<Option<T>, OptionError> {
        self.get(key)
            .map(|text| {
                text.parse::<T>().map_err(|_| {
                    OptionError(format!("option {key}={text}: expected a whole number"))
                })
            })
            .transpose()
    }

    /// The on/off switch under `key`, `default` when not given.
    pub fn switch(&self, key: &str, default: bool) -> Result<bool, OptionError> {
        match self.get(key) {
            None => Ok(default),
            Some("1" | "on" | "true" | "yes") => Ok(true),
            Some("0" | "off" | "false" | "no") => Ok(false),
            Some(other) => Err(OptionError(format!(
                "option {key}={other}: expected on or off"
            ))),
        }
    }
}

/// The options as [`Options::parse`] reads them: `key=value` joined by `,`, in the order
/// given (no options: the empty text). Parsing this text gives the same options back: a
/// key holds no `=` and no `,`, a value no `,`, since the only way options are made is by
/// parsing such a text.
impl std::fmt::Display for Options {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for (i, (k, v)) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{k}={v}")?;
        }
        Ok(())
    }
}

/// The `threads` option of a searching engine (1 to `max_threads`, default 1) and its
/// `seed` (default 0) mixed with the game's index in a match, so that each game plays
/// differently and the same options replay the same games.
pub fn threads_and_seed(
    options: &Options,
    game_index: u64,
    max_threads: usize,
) -> Result<(usize, u64), OptionError> {
    let threads = options.number::<usize>("threads")?.unwrap_or(1);
    if !(1..=max_threads).contains(&threads) {
        return Err(OptionError(format!(
            "option threads={threads}: expected 1 to {max_threads}"
        )));
    }
    let seed = options.number::<u64>("seed")?.unwrap_or(0);
    let mixed = SplitMix64::new(seed ^ game_index.wrapping_mul(0x9E37_79B9_7F4A_7C15)).next_u64();
    Ok((threads, mixed))
}

/// Where an engine's move came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// An opening book.
    Book,
    /// The only legal move, played without a search.
    OnlyMove,
    /// A search.
    Search,
    /// An endgame database, without a search (the move that wins fastest or loses
    /// slowest by its distances).
    Database,
}

/// An engine's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice<M> {
    /// The move (always legal).
    pub mv: M,
    /// Its score for the side to move in the engine's own scale, if it searched one.
    pub score: Option<Score>,
    /// The last completed search depth (0 without a search).
    pub depth: u32,
    /// Nodes (or playouts) searched.
    pub nodes: u64,
    /// Where the move came from.
    pub source: Source,
    /// The engine judges the game lost and gives it up: a protocol that can resign
    /// (GTP's `= resign`, CECP's `resign`) and the arena end the game here; one that cannot
    /// (UCI) plays `mv`, still the engine's best move.
    pub resign: bool,
}

impl<M: Copy + PartialEq> Choice<M> {
    /// The answer of an alpha-beta search over `legal` (not empty): its best move when it
    /// is legal, else the first legal move, so that a search bug never plays an illegal
    /// move.
    pub fn from_search(result: &crate::SearchResult<M>, legal: &[M]) -> Self {
        Choice {
            mv: result
                .best
                .filter(|m| legal.contains(m))
                .unwrap_or(legal[0]),
            score: Some(result.score),
            depth: result.depth,
            nodes: result.nodes,
            source: Source::Search,
            resign: false,
        }
    }
}

/// A game's engine: chooses moves within limits, never prints (reports go to the observer).
pub trait Engine<G: Game>: Send {
    /// A move for the side to move in `pos`, or `None` when the game is over.
    fn choose(
        &mut self,
        pos: &G,
        limits: &Limits,
        observer: &mut dyn Observer<G::Move>,
    ) -> Option<Choice<G::Move>>;

    /// A new game starts: forget what was learnt in the last one. Default: nothing to
    /// forget.
    fn new_game(&mut self) {}

    /// How to read this engine's scores as mates, for protocols that report mates apart
    /// (UCI's `score mate N`): a function from a score to the moves to mate (negative: the
    /// side to move is mated). A plain function, so that a search's observer can call it
    /// while the engine searches. Default: no score is a mate.
    fn mates(&self) -> fn(Score) -> Option<i32> {
        |_| None
    }
}

/// The answer when `legal` leaves nothing to search: `Some(None)` when there is no move
/// (the game is over), `Some(Some(only move))` when there is one, `None` when a search must
/// choose. Engines start their `choose` with it.
pub fn forced<M: Copy>(legal: &[M]) -> Option<Option<Choice<M>>> {
    match legal {
        [] => Some(None),
        [mv] => Some(Some(Choice {
            mv: *mv,
            score: None,
            depth: 0,
            nodes: 0,
            source: Source::OnlyMove,
            resign: false,
        })),
        _ => None,
    }
}

/// How a game spends a clock, as the engine wrapper needs it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pace {
    /// This side's moves so far.
    pub moves_played: u32,
    /// Moves per side a game is assumed to last.
    pub expected_moves: u32,
    /// However late, spread the time over at least this many more moves.
    pub min_moves_left: u32,
    /// How far a search may run past its share of the clock to finish the iteration it
    /// started, in percent of that share (100: not at all). Above 100, the search starts no
    /// new iteration after [`crate::NEW_ITERATION_MAX_PERCENT`] of the share, as always, but
    /// stops only at this much of it (at most [`STRETCH_MAX_PERCENT_OF_CLOCK`] of the usable
    /// clock, never past a per-move cap), so that an iteration begun in time mostly ends
    /// instead of being cut.
    pub stretch_percent: u32,
}

/// A stretched search ([`Pace::stretch_percent`]) never takes more than this share of the
/// usable clock, in percent.
pub const STRETCH_MAX_PERCENT_OF_CLOCK: u32 = 20;

impl Pace {
    /// The library's default pace after `moves_played` moves of this side.
    pub fn after(moves_played: u32) -> Self {
        Self {
            moves_played,
            expected_moves: DEFAULT_EXPECTED_MOVES,
            min_moves_left: DEFAULT_MIN_MOVES_LEFT,
            stretch_percent: 100,
        }
    }
}

/// Builds a game's engine from its options and the game's number in a match (so that
/// seeded engines vary between games).
pub type CreateEngine<G> = fn(&Options, u64) -> Result<Box<dyn Engine<G>>, OptionError>;

/// One engine of a game, as a game's engine list names it.
pub struct EngineSpec<G: Game> {
    /// The name used in `builtin:NAME`.
    pub name: &'static str,
    /// One line about the engine and its options.
    pub summary: &'static str,
    /// Every option key it takes. `depth`, `movetime` and the node key among them are read
    /// by [`Clocked`]; the rest by `create`.
    pub options: &'static [&'static str],
    /// The key of its node limit (`nodes`, or `playouts` for MCTS).
    pub nodes_key: &'static str,
    /// The limits when neither an option nor a clock gives one.
    pub default_depth: Option<u32>,
    /// The node limit when neither an option nor a clock gives one.
    pub default_nodes: Option<u64>,
    /// How the game spends a clock at a position.
    pub pace: fn(&G) -> Pace,
    /// The constructor.
    pub create: CreateEngine<G>,
}

impl<G: Game> std::fmt::Debug for EngineSpec<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("EngineSpec")
            .field("name", &self.name)
            .finish()
    }
}

/// A game's engine with its fixed limits from the options, choosing moves on a clock.
pub struct Clocked<G: Game> {
    engine: Box<dyn Engine<G>>,
    pace: fn(&G) -> Pace,
    depth: Option<u32>,
    nodes: Option<u64>,
    move_time: Option<Duration>,
    default_depth: Option<u32>,
    default_nodes: Option<u64>,
}

impl<G: Game> std::fmt::Debug for Clocked<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Clocked")
            .field("depth", &self.depth)
            .field("nodes", &self.nodes)
            .field("move_time", &self.move_time)
            .finish()
    }
}

impl<G: Game> Clocked<G> {
    /// The engine of `spec` set up by `options` for game number `game_index` of a match.
    pub fn new(
        spec: &EngineSpec<G>,
        options: &Options,
        game_index: u64,
    ) -> Result<Self, OptionError> {
        options.only(spec.name, spec.options)?;
        let takes = |key: &str| spec.options.contains(&key);
        Ok(Self {
            engine: (spec.create)(options, game_index)?,
            pace: spec.pace,
            depth: if takes("depth") {
                options.number("depth")?
            } else {
                None
            },
            nodes: if takes(spec.nodes_key) {
                options.number(spec.nodes_key)?
            } else {
                None
            },
            move_time: if takes("movetime") {
                options
                    .number::<u64>("movetime")?
                    .map(Duration::from_millis)
            } else {
                None
            },
            default_depth: spec.default_depth,
            default_nodes: spec.default_nodes,
        })
    }

    /// The limits for one move at `pos` under `time`: the options' fixed limits, the
    /// clock's share for this move, and the engine's defaults when there is neither.
    pub fn limits(&self, pos: &G, time: &ThinkTime) -> Limits {
        if time.infinite {
            return Limits::default();
        }
        if let Some(t) = time.move_time {
            return Limits {
                depth: self.depth.min(time.depth).or(self.depth).or(time.depth),
                nodes: self.nodes,
                move_time: Some(
                    t.saturating_sub(MOVE_CAP_MARGIN)
                        .max(Duration::from_millis(1)),
                ),
                soft_time: None,
                stop: None,
            };
        }
        let pace = (self.pace)(pos);
        let mut budget = time.budget();
        budget.expected_moves = pace.expected_moves;
        budget.min_moves_left = pace.min_moves_left;
        let mut moves_played = pace.moves_played;
        if let Some(n) = time.moves_to_go {
            // The clock is filled again after `n` more moves: spread it over them.
            budget.expected_moves = n.max(1);
            budget.min_moves_left = n.max(1);
            moves_played = 0;
        }
        let smaller = |a: Option<u64>, b: Option<u64>| match (a, b) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        let mut limits = Limits {
            depth: smaller(self.depth.map(u64::from), time.depth.map(u64::from)).map(|d| d as u32),
            nodes: smaller(self.nodes, time.nodes),
            move_time: time.move_time(&budget, moves_played, self.move_time),
            soft_time: None,
            stop: None,
        };
        if pace.stretch_percent > 100
            && self.move_time.is_none()
            && let Some(share) = limits.move_time
        {
            let usable = budget.remaining.saturating_sub(budget.reserve);
            let mut hard = (share * pace.stretch_percent / 100)
                .min(usable * STRETCH_MAX_PERCENT_OF_CLOCK / 100)
                .max(share);
            if let Some(cap) = time.move_cap {
                hard = hard.min(cap.saturating_sub(MOVE_CAP_MARGIN));
            }
            limits.soft_time = Some(share * crate::NEW_ITERATION_MAX_PERCENT / 100);
            limits.move_time = Some(hard);
        }
        if limits.depth.is_none() && limits.nodes.is_none() && limits.move_time.is_none() {
            limits.depth = self.default_depth;
            limits.nodes = self.default_nodes;
        }
        limits
    }

    /// A move at `pos` under `time`, or `None` when the game is over.
    pub fn choose(
        &mut self,
        pos: &G,
        time: &ThinkTime,
        observer: &mut dyn Observer<G::Move>,
    ) -> Option<Choice<G::Move>> {
        self.choose_until(pos, time, None, observer)
    }

    /// A move at `pos` under `time`, cut short when `stop` is set (from another thread),
    /// or `None` when the game is over.
    pub fn choose_until(
        &mut self,
        pos: &G,
        time: &ThinkTime,
        stop: Option<Arc<AtomicBool>>,
        observer: &mut dyn Observer<G::Move>,
    ) -> Option<Choice<G::Move>> {
        let mut limits = self.limits(pos, time);
        limits.stop = stop;
        self.engine.choose(pos, &limits, observer)
    }

    /// How to read the engine's scores as mates ([`Engine::mates`]).
    pub fn mates(&self) -> fn(Score) -> Option<i32> {
        self.engine.mates()
    }

    /// A new game starts.
    pub fn new_game(&mut self) {
        self.engine.new_game();
    }
}

/// Uniformly random legal moves from a seeded generator: every game, reproducible.
#[derive(Clone, Debug)]
pub struct Random {
    rng: SplitMix64,
}

impl Random {
    /// An engine whose moves follow from `seed`.
    pub fn new(seed: u64) -> Self {
        Self {
            rng: SplitMix64::new(seed),
        }
    }

    /// Its entry in every game's engine list: option `seed=N`, mixed with the game's number
    /// so that the games of a match differ.
    pub fn spec<G: Game>() -> EngineSpec<G> {
        EngineSpec {
            name: "random",
            summary: "uniformly random legal moves; option seed=N (mixed with the game's number)",
            options: &["seed"],
            nodes_key: "nodes",
            default_depth: None,
            default_nodes: None,
            pace: |_| Pace::after(0),
            create: |options, game_index| {
                let seed = match options.get("seed") {
                    Some(text) => text.parse::<u64>().map_err(|_| {
                        OptionError(format!("seed '{text}' is not a number 0..2^64"))
                    })?,
                    None => 0,
                };
                let mixed = SplitMix64::new(seed ^ game_index.wrapping_mul(0x9E37_79B9_7F4A_7C15))
                    .next_u64();
                Ok(Box::new(Random::new(mixed)))
            },
        }
    }
}

impl<G: Game> Engine<G> for Random {
    fn choose(
        &mut self,
        pos: &G,
        _: &Limits,
        _: &mut dyn Observer<G::Move>,
    ) -> Option<Choice<G::Move>> {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return None;
        }
        Some(Choice {
            mv: moves[self.rng.below(moves.len())],
            score: None,
            depth: 0,
            nodes: 0,
            source: Source::Search,
            resign: false,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_builtin_engine_keeps_a_smaller_reserve_at_short_time_controls() {
        let clock = |ms| ThinkTime {
            left: Duration::from_millis(ms),
            ..ThinkTime::default()
        };
        // Long games keep the library's reserve; short ones keep a tenth of the time left.
        assert_eq!(clock(30_000).budget().reserve, Duration::from_millis(500));
        assert_eq!(clock(500).budget().reserve, Duration::from_millis(50));
        assert!(clock(500).budget().allocate(0) > Duration::ZERO);
        assert_eq!(
            clock(500).budget().allocate(0),
            Duration::from_millis(450) / DEFAULT_EXPECTED_MOVES
        );
        assert_eq!(clock(0).budget().allocate(0), Duration::ZERO);
    }

    #[test]
    fn move_time_takes_the_smaller_of_the_engines_own_and_the_clocks() {
        let ms = Duration::from_millis;
        let no_clock = ThinkTime::default();
        let budget = no_clock.budget();
        assert_eq!(no_clock.move_time(&budget, 0, None), None);
        assert_eq!(no_clock.move_time(&budget, 0, Some(ms(70))), Some(ms(70)));
        let clock = ThinkTime {
            left: Duration::from_secs(30),
            increment: Duration::ZERO,
            move_cap: Some(ms(100)),
            ..ThinkTime::default()
        };
        let budget = clock.budget();
        // 29.5 s over 40 moves is 737.5 ms, but the cap is 100 ms less the margin.
        assert_eq!(
            clock.move_time(&budget, 0, None),
            Some(ms(100) - MOVE_CAP_MARGIN)
        );
        assert_eq!(clock.move_time(&budget, 0, Some(ms(30))), Some(ms(30)));
        let uncapped = ThinkTime {
            move_cap: None,
            ..clock
        };
        assert_eq!(
            uncapped.move_time(&budget, 0, None),
            Some(budget.allocate(0))
        );
    }

    #[test]
    fn options() {
        let o = Options::parse("seed=3,depth=2").unwrap();
        assert_eq!(o.get("seed"), Some("3"));
        assert_eq!(o.get("x"), None);
        assert_eq!(o.number::<u32>("depth"), Ok(Some(2)));
        assert!(
            Options::parse("depth=x")
                .unwrap()
                .number::<u32>("depth")
                .is_err()
        );
        assert_eq!(
            Options::parse("book=off").unwrap().switch("book", true),
            Ok(false)
        );
        assert!(
            Options::parse("book=maybe")
                .unwrap()
                .switch("book", true)
                .is_err()
        );
        assert!(Options::parse("seed").is_err());
        assert!(Options::parse("=3").is_err());
        assert!(Options::parse("a=1,a=2").is_err());
        assert_eq!(Options::parse("").unwrap(), Options::default());
        // The text form reads back to the same options, in their order.
        for text in ["", "seed=3", "b=1,a=x=y,c="] {
            let o = Options::parse(text).unwrap();
            assert_eq!(o.to_string(), text);
            assert_eq!(Options::parse(&o.to_string()).unwrap(), o);
        }
        assert_eq!(
            o.only("random", &["seed"]).unwrap_err().to_string(),
            "engine 'random' has no option 'depth' (options: seed)"
        );
    }
}
