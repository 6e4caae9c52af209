//! The alpha-beta engine: on small boards, searched to the end, it always plays a winning
//! move when the position has one (checked against an exhaustive solver written here), and
//! it never plays an illegal move.

use olympiad_clobber::{Color, ENGINES, Position};
use olympiad_core::{Game, SplitMix64};
use olympiad_search::Limits;
use olympiad_search::engine::Options;

/// Whether the side to move wins with perfect play (a side that cannot move loses).
fn wins(pos: &Position) -> bool {
    pos.legal_moves().iter().any(|&mv| !wins(&pos.after(mv)))
}

#[test]
fn searched_to_the_end_it_plays_a_winning_move_when_there_is_one() {
    let mut checked = 0;
    for (rows, columns) in [(2, 3), (3, 3), (2, 4)] {
        // One engine per board, as in a match (its table keys positions by their stones,
        // which mean other squares on a board of another width).
        let mut engine = (ENGINES[0].create)(&Options::parse("").unwrap(), 0).unwrap();
        for seed in 0..60u64 {
            // A position some random moves into a game.
            let mut rng = SplitMix64::new(seed);
            let mut pos = Position::start(rows, columns).unwrap();
            for _ in 0..rng.below(3) {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                pos.play(moves[rng.below(moves.len())]);
            }
            if pos.legal_moves().len() < 2 || !wins(&pos) {
                continue;
            }
            let choice = engine.choose(&pos, &Limits::depth(20), &mut ()).unwrap();
            assert!(pos.legal_moves().contains(&choice.mv));
            assert!(
                !wins(&pos.after(choice.mv)),
                "{rows}x{columns} seed {seed}: {pos:?} has a winning move, the engine played another"
            );
            checked += 1;
        }
    }
    assert!(
        checked > 30,
        "only {checked} positions with a choice and a win"
    );
}

#[test]
fn it_plays_legal_moves_through_whole_games() {
    let mut engine = (ENGINES[0].create)(&Options::parse("hash=1").unwrap(), 0).unwrap();
    for seed in 0..4u64 {
        let mut rng = SplitMix64::new(seed);
        let mut pos = Position::start(6, 6).unwrap();
        // The engine plays Black in even games, White in odd ones; random the other side.
        let engine_side = [Color::Black, Color::White][seed as usize % 2];
        while !pos.legal_moves().is_empty() {
            let mv = if pos.side_to_move() == engine_side {
                engine.choose(&pos, &Limits::depth(2), &mut ()).unwrap().mv
            } else {
                let moves = pos.legal_moves();
                moves[rng.below(moves.len())]
            };
            assert!(pos.legal_moves().contains(&mv));
            pos.play(mv);
        }
    }
    assert!(
        (ENGINES[0].create)(&Options::parse("hash=99999").unwrap(), 0).is_err(),
        "a table too large is refused"
    );
}
