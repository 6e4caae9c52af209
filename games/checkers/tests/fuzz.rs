//! Checkers' PDN text on arbitrary input, with and without the rule tokens: position texts
//! and move texts mutated from random playouts; whatever is read passes the conformance
//! checks, whatever is refused says why.

use olympiad_checkers::{Position, Rules};
use olympiad_core::fuzz;

#[test]
fn positions_and_moves() {
    let starts = [
        Position::start(),
        Position::start_with(Rules::TOURNAMENT),
        Position::start_with(Rules {
            merge_duplicate_captures: false,
            draw_moves: 127,
        }),
    ];
    fuzz::notation(
        "checkers",
        &starts,
        "BWbwKk:,-x.0123456789 merge-duplicatesdraw=quiet=",
        |_| None,
    );
}
