//! Hex text on arbitrary input: positions and moves mutated from random playouts, through
//! the game's notation; whatever is read passes the conformance checks or reads back as the
//! same move, whatever is refused says why. Hex SGF files mutated from written records:
//! every game read replays legally.

use olympiad_core::fuzz::{self, Verdict};
use olympiad_core::{Game, SplitMix64};
use olympiad_hex::Position;
use olympiad_hex::sgf::{self, End, SgfRecord};

#[test]
fn positions_and_moves_through_the_notation() {
    let starts = [
        Position::start11(),
        Position::new(3, true).unwrap(),
        Position::new(19, false).unwrap(),
    ];
    fuzz::notation("hex", &starts, "xo./ -swapednoabck1234567890", |_| None);
}

#[test]
fn sgf_files_read_as_legal_games_or_say_where_not() {
    let start = Position::new(5, true).unwrap();
    let mut rng = SplitMix64::new(11);
    let examples: Vec<String> = (0..3)
        .map(|_| {
            let mut pos = start.clone();
            let mut moves = Vec::new();
            while pos.outcome().is_none() {
                let legal = pos.legal_moves();
                let mv = legal[rng.below(legal.len())];
                moves.push((mv, None, None));
                pos.play(mv);
            }
            sgf::write(&SgfRecord {
                players: ["b", "w"],
                event: None,
                date: None,
                round: None,
                start: &start,
                moves,
                winner: pos.winner().map(|c| Some(c as usize)),
                end: End::Score,
                reason: None,
            })
        })
        .chain(["(;GM[11]SZ[5]AB[a1][c3]AW[b2]PL[W];W[swap-pieces];B[e5])".to_string()])
        .collect();
    let stats = fuzz::run(
        "hex sgf",
        &examples,
        "();[]BWABLPRGMSZaceik:-\\ \n15",
        |text| match sgf::read(text, &start) {
            Ok(games) => {
                for g in &games {
                    let mut pos = g.start.clone();
                    for &m in &g.moves {
                        if !pos.is_legal(m) {
                            return Err(format!("an illegal move read: {m:?}"));
                        }
                        pos.play(m);
                    }
                }
                Ok(Verdict::Accepted)
            }
            Err(e) => fuzz::rejected(&e),
        },
    );
    assert!(stats.accepted > 0, "{stats:?}");
}
