//! The rule options, and the one place where the spec's "decided" points live, so that they
//! can be found and switched.
//!
//! Decided (the written rules are silent; we follow the independent implementation the spec
//! names): a queen move whose vacated tile would split the tiles is illegal; a move may not
//! repeat the (from, to) of the opponent's move just played; a stalemate is a draw; 200 plies
//! without a result is a draw. The first two are fixed rules of the generator (see
//! `movegen.rs`); the last two are options here.

/// How a stalemate (no legal move, not in check) is scored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Hash)]
pub enum Stalemate {
    /// A draw (the default).
    #[default]
    Draw,
    /// The side with more pieces on the board wins; equal counts draw (the scoring HIPP's
    /// paper uses for stalemates).
    MorePieces,
}

/// Rule options carried by a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    /// Stalemate scoring.
    pub stalemate: Stalemate,
    /// The game is drawn when this many plies have been played (`None`: no limit).
    pub ply_limit: Option<u16>,
}

/// The default ply limit (CodeCup 2003).
pub const DEFAULT_PLY_LIMIT: u16 = 200;

impl Default for Rules {
    fn default() -> Self {
        Self {
            stalemate: Stalemate::Draw,
            ply_limit: Some(DEFAULT_PLY_LIMIT),
        }
    }
}
