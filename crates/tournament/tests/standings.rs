//! Standings and tie-breaks computed by hand: the round robin pitfall (tied players have equal
//! Buchholz, the progressive score decides), a three-way medal tie that leads to a play-off
//! between the right two, and CodeCup's irregular-loss tie-break.

use olympiad_tournament::{
    Crosstable, Decider, Game, GameResult, Pairing, PlayerId, Points, PointsScheme, Standings,
    StandingsConfig, TieBreak, termination_counts,
};

const A: PlayerId = PlayerId(0);
const B: PlayerId = PlayerId(1);
const C: PlayerId = PlayerId(2);
const D: PlayerId = PlayerId(3);
const E: PlayerId = PlayerId(4);
const F: PlayerId = PlayerId(5);

fn pts(x: f64) -> Points {
    Points::from_f64(x).unwrap()
}

/// A game in `round` on `board`, `first` in the first seat; `score` is the first seat's
/// result: 1, 0.5 or 0.
fn game(round: u32, board: u32, first: PlayerId, second: PlayerId, score: f64) -> Game {
    let result = match score {
        1.0 => GameResult::win(0),
        0.0 => GameResult::win(1),
        _ => GameResult::draw(),
    };
    Game::new(Pairing::game(round, board, first, second), result)
}

fn players(n: u32) -> Vec<PlayerId> {
    (0..n).map(PlayerId).collect()
}

/// Round robin of four, by hand:
/// R1: A-B 1-0, C-D 1/2; R2: A-D 1-0, B-C 1/2; R3: C-A 1-0, D-B 0-1.
/// Totals: A 2, B 1.5, C 2, D 0.5. Buchholz A = B+D+C = 4, C = D+B+A = 4 (equal, as always
/// in a complete round robin). Progressive: A 1+2+2 = 5, C 0.5+1+2 = 3.5.
/// Sonneborn-Berger: A = 1.5 + 0.5 = 2, C = 0.5/2 + 1.5/2 + 2 = 3.
fn four_player_round_robin() -> Vec<Game> {
    vec![
        game(1, 1, A, B, 1.0),
        game(1, 2, C, D, 0.5),
        game(2, 1, A, D, 1.0),
        game(2, 2, B, C, 0.5),
        game(3, 1, C, A, 1.0),
        game(3, 2, D, B, 0.0),
    ]
}

#[test]
fn round_robin_ties_have_equal_buchholz_and_progressive_decides() {
    let games = four_player_round_robin();
    let config = StandingsConfig {
        medal_playoffs: false,
        ..StandingsConfig::default()
    };
    let s = Standings::compute(&players(4), &games, &[], &config).unwrap();
    assert_eq!(s.order(), vec![A, C, B, D]);
    let (a, c) = (s.row(A).unwrap(), s.row(C).unwrap());
    assert_eq!(a.points, pts(2.0));
    assert_eq!(c.points, pts(2.0));
    assert_eq!(a.tie_breaks.buchholz, pts(4.0));
    assert_eq!(c.tie_breaks.buchholz, pts(4.0));
    assert_eq!(a.tie_breaks.progressive, pts(5.0));
    assert_eq!(c.tie_breaks.progressive, pts(3.5));
    assert_eq!(a.tie_breaks.sonneborn_berger, 2.0);
    assert_eq!(c.tie_breaks.sonneborn_berger, 3.0);
    assert_eq!(a.decided_by, Decider::TieBreak(TieBreak::Progressive));
    assert_eq!(c.decided_by, Decider::TieBreak(TieBreak::Progressive));
    assert_eq!(s.row(B).unwrap().decided_by, Decider::Points);
    assert_eq!((a.place, a.place_to, c.place), (1, 1, 2));
    // Every player's Buchholz is the total (6) minus its own score.
    for row in &s.rows {
        assert_eq!(row.tie_breaks.buchholz, pts(6.0) - row.points);
    }
    // W/D/L per seat: A won twice in the first seat and lost once in the second.
    assert_eq!(a.by_seat[0].wins, 2);
    assert_eq!(a.by_seat[1].losses, 1);
    assert_eq!(a.total().games(), 3);
    assert!(s.playoffs.is_empty());

    // Sonneborn-Berger or head-to-head first: C is ahead.
    for first in [TieBreak::SonnebornBerger, TieBreak::HeadToHead] {
        let config = StandingsConfig {
            tie_breaks: vec![first, TieBreak::Progressive],
            medal_playoffs: false,
            ..StandingsConfig::default()
        };
        let s = Standings::compute(&players(4), &games, &[], &config).unwrap();
        assert_eq!(s.order(), vec![C, A, B, D]);
        assert_eq!(s.rows[0].decided_by, Decider::TieBreak(first));
    }

    // Crosstable: A against C lost in the second seat, in round 3.
    let x = Crosstable::new(&s.order(), &games, &PointsScheme::default());
    let cell = &x.cells[0][1];
    assert_eq!(cell.len(), 1);
    assert_eq!(
        (cell[0].round, cell[0].seat, cell[0].half_points),
        (3, 1, 0)
    );
    assert_eq!(cell[0].game, 4);
}

#[test]
fn two_tied_for_gold_play_off_and_a_drawn_play_off_falls_back_to_the_tie_breaks() {
    let games = four_player_round_robin();
    let config = StandingsConfig::default();
    let s = Standings::compute(&players(4), &games, &[], &config).unwrap();
    assert_eq!(s.playoffs.len(), 1);
    let p = &s.playoffs[0];
    assert_eq!((p.place, p.players, p.games_played), (1, [A, C], 0));
    assert_eq!(s.rows[0].decided_by, Decider::PlayoffPending);
    assert_eq!(
        s.playoff_pairings(),
        vec![Pairing::game(4, 1, A, C), Pairing::game(5, 1, C, A)]
    );
    // C wins the play-off 1.5-0.5.
    let po = [game(4, 1, A, C, 0.5), game(5, 1, C, A, 1.0)];
    let s = Standings::compute(&players(4), &games, &po, &config).unwrap();
    assert_eq!(s.order(), vec![C, A, B, D]);
    assert_eq!(s.rows[0].decided_by, Decider::Playoff);
    assert_eq!(s.rows[1].decided_by, Decider::Playoff);
    assert_eq!(s.playoffs[0].winner, Some(C));
    assert!(s.playoff_pairings().is_empty());
    // One game played: one still to play, seats swapped.
    let s = Standings::compute(&players(4), &games, &po[..1], &config).unwrap();
    assert_eq!(s.playoff_pairings(), vec![Pairing::game(5, 1, C, A)]);
    // A drawn play-off: the tie-breaks decide (A, by progressive score).
    let po = [game(4, 1, A, C, 0.5), game(5, 1, C, A, 0.5)];
    let s = Standings::compute(&players(4), &games, &po, &config).unwrap();
    assert_eq!(s.order(), vec![A, C, B, D]);
    assert_eq!(
        s.rows[0].decided_by,
        Decider::TieBreak(TieBreak::Progressive)
    );
    assert_eq!(s.playoffs[0].winner, None);
}

/// Six players, three Swiss-like rounds, by hand:
/// R1: A-F 1-0, C-D 1-0, E-B 1-0
/// R2: A-C 1/2, E-D 0-1, B-F 1-0
/// R3: A-D 1/2, C-B 1/2, E-F 1-0
/// Totals: A 2, C 2, E 2, B 1.5, D 1.5, F 0.
/// Buchholz: A = F+C+D = 0+2+1.5 = 3.5; C = D+A+B = 5; E = B+D+F = 3;
///           B = E+F+C = 4; D = C+E+A = 6; F = A+B+E = 5.5.
/// Three tied for gold: by Buchholz C, A, E; C and A play off; E is third by Buchholz.
/// B and D share 1.5 for places 4-5: not a medal, no play-off; D is ahead by Buchholz.
fn three_way_tie() -> Vec<Game> {
    vec![
        game(1, 1, A, F, 1.0),
        game(1, 2, C, D, 1.0),
        game(1, 3, E, B, 1.0),
        game(2, 1, A, C, 0.5),
        game(2, 2, E, D, 0.0),
        game(2, 3, B, F, 1.0),
        game(3, 1, A, D, 0.5),
        game(3, 2, C, B, 0.5),
        game(3, 3, E, F, 1.0),
    ]
}

#[test]
fn three_way_medal_tie_leads_to_a_play_off_between_the_right_two() {
    let games = three_way_tie();
    let config = StandingsConfig::default();
    let s = Standings::compute(&players(6), &games, &[], &config).unwrap();
    assert_eq!(s.order(), vec![C, A, E, D, B, F]);
    let bh: Vec<Points> = s.rows.iter().map(|r| r.tie_breaks.buchholz).collect();
    assert_eq!(bh, [5.0, 3.5, 3.0, 6.0, 4.0, 5.5].map(pts).to_vec());
    assert_eq!(s.playoffs.len(), 1);
    assert_eq!(s.playoffs[0].players, [C, A]);
    assert_eq!(s.playoffs[0].place, 1);
    assert_eq!(
        s.playoff_pairings(),
        vec![Pairing::game(4, 1, C, A), Pairing::game(5, 1, A, C)]
    );
    assert_eq!(
        s.row(E).unwrap().decided_by,
        Decider::TieBreak(TieBreak::Buchholz)
    );
    assert_eq!(s.row(E).unwrap().place, 3);
    assert_eq!(
        s.row(D).unwrap().decided_by,
        Decider::TieBreak(TieBreak::Buchholz)
    );

    // A wins the play-off: gold for A, silver for C, bronze still E.
    let po = [game(4, 1, C, A, 0.0), game(5, 1, A, C, 0.5)];
    let s = Standings::compute(&players(6), &games, &po, &config).unwrap();
    assert_eq!(s.order(), vec![A, C, E, D, B, F]);
    assert_eq!(s.rows[0].decided_by, Decider::Playoff);
    assert_eq!(s.rows[1].decided_by, Decider::Playoff);
    assert_eq!(s.rows[2].decided_by, Decider::TieBreak(TieBreak::Buchholz));
    assert_eq!(s.playoffs[0].half_points, [1, 3]);
}

#[test]
fn codecup_irregular_losses_break_the_tie() {
    // CodeCup 2005 scores: win 12, draws by pieces 3-1 or 2-2, loss 0.
    let score = |a: i64, b: i64| [Points::from_int(a), Points::from_int(b)];
    let g = |round, board, first, second, result: GameResult| {
        Game::new(Pairing::game(round, board, first, second), result)
    };
    let games = vec![
        g(1, 1, A, B, GameResult::win(0).with_game_score(score(12, 0))),
        g(1, 2, C, D, GameResult::draw().with_game_score(score(3, 1))),
        // A crashes against C.
        g(
            2,
            1,
            A,
            C,
            GameResult::irregular_loss(0, "crash").with_game_score(score(0, 12)),
        ),
        g(2, 2, B, D, GameResult::win(0).with_game_score(score(12, 0))),
        g(3, 1, A, D, GameResult::win(0).with_game_score(score(12, 0))),
        // C times out against B.
        g(
            3,
            2,
            B,
            C,
            GameResult::irregular_loss(1, "time-out").with_game_score(score(12, 0)),
        ),
    ];
    let config = StandingsConfig {
        points: PointsScheme::codecup_2005(),
        tie_breaks: vec![TieBreak::IrregularLosses, TieBreak::SonnebornBerger],
        medal_playoffs: false,
        lots_seed: 0,
    };
    let s = Standings::compute(&players(4), &games, &[], &config).unwrap();
    // A: 12 + 0 + 12 = 24 (1 irregular loss); B: 0 + 12 + 12 = 24 (none);
    // C: 3 + 12 + 0 = 15 (1); D: 1 + 0 + 0 = 1.
    assert_eq!(s.order(), vec![B, A, C, D]);
    let points: Vec<Points> = s.rows.iter().map(|r| r.points).collect();
    assert_eq!(points, [24, 24, 15, 1].map(Points::from_int).to_vec());
    assert_eq!(
        s.rows[0].decided_by,
        Decider::TieBreak(TieBreak::IrregularLosses)
    );
    assert_eq!(s.rows[1].tie_breaks.irregular_losses, 1);
    assert_eq!(s.rows[0].tie_breaks.irregular_losses, 0);
    let counts = termination_counts(&games);
    assert_eq!(counts["normal"], 4);
    assert_eq!(counts["crash"], 1);
    assert_eq!(counts["time-out"], 1);
}

#[test]
fn byes_count_as_games_against_a_virtual_opponent_with_the_own_score() {
    let games = vec![
        game(1, 1, A, B, 1.0),
        Game::bye(1, C),
        game(2, 1, C, A, 0.5),
        Game::bye(2, B),
    ];
    let s = Standings::compute(&players(3), &games, &[], &StandingsConfig::default()).unwrap();
    // A 1.5, C 1.5 (bye 1 + draw), B 1 (bye).
    let c = s.row(C).unwrap();
    assert_eq!(c.points, pts(1.5));
    assert_eq!(c.byes, 1);
    assert_eq!(c.games, 1);
    // Buchholz of C: A's 1.5 + its own 1.5 for the bye.
    assert_eq!(c.tie_breaks.buchholz, pts(3.0));
    // Buchholz of A: B's 1 + C's 1.5.
    assert_eq!(s.row(A).unwrap().tie_breaks.buchholz, pts(2.5));
    assert!(!termination_counts(&games).contains_key("bye"));
}

#[test]
fn unknown_players_and_bad_results_are_errors() {
    let games = vec![game(1, 1, A, PlayerId(9), 1.0)];
    assert!(Standings::compute(&players(2), &games, &[], &StandingsConfig::default()).is_err());
    let mut bad = game(1, 1, A, B, 1.0);
    bad.result.ranking = vec![Points::from_int(2); 2];
    assert!(Standings::compute(&players(2), &[bad], &[], &StandingsConfig::default()).is_err());
}

#[test]
fn fully_tied_places_are_shared() {
    let games = vec![game(1, 1, A, B, 0.5)];
    let config = StandingsConfig {
        medal_playoffs: false,
        ..StandingsConfig::default()
    };
    let s = Standings::compute(&players(2), &games, &[], &config).unwrap();
    assert!(s.rows.iter().all(|r| r.place == 1 && r.place_to == 2));
    assert!(s.rows.iter().all(|r| r.decided_by == Decider::Shared));
}

#[test]
fn lots_pick_the_play_off_pair_when_the_tie_breaks_cannot() {
    // A, B, C draw each other and all beat D: three tied for gold, equal Buchholz.
    let games = vec![
        game(1, 1, A, B, 0.5),
        game(1, 2, C, D, 1.0),
        game(2, 1, B, C, 0.5),
        game(2, 2, A, D, 1.0),
        game(3, 1, C, A, 0.5),
        game(3, 2, B, D, 1.0),
    ];
    let mut pairs = std::collections::BTreeSet::new();
    for seed in 0..20 {
        let config = StandingsConfig {
            tie_breaks: vec![TieBreak::Buchholz],
            lots_seed: seed,
            ..StandingsConfig::default()
        };
        let s = Standings::compute(&players(4), &games, &[], &config).unwrap();
        assert_eq!(
            s,
            Standings::compute(&players(4), &games, &[], &config).unwrap()
        );
        assert_eq!(s.playoffs.len(), 1);
        let [x, y] = s.playoffs[0].players;
        pairs.insert((x.min(y), x.max(y)));
        let third = s.rows[2].clone();
        assert_eq!(third.decided_by, Decider::Lots);
        assert_eq!((third.place, third.place_to), (3, 3));
        assert_eq!(s.rows[3].player, D);
    }
    // Different seeds draw different pairs.
    assert!(pairs.len() > 1, "{pairs:?}");
}
