//! LOA's text on arbitrary input: position texts and move texts mutated from random
//! playouts; whatever is read passes the conformance checks, whatever is refused says why.

use olympiad_core::{Notation, fuzz};
use olympiad_loa::Position;

#[test]
fn positions_and_moves() {
    let blocked = "xo....ox/oo....oo/......../......../......../......../......../........ x";
    let starts = [
        Position::start(),
        Position::parse_position(blocked).unwrap(),
    ];
    fuzz::notation("loa", &starts, "xo./ abcdefghi0123456789-pas", |_| None);
}
