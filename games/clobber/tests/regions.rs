//! The regions against brute force: on small boards after random moves, the regions hold
//! every stone that can still move and every move lies inside one region; a region's class
//! is the whole-board solve of that region alone with each side first; and whenever the
//! rules of sums give a verdict, a whole-board solve agrees.

use olympiad_clobber::regions::{Class, Regions, Verdict, regions};
use olympiad_clobber::{Color, Position};
use olympiad_core::{Game, Notation, SplitMix64};
use std::collections::HashMap;

/// Whether the side to move loses `pos` with perfect play (a side that cannot move loses:
/// every move, none at all included, leads to a position the opponent wins), searched on
/// the whole board; `known` keeps positions by their text.
fn loses(pos: &Position, known: &mut HashMap<String, bool>) -> bool {
    let text = pos.position_text();
    if let Some(&lost) = known.get(&text) {
        return lost;
    }
    let lost = pos
        .legal_moves()
        .iter()
        .all(|&mv| !loses(&pos.after(mv), known));
    known.insert(text, lost);
    lost
}

/// Positions some random moves into games on small boards, Black or White to move.
fn positions() -> Vec<Position> {
    let mut out = Vec::new();
    for (rows, columns) in [(3, 4), (4, 4), (3, 5), (4, 5)] {
        for seed in 0..120u64 {
            let mut rng = SplitMix64::new(seed);
            let mut pos = Position::start(rows, columns).unwrap();
            for _ in 0..2 + rng.below(8) {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                pos.play(moves[rng.below(moves.len())]);
            }
            out.push(pos);
        }
    }
    out
}

/// The stones with an orthogonal enemy neighbour, found square by square.
fn stones_with_a_move(pos: &Position) -> u128 {
    let mut out = 0;
    for mv in pos.legal_moves().iter() {
        out |= 1u128 << mv.from;
    }
    let turned = Position::from_parts(
        pos.rows(),
        pos.columns(),
        pos.stones(Color::Black),
        pos.stones(Color::White),
        pos.side_to_move().other(),
    )
    .unwrap();
    for mv in turned.legal_moves().iter() {
        out |= 1u128 << mv.from;
    }
    out
}

#[test]
fn regions_split_the_stones_that_play_and_hold_every_move_whole() {
    for pos in positions() {
        let mut found = Vec::new();
        regions(&pos, |region| found.push(region));
        let mut union = 0u128;
        for region in &found {
            let squares = region.black | region.white;
            assert_eq!(union & squares, 0, "{pos:?}: two regions share a square");
            assert!(region.black != 0 && region.white != 0);
            union |= squares;
        }
        let playing = stones_with_a_move(&pos);
        assert_eq!(
            playing & !union,
            0,
            "{pos:?}: a stone with a move is in no region"
        );
        for mv in pos.legal_moves().iter() {
            let inside = found.iter().filter(|r| {
                let squares = r.black | r.white;
                squares & (1u128 << mv.from) != 0 && squares & (1u128 << mv.to) != 0
            });
            assert_eq!(
                inside.count(),
                1,
                "{pos:?}: move {mv:?} is in no one region"
            );
        }
    }
}

#[test]
fn a_region_class_is_the_solve_of_that_region_alone() {
    let mut solver = Regions::new();
    let mut classes = [0; 4];
    for pos in positions() {
        regions(&pos, |region| {
            let Some(class) = solver.class(&pos, region) else {
                return;
            };
            let alone = |side| {
                Position::from_parts(pos.rows(), pos.columns(), region.black, region.white, side)
                    .unwrap()
            };
            let mut seen = HashMap::new();
            let black_first = !loses(&alone(Color::Black), &mut seen);
            let white_first = !loses(&alone(Color::White), &mut seen);
            let expected = match (black_first, white_first) {
                (true, true) => Class::First,
                (false, false) => Class::Second,
                (true, false) => Class::Black,
                (false, true) => Class::White,
            };
            assert_eq!(class, expected, "{pos:?}: region {region:?}");
            classes[class as usize] += 1;
        });
    }
    assert!(
        classes.iter().all(|&n| n > 0),
        "every class occurs among the regions: {classes:?}"
    );
}

#[test]
fn the_verdict_of_the_sum_is_the_whole_board_solve() {
    let mut solver = Regions::new();
    let (mut decided, mut several) = (0, 0);
    for pos in positions() {
        let Verdict::Won(winner) = solver.verdict(&pos) else {
            continue;
        };
        let mut seen = HashMap::new();
        let mover_wins = !loses(&pos, &mut seen);
        let expected = if mover_wins {
            pos.side_to_move()
        } else {
            pos.side_to_move().other()
        };
        assert_eq!(winner, expected, "{pos:?}: the sum's verdict is wrong");
        decided += 1;
        let mut count = 0;
        regions(&pos, |_| count += 1);
        if count > 1 {
            several += 1;
        }
    }
    assert!(
        decided > 100 && several > 10,
        "only {decided} verdicts, {several} on sums of several regions"
    );
}
