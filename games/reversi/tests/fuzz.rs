//! Reversi's text on arbitrary input: position texts and move texts (squares and `pass`)
//! mutated from random playouts; whatever is read passes the conformance checks, whatever is
//! refused says why.

use olympiad_core::fuzz;
use olympiad_reversi::Position;

#[test]
fn positions_and_moves() {
    fuzz::notation(
        "reversi",
        &[Position::start()],
        "XO-xo*BWbw.abcdefgh12345678pass ",
        |_| None,
    );
}
