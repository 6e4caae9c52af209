//! Time management: how much of the clock one move may use. Sudden death spreads the time
//! left over the moves the game is still expected to last (fewer as material comes off),
//! an increment adds most of itself, and a `movestogo` control spreads the time over the
//! moves to the next time control. The search itself starts no new iteration after half of
//! its allotment ([`olympiad_search::NEW_ITERATION_MAX_PERCENT`]) and stops at the whole.

use std::time::Duration;

use cozy_chess::Board;
use olympiad_search::engine::Pace;

use super::eval::{PHASE_MAX, features};

/// Moves a game from the opening is still expected to last, per side.
pub const OPENING_MOVES_LEFT: u32 = 32;
/// However simplified the position, the time left is spread over at least this many moves.
pub const MIN_MOVES_LEFT: u32 = 14;
/// Share of the increment spent on the move it comes with, in percent.
pub const INCREMENT_PERCENT: u32 = 80;
/// Time always kept on the clock, in milliseconds (answers, pipes, scheduling).
pub const SAFETY_MS: u64 = 30;
/// Never spend more than this share of the time left on one move, in percent.
pub const MAX_SHARE_PERCENT: u32 = 40;

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
    pace
}

/// The time for the next move with `left` on the clock, `increment` per move and, if the
/// control has one, `moves_to_go` moves to the next time control.
pub fn move_time(
    board: &Board,
    left: Duration,
    increment: Duration,
    moves_to_go: Option<u32>,
) -> Duration {
    let usable = left.saturating_sub(Duration::from_millis(SAFETY_MS));
    let moves = match moves_to_go {
        Some(n) => n.clamp(1, moves_left(board).max(1)),
        None => moves_left(board),
    };
    let share = usable / moves + increment * INCREMENT_PERCENT / 100;
    share.min(usable * MAX_SHARE_PERCENT / 100)
}
