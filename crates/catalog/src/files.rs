//! The files a game's community keeps positions and games in, for the games that have such
//! files (chess: EPD and PGN). A row names them in a [`GameFiles`]; the arena reads opening
//! files through it and writes its games in the community's record format, and the
//! opening-set builder writes its openings in it. Everything here is text in, text out, so
//! nothing above the catalog names a game's types.

/// Reads an opening file's text into start positions, each in the game's position text.
pub type ReadOpenings = fn(values: &[u32], text: &str) -> Result<Vec<String>, String>;

/// Writes one opening line: the position's text and notes (opcode, value).
pub type WriteOpening =
    fn(values: &[u32], position: &str, notes: &[(&str, String)]) -> Result<String, String>;

/// A game's file formats.
#[derive(Debug)]
pub struct GameFiles {
    /// Opening files it reads, by extension (lower case, without the dot), the format the
    /// opening-set builder writes first.
    pub openings: &'static [(&'static str, ReadOpenings)],
    /// One opening in the first opening format: the position's text and notes (an opcode and
    /// its value: `ce` the score in centipawns for the side to move, `acd` the depth, `c0` a
    /// comment).
    pub write_opening: WriteOpening,
}

impl GameFiles {
    /// The extension of the opening format written.
    pub fn opening_extension(&self) -> &'static str {
        self.openings[0].0
    }

    /// The reader of opening files ending in `.EXT` (case-insensitive).
    pub fn opening_reader(&self, extension: &str) -> Option<ReadOpenings> {
        self.openings
            .iter()
            .find(|(ext, _)| ext.eq_ignore_ascii_case(extension))
            .map(|(_, read)| *read)
    }
}

/// Chess: EPD and PGN openings (the position after the game's moves), EPD written.
pub(crate) static CHESS: GameFiles = GameFiles {
    openings: &[("epd", chess_epd)],
    write_opening: chess_write_epd,
};

fn chess960(values: &[u32]) -> bool {
    values.first() == Some(&1)
}

fn chess_epd(values: &[u32], text: &str) -> Result<Vec<String>, String> {
    let records = olympiad_chess::epd::read(text, chess960(values)).map_err(|e| e.to_string())?;
    Ok(records.iter().map(|r| r.position.fen()).collect())
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
