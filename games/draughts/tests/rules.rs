//! Hand-made positions for each rule of the FMJD rules, the draw rules, and the notation.
//! Square numbers: row `r` (0 at Black's side) holds squares `5r + 1 ..= 5r + 5`; even rows
//! start in the second column.

use olympiad_core::perft::perft;
use olympiad_core::{Game, Notation, Seat, SplitMix64};
use olympiad_draughts::{Color, MAX_MOVES, Position};

fn pos(text: &str) -> Position {
    Position::parse_position(text).unwrap_or_else(|e| panic!("{e}"))
}

/// A full-form capture with its taken squares ascending, as the writer puts them.
fn sorted_full(text: &str) -> String {
    let mut parts: Vec<u8> = text.split('x').map(|s| s.parse().unwrap()).collect();
    parts[2..].sort_unstable();
    parts
        .iter()
        .map(u8::to_string)
        .collect::<Vec<_>>()
        .join("x")
}

fn moves(p: &Position) -> Vec<String> {
    let mut m = p.legal_move_texts();
    m.sort();
    m
}

#[test]
fn the_nine_opening_moves() {
    let start = Position::start();
    assert_eq!(
        moves(&start),
        [
            "31-26", "31-27", "32-27", "32-28", "33-28", "33-29", "34-29", "34-30", "35-30"
        ]
    );
    assert_eq!(
        start.position_text(),
        "W:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:\
         B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20"
    );
    assert_eq!(
        pos("W:B1-20:W31-50."),
        start,
        "ranges, either colour first, a dot"
    );
    assert_eq!(pos("W:W31, 32-50:B1-20"), start, "spaces after commas");
    assert_eq!(start.to_move(), Seat::FIRST);
    assert_eq!(start.side(), Color::White);
}

#[test]
fn men_capture_backwards_and_captures_are_compulsory() {
    // White's man on 28 takes the black man behind it on 33 (backwards) rather than step.
    let p = pos("W:W28:B33,3");
    assert_eq!(moves(&p), ["28x39"]);
    let mut p = Position::start();
    p.play_line("32-28 19-23").unwrap();
    assert_eq!(moves(&p), ["28x19"]);
}

/// The capture that takes the most pieces must be played; a king counts as one piece.
#[test]
fn maximum_capture() {
    // 32x21 takes one, 32x12 two (28 then 18): only the longer is legal.
    assert_eq!(moves(&pos("W:W32:B18,27,28")), ["32x12"]);
    // Two men beat one king.
    assert_eq!(moves(&pos("W:W32:BK27,18,28")), ["32x12"]);
    // A king and two men are as many as three men: the king on 15 has two captures of
    // three, both ending on 4, so each names the pieces it takes.
    let p = pos("W:WK15:B9,K23,24,41");
    assert_eq!(moves(&p), ["15x4x23x24x9", "15x4x24x41x9"].map(sorted_full));
    // The full form is read in any order; the short form is refused as ambiguous.
    let with_king = p.parse_legal_move("15x4x24x23x9").unwrap();
    assert_eq!(with_king.captured_squares(), [9, 23, 24]);
    let err = p.parse_move("15x4").unwrap_err().to_string();
    assert!(err.contains("ambiguous"), "{err}");
    assert_eq!(p.after(with_king).position_text(), "B:WK4:B41");
}

/// Pieces taken leave the board when the capture ends: a piece already taken still stands
/// in the way. The king on 34 takes 30 and lands on 25; were 30 gone at once it could fly
/// back over 30 and its own start square and take 43 too. It may not, so each capture takes
/// one piece, and both are legal.
#[test]
fn turkish_strike() {
    let p = pos("W:WK34:B16,30,43");
    assert_eq!(moves(&p), ["34x25", "34x48"]);
    // A piece is never jumped twice: a man going round a ring of four takes each once,
    // ending on the square it started from (empty during the capture).
    let ring = pos("W:W22:B18,19,28,29,45");
    assert_eq!(moves(&ring), ["22x22"]);
    assert_eq!(
        ring.after(ring.legal_moves()[0]).position_text(),
        "B:W22:B45"
    );
}

/// Going round the ring either way takes the same pieces to the same square: one move.
#[test]
fn two_routes_to_the_same_pieces_are_one_move() {
    let ring = pos("W:W22:B18,19,28,29,45");
    assert_eq!(ring.legal_moves().len(), 1);
    assert_eq!(ring.count_moves(), 1);
    assert_eq!(perft(&ring, 1), 1);
    let reference = olympiad_draughts::reference::RefPosition::from_text(&ring.position_text());
    assert_eq!(reference.unwrap().legal_moves().len(), 1);
}

#[test]
fn a_man_passing_the_crowning_row_stays_a_man() {
    // 13 takes 8, reaches 2 on Black's back row, must go on over 7 and ends on 11: a man.
    let p = pos("W:W13:B7,8,45");
    assert_eq!(moves(&p), ["13x11"]);
    let after = p.after(p.legal_moves()[0]);
    assert_eq!(after.position_text(), "B:W11:B45");
    assert!(!after.is_king(11));
    // Ending there crowns it.
    let p = pos("W:W13:B8,45");
    let after = p.after(p.legal_moves()[0]);
    assert_eq!(after.position_text(), "B:WK2:B45");
    // Black's men are crowned on 46..50.
    let p = pos("B:W30:B42");
    assert!(p.after(p.parse_legal_move("42-47").unwrap()).is_king(47));
}

#[test]
fn flying_kings() {
    // Along the long diagonal to any empty square.
    let p = pos("W:WK46:B5");
    assert_eq!(
        moves(&p),
        [
            "46-10", "46-14", "46-19", "46-23", "46-28", "46-32", "46-37", "46-41"
        ]
    );
    // A piece at a distance, landing on any empty square behind it.
    let p = pos("W:WK46:B28");
    assert_eq!(moves(&p), ["46x10", "46x14", "46x19", "46x23", "46x5"]);
    // Two pieces on a line are not jumped together.
    assert!(
        pos("W:WK46:B28,23")
            .legal_moves()
            .iter()
            .all(|m| !m.is_capture())
    );
}

#[test]
fn no_move_loses() {
    // White's man on 46 is blocked by Black's men on 41 and 37.
    let p = pos("W:W46:B41,37");
    assert!(p.legal_moves().is_empty());
    let o = p.outcome().unwrap();
    assert_eq!(o.winner(), Some(Seat(1)));
    assert_eq!(o.reason, "no move");
    // No pieces left is no move too.
    assert_eq!(
        pos("B:W46:B").outcome().unwrap().winner(),
        Some(Seat::FIRST)
    );
}

#[test]
fn threefold_repetition() {
    let mut p = pos("W:WK1,K2:BK49,K50");
    p.play_line("1-7 50-44 7-1 44-50 1-7 50-44 7-1").unwrap();
    assert!(p.outcome().is_none());
    p.play_line("44-50").unwrap();
    assert!(p.is_threefold());
    assert!(p.legal_moves().is_empty());
    let o = p.outcome().unwrap();
    assert_eq!((o.winner(), o.reason), (None, "threefold repetition"));
    // The repetition is history, not part of the position's value or text.
    assert_eq!(p, pos("W:WK1,K2:BK49,K50 quiet=8"));
    // Without draw rules the game goes on.
    let mut p = pos("W:WK1,K2:BK49,K50 draws=off");
    p.play_line("1-7 50-44 7-1 44-50 1-7 50-44 7-1 44-50")
        .unwrap();
    assert!(p.outcome().is_none());
    assert_eq!(p, pos("W:WK1,K2:BK49,K50 draws=off"));
}

#[test]
fn twenty_five_moves_of_kings() {
    let mut p = pos("W:WK1,K2:BK49,K50 quiet=49");
    p.play_line("1-7").unwrap();
    assert_eq!(p.quiet_plies(), 50);
    let o = p.outcome().unwrap();
    assert_eq!((o.winner(), o.reason), (None, "25 moves of kings only"));
    // A man's move starts the count again.
    let mut p = pos("W:WK1,30:BK49,K50 quiet=40");
    p.play_line("30-24").unwrap();
    assert_eq!(p.quiet_plies(), 0);
    p.play_line("50-44").unwrap();
    assert_eq!(p.quiet_plies(), 1);
}

#[test]
fn sixteen_and_five_move_endings() {
    // Three kings against one: drawn after 16 moves each.
    let mut p = pos("W:WK1,K2,K3:BK50 ending=30");
    p.play_line("1-6").unwrap();
    assert_eq!(p.ending_plies(), 31);
    assert!(p.outcome().is_none());
    p.play_line("50-44").unwrap();
    let o = p.outcome().unwrap();
    assert_eq!((o.winner(), o.reason), (None, "16-move ending"));
    // A capture into two kings against one starts the 5-move count afresh.
    let mut p = pos("B:WK1,K2,K28:BK46 ending=20");
    p.play_line("46x5").unwrap();
    assert_eq!(p.ending_plies(), 0);
    assert_eq!(p.position_text(), "W:WK1,K2:BK5");
    p.play_line("1-6 5-10 6-1 10-4 1-6 4-10 6-1 10-5").unwrap();
    assert_eq!(p.ending_plies(), 8);
    assert!(p.outcome().is_none());
    p.play_line("2-7 5-10").unwrap();
    let o = p.outcome().unwrap();
    assert_eq!((o.winner(), o.reason), (None, "5-move ending"));
    // Reaching the ending by a capture starts the count at 0.
    let mut p = pos("W:WK1,K2,K14:BK50,K19");
    assert_eq!(p.ending_rule(), None);
    p.play_line("14x23").unwrap();
    assert!(p.ending_rule().is_some());
    assert_eq!(p.ending_plies(), 0);
}

#[test]
fn text_errors_say_what_is_wrong() {
    for (text, why) in [
        ("X:W1:B2", "side to move"),
        ("W:W51:B2", "bad square '51'"),
        ("W:W9,9:B2", "listed twice"),
        ("W:W3:B30", "crowned"),
        ("W:W6-26:B1", "more than 20"),
        ("W:W9-7:B1", "backwards"),
        ("W:W30:BK1 quiet=3 draws=off", "need the draw rules"),
        ("W:W30:B1 ending=2", "needs a 16- or 5-move ending"),
        ("W:WK30:BK1 ending=11", "past the 5-move ending's limit"),
        ("W:W30:B1 quiet=51", "past the limit"),
        ("W:W30:B1 fast=1", "unknown token"),
        ("", "empty"),
    ] {
        let err = Position::parse_position(text).unwrap_err().to_string();
        assert!(err.contains(why), "{text}: {err}");
    }
    let start = Position::start();
    for (text, why) in [
        ("32-22", "along a diagonal"),
        ("0-4", "bad square"),
        ("32", "expected"),
        ("28x19x23x23", "taken twice"),
    ] {
        let err = start.parse_move(text).unwrap_err().to_string();
        assert!(err.contains(why), "{text}: {err}");
    }
    // A short capture that matches no legal capture is well-formed but illegal.
    let err = start.clone().play_line("32x12").unwrap_err();
    assert_eq!(err.to_string(), "move 1 ('32x12'): illegal move '32x12'");
    let err = start.clone().play_line("32-28 19-23 28-22").unwrap_err();
    assert_eq!(err.to_string(), "move 3 ('28-22'): illegal move '28-22'");
}

/// The worst case behind [`MAX_MOVES`], searched: random positions crowded with kings of the
/// side to move among enemy pieces (where captures of equal length multiply). Prints the
/// longest list found.
#[test]
fn crowded_capture_lists() {
    let mut rng = SplitMix64::new(22);
    let mut most = (0, String::new());
    for _ in 0..20_000 {
        let mut used = 0u64;
        let mut lists = [Vec::new(), Vec::new()];
        for (side, list) in lists.iter_mut().enumerate() {
            let pieces = 4 + rng.below(17);
            while list.len() < pieces {
                let sq = 1 + rng.below(50) as u8;
                if used >> sq & 1 == 0 {
                    used |= 1 << sq;
                    // Black's men may not stand on 46..50, where they would be crowned.
                    let king = side == 0 || sq > 45 || rng.chance(20);
                    list.push(format!("{}{sq}", if king { "K" } else { "" }));
                }
            }
        }
        let text = format!(
            "W:W{}:B{} draws=off",
            lists[0].join(","),
            lists[1].join(",")
        );
        let n = pos(&text).legal_moves().len();
        if n > most.0 {
            most = (n, text);
        }
    }
    println!("longest move list found: {} at {}", most.0, most.1);
    assert!(most.0 <= MAX_MOVES);
    assert!(most.0 > 50, "the search should find long lists");
}

/// The engine's capture test from the bitboards against the generated moves, along random
/// games (with kings): the side to move must capture exactly when its first legal move is a
/// capture.
#[test]
fn must_capture_agrees_with_the_generated_moves() {
    let mut rng = SplitMix64::new(22);
    let (mut must, mut positions) = (0, 0);
    for _ in 0..300 {
        let mut p = Position::start_with(false);
        while p.outcome().is_none() {
            let legal = p.legal_moves();
            assert_eq!(
                p.must_capture(),
                legal[0].is_capture(),
                "{}",
                p.position_text()
            );
            must += usize::from(p.must_capture());
            positions += 1;
            p.play(legal[rng.below(legal.len())]);
        }
    }
    assert!(
        must > 1000 && positions - must > 1000,
        "{must} of {positions}"
    );
}
