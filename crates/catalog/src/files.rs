//! The files a game's community keeps positions and games in, for the games that have such
//! files (chess: EPD and PGN; Go, Hex, Connect6 and Lines of Action: SGF). A row names them in a [`GameFiles`]; the arena reads opening
//! files through it and writes its games in the community's record format, and the
//! opening-set builder writes its openings in it. Everything here is text in, text out, so
//! nothing above the catalog names a game's types.

use olympiad_core::{Game, Notation};

/// Reads an opening file's text into openings.
pub type ReadOpenings = fn(values: &[u32], text: &str) -> Result<Vec<Opening>, String>;

/// One opening of a file: a position, or moves from the usual start (which keep the game's
/// history, and which programs that cannot be given a position can replay).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Opening {
    /// A start position in the game's position text.
    Position(String),
    /// Moves from the usual start, in the game's notation.
    Moves(Vec<String>),
}

/// Writes one opening line: the position's text and notes (opcode, value).
pub type WriteOpening =
    fn(values: &[u32], position: &str, notes: &[(&str, String)]) -> Result<String, String>;

/// Writes a finished game in the game's record format.
pub type WriteRecord = fn(values: &[u32], record: &RecordText<'_>) -> Result<String, String>;

/// A finished game as a record file needs it, all in text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordText<'a> {
    /// Header tags, name and value, in order, in PGN's names (Event, Site, Date as
    /// `YYYY.MM.DD`, Round, a tag per seat named by the game's seat names such as White and
    /// Black, Result, TimeControl, Termination, PlyCount); PGN writes them as they are, other
    /// formats map the ones they have a place for.
    pub tags: Vec<(String, String)>,
    /// The start position's text.
    pub start: &'a str,
    /// The moves.
    pub moves: Vec<RecordMove>,
    /// "1-0", "0-1", "1/2-1/2" (first seat's points first), or "*" for a game without a
    /// result.
    pub result: &'a str,
    /// How the game ended.
    pub ending: Ending,
    /// Why, in full (`Black wins by 3.5 points`, `seat 1 loses: timeout (...)`).
    pub reason: String,
}

/// One move of a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordMove {
    /// The move in the game's canonical notation.
    pub text: String,
    /// What the mover said of it and how long it took (`+0.31/12 0.520s`).
    pub comment: Option<String>,
    /// The mover's clock after the move, in milliseconds, if a clock was kept.
    pub clock_ms: Option<u64>,
}

/// How a game ended, for formats that write it in the result (SGF's `B+R`, `W+T`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// By the rules (the position decided it).
    Rules,
    /// A player resigned.
    Resignation,
    /// A player's time ran out.
    TimeForfeit,
    /// A player broke the rules or the protocol, or its program crashed.
    Forfeit,
    /// The referee decided it (adjudication, a move limit).
    Adjudication,
    /// The game was not finished.
    Unfinished,
}

/// A game's file formats.
#[derive(Debug)]
pub struct GameFiles {
    /// Opening files it reads, by extension (lower case, without the dot); the first is the
    /// format `write_opening` writes.
    pub openings: &'static [(&'static str, ReadOpenings)],
    /// One opening in the first opening format: the position's text and notes (an opcode and
    /// its value: `ce` the score in centipawns for the side to move, `acd` the depth, `c0` a
    /// comment).
    pub write_opening: WriteOpening,
    /// The extension of the record format finished games are written in (`pgn`).
    pub record_extension: &'static str,
    /// Writes one finished game.
    pub write_record: WriteRecord,
}

impl GameFiles {
    /// The reader of opening files ending in `.EXT` (case-insensitive).
    pub fn opening_reader(&self, extension: &str) -> Option<ReadOpenings> {
        self.openings
            .iter()
            .find(|(ext, _)| ext.eq_ignore_ascii_case(extension))
            .map(|(_, read)| *read)
    }
}

/// Chess: EPD and PGN openings (a PGN game's opening is the position after its moves), EPD
/// written; games written as PGN.
pub(crate) static CHESS: GameFiles = GameFiles {
    openings: &[("epd", chess_epd), ("pgn", chess_pgn_openings)],
    write_opening: chess_write_epd,
    record_extension: "pgn",
    write_record: chess_write_pgn,
};

fn chess960(values: &[u32]) -> bool {
    values.first() == Some(&1)
}

fn chess_epd(values: &[u32], text: &str) -> Result<Vec<Opening>, String> {
    let records = olympiad_chess::epd::read(text, chess960(values)).map_err(|e| e.to_string())?;
    Ok(records
        .iter()
        .map(|r| Opening::Position(r.position.fen()))
        .collect())
}

fn chess_write_epd(
    values: &[u32],
    position: &str,
    notes: &[(&str, String)],
) -> Result<String, String> {
    let position = olympiad_chess::Position::from_fen(position, chess960(values))
        .map_err(|e| e.to_string())?;
    Ok(olympiad_chess::epd::write_line(&position, notes))
}

fn chess_pgn_openings(values: &[u32], text: &str) -> Result<Vec<Opening>, String> {
    let games = olympiad_chess::pgn::read(text, chess960(values)).map_err(|e| e.to_string())?;
    Ok(games
        .iter()
        .map(|g| Opening::Position(g.end().fen()))
        .collect())
}

/// `H:MM:SS.mmm`, as PGN's `[%clk]` writes a clock.
fn pgn_clock(ms: u64) -> String {
    let (h, rest) = (ms / 3_600_000, ms % 3_600_000);
    format!(
        "{h}:{:02}:{:02}.{:03}",
        rest / 60_000,
        rest % 60_000 / 1000,
        rest % 1000
    )
}

fn chess_write_pgn(values: &[u32], record: &RecordText<'_>) -> Result<String, String> {
    let start = olympiad_chess::Position::from_fen(record.start, chess960(values))
        .map_err(|e| format!("start position: {e}"))?;
    // The clock goes into the comment as `[%clk H:MM:SS.mmm]`, and the last move's comment
    // ends with why the game ended.
    let last = record.moves.len().saturating_sub(1);
    let moves: Vec<(String, Option<String>)> = record
        .moves
        .iter()
        .enumerate()
        .map(|(i, m)| {
            let mut parts: Vec<String> = m.comment.iter().cloned().collect();
            parts.extend(m.clock_ms.map(|ms| format!("[%clk {}]", pgn_clock(ms))));
            let mut comment = parts.join(" ");
            if i == last && !record.reason.is_empty() {
                if !comment.is_empty() {
                    comment.push_str(", ");
                }
                comment.push_str(&record.reason);
            }
            (m.text.clone(), (!comment.is_empty()).then_some(comment))
        })
        .collect();
    olympiad_chess::pgn::write(&olympiad_chess::pgn::PgnOut {
        tags: &record.tags,
        start: &start,
        moves: &moves,
        result: record.result,
    })
    .map_err(|e| e.to_string())
}

/// Go: SGF openings (a game's main line: moves from the empty board, or its setup stones
/// and moves as a position) and games written as SGF.
pub(crate) static GO: GameFiles = GameFiles {
    openings: &[("sgf", go_sgf_openings)],
    write_opening: go_write_opening,
    record_extension: "sgf",
    write_record: go_write_sgf,
};

/// The Go variant of these parameter values (size, komi in half points, rule).
fn go_variant(values: &[u32]) -> Result<olympiad_go::Position, String> {
    let rule = olympiad_go::Repetition::ALL
        .get(values[2] as usize)
        .copied()
        .ok_or("no such rule")?;
    olympiad_go::Position::new(values[0] as usize, values[1] as i16, rule)
        .map_err(|e| e.to_string())
}

fn go_sgf_openings(values: &[u32], text: &str) -> Result<Vec<Opening>, String> {
    let variant = go_variant(values)?;
    let size = variant.size();
    let games = olympiad_go::sgf::read(text, &variant).map_err(|e| e.to_string())?;
    Ok(games
        .iter()
        .map(|g| match g.setup {
            false => Opening::Moves(g.moves.iter().map(|m| m.to_gtp(size)).collect()),
            true => Opening::Position(olympiad_go::text::position_text(&g.end())),
        })
        .collect())
}

fn go_write_opening(
    _values: &[u32],
    position: &str,
    notes: &[(&str, String)],
) -> Result<String, String> {
    let position = olympiad_go::text::parse_position(position).map_err(|e| e.to_string())?;
    Ok(olympiad_go::sgf::write_position(&position, notes))
}

/// SGF's TM (main time in seconds) and OT (what comes after) from PGN's TimeControl.
fn sgf_time(control: &str) -> Option<(String, Option<String>)> {
    if let Some((moves, seconds)) = control.split_once('/') {
        return Some(match moves {
            "1" => (seconds.into(), Some(format!("{seconds} s per move"))),
            _ => (
                seconds.into(),
                Some(format!("{moves} moves per {seconds} s, repeating")),
            ),
        });
    }
    match control.split_once('+') {
        Some((main, increment)) => Some((
            main.into(),
            Some(format!("{increment} s added after each move (Fischer)")),
        )),
        None if control.is_empty() || control == "?" || control == "-" => None,
        None => Some((control.into(), None)),
    }
}

/// A record's tag `name` with a value worth writing (not empty, no `?`).
fn known_tag<'a>(record: &'a RecordText<'_>, name: &str) -> Option<&'a str> {
    record
        .tags
        .iter()
        .find(|(k, _)| k == name)
        .map(|(_, v)| v.as_str())
        .filter(|v| !v.is_empty() && !v.contains('?'))
}

/// How the game ended, as SGF's `RE` says it.
fn sgf_end(ending: Ending) -> olympiad_go::sgf::End {
    use olympiad_go::sgf::End;
    match ending {
        Ending::Rules => End::Score,
        Ending::Resignation => End::Resignation,
        Ending::TimeForfeit => End::Time,
        Ending::Forfeit => End::Forfeit,
        Ending::Adjudication => End::Decided,
        Ending::Unfinished => End::Unfinished,
    }
}

fn go_write_sgf(values: &[u32], record: &RecordText<'_>) -> Result<String, String> {
    use olympiad_go::sgf::SgfRecord;
    let start = olympiad_go::text::parse_position(record.start)
        .map_err(|e| format!("start position: {e}"))?;
    let size = go_variant(values)?.size();
    let tag = |name: &str| known_tag(record, name);
    let moves = record
        .moves
        .iter()
        .map(|m| {
            let point = olympiad_go::Point::from_gtp(&m.text, size).map_err(|e| e.to_string())?;
            let left = m.clock_ms.map(|ms| ms as f64 / 1000.0);
            Ok((point, left, m.comment.clone()))
        })
        .collect::<Result<Vec<_>, String>>()?;
    let winner = match record.result {
        "1-0" => Some(Some(olympiad_go::Color::Black)),
        "0-1" => Some(Some(olympiad_go::Color::White)),
        "1/2-1/2" => Some(None),
        _ => None,
    };
    let end = sgf_end(record.ending);
    Ok(olympiad_go::sgf::write(&SgfRecord {
        players: [tag("Black").unwrap_or("?"), tag("White").unwrap_or("?")],
        event: tag("Event"),
        date: tag("Date").map(|d| d.replace('.', "-")),
        round: tag("Round"),
        time: tag("TimeControl").and_then(sgf_time),
        start: &start,
        moves,
        winner,
        end,
        reason: (!record.reason.is_empty()).then_some(record.reason.as_str()),
    }))
}

/// Hex: SGF openings read as moves or a position (setup stones), games written as Hex SGF.
pub(crate) static HEX: GameFiles = GameFiles {
    openings: &[("sgf", hex_sgf_openings)],
    write_opening: hex_write_opening,
    record_extension: "sgf",
    write_record: hex_write_sgf,
};

/// The Hex variant of these parameter values (size, swap: 0 on).
fn hex_variant(values: &[u32]) -> Result<olympiad_hex::Position, String> {
    olympiad_hex::Position::new(values[0] as usize, values[1] == 0).map_err(|e| e.to_string())
}

fn hex_sgf_openings(values: &[u32], text: &str) -> Result<Vec<Opening>, String> {
    let variant = hex_variant(values)?;
    let games = olympiad_hex::sgf::read(text, &variant).map_err(|e| e.to_string())?;
    Ok(games
        .iter()
        .map(|g| sgf_opening(&g.start, g.setup, &g.moves))
        .collect())
}

fn hex_write_opening(
    _values: &[u32],
    position: &str,
    notes: &[(&str, String)],
) -> Result<String, String> {
    let position = olympiad_hex::Position::parse_position(position).map_err(|e| e.to_string())?;
    Ok(olympiad_hex::sgf::write_position(&position, notes))
}

fn hex_write_sgf(_values: &[u32], record: &RecordText<'_>) -> Result<String, String> {
    use olympiad_hex::sgf::SgfRecord;
    use olympiad_hex::{Color, Position};
    let start =
        Position::parse_position(record.start).map_err(|e| format!("start position: {e}"))?;
    let facts = sgf_facts(&start, record)?;
    let mut end = start.clone();
    for (mv, _, _) in &facts.moves {
        end.play(*mv);
    }
    // The tags name the players by the start's seat names (Black's first); after a swap
    // the colours changed hands.
    let holder = |color: Color| facts.players[end.seat_of(color).index()];
    // The winning seat's colour at the end (0 Black).
    let black = end.seat_of(Color::Black).index();
    let winner = facts
        .winner
        .map(|w| w.map(|seat| usize::from(seat != black)));
    Ok(olympiad_hex::sgf::write(&SgfRecord {
        players: [holder(Color::Black), holder(Color::White)],
        event: known_tag(record, "Event"),
        date: known_tag(record, "Date").map(|d| d.replace('.', "-")),
        round: known_tag(record, "Round"),
        start: &start,
        moves: facts.moves,
        winner,
        end: sgf_end(record.ending),
        reason: (!record.reason.is_empty()).then_some(record.reason.as_str()),
    }))
}

/// An SGF game read as an opening: its moves from the usual start, or, when it set up
/// stones, the position after its moves.
fn sgf_opening<G: Game + Notation + Clone>(start: &G, setup: bool, moves: &[G::Move]) -> Opening {
    let mut end = start.clone();
    let mut texts = Vec::new();
    for &mv in moves {
        texts.push(end.format_move(mv));
        end.play(mv);
    }
    match setup {
        false => Opening::Moves(texts),
        true => Opening::Position(end.position_text()),
    }
}

/// What a two-colour game's SGF record takes from the arena's record, the first seat
/// Black: the players, the result by seat (`None` none, `Some(None)` a draw), and each
/// move (checked from `start`) with its clock (seconds) and comment.
struct SgfFacts<'a, M> {
    players: [&'a str; 2],
    winner: Option<Option<usize>>,
    moves: Vec<(M, Option<f64>, Option<String>)>,
}

fn sgf_facts<'a, G: Game + Notation + Clone>(
    start: &G,
    record: &'a RecordText<'_>,
) -> Result<SgfFacts<'a, G::Move>, String> {
    let tag = |prefix: &str| {
        record
            .tags
            .iter()
            .find(|(k, _)| k.starts_with(prefix))
            .map_or("?", |(_, v)| v.as_str())
    };
    let winner = match record.result {
        "1-0" => Some(Some(0)),
        "0-1" => Some(Some(1)),
        "1/2-1/2" => Some(None),
        _ => None,
    };
    let mut end = start.clone();
    let mut moves = Vec::new();
    for m in &record.moves {
        let mv = end.parse_legal_move(&m.text).map_err(|e| e.to_string())?;
        end.play(mv);
        moves.push((
            mv,
            m.clock_ms.map(|ms| ms as f64 / 1000.0),
            m.comment.clone(),
        ));
    }
    Ok(SgfFacts {
        players: [tag("Black"), tag("White")],
        winner,
        moves,
    })
}

/// Lines of Action: SGF openings read as moves or a position (setup stones), games
/// written as LOA SGF (GM[9]).
pub(crate) static LOA: GameFiles = GameFiles {
    openings: &[("sgf", loa_sgf_openings)],
    write_opening: loa_write_opening,
    record_extension: "sgf",
    write_record: loa_write_sgf,
};

fn loa_sgf_openings(_values: &[u32], text: &str) -> Result<Vec<Opening>, String> {
    let games = olympiad_loa::sgf::read(text).map_err(|e| e.to_string())?;
    Ok(games
        .iter()
        .map(|g| sgf_opening(&g.start, g.setup, &g.moves))
        .collect())
}

fn loa_write_opening(
    _values: &[u32],
    position: &str,
    notes: &[(&str, String)],
) -> Result<String, String> {
    let position = olympiad_loa::Position::parse_position(position).map_err(|e| e.to_string())?;
    Ok(olympiad_loa::sgf::write_position(&position, notes))
}

fn loa_write_sgf(_values: &[u32], record: &RecordText<'_>) -> Result<String, String> {
    use olympiad_loa::{Position, sgf};
    let start =
        Position::parse_position(record.start).map_err(|e| format!("start position: {e}"))?;
    let facts = sgf_facts(&start, record)?;
    Ok(sgf::write(&sgf::SgfRecord {
        players: facts.players,
        event: known_tag(record, "Event"),
        date: known_tag(record, "Date").map(|d| d.replace('.', "-")),
        round: known_tag(record, "Round"),
        start: &start,
        moves: facts.moves,
        winner: facts.winner,
        end: sgf_end(record.ending),
        reason: (!record.reason.is_empty()).then_some(record.reason.as_str()),
    }))
}

/// Connect6: SGF openings read as turns or a position (setup stones), games written as our
/// Connect6 SGF (GM[4] with RU[Connect6]).
pub(crate) static CONNECT6: GameFiles = GameFiles {
    openings: &[("sgf", connect6_sgf_openings)],
    write_opening: connect6_write_opening,
    record_extension: "sgf",
    write_record: connect6_write_sgf,
};

/// The Connect6 variant of these parameter values (size).
fn connect6_variant(values: &[u32]) -> Result<olympiad_connect6::Position, String> {
    olympiad_connect6::Position::new(values[0] as usize).map_err(|e| e.to_string())
}

fn connect6_sgf_openings(values: &[u32], text: &str) -> Result<Vec<Opening>, String> {
    let variant = connect6_variant(values)?;
    let games = olympiad_connect6::sgf::read(text, &variant).map_err(|e| e.to_string())?;
    Ok(games
        .iter()
        .map(|g| sgf_opening(&g.start, g.setup, &g.moves))
        .collect())
}

fn connect6_write_opening(
    _values: &[u32],
    position: &str,
    notes: &[(&str, String)],
) -> Result<String, String> {
    let position = olympiad_connect6::text::parse_position(position).map_err(|e| e.to_string())?;
    Ok(olympiad_connect6::sgf::write_position(&position, notes))
}

fn connect6_write_sgf(_values: &[u32], record: &RecordText<'_>) -> Result<String, String> {
    use olympiad_connect6::{sgf, text};
    let start = text::parse_position(record.start).map_err(|e| format!("start position: {e}"))?;
    let facts = sgf_facts(&start, record)?;
    Ok(sgf::write(&sgf::SgfRecord {
        players: facts.players,
        event: known_tag(record, "Event"),
        date: known_tag(record, "Date").map(|d| d.replace('.', "-")),
        round: known_tag(record, "Round"),
        start: &start,
        moves: facts.moves,
        winner: facts.winner,
        end: sgf_end(record.ending),
        reason: (!record.reason.is_empty()).then_some(record.reason.as_str()),
    }))
}

#[cfg(test)]
mod tests {
    use crate::find_game;

    #[test]
    fn chess_reads_epd_and_pgn_openings_by_extension_and_writes_pgn() {
        let dir = std::env::temp_dir().join(format!("olympiad-files-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let chess = find_game("chess").unwrap();
        let pgn = dir.join("o.PGN");
        std::fs::write(&pgn, "1. e4 c5 2. Nf3 *\n\n[White \"x\"]\n\n1. d4 d5 *\n").unwrap();
        assert_eq!(
            chess.read_opening_file(&pgn).unwrap().unwrap(),
            [
                "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2",
                "rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq d6 0 2"
            ]
            .map(|p| crate::Opening::Position(p.into()))
        );
        let epd = dir.join("o.epd");
        std::fs::write(&epd, "4k3/8/8/8/8/8/8/4K2R w K - c0 \"x\";\n8/8 w\n").unwrap();
        let e = chess.read_opening_file(&epd).unwrap().unwrap_err();
        assert!(e.contains("o.epd: line 2:"), "{e}");
        // Other extensions and other games: the arena's own line format.
        assert!(chess.read_opening_file(&dir.join("o.txt")).is_none());
        assert!(
            find_game("caissa")
                .unwrap()
                .read_opening_file(&epd)
                .is_none()
        );
        assert_eq!(chess.record_extension(), Some("pgn"));
        let text = chess
            .write_record(&crate::RecordText {
                tags: vec![("White".into(), "a".into())],
                start: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                moves: vec![crate::RecordMove {
                    text: "e2e4".into(),
                    comment: Some("+0.30/10".into()),
                    clock_ms: Some(9_480),
                }],
                result: "*",
                ending: crate::Ending::Unfinished,
                reason: String::new(),
            })
            .unwrap()
            .unwrap();
        assert!(
            text.contains("1. e4 {+0.30/10 [%clk 0:00:09.480]} *"),
            "{text}"
        );
        assert_eq!(super::pgn_clock(3_723_004), "1:02:03.004");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn go_writes_sgf_and_reads_it_back_as_moves_or_a_position() {
        use crate::{Ending, RecordMove, RecordText};
        let go = find_game("go(size=9,komi=6.5)").unwrap();
        assert_eq!(go.record_extension(), Some("sgf"));
        let start = go.start().position_text();
        let moves = ["E5", "C3", "pass", "G7"];
        let text = go
            .write_record(&RecordText {
                tags: vec![
                    ("Event".into(), "t".into()),
                    ("Date".into(), "2026.11.24".into()),
                    ("Black".into(), "b".into()),
                    ("White".into(), "w".into()),
                    ("TimeControl".into(), "60+0.5".into()),
                ],
                start: &start,
                moves: moves
                    .iter()
                    .map(|m| RecordMove {
                        text: m.to_string(),
                        comment: Some("0.100s".into()),
                        clock_ms: Some(59_900),
                    })
                    .collect(),
                result: "0-1",
                ending: Ending::Resignation,
                reason: "seat 0 resigns".into(),
            })
            .unwrap()
            .unwrap();
        for part in [
            "SZ[9]",
            "KM[6.5]",
            "PB[b]",
            "PW[w]",
            "DT[2026-11-24]",
            "EV[t]",
            "RE[W+R]",
            "TM[60]",
            "OT[0.5 s added after each move (Fischer)]",
            ";B[ee]BL[59.900]C[0.100s]",
            ";W[cg]",
            ";B[]",
            "C[0.100s, seat 0 resigns]",
        ] {
            assert!(text.replace('\n', "").contains(part), "{part} in {text}");
        }
        let dir = std::env::temp_dir().join(format!("olympiad-go-files-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("game.sgf");
        std::fs::write(&path, &text).unwrap();
        let openings = go.read_opening_file(&path).unwrap().unwrap();
        assert_eq!(
            openings,
            [crate::Opening::Moves(moves.map(String::from).to_vec())]
        );
        // Setup stones give a position, which keeps the variant's komi.
        std::fs::write(&path, "(;SZ[9]AB[ee]PL[W])").unwrap();
        let openings = go.read_opening_file(&path).unwrap().unwrap();
        let crate::Opening::Position(text) = &openings[0] else {
            panic!("{openings:?}")
        };
        assert_eq!(go.from_text(text).unwrap().position_text(), *text);
        assert!(text.ends_with(" w 0 - 6.5 superko"), "{text}");
        std::fs::write(&path, "(;SZ[19])").unwrap();
        let e = go.read_opening_file(&path).unwrap().unwrap_err();
        assert!(e.contains("game.sgf: line 1, column 3: game 1:"), "{e}");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn hex_writes_sgf_with_the_swap_and_reads_it_back() {
        use crate::{Ending, RecordMove, RecordText};
        let hex = find_game("hex(size=3)").unwrap();
        assert_eq!(hex.record_extension(), Some("sgf"));
        let start = hex.start().position_text();
        // The responding seat swaps and wins with the opening stone.
        let moves = ["b1", "swap", "a1", "b2", "c1", "b3"];
        let text = hex
            .write_record(&RecordText {
                tags: vec![
                    ("Black (x, top-bottom)".into(), "opener".into()),
                    ("White (o, left-right)".into(), "swapper".into()),
                ],
                start: &start,
                moves: moves
                    .iter()
                    .map(|m| RecordMove {
                        text: m.to_string(),
                        comment: None,
                        clock_ms: Some(1_000),
                    })
                    .collect(),
                result: "0-1",
                ending: Ending::Rules,
                reason: "Black joins top and bottom".into(),
            })
            .unwrap()
            .unwrap();
        // The swapper holds Black at the end, and Black won.
        for part in ["GM[11]", "SZ[3]", "PB[swapper]", "PW[opener]", "RE[B+]"] {
            assert!(text.contains(part), "{part} in {text}");
        }
        assert!(text.contains(";W[swap-pieces]"), "{text}");
        let dir = std::env::temp_dir().join(format!("olympiad-hex-files-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("game.sgf");
        std::fs::write(&path, &text).unwrap();
        assert_eq!(
            hex.read_opening_file(&path).unwrap().unwrap(),
            [crate::Opening::Moves(moves.map(String::from).to_vec())]
        );
        let opening =
            super::hex_write_opening(&[3, 0], "x../.o./... x - swap", &[("c0", "test".into())])
                .unwrap();
        std::fs::write(&path, &opening).unwrap();
        assert_eq!(
            hex.read_opening_file(&path).unwrap().unwrap(),
            [crate::Opening::Position("x../.o./... x - swap".into())]
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// A record of `moves` from the start of `game`, written by the catalog.
    fn written(game: &str, moves: &[&str], result: &str, ending: crate::Ending) -> String {
        use crate::{RecordMove, RecordText};
        let entry = find_game(game).unwrap();
        assert_eq!(entry.record_extension(), Some("sgf"));
        let start = entry.start().position_text();
        entry
            .write_record(&RecordText {
                tags: vec![
                    ("Event".into(), "files test".into()),
                    ("Date".into(), "2026.11.24".into()),
                    ("Black (x)".into(), "first".into()),
                    ("White (o)".into(), "second".into()),
                ],
                start: &start,
                moves: moves
                    .iter()
                    .map(|m| RecordMove {
                        text: m.to_string(),
                        comment: Some("+0.10/2".into()),
                        clock_ms: Some(1_500),
                    })
                    .collect(),
                result,
                ending,
                reason: "the reason".into(),
            })
            .unwrap()
            .unwrap()
    }

    /// `text` as an opening file of `game`: its openings.
    fn read_back(game: &str, text: &str) -> Vec<crate::Opening> {
        let dir = std::env::temp_dir().join(format!(
            "olympiad-files-{}-{}",
            game.len(),
            std::process::id()
        ));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("games.sgf");
        std::fs::write(&path, text).unwrap();
        let openings = find_game(game)
            .unwrap()
            .read_opening_file(&path)
            .unwrap()
            .unwrap();
        let _ = std::fs::remove_dir_all(&dir);
        openings
    }

    #[test]
    fn loa_and_connect6_write_sgf_and_read_it_back() {
        use crate::{Ending, Opening};
        let loa = ["b1-b3", "a2-c2", "c1xa3"];
        let text = written("loa", &loa, "0-1", Ending::TimeForfeit);
        for part in [
            "GM[9]",
            "PB[first]",
            "PW[second]",
            "RE[W+T]",
            "DT[2026-11-24]",
        ] {
            assert!(text.contains(part), "{part} in {text}");
        }
        assert!(
            text.contains(";B[c1:a3]BL[1.500]C[+0.10/2, the reason]"),
            "{text}"
        );
        assert_eq!(
            read_back("loa", &text),
            [Opening::Moves(loa.map(String::from).to_vec())]
        );
        let c6 = ["K10", "J9L11", "K9K11"];
        let text = written("connect6(size=13)", &c6, "1/2-1/2", Ending::Adjudication);
        for part in ["GM[4]", "RU[Connect6]", "SZ[13]", "RE[0]", ";W[iekc]"] {
            assert!(text.contains(part), "{part} in {text}");
        }
        assert_eq!(
            read_back("connect6(size=13)", &text),
            [Opening::Moves(c6.map(String::from).to_vec())]
        );
        // Positions are written as setup stones and read back as positions.
        let position = "x.../..../..../.... o";
        let c6_entry = super::connect6_write_opening(&[4], position, &[]).unwrap();
        assert_eq!(
            read_back("connect6(size=4)", &c6_entry),
            [Opening::Position(position.into())]
        );
        let start = find_game("loa").unwrap().start().position_text();
        let loa_entry = super::loa_write_opening(&[8], &start, &[("c0", "x".into())]).unwrap();
        assert_eq!(read_back("loa", &loa_entry), [Opening::Position(start)]);
    }
}
