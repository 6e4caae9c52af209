//! The built-in engines: the [`Engine`] trait (choose a move in a [`DynGame`]), engine
//! options (`key=value,...`) and the explicit table [`ENGINES`], one row per engine.
//!
//! An engine built for one game downcasts `DynGame::as_any` to that game's position type;
//! its row's `create` refuses the games it does not play.

use crate::{CatalogError, DynGame, GameEntry};
use olympiad_core::SplitMix64;
use olympiad_search::TimeBudget;
use std::time::Duration;

/// The clock as an engine sees it when asked for a move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ThinkTime {
    /// Time left on the engine's clock for the rest of the game (zero: no clock).
    pub left: Duration,
    /// Time added after each move.
    pub increment: Duration,
    /// The most one move may take, if there is a cap.
    pub move_cap: Option<Duration>,
}

/// Kept back from a per-move cap, for the time it takes to answer.
pub const MOVE_CAP_MARGIN: Duration = Duration::from_millis(20);

/// Share of the time left that a built-in engine keeps back, in percent, when that is less
/// than the search library's default reserve.
pub const BUILTIN_RESERVE_PERCENT: u32 = 10;

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

/// A built-in engine: chooses moves, never prints.
pub trait Engine: Send {
    /// A move for the side to move in `game` (not over), in the game's notation.
    fn choose(&mut self, game: &dyn DynGame, time: &ThinkTime) -> String;
}

/// `key=value` options of an engine, in the order given.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Options(Vec<(String, String)>);

impl Options {
    /// Reads `key=value,key=value` (empty text: no options).
    pub fn parse(text: &str) -> Result<Options, CatalogError> {
        let mut pairs = Vec::new();
        for item in text.split(',').filter(|s| !s.is_empty()) {
            let (k, v) = item
                .split_once('=')
                .ok_or_else(|| CatalogError::Option(format!("option '{item}' is not key=value")))?;
            if k.is_empty() {
                return Err(CatalogError::Option(format!("option '{item}' has no key")));
            }
            if pairs.iter().any(|(seen, _)| seen == k) {
                return Err(CatalogError::Option(format!("option '{k}' given twice")));
            }
            pairs.push((k.to_string(), v.to_string()));
        }
        Ok(Options(pairs))
    }

    /// The value of `key`.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.0
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// Fails naming the first key not in `known`.
    pub fn only(&self, engine: &str, known: &[&str]) -> Result<(), CatalogError> {
        match self.0.iter().find(|(k, _)| !known.contains(&k.as_str())) {
            Some((k, _)) => Err(CatalogError::Option(format!(
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
}

/// What an engine is created for.
#[derive(Clone, Copy, Debug)]
pub struct EngineContext {
    /// The game.
    pub game: &'static GameEntry,
    /// Which game of a match this is (0-based), so that seeded engines vary between games.
    pub game_index: u64,
}

/// Builds an engine for one game from its options (a row's constructor).
pub type CreateEngine = fn(&EngineContext, &Options) -> Result<Box<dyn Engine>, CatalogError>;

/// One row of the engine table.
#[derive(Debug)]
pub struct EngineEntry {
    /// The name used in `builtin:NAME`.
    pub name: &'static str,
    /// One line about the engine and its options.
    pub summary: &'static str,
    /// Builds a fresh engine for one game, or says why the options or the game do not fit.
    pub create: CreateEngine,
}

/// Every built-in engine.
pub static ENGINES: &[EngineEntry] = &[
    EngineEntry {
        name: "random",
        summary: "uniformly random legal moves; option seed=N (mixed with the game's number)",
        create: RandomEngine::create,
    },
    EngineEntry {
        name: "hipp",
        summary: "Caïssa: the CodeCup 2003 champion rebuilt from its paper (MTD(f) in -25..25); \
                  options depth=N, nodes=N, movetime=MS, book=on|off, skip=on|off",
        create: crate::caissa_engines::CaissaEngine::create_hipp,
    },
    EngineEntry {
        name: "caissa",
        summary: "Caïssa: our default engine (PVS, transposition table, queen-safety \
                  evaluation); options depth=N, nodes=N, movetime=MS, book=on|off, hash=MIB, \
                  lmr=on|off, exact=on|off (exact opponent mobility at leaves)",
        create: crate::caissa_engines::CaissaEngine::create_caissa,
    },
    EngineEntry {
        name: "maxn",
        summary: "Rolit (2-4 players): max^n with shallow pruning on balls, corners and edges; \
                  options depth=N (default 3), nodes=N, movetime=MS",
        create: crate::rolit_engines::RolitEngine::create_maxn,
    },
    EngineEntry {
        name: "paranoid",
        summary: "Rolit (2-4 players): paranoid alpha-beta (the others as one coalition), same \
                  evaluation; options depth=N (default 3), nodes=N, movetime=MS",
        create: crate::rolit_engines::RolitEngine::create_paranoid,
    },
    EngineEntry {
        name: "mcts",
        summary: "Rolit (2-4 players): UCT with corner-seeking playouts, rewarded by winning; \
                  options playouts=N (default 2000), movetime=MS, seed=N",
        create: crate::rolit_engines::RolitEngine::create_mcts,
    },
];

/// The engine named `name` (case-insensitive).
pub fn find_engine(name: &str) -> Result<&'static EngineEntry, CatalogError> {
    ENGINES
        .iter()
        .find(|e| e.name.eq_ignore_ascii_case(name))
        .ok_or_else(|| CatalogError::UnknownEngine {
            name: name.to_string(),
            known: ENGINES
                .iter()
                .map(|e| e.name)
                .collect::<Vec<_>>()
                .join(", "),
        })
}

/// Uniformly random legal moves from a seeded generator: every game, reproducible.
#[derive(Clone, Debug)]
pub struct RandomEngine {
    rng: SplitMix64,
}

impl RandomEngine {
    /// An engine whose moves follow from `seed`.
    pub fn new(seed: u64) -> Self {
        Self {
            rng: SplitMix64::new(seed),
        }
    }

    fn create(ctx: &EngineContext, options: &Options) -> Result<Box<dyn Engine>, CatalogError> {
        options.only("random", &["seed"])?;
        let seed = match options.get("seed") {
            Some(text) => text.parse::<u64>().map_err(|_| {
                CatalogError::Option(format!("seed '{text}' is not a number 0..2^64"))
            })?,
            None => 0,
        };
        // Mix the game's number in so that the games of a match differ.
        let mixed =
            SplitMix64::new(seed ^ ctx.game_index.wrapping_mul(0x9E37_79B9_7F4A_7C15)).next_u64();
        Ok(Box::new(RandomEngine::new(mixed)))
    }
}

impl Engine for RandomEngine {
    fn choose(&mut self, game: &dyn DynGame, _time: &ThinkTime) -> String {
        let mut moves = game.legal_moves();
        let i = self.rng.below(moves.len());
        moves.swap_remove(i)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::find_game;

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
            Duration::from_millis(450) / olympiad_search::DEFAULT_EXPECTED_MOVES
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
        assert!(Options::parse("seed").is_err());
        assert!(Options::parse("=3").is_err());
        assert!(Options::parse("a=1,a=2").is_err());
        assert_eq!(Options::parse("").unwrap(), Options::default());
        assert_eq!(
            o.only("random", &["seed"]).unwrap_err().to_string(),
            "engine 'random' has no option 'depth' (options: seed)"
        );
    }

    #[test]
    fn random_is_seeded_and_varies_by_game() {
        let game = find_game("caissa").unwrap();
        let line = |seed: &str, index: u64| {
            let ctx = EngineContext {
                game,
                game_index: index,
            };
            let mut e =
                (find_engine("random").unwrap().create)(&ctx, &Options::parse(seed).unwrap())
                    .unwrap();
            let mut g = game.start();
            let mut moves = Vec::new();
            while g.outcome().is_none() && moves.len() < 20 {
                let m = e.choose(&*g, &ThinkTime::default());
                g.play(&m).unwrap();
                moves.push(m);
            }
            moves
        };
        assert_eq!(line("seed=5", 0), line("seed=5", 0));
        assert_ne!(line("seed=5", 0), line("seed=5", 1));
        assert_ne!(line("seed=5", 0), line("seed=6", 0));
        assert!(
            (find_engine("random").unwrap().create)(
                &EngineContext {
                    game,
                    game_index: 0
                },
                &Options::parse("seed=x").unwrap()
            )
            .is_err()
        );
    }

    #[test]
    fn random_is_uniform() {
        // The start has 26 moves; 26,000 draws give each about 1,000 (sd ~31).
        let game = find_game("caissa").unwrap().start();
        let moves = game.legal_moves();
        let mut e = RandomEngine::new(9);
        let mut counts = vec![0u32; moves.len()];
        for _ in 0..moves.len() * 1000 {
            let m = e.choose(&*game, &ThinkTime::default());
            counts[moves.iter().position(|x| *x == m).unwrap()] += 1;
        }
        assert!(
            counts.iter().all(|&c| (850..1150).contains(&c)),
            "{counts:?}"
        );
    }
}
