//! What every game's SGF reader and writer share, still without knowing a game: an error
//! naming the game of a collection and the property at fault, the games of a collection read
//! one by one, the `GM` check, a record's root (format, game, application, board, players,
//! date, event, round), how a game ended as `RE` writes it, and an opening entry (setup
//! stones with notes in `C`).

use crate::{GameTree, Location, Node, SgfError, read, write};
use thiserror::Error;

/// Why an SGF text is not a game of the kind asked for.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum GameError {
    /// Not SGF at all.
    #[error(transparent)]
    Syntax(#[from] SgfError),
    /// SGF, but not a game of this kind: where, which game (from 1), what.
    #[error("line {}, column {}: game {game}: {problem}", at.line, at.column)]
    Game {
        /// The property or node at fault.
        at: Location,
        /// The game's number in the file, from 1.
        game: usize,
        /// What is wrong.
        problem: String,
    },
}

/// Reads every game tree of `text` with `read_game` (given the tree and its number from 1).
pub fn read_games<T>(
    text: &str,
    read_game: impl Fn(&GameTree, usize) -> Result<T, GameError>,
) -> Result<Vec<T>, GameError> {
    read(text)?
        .iter()
        .enumerate()
        .map(|(i, tree)| read_game(tree, i + 1))
        .collect()
}

/// Checks a root's `GM`, when it has one, against the game's number (`1` Go, `11` Hex);
/// the error names the game by `name`.
pub fn check_game(root: &Node, number: &str, name: &str) -> Result<(), (Location, String)> {
    match root.property("GM") {
        Some(p) if p.values[0].trim() != number => Err((
            p.at,
            format!("GM[{}] is not {name} (GM[{number}])", p.values[0]),
        )),
        _ => Ok(()),
    }
}

/// How a game ended, for the result: SGF's `RE` forms.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// By the rules: the final board decided (Go: its score gives the margin; Hex: a
    /// joined chain, no margin).
    Score,
    /// The loser resigned (`B+R`).
    Resignation,
    /// The loser's time ran out (`B+T`).
    Time,
    /// The loser forfeited: a rule or protocol broken, a crash (`B+F`).
    Forfeit,
    /// The referee decided without a score (`B+`).
    Decided,
    /// No result (`Void`).
    Unfinished,
}

impl End {
    /// `RE`'s text: `Void` without a result (`winner` `None`) or an unfinished game, `0` for
    /// a draw (`Some(None)`), else the winner's letter (`B`, `W`), `+` and what follows:
    /// `margin` for a game ended by the score (empty when there is none), `R`, `T`, `F`,
    /// nothing for a decided game.
    pub fn result(self, winner: Option<Option<&str>>, margin: &str) -> String {
        let Some(winner) = winner else {
            return "Void".into();
        };
        let Some(side) = winner else {
            return "0".into();
        };
        let how = match self {
            End::Score => margin,
            End::Decided => "",
            End::Resignation => "R",
            End::Time => "T",
            End::Forfeit => "F",
            End::Unfinished => return "Void".into(),
        };
        format!("{side}+{how}")
    }
}

/// The facts of a record's root that every game writes.
#[derive(Clone, Debug)]
pub struct Header<'a> {
    /// SGF's number of the game (`1` Go, `11` Hex).
    pub game: &'a str,
    /// The board's side.
    pub size: usize,
    /// The first and second colour's players (`PB`, `PW`).
    pub players: [&'a str; 2],
    /// The date the game was played, `YYYY-MM-DD`.
    pub date: Option<&'a str>,
    /// The event's name.
    pub event: Option<&'a str>,
    /// The round.
    pub round: Option<&'a str>,
}

/// A record's root: `FF[4]`, `GM`, `CA[UTF-8]`, `AP` (this program), `SZ`, then
/// `extra` (a game's own properties, as `KM` and `RU`), `PB`, `PW`, and `DT`, `EV`, `RO`
/// when known.
pub fn record_root(header: &Header<'_>, extra: &[(&str, String)]) -> Node {
    let mut root = Node::default()
        .with("FF", "4")
        .with("GM", header.game)
        .with("CA", "UTF-8")
        .with("AP", format!("olympiad:{}", env!("CARGO_PKG_VERSION")))
        .with("SZ", header.size.to_string());
    for (ident, value) in extra {
        root = root.with(ident, value.clone());
    }
    root = root
        .with("PB", header.players[0])
        .with("PW", header.players[1]);
    for (ident, value) in [
        ("DT", header.date),
        ("EV", header.event),
        ("RO", header.round),
    ] {
        if let Some(value) = value {
            root = root.with(ident, value);
        }
    }
    root
}

/// One game tree of these nodes as a file's text.
pub fn write_game(nodes: Vec<Node>) -> String {
    write(&[GameTree {
        nodes,
        variations: Vec::new(),
    }])
}

/// An opening entry: `root` (with its setup stones) and the notes (an opcode and its value)
/// joined in `C`.
pub fn write_opening(mut root: Node, notes: &[(&str, String)]) -> String {
    let notes: Vec<String> = notes.iter().map(|(k, v)| format!("{k} {v}")).collect();
    if !notes.is_empty() {
        root = root.with("C", notes.join("; "));
    }
    write_game(vec![root])
}
