//! Roku on hand-made positions (it completes a six, blocks a four, spends both stones on
//! two fours), through the engine wrapper
//! with its options, and over self-play games from random openings, where every turn must
//! be legal and games end by the rules.

use olympiad_connect6::engine::{Roku, SPEC};
use olympiad_connect6::{Color, Position};
use olympiad_core::{Game, Notation, SplitMix64};
use olympiad_search::Limits;
use olympiad_search::engine::{Clocked, Options, ThinkTime};

/// A 9x9 position from its rows (top first) with `side` (`x` or `o`) to move.
fn board(rows: [&str; 9], side: char) -> Position {
    Position::parse_position(&format!("{} {side}", rows.join("/"))).unwrap()
}

/// Roku's turn at `pos` searched to `depth`, played.
fn after(pos: &Position, depth: u32) -> Position {
    let (mv, _, _, _) = Roku::new().think(pos, &Limits::depth(depth)).unwrap();
    assert!(pos.is_legal_move(mv), "{}", pos.format_move(mv));
    let mut next = pos.clone();
    next.play(mv);
    next
}

#[test]
fn it_completes_a_six() {
    // Black: four on row 5 (C5-F5) with both ends open; White's five stones are scattered.
    let pos = board(
        [
            "o.......o",
            ".........",
            ".........",
            ".........",
            "..xxxx...",
            ".........",
            ".........",
            "....o....",
            "o.......o",
        ],
        'x',
    );
    for depth in 1..=3 {
        assert_eq!(
            after(&pos, depth).winner(),
            Some(Color::Black),
            "depth {depth}"
        );
    }
}

#[test]
fn it_blocks_a_four_and_then_cannot_be_beaten_at_once() {
    // White: four on row 5 (C5-F5), both ends open; Black to move with four scattered.
    let pos = board(
        [
            "x.......x",
            ".........",
            ".........",
            ".........",
            "..oooo...",
            ".........",
            ".........",
            "....o....",
            "x.......x",
        ],
        'x',
    );
    for depth in 1..=3 {
        let blocked = after(&pos, depth);
        assert_eq!(blocked.winner(), None);
        // White's best reply does not win.
        let reply = after(&blocked, 1);
        assert_ne!(reply.winner(), Some(Color::White), "depth {depth}");
    }
}

#[test]
fn it_spends_both_stones_on_two_threats() {
    // White: an open four on row 5 (C5-F5) and a four on column H (H1-H4); blocking both
    // takes two stones (B5 or G5 for the row, H5 for the column and the row's last window).
    let pos = board(
        [
            "x.......x",
            ".x.......",
            "...x.....",
            "x........",
            "..oooo...",
            ".......o.",
            ".......o.",
            ".......o.",
            "x..x...o.",
        ],
        'x',
    );
    for depth in 1..=2 {
        let blocked = after(&pos, depth);
        let reply = after(&blocked, 1);
        assert_ne!(reply.winner(), Some(Color::White), "depth {depth}");
    }
}

#[test]
fn the_catalog_entry_reads_its_options_and_plays() {
    assert_eq!(SPEC.name, "roku");
    let pos = Position::start19();
    for options in ["depth=2", "nodes=500", "movetime=200"] {
        let mut engine = Clocked::new(&SPEC, &Options::parse(options).unwrap(), 0).unwrap();
        let choice = engine.choose(&pos, &ThinkTime::default(), &mut ()).unwrap();
        assert!(pos.is_legal_move(choice.mv), "{options}");
        // The first stone goes to the centre.
        assert_eq!(pos.format_move(choice.mv), "K10", "{options}");
    }
    assert!(Clocked::new(&SPEC, &Options::parse("playouts=3").unwrap(), 0).is_err());
}

/// Plays Roku against itself at `depth` from `plies` random turns on a board of `size`;
/// every turn must be legal; returns the turns played.
fn self_play(size: usize, depth: u32, plies: usize, seed: u64) -> usize {
    let mut pos = Position::new(size).unwrap();
    let mut rng = SplitMix64::new(seed);
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        pos.play(moves[rng.below(moves.len())]);
    }
    let mut engine = Roku::new();
    let mut turns = 0;
    while !pos.is_over() {
        let (mv, _, _, _) = engine.think(&pos, &Limits::depth(depth)).unwrap();
        assert!(
            pos.is_legal_move(mv),
            "seed {seed}: {}",
            pos.format_move(mv)
        );
        pos.play(mv);
        turns += 1;
    }
    assert!(pos.outcome().is_some());
    turns
}

#[test]
fn self_play_games_are_legal_to_the_end() {
    for seed in 0..2 {
        self_play(19, 1, 3, seed);
        self_play(9, 2, 2, seed);
        // A tiny board fills up: the last single stone and draws.
        self_play(4, 2, 0, seed);
        self_play(7, 1, 5, seed);
    }
}
