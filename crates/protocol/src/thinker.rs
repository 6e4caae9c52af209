//! What the engine protocols (UCI, CECP) share, on both sides: a search report as one
//! value ([`Thinking`], read once from an `info` or thinking line and kept in the game
//! record), the limits of one search ([`Go`]), an engine's options ([`EngineOption`]), and
//! the engine side a protocol serves ([`Thinker`]): unlike a turn-by-turn [`Responder`]
//! (`crate::Responder`), a thinker is given the whole game by the referee, searches under
//! both clocks and can be stopped from another thread.

use serde::{Deserialize, Serialize};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// A score as engines report it, from the mover's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum EngineScore {
    /// Centipawns (or the engine's own units where the game has no pawns).
    Cp(i32),
    /// Mate in this many moves (negative: the mover is mated).
    Mate(i32),
}

impl EngineScore {
    /// The score in centipawns with mates as ±(100,000 - moves), for comparisons
    /// (adjudication): a mate is worth more than any material.
    pub fn centipawns(self) -> i32 {
        match self {
            EngineScore::Cp(cp) => cp,
            EngineScore::Mate(n) if n > 0 => 100_000 - n,
            EngineScore::Mate(n) => -100_000 - n,
        }
    }
}

impl std::fmt::Display for EngineScore {
    /// As PGN comments write it: `+0.35`, `-1.20`, `+M3`, `-M2`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            EngineScore::Cp(cp) => {
                let sign = if cp < 0 { '-' } else { '+' };
                let a = cp.unsigned_abs();
                write!(f, "{sign}{}.{:02}", a / 100, a % 100)
            }
            EngineScore::Mate(n) if n < 0 => write!(f, "-M{}", -n),
            EngineScore::Mate(n) => write!(f, "+M{n}"),
        }
    }
}

/// One search report, as the engine wrote it (fields it did not write are `None`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Thinking {
    /// Depth in plies.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub depth: Option<u32>,
    /// Selective depth in plies.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seldepth: Option<u32>,
    /// The score for the mover.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub score: Option<EngineScore>,
    /// Nodes searched.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nodes: Option<u64>,
    /// Nodes per second.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nps: Option<u64>,
    /// Time searched, in milliseconds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_ms: Option<u64>,
    /// The principal variation, in the protocol's move notation.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pv: Vec<String>,
}

impl Thinking {
    /// A short line for people: `depth 12, score +0.35, 1234567 nodes`.
    pub fn summary(&self) -> String {
        let mut parts = Vec::new();
        if let Some(d) = self.depth {
            parts.push(format!("depth {d}"));
        }
        if let Some(s) = self.score {
            parts.push(format!("score {s}"));
        }
        if let Some(n) = self.nodes {
            parts.push(format!("{n} nodes"));
        }
        parts.join(", ")
    }
}

/// The limits of one search, as the referee gives them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Go {
    /// Time left on every seat's clock, by seat (empty: no clock).
    pub clocks: Vec<Duration>,
    /// Time added after each move, by seat (empty: none).
    pub increments: Vec<Duration>,
    /// Moves until the clocks are filled again (repeating time controls).
    pub moves_to_go: Option<u32>,
    /// Exactly this long for the move.
    pub move_time: Option<Duration>,
    /// At most this depth.
    pub depth: Option<u32>,
    /// At most this many nodes.
    pub nodes: Option<u64>,
    /// Until stopped.
    pub infinite: bool,
}

/// The kind of an engine option, as UCI lists them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionKind {
    /// A whole number in `min..=max`.
    Spin {
        /// The default.
        default: i64,
        /// The least value.
        min: i64,
        /// The greatest value.
        max: i64,
    },
    /// On or off.
    Check {
        /// The default.
        default: bool,
    },
    /// Any text.
    Text {
        /// The default.
        default: String,
    },
}

/// An engine option.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineOption {
    /// Its name (`Hash`, `Threads`).
    pub name: String,
    /// Its kind and default.
    pub kind: OptionKind,
}

/// The engine side of an engine protocol. The protocol sets the position (the start and
/// every move), then asks for a search; it never looks inside the game.
pub trait Thinker: Send {
    /// The engine's name (`id name`, `myname`).
    fn name(&self) -> String;
    /// Its author (`id author`).
    fn author(&self) -> String;
    /// Its options.
    fn options(&self) -> Vec<EngineOption>;
    /// Sets an option (names compare without case); an unknown name or a bad value is an
    /// error naming it.
    fn set_option(&mut self, name: &str, value: &str) -> Result<(), String>;
    /// A new game starts.
    fn new_game(&mut self);
    /// The game from `start` (`None`: the usual start; else a position text such as a FEN)
    /// after `moves` (in the protocol's notation). Errors name the bad position or move.
    fn set_position(&mut self, start: Option<&str>, moves: &[String]) -> Result<(), String>;
    /// The seat to move in the position set (0 moves first in the usual start: White).
    fn to_move(&self) -> usize;
    /// The position set is the end of the game.
    fn is_over(&self) -> bool;
    /// Searches the position set within `go` until done or `stop` is set, reporting each
    /// finished iteration; returns the move to play.
    fn think(
        &mut self,
        go: &Go,
        stop: &Arc<AtomicBool>,
        report: &mut dyn FnMut(&Thinking),
    ) -> Result<String, String>;
    /// The last [`Thinker::think`] gave the game up: a protocol that can resign (GTP,
    /// CECP) answers so instead of the move, which is still the engine's best for one that
    /// cannot (UCI). Default: never.
    fn resigns(&self) -> bool {
        false
    }
    /// Sets a parameter of the game (`size`, `komi`: the catalog's names, the value as
    /// text): the same game with that value, the moves so far played again on it (GTP's
    /// `boardsize` and `komi`). An error says the game has no such variant. Default: the
    /// game takes no parameters.
    fn set_parameter(&mut self, name: &str, value: &str) -> Result<(), String> {
        Err(format!("no parameter {name} (given '{value}')"))
    }
    /// The text of the position set, in the game's notation (a FEN), for a protocol that
    /// tells the engine's position in its own words (Hub). Default: `None`, it cannot tell.
    fn position_text(&self) -> Option<String> {
        None
    }
    /// The board of the position set, drawn for a terminal (GTP's `showboard`). Default:
    /// nothing to draw.
    fn board_text(&self) -> String {
        String::new()
    }
    /// Every seat's points by the game's own scoring of the position set as it stands
    /// (Go: area and komi), for GTP's `final_score`. Default: `None`, the game is not
    /// scored in points.
    fn points(&self) -> Option<Vec<f64>> {
        None
    }
    /// Every seat's points of the finished game by its rules (1 a win, 0 a loss, ½ each a
    /// draw), for GTP's `final_score` of games decided without a score (Clobber, Lines of
    /// Action: `B+`, `W+`, `0`). Default: `None`, not over or not known.
    fn result(&self) -> Option<Vec<f64>> {
        None
    }
    /// Perft of the position set, divided by first move: each move and its count.
    fn perft(&mut self, depth: u32) -> Result<Vec<(String, u64)>, String>;
    /// The engine's fixed benchmark: nodes searched and the time it took.
    fn bench(&mut self) -> Result<(u64, Duration), String>;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_print_as_pgn_comments_do_and_order_mates_first() {
        assert_eq!(EngineScore::Cp(35).to_string(), "+0.35");
        assert_eq!(EngineScore::Cp(-120).to_string(), "-1.20");
        assert_eq!(EngineScore::Cp(0).to_string(), "+0.00");
        assert_eq!(EngineScore::Mate(3).to_string(), "+M3");
        assert_eq!(EngineScore::Mate(-2).to_string(), "-M2");
        assert!(EngineScore::Mate(5).centipawns() > EngineScore::Cp(5000).centipawns());
        assert!(EngineScore::Mate(2).centipawns() > EngineScore::Mate(5).centipawns());
        assert!(EngineScore::Mate(-2).centipawns() < EngineScore::Mate(-5).centipawns());
        let t = Thinking {
            depth: Some(12),
            score: Some(EngineScore::Cp(-7)),
            nodes: Some(99),
            ..Thinking::default()
        };
        assert_eq!(t.summary(), "depth 12, score -0.07, 99 nodes");
    }
}
