//! The two colours of the two-seat board games (Clobber, Hex, Connect6, Lines of Action):
//! one type, so that each game says only what its colours mean (which edges Hex's join,
//! which rows Lines of Action's start on), not how they flip or print.

/// A colour of a two-seat game; Black is seat 0 and moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    /// Seat 0, `x` in position texts; moves first.
    Black = 0,
    /// Seat 1, `o` in position texts.
    White = 1,
}

impl Color {
    /// Both colours, Black first.
    pub const ALL: [Color; 2] = [Color::Black, Color::White];

    /// The other colour.
    #[inline]
    pub const fn other(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// Its letter in position texts: `x` Black, `o` White.
    pub const fn letter(self) -> char {
        match self {
            Color::Black => 'x',
            Color::White => 'o',
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Color;

    #[test]
    fn colours_flip_and_print() {
        assert_eq!(Color::Black.other(), Color::White);
        assert_eq!(Color::White.other(), Color::Black);
        assert_eq!(Color::ALL.map(Color::letter), ['x', 'o']);
        assert_eq!(Color::ALL.map(|c| c as usize), [0, 1]);
    }
}
