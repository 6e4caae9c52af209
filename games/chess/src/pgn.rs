//! PGN (Portable Game Notation) in and out: the arena writes the games it plays as PGN, so
//! that any chess GUI, database or rating tool can read them, and reads opening files,
//! which are nearly always PGN.
//!
//! One tokenizer (`Lexer`) cuts the text into tag pairs, comments, move numbers, moves,
//! annotations, variation brackets and result markers, each with its line and column; one
//! reader ([`read`]) plays the moves on a [`Position`], so that a move that is illegal or
//! ambiguous is an error naming the game, the move and where it stands in the file; one
//! writer ([`write`]) writes export format, which the reader reads back to the same tags,
//! moves, comments and result.
//!
//! The reader takes the usual import-format laxness: move numbers anywhere and in any form
//! (`1.`, `1...`, `1.e4`, none at all), castling with zeros, check and annotation suffixes
//! (`+`, `#`, `!?`, ...), games without tags, a `FEN` tag with or without `SetUp`. What it
//! skips: recursive variations (read for their brackets, never played), `;` comments (to the
//! end of the line), `%` escape lines (a `%` in the first column), a NAG before the first
//! move, and the move numbers (not checked: the position knows them). What it refuses, because
//! each means the file is not what it claims to be: an unclosed comment, variation or tag, a
//! tag value without quotes, a `Variant` other than chess and Chess960, and a game whose
//! movetext has no result marker. The PGN standard ends every game's movetext with that
//! marker; python-chess and pgn-reader take its absence as `*`, but an arena's file that
//! ends in the middle of a game was cut short, and reading it as an unfinished game would
//! hide that.
//!
//! ```
//! use olympiad_chess::Position;
//! use olympiad_chess::pgn::{self, PgnOut};
//!
//! let text = "[White \"Morphy\"]\n\n1. e4 e5 2. Nf3 {book} d6 (2... Nc6) *\n";
//! let games = pgn::read(text, false)?;
//! assert_eq!(games[0].tag("White"), Some("Morphy"));
//! assert_eq!(games[0].uci_moves(), ["e2e4", "e7e5", "g1f3", "d7d6"]);
//!
//! let moves = [("e2e4".to_string(), None), ("c5".to_string(), Some("Sicilian".to_string()))];
//! let text = pgn::write(&PgnOut {
//!     tags: &[("White".to_string(), "Jumper".to_string())],
//!     start: &Position::start(),
//!     moves: &moves,
//!     result: "*",
//! })?;
//! assert!(text.ends_with("[Result \"*\"]\n\n1. e4 c5 {Sicilian} *\n\n"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::fen::FenError;
use crate::{MoveError, Position};
use cozy_chess::{Color, Move};
use thiserror::Error;

/// The longest movetext line the writer writes, in characters: export format fills each
/// line with as many tokens as fit in fewer than 80 printing characters (the PGN standard,
/// "movetext line justification"), so that the file reads in an 80-column terminal.
pub const MAX_LINE: usize = 79;

/// The Seven Tag Roster, in its order, each with the value written when the game has none.
const SEVEN_TAG_ROSTER: [(&str, &str); 7] = [
    ("Event", "?"),
    ("Site", "?"),
    ("Date", "????.??.??"),
    ("Round", "?"),
    ("White", "?"),
    ("Black", "?"),
    ("Result", "*"),
];

/// The game termination markers.
const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];

/// Move suffix annotations and the NAGs they stand for (PGN standard 10: `$1` to `$6`).
const SUFFIXES: [(&str, u8); 6] = [
    ("!", 1),
    ("?", 2),
    ("!!", 3),
    ("??", 4),
    ("!?", 5),
    ("?!", 6),
];

/// `Variant` tag values read as Chess960 (as lichess, cutechess and ChessBase write it).
const CHESS960_VARIANTS: [&str; 5] = [
    "chess960",
    "chess 960",
    "fischerandom",
    "fischer random",
    "fischerrandom",
];

/// `Variant` tag values read as standard chess.
const STANDARD_VARIANTS: [&str; 4] = ["standard", "chess", "normal", "from position"];

/// A game read from PGN.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnGame {
    /// The tag pairs in the file's order.
    pub tags: Vec<(String, String)>,
    /// The start: the `FEN` tag's position, or the standard start position.
    pub start: Position,
    /// The moves of the main line.
    pub moves: Vec<PgnMove>,
    /// The result marker ending the movetext: `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: String,
    /// The comment before the first move.
    pub comment: Option<String>,
}

/// One move of a game read from PGN.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnMove {
    /// The move, in cozy's convention (castling is king takes rook).
    pub mv: Move,
    /// The move in SAN as [`write`] writes it (whatever the file wrote).
    pub san: String,
    /// The brace comments after the move, joined by a space, each with its runs of
    /// whitespace (line breaks too) made one space.
    pub comment: Option<String>,
    /// The numeric annotation glyphs after the move (`$1`, or `!` read as 1, `?!` as 6).
    pub nags: Vec<u8>,
}

impl PgnGame {
    /// The value of the first tag named `name` (tag names are case-sensitive).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The position after every move.
    pub fn end(&self) -> Position {
        let mut pos = self.start.clone();
        for m in &self.moves {
            pos.make(m.mv);
        }
        pos
    }

    /// The moves in UCI, in the start position's convention (Chess960 castling as king
    /// takes rook).
    pub fn uci_moves(&self) -> Vec<String> {
        let mut pos = self.start.clone();
        self.moves
            .iter()
            .map(|m| {
                let text = pos.uci_move(m.mv);
                pos.make(m.mv);
                text
            })
            .collect()
    }
}

/// What the reader found wrong, where: line and column (1-based, in characters) in the file
/// and the game's number (1-based).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("line {line}, column {column}: game {game}{} {problem}", problem.separator())]
pub struct PgnError {
    /// The line, from 1.
    pub line: usize,
    /// The column, from 1, in characters.
    pub column: usize,
    /// The game's number in the file, from 1.
    pub game: usize,
    /// What is wrong.
    pub problem: PgnProblem,
}

/// What is wrong with a PGN text (see [`PgnError`] for where).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PgnProblem {
    /// A `{` without its `}`.
    #[error("'{{' opens a comment that is never closed by '}}'")]
    UnterminatedComment,
    /// A `(` without its `)`.
    #[error("'(' opens a variation that is never closed by ')'")]
    UnterminatedVariation,
    /// A `)` without its `(`.
    #[error("')' closes no variation")]
    UnmatchedClose,
    /// A `[` not followed by a tag name.
    #[error("'[' must be followed by a tag name, as in [Event \"value\"]")]
    TagName,
    /// A tag whose value is not in double quotes.
    #[error("tag '{0}': the value must be in double quotes, as in [{0} \"value\"]")]
    TagUnquoted(String),
    /// A tag value whose closing quote is not on its line.
    #[error("tag '{0}': the value has no closing '\"' on its line")]
    TagValueUnterminated(String),
    /// A tag pair whose `]` is not on its line.
    #[error("tag '{0}': no ']' after the value on its line")]
    TagUnterminated(String),
    /// A character that starts no PGN token.
    #[error("'{0}' is not PGN here (tags, moves, move numbers, comments, NAGs or a result)")]
    Character(char),
    /// An annotation that is neither a NAG nor a known suffix.
    #[error("'{0}' is not an annotation: $0 to $255, !, ?, !!, ??, !? or ?!")]
    Annotation(String),
    /// A `Variant` tag naming another game.
    #[error("variant '{0}' is neither chess nor Chess960")]
    Variant(String),
    /// A `FEN` tag that cannot be read.
    #[error("FEN tag: {0}")]
    Fen(FenError),
    /// A move that is not legal, or not SAN, or ambiguous, in the game's position.
    #[error(transparent)]
    Move(BadMove),
    /// Movetext that ends, at the end of the file or at the next game's tags, without a
    /// result marker.
    #[error("the movetext has no result marker (1-0, 0-1, 1/2-1/2 or *) before {0}")]
    NoResult(&'static str),
}

impl PgnProblem {
    /// What comes between "game N" and the problem: a move reads as part of the place
    /// ("game 3, move 12... Nxe5: ..."), anything else as what is wrong there.
    fn separator(&self) -> &'static str {
        match self {
            PgnProblem::Move(_) => ",",
            _ => ":",
        }
    }
}

/// A move that cannot be played where it stands, for the reader and the writer alike.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("move {number}{} {text}: {error}", dots(*black))]
pub struct BadMove {
    /// The fullmove number of the position the move is played in.
    pub number: u16,
    /// Whether Black is to play it.
    pub black: bool,
    /// The move as written.
    pub text: String,
    /// Why it cannot be played.
    pub error: MoveError,
}

impl BadMove {
    /// `text` cannot be played in `pos` because of `error`.
    fn at(pos: &Position, text: &str, error: MoveError) -> BadMove {
        BadMove {
            number: pos.board().fullmove_number(),
            black: pos.board().side_to_move() == Color::Black,
            text: text.to_string(),
            error,
        }
    }
}

/// `.` before a White move, `...` before a Black one.
fn dots(black: bool) -> &'static str {
    if black { "..." } else { "." }
}

/// A line and column (1-based; the column in characters).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Loc {
    line: usize,
    column: usize,
}

/// A PGN token.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Token<'a> {
    /// `[Name "value"]`, the value unescaped.
    Tag { name: &'a str, value: String },
    /// `{...}`, whitespace runs made one space, trimmed.
    Comment(String),
    /// `$n`, or a suffix annotation such as `!?`.
    Nag(u8),
    /// A move number indication (`12.`, `12...`, or dots alone); the reader ignores it.
    Number,
    /// A move as written (SAN with its check suffix, or anything else made of symbol
    /// characters: the reader's SAN parser judges it).
    Move(&'a str),
    /// `(`.
    Open,
    /// `)`.
    Close,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    Result(&'static str),
}

/// Characters of a PGN symbol token (moves, move numbers, results).
fn is_symbol(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '+' | '#' | '=' | ':' | '-' | '/' | '_')
}

/// The tokenizer: a cursor on the text that knows its line, and one token of lookahead.
struct Lexer<'a> {
    text: &'a str,
    /// The byte offset of the next character.
    at: usize,
    /// The line of `at`, from 1.
    line: usize,
    /// The byte offset where that line starts.
    line_start: usize,
    /// The column of `at`, from 1, in characters (kept as it goes: a file may hold a whole
    /// game's movetext on one line).
    column: usize,
    peeked: Option<(Token<'a>, Loc)>,
}

type Lexed<'a> = Result<Option<(Token<'a>, Loc)>, (Loc, PgnProblem)>;

impl<'a> Lexer<'a> {
    fn new(text: &'a str) -> Self {
        let at = if text.starts_with('\u{feff}') { 3 } else { 0 };
        Lexer {
            text,
            at,
            line: 1,
            line_start: at,
            column: 1,
            peeked: None,
        }
    }

    fn loc(&self) -> Loc {
        Loc {
            line: self.line,
            column: self.column,
        }
    }

    fn current(&self) -> Option<char> {
        self.text[self.at..].chars().next()
    }

    /// Moves past one character, keeping the line count.
    fn bump(&mut self) -> Option<char> {
        let c = self.current()?;
        self.at += c.len_utf8();
        self.column += 1;
        if c == '\n' {
            self.line += 1;
            self.line_start = self.at;
            self.column = 1;
        }
        Some(c)
    }

    /// Moves past characters while `keep` holds; returns them.
    fn take_while(&mut self, keep: impl Fn(char) -> bool) -> &'a str {
        let start = self.at;
        while self.current().is_some_and(&keep) {
            self.bump();
        }
        &self.text[start..self.at]
    }

    /// Skips whitespace, `;` comments and `%` escape lines.
    fn skip(&mut self) {
        loop {
            match self.current() {
                Some(c) if c.is_whitespace() => {
                    self.bump();
                }
                Some(';') => {
                    self.take_while(|c| c != '\n');
                }
                Some('%') if self.at == self.line_start => {
                    self.take_while(|c| c != '\n');
                }
                _ => return,
            }
        }
    }

    fn peek(&mut self) -> Result<Option<&(Token<'a>, Loc)>, (Loc, PgnProblem)> {
        if self.peeked.is_none() {
            self.peeked = self.lex()?;
        }
        Ok(self.peeked.as_ref())
    }

    fn next(&mut self) -> Lexed<'a> {
        match self.peeked.take() {
            Some(t) => Ok(Some(t)),
            None => self.lex(),
        }
    }

    /// The end of the text (after skipping what it skips), for what is missing there.
    fn end(&mut self) -> Loc {
        self.skip();
        self.loc()
    }

    fn lex(&mut self) -> Lexed<'a> {
        self.skip();
        let loc = self.loc();
        let Some(c) = self.current() else {
            return Ok(None);
        };
        let token = match c {
            '[' => {
                self.bump();
                self.tag(loc)?
            }
            '{' => {
                self.bump();
                let body = self.take_while(|c| c != '}');
                if self.bump().is_none() {
                    return Err((loc, PgnProblem::UnterminatedComment));
                }
                Token::Comment(body.split_whitespace().collect::<Vec<_>>().join(" "))
            }
            '(' => {
                self.bump();
                Token::Open
            }
            ')' => {
                self.bump();
                Token::Close
            }
            '*' => {
                self.bump();
                Token::Result("*")
            }
            '.' => {
                self.take_while(|c| c == '.');
                Token::Number
            }
            '$' => {
                self.bump();
                let digits = self.take_while(|c| c.is_ascii_digit());
                let nag = digits
                    .parse()
                    .map_err(|_| (loc, PgnProblem::Annotation(format!("${digits}"))))?;
                Token::Nag(nag)
            }
            '!' | '?' => {
                let text = self.take_while(|c| c == '!' || c == '?');
                let nag = SUFFIXES.iter().find(|(s, _)| *s == text);
                Token::Nag(
                    nag.ok_or((loc, PgnProblem::Annotation(text.to_string())))?
                        .1,
                )
            }
            c if is_symbol(c) => {
                let text = self.take_while(is_symbol);
                if let Some(result) = RESULTS.iter().find(|r| **r == text) {
                    Token::Result(result)
                } else if text.bytes().all(|b| b.is_ascii_digit()) {
                    self.take_while(|c| c == '.');
                    Token::Number
                } else {
                    Token::Move(text)
                }
            }
            c => return Err((loc, PgnProblem::Character(c))),
        };
        Ok(Some((token, loc)))
    }

    /// The rest of a tag pair after its `[`, all on one line.
    fn tag(&mut self, open: Loc) -> Result<Token<'a>, (Loc, PgnProblem)> {
        let blank = |c: char| c.is_whitespace() && c != '\n';
        self.take_while(blank);
        let name = self.take_while(|c| c.is_ascii_alphanumeric() || c == '_');
        if name.is_empty() {
            return Err((self.loc(), PgnProblem::TagName));
        }
        self.take_while(blank);
        if self.current() != Some('"') {
            return Err((self.loc(), PgnProblem::TagUnquoted(name.to_string())));
        }
        self.bump();
        let mut value = String::new();
        loop {
            match self.current() {
                Some('"') => break,
                Some('\\') => {
                    self.bump();
                    match self.current() {
                        Some(c @ ('"' | '\\')) => {
                            self.bump();
                            value.push(c);
                        }
                        _ => value.push('\\'),
                    }
                }
                Some(c) if c != '\n' => {
                    self.bump();
                    value.push(c);
                }
                _ => return Err((open, PgnProblem::TagValueUnterminated(name.to_string()))),
            }
        }
        self.bump();
        self.take_while(blank);
        if self.current() != Some(']') {
            return Err((open, PgnProblem::TagUnterminated(name.to_string())));
        }
        self.bump();
        Ok(Token::Tag { name, value })
    }
}

/// Reads every game of a PGN file. `chess960` reads every game as Chess960 (castling rights
/// in the FEN tag as X-FEN or Shredder-FEN, castling as the king going to its Chess960
/// square); a game with a Chess960 `Variant` tag is read so whatever `chess960` says.
pub fn read(text: &str, chess960: bool) -> Result<Vec<PgnGame>, PgnError> {
    let mut lexer = Lexer::new(text);
    let mut games = Vec::new();
    loop {
        let number = games.len() + 1;
        let at = |(loc, problem): (Loc, PgnProblem)| PgnError {
            line: loc.line,
            column: loc.column,
            game: number,
            problem,
        };
        match read_game(&mut lexer, chess960).map_err(at)? {
            Some(game) => games.push(game),
            None => return Ok(games),
        }
    }
}

/// Reads the next game: its tags, then its movetext up to the result marker; `None` at the
/// end of the text.
fn read_game(lexer: &mut Lexer<'_>, chess960: bool) -> Result<Option<PgnGame>, (Loc, PgnProblem)> {
    let mut tags = Vec::new();
    let mut fen = None;
    let mut variant = None;
    while let Some((Token::Tag { .. }, _)) = lexer.peek()? {
        let Some((Token::Tag { name, value }, loc)) = lexer.next()? else {
            unreachable!("the token just peeked")
        };
        match name {
            "FEN" if fen.is_none() => fen = Some((value.clone(), loc)),
            "Variant" if variant.is_none() => variant = Some((value.clone(), loc)),
            _ => {}
        }
        tags.push((name.to_string(), value));
    }
    if tags.is_empty() && lexer.peek()?.is_none() {
        return Ok(None);
    }
    let start = start_position(fen, variant, chess960)?;
    let mut pos = start.clone();
    let mut moves: Vec<PgnMove> = Vec::new();
    let mut comment: Option<String> = None;
    // The `(` of each open variation, innermost last.
    let mut variations: Vec<Loc> = Vec::new();
    loop {
        let Some((token, loc)) = lexer.next()? else {
            return Err(match variations.last() {
                Some(&open) => (open, PgnProblem::UnterminatedVariation),
                None => (lexer.end(), PgnProblem::NoResult("the end of the file")),
            });
        };
        if let Some(&open) = variations.last() {
            match token {
                Token::Open => variations.push(loc),
                Token::Close => {
                    variations.pop();
                }
                Token::Tag { .. } | Token::Result(_) => {
                    return Err((open, PgnProblem::UnterminatedVariation));
                }
                _ => {}
            }
            continue;
        }
        match token {
            Token::Tag { .. } => {
                return Err((loc, PgnProblem::NoResult("the next game's tags")));
            }
            Token::Number => {}
            Token::Move(text) => {
                let mv = pos
                    .parse_san(text)
                    .map_err(|error| (loc, PgnProblem::Move(BadMove::at(&pos, text, error))))?;
                let san = pos.san(mv);
                pos.make(mv);
                moves.push(PgnMove {
                    mv,
                    san,
                    comment: None,
                    nags: Vec::new(),
                });
            }
            // A NAG before the first move annotates nothing and is dropped.
            Token::Nag(nag) => {
                if let Some(last) = moves.last_mut() {
                    last.nags.push(nag);
                }
            }
            Token::Comment(text) => {
                let slot = match moves.last_mut() {
                    Some(last) => &mut last.comment,
                    None => &mut comment,
                };
                *slot = Some(match slot.take() {
                    Some(before) => format!("{before} {text}"),
                    None => text,
                });
            }
            Token::Open => variations.push(loc),
            Token::Close => return Err((loc, PgnProblem::UnmatchedClose)),
            Token::Result(result) => {
                return Ok(Some(PgnGame {
                    tags,
                    start,
                    moves,
                    result: result.to_string(),
                    comment,
                }));
            }
        }
    }
}

/// The start a game's tags give (each with where it stands): the `FEN` tag's position or
/// the standard start, as Chess960 if `chess960` or the `Variant` tag says so.
fn start_position(
    fen: Option<(String, Loc)>,
    variant: Option<(String, Loc)>,
    mut chess960: bool,
) -> Result<Position, (Loc, PgnProblem)> {
    if let Some((name, loc)) = variant {
        let lower = name.trim().to_ascii_lowercase();
        if CHESS960_VARIANTS.contains(&lower.as_str()) {
            chess960 = true;
        } else if !STANDARD_VARIANTS.contains(&lower.as_str()) {
            return Err((loc, PgnProblem::Variant(name)));
        }
    }
    match fen {
        Some((text, loc)) => {
            Position::from_fen(&text, chess960).map_err(|e| (loc, PgnProblem::Fen(e)))
        }
        None if chess960 => Ok(Position::from_board(cozy_chess::Board::startpos(), true)),
        None => Ok(Position::start()),
    }
}

/// A game to write: borrowed, so the arena writes from its own records without copying.
#[derive(Clone, Copy, Debug)]
pub struct PgnOut<'a> {
    /// Tag pairs: the Seven Tag Roster's are written first in the roster's order whatever
    /// their order here (`Result` is always [`PgnOut::result`]), the others after them in
    /// this order.
    pub tags: &'a [(String, String)],
    /// The start position; if it is not the standard start, `SetUp` and `FEN` tags (and
    /// `Variant "Chess960"` for Chess960) are written unless `tags` has them.
    pub start: &'a Position,
    /// The moves, each in UCI or SAN (read by [`Position::parse_any`]), with its comment.
    pub moves: &'a [(String, Option<String>)],
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: &'a str,
}

/// What the writer cannot write.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum WriteError {
    /// A move that is not legal, or not UCI or SAN, or ambiguous, where it is played.
    #[error(transparent)]
    Move(BadMove),
    /// A result that is not a PGN result marker.
    #[error("'{0}' is not a result marker: 1-0, 0-1, 1/2-1/2 or *")]
    Result(String),
    /// A tag name PGN cannot hold.
    #[error("tag name '{0}': a tag name is letters, digits and '_', not empty")]
    TagName(String),
    /// A tag value with a line break (a tag pair is one line).
    #[error("tag '{0}': a tag value cannot hold a line break")]
    TagValue(String),
}

/// Writes one game in PGN export format, ending with the blank line after it (so games
/// written one after the other make a PGN file).
pub fn write(game: &PgnOut<'_>) -> Result<String, WriteError> {
    if !RESULTS.contains(&game.result) {
        return Err(WriteError::Result(game.result.to_string()));
    }
    let given = |name: &str| game.tags.iter().find(|(n, _)| n == name);
    let mut out = String::new();
    for (name, default) in SEVEN_TAG_ROSTER {
        let value = match given(name) {
            _ if name == "Result" => game.result,
            Some((_, value)) => value.as_str(),
            None => default,
        };
        write_tag(&mut out, name, value)?;
    }
    let roster = |name: &str| SEVEN_TAG_ROSTER.iter().any(|(n, _)| *n == name);
    for (name, value) in game.tags.iter().filter(|(n, _)| !roster(n)) {
        write_tag(&mut out, name, value)?;
    }
    let start = game.start;
    if *start != Position::start() {
        if start.chess960() && given("Variant").is_none() {
            write_tag(&mut out, "Variant", "Chess960")?;
        }
        if given("SetUp").is_none() {
            write_tag(&mut out, "SetUp", "1")?;
        }
        if given("FEN").is_none() {
            write_tag(&mut out, "FEN", &start.fen())?;
        }
    }
    out.push('\n');

    let mut tokens = Vec::new();
    let mut pos = start.clone();
    // A Black move is numbered (`12...`) first in the movetext and after a comment.
    let mut number_black = true;
    for (text, comment) in game.moves {
        let number = pos.board().fullmove_number();
        let black = pos.board().side_to_move() == Color::Black;
        let mv = pos
            .parse_any(text)
            .map_err(|error| WriteError::Move(BadMove::at(&pos, text, error)))?;
        if !black || number_black {
            tokens.push(format!("{number}{}", dots(black)));
        }
        tokens.push(pos.san(mv));
        pos.make(mv);
        number_black = comment.is_some();
        if let Some(comment) = comment {
            comment_tokens(comment, &mut tokens);
        }
    }
    tokens.push(game.result.to_string());
    wrap(&tokens, &mut out);
    out.push('\n');
    Ok(out)
}

/// Writes `[name "value"]` and a line break, escaping `\` and `"`.
fn write_tag(out: &mut String, name: &str, value: &str) -> Result<(), WriteError> {
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return Err(WriteError::TagName(name.to_string()));
    }
    if value.contains(['\n', '\r']) {
        return Err(WriteError::TagValue(name.to_string()));
    }
    let value = value.replace('\\', "\\\\").replace('"', "\\\"");
    out.push_str(&format!("[{name} \"{value}\"]\n"));
    Ok(())
}

/// A comment as movetext tokens, one per word, so that a long one wraps at its spaces. A
/// `}` would end the comment early and is left out; whitespace runs become one space (as
/// the reader reads them).
fn comment_tokens(comment: &str, tokens: &mut Vec<String>) {
    let clean = comment.replace('}', "");
    let words: Vec<&str> = clean.split_whitespace().collect();
    match words[..] {
        [] => tokens.push("{}".to_string()),
        [word] => tokens.push(format!("{{{word}}}")),
        [first, ref middle @ .., last] => {
            tokens.push(format!("{{{first}"));
            tokens.extend(middle.iter().map(|w| w.to_string()));
            tokens.push(format!("{last}}}"));
        }
    }
}

/// Joins tokens with spaces into lines of at most [`MAX_LINE`] characters (a token longer
/// than that alone on its line), each ending with a line break.
fn wrap(tokens: &[String], out: &mut String) {
    let mut width = 0;
    for token in tokens {
        let len = token.chars().count();
        if width > 0 && width + 1 + len > MAX_LINE {
            out.push('\n');
            width = 0;
        }
        if width > 0 {
            out.push(' ');
            width += 1;
        }
        out.push_str(token);
        width += len;
    }
    out.push('\n');
}
