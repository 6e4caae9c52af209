//! Chess text on arbitrary input: FEN (standard and Chess960) and move texts mutated from
//! random playouts, through the game's notation (UCI or SAN) and through the SAN and UCI
//! readers on their own; whatever is read passes the conformance checks or reads back as
//! the same move, whatever is refused says why.

use olympiad_chess::Position;
use olympiad_core::fuzz::{self, Verdict};
use olympiad_core::{Game, SplitMix64};

/// Positions whose legal moves the SAN and UCI runs mutate.
const MOVE_POSITIONS: usize = 16;
/// Characters FEN, UCI and SAN are made of.
const ALPHABET: &str = "pnbrqkPNBRQK12345678/ wb-abcdefghABCDEFGHxO0=+#!?";

fn starts() -> Vec<Position> {
    vec![
        Position::start(),
        Position::start960(0),
        Position::start960(726),
        Position::from_fen(
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            false,
        )
        .unwrap(),
    ]
}

#[test]
fn fen_and_moves_through_the_notation() {
    fuzz::notation("chess", &starts(), ALPHABET, |_| None);
}

#[test]
fn san_and_uci_readers() {
    let positions = fuzz::playout_positions(&starts(), 400);
    let mut rng = SplitMix64::new(fuzz::seed());
    for _ in 0..MOVE_POSITIONS {
        let pos = &positions[rng.below(positions.len())];
        let moves = pos.legal_moves();
        if moves.is_empty() {
            continue;
        }
        let sans: Vec<String> = moves.iter().map(|&m| pos.san(m)).collect();
        let ucis: Vec<String> = moves.iter().map(|&m| pos.uci_move(m)).collect();
        let cases = fuzz::cases().div_ceil(MOVE_POSITIONS);
        let name = format!("chess SAN at {}", pos.fen());
        fuzz::Fuzz::new(&name, &sans, ALPHABET)
            .cases(cases)
            .run(|text| match pos.parse_san(text) {
                Ok(mv) if pos.parse_san(&pos.san(mv)) == Ok(mv) => Ok(Verdict::Accepted),
                Ok(mv) => Err(format!("{} does not read back", pos.san(mv))),
                Err(e) => fuzz::rejected(&e),
            });
        let name = format!("chess UCI at {}", pos.fen());
        fuzz::Fuzz::new(&name, &ucis, ALPHABET)
            .cases(cases)
            .run(|text| match pos.parse_uci(text) {
                Ok(mv) if pos.board().is_legal(mv) => Ok(Verdict::Accepted),
                Ok(mv) => Err(format!("{mv} read but not legal")),
                Err(e) => fuzz::rejected(&e),
            });
    }
}
