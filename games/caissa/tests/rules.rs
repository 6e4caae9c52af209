//! The spec's test vectors, the perft data file, and hand-made positions for each rule.

use olympiad_caissa::{Position, Rules, Stalemate, text};
use olympiad_core::perft::{GameOverLeaves, Perft, perft, perft_enumerated};
use olympiad_core::{Game, Notation};

fn moves_after(line: &str) -> (Position, Vec<String>) {
    let mut pos = Position::start();
    pos.play_line(line).unwrap();
    let mut moves = pos.legal_move_texts();
    moves.sort();
    (pos, moves)
}

/// `tests/start.perft`'s lines with a count of at most `max_count`.
fn perft_cases(max_count: u128) -> Vec<(Position, u32, u128)> {
    olympiad_core::conformance::perft_cases(include_str!("start.perft"), max_count)
}

#[test]
fn perft_data_file() {
    check_perft_cases(perft_cases(20_000_000));
}

#[test]
#[ignore = "slow: the deep counts of the data file; run with --ignored"]
fn perft_data_file_deep() {
    check_perft_cases(perft_cases(u128::MAX));
}

fn check_perft_cases(cases: Vec<(Position, u32, u128)>) {
    for (pos, depth, count) in cases {
        assert_eq!(perft(&pos, depth), count, "depth {depth}");
        let hashed = Perft {
            threads: 2,
            hash_mib: 8,
            game_over: GameOverLeaves::Zero,
        };
        assert_eq!(hashed.run(&pos, depth), count, "hashed, depth {depth}");
        if count < 1_000_000 {
            assert_eq!(perft_enumerated(&pos, depth, GameOverLeaves::Zero), count);
        }
    }
}

#[test]
fn the_26_first_moves() {
    let (_, moves) = moves_after("");
    let expect = "b2-a4 b2-c4 b2-d1 b2-d3 c2-a4 c2-b1 c2-c1 c2-d1 c2-d3 c2-g6 c3-a3 c3-b3 \
                  c3-c4 c3-c5 c3-c6 c3-c7 c3-d3 c3-e3 c3-f3 c3-g3 d2-c1 d2-c3 d2-e1 d2-e3 \
                  d2-f4 d2-g5";
    assert_eq!(
        moves.join(" "),
        expect.split_whitespace().collect::<Vec<_>>().join(" ")
    );
}

#[test]
fn probe_lines_of_the_spec() {
    let (pos, moves) = moves_after("b2-c4 e5-c5 c3-e3");
    assert!(pos.in_check());
    assert_eq!(moves.join(" "), "c5-e5 d6-e5 e6-d5 e6-d7 e6-f7 f6-e4");

    let (pos, moves) = moves_after("c3-b3 e5-e3 b3-e3");
    assert!(pos.in_check());
    assert_eq!(moves.join(" "), "d6-e5 e6-d5 e6-d7 e6-f7 f6-e4");
    let err = pos.clone().play_line("b3-e3").unwrap_err();
    assert_eq!(err.to_string(), "move 1 ('b3-e3'): illegal move 'b3-e3'");

    let (pos, moves) = moves_after("d2-g5 e5-e2");
    assert!(pos.in_check());
    assert_eq!(moves.join(" "), "c2-b1 c2-c1 c2-d1 c2-d3 g5-d2");

    let (pos, moves) = moves_after("c2-d3 e5-f5 b2-c4 f5-d5");
    assert!(pos.in_check());
    assert!(moves.is_empty());
    let outcome = pos.outcome().unwrap();
    assert_eq!(outcome.reason, "checkmate");
    assert_eq!(outcome.winner(), Some(olympiad_core::Seat(1)));
}

fn pos(text: &str) -> Position {
    Position::parse_position(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn sorted_moves(p: &Position) -> Vec<String> {
    let mut m = p.legal_move_texts();
    m.sort();
    m
}

#[test]
fn a_piece_onto_a_hole_carries_its_tile() {
    // White rook a4 with a hole on a5 (the hole is a destination, not a block).
    let mut p = pos(".q...../......./x....../R....../......./......./.....Q. w");
    assert!(sorted_moves(&p).contains(&"a4-a5".to_string()));
    assert!(
        sorted_moves(&p).contains(&"a4-a6".to_string()),
        "holes do not block"
    );
    p.play_line("a4-a5").unwrap();
    assert_eq!(
        text::position_text(&p),
        ".q...../......./R....../x....../......./......./.....Q. b - 1"
    );
}

#[test]
fn a_queen_move_sinks_her_tile_and_must_not_split_the_tiles() {
    let mut p = pos("q....../......./......./......./......./......./.....Q. w");
    p.play_line("f1-e1").unwrap();
    assert!(text::position_text(&p).ends_with("/....Qx. b - 1"));
    // Queen d1 is the only bridge between two groups of tiles: she may not move, the
    // knight may.
    let bridge = pos("xxxxxxx/xxxxxxx/xxxxxxx/xxxxxxx/xxxxxxx/q.xxx../...Q..N w");
    let moves = sorted_moves(&bridge);
    assert!(moves.iter().all(|m| !m.starts_with("d1")), "{moves:?}");
    assert!(moves.contains(&"g1-f3".to_string()), "{moves:?}");
}

#[test]
fn a_move_that_splits_the_tiles_is_illegal() {
    // The rook on d4 is the only tile linking the two halves; moving it onto a hole
    // elsewhere would leave its square as a hole.
    let p = pos("..qxxxx/...xxxx/...xxxx/xxxRxxx/xxxx.../xxxx.../xxxx..Q w");
    let moves = sorted_moves(&p);
    assert!(moves.iter().all(|m| !m.starts_with("d4")), "{moves:?}");
}

#[test]
fn exchanges() {
    // White rook c3 and knight c5 on the c-file: the rook may swap with the knight
    // (friendly) or with Black's bishop on e3 (enemy).
    let mut p = pos("q....../......./..N..../......./..R.b../......./.....Q. w");
    let moves = sorted_moves(&p);
    assert!(moves.contains(&"c3-c5".to_string()));
    assert!(moves.contains(&"c3-e3".to_string()));
    p.play_line("c3-e3").unwrap();
    assert_eq!(
        text::position_text(&p),
        "q....../......./..N..../......./..b.R../......./.....Q. b c3-e3 1"
    );
    // Black may not exchange straight back with the same squares.
    assert!(!sorted_moves(&p).contains(&"c3-e3".to_string()));
    // A queen cannot be a rook's destination.
    let q = pos("q....../......./......./......./..R...Q/......./....... w");
    assert!(!sorted_moves(&q).contains(&"c3-g3".to_string()));
}

#[test]
fn a_queen_in_check_moves_one_step() {
    let p = pos("q....../......./......./..Q...r/......./......./....... w");
    assert!(p.in_check());
    for m in sorted_moves(&p) {
        if let Some(to) = m.strip_prefix("c4-") {
            let to = text::parse_square(to).unwrap();
            let from = text::parse_square("c4").unwrap();
            assert!((to % 7).abs_diff(from % 7) <= 1 && (to / 7).abs_diff(from / 7) <= 1);
        }
    }
}

#[test]
fn ply_limit_and_stalemate_rules() {
    let p = pos("q....../......./......./......./......./......./.....Q. w - 200");
    assert!(p.legal_moves().is_empty());
    assert_eq!(p.outcome().unwrap().reason, "ply limit");
    let unlimited = p.with_rules(Rules {
        ply_limit: None,
        ..Rules::default()
    });
    assert!(!unlimited.legal_moves().is_empty());
    // Stalemate: White's queen on d1 bridges two groups of tiles and may not move; White
    // has nothing else and is not in check.
    let stale = pos("xxxxxxx/xxxxxxx/xxxxxxx/xxxxxxx/xxxxxxx/q.xxx.n/...Q... w");
    assert!(!stale.in_check());
    assert!(stale.legal_moves().is_empty());
    assert_eq!(stale.outcome().unwrap().winner(), None);
    assert_eq!(stale.outcome().unwrap().reason, "stalemate");
    let by_pieces = stale.with_rules(Rules {
        stalemate: Stalemate::MorePieces,
        ..Rules::default()
    });
    assert_eq!(
        by_pieces.outcome().unwrap().winner(),
        Some(olympiad_core::Seat(1))
    );
}
