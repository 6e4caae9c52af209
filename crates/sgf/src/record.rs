//! What every game's SGF reader and writer share, still without knowing a game: an error
//! naming the game of a collection and the property at fault, the games of a collection read
//! one by one, the `GM` check, a record's root (format, game, application, board, players,
//! date, event, round), how a game ended as `RE` writes it, the moves' nodes (clock and
//! notes), setup stones, and an opening entry (setup stones with notes in `C`).

use crate::{GameTree, Location, Node, Property, SgfError, read, write};
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

/// Checks a root's `SZ` (`N`, or `N:N`) against a square board of `size`; a root without
/// one is refused with `missing` when that is given.
pub fn check_size(
    root: &Node,
    size: usize,
    missing: Option<&str>,
) -> Result<(), (Location, String)> {
    let Some(sz) = root.property("SZ") else {
        return match missing {
            Some(why) => Err((root.at, why.to_string())),
            None => Ok(()),
        };
    };
    let side = sz.values[0].trim();
    let square = side
        .split_once(':')
        .map_or(side, |(w, h)| if w == h { w } else { "" });
    if square == size.to_string() {
        Ok(())
    } else {
        Err((
            sz.at,
            format!("the game is played on SZ[{side}], the variant asked for on {size}x{size}"),
        ))
    }
}

/// The move of a node: its colour (0 for `B`, 1 for `W`) and property; `None` for a node
/// without one, an error for a node with both.
pub fn node_move(node: &Node) -> Result<Option<(usize, &Property)>, (Location, String)> {
    match (node.property("B"), node.property("W")) {
        (Some(p), None) => Ok(Some((0, p))),
        (None, Some(p)) => Ok(Some((1, p))),
        (None, None) => Ok(None),
        (Some(p), Some(_)) => Err((p.at, "a node with two moves".into())),
    }
}

/// Why move `number` (`value`, by `colour`) is refused when `to_move` is to move: `what`
/// names it (`move`, `turn`).
pub fn wrong_turn(what: &str, number: usize, value: &str, colour: usize, to_move: usize) -> String {
    format!(
        "{what} {number} '{value}' is {}'s, but {} is to move",
        COLOUR_NAMES[colour], COLOUR_NAMES[to_move]
    )
}

/// The colour to move of a root with setup stones: its `PL` (`B` 0, `W` 1, any case), or
/// `default` without one.
pub fn player_to_move(root: &Node, default: usize) -> Result<usize, (Location, String)> {
    match root.get("PL").map(str::trim) {
        Some("B" | "b") => Ok(0),
        Some("W" | "w") => Ok(1),
        Some(other) => Err((root.at, format!("PL[{other}]: expected B or W"))),
        None => Ok(default),
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

/// SGF's letters of the two colours, the first mover's (Black) first.
pub const COLOUR_LETTERS: [&str; 2] = ["B", "W"];

/// The colours' names, for errors, the first mover's (Black) first.
pub const COLOUR_NAMES: [&str; 2] = ["Black", "White"];

/// A finished two-colour game as a record, for any game: `P` its position, `M` its move.
#[derive(Clone, Debug)]
pub struct Record<'a, P, M> {
    /// The players of Black and White (`PB`, `PW`).
    pub players: [&'a str; 2],
    /// The event's name, if known.
    pub event: Option<&'a str>,
    /// The date the game was played, `YYYY-MM-DD`.
    pub date: Option<String>,
    /// The round.
    pub round: Option<&'a str>,
    /// The start position.
    pub start: &'a P,
    /// The moves, each with the mover's clock after it (seconds) and a comment.
    pub moves: Vec<(M, Option<f64>, Option<String>)>,
    /// The result: `None` for none, `Some(None)` a draw, else the colour that won (0
    /// Black, 1 White).
    pub winner: Option<Option<usize>>,
    /// How it ended (by the rules: [`End::Score`], with no margin in these games).
    pub end: End,
    /// Why, in words, for the last node's comment.
    pub reason: Option<&'a str>,
}

/// `record` as one SGF tree: its root (see [`record_root`]: game number `game`, board
/// `size`, `extra` and `RE`), `setup` applied to the root (a start position's stones, or
/// nothing), then a node per move: `B[value]` or `W[value]`, the mover's clock in
/// `BL`/`WL`, the comment in `C`, the last one's ending with the reason. `mover` gives each
/// move's colour (0 Black) and value, in order, as the game replays it.
pub fn write_record<P, M: Copy>(
    record: &Record<'_, P, M>,
    (game, size): (&str, usize),
    extra: &[(&str, String)],
    setup: impl FnOnce(Node) -> Node,
    mut mover: impl FnMut(M) -> (usize, String),
) -> String {
    let result = record
        .end
        .result(record.winner.map(|w| w.map(|c| COLOUR_LETTERS[c])), "");
    let header = Header {
        game,
        size,
        players: record.players,
        date: record.date.as_deref(),
        event: record.event,
        round: record.round,
    };
    let mut extra = extra.to_vec();
    extra.push(("RE", result));
    let mut nodes = vec![setup(record_root(&header, &extra))];
    let last = record.moves.len().saturating_sub(1);
    for (i, (mv, left, comment)) in record.moves.iter().enumerate() {
        let (colour, value) = mover(*mv);
        let letter = COLOUR_LETTERS[colour];
        let mut node = Node::default().with(letter, value);
        if let Some(left) = left {
            node = node.with(&format!("{letter}L"), format!("{left:.3}"));
        }
        let mut notes: Vec<&str> = comment.iter().map(String::as_str).collect();
        if i == last {
            notes.extend(record.reason);
        }
        if !notes.is_empty() {
            node = node.with("C", notes.join(", "));
        }
        nodes.push(node);
    }
    write_game(nodes)
}

/// `node` with setup stones (`AB` Black's points, `AW` White's) and the colour to move
/// (`PL`, 0 Black, 1 White).
pub fn with_setup(node: Node, black: Vec<String>, white: Vec<String>, to_move: usize) -> Node {
    node.with_all("AB", black)
        .with_all("AW", white)
        .with("PL", COLOUR_LETTERS[to_move])
}

/// An opening entry's root before its setup stones: `FF[4]`, `GM`, then `extra` (a game's
/// own properties, as `RU`), then `SZ`.
pub fn opening_root(game: &str, size: usize, extra: &[(&str, &str)]) -> Node {
    let mut root = Node::default().with("FF", "4").with("GM", game);
    for (ident, value) in extra {
        root = root.with(ident, *value);
    }
    root.with("SZ", size.to_string())
}
