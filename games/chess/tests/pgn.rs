//! PGN: random games (from the standard start, Chess960 starts and FEN starts, with engine-
//! style comments) written and read back to the same tags, moves, comments and result, in
//! lines of fewer than 80 characters; hand-written files with what import format allows
//! (variations, NAGs, `;` comments, `%` lines, castling with zeros, Black starting from a
//! FEN, several games, escaped tags); and every error, with its line, column, game and move.

use olympiad_chess::Position;
use olympiad_chess::pgn::{self, BadMove, MAX_LINE, PgnGame, PgnOut, WriteError};
use olympiad_core::{Game, Seat, SplitMix64};

/// Random games per kind of start.
const GAMES: usize = 40;
/// The longest random game, in plies.
const MAX_PLIES: usize = 300;

fn tags(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
    pairs
        .iter()
        .map(|(n, v)| (n.to_string(), v.to_string()))
        .collect()
}

fn read_one(text: &str) -> PgnGame {
    let mut games = pgn::read(text, false).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(games.len(), 1, "{text}");
    games.pop().unwrap()
}

fn read_error(text: &str) -> String {
    match pgn::read(text, false) {
        Ok(games) => panic!("read {} games from\n{text}", games.len()),
        Err(e) => e.to_string(),
    }
}

/// An engine's comment as cutechess writes it, or sometimes a long remark.
fn random_comment(rng: &mut SplitMix64) -> Option<String> {
    match rng.below(6) {
        0 | 1 => None,
        2 => Some("book".to_string()),
        3 => Some(
            "a long remark that the writer must break at its spaces to keep every line \
             within eighty columns, and the reader must join again with single spaces"
                .to_string(),
        ),
        _ => Some(format!(
            "{}{}.{:02}/{} 0.{:03}s [%clk 0:00:{:02}.{:03}]",
            if rng.chance(50) { "+" } else { "-" },
            rng.below(5),
            rng.below(100),
            1 + rng.below(30),
            rng.below(1000),
            rng.below(60),
            rng.below(1000)
        )),
    }
}

/// A random game from `start`: moves in UCI or SAN at random, with comments, and the result
/// its end deserves (`*` if the rules have not ended it).
fn random_game(start: &Position, rng: &mut SplitMix64) -> (Vec<(String, Option<String>)>, String) {
    let mut pos = start.clone();
    let mut moves = Vec::new();
    for _ in 0..rng.below(MAX_PLIES) {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        let mv = legal[rng.below(legal.len())];
        let text = if rng.chance(50) {
            pos.uci_move(mv)
        } else {
            pos.san(mv)
        };
        moves.push((text, random_comment(rng)));
        pos.play(mv);
    }
    let result = match pos.outcome() {
        None => "*",
        Some(o) => match o.winner() {
            Some(Seat(0)) => "1-0",
            Some(_) => "0-1",
            None => "1/2-1/2",
        },
    };
    (moves, result.to_string())
}

/// Writes a random game from each start, reads it back and compares.
fn round_trip(starts: &[Position], seed: u64) {
    let mut rng = SplitMix64::new(seed);
    let extra = tags(&[
        ("White", "Jumper 1.0"),
        ("Black", "Stockfish \"15.1\" \\ 2000"),
        ("Event", "olympiad round trip"),
        ("TimeControl", "10+0.1"),
        ("Opening", "?"),
    ]);
    let mut file = String::new();
    let mut expected = Vec::new();
    for start in starts {
        let (moves, result) = random_game(start, &mut rng);
        let out = PgnOut {
            tags: &extra,
            start,
            moves: &moves,
            result: &result,
        };
        let text = pgn::write(&out).unwrap_or_else(|e| panic!("{e}"));
        for line in text.lines() {
            assert!(line.chars().count() <= MAX_LINE, "{line}\n{text}");
        }
        assert!(text.ends_with("\n\n"), "{text}");
        let game = read_one(&text);
        let mut pos = start.clone();
        let mut ucis = Vec::new();
        for (mv, _) in &moves {
            let mv = pos.parse_any(mv).unwrap();
            ucis.push(pos.uci_move(mv));
            pos.play(mv);
        }
        assert_eq!(game.start, *start, "{text}");
        assert_eq!(game.start.chess960(), start.chess960(), "{text}");
        assert_eq!(game.uci_moves(), ucis, "{text}");
        assert_eq!(game.end(), pos, "{text}");
        let comments: Vec<Option<String>> = game.moves.iter().map(|m| m.comment.clone()).collect();
        let given: Vec<Option<String>> = moves.iter().map(|(_, c)| c.clone()).collect();
        assert_eq!(comments, given, "{text}");
        assert_eq!(game.result, result);
        assert_eq!(game.tag("Result"), Some(result.as_str()));
        for (name, value) in &extra {
            assert_eq!(game.tag(name), Some(value.as_str()), "{text}");
        }
        assert_eq!(game.comment, None);
        file.push_str(&text);
        expected.push(game);
    }
    // The games written one after the other are a PGN file of them all.
    assert_eq!(pgn::read(&file, false).unwrap(), expected);
}

#[test]
fn random_games_from_the_start_round_trip() {
    let starts = vec![Position::start(); GAMES];
    round_trip(&starts, 1);
}

#[test]
fn random_chess960_games_round_trip() {
    let mut rng = SplitMix64::new(2);
    let starts: Vec<Position> = (0..GAMES)
        .map(|_| Position::start960(rng.below(960) as u32))
        .collect();
    round_trip(&starts, 3);
}

#[test]
fn random_games_from_fen_starts_round_trip() {
    // Starts after random plies, read back from their FEN: either side to move, clocks
    // and move numbers past 1, castling rights partly gone; standard and Chess960.
    let mut rng = SplitMix64::new(4);
    let mut starts = Vec::new();
    while starts.len() < GAMES {
        let mut pos = if rng.chance(50) {
            Position::start()
        } else {
            Position::start960(rng.below(960) as u32)
        };
        for _ in 0..rng.below(60) {
            let legal = pos.legal_moves();
            if legal.is_empty() {
                break;
            }
            pos.play(legal[rng.below(legal.len())]);
        }
        if pos.outcome().is_none() {
            starts.push(Position::from_fen(&pos.fen(), pos.chess960()).unwrap());
        }
    }
    round_trip(&starts, 5);
}

#[test]
fn the_writer_writes_export_format() {
    let start = Position::start();
    let moves: Vec<(String, Option<String>)> = [
        ("e2e4", Some("+0.31/12 0.520s [%clk 0:00:09.480]")),
        ("e5", None),
        ("Nf3", Some("a comment with a } inside")),
        ("b8c6", None),
        ("f1c4", None),
        ("Nf6", None),
        ("e1g1", None),
    ]
    .iter()
    .map(|(m, c)| (m.to_string(), c.map(str::to_string)))
    .collect();
    let given = tags(&[
        ("Black", "B"),
        ("ECO", "C55"),
        ("Event", "E"),
        ("Result", "1-0"),
    ]);
    let text = pgn::write(&PgnOut {
        tags: &given,
        start: &start,
        moves: &moves,
        result: "*",
    })
    .unwrap();
    assert_eq!(
        text,
        "[Event \"E\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n\
         [Black \"B\"]\n[Result \"*\"]\n[ECO \"C55\"]\n\n\
         1. e4 {+0.31/12 0.520s [%clk 0:00:09.480]} 1... e5 2. Nf3 {a comment with a\n\
         inside} 2... Nc6 3. Bc4 Nf6 4. O-O *\n\n"
    );
}

#[test]
fn the_writer_numbers_from_the_fen_and_adds_its_tags() {
    let start = Position::from_fen(
        "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 5 4",
        false,
    )
    .unwrap();
    let moves = vec![("d6".to_string(), None), ("h5f7".to_string(), None)];
    let text = pgn::write(&PgnOut {
        tags: &[],
        start: &start,
        moves: &moves,
        result: "1-0",
    })
    .unwrap();
    assert!(
        text.ends_with(
            "[Result \"1-0\"]\n[SetUp \"1\"]\n[FEN \"r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 5 4\"]\n\n\
             4... d6 5. Qxf7# 1-0\n\n"
        ),
        "{text}"
    );
    // Chess960 says so, unless the caller did.
    let start = Position::start960(0);
    let text = pgn::write(&PgnOut {
        tags: &[],
        start: &start,
        moves: &[],
        result: "*",
    })
    .unwrap();
    assert!(
        text.ends_with(
            "[Variant \"Chess960\"]\n[SetUp \"1\"]\n[FEN \"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1\"]\n\n*\n\n"
        ),
        "{text}"
    );
    let own = tags(&[("Variant", "fischerandom")]);
    let text = pgn::write(&PgnOut {
        tags: &own,
        start: &start,
        moves: &[],
        result: "*",
    })
    .unwrap();
    assert_eq!(text.matches("Variant").count(), 1, "{text}");
    assert!(read_one(&text).start.chess960());
}

#[test]
fn writer_errors_say_what_and_where() {
    let start = Position::start();
    let moves: Vec<(String, Option<String>)> = ["e4", "e5", "Nf3", "Nf6", "Nxe5", "Ke6"]
        .iter()
        .map(|m| (m.to_string(), None))
        .collect();
    let write = |moves: &[(String, Option<String>)], result: &str, tags: &[(String, String)]| {
        pgn::write(&PgnOut {
            tags,
            start: &start,
            moves,
            result,
        })
    };
    let e = write(&moves, "*", &[]).unwrap_err();
    assert_eq!(
        e.to_string(),
        "move 3... Ke6: no legal move matches 'Ke6' (kings: e8)"
    );
    assert!(matches!(
        e,
        WriteError::Move(BadMove {
            number: 3,
            black: true,
            ..
        })
    ));
    let e = write(&moves[..1], "e4", &[]).unwrap_err();
    assert_eq!(
        e.to_string(),
        "'e4' is not a result marker: 1-0, 0-1, 1/2-1/2 or *"
    );
    let e = write(&moves[..1], "*", &tags(&[("Time Control", "40/60")])).unwrap_err();
    assert_eq!(e, WriteError::TagName("Time Control".to_string()));
    let e = write(&moves[..1], "*", &tags(&[("Annotator", "a\nb")])).unwrap_err();
    assert_eq!(e, WriteError::TagValue("Annotator".to_string()));
    let e = write(&[("e2e5".to_string(), None)], "*", &[]).unwrap_err();
    assert_eq!(e.to_string(), "move 1. e2e5: illegal move 'e2e5'");
}

#[test]
fn a_long_game_wraps_within_80_columns() {
    // Knights out and back until the fifty-move rule: 100 plies of short SAN, then a
    // comment longer than a line.
    let start = Position::start();
    let shuffle = ["Nf3", "Nf6", "Ng1", "Ng8", "Nc3", "Nc6", "Nb1", "Nb8"];
    let mut moves: Vec<(String, Option<String>)> = Vec::new();
    let mut pos = start.clone();
    let mut i = 0;
    while moves.len() < 120 {
        let text = shuffle[i % shuffle.len()];
        i += 1;
        pos.play(pos.parse_san(text).unwrap());
        moves.push((text.to_string(), None));
        if pos.is_threefold() {
            break;
        }
    }
    let long = "word ".repeat(40);
    moves.last_mut().unwrap().1 = Some(long.trim().to_string());
    let text = pgn::write(&PgnOut {
        tags: &[],
        start: &start,
        moves: &moves,
        result: "1/2-1/2",
    })
    .unwrap();
    let movetext: Vec<&str> = text.split("\n\n").nth(1).unwrap().lines().collect();
    assert!(movetext.len() > 2, "{text}");
    for line in &movetext {
        assert!(line.chars().count() <= MAX_LINE, "{line}");
        assert!(!line.starts_with(' ') && !line.ends_with(' '), "'{line}'");
    }
    // Lines are filled: the next line's first token would not have fitted.
    for pair in movetext.windows(2) {
        let next = pair[1].split(' ').next().unwrap();
        assert!(
            pair[0].chars().count() + 1 + next.len() > MAX_LINE,
            "{pair:?}"
        );
    }
    let game = read_one(&text);
    assert_eq!(game.moves.len(), moves.len());
    assert_eq!(
        game.moves.last().unwrap().comment.as_deref(),
        Some(long.trim())
    );
}

#[test]
fn variations_nags_and_comments_of_every_kind() {
    let text = "% an escape line: [Event \"not a tag\"] 1. d4\n\
        [Event \"Casual \\\"blitz\\\" game\"]\n\
        [Site \"C:\\\\games\"]\n\
        [Result \"1/2-1/2\"]\n\
        \n\
        {The Spanish} 1. e4 $1 e5 (1... c5 2. Nf3 (2. c3 d5) d6 {Najdorf next}) 2. Nf3 ; 2. Qh5? Nc6\n\
        Nc6 {develops} {and defends} 3. Bb5!? a6?! 4.Ba4 Nf6 5. 0-0 Be7 6. Re1 b5 7. Bb3\n\
        d6 8. c3 O-O $14 1/2-1/2\n";
    let game = read_one(text);
    assert_eq!(
        game.uci_moves().join(" "),
        "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6 e1g1 f8e7 f1e1 b7b5 a4b3 d7d6 c2c3 e8g8"
    );
    assert_eq!(
        game.tags,
        tags(&[
            ("Event", "Casual \"blitz\" game"),
            ("Site", "C:\\games"),
            ("Result", "1/2-1/2"),
        ])
    );
    assert_eq!(game.result, "1/2-1/2");
    assert_eq!(game.comment.as_deref(), Some("The Spanish"));
    let m = &game.moves;
    assert_eq!(m[0].nags, [1]);
    assert_eq!(m[3].comment.as_deref(), Some("develops and defends"));
    assert_eq!((m[4].san.as_str(), &m[4].nags[..]), ("Bb5", &[5][..]));
    assert_eq!((m[5].san.as_str(), &m[5].nags[..]), ("a6", &[6][..]));
    assert_eq!(m[8].san, "O-O");
    assert_eq!((m[15].san.as_str(), &m[15].nags[..]), ("O-O", &[14][..]));
    assert!(
        m.iter()
            .enumerate()
            .all(|(i, m)| i == 3 || m.comment.is_none())
    );
}

#[test]
fn black_starts_from_a_fen_with_promotions_and_mate() {
    let text = "[Event \"Promotion\"]\n[SetUp \"1\"]\n\
        [FEN \"8/1P4k1/8/8/8/8/5p2/3K4 b - - 0 57\"]\n\n\
        57... f1=Q+ 58. Kc2 Qe2+ 59. Kc3 Kf6 60. b8=N Qe5+ 61. Kc4 *\n";
    let game = read_one(text);
    assert_eq!(
        game.uci_moves().join(" "),
        "f2f1q d1c2 f1e2 c2c3 g7f6 b7b8n e2e5 c3c4"
    );
    assert_eq!(game.start.fen(), "8/1P4k1/8/8/8/8/5p2/3K4 b - - 0 57");
    assert_eq!(game.end().fen(), "1N6/8/5k2/4q3/2K5/8/8/8 b - - 2 61");
    assert_eq!(game.moves[0].san, "f1=Q+");
    assert_eq!(game.moves[5].san, "b8=N");

    let text = "[FEN \"rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq g3 0 2\"]\n\
        2...Qh4# 0-1";
    let game = read_one(text);
    assert_eq!(game.uci_moves(), ["d8h4"]);
    assert_eq!(game.moves[0].san, "Qh4#");
    assert!(game.end().outcome().is_some());
}

#[test]
fn chess960_by_its_variant_tag_or_by_the_caller() {
    // nrbbqnkr: castling short leaves the king on g1 and brings the rook to f1.
    let fen = "nrbbqnkr/pppppppp/8/8/8/8/PPPPPPPP/NRBBQNKR w HBhb - 0 1";
    let movetext = "1. Ne3 Ne6 2. O-O 0-0 *\n";
    let tagged = format!("[Variant \"chess 960\"]\n[FEN \"{fen}\"]\n\n{movetext}");
    let plain = format!("[FEN \"{fen}\"]\n\n{movetext}");
    let want = ["f1e3", "f8e6", "g1h1", "g8h8"];
    assert_eq!(read_one(&tagged).uci_moves(), want);
    let games = pgn::read(&plain, true).unwrap();
    assert_eq!(games[0].uci_moves(), want);
    assert!(games[0].start.chess960());
    let e = pgn::read("[Variant \"Atomic\"]\n\n1. e4 *", false).unwrap_err();
    assert_eq!(
        e.to_string(),
        "line 1, column 1: game 1: variant 'Atomic' is neither chess nor Chess960"
    );
}

#[test]
fn several_games_in_one_file() {
    let text = "[Event \"one\"]\n[Result \"1-0\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n\
        [Event \"two\"]\n\n1. e4 1-0\n\
        1. d4 d5 1/2-1/2 \n\
        *\n\n\n";
    let games = pgn::read(text, false).unwrap();
    let summary: Vec<(Option<&str>, String, &str)> = games
        .iter()
        .map(|g| (g.tag("Event"), g.uci_moves().join(" "), g.result.as_str()))
        .collect();
    assert_eq!(
        summary,
        [
            (Some("one"), "f2f3 e7e5 g2g4 d8h4".to_string(), "0-1"),
            (Some("two"), "e2e4".to_string(), "1-0"),
            (None, "d2d4 d7d5".to_string(), "1/2-1/2"),
            (None, String::new(), "*"),
        ]
    );
    assert_eq!(games[0].tag("Result"), Some("1-0"), "the tag as written");
    assert!(pgn::read("", false).unwrap().is_empty());
    assert!(
        pgn::read("\u{feff}\n  \n; nothing\n", false)
            .unwrap()
            .is_empty()
    );
}

#[test]
fn move_errors_name_the_line_column_game_and_move() {
    let text = "[Event \"a\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n\
        [Event \"b\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6\n4. Ng5 d5 5. exd5 Nxd5 6. Nxf7 Kxf7\n7. Qf3+ Ke6 8. Nc3 Nxe5 *\n";
    assert_eq!(
        read_error(text),
        "line 9, column 20: game 2, move 8... Nxe5: no legal move matches 'Nxe5' (knights: d5, c6)"
    );
    let text = "1. e4 e5 2. Nc3 Nc6 3. Nge2 Nf6 4. Ng3 d6 5. Ne2 *";
    assert_eq!(
        read_error(text),
        "line 1, column 46: game 1, move 5. Ne2: ambiguous 'Ne2': c3e2, g3e2"
    );
    assert_eq!(
        read_error("1. e4 e5 2. Ke3 *"),
        "line 1, column 13: game 1, move 2. Ke3: no legal move matches 'Ke3' (kings: e1)"
    );
    // Columns count characters, not bytes; CRLF line ends are line ends.
    assert_eq!(
        read_error("{Café ♔} 1. e4 e5 2. Ke3 *"),
        "line 1, column 22: game 1, move 2. Ke3: no legal move matches 'Ke3' (kings: e1)"
    );
    assert_eq!(
        read_error("[Event \"crlf\"]\r\n\r\n1. e4\r\n e5 2. Ke3 *\r\n"),
        "line 4, column 8: game 1, move 2. Ke3: no legal move matches 'Ke3' (kings: e1)"
    );
    assert_eq!(
        read_error("1. e4 e5 2. e4e5 *"),
        "line 1, column 13: game 1, move 2. e4e5: 'e4e5' is not a move: UCI (e2e4, e7e8q) or SAN (Nf3, exd5, O-O, e8=Q)"
    );
    assert_eq!(
        read_error("[FEN \"8/P6k/8/8/8/8/8/K7 w - - 0 1\"]\n\n1. a8 *"),
        "line 3, column 4: game 1, move 1. a8: 'a8': a pawn reaching the last rank must promote (=Q, =R, =B or =N)"
    );
}

#[test]
fn text_errors_name_the_line_column_and_game() {
    let cases = [
        (
            "1. e4 {unclosed comment\n e5 *",
            "line 1, column 7: game 1: '{' opens a comment that is never closed by '}'",
        ),
        (
            "1. e4 e5 *\n\n1. d4 (1. e4 (1. c4) e5\n",
            "line 3, column 7: game 2: '(' opens a variation that is never closed by ')'",
        ),
        (
            "1. e4 (1. d4 *\n",
            "line 1, column 7: game 1: '(' opens a variation that is never closed by ')'",
        ),
        (
            "1. e4 e5 ) *",
            "line 1, column 10: game 1: ')' closes no variation",
        ),
        (
            "[Event \"x\"\n[Site \"y\"]\n\n*",
            "line 1, column 1: game 1: tag 'Event': no ']' after the value on its line",
        ),
        (
            "[Event \"x]\n\n*",
            "line 1, column 1: game 1: tag 'Event': the value has no closing '\"' on its line",
        ),
        (
            "[Event \"x\"]\n[Site Moscow]\n\n*",
            "line 2, column 7: game 1: tag 'Site': the value must be in double quotes, as in [Site \"value\"]",
        ),
        (
            "[ \"x\"]\n\n*",
            "line 1, column 3: game 1: '[' must be followed by a tag name, as in [Event \"value\"]",
        ),
        (
            "[Event \"x\"]\n\n1. e4 e5",
            "line 3, column 9: game 1: the movetext has no result marker (1-0, 0-1, 1/2-1/2 or *) before the end of the file",
        ),
        (
            "1. e4 *\n[Event \"x\"]\n\n1. e4 e5\n\n[Event \"y\"]\n\n*",
            "line 6, column 1: game 2: the movetext has no result marker (1-0, 0-1, 1/2-1/2 or *) before the next game's tags",
        ),
        (
            "[FEN \"8/8/8/8/8/8/8/K7 w - - 0 1\"]\n\n*",
            "line 1, column 1: game 1: FEN tag: FEN field 1 (piece placement): ",
        ),
        (
            "1. e4 $256 *",
            "line 1, column 7: game 1: '$256' is not an annotation: $0 to $255, !, ?, !!, ??, !? or ?!",
        ),
        (
            "1. e4 e5!!! *",
            "line 1, column 9: game 1: '!!!' is not an annotation: $0 to $255, !, ?, !!, ??, !? or ?!",
        ),
        (
            "1. e4 e5 < *",
            "line 1, column 10: game 1: '<' is not PGN here (tags, moves, move numbers, comments, NAGs or a result)",
        ),
    ];
    for (text, want) in cases {
        let got = read_error(text);
        assert!(got.starts_with(want), "{text}\n got: {got}\nwant: {want}");
    }
}
