//! Connect6 games in SGF. SGF's list of games has no number for Connect6 (FF[4] stops at
//! GM[16], and Connect6's programs keep their own formats), so this is our choice, said
//! here: `GM[4]`, SGF's number of the k-in-a-row family (Gomoku and Renju, whose board and
//! points Connect6 shares: Connect6 is Connect(19,19,6,2,1) of that family), with
//! `RU[Connect6]` naming the rules. Points are SGF's Go points, two lower-case letters,
//! column from the left and row from the top (`jj` is the centre of 19x19, our `K10`); a
//! turn is one node with its stones' points written together (`;B[jj]`, then `;W[kkll]`),
//! as LittleGolem writes Connect6 turns. A file that writes a turn's two stones as two
//! nodes of the same colour (`;W[kk];W[ll]`), as a Gomoku editor would, reads as well.
//!
//! Read as openings (the main line of each game tree, or the root's setup stones `AB`/`AW`
//! with `PL`), written as records: `PB`/`PW` the players of Black and White, `RE[B+]`
//! or `RE[W+]` a six (`R` resignation, `T` time, `F` forfeit after the `+`), `RE[0]` a full
//! board, each turn's clock in `BL`/`WL` and its note in `C`. A file without `GM` is read
//! too; another `GM`, or `RU` naming other rules, is refused. Every error names the line
//! and column of the property at fault and the game.

use crate::position::{Color, Move, Position};
use crate::text;
use olympiad_core::Game;
pub use olympiad_sgf::End;
use olympiad_sgf::{
    GameError, GameTree, Location, Node, Record, check_game, check_size, node_move, opening_root,
    player_to_move, read_games, with_setup as setup, write_opening, write_record, wrong_turn,
};

/// The `GM` we write: SGF's k-in-a-row family.
pub const GM: &str = "4";

/// The `RU` we write and read: the rules are Connect6's.
pub const RULES: &str = "Connect6";

/// A Connect6 game read from SGF: where it started and the turns played from there.
#[derive(Clone, Debug)]
pub struct SgfGame {
    /// The empty board of the variant, or the root's setup stones.
    pub start: Position,
    /// Whether the start came from setup stones.
    pub setup: bool,
    /// The turns of the main line, each legal in turn (a `resign` ends them).
    pub moves: Vec<Move>,
}

/// Reads every game of an SGF collection as games of `variant` (its size).
pub fn read(text: &str, variant: &Position) -> Result<Vec<SgfGame>, GameError> {
    read_games(text, |tree, game| read_game(tree, game, variant))
}

/// The point of an SGF point (`jj`) on a board of `size`, if it is one.
fn parse_point(letters: &[u8], size: usize) -> Option<usize> {
    let [column, row] = *letters else {
        return None;
    };
    let x = usize::from(column.to_ascii_lowercase().checked_sub(b'a')?);
    let r = usize::from(row.to_ascii_lowercase().checked_sub(b'a')?);
    (x < size && r < size).then(|| (size - 1 - r) * size + x)
}

/// The SGF point of `point` on a board of `size`.
fn point_text(point: usize, size: usize) -> String {
    let (x, y) = (point % size, point / size);
    let row = size - 1 - y;
    [char::from(b'a' + x as u8), char::from(b'a' + row as u8)]
        .iter()
        .collect()
}

/// The points of a move value: one or two SGF points.
fn parse_points(value: &str, size: usize) -> Result<Vec<usize>, String> {
    let bytes = value.as_bytes();
    let bad = || {
        format!(
            "'{value}' is not one or two points such as jj or jjkk (column, row from the top, \
             a..{})",
            char::from(b'a' + size as u8 - 1)
        )
    };
    if bytes.len() != 2 && bytes.len() != 4 {
        return Err(bad());
    }
    bytes
        .chunks(2)
        .map(|c| parse_point(c, size).ok_or_else(bad))
        .collect()
}

fn read_game(tree: &GameTree, game: usize, variant: &Position) -> Result<SgfGame, GameError> {
    let size = variant.size();
    let nodes = tree.main_line();
    let root = nodes[0];
    let fail = |at: Location, problem: String| GameError::Game { at, game, problem };
    check_game(root, GM, "Connect6").map_err(|(at, problem)| fail(at, problem))?;
    if let Some(ru) = root.property("RU")
        && !ru.values[0].trim().eq_ignore_ascii_case(RULES)
    {
        return Err(fail(
            ru.at,
            format!("RU[{}] is not Connect6 (RU[{RULES}])", ru.values[0].trim()),
        ));
    }
    check_size(root, size, None).map_err(|(at, problem)| fail(at, problem))?;
    let mut stones: Vec<Option<Color>> = vec![None; size * size];
    let mut setup = false;
    for (ident, color) in [("AB", Color::Black), ("AW", Color::White)] {
        if let Some(p) = root.property(ident) {
            setup = true;
            for value in &p.values {
                let point = parse_point(value.trim().as_bytes(), size).ok_or_else(|| {
                    fail(
                        p.at,
                        format!("{ident}[{value}]: not a point of {size}x{size}"),
                    )
                })?;
                stones[point] = Some(color);
            }
        }
    }
    let start = if setup || root.property("PL").is_some() {
        let blacks = stones.iter().filter(|s| **s == Some(Color::Black)).count();
        let whites = stones.iter().filter(|s| **s == Some(Color::White)).count();
        // After Black's single stone the colours alternate by pairs: White is to move
        // while Black has one stone more.
        let default = usize::from(blacks > whites);
        let to_move = player_to_move(root, default).map_err(|(at, problem)| fail(at, problem))?;
        let to_move = [Color::Black, Color::White][to_move];
        setup = true;
        let rows: Vec<String> = (0..size)
            .rev()
            .map(|y| {
                (0..size)
                    .map(|x| stones[y * size + x].map_or('.', Color::letter))
                    .collect()
            })
            .collect();
        let position = format!("{} {}", rows.join("/"), to_move.letter());
        text::parse_position(&position)
            .map_err(|e| fail(root.at, format!("the setup stones: {e}")))?
    } else {
        variant.clone()
    };
    let mut position = start.clone();
    let mut moves = Vec::new();
    // The first stone of a turn written as two nodes, and where it was.
    let mut pending: Option<(usize, Location, String)> = None;
    for node in &nodes {
        let Some((colour, p)) = node_move(node).map_err(|(at, problem)| fail(at, problem))? else {
            continue;
        };
        let value = p.values[0].trim();
        if value.eq_ignore_ascii_case("resign") || value.eq_ignore_ascii_case("forfeit") {
            pending = None;
            break;
        }
        let number = moves.len() + 1;
        let to_move = position.side_to_move() as usize;
        if colour != to_move {
            return Err(fail(
                p.at,
                wrong_turn("turn", number, value, colour, to_move),
            ));
        }
        let points =
            parse_points(value, size).map_err(|e| fail(p.at, format!("turn {number}: {e}")))?;
        let (mv, written) = match (&points[..], pending.take()) {
            (&[a], Some((first, _, text))) => (Move::pair(first, a), format!("{text}{value}")),
            (&[a], None) if position.stones_per_turn() == 2 => {
                pending = Some((a, p.at, value.to_string()));
                continue;
            }
            (&[a], None) => (Move::single(a), value.to_string()),
            (&[a, b], None) => (Move::pair(a, b), value.to_string()),
            (_, Some((_, at, text))) => {
                return Err(fail(
                    at,
                    format!(
                        "turn {number}: '{text}' is one stone of two, and the next node is \
                         not the other"
                    ),
                ));
            }
            _ => unreachable!("parse_points gives one or two points"),
        };
        if !position.is_legal(mv) {
            return Err(fail(
                p.at,
                format!("turn {number} '{written}' is illegal here"),
            ));
        }
        position.play(mv);
        moves.push(mv);
    }
    if let Some((_, at, text)) = pending {
        return Err(fail(
            at,
            format!(
                "turn {}: '{text}' is one stone where two are due",
                moves.len() + 1
            ),
        ));
    }
    Ok(SgfGame {
        start,
        setup,
        moves,
    })
}

/// A turn as our SGF writes it: its points together, lower first.
fn move_text(mv: Move, size: usize) -> String {
    mv.points().map(|p| point_text(p, size)).collect()
}

/// A finished game as a record.
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
    let rules = [("RU", RULES.to_string())];
    write_record(record, (GM, size), &rules, with_start, |mv| {
        let colour = position.side_to_move() as usize;
        position.play(mv);
        (colour, move_text(mv, size))
    })
}

/// `node` with the stones of `position` as setup (`AB`, `AW`) and the colour to move (`PL`).
fn with_setup(node: Node, position: &Position) -> Node {
    let size = position.size();
    let points = |color: Color| {
        (0..size * size)
            .filter(|&p| position.at(p) == Some(color))
            .map(|p| point_text(p, size))
            .collect::<Vec<_>>()
    };
    let to_move = position.side_to_move() as usize;
    setup(node, points(Color::Black), points(Color::White), to_move)
}

/// A position as setup stones (`AB`, `AW`, `PL`), with `C` holding the notes: an opening
/// file's entry.
pub fn write_position(position: &Position, notes: &[(&str, String)]) -> String {
    let root = opening_root(GM, position.size(), &[("RU", RULES)]);
    write_opening(with_setup(root, position), notes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use olympiad_core::Notation;

    #[test]
    fn points_are_sgf_s_go_points_from_the_top_left() {
        // K10, the centre, is jj; A1 (bottom left) is as; T19 is sa.
        let size = 19;
        for (ours, sgf) in [("K10", "jj"), ("A1", "as"), ("T19", "sa"), ("A19", "aa")] {
            let mv = text::parse_move(ours, size).unwrap();
            let point = mv.points().next().unwrap();
            assert_eq!(point_text(point, size), sgf);
            assert_eq!(parse_point(sgf.as_bytes(), size), Some(point));
        }
        assert_eq!(parse_point(b"tt", 19), None);
    }

    #[test]
    fn a_record_reads_back_as_its_turns() {
        let mut end = Position::start19();
        let mut moves = Vec::new();
        for turn in ["K10", "L11L10", "J10H10", "M12N13"] {
            let mv = end.parse_move(turn).unwrap();
            end.play(mv);
            moves.push(mv);
        }
        let start = Position::start19();
        let text = write(&SgfRecord {
            players: ["first", "second"],
            event: Some("test"),
            date: Some("2026-11-24".into()),
            round: None,
            start: &start,
            moves: moves.iter().map(|&m| (m, Some(3.0), None)).collect(),
            winner: None,
            end: End::Unfinished,
            reason: Some("adjourned"),
        });
        for part in [
            "GM[4]",
            "RU[Connect6]",
            "SZ[19]",
            "RE[Void]",
            ";B[jj]BL[3.000];W[kjki]WL[3.000]",
        ] {
            assert!(text.contains(part), "{part} in {text}");
        }
        let games = read(&text, &start).unwrap();
        assert_eq!(games[0].moves, moves);
        // Two nodes of one colour are a turn too; setup stones give a position.
        let split = text.replace(";W[kjki]", ";W[kj];W[ki]");
        assert_eq!(read(&split, &start).unwrap()[0].moves, moves);
        let entry = write_position(&end, &[]);
        let games = read(&entry, &start).unwrap();
        assert!(games[0].setup);
        assert_eq!(games[0].start.stones(), end.stones());
        assert_eq!(games[0].start.side_to_move(), end.side_to_move());
    }

    #[test]
    fn files_of_other_games_and_bad_turns_are_refused_with_where() {
        let start = Position::start19();
        let err = |t: &str| read(t, &start).unwrap_err().to_string();
        assert!(err("(;GM[1])").contains("GM[1] is not Connect6"));
        assert!(err("(;GM[4]RU[Renju])").contains("RU[Renju] is not Connect6"));
        assert!(err("(;GM[4]SZ[15])").contains("SZ[15]"));
        assert!(err("(;GM[4];W[jj])").contains("turn 1 'jj' is White's"));
        assert!(err("(;GM[4];B[jjkk])").contains("turn 1 'jjkk' is illegal"));
        assert!(err("(;GM[4];B[jj];W[jjkk])").contains("illegal"));
        let e = err("(;GM[4];B[jj]\n;W[zz])");
        assert!(e.starts_with("line 2, column 2: game 1: turn 2"), "{e}");
        assert!(err("(;GM[4];B[jj];W[kk])").contains("one stone where two are due"));
        assert!(err("(;GM[4];B[jj];W[kk];B[ll])").contains("is Black's"));
        // No GM reads as Connect6, and a resignation ends the turns.
        let games = read("(;SZ[19];B[jj];W[kkll];B[resign];W[aaab])", &start).unwrap();
        assert_eq!(games[0].moves.len(), 2);
    }
}
