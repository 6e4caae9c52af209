//! Go as text: moves as GTP writes them (`D4`, `pass`; read in any case), and a position
//! text of seven fields separated by spaces, made to be read back exactly:
//!
//! 1. the board, rows from the top (row `size` first) separated by `/`, a character per
//!    point: `x` Black, `o` White, `.` empty (the board's size is its number of rows, and
//!    every row has as many points);
//! 2. the side to move, `b` or `w`;
//! 3. passes in a row just played, `0`, `1` or `2` (2: the game is over);
//! 4. the simple-ko point the side to move may not take, in GTP, or `-`;
//! 5. komi, a whole or half number (`7.5`, `6`, `-0.5`);
//! 6. the repetition rule, `superko` or `icga`;
//! 7. only under `icga`, and only when the last move repeated a position: `cycle` (the
//!    game is drawn).
//!
//! The empty 9x9 board is
//! `........./........./........./........./........./........./........./........./......... b 0 - 7.5 superko`.
//!
//! A text cannot carry the history of earlier boards: a position read from text takes its
//! own board as the only one seen, so superko (and the cycle rule) look back no further than
//! the text. Transmit the moves from the start when the history matters.

use crate::point::{Color, MAX_SIZE, Point, PointError};
use crate::position::{Position, Repetition};
use olympiad_core::Notation;
use thiserror::Error;

/// A move or position text that could not be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseError {
    /// A bad point.
    #[error(transparent)]
    Point(#[from] PointError),
    /// A position text with the wrong number of fields.
    #[error(
        "position '{text}': expected 6 or 7 fields (board, side, passes, ko, komi, rule[, cycle]), found {found}"
    )]
    Fields {
        /// The text.
        text: String,
        /// How many fields it has.
        found: usize,
    },
    /// A bad board field.
    #[error("board '{board}': {why}")]
    Board {
        /// The board field.
        board: String,
        /// What is wrong.
        why: String,
    },
    /// Another field with a bad value.
    #[error("{field} '{value}': {why}")]
    Field {
        /// Which field (`side`, `passes`, `ko`, `komi`, `rule`, `cycle`).
        field: &'static str,
        /// Its text.
        value: String,
        /// What is wrong.
        why: &'static str,
    },
}

/// Komi in half points as text: `7.5`, `6`, `-0.5`.
pub fn komi_text(halves: i16) -> String {
    let sign = if halves < 0 { "-" } else { "" };
    let a = halves.unsigned_abs();
    let half = if a % 2 == 1 { ".5" } else { "" };
    format!("{sign}{}{half}", a / 2)
}

/// Reads komi (`7.5`, `7`, `7.0`, `-3.5`) into half points; `None` when it is not a whole
/// or half number within ±1000.
pub fn parse_komi(text: &str) -> Option<i16> {
    let (negative, rest) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    let (whole, fraction) = rest.split_once('.').unwrap_or((rest, ""));
    if whole.is_empty() || !whole.bytes().all(|b| b.is_ascii_digit()) || whole.len() > 4 {
        return None;
    }
    let half = match fraction {
        "" | "0" => 0,
        "5" => 1,
        _ => return None,
    };
    if rest.ends_with('.') {
        return None;
    }
    let halves = whole.parse::<i16>().ok()?.checked_mul(2)? + half;
    (halves <= 2000).then_some(if negative { -halves } else { halves })
}

/// The position text of `pos` (see the module doc).
pub fn position_text(pos: &Position) -> String {
    let size = pos.size();
    let rows: Vec<String> = (0..size)
        .rev()
        .map(|y| {
            (0..size)
                .map(|x| {
                    let p = Point::from_xy(x, y, size).expect("on the board");
                    pos.color_at(p).map_or('.', Color::letter)
                })
                .collect()
        })
        .collect();
    let side = match pos.side_to_move() {
        Color::Black => 'b',
        Color::White => 'w',
    };
    let ko = pos.ko_point().map_or("-".to_string(), |p| p.to_gtp(size));
    let mut text = format!(
        "{} {side} {} {ko} {} {}",
        rows.join("/"),
        pos.passes(),
        komi_text(pos.komi_halves()),
        pos.rule().name()
    );
    if pos.ended_by_cycle() {
        text.push_str(" cycle");
    }
    text
}

/// Reads a position text (see the module doc).
pub fn parse_position(text: &str) -> Result<Position, ParseError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    if !(6..=7).contains(&fields.len()) {
        return Err(ParseError::Fields {
            text: text.to_string(),
            found: fields.len(),
        });
    }
    let field = |field: &'static str, value: &str, why: &'static str| ParseError::Field {
        field,
        value: value.to_string(),
        why,
    };
    let board = fields[0];
    let bad_board = |why: String| ParseError::Board {
        board: board.to_string(),
        why,
    };
    let rows: Vec<&str> = board.split('/').collect();
    let size = rows.len();
    if size > MAX_SIZE {
        return Err(bad_board(format!(
            "{size} rows: boards are 1 to {MAX_SIZE} rows"
        )));
    }
    let komi = parse_komi(fields[4])
        .ok_or_else(|| field("komi", fields[4], "expected a whole or half number"))?;
    let rule = Repetition::ALL
        .into_iter()
        .find(|r| r.name() == fields[5])
        .ok_or_else(|| field("rule", fields[5], "expected superko or icga"))?;
    let mut pos = Position::new(size, komi, rule).map_err(|e| bad_board(e.to_string()))?;
    for (r, row) in rows.iter().enumerate() {
        let y = size - 1 - r;
        if row.chars().count() != size {
            return Err(bad_board(format!(
                "row {} has {} points, expected {size} (as many as there are rows)",
                y + 1,
                row.chars().count()
            )));
        }
        for (x, c) in row.chars().enumerate() {
            let p = Point::from_xy(x, y, size).expect("within the size");
            match c {
                '.' => {}
                'x' => pos.add_stone(p, Color::Black),
                'o' => pos.add_stone(p, Color::White),
                _ => {
                    return Err(bad_board(format!(
                        "'{c}' at {}: expected x, o or .",
                        p.to_gtp(size)
                    )));
                }
            }
        }
    }
    if let Some(p) = pos.chain_without_liberty() {
        return Err(bad_board(format!(
            "the chain at {} has no liberty",
            p.to_gtp(size)
        )));
    }
    let side = match fields[1] {
        "b" => Color::Black,
        "w" => Color::White,
        other => return Err(field("side", other, "expected b or w")),
    };
    let passes = match fields[2] {
        "0" => 0,
        "1" => 1,
        "2" => 2,
        other => return Err(field("passes", other, "expected 0, 1 or 2")),
    };
    let ko = match fields[3] {
        "-" => Point::PASS,
        text => {
            let p = Point::from_gtp(text, size)?;
            if p.is_pass() || !pos.is_empty(p) {
                return Err(field("ko", text, "a ko point is an empty point or -"));
            }
            if passes > 0 {
                return Err(field("ko", text, "a pass clears the ko point"));
            }
            p
        }
    };
    let cycle = match fields.get(6) {
        None => false,
        Some(&"cycle") if rule == Repetition::Icga => true,
        Some(other) => {
            return Err(field(
                "cycle",
                other,
                "the seventh field is only `cycle`, under rule icga",
            ));
        }
    };
    pos.set_state(side, passes, ko, cycle);
    Ok(pos)
}

impl Notation for Position {
    type ParseError = ParseError;

    fn parse_move(&self, text: &str) -> Result<Point, ParseError> {
        Ok(Point::from_gtp(text, self.size())?)
    }

    fn format_move(&self, mv: Point) -> String {
        mv.to_gtp(self.size())
    }

    fn parse_position(text: &str) -> Result<Self, ParseError> {
        parse_position(text)
    }

    fn position_text(&self) -> String {
        position_text(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn komi_texts_round_trip() {
        for halves in -40..=40 {
            assert_eq!(parse_komi(&komi_text(halves)), Some(halves));
        }
        assert_eq!(parse_komi("7.0"), Some(14));
        for bad in ["", "7.", ".5", "7.25", "x", "--1", "7.5.5", "99999"] {
            assert_eq!(parse_komi(bad), None, "{bad}");
        }
    }

    #[test]
    fn position_errors_name_the_field() {
        let e = |t: &str| parse_position(t).unwrap_err().to_string();
        assert!(e("... b 0 - 7.5").contains("expected 6 or 7 fields"));
        assert_eq!(
            e("../... b 0 - 7.5 superko"),
            "board '../...': row 1 has 3 points, expected 2 (as many as there are rows)"
        );
        assert_eq!(
            e("xo/o. b 0 - 7.5 superko"),
            "board 'xo/o.': the chain at A2 has no liberty"
        );
        assert!(e("../.. g 0 - 7.5 superko").starts_with("side 'g'"));
        assert!(e("../.. b 3 - 7.5 superko").starts_with("passes '3'"));
        assert!(e("../.. b 0 C1 7.5 superko").contains("off the board"));
        assert!(e("../.. b 0 - 7.3 superko").starts_with("komi '7.3'"));
        assert!(e("../.. b 0 - 7.5 japanese").starts_with("rule 'japanese'"));
        assert!(e("../.. b 0 - 7.5 superko cycle").starts_with("cycle 'cycle'"));
        assert!(e("x./.. b 0 A2 7.5 superko").contains("empty point"));
        assert!(e("a./.. b 0 - 7.5 superko").contains("'a' at A2"));
    }
}
