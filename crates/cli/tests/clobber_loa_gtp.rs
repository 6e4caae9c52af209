//! Clobber and Lines of Action over GTP, as GoGui drives a board game's program:
//! `olympiad play clobber|loa` answering scripted sessions (moves in the games' own
//! notation, `boardsize` refused where the game cannot be, `final_score` as the winner),
//! whole games through `olympiad match` and round-robin tournaments in which our engine,
//! served by `olympiad play`, is the external GTP program, and a program that answers
//! `genmove` with an illegal move losing that game by the arena's fault record.

mod common;

use common::{Pipe, moves, run_match, run_tournament, scratch};
use std::path::Path;

#[test]
fn olympiad_play_clobber_answers_a_scripted_gtp_session_to_the_end() {
    let mut e = Pipe::start(
        Path::new(env!("CARGO_BIN_EXE_olympiad")),
        &["play", "clobber", "--options", "depth=2"],
    );
    assert_eq!(e.one("1 protocol_version"), "=1 2");
    assert_eq!(e.one("2 name"), "=2 olympiad alphabeta (clobber)");
    let list = e.ask("3 list_commands");
    for command in ["boardsize", "play", "genmove", "final_score", "showboard"] {
        assert!(list.iter().any(|l| l.ends_with(command)), "{command}");
    }
    // A board the game cannot have, and komi, which it has not.
    assert_eq!(e.one("4 boardsize 30"), "?4 unacceptable size");
    assert!(e.one("5 komi 6.5").starts_with("?5 "));
    // 2x2: a1 and b2 Black, b1 and a2 White. Black takes b1, White takes b2 from a2,
    // Black takes b2 from b1, and White has no stone left: Black wins.
    assert_eq!(e.one("6 boardsize 2"), "=6");
    assert_eq!(e.one("7 play w a2a1"), "?7 illegal move (b is to play)");
    assert!(e.one("8 play b b1a1").starts_with("?8 illegal move ("));
    assert_eq!(e.one("9 play b a1b1"), "=9");
    assert_eq!(
        e.one("10 final_score"),
        "?10 cannot score: the game is not over"
    );
    assert_eq!(e.one("11 genmove w"), "=11 a2b2");
    assert_eq!(e.one("12 genmove b"), "=12 b1b2");
    let board = e.ask("13 showboard");
    assert!(board.iter().any(|l| l.contains('x')), "{board:?}");
    assert_eq!(e.one("14 final_score"), "=14 B+");
    assert_eq!(e.one("15 genmove w"), "?15 the game is over");
    // Taken back, White has a move again; a new game on 10x10 starts from the start.
    assert_eq!(e.one("16 undo"), "=16");
    assert_eq!(e.one("17 play w a2a1"), "?17 illegal move (b is to play)");
    assert_eq!(e.one("18 boardsize 10"), "=18");
    assert_eq!(e.one("19 play b c1b1"), "=19");
    assert_eq!(e.one("20 clear_board"), "=20");
    assert_eq!(e.one("21 play b a1b1"), "=21");
    assert_eq!(e.one("22 time_settings 30 0 0"), "=22");
    assert_eq!(e.one("23 time_left w 30 0"), "=23");
    let mv = e.one("24 genmove w");
    assert!(mv.starts_with("=24 ") && mv.len() >= 8, "{mv}");
    assert_eq!(e.one("25 quit"), "=25");
    assert!(e.child.wait().unwrap().success());
}

#[test]
fn olympiad_play_loa_answers_a_scripted_gtp_session() {
    let mut e = Pipe::start(
        Path::new(env!("CARGO_BIN_EXE_olympiad")),
        &["play", "loa", "--options", "depth=2"],
    );
    assert_eq!(e.one("1 protocol_version"), "=1 2");
    assert_eq!(e.one("2 name"), "=2 olympiad alphabeta (loa)");
    // Only the board of the rules.
    assert_eq!(e.one("3 boardsize 8"), "=3");
    assert_eq!(e.one("4 boardsize 9"), "?4 unacceptable size");
    assert_eq!(e.one("5 clear_board"), "=5");
    // Black's b1 goes two squares up the b file (two pieces on it); either sign is read.
    assert!(e.one("6 play b b1-b4").starts_with("?6 illegal move ("));
    assert_eq!(e.one("7 play b b1-b3"), "=7");
    assert_eq!(e.one("8 play b c1-c3"), "?8 illegal move (w is to play)");
    // a2's diagonal holds three pieces now (a2, b3, g8): capturing b3 is one square short.
    assert!(e.one("9 play w a2xb3").starts_with("?9 illegal move ("));
    let mv = e.one("10 genmove w");
    let mv = mv.strip_prefix("=10 ").expect("a move");
    assert!(mv.len() == 5 && matches!(&mv[2..3], "-" | "x"), "{mv}");
    assert_eq!(
        e.one("11 final_score"),
        "?11 cannot score: the game is not over"
    );
    let board = e.ask("12 showboard");
    assert!(board.len() > 8, "{board:?}");
    assert_eq!(e.one("13 quit"), "=13");
    assert!(e.child.wait().unwrap().success());
}

/// A short match of `game` between our built-in engine and the same engine served by
/// `olympiad play` as a `gtp:` program; every game ends by the rules and the served
/// program's moves are read in the game's notation.
fn served_match(game: &str, play: &str, games: &str) {
    let dir = scratch("clobber-loa-gtp", play);
    let ours = format!(
        "gtp:{} play {play} --options depth=2 --quiet",
        env!("CARGO_BIN_EXE_olympiad")
    );
    let (stdout, records) = run_match(
        game,
        &dir,
        &[
            "builtin:alphabeta:depth=1",
            &ours,
            "--games",
            games,
            "--tc",
            "60",
        ],
    );
    assert_eq!(records.len(), games.parse::<usize>().unwrap(), "{stdout}");
    for record in &records {
        assert_eq!(record["termination"]["kind"], "rules", "{record}");
        assert!(moves(record).len() >= 2, "{record}");
    }
}

#[test]
fn our_clobber_engine_served_over_gtp_plays_whole_games() {
    served_match("clobber(rows=6,columns=6)", "clobber", "2");
}

#[test]
fn our_loa_engine_served_over_gtp_plays_whole_games() {
    served_match("loa", "loa", "2");
}

/// A GTP program (a shell script) that answers `genmove b` with `black` and `genmove w`
/// with `white`: moves written right but not legal in the position.
fn illegal_program(dir: &Path, black: &str, white: &str) -> String {
    let script = dir.join("illegal.sh");
    let text = format!(
        "#!/bin/sh\nwhile read -r id command rest; do\n  case \"$command\" in\n    \
         protocol_version) printf '=%s 2\\n\\n' \"$id\" ;;\n    \
         genmove) case \"$rest\" in b*) mv={black} ;; *) mv={white} ;; esac\n      \
         printf '=%s %s\\n\\n' \"$id\" \"$mv\" ;;\n    \
         quit) printf '=%s\\n\\n' \"$id\"; exit 0 ;;\n    \
         *) printf '=%s\\n\\n' \"$id\" ;;\n  esac\ndone\n"
    );
    std::fs::write(&script, text).unwrap();
    format!("gtp:sh {}", script.display())
}

#[test]
fn a_gtp_program_that_answers_an_illegal_move_loses_that_game() {
    // Clobber: Black moving White's b1, White moving from a1 (Black's, or emptied); LOA:
    // from the empty corner a1.
    let games = [
        ("clobber(rows=4,columns=4)", ["b1a1", "a1b1"]),
        ("loa", ["a1-a3", "a1-a3"]),
    ];
    for (game, [black, white]) in games {
        let dir = scratch("clobber-loa-gtp", &format!("illegal-{}", &game[..3]));
        let program = illegal_program(&dir, black, white);
        let (stdout, records) = run_match(
            game,
            &dir,
            &["builtin:random", &program, "--games", "2", "--tc", "10"],
        );
        assert_eq!(records.len(), 2, "{stdout}");
        for (i, record) in records.iter().enumerate() {
            let t = &record["termination"];
            assert_eq!(t["kind"], "fault", "{record}");
            assert_eq!(t["fault"]["kind"], "illegal-move", "{record}");
            // The program holds the second seat in game 0, the first in game 1.
            let program_seat = 1 - i % 2;
            assert_eq!(t["seat"], program_seat, "{record}");
            assert_eq!(record["points"][program_seat], 0.0, "{record}");
            let answer = [black, white][program_seat];
            assert!(
                t["fault"]["detail"].as_str().unwrap().contains(answer),
                "{record}"
            );
        }
    }
}

#[test]
fn tournaments_of_both_games_run_gtp_programs_and_built_in_engines() {
    for (game, play) in [("clobber(rows=6,columns=6)", "clobber"), ("loa", "loa")] {
        let dir = scratch("clobber-loa-gtp", &format!("tournament-{play}"));
        let stdout = run_tournament(
            &dir,
            &format!(
                "name = \"{play} over gtp\"\ngame = \"{game}\"\nconcurrency = 1\nseed = 1\n\
                 [format]\nkind = \"round_robin\"\n[time]\ntime_ms = 30000\n\
                 [[players]]\nname = \"served\"\n\
                 spec = \"gtp:{} play {play} --options depth=2 --quiet\"\n\
                 [[players]]\nname = \"alphabeta\"\nspec = \"builtin:alphabeta:depth=1\"\n\
                 [[players]]\nname = \"random\"\nspec = \"builtin:random\"\n",
                env!("CARGO_BIN_EXE_olympiad")
            ),
        );
        // Three games, each ended by the rules: no program broke the protocol.
        assert!(stdout.contains("terminations: normal 3"), "{stdout}");
    }
}
