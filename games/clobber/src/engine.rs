//! Clobber's alpha-beta engine on the search library: PVS with a transposition table,
//! killers and iterative deepening (`olympiad_search::searching::Searching`), and an
//! evaluation of mobility. A side that cannot move loses, and a position without a move is
//! a loss at its distance from the root (a quicker win is better, a later loss less bad).
//! Every adjacent pair of opposite stones is a move for both sides, so the evaluation
//! counts what differs: the mover's stones that still have a move minus the opponent's (a
//! stone with no enemy neighbour is out of the game for good, as stones never move onto
//! empty squares). No quiescence: a move never creates a forcing sequence that a static
//! count would misjudge worse than a further ply.
//!
//! Not yet: splitting the board into independent regions (combinatorial game sums), which
//! strong Clobber programs exploit in the endgame.

use crate::{Color, Position};
use olympiad_search::engine::{EngineSpec, OptionError, Options, Pace};
use olympiad_search::searching::{Searching, win_distance_from_table, win_distance_to_table};
use olympiad_search::{Hooks, Score};

/// A win (less the plies to reach it).
const WIN: Score = 30_000;
/// Scores within this of [`WIN`] are wins or losses at a distance.
const WIN_BAND: Score = 1_000;
/// The most a table may hold, in MiB.
const MAX_HASH_MIB: usize = 4096;
/// The depth the engine searches when neither a clock nor options limit it.
pub const DEFAULT_DEPTH: u32 = 4;

/// The search hooks: mobility evaluation, losses by distance.
#[derive(Clone, Copy, Debug, Default)]
struct Mobility;

impl Hooks<Position> for Mobility {
    fn bounds(&self) -> (Score, Score) {
        (-WIN, WIN)
    }

    fn terminal(&mut self, _pos: &Position, _ply: u32) -> Option<Score> {
        // The game is over exactly when the mover has no move: `no_moves` scores it.
        None
    }

    fn no_moves(&mut self, _pos: &Position, ply: u32) -> Score {
        -WIN + ply as Score
    }

    fn evaluate(&mut self, pos: &Position, _ply: u32) -> Score {
        let me = pos.side_to_move();
        let mine = pos.movable(me) as Score;
        let theirs = pos.movable(me.other()) as Score;
        (mine - theirs) * 4
    }

    fn quiescence(&self) -> bool {
        false
    }

    fn to_table(&self, score: Score, ply: u32) -> Score {
        win_distance_to_table(score, ply, WIN - WIN_BAND)
    }

    fn from_table(&self, score: Score, ply: u32) -> Score {
        win_distance_from_table(score, ply, WIN - WIN_BAND)
    }
}

/// A side's moves so far: every move takes one stone off a full board.
fn pace(pos: &Position) -> Pace {
    let stones = (pos.stones(Color::Black) | pos.stones(Color::White)).count_ones() as usize;
    let taken = pos.rows() * pos.columns() - stones;
    Pace::after((taken / 2) as u32)
}

fn create(
    options: &Options,
    _game_index: u64,
) -> Result<Box<dyn olympiad_search::engine::Engine<Position>>, OptionError> {
    Searching::boxed(Mobility, options, MAX_HASH_MIB)
}

/// Clobber's engines, as the catalog lists them (after `random`).
pub static ENGINES: [EngineSpec<Position>; 1] = [EngineSpec {
    name: "alphabeta",
    summary: "Clobber: PVS with a transposition table and a mobility evaluation (no region \
              splitting yet); options depth=N, nodes=N, movetime=MS, hash=MIB",
    options: &["depth", "nodes", "movetime", "hash"],
    nodes_key: "nodes",
    default_depth: Some(DEFAULT_DEPTH),
    default_nodes: None,
    pace,
    create,
}];
