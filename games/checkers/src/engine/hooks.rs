//! Crown's search hooks: what the game-agnostic search needs from checkers. A side without
//! a move loses at its distance from the root; the draw rule scores 0; captures are
//! compulsory, so quiescence never stands pat where the side to move can take (it must)
//! and plays only captures elsewhere; an endgame oracle, when there is one, answers every
//! position of few enough pieces with no capture pending, as a score that wins (or loses)
//! by more than any evaluation but less than a win on the board, biased by the material,
//! by how close the winner's kings are to the loser's pieces and how far its men have
//! advanced, so that the engine keeps
//! making progress in a won ending instead of shuffling between won positions.

use std::sync::Arc;

use crate::bitboard::{Bits, DOWN_LEFT, DOWN_RIGHT, UP_LEFT, UP_RIGHT, opposite, step};
use crate::oracle::{EndgameOracle, Wdl};
use crate::{Color, Move, Position};
use olympiad_core::Game;
use olympiad_search::{Hooks, Score, WinsByDistance};

use super::eval;

/// A win on the board (less the plies to reach it).
pub const WIN: Score = 30_000;
/// Scores within this of [`WIN`] are wins or losses on the board at a distance.
pub const WIN_BAND: Score = 1_000;
/// A win the endgame oracle proves, before its bias.
pub const ORACLE_WIN: Score = 20_000;
/// The most the bias of an oracle's win may move it either way.
pub const ORACLE_BIAS_MAX: Score = 4_000;
/// Per step (of king distance) the winner's kings stand closer to the loser's pieces, in
/// an oracle's win.
pub const ORACLE_CLOSENESS: Score = 6;
/// Per row the winner's men have advanced, in an oracle's win (they run to be crowned).
pub const ORACLE_ADVANCE: Score = 4;
/// The most a seeded evaluation is moved either way, in centi-men (varies games).
pub const NOISE_MAX: Score = 6;
/// Ordering bonus per piece a capture takes.
const CAPTURE_ORDER: i32 = 2_000;
/// Ordering bonus of a man's step onto its crowning row.
const CROWN_ORDER: i32 = 1_000;

/// Can the side to move capture? By set arithmetic: a jump in direction `d` lands on an
/// empty square two steps away across an enemy piece, so stepping back from the empty
/// squares twice (across enemy pieces) finds the pieces that can jump; men jump forward
/// only, kings every way.
pub fn capture_pending(pos: &Position) -> bool {
    let us = pos.side();
    let own = pos.pieces(us);
    let opp = pos.pieces(us.flip());
    let empty = !(own | opp);
    let jump_from = |d: usize| step(step(empty, opposite(d)) & opp, opposite(d));
    let (ahead, behind) = match us {
        Color::Black => ([DOWN_LEFT, DOWN_RIGHT], [UP_LEFT, UP_RIGHT]),
        Color::White => ([UP_LEFT, UP_RIGHT], [DOWN_LEFT, DOWN_RIGHT]),
    };
    let kings = own & pos.kings();
    own & (jump_from(ahead[0]) | jump_from(ahead[1])) != 0
        || kings & (jump_from(behind[0]) | jump_from(behind[1])) != 0
}

/// Rows `color`'s men have advanced, summed.
fn advancement(pos: &Position, color: Color) -> Score {
    let men = pos.pieces(color) & !pos.kings();
    Bits(men)
        .map(|b| {
            let row = Score::from(b / 4);
            match color {
                Color::Black => row,
                Color::White => 7 - row,
            }
        })
        .sum()
}

/// The score of an oracle's answer for the side to move of `pos`: a win is
/// [`ORACLE_WIN`] biased by the winner's material (as the evaluation weighs it), how close
/// its kings stand to the loser's pieces and how far its men have run towards the crown;
/// fixed terms, not the tuned evaluation's positional ones, which are fitted to games
/// still to be decided.
pub fn oracle_score(pos: &Position, wdl: Wdl) -> Score {
    let winning = |winner: Color, material_for_winner: Score| {
        let bias = material_for_winner
            + ORACLE_CLOSENESS * eval::closeness(pos, winner)
            + ORACLE_ADVANCE * advancement(pos, winner);
        ORACLE_WIN + bias.clamp(-ORACLE_BIAS_MAX, ORACLE_BIAS_MAX)
    };
    match wdl {
        Wdl::Draw => 0,
        Wdl::Win => winning(pos.side(), eval::material(pos)),
        Wdl::Loss => -winning(pos.side().flip(), -eval::material(pos)),
    }
}

/// Crown's hooks: the evaluation, the oracle if any, and the seed of the evaluation's
/// noise if any.
///
/// Outside the oracle's endings, every position it holds ends the search there with its
/// score. Once the root itself is one of them, its value is known, and ending the search
/// at the first ply would leave the engine choosing among equally won moves by the bias
/// alone, one ply deep: then only the positions whose value differs from the root's
/// (a mistake by either side) end there, the others are searched on, and the horizon
/// scores them by the oracle (its value with the bias), so the search looks for the
/// captures that turn a won ending into a win on the board.
#[derive(Clone, Debug, Default)]
pub struct CrownHooks {
    oracle: Option<Arc<dyn EndgameOracle>>,
    noise: Option<u64>,
    /// The root's side and its value by the oracle, when the oracle holds the root.
    root: Option<(Color, Wdl)>,
}

impl CrownHooks {
    /// Hooks probing `oracle`, with a noise of at most [`NOISE_MAX`] drawn from `noise`
    /// (a seed) and the position's hash when it is given.
    pub fn new(oracle: Option<Arc<dyn EndgameOracle>>, noise: Option<u64>) -> Self {
        Self {
            oracle,
            noise,
            root: None,
        }
    }

    /// The oracle's value of `pos` for its side to move, if it holds it and no capture is
    /// pending.
    fn probe(&self, pos: &Position) -> Option<Wdl> {
        let oracle = self.oracle.as_ref()?;
        let pieces = (pos.pieces(Color::Black) | pos.pieces(Color::White)).count_ones();
        if pieces > oracle.max_pieces() || capture_pending(pos) {
            return None;
        }
        oracle.probe(pos)
    }

    /// A search from `root` starts: its value by the oracle, if the oracle holds it (see
    /// the type's documentation).
    pub fn set_root(&mut self, root: &Position) {
        self.root = self.probe(root).map(|wdl| (root.side(), wdl));
    }
}

impl Hooks<Position> for CrownHooks {
    fn bounds(&self) -> (Score, Score) {
        (-WIN, WIN)
    }

    fn terminal(&mut self, pos: &Position, _ply: u32) -> Option<Score> {
        if pos.draw_reached() {
            return Some(0);
        }
        let wdl = self.probe(pos)?;
        match self.root {
            Some((side, value)) if value == if side == pos.side() { wdl } else { wdl.flip() } => {
                None
            }
            _ => Some(oracle_score(pos, wdl)),
        }
    }

    fn no_moves(&mut self, _pos: &Position, ply: u32) -> Score {
        -WIN + ply as Score
    }

    fn evaluate(&mut self, pos: &Position, _ply: u32) -> Score {
        if self.root.is_some()
            && let Some(wdl) = self.probe(pos)
        {
            return oracle_score(pos, wdl);
        }
        let score = eval::evaluate(pos);
        match self.noise {
            None => score,
            Some(seed) => {
                let h = olympiad_core::SplitMix64::new(seed ^ olympiad_core::Hashed::zobrist(pos))
                    .next_u64();
                score + (h % (2 * NOISE_MAX as u64 + 1)) as Score - NOISE_MAX
            }
        }
    }

    fn quiescence_moves(&mut self, pos: &Position, _ply: u32, out: &mut Vec<Move>) -> Option<bool> {
        if capture_pending(pos) {
            out.extend(pos.legal_moves().iter().copied());
            Some(false)
        } else if pos.count_moves() == 0 {
            // No capture and no step: lost (an empty list without stand-pat scores that).
            Some(false)
        } else {
            Some(true)
        }
    }

    fn is_noisy(&mut self, _pos: &Position, mv: Move) -> bool {
        mv.is_capture()
    }

    fn order(&mut self, pos: &Position, mv: Move) -> i32 {
        if mv.is_capture() {
            return CAPTURE_ORDER * mv.captured().count_ones() as i32;
        }
        let crowns = pos.kings() & mv.from() == 0 && mv.to() & pos.side().crowning_row() != 0;
        if crowns { CROWN_ORDER } else { 0 }
    }

    fn wins_by_distance(&self) -> Option<WinsByDistance> {
        Some(WinsByDistance {
            win: WIN,
            decisive: WIN - WIN_BAND,
        })
    }

    fn history_slot(&self, _pos: &Position, mv: Move) -> Option<usize> {
        Some(usize::from(mv.from_square()) * 33 + usize::from(mv.to_square()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use olympiad_core::SplitMix64;

    /// The set arithmetic against the generator (the slow twin: a capture is pending
    /// exactly when the first legal move is a capture) along random games.
    #[test]
    fn capture_pending_agrees_with_the_generator() {
        let mut rng = SplitMix64::new(11);
        let mut seen = [0; 2];
        for _ in 0..3000 {
            let mut pos = Position::start();
            for _ in 0..200 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let want = moves[0].is_capture();
                assert_eq!(capture_pending(&pos), want, "{}", pos.text());
                seen[usize::from(want)] += 1;
                pos.play(moves[rng.below(moves.len())]);
            }
        }
        assert!(seen[0] > 1000 && seen[1] > 1000, "{seen:?}");
    }

    #[test]
    fn oracle_scores_sit_between_the_evaluation_and_wins_on_the_board() {
        for text in ["W:WK10,K14:BK28", "B:WK10,K14:BK28", "W:W10:B20"] {
            let pos = Position::from_text(text).unwrap();
            let win = oracle_score(&pos, Wdl::Win);
            assert!(
                (ORACLE_WIN - ORACLE_BIAS_MAX..WIN - WIN_BAND).contains(&win),
                "{win}"
            );
            assert_eq!(oracle_score(&pos, Wdl::Draw), 0);
            assert!(-oracle_score(&pos, Wdl::Loss) > ORACLE_WIN - ORACLE_BIAS_MAX);
        }
        // Kings closer to the lone king score higher.
        let far = Position::from_text("W:WK29,K30:BK4").unwrap();
        let near = Position::from_text("W:WK11,K12:BK4").unwrap();
        assert!(oracle_score(&near, Wdl::Win) > oracle_score(&far, Wdl::Win));
    }
}
