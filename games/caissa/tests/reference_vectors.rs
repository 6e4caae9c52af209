//! The spec's test vectors and hand-made rule positions, run against the slow reference
//! generator alone, so that it can be trusted as the twin the fast generator is checked against.

use olympiad_caissa::reference::{RefOutcome, RefPosition};

const START_TEXT: &str = "......./...bqn./....r../......./..R..../.NQB.../....... w - 0";

fn perft(position: &RefPosition, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = position.legal_moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|mv| {
            let mut child = position.clone();
            child.play(mv).unwrap();
            perft(&child, depth - 1)
        })
        .sum()
}

fn after_line(line: &str) -> RefPosition {
    let mut position = RefPosition::start();
    for mv in line.split_whitespace() {
        position.play(mv).unwrap();
    }
    position
}

fn parse(text: &str) -> RefPosition {
    RefPosition::from_text(text).unwrap()
}

fn words(list: &str) -> Vec<String> {
    list.split_whitespace().map(String::from).collect()
}

// ---- The spec's test vectors ----

#[test]
fn start_text_matches_the_setup_table() {
    assert_eq!(RefPosition::start().to_text(), START_TEXT);
    assert_eq!(parse(START_TEXT), RefPosition::start());
}

#[test]
fn perft_from_the_start() {
    let start = RefPosition::start();
    assert_eq!(perft(&start, 1), 26);
    assert_eq!(perft(&start, 2), 630);
    assert_eq!(perft(&start, 3), 16_251);
}

#[test]
fn the_26_first_moves() {
    let expected = words(
        "b2-a4 b2-c4 b2-d1 b2-d3 c2-a4 c2-b1 c2-c1 c2-d1 c2-d3 c2-g6 c3-a3 c3-b3 \
         c3-c4 c3-c5 c3-c6 c3-c7 c3-d3 c3-e3 c3-f3 c3-g3 d2-c1 d2-c3 d2-e1 d2-e3 d2-f4 d2-g5",
    );
    let start = RefPosition::start();
    assert_eq!(start.legal_moves(), expected);
    assert!(!start.in_check());
    assert_eq!(start.outcome(), None);
}

#[test]
fn probe_black_in_check_after_rook_to_e3() {
    let position = after_line("b2-c4 e5-c5 c3-e3");
    assert!(position.in_check());
    assert_eq!(
        position.legal_moves(),
        words("c5-e5 d6-e5 e6-d5 e6-d7 e6-f7 f6-e4")
    );
    assert_eq!(position.outcome(), None);
}

#[test]
fn probe_no_immediate_reexchange() {
    let position = after_line("c3-b3 e5-e3 b3-e3");
    // White's rook and Black's rook swapped: White's on e3, Black's on b3.
    assert_eq!(
        position.to_text(),
        "......./...bqn./......./......./.r..R../.NQB.../....... b b3-e3 3"
    );
    assert!(position.in_check());
    assert_eq!(
        position.legal_moves(),
        words("d6-e5 e6-d5 e6-d7 e6-f7 f6-e4")
    );
    // The same position without the last move: the swap back is legal and ends the check.
    let forgetful = parse("......./...bqn./......./......./.r..R../.NQB.../....... b - 3");
    assert!(forgetful.legal_moves().contains(&"b3-e3".to_string()));
}

#[test]
fn probe_white_in_check_after_rook_to_e2() {
    let position = after_line("d2-g5 e5-e2");
    assert!(position.in_check());
    assert_eq!(
        position.legal_moves(),
        words("c2-b1 c2-c1 c2-d1 c2-d3 g5-d2")
    );
}

#[test]
fn probe_white_checkmated() {
    let position = after_line("c2-d3 e5-f5 b2-c4 f5-d5");
    assert!(position.in_check());
    assert!(position.legal_moves().is_empty());
    assert_eq!(position.outcome(), Some(RefOutcome::BlackWins));
}

// ---- Text ----

#[test]
fn text_round_trips_along_a_game() {
    let mut position = RefPosition::start();
    for mv in words("c2-d3 e5-f5 b2-c4 f5-d5") {
        position.play(&mv).unwrap();
        let text = position.to_text();
        assert_eq!(parse(&text), position);
        assert_eq!(parse(&text).to_text(), text);
    }
    assert_eq!(
        position.to_text(),
        "......./...bqn./...r.../..N..../..RQ.../..xB.../....... w f5-d5 4"
    );
}

#[test]
fn text_reads_either_case_in_moves() {
    let position = parse("......./...bqn./......./......./.r..R../.NQB.../....... b B3-E3 3");
    assert_eq!(position, after_line("c3-b3 e5-e3 b3-e3"));
    let mut start = RefPosition::start();
    start.play("B2-C4").unwrap();
    assert_eq!(start, after_line("b2-c4"));
}

#[test]
fn text_errors_say_where() {
    let cases = [
        (
            "......./...bqn./....r../......./..R..../.NQB.../....... w -",
            "4",
        ),
        (
            "......./...bqn./....r../......./..R..../.NQB... w - 0",
            "7 ranks",
        ),
        (
            "......./...bqn./....r../....../..R..../.NQB.../....... w - 0",
            "rank 4",
        ),
        (
            "......./...bqn./....r../......./..R..../.NQB.../.....k. w - 0",
            "f1",
        ),
        (
            "......./...bqn./....r../......./..R..../.NQB.../.....Q. w - 0",
            "second",
        ),
        (
            "......./...bqn./....r../......./..R..../.NQB.../....... W - 0",
            "side",
        ),
        (
            "......./...bqn./....r../......./..R..../.NQB.../....... w c3e3 0",
            "last-move",
        ),
        (
            "......./...bqn./....r../......./..R..../.NQB.../....... w c3-h3 0",
            "last-move",
        ),
        (
            "......./...bqn./....r../......./..R..../.NQB.../....... w c3-c3 0",
            "same square",
        ),
        (
            "......./...bqn./....r../......./..R..../.NQB.../....... w - -1",
            "ply",
        ),
        (
            "......./...bqn./....r../......./..R..../.NQB.../....... w - 99999999999",
            "ply",
        ),
    ];
    for (text, needle) in cases {
        let error = RefPosition::from_text(text).unwrap_err();
        assert!(
            error.contains(needle),
            "{text}: error '{error}' lacks '{needle}'"
        );
    }
}

#[test]
fn illegal_and_malformed_moves_are_refused() {
    let mut position = RefPosition::start();
    assert!(position.play("b2-b3").is_err());
    assert!(position.play("e6-e7").is_err());
    assert!(position.play("b2c4").is_err());
    assert!(position.play("z9-c4").is_err());
    assert_eq!(position, RefPosition::start());
}

// ---- Tiles ----

#[test]
fn rook_onto_a_hole_carries_its_tile() {
    let mut position = parse("......q/......./...x.../......./......./...R.../.Q..... w - 0");
    let moves = position.legal_moves();
    // The hole does not block the ray: d5 (a hole), d6 and d7 are all destinations.
    for mv in ["d2-d5", "d2-d6", "d2-d7", "d2-d1"] {
        assert!(
            moves.contains(&mv.to_string()),
            "{mv} missing from {moves:?}"
        );
    }
    position.play("d2-d5").unwrap();
    assert_eq!(
        position.to_text(),
        "......q/......./...R.../......./......./...x.../.Q..... b d2-d5 1"
    );
}

#[test]
fn queen_move_leaves_a_hole() {
    let position = after_line("c2-d3");
    assert_eq!(
        position.to_text(),
        "......./...bqn./....r../......./..RQ.../.NxB.../....... b c2-d3 1"
    );
}

#[test]
fn queen_move_that_splits_the_tiles_is_illegal() {
    // Tiles: rank 1, and a2, b2. The queen on d1 is the only link between c1 and e1.
    let with_knight = parse("xxxxxxx/xxxxxxx/xxxxxxx/xxxxxxx/xxxxxxx/q.xxxxx/...Q..N w - 0");
    // Queen moves to b1, c1, e1, f1 all split the tiles (a1 also meets the black queen);
    // the knight's g1-f3 strands f3, g1-e2 keeps everything joined.
    assert_eq!(with_knight.legal_moves(), words("g1-e2"));
    // Without the knight White has no legal move and is not in check: stalemate, a draw.
    let alone = parse("xxxxxxx/xxxxxxx/xxxxxxx/xxxxxxx/xxxxxxx/q.xxxxx/...Q... w - 0");
    assert!(alone.legal_moves().is_empty());
    assert!(!alone.in_check());
    assert_eq!(alone.outcome(), Some(RefOutcome::Draw));
}

#[test]
fn move_that_disconnects_the_tiles_is_illegal() {
    // Tiles: a1, b1, c1, d2, e1, f1, g1. The rook on d2 bridges c1 and e1; d1 is a hole.
    let position = parse("xxxxxxx/xxxxxxx/xxxxxxx/xxxxxxx/xxxxxxx/xxxRxxx/Q.Nx..q w - 0");
    // The rook carrying its tile anywhere but d1 breaks the bridge; the knight leaving c1
    // would open the line between the queens.
    assert_eq!(position.legal_moves(), words("a1-b1 d2-d1"));
    let mut bridged = position.clone();
    bridged.play("d2-d1").unwrap();
    assert_eq!(
        bridged.to_text(),
        "xxxxxxx/xxxxxxx/xxxxxxx/xxxxxxx/xxxxxxx/xxxxxxx/Q.NR..q b d2-d1 1"
    );
}

// ---- Swaps and captures ----

#[test]
fn bishop_onto_friendly_rook_swaps() {
    let position = after_line("d2-c3");
    assert_eq!(
        position.to_text(),
        "......./...bqn./....r../......./..B..../.NQR.../....... b d2-c3 1"
    );
}

#[test]
fn knight_onto_enemy_bishop_swaps_and_ends_the_check() {
    let mut position = parse("......./......./......q/......./..b..../......./QN..... w - 0");
    assert!(position.in_check());
    // In check the queen may step only to a2 (b2 is attacked by the bishop); the knight's
    // exchange with the bishop sends the bishop to b1, where it no longer attacks a1.
    assert_eq!(position.legal_moves(), words("a1-a2 b1-c3"));
    position.play("b1-c3").unwrap();
    assert_eq!(
        position.to_text(),
        "......./......./......q/......./..N..../......./Qb..... b b1-c3 1"
    );
    assert!(!position.in_check());
}

#[test]
fn rook_onto_enemy_knight_swaps() {
    let mut position = parse("......./......./......q/n....../......./......./Q.R.... w - 0");
    position.play("c1-a1").unwrap_err(); // own queen: never
    position.play("c1-c4").unwrap();
    position = parse("......./......./......q/......./..n..../......./Q.R.... w - 0");
    position.play("c1-c3").unwrap();
    assert_eq!(
        position.to_text(),
        "......./......./......q/......./..R..../......./Q.n.... b c1-c3 1"
    );
}

#[test]
fn queen_captures_the_first_enemy_piece_only() {
    let mut position = parse("......./......q/n....../b....../......./......./Q...... w - 0");
    let moves = position.legal_moves();
    assert!(moves.contains(&"a1-a4".to_string()));
    assert!(!moves.contains(&"a1-a5".to_string()));
    position.play("a1-a4").unwrap();
    assert_eq!(
        position.to_text(),
        "......./......q/n....../Q....../......./......./x...... b a1-a4 1"
    );
}

#[test]
fn queen_never_lands_on_the_enemy_queen() {
    // Not a reachable position (the queens see each other); the decision is that the queen
    // captures only rooks, bishops and knights.
    let position = parse("......./......./......./q....../......./......./Q...... w - 0");
    assert!(!position.legal_moves().contains(&"a1-a4".to_string()));
}

// ---- Check ----

#[test]
fn queen_in_check_moves_only_to_adjacent_squares() {
    let position = parse("...r.../......q/......./...Q.../......./......./....... w - 0");
    assert!(position.in_check());
    // d5 and d3 stay on the rook's file (the hole left at d4 does not block); e4 meets the
    // black queen's diagonal. Nothing further than one step is offered.
    assert_eq!(
        position.legal_moves(),
        words("d4-c3 d4-c4 d4-c5 d4-e3 d4-e5")
    );
    assert_eq!(position.outcome(), None);
}

#[test]
fn queen_not_in_check_slides_over_holes() {
    let position = parse("......q/......./......./...x.../......./......./...Q... w - 0");
    let moves = position.legal_moves();
    for mv in ["d1-d2", "d1-d3", "d1-d5", "d1-d6"] {
        assert!(
            moves.contains(&mv.to_string()),
            "{mv} missing from {moves:?}"
        );
    }
    assert!(!moves.contains(&"d1-d4".to_string()), "d4 is a hole");
    assert!(
        !moves.contains(&"d1-d7".to_string()),
        "on d7 the queens would see each other along rank 7"
    );
    assert!(
        !moves.contains(&"d1-g4".to_string()),
        "on g4 the queens would see each other along file g"
    );
}

#[test]
fn side_without_a_queen_is_never_in_check() {
    let position = parse("......./......./......./...r.../......./......./...R... w - 0");
    assert!(!position.in_check());
    assert!(position.legal_moves().contains(&"d1-d4".to_string()));
}

// ---- Ply limit ----

#[test]
fn game_is_drawn_after_200_plies() {
    let mut position = parse("......./...bqn./....r../......./..R..../.NQB.../....... w - 199");
    assert_eq!(position.legal_moves().len(), 26);
    assert_eq!(position.outcome(), None);
    position.play("b2-c4").unwrap();
    assert!(position.legal_moves().is_empty());
    assert_eq!(position.outcome(), Some(RefOutcome::Draw));
    assert!(position.play("e5-c5").is_err());
    let mated_late = parse("......./...bqn./...r.../..N..../..RQ.../..xB.../....... w f5-d5 200");
    assert!(mated_late.in_check());
    assert_eq!(mated_late.outcome(), Some(RefOutcome::Draw));
}
