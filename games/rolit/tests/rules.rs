//! The seed's worked example, perft counts, and fast-vs-reference on random games.

use olympiad_core::conformance::Playouts;
use olympiad_core::perft::{GameOverLeaves, Perft, perft};
use olympiad_core::{Game, Notation, Seat};
use olympiad_rolit::Position;
use olympiad_rolit::reference::RefBoard;

fn moves(p: &Position) -> Vec<String> {
    p.legal_move_texts()
}

#[test]
fn the_worked_example_of_the_seed() {
    let mut p = Position::start();
    assert_eq!(moves(&p), ["30", "44", "46"]);
    p.play_line("30").unwrap();
    // 29 turned to player 1.
    assert_ne!(p.balls(Seat(0)) & (1 << 28), 0);
    let mut m: Vec<u32> = moves(&p).iter().map(|s| s.parse().unwrap()).collect();
    m.sort();
    assert_eq!(m, [19, 20, 21, 22, 23, 27, 31, 35, 38, 39, 43, 44, 45, 46]);
    p.play_line("19").unwrap();
    assert_eq!(moves(&p), ["10", "21", "23", "35"]);
    p.play_line("10").unwrap();
    // 10 turns 19 and 28 (the line 10-19-28-37).
    for sq in [10, 19, 28, 37] {
        assert_ne!(p.balls(Seat(2)) & (1 << (sq - 1)), 0, "square {sq}");
    }
    assert_eq!(p.to_move(), Seat(3));
}

/// Counts from the start, depths 0-8 (ours; no table is published). Depths 0-6 are counted
/// by the reference generator too, in `perft_agrees_with_the_reference`.
const PERFT: [u128; 9] = [1, 3, 20, 136, 1_366, 7_427, 44_154, 343_639, 2_792_637];

#[test]
fn perft_from_the_start() {
    for (d, &n) in PERFT.iter().enumerate() {
        assert_eq!(perft(&Position::start(), d as u32), n, "depth {d}");
    }
    let p = Perft {
        threads: 2,
        hash_mib: 4,
        game_over: GameOverLeaves::Zero,
    };
    assert_eq!(p.run(&Position::start(), 8), PERFT[8]);
}

fn reference_perft(b: &RefBoard, depth: u32) -> u128 {
    if depth == 0 {
        return 1;
    }
    b.legal_moves()
        .iter()
        .map(|&m| {
            let mut next = b.clone();
            next.play(m).unwrap();
            reference_perft(&next, depth - 1)
        })
        .sum()
}

#[test]
fn perft_agrees_with_the_reference() {
    let start = RefBoard::from_text(&Position::start().position_text()).unwrap();
    for (d, &n) in PERFT.iter().enumerate().take(7) {
        assert_eq!(reference_perft(&start, d as u32), n, "depth {d}");
    }
}

fn compare(p: &Position) {
    let text = p.position_text();
    let r = RefBoard::from_text(&text).unwrap();
    let fast: Vec<u8> = p.legal_moves().iter().map(|m| m.square()).collect();
    assert_eq!(fast, r.legal_moves(), "at {text}");
    for &m in p.legal_moves().iter() {
        let mut a = *p;
        a.play(m);
        let mut b = r.clone();
        b.play(m.square()).unwrap();
        assert_eq!(
            RefBoard::from_text(&a.position_text()).unwrap(),
            b,
            "after {} at {text}",
            m.square()
        );
    }
    let counts = r.final_counts();
    assert_eq!(p.outcome().is_some(), counts.is_some());
    if let (Some(o), Some(c)) = (p.outcome(), counts) {
        assert_eq!(o.seats(), p.players());
        for (s, &balls) in c.iter().enumerate().take(p.players()) {
            assert_eq!(o.points(Seat(s as u8)), f64::from(balls));
        }
    }
}

#[test]
fn fast_and_reference_agree_on_20000_positions() {
    let stats = Playouts::new(20_000).seed(5).run(
        &Position::start(),
        |_, moves, rng| moves[rng.below(moves.len())],
        compare,
    );
    assert!(stats.finished == stats.games);
}

#[test]
#[ignore = "long: 2,000,000 positions; run with --ignored"]
fn fast_and_reference_agree_on_2000000_positions() {
    Playouts::new(2_000_000).seed(50_000).run(
        &Position::start(),
        |_, moves, rng| moves[rng.below(moves.len())],
        compare,
    );
}

#[test]
fn text_errors_say_where() {
    let e = Position::parse_position("...x").unwrap_err();
    assert_eq!(
        e.to_string(),
        "position text, character 4: 'x' is not '.' or a player 1-4"
    );
    let start = Position::start().position_text();
    let e = Position::parse_position(&start.replace(" 1", " 5")).unwrap_err();
    assert_eq!(
        e.to_string(),
        "position text, character 66: player to move '5' is not 1-4"
    );
    let e = Position::start().clone().play_line("30 65").unwrap_err();
    assert_eq!(
        e.to_string(),
        "move 2 ('65'): '65' is not a square number 1-64"
    );
    let e = Position::start().clone().play_line("1").unwrap_err();
    assert_eq!(e.to_string(), "move 1 ('1'): illegal move '1'");
}

/// Counts from the start for 2 and 3 players, depths 0-6 (ours): the fast and the reference
/// generator both give them.
const PERFT_FEWER: [(usize, [u128; 7]); 2] = [
    (2, [1, 3, 20, 93, 572, 2_914, 20_327]),
    (3, [1, 3, 20, 136, 630, 3_956, 27_778]),
];

#[test]
fn perft_for_fewer_players_agrees_with_the_reference() {
    for (players, counts) in PERFT_FEWER {
        let start = Position::start_with(players);
        let reference = RefBoard::from_text(&start.position_text()).unwrap();
        for (d, &n) in counts.iter().enumerate() {
            assert_eq!(perft(&start, d as u32), n, "{players} players, depth {d}");
            assert_eq!(
                reference_perft(&reference, d as u32),
                n,
                "{players} players, depth {d}"
            );
        }
    }
}

#[test]
fn fast_and_reference_agree_for_two_and_three_players() {
    for players in [2, 3] {
        let stats = Playouts::new(10_000).seed(7 + players as u64).run(
            &Position::start_with(players),
            |_, moves, rng| moves[rng.below(moves.len())],
            compare,
        );
        assert!(stats.finished == stats.games);
    }
}

#[test]
fn fewer_players_keep_all_four_colours_and_take_turns_among_themselves() {
    let mut p = Position::start_with(3);
    assert_eq!(p.num_players(), 3);
    // The same centre as the four-player game, and the same first moves.
    assert_eq!(
        p.position_text(),
        format!("{} 3", Position::start().position_text())
    );
    assert_eq!(moves(&p), ["30", "44", "46"]);
    p.play_line("30 19 10").unwrap();
    // After player 3 comes player 1 again; colour 4 (square 36) is neutral.
    assert_eq!(p.to_move(), Seat(0));
    assert_eq!(p.balls(Seat(3)), 1 << 35);
    let text = p.position_text();
    assert!(text.ends_with(" 1 3"), "{text}");
    assert_eq!(Position::parse_position(&text).unwrap(), p);
    // Play to the end: three seats score, the neutral colour does not.
    while let Some(&mv) = p.legal_moves().first() {
        p.play(mv);
    }
    let o = p.outcome().unwrap();
    assert_eq!(o.seats(), 3);
    let two = Position::start_with(2);
    assert_eq!(two.to_move(), Seat(0));
    assert_eq!(two.after(olympiad_rolit::Move(29)).to_move(), Seat(1));
    assert_eq!(
        two.after(olympiad_rolit::Move(29))
            .after(olympiad_rolit::Move(18))
            .to_move(),
        Seat(0)
    );
}

#[test]
fn player_count_errors_say_where() {
    let start = Position::start().position_text();
    let e = Position::parse_position(&format!("{start} 5")).unwrap_err();
    assert_eq!(
        e.to_string(),
        "position text, character 68: number of players '5' is not 2, 3 or 4"
    );
    let e = Position::parse_position(&start.replace(" 1", " 4 3")).unwrap_err();
    assert_eq!(
        e.to_string(),
        "position text, character 66: player to move 4 in a game of 3 players"
    );
    let e = Position::parse_position(&format!("{start} 3 x")).unwrap_err();
    assert_eq!(
        e.to_string(),
        "position text, character 70: unexpected 'x' after the players"
    );
}
