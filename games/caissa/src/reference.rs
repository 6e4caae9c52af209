//! The slow reference move generator for Caïssa, written straight from the rules text.
//!
//! Why it exists: the fast bitboard generator of this crate is cross-checked against this
//! module on millions of random positions (house style, rule 5: every fast path has a slow
//! twin). For that check to mean anything the two must not share a single line: this module
//! has its own board (49 cells, each a tile flag and an optional piece), its own position
//! text parser and printer, its own move notation, and it never calls the rest of the crate.
//!
//! It is deliberately plain rather than fast. [`RefPosition::legal_moves`] does exactly what
//! the spec says, in the spec's order:
//! 1. generate every pseudo-move by the movement rules (geometry and destination);
//! 2. apply each one to a copy of the board, by the spec's "Applying a move";
//! 3. keep it only if the copy passes every legality condition: the connection rule (a plain
//!    flood fill over the tiles, after the queen's vacated tile is gone), the mutual check
//!    rule, no self-check, and no immediate re-exchange.
//!
//! # Decisions
//! The spec's own decisions, and the points this module had to settle itself, all in one place:
//! - Connection rule after a queen move counts the removal of the tile she left (spec: decided).
//! - No immediate re-exchange: a move with the same (from, to) pair as the opponent's last move
//!   is illegal ([`FORBID_IMMEDIATE_REEXCHANGE`]; spec: decided).
//! - Stalemate is a draw (spec: decided).
//! - Ply limit: once [`PLY_LIMIT`] plies have been played the game is over as a draw and there
//!   are no legal moves, even if the position would otherwise be checkmate or stalemate.
//! - Enemy queen as a destination: the queen captures only rooks, bishops and knights, and a
//!   rook, bishop or knight never moves onto (or swaps with) the enemy queen. Neither case can
//!   arise from a legal game: a queen that could reach the other queen along a line would be
//!   seeing it (mutual check), and a rook, bishop or knight that could reach the enemy queen
//!   would mean the opponent's last move left its own queen in check.
//! - A position without a queen (only possible in hand-made text): that side is never in
//!   check and the mutual check rule does not apply to it.
//! - Parsing accepts at most one piece of each kind per side (captures only remove pieces),
//!   any tile pattern (connection is a rule on moves, not on text), and any ply count that fits
//!   a `u32`. A last move is read in either case and must name two different squares.

use std::fmt::Write as _;

/// Plies after which the game ends as a draw (spec: "200 plies played without a result").
pub const PLY_LIMIT: u32 = 200;

/// Whether a move repeating the opponent's last (from, to) pair is illegal (spec: decided).
pub const FORBID_IMMEDIATE_REEXCHANGE: bool = true;

/// Board width and height.
const SIZE: i32 = 7;

/// Number of squares.
const SQUARE_COUNT: usize = 49;

/// Rook directions (file step, rank step).
const ORTHOGONAL: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];

/// Bishop directions (file step, rank step).
const DIAGONAL: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

/// Queen directions, and the 8 neighbours of a square.
const ALL_DIRECTIONS: [(i32, i32); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];

/// Knight jumps (file step, rank step).
const KNIGHT_JUMPS: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// The result of a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RefOutcome {
    WhiteWins,
    BlackWins,
    Draw,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Color {
    White,
    Black,
}

impl Color {
    fn opponent(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Queen,
    Rook,
    Bishop,
    Knight,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Piece {
    color: Color,
    kind: Kind,
}

impl Piece {
    fn from_char(c: char) -> Option<Piece> {
        let kind = match c.to_ascii_uppercase() {
            'Q' => Kind::Queen,
            'R' => Kind::Rook,
            'B' => Kind::Bishop,
            'N' => Kind::Knight,
            _ => return None,
        };
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        Some(Piece { color, kind })
    }

    fn to_char(self) -> char {
        let upper = match self.kind {
            Kind::Queen => 'Q',
            Kind::Rook => 'R',
            Kind::Bishop => 'B',
            Kind::Knight => 'N',
        };
        match self.color {
            Color::White => upper,
            Color::Black => upper.to_ascii_lowercase(),
        }
    }
}

/// One square of the board: whether it still has its tile, and what stands on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Cell {
    tile: bool,
    piece: Option<Piece>,
}

/// A square by zero-based file (a = 0) and rank (1 = 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Square {
    file: i32,
    rank: i32,
}

impl Square {
    fn new(file: i32, rank: i32) -> Option<Square> {
        ((0..SIZE).contains(&file) && (0..SIZE).contains(&rank)).then_some(Square { file, rank })
    }

    fn index(self) -> usize {
        (SIZE * self.rank + self.file) as usize
    }

    fn all() -> impl Iterator<Item = Square> {
        (0..SIZE).flat_map(|rank| (0..SIZE).map(move |file| Square { file, rank }))
    }

    fn step(self, (file_step, rank_step): (i32, i32)) -> Option<Square> {
        Square::new(self.file + file_step, self.rank + rank_step)
    }

    fn name(self) -> String {
        let file = char::from(b'a' + self.file as u8);
        format!("{file}{}", self.rank + 1)
    }

    /// Reads a square name such as `c3` or `C3`.
    fn parse(text: &str) -> Option<Square> {
        let mut chars = text.chars();
        let file = chars.next()?.to_ascii_lowercase();
        let rank = chars.next()?;
        if chars.next().is_some() || !('a'..='g').contains(&file) || !('1'..='7').contains(&rank) {
            return None;
        }
        Square::new(file as i32 - 'a' as i32, rank as i32 - '1' as i32)
    }
}

/// A move: the two squares are all that is written, and all that is needed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct RefMove {
    from: Square,
    to: Square,
}

impl RefMove {
    fn text(self) -> String {
        format!("{}-{}", self.from.name(), self.to.name())
    }

    /// Reads `b2-c4` in either case.
    fn parse(text: &str) -> Option<RefMove> {
        let (from, to) = text.split_once('-')?;
        Some(RefMove {
            from: Square::parse(from)?,
            to: Square::parse(to)?,
        })
    }
}

/// A Caïssa position: tiles, pieces, side to move, last move and plies played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefPosition {
    cells: [Cell; SQUARE_COUNT],
    side: Color,
    last_move: Option<RefMove>,
    ply: u32,
}

impl RefPosition {
    /// The start position, built from the spec's set-up table (not from text, so that the
    /// parser can be checked against it).
    pub fn start() -> Self {
        let mut cells = [Cell {
            tile: true,
            piece: None,
        }; SQUARE_COUNT];
        let setup = [
            ("c2", Color::White, Kind::Queen),
            ("c3", Color::White, Kind::Rook),
            ("d2", Color::White, Kind::Bishop),
            ("b2", Color::White, Kind::Knight),
            ("e6", Color::Black, Kind::Queen),
            ("e5", Color::Black, Kind::Rook),
            ("d6", Color::Black, Kind::Bishop),
            ("f6", Color::Black, Kind::Knight),
        ];
        for (name, color, kind) in setup {
            let square = Square::parse(name).expect("set-up squares are valid names");
            cells[square.index()].piece = Some(Piece { color, kind });
        }
        RefPosition {
            cells,
            side: Color::White,
            last_move: None,
            ply: 0,
        }
    }

    /// Reads `<rank7>/.../<rank1> <side> <last-move> <ply>`.
    pub fn from_text(text: &str) -> Result<Self, String> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        if fields.len() != 4 {
            return Err(format!(
                "expected 4 space-separated fields (board, side, last move, ply), found {}",
                fields.len()
            ));
        }
        let (board, side, last, ply) = (fields[0], fields[1], fields[2], fields[3]);

        let rows: Vec<&str> = board.split('/').collect();
        if rows.len() != SIZE as usize {
            return Err(format!(
                "board field: expected 7 ranks separated by '/', found {}",
                rows.len()
            ));
        }
        let mut cells = [Cell {
            tile: true,
            piece: None,
        }; SQUARE_COUNT];
        let mut seen: Vec<Piece> = Vec::new();
        for (row_number, row) in rows.iter().enumerate() {
            let rank = SIZE - 1 - row_number as i32;
            let chars: Vec<char> = row.chars().collect();
            if chars.len() != SIZE as usize {
                return Err(format!(
                    "board field, rank {}: expected 7 characters, found {}",
                    rank + 1,
                    chars.len()
                ));
            }
            for (file, &c) in chars.iter().enumerate() {
                let square = Square::new(file as i32, rank).expect("inside the board");
                let cell = &mut cells[square.index()];
                match c {
                    '.' => {}
                    'x' => cell.tile = false,
                    _ => {
                        let piece = Piece::from_char(c).ok_or_else(|| {
                            format!(
                                "board field, rank {}, character {} (square {}): \
                                 unexpected '{c}', expected one of . x Q R B N q r b n",
                                rank + 1,
                                file + 1,
                                square.name()
                            )
                        })?;
                        if seen.contains(&piece) {
                            return Err(format!(
                                "board field, square {}: a second '{c}' (each side has at most \
                                 one piece of each kind)",
                                square.name()
                            ));
                        }
                        seen.push(piece);
                        cell.piece = Some(piece);
                    }
                }
            }
        }

        let side = match side {
            "w" => Color::White,
            "b" => Color::Black,
            other => return Err(format!("side field: expected 'w' or 'b', found '{other}'")),
        };

        let last_move = if last == "-" {
            None
        } else {
            let mv = RefMove::parse(last).ok_or_else(|| {
                format!("last-move field: expected '-' or a move like 'c3-e3', found '{last}'")
            })?;
            if mv.from == mv.to {
                return Err(format!(
                    "last-move field: '{last}' starts and ends on the same square"
                ));
            }
            Some(mv)
        };

        if ply.is_empty() || !ply.chars().all(|c| c.is_ascii_digit()) {
            return Err(format!(
                "ply field: expected a decimal number, found '{ply}'"
            ));
        }
        let ply: u32 = ply
            .parse()
            .map_err(|_| format!("ply field: '{ply}' is too large"))?;

        Ok(RefPosition {
            cells,
            side,
            last_move,
            ply,
        })
    }

    /// Writes the position text, moves in lower case.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        for rank in (0..SIZE).rev() {
            for file in 0..SIZE {
                let cell = self.cell(Square { file, rank });
                out.push(match (cell.tile, cell.piece) {
                    (_, Some(piece)) => piece.to_char(),
                    (true, None) => '.',
                    (false, None) => 'x',
                });
            }
            if rank > 0 {
                out.push('/');
            }
        }
        out.push_str(match self.side {
            Color::White => " w ",
            Color::Black => " b ",
        });
        match self.last_move {
            Some(mv) => out.push_str(&mv.text()),
            None => out.push('-'),
        }
        write!(out, " {}", self.ply).expect("writing to a String cannot fail");
        out
    }

    /// The legal moves as texts like `b2-c4`, sorted ascending; empty once the game is over.
    pub fn legal_moves(&self) -> Vec<String> {
        let mut texts: Vec<String> = self
            .legal_ref_moves()
            .into_iter()
            .map(RefMove::text)
            .collect();
        texts.sort();
        texts
    }

    /// Whether the side to move's queen could be reached by an enemy rook, bishop or knight.
    pub fn in_check(&self) -> bool {
        self.queen_attacked(self.side)
    }

    /// `None` while the game goes on; checkmate loses for the side to move; stalemate and the
    /// ply limit draw.
    pub fn outcome(&self) -> Option<RefOutcome> {
        if self.ply >= PLY_LIMIT {
            return Some(RefOutcome::Draw);
        }
        if !self.legal_ref_moves().is_empty() {
            return None;
        }
        if !self.in_check() {
            return Some(RefOutcome::Draw);
        }
        Some(match self.side {
            Color::White => RefOutcome::BlackWins,
            Color::Black => RefOutcome::WhiteWins,
        })
    }

    /// Plays a move given as text (either case), after checking that it is legal.
    pub fn play(&mut self, mv: &str) -> Result<(), String> {
        let parsed =
            RefMove::parse(mv).ok_or_else(|| format!("'{mv}' is not a move like 'b2-c4'"))?;
        if !self.legal_ref_moves().contains(&parsed) {
            return Err(format!("'{mv}' is not legal in {}", self.to_text()));
        }
        self.apply(parsed);
        Ok(())
    }

    fn cell(&self, square: Square) -> Cell {
        self.cells[square.index()]
    }

    fn queen_square(&self, color: Color) -> Option<Square> {
        let queen = Piece {
            color,
            kind: Kind::Queen,
        };
        Square::all().find(|&square| self.cell(square).piece == Some(queen))
    }

    /// The squares along one direction from `from` (not included), up to and including the
    /// first square holding a piece. Holes never stop the ray.
    fn ray(&self, from: Square, direction: (i32, i32)) -> Vec<Square> {
        let mut squares = Vec::new();
        let mut current = from;
        while let Some(next) = current.step(direction) {
            squares.push(next);
            if self.cell(next).piece.is_some() {
                break;
            }
            current = next;
        }
        squares
    }

    /// The squares a rook, bishop or knight on `from` reaches by its movement geometry alone,
    /// whatever stands there.
    fn reach(&self, from: Square, kind: Kind) -> Vec<Square> {
        match kind {
            Kind::Knight => KNIGHT_JUMPS
                .iter()
                .filter_map(|&jump| from.step(jump))
                .collect(),
            Kind::Rook => ORTHOGONAL
                .iter()
                .flat_map(|&direction| self.ray(from, direction))
                .collect(),
            Kind::Bishop => DIAGONAL
                .iter()
                .flat_map(|&direction| self.ray(from, direction))
                .collect(),
            Kind::Queen => unreachable!("the queen's reach depends on check status"),
        }
    }

    /// Check: an enemy rook, bishop or knight could move to `color`'s queen's square.
    fn queen_attacked(&self, color: Color) -> bool {
        let Some(queen) = self.queen_square(color) else {
            return false;
        };
        Square::all().any(|square| match self.cell(square).piece {
            Some(piece) if piece.color != color && piece.kind != Kind::Queen => {
                self.reach(square, piece.kind).contains(&queen)
            }
            _ => false,
        })
    }

    /// Mutual check: the queens stand on one line with no piece between (holes do not block).
    fn queens_see_each_other(&self) -> bool {
        let (Some(white), Some(black)) = (
            self.queen_square(Color::White),
            self.queen_square(Color::Black),
        ) else {
            return false;
        };
        ALL_DIRECTIONS
            .iter()
            .any(|&direction| self.ray(white, direction).last() == Some(&black))
    }

    /// Connection rule: all tiles form one group under 8-neighbour contact (plain flood fill).
    fn tiles_connected(&self) -> bool {
        let tiles: Vec<Square> = Square::all().filter(|&s| self.cell(s).tile).collect();
        let Some(&first) = tiles.first() else {
            return true;
        };
        let mut reached = [false; SQUARE_COUNT];
        reached[first.index()] = true;
        let mut to_visit = vec![first];
        let mut count = 1;
        while let Some(square) = to_visit.pop() {
            for direction in ALL_DIRECTIONS {
                if let Some(next) = square.step(direction)
                    && self.cell(next).tile
                    && !reached[next.index()]
                {
                    reached[next.index()] = true;
                    count += 1;
                    to_visit.push(next);
                }
            }
        }
        count == tiles.len()
    }

    /// Every move allowed by the movement rules (geometry and destination), before the
    /// legality conditions on the resulting position.
    fn pseudo_moves(&self) -> Vec<RefMove> {
        let side = self.side;
        let in_check = self.in_check();
        let mut moves = Vec::new();
        for from in Square::all() {
            let Some(piece) = self.cell(from).piece else {
                continue;
            };
            if piece.color != side {
                continue;
            }
            let targets: Vec<Square> = match piece.kind {
                Kind::Queen => {
                    let candidates: Vec<Square> = if in_check {
                        ALL_DIRECTIONS
                            .iter()
                            .filter_map(|&direction| from.step(direction))
                            .collect()
                    } else {
                        ALL_DIRECTIONS
                            .iter()
                            .flat_map(|&direction| self.ray(from, direction))
                            .collect()
                    };
                    // She lands on tiles only: empty ones, or an enemy rook, bishop or knight.
                    candidates
                        .into_iter()
                        .filter(|&to| {
                            let cell = self.cell(to);
                            cell.tile
                                && match cell.piece {
                                    None => true,
                                    Some(other) => other.color != side && other.kind != Kind::Queen,
                                }
                        })
                        .collect()
                }
                // Holes, empty tiles, and any rook, bishop or knight (a swap); never a queen.
                kind => self
                    .reach(from, kind)
                    .into_iter()
                    .filter(|&to| match self.cell(to).piece {
                        None => true,
                        Some(other) => other.kind != Kind::Queen,
                    })
                    .collect(),
            };
            moves.extend(targets.into_iter().map(|to| RefMove { from, to }));
        }
        moves
    }

    /// Applies a move by the spec's "Applying a move", without any legality test.
    fn apply(&mut self, mv: RefMove) {
        let from = mv.from.index();
        let to = mv.to.index();
        let mover = self.cells[from]
            .piece
            .expect("a move starts on a square with a piece");
        if mover.kind == Kind::Queen {
            // Any enemy piece on the destination leaves the game; the origin loses its tile.
            self.cells[to].piece = Some(mover);
            self.cells[from] = Cell {
                tile: false,
                piece: None,
            };
        } else if !self.cells[to].tile {
            // Onto a hole: the piece carries its tile along.
            self.cells[to] = Cell {
                tile: true,
                piece: Some(mover),
            };
            self.cells[from] = Cell {
                tile: false,
                piece: None,
            };
        } else {
            // Onto an empty tile (the origin becomes empty) or a piece (the two swap).
            let displaced = self.cells[to].piece;
            self.cells[to].piece = Some(mover);
            self.cells[from].piece = displaced;
        }
        self.last_move = Some(mv);
        self.side = self.side.opponent();
        self.ply += 1;
    }

    /// Whether `mv`, already allowed by the movement rules, passes the legality conditions.
    fn is_legal(&self, mv: RefMove) -> bool {
        if FORBID_IMMEDIATE_REEXCHANGE && self.last_move == Some(mv) {
            return false;
        }
        let mut after = self.clone();
        after.apply(mv);
        after.tiles_connected()
            && !after.queens_see_each_other()
            && !after.queen_attacked(self.side)
    }

    fn legal_ref_moves(&self) -> Vec<RefMove> {
        if self.ply >= PLY_LIMIT {
            return Vec::new();
        }
        self.pseudo_moves()
            .into_iter()
            .filter(|&mv| self.is_legal(mv))
            .collect()
    }
}
