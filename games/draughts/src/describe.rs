//! What draughts says about itself to the tools above it: White moves first, the board as
//! White sees it with the light squares off the board, and the draw rules' counts on `show`.

use crate::Position;
use crate::bitboard::bit_of_square;
use crate::position::Color;
use olympiad_core::{Cell, Describe, Picture, Seat};

impl Describe for Position {
    fn seat_name(&self, seat: Seat) -> String {
        ["White", "Black"][seat.index()].to_string()
    }

    /// Square 1 at the top left (Black's side): `w`/`b` men, `W`/`B` kings; light squares
    /// are off the board.
    fn picture(&self) -> Option<Picture> {
        let mut picture = Picture::new(10, 10);
        for row in 0..10 {
            for col in 0..10 {
                if (row + col) % 2 == 0 {
                    picture.set(col, row, Cell::Off);
                    continue;
                }
                let square = (row * 5 + col / 2 + 1) as u8;
                let bit = 1u64 << bit_of_square(square);
                let owner = [Color::White, Color::Black]
                    .into_iter()
                    .find(|&c| self.pieces(c) & bit != 0);
                if let Some(color) = owner {
                    let man = if color == Color::White { 'w' } else { 'b' };
                    let glyph = if self.kings() & bit != 0 {
                        man.to_ascii_uppercase()
                    } else {
                        man
                    };
                    let seat = Some(Seat(color as u8));
                    picture.set(col, row, Cell::Piece { seat, glyph });
                }
            }
        }
        Some(picture)
    }

    fn board_text(&self) -> String {
        self.to_string()
    }

    fn status(&self) -> Vec<String> {
        if !self.draw_rules() {
            return vec!["draw rules: off (perft's convention)".into()];
        }
        let mut lines = vec![format!(
            "25-move rule: {} plies of kings only since a man's move or capture",
            self.quiet_plies()
        )];
        if let Some(ending) = self.ending_rule() {
            lines.push(format!(
                "{}: {} of {} plies played",
                ending.name(),
                self.ending_plies(),
                ending.limit()
            ));
        }
        if let Some(rule) = self.draw_rule() {
            lines.push(format!("drawn: {}", rule.reason()));
        }
        lines
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_picture_has_twenty_men_a_side() {
        let picture = Position::start().picture().unwrap();
        for (seat, glyph) in [(0, 'w'), (1, 'b')] {
            let men = picture
                .cells
                .iter()
                .filter(|&&c| {
                    c == Cell::Piece {
                        seat: Some(Seat(seat)),
                        glyph,
                    }
                })
                .count();
            assert_eq!(men, 20);
        }
        assert_eq!(
            picture.cells.iter().filter(|&&c| c == Cell::Off).count(),
            50
        );
        // Square 1 is the second cell of the top row; square 46 the first of the bottom.
        assert_eq!(picture.get(0, 0), Cell::Off);
        assert!(matches!(picture.get(1, 0), Cell::Piece { glyph: 'b', .. }));
        assert!(matches!(picture.get(0, 9), Cell::Piece { glyph: 'w', .. }));
    }
}
