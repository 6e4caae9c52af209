//! Caïssa's text on arbitrary input: position texts and move texts mutated from random
//! playouts; whatever is read passes the conformance checks, whatever is refused says why,
//! at a character of the input.

use olympiad_caissa::Position;
use olympiad_caissa::text::TextError;
use olympiad_core::fuzz;

#[test]
fn positions_and_moves() {
    fuzz::notation(
        "caissa",
        &[Position::start()],
        "QRBNqrbn.xX/wb-0123456789abcdefg ",
        |e| match e {
            TextError::Position { column, .. } => Some(*column),
            _ => None,
        },
    );
}
