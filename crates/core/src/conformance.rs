//! The conformance suite every game runs (feature `testkit`): random playouts, and at every
//! position the invariants that all of olympiad relies on.
//!
//! At each position: `outcome()` is `Some` exactly when there is no legal move; the move list
//! has no duplicates and `count_moves` agrees with it; the incremental hash equals the hash
//! from scratch; the position text round-trips; every move's text round-trips and is accepted
//! by the checked parser; a clone equals the original and playing a move on the clone leaves
//! the original untouched. A failure panics with the game's seed, the moves played so far and
//! the position text, so it can be replayed.
//!
//! ```ignore
//! let stats = conformance::Playouts::new(20_000).seed(1).run(&start, |_, moves, rng| {
//!     moves[rng.below(moves.len())]
//! }, |pos| { /* game-specific checks, e.g. against a reference generator */ });
//! ```

use crate::game::{Hashed, Notation};
use crate::perft::{GameOverLeaves, Perft, perft_with};
use crate::rng::SplitMix64;

/// What a run of the suite saw.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Positions checked.
    pub positions: usize,
    /// Games played.
    pub games: usize,
    /// Games that reached an outcome (the rest hit the ply cap).
    pub finished: usize,
    /// Moves checked (text round trip, play on a clone).
    pub moves: usize,
}

/// A run of random playouts.
#[derive(Clone, Debug)]
pub struct Playouts {
    positions: usize,
    seed: u64,
    max_plies: usize,
}

impl Playouts {
    /// Plays games until at least `positions` positions have been checked.
    pub fn new(positions: usize) -> Self {
        Self {
            positions,
            seed: 0x0C0FFEE,
            max_plies: 1000,
        }
    }

    /// The seed of the first game (game `i` uses `seed + i`).
    pub fn seed(mut self, seed: u64) -> Self {
        self.seed = seed;
        self
    }

    /// The longest game played.
    pub fn max_plies(mut self, plies: usize) -> Self {
        self.max_plies = plies;
        self
    }

    /// Plays from `start`, choosing moves with `choose`, checking every position and handing
    /// it to `visit` for the game's own checks.
    pub fn run<G, C, V>(&self, start: &G, mut choose: C, mut visit: V) -> Stats
    where
        G: Hashed + Notation,
        C: FnMut(&G, &[G::Move], &mut SplitMix64) -> G::Move,
        V: FnMut(&G),
    {
        let mut stats = Stats::default();
        while stats.positions < self.positions {
            let game_seed = self.seed.wrapping_add(stats.games as u64);
            let mut rng = SplitMix64::new(game_seed);
            let mut pos = start.clone();
            let mut line: Vec<String> = Vec::new();
            stats.games += 1;
            loop {
                let context = || {
                    format!(
                        "game seed {game_seed}, after moves [{}], position {:?}",
                        line.join(" "),
                        pos.position_text()
                    )
                };
                stats.moves +=
                    check_position(&pos).unwrap_or_else(|e| panic!("{e}\n  {}", context()));
                visit(&pos);
                stats.positions += 1;
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    stats.finished += 1;
                    break;
                }
                if line.len() >= self.max_plies {
                    break;
                }
                let mv = choose(&pos, &moves, &mut rng);
                line.push(pos.format_move(mv));
                pos.play(mv);
            }
        }
        stats
    }
}

/// Checks one position; returns how many moves it checked, or what is wrong.
pub fn check_position<G: Hashed + Notation>(pos: &G) -> Result<usize, String> {
    let moves = pos.legal_moves();
    let outcome = pos.outcome();
    if outcome.is_some() != moves.is_empty() {
        return Err(format!(
            "outcome() is {outcome:?} but there are {} legal moves",
            moves.len()
        ));
    }
    if pos.count_moves() != moves.len() {
        return Err(format!(
            "count_moves() = {} but legal_moves() has {}",
            pos.count_moves(),
            moves.len()
        ));
    }
    for (i, a) in moves.iter().enumerate() {
        if moves[i + 1..].contains(a) {
            return Err(format!("move {} listed twice", pos.format_move(*a)));
        }
    }
    if pos.zobrist() != pos.zobrist_from_scratch() {
        return Err(format!(
            "incremental hash {:#x} != hash from scratch {:#x}",
            pos.zobrist(),
            pos.zobrist_from_scratch()
        ));
    }
    let text = pos.position_text();
    match G::parse_position(&text) {
        Err(e) => return Err(format!("own position text does not parse: {e}")),
        Ok(back) => {
            if back != *pos {
                return Err(format!("position text {text:?} reads back as {back:?}"));
            }
            if back.zobrist() != pos.zobrist() {
                return Err("position read back from text hashes differently".into());
            }
        }
    }
    for &mv in moves.iter() {
        let mtext = pos.format_move(mv);
        match pos.parse_legal_move(&mtext) {
            Ok(back) if back == mv => {}
            Ok(back) => return Err(format!("move text {mtext:?} reads back as {back:?}")),
            Err(e) => return Err(format!("own move text {mtext:?} rejected: {e}")),
        }
        let copy = pos.clone();
        if copy != *pos {
            return Err("a clone differs from the original".into());
        }
        let child = copy.after(mv);
        if copy != *pos {
            return Err(format!(
                "after({mtext}) changed the position it was called on"
            ));
        }
        if child.zobrist() != child.zobrist_from_scratch() {
            return Err(format!(
                "after {mtext}: incremental hash differs from scratch"
            ));
        }
    }
    Ok(moves.len())
}

/// Every legal move of `pos` as its text and the text of the position after it, sorted:
/// what a game's slow reference twin lists too, so that the two compare as plain text.
pub fn moves_and_results<G: Notation>(pos: &G) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = pos
        .legal_moves()
        .iter()
        .map(|&m| (pos.format_move(m), pos.after(m).position_text()))
        .collect();
    out.sort();
    out
}

/// The lines of a perft data file (`position; depth; count`, `#` comments, blank lines)
/// whose count is at most `max_count`. A malformed line panics, naming its number: the
/// files are the tests' own data.
pub fn perft_cases<G: Notation>(file: &str, max_count: u128) -> Vec<(G, u32, u128)> {
    let mut cases = Vec::new();
    for (n, line) in file.lines().enumerate() {
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let bad = |what: &str| -> ! { panic!("perft data line {}: {what}: {line}", n + 1) };
        let fields: Vec<&str> = line.split(';').map(str::trim).collect();
        let [position, depth, count] = fields[..] else {
            bad("expected `position; depth; count`")
        };
        let position = G::parse_position(position).unwrap_or_else(|e| bad(&e.to_string()));
        let depth = depth
            .parse()
            .unwrap_or_else(|_| bad("the depth is not a number"));
        let count = count
            .parse()
            .unwrap_or_else(|_| bad("the count is not a number"));
        if count <= max_count {
            cases.push((position, depth, count));
        }
    }
    cases
}

/// A perft data file checked (see [`perft_cases`]): every count up to `max_count` by the
/// plain walk and by the threaded, hashed driver, and, up to `reference_max`, by
/// `reference` (the game's slow twin, given the position's text and the depth). Returns how
/// many lines were checked.
///
/// # Panics
/// On the first wrong count, naming the position, the depth and the walker.
pub fn check_perft_file<G: Hashed + Notation>(
    file: &str,
    max_count: u128,
    game_over: GameOverLeaves,
    reference_max: u128,
    reference: impl Fn(&str, u32) -> u128,
) -> usize {
    let cases = perft_cases::<G>(file, max_count);
    for (pos, depth, count) in &cases {
        let text = pos.position_text();
        assert_eq!(
            perft_with(pos, *depth, game_over),
            *count,
            "plain walk: {text} depth {depth}"
        );
        let hashed = Perft {
            threads: 2,
            hash_mib: 16,
            game_over,
        };
        assert_eq!(
            hashed.run(pos, *depth),
            *count,
            "hashed driver: {text} depth {depth}"
        );
        if *count <= reference_max {
            assert_eq!(
                reference(&text, *depth),
                *count,
                "reference: {text} depth {depth}"
            );
        }
    }
    cases.len()
}
