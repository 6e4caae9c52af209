//! LOA's alpha-beta engine on the search library: PVS with a transposition table, killers,
//! history and iterative deepening (`olympiad_search::searching::Searching`), and an evaluation of the
//! terms the literature on MIA (Winands' LOA program) names: concentration (the pieces'
//! distances to their centre of mass, less the least that many pieces can have),
//! centralisation, mobility (captures counted twice) and the number of groups. A joined
//! side is a win at its distance from the root (a quicker win is better, a later loss less
//! bad); a draw by joining both or by repetition scores 0. No quiescence: a capture changes
//! the material by one piece of twelve, which the next ply sees as well as a capture
//! search would.

use crate::position::{Color, End, Move, Position, SIZE};
use olympiad_search::engine::{EngineSpec, OptionError, Options, Pace};
use olympiad_search::searching::Searching;
use olympiad_search::{Hooks, Score, WinsByDistance};

/// A win (less the plies to reach it).
const WIN: Score = 30_000;
/// Scores within this of [`WIN`] are wins or losses at a distance.
const WIN_BAND: Score = 1_000;
/// Evaluation weight of a unit of concentration (one step of king distance to the
/// centre of mass beyond the least possible).
const CONCENTRATION_WEIGHT: Score = 8;
/// Evaluation weight of a piece's ring (0 on the edge, 3 in the centre four squares).
const CENTRE_WEIGHT: Score = 3;
/// Evaluation weight of a move (a capture counts twice).
const MOBILITY_WEIGHT: Score = 1;
/// Evaluation weight of a group beyond the first.
const GROUP_WEIGHT: Score = 12;
/// Ordering bonus of a capture.
const CAPTURE_ORDER: i32 = 100;
/// The most a table may hold, in MiB.
const MAX_HASH_MIB: usize = 4096;
/// The depth the engine searches when neither a clock nor options limit it.
pub const DEFAULT_DEPTH: u32 = 4;

/// The least sum of king distances from a centre that `n` pieces can have: one on it,
/// eight around it at 1, sixteen at 2.
fn least_spread(n: Score) -> Score {
    match n {
        0..=1 => 0,
        2..=9 => n - 1,
        _ => 8 + 2 * (n - 9),
    }
}

/// One side's terms: how far its pieces are from their centre of mass beyond the least
/// possible, their rings summed, their groups.
fn side_terms(pieces: u64) -> (Score, Score, Score) {
    let n = pieces.count_ones() as Score;
    let (mut rows, mut columns, mut rings) = (0, 0, 0);
    let mut set = pieces;
    while set != 0 {
        let square = set.trailing_zeros() as Score;
        set &= set - 1;
        let (r, c) = (square / SIZE as Score, square % SIZE as Score);
        rows += r;
        columns += c;
        rings += r.min(7 - r).min(c).min(7 - c);
    }
    let (cr, cc) = ((2 * rows + n) / (2 * n), (2 * columns + n) / (2 * n));
    let mut spread = 0;
    let mut set = pieces;
    while set != 0 {
        let square = set.trailing_zeros() as Score;
        set &= set - 1;
        let (r, c) = (square / SIZE as Score, square % SIZE as Score);
        spread += (r - cr).abs().max((c - cc).abs());
    }
    let groups = crate::position::group_count(pieces) as Score;
    (spread - least_spread(n), rings, groups)
}

/// The evaluation of `color`'s pieces alone (higher is better for it).
fn side_value(pos: &Position, color: Color) -> Score {
    let (spread, rings, groups) = side_terms(pos.pieces(color));
    let (moves, captures) = pos.mobility(color);
    -CONCENTRATION_WEIGHT * spread
        + CENTRE_WEIGHT * rings
        + MOBILITY_WEIGHT * (moves + captures) as Score
        - GROUP_WEIGHT * (groups - 1)
}

/// The static evaluation from the view of the side to move.
pub fn evaluate(pos: &Position) -> Score {
    let me = pos.side_to_move();
    side_value(pos, me) - side_value(pos, me.other())
}

/// The search hooks: the evaluation above, wins by distance.
#[derive(Clone, Copy, Debug, Default)]
struct Concentration;

impl Hooks<Position> for Concentration {
    fn bounds(&self) -> (Score, Score) {
        (-WIN, WIN)
    }

    fn terminal(&mut self, pos: &Position, ply: u32) -> Option<Score> {
        Some(match pos.end()? {
            End::Connected(color) if color == pos.side_to_move() => WIN - ply as Score,
            End::Connected(_) => -WIN + ply as Score,
            End::BothConnected | End::Repetition => 0,
        })
    }

    fn no_moves(&mut self, _pos: &Position, _ply: u32) -> Score {
        // A player without a move passes, so only a finished game has no move, and
        // `terminal` scores it first; the root is never searched when the game is over.
        0
    }

    fn evaluate(&mut self, pos: &Position, _ply: u32) -> Score {
        evaluate(pos)
    }

    fn quiescence(&self) -> bool {
        false
    }

    fn order(&mut self, pos: &Position, mv: Move) -> i32 {
        if pos.is_capture(mv) { CAPTURE_ORDER } else { 0 }
    }

    fn wins_by_distance(&self) -> Option<WinsByDistance> {
        Some(WinsByDistance {
            win: WIN,
            decisive: WIN - WIN_BAND,
        })
    }

    fn history_slot(&self, _pos: &Position, mv: Move) -> Option<usize> {
        Some(usize::from(mv.from) * 65 + usize::from(mv.to))
    }
}

/// A side's moves so far, estimated from the pieces taken (a game of LOA runs some 30 to
/// 40 moves a side between engines, and captures come at a steady pace).
fn pace(pos: &Position) -> Pace {
    let pieces = (pos.pieces(Color::Black) | pos.pieces(Color::White)).count_ones();
    Pace::after(3 * (24 - pieces))
}

fn create(
    options: &Options,
    _game_index: u64,
) -> Result<Box<dyn olympiad_search::engine::Engine<Position>>, OptionError> {
    Searching::boxed(Concentration, options, MAX_HASH_MIB)
}

/// LOA's engines, as the catalog lists them (after `random`).
pub static ENGINES: [EngineSpec<Position>; 1] = [EngineSpec {
    name: "alphabeta",
    summary: "Lines of Action: PVS with a transposition table; evaluation of concentration, \
              centralisation, mobility and groups; options depth=N, nodes=N, movetime=MS, \
              hash=MIB",
    options: &["depth", "nodes", "movetime", "hash"],
    nodes_key: "nodes",
    default_depth: Some(DEFAULT_DEPTH),
    default_nodes: None,
    pace,
    create,
}];

#[cfg(test)]
mod tests {
    use super::*;
    use olympiad_core::Notation;

    #[test]
    fn the_start_is_even_and_a_gathered_side_is_better() {
        assert_eq!(evaluate(&Position::start()), 0);
        assert_eq!(least_spread(9), 8);
        // Black's pieces in a block in the centre, White's on the edges.
        let pos = Position::parse_position(
            "o......o/......../......../...xx.../...xx.../......../......../o......o x",
        )
        .unwrap();
        assert_eq!(side_terms(pos.pieces(Color::Black)).0, 0);
        assert!(evaluate(&pos) > 100, "{}", evaluate(&pos));
    }
}
