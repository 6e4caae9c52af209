//! Crown's move at the root from the endgame databases' distances: in a won position the
//! search alone, seeing only won positions under its horizon, may shuffle for ever, so when
//! the oracle knows the root's distance to conversion, Crown plays without a search the
//! winning move that converts soonest (a capture or a crowning that keeps the win counts as
//! distance 1, and among those the one into the smallest class, then the shortest distance
//! after it), and in a lost position the move that loses slowest. Each conversion is
//! irreversible (fewer pieces, or fewer men), so following the distances wins. A drawn
//! root is left to the search.

use crate::oracle::{EndgameOracle, Wdl};
use crate::{Move, Position};
use olympiad_core::Game;

/// The databases' move at `pos` among `legal`, with the root's value and the move's
/// distance to conversion (plies), or `None` when the root is drawn or the oracle does
/// not know the distances of the root and of every position after a move.
pub fn database_move(
    oracle: &dyn EndgameOracle,
    pos: &Position,
    legal: &[Move],
) -> Option<(Move, Wdl, u32)> {
    let (value, _) = oracle.probe_dtc(pos)?;
    if value == Wdl::Draw {
        return None;
    }
    let on_board = pieces(pos);
    let kings = pos.kings().count_ones();
    let mut best: Option<((u32, u32, u32), Move)> = None;
    for &mv in legal {
        let child = pos.after(mv);
        let (after, later) = oracle.probe_dtc(&child)?;
        if after.flip() != value {
            continue;
        }
        let child_pieces = pieces(&child);
        let converts = child_pieces < on_board || child.kings().count_ones() > kings;
        let distance = if converts { 1 } else { 1 + later };
        let key = (distance, child_pieces, later);
        let better = match (&best, value) {
            (None, _) => true,
            (Some((k, _)), Wdl::Win) => key < *k,
            (Some((k, _)), _) => key > *k,
        };
        if better {
            best = Some((key, mv));
        }
    }
    best.map(|((distance, _, _), mv)| (mv, value, distance))
}

/// Pieces on the board, both sides.
fn pieces(pos: &Position) -> u32 {
    (pos.black | pos.white).count_ones()
}
