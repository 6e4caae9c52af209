//! TRF16 export: the columns of the `001` lines, byes, ranks and the header lines, on a
//! small Swiss written by hand and on one paired by our engine.

use olympiad_tournament::{
    Game, GameResult, Pairing, PlayerId, Standings, StandingsConfig, export_trf, swiss_round,
};

#[test]
fn a_hand_written_swiss_exports_column_exact() {
    let p: Vec<PlayerId> = (0..3).map(PlayerId).collect();
    let names: Vec<String> = ["alpha", "beta", "gamma"].map(String::from).to_vec();
    let games = vec![
        Game::new(Pairing::game(1, 1, p[0], p[1]), GameResult::win(0)),
        Game::bye(1, p[2]),
        Game::new(Pairing::game(2, 1, p[2], p[0]), GameResult::draw()),
        Game::bye(2, p[1]),
    ];
    let standings = Standings::compute(&p, &games, &[], &StandingsConfig::default()).unwrap();
    let trf = export_trf("Test", &p, &names, &games, 3, &standings).unwrap();
    let lines: Vec<&str> = trf.lines().collect();
    assert_eq!(lines[0], "012 Test");
    assert_eq!(lines[1], "062 3");
    assert!(lines.contains(&"XXR 3"));
    assert!(lines.contains(&"XXC white1"));
    let alpha = lines.iter().find(|l| l.starts_with("001    1")).unwrap();
    // Columns (1-based): 15 name, 49-52 rating, 81-84 points, 86-89 rank, 92.. rounds.
    assert_eq!(&alpha[14..19], "alpha");
    assert_eq!(&alpha[48..52], "   0");
    assert_eq!(&alpha[80..84], " 1.5");
    assert_eq!(&alpha[91..99], "0002 w 1");
    assert_eq!(&alpha[101..109], "0003 b =");
    let gamma = lines.iter().find(|l| l.starts_with("001    3")).unwrap();
    assert_eq!(&gamma[91..99], "0000 - U");
    assert_eq!(&gamma[80..84], " 1.5");
    let beta = lines.iter().find(|l| l.starts_with("001    2")).unwrap();
    assert_eq!(&beta[80..89], " 1.0    3");
    assert_eq!(&beta[91..109], "0001 b 0  0000 - U");
    // Ranks: alpha and gamma share 1.5; rank column repeats the place.
    let rank = |l: &str| l[85..89].trim().parse::<u32>().unwrap();
    assert!(rank(alpha) <= 2 && rank(gamma) <= 2);
}

#[test]
fn a_paired_swiss_exports_every_round() {
    let p: Vec<PlayerId> = (0..7).map(PlayerId).collect();
    let names: Vec<String> = (0..7).map(|i| format!("engine {i}")).collect();
    let mut games = Vec::new();
    for round in 1..=4 {
        for pairing in swiss_round(&p, &games, round, 9).unwrap() {
            let result = if pairing.is_bye() {
                GameResult::bye()
            } else {
                GameResult::win(usize::from(pairing.first() > pairing.second().unwrap()))
            };
            games.push(Game::new(pairing, result));
        }
    }
    let standings = Standings::compute(&p, &games, &[], &StandingsConfig::default()).unwrap();
    let trf = export_trf("Swiss", &p, &names, &games, 4, &standings).unwrap();
    let players: Vec<&str> = trf.lines().filter(|l| l.starts_with("001")).collect();
    assert_eq!(players.len(), 7);
    for line in players {
        assert_eq!(line.len(), 91 + 10 * 3 + 8, "{line}");
        // Every round has a result code.
        for r in 0..4 {
            let cell = &line[91 + 10 * r..99 + 10 * r];
            assert!(cell.ends_with(['1', '0', '=', 'U']), "{cell}");
        }
    }
    // Two games for one player in one round cannot be written.
    let mut doubled = games.clone();
    doubled.push(Game::new(
        Pairing::game(1, 9, p[0], p[6]),
        GameResult::draw(),
    ));
    assert!(export_trf("x", &p, &names, &doubled, 4, &standings).is_err());
}
