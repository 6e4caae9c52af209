//! Hand-made 3x3 patterns around a point, as Mogo's playouts use them (Gelly, Wang, Munos and
//! Teytaud, 2006): the shapes of hane, cut and edge play in which the centre is a good reply
//! to the last move. A point's neighbourhood (its eight neighbours, each empty, black, white
//! or off the board) is a 16-bit code; one table answers for every code whether some pattern
//! matches it, in any of the eight rotations and reflections and with either colour as `X`
//! (good shape is good for both sides).
//!
//! The patterns are written top row first, the centre (the move) always `.`:
//! `X` a stone of one colour, `O` of the other, `.` empty, `#` off the board, `x` anything but
//! `X`, `o` anything but `O`, `?` anything.

use crate::{Color, Point, Position};
use std::sync::OnceLock;

/// The patterns (see the module doc).
const PATTERNS: [&str; 12] = [
    // Hane: the enclosing hane.
    "XOX\
     ...\
     ???",
    // Hane: the non-cutting hane.
    "XO.\
     ...\
     ?.?",
    // Hane: magari (the turn).
    "XO?\
     X..\
     x.?",
    // Cut: an unprotected cut.
    "XO?\
     O.o\
     ?o?",
    // Cut: the cut after a peep.
    "XO?\
     O.X\
     ???",
    // Cut: de (pushing between two stones).
    "?X?\
     O.O\
     ooo",
    // Cut: the keima cut.
    "OX?\
     o.O\
     ???",
    // Edge: the chase.
    "X.?\
     O.?\
     ###",
    // Edge: blocking the cut on the side.
    "OX?\
     X.O\
     ###",
    // Edge: blocking the connection on the side.
    "?X?\
     x.O\
     ###",
    // Edge: sagari (the descent).
    "?XO\
     x.x\
     ###",
    // Edge: the cut on the side.
    "?OX\
     X.O\
     ###",
];

/// The neighbour offsets (column, row; rows grow upwards) in code order: two bits each,
/// the first neighbour lowest.
const OFFSETS: [(i32, i32); 8] = [
    (-1, 1),
    (0, 1),
    (1, 1),
    (-1, 0),
    (1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

/// A neighbour's state in the code.
const EMPTY: u8 = 0;
const BLACK: u8 = 1;
const WHITE: u8 = 2;
const EDGE: u8 = 3;

/// Bit per code: does a pattern match?
fn table() -> &'static [u64; 1 << 10] {
    static TABLE: OnceLock<Box<[u64; 1 << 10]>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut bits = Box::new([0u64; 1 << 10]);
        for pattern in PATTERNS {
            let cells: Vec<u8> = pattern
                .bytes()
                .filter(|b| !b.is_ascii_whitespace())
                .collect();
            assert_eq!(cells.len(), 9, "pattern {pattern:?}");
            assert_eq!(
                cells[4], b'.',
                "pattern {pattern:?}: the centre is the move"
            );
            for symmetry in 0..8 {
                for (x, o) in [(BLACK, WHITE), (WHITE, BLACK)] {
                    // The states each neighbour may be in, as a 4-bit set.
                    let mut allowed = [0u8; 8];
                    for (k, &(dx, dy)) in OFFSETS.iter().enumerate() {
                        let (px, py) = transform(dx, dy, symmetry);
                        let cell = cells[((1 - py) * 3 + (px + 1)) as usize];
                        allowed[k] = match cell {
                            b'X' => 1 << x,
                            b'O' => 1 << o,
                            b'.' => 1 << EMPTY,
                            b'#' => 1 << EDGE,
                            b'x' => 0b1111 & !(1 << x),
                            b'o' => 0b1111 & !(1 << o),
                            b'?' => 0b1111,
                            other => panic!("pattern {pattern:?}: unknown cell {}", other as char),
                        };
                    }
                    mark(&mut bits, &allowed, 0, 0);
                }
            }
        }
        bits
    })
}

/// Sets the bit of every code whose neighbours `k..` lie in their allowed sets.
fn mark(bits: &mut [u64; 1 << 10], allowed: &[u8; 8], k: usize, code: u16) {
    if k == 8 {
        bits[usize::from(code) / 64] |= 1 << (code % 64);
        return;
    }
    for state in 0..4u16 {
        if allowed[k] & (1 << state) != 0 {
            mark(bits, allowed, k + 1, code | state << (2 * k));
        }
    }
}

/// The offset `(dx, dy)` under one of the eight symmetries of the square.
fn transform(dx: i32, dy: i32, symmetry: u8) -> (i32, i32) {
    let (x, y) = if symmetry & 1 != 0 {
        (-dx, dy)
    } else {
        (dx, dy)
    };
    let (x, y) = if symmetry & 2 != 0 { (x, -y) } else { (x, y) };
    if symmetry & 4 != 0 { (y, x) } else { (x, y) }
}

/// The neighbourhood code of `p` (an empty point of the board).
#[inline]
pub fn code(pos: &Position, p: Point) -> u16 {
    let s = pos.stride() as i32;
    let mut code = 0u16;
    for (k, &(dx, dy)) in OFFSETS.iter().enumerate() {
        let q = Point((i32::from(p.0) + dy * s + dx) as u16);
        let state = match pos.color_at(q) {
            Some(Color::Black) => BLACK,
            Some(Color::White) => WHITE,
            None if pos.on_board(q) => EMPTY,
            None => EDGE,
        };
        code |= u16::from(state) << (2 * k);
    }
    code
}

/// Does a pattern match around the empty point `p`?
#[inline]
pub fn matches(pos: &Position, p: Point) -> bool {
    let c = code(pos, p);
    table()[usize::from(c) / 64] & (1 << (c % 64)) != 0
}

#[cfg(test)]
mod tests {
    use super::*;
    use olympiad_core::Notation;

    /// A 9x9 position from its rows (top first), Black to move.
    fn board(rows: [&str; 9]) -> Position {
        Position::parse_position(&format!("{} b 0 - 7.5 superko", rows.join("/"))).unwrap()
    }

    fn at(text: &str) -> Point {
        Point::from_gtp(text, 9).unwrap()
    }

    const EMPTY_ROW: &str = ".........";

    #[test]
    fn hane_and_cut_match_in_every_orientation_and_for_both_colours() {
        // x o x on row 6: the enclosing hane below and above the white stone.
        let mut rows = [EMPTY_ROW; 9];
        rows[3] = "...xox...";
        let pos = board(rows);
        assert!(matches(&pos, at("E5")));
        assert!(matches(&pos, at("E7")));
        // Colours swapped: still a pattern.
        rows[3] = "...oxo...";
        assert!(matches(&board(rows), at("E5")));
        // An empty neighbourhood is no pattern.
        assert!(!matches(&pos, at("B2")));
        // The cut: x o over o, the move cutting at E5.
        let mut rows = [EMPTY_ROW; 9];
        rows[3] = "...xo....";
        rows[4] = "...o.....";
        assert!(matches(&board(rows), at("E5")));
        // Turned a quarter: o x / . o, the move at D5.
        let mut rows = [EMPTY_ROW; 9];
        rows[3] = "...ox....";
        rows[4] = "....o....";
        assert!(matches(&board(rows), at("D5")));
    }

    #[test]
    fn edge_patterns_need_the_edge() {
        // Blocking the connection on the side: x above the move at E1, o beside it.
        let mut rows = [EMPTY_ROW; 9];
        rows[7] = "....x....";
        rows[8] = ".....o...";
        assert!(matches(&board(rows), at("E1")));
        // The same stones two lines up are no pattern.
        let mut rows = [EMPTY_ROW; 9];
        rows[5] = "....x....";
        rows[6] = ".....o...";
        assert!(!matches(&board(rows), at("E3")));
    }
}
