//! The core conformance suite on random playouts of several board sizes and both rules.

use olympiad_core::Describe;
use olympiad_core::conformance::Playouts;
use olympiad_go::{Position, Repetition};

#[test]
fn suite_on_playouts() {
    for (k, size) in [9, 5, 2, 13].into_iter().enumerate() {
        for rule in Repetition::ALL {
            let start = Position::new(size, 15, rule).unwrap();
            let stats = Playouts::new(5_000).seed(k as u64).run(
                &start,
                |p, moves, rng| p.playout_move(moves, rng),
                |_| {},
            );
            println!("{size} {rule:?} {stats:?}");
        }
    }
}
