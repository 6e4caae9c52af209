//! What reversi says about itself to the tools above it: Black (X) moves first, the board
//! with coordinates, the disc count (its own score) and Aart Bik's perft convention.

use crate::Position;
use crate::position::Color;
use olympiad_core::perft::GameOverLeaves;
use olympiad_core::{Cell, Describe, OwnScore, Picture, Seat};

impl Describe for Position {
    fn seat_name(&self, seat: Seat) -> String {
        ["Black (X)", "White (O)"][seat.index()].to_string()
    }

    /// Row 1 at the top, as the position text and the square names run.
    fn picture(&self) -> Option<Picture> {
        let mut picture = Picture::new(8, 8);
        picture.column_labels = ('a'..='h').map(String::from).collect();
        picture.row_labels = (1..=8).map(|r: u8| r.to_string()).collect();
        for (seat, color, glyph) in [(0, Color::Black, 'X'), (1, Color::White, 'O')] {
            let discs = self.discs(color);
            for sq in 0..64 {
                if discs & (1 << sq) != 0 {
                    let seat = Some(Seat(seat));
                    picture.set(sq % 8, sq / 8, Cell::Piece { seat, glyph });
                }
            }
        }
        Some(picture)
    }

    fn board_text(&self) -> String {
        self.to_string()
    }

    fn status(&self) -> Vec<String> {
        vec![format!(
            "discs: Black {}, White {}",
            self.discs(Color::Black).count_ones(),
            self.discs(Color::White).count_ones()
        )]
    }

    fn own_score(&self) -> Option<OwnScore> {
        Some(OwnScore {
            unit: "discs",
            seats: [Color::Black, Color::White]
                .iter()
                .map(|&c| i64::from(self.discs(c).count_ones()))
                .collect(),
        })
    }

    const PERFT_GAME_OVER: GameOverLeaves = crate::PERFT_GAME_OVER;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_picture_matches_the_drawing() {
        let pos = Position::start();
        let picture = pos.picture().unwrap();
        // d4 is White's, e4 Black's (row 4 is the fourth from the top).
        assert_eq!(
            picture.get(3, 3),
            Cell::Piece {
                seat: Some(Seat(1)),
                glyph: 'O'
            }
        );
        assert_eq!(pos.own_score().unwrap().seats, vec![2, 2]);
        // The picture drawn as text is the game's own drawing with the column labels
        // moved from the top to the bottom.
        let own = pos.to_string();
        let (labels, rows) = own.split_once('\n').unwrap();
        assert_eq!(picture.to_text(), format!("{rows}{labels}\n"));
    }
}
