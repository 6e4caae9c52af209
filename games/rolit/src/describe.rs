//! What Rolit says about itself to the tools above it: players 1 to 4, the board with the
//! neutral colours of a game for fewer players, and the balls each colour holds (its own
//! score, which the Caia referee reports and `game_score` tournaments count).

use crate::Position;
use olympiad_core::{Cell, Describe, OwnScore, Picture, Seat};

impl Describe for Position {
    fn seat_name(&self, seat: Seat) -> String {
        format!("player {}", seat.0 + 1)
    }

    /// Square 1 at the top left; a ball shows its colour's number, neutral for the colours
    /// nobody plays.
    fn picture(&self) -> Option<Picture> {
        let mut picture = Picture::new(8, 8);
        for colour in 0..crate::PLAYERS {
            let balls = self.balls(Seat(colour as u8));
            for sq in 0..64 {
                if balls & (1 << sq) != 0 {
                    let seat = (colour < self.players()).then_some(Seat(colour as u8));
                    let glyph = char::from(b'1' + colour as u8);
                    picture.set(sq % 8, sq / 8, Cell::Piece { seat, glyph });
                }
            }
        }
        Some(picture)
    }

    fn board_text(&self) -> String {
        self.to_string()
    }

    fn own_score(&self) -> Option<OwnScore> {
        Some(OwnScore {
            unit: "balls",
            seats: (0..self.players())
                .map(|s| i64::from(self.balls(Seat(s as u8)).count_ones()))
                .collect(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn three_players_see_the_fourth_colour_as_neutral() {
        let pos = Position::start_with(3);
        let picture = pos.picture().unwrap();
        let neutral = picture
            .cells
            .iter()
            .filter(|c| matches!(c, Cell::Piece { seat: None, .. }))
            .count();
        assert_eq!(neutral, 1);
        assert_eq!(pos.own_score().unwrap().seats, vec![1, 1, 1]);
        assert_eq!(pos.seat_name(Seat(2)), "player 3");
    }
}
