//! Exhaustive mate search: the judge of the mate suite (`tests/mates.txt`). It scores only
//! the end of the game (mate by distance, everything else 0) and runs the search library's
//! plain full-width minimax, no pruning, no table, no extensions, so that its answer depends
//! on nothing but the rules.

use crate::Position;
use olympiad_search::{Hooks, Score, minimax};

/// A mate `ply` plies from the root scores `MATE - ply` for the winner.
pub const MATE: Score = 1_000;

/// Hooks that see only mates.
#[derive(Clone, Copy, Debug, Default)]
pub struct MateHooks;

impl Hooks<Position> for MateHooks {
    fn bounds(&self) -> (Score, Score) {
        (-MATE, MATE)
    }

    fn terminal(&mut self, pos: &Position, ply: u32) -> Option<Score> {
        if pos.ply_limit_reached() {
            return Some(0);
        }
        if pos.count_moves_with(true) == 0 {
            return Some(super::end_score(pos, ply, MATE));
        }
        None
    }

    fn no_moves(&mut self, pos: &Position, ply: u32) -> Score {
        super::end_score(pos, ply, MATE)
    }

    fn evaluate(&mut self, _pos: &Position, _ply: u32) -> Score {
        0
    }

    fn quiescence(&self) -> bool {
        false
    }
}

/// The exact number of moves in which the side to move mates by force, if it does within
/// `max_moves` of its own moves (by exhaustive search of `2 * max_moves - 1` plies).
pub fn mate_in(pos: &Position, max_moves: u32) -> Option<u32> {
    (1..=max_moves).find(|&n| {
        let plies = 2 * n - 1;
        minimax(pos, &mut MateHooks, plies) == MATE - plies as Score
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use olympiad_core::{Game, Notation};

    #[test]
    fn the_spec_checkmate_is_found_one_move_earlier() {
        // After c2-d3 e5-f5 b2-c4 f5-d5 White is checkmated: Black's f5-d5 mates.
        let mut pos = Position::start();
        pos.play_line("c2-d3 e5-f5 b2-c4").unwrap();
        assert_eq!(mate_in(&pos, 2), Some(1));
        let mate = pos.parse_legal_move("f5-d5").unwrap();
        assert!(pos.after(mate).outcome().is_some());
        assert_eq!(mate_in(&Position::start(), 1), None);
    }
}
