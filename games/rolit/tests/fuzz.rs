//! Rolit's text on arbitrary input, for 2, 3 and 4 players: position texts and move texts
//! mutated from random playouts; whatever is read passes the conformance checks, whatever is
//! refused says why, at a character of the input.

use olympiad_core::fuzz;
use olympiad_rolit::{Position, TextError};

#[test]
fn positions_and_moves() {
    let starts = [2, 3, 4].map(Position::start_with);
    fuzz::notation("rolit", &starts, ".12345 0689", |e| match e {
        TextError::Position { column, .. } => Some(*column),
        TextError::Move(_) => None,
    });
}
