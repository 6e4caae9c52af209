//! The fast Hex board: a cell per byte, and the chains of each colour in a union-find whose
//! four extra members are the board's edges, so that a move joins its chain to its
//! neighbours' and to the edges it touches in near-constant time, and the game is won the
//! moment a colour's two edges fall in one set.
//!
//! Geometry (HexGui's and benzene's): columns `a..` from left to right, rows `1..` from top
//! to bottom, each row shifted half a cell to the right of the one above, so cell (c, r)
//! touches (c-1, r), (c+1, r), (c, r-1), (c+1, r-1), (c-1, r+1) and (c, r+1). Black joins
//! the top and bottom rows (north and south), White the left and right columns (west and
//! east).
//!
//! The swap (the Olympiad's rule 3): after the first move, and only then, the responding
//! program may play `swap`. The stone stays where and what it is; the programs exchange
//! colours, so the opening program, now White, makes the second move. The board records
//! the colours only; [`Position::swapped`] says which seat holds which.

use crate::zobrist;
use olympiad_core::Seat;
use thiserror::Error;

/// The largest board side: 19 (`a..s`), as HexGui offers.
pub const MAX_SIZE: usize = 19;
/// Cells of the largest board.
pub const MAX_CELLS: usize = MAX_SIZE * MAX_SIZE;
/// The union-find's members: the cells, then the four edges.
const MEMBERS: usize = MAX_CELLS + 4;
/// The edges' members: north, south (Black's), west, east (White's).
const NORTH: usize = MAX_CELLS;
const SOUTH: usize = MAX_CELLS + 1;
const WEST: usize = MAX_CELLS + 2;
const EAST: usize = MAX_CELLS + 3;

// The colours: Black (seat 0) moves first and joins the top and bottom rows; White joins
// the left and right columns.
pub use olympiad_core::Color;

/// A move: a cell (`row * size + column`) or the swap.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Move(pub u16);

impl Move {
    /// The swap.
    pub const SWAP: Move = Move(u16::MAX);

    /// Is this the swap?
    pub const fn is_swap(self) -> bool {
        self.0 == u16::MAX
    }

    /// The cell of a stone move.
    pub const fn cell(self) -> usize {
        self.0 as usize
    }
}

/// A board side out of range.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[error("a Hex board has 1 to {MAX_SIZE} cells a side, not {0}")]
pub struct SizeError(pub usize);

/// A Hex position.
#[derive(Clone)]
pub struct Position {
    size: u8,
    swap_rule: bool,
    swapped: bool,
    to_move: Color,
    winner: Option<Color>,
    stones: u16,
    hash: u64,
    /// The last move played, if the game was played here (a position read from text has
    /// none); not part of the game's identity.
    last: Option<Move>,
    /// 0 empty, 1 Black, 2 White, by cell.
    cells: [u8; MAX_CELLS],
    /// The union-find: a member's parent (itself for a set's root).
    parent: [u16; MEMBERS],
}

/// Positions are equal when the game is: the same cells, colour to move, swap state and
/// rule (the union-find's shape depends on the order stones came in, and does not count).
impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        let cells = self.size() * self.size();
        self.size == other.size
            && self.swap_rule == other.swap_rule
            && self.swapped == other.swapped
            && self.to_move == other.to_move
            && self.cells[..cells] == other.cells[..cells]
    }
}

impl Eq for Position {}

impl std::fmt::Debug for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Position({})", crate::text::position_text(self))
    }
}

impl Position {
    /// The empty board of `size` cells a side, Black to move; `swap`: whether the second
    /// move may be the swap.
    pub fn new(size: usize, swap: bool) -> Result<Position, SizeError> {
        if !(1..=MAX_SIZE).contains(&size) {
            return Err(SizeError(size));
        }
        let mut parent = [0u16; MEMBERS];
        for (i, p) in parent.iter_mut().enumerate() {
            *p = i as u16;
        }
        Ok(Position {
            size: size as u8,
            swap_rule: swap,
            swapped: false,
            to_move: Color::Black,
            winner: None,
            stones: 0,
            hash: 0,
            last: None,
            cells: [0; MAX_CELLS],
            parent,
        })
    }

    /// The Olympiad's game: 11x11 with the swap.
    pub fn start11() -> Position {
        Position::new(11, true).expect("11 is a size")
    }

    /// Cells a side.
    pub fn size(&self) -> usize {
        usize::from(self.size)
    }

    /// Whether the rules offer the swap.
    pub fn swap_rule(&self) -> bool {
        self.swap_rule
    }

    /// Whether the swap was played: the first seat then holds White.
    pub fn swapped(&self) -> bool {
        self.swapped
    }

    /// The colour of the next stone.
    pub fn side_to_move(&self) -> Color {
        self.to_move
    }

    /// The colour that has joined its edges, if one has.
    pub fn winner(&self) -> Option<Color> {
        self.winner
    }

    /// Stones on the board.
    pub fn stones(&self) -> usize {
        usize::from(self.stones)
    }

    /// The seat holding `color`: Black is the first seat's unless the swap was played.
    pub fn seat_of(&self, color: Color) -> Seat {
        Seat((color as u8) ^ u8::from(self.swapped))
    }

    /// The stone on a cell.
    pub fn at(&self, cell: usize) -> Option<Color> {
        match self.cells[cell] {
            1 => Some(Color::Black),
            2 => Some(Color::White),
            _ => None,
        }
    }

    /// The last move played on this position, if it was reached by play (the engine's
    /// playouts answer it); `None` at the start and for a position read from text.
    pub fn last_move(&self) -> Option<Move> {
        self.last
    }

    /// The same stones with `color` to place the next stone: a probe of what a stone of
    /// either colour would do (the engine's test of threats), which may be a position no
    /// game reaches.
    pub fn with_turn(&self, color: Color) -> Position {
        let mut probe = self.clone();
        if probe.to_move != color {
            probe.to_move = color;
            probe.hash ^= zobrist::WHITE_TO_MOVE;
        }
        probe
    }

    /// The incrementally kept hash.
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Whether the swap is a legal move now: the rule offers it and exactly the first move
    /// has been played.
    pub fn swap_available(&self) -> bool {
        self.swap_rule && !self.swapped && self.stones == 1 && self.winner.is_none()
    }

    /// Calls `f` with every legal move: the empty cells in order, then the swap.
    pub fn for_each_move(&self, mut f: impl FnMut(Move)) {
        if self.winner.is_some() {
            return;
        }
        let cells = self.size() * self.size();
        for (cell, &c) in self.cells[..cells].iter().enumerate() {
            if c == 0 {
                f(Move(cell as u16));
            }
        }
        if self.swap_available() {
            f(Move::SWAP);
        }
    }

    /// The number of legal moves.
    pub fn move_count(&self) -> usize {
        if self.winner.is_some() {
            return 0;
        }
        let cells = self.size() * self.size();
        cells - self.stones() + usize::from(self.swap_available())
    }

    /// Whether `mv` is legal.
    pub fn is_legal_move(&self, mv: Move) -> bool {
        if self.winner.is_some() {
            return false;
        }
        if mv.is_swap() {
            return self.swap_available();
        }
        mv.cell() < self.size() * self.size() && self.cells[mv.cell()] == 0
    }

    fn find(&mut self, mut x: usize) -> usize {
        while usize::from(self.parent[x]) != x {
            let grand = self.parent[usize::from(self.parent[x])];
            self.parent[x] = grand;
            x = usize::from(grand);
        }
        x
    }

    fn union(&mut self, a: usize, b: usize) {
        let (ra, rb) = (self.find(a), self.find(b));
        if ra != rb {
            // Hang the lower index under the higher (no ranks: path halving keeps the
            // trees shallow enough for boards of at most 365 members).
            let (low, high) = if ra < rb { (ra, rb) } else { (rb, ra) };
            self.parent[low] = high as u16;
        }
    }

    /// Plays a legal move.
    pub fn make(&mut self, mv: Move) {
        self.last = Some(mv);
        if mv.is_swap() {
            self.swapped = true;
            self.hash ^= zobrist::SWAPPED;
            // The opening program, now White, makes the second move: the colour to move
            // stays White.
            return;
        }
        let cell = mv.cell();
        let color = self.to_move;
        let size = self.size();
        self.cells[cell] = color as u8 + 1;
        self.stones += 1;
        self.hash ^= zobrist::CELL[color as usize][cell];
        let (c, r) = ((cell % size) as isize, (cell / size) as isize);
        const STEPS: [(isize, isize); 6] = [(-1, 0), (1, 0), (0, -1), (1, -1), (-1, 1), (0, 1)];
        for (dc, dr) in STEPS {
            let (nc, nr) = (c + dc, r + dr);
            if nc < 0 || nr < 0 || nc >= size as isize || nr >= size as isize {
                continue;
            }
            let n = (nr as usize) * size + nc as usize;
            if self.cells[n] == color as u8 + 1 {
                self.union(cell, n);
            }
        }
        let (first_edge, second_edge) = match color {
            Color::Black => {
                if r == 0 {
                    self.union(cell, NORTH);
                }
                if r == size as isize - 1 {
                    self.union(cell, SOUTH);
                }
                (NORTH, SOUTH)
            }
            Color::White => {
                if c == 0 {
                    self.union(cell, WEST);
                }
                if c == size as isize - 1 {
                    self.union(cell, EAST);
                }
                (WEST, EAST)
            }
        };
        if self.find(first_edge) == self.find(second_edge) {
            self.winner = Some(color);
        }
        self.to_move = color.other();
        self.hash ^= zobrist::WHITE_TO_MOVE;
    }

    /// A position from its parts, checked (for the text reader): stones by cell, the
    /// colour to move, whether the swap was played, whether the rule offers it.
    pub(crate) fn from_parts(
        size: usize,
        stones: &[Option<Color>],
        to_move: Color,
        swapped: bool,
        swap_rule: bool,
    ) -> Result<Position, String> {
        let mut pos = Position::new(size, swap_rule).map_err(|e| e.to_string())?;
        let black = stones.iter().filter(|s| **s == Some(Color::Black)).count();
        let white = stones.iter().filter(|s| **s == Some(Color::White)).count();
        let expected_side = if black == white {
            Color::Black
        } else if black == white + 1 {
            Color::White
        } else {
            return Err(format!(
                "{black} Black and {white} White stones: Black has as many as White or one more"
            ));
        };
        if to_move != expected_side {
            return Err(format!(
                "with {black} Black and {white} White stones, {} is to move",
                if expected_side == Color::Black {
                    "Black"
                } else {
                    "White"
                }
            ));
        }
        if swapped && !swap_rule {
            return Err("the swap was played but the rule does not offer it".into());
        }
        if swapped && (black, white) == (0, 0) {
            return Err("the swap follows the first stone".into());
        }
        // Place the stones colour by colour in turn, so that the union-find and the hash
        // come from the same code as play; the winner is decided below, whoever joined.
        let blacks: Vec<usize> = (0..stones.len())
            .filter(|&i| stones[i] == Some(Color::Black))
            .collect();
        let whites: Vec<usize> = (0..stones.len())
            .filter(|&i| stones[i] == Some(Color::White))
            .collect();
        let mut winners = [false; 2];
        for i in 0..blacks.len().max(whites.len()) {
            for (list, color) in [(&blacks, Color::Black), (&whites, Color::White)] {
                if let Some(&cell) = list.get(i) {
                    pos.to_move = color;
                    pos.winner = None;
                    pos.make(Move(cell as u16));
                    if pos.winner.is_some() {
                        winners[color as usize] = true;
                    }
                }
            }
        }
        // No board joins both (the Hex theorem; the conformance test checks it on random
        // boards), so at most one of these is set.
        pos.winner = match winners {
            [true, _] => Some(Color::Black),
            [_, true] => Some(Color::White),
            _ => None,
        };
        pos.to_move = to_move;
        pos.last = None;
        if swapped {
            pos.swapped = true;
        }
        pos.hash = zobrist::from_scratch(&pos);
        Ok(pos)
    }
}
