//! The [`Hooks`] trait: everything game-specific that the search needs (end-of-game scores,
//! the static evaluation, extensions, quiescence, ordering hints), so that the search itself
//! knows no concrete game. An engine is a `Hooks` implementation plus a [`crate::Config`].

use olympiad_core::Game;

/// A score in the hooks' own units, always from the view of the side to move (negamax).
pub type Score = i32;

/// What an engine supplies to the search. All scores are from the view of the side to move.
///
/// The required methods are [`bounds`](Hooks::bounds), [`terminal`](Hooks::terminal),
/// [`no_moves`](Hooks::no_moves) and [`evaluate`](Hooks::evaluate); the rest have defaults.
///
/// Every method that the search calls is also called, in the same way, by the reference
/// [`crate::minimax`], so an engine's hooks can be checked against the plain algorithm.
pub trait Hooks<G: Game> {
    /// The lowest and highest score the hooks ever return (e.g. `(-25, 25)` for HIPP).
    /// MTD(f) converges inside it and windows are clamped to it. A hook returning a score
    /// outside these bounds breaks MTD(f).
    fn bounds(&self) -> (Score, Score);

    /// `Some(score)` when the game is over at this node. Called first at every node except
    /// the root; `ply` is the distance from the root (for win-by-distance scores).
    fn terminal(&mut self, pos: &G, ply: u32) -> Option<Score>;

    /// The moves to search (default: `pos.legal_moves()`); an engine may give a reordered set
    /// or a superset. Called only when [`terminal`](Hooks::terminal) is `None`. An empty list
    /// means the side to move has no move: the node's score is then
    /// [`no_moves`](Hooks::no_moves).
    fn generate(&mut self, pos: &G, out: &mut Vec<G::Move>) {
        out.extend(pos.legal_moves().iter().copied());
    }

    /// The score of a node where [`generate`](Hooks::generate) gave no move.
    fn no_moves(&mut self, pos: &G, ply: u32) -> Score;

    /// The static evaluation at the horizon (and the stand-pat score of quiescence).
    fn evaluate(&mut self, pos: &G, ply: u32) -> Score;

    /// Plies to add at this interior node (check extension, "few moves" extension), given its
    /// generated moves. Default 0. The search clamps it to `0..=MAX_EXTENSION_PER_NODE` and
    /// ignores it once `ply >= 2 * root depth`, so extensions can never explode.
    fn extension(&mut self, pos: &G, moves: &[G::Move], ply: u32) -> i32 {
        let _ = (pos, moves, ply);
        0
    }

    /// Whether a node at the horizon is searched one ply more instead of being evaluated
    /// (HIPP's "never stop in a check situation"). Default `false`. Such a node expands its
    /// moves with the children at the horizon, takes no further [`extension`](Hooks::extension)
    /// itself, and is asked only while `ply < 2 * root depth`, like the extensions.
    fn extend_horizon(&mut self, pos: &G, ply: u32) -> bool {
        let _ = (pos, ply);
        false
    }

    /// Whether the horizon runs a quiescence search at all (default `true`). When it does,
    /// every horizon node generates its moves (a node without moves scores
    /// [`no_moves`](Hooks::no_moves)), stands pat on [`evaluate`](Hooks::evaluate) and searches
    /// the [`is_noisy`](Hooks::is_noisy) moves. An engine with no noisy moves returns `false`
    /// here and saves one move generation per horizon node: the horizon is then just
    /// `evaluate`.
    fn quiescence(&self) -> bool {
        true
    }

    /// Moves searched by quiescence after stand-pat at the horizon (default: none, so
    /// quiescence = evaluate). Noisy moves are also never reduced by late-move reductions and
    /// never become killers or earn history.
    fn is_noisy(&mut self, pos: &G, mv: G::Move) -> bool {
        let _ = (pos, mv);
        false
    }

    /// A static ordering bonus, higher first; the hash move and the killers come before any
    /// bonus. Default 0.
    fn order(&mut self, pos: &G, mv: G::Move) -> i32 {
        let _ = (pos, mv);
        0
    }

    /// A small index identifying `mv` for the history heuristic (for example
    /// `from * squares + to`), taken modulo [`crate::HISTORY_SLOTS`]. The search cannot look
    /// inside an opaque move, so history ordering works only when this returns `Some`
    /// (default `None`: no history).
    fn history_slot(&self, pos: &G, mv: G::Move) -> Option<usize> {
        let _ = (pos, mv);
        None
    }

    /// A small index of `mv` for continuation history ([`crate::Config::continuation_history`]),
    /// taken modulo [`crate::CONTINUATION_SLOTS`]: what a reply to this move remembers it by,
    /// so it should name what the move does rather than where it starts (in chess, the moving
    /// piece and its colour with the target square). Default `None`: no continuation history.
    fn continuation_slot(&self, pos: &G, mv: G::Move) -> Option<usize> {
        let _ = (pos, mv);
        None
    }

    /// Whether the side to move is in check (or any state in which a static score says
    /// little and the side to move must not pass): such a node gets no null move, no
    /// futility or late-move pruning and no late-move reductions. Default `false`; asked only
    /// when one of those [`crate::Config`] options is on.
    fn in_check(&mut self, pos: &G) -> bool {
        let _ = pos;
        false
    }

    /// The position after the side to move passes, for null-move pruning
    /// ([`crate::Config::null_move`]), or `None` where a pass must not be tried (in check,
    /// zugzwang-prone positions, right after another pass). Default `None`: never.
    fn null_move(&mut self, pos: &G, ply: u32) -> Option<G> {
        let _ = (pos, ply);
        None
    }

    /// The moves quiescence searches at a horizon node, for engines that can list them
    /// faster than all moves (captures only) or want to drop some (losing captures).
    /// `None` (the default): the searcher generates every move, scores the node
    /// [`no_moves`](Hooks::no_moves) when there is none, stands pat on
    /// [`evaluate`](Hooks::evaluate) and searches the [`is_noisy`](Hooks::is_noisy) ones.
    /// `Some(true)`: `out` holds the moves to search after standing pat. `Some(false)`: no
    /// stand-pat (in check): `out` holds every legal move, and an empty `out` scores
    /// [`no_moves`](Hooks::no_moves).
    fn quiescence_moves(&mut self, pos: &G, ply: u32, out: &mut Vec<G::Move>) -> Option<bool> {
        let _ = (pos, ply, out);
        None
    }

    /// Whether the exchange `mv` starts on its square (both sides recapturing with their
    /// cheapest pieces while it pays) wins at least `threshold` for the side to move, for
    /// [`crate::Config::exchange_pruning`]; `threshold` is at most 0. Default `true`: never
    /// prune.
    fn exchange_at_least(&mut self, pos: &G, mv: G::Move, threshold: Score) -> bool {
        let _ = (pos, mv, threshold);
        true
    }

    /// How the engine scores a win found at a distance, if it does: `Some` gives the four
    /// methods below their win-by-distance defaults (decisive scores, mate-distance
    /// bounds, table scores kept relative to the node). Default `None`: the search knows no
    /// proven wins, and those methods leave scores alone.
    fn wins_by_distance(&self) -> Option<WinsByDistance> {
        None
    }

    /// Whether `score` is a proven win or loss (a mate in chess): reverse futility,
    /// futility and late-move pruning stay off at a node whose window bound is decisive,
    /// since a static margin says nothing about how fast a game ends. Default: beyond
    /// [`WinsByDistance::decisive`] either way, else `false`.
    fn decisive(&self, score: Score) -> bool {
        self.wins_by_distance()
            .is_some_and(|w| score.abs() > w.decisive)
    }

    /// The lowest and highest score a node `ply` plies from the root can have (a loss or a
    /// win at that distance), for mate-distance pruning: a node whose window lies outside
    /// them is cut at once. Default: a loss or a win at this very ply under
    /// [`wins_by_distance`](Hooks::wins_by_distance) (`-win + ply`, `win - ply`), else
    /// `None`: no such pruning.
    fn ply_bounds(&self, ply: u32) -> Option<(Score, Score)> {
        self.wins_by_distance()
            .map(|w| (-w.win + ply as Score, w.win - ply as Score))
    }

    /// Converts a score found `ply` plies from the root into the form stored in the
    /// transposition table. Win-by-distance scores should be made relative to the node (for
    /// a win `s`, `s + ply`), so that a transposition reached at another ply reads back the
    /// right distance: the default does so under
    /// [`wins_by_distance`](Hooks::wins_by_distance), and leaves scores alone without it.
    fn to_table(&self, score: Score, ply: u32) -> Score {
        match self.wins_by_distance() {
            Some(w) => w.to_table(score, ply),
            None => score,
        }
    }

    /// The inverse of [`to_table`](Hooks::to_table): a stored score read back `ply` plies from
    /// the root.
    #[allow(clippy::wrong_self_convention)] // the pair reads best as to_table / from_table
    fn from_table(&self, score: Score, ply: u32) -> Score {
        match self.wins_by_distance() {
            Some(w) => w.from_table(score, ply),
            None => score,
        }
    }
}

/// How an engine scores the end of a game at a distance: a win `ply` plies from the root is
/// `win - ply`, a loss `-win + ply`, and every score beyond `decisive` either way is such a
/// win or loss (the evaluation stays inside it). [`Hooks::wins_by_distance`] gives it to the
/// search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WinsByDistance {
    /// The score of a win at the root itself.
    pub win: Score,
    /// Scores beyond this either way are proven wins or losses.
    pub decisive: Score,
}

impl WinsByDistance {
    /// A score found `ply` plies from the root as the table keeps it: a win or loss counted
    /// from the node instead of the root, so that a transposition reached at another ply
    /// reads back the right distance. Other scores are left alone.
    pub fn to_table(self, score: Score, ply: u32) -> Score {
        match score {
            s if s > self.decisive => s + ply as Score,
            s if s < -self.decisive => s - ply as Score,
            s => s,
        }
    }

    /// The inverse of [`to_table`](WinsByDistance::to_table): a stored score read back `ply`
    /// plies from the root.
    pub fn from_table(self, score: Score, ply: u32) -> Score {
        match score {
            s if s > self.decisive => s - ply as Score,
            s if s < -self.decisive => s + ply as Score,
            s => s,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn win_distances_round_trip_and_leave_other_scores_alone() {
        let w = WinsByDistance {
            win: 30_000,
            decisive: 29_000,
        };
        for (score, ply) in [(29_990, 3), (-29_990, 7), (150, 9), (-150, 2)] {
            assert_eq!(w.from_table(w.to_table(score, ply), ply), score);
        }
        assert_eq!(w.to_table(29_990, 3), 29_993);
        assert_eq!(w.to_table(-29_990, 3), -29_993);
        assert_eq!(w.to_table(150, 3), 150);
        assert_eq!(
            w.to_table(29_000, 3),
            29_000,
            "the bound itself is not decisive"
        );
    }
}
