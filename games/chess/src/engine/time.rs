//! Time management, chess's part: how many moves the game is still expected to last from a
//! position (fewer as material comes off), as a [`Pace`]. The library's clock wrapper
//! ([`olympiad_search::engine::Clocked`]) turns the clock and this pace into each move's
//! time: the time left (less a reserve) spread over those moves, most of the increment
//! added, a `movestogo` control spread over the moves to the next control. The search
//! itself starts no new iteration after half of its allotment
//! ([`olympiad_search::NEW_ITERATION_MAX_PERCENT`]) and stops at [`STRETCH_PERCENT`] of it
//! (within a fifth of the clock and any per-move cap), so that an iteration it starts
//! mostly finishes.

use cozy_chess::Board;
use olympiad_search::engine::Pace;

use super::eval::{PHASE_MAX, features};

/// Moves a game from the opening is still expected to last, per side. Fewer than a game
/// really lasts: the search spends between half and all of each move's time (it starts no
/// iteration past half), so a share of the clock this size is what gets used. At 32 (and
/// 14 below) Jumper ended its 10+0.1 games against Stockfish with a median 3.4 s unused.
pub const OPENING_MOVES_LEFT: u32 = 24;
/// However simplified the position, the time left is spread over at least this many moves.
pub const MIN_MOVES_LEFT: u32 = 10;
/// How far past its share of the clock a move's search may run to finish the iteration it
/// started, in percent of the share ([`Pace::stretch_percent`]): an iteration begun before
/// half the share used to be cut at the whole share, its work mostly lost.
pub const STRETCH_PERCENT: u32 = 250;

/// Moves the game is expected to last from here, per side: from
/// [`OPENING_MOVES_LEFT`] with all pieces down to [`MIN_MOVES_LEFT`] with none.
pub fn moves_left(board: &Board) -> u32 {
    struct Ignore;
    impl super::eval::Sink for Ignore {
        fn add(&mut self, _: usize, _: i32) {}
    }
    let phase = features(board, &mut Ignore).clamp(0, PHASE_MAX) as u32;
    MIN_MOVES_LEFT + (OPENING_MOVES_LEFT - MIN_MOVES_LEFT) * phase / PHASE_MAX as u32
}

/// The engine's pace for the library's clock wrapper ([`olympiad_search::engine::Clocked`]):
/// the moves so far and the expected length of the game from this position.
pub fn pace(board: &Board) -> Pace {
    let played = u32::from(board.fullmove_number().saturating_sub(1));
    let mut pace = Pace::after(played);
    pace.expected_moves = played + moves_left(board);
    pace.min_moves_left = MIN_MOVES_LEFT.min(moves_left(board));
    pace.stretch_percent = STRETCH_PERCENT;
    pace
}
