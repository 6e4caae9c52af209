//! The Rolit engines of `olympiad-rolit` (`maxn`, `paranoid`, `mcts`) as catalog engines for
//! every Rolit game (2, 3 or 4 players): options from `key=value` text, and a per-move time
//! allocation from the game clock (a game is 60 moves shared by the players).

use crate::caissa_engines::number;
use crate::{CatalogError, DynGame, Engine, EngineContext, Options, ThinkTime};
use olympiad_rolit::Position;
use olympiad_rolit::engine::{Engine as Searcher, EngineKind};
use olympiad_search::Limits;
use std::time::Duration;

/// The depth (max^n, paranoid) or playouts (MCTS) when neither a limit nor a clock is given.
pub const DEFAULT_DEPTH: u32 = 3;
/// Playouts per move for MCTS without a limit or a clock.
pub const DEFAULT_PLAYOUTS: u64 = 2_000;

/// A Rolit engine with its fixed limits (if any).
#[derive(Debug)]
pub struct RolitEngine {
    engine: Searcher,
    kind: EngineKind,
    depth: Option<u32>,
    nodes: Option<u64>,
    move_time: Option<Duration>,
}

impl RolitEngine {
    fn create(
        kind: EngineKind,
        ctx: &EngineContext,
        options: &Options,
    ) -> Result<Box<dyn Engine>, CatalogError> {
        if ctx.game.row.name != "rolit" {
            return Err(CatalogError::Option(format!(
                "engine '{}' plays rolit, rolit3 and rolit2, not {}",
                kind.name(),
                ctx.game.name
            )));
        }
        let known: &[&str] = match kind {
            EngineKind::Mcts => &["playouts", "movetime", "seed"],
            _ => &["depth", "nodes", "movetime"],
        };
        options.only(kind.name(), known)?;
        let seed = number::<u64>(options, "seed")?.unwrap_or(1);
        let (depth, nodes) = match kind {
            EngineKind::Mcts => (None, number(options, "playouts")?),
            _ => (number(options, "depth")?, number(options, "nodes")?),
        };
        Ok(Box::new(RolitEngine {
            // Each game of a match gets its own playouts.
            engine: Searcher::new(kind, seed ^ ctx.game_index.wrapping_mul(0x9E37_79B9)),
            kind,
            depth,
            nodes,
            move_time: number::<u64>(options, "movetime")?.map(Duration::from_millis),
        }))
    }

    /// Builds `maxn` (a catalog row's constructor).
    pub fn create_maxn(
        ctx: &EngineContext,
        options: &Options,
    ) -> Result<Box<dyn Engine>, CatalogError> {
        Self::create(EngineKind::MaxN, ctx, options)
    }

    /// Builds `paranoid` (a catalog row's constructor).
    pub fn create_paranoid(
        ctx: &EngineContext,
        options: &Options,
    ) -> Result<Box<dyn Engine>, CatalogError> {
        Self::create(EngineKind::Paranoid, ctx, options)
    }

    /// Builds `mcts` (a catalog row's constructor).
    pub fn create_mcts(
        ctx: &EngineContext,
        options: &Options,
    ) -> Result<Box<dyn Engine>, CatalogError> {
        Self::create(EngineKind::Mcts, ctx, options)
    }

    /// The limits for one move at `pos` under `time`.
    fn limits(&self, pos: &Position, time: &ThinkTime) -> Limits {
        // This player's moves so far: the balls placed, shared among the players.
        let placed = pos.occupied().count_ones().saturating_sub(4);
        let moves_played = placed / pos.players() as u32;
        let mut budget = time.budget();
        // A game has 60 placements: 60 / players moves each.
        budget.expected_moves = 60 / pos.players() as u32;
        budget.min_moves_left = 2;
        let mut limits = Limits {
            depth: self.depth,
            nodes: self.nodes,
            move_time: time.move_time(&budget, moves_played, self.move_time),
            stop: None,
        };
        if limits.depth.is_none() && limits.nodes.is_none() && limits.move_time.is_none() {
            match self.kind {
                EngineKind::Mcts => limits.nodes = Some(DEFAULT_PLAYOUTS),
                _ => limits.depth = Some(DEFAULT_DEPTH),
            }
        }
        limits
    }
}

impl Engine for RolitEngine {
    fn choose(&mut self, game: &dyn DynGame, time: &ThinkTime) -> String {
        let pos = *game
            .as_any()
            .downcast_ref::<Position>()
            .expect("created for rolit games only");
        let limits = self.limits(&pos, time);
        let choice = self
            .engine
            .choose(&pos, &limits)
            .expect("asked to move in a finished game");
        olympiad_core::Notation::format_move(&pos, choice.mv)
    }
}
