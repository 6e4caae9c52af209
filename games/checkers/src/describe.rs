//! What checkers says about itself to the tools above it: Black moves first, the board as
//! White sees it with the light squares off the board, and the rule options on `show`.

use crate::Position;
use crate::position::Color;
use olympiad_core::{Cell, Describe, Picture, Seat};

impl Describe for Position {
    fn seat_name(&self, seat: Seat) -> String {
        ["Black", "White"][seat.index()].to_string()
    }

    /// Square 1 at the top (Black's side): `b`/`w` men, `B`/`W` kings; light squares are
    /// off the board.
    fn picture(&self) -> Option<Picture> {
        let mut picture = Picture::new(8, 8);
        for row in 0..8 {
            for col in 0..8 {
                if (row + col) % 2 == 0 {
                    picture.set(col, row, Cell::Off);
                    continue;
                }
                let bit = 1u32 << (row * 4 + col / 2);
                let owner = [Color::Black, Color::White]
                    .into_iter()
                    .find(|&c| self.pieces(c) & bit != 0);
                if let Some(color) = owner {
                    let man = if color == Color::Black { 'b' } else { 'w' };
                    let glyph = if self.kings() & bit != 0 {
                        man.to_ascii_uppercase()
                    } else {
                        man
                    };
                    let seat = Some(Seat(u8::from(color == Color::White)));
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
        let rules = self.rules();
        let duplicates = if rules.merge_duplicate_captures {
            "merged"
        } else {
            "counted per path"
        };
        let mut lines = vec![format!("duplicate captures: {duplicates}")];
        if rules.draw_moves > 0 {
            lines.push(format!(
                "draw rule: {} moves each; {} plies since a capture or man's move",
                rules.draw_moves,
                self.quiet_plies()
            ));
        }
        lines
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_picture_has_twelve_men_a_side() {
        let picture = Position::start().picture().unwrap();
        for (seat, glyph) in [(0, 'b'), (1, 'w')] {
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
            assert_eq!(men, 12);
        }
        assert_eq!(
            picture.cells.iter().filter(|&&c| c == Cell::Off).count(),
            32
        );
    }
}
