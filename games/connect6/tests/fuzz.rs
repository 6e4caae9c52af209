//! Connect6 text on arbitrary input: positions and turns mutated from random playouts,
//! through the game's notation; whatever is read passes the conformance checks or reads
//! back as the same turn, whatever is refused says why. Small boards: the checks look at
//! every pair of every position read, and 19x19 has 64,620 of them.

use olympiad_connect6::Position;
use olympiad_core::fuzz;

#[test]
fn positions_and_turns_through_the_notation() {
    let starts = [
        Position::new(7).unwrap(),
        Position::new(6).unwrap(),
        Position::new(3).unwrap(),
    ];
    fuzz::notation("connect6", &starts, "xo./ ABCDEFGHJKT1234567890", |_| None);
}
