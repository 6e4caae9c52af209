//! The files a game's community keeps positions and games in, for the games that have such
//! files (chess: EPD and PGN). A row names them in a [`GameFiles`]; the arena reads opening
//! files through it and writes its games in the community's record format, and the
//! opening-set builder writes its openings in it. Everything here is text in, text out, so
//! nothing above the catalog names a game's types.

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
}
