//! [`Describe`]: what a game says about itself beyond its rules, so that every tool above the
//! game (show, perft, bench, the referee, the reports, the viewer) asks the game instead of
//! keeping a table of per-game knowledge of its own. Every method is provided: a new game
//! implements only what it has to say.
//!
//! The board picture ([`Picture`]) is a model, not a drawing: a grid of cells with labels,
//! which a terminal, an HTML report and an SVG viewer each draw their own way.
//!
//! ```
//! use olympiad_core::{Cell, Picture, Seat};
//!
//! // A 3x2 board: one piece of seat 0, one square that is not part of the board.
//! let mut picture = Picture::new(3, 2);
//! picture.set(0, 1, Cell::Piece { seat: Some(Seat(0)), glyph: 'X' });
//! picture.set(2, 0, Cell::Off);
//! assert_eq!(picture.to_text(), ". .  \nX . .\n");
//! ```

use crate::perft::GameOverLeaves;
use crate::{Game, Seat, SplitMix64};

/// One cell of a [`Picture`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Cell {
    /// A square with nothing on it.
    #[default]
    Empty,
    /// Not a square of the board (a sunk Caïssa tile, a square outside a hex board's rhombus).
    Off,
    /// A piece, stone, disc or ball: its owner (`None`: neutral, as Rolit's unused colours)
    /// and the character a terminal shows for it.
    Piece {
        /// The seat it belongs to.
        seat: Option<Seat>,
        /// Its letter or symbol (`K`, `q`, `X`, `1`).
        glyph: char,
    },
}

/// The geometry a picture's grid is drawn in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Shape {
    /// Square cells, rows straight above each other.
    #[default]
    Square,
    /// Hexagonal cells, each row shifted half a cell from the one above (Hex's rhombus).
    Hex,
}

/// A board as a model that text, HTML and SVG can all draw: a grid of `width` x `height`
/// cells, the top row as drawn first, with optional labels for the columns and rows.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Picture {
    /// Cells per row.
    pub width: usize,
    /// Rows.
    pub height: usize,
    /// The cells, row by row from the top, left to right.
    pub cells: Vec<Cell>,
    /// The geometry.
    pub shape: Shape,
    /// A label per column (`a`..`h`), or none.
    pub column_labels: Vec<String>,
    /// A label per row from the top (`8`..`1`), or none.
    pub row_labels: Vec<String>,
}

impl Picture {
    /// An empty square grid without labels.
    pub fn new(width: usize, height: usize) -> Self {
        Self {
            width,
            height,
            cells: vec![Cell::Empty; width * height],
            ..Self::default()
        }
    }

    /// The cell in column `x` (from the left) and row `y` (from the top).
    pub fn get(&self, x: usize, y: usize) -> Cell {
        self.cells[y * self.width + x]
    }

    /// Sets the cell in column `x` (from the left) and row `y` (from the top).
    pub fn set(&mut self, x: usize, y: usize, cell: Cell) {
        self.cells[y * self.width + x] = cell;
    }

    /// A plain terminal drawing: one character per cell (`.` empty, a blank off the board),
    /// separated by spaces, row labels on the left and column labels below when there are
    /// any.
    pub fn to_text(&self) -> String {
        let label_width = self.row_labels.iter().map(|l| l.len()).max().unwrap_or(0);
        let mut out = String::new();
        for y in 0..self.height {
            if label_width > 0 {
                let label = self.row_labels.get(y).map_or("", String::as_str);
                out.push_str(&format!("{label:>label_width$}  "));
            }
            if self.shape == Shape::Hex {
                out.push_str(&" ".repeat(y));
            }
            let row: Vec<String> = (0..self.width)
                .map(|x| match self.get(x, y) {
                    Cell::Empty => ".".to_string(),
                    Cell::Off => " ".to_string(),
                    Cell::Piece { glyph, .. } => glyph.to_string(),
                })
                .collect();
            out.push_str(&row.join(" "));
            out.push('\n');
        }
        if !self.column_labels.is_empty() {
            if label_width > 0 {
                out.push_str(&" ".repeat(label_width + 2));
            }
            out.push_str(&self.column_labels.join(" "));
            out.push('\n');
        }
        out
    }
}

/// A game's own score of a position, as the game counts it (Rolit's balls, reversi's discs):
/// what a Caia referee reports and what a tournament's `game_score` points use.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OwnScore {
    /// What is counted, plural ("balls", "discs").
    pub unit: &'static str,
    /// The count of every seat.
    pub seats: Vec<i64>,
}

/// What a game says about itself. Every method is provided; each default says what it gives.
pub trait Describe: Game {
    /// The name of a seat as the game's players say it ("White", "Black (X)", "player 1").
    /// Default: "seat N", counting from 0.
    fn seat_name(&self, seat: Seat) -> String {
        seat.to_string()
    }

    /// The board as a model for text, HTML and SVG. Default: none (tools then show the
    /// position text).
    fn picture(&self) -> Option<Picture> {
        None
    }

    /// The board drawn for a terminal, several lines. Default: the picture as text, or
    /// nothing without a picture.
    fn board_text(&self) -> String {
        self.picture().map(|p| p.to_text()).unwrap_or_default()
    }

    /// Extra lines for `show` ("check: in check", "discs: Black 2, White 2"). Default: none.
    fn status(&self) -> Vec<String> {
        Vec::new()
    }

    /// The game's own score of this position, if it counts one. Default: none (a game is
    /// scored by its outcome only).
    fn own_score(&self) -> Option<OwnScore> {
        None
    }

    /// How a finished game above the target depth counts in the perft tables the game is
    /// checked against. Default: [`GameOverLeaves::Zero`] (only full-length sequences).
    const PERFT_GAME_OVER: GameOverLeaves = GameOverLeaves::Zero;

    /// The move a random playout picks (conformance runs, benchmark positions). Default:
    /// uniform over `moves`; a game overrides it when uniform play gives dull positions.
    fn playout_move(&self, moves: &[Self::Move], rng: &mut SplitMix64) -> Self::Move {
        moves[rng.below(moves.len())]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labelled_square_and_hex_pictures() {
        let mut p = Picture::new(2, 2);
        p.column_labels = vec!["a".into(), "b".into()];
        p.row_labels = vec!["2".into(), "1".into()];
        p.set(
            1,
            1,
            Cell::Piece {
                seat: None,
                glyph: 'o',
            },
        );
        assert_eq!(p.to_text(), "2  . .\n1  . o\n   a b\n");
        p.shape = Shape::Hex;
        assert_eq!(p.to_text(), "2  . .\n1   . o\n   a b\n");
    }
}
