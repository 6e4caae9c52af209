//! Ponte on hand-made positions (it wins in one, blocks a win in one, answers an intrusion
//! into a bridge, swaps a centre opening and opens where the table would not swap), through
//! the engine wrapper with its options, against the uniformly random player, and over
//! quick self-play games where every move it plays must be legal.

use olympiad_core::{Game, Notation, Seat, SplitMix64};
use olympiad_hex::engine::{HexHooks, Ponte, Reason, SPEC, swap, winning_cells};
use olympiad_hex::{Color, Move, Position};
use olympiad_search::Limits;
use olympiad_search::engine::{Clocked, Options, Source, ThinkTime};

mod common;

use common::at;

fn cell(pos: &Position, text: &str) -> Move {
    pos.parse_move(text).unwrap()
}

#[test]
fn it_wins_in_one_by_the_check_and_by_the_search_alone() {
    // Black's column c1-c4 on 5x5; White holds the bottom row but c5. c5 wins for
    // both: Black must take it now.
    let pos = at(5, false, "c1 a5 c2 b5 c3 d5 c4 e5");
    assert_eq!(pos.side_to_move(), Color::Black);
    assert_eq!(winning_cells(&pos, Color::Black), [cell(&pos, "c5")]);
    assert_eq!(winning_cells(&pos, Color::White), [cell(&pos, "c5")]);
    let (mv, reason) = Ponte::new(1, 1).think(&pos, &Limits::nodes(1_000)).unwrap();
    assert_eq!(reason, Reason::Wins);
    assert_eq!(pos.after(mv).winner(), Some(Color::Black));
    // The tree search alone finds a winning cell too.
    for seed in 1..=3 {
        let r = Ponte::new(1, seed)
            .search(&pos, &Limits::nodes(3_000))
            .unwrap();
        assert_eq!(pos.format_move(r.best), "c5", "seed {seed}");
        assert!(r.value > 0.95);
    }
}

#[test]
fn it_blocks_a_win_in_one() {
    // Black's column c1-c4 on 5x5 with b5 taken by White: c5 is Black's one threat.
    let pos = at(5, false, "c1 b5 c2 a1 c3 a2 c4");
    assert_eq!(pos.side_to_move(), Color::White);
    let threats = winning_cells(&pos, Color::Black);
    assert_eq!(threats, [cell(&pos, "c5")]);
    for seed in 1..=3 {
        let (mv, reason) = Ponte::new(1, seed)
            .think(&pos, &Limits::nodes(500))
            .unwrap();
        assert_eq!(
            (pos.format_move(mv), reason),
            ("c5".to_string(), Reason::Blocks)
        );
    }
    // The search alone sees it too: every other move loses at once.
    let r = Ponte::new(1, 4)
        .search(&pos, &Limits::nodes(4_000))
        .unwrap();
    assert_eq!(pos.format_move(r.best), "c5");
}

#[test]
fn it_saves_an_intruded_bridge() {
    // 7x7: Black's bridge d4-e2 (carriers d3 and e3); White intrudes at d3; the
    // save-bridge answer e3 is Black's move.
    let pos = at(7, false, "d4 a7 e2 d3");
    assert_eq!(pos.side_to_move(), Color::Black);
    let e3 = cell(&pos, "e3");
    let mut hits = 0;
    for seed in 1..=3 {
        let (mv, _) = Ponte::new(1, seed)
            .think(&pos, &Limits::nodes(5_000))
            .unwrap();
        hits += usize::from(mv == e3);
    }
    assert!(hits >= 2, "e3 chosen in {hits} of 3 searches");
}

#[test]
fn it_swaps_a_centre_opening_and_opens_where_the_table_would_not_swap() {
    let pos = at(11, true, "f6");
    let (mv, reason) = Ponte::new(1, 1).think(&pos, &Limits::nodes(500)).unwrap();
    assert_eq!((mv, reason), (Move::SWAP, Reason::SwapTable));
    // An opening on the first row is not swapped: the search answers with a stone.
    let pos = at(11, true, "c1");
    let (mv, _) = Ponte::new(1, 1).think(&pos, &Limits::nodes(2_000)).unwrap();
    assert!(!mv.is_swap());
    // Opening under the swap rule, the first stone is one the table would not swap.
    let start = Position::start11();
    for seed in 1..=2 {
        let (mv, _) = Ponte::new(1, seed)
            .think(&start, &Limits::nodes(3_000))
            .unwrap();
        assert!(
            !swap::swaps_cell(mv.cell(), 11),
            "{}",
            start.format_move(mv)
        );
    }
    // Without the swap rule the centre is fine.
    let open = Position::new(11, false).unwrap();
    let (mv, _) = Ponte::new(1, 1)
        .think(&open, &Limits::nodes(3_000))
        .unwrap();
    assert!(open.is_legal(mv));
}

#[test]
fn the_catalog_entry_reads_its_options_and_plays() {
    assert_eq!(SPEC.name, "ponte");
    let options = Options::parse("playouts=300,threads=2,seed=4").unwrap();
    let mut engine = Clocked::new(&SPEC, &options, 0).unwrap();
    let pos = at(11, true, "a1 b2");
    let choice = engine.choose(&pos, &ThinkTime::default(), &mut ()).unwrap();
    assert!(pos.is_legal(choice.mv));
    assert_eq!((choice.nodes, choice.source), (300, Source::Search));
    assert!(Clocked::new(&SPEC, &Options::parse("threads=0").unwrap(), 0).is_err());
    assert!(Clocked::new(&SPEC, &Options::parse("depth=3").unwrap(), 0).is_err());
    assert!(Clocked::new(&SPEC, &Options::parse("policy=maybe").unwrap(), 0).is_err());
    assert!(Clocked::new(&SPEC, &Options::parse("policy=off").unwrap(), 0).is_ok());
    // On a clock it answers in time.
    let time = ThinkTime {
        left: std::time::Duration::from_secs(2),
        ..ThinkTime::default()
    };
    let started = std::time::Instant::now();
    let choice = engine.choose(&pos, &time, &mut ()).unwrap();
    assert!(pos.is_legal(choice.mv));
    assert!(started.elapsed() < std::time::Duration::from_secs(2));
}

/// Plays one game: Ponte with `playouts` per move in `ponte_seat`, the other seat uniformly
/// random; every move checked legal. Returns the winner's seat.
fn against_random(size: usize, playouts: u64, ponte_seat: Seat, seed: u64) -> Seat {
    let mut pos = Position::new(size, true).unwrap();
    let mut ponte = Ponte::new(1, seed);
    let mut rng = SplitMix64::new(seed ^ 0xABCD);
    while pos.outcome().is_none() {
        let mv = if pos.to_move() == ponte_seat {
            ponte.think(&pos, &Limits::nodes(playouts)).unwrap().0
        } else {
            let moves = pos.legal_moves();
            moves[rng.below(moves.len())]
        };
        assert!(
            pos.is_legal(mv),
            "{} at {}",
            pos.format_move(mv),
            pos.position_text()
        );
        pos.play(mv);
    }
    pos.outcome().unwrap().winner().unwrap()
}

#[test]
fn it_beats_the_random_player_from_both_seats() {
    let mut wins = 0;
    for seed in 0..8 {
        let seat = Seat((seed % 2) as u8);
        wins += usize::from(against_random(11, 400, seat, seed) == seat);
    }
    assert_eq!(wins, 8);
}

#[test]
fn self_play_games_are_legal_to_the_end() {
    for (size, playouts) in [(3, 100), (5, 200), (8, 300), (11, 300), (13, 200)] {
        for seed in 0..2 {
            let mut pos = Position::new(size, seed == 0).unwrap();
            let mut engines = [Ponte::new(1, seed), Ponte::new(2, seed + 50)];
            let mut moves = 0;
            while pos.outcome().is_none() {
                let side = pos.to_move().index();
                let (mv, _) = engines[side]
                    .think(&pos, &Limits::nodes(playouts))
                    .expect("the game goes on");
                assert!(
                    pos.is_legal(mv),
                    "{size}x{size} seed {seed}: {} at {}",
                    pos.format_move(mv),
                    pos.position_text()
                );
                pos.play(mv);
                moves += 1;
            }
            assert!(moves <= size * size + 1);
        }
    }
}

#[test]
fn the_policy_off_baseline_still_plays_legal_moves() {
    let mut ponte = Ponte::with_hooks(HexHooks::new(false), 1, 3);
    let pos = Position::start11();
    let r = ponte.search(&pos, &Limits::nodes(500)).unwrap();
    assert!(pos.is_legal(r.best));
}
