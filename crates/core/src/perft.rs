//! Perft: counting the move sequences of a given length, the standard check (and speed
//! measure) of a move generator.
//!
//! Three drivers share one definition of the count:
//! - [`perft`] / [`perft_with`]: plain recursion with bulk counting at the last ply
//!   ([`Game::count_moves`]), and [`divide`] below each root move;
//! - [`Perft::run`]: parallel (rayon) over the unique positions found at a shallow split
//!   depth, each weighted by how many move sequences reach it, optionally with a
//!   transposition table ([`crate::table::PerftTable`]) that stores whole positions and so can
//!   never return a wrong count through a hash collision.
//!
//! Counts are `u128`: checkers passes 2^64 at depth 29.

use crate::game::{Game, Hashed};
use crate::table::PerftTable;
use std::collections::HashMap;

/// How a position where the game is over counts when it is reached above the target depth.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum GameOverLeaves {
    /// It counts nothing: only sequences of exactly `depth` moves are counted (standard).
    #[default]
    Zero,
    /// It counts as one leaf at any remaining depth (Bik's reversi convention, where a
    /// finished game is a leaf of the tree).
    One,
    /// It counts as one leaf only with exactly one ply left (Bik's alternative reversi count,
    /// where the pass that ends a game reaches full depth only from the last ply).
    OneAtLastPly,
}

impl GameOverLeaves {
    /// The count of a finished game reached with `remaining` plies (> 0) still to go.
    #[inline]
    pub fn value(self, remaining: u32) -> u128 {
        match self {
            GameOverLeaves::Zero => 0,
            GameOverLeaves::One => 1,
            GameOverLeaves::OneAtLastPly => u128::from(remaining == 1),
        }
    }
}

/// Perft with the standard convention.
pub fn perft<G: Game>(pos: &G, depth: u32) -> u128 {
    perft_with(pos, depth, GameOverLeaves::Zero)
}

/// Perft under a chosen convention for finished games.
pub fn perft_with<G: Game>(pos: &G, depth: u32, rule: GameOverLeaves) -> u128 {
    match depth {
        0 => 1,
        1 => match pos.count_moves() {
            0 => rule.value(1),
            n => n as u128,
        },
        _ => pos.with_legal_moves(|moves| {
            if moves.is_empty() {
                return rule.value(depth);
            }
            moves
                .iter()
                .map(|&mv| perft_with(&pos.after(mv), depth - 1, rule))
                .sum()
        }),
    }
}

/// Perft without bulk counting: every leaf is played. The slow twin of [`perft_with`], for
/// tests of a game's `count_moves`.
pub fn perft_enumerated<G: Game>(pos: &G, depth: u32, rule: GameOverLeaves) -> u128 {
    if depth == 0 {
        return 1;
    }
    let moves = pos.legal_moves();
    if moves.is_empty() {
        return rule.value(depth);
    }
    moves
        .iter()
        .map(|&mv| perft_enumerated(&pos.after(mv), depth - 1, rule))
        .sum()
}

/// Perft(depth - 1) below each root move, in generation order.
pub fn divide<G: Game>(pos: &G, depth: u32) -> Vec<(G::Move, u128)> {
    pos.legal_moves()
        .iter()
        .map(|&mv| (mv, perft(&pos.after(mv), depth.max(1) - 1)))
        .collect()
}

/// The configurable perft driver: threads, hash size and the finished-game convention.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Perft {
    /// Worker threads (1 = the calling thread only).
    pub threads: usize,
    /// Transposition table size in MiB (0 = no table).
    pub hash_mib: usize,
    /// How finished games above the target depth count.
    pub game_over: GameOverLeaves,
}

impl Default for Perft {
    fn default() -> Self {
        Self {
            threads: 1,
            hash_mib: 0,
            game_over: GameOverLeaves::Zero,
        }
    }
}

/// Work units per thread that the split aims for, so that threads finish close together.
const UNITS_PER_THREAD: usize = 48;
/// The table is not probed with fewer plies left than this: bulk counting is cheaper.
const MIN_TABLE_DEPTH: u32 = 2;

impl Perft {
    /// The count from `pos` at `depth`.
    pub fn run<G: Hashed>(&self, pos: &G, depth: u32) -> u128 {
        let table = self.table::<G>();
        self.count(pos, depth, table.as_ref())
    }

    /// The count below each root move, in generation order.
    pub fn divide<G: Hashed>(&self, pos: &G, depth: u32) -> Vec<(G::Move, u128)> {
        let table = self.table::<G>();
        let moves = pos.legal_moves();
        let depth = depth.max(1);
        // Each root move is split in turn, so few root moves still keep every thread busy.
        moves
            .iter()
            .map(|&mv| (mv, self.count(&pos.after(mv), depth - 1, table.as_ref())))
            .collect()
    }

    fn table<G: Hashed>(&self) -> Option<PerftTable<G>> {
        (self.hash_mib > 0).then(|| PerftTable::with_mib(self.hash_mib))
    }

    fn count<G: Hashed>(&self, pos: &G, depth: u32, table: Option<&PerftTable<G>>) -> u128 {
        if self.threads <= 1 || depth < 3 {
            return count_unit(pos, depth, self.game_over, table);
        }
        let (frontier, settled, remaining) =
            split(pos, depth, self.threads * UNITS_PER_THREAD, self.game_over);
        settled + self.count_frontier(&frontier, remaining, table)
    }

    #[cfg(feature = "parallel")]
    fn count_frontier<G: Hashed>(
        &self,
        frontier: &[(G, u128)],
        remaining: u32,
        table: Option<&PerftTable<G>>,
    ) -> u128 {
        use rayon::prelude::*;
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(self.threads)
            .build()
            .expect("cannot start perft worker threads");
        let rule = self.game_over;
        pool.install(|| {
            frontier
                .par_iter()
                .with_max_len(1)
                .map(|(p, mult)| mult * count_unit(p, remaining, rule, table))
                .sum()
        })
    }

    #[cfg(not(feature = "parallel"))]
    fn count_frontier<G: Hashed>(
        &self,
        frontier: &[(G, u128)],
        remaining: u32,
        table: Option<&PerftTable<G>>,
    ) -> u128 {
        frontier
            .iter()
            .map(|(p, mult)| mult * count_unit(p, remaining, self.game_over, table))
            .sum()
    }
}

/// Expands `pos` ply by ply into unique positions with multiplicities until there are at
/// least `target` of them (or two plies are left). Returns the frontier, the count already
/// settled by finished games met on the way, and the plies left below the frontier.
pub fn split<G: Hashed>(
    pos: &G,
    depth: u32,
    target: usize,
    rule: GameOverLeaves,
) -> (Vec<(G, u128)>, u128, u32) {
    let mut frontier = vec![(pos.clone(), 1u128)];
    let mut settled = 0u128;
    let mut remaining = depth;
    while frontier.len() < target && remaining > 2 {
        frontier = expand(&frontier, remaining, rule, &mut settled);
        remaining -= 1;
    }
    (frontier, settled, remaining)
}

/// Expands `pos` exactly `plies` plies (no deeper than `depth`) into unique positions with
/// multiplicities, in a deterministic order (first reached first): the same position and
/// plies give the same list on every machine, so a unit of work can be named by its place
/// in it. Returns the frontier and the count settled by finished games met on the way
/// (under `rule`, with `depth` as the target depth).
pub fn split_plies<G: Hashed>(
    pos: &G,
    plies: u32,
    depth: u32,
    rule: GameOverLeaves,
) -> (Vec<(G, u128)>, u128) {
    let mut frontier = vec![(pos.clone(), 1u128)];
    let mut settled = 0u128;
    for done in 0..plies.min(depth) {
        frontier = expand(&frontier, depth - done, rule, &mut settled);
    }
    (frontier, settled)
}

/// One ply below every position of `frontier`, merged into unique positions in the order
/// first reached; finished games with `remaining` plies to go add to `settled`.
fn expand<G: Hashed>(
    frontier: &[(G, u128)],
    remaining: u32,
    rule: GameOverLeaves,
    settled: &mut u128,
) -> Vec<(G, u128)> {
    let mut next: HashMap<u64, Vec<(G, u128)>> = HashMap::new();
    let mut order = Vec::new();
    for (p, mult) in frontier {
        let moves = p.legal_moves();
        if moves.is_empty() {
            *settled += mult * rule.value(remaining);
            continue;
        }
        for &mv in moves.iter() {
            let child = p.after(mv);
            let bucket = next.entry(child.zobrist()).or_default();
            match bucket.iter_mut().find(|(q, _)| *q == child) {
                Some((_, m)) => *m += mult,
                None => {
                    if bucket.is_empty() {
                        order.push(child.zobrist());
                    }
                    bucket.push((child, *mult));
                }
            }
        }
    }
    // Keep a deterministic order (first reached first), independent of HashMap layout.
    order
        .into_iter()
        .flat_map(|k| next.remove(&k).unwrap_or_default())
        .collect()
}

/// The count of one position at `depth` on the calling thread, with `table` when given:
/// what a worker of a perft spread over threads or machines does with each unit.
pub fn count_unit<G: Hashed>(
    pos: &G,
    depth: u32,
    rule: GameOverLeaves,
    table: Option<&PerftTable<G>>,
) -> u128 {
    match table {
        None => perft_with(pos, depth, rule),
        Some(t) => count_hashed(pos, depth, rule, t),
    }
}

fn count_hashed<G: Hashed>(pos: &G, depth: u32, rule: GameOverLeaves, t: &PerftTable<G>) -> u128 {
    if depth < MIN_TABLE_DEPTH {
        return perft_with(pos, depth, rule);
    }
    let key = pos.zobrist();
    if let Some(n) = t.probe(key, pos, depth) {
        return n;
    }
    let n = pos.with_legal_moves(|moves| {
        if moves.is_empty() {
            return rule.value(depth);
        }
        moves
            .iter()
            .map(|&mv| count_hashed(&pos.after(mv), depth - 1, rule, t))
            .sum()
    });
    t.store(key, pos, depth, n);
    n
}
