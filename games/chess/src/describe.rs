//! What chess says about itself to the tools above it: White moves first, the board with
//! rank 1 at the bottom in FEN letters, whether the side to move is in check, the clocks
//! and repetitions the draw rules count, and perft counting only full sequences.

use crate::Position;
use cozy_chess::{Color, File, Rank, Square};
use olympiad_core::perft::GameOverLeaves;
use olympiad_core::{Cell, Describe, Picture, Seat};

impl Describe for Position {
    fn seat_name(&self, seat: Seat) -> String {
        ["White", "Black"][seat.index()].to_string()
    }

    fn picture(&self) -> Option<Picture> {
        let mut picture = Picture::new(8, 8);
        picture.column_labels = File::ALL
            .iter()
            .map(|&f| char::from(f).to_string())
            .collect();
        picture.row_labels = (1..=8).rev().map(|r| r.to_string()).collect();
        for &rank in &Rank::ALL {
            for &file in &File::ALL {
                let square = Square::new(file, rank);
                let (Some(piece), Some(color)) =
                    (self.board.piece_on(square), self.board.color_on(square))
                else {
                    continue;
                };
                let letter = char::from(piece);
                let (seat, glyph) = match color {
                    Color::White => (0, letter.to_ascii_uppercase()),
                    Color::Black => (1, letter),
                };
                let cell = Cell::Piece {
                    seat: Some(Seat(seat)),
                    glyph,
                };
                picture.set(file as usize, 7 - rank as usize, cell);
            }
        }
        Some(picture)
    }

    fn status(&self) -> Vec<String> {
        let side = self.seat_name(olympiad_core::Game::to_move(self));
        let mut lines = Vec::new();
        if !self.board.checkers().is_empty() {
            lines.push(format!("{side} is in check"));
        }
        lines.push(format!(
            "halfmove clock: {} of {} (fifty-move rule)",
            self.board.halfmove_clock(),
            crate::FIFTY_MOVE_PLIES
        ));
        let key = self.repetition_key();
        let seen = self.repetition_keys().filter(|&k| k == key).count();
        if seen > 0 {
            lines.push(format!("this position has occurred {} times", seen + 1));
        }
        if self.chess960 {
            lines.push("Chess960".to_string());
        }
        lines
    }

    const PERFT_GAME_OVER: GameOverLeaves = crate::PERFT_GAME_OVER;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_picture_has_rank_1_at_the_bottom_and_white_in_capitals() {
        let p = Position::start().picture().unwrap();
        assert_eq!(p.row_labels[7], "1");
        assert_eq!(
            p.get(4, 7),
            Cell::Piece {
                seat: Some(Seat(0)),
                glyph: 'K'
            }
        );
        assert!(
            p.to_text()
                .starts_with("8  r n b q k b n r\n7  p p p p p p p p\n")
        );
    }
}
