//! Clobber's alpha-beta engine on the search library: PVS with a transposition table,
//! killers, history and iterative deepening (`olympiad_search::searching::Searching`), and
//! an evaluation that reads the board as a sum of independent regions ([`crate::regions`]).
//! A side that cannot move loses, and a position without a move is a loss at its distance
//! from the root (a quicker win is better, a later loss less bad).
//!
//! The evaluation, from the mover's view: a region small enough to solve counts by its
//! outcome class (one that a side wins whoever starts is worth [`REGION_WON`] to that side;
//! one that the first player wins is a tempo, and an odd number of them is worth [`TEMPO`]
//! to the mover; one that the second player wins is exactly zero); a larger region counts
//! its mover's stones that have a move minus the opponent's ([`STONE`] each: every adjacent
//! pair of opposite stones is a move for both sides, so which stones take part is what
//! differs). When every region is solved and the exact rules of sums decide the whole
//! board, the score is [`PROVEN`] (below the win band: the distance is unknown). No
//! quiescence: a move never creates a forcing sequence that a static count would misjudge
//! worse than a further ply.

use crate::regions::{self, Class, Regions, Verdict};
use crate::{Color, Position};
use olympiad_search::engine::{EngineSpec, OptionError, Options, Pace};
use olympiad_search::searching::Searching;
use olympiad_search::{Hooks, Score, WinsByDistance};

/// A win (less the plies to reach it).
const WIN: Score = 30_000;
/// Scores within this of [`WIN`] are wins or losses at a distance.
const WIN_BAND: Score = 1_000;
/// The most a table may hold, in MiB.
const MAX_HASH_MIB: usize = 4096;
/// A region that one side wins whoever starts, for that side.
pub const REGION_WON: Score = 24;
/// An odd number of regions that the first player wins, for the side to move.
pub const TEMPO: Score = 8;
/// A stone of a large region that has a move.
pub const STONE: Score = 4;
/// A position whose winner the rules of sums prove (less one per stone left, so that the
/// search heads for the proof's end).
const PROVEN: Score = 20_000;
/// The depth the engine searches when neither a clock nor options limit it.
pub const DEFAULT_DEPTH: u32 = 4;

/// The search hooks: the evaluation by regions, losses by distance.
#[derive(Clone, Debug, Default)]
struct RegionSum {
    regions: Regions,
}

impl RegionSum {
    /// The evaluation of the module doc, from the view of the side to move.
    fn score(&mut self, pos: &Position) -> Score {
        let me = pos.side_to_move();
        let sign = |color: Color| if color == me { 1 } else { -1 };
        let (mut score, mut firsts, mut open) = (0, 0, false);
        let mut classes = [0; 4];
        regions::regions(pos, |region| match self.regions.class(pos, region) {
            Some(class) => {
                classes[class as usize] += 1;
                match class {
                    Class::First => firsts += 1,
                    Class::Second => {}
                    Class::Black => score += sign(Color::Black) * REGION_WON,
                    Class::White => score += sign(Color::White) * REGION_WON,
                }
            }
            None => {
                open = true;
                let (mine, theirs) = match me {
                    Color::Black => (region.black, region.white),
                    Color::White => (region.white, region.black),
                };
                score += (pos.movable_among(mine, theirs) as Score
                    - pos.movable_among(theirs, mine) as Score)
                    * STONE;
            }
        });
        if !open && let Verdict::Won(winner) = regions::verdict_of_classes(me, classes) {
            let stones = (pos.stones(Color::Black) | pos.stones(Color::White)).count_ones();
            return sign(winner) * (PROVEN - stones as Score);
        }
        if firsts % 2 == 1 {
            score += TEMPO;
        }
        score
    }
}

impl Hooks<Position> for RegionSum {
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
        self.score(pos)
    }

    fn wins_by_distance(&self) -> Option<WinsByDistance> {
        Some(WinsByDistance {
            win: WIN,
            decisive: WIN - WIN_BAND,
        })
    }

    fn history_slot(&self, _pos: &Position, mv: crate::Move) -> Option<usize> {
        Some(usize::from(mv.from) * crate::MAX_SQUARES + usize::from(mv.to))
    }

    fn quiescence(&self) -> bool {
        false
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
    Searching::boxed(RegionSum::default(), options, MAX_HASH_MIB)
}

/// Clobber's engines, as the catalog lists them (after `random`).
pub static ENGINES: [EngineSpec<Position>; 1] = [EngineSpec {
    name: "alphabeta",
    summary: "Clobber: PVS with a transposition table and an evaluation by independent \
              regions (small ones solved exactly); options depth=N, nodes=N, movetime=MS, hash=MIB",
    options: &["depth", "nodes", "movetime", "hash"],
    nodes_key: "nodes",
    default_depth: Some(DEFAULT_DEPTH),
    default_nodes: None,
    pace,
    create,
}];
