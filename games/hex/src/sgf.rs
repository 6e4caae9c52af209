//! Hex games in SGF (FF[4], GM[11]), as HexGui and benzene's tools keep them: cells as our
//! notation writes them (`B[f6]`, column letter and row number from the top left), the swap
//! as `swap-pieces`. Each node's colour is the colour of the stone: the swap is White's
//! second move and White moves again after it (`;B[f6];W[swap-pieces];W[c3]`). Read as
//! openings (the main line of each game tree, or the root's setup stones `AB`/`AW` with
//! `PL`), written as records: `PB`/`PW` name the players holding Black and White at the
//! end (after a swap: the responding player holds Black), so `RE[B+]` says `PB` won
//! (`R` resignation, `T` time, `F` forfeit after the `+`), and each move's note goes in
//! `C`. Every error names the line and column of the property at fault and the game.

use crate::position::{Color, Move, Position};
use crate::text;
use olympiad_core::Game;
pub use olympiad_sgf::End;
use olympiad_sgf::{
    GameError, GameTree, Header, Location, Node, check_game, read_games, record_root, write_game,
    write_opening,
};

/// The swap as Hex SGF writes it.
pub const SWAP_PIECES: &str = "swap-pieces";

/// Why an SGF text is not a Hex game of the variant asked for.
pub type SgfHexError = GameError;

/// A Hex game read from SGF: where it started and the moves played from there.
#[derive(Clone, Debug)]
pub struct SgfGame {
    /// The empty board of the variant, or the root's setup stones.
    pub start: Position,
    /// Whether the start came from setup stones.
    pub setup: bool,
    /// The moves of the main line, each legal in turn (a `resign` ends them).
    pub moves: Vec<Move>,
}

/// Reads every game of an SGF collection as games of `variant` (its size; the swap rule is
/// the variant's).
pub fn read(text: &str, variant: &Position) -> Result<Vec<SgfGame>, SgfHexError> {
    read_games(text, |tree, game| read_game(tree, game, variant))
}

fn read_game(tree: &GameTree, game: usize, variant: &Position) -> Result<SgfGame, SgfHexError> {
    let size = variant.size();
    let nodes = tree.main_line();
    let root = nodes[0];
    let fail = |at: Location, problem: String| SgfHexError::Game { at, game, problem };
    check_game(root, "11", "Hex").map_err(|(at, problem)| fail(at, problem))?;
    let sz = root.property("SZ").ok_or_else(|| {
        fail(
            root.at,
            format!("no SZ: a Hex record says its board (the variant is {size}x{size})"),
        )
    })?;
    let side = sz.values[0].trim();
    let square = side
        .split_once(':')
        .map_or(side, |(w, h)| if w == h { w } else { "" });
    if square != size.to_string() {
        return Err(fail(
            sz.at,
            format!("the game is played on SZ[{side}], the variant asked for on {size}x{size}"),
        ));
    }
    let mut stones: Vec<Option<Color>> = vec![None; size * size];
    let mut setup = false;
    for (ident, color) in [("AB", Color::Black), ("AW", Color::White)] {
        if let Some(p) = root.property(ident) {
            setup = true;
            for value in &p.values {
                let mv = text::parse_move(value, size).map_err(|e| fail(p.at, e.to_string()))?;
                if mv.is_swap() {
                    return Err(fail(
                        p.at,
                        format!("{ident}[{value}]: a setup stone is a cell"),
                    ));
                }
                stones[mv.cell()] = Some(color);
            }
        }
    }
    let start = if setup || root.property("PL").is_some() {
        let to_move = match root.get("PL").map(str::trim) {
            Some("B") => Color::Black,
            Some("W") => Color::White,
            Some(other) => return Err(fail(root.at, format!("PL[{other}]: expected B or W"))),
            None => {
                let blacks = stones.iter().filter(|s| **s == Some(Color::Black)).count();
                let whites = stones.iter().filter(|s| **s == Some(Color::White)).count();
                if blacks > whites {
                    Color::White
                } else {
                    Color::Black
                }
            }
        };
        setup = true;
        Position::from_parts(size, &stones, to_move, false, variant.swap_rule())
            .map_err(|e| fail(root.at, format!("the setup stones: {e}")))?
    } else {
        variant.clone()
    };
    let mut position = start.clone();
    let mut moves = Vec::new();
    for node in &nodes {
        let (ident, p) = match (node.property("B"), node.property("W")) {
            (Some(p), None) => (Color::Black, p),
            (None, Some(p)) => (Color::White, p),
            (None, None) => continue,
            (Some(p), Some(_)) => return Err(fail(p.at, "a node with two moves".into())),
        };
        let value = p.values[0].trim();
        if value.eq_ignore_ascii_case("resign") {
            break;
        }
        let number = moves.len() + 1;
        let mv = if value.eq_ignore_ascii_case(SWAP_PIECES) || value.eq_ignore_ascii_case("swap") {
            Move::SWAP
        } else {
            text::parse_move(value, size).map_err(|e| fail(p.at, format!("move {number}: {e}")))?
        };
        if ident != position.side_to_move() {
            return Err(fail(
                p.at,
                format!(
                    "move {number} '{value}' is {}'s, but {} is to move",
                    name(ident),
                    name(position.side_to_move())
                ),
            ));
        }
        if !position.is_legal(mv) {
            return Err(fail(
                p.at,
                format!("move {number} '{value}' is illegal here"),
            ));
        }
        position.play(mv);
        moves.push(mv);
    }
    Ok(SgfGame {
        start,
        setup,
        moves,
    })
}

/// A colour's name in errors.
fn name(color: Color) -> &'static str {
    match color {
        Color::Black => "Black",
        Color::White => "White",
    }
}

/// A colour's letter in SGF.
fn letter(color: Color) -> &'static str {
    match color {
        Color::Black => "B",
        Color::White => "W",
    }
}

/// A move as Hex SGF writes it.
fn move_text(mv: Move, size: usize) -> String {
    if mv.is_swap() {
        SWAP_PIECES.into()
    } else {
        text::cell_text(mv.cell(), size)
    }
}

/// A finished game as a record.
#[derive(Clone, Debug)]
pub struct SgfRecord<'a> {
    /// The players holding Black and White at the end (after a swap, the responding one
    /// holds Black).
    pub players: [&'a str; 2],
    /// The event's name, if known.
    pub event: Option<&'a str>,
    /// The date the game was played, `YYYY-MM-DD`.
    pub date: Option<String>,
    /// The round.
    pub round: Option<&'a str>,
    /// The start position.
    pub start: &'a Position,
    /// The moves, each with the mover's clock after it (seconds) and a comment.
    pub moves: Vec<(Move, Option<f64>, Option<String>)>,
    /// The colour that won, when the game has a result.
    pub winner: Option<Color>,
    /// How it ended (a joined chain is [`End::Score`], with no margin).
    pub end: End,
    /// Why, in words, for the last node's comment.
    pub reason: Option<&'a str>,
}

/// The game as one SGF tree.
pub fn write(record: &SgfRecord<'_>) -> String {
    let start = record.start;
    let size = start.size();
    let winner = Some(record.winner.map(letter));
    let result = if record.winner.is_some() {
        record.end.result(winner, "")
    } else {
        "Void".to_string()
    };
    let header = Header {
        game: "11",
        size,
        players: record.players,
        date: record.date.as_deref(),
        event: record.event,
        round: record.round,
    };
    let mut root = record_root(&header, &[("RE", result)]);
    if start.stones() > 0 {
        root = with_setup(root, start);
    }
    let mut nodes = vec![root];
    let mut position = start.clone();
    let last = record.moves.len().saturating_sub(1);
    for (i, (mv, left, comment)) in record.moves.iter().enumerate() {
        let color = position.side_to_move();
        let mut node = Node::default().with(letter(color), move_text(*mv, size));
        if let Some(left) = left {
            node = node.with(&format!("{}L", letter(color)), format!("{left:.3}"));
        }
        let mut notes: Vec<&str> = comment.iter().map(String::as_str).collect();
        if i == last {
            notes.extend(record.reason);
        }
        if !notes.is_empty() {
            node = node.with("C", notes.join(", "));
        }
        nodes.push(node);
        position.play(*mv);
    }
    write_game(nodes)
}

/// `node` with the stones of `position` as setup (`AB`, `AW`) and the colour to move (`PL`).
fn with_setup(node: Node, position: &Position) -> Node {
    let size = position.size();
    let cells = |color: Color| {
        (0..size * size)
            .filter(|&c| position.at(c) == Some(color))
            .map(|c| text::cell_text(c, size))
            .collect::<Vec<_>>()
    };
    node.with_all("AB", cells(Color::Black))
        .with_all("AW", cells(Color::White))
        .with("PL", letter(position.side_to_move()))
}

/// A start position as setup stones (`AB`, `AW`, `PL`), with `C` holding the notes: an
/// opening file's entry.
pub fn write_position(position: &Position, notes: &[(&str, String)]) -> String {
    let root = Node::default()
        .with("FF", "4")
        .with("GM", "11")
        .with("SZ", position.size().to_string());
    write_opening(with_setup(root, position), notes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use olympiad_core::Notation;

    #[test]
    fn a_record_with_the_swap_reads_back_as_its_moves() {
        let mut end = Position::new(3, true).unwrap();
        end.play_line("b1 swap a1 b2 c1 b3").unwrap();
        let moves: Vec<Move> = ["b1", "swap", "a1", "b2", "c1", "b3"]
            .iter()
            .map(|t| end.parse_move(t).unwrap())
            .collect();
        let start = Position::new(3, true).unwrap();
        let text = write(&SgfRecord {
            players: ["second", "first"],
            event: Some("test"),
            date: Some("2026-11-24".into()),
            round: None,
            start: &start,
            moves: moves.iter().map(|&m| (m, Some(1.5), None)).collect(),
            winner: end.winner(),
            end: End::Score,
            reason: Some("Black joins top and bottom"),
        });
        assert!(text.contains("GM[11]"), "{text}");
        assert!(text.contains("SZ[3]"), "{text}");
        assert!(text.contains("RE[B+]"), "{text}");
        assert!(
            text.contains(";B[b1]BL[1.500];W[swap-pieces]WL[1.500];W[a1]"),
            "{text}"
        );
        let games = read(&text, &start).unwrap();
        assert_eq!(games[0].moves, moves);
        assert!(!games[0].setup);
    }

    #[test]
    fn files_of_other_games_sizes_and_turns_are_refused_with_where() {
        let variant = Position::start11();
        let err = |t: &str| read(t, &variant).unwrap_err().to_string();
        assert!(err("(;GM[1]SZ[11])").contains("GM[1] is not Hex"));
        assert!(err("(;GM[11]SZ[13])").contains("SZ[13]"));
        assert!(err("(;GM[11])").contains("no SZ"));
        assert!(err("(;GM[11]SZ[11];W[a1])").contains("move 1 'a1' is White's"));
        assert!(err("(;GM[11]SZ[11];B[a1];B[a2])").contains("line 1, column 22"));
        assert!(err("(;GM[11]SZ[11];B[a1];W[a1])").contains("illegal"));
        assert!(err("(;GM[11]SZ[11];B[z1])").contains("move 1"));
        // LittleGolem's `swap`, 11:11 sizes and a resignation read too; setup stones
        // give a start position.
        let games = read(
            "(;GM[11]SZ[11:11];B[a1];W[swap];W[f6];B[resign])(;GM[11]SZ[11]AB[a1]AW[b2];B[c3])",
            &variant,
        )
        .unwrap();
        assert_eq!(games[0].moves.len(), 3);
        assert!(games[0].moves[1].is_swap());
        assert!(games[1].setup);
        assert_eq!(games[1].start.stones(), 2);
        assert_eq!(games[1].moves.len(), 1);
    }
}
