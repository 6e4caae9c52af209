//! Lines of Action games in SGF (FF[4], GM[9]), as the SGF specification's LOA page
//! (red-bean.com/sgf/loa.html, Dave Dyer's conventions) writes them: a square is a column
//! letter and a row number from the bottom (`b1`, our notation), a move its two squares
//! joined by `-`, or by `:` for a capture (`B[b1-b3]`, `W[a2:c4]`; our `x` is read too, and
//! a trailing annotation such as `+` or `!` is dropped), `pass` for a player without a move
//! and `resign` to end the moves. The board is 8x8 (`SZ[8]`, SGF's default for LOA).
//!
//! Read as openings (the main line of each game tree, or the root's setup stones `AB`/`AW`
//! with `PL`), written as records: `PB`/`PW` the players of Black and White, `RE[B+]` or
//! `RE[W+]` a win by the rules (`R` resignation, `T` time, `F` forfeit after the `+`),
//! `RE[0]` a draw (both joined at once, the third repetition), each move's clock in
//! `BL`/`WL` and its note in `C`. Every error names the line and column of the property at
//! fault and the game.

use crate::position::{Color, Move, Position};
use crate::text::{PASS, square_name};
use olympiad_core::{Game, Notation};
pub use olympiad_sgf::End;
use olympiad_sgf::{
    GameError, GameTree, Location, Node, Record, check_game, check_size, node_move, opening_root,
    player_to_move, read_games, with_setup as setup, write_opening, write_record, wrong_turn,
};

/// SGF's number of Lines of Action.
pub const GM: &str = "9";

/// The board's side.
const SIDE: usize = 8;

/// A Lines of Action game read from SGF: where it started and the moves played from there.
#[derive(Clone, Debug)]
pub struct SgfGame {
    /// The start position, or the root's setup stones.
    pub start: Position,
    /// Whether the start came from setup stones.
    pub setup: bool,
    /// The moves of the main line, each legal in turn (a `resign` ends them).
    pub moves: Vec<Move>,
}

/// Reads every game of an SGF collection.
pub fn read(text: &str) -> Result<Vec<SgfGame>, GameError> {
    read_games(text, read_game)
}

/// A move's text as SGF may write it, in our notation: lower case, `:` as `x`, trailing
/// annotations dropped.
fn our_text(value: &str) -> String {
    value
        .trim()
        .trim_end_matches(['+', '!', '?', '#'])
        .to_ascii_lowercase()
        .replace(':', "x")
}

fn read_game(tree: &GameTree, game: usize) -> Result<SgfGame, GameError> {
    let nodes = tree.main_line();
    let root = nodes[0];
    let fail = |at: Location, problem: String| GameError::Game { at, game, problem };
    check_game(root, GM, "Lines of Action").map_err(|(at, problem)| fail(at, problem))?;
    check_size(root, SIDE, None).map_err(|(at, problem)| fail(at, problem))?;
    let mut sets = [0u64; 2];
    let mut setup = false;
    for (ident, color) in [("AB", Color::Black), ("AW", Color::White)] {
        if let Some(p) = root.property(ident) {
            setup = true;
            for value in &p.values {
                let square = parse_square(value)
                    .ok_or_else(|| fail(p.at, format!("{ident}[{value}]: not a square a1..h8")))?;
                sets[color as usize] |= 1 << square;
            }
        }
    }
    let start = if setup || root.property("PL").is_some() {
        let side = player_to_move(root, 0).map_err(|(at, problem)| fail(at, problem))?;
        let side = [Color::Black, Color::White][side];
        setup = true;
        Position::from_parts(sets[0], sets[1], side)
            .map_err(|e| fail(root.at, format!("the setup stones: {e}")))?
    } else {
        Position::start()
    };
    let mut position = start.clone();
    let mut moves = Vec::new();
    for node in &nodes {
        let Some((colour, p)) = node_move(node).map_err(|(at, problem)| fail(at, problem))? else {
            continue;
        };
        let value = p.values[0].trim();
        let text = our_text(value);
        if text == "resign" || text == "forfeit" {
            break;
        }
        let number = moves.len() + 1;
        let to_move = position.side_to_move() as usize;
        if colour != to_move {
            return Err(fail(
                p.at,
                wrong_turn("move", number, value, colour, to_move),
            ));
        }
        let mv = position
            .parse_move(&text)
            .map_err(|e| fail(p.at, format!("move {number}: {e}")))?;
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

/// A square (`a1`..`h8`, any case), as its index.
fn parse_square(text: &str) -> Option<usize> {
    let text = text.trim().to_ascii_lowercase();
    let mut chars = text.chars();
    let column = chars.next()?;
    let row: usize = chars.as_str().parse().ok()?;
    let column = (column as usize).checked_sub('a' as usize)?;
    (column < SIDE && (1..=SIDE).contains(&row)).then(|| (row - 1) * SIDE + column)
}

/// A move of `position` as LOA SGF writes it: `b1-b3`, `a2:c4`, `pass`.
fn move_text(position: &Position, mv: Move) -> String {
    if mv.is_pass() {
        return PASS.into();
    }
    position.format_move(mv).replace('x', ":")
}

/// A finished game as a record.
pub type SgfRecord<'a> = Record<'a, Position, Move>;

/// The game as one SGF tree.
pub fn write(record: &SgfRecord<'_>) -> String {
    let start = record.start;
    let with_start = |root: Node| {
        if *start != Position::start() {
            with_setup(root, start)
        } else {
            root
        }
    };
    let mut position = start.clone();
    write_record(record, (GM, SIDE), &[], with_start, |mv| {
        let colour = position.side_to_move() as usize;
        let value = move_text(&position, mv);
        position.play(mv);
        (colour, value)
    })
}

/// `node` with the pieces of `position` as setup (`AB`, `AW`) and the colour to move (`PL`).
fn with_setup(node: Node, position: &Position) -> Node {
    let squares = |color: Color| {
        (0..SIDE * SIDE)
            .filter(|&s| position.at(s) == Some(color))
            .map(square_name)
            .collect::<Vec<_>>()
    };
    let to_move = position.side_to_move() as usize;
    setup(node, squares(Color::Black), squares(Color::White), to_move)
}

/// A position as setup stones (`AB`, `AW`, `PL`), with `C` holding the notes: an opening
/// file's entry.
pub fn write_position(position: &Position, notes: &[(&str, String)]) -> String {
    write_opening(with_setup(opening_root(GM, SIDE, &[]), position), notes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use olympiad_sgf::COLOUR_LETTERS;

    /// Moves from the start, the first legal one each ply, until the first capture is
    /// played (a line with a capture in it).
    fn line_to_a_capture() -> Vec<Move> {
        let mut position = Position::start();
        let mut moves = Vec::new();
        loop {
            let legal = position.legal_moves();
            let capture = legal.iter().copied().find(|&m| position.is_capture(m));
            let mv = capture.unwrap_or(legal[0]);
            position.play(mv);
            moves.push(mv);
            if capture.is_some() {
                return moves;
            }
        }
    }

    #[test]
    fn a_record_with_a_capture_reads_back_as_its_moves() {
        let moves = line_to_a_capture();
        let start = Position::start();
        let mut texts = Vec::new();
        let mut position = start.clone();
        for &mv in &moves {
            texts.push(format!(
                ";{}[{}]",
                COLOUR_LETTERS[position.side_to_move() as usize],
                move_text(&position, mv)
            ));
            position.play(mv);
        }
        assert!(texts.last().unwrap().contains(':'), "{texts:?}");
        let text = write(&SgfRecord {
            players: ["black player", "white player"],
            event: Some("test"),
            date: Some("2026-11-24".into()),
            round: Some("1"),
            start: &start,
            moves: moves.iter().map(|&m| (m, Some(2.25), None)).collect(),
            winner: Some(Some(Color::White as usize)),
            end: End::Resignation,
            reason: Some("Black resigns"),
        });
        for part in [
            "GM[9]",
            "SZ[8]",
            "PB[black player]",
            "RE[W+R]",
            "C[Black resigns]",
        ] {
            assert!(text.contains(part), "{part} in {text}");
        }
        for part in &texts {
            assert!(text.contains(part.as_str()), "{part} in {text}");
        }
        let games = read(&text).unwrap();
        assert_eq!(games[0].moves, moves);
        assert!(!games[0].setup);
        // Setup stones give a start position, which is written and read back.
        let mut after = Position::start();
        for _ in 0..2 {
            after.play(after.legal_moves()[0]);
        }
        let entry = write_position(&after, &[("c0", "two moves in".into())]);
        assert!(entry.contains("PL[B]") && entry.contains("C[c0 two moves in]"));
        let games = read(&entry).unwrap();
        assert!(games[0].setup);
        assert_eq!(games[0].start, after);
        // A draw is RE[0].
        let draw = write(&SgfRecord {
            winner: Some(None),
            end: End::Score,
            moves: Vec::new(),
            ..SgfRecord {
                players: ["a", "b"],
                event: None,
                date: None,
                round: None,
                start: &start,
                moves: Vec::new(),
                winner: None,
                end: End::Unfinished,
                reason: None,
            }
        });
        assert!(draw.contains("RE[0]"), "{draw}");
    }

    #[test]
    fn the_specification_s_forms_read_and_bad_files_are_refused_with_where() {
        // Upper case, `:` and annotations, a resignation, no SZ.
        let games = read("(;GM[9];B[B1-B3];W[A2-C2+];B[c1:a3!];W[resign];B[d1-d3])").unwrap();
        assert_eq!(games[0].moves.len(), 3);
        let err = |t: &str| read(t).unwrap_err().to_string();
        assert!(err("(;GM[11])").contains("GM[11] is not Lines of Action"));
        assert!(err("(;GM[9]SZ[10])").contains("SZ[10]"));
        assert!(err("(;GM[9];W[a2-c2])").contains("move 1 'a2-c2' is White's"));
        assert!(err("(;GM[9];B[b1-b4])").contains("move 1 'b1-b4' is illegal"));
        let e = err("(;GM[9];B[b1-b3]\n;W[a2-a9])");
        assert!(e.starts_with("line 2, column 2: game 1: move 2"), "{e}");
        assert!(err("(;GM[9])(;GM[9]AB[z9])").contains("game 2: AB[z9]"));
        assert!(err("(;GM[9];B[b1-b3]W[a2-c4])").contains("two moves"));
        assert!(err("(;GM[9]AB[a1]AW[a1])").contains("the setup stones"));
    }
}
