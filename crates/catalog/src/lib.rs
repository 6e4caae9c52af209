//! THE registry: [`GAMES`] holds one row per game, the only place a game is registered.
//! A row names its game and its parameters (`rolit(players=3)`, with the old names such as
//! `rolit3` kept as aliases) and binds the game's type to the typed tools (perft, divide,
//! show, bench, positions as [`DynGame`]) and to its engines (every game has `random`;
//! its own come from its folder's engine list), so that nothing above the catalog names a
//! game's type.
//!
//! Adding a game is one row in [`GAMES`] (the game implements `Notation`, `Hashed` and
//! `Describe` in its own folder) and one Cargo line; adding an engine is one entry in its
//! game's engine list.
//!
//! ```
//! use olympiad_catalog::{find_game, Options, ThinkTime};
//!
//! let caissa = find_game("caissa").unwrap();
//! let mut game = caissa.start();
//! assert_eq!(game.legal_moves().len(), 26);
//! game.play("b2-c4").unwrap();
//! assert!(game.play("b2-c4").is_err());
//!
//! // A variant by its parameters or by its old name: the same interned entry.
//! let three = find_game("rolit(players=3)").unwrap();
//! assert!(std::ptr::eq(three, find_game("rolit3").unwrap()));
//! assert_eq!((three.name, three.players), ("rolit3", 3));
//!
//! let options = Options::parse("seed=7").unwrap();
//! let mut random = caissa.engine("random", &options, 0).unwrap();
//! let mv = random.choose(&*game, &ThinkTime::default());
//! assert!(game.legal_moves().contains(&mv));
//! ```

mod dyngame;
mod engines;
mod files;
mod served;
mod tools;
mod units;

pub use dyngame::{DynGame, PlayError, TextGame};
pub use engines::{Adapter, Decision, Engine, Thought};
pub use files::{
    Ending, GameFiles, Opening, ReadOpenings, RecordMove, RecordText, WriteOpening, WriteRecord,
};
pub use olympiad_search::engine::{Options, Source, ThinkTime};
pub use served::{EngineThinker, Mover, Served};
pub use tools::{
    BenchOptions, BenchPhase, BenchReport, PerftOptions, PerftReport, Setup, ShowReport, Tools,
    Typed,
};
pub use units::{PerftUnit, PerftUnits, UnitCounter, UnitOptions};

/// The checkers endgame databases (build, probe, statistics) for `olympiad egdb`: the CLI
/// reaches game crates only through the catalog.
pub use olympiad_checkers::egdb as checkers_egdb;

use std::sync::Mutex;
use thiserror::Error;

/// A parameter of a game row: a value in a range, stored as a whole number whatever its
/// kind (half points as their count, a choice as its index), so that rows build their
/// games from plain numbers.
#[derive(Debug)]
pub struct Param {
    /// Its name in `game(name=value)`.
    pub name: &'static str,
    /// What it sets.
    pub about: &'static str,
    /// The value when it is not given.
    pub default: u32,
    /// The smallest value allowed.
    pub min: u32,
    /// The largest value allowed.
    pub max: u32,
    /// How the value is written.
    pub kind: ParamKind,
}

/// How a parameter's value is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParamKind {
    /// A whole number (`players=3`).
    Whole,
    /// A whole or half number, stored as half points (`komi=7.5` is 15, `komi=6` is 12).
    Halves,
    /// One of these names, stored as its index (`rule=icga` is 1 of `superko|icga`).
    Choice(&'static [&'static str]),
}

impl Param {
    /// The value as it is written in a variant's name (`3`, `7.5`, `icga`).
    pub fn value_text(&self, value: u32) -> String {
        match self.kind {
            ParamKind::Whole => value.to_string(),
            ParamKind::Halves if value % 2 == 1 => format!("{}.5", value / 2),
            ParamKind::Halves => (value / 2).to_string(),
            ParamKind::Choice(names) => names
                .get(value as usize)
                .map_or_else(|| value.to_string(), |n| n.to_string()),
        }
    }

    /// Reads a written value (lower case) within the range; `None` if it is not one.
    pub fn parse_value(&self, text: &str) -> Option<u32> {
        let value = match self.kind {
            ParamKind::Whole => text.parse::<u32>().ok()?,
            ParamKind::Halves => {
                let (whole, fraction) = text.split_once('.').unwrap_or((text, "0"));
                if whole.is_empty() || !whole.bytes().all(|b| b.is_ascii_digit()) {
                    return None;
                }
                let half = match fraction {
                    "0" => 0,
                    "5" => 1,
                    _ => return None,
                };
                whole
                    .parse::<u32>()
                    .ok()?
                    .checked_mul(2)?
                    .checked_add(half)?
            }
            ParamKind::Choice(names) => names.iter().position(|n| *n == text)? as u32,
        };
        (self.min..=self.max).contains(&value).then_some(value)
    }

    /// The values allowed, as lists show them (`2..4`, `0..361 by halves`, `superko|icga`).
    pub fn range_text(&self) -> String {
        match self.kind {
            ParamKind::Choice(names) => names.join("|"),
            ParamKind::Whole => format!("{}..{}", self.min, self.max),
            ParamKind::Halves => format!(
                "{}..{} by halves",
                self.value_text(self.min),
                self.value_text(self.max)
            ),
        }
    }

    /// What a value must be, for errors.
    fn expected(&self) -> String {
        match self.kind {
            ParamKind::Whole => {
                format!("expected a whole number from {} to {}", self.min, self.max)
            }
            ParamKind::Halves => format!(
                "expected a whole or half number (such as 7.5) from {} to {}",
                self.value_text(self.min),
                self.value_text(self.max)
            ),
            ParamKind::Choice(names) => format!("expected one of {}", names.join(", ")),
        }
    }
}

/// Another name for a variant of a row, kept so that old names go on working.
#[derive(Debug)]
pub struct Alias {
    /// The name (`rolit3`).
    pub name: &'static str,
    /// The row's parameter values it stands for, in the row's order.
    pub values: &'static [u32],
    /// One line about the variant.
    pub summary: &'static str,
}

/// A game's opening book, rebuilt by deep searches (`olympiad book GAME`).
#[derive(Debug)]
pub struct BookTool {
    /// Where the book lives in the workspace (it is compiled in).
    pub path: &'static str,
    /// Rebuilds it `plies` deep with `time` per position, telling `progress` as it goes;
    /// returns the number of entries and the file's text.
    pub rebuild: RebuildBook,
}

/// Rebuilds a book: plies, time per position, progress lines; entries and the file's text.
pub type RebuildBook = fn(usize, std::time::Duration, &mut dyn FnMut(&str)) -> (usize, String);

/// One row of the game table: a game and its parameters.
#[derive(Debug)]
pub struct GameRow {
    /// The name used on the command line.
    pub name: &'static str,
    /// One line about the game.
    pub summary: &'static str,
    /// Its parameters, in order (none for most games).
    pub params: &'static [Param],
    /// Old or short names of some variants.
    pub aliases: &'static [Alias],
    /// The protocols its programs speak, the usual one first (`cmd:` programs speak it,
    /// and `olympiad play` serves it by default).
    pub protocols: &'static [&'static str],
    /// The engine `olympiad play` uses unless told otherwise.
    pub engine: &'static str,
    /// The game's opening book, if it has one to rebuild.
    pub book: Option<BookTool>,
    /// The files its community keeps openings and games in, if it has such formats.
    pub files: Option<&'static GameFiles>,
    /// The variant the engine protocols must be told of for these parameter values
    /// (`chess960`: UCI's `UCI_Chess960`, CECP's `variant fischerandom`); `None`: the
    /// protocols' default game.
    pub protocol_variant: fn(&[u32]) -> Option<&'static str>,
    /// The typed tools of the variant with these parameter values (already checked against
    /// the ranges of `params`).
    pub build: fn(&[u32]) -> Box<dyn Tools>,
}

/// Every game, in the order lists show them.
pub static GAMES: &[GameRow] = &[
    GameRow {
        name: "caissa",
        summary: "Caïssa, the CodeCup 2003 game: chess-like, 7x7 tiles that sink away",
        params: &[],
        aliases: &[],
        protocols: &["codecup"],
        engine: "caissa",
        book: Some(BookTool {
            path: "games/caissa/data/book.txt",
            rebuild: olympiad_caissa::engine::book::rebuild,
        }),
        files: None,
        protocol_variant: |_| None,
        build: |_| {
            Box::new(
                Typed::new(olympiad_caissa::Position::start())
                    .with_engines(&olympiad_caissa::engine::ENGINES),
            )
        },
    },
    GameRow {
        name: "rolit",
        summary: "Rolit, the Caia example game: Othello for four, balls turn to the encloser",
        params: &[Param {
            name: "players",
            about: "seats at the table; the colours nobody plays stay on the board, neutral",
            default: 4,
            min: 2,
            max: 4,
            kind: ParamKind::Whole,
        }],
        aliases: &[
            Alias {
                name: "rolit3",
                values: &[3],
                summary: "Rolit for three players (the fourth colour neutral)",
            },
            Alias {
                name: "rolit2",
                values: &[2],
                summary: "Rolit for two players (two neutral colours)",
            },
        ],
        protocols: &["caia", "codecup"],
        engine: "mcts",
        book: None,
        files: None,
        protocol_variant: |_| None,
        build: |v| {
            Box::new(
                Typed::new(olympiad_rolit::Position::start_with(v[0] as usize))
                    .with_engines(&olympiad_rolit::engine::ENGINES),
            )
        },
    },
    GameRow {
        name: "checkers",
        summary: "8x8 checkers (English draughts): compulsory captures, PDN notation",
        params: &[],
        aliases: &[],
        protocols: &["codecup", "hub"],
        engine: olympiad_checkers::engine::NAME,
        book: None,
        files: None,
        protocol_variant: |_| None,
        build: |_| {
            Box::new(
                Typed::new(olympiad_checkers::Position::start())
                    .with_engines(&olympiad_checkers::ENGINES),
            )
        },
    },
    GameRow {
        name: "reversi",
        summary: "8x8 reversi (Othello): passes are moves, most discs wins",
        params: &[],
        aliases: &[],
        protocols: &["codecup"],
        engine: "random",
        book: None,
        files: None,
        protocol_variant: |_| None,
        build: |_| Box::new(Typed::new(olympiad_reversi::Position::start())),
    },
    GameRow {
        name: "clobber",
        summary: "Clobber (Computer Olympiad, 10x10): capture onto a neighbour; no move loses",
        params: &[
            Param {
                name: "rows",
                about: "rows of the board, numbered from 1",
                default: 10,
                min: 1,
                max: olympiad_clobber::MAX_SIDE as u32,
                kind: ParamKind::Whole,
            },
            Param {
                name: "columns",
                about: "columns of the board, lettered from a",
                default: 10,
                min: 1,
                max: olympiad_clobber::MAX_SIDE as u32,
                kind: ParamKind::Whole,
            },
        ],
        aliases: &[],
        protocols: &["gtp", "codecup"],
        engine: "alphabeta",
        book: None,
        files: None,
        protocol_variant: |_| None,
        build: |v| {
            let start = olympiad_clobber::Position::start(v[0] as usize, v[1] as usize);
            let start = start.expect("sizes checked against the ranges");
            Box::new(Typed::new(start).with_engines(&olympiad_clobber::ENGINES))
        },
    },
    GameRow {
        name: "loa",
        summary: "Lines of Action (Computer Olympiad): move as far as the line has pieces; join all yours",
        params: &[Param {
            name: "size",
            about: "squares on a side: 8, the only board the rules define (GTP's boardsize)",
            default: 8,
            min: 8,
            max: 8,
            kind: ParamKind::Whole,
        }],
        aliases: &[],
        protocols: &["gtp", "codecup"],
        engine: "alphabeta",
        book: None,
        files: Some(&files::LOA),
        protocol_variant: |_| None,
        build: |_| {
            Box::new(
                Typed::new(olympiad_loa::Position::start()).with_engines(&olympiad_loa::ENGINES),
            )
        },
    },
    GameRow {
        name: "chess",
        summary: "chess by the FIDE Laws, draws adjudicated as cutechess does; chess960=1 castles as Chess960",
        params: &[Param {
            name: "chess960",
            about: "1: Chess960 castling (king takes rook in UCI, Shredder-FEN); the start is the standard array, other arrays come as Shredder-FEN positions",
            default: 0,
            min: 0,
            max: 1,
            kind: ParamKind::Whole,
        }],
        aliases: &[Alias {
            name: "chess960",
            values: &[1],
            summary: "Chess960 rules from the standard array (Scharnagl 518); other starts as Shredder-FEN",
        }],
        protocols: &["uci", "cecp", "codecup"],
        engine: "jumper",
        book: None,
        files: Some(&files::CHESS),
        protocol_variant: |v| (v[0] == 1).then_some(olympiad_protocol::CHESS960),
        build: |v| {
            let start = if v[0] == 1 {
                olympiad_chess::Position::start960(olympiad_chess::STANDARD_ARRAY)
            } else {
                olympiad_chess::Position::start()
            };
            Box::new(Typed::new(start).with_engines(&olympiad_chess::ENGINES))
        },
    },
    GameRow {
        name: "go",
        summary: "Go (Computer Olympiad): area scoring as Tromp-Taylor, komi to White, GTP coordinates",
        params: &[
            Param {
                name: "size",
                about: "points on a side (9, 13 and 19 are played)",
                default: 9,
                min: 2,
                max: olympiad_go::MAX_SIZE as u32,
                kind: ParamKind::Whole,
            },
            Param {
                name: "komi",
                about: "points White adds to its area",
                default: olympiad_go::DEFAULT_KOMI_HALVES as u32,
                min: 0,
                max: 2 * olympiad_go::MAX_POINTS as u32,
                kind: ParamKind::Halves,
            },
            Param {
                name: "rule",
                about: "repetition: superko (positional) or icga (simple ko; a long cycle draws)",
                default: 0,
                min: 0,
                max: 1,
                kind: ParamKind::Choice(&["superko", "icga"]),
            },
        ],
        aliases: &[],
        protocols: &["gtp", "codecup"],
        engine: olympiad_go::engine::NAME,
        book: None,
        files: Some(&files::GO),
        protocol_variant: |_| None,
        build: |v| {
            let rule = olympiad_go::Repetition::ALL[v[2] as usize];
            let start = olympiad_go::Position::new(v[0] as usize, v[1] as i16, rule);
            let start = start.expect("size and komi checked against the ranges");
            Box::new(Typed::new(start).with_engines(&olympiad_go::ENGINES))
        },
    },
    GameRow {
        name: "hex",
        summary: "Hex (Computer Olympiad, 11x11): join your two edges; the swap after the first stone",
        params: &[
            Param {
                name: "size",
                about: "cells on a side (11 is the Olympiad's)",
                default: 11,
                min: 1,
                max: olympiad_hex::MAX_SIZE as u32,
                kind: ParamKind::Whole,
            },
            Param {
                name: "swap",
                about: "whether the second move may be the swap (the Olympiad's rule 3)",
                default: 0,
                min: 0,
                max: 1,
                kind: ParamKind::Choice(&["on", "off"]),
            },
        ],
        aliases: &[],
        protocols: &["htp", "codecup"],
        engine: olympiad_hex::engine::NAME,
        book: None,
        files: Some(&files::HEX),
        protocol_variant: |_| None,
        build: |v| {
            let start = olympiad_hex::Position::new(v[0] as usize, v[1] == 0);
            let start = start.expect("the size checked against the range");
            Box::new(Typed::new(start).with_engines(&olympiad_hex::ENGINES))
        },
    },
    GameRow {
        name: "connect6",
        summary: "Connect6 (Computer Olympiad, 19x19): one stone, then two a turn; six in a row win",
        params: &[Param {
            name: "size",
            about: "points on a side (19 is the Olympiad's)",
            default: 19,
            min: 1,
            max: olympiad_connect6::MAX_SIZE as u32,
            kind: ParamKind::Whole,
        }],
        aliases: &[],
        protocols: &["connect6", "codecup"],
        engine: olympiad_connect6::engine::NAME,
        book: None,
        files: Some(&files::CONNECT6),
        protocol_variant: |_| None,
        build: |v| {
            let start = olympiad_connect6::Position::new(v[0] as usize);
            let start = start.expect("the size checked against the range");
            Box::new(Typed::new(start).with_engines(&olympiad_connect6::ENGINES))
        },
    },
    GameRow {
        name: "draughts",
        summary: "international draughts (10x10, FMJD rules): flying kings, the longest capture, PDN notation",
        params: &[Param {
            name: "draws",
            about: "the draw rules of FMJD article 8 (threefold, 25 moves of kings, the 16- and 5-move endings); off is perft's convention",
            default: 0,
            min: 0,
            max: 1,
            kind: ParamKind::Choice(&["on", "off"]),
        }],
        aliases: &[],
        protocols: &["hub", "dxp", "codecup"],
        engine: olympiad_draughts::engine::NAME,
        book: None,
        files: None,
        protocol_variant: |_| None,
        build: |v| {
            Box::new(
                Typed::new(olympiad_draughts::Position::start_with(v[0] == 0))
                    .with_engines(&olympiad_draughts::ENGINES),
            )
        },
    },
];

/// A game with its parameters fixed: what every tool above the catalog holds. Entries are
/// interned (one per variant, living as long as the program), so they are shared as
/// `&'static GameEntry`.
pub struct GameEntry {
    /// The variant's name: the row's name with default parameters, an alias when one
    /// stands for these values, else `row(name=value,...)`.
    pub name: &'static str,
    /// One line about the variant.
    pub summary: &'static str,
    /// Seats at the table.
    pub players: usize,
    /// The row it comes from.
    pub row: &'static GameRow,
    /// The parameter values, in the row's order.
    pub values: Vec<u32>,
    tools: Box<dyn Tools>,
}

impl std::fmt::Debug for GameEntry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GameEntry")
            .field("name", &self.name)
            .field("players", &self.players)
            .field("values", &self.values)
            .finish()
    }
}

impl GameEntry {
    /// The start position.
    pub fn start(&self) -> Box<dyn DynGame> {
        self.tools.start(self.name)
    }

    /// A position from its text.
    pub fn from_text(&self, text: &str) -> Result<Box<dyn DynGame>, CatalogError> {
        self.tools.position(self.name, text)
    }

    /// Reads the opening file `path` in one of the game's own formats (by its extension);
    /// `None` when the game has no format of that extension. Errors name the file.
    pub fn read_opening_file(
        &self,
        path: &std::path::Path,
    ) -> Option<Result<Vec<Opening>, String>> {
        let extension = path.extension()?.to_str()?;
        let read = self.row.files?.opening_reader(extension)?;
        let name = path.display();
        Some(
            std::fs::read_to_string(path)
                .map_err(|e| format!("{name}: {e}"))
                .and_then(|text| read(&self.values, &text).map_err(|e| format!("{name}: {e}"))),
        )
    }

    /// Every parameter's name and value as written (`("size", "9")`, `("komi", "7.5")`),
    /// defaults included, in the row's order: what a protocol tells an engine (GTP's
    /// `boardsize` and `komi`).
    pub fn parameters(&self) -> Vec<(&'static str, String)> {
        self.row
            .params
            .iter()
            .zip(&self.values)
            .map(|(p, &v)| (p.name, p.value_text(v)))
            .collect()
    }

    /// The variant engine protocols must be told of (`chess960`), if any.
    pub fn protocol_variant(&self) -> Option<&'static str> {
        (self.row.protocol_variant)(&self.values)
    }

    /// The extension of the game's record format (`pgn`), if it has one.
    pub fn record_extension(&self) -> Option<&'static str> {
        self.row.files.map(|f| f.record_extension)
    }

    /// A finished game in the game's record format; `None` when it has none.
    pub fn write_record(&self, record: &RecordText<'_>) -> Option<Result<String, String>> {
        self.row
            .files
            .map(|f| (f.write_record)(&self.values, record))
    }

    /// The typed tools (perft, show, bench).
    pub fn tools(&self) -> &dyn Tools {
        &*self.tools
    }

    /// The built-in engines of this game: name and one line each, `random` first.
    pub fn engines(&self) -> Vec<(&'static str, &'static str)> {
        self.tools.engines()
    }

    /// The built-in engine `name` (case-insensitive) set up by `options`, for game number
    /// `game_index` of a match (seeded engines vary by game).
    pub fn engine(
        &self,
        name: &str,
        options: &Options,
        game_index: u64,
    ) -> Result<Box<dyn Engine>, CatalogError> {
        self.tools
            .engine(name, options, game_index)
            .map_err(|e| match e {
                CatalogError::UnknownEngine { name, known, .. } => CatalogError::UnknownEngine {
                    name,
                    game: self.name.to_string(),
                    known,
                },
                other => other,
            })
    }
}

/// What the catalog could not find or build.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum CatalogError {
    /// No game of that name.
    #[error("unknown game '{name}' (known: {known})")]
    UnknownGame {
        /// The name asked for.
        name: String,
        /// The known names, comma-separated.
        known: String,
    },
    /// No engine of that name for the game.
    #[error("unknown engine '{name}' for {game} (known: {known})")]
    UnknownEngine {
        /// The name asked for.
        name: String,
        /// The game.
        game: String,
        /// The known names, comma-separated.
        known: String,
    },
    /// A bad `key=value` option list, or a key the engine does not take.
    #[error("{0}")]
    Option(String),
    /// A bad position text.
    #[error("bad position: {0}")]
    Position(String),
    /// A bad move in a list of moves to play.
    #[error("bad moves: {0}")]
    Moves(String),
    /// A game name with bad parameters (`rolit(players=5)`).
    #[error("{0}")]
    Param(String),
}

/// Every variant asked for so far (see [`GameEntry`]).
static VARIANTS: Mutex<Vec<&'static GameEntry>> = Mutex::new(Vec::new());

/// Every name a game can be asked for by: the rows, then their aliases.
fn known_names() -> String {
    let rows = GAMES.iter().map(|g| g.name);
    let aliases = GAMES.iter().flat_map(|g| g.aliases.iter().map(|a| a.name));
    rows.chain(aliases).collect::<Vec<_>>().join(", ")
}

/// Reads `row(name=value,...)`, `row` or an alias into a row and its parameter values.
fn parse_name(text: &str) -> Result<(&'static GameRow, Vec<u32>), CatalogError> {
    let unknown = || CatalogError::UnknownGame {
        name: text.to_string(),
        known: known_names(),
    };
    let lower = text.trim().to_ascii_lowercase();
    for row in GAMES {
        if let Some(alias) = row.aliases.iter().find(|a| a.name == lower) {
            return Ok((row, alias.values.to_vec()));
        }
    }
    let (base, args) = match lower.split_once('(') {
        Some((base, rest)) => {
            let args = rest.strip_suffix(')').ok_or_else(|| {
                CatalogError::Param(format!("game '{text}': parameters end with ')'"))
            })?;
            (base.trim(), Some(args))
        }
        None => (lower.as_str(), None),
    };
    let row = GAMES.iter().find(|g| g.name == base).ok_or_else(unknown)?;
    let mut values: Vec<u32> = row.params.iter().map(|p| p.default).collect();
    let mut given = vec![false; values.len()];
    for item in args.unwrap_or("").split(',').map(str::trim) {
        if item.is_empty() {
            continue;
        }
        let list = || {
            if row.params.is_empty() {
                format!("game '{}' has no parameters", row.name)
            } else {
                let names: Vec<String> = row
                    .params
                    .iter()
                    .map(|p| format!("{}={} ({})", p.name, p.range_text(), p.about))
                    .collect();
                format!("parameters of {}: {}", row.name, names.join("; "))
            }
        };
        let (key, value) = item.split_once('=').ok_or_else(|| {
            CatalogError::Param(format!(
                "game '{text}': '{item}' is not name=value ({})",
                list()
            ))
        })?;
        let (key, value) = (key.trim(), value.trim());
        let index = row
            .params
            .iter()
            .position(|p| p.name == key)
            .ok_or_else(|| {
                CatalogError::Param(format!("game '{text}': no parameter '{key}' ({})", list()))
            })?;
        if given[index] {
            return Err(CatalogError::Param(format!(
                "game '{text}': '{key}' given twice"
            )));
        }
        let param = &row.params[index];
        let number = param.parse_value(value).ok_or_else(|| {
            CatalogError::Param(format!(
                "game '{text}': {key}={value}: {}",
                param.expected()
            ))
        })?;
        values[index] = number;
        given[index] = true;
    }
    Ok((row, values))
}

/// The variant's name: see [`GameEntry::name`].
fn variant_name(row: &GameRow, values: &[u32]) -> (String, &'static str) {
    if row.params.iter().zip(values).all(|(p, &v)| p.default == v) {
        return (row.name.to_string(), row.summary);
    }
    if let Some(alias) = row.aliases.iter().find(|a| a.values == values) {
        return (alias.name.to_string(), alias.summary);
    }
    let args: Vec<String> = row
        .params
        .iter()
        .zip(values)
        .filter(|(p, v)| p.default != **v)
        .map(|(p, &v)| format!("{}={}", p.name, p.value_text(v)))
        .collect();
    (format!("{}({})", row.name, args.join(",")), row.summary)
}

/// The game named `name` (case-insensitive): a row's name, with parameters in parentheses
/// if any (`rolit(players=3)`), or an alias (`rolit3`).
pub fn find_game(name: &str) -> Result<&'static GameEntry, CatalogError> {
    let (row, values) = parse_name(name)?;
    let (name, summary) = variant_name(row, &values);
    let mut variants = VARIANTS.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(entry) = variants.iter().find(|v| v.name == name) {
        return Ok(entry);
    }
    let tools = (row.build)(&values);
    let entry: &'static GameEntry = Box::leak(Box::new(GameEntry {
        name: Box::leak(name.into_boxed_str()),
        summary,
        players: tools.players(),
        row,
        values,
        tools,
    }));
    variants.push(entry);
    Ok(entry)
}

/// Every game once, with default parameters, in the order of [`GAMES`].
pub fn default_games() -> Vec<&'static GameEntry> {
    GAMES
        .iter()
        .map(|row| find_game(row.name).expect("a row's own name"))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_plays_random_games_as_text() {
        // Every row as it comes, and every variant with an old name.
        let aliases = GAMES
            .iter()
            .flat_map(|row| row.aliases.iter().map(|a| a.name));
        let variants: Vec<&str> = GAMES.iter().map(|row| row.name).chain(aliases).collect();
        assert!(variants.len() >= 6, "{variants:?}");
        for entry in variants.iter().map(|name| find_game(name).unwrap()) {
            let mut rng = olympiad_core::SplitMix64::new(1);
            for _ in 0..20 {
                let mut g = entry.start();
                assert_eq!(g.num_players(), entry.players);
                let mut last = String::new();
                while g.outcome().is_none() {
                    let moves = g.legal_moves();
                    assert!(!moves.is_empty());
                    let text = g.position_text();
                    let again = entry.from_text(&text).unwrap();
                    assert_eq!(again.position_text(), text);
                    last = moves[rng.below(moves.len())].clone();
                    g.play(&last).unwrap();
                }
                assert!(g.legal_moves().is_empty());
                // A well-formed move after the end is refused as such.
                assert!(matches!(g.play(&last), Err(PlayError::GameOver(_))));
            }
        }
    }

    #[test]
    fn unknown_names_list_the_known_ones() {
        assert_eq!(find_game("CAISSA").unwrap().name, "caissa");
        let e = find_game("tafl").unwrap_err().to_string();
        assert!(
            e.starts_with("unknown game 'tafl' (known: caissa, rolit, checkers, reversi, "),
            "{e}"
        );
        // Every row's name, then the aliases.
        for row in GAMES {
            assert!(e.contains(&format!(" {},", row.name)), "{e}");
        }
        assert!(e.ends_with(", rolit3, rolit2, chess960)"), "{e}");
        let bad = |name: &str| find_game(name).unwrap_err().to_string();
        assert_eq!(
            bad("rolit(players=5)"),
            "game 'rolit(players=5)': players=5: expected a whole number from 2 to 4"
        );
        assert!(bad("rolit(seats=3)").contains("no parameter 'seats'"));
        assert!(bad("caissa(size=9)").contains("game 'caissa' has no parameters"));
        assert!(bad("rolit(players=3").contains("end with ')'"));
        assert!(bad("rolit(players=3,players=2)").contains("given twice"));
    }

    #[test]
    fn variants_are_named_by_alias_or_parameters_and_interned() {
        let four = find_game("Rolit(players=4)").unwrap();
        assert!(std::ptr::eq(four, find_game("rolit").unwrap()));
        assert_eq!(four.name, "rolit");
        let two = find_game("rolit( players = 2 )").unwrap();
        assert_eq!((two.name, two.players), ("rolit2", 2));
        assert_eq!(two.start().num_players(), 2);
        assert_eq!(two.start().name(), "rolit2");
    }
    #[test]
    fn half_point_and_choice_parameters_read_print_and_refuse() {
        let go = find_game("go").unwrap();
        assert_eq!(go.name, "go");
        let defaults = [("size", "9"), ("komi", "7.5"), ("rule", "superko")];
        let expect = |list: &[(&'static str, &str)]| -> Vec<(&'static str, String)> {
            list.iter().map(|&(k, v)| (k, v.to_string())).collect()
        };
        assert_eq!(go.parameters(), expect(&defaults));
        assert!(std::ptr::eq(
            go,
            find_game("go(size=9,komi=7.5,rule=superko)").unwrap()
        ));
        let v = find_game("GO(komi=6.5, size=13)").unwrap();
        assert_eq!(v.name, "go(size=13,komi=6.5)");
        assert_eq!(v.values, [13, 13, 0]);
        assert_eq!(
            v.parameters(),
            expect(&[("size", "13"), ("komi", "6.5"), ("rule", "superko")])
        );
        let w = find_game("go(komi=7,rule=icga)").unwrap();
        assert_eq!(w.name, "go(komi=7,rule=icga)");
        assert_eq!(w.values, [9, 14, 1]);
        assert!(std::ptr::eq(
            w,
            find_game("go(komi=7.0,rule=icga)").unwrap()
        ));
        // The variant's start position carries its komi and rule.
        assert!(
            w.start().position_text().ends_with(" 7 icga"),
            "{}",
            w.start().position_text()
        );
        let bad = |name: &str| find_game(name).unwrap_err().to_string();
        assert_eq!(
            bad("go(komi=7.25)"),
            "game 'go(komi=7.25)': komi=7.25: expected a whole or half number (such as 7.5) from 0 to 361"
        );
        assert!(bad("go(komi=-1)").contains("from 0 to 361"));
        assert!(bad("go(komi=.5)").contains("half number"));
        assert_eq!(
            bad("go(rule=japanese)"),
            "game 'go(rule=japanese)': rule=japanese: expected one of superko, icga"
        );
        assert!(bad("go(size=20)").contains("expected a whole number from 2 to 19"));
        assert!(bad("go(handicap=2)").contains(
            "parameters of go: size=2..19 (points on a side (9, 13 and 19 are played)); \
             komi=0..361 by halves (points White adds to its area); rule=superko|icga"
        ));
    }
}
