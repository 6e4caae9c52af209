//! Clobber's text on arbitrary input: position texts and move texts mutated from random
//! playouts on several board sizes; whatever is read passes the conformance checks,
//! whatever is refused says why.

use olympiad_clobber::Position;
use olympiad_core::fuzz;

#[test]
fn positions_and_moves() {
    let starts = [(10, 10), (5, 6), (2, 3), (11, 11)].map(|(r, c)| Position::start(r, c).unwrap());
    fuzz::notation("clobber", &starts, "xo.XO/ abcdefghijk0123456789", |_| None);
}
