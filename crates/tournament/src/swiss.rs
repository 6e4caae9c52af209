//! Swiss pairing, one round at a time, from the results of the rounds before.
//!
//! Absolute constraints (the spec's): never a rematch; at most one bye per player; after
//! the round, every player's seat difference (first seats minus second seats over played
//! games) stays within ±2 and nobody sits three times in a row in the same seat. A round
//! that cannot keep them all is refused with [`SwissError::NoPairing`], never bent.
//!
//! The method is Dutch-like, not a certified FIDE Dutch implementation (export the TRF to
//! cross-check with bbpPairings or JaVaFo): players are ranked by score, then by pairing
//! number (their order in `players`). The bye goes to the lowest-ranked player who has not
//! had one. Then the highest-ranked unpaired player is paired first, preferring, in order:
//! the top of the lower half of its score group (S1 against S2, as the Dutch system does),
//! opponents whose seat preference is compatible, the rest of the lower half, the upper
//! half from the bottom, then players of lower score groups from the top (a down-float).
//! Every choice, the bye included, is accepted only if the players left can still all be
//! paired under the constraints, which a maximum-matching oracle (Edmonds' blossom
//! algorithm) decides exactly; so the greedy never paints itself into a corner, and a
//! round is refused only if no legal pairing exists at all.
//!
//! Seats: a pair whose constraints leave one seat order takes it; otherwise each player's
//! preference (the seat it has had less, else the one it did not have last) is granted,
//! and when both want the same seat the stronger preference wins, then the higher-ranked
//! player. In round 1 the seed draws the top board's seat and the boards alternate.
//!
//! Scores for pairing count half points (a bye is a win), whatever the points scheme.

use crate::model::{Game, Pairing, PlayerId};
use olympiad_core::SplitMix64;
use std::collections::{BTreeMap, BTreeSet};
use thiserror::Error;

/// The largest seat difference allowed (first seats minus second seats).
pub const MAX_SEAT_DIFFERENCE: i32 = 2;
/// The longest run of the same seat allowed.
pub const MAX_SAME_SEAT_RUN: usize = 2;

/// Why a Swiss round could not be paired.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SwissError {
    /// Rounds are numbered from 1.
    #[error("rounds are numbered from 1")]
    RoundZero,
    /// A player appears twice in the list.
    #[error("player {0} appears twice in the list")]
    DuplicatePlayer(PlayerId),
    /// No pairing of the round keeps every constraint.
    #[error("round {round}: no pairing avoids rematches, second byes and seat imbalance")]
    NoPairing {
        /// The round.
        round: u32,
    },
}

/// What pairing needs to know about one player.
#[derive(Clone, Debug, Default)]
struct State {
    /// Half points.
    score: u32,
    /// Seats of the games played, in order.
    seats: Vec<u8>,
    had_bye: bool,
    met: BTreeSet<usize>,
}

impl State {
    fn difference(&self) -> i32 {
        self.seats
            .iter()
            .map(|&s| if s == 0 { 1 } else { -1 })
            .sum()
    }

    /// Whether the player may sit in `seat` this round.
    fn may_sit(&self, seat: u8) -> bool {
        let d = self.difference() + if seat == 0 { 1 } else { -1 };
        let run = self.seats.len() >= MAX_SAME_SEAT_RUN
            && self.seats[self.seats.len() - MAX_SAME_SEAT_RUN..]
                .iter()
                .all(|&s| s == seat);
        d.abs() <= MAX_SEAT_DIFFERENCE && !run
    }

    /// The preferred seat and the strength of the preference (0: none).
    fn preference(&self) -> (u8, i32) {
        let d = self.difference();
        if d != 0 {
            (if d > 0 { 1 } else { 0 }, d.abs() * 2)
        } else {
            match self.seats.last() {
                Some(&last) => (1 - last, 1),
                None => (0, 0),
            }
        }
    }
}

/// The players still to pair, with the constraints between them.
struct Field {
    states: Vec<State>,
}

impl Field {
    /// The seat orders `a`-`b` allows: (a first, b first).
    fn orders(&self, a: usize, b: usize) -> (bool, bool) {
        let (sa, sb) = (&self.states[a], &self.states[b]);
        (
            sa.may_sit(0) && sb.may_sit(1),
            sa.may_sit(1) && sb.may_sit(0),
        )
    }

    fn compatible(&self, a: usize, b: usize) -> bool {
        if a == b || self.states[a].met.contains(&b) {
            return false;
        }
        let (x, y) = self.orders(a, b);
        x || y
    }

    /// Whether `players` can all be paired.
    fn pairable(&self, players: &[usize]) -> bool {
        if players.len() % 2 == 1 {
            return false;
        }
        let n = players.len();
        let adjacency: Vec<Vec<usize>> = (0..n)
            .map(|i| {
                (0..n)
                    .filter(|&j| self.compatible(players[i], players[j]))
                    .collect()
            })
            .collect();
        maximum_matching(&adjacency) * 2 == n
    }
}

/// The size of a maximum matching of the graph (Edmonds' blossom algorithm, O(V³)).
pub fn maximum_matching(adjacency: &[Vec<usize>]) -> usize {
    const NONE: usize = usize::MAX;
    let n = adjacency.len();
    let mut mate = vec![NONE; n];
    // A greedy start saves most augmentations.
    for v in 0..n {
        if mate[v] == NONE
            && let Some(&w) = adjacency[v].iter().find(|&&w| mate[w] == NONE && w != v)
        {
            mate[v] = w;
            mate[w] = v;
        }
    }
    let mut size = mate.iter().filter(|&&m| m != NONE).count() / 2;
    let mut parent = vec![NONE; n];
    let mut base = vec![0; n];
    let mut used = vec![false; n];
    let mut blossom = vec![false; n];
    let mut queue = Vec::with_capacity(n);

    fn lca(mate: &[usize], base: &[usize], parent: &[usize], mut a: usize, mut b: usize) -> usize {
        let mut seen = vec![false; mate.len()];
        loop {
            a = base[a];
            seen[a] = true;
            if mate[a] == usize::MAX {
                break;
            }
            a = parent[mate[a]];
        }
        loop {
            b = base[b];
            if seen[b] {
                return b;
            }
            b = parent[mate[b]];
        }
    }

    fn mark_path(
        mate: &[usize],
        base: &[usize],
        parent: &mut [usize],
        blossom: &mut [bool],
        mut v: usize,
        b: usize,
        mut child: usize,
    ) {
        while base[v] != b {
            blossom[base[v]] = true;
            blossom[base[mate[v]]] = true;
            parent[v] = child;
            child = mate[v];
            v = parent[mate[v]];
        }
    }

    for root in 0..n {
        if mate[root] != NONE {
            continue;
        }
        parent.fill(NONE);
        used.fill(false);
        for (i, b) in base.iter_mut().enumerate() {
            *b = i;
        }
        used[root] = true;
        queue.clear();
        queue.push(root);
        let mut head = 0;
        let mut found = NONE;
        'search: while head < queue.len() {
            let v = queue[head];
            head += 1;
            for &to in &adjacency[v] {
                if base[v] == base[to] || mate[v] == to {
                    continue;
                }
                if to == root || (mate[to] != NONE && parent[mate[to]] != NONE) {
                    let current = lca(&mate, &base, &parent, v, to);
                    blossom.fill(false);
                    mark_path(&mate, &base, &mut parent, &mut blossom, v, current, to);
                    mark_path(&mate, &base, &mut parent, &mut blossom, to, current, v);
                    for i in 0..n {
                        if blossom[base[i]] {
                            base[i] = current;
                            if !used[i] {
                                used[i] = true;
                                queue.push(i);
                            }
                        }
                    }
                } else if parent[to] == NONE {
                    parent[to] = v;
                    if mate[to] == NONE {
                        found = to;
                        break 'search;
                    }
                    let next = mate[to];
                    used[next] = true;
                    queue.push(next);
                }
            }
        }
        let mut v = found;
        if v != NONE {
            size += 1;
        }
        while v != NONE {
            let pv = parent[v];
            let ppv = mate[pv];
            mate[v] = pv;
            mate[pv] = v;
            v = ppv;
        }
    }
    size
}

/// Pairs round `round` of a Swiss among `players` (in pairing-number order: the initial
/// ranking, best first; leave out withdrawn players) from `games`, the games and byes of
/// the earlier rounds (games of round `round` or later are ignored, so a resumed runner
/// gets the same pairing again). The seed draws the seats of round 1. Boards are ordered by
/// the higher score of the pair, then by the sum, then by the better pairing number; a bye
/// comes last.
pub fn swiss_round(
    players: &[PlayerId],
    games: &[Game],
    round: u32,
    seed: u64,
) -> Result<Vec<Pairing>, SwissError> {
    if round == 0 {
        return Err(SwissError::RoundZero);
    }
    let mut rank: BTreeMap<PlayerId, usize> = BTreeMap::new();
    for (i, &p) in players.iter().enumerate() {
        if rank.insert(p, i).is_some() {
            return Err(SwissError::DuplicatePlayer(p));
        }
    }
    let mut states = vec![State::default(); players.len()];
    let mut earlier: Vec<&Game> = games.iter().filter(|g| g.pairing.round < round).collect();
    earlier.sort_by_key(|g| (g.pairing.round, g.pairing.board));
    for game in earlier {
        let first = rank.get(&game.pairing.first()).copied();
        let Some(second) = game.pairing.second() else {
            if let Some(a) = first {
                states[a].had_bye = true;
                states[a].score += 2;
            }
            continue;
        };
        let second = rank.get(&second).copied();
        for (seat, (me, them)) in [(first, second), (second, first)].into_iter().enumerate() {
            if let Some(me) = me {
                let s = &mut states[me];
                s.score += u32::from(game.result.half_points(seat));
                s.seats.push(seat as u8);
                if let Some(them) = them {
                    s.met.insert(them);
                }
            }
        }
    }
    let field = Field { states };
    // Ranked: score, then pairing number.
    let mut ranked: Vec<usize> = (0..players.len()).collect();
    ranked.sort_by(|&a, &b| {
        field.states[b]
            .score
            .cmp(&field.states[a].score)
            .then(a.cmp(&b))
    });
    let no_pairing = SwissError::NoPairing { round };

    let mut bye = None;
    if ranked.len() % 2 == 1 {
        for (i, &p) in ranked.iter().enumerate().rev() {
            if field.states[p].had_bye {
                continue;
            }
            let mut rest = ranked.clone();
            rest.remove(i);
            if field.pairable(&rest) {
                bye = Some(p);
                ranked = rest;
                break;
            }
        }
        if bye.is_none() {
            return Err(no_pairing);
        }
    } else if !field.pairable(&ranked) {
        return Err(no_pairing);
    }

    let mut pairs: Vec<(usize, usize)> = Vec::with_capacity(ranked.len() / 2);
    let mut left = ranked;
    while !left.is_empty() {
        let p = left[0];
        let chosen = candidates(&field, &left)
            .into_iter()
            .filter(|&q| field.compatible(p, q))
            .find(|&q| {
                let rest: Vec<usize> = left.iter().copied().filter(|&x| x != p && x != q).collect();
                field.pairable(&rest)
            })
            .ok_or(no_pairing.clone())?;
        left.retain(|&x| x != p && x != chosen);
        pairs.push((p, chosen));
    }

    // Boards.
    let score = |p: usize| field.states[p].score;
    pairs.sort_by(|&(a, b), &(c, d)| {
        let key = |x: usize, y: usize| (score(x).max(score(y)), score(x) + score(y));
        key(c, d).cmp(&key(a, b)).then(a.min(b).cmp(&c.min(d)))
    });
    let round_one_first = SplitMix64::new(seed).next_u64() & 1 == 0;
    let mut out = Vec::with_capacity(pairs.len() + 1);
    for (board, &(a, b)) in pairs.iter().enumerate() {
        // `a` is the higher-ranked of the two.
        let a_first = match field.orders(a, b) {
            (true, false) => true,
            (false, true) => false,
            _ => {
                let (pa, sa) = field.states[a].preference();
                let (pb, sb) = field.states[b].preference();
                if sa == 0 && sb == 0 {
                    (board % 2 == 0) == round_one_first
                } else if sa == 0 || sb > sa {
                    pb == 1
                } else {
                    // b has no preference, or they differ, or a's is as strong or stronger.
                    pa == 0
                }
            }
        };
        let (first, second) = if a_first { (a, b) } else { (b, a) };
        out.push(Pairing::game(
            round,
            board as u32 + 1,
            players[first],
            players[second],
        ));
    }
    if let Some(p) = bye {
        out.push(Pairing::bye(round, out.len() as u32 + 1, players[p]));
    }
    Ok(out)
}

/// The opponents of `left[0]` in order of preference (see the module doc).
fn candidates(field: &Field, left: &[usize]) -> Vec<usize> {
    let p = left[0];
    let score = field.states[p].score;
    let group_len = left
        .iter()
        .take_while(|&&x| field.states[x].score == score)
        .count();
    let group = &left[..group_len];
    let half = group_len / 2;
    let (pref, strength) = field.states[p].preference();
    let agrees = |q: usize| {
        let (qp, qs) = field.states[q].preference();
        strength == 0 || qs == 0 || qp != pref
    };
    let lower = group[half.max(1)..].iter().copied();
    let mut out: Vec<usize> = lower.clone().filter(|&q| agrees(q)).collect();
    out.extend(lower.filter(|&q| !agrees(q)));
    out.extend(group[1..half.max(1)].iter().rev().copied());
    out.extend(left[group_len..].iter().copied());
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The slow twin: the largest matching by trying everything.
    fn brute(adjacency: &[Vec<usize>], used: &mut Vec<bool>) -> usize {
        let Some(v) = used.iter().position(|&u| !u) else {
            return 0;
        };
        used[v] = true;
        let mut best = brute(adjacency, used); // v stays single
        for &w in &adjacency[v] {
            if !used[w] {
                used[w] = true;
                best = best.max(1 + brute(adjacency, used));
                used[w] = false;
            }
        }
        used[v] = false;
        best
    }

    #[test]
    fn blossom_matches_brute_force_on_random_graphs() {
        let mut rng = SplitMix64::new(17);
        for _ in 0..3000 {
            let n = 1 + rng.below(11);
            let density = 10 + rng.below(60) as u32;
            let mut adjacency = vec![Vec::new(); n];
            for a in 0..n {
                for b in a + 1..n {
                    if rng.chance(density) {
                        adjacency[a].push(b);
                        adjacency[b].push(a);
                    }
                }
            }
            assert_eq!(
                maximum_matching(&adjacency),
                brute(&adjacency, &mut vec![false; n]),
                "{adjacency:?}"
            );
        }
    }

    #[test]
    fn seat_rules() {
        let s = State {
            seats: vec![0, 0],
            ..State::default()
        };
        assert!(!s.may_sit(0) && s.may_sit(1));
        let s = State {
            seats: vec![0, 1, 0, 0],
            ..State::default()
        };
        assert!(!s.may_sit(0));
        let s = State {
            seats: vec![0, 0, 1, 0],
            ..State::default()
        };
        assert!(!s.may_sit(0), "difference would be 3");
        assert_eq!(s.preference(), (1, 4));
    }
}
