//! What Go gives the Monte Carlo tree search ([`GoHooks`], the search library's
//! [`RaveHooks`]): fast playouts with a light policy, priors for new tree nodes, and a move's
//! AMAF identity (its point).
//!
//! The playout policy, after Mogo's (Gelly, Wang, Munos and Teytaud, 2006), tries in turn:
//! 1. to capture the last move's chain when it is in atari;
//! 2. to save the mover's chains next to the last move that it put in atari, by capturing a
//!    neighbouring chain in atari or by extending to a liberty that gives two or more;
//! 3. a 3x3 pattern ([`super::patterns`]) on a neighbour of the last move;
//! 4. a random point, never the mover's own eye and never a self-atari of more than one
//!    stone;
//!
//! and passes when nothing is left. Moves are checked by every rule but superko
//! ([`Position::is_legal_ignoring_superko`]) and played without history
//! ([`Position::play_unrecorded`]); a playout ends after two passes or a cap of moves, and
//! is scored by Tromp-Taylor area with komi, the game's own score.

use super::patterns;
use crate::{Color, MAX_CELLS, Point, Position};
use olympiad_core::{Game, SplitMix64};
use olympiad_search::{Prior, RaveHooks, Rewards, Trace};

/// A playout ends after this many moves per point of the board, whatever happens (a
/// playout ignores superko, so a triple ko could go on for ever).
pub const PLAYOUT_MOVES_PER_POINT: usize = 3;
/// The largest chain a playout may put into atari by its own move (a throw-in of one stone
/// is often good; a bigger self-atari almost never).
pub const SELF_ATARI_MAX_STONES: usize = 1;

/// Every new tree move's prior starts even, worth this many playouts.
pub const PRIOR_EVEN: f32 = 10.0;
/// Filling one's own eye: a loss, worth this many playouts.
pub const PRIOR_OWN_EYE: f32 = 60.0;
/// Capturing: a win, worth this many playouts, plus [`PRIOR_CAPTURE_PER_STONE`] per stone.
pub const PRIOR_CAPTURE: f32 = 20.0;
/// See [`PRIOR_CAPTURE`].
pub const PRIOR_CAPTURE_PER_STONE: f32 = 5.0;
/// Saving a chain in atari by extending: a win, worth this many playouts.
pub const PRIOR_ESCAPE: f32 = 20.0;
/// Putting an enemy chain in atari: this value ...
pub const PRIOR_ATARI_VALUE: f32 = 0.7;
/// ... worth this many playouts.
pub const PRIOR_ATARI: f32 = 10.0;
/// A self-atari of more than [`SELF_ATARI_MAX_STONES`] stones: a loss, this many playouts.
pub const PRIOR_SELF_ATARI: f32 = 30.0;
/// A 3x3 pattern next to the last move: a win, this many playouts.
pub const PRIOR_PATTERN: f32 = 10.0;
/// The first line while more than [`EARLY_EMPTY_PERCENT`] of the board is empty: a loss,
/// this many playouts.
pub const PRIOR_FIRST_LINE: f32 = 15.0;
/// The third line in the same early phase: a win, this many playouts.
pub const PRIOR_THIRD_LINE: f32 = 5.0;
/// "Early": more than this share of the points empty, in percent.
pub const EARLY_EMPTY_PERCENT: usize = 60;
/// The pass in the tree while the opponent has not passed: this value ...
pub const PRIOR_PASS_VALUE: f32 = 0.1;
/// ... worth this many playouts.
pub const PRIOR_PASS: f32 = 30.0;

/// The Go hooks of the tree search. `policy` off gives uniform playouts (legal moves that
/// fill no own eye) and no priors: the baseline the policy is measured against.
#[derive(Clone, Debug)]
pub struct GoHooks {
    /// Use the playout policy and the priors.
    pub policy: bool,
}

impl Default for GoHooks {
    fn default() -> Self {
        GoHooks { policy: true }
    }
}

impl RaveHooks<Position> for GoHooks {
    fn playout(&mut self, pos: &mut Position, rng: &mut SplitMix64, trace: &mut Trace) -> Rewards {
        let cap = PLAYOUT_MOVES_PER_POINT * pos.size() * pos.size();
        for _ in 0..cap {
            if pos.is_over() {
                break;
            }
            let mv = if self.policy {
                policy_move(pos, rng)
            } else {
                random_move(pos, rng, false)
            };
            if !mv.is_pass() {
                trace.record(pos.to_move(), u32::from(mv.0));
            }
            pos.play_unrecorded(mv);
        }
        let mut rewards = [0.0; olympiad_search::MAX_SEATS];
        match pos.score_halves().signum() {
            1 => rewards[0] = 1.0,
            -1 => rewards[1] = 1.0,
            _ => rewards[..2].fill(0.5),
        }
        rewards
    }

    fn priors(&mut self, pos: &Position, moves: &[Point], priors: &mut [Prior]) {
        if !self.policy {
            return;
        }
        let me = pos.side_to_move();
        let empty = pos.empty_points().len();
        let early = empty * 100 > EARLY_EMPTY_PERCENT * pos.size() * pos.size();
        let near_last = pos.last_move().filter(|p| !p.is_pass());
        for (&mv, prior) in moves.iter().zip(priors.iter_mut()) {
            let mut sum = Sum::even();
            if mv.is_pass() {
                if pos.passes() == 0 {
                    sum.add(PRIOR_PASS_VALUE, PRIOR_PASS);
                }
                *prior = sum.prior();
                continue;
            }
            if pos.is_eye(mv, me) {
                sum.add(0.0, PRIOR_OWN_EYE);
            }
            let facts = Facts::of(pos, mv, me);
            if facts.captures > 0 {
                sum.add(
                    1.0,
                    PRIOR_CAPTURE + PRIOR_CAPTURE_PER_STONE * facts.captures.min(10) as f32,
                );
            }
            if facts.saves {
                sum.add(1.0, PRIOR_ESCAPE);
            }
            if facts.ataris {
                sum.add(PRIOR_ATARI_VALUE, PRIOR_ATARI);
            }
            if facts.self_atari_stones > SELF_ATARI_MAX_STONES {
                sum.add(0.0, PRIOR_SELF_ATARI);
            }
            if let Some(last) = near_last
                && touches(pos, last, mv)
                && patterns::matches(pos, mv)
            {
                sum.add(1.0, PRIOR_PATTERN);
            }
            if early {
                match line(pos, mv) {
                    1 => sum.add(0.0, PRIOR_FIRST_LINE),
                    3 => sum.add(1.0, PRIOR_THIRD_LINE),
                    _ => {}
                }
            }
            *prior = sum.prior();
        }
    }

    fn amaf_slots(&self) -> usize {
        MAX_CELLS
    }

    fn amaf_key(&self, _pos: &Position, mv: Point) -> Option<u32> {
        (!mv.is_pass()).then_some(u32::from(mv.0))
    }
}

/// Priors summed as playouts: value times weight, and weight.
struct Sum {
    wins: f32,
    weight: f32,
}

impl Sum {
    fn even() -> Self {
        Sum {
            wins: 0.5 * PRIOR_EVEN,
            weight: PRIOR_EVEN,
        }
    }

    fn add(&mut self, value: f32, weight: f32) {
        self.wins += value * weight;
        self.weight += weight;
    }

    fn prior(&self) -> Prior {
        Prior {
            value: self.wins / self.weight,
            weight: self.weight,
        }
    }
}

/// The line of `p` from the nearest edge (1: the edge).
fn line(pos: &Position, p: Point) -> usize {
    let (x, y) = p.xy(pos.size()).expect("a point of the board");
    let size = pos.size();
    1 + x.min(y).min(size - 1 - x).min(size - 1 - y)
}

/// Is `p` one of the eight neighbours of `q`?
fn touches(pos: &Position, q: Point, p: Point) -> bool {
    pos.neighbours(q).contains(&p) || pos.diagonals(q).contains(&p)
}

/// What a stone of `me` on the empty point `p` does, as priors and the policy need it.
#[derive(Clone, Copy, Debug, Default)]
struct Facts {
    /// Enemy stones it captures.
    captures: usize,
    /// It saves a chain of `me` in atari (by capturing or by reaching two liberties).
    saves: bool,
    /// It puts an enemy chain of two liberties in atari.
    ataris: bool,
    /// When the chain it makes is left with one liberty (and captures nothing): its stones.
    self_atari_stones: usize,
}

impl Facts {
    fn of(pos: &Position, p: Point, me: Color) -> Facts {
        let mut facts = Facts::default();
        let mut rescued = false;
        for n in pos.neighbours(p) {
            match pos.color_at(n) {
                Some(c) if c == me => rescued |= pos.in_atari(n),
                Some(_) => {
                    if pos.in_atari(n) {
                        facts.captures += pos.chain_size(n);
                    } else if liberties_up_to(pos, n, 3) == 2 {
                        facts.ataris = true;
                    }
                }
                None => {}
            }
        }
        if facts.captures == 0 {
            let libs = liberties_after(pos, p, me);
            if libs <= 1 {
                facts.self_atari_stones = stones_after(pos, p, me);
            } else {
                facts.saves = rescued;
            }
        } else {
            facts.saves = rescued;
        }
        facts
    }
}

/// Distinct liberties of the chain through `p`, counted up to `cap`.
fn liberties_up_to(pos: &Position, p: Point, cap: usize) -> usize {
    let mut found = [Point::PASS; 4];
    let mut n = 0;
    for stone in pos.chain(p) {
        for q in pos.neighbours(stone) {
            if pos.is_empty(q) && !found[..n].contains(&q) {
                found[n] = q;
                n += 1;
                if n >= cap.min(found.len()) {
                    return n;
                }
            }
        }
    }
    n
}

/// Liberties of the chain a stone of `me` on the empty point `p` would make, counted up to
/// 2 (2 means "two or more"), when it captures nothing; a capture counts as 2.
fn liberties_after(pos: &Position, p: Point, me: Color) -> usize {
    let mut found = [Point::PASS; 2];
    let mut n = 0;
    let add = |q: Point, found: &mut [Point; 2], n: &mut usize| {
        if q != p && !found[..*n].contains(&q) {
            found[*n] = q;
            *n += 1;
        }
        *n >= 2
    };
    for q in pos.neighbours(p) {
        if pos.is_empty(q) && add(q, &mut found, &mut n) {
            return 2;
        }
    }
    for q in pos.neighbours(p) {
        match pos.color_at(q) {
            Some(c) if c == me => {
                for stone in pos.chain(q) {
                    for r in pos.neighbours(stone) {
                        if pos.is_empty(r) && add(r, &mut found, &mut n) {
                            return 2;
                        }
                    }
                }
            }
            Some(_) if pos.in_atari(q) => return 2,
            _ => {}
        }
    }
    n
}

/// Stones in the chain a stone of `me` on `p` would make: one, and those of each distinct
/// chain of `me` next to it.
fn stones_after(pos: &Position, p: Point, me: Color) -> usize {
    let mut counted = [Point::PASS; 4];
    let mut n = 0;
    let mut stones = 1;
    for q in pos.neighbours(p) {
        // Is `q` in a chain already counted? (At most three walks, only next to friends.)
        if pos.color_at(q) == Some(me)
            && !counted[..n].iter().any(|&s| pos.chain(s).any(|t| t == q))
        {
            counted[n] = q;
            n += 1;
            stones += pos.chain_size(q);
        }
    }
    stones
}

/// The playout policy's move for the side to move (see the module doc).
pub fn policy_move(pos: &Position, rng: &mut SplitMix64) -> Point {
    let me = pos.side_to_move();
    if let Some(last) = pos
        .last_move()
        .filter(|p| !p.is_pass() && pos.color_at(*p).is_some())
    {
        let mut candidates = [Point::PASS; 16];
        let mut n = 0;
        // 1. Capture the last move's chain.
        if let Some(lib) = pos.atari_liberty(last)
            && pos.is_legal_ignoring_superko(lib)
        {
            return lib;
        }
        // 2. Save our chains next to it.
        for q in pos.neighbours(last) {
            if pos.color_at(q) != Some(me) {
                continue;
            }
            let Some(lib) = pos.atari_liberty(q) else {
                continue;
            };
            // Capture an enemy chain in atari that touches ours.
            for stone in pos.chain(q) {
                for r in pos.neighbours(stone) {
                    if n < candidates.len()
                        && pos.color_at(r) == Some(me.other())
                        && let Some(l) = pos.atari_liberty(r)
                        && pos.is_legal_ignoring_superko(l)
                    {
                        candidates[n] = l;
                        n += 1;
                    }
                }
            }
            if n < candidates.len()
                && pos.is_legal_ignoring_superko(lib)
                && liberties_after(pos, lib, me) >= 2
            {
                candidates[n] = lib;
                n += 1;
            }
        }
        if n > 0 {
            return candidates[rng.below(n)];
        }
        // 3. Patterns around the last move.
        for q in pos.neighbours(last).into_iter().chain(pos.diagonals(last)) {
            if pos.is_empty(q)
                && patterns::matches(pos, q)
                && pos.is_legal_ignoring_superko(q)
                && !pos.is_eye(q, me)
                && !bad_self_atari(pos, q, me)
            {
                candidates[n] = q;
                n += 1;
            }
        }
        if n > 0 {
            return candidates[rng.below(n)];
        }
    }
    random_move(pos, rng, true)
}

/// Would a stone of `me` on `p` put more than [`SELF_ATARI_MAX_STONES`] stones in atari
/// without capturing?
#[inline]
fn bad_self_atari(pos: &Position, p: Point, me: Color) -> bool {
    liberties_after(pos, p, me) <= 1 && stones_after(pos, p, me) > SELF_ATARI_MAX_STONES
}

/// A uniformly random empty point that is legal (superko aside) and not the mover's own
/// eye, and, with `careful`, no bad self-atari; the pass when there is none. It looks at the
/// empty points from a random one on, so it never allocates.
pub fn random_move(pos: &Position, rng: &mut SplitMix64, careful: bool) -> Point {
    let me = pos.side_to_move();
    let empty = pos.empty_points();
    if empty.is_empty() {
        return Point::PASS;
    }
    let start = rng.below(empty.len());
    for i in 0..empty.len() {
        let p = empty[(start + i) % empty.len()];
        if !pos.is_eye(p, me)
            && pos.is_legal_ignoring_superko(p)
            && !(careful && bad_self_atari(pos, p, me))
        {
            return p;
        }
    }
    Point::PASS
}
