//! Go games in SGF (FF[4], GM[1]), the format every Go program and server keeps games in:
//! read as openings (the main line of each game tree: setup stones `AB`/`AW`/`AE`, `PL`, and
//! moves `B[dd]`, `W[]`), written as records (`SZ`, `KM`, `RU`, players, date, the result as
//! `RE[B+3.5]`, `RE[W+R]`, `RE[B+T]`, each move's clock in `BL`/`WL` and the mover's word in
//! `C`).
//!
//! SGF's points are two letters, column then row, both from `a` at the top left; GTP's rows
//! count from the bottom. A pass is an empty value, or `tt` on boards up to 19x19 (FF[3]).
//! Every error names the line and column of the property at fault and, for a move, its
//! number and the game.

use crate::point::{Color, Point};
use crate::position::{Position, Repetition};
use crate::text::{komi_text, parse_position};
use olympiad_core::Game;
pub use olympiad_sgf::End;
use olympiad_sgf::{
    GameError, GameTree, Header, Location, Node, check_game, read_games, record_root, write_game,
    write_opening,
};

/// A Go game read from SGF: where it started and the moves played from there.
#[derive(Clone, Debug)]
pub struct SgfGame {
    /// The position before the first move: the empty board, or the root's setup stones.
    pub start: Position,
    /// Whether the start came from setup stones (`AB`, `AW`, `PL`) rather than the empty
    /// board.
    pub setup: bool,
    /// The moves of the main line, each legal in turn.
    pub moves: Vec<Point>,
    /// The game's result as the file gives it (`RE`), if it does.
    pub result: Option<String>,
}

impl SgfGame {
    /// The position after every move.
    pub fn end(&self) -> Position {
        let mut position = self.start.clone();
        for &mv in &self.moves {
            position.play(mv);
        }
        position
    }
}

/// Why an SGF text is not a Go game of the variant asked for.
pub type SgfGoError = GameError;

/// Reads every game of an SGF collection as games of `variant` (the board size, komi and
/// rule of the games to play; a file whose `SZ` differs is refused, its `KM` is not used).
pub fn read(text: &str, variant: &Position) -> Result<Vec<SgfGame>, SgfGoError> {
    read_games(text, |tree, game| read_game(tree, game, variant))
}

fn read_game(tree: &GameTree, game: usize, variant: &Position) -> Result<SgfGame, SgfGoError> {
    let size = variant.size();
    let nodes = tree.main_line();
    let root = nodes[0];
    let fail = |at: Location, problem: String| SgfGoError::Game { at, game, problem };
    check_game(root, "1", "Go").map_err(|(at, problem)| fail(at, problem))?;
    match root.property("SZ") {
        Some(p) if p.values[0].trim() != size.to_string() => {
            return Err(fail(
                p.at,
                format!(
                    "the game is played on SZ[{}], the variant asked for on {size}x{size}",
                    p.values[0]
                ),
            ));
        }
        None if size != 19 => {
            return Err(fail(
                root.at,
                format!("no SZ: SGF's default board is 19x19, the variant asked for {size}x{size}"),
            ));
        }
        _ => {}
    }
    // Setup stones are taken from the root only (and its first nodes before any move).
    let mut board: Vec<Option<Color>> = vec![None; size * size];
    let mut setup = false;
    let mut to_move = None;
    let mut first_move = 0;
    for (i, node) in nodes.iter().enumerate() {
        if node.property("B").is_some() || node.property("W").is_some() {
            first_move = i;
            break;
        }
        first_move = i + 1;
        for (ident, color) in [
            ("AB", Some(Color::Black)),
            ("AW", Some(Color::White)),
            ("AE", None),
        ] {
            if let Some(p) = node.property(ident) {
                setup = true;
                for value in &p.values {
                    for (x, y) in point_list(value, size).map_err(|e| fail(p.at, e))? {
                        board[y * size + x] = color;
                    }
                }
            }
        }
        if let Some(p) = node.property("PL") {
            to_move = Some(
                color_of(&p.values[0])
                    .ok_or_else(|| fail(p.at, format!("PL[{}]: expected B or W", p.values[0])))?,
            );
        }
    }
    let start = if setup || to_move.is_some() {
        // The first move's colour says who moves when PL does not.
        let side = to_move
            .or_else(|| {
                let node = nodes.get(first_move)?;
                if node.property("W").is_some() {
                    Some(Color::White)
                } else {
                    Some(Color::Black)
                }
            })
            .unwrap_or(Color::Black);
        setup = true;
        let rows: Vec<String> = (0..size)
            .rev()
            .map(|y| {
                (0..size)
                    .map(|x| board[y * size + x].map_or('.', Color::letter))
                    .collect()
            })
            .collect();
        let text = format!(
            "{} {} 0 - {} {}",
            rows.join("/"),
            if side == Color::Black { 'b' } else { 'w' },
            komi_text(variant.komi_halves()),
            variant.rule().name()
        );
        parse_position(&text).map_err(|e| fail(root.at, format!("setup stones: {e}")))?
    } else {
        variant.clone()
    };
    let mut position = start.clone();
    let mut moves = Vec::new();
    for node in &nodes[first_move..] {
        if node.property("AB").is_some()
            || node.property("AW").is_some()
            || node.property("AE").is_some()
        {
            return Err(fail(
                node.at,
                "setup stones after the first move are not a game the rules can replay".into(),
            ));
        }
        let (p, color) = match (node.property("B"), node.property("W")) {
            (Some(_), Some(w)) => {
                return Err(fail(w.at, "a node with both B and W".into()));
            }
            (Some(p), None) => (p, Color::Black),
            (None, Some(p)) => (p, Color::White),
            (None, None) => continue,
        };
        let number = moves.len() + 1;
        let what = format!("move {number} {}[{}]", p.ident, p.values[0]);
        if position.outcome().is_some() {
            return Err(fail(p.at, format!("{what}: the game is already over")));
        }
        if color != position.side_to_move() {
            return Err(fail(
                p.at,
                format!(
                    "{what}: it is {}'s turn",
                    color_name(position.side_to_move())
                ),
            ));
        }
        let mv = sgf_point(&p.values[0], size).map_err(|e| fail(p.at, format!("{what}: {e}")))?;
        if !position.is_legal(mv) {
            let why = if !mv.is_pass() && !position.is_empty(mv) {
                "the point is taken"
            } else if !position.is_legal_ignoring_superko(mv) {
                if position.ko_point() == Some(mv) {
                    "it retakes the ko at once"
                } else {
                    "suicide"
                }
            } else {
                "it repeats an earlier position (superko)"
            };
            return Err(fail(
                p.at,
                format!("{what} ({}): illegal: {why}", mv.to_gtp(size)),
            ));
        }
        position.play(mv);
        moves.push(mv);
    }
    Ok(SgfGame {
        start,
        setup,
        moves,
        result: root.get("RE").map(str::to_string),
    })
}

fn color_of(text: &str) -> Option<Color> {
    match text.trim() {
        "B" | "b" => Some(Color::Black),
        "W" | "w" => Some(Color::White),
        _ => None,
    }
}

/// SGF's letter of a colour.
fn color_letter(c: Color) -> &'static str {
    match c {
        Color::Black => "B",
        Color::White => "W",
    }
}

fn color_name(c: Color) -> &'static str {
    match c {
        Color::Black => "Black",
        Color::White => "White",
    }
}

/// One SGF point (`dd`) as (column, row from the bottom).
fn sgf_xy(text: &str, size: usize) -> Result<(usize, usize), String> {
    let b = text.trim().as_bytes();
    if b.len() != 2 || !b.iter().all(u8::is_ascii_lowercase) {
        return Err(format!("'{text}' is not an SGF point (two letters a-s)"));
    }
    let (x, y) = (usize::from(b[0] - b'a'), usize::from(b[1] - b'a'));
    if x >= size || y >= size {
        return Err(format!("'{text}' is off the {size}x{size} board"));
    }
    Ok((x, size - 1 - y))
}

/// A move's value: a point, or a pass (empty, or `tt` up to 19x19).
fn sgf_point(text: &str, size: usize) -> Result<Point, String> {
    let t = text.trim();
    if t.is_empty() || (t == "tt" && size <= 19) {
        return Ok(Point::PASS);
    }
    let (x, y) = sgf_xy(t, size)?;
    Ok(Point::from_xy(x, y, size).expect("checked on the board"))
}

/// A point list value: one point or a rectangle `aa:cc`.
fn point_list(text: &str, size: usize) -> Result<Vec<(usize, usize)>, String> {
    match text.split_once(':') {
        None => Ok(vec![sgf_xy(text, size)?]),
        Some((a, b)) => {
            let (ax, ay) = sgf_xy(a, size)?;
            let (bx, by) = sgf_xy(b, size)?;
            let (x0, x1) = (ax.min(bx), ax.max(bx));
            let (y0, y1) = (ay.min(by), ay.max(by));
            Ok((x0..=x1)
                .flat_map(|x| (y0..=y1).map(move |y| (x, y)))
                .collect())
        }
    }
}

/// SGF's text of a point (`dd`), or the empty pass.
pub fn point_text(p: Point, size: usize) -> String {
    match p.xy(size) {
        None => String::new(),
        Some((x, y)) => {
            let letter = |n: usize| char::from(b'a' + n as u8);
            format!("{}{}", letter(x), letter(size - 1 - y))
        }
    }
}

/// A finished game as a record: the header's facts and every move with its note.
#[derive(Clone, Debug)]
pub struct SgfRecord<'a> {
    /// Black's and White's names.
    pub players: [&'a str; 2],
    /// The event's name, the date (`YYYY-MM-DD`), the round, if known.
    pub event: Option<&'a str>,
    /// The date the game was played, `YYYY-MM-DD`.
    pub date: Option<String>,
    /// The round.
    pub round: Option<&'a str>,
    /// Main time in seconds (`TM`) and the overtime's description (`OT`).
    pub time: Option<(String, Option<String>)>,
    /// The start position.
    pub start: &'a Position,
    /// The moves, each with the mover's clock after it (seconds) and a comment.
    pub moves: Vec<(Point, Option<f64>, Option<String>)>,
    /// Who won (`Some(Black)`, `Some(White)`) or a draw (`None`), when the game has a result.
    pub winner: Option<Option<Color>>,
    /// How it ended.
    pub end: End,
    /// Why, in words, for the last node's comment.
    pub reason: Option<&'a str>,
}

/// The result as `RE` writes it.
fn result_text(record: &SgfRecord<'_>, end: &Position) -> String {
    let margin = if end.is_over() && !end.ended_by_cycle() {
        komi_text(end.score_halves().unsigned_abs().min(i16::MAX as u32) as i16)
    } else {
        String::new()
    };
    let winner = record.winner.map(|w| w.map(color_letter));
    record.end.result(winner, &margin)
}

/// The game as one SGF tree.
pub fn write(record: &SgfRecord<'_>) -> String {
    let start = record.start;
    let size = start.size();
    let header = Header {
        game: "1",
        size,
        players: record.players,
        date: record.date.as_deref(),
        event: record.event,
        round: record.round,
    };
    let extra = [
        ("KM", komi_text(start.komi_halves())),
        ("RU", rules_text(start.rule()).to_string()),
    ];
    let mut root = record_root(&header, &extra);
    if let Some((main, overtime)) = &record.time {
        root = root.with("TM", main.clone());
        if let Some(ot) = overtime {
            root = root.with("OT", ot.clone());
        }
    }
    let mut end = start.clone();
    for (mv, _, _) in &record.moves {
        end.play(*mv);
    }
    root = root.with("RE", result_text(record, &end));
    let empty_start =
        start.points().all(|p| start.is_empty(p)) && start.side_to_move() == Color::Black;
    if !empty_start {
        root = with_setup(root, start);
    }
    if record.moves.is_empty()
        && let Some(reason) = record.reason
    {
        root = root.with("C", reason);
    }
    let mut nodes = vec![root];
    let mut color = start.side_to_move();
    let last = record.moves.len().saturating_sub(1);
    for (i, (mv, left, comment)) in record.moves.iter().enumerate() {
        let (ident, clock) = match color {
            Color::Black => ("B", "BL"),
            Color::White => ("W", "WL"),
        };
        let mut node = Node::default().with(ident, point_text(*mv, size));
        if let Some(left) = left {
            node = node.with(clock, format!("{left:.3}"));
        }
        let mut text: Vec<&str> = comment.iter().map(String::as_str).collect();
        if i == last {
            text.extend(record.reason);
        }
        if !text.is_empty() {
            node = node.with("C", text.join(", "));
        }
        nodes.push(node);
        color = color.other();
    }
    write_game(nodes)
}

/// The `RU` text of a rule.
fn rules_text(rule: Repetition) -> &'static str {
    match rule {
        Repetition::Superko => "Chinese (area scoring as Tromp-Taylor, positional superko)",
        Repetition::Icga => "ICGA (area scoring as Tromp-Taylor, simple ko, a long cycle draws)",
    }
}

/// `node` with the stones of `position` as setup (`AB`, `AW`) and the colour to move (`PL`).
fn with_setup(node: Node, position: &Position) -> Node {
    let size = position.size();
    let stones = |color: Color| {
        position
            .points()
            .filter(|&p| position.color_at(p) == Some(color))
            .map(|p| point_text(p, size))
            .collect::<Vec<_>>()
    };
    node.with_all("AB", stones(Color::Black))
        .with_all("AW", stones(Color::White))
        .with("PL", color_letter(position.side_to_move()))
}

/// A start position and SGF point texts, for openings written as setup stones: `AB`, `AW`
/// and `PL` with `C` holding the notes.
pub fn write_position(position: &Position, notes: &[(&str, String)]) -> String {
    let root = Node::default()
        .with("FF", "4")
        .with("GM", "1")
        .with("SZ", position.size().to_string())
        .with("KM", komi_text(position.komi_halves()));
    write_opening(with_setup(root, position), notes)
}
