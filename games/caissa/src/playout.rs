//! The random-playout policy used by the conformance tests and the benchmark: uniform, but
//! with a queen move half of the time when there is one, so that tiles sink, games reach
//! endgames with many holes, and the connection rule starts to forbid moves.

use crate::position::{Kind, Move, Position};
use olympiad_core::SplitMix64;

/// Percentage of plies on which a queen move is preferred.
pub const QUEEN_BIAS_PERCENT: u32 = 50;

/// A random legal move from `moves` (the legal moves of `pos`, not empty).
pub fn biased_move(pos: &Position, moves: &[Move], rng: &mut SplitMix64) -> Move {
    if rng.chance(QUEEN_BIAS_PERCENT)
        && let Some(q) = pos.square_of(pos.side(), Kind::Queen)
    {
        let queen_moves = moves.iter().filter(|m| m.from == q).count();
        if queen_moves > 0 {
            let pick = rng.below(queen_moves);
            return *moves
                .iter()
                .filter(|m| m.from == q)
                .nth(pick)
                .unwrap_or(&moves[0]);
        }
    }
    moves[rng.below(moves.len())]
}
