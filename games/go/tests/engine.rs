//! Hane on hand-made 9x9 positions (it captures, saves its chains, puts a lost chain in
//! atari, passes when passing wins and only then), through the engine wrapper with its
//! options, and over many quick self-play games on small and 9x9 boards, where every move it
//! plays must be legal by every rule, superko included.

use olympiad_core::{Game, Notation};
use olympiad_go::engine::{GoHooks, Hane, SPEC, passing_wins};
use olympiad_go::{Point, Position, Repetition};
use olympiad_search::Limits;
use olympiad_search::engine::{Clocked, Options, Source, ThinkTime};

/// A 9x9 position from its rows (top first), with `side` to move and `passes` just played.
fn board(rows: [&str; 9], side: char, passes: u8) -> Position {
    Position::parse_position(&format!("{} {side} {passes} - 7.5 superko", rows.join("/"))).unwrap()
}

fn at(text: &str) -> Point {
    Point::from_gtp(text, 9).unwrap()
}

/// Hane's move with `playouts` playouts, for seeds 1 to 3.
fn moves(pos: &Position, playouts: u64) -> Vec<Point> {
    (1..=3)
        .map(|seed| {
            Hane::new(1, seed)
                .think(pos, &Limits::nodes(playouts))
                .expect("the game goes on")
                .0
        })
        .collect()
}

/// A capturing race in the middle of the board: White's seven stones D6-F6, F5, D4-F4 have
/// one liberty, G5; Black's D5-E5 inside them have one, C5; White's wall on the G column
/// makes the rest of the board even. `row4` is the fourth row, `row5` the fifth.
fn race(row5: &str, row4: &str) -> Position {
    board(
        [
            "......o..",
            "......o..",
            "...xxxo..",
            "..xooox..",
            row5,
            row4,
            "...xxxo..",
            "......o..",
            "......o..",
        ],
        'b',
        0,
    )
}

#[test]
fn it_captures_a_chain_in_atari() {
    let pos = race("...xxo.o.", "..xooox..");
    assert_eq!(pos.atari_liberty(at("E6")), Some(at("G5")));
    assert_eq!(pos.atari_liberty(at("D5")), Some(at("C5")));
    for mv in moves(&pos, 5_000) {
        assert_eq!(pos.format_move(mv), "G5");
    }
}

#[test]
fn it_saves_its_chain_from_atari() {
    // Black's two stones on D5-E5 have one liberty, F5, and extending there gives three.
    let pos = board(
        [
            ".........",
            ".........",
            ".........",
            "...oo....",
            "..oxx....",
            "...oo....",
            ".........",
            ".........",
            ".........",
        ],
        'b',
        0,
    );
    assert_eq!(pos.atari_liberty(at("D5")), Some(at("F5")));
    for mv in moves(&pos, 5_000) {
        assert_eq!(pos.format_move(mv), "F5");
    }
}

#[test]
fn it_ataris_a_chain_that_cannot_escape() {
    // Black's D5-E5 connected out through C5; White's seven stones have two liberties, G4
    // and G5: either atari catches them.
    let pos = race("..xxxo.o.", "..xooo...");
    assert_eq!(pos.atari_liberty(at("E6")), None);
    for mv in moves(&pos, 5_000) {
        let text = pos.format_move(mv);
        assert!(text == "G4" || text == "G5", "played {text}");
    }
}

#[test]
fn it_passes_when_passing_wins_and_plays_on_when_it_would_lose() {
    // Black holds the left five columns, White the right four; White has just passed.
    let rows = [
        "....xo...",
        "....xo...",
        "....xo...",
        "....xo...",
        "....xo...",
        "....xo...",
        "....xo...",
        "....xo...",
        "....xo...",
    ];
    // Black: 45 points, White 36 + 7.5: Black wins by passing.
    let pos = board(rows, 'b', 1);
    assert!(passing_wins(&pos));
    for mv in moves(&pos, 500) {
        assert!(mv.is_pass());
    }
    // The same board with White to move after Black's pass: passing loses, so White plays.
    let pos = board(rows, 'w', 1);
    assert!(!passing_wins(&pos));
    // The empty board after White's pass: Black would lose by komi, so it plays a stone.
    let empty = board(["........."; 9], 'b', 1);
    assert!(!passing_wins(&empty));
    for mv in moves(&empty, 2_000) {
        assert!(!mv.is_pass());
    }
}

#[test]
fn the_catalog_entry_reads_its_options_and_plays() {
    assert_eq!(SPEC.name, "hane");
    let options = Options::parse("playouts=300,threads=2,seed=4").unwrap();
    let mut engine = Clocked::new(&SPEC, &options, 0).unwrap();
    let pos = Position::start9();
    let choice = engine.choose(&pos, &ThinkTime::default(), &mut ()).unwrap();
    assert!(pos.is_legal(choice.mv));
    assert_eq!((choice.nodes, choice.source), (300, Source::Search));
    assert!(Clocked::new(&SPEC, &Options::parse("threads=0").unwrap(), 0).is_err());
    assert!(Clocked::new(&SPEC, &Options::parse("depth=3").unwrap(), 0).is_err());
}

/// Plays Hane against itself on `pos` with `playouts` per move until the game ends or
/// `max_moves` moves, checking every move by every rule.
fn self_play(mut pos: Position, playouts: u64, seed: u64, max_moves: usize) -> usize {
    let mut engines = [Hane::new(1, seed), Hane::new(2, seed + 100)];
    for n in 0..max_moves {
        if pos.outcome().is_some() {
            return n;
        }
        let side = pos.side_to_move().index();
        let (mv, _) = engines[side]
            .think(&pos, &Limits::nodes(playouts))
            .expect("the game goes on");
        assert!(
            pos.is_legal(mv),
            "seed {seed}, move {n}: {} is illegal in {}",
            pos.format_move(mv),
            pos.position_text()
        );
        pos.play(mv);
    }
    max_moves
}

#[test]
fn self_play_games_are_legal_to_the_end() {
    for seed in 0..6 {
        for (size, rule) in [(5, Repetition::Superko), (5, Repetition::Icga)] {
            let pos = Position::new(size, 15, rule).unwrap();
            let moves = self_play(pos, 200, seed, 400);
            assert!(moves < 400, "a {size}x{size} game did not end");
        }
    }
    for seed in 0..2 {
        let moves = self_play(Position::start9(), 300, seed, 600);
        assert!(moves < 600, "a 9x9 game did not end");
    }
    // The largest board, where the top right corner's neighbourhood reaches the padded
    // array's last cell: the opening of a game.
    let pos = Position::new(19, 15, Repetition::Superko).unwrap();
    assert_eq!(self_play(pos, 100, 1, 40), 40);
}

#[test]
fn the_policy_off_baseline_still_plays_legal_moves() {
    use olympiad_search::{RaveConfig, RaveMcts};
    let mut mcts = RaveMcts::new(GoHooks { policy: false }, RaveConfig::default());
    let pos = Position::start9();
    let r = mcts.search(&pos, &Limits::nodes(500)).unwrap();
    assert!(pos.is_legal(r.best));
}

/// Black to move on a board that White's two walls own: nothing Black plays can live.
fn lost_for_black() -> Position {
    board(["..o...o.."; 9], 'b', 0)
}

#[test]
fn it_resigns_a_lost_game_and_not_an_even_one_and_never_with_resign_0() {
    let choose = |options: &str, pos: &Position| {
        let options = Options::parse(options).unwrap();
        let mut engine = Clocked::new(&SPEC, &options, 0).unwrap();
        engine.choose(pos, &ThinkTime::default(), &mut ()).unwrap()
    };
    for seed in 1..=3 {
        let lost = choose(&format!("playouts=8000,seed={seed}"), &lost_for_black());
        assert!(lost.resign, "seed {seed}: {lost:?}");
        // The move is still a legal one, for protocols that cannot resign.
        assert!(lost_for_black().is_legal(lost.mv));
        let never = choose(
            &format!("playouts=8000,seed={seed},resign=0"),
            &lost_for_black(),
        );
        assert!(!never.resign, "seed {seed}: {never:?}");
        let even = choose(&format!("playouts=8000,seed={seed}"), &Position::start9());
        assert!(!even.resign, "seed {seed}: {even:?}");
    }
    // Too few playouts to judge: no resignation.
    assert!(!choose("playouts=2000,seed=1", &lost_for_black()).resign);
    assert!(Clocked::new(&SPEC, &Options::parse("resign=50").unwrap(), 0).is_err());
}
