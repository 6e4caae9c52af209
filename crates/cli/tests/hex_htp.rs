//! Hex over HTP, as HexGui and MoHex speak it: `olympiad play hex` answering a scripted HTP
//! session with the swap (what HexGui sends), and whole games through `olympiad match hex`
//! in which our Ponte, served by `olympiad play hex`, is the external HTP program on the
//! referee's side of the dialogue: the swap told and answered as `swap-pieces`, every move
//! checked by the referee.

mod common;

use common::{Pipe, moves, run_match, scratch};
use std::path::Path;

#[test]
fn olympiad_play_hex_answers_a_scripted_htp_session_with_the_swap() {
    let mut e = Pipe::start(
        Path::new(env!("CARGO_BIN_EXE_olympiad")),
        &[
            "play",
            "hex",
            "--engine",
            "ponte",
            "--options",
            "playouts=300",
        ],
    );
    assert_eq!(e.one("1 protocol_version"), "=1 2");
    assert_eq!(e.one("2 name"), "=2 olympiad ponte (hex)");
    assert_eq!(e.one("3 known_command param_game"), "=3 true");
    assert_eq!(e.one("4 known_command komi"), "=4 false");
    let list = e.ask("5 list_commands");
    for command in ["boardsize", "play", "genmove", "final_score", "param_game"] {
        assert!(
            list.iter().any(|l| l.ends_with(command)),
            "{command} in {list:?}"
        );
    }
    assert_eq!(e.one("6 boardsize 5 5"), "=6");
    assert!(
        e.one("7 boardsize 5 7")
            .starts_with("?7 boardsize 5 7: only square")
    );
    assert_eq!(e.ask("8 param_game"), ["=8", "[bool] allow_swap 1"]);
    // HexGui's game with the swap: Black's c3, White swaps, White (the opening player)
    // moves again; the board keeps c3 as Black's.
    assert_eq!(e.one("9 play b c3"), "=9");
    assert_eq!(e.one("10 play w swap-pieces"), "=10");
    assert_eq!(e.one("11 play b a1"), "?11 illegal move (w is to play)");
    let mv = e.one("12 genmove w");
    let mv = mv.strip_prefix("=12 ").expect("a cell");
    assert!(
        e.one(&format!("13 play b {mv}"))
            .starts_with("?13 illegal move")
    );
    let board = e.ask("14 showboard");
    assert!(board.iter().any(|l| l.contains('x')), "{board:?}");
    assert_eq!(
        e.one("15 final_score"),
        "?15 cannot score: the game is not over"
    );
    // A new game without the swap: Black's column on c wins, and final_score says so.
    assert_eq!(e.one("16 clear_board"), "=16");
    assert_eq!(e.one("17 param_game allow_swap 0"), "=17");
    assert_eq!(e.one("18 play b c1"), "=18");
    assert!(
        e.one("19 play w swap-pieces")
            .starts_with("?19 illegal move")
    );
    for (id, command) in (20..).zip([
        "play w a5",
        "play b c2",
        "play w a1",
        "play b c3",
        "play w a2",
        "play b c4",
        "play w a3",
        "play b c5",
    ]) {
        assert_eq!(e.one(&format!("{id} {command}")), format!("={id}"));
    }
    assert_eq!(e.one("30 final_score"), "=30 B+");
    assert_eq!(e.one("31 genmove w"), "?31 the game is over");
    assert_eq!(e.one("32 time_left b 12"), "=32");
    let analyze = e.ask("33 hexgui-analyze_commands");
    assert_eq!(analyze[0], "=33 param/Game Param/param_game");
    assert_eq!(e.one("34 quit"), "=34");
    assert!(e.child.wait().unwrap().success());
}

#[test]
fn our_engine_served_over_htp_plays_whole_games_and_swaps_a_centre_opening() {
    let dir = scratch("hex", "served");
    let ours = format!(
        "htp:{} play hex --engine ponte --options playouts=300 --quiet",
        env!("CARGO_BIN_EXE_olympiad")
    );
    // The random player opens game 0: on 7x7 a random first stone is swapped unless it
    // stands on Black's edge rows (the table's shape off 11x11).
    let (stdout, records) = run_match(
        "hex(size=7)",
        &dir,
        &["builtin:random:seed=3", &ours, "--games", "4", "--tc", "60"],
    );
    assert_eq!(records.len(), 4, "{stdout}");
    let mut swaps = 0;
    for (i, record) in records.iter().enumerate() {
        let t = &record["termination"];
        assert_eq!(t["kind"], "rules", "{record}");
        let ponte = 1 - i % 2;
        assert_eq!(record["points"][ponte], 1.0, "Ponte wins: {record}");
        let moves = moves(record);
        if i % 2 == 0 {
            let first = moves[0].as_bytes();
            let edge_row = first[1..] == *b"1" || first[1..] == *b"7";
            let obtuse = moves[0] == "g1" || moves[0] == "a7";
            assert_eq!(moves[1] == "swap", !edge_row || obtuse, "{moves:?}");
            swaps += usize::from(moves[1] == "swap");
        }
    }
    assert!(swaps > 0, "no opening was swapped: {records:?}");
}

/// MoHex 2.0 against Ponte through the arena over HTP: MoHex is no Debian package, so this
/// test is ignored and reads its path from `MOHEX` (build it from
/// github.com/cgao3/benzene-vanilla-cmake with CMake, Boost and libdb-dev). One second a move
/// for MoHex (`param_mohex max_time 1` in a config file), and no address-space limit (it
/// takes a gigabyte for its tree). MoHex breaks no rule of the protocol: the games end by
/// the rules or by a crash of its own (this build dies with SIGSEGV when its solver proves
/// its root lost, even alone on the same moves); a swap it plays or answers is `swap`.
#[test]
#[ignore = "needs MoHex 2.0 (benzene): MOHEX=/path/to/mohex"]
fn mohex_plays_ponte_over_htp_with_the_swap() {
    let mohex = std::env::var("MOHEX")
        .expect("MOHEX: the path of MoHex 2.0 built from github.com/cgao3/benzene-vanilla-cmake");
    let dir = scratch("hex", "mohex");
    let config = dir.join("mohex.htp");
    std::fs::write(&config, "param_mohex max_time 1\n").unwrap();
    let program = format!(
        "htp:{mohex} --quiet --use-logfile 0 --config {}",
        config.display()
    );
    let (stdout, records) = run_match(
        "hex",
        &dir,
        &[
            &program,
            "builtin:ponte",
            "--games",
            "2",
            "--tc",
            "120",
            "--memory-mib",
            "0",
        ],
    );
    assert_eq!(records.len(), 2, "{stdout}");
    for record in &records {
        let t = &record["termination"];
        let by_rules = t["kind"] == "rules";
        let mohex_crashed = t["kind"] == "fault" && t["fault"]["kind"] == "crash";
        assert!(by_rules || mohex_crashed, "{record}");
        let moves = moves(record);
        assert!(moves.len() > 10, "a real game: {moves:?}");
        assert!(!moves[2..].iter().any(|m| m == "swap"), "{moves:?}");
    }
}
