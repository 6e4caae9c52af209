//! Fixed schedules, all deterministic from a seed: round robins (single, double or more
//! cycles) by the circle method with Berger-style seat allocation, gauntlets, the CodeCup
//! final, and openings played in pairs with seats swapped. Swiss rounds depend on results
//! and live in [`crate::swiss`].
//!
//! **Tables** ([`table_round_robin`]), for games of more than two seats: players get
//! numbers by lot; every `n`-subset of them is a table (board `b`, subsets in lexicographic
//! order of the numbers), and each table plays `n` games per cycle, its players rotated one
//! seat per game, so that over a cycle everyone sits in every seat equally often. Round
//! `c·n + r + 1` holds rotation `r` of cycle `c` at every table. Successive cycles also
//! change who follows whom: cycle `c` seats the table in the `c`-th cyclic order (`(n-1)!`
//! of them, in lexicographic order of the later seats, then again from the first).
//!
//! Seat balance of the round robin: in round `r` (0-based) of a table of `m + 1` numbers
//! (`m` odd), number `m` meets `r`, and `r + k` meets `r - k` (mod `m`) for
//! `k = 1..(m+1)/2`. Number `r + k` takes the first seat when `k` is odd, `r - k` when `k`
//! is even, and number `m` takes it in even rounds. Every other number meets each `k`
//! once as `r + k` and once as `r - k`, so its seats differ by at most one over a cycle.

use crate::model::{Pairing, PlayerId, Schedule};
use crate::standings::Standings;
use olympiad_core::SplitMix64;
use std::collections::{BTreeMap, VecDeque};

/// The players `0..players` in an order drawn by lot from `seed` (Fisher-Yates): the
/// pairing numbers of a Swiss or the table numbers of a round robin.
pub fn draw_lots(players: u32, seed: u64) -> Vec<PlayerId> {
    let mut order: Vec<PlayerId> = (0..players).map(PlayerId).collect();
    let mut rng = SplitMix64::new(seed);
    for i in (1..order.len()).rev() {
        let j = rng.below(i + 1);
        order.swap(i, j);
    }
    order
}

/// A round robin among `0..players`, table numbers drawn by lot from `seed`, `cycles`
/// times (2 = double round robin: the second cycle repeats the first with seats swapped).
/// With an odd number of players, each round has one bye.
pub fn round_robin(players: u32, cycles: u32, seed: u64) -> Schedule {
    round_robin_of(&draw_lots(players, seed), cycles, 1)
}

/// A round robin among `order` (table numbers in that order), `cycles` times, its first
/// round numbered `first_round`. Even cycles swap the seats of the odd ones.
pub fn round_robin_of(order: &[PlayerId], cycles: u32, first_round: u32) -> Schedule {
    let n = order.len();
    if n < 2 {
        return Schedule::default();
    }
    let size = n + n % 2; // with a phantom number for the bye
    let m = size - 1; // rounds per cycle
    let player = |number: usize| order.get(number).copied();
    let mut cycle_rounds: Vec<Vec<(usize, usize)>> = Vec::with_capacity(m);
    for r in 0..m {
        let mut pairs = Vec::with_capacity(size / 2);
        pairs.push(if r % 2 == 0 { (m, r) } else { (r, m) });
        for k in 1..size / 2 {
            let (up, down) = ((r + k) % m, (r + m - k) % m);
            pairs.push(if k % 2 == 1 { (up, down) } else { (down, up) });
        }
        cycle_rounds.push(pairs);
    }
    let mut pairings = Vec::new();
    for cycle in 0..cycles {
        for (r, pairs) in cycle_rounds.iter().enumerate() {
            let round = first_round + cycle * m as u32 + r as u32;
            let mut board = 0;
            let mut bye = None;
            for &(a, b) in pairs {
                let (a, b) = if cycle % 2 == 1 { (b, a) } else { (a, b) };
                match (player(a), player(b)) {
                    (Some(a), Some(b)) => {
                        board += 1;
                        pairings.push(Pairing::game(round, board, a, b));
                    }
                    (Some(p), None) | (None, Some(p)) => bye = Some(p),
                    (None, None) => {}
                }
            }
            if let Some(p) = bye {
                pairings.push(Pairing::bye(round, board + 1, p));
            }
        }
    }
    Schedule::new(pairings)
}

/// A gauntlet: `hero` against every other player of `0..players`, `cycles` times. Round
/// `c` (1-based) holds cycle `c`; the hero's seat alternates over opponents and cycles, so
/// with an even number of cycles every opponent meets it equally often in each seat.
pub fn gauntlet(players: u32, hero: PlayerId, cycles: u32) -> Schedule {
    let opponents: Vec<PlayerId> = (0..players).map(PlayerId).filter(|&p| p != hero).collect();
    let mut pairings = Vec::new();
    for cycle in 0..cycles {
        for (j, &opponent) in opponents.iter().enumerate() {
            let (first, second) = if (cycle as usize + j).is_multiple_of(2) {
                (hero, opponent)
            } else {
                (opponent, hero)
            };
            pairings.push(Pairing::game(cycle + 1, j as u32 + 1, first, second));
        }
    }
    Schedule::new(pairings)
}

/// The CodeCup final: the top `top` players of `standings` (in their order, which becomes
/// the table numbers) play a round robin of `cycles` cycles (CodeCup: 2), starting at round
/// `first_round`. The final's own standings are computed from its games alone.
pub fn codecup_final(standings: &Standings, top: usize, cycles: u32, first_round: u32) -> Schedule {
    let finalists: Vec<PlayerId> = standings.rows.iter().take(top).map(|r| r.player).collect();
    round_robin_of(&finalists, cycles, first_round)
}

impl Schedule {
    /// Openings played in pairs with seats swapped: every game gets an opening index in
    /// `0..openings`, the same for a game and its mirror (same players, seats swapped).
    /// A game whose mirror is already in the schedule (a double round robin's second
    /// cycle, a gauntlet's next cycle) shares the mirror's opening; a game without one gets
    /// its mirror added in the same round, on the next board. Successive pairs take
    /// successive openings from an offset drawn from `seed`; for Swiss rounds pass a seed
    /// that changes with the round. With `openings == 0` the schedule is unchanged.
    pub fn with_openings(self, openings: u32, seed: u64) -> Schedule {
        if openings == 0 {
            return self;
        }
        let offset = SplitMix64::new(seed).below(openings as usize) as u32;
        let mut next_pair = 0u32;
        let mut waiting: BTreeMap<(PlayerId, PlayerId), VecDeque<usize>> = BTreeMap::new();
        let mut games: Vec<(Pairing, bool)> = Vec::with_capacity(self.pairings.len());
        for pairing in self.pairings {
            let Some(second) = pairing.second() else {
                games.push((pairing, true));
                continue;
            };
            let mirror = waiting
                .get_mut(&(second, pairing.first()))
                .and_then(VecDeque::pop_front);
            let mut pairing = pairing;
            match mirror {
                Some(index) => {
                    pairing.opening = games[index].0.opening;
                    games[index].1 = true;
                    games.push((pairing, true));
                }
                None => {
                    pairing.opening = Some((offset + next_pair) % openings);
                    next_pair += 1;
                    waiting
                        .entry((pairing.first(), second))
                        .or_default()
                        .push_back(games.len());
                    games.push((pairing, false));
                }
            }
        }
        let mut out: Vec<Pairing> = Vec::with_capacity(games.len() * 2);
        for (pairing, matched) in games {
            let mirror = (!matched).then(|| pairing.swapped());
            out.push(pairing);
            out.extend(mirror);
        }
        // Renumber the boards: games first in their order, byes last.
        let mut numbered = Vec::with_capacity(out.len());
        let mut by_round: BTreeMap<u32, (Vec<Pairing>, Vec<Pairing>)> = BTreeMap::new();
        for p in out {
            let slot = by_round.entry(p.round).or_default();
            if p.is_bye() {
                slot.1.push(p);
            } else {
                slot.0.push(p);
            }
        }
        for (_, (games, byes)) in by_round {
            for (i, mut p) in games.into_iter().chain(byes).enumerate() {
                p.board = i as u32 + 1;
                numbered.push(p);
            }
        }
        Schedule::new(numbered)
    }
}

/// The `k`-th permutation (0-based, lexicographic, `k` taken modulo `items.len()!`) of
/// `items`.
fn nth_permutation<T: Copy>(items: &[T], k: u64) -> Vec<T> {
    let mut pool = items.to_vec();
    let factorial = |m: usize| (1..=m as u64).product::<u64>();
    let mut k = k % factorial(pool.len()).max(1);
    let mut out = Vec::with_capacity(pool.len());
    while !pool.is_empty() {
        let block = factorial(pool.len() - 1);
        let i = (k / block) as usize;
        k %= block;
        out.push(pool.remove(i));
    }
    out
}

/// Every `size`-subset of `0..n`, in lexicographic order.
fn subsets(n: usize, size: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    if size == 0 || size > n {
        return out;
    }
    let mut current: Vec<usize> = (0..size).collect();
    loop {
        out.push(current.clone());
        let Some(i) = (0..size).rev().find(|&i| current[i] < n - size + i) else {
            return out;
        };
        current[i] += 1;
        for j in i + 1..size {
            current[j] = current[j - 1] + 1;
        }
    }
}

/// A round robin of tables of `seats` among `0..players`, numbers drawn by lot from `seed`,
/// `cycles` times (see the module doc). Empty when there are fewer players than seats.
pub fn table_round_robin(players: u32, seats: usize, cycles: u32, seed: u64) -> Schedule {
    table_round_robin_of(&draw_lots(players, seed), seats, cycles)
}

/// A round robin of tables of `seats` among `order` (numbers in that order), `cycles`
/// times.
pub fn table_round_robin_of(order: &[PlayerId], seats: usize, cycles: u32) -> Schedule {
    let tables = subsets(order.len(), seats);
    let mut games = Vec::with_capacity(tables.len() * seats * cycles as usize);
    for cycle in 0..cycles {
        for rotation in 0..seats {
            let round = cycle * seats as u32 + rotation as u32 + 1;
            for (t, numbers) in tables.iter().enumerate() {
                let mut cyclic = vec![numbers[0]];
                cyclic.extend(nth_permutation(&numbers[1..], u64::from(cycle)));
                let seated = (0..seats)
                    .map(|s| order[cyclic[(s + rotation) % seats]])
                    .collect();
                games.push(Pairing::table(round, t as u32 + 1, seated));
            }
        }
    }
    Schedule::new(games)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn permutations_and_subsets() {
        assert_eq!(nth_permutation(&[1, 2, 3], 0), vec![1, 2, 3]);
        assert_eq!(nth_permutation(&[1, 2, 3], 1), vec![1, 3, 2]);
        assert_eq!(nth_permutation(&[1, 2, 3], 5), vec![3, 2, 1]);
        assert_eq!(nth_permutation(&[1, 2, 3], 6), vec![1, 2, 3]);
        assert_eq!(subsets(5, 4).len(), 5);
        assert_eq!(subsets(6, 3).len(), 20);
        assert_eq!(subsets(4, 4), vec![vec![0, 1, 2, 3]]);
        assert_eq!(subsets(3, 4), Vec::<Vec<usize>>::new());
    }

    #[test]
    fn every_player_sits_in_every_seat_equally_often() {
        for (players, seats, cycles, tables) in [
            (4, 4, 1, 1),
            (5, 4, 1, 5),
            (5, 4, 2, 5),
            (6, 3, 1, 20),
            (4, 3, 3, 4),
        ] {
            let s = table_round_robin(players, seats, cycles, 9);
            assert_eq!(
                s.pairings.len(),
                tables * seats * cycles as usize,
                "{players} players, {seats} seats"
            );
            assert_eq!(s.rounds(), cycles * seats as u32);
            // Per player: games and each seat the same as everyone else.
            let mut count = vec![vec![0u32; seats]; players as usize];
            for g in &s.pairings {
                assert_eq!(g.seats.len(), seats);
                for (seat, p) in g.seats.iter().enumerate() {
                    count[p.index()][seat] += 1;
                }
                let mut sorted = g.seats.clone();
                sorted.sort();
                sorted.dedup();
                assert_eq!(sorted.len(), seats, "a player sits twice: {g:?}");
            }
            let per_seat = count[0][0];
            assert!(per_seat > 0);
            for c in &count {
                assert!(c.iter().all(|&k| k == per_seat), "{count:?}");
            }
            // Every round has each table once, boards 1..=tables.
            for r in 1..=s.rounds() {
                let boards: Vec<u32> = s
                    .pairings
                    .iter()
                    .filter(|g| g.round == r)
                    .map(|g| g.board)
                    .collect();
                assert_eq!(boards, (1..=tables as u32).collect::<Vec<_>>());
            }
        }
        // Two cycles of a four-seat table: the second seats it in another cyclic order
        // (3 now follows 1), rotated the same way.
        let s = table_round_robin_of(&(0..4).map(PlayerId).collect::<Vec<_>>(), 4, 2);
        let seats = |i: usize| s.pairings[i].seats.iter().map(|p| p.0).collect::<Vec<_>>();
        assert_eq!(seats(0), vec![0, 1, 2, 3]);
        assert_eq!(seats(1), vec![1, 2, 3, 0]);
        assert_eq!(seats(4), vec![0, 1, 3, 2]);
        assert_eq!(seats(5), vec![1, 3, 2, 0]);
        // Fewer players than seats: nothing to play.
        assert!(table_round_robin(3, 4, 1, 0).pairings.is_empty());
    }

    #[test]
    fn lots_are_a_permutation() {
        let mut order = draw_lots(10, 3);
        assert_eq!(order, draw_lots(10, 3));
        order.sort();
        assert_eq!(order, (0..10).map(PlayerId).collect::<Vec<_>>());
    }

    #[test]
    fn four_players_berger() {
        let order: Vec<PlayerId> = (0..4).map(PlayerId).collect();
        let s = round_robin_of(&order, 1, 1);
        assert_eq!(s.rounds(), 3);
        assert_eq!(s.pairings.len(), 6);
        let mut firsts = [0; 4];
        for p in &s.pairings {
            firsts[p.first().index()] += 1;
        }
        assert!(firsts.iter().all(|&f| f == 1 || f == 2), "{firsts:?}");
    }

    #[test]
    fn openings_pair_single_games() {
        let order: Vec<PlayerId> = (0..3).map(PlayerId).collect();
        let s = round_robin_of(&order, 1, 1).with_openings(5, 1);
        // 3 rounds, each one game (+ mirror) and a bye.
        assert_eq!(s.pairings.len(), 9);
        for r in 1..=3 {
            let round = s.round(r);
            assert_eq!(round.len(), 3);
            assert_eq!(
                round[0].swapped(),
                Pairing {
                    board: 1,
                    ..round[1].clone()
                }
            );
            assert_eq!(round[0].opening, round[1].opening);
            assert!(round[2].is_bye() && round[2].opening.is_none());
        }
    }
}
