//! Go over GTP, as Go users run it: `olympiad play go` answering a scripted GTP session
//! (what GoGui or Sabaki send), and real games of GNU Go 3.8 (the Debian package
//! `.ci/run` installs) through `olympiad match go`: against our `random` engine and against
//! itself (complete games whose result is what our rules score and what GNU Go's own
//! `final_score` says of the same moves where it sees no seki: GNU Go does not count an
//! eye inside a seki, Tromp-Taylor does) and against our `random` engine served by
//! `olympiad play go` (GTP on both sides), an engine killed mid-game, and a small
//! tournament of GTP and built-in players.

mod common;

use common::{Pipe as Gtp, moves, run_match, run_tournament};
use serde_json::Value;
use std::path::{Path, PathBuf};

/// A fresh directory for one test's records.
fn scratch(name: &str) -> PathBuf {
    common::scratch("go", name)
}

/// GNU Go in PATH or where Debian puts it.
fn gnugo() -> PathBuf {
    olympiad_core::programs::require("gnugo", "gnugo")
}

/// GNU Go as the tests run it: fast (level 0), Chinese rules, positional superko, dead
/// stones captured before it passes (so that the final board scores as it stands), a
/// fixed seed (the same games every run).
fn gnugo_line(seed: u32) -> String {
    format!(
        "{} --mode gtp --level 0 --chinese-rules --positional-superko --capture-all-dead \
         --komi 7.5 --seed {seed}",
        gnugo().display()
    )
}

#[test]
fn olympiad_play_go_answers_a_scripted_gtp_session() {
    let olympiad = Path::new(env!("CARGO_BIN_EXE_olympiad"));
    let mut e = Gtp::start(olympiad, &["play", "go", "--engine", "random"]);
    assert_eq!(e.one("1 protocol_version"), "=1 2");
    assert_eq!(e.one("2 name"), "=2 olympiad random (go)");
    assert_eq!(
        e.one("3 version"),
        format!("=3 {}", env!("CARGO_PKG_VERSION"))
    );
    assert_eq!(e.one("4 known_command final_score"), "=4 true");
    assert_eq!(e.one("5 known_command kgs-genmove_cleanup"), "=5 false");
    let list = e.ask("6 list_commands");
    assert_eq!(list[0], "=6 protocol_version");
    for command in [
        "boardsize",
        "komi",
        "play",
        "genmove",
        "undo",
        "time_left",
        "showboard",
    ] {
        assert!(list.iter().any(|l| l == command), "{command} in {list:?}");
    }
    assert_eq!(e.one("7 boardsize 7"), "=7");
    assert_eq!(e.one("8 boardsize 25"), "?8 unacceptable size");
    assert_eq!(e.one("9 clear_board"), "=9");
    assert_eq!(e.one("10 komi 6.5"), "=10");
    assert_eq!(e.one("11 play b C3"), "=11");
    assert!(e.one("12 play w c3").starts_with("?12 illegal move ("));
    assert_eq!(e.one("13 play b D4"), "?13 illegal move (w is to play)");
    assert_eq!(e.one("14 play w D4"), "=14");
    // 7x7 with one stone each: one region touching both colours, White ahead by komi.
    assert_eq!(e.one("15 final_score"), "=15 W+6.5");
    assert_eq!(e.one("16 undo"), "=16");
    assert_eq!(e.one("17 undo"), "=17");
    assert_eq!(e.one("18 undo"), "?18 cannot undo");
    // The clock as a controller sets it, then a move of ours: a point or a pass, played
    // on our board (so the same point is refused to the other colour).
    assert_eq!(e.one("19 time_settings 10 0 0"), "=19");
    assert_eq!(e.one("20 time_left b 5 0"), "=20");
    let mv = e.one("21 genmove b");
    let mv = mv.strip_prefix("=21 ").expect("a move");
    if mv != "pass" {
        assert!(
            e.one(&format!("22 play w {mv}"))
                .starts_with("?22 illegal move")
        );
    }
    let board = e.ask("23 showboard");
    assert_eq!(board[0], "=23");
    assert!(board.len() >= 8, "seven rows and the labels: {board:?}");
    // Two passes end the game: no more moves, and nothing is dead.
    assert_eq!(e.one("24 play w pass"), "=24");
    assert_eq!(e.one("25 play b PASS"), "=25");
    assert_eq!(e.one("26 genmove w"), "?26 the game is over");
    assert_eq!(e.ask("27 final_status_list dead"), ["=27"]);
    assert!(e.one("28 final_status_list seki").starts_with("?28 "));
    let refused = e.one("29 komi -1");
    assert!(
        refused.starts_with("?29 ") && refused.contains("komi=-1: expected a whole or half"),
        "{refused}"
    );
    assert_eq!(e.one("fly"), "? unknown command");
    assert_eq!(e.one("30 quit"), "=30");
    assert!(e.child.wait().unwrap().success());
}

/// Runs `olympiad match go ...` with records in `dir/out`; returns stdout and the records.
fn go_match(dir: &Path, args: &[&str]) -> (String, Vec<Value>) {
    go_variant_match("go", dir, args)
}

/// The same for a variant of Go (`go(size=7)`).
fn go_variant_match(game: &str, dir: &Path, args: &[&str]) -> (String, Vec<Value>) {
    run_match(game, dir, args)
}

fn termination(record: &Value) -> (&str, Option<u64>, &str, &str) {
    let t = &record["termination"];
    (
        t["kind"].as_str().unwrap(),
        t["seat"].as_u64(),
        t["fault"]["kind"].as_str().unwrap_or(""),
        t["fault"]["detail"].as_str().unwrap_or(""),
    )
}

/// What our rules say of a finished game: its final board's score as GTP writes it.
fn our_score(record: &Value) -> String {
    let game = olympiad_catalog::find_game(record["game"].as_str().unwrap()).unwrap();
    let mut position = game.start();
    for mv in moves(record) {
        position.play(&mv).unwrap();
    }
    assert!(position.outcome().is_some(), "the game is over: {record}");
    let score = position.own_score().expect("Go scores its area");
    let komi: f64 = game
        .parameters()
        .iter()
        .find(|(n, _)| *n == "komi")
        .map(|(_, k)| k.parse().unwrap())
        .unwrap();
    olympiad_protocol::gtp::score_text(score.seats[0] as f64 - score.seats[1] as f64 - komi)
}

/// GNU Go's `final_score` of the moves of `record`, replayed into a fresh GNU Go, and
/// whether it sees stones in seki.
fn gnugo_score(record: &Value) -> (String, bool) {
    let words: Vec<String> = gnugo_line(0).split(' ').skip(1).map(String::from).collect();
    let args: Vec<&str> = words.iter().map(String::as_str).collect();
    let mut e = Gtp::start(&gnugo(), &args);
    let game = olympiad_catalog::find_game(record["game"].as_str().unwrap()).unwrap();
    let parameters = game.parameters();
    let size = &parameters.iter().find(|(n, _)| *n == "size").unwrap().1;
    assert_eq!(e.one(&format!("boardsize {size}")), "=");
    assert_eq!(e.one("clear_board"), "=");
    for (i, mv) in moves(record).iter().enumerate() {
        let colour = ["b", "w"][i % 2];
        assert_eq!(e.one(&format!("play {colour} {mv}")), "=", "move {}", i + 1);
    }
    let score = e.one("final_score");
    let seki = e.ask("final_status_list seki");
    e.one("quit");
    let seki = seki.len() > 1 || seki[0].trim() != "=";
    (score.strip_prefix("= ").unwrap().to_string(), seki)
}

#[test]
fn gnugo_plays_itself_and_our_rules_score_as_gnugo_does() {
    let dir = scratch("gnugo");
    let (a, b) = (
        format!("gtp:{}", gnugo_line(1)),
        format!("gtp:{}", gnugo_line(2)),
    );
    // GNU Go against itself (two seeds; both games at once, to keep the test short): both
    // capture every dead stone before passing, so the final board scores as it stands,
    // for our rules and for GNU Go's final_score alike.
    let (stdout, records) = go_match(
        &dir.join("self"),
        &[&a, &b, "--games", "2", "--tc", "60", "--concurrency", "2"],
    );
    assert_eq!(records.len(), 2, "{stdout}");
    let mut compared = 0;
    for record in &records {
        let (kind, _, _, _) = termination(record);
        assert_eq!(kind, "rules", "{record}");
        assert!(moves(record).len() > 20, "a real game: {record}");
        let ours = our_score(record);
        let winner = if ours.starts_with('B') { "1-0" } else { "0-1" };
        assert_eq!(record["result"], winner, "{ours}: {record}");
        // GNU Go does not count an eye inside a seki as area (Tromp-Taylor does): its
        // score is ours only where it sees no seki.
        let (theirs, seki) = gnugo_score(record);
        if !seki {
            assert_eq!(ours, theirs, "{record}");
            compared += 1;
        }
    }
    assert!(compared > 0, "every game had a seki: {records:?}");
}

#[test]
fn our_random_engine_served_over_gtp_loses_to_gnugo_and_a_killed_engine_loses() {
    let dir = scratch("served");
    let ours = format!(
        "gtp:{} play go --engine random --quiet",
        env!("CARGO_BIN_EXE_olympiad")
    );
    let gnugo = format!("gtp:{}", gnugo_line(1));
    // On 7x7: random moves make long games on 9x9.
    let (stdout, records) = go_variant_match(
        "go(size=7)",
        &dir.join("ours"),
        &[&ours, &gnugo, "--games", "2", "--tc", "60"],
    );
    assert_eq!(records.len(), 2, "{stdout}");
    for (i, record) in records.iter().enumerate() {
        let (kind, seat, fault, detail) = termination(record);
        assert_eq!(kind, "rules", "{seat:?} {fault}: {detail}");
        // Our random engine holds seat 0 in game 0 and seat 1 in game 1: GNU Go wins both.
        assert_eq!(record["points"][1 - i], 1.0, "{record}");
        assert_eq!(our_score(record).starts_with('B'), i == 1, "{record}");
    }
    // GNU Go behind a script that kills its whole process group at its fourth genmove.
    let dying = dir.join("dying-gnugo");
    std::fs::write(
        &dying,
        format!(
            "#!/bin/bash\ncoproc GG {{ {}; }}\nexec 3<&\"${{GG[0]}}\" 4>&\"${{GG[1]}}\"\n\
             cat <&3 &\nn=0\n\
             while read -r line; do\n  case \"$line\" in *genmove*) n=$((n+1)); \
             if [ $n -ge 4 ]; then kill -9 0; fi;; esac\n  echo \"$line\" >&4\ndone\n",
            gnugo_line(1)
        ),
    )
    .unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&dying, std::fs::Permissions::from_mode(0o755)).unwrap();
    let (stdout, records) = go_match(
        &dir.join("killed"),
        &[
            &format!("gtp:{}", dying.display()),
            &gnugo,
            "--games",
            "2",
            "--tc",
            "60",
        ],
    );
    assert_eq!(records.len(), 2, "{stdout}");
    for (i, record) in records.iter().enumerate() {
        let (kind, seat, fault, detail) = termination(record);
        assert_eq!((kind, fault), ("fault", "crash"), "{detail}: {record}");
        assert_eq!(seat, Some(i as u64), "the dying engine's seat alternates");
        let its_moves = record["moves"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|m| m["seat"] == i as u64)
            .count();
        assert_eq!(its_moves, 3, "three moves before it died: {record}");
    }
}

#[test]
fn a_go_tournament_runs_gtp_engines_and_built_in_ones() {
    let dir = scratch("tournament");
    let stdout = run_tournament(
        &dir,
        &format!(
            "name = \"go over gtp\"\ngame = \"go(size=7)\"\nconcurrency = 1\nseed = 1\n\
             [format]\nkind = \"round_robin\"\n[time]\ntime_ms = 30000\n\
             [[players]]\nname = \"gnugo\"\nspec = \"gtp:{}\"\n\
             [[players]]\nname = \"served\"\nspec = \"gtp:{} play go --engine random --quiet\"\n\
             [[players]]\nname = \"random\"\nspec = \"builtin:random\"\n",
            gnugo_line(1),
            env!("CARGO_BIN_EXE_olympiad")
        ),
    );
    // Three games, each ended by the rules; GNU Go wins both of its own.
    assert!(stdout.contains("terminations: normal 3"), "{stdout}");
    let first = stdout
        .lines()
        .find(|l| l.starts_with("1 "))
        .unwrap_or_else(|| panic!("standings: {stdout}"));
    let words: Vec<&str> = first.split_whitespace().collect();
    // place, player, points (a bye's point included), games, wins
    assert_eq!(
        (words[1], words[3], words[4]),
        ("gnugo", "2", "2"),
        "{stdout}"
    );
}

/// A komi that Black cannot overcome on 9x9 (81 points): Hane sees the game as lost from
/// the first move.
const HOPELESS: &str = "go(size=9,komi=100.5)";

#[test]
fn hane_resigns_a_hopeless_game_over_gtp_and_in_the_arena() {
    // Served over GTP: `= resign`, and final_score says who won by it.
    let olympiad = Path::new(env!("CARGO_BIN_EXE_olympiad"));
    let mut e = Gtp::start(
        olympiad,
        &["play", "go", "--options", "playouts=6000", "--quiet"],
    );
    assert_eq!(e.one("1 boardsize 9"), "=1");
    assert_eq!(e.one("2 komi 100.5"), "=2");
    assert_eq!(e.one("3 genmove b"), "=3 resign");
    assert_eq!(e.one("4 final_score"), "=4 W+R");
    // With resign=0 it plays on.
    let mut never = Gtp::start(
        olympiad,
        &[
            "play",
            "go",
            "--options",
            "playouts=6000,resign=0",
            "--quiet",
        ],
    );
    assert_eq!(never.one("1 komi 100.5"), "=1");
    assert_ne!(never.one("2 genmove b"), "=2 resign");
    for mut engine in [e, never] {
        engine.one("quit");
        assert!(engine.child.wait().unwrap().success());
    }
    // In the arena, Hane as Black resigns at once both as a GTP program and built in; the
    // record says so, and the SGF writes W+R.
    let dir = scratch("resign");
    let served = format!(
        "gtp:{} play go --options playouts=6000 --quiet",
        olympiad.display()
    );
    let builtin = "builtin:hane:playouts=6000";
    let (stdout, records) = go_variant_match(
        HOPELESS,
        &dir,
        &[&served, builtin, "--games", "2", "--tc", "60"],
    );
    assert_eq!(records.len(), 2, "{stdout}");
    for record in &records {
        assert_eq!(termination(record).0, "resigned", "{record}");
        assert!(moves(record).is_empty(), "{record}");
        assert_eq!(record["result"], "0-1", "{record}");
    }
    let sgf = std::fs::read_to_string(dir.join("out").join("games.sgf")).unwrap();
    assert_eq!(sgf.matches("RE[W+R]").count(), 2, "{sgf}");
}
