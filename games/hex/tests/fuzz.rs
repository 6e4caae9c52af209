//! Hex text on arbitrary input: positions and moves mutated from random playouts, through
//! the game's notation; whatever is read passes the conformance checks or reads back as the
//! same move, whatever is refused says why.

use olympiad_core::fuzz;
use olympiad_hex::Position;

#[test]
fn positions_and_moves_through_the_notation() {
    let starts = [
        Position::start11(),
        Position::new(3, true).unwrap(),
        Position::new(19, false).unwrap(),
    ];
    fuzz::notation("hex", &starts, "xo./ -swapednoabck1234567890", |_| None);
}
