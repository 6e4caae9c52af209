//! What Clobber says about itself to the tools above it: Black (x) moves first, the board
//! with row 1 at the bottom, the stones each side has left, and perft counting only full
//! sequences.

use crate::position::{Color, Position};
use olympiad_core::perft::GameOverLeaves;
use olympiad_core::{Cell, Describe, Game, Picture, Seat};

impl Describe for Position {
    fn seat_name(&self, seat: Seat) -> String {
        ["Black (x)", "White (o)"][seat.index()].to_string()
    }

    fn picture(&self) -> Option<Picture> {
        let (rows, columns) = (self.rows(), self.columns());
        let mut picture = Picture::new(columns, rows);
        picture.column_labels = (0..columns)
            .map(|c| ((b'a' + c as u8) as char).to_string())
            .collect();
        picture.row_labels = (1..=rows).rev().map(|r| r.to_string()).collect();
        for square in 0..rows * columns {
            if let Some(color) = self.at(square) {
                let (row, column) = (square / columns, square % columns);
                let cell = Cell::Piece {
                    seat: Some(Seat(color as u8)),
                    glyph: color.letter(),
                };
                picture.set(column, rows - 1 - row, cell);
            }
        }
        Some(picture)
    }

    fn board_text(&self) -> String {
        self.to_string()
    }

    fn status(&self) -> Vec<String> {
        vec![
            format!(
                "stones: Black {}, White {}",
                self.stones(Color::Black).count_ones(),
                self.stones(Color::White).count_ones()
            ),
            format!("moves for the side to move: {}", self.count_moves()),
        ]
    }

    const PERFT_GAME_OVER: GameOverLeaves = crate::PERFT_GAME_OVER;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_picture_has_row_1_at_the_bottom_and_a1_black() {
        let p = Position::start(3, 4).unwrap().picture().unwrap();
        assert_eq!(p.row_labels, ["3", "2", "1"]);
        assert_eq!(
            p.get(0, 2),
            Cell::Piece {
                seat: Some(Seat(0)),
                glyph: 'x'
            }
        );
        assert_eq!(
            p.to_text(),
            "3  x o x o\n2  o x o x\n1  x o x o\n   a b c d\n"
        );
    }
}
