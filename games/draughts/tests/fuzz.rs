//! Draughts' PDN text on arbitrary input, with and without the rule tokens: position texts
//! and move texts (steps, short captures and the full form naming every piece taken)
//! mutated from random playouts; whatever is read passes the conformance checks, whatever is
//! refused says why.

use olympiad_core::{Notation, fuzz};
use olympiad_draughts::Position;

#[test]
fn positions_and_moves() {
    let starts = [
        Position::start(),
        Position::start_with(false),
        // Kings among men, where captures are long and the full form shows up.
        Position::parse_position("W:WK46,K3,31,32,33,38,39:B12,13,17,18,22,23,27,28,K50").unwrap(),
        Position::parse_position("B:WK1,K2,K3:BK50 ending=12 quiet=7").unwrap(),
    ];
    fuzz::notation(
        "draughts",
        &starts,
        "WBwbKk:,-x. 0123456789 draws=offquiet=ending=",
        |_| None,
    );
}
