//! When a search stops: [`Limits`] for one search (depth, nodes, time, a stop flag), and
//! [`TimeBudget`], which turns a per-game clock into a per-move allocation.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// Moves per side a game is assumed to last when nothing better is known (a Caïssa game
/// rarely goes past 40 moves a side).
pub const DEFAULT_EXPECTED_MOVES: u32 = 40;
/// However late in the game, the budget is spread over at least this many more moves.
pub const DEFAULT_MIN_MOVES_LEFT: u32 = 12;
/// Time kept back from the clock for process start-up, pipes and scheduling, in
/// milliseconds.
pub const DEFAULT_RESERVE_MS: u64 = 500;
/// Share of the increment spent on the current move, in percent.
pub const INCREMENT_USE_PERCENT: u32 = 80;

/// Limits on one search. Whichever is reached first stops it.
///
/// With no limit at all (`Limits::default()`) the search runs until the stop flag is set or
/// it reaches [`crate::MAX_DEPTH`]; set at least one limit unless another thread holds the
/// stop flag.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Deepest iteration (in plies, before extensions); `None` = up to [`crate::MAX_DEPTH`];
    /// 0 counts as 1 (depth 1 always runs unless another limit stops it).
    pub depth: Option<u32>,
    /// Most nodes (every visited position counts, quiescence included); the search never
    /// visits more.
    pub nodes: Option<u64>,
    /// Wall-clock time for this search; checked every [`crate::CHECK_EVERY_NODES`] nodes.
    pub move_time: Option<Duration>,
    /// With `move_time`: no new iteration starts once this much time is spent. `None`: once
    /// [`crate::NEW_ITERATION_MAX_PERCENT`] of `move_time` is.
    pub soft_time: Option<Duration>,
    /// Set it (from any thread) to stop the search; checked with the time.
    pub stop: Option<Arc<AtomicBool>>,
}

impl Limits {
    /// Only a depth limit.
    pub fn depth(depth: u32) -> Self {
        Self {
            depth: Some(depth),
            ..Self::default()
        }
    }

    /// Only a node limit.
    pub fn nodes(nodes: u64) -> Self {
        Self {
            nodes: Some(nodes),
            ..Self::default()
        }
    }

    /// Only a time limit.
    pub fn move_time(time: Duration) -> Self {
        Self {
            move_time: Some(time),
            ..Self::default()
        }
    }
}

/// A per-game clock: what remains, what each move adds, and what is never spent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeBudget {
    /// Time left on this side's clock.
    pub remaining: Duration,
    /// Time added after each of this side's moves.
    pub increment: Duration,
    /// Time never spent: the allocation never eats into it.
    pub reserve: Duration,
    /// Moves per side the game is assumed to last.
    pub expected_moves: u32,
    /// However late in the game, spread the budget over at least this many more moves.
    pub min_moves_left: u32,
}

impl Default for TimeBudget {
    fn default() -> Self {
        Self {
            remaining: Duration::ZERO,
            increment: Duration::ZERO,
            reserve: Duration::from_millis(DEFAULT_RESERVE_MS),
            expected_moves: DEFAULT_EXPECTED_MOVES,
            min_moves_left: DEFAULT_MIN_MOVES_LEFT,
        }
    }
}

impl TimeBudget {
    /// A clock with `remaining` time and `increment` per move, and the default reserve and
    /// game length.
    pub fn new(remaining: Duration, increment: Duration) -> Self {
        Self {
            remaining,
            increment,
            ..Self::default()
        }
    }

    /// The time to spend on the next move after this side has played `moves_played` moves:
    /// the usable time (`remaining - reserve`) spread evenly over the moves assumed left,
    /// plus most of the increment; never more than `remaining - reserve` (zero when the
    /// reserve is already reached).
    pub fn allocate(&self, moves_played: u32) -> Duration {
        let usable = self.remaining.saturating_sub(self.reserve);
        let left = self
            .expected_moves
            .saturating_sub(moves_played)
            .max(self.min_moves_left)
            .max(1);
        let share = usable / left + self.increment * INCREMENT_USE_PERCENT / 100;
        share.min(usable)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn allocation_stays_inside_the_usable_time() {
        let b = TimeBudget::new(Duration::from_secs(30), Duration::ZERO);
        let first = b.allocate(0);
        assert_eq!(
            first,
            Duration::from_millis(29_500) / DEFAULT_EXPECTED_MOVES
        );
        let late = b.allocate(100);
        assert_eq!(late, Duration::from_millis(29_500) / DEFAULT_MIN_MOVES_LEFT);
        let short = TimeBudget::new(Duration::from_millis(600), Duration::from_secs(5));
        assert_eq!(short.allocate(3), Duration::from_millis(100));
        let none = TimeBudget::new(Duration::from_millis(300), Duration::from_secs(1));
        assert_eq!(none.allocate(0), Duration::ZERO);
    }
}
