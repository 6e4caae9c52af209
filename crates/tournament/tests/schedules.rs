//! Round robins, gauntlets and openings: every pair meets exactly as often as the format
//! says, seats are balanced, every player is busy once per round, and the seed fixes it all.

use olympiad_tournament::{Pairing, PlayerId, Schedule, gauntlet, round_robin};
use std::collections::BTreeMap;

/// How often each ordered pair (first seat, second seat) meets.
fn meetings(s: &Schedule) -> BTreeMap<(PlayerId, PlayerId), u32> {
    let mut m = BTreeMap::new();
    for p in s.games() {
        *m.entry((p.first(), p.second().unwrap())).or_insert(0) += 1;
    }
    m
}

/// Every player appears exactly once in every round (in a game or with a bye).
fn once_per_round(s: &Schedule, players: u32) {
    for round in 1..=s.rounds() {
        let mut seen = vec![0; players as usize];
        for p in s.round(round) {
            seen[p.first().index()] += 1;
            if let Some(q) = p.second() {
                seen[q.index()] += 1;
            }
        }
        assert!(seen.iter().all(|&c| c == 1), "round {round}: {seen:?}");
        assert!(s.round(round).iter().filter(|p| p.is_bye()).count() <= 1);
    }
}

#[test]
fn single_round_robin_every_pair_meets_once() {
    for n in 2..=13u32 {
        for seed in 0..4 {
            let s = round_robin(n, 1, seed);
            assert_eq!(s.rounds(), n - 1 + n % 2, "n={n}");
            once_per_round(&s, n);
            let m = meetings(&s);
            for a in 0..n {
                for b in a + 1..n {
                    let ab = m.get(&(PlayerId(a), PlayerId(b))).copied().unwrap_or(0);
                    let ba = m.get(&(PlayerId(b), PlayerId(a))).copied().unwrap_or(0);
                    assert_eq!(ab + ba, 1, "n={n} seed={seed} {a}-{b}");
                }
            }
            // Seats within one of each other; one bye each when odd.
            for p in 0..n {
                let p = PlayerId(p);
                let first = s.games().filter(|g| g.first() == p).count() as i64;
                let second = s.games().filter(|g| g.second() == Some(p)).count() as i64;
                assert!((first - second).abs() <= 1, "n={n} {p}: {first}/{second}");
                let byes = s
                    .pairings
                    .iter()
                    .filter(|g| g.is_bye() && g.first() == p)
                    .count();
                assert_eq!(byes, (n % 2) as usize);
            }
        }
    }
}

#[test]
fn double_round_robin_every_pair_meets_twice_with_seats_swapped() {
    for n in 2..=11u32 {
        let s = round_robin(n, 2, 99);
        once_per_round(&s, n);
        let m = meetings(&s);
        for a in 0..n {
            for b in 0..n {
                if a != b {
                    assert_eq!(
                        m.get(&(PlayerId(a), PlayerId(b))),
                        Some(&1),
                        "n={n} {a}-{b}"
                    );
                }
            }
        }
        for p in 0..n {
            let p = PlayerId(p);
            let first = s.games().filter(|g| g.first() == p).count();
            let second = s.games().filter(|g| g.second() == Some(p)).count();
            assert_eq!(first, second);
        }
    }
}

#[test]
fn the_seed_fixes_the_schedule() {
    assert_eq!(round_robin(8, 2, 5), round_robin(8, 2, 5));
    assert_ne!(round_robin(8, 1, 5), round_robin(8, 1, 6));
}

#[test]
fn gauntlet_meets_every_opponent_in_both_seats() {
    let hero = PlayerId(2);
    let s = gauntlet(5, hero, 2);
    assert_eq!(s.games().count(), 8);
    let m = meetings(&s);
    for p in (0..5).map(PlayerId).filter(|&p| p != hero) {
        assert_eq!(m.get(&(hero, p)), Some(&1));
        assert_eq!(m.get(&(p, hero)), Some(&1));
    }
}

#[test]
fn openings_are_played_in_pairs_with_seats_swapped() {
    // Double round robin: the mirror game already exists and shares the opening.
    let s = round_robin(6, 2, 1).with_openings(4, 11);
    assert_eq!(s.games().count(), 30);
    let by_pair: BTreeMap<(PlayerId, PlayerId), u32> = s
        .games()
        .map(|p| ((p.first(), p.second().unwrap()), p.opening.unwrap()))
        .collect();
    for (&(a, b), &o) in &by_pair {
        assert_eq!(by_pair[&(b, a)], o);
    }
    // 15 pairs over 4 openings: each opening used 3 or 4 times.
    let mut uses = [0; 4];
    for (&(a, b), &o) in &by_pair {
        if a < b {
            uses[o as usize] += 1;
        }
    }
    assert!(uses.iter().all(|&u| u == 3 || u == 4), "{uses:?}");

    // Single cycle: every game gets its mirror in the same round.
    let s = gauntlet(4, PlayerId(0), 1).with_openings(10, 3);
    assert_eq!(s.games().count(), 6);
    let games: Vec<&Pairing> = s.games().collect();
    for pair in games.chunks(2) {
        assert_eq!(pair[0].first(), pair[1].second().unwrap());
        assert_eq!(pair[0].opening, pair[1].opening);
        assert_eq!(pair[0].round, pair[1].round);
    }
}

#[test]
fn codecup_swiss_then_a_double_round_robin_of_the_top() {
    use olympiad_tournament::{
        Game, GameResult, Standings, StandingsConfig, TieBreak, codecup_final, swiss_round,
    };
    let players: Vec<PlayerId> = (0..10).map(PlayerId).collect();
    let mut games = Vec::new();
    for round in 1..=5 {
        for p in swiss_round(&players, &games, round, 4).unwrap() {
            // The lower id wins.
            let result = match p.second() {
                None => GameResult::bye(),
                Some(q) => GameResult::win(usize::from(q < p.first())),
            };
            games.push(Game::new(p, result));
        }
    }
    let config = StandingsConfig {
        tie_breaks: vec![TieBreak::Buchholz, TieBreak::IrregularLosses],
        medal_playoffs: false,
        ..StandingsConfig::default()
    };
    let swiss = Standings::compute(&players, &games, &[], &config).unwrap();
    let finalists: Vec<PlayerId> = swiss.order()[..4].to_vec();
    let last = codecup_final(&swiss, 4, 2, 6);
    assert_eq!(last.games().count(), 12);
    assert_eq!(last.pairings[0].round, 6);
    assert_eq!(last.rounds(), 11);
    let m = meetings(&last);
    for &a in &finalists {
        for &b in &finalists {
            if a != b {
                assert_eq!(m.get(&(a, b)), Some(&1));
            }
        }
    }
    // The final's standings come from its own games.
    let final_games: Vec<Game> = last
        .pairings
        .iter()
        .map(|p| Game::new(p.clone(), GameResult::draw()))
        .collect();
    let fin = Standings::compute(&finalists, &final_games, &[], &config).unwrap();
    assert_eq!(fin.rows.len(), 4);
    assert!(fin.rows.iter().all(|r| r.games == 6));
}
