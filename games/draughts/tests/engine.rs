//! The engine against the rules: along random games it only ever plays legal moves (the
//! maximum capture among them), and where captures of different sizes exist it takes the
//! largest.

use olympiad_core::{Game, Notation, SplitMix64};
use olympiad_draughts::{ENGINES, Position};
use olympiad_search::engine::{Clocked, Options, ThinkTime};

fn engine(options: &str) -> Clocked<Position> {
    Clocked::new(&ENGINES[0], &Options::parse(options).unwrap(), 0).unwrap()
}

#[test]
fn plays_only_legal_moves_along_random_games() {
    let mut rng = SplitMix64::new(2026);
    let mut engine = engine("depth=3");
    let mut asked = 0;
    for _ in 0..12 {
        let mut pos = Position::start();
        while pos.outcome().is_none() {
            let legal = pos.legal_moves();
            let mv = if rng.below(2) == 0 {
                let choice = engine.choose(&pos, &ThinkTime::default(), &mut ()).unwrap();
                assert!(
                    legal.contains(&choice.mv),
                    "{} is not legal in {}",
                    pos.format_move(choice.mv),
                    pos.position_text()
                );
                asked += 1;
                choice.mv
            } else {
                legal[rng.below(legal.len())]
            };
            pos.play(mv);
        }
    }
    assert!(asked > 200, "only {asked} moves asked");
}

#[test]
fn takes_the_maximum_capture() {
    // White's king on 46 can take one man (on 41) or, from 50, the men on 44, 33 and 22
    // (three); the man on 37 can take 32. Only the three-piece capture is legal.
    let pos = Position::parse_position("W:W37,K46,K50:B22,32,33,41,44,5").unwrap();
    let most = pos
        .legal_moves()
        .iter()
        .map(|m| m.captures())
        .max()
        .unwrap();
    assert_eq!(most, 3);
    let choice = engine("depth=4")
        .choose(&pos, &ThinkTime::default(), &mut ())
        .unwrap();
    assert_eq!(choice.mv.captures(), 3, "{}", pos.format_move(choice.mv));
    assert!(pos.legal_moves().contains(&choice.mv));
}
