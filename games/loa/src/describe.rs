//! What Lines of Action says about itself to the tools above it: Black (x) moves first, the
//! board with row 1 at the bottom, each side's pieces and groups, and perft counting only
//! full sequences.

use crate::position::{Color, Position, SIZE};
use olympiad_core::perft::GameOverLeaves;
use olympiad_core::{Cell, Describe, Game, Picture, Seat};

impl Describe for Position {
    fn seat_name(&self, seat: Seat) -> String {
        ["Black (x)", "White (o)"][seat.index()].to_string()
    }

    fn picture(&self) -> Option<Picture> {
        let mut picture = Picture::new(SIZE, SIZE);
        picture.column_labels = (0..SIZE)
            .map(|c| ((b'a' + c as u8) as char).to_string())
            .collect();
        picture.row_labels = (1..=SIZE).rev().map(|r| r.to_string()).collect();
        for square in 0..SIZE * SIZE {
            if let Some(color) = self.at(square) {
                let (row, column) = (square / SIZE, square % SIZE);
                let cell = Cell::Piece {
                    seat: Some(Seat(color as u8)),
                    glyph: color.letter(),
                };
                picture.set(column, SIZE - 1 - row, cell);
            }
        }
        Some(picture)
    }

    fn status(&self) -> Vec<String> {
        let side = |color: Color| {
            format!(
                "{} pieces in {} groups",
                self.pieces(color).count_ones(),
                self.groups(color)
            )
        };
        vec![
            format!("Black {}, White {}", side(Color::Black), side(Color::White)),
            format!("moves for the side to move: {}", self.count_moves()),
        ]
    }

    const PERFT_GAME_OVER: GameOverLeaves = crate::PERFT_GAME_OVER;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_picture_has_row_1_at_the_bottom() {
        let p = Position::start().picture().unwrap();
        assert_eq!(p.row_labels[7], "1");
        assert_eq!(p.get(0, 7), Cell::Empty);
        assert_eq!(
            p.get(1, 7),
            Cell::Piece {
                seat: Some(Seat(0)),
                glyph: 'x'
            }
        );
        assert_eq!(
            p.get(0, 6),
            Cell::Piece {
                seat: Some(Seat(1)),
                glyph: 'o'
            }
        );
    }
}
