//! What Go says about itself to the tools above it: Black and White, the board with GTP's
//! labels (row 1 at the bottom, no column I), the area each side holds and the komi, and a
//! playout policy that does not fill its own eyes (uniform play would fill them and make
//! random games long and their positions dull).

use crate::point::{Color, Point};
use crate::position::Position;
use crate::text::komi_text;
use olympiad_core::perft::GameOverLeaves;
use olympiad_core::{Cell, Describe, OwnScore, Picture, Seat, SplitMix64};

impl Describe for Position {
    fn seat_name(&self, seat: Seat) -> String {
        ["Black", "White"][seat.index()].to_string()
    }

    fn picture(&self) -> Option<Picture> {
        let size = self.size();
        let mut picture = Picture::new(size, size);
        picture.column_labels = (0..size)
            .map(|x| {
                let p = Point::from_xy(x, 0, size).expect("on the board");
                p.to_gtp(size).trim_end_matches('1').to_string()
            })
            .collect();
        picture.row_labels = (1..=size).rev().map(|r| r.to_string()).collect();
        for p in self.points() {
            if let Some(color) = self.color_at(p) {
                let (x, y) = p.xy(size).expect("a point");
                let cell = Cell::Piece {
                    seat: Some(Seat(color.index() as u8)),
                    glyph: color.letter(),
                };
                picture.set(x, size - 1 - y, cell);
            }
        }
        Some(picture)
    }

    /// Each colour's Tromp-Taylor area (Black, White), komi not included: what GTP's
    /// `final_score` counts from, the catalog adding the komi parameter to White.
    fn own_score(&self) -> Option<OwnScore> {
        let [black, white] = self.area();
        Some(OwnScore {
            unit: "points of area",
            seats: vec![black as i64, white as i64],
        })
    }

    fn status(&self) -> Vec<String> {
        let [black, white] = self.area();
        let mut lines = vec![format!(
            "area: Black {black}, White {white} + komi {}",
            komi_text(self.komi_halves())
        )];
        if let Some(ko) = self.ko_point() {
            lines.push(format!("ko: {} may not be retaken", ko.to_gtp(self.size())));
        }
        if self.passes() == 1 {
            lines.push("the last move was a pass".into());
        }
        lines
    }

    const PERFT_GAME_OVER: GameOverLeaves = crate::PERFT_GAME_OVER;

    /// Uniform over the moves that do not fill one of the mover's own eyes
    /// ([`Position::is_eye`]); the pass only when there is no other.
    fn playout_move(&self, moves: &[Point], rng: &mut SplitMix64) -> Point {
        let me: Color = self.side_to_move();
        let candidates = moves
            .iter()
            .filter(|&&p| !p.is_pass() && !self.is_eye(p, me))
            .count();
        if candidates == 0 {
            return Point::PASS;
        }
        let pick = rng.below(candidates);
        *moves
            .iter()
            .filter(|&&p| !p.is_pass() && !self.is_eye(p, me))
            .nth(pick)
            .expect("within the count")
    }
}
