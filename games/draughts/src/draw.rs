//! The draw rules of the FMJD rules (Annex 1, article 8) that end a game by themselves, and
//! what the position keeps for them.
//!
//! What is implemented, and how:
//! - **Threefold repetition** (8.2): the game is drawn when the same position (pieces, kings,
//!   side to move) stands on the board for the third time. Men's moves and captures can
//!   never be undone, so only the positions since the last of them are kept (as hash keys,
//!   in a list shared between copies, outside equality, as the game's history is).
//! - **25 moves** (8.3): drawn when for 25 moves each (50 plies) only kings have moved,
//!   without a capture. [`QUIET_LIMIT`] plies.
//! - **16 moves** (8.4): with three pieces of which at least one king (three kings, two kings
//!   and a man, a king and two men) against a lone king, drawn when each side has made 16
//!   more moves (32 plies) in that ending.
//! - **5 moves** (8.5): with two kings, a king and a man, or a king against a lone king,
//!   drawn after 5 more moves each (10 plies).
//!
//! The count of an ending starts at 0 in the position where its material is first reached,
//! and runs while the same rule applies (a man crowned in the 16-move ending keeps it
//! running: the material is still one of the three). A capture that takes the game from the
//! 16-move ending into the 5-move one starts the 5-move count afresh (the rule reads "5 more
//! moves" from the moment that material stands on the board). The draw is declared after the
//! move that completes a count: a position where a count is complete is over, drawn, even if
//! the side to move has no move. Draw by agreement is the players' business, not the rules'.
//!
//! Perft counts plain move sequences: the published tables apply no draw rule, and a position
//! read with the token `draws=off` applies none either (its counters stay 0 and no history is
//! kept, so positions reached by different paths compare equal in the perft table). With the
//! draw rules on, the published counts come out the same where no line can reach a draw
//! within the depth (the start to depth 11, Random178 to depth 9: measured), but the hashed
//! perft driver would merge positions whose histories differ (the history is outside
//! equality), so counts meant to include draws should use the plain walk.

/// Plies of kings' moves without a capture after which the game is drawn (25 moves each).
pub const QUIET_LIMIT: u8 = 50;
/// Plies in the 16-move ending after which the game is drawn (16 moves each).
pub const SIXTEEN_LIMIT: u8 = 32;
/// Plies in the 5-move ending after which the game is drawn (5 moves each).
pub const FIVE_LIMIT: u8 = 10;
/// How often a position must stand on the board for the automatic draw.
pub const REPETITIONS: usize = 3;

/// An endgame with a move limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// Three pieces, at least one a king, against a lone king (article 8.4).
    Sixteen,
    /// One or two pieces, at least one a king, against a lone king (article 8.5).
    Five,
}

impl Ending {
    /// The ending of a material: each side's piece count and king count. `None` when no
    /// move limit applies.
    pub fn of(white: (u32, u32), black: (u32, u32)) -> Option<Ending> {
        let one = |strong: (u32, u32), weak: (u32, u32)| {
            if weak != (1, 1) || strong.1 == 0 {
                return None;
            }
            match strong.0 {
                1 | 2 => Some(Ending::Five),
                3 => Some(Ending::Sixteen),
                _ => None,
            }
        };
        // King against king is the 5-move ending either way round.
        one(white, black).or_else(|| one(black, white))
    }

    /// Its name: "16-move ending" or "5-move ending".
    pub fn name(self) -> &'static str {
        match self {
            Ending::Sixteen => "16-move ending",
            Ending::Five => "5-move ending",
        }
    }

    /// Plies after which the game is drawn.
    pub fn limit(self) -> u8 {
        match self {
            Ending::Sixteen => SIXTEEN_LIMIT,
            Ending::Five => FIVE_LIMIT,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_endings_of_article_8() {
        let k = (1, 1);
        assert_eq!(Ending::of((3, 3), k), Some(Ending::Sixteen));
        assert_eq!(Ending::of((3, 2), k), Some(Ending::Sixteen));
        assert_eq!(Ending::of(k, (3, 1)), Some(Ending::Sixteen));
        assert_eq!(Ending::of((3, 0), k), None, "three men need no limit");
        assert_eq!(Ending::of((2, 2), k), Some(Ending::Five));
        assert_eq!(Ending::of((2, 1), k), Some(Ending::Five));
        assert_eq!(Ending::of(k, k), Some(Ending::Five));
        assert_eq!(Ending::of((2, 0), k), None, "two men against a king");
        assert_eq!(Ending::of((4, 4), k), None);
        assert_eq!(Ending::of((3, 3), (1, 0)), None, "against a man");
        assert_eq!(Ending::of((3, 3), (2, 2)), None);
    }
}
