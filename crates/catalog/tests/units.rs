//! Perft cut into units (as text) and counted unit by unit equals perft in one piece, for
//! every game of the catalog, with and without divide, with and without a table.

use olympiad_catalog::{PerftOptions, Setup, UnitOptions, default_games, find_game};

fn games() -> Vec<&'static olympiad_catalog::GameEntry> {
    let mut games = default_games();
    games.push(find_game("rolit3").unwrap());
    games.push(find_game("clobber(rows=5,columns=6)").unwrap());
    games
}

#[test]
fn units_count_what_perft_counts() {
    let setup = Setup::default();
    for game in games() {
        let tools = game.tools();
        // Clobber's 10x10 start has about 180 moves: three plies of units is as far as a
        // test goes; `Some(9)` (past the depth) only where it means two plies.
        for depth in 0..=3 {
            // Units hold the positions at their split: stop where a game's tree is too
            // wide for a test (Connect6's two plies are 23 million positions).
            let nodes = tools
                .perft(&setup, depth, &PerftOptions::default())
                .unwrap()
                .nodes;
            if nodes > 10_000_000 {
                break;
            }
            let beyond = (depth <= 2).then_some(Some(9));
            for plies in [None, Some(0), Some(1), Some(2)].into_iter().chain(beyond) {
                for (divide, hash) in [(false, 0), (true, 1), (false, 1)] {
                    // Divide counts below each root move, so at depth 0 one per move.
                    let whole = tools
                        .perft(
                            &setup,
                            depth,
                            &PerftOptions {
                                divide,
                                ..PerftOptions::default()
                            },
                        )
                        .unwrap();
                    let options = UnitOptions {
                        plies,
                        target: 20,
                        divide,
                        game_over: None,
                    };
                    let units = tools.perft_units(&setup, depth, &options).unwrap();
                    let mut counter = tools.unit_counter(hash, None);
                    let counts = units.units.iter().map(|u| {
                        u.multiplicity * counter.count(&u.position, units.remaining).unwrap()
                    });
                    let totals = units.totals(counts.collect::<Vec<_>>());
                    let what = format!("{} d={depth} {plies:?} divide={divide}", game.name);
                    assert_eq!(totals.iter().sum::<u128>(), whole.nodes, "{what}");
                    if let Some(rows) = whole.divide {
                        let ours: Vec<(String, u128)> =
                            units.roots.iter().cloned().zip(totals).collect();
                        assert_eq!(ours, rows, "{what}");
                    } else {
                        assert!(units.roots.is_empty(), "{what}");
                    }
                    assert_eq!(
                        units.plies + units.remaining,
                        depth.max(u32::from(divide)),
                        "{what}"
                    );
                    let again = tools.perft_units(&setup, depth, &options).unwrap();
                    assert_eq!(again, units, "{what}: the units are deterministic");
                }
            }
        }
    }
}

#[test]
fn the_automatic_split_reaches_its_target() {
    let game = find_game("checkers").unwrap();
    let options = UnitOptions {
        target: 500,
        ..UnitOptions::default()
    };
    let units = game
        .tools()
        .perft_units(&Setup::default(), 12, &options)
        .unwrap();
    assert!(units.units.len() >= 500, "{} units", units.units.len());
    let fewer = UnitOptions {
        plies: Some(units.plies - 1),
        ..options
    };
    let coarser = game
        .tools()
        .perft_units(&Setup::default(), 12, &fewer)
        .unwrap();
    assert!(
        coarser.units.len() < 500,
        "the fewest plies that reach the target"
    );
}

#[test]
fn a_bad_unit_text_is_an_error() {
    let game = find_game("reversi").unwrap();
    let mut counter = game.tools().unit_counter(0, None);
    assert!(counter.count("not a position", 2).is_err());
}
