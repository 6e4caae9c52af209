//! Rule 9 of the Computer Olympiad: medal ties settled by play-off games.
//!
//! (a) Exactly two participants tied on points for a medal place (1st-3rd) play exactly two
//! play-off games; if those are equal, the tie-break order (b) decides. (c) Three or more
//! tied for a medal place: the two ranked highest by (b) play off as in (a); the others
//! keep their places by (b).
//!
//! Where the rule is silent we choose: the pair is the top two of the tied group by the
//! configured tie-break order; when that order cannot say who is second (or, for a group of
//! three or more, who are the top two), lots drawn from the standings' seed decide, and the
//! places they settle say so. Play-off games never count for points or tie-breaks. A drawn
//! play-off leaves the places as (b) gives them (shared if (b) cannot separate the two).

use crate::model::{Game, Pairing, PlayerId};
use crate::standings::Decider;
use olympiad_core::SplitMix64;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Places that win a medal.
pub const MEDAL_PLACES: usize = 3;
/// Games in a play-off.
pub const PLAYOFF_GAMES: u32 = 2;

/// A medal play-off between two players tied on points.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Playoff {
    /// The better of the two places at stake (1-based).
    pub place: u32,
    /// The two players, the one ranked higher by the tie-breaks (or lots) first.
    pub players: [PlayerId; 2],
    /// Play-off games played so far (at most [`PLAYOFF_GAMES`] are counted).
    pub games_played: u32,
    /// Half points of each player in those games.
    pub half_points: [u32; 2],
    /// The winner, once both games are played and their scores differ.
    pub winner: Option<PlayerId>,
}

impl Playoff {
    /// Whether games are still to be played.
    pub fn is_pending(&self) -> bool {
        self.games_played < PLAYOFF_GAMES
    }

    /// The games still to be played, in rounds after `rounds`, on `board`: the first game
    /// with `players[0]` in the first seat, the second with seats swapped.
    pub fn missing_pairings(&self, rounds: u32, board: u32) -> Vec<Pairing> {
        let [a, b] = self.players;
        (self.games_played..PLAYOFF_GAMES)
            .map(|k| {
                let (first, second) = if k % 2 == 0 { (a, b) } else { (b, a) };
                Pairing::game(rounds + k + 1, board, first, second)
            })
            .collect()
    }
}

/// The order of `tier` by lots drawn from `seed` (independent of the tier's order).
fn by_lots(tier: &[PlayerId], seed: u64) -> Vec<PlayerId> {
    let mut keyed: Vec<(u64, PlayerId)> = tier
        .iter()
        .map(|&p| {
            let mix = seed ^ u64::from(p.0).wrapping_mul(0x9E37_79B9_7F4A_7C15);
            (SplitMix64::new(mix).next_u64(), p)
        })
        .collect();
    keyed.sort();
    keyed.into_iter().map(|(_, p)| p).collect()
}

/// Settles the medal play-off of one points group whose first place is `place` (a medal
/// place) and whose tie-broken order is `tiers` (two players or more): picks the pair,
/// reads its games from `playoff_games`, and reorders `tiers` and `decided` accordingly.
pub(crate) fn settle(
    tiers: &mut Vec<Vec<PlayerId>>,
    decided: &mut BTreeMap<PlayerId, Decider>,
    place: u32,
    playoff_games: &[Game],
    seed: u64,
) -> Option<Playoff> {
    // Make the top two unambiguous.
    let ambiguous = if tiers[0].len() > 2 {
        Some(0)
    } else if tiers[0].len() == 1 && tiers.get(1).is_some_and(|t| t.len() > 1) {
        Some(1)
    } else {
        None
    };
    if let Some(i) = ambiguous {
        let drawn = by_lots(&tiers[i], seed);
        for &p in &drawn {
            decided.insert(p, Decider::Lots);
        }
        tiers.splice(i..=i, drawn.into_iter().map(|p| vec![p]));
    }
    let mut flat = tiers.iter().flatten().copied();
    let (a, b) = (flat.next()?, flat.next()?);
    let mut games: Vec<&Game> = playoff_games
        .iter()
        .filter(|g| {
            let p = &g.pairing;
            p.seats == [a, b] || p.seats == [b, a]
        })
        .collect();
    games.sort_by_key(|g| (g.pairing.round, g.pairing.board));
    games.truncate(PLAYOFF_GAMES as usize);
    let mut half_points = [0u32; 2];
    for g in &games {
        for (i, who) in [a, b].into_iter().enumerate() {
            if let Some(seat) = g.pairing.seat_of(who) {
                half_points[i] += u32::from(g.result.half_points(seat));
            }
        }
    }
    let mut playoff = Playoff {
        place,
        players: [a, b],
        games_played: games.len() as u32,
        half_points,
        winner: None,
    };
    if playoff.is_pending() {
        decided.insert(a, Decider::PlayoffPending);
        decided.insert(b, Decider::PlayoffPending);
        return Some(playoff);
    }
    if half_points[0] != half_points[1] {
        let (winner, loser) = if half_points[0] > half_points[1] {
            (a, b)
        } else {
            (b, a)
        };
        playoff.winner = Some(winner);
        if tiers[0].len() == 2 {
            tiers[0] = vec![winner];
            tiers.insert(1, vec![loser]);
        } else {
            tiers[0] = vec![winner];
            tiers[1] = vec![loser];
        }
        decided.insert(a, Decider::Playoff);
        decided.insert(b, Decider::Playoff);
    }
    Some(playoff)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lots_ignore_the_input_order() {
        let t = [PlayerId(3), PlayerId(1), PlayerId(7)];
        let mut r = t;
        r.reverse();
        assert_eq!(by_lots(&t, 5), by_lots(&r, 5));
    }
}
