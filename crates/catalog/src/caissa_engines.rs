//! The Caïssa engines of `olympiad-caissa` (`hipp` and `caissa`) as catalog engines: options
//! from `key=value` text, and a per-move time allocation from the game clock.

use crate::{CatalogError, DynGame, Engine, EngineContext, Options, ThinkTime};
use olympiad_caissa::Position;
use olympiad_caissa::engine::{Engine as Searcher, EngineKind, EngineOptions};
use olympiad_search::Limits;
use std::time::Duration;

/// The depth searched when neither a limit nor a clock is given.
pub const DEFAULT_DEPTH: u32 = 5;

/// A Caïssa engine with its fixed limits (if any).
#[derive(Debug)]
pub struct CaissaEngine {
    engine: Searcher,
    depth: Option<u32>,
    nodes: Option<u64>,
    move_time: Option<Duration>,
}

pub(crate) fn number<T: std::str::FromStr>(
    options: &Options,
    key: &str,
) -> Result<Option<T>, CatalogError> {
    options
        .get(key)
        .map(|text| {
            text.parse::<T>().map_err(|_| {
                CatalogError::Option(format!("option {key}={text}: expected a whole number"))
            })
        })
        .transpose()
}

fn switch(options: &Options, key: &str, default: bool) -> Result<bool, CatalogError> {
    match options.get(key) {
        None => Ok(default),
        Some("1" | "on" | "true" | "yes") => Ok(true),
        Some("0" | "off" | "false" | "no") => Ok(false),
        Some(other) => Err(CatalogError::Option(format!(
            "option {key}={other}: expected on or off"
        ))),
    }
}

impl CaissaEngine {
    fn create(
        kind: EngineKind,
        ctx: &EngineContext,
        options: &Options,
    ) -> Result<Box<dyn Engine>, CatalogError> {
        if ctx.game.name != "caissa" {
            return Err(CatalogError::Option(format!(
                "engine '{}' plays caissa, not {}",
                kind.name(),
                ctx.game.name
            )));
        }
        let mut known = vec!["depth", "nodes", "movetime", "book"];
        match kind {
            EngineKind::Hipp => known.push("skip"),
            EngineKind::Caissa => known.extend(["hash", "lmr", "exact"]),
        }
        options.only(kind.name(), &known)?;
        let mut setup = EngineOptions::new(kind);
        setup.book = switch(options, "book", true)?;
        if kind == EngineKind::Hipp {
            setup.skip_connection_rule = switch(options, "skip", true)?;
        }
        if kind == EngineKind::Caissa {
            setup.lmr = switch(options, "lmr", setup.lmr)?;
            setup.exact_mobility = switch(options, "exact", setup.exact_mobility)?;
        }
        if let Some(mib) = number::<usize>(options, "hash")? {
            setup.hash_mib = mib;
        }
        Ok(Box::new(CaissaEngine {
            engine: Searcher::new(setup),
            depth: number(options, "depth")?,
            nodes: number(options, "nodes")?,
            move_time: number::<u64>(options, "movetime")?.map(Duration::from_millis),
        }))
    }

    /// Builds `hipp` (a catalog row's constructor).
    pub fn create_hipp(
        ctx: &EngineContext,
        options: &Options,
    ) -> Result<Box<dyn Engine>, CatalogError> {
        Self::create(EngineKind::Hipp, ctx, options)
    }

    /// Builds `caissa` (a catalog row's constructor).
    pub fn create_caissa(
        ctx: &EngineContext,
        options: &Options,
    ) -> Result<Box<dyn Engine>, CatalogError> {
        Self::create(EngineKind::Caissa, ctx, options)
    }

    /// The limits for one move of the game at `pos` under `time`.
    fn limits(&self, pos: &Position, time: &ThinkTime) -> Limits {
        let moves_played = u32::from(pos.ply()) / 2;
        let mut limits = Limits {
            depth: self.depth,
            nodes: self.nodes,
            move_time: time.move_time(&time.budget(), moves_played, self.move_time),
            stop: None,
        };
        if limits.depth.is_none() && limits.nodes.is_none() && limits.move_time.is_none() {
            limits.depth = Some(DEFAULT_DEPTH);
        }
        limits
    }
}

impl Engine for CaissaEngine {
    fn choose(&mut self, game: &dyn DynGame, time: &ThinkTime) -> String {
        let pos = *game
            .as_any()
            .downcast_ref::<Position>()
            .expect("created for caissa only");
        let limits = self.limits(&pos, time);
        let choice = self
            .engine
            .choose(&pos, &limits, &mut ())
            .expect("asked to move in a finished game");
        olympiad_core::Notation::format_move(&pos, choice.mv)
    }
}
