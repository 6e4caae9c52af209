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
    GameError, GameTree, Location, Node, Record, check_game, check_size, node_move, opening_root,
    player_to_move, read_games, with_setup as setup, write_opening, write_record, wrong_turn,
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
    let missing = format!("no SZ: a Hex record says its board (the variant is {size}x{size})");
    check_size(root, size, Some(&missing)).map_err(|(at, problem)| fail(at, problem))?;
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
        let blacks = stones.iter().filter(|s| **s == Some(Color::Black)).count();
        let whites = stones.iter().filter(|s| **s == Some(Color::White)).count();
        let default = usize::from(blacks > whites);
        let to_move = player_to_move(root, default).map_err(|(at, problem)| fail(at, problem))?;
        let to_move = [Color::Black, Color::White][to_move];
        setup = true;
        Position::from_parts(size, &stones, to_move, false, variant.swap_rule())
            .map_err(|e| fail(root.at, format!("the setup stones: {e}")))?
    } else {
        variant.clone()
    };
    let mut position = start.clone();
    let mut moves = Vec::new();
    for node in &nodes {
        let Some((colour, p)) = node_move(node).map_err(|(at, problem)| fail(at, problem))? else {
            continue;
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
        let to_move = position.side_to_move() as usize;
        if colour != to_move {
            return Err(fail(
                p.at,
                wrong_turn("move", number, value, colour, to_move),
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

/// A move as Hex SGF writes it.
fn move_text(mv: Move, size: usize) -> String {
    if mv.is_swap() {
        SWAP_PIECES.into()
    } else {
        text::cell_text(mv.cell(), size)
    }
}

/// A finished game as a record: `players` hold Black and White at the end (after a swap,
/// the responding one holds Black), and `winner` is a colour (Hex has no draw).
pub type SgfRecord<'a> = Record<'a, Position, Move>;

/// The game as one SGF tree.
pub fn write(record: &SgfRecord<'_>) -> String {
    let start = record.start;
    let size = start.size();
    let with_start = |root: Node| {
        if start.stones() > 0 {
            with_setup(root, start)
        } else {
            root
        }
    };
    let mut position = start.clone();
    write_record(record, ("11", size), &[], with_start, |mv| {
        let colour = position.side_to_move() as usize;
        position.play(mv);
        (colour, move_text(mv, size))
    })
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
    let to_move = position.side_to_move() as usize;
    setup(node, cells(Color::Black), cells(Color::White), to_move)
}

/// A start position as setup stones (`AB`, `AW`, `PL`), with `C` holding the notes: an
/// opening file's entry.
pub fn write_position(position: &Position, notes: &[(&str, String)]) -> String {
    let root = opening_root("11", position.size(), &[]);
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
            winner: end.winner().map(|c| Some(c as usize)),
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
