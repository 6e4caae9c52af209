//! Go games in SGF: hand-written files with passes, setup stones and point rectangles read
//! as the rules replay them; every kind of bad file refused with its line, column, game and
//! move; random games written and read back move for move; GNU Go (the oracle outside) loads
//! what we write and sees the same stones; and the reader on mutated files (the fuzzer).

use olympiad_core::fuzz::{self, Verdict};
use olympiad_core::{Game, Notation, SplitMix64};
use olympiad_go::sgf::{self, End, SgfRecord};
use olympiad_go::{Color, Point, Position, Repetition};
use std::io::Write;
use std::process::{Command, Stdio};

fn nine() -> Position {
    Position::start9()
}

fn texts(pos: &Position, moves: &[Point]) -> Vec<String> {
    moves.iter().map(|m| m.to_gtp(pos.size())).collect()
}

#[test]
fn moves_passes_and_setup_read_as_the_rules_replay_them() {
    let text =
        "(;FF[4]GM[1]SZ[9]KM[6.5]RE[W+R];B[ee]BL[59.5];W[cc];B[];W[aa];B[tt]\n(;W[ii])(;W[ab]))";
    let games = sgf::read(text, &nine()).unwrap();
    let g = &games[0];
    assert!(!g.setup);
    // SGF's `ee` is the centre, `cc` GTP's C7 (rows from the top), `aa` A9, `[]` and `tt`
    // passes; the main line follows the first variation.
    assert_eq!(
        texts(&g.start, &g.moves),
        ["E5", "C7", "pass", "A9", "pass", "J1"]
    );
    assert_eq!(g.result.as_deref(), Some("W+R"));
    // KM is the file's; the game keeps the variant's komi.
    assert_eq!(g.end().komi_halves(), 15);

    let setup = "(;GM[1]SZ[9]AB[aa:bb][ee]AW[ii]AE[ab];W[cc])";
    let g = &sgf::read(setup, &nine()).unwrap()[0];
    assert!(g.setup);
    let stones = |c: Color| {
        let mut s: Vec<String> = g
            .start
            .points()
            .filter(|&p| g.start.color_at(p) == Some(c))
            .map(|p| p.to_gtp(9))
            .collect();
        s.sort();
        s
    };
    assert_eq!(stones(Color::Black), ["A9", "B8", "B9", "E5"]);
    assert_eq!(stones(Color::White), ["J1"]);
    // The first move is White's, so White moves first after the setup.
    assert_eq!(g.start.side_to_move(), Color::White);
    assert_eq!(texts(&g.start, &g.moves), ["C7"]);
}

#[test]
fn bad_files_say_where_which_game_and_which_move() {
    let err = |text: &str| sgf::read(text, &nine()).unwrap_err().to_string();
    assert_eq!(
        err("(;SZ[19];B[aa])"),
        "line 1, column 3: game 1: the game is played on SZ[19], the variant asked for on 9x9"
    );
    assert_eq!(
        err("(;B[aa])"),
        "line 1, column 2: game 1: no SZ: SGF's default board is 19x19, the variant asked for 9x9"
    );
    assert_eq!(
        err("(;GM[1]SZ[9])\n(;GM[2]SZ[9])"),
        "line 2, column 3: game 2: GM[2] is not Go (GM[1])"
    );
    assert_eq!(
        err("(;SZ[9];B[ee]\n;W[ee])"),
        "line 2, column 2: game 1: move 2 W[ee] (E5): illegal: the point is taken"
    );
    assert_eq!(
        err("(;SZ[9];B[ee];B[ff])"),
        "line 1, column 15: game 1: move 2 B[ff]: it is White's turn"
    );
    assert_eq!(
        err("(;SZ[9];B[ej])"),
        "line 1, column 9: game 1: move 1 B[ej]: 'ej' is off the 9x9 board"
    );
    assert_eq!(
        err("(;SZ[9];B[e5])"),
        "line 1, column 9: game 1: move 1 B[e5]: 'e5' is not an SGF point (two letters a-s)"
    );
    // White's B9 and A8 leave Black's A9 no liberty.
    assert_eq!(
        err("(;SZ[9];B[ee];W[ba];B[ff];W[ab];B[aa])"),
        "line 1, column 33: game 1: move 5 B[aa] (A9): illegal: suicide"
    );
    assert_eq!(
        err("(;SZ[9];B[];W[];B[ee])"),
        "line 1, column 17: game 1: move 3 B[ee]: the game is already over"
    );
    assert_eq!(
        err("(;SZ[9]PL[X])"),
        "line 1, column 8: game 1: PL[X]: expected B or W"
    );
    assert_eq!(
        err("(;SZ[9];B[ee];AB[aa])"),
        "line 1, column 14: game 1: setup stones after the first move are not a game the rules can replay"
    );
    assert!(err("(;SZ[9];B[ee]").starts_with("line 1, column 1: this game tree"));
}

/// A random game of `moves` plies at most on `start`, the pass rare until the end.
fn random_game(start: &Position, rng: &mut SplitMix64, plies: usize) -> Vec<Point> {
    let mut pos = start.clone();
    let mut moves = Vec::new();
    while pos.outcome().is_none() && moves.len() < plies {
        let legal = pos.legal_moves();
        let stones: Vec<Point> = legal.iter().copied().filter(|m| !m.is_pass()).collect();
        let mv = if stones.is_empty() || rng.below(40) == 0 {
            Point::PASS
        } else {
            stones[rng.below(stones.len())]
        };
        pos.play(mv);
        moves.push(mv);
    }
    moves
}

fn record<'a>(start: &'a Position, moves: &[Point], end: End) -> SgfRecord<'a> {
    SgfRecord {
        players: ["black ] \\ one", "white"],
        event: Some("test"),
        date: Some("2026-11-24".into()),
        round: Some("3.1"),
        time: Some(("60".into(), None)),
        start,
        moves: moves
            .iter()
            .enumerate()
            .map(|(i, &m)| (m, Some(60.0 - i as f64 * 0.25), Some(format!("move {i}"))))
            .collect(),
        winner: Some(Some(Color::White)),
        end,
        reason: Some("White wins"),
    }
}

#[test]
fn random_games_write_and_read_back_move_for_move() {
    let mut rng = SplitMix64::new(11);
    for (size, rule) in [
        (9, Repetition::Superko),
        (5, Repetition::Icga),
        (19, Repetition::Superko),
    ] {
        let start = Position::new(size, 13, rule).unwrap();
        for _ in 0..20 {
            let moves = random_game(&start, &mut rng, 300);
            let text = sgf::write(&record(&start, &moves, End::Resignation));
            assert!(
                text.lines()
                    .all(|l| l.chars().count() <= olympiad_sgf::MAX_LINE),
                "{text}"
            );
            let games = sgf::read(&text, &start).unwrap_or_else(|e| panic!("{e}\n{text}"));
            assert_eq!(games[0].moves, moves);
            assert_eq!(games[0].result.as_deref(), Some("W+R"));
            let root = &olympiad_sgf::read(&text).unwrap()[0].nodes[0];
            assert_eq!(root.get("PB"), Some("black ] \\ one"));
            assert_eq!(root.get("SZ"), Some(size.to_string().as_str()));
            assert_eq!(root.get("KM"), Some("6.5"));
        }
    }
}

#[test]
fn results_say_the_margin_or_how_the_game_ended() {
    let start = nine();
    let mut pos = start.clone();
    pos.play_line("E5 pass pass").unwrap();
    let moves: Vec<Point> = ["E5", "pass", "pass"]
        .iter()
        .map(|m| Point::from_gtp(m, 9).unwrap())
        .collect();
    let re = |end: End, winner| {
        let mut r = record(&start, &moves, end);
        r.winner = winner;
        let text = sgf::write(&r);
        olympiad_sgf::read(&text).unwrap()[0].nodes[0]
            .get("RE")
            .unwrap()
            .to_string()
    };
    // Black's one stone owns 81 points; komi 7.5.
    assert_eq!(re(End::Score, Some(Some(Color::Black))), "B+73.5");
    assert_eq!(re(End::Time, Some(Some(Color::White))), "W+T");
    assert_eq!(re(End::Forfeit, Some(Some(Color::Black))), "B+F");
    assert_eq!(re(End::Decided, Some(Some(Color::Black))), "B+");
    assert_eq!(re(End::Score, Some(None)), "0");
    assert_eq!(re(End::Unfinished, None), "Void");
}

/// GNU Go's answers to GTP commands, one per command.
fn gnugo_answers(commands: &[String]) -> Vec<String> {
    let path = olympiad_core::programs::require("gnugo", "gnugo");
    let mut child = Command::new(path)
        .args(["--mode", "gtp"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    for c in commands {
        writeln!(input, "{c}").unwrap();
    }
    writeln!(input, "quit").unwrap();
    drop(input);
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    text.split("\n\n")
        .map(|a| a.trim().to_string())
        .filter(|a| !a.is_empty())
        .collect()
}

#[test]
fn gnugo_loads_what_we_write_and_sees_the_same_stones() {
    let dir = std::env::temp_dir().join(format!("olympiad-go-sgf-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut rng = SplitMix64::new(5);
    for (i, size) in [9usize, 13, 19].into_iter().enumerate() {
        let start = Position::new(size, 15, Repetition::Superko).unwrap();
        let moves = random_game(&start, &mut rng, 120);
        let path = dir.join(format!("game{i}.sgf"));
        std::fs::write(&path, sgf::write(&record(&start, &moves, End::Unfinished))).unwrap();
        let mut end = start.clone();
        for &m in &moves {
            end.play(m);
        }
        let ours = |c: Color| {
            let mut v: Vec<String> = end
                .points()
                .filter(|&p| end.color_at(p) == Some(c))
                .map(|p| p.to_gtp(size))
                .collect();
            v.sort();
            v
        };
        let answers = gnugo_answers(&[
            format!("loadsgf {}", path.display()),
            "list_stones black".into(),
            "list_stones white".into(),
        ]);
        assert!(answers[0].starts_with('='), "{answers:?}");
        let theirs = |a: &str| {
            let mut v: Vec<String> = a
                .trim_start_matches('=')
                .split_whitespace()
                .map(str::to_string)
                .collect();
            v.sort();
            v
        };
        assert_eq!(theirs(&answers[1]), ours(Color::Black), "{size}x{size}");
        assert_eq!(theirs(&answers[2]), ours(Color::White), "{size}x{size}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn fuzz_go_sgf() {
    let start = nine();
    let mut rng = SplitMix64::new(3);
    let examples: Vec<String> = (0..3)
        .map(|_| {
            let moves = random_game(&start, &mut rng, 40);
            sgf::write(&record(&start, &moves, End::Resignation))
        })
        .chain(["(;GM[1]SZ[9]AB[aa:cc]AW[ee]PL[W];W[ff];B[])".to_string()])
        .collect();
    let stats = fuzz::run(
        "go sgf",
        &examples,
        "();[]BWABLPRaeitz:\\ \n19",
        |text| match sgf::read(text, &start) {
            Ok(games) => {
                for g in &games {
                    let mut pos = g.start.clone();
                    for &m in &g.moves {
                        if !pos.is_legal(m) {
                            return Err(format!("illegal {} read", m.to_gtp(9)));
                        }
                        pos.play(m);
                    }
                }
                Ok(Verdict::Accepted)
            }
            Err(e) => fuzz::rejected(&e),
        },
    );
    assert!(stats.accepted > 0, "{stats:?}");
}
