//! Go's text on arbitrary input: position texts and move texts mutated from random
//! playouts on several board sizes and both rules; whatever is read passes the conformance
//! checks, whatever is refused says why.

use olympiad_core::fuzz;
use olympiad_go::{Position, Repetition};

#[test]
fn positions_and_moves() {
    let starts = [
        Position::new(9, 15, Repetition::Superko).unwrap(),
        Position::new(5, 0, Repetition::Icga).unwrap(),
        Position::new(2, -3, Repetition::Superko).unwrap(),
        Position::new(19, 13, Repetition::Icga).unwrap(),
    ];
    fuzz::notation(
        "go",
        &starts,
        "xo.XO/ bw012-ABCDEFGHJKT0123456789.5 superkoicgacycle",
        |_| None,
    );
}
