//! What Connect6 says about itself to the tools above it: Black (x) first, the board with
//! row 1 at the bottom as GTP numbers it, and how many stones the side to move puts down.

use crate::position::{Color, Position};
use olympiad_core::perft::GameOverLeaves;
use olympiad_core::{Cell, Describe, Game, Picture, Seat};

impl Describe for Position {
    fn seat_name(&self, seat: Seat) -> String {
        ["Black (x)", "White (o)"][seat.index()].to_string()
    }

    fn picture(&self) -> Option<Picture> {
        let size = self.size();
        let mut picture = Picture::new(size, size);
        picture.column_labels = (0..size)
            .map(|x| crate::text::point_text(x, size)[..1].to_string())
            .collect();
        picture.row_labels = (1..=size).rev().map(|r| r.to_string()).collect();
        for point in 0..size * size {
            if let Some(color) = self.at(point) {
                let cell = Cell::Piece {
                    seat: Some(Seat(color as u8)),
                    glyph: color.letter(),
                };
                picture.set(point % size, size - 1 - point / size, cell);
            }
        }
        Some(picture)
    }

    fn board_text(&self) -> String {
        self.picture().map(|p| p.to_text()).unwrap_or_default()
    }

    fn status(&self) -> Vec<String> {
        vec![
            format!(
                "stones: {}; {} puts down {}",
                self.stones(),
                match self.side_to_move() {
                    Color::Black => "Black",
                    Color::White => "White",
                },
                self.stones_per_turn()
            ),
            format!("moves for the side to move: {}", self.count_moves()),
        ]
    }

    const PERFT_GAME_OVER: GameOverLeaves = crate::PERFT_GAME_OVER;
}
