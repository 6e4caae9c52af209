//! The alpha-beta engine: it plays a move that joins its pieces whenever one exists (on
//! positions of random games, found here by trying every move; the search scores a join
//! at depth 1 above any evaluation), it never plays an illegal
//! move, and it beats a random mover with either colour.

use olympiad_core::{Game, Seat, SplitMix64};
use olympiad_loa::{Color, ENGINES, End, Position};
use olympiad_search::Limits;
use olympiad_search::engine::{Engine, Options};

/// Games against the random mover (seats alternate).
const GAMES: u64 = 10;
/// The longest game against the random mover, in plies (a draw if reached).
const MAX_PLIES: usize = 400;

fn engine(options: &str) -> Box<dyn Engine<Position>> {
    (ENGINES[0].create)(&Options::parse(options).unwrap(), 0).unwrap()
}

/// Whether `mv` joins the mover's pieces at once.
fn joins(pos: &Position, mv: olympiad_loa::Move) -> bool {
    pos.after(mv).end() == Some(End::Connected(pos.side_to_move()))
}

#[test]
fn it_plays_a_joining_move_whenever_there_is_one() {
    let mut engine = engine("hash=4");
    let mut checked = 0;
    for seed in 0..400u64 {
        let mut rng = SplitMix64::new(seed);
        let mut pos = Position::start();
        loop {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            if moves.iter().any(|&mv| joins(&pos, mv)) && moves.len() > 1 {
                let choice = engine.choose(&pos, &Limits::depth(2), &mut ()).unwrap();
                assert!(
                    joins(&pos, choice.mv),
                    "seed {seed}: {pos:?} has a joining move, the engine played {:?}",
                    choice.mv
                );
                checked += 1;
                break;
            }
            pos.play(moves[rng.below(moves.len())]);
        }
    }
    assert!(
        checked > 100,
        "only {checked} positions with a joining move"
    );
}

#[test]
fn it_beats_a_random_mover_with_either_colour_and_plays_only_legal_moves() {
    let mut wins = 0;
    for game in 0..GAMES {
        let mut engine = engine("hash=4");
        let mut rng = SplitMix64::new(game);
        let engine_side = [Color::Black, Color::White][game as usize % 2];
        let mut pos = Position::start();
        for _ in 0..MAX_PLIES {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mv = if pos.side_to_move() == engine_side {
                engine.choose(&pos, &Limits::depth(2), &mut ()).unwrap().mv
            } else {
                moves[rng.below(moves.len())]
            };
            assert!(moves.contains(&mv), "game {game}: {mv:?} is not legal");
            pos.play(mv);
        }
        if pos.outcome().and_then(|o| o.winner()) == Some(Seat(engine_side as u8)) {
            wins += 1;
        }
    }
    assert_eq!(wins, GAMES, "the engine lost or drew against random moves");
    assert!(
        (ENGINES[0].create)(&Options::parse("hash=99999").unwrap(), 0).is_err(),
        "a table too large is refused"
    );
}
