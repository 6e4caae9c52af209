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

#[test]
fn opening_books() {
    use olympiad_caissa::engine::book::{self, BOOK_TEXT};
    let mut examples = vec![BOOK_TEXT.to_string()];
    examples.extend(BOOK_TEXT.lines().take(12).map(str::to_string));
    let stats = fuzz::run(
        "caissa book",
        &examples,
        "abcdefg1234567-: #\n",
        |text| match book::parse(text) {
            Ok(entries) => match book::parse(&book::format(&entries, "again")) {
                Ok(again) if again == entries => Ok(fuzz::Verdict::Accepted),
                other => Err(format!("written and read again: {other:?}")),
            },
            Err(e) => {
                fuzz::within(text, e.line, 1)?;
                fuzz::rejected(&e)
            }
        },
    );
    assert!(stats.accepted > examples.len(), "{stats:?}");
}
