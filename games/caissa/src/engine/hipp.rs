//! HIPP, the CodeCup 2003 champion, rebuilt from its author's paper (Marcel Vlastuin, "A
//! discussion on the making of HIPP", `shared/seeds/hipp-caissa-paper.txt`) as the baseline
//! our own engine must beat. Faithful, not tuned: what the paper says is done as it says;
//! where it is vague, the choice is written next to the code and listed here.
//!
//! From the paper:
//! - MTD(f) over zero-window alpha-beta, no transposition table ("without the memory
//!   function"), scores in the integer window -25..25 ([`SCORE_BOUND`]);
//! - evaluation = piece values (rook 48, bishop 30, knight 24) + own moves - opponent's moves,
//!   where the opponent's count is the one its generator returned one ply earlier ("the last
//!   two results are used"); then divided by 6 while small (|raw| <= 24) and by 12 beyond,
//!   clamped to +-21; wins score 24 (close) down to 22 (deep);
//! - a small penalty for a queen in a corner;
//! - a node whose side to move is in check is searched at the same depth (the check
//!   extension), also at the horizon ("not to stop in a check situation");
//! - one extra ply when three or fewer moves are left at the root;
//! - no connection-rule check in the search until a violation has been seen two plies deep
//!   from a root (the generator then stays exact for the rest of the game); the root's moves
//!   are always verified, so the speed-up can never make it play an illegal move (see
//!   `engine::Engine`).
//!
//! Choices where the paper is vague:
//! - "shifted them a little to fit to each other": beyond +-24 the value is
//!   `sign * (4 + (|raw| - 24) / 12)`, which continues the small range (24 / 6 = 4) without a
//!   jump, monotone in `raw`;
//! - win distance: 24 for a mate on our next move, 23 one move later, 22 beyond;
//! - the corner penalty is [`CORNER_PENALTY`] raw points (one scaled point) per queen in one of
//!   the four corners, counted for both sides;
//! - stalemate follows the position's rule option (draw by default; by piece count, as HIPP
//!   did, with `Stalemate::MorePieces`), scored as a win or loss when it decides;
//! - the paper's root procedure (all moves one ply deeper per pass, then "the best five" one
//!   more) is replaced by the search library's iterative deepening with MTD(f), which orders
//!   the root by the previous pass as HIPP does.

use crate::bitboard::NONE;
use crate::position::{Color, Position};
use crate::rules::Stalemate;
use crate::{Move, bitboard};
use olympiad_search::{Hooks, Score};

/// Scores live in `-SCORE_BOUND..=SCORE_BOUND` (the paper's window -25..25).
pub const SCORE_BOUND: Score = 25;
/// The score of a win found close by; deeper wins score down to [`DEEP_WIN`].
pub const CLOSE_WIN: Score = 24;
/// The score of a deep win.
pub const DEEP_WIN: Score = 22;
/// The largest evaluation of a position that is not won.
pub const EVAL_CLAMP: Score = 21;
/// Raw piece values (rook, bishop, knight); one raw point is one move of mobility.
pub const PIECE_VALUES: [Score; 3] = [48, 30, 24];
/// Raw evaluation up to which the divisor is [`SMALL_DIVISOR`].
pub const SMALL_RANGE: Score = 24;
/// Divisor of small raw evaluations.
pub const SMALL_DIVISOR: Score = 6;
/// Divisor of large raw evaluations (after a capture).
pub const LARGE_DIVISOR: Score = 12;
/// Raw penalty for a queen standing in a corner.
pub const CORNER_PENALTY: Score = 6;
/// Deepest ply the move counts are kept for.
const MAX_PLY: usize = 256;

/// The four corners a1, g1, a7, g7.
const CORNERS: u64 = 1 | 1 << 6 | 1 << 42 | 1 << 48;

/// HIPP's evaluation and search hooks.
#[derive(Clone, Debug)]
pub struct HippHooks {
    /// Apply the connection rule inside the search (false: HIPP's speed-up is active).
    pub connection_rule: bool,
    /// The move count the generator returned at each ply of the current line.
    counts: Vec<Score>,
}

impl Default for HippHooks {
    fn default() -> Self {
        Self::new()
    }
}

impl HippHooks {
    /// Hooks with the connection rule applied everywhere.
    pub fn new() -> Self {
        Self {
            connection_rule: true,
            counts: vec![0; MAX_PLY + 2],
        }
    }

    /// HIPP's score of a win `ply` plies from the root, for the side that wins.
    pub fn win_score(ply: u32) -> Score {
        // The winner made the last move at ply - 1: distance 0 is a mate on our next move.
        let distance = (ply.saturating_sub(1) / 2) as Score;
        (CLOSE_WIN - distance).max(DEEP_WIN)
    }

    /// Scales a raw evaluation into the window, as the paper describes.
    pub fn scale(raw: Score) -> Score {
        let magnitude = raw.abs();
        let scaled = if magnitude <= SMALL_RANGE {
            magnitude / SMALL_DIVISOR
        } else {
            SMALL_RANGE / SMALL_DIVISOR + (magnitude - SMALL_RANGE) / LARGE_DIVISOR
        };
        raw.signum() * scaled.min(EVAL_CLAMP)
    }

    /// The raw piece values of `color`'s rook, bishop and knight still on the board.
    pub fn material(pos: &Position, color: Color) -> Score {
        let squares = pos.squares[color.index()];
        (0..3)
            .filter(|&i| squares[i + 1] != NONE)
            .map(|i| PIECE_VALUES[i])
            .sum()
    }

    /// The score of a game that ended at `pos` (no move), for the side to move.
    fn ended(&self, pos: &Position, ply: u32) -> Score {
        if pos.in_check() {
            return -Self::win_score(ply);
        }
        match pos.rules().stalemate {
            Stalemate::Draw => 0,
            Stalemate::MorePieces => {
                let us = pos.pieces(pos.side()).count_ones();
                let them = pos.pieces(pos.side().flip()).count_ones();
                match us.cmp(&them) {
                    std::cmp::Ordering::Greater => Self::win_score(ply),
                    std::cmp::Ordering::Less => -Self::win_score(ply),
                    std::cmp::Ordering::Equal => 0,
                }
            }
        }
    }

    fn corner(pos: &Position, color: Color) -> Score {
        let q = pos.squares[color.index()][0];
        if q != NONE && bitboard::bit(q) & CORNERS != 0 {
            CORNER_PENALTY
        } else {
            0
        }
    }
}

impl Hooks<Position> for HippHooks {
    fn bounds(&self) -> (Score, Score) {
        (-SCORE_BOUND, SCORE_BOUND)
    }

    fn terminal(&mut self, pos: &Position, ply: u32) -> Option<Score> {
        if pos.ply_limit_reached() {
            return Some(0);
        }
        let n = pos.count_moves_with(self.connection_rule);
        self.counts[(ply as usize).min(MAX_PLY)] = n as Score;
        if n == 0 {
            return Some(self.ended(pos, ply));
        }
        None
    }

    fn generate(&mut self, pos: &Position, out: &mut Vec<Move>) {
        let moves = if self.connection_rule {
            olympiad_core::Game::legal_moves(pos)
        } else {
            pos.moves_without_connection_rule()
        };
        out.extend(moves.iter().copied());
    }

    fn no_moves(&mut self, pos: &Position, ply: u32) -> Score {
        self.ended(pos, ply)
    }

    fn evaluate(&mut self, pos: &Position, ply: u32) -> Score {
        let us = pos.side();
        let them = us.flip();
        let p = (ply as usize).min(MAX_PLY);
        let own_moves = self.counts[p];
        // The opponent's count is the one its generator gave one ply up the line.
        let their_moves = if p > 0 { self.counts[p - 1] } else { own_moves };
        let raw = Self::material(pos, us) - Self::material(pos, them) + own_moves
            - their_moves
            - Self::corner(pos, us)
            + Self::corner(pos, them);
        Self::scale(raw)
    }

    fn extension(&mut self, pos: &Position, moves: &[Move], ply: u32) -> i32 {
        self.counts[(ply as usize).min(MAX_PLY)] = moves.len() as Score;
        if pos.in_check() || (ply == 0 && moves.len() <= 3) {
            1
        } else {
            0
        }
    }

    fn extend_horizon(&mut self, pos: &Position, _ply: u32) -> bool {
        // "If the desired depth is achieved and the queen is given check I have decided to
        // make an extra call."
        pos.in_check()
    }

    fn quiescence(&self) -> bool {
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scaling_is_monotone_continuous_and_clamped() {
        let mut last = HippHooks::scale(-1000);
        assert_eq!(last, -EVAL_CLAMP);
        for raw in -999..=1000 {
            let s = HippHooks::scale(raw);
            assert!(s >= last && s - last <= 1, "raw {raw}: {last} -> {s}");
            assert_eq!(s, -HippHooks::scale(-raw));
            last = s;
        }
        assert_eq!(last, EVAL_CLAMP);
        assert_eq!(HippHooks::scale(24), 4);
        assert_eq!(HippHooks::scale(-23), -3);
        // A knight up and equal mobility: 24 / 6.
        assert_eq!(HippHooks::scale(24 + 12), 5);
    }

    #[test]
    fn wins_score_by_distance() {
        assert_eq!(HippHooks::win_score(1), 24);
        assert_eq!(HippHooks::win_score(2), 24);
        assert_eq!(HippHooks::win_score(3), 23);
        assert_eq!(HippHooks::win_score(5), 22);
        assert_eq!(HippHooks::win_score(40), 22);
    }

    #[test]
    fn material_of_the_start() {
        let pos = Position::start();
        assert_eq!(HippHooks::material(&pos, Color::White), 48 + 30 + 24);
    }
}
