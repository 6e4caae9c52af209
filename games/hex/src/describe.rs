//! What Hex says about itself to the tools above it: which colour each seat holds (the
//! first seat Black until a swap), the rhombus with row 1 at the top, and the stones placed.

use crate::position::{Color, Position};
use olympiad_core::perft::GameOverLeaves;
use olympiad_core::{Cell, Describe, Game, Picture, Seat, Shape};

impl Describe for Position {
    fn seat_name(&self, seat: Seat) -> String {
        let black = self.seat_of(Color::Black) == seat;
        match black {
            true => "Black (x, top-bottom)",
            false => "White (o, left-right)",
        }
        .to_string()
    }

    /// Stones carry their colour's seat at the start (Black the first seat's), so that a
    /// picture's colours do not change with the swap.
    fn picture(&self) -> Option<Picture> {
        let size = self.size();
        let mut picture = Picture::new(size, size);
        picture.shape = Shape::Hex;
        picture.column_labels = (0..size)
            .map(|c| char::from(b'a' + c as u8).to_string())
            .collect();
        picture.row_labels = (1..=size).map(|r| r.to_string()).collect();
        for cell in 0..size * size {
            if let Some(color) = self.at(cell) {
                picture.set(
                    cell % size,
                    cell / size,
                    Cell::Piece {
                        seat: Some(Seat(color as u8)),
                        glyph: color.letter(),
                    },
                );
            }
        }
        Some(picture)
    }

    fn board_text(&self) -> String {
        self.picture().map(|p| p.to_text()).unwrap_or_default()
    }

    fn status(&self) -> Vec<String> {
        let mut lines = vec![format!(
            "stones: {}; next stone {}",
            self.stones(),
            match self.side_to_move() {
                Color::Black => "Black",
                Color::White => "White",
            }
        )];
        if self.swapped() {
            lines.push("swapped: the first seat holds White".into());
        } else if self.swap_available() {
            lines.push("the swap is open".into());
        }
        lines.push(format!(
            "moves for the side to move: {}",
            self.count_moves()
        ));
        lines
    }

    const PERFT_GAME_OVER: GameOverLeaves = crate::PERFT_GAME_OVER;
}

#[cfg(test)]
mod tests {
    use super::*;
    use olympiad_core::Notation;

    #[test]
    fn the_picture_is_a_rhombus_with_row_1_on_top_and_colours_kept_by_the_swap() {
        let mut pos = Position::new(3, true).unwrap();
        pos.play_line("a1 swap b2").unwrap();
        let p = pos.picture().unwrap();
        assert_eq!(p.shape, Shape::Hex);
        assert_eq!(p.row_labels, ["1", "2", "3"]);
        assert_eq!(
            p.get(0, 0),
            Cell::Piece {
                seat: Some(Seat(0)),
                glyph: 'x'
            }
        );
        assert_eq!(pos.seat_name(Seat(0)), "White (o, left-right)");
        assert_eq!(pos.seat_name(Seat(1)), "Black (x, top-bottom)");
    }
}
