//! The FEN reader on arbitrary input: whatever is read writes back a text that reads as the
//! same pieces, whatever is refused says why.

use olympiad_core::fuzz::{self, Verdict, rejected};
use olympiad_pdn::Fen;

#[test]
fn fen_texts() {
    let examples = [
        "W:W31-50:B1-20",
        "B:WK30,31,32:BK1,2,3.",
        "W:B12,13,14,16,18,19,21,23,24,26:W25,27,28,30,32,33,34,35,37,38",
        "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12",
    ]
    .map(String::from);
    for squares in [32, 50] {
        fuzz::run(
            "pdn fen",
            &examples,
            "WBwbKk:,-. 0123456789",
            |text| match Fen::read(text, squares) {
                Ok(fen) => match Fen::read(&fen.text(), squares) {
                    Ok(back) if back == fen => Ok(Verdict::Accepted),
                    other => Err(format!("{:?} reads back as {other:?}", fen.text())),
                },
                Err(e) => rejected(&e),
            },
        );
    }
}
