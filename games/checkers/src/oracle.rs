//! The engine's window on perfect endgame knowledge. The search asks an oracle for the value of
//! a position with few pieces; the endgame databases answer it, and tests can answer it with an
//! exhaustive search. The trait keeps the engine free of any one way of knowing.

use crate::Position;

/// The game-theoretic value of a position for its side to move, under perfect play by both
/// sides and with no draw rule (a game that can go on for ever without a win is a draw).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Wdl {
    /// The side to move wins.
    Win,
    /// Neither side can force a win.
    Draw,
    /// The side to move loses.
    Loss,
}

impl Wdl {
    /// The same position seen from the other side.
    pub fn flip(self) -> Wdl {
        match self {
            Wdl::Win => Wdl::Loss,
            Wdl::Draw => Wdl::Draw,
            Wdl::Loss => Wdl::Win,
        }
    }
}

/// Something that knows the exact value of some positions.
pub trait EndgameOracle: Send + Sync + std::fmt::Debug {
    /// The value of `pos` for its side to move, or `None` when this oracle does not hold it
    /// (too many pieces, or a material class it has not got).
    fn probe(&self, pos: &Position) -> Option<Wdl>;

    /// The most pieces (both sides together) of any position it may answer.
    fn max_pieces(&self) -> u32;

    /// The value of `pos` for its side to move and its distance to conversion in plies
    /// (see `egdb/dtc.rs`), or `None` when this oracle does not know the distance.
    fn probe_dtc(&self, _pos: &Position) -> Option<(Wdl, u32)> {
        None
    }
}
