//! The position as two bit sets, and the move generator: a move clobbers across one pair of
//! orthogonal neighbours, so the moves in one direction are the mover's stones shifted one
//! square that way, met by enemy stones; four shifts find them all.

use crate::zobrist;
use crate::{MAX_SIDE, MAX_SQUARES};
use thiserror::Error;

// The colours: Black (`x`, seat 0, holding a1) moves first.
pub use olympiad_core::Color;

/// A move: the mover's stone on `from` clobbers the enemy stone on `to`, an orthogonal
/// neighbour. Squares are numbered `row * columns + column` from `a1` = 0.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Move {
    /// The square the stone leaves.
    pub from: u8,
    /// The square it takes.
    pub to: u8,
}

/// A board size that cannot be played.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("a board of {rows}x{columns} is not playable: rows and columns must be 1 to {MAX_SIDE}")]
pub struct SizeError {
    /// The rows asked for.
    pub rows: usize,
    /// The columns asked for.
    pub columns: usize,
}

/// A Clobber position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    rows: u8,
    columns: u8,
    /// The stones of each colour, by [`Color`] index.
    stones: [u128; 2],
    side: Color,
    hash: u64,
    /// Every square of the board.
    board: u128,
    /// The squares not in column `a` (where an eastward shift may land).
    not_first_column: u128,
    /// The squares not in the last column (where a westward shift may land).
    not_last_column: u128,
}

impl Position {
    /// An empty board of `rows` x `columns` with Black to move.
    pub fn empty(rows: usize, columns: usize) -> Result<Position, SizeError> {
        if !(1..=MAX_SIDE).contains(&rows) || !(1..=MAX_SIDE).contains(&columns) {
            return Err(SizeError { rows, columns });
        }
        debug_assert!(rows * columns <= MAX_SQUARES);
        let squares = rows * columns;
        let board = if squares == 128 {
            u128::MAX
        } else {
            (1u128 << squares) - 1
        };
        let mut first_column = 0u128;
        for row in 0..rows {
            first_column |= 1u128 << (row * columns);
        }
        let last_column = first_column << (columns - 1);
        let mut position = Position {
            rows: rows as u8,
            columns: columns as u8,
            stones: [0, 0],
            side: Color::Black,
            hash: 0,
            board,
            not_first_column: board & !first_column,
            not_last_column: board & !last_column,
        };
        position.hash = zobrist::from_scratch(&position);
        Ok(position)
    }

    /// The start: every square full, colours alternating, Black on `a1`, Black to move.
    pub fn start(rows: usize, columns: usize) -> Result<Position, SizeError> {
        let mut position = Position::empty(rows, columns)?;
        for row in 0..rows {
            for column in 0..columns {
                let color = if (row + column) % 2 == 0 {
                    Color::Black
                } else {
                    Color::White
                };
                position.stones[color as usize] |= 1u128 << (row * columns + column);
            }
        }
        position.hash = zobrist::from_scratch(&position);
        Ok(position)
    }

    /// A position from its parts: stones of each colour (bit `row * columns + column`)
    /// and the side to move. Stones off the board or on both colours are refused.
    pub fn from_parts(
        rows: usize,
        columns: usize,
        black: u128,
        white: u128,
        side: Color,
    ) -> Result<Position, String> {
        let mut position = Position::empty(rows, columns).map_err(|e| e.to_string())?;
        if (black | white) & !position.board != 0 {
            return Err("a stone lies off the board".into());
        }
        if black & white != 0 {
            return Err("a square holds two stones".into());
        }
        position.stones = [black, white];
        position.side = side;
        position.hash = zobrist::from_scratch(&position);
        Ok(position)
    }

    /// Rows of the board.
    pub fn rows(&self) -> usize {
        usize::from(self.rows)
    }

    /// Columns of the board.
    pub fn columns(&self) -> usize {
        usize::from(self.columns)
    }

    /// The stones of `color`.
    pub fn stones(&self, color: Color) -> u128 {
        self.stones[color as usize]
    }

    /// The colour on square `square`, if any.
    pub fn at(&self, square: usize) -> Option<Color> {
        let bit = 1u128 << square;
        if self.stones[0] & bit != 0 {
            Some(Color::Black)
        } else if self.stones[1] & bit != 0 {
            Some(Color::White)
        } else {
            None
        }
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// The incrementally kept Zobrist hash.
    pub(crate) fn hash(&self) -> u64 {
        self.hash
    }

    /// The targets of the mover's moves in each direction, with the offset from target back
    /// to source: east, west, north, south.
    #[inline]
    fn targets(&self) -> [(u128, i32); 4] {
        let mine = self.stones[self.side as usize];
        let enemy = self.stones[self.side.other() as usize];
        let c = u32::from(self.columns);
        [
            ((mine << 1) & enemy & self.not_first_column, -1),
            ((mine >> 1) & enemy & self.not_last_column, 1),
            ((mine << c) & enemy, -(c as i32)),
            ((mine >> c) & enemy, c as i32),
        ]
    }

    /// The stones of `color` that have a move (an orthogonal enemy neighbour), whoever is to
    /// move. (Every adjacent pair of opposite stones is a move for both sides, so the two
    /// sides' move counts are always equal; which stones still take part is what differs.)
    pub fn movable(&self, color: Color) -> u32 {
        self.movable_among(
            self.stones[color as usize],
            self.stones[color.other() as usize],
        )
    }

    /// How many of the stones `mine` have an orthogonal neighbour in `enemy`.
    pub(crate) fn movable_among(&self, mine: u128, enemy: u128) -> u32 {
        (mine & self.neighbours(enemy)).count_ones()
    }

    /// The squares orthogonally next to some square of `set` (on the board).
    pub(crate) fn neighbours(&self, set: u128) -> u128 {
        let c = u32::from(self.columns);
        ((set << 1) & self.not_first_column)
            | ((set >> 1) & self.not_last_column)
            | ((set << c) & self.board)
            | (set >> c)
    }

    /// Calls `f` with every legal move.
    #[inline]
    pub(crate) fn for_each_move(&self, mut f: impl FnMut(Move)) {
        for (mut targets, back) in self.targets() {
            while targets != 0 {
                let to = targets.trailing_zeros() as i32;
                targets &= targets - 1;
                f(Move {
                    from: (to + back) as u8,
                    to: to as u8,
                });
            }
        }
    }

    /// The number of legal moves.
    #[inline]
    pub(crate) fn move_count(&self) -> usize {
        self.targets()
            .iter()
            .map(|(t, _)| t.count_ones() as usize)
            .sum()
    }

    /// Plays `mv` (which must be legal).
    #[inline]
    pub(crate) fn make(&mut self, mv: Move) {
        let me = self.side as usize;
        let them = 1 - me;
        let (from, to) = (1u128 << mv.from, 1u128 << mv.to);
        self.stones[me] ^= from | to;
        self.stones[them] ^= to;
        self.hash ^= zobrist::SQUARE[me][usize::from(mv.from)]
            ^ zobrist::SQUARE[me][usize::from(mv.to)]
            ^ zobrist::SQUARE[them][usize::from(mv.to)]
            ^ zobrist::WHITE_TO_MOVE;
        self.side = self.side.other();
    }
}
