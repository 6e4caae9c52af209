//! What Caïssa says about itself to the tools above it: White and Black, the board with its
//! holes, check and ply on `show`, and the queen-favouring playouts (so that tiles sink).

use crate::Position;
use crate::bitboard::SIZE;
use crate::position::Color;
use olympiad_core::{Cell, Describe, Picture, Seat, SplitMix64};

impl Describe for Position {
    fn seat_name(&self, seat: Seat) -> String {
        ["White", "Black"][seat.index()].to_string()
    }

    /// Rank 7 at the top; a sunk tile is off the board.
    fn picture(&self) -> Option<Picture> {
        let size = SIZE;
        let mut picture = Picture::new(size, size);
        picture.column_labels = ('a'..='g').map(String::from).collect();
        picture.row_labels = (1..=size).rev().map(|r| r.to_string()).collect();
        for y in 0..size {
            for x in 0..size {
                let sq = ((size - 1 - y) * size + x) as u8;
                let cell = match self.piece_at(sq) {
                    Some((color, kind)) => Cell::Piece {
                        seat: Some(Seat(color.index() as u8)),
                        glyph: match color {
                            Color::White => kind.letter(),
                            Color::Black => kind.letter().to_ascii_lowercase(),
                        },
                    },
                    None if self.tiles() & (1 << sq) != 0 => Cell::Empty,
                    None => Cell::Off,
                };
                picture.set(x, y, cell);
            }
        }
        Some(picture)
    }

    fn board_text(&self) -> String {
        self.to_string()
    }

    fn status(&self) -> Vec<String> {
        let check = if self.in_check() {
            "in check"
        } else {
            "not in check"
        };
        vec![format!("check: {check}"), format!("ply: {}", self.ply())]
    }

    fn playout_move(&self, moves: &[Self::Move], rng: &mut SplitMix64) -> Self::Move {
        crate::playout::biased_move(self, moves, rng)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use olympiad_core::Game;

    #[test]
    fn the_start_picture_has_eight_pieces_and_no_hole() {
        let picture = Position::start().picture().unwrap();
        let pieces = picture
            .cells
            .iter()
            .filter(|c| matches!(c, Cell::Piece { .. }))
            .count();
        assert_eq!(pieces, 8);
        assert!(!picture.cells.contains(&Cell::Off));
        // White's queen on c2: column c, the sixth row from the top.
        assert_eq!(
            picture.get(2, 5),
            Cell::Piece {
                seat: Some(Seat(0)),
                glyph: 'Q'
            }
        );
        assert_eq!(
            Position::start().seat_name(Position::start().to_move()),
            "White"
        );
    }
}
