//! The draughts engine's search hooks: what the game-agnostic search needs from
//! international draughts. Captures are compulsory, so a position where the side to move
//! can capture is never quiet: quiescence plays every capture there without standing pat
//! (the side to move has no choice but to take), and stands pat only where there is no
//! capture. A side without a move loses, at its distance from the root; the draw rules
//! score 0. With a seed (self-play), the evaluation is moved by a few centi-men by the
//! position's hash, so that games from the same opening differ.

use crate::{Move, Position};
use olympiad_search::{Hooks, Score, WinsByDistance};

use super::eval;

/// A win (less the plies to reach it).
pub const WIN: Score = 30_000;
/// Scores within this of [`WIN`] are wins or losses at a distance.
pub const WIN_BAND: Score = 1_000;
/// The most a seeded evaluation is moved either way, in centi-men.
pub const NOISE_MAX: Score = 6;
/// Ordering bonus of a man's step onto the crowning row.
const CROWN_ORDER: i32 = 1_000;

/// The hooks: the evaluation (with noise from a seed when there is one), captures in
/// quiescence, wins by distance.
#[derive(Clone, Copy, Debug, Default)]
pub struct DraughtsHooks {
    noise: Option<u64>,
}

impl DraughtsHooks {
    /// Hooks whose evaluation is moved by at most [`NOISE_MAX`], drawn from `noise` (a
    /// seed) and the position's hash, when it is given.
    pub fn new(noise: Option<u64>) -> Self {
        Self { noise }
    }
}

impl Hooks<Position> for DraughtsHooks {
    fn bounds(&self) -> (Score, Score) {
        (-WIN, WIN)
    }

    fn terminal(&mut self, pos: &Position, _ply: u32) -> Option<Score> {
        pos.draw_rule().map(|_| 0)
    }

    fn no_moves(&mut self, _pos: &Position, ply: u32) -> Score {
        -WIN + ply as Score
    }

    fn evaluate(&mut self, pos: &Position, _ply: u32) -> Score {
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

    /// The legal moves written straight into `out`'s list (`legal_moves()` returns its
    /// 8 KiB fixed-capacity list by value, a copy that cost a fifth of the search's time).
    fn generate(&mut self, pos: &Position, out: &mut Vec<Move>) {
        legal_moves_into(pos, out);
    }

    fn quiescence_moves(&mut self, pos: &Position, _ply: u32, out: &mut Vec<Move>) -> Option<bool> {
        legal_moves_into(pos, out);
        // Either every move is a capture (the rule) or none is.
        if out.first().is_some_and(|m| m.is_capture()) || out.is_empty() {
            Some(false)
        } else {
            out.clear();
            Some(true)
        }
    }

    /// Captures and crowning steps: the moves late-move reductions leave at full depth.
    /// (Sparing the steps that force the opponent to capture as well, a quarter of all
    /// steps, cost two plies and lost the A/B; see docs/benchmarks/draughts.md.)
    fn is_noisy(&mut self, pos: &Position, mv: Move) -> bool {
        mv.is_capture() || crowns(pos, mv)
    }

    /// A side that must capture has only captures, and its static evaluation says little.
    fn in_check(&mut self, pos: &Position) -> bool {
        pos.must_capture()
    }

    fn order(&mut self, pos: &Position, mv: Move) -> i32 {
        if crowns(pos, mv) { CROWN_ORDER } else { 0 }
    }

    fn wins_by_distance(&self) -> Option<WinsByDistance> {
        Some(WinsByDistance {
            win: WIN,
            decisive: WIN - WIN_BAND,
        })
    }

    fn history_slot(&self, _pos: &Position, mv: Move) -> Option<usize> {
        Some(usize::from(mv.from_square()) * 51 + usize::from(mv.to_square()))
    }
}

/// Whether `mv` is a man's step onto its crowning row.
fn crowns(pos: &Position, mv: Move) -> bool {
    !pos.is_king(mv.from_square())
        && (1u64 << crate::bitboard::bit_of_square(mv.to_square())) & pos.side().crowning_row() != 0
}

/// Appends the legal moves of `pos` to `out`, through a list on this frame (never
/// returned, so never copied whole).
#[inline]
fn legal_moves_into(pos: &Position, out: &mut Vec<Move>) {
    let mut list = crate::Moves::new();
    pos.write_moves(&mut list);
    out.extend_from_slice(&list);
}
