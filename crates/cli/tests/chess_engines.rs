//! Real chess engines through the arena, as chess users run them: Stockfish 15.1 over UCI
//! and Fairy-Max over CECP (Debian packages, installed by `.ci/run`), our own engine served
//! by `olympiad play chess` over UCI, and scripted engines that misbehave in each way the
//! arena must survive. Every game is read back from the match's records: complete games,
//! clocks kept, every engine's search reports parsed, faults named and the match going on.

mod common;

use common::{script, termination};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

const STOCKFISH: &str = "/usr/games/stockfish";
const FAIRYMAX: &str = "/usr/games/fairymax";

/// A fresh directory for one test's records.
fn scratch(name: &str) -> PathBuf {
    common::scratch("chess", name)
}

fn require(program: &str) {
    assert!(
        Path::new(program).is_file(),
        "{program} is missing: `.ci/run` installs it (apt-get install stockfish fairymax)"
    );
}

/// Runs `olympiad match chess ...` with records in `dir/out`; returns stdout and the
/// records.
fn chess_match(dir: &Path, args: &[&str]) -> (String, Vec<Value>) {
    chess_variant_match("chess", dir, args)
}

/// The same for a variant of chess (`chess960`).
fn chess_variant_match(game: &str, dir: &Path, args: &[&str]) -> (String, Vec<Value>) {
    common::run_match(game, dir, args)
}

/// Writes an executable script.

#[test]
fn stockfish_over_uci_plays_fairymax_over_cecp_with_clocks_and_reports() {
    require(STOCKFISH);
    require(FAIRYMAX);
    let dir = scratch("sf-fm");
    let players = dir.join("players.toml");
    std::fs::write(
        &players,
        format!(
            "[players]\nsf = {{ spec = \"uci:{STOCKFISH}\", options = {{ Hash = 16, Threads = 1 }} }}\n\
             fm = {{ protocol = \"cecp\", command = \"{FAIRYMAX}\" }}\n"
        ),
    )
    .unwrap();
    // One opening from an EPD file, played twice with the colours swapped.
    let epd = dir.join("openings.epd");
    let opening = "rnbqkbnr/pp2pppp/3p4/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq -";
    std::fs::write(&epd, format!("# one opening\n{opening} fmvn 3; ce 20;\n")).unwrap();
    let (stdout, records) = chess_match(
        &dir,
        &[
            "sf",
            "fm",
            "--openings",
            epd.to_str().unwrap(),
            "--players",
            players.to_str().unwrap(),
            "--games",
            "2",
            "--tc",
            "4+0.1",
            // A loaded machine may starve an engine for a moment: a margin as fastchess
            // users give, so that only the arena's own timing is under test.
            "--margin-ms",
            "300",
            "--resign",
            "800,3",
        ],
    );
    assert_eq!(records.len(), 2, "{stdout}");
    for record in &records {
        assert_eq!(record["start"], format!("{opening} 0 3"), "{record}");
        let (kind, _, fault) = termination(record);
        assert!(
            kind == "rules" || kind == "adjudicated" || kind == "resigned",
            "{kind} {fault}: {record}"
        );
        let moves = record["moves"].as_array().unwrap();
        assert!(moves.len() >= 10, "{record}");
        // Both engines reported their search on (nearly) every move, parsed once.
        for seat in 0..2 {
            let scored = moves
                .iter()
                .filter(|m| m["seat"] == seat && m["thinking"]["score"].is_object())
                .count();
            let mine = moves.iter().filter(|m| m["seat"] == seat).count();
            assert!(
                scored * 10 >= mine * 8,
                "seat {seat}: {scored} of {mine} scored"
            );
        }
        // Clocks: nobody lost on time, time left is recorded after every move.
        for m in moves {
            assert!(m["left_ms"].as_f64().unwrap() > 0.0, "{m}");
        }
    }
    // Colours alternate: Stockfish is White in the first game, Black in the second.
    assert_eq!(records[0]["players"][0]["name"], "sf");
    assert_eq!(records[1]["players"][0]["name"], "fm");
    check_pgn(&dir.join("out").join("games.pgn"), &records);
}

/// The match's PGN holds every game of its records: read back by our reader (tags, start,
/// moves, comments with score/depth, time and `[%clk]`) and by python-chess.
fn check_pgn(path: &Path, records: &[Value]) {
    let text = std::fs::read_to_string(path).unwrap();
    let games = olympiad_chess::pgn::read(&text, false).unwrap();
    assert_eq!(games.len(), records.len());
    for (game, record) in games.iter().zip(records) {
        assert_eq!(game.tag("White"), record["players"][0]["name"].as_str());
        assert_eq!(game.tag("Black"), record["players"][1]["name"].as_str());
        assert_eq!(Some(game.result.as_str()), record["result"].as_str());
        assert_eq!(game.tag("TimeControl"), Some("4+0.1"));
        assert!(game.tag("Termination").is_some(), "{text}");
        assert_eq!(game.start.fen(), record["start"].as_str().unwrap());
        let moves: Vec<&str> = record["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["move"].as_str().unwrap())
            .collect();
        assert_eq!(game.uci_moves(), moves);
        let first = game.moves[0].comment.as_deref().unwrap();
        let left = record["moves"][0]["left_ms"].as_f64().unwrap().round() as u64;
        let clk = format!("[%clk 0:00:{:02}.{:03}]", left / 1000, left % 1000);
        assert!(first.contains(&clk), "{first} lacks {clk}");
        let depth = record["moves"][0]["thinking"]["depth"].as_u64().unwrap();
        assert!(first.contains(&format!("/{depth} ")), "{first}");
    }
    // python-chess: the same games, moves, results and clocks (the final FEN as the
    // standard writes it, with the en passant square after every double step, as ours).
    let script = "import sys, chess.pgn\n\
        f = open(sys.argv[1])\n\
        while (g := chess.pgn.read_game(f)) is not None:\n\
        \x20   assert not g.errors, g.errors\n\
        \x20   nodes = list(g.mainline())\n\
        \x20   print(g.headers['Result'], len(nodes), nodes[0].clock(), g.end().board().fen(en_passant='fen'))\n";
    let out = Command::new("python3")
        .args(["-c", script])
        .arg(path)
        .output()
        .expect("python3 runs (.ci/run installs python-chess)");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let lines: Vec<String> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(String::from)
        .collect();
    assert_eq!(lines.len(), records.len());
    for (line, record) in lines.iter().zip(records) {
        let moves = record["moves"].as_array().unwrap();
        let left = moves[0]["left_ms"].as_f64().unwrap() / 1000.0;
        let words: Vec<&str> = line.splitn(4, ' ').collect();
        assert_eq!(words[0], record["result"].as_str().unwrap());
        assert_eq!(words[1], moves.len().to_string());
        let clock: f64 = words[2].parse().unwrap();
        assert!((clock - left).abs() < 0.002, "{line}: {left}");
        assert_eq!(words[3], record["end"].as_str().unwrap());
    }
}

#[test]
fn our_engine_served_over_uci_plays_stockfish_through_the_arena() {
    require(STOCKFISH);
    let dir = scratch("ours");
    let ours = format!("uci:{} play chess --quiet", env!("CARGO_BIN_EXE_olympiad"));
    let players = dir.join("players.toml");
    std::fs::write(
        &players,
        format!(
            "[players]\nsf = {{ spec = \"uci:{STOCKFISH}\", options = {{ UCI_LimitStrength = true, UCI_Elo = 1350 }} }}\n\
             ours = \"{ours}\"\n"
        ),
    )
    .unwrap();
    let (stdout, records) = chess_match(
        &dir,
        &[
            "ours",
            "sf",
            "--players",
            players.to_str().unwrap(),
            "--games",
            "2",
            "--tc",
            "5+0.1",
            // Room for a loaded machine: only the arena's own timing is under test.
            "--margin-ms",
            "500",
            "--max-plies",
            "60",
        ],
    );
    assert_eq!(records.len(), 2, "{stdout}");
    for record in &records {
        let (kind, _, fault) = termination(record);
        assert_ne!(kind, "fault", "{fault}: {record}");
        let ours_seat = if record["players"][0]["name"] == "ours" {
            0
        } else {
            1
        };
        let reports = record["moves"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|m| m["seat"] == ours_seat && m["thinking"]["depth"].is_u64())
            .count();
        assert!(reports > 0, "our engine's info lines were read: {record}");
    }
    // The summary measures the arena: its overhead over what both engines reported, and
    // the time losses (with the loser's clock), as a count even when there are none.
    assert!(
        stdout.contains("arena overhead per move (wall time minus the engine's reported time, "),
        "{stdout}"
    );
    assert!(stdout.contains("time losses: "), "{stdout}");
}

#[test]
fn an_engine_killed_mid_game_loses_that_game_and_the_next_starts_afresh() {
    require(STOCKFISH);
    let dir = scratch("killed");
    // Stockfish behind a script that kills its whole process group at its fourth `go`.
    let dying = script(
        &dir,
        "dying-stockfish",
        &format!(
            "#!/bin/bash\ncoproc SF {{ {STOCKFISH}; }}\nexec 3<&\"${{SF[0]}}\" 4>&\"${{SF[1]}}\"\n\
             cat <&3 &\nn=0\n\
             while read -r line; do\n  case \"$line\" in go*) n=$((n+1)); \
             if [ $n -ge 4 ]; then kill -9 0; fi;; esac\n  echo \"$line\" >&4\ndone\n"
        ),
    );
    let (stdout, records) = chess_match(
        &dir,
        &[
            &format!("uci:{}", dying.display()),
            &format!("uci:{STOCKFISH}"),
            "--games",
            "2",
            "--tc",
            "2+0.05",
            "--margin-ms",
            "500",
        ],
    );
    assert_eq!(records.len(), 2, "{stdout}");
    for (i, record) in records.iter().enumerate() {
        let (kind, seat, fault) = termination(record);
        assert_eq!((kind, fault), ("fault", "crash"), "{record}");
        // The dying engine holds seat 0 in game 0 and seat 1 in game 1.
        assert_eq!(seat, Some(i as u64));
        let its_moves = record["moves"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|m| m["seat"] == i as u64)
            .count();
        assert_eq!(
            its_moves, 3,
            "it played three moves before it died: {record}"
        );
    }
}

#[test]
fn engines_that_break_uci_lose_with_the_reason_and_the_match_goes_on() {
    let dir = scratch("broken");
    let fake = |name: &str, on_go: &str| {
        script(
            &dir,
            name,
            &format!(
                "#!/bin/sh\nwhile read -r line; do\n  case \"$line\" in\n    uci) echo 'id name fake'; echo uciok;;\n    \
                 isready) echo readyok;;\n    go*) {on_go};;\n    quit) exit 0;;\n  esac\ndone\n"
            ),
        )
    };
    let illegal = fake("illegal", "echo 'bestmove e2e5'");
    let garbage = fake("garbage", "echo 'I am thinking very hard'");
    let none = fake("none", "echo 'bestmove'");
    for (program, want, detail) in [
        (&illegal, "illegal-move", "e2e5"),
        (&garbage, "garbled", "not a UCI line"),
        (&none, "garbled", "without a move"),
    ] {
        let (stdout, records) = chess_match(
            &dir.join(format!(
                "{}-match",
                program.file_name().unwrap().to_string_lossy()
            )),
            &[
                &format!("uci:{}", program.display()),
                "builtin:random",
                "--games",
                "2",
                "--tc",
                "5",
            ],
        );
        assert_eq!(records.len(), 2, "{stdout}");
        for record in &records {
            let (kind, _, fault) = termination(record);
            assert_eq!((kind, fault), ("fault", want), "{record}");
            let text = record["termination"]["fault"]["detail"].as_str().unwrap();
            assert!(text.contains(detail), "{text}");
        }
    }
    // One that never says `uciok`: the handshake's limit (10 s, on nobody's clock) ends
    // it, and the game is its loss.
    let mute = script(
        &dir,
        "mute",
        "#!/bin/sh\nwhile read -r line; do\n  case \"$line\" in\n    quit) exit 0;;\n  esac\ndone\n",
    );
    let (stdout, records) = chess_match(
        &dir.join("mute-match"),
        &[
            &format!("uci:{}", mute.display()),
            "builtin:random",
            "--games",
            "1",
        ],
    );
    assert_eq!(records.len(), 1, "{stdout}");
    let (kind, seat, fault) = termination(&records[0]);
    assert_eq!(
        (kind, seat, fault),
        ("fault", Some(0), "timeout"),
        "{stdout}"
    );
    let text = records[0]["termination"]["fault"]["detail"]
        .as_str()
        .unwrap();
    assert!(text.contains("uci handshake"), "{text}");
}

#[test]
fn the_opening_builder_keeps_what_stockfish_finds_level() {
    require(STOCKFISH);
    let dir = scratch("openings");
    let out = dir.join("set.epd");
    let output = Command::new(env!("CARGO_BIN_EXE_olympiad"))
        .args(["openings", "chess", &format!("uci:{STOCKFISH}")])
        .args([
            "--count",
            "3",
            "--plies",
            "6",
            "--time-ms",
            "100",
            "--within",
            "80",
        ])
        .arg("--out")
        .arg(&out)
        .output()
        .expect("run olympiad openings");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    // Progress names every candidate and its score.
    assert!(stderr.contains("candidate     1:"), "{stderr}");
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(!dir.join("set.epd.partial").exists());
    let lines: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(lines.len(), 3, "{text}");
    assert!(
        text.contains("# Rebuild: olympiad openings chess"),
        "{text}"
    );
    for line in lines {
        // `ce` within the bound, `c0` the six plies that lead to the position.
        let ce: i32 = line
            .split("ce ")
            .nth(1)
            .and_then(|r| r.split(';').next())
            .unwrap()
            .parse()
            .unwrap();
        assert!(ce.abs() <= 80, "{line}");
        let moves = line.split("c0 \"").nth(1).unwrap().trim_end_matches("\";");
        assert_eq!(moves.split(' ').count(), 6, "{line}");
        let shown = Command::new(env!("CARGO_BIN_EXE_olympiad"))
            .args(["show", "chess", "--moves", moves])
            .output()
            .unwrap();
        let shown = String::from_utf8_lossy(&shown.stdout);
        let placement = line.split(' ').next().unwrap();
        assert!(shown.contains(placement), "{line}\n{shown}");
    }
}

#[test]
fn chess960_engines_are_told_and_play_from_a_shredder_fen() {
    require(STOCKFISH);
    let dir = scratch("960");
    let epd = dir.join("960.epd");
    // Scharnagl 0: bishops on a and b, the king between the rooks.
    std::fs::write(
        &epd,
        "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - id \"0\";\n",
    )
    .unwrap();
    let ours = format!("uci:{} play chess960", env!("CARGO_BIN_EXE_olympiad"));
    let (stdout, records) = chess_variant_match(
        "chess960",
        &dir,
        &[
            "--openings",
            epd.to_str().unwrap(),
            &ours,
            &format!("uci:{STOCKFISH}"),
            "--games",
            "2",
            "--tc",
            "3+0.05",
            "--margin-ms",
            "500",
            "--resign",
            "600,2",
        ],
    );
    assert_eq!(records.len(), 2, "{stdout}");
    for record in &records {
        assert_eq!(record["game"], "chess960");
        assert_eq!(
            record["start"],
            "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1"
        );
        let (kind, _, fault) = termination(record);
        assert!(kind != "fault", "{fault}: {record}");
        assert!(record["moves"].as_array().unwrap().len() >= 10, "{record}");
    }
}

#[test]
fn a_chess_tournament_takes_engine_options_clocks_adjudication_and_writes_pgn() {
    require(STOCKFISH);
    let dir = scratch("tournament");
    let openings =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../games/chess/data/balanced.epd");
    let config = dir.join("t.toml");
    std::fs::write(
        &config,
        format!(
            "name = \"engines\"\ngame = \"chess\"\nopenings = \"{}\"\n\
             [format]\nkind = \"round_robin\"\ndouble = true\n\
             [time]\ntc = \"2+0.05\"\nmargin_ms = 300\n\
             [adjudication]\nresign = \"600,2\"\nmax_plies = 200\n\
             [[players]]\nname = \"weak\"\nspec = \"uci:{STOCKFISH}\"\n\
             options = {{ UCI_LimitStrength = true, UCI_Elo = 1350, Hash = 16 }}\n\
             [[players]]\nname = \"full\"\nspec = \"uci:{STOCKFISH}\"\n\
             options = {{ Hash = 16 }}\n",
            openings.display()
        ),
    )
    .unwrap();
    let out = dir.join("out");
    let output = Command::new(env!("CARGO_BIN_EXE_olympiad"))
        .arg("tournament")
        .arg(&config)
        .arg("--out")
        .arg(&out)
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let text = std::fs::read_to_string(out.join("games.pgn")).unwrap();
    let games = olympiad_chess::pgn::read(&text, false).unwrap();
    assert_eq!(games.len(), 2, "{text}");
    let set: Vec<String> =
        olympiad_chess::epd::read(&std::fs::read_to_string(&openings).unwrap(), false)
            .unwrap()
            .iter()
            .map(|r| r.position.fen())
            .collect();
    for game in &games {
        assert_eq!(game.tag("Event"), Some("engines"));
        assert_eq!(game.tag("TimeControl"), Some("2+0.05"));
        // Both games of the pairing start from one opening of the set, colours swapped.
        assert!(set.contains(&game.start.fen()), "{}", game.start.fen());
        assert_eq!(game.start.fen(), games[0].start.fen());
        let scored = game
            .moves
            .iter()
            .filter(|m| m.comment.as_deref().is_some_and(|c| c.contains('/')))
            .count();
        assert!(scored * 10 >= game.moves.len() * 8, "{text}");
    }
    assert_ne!(games[0].tag("White"), games[1].tag("White"));
}
