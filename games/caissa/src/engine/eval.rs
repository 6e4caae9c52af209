//! The evaluation and search hooks of `caissa`, our default engine: finer than HIPP's where
//! the game rewards it.
//!
//! Caïssa is decided around the queens. A queen in check may only step to a neighbouring
//! tile, and every queen move sinks the tile she leaves (the Atlantis effect), so a queen
//! whose neighbourhood has few safe tiles is close to being mated. The evaluation therefore
//! adds to HIPP's material and mobility:
//! - each queen's safe neighbours (tiled, not ours, not attacked by an enemy rook, bishop or
//!   knight, not in the enemy queen's view), through a table that punishes the last few
//!   sharply ([`ESCAPE_SAFETY`]);
//! - the opponent's mobility counted exactly (a position with the turn passed), not
//!   inherited from the parent node as HIPP does;
//! - enemy pieces one move away from giving check ([`CHECK_THREAT`]).
//!
//! Scores are in [`UNIT`]s of one move of mobility (times ten), wins are `MATE - ply`, so a
//! quicker win scores higher and the table stores them relative to the node.

use crate::Move;
use crate::bitboard::{ADJACENT, KNIGHT, NONE, bishop_attacks, bit, queen_attacks, rook_attacks};
use crate::position::{Color, Position};
use olympiad_search::{Hooks, Score};

/// One move of mobility.
pub const UNIT: Score = 10;
/// The score of a mate on the next move; a mate `ply` plies from the root scores
/// `MATE - ply`.
pub const MATE: Score = 30_000;
/// Scores at least this large are wins (mate within [`MAX_MATE_PLY`] plies).
pub const WIN_THRESHOLD: Score = MATE - MAX_MATE_PLY;
/// The deepest mate distance told apart.
pub const MAX_MATE_PLY: Score = 1_000;
/// Piece values (rook, bishop, knight) in [`UNIT`]s: HIPP's proportions 48 : 30 : 24.
pub const PIECE_VALUES: [Score; 3] = [480, 300, 240];
/// Safety of a queen by her count of safe neighbouring tiles (0..=8).
pub const ESCAPE_SAFETY: [Score; 9] = [-160, -80, -35, -12, 0, 6, 10, 12, 14];
/// Penalty per enemy piece that can give check on its next move.
pub const CHECK_THREAT: Score = 25;
/// Bonus for having the move.
pub const TEMPO: Score = 5;

/// Deepest ply whose move count is kept.
const MAX_PLY: usize = 256;

/// The hooks of the `caissa` engine.
#[derive(Clone, Debug)]
pub struct CaissaHooks {
    /// Count the opponent's moves exactly at every leaf (a position with the turn passed);
    /// when false, use the count its generator gave one ply up the line, as HIPP does
    /// (cheaper, a little less exact).
    pub exact_mobility: bool,
    /// The move count of the side to move at each ply of the current line.
    counts: Vec<Score>,
}

impl Default for CaissaHooks {
    fn default() -> Self {
        Self {
            exact_mobility: true,
            counts: vec![0; MAX_PLY + 2],
        }
    }
}

/// Squares attacked by `color`'s rook, bishop and knight over pieces `occ`.
#[inline]
fn minor_attacks(pos: &Position, color: Color, occ: u64) -> u64 {
    let [_, r, b, n] = pos.squares[color.index()];
    let mut set = 0;
    if r != NONE {
        set |= rook_attacks(r, occ);
    }
    if b != NONE {
        set |= bishop_attacks(b, occ);
    }
    if n != NONE {
        set |= KNIGHT[n as usize];
    }
    set
}

/// The neighbouring tiles `color`'s queen could step to without being in check or in the
/// enemy queen's view.
pub fn safe_escapes(pos: &Position, color: Color) -> u64 {
    let q = pos.squares[color.index()][0];
    if q == NONE {
        return 0;
    }
    let us = color.index();
    let occ = (pos.occ[0] | pos.occ[1]) & !bit(q);
    let enemy = color.flip();
    let mut danger = minor_attacks(pos, enemy, occ);
    let eq = pos.squares[enemy.index()][0];
    if eq != NONE {
        danger |= queen_attacks(eq, occ);
    }
    ADJACENT[q as usize] & pos.tiles & !pos.occ[us] & !danger
}

/// How many of `color`'s opponent's pieces could attack `color`'s queen after one move:
/// a rough count of checks in the air, from the squares that attack the queen.
fn check_threats(pos: &Position, color: Color) -> Score {
    let q = pos.squares[color.index()][0];
    if q == NONE {
        return 0;
    }
    let occ = pos.occ[0] | pos.occ[1];
    let [_, r, b, n] = pos.squares[color.flip().index()];
    let mut threats = 0;
    if r != NONE && rook_attacks(q, occ) & rook_attacks(r, occ) != 0 {
        threats += 1;
    }
    if b != NONE && bishop_attacks(q, occ) & bishop_attacks(b, occ) != 0 {
        threats += 1;
    }
    if n != NONE && KNIGHT[q as usize] & KNIGHT[n as usize] != 0 {
        threats += 1;
    }
    threats
}

/// The material of `color` in [`UNIT`]s.
pub fn material(pos: &Position, color: Color) -> Score {
    let squares = pos.squares[color.index()];
    (0..3)
        .filter(|&i| squares[i + 1] != NONE)
        .map(|i| PIECE_VALUES[i])
        .sum()
}

/// The position with the turn passed to the other side (not a Caïssa move: for counting the
/// opponent's moves only).
fn passed(pos: &Position) -> Position {
    let mut p = *pos;
    p.side = p.side.flip();
    p.last_exchange = Move::NULL;
    p
}

impl CaissaHooks {
    /// The static evaluation for the side to move, given its move count and, if known, the
    /// opponent's (else it is counted).
    pub fn static_eval(pos: &Position, own_moves: Score, their_moves: Option<Score>) -> Score {
        let us = pos.side();
        let them = us.flip();
        let their_moves =
            their_moves.unwrap_or_else(|| passed(pos).count_moves_with(true) as Score);
        let escapes = |c: Color| ESCAPE_SAFETY[safe_escapes(pos, c).count_ones() as usize];
        let mut score = material(pos, us) - material(pos, them);
        score += UNIT * (own_moves - their_moves);
        score += escapes(us) - escapes(them);
        score -= CHECK_THREAT * (check_threats(pos, us) - check_threats(pos, them));
        score + TEMPO
    }
}

impl Hooks<Position> for CaissaHooks {
    fn bounds(&self) -> (Score, Score) {
        (-MATE, MATE)
    }

    fn terminal(&mut self, pos: &Position, ply: u32) -> Option<Score> {
        if pos.ply_limit_reached() {
            return Some(0);
        }
        let n = pos.count_moves_with(true);
        self.counts[(ply as usize).min(MAX_PLY)] = n as Score;
        if n == 0 {
            return Some(super::end_score(pos, ply, MATE));
        }
        None
    }

    fn no_moves(&mut self, pos: &Position, ply: u32) -> Score {
        super::end_score(pos, ply, MATE)
    }

    fn evaluate(&mut self, pos: &Position, ply: u32) -> Score {
        let p = (ply as usize).min(MAX_PLY);
        let theirs = (!self.exact_mobility && p > 0).then(|| self.counts[p - 1]);
        Self::static_eval(pos, self.counts[p], theirs)
    }

    fn extension(&mut self, pos: &Position, moves: &[Move], ply: u32) -> i32 {
        self.counts[(ply as usize).min(MAX_PLY)] = moves.len() as Score;
        i32::from(pos.in_check())
    }

    fn extend_horizon(&mut self, pos: &Position, _ply: u32) -> bool {
        // Standing pat in check would ignore the threat: search the evasions.
        pos.in_check()
    }

    fn is_noisy(&mut self, pos: &Position, mv: Move) -> bool {
        // Only the queen captures: a queen move onto an enemy piece.
        pos.squares[pos.side().index()][0] == mv.from
            && pos.occ[pos.side().flip().index()] & bit(mv.to) != 0
    }

    fn order(&mut self, pos: &Position, mv: Move) -> i32 {
        if self.is_noisy(pos, mv) {
            let them = pos.squares[pos.side().flip().index()];
            let victim = (1..4).find(|&k| them[k] == mv.to).unwrap_or(3);
            return 1_000 + PIECE_VALUES[victim - 1];
        }
        0
    }

    fn history_slot(&self, _pos: &Position, mv: Move) -> Option<usize> {
        Some(mv.from as usize * 49 + mv.to as usize)
    }

    fn to_table(&self, score: Score, ply: u32) -> Score {
        if score >= WIN_THRESHOLD {
            score + ply as Score
        } else if score <= -WIN_THRESHOLD {
            score - ply as Score
        } else {
            score
        }
    }

    fn from_table(&self, score: Score, ply: u32) -> Score {
        if score >= WIN_THRESHOLD {
            score - ply as Score
        } else if score <= -WIN_THRESHOLD {
            score + ply as Score
        } else {
            score
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use olympiad_core::Notation;

    #[test]
    fn the_start_is_balanced() {
        let pos = Position::start();
        let own = olympiad_core::Game::legal_moves(&pos).len() as Score;
        // White has 26 moves, Black 26 too: only the tempo remains.
        assert_eq!(CaissaHooks::static_eval(&pos, own, None), TEMPO);
        assert_eq!(CaissaHooks::static_eval(&pos, own, Some(own)), TEMPO);
    }

    #[test]
    fn a_checked_queen_has_few_safe_escapes() {
        let mut pos = Position::start();
        pos.play_line("b2-c4 e5-c5 c3-e3").unwrap();
        assert!(pos.in_check());
        let black = safe_escapes(&pos, Color::Black).count_ones();
        let white = safe_escapes(&pos, Color::White).count_ones();
        assert!(black < white, "black {black}, white {white}");
    }
}
