//! The Caïssa position: tiles and pieces as square sets, the side to move, the last exchange
//! (for the no-re-exchange rule), the ply count (for the ply limit) and the rule options.
//!
//! Each side has at most one piece of each kind, so pieces are kept as squares
//! (`squares[colour][kind]`, [`NONE`] once captured) beside one occupancy set per colour.
//! Positions are copied, not undone: the struct is small (48 bytes).

use crate::bitboard::{NONE, bit, connected};
use crate::rules::Rules;
use crate::zobrist;

/// A side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    /// Moves first.
    White = 0,
    /// Moves second.
    Black = 1,
}

impl Color {
    /// The other side.
    #[inline(always)]
    pub const fn flip(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// 0 for White, 1 for Black.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// "White" or "Black".
    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "White",
            Color::Black => "Black",
        }
    }
}

/// A kind of piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Slides; captures; removes the tile it leaves; moves one step only when in check.
    Queen = 0,
    /// Slides along ranks and files.
    Rook = 1,
    /// Slides along diagonals.
    Bishop = 2,
    /// Jumps.
    Knight = 3,
}

impl Kind {
    /// All kinds, in index order.
    pub const ALL: [Kind; 4] = [Kind::Queen, Kind::Rook, Kind::Bishop, Kind::Knight];
    /// The three kinds that move tiles and exchange places.
    pub const MINORS: [Kind; 3] = [Kind::Rook, Kind::Bishop, Kind::Knight];

    /// The upper-case letter (White's letter in the position text).
    pub const fn letter(self) -> char {
        ['Q', 'R', 'B', 'N'][self as usize]
    }
}

/// A move: from one square to another; the position decides its effect.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Move {
    /// The square the piece leaves.
    pub from: u8,
    /// The square it goes to.
    pub to: u8,
}

impl Move {
    /// No move (for "no last exchange").
    pub const NULL: Move = Move {
        from: NONE,
        to: NONE,
    };

    /// A move between two square indices.
    #[inline(always)]
    pub const fn new(from: u8, to: u8) -> Move {
        Move { from, to }
    }
}

/// A Caïssa position with its rule options.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position {
    pub(crate) tiles: u64,
    pub(crate) occ: [u64; 2],
    pub(crate) squares: [[u8; 4]; 2],
    pub(crate) side: Color,
    /// The previous move if it was an exchange (the only kind the no-re-exchange rule can
    /// forbid: after any other move its from-square is empty); else [`Move::NULL`].
    pub(crate) last_exchange: Move,
    pub(crate) ply: u16,
    pub(crate) hash: u64,
    pub(crate) rules: Rules,
}

impl Default for Position {
    fn default() -> Self {
        Self::start()
    }
}

/// Start squares per colour and kind (see the spec's table).
const START: [[u8; 4]; 2] = [
    [9, 16, 10, 8],   // White: Qc2, Rc3, Bd2, Nb2
    [39, 32, 38, 40], // Black: Qe6, Re5, Bd6, Nf6
];

impl Position {
    /// The start position with the default rules.
    pub fn start() -> Self {
        Self::start_with(Rules::default())
    }

    /// The start position with the given rules.
    pub fn start_with(rules: Rules) -> Self {
        let mut p = Position {
            tiles: crate::bitboard::BOARD,
            occ: [0; 2],
            squares: START,
            side: Color::White,
            last_exchange: Move::NULL,
            ply: 0,
            hash: 0,
            rules,
        };
        for (occ, squares) in p.occ.iter_mut().zip(START) {
            *occ = squares.iter().fold(0, |m, &s| m | bit(s));
        }
        p.hash = p.compute_hash();
        p
    }

    /// The side to move.
    #[inline(always)]
    pub fn side(&self) -> Color {
        self.side
    }

    /// Squares holding a tile.
    #[inline(always)]
    pub fn tiles(&self) -> u64 {
        self.tiles
    }

    /// Squares holding `color`'s pieces.
    #[inline(always)]
    pub fn pieces(&self, color: Color) -> u64 {
        self.occ[color.index()]
    }

    /// The square of `color`'s piece of `kind`, or `None` if it was captured.
    #[inline]
    pub fn square_of(&self, color: Color, kind: Kind) -> Option<u8> {
        let s = self.squares[color.index()][kind as usize];
        (s != crate::bitboard::NONE).then_some(s)
    }

    /// The piece on `sq`, if any.
    pub fn piece_at(&self, sq: u8) -> Option<(Color, Kind)> {
        for color in [Color::White, Color::Black] {
            if self.occ[color.index()] & bit(sq) != 0 {
                let k = self.squares[color.index()].iter().position(|&s| s == sq)?;
                return Some((color, Kind::ALL[k]));
            }
        }
        None
    }

    /// Plies played since the start.
    pub fn ply(&self) -> u16 {
        self.ply
    }

    /// The last move if it was an exchange (what the no-re-exchange rule forbids repeating).
    pub fn last_exchange(&self) -> Option<Move> {
        (self.last_exchange != Move::NULL).then_some(self.last_exchange)
    }

    /// The rule options in force.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// The same position under other rule options.
    pub fn with_rules(mut self, rules: Rules) -> Self {
        self.rules = rules;
        self
    }

    /// Plays `mv` (which must be legal).
    #[inline]
    pub fn make(&mut self, mv: Move) {
        let us = self.side.index();
        let them = 1 - us;
        let (from, to) = (mv.from, mv.to);
        let (fb, tb) = (bit(from), bit(to));
        let ours_there = self.occ[us] & tb != 0;
        let theirs_there = self.occ[them] & tb != 0;
        let sq = &mut self.squares[us];
        let kind = if sq[0] == from {
            0
        } else if sq[1] == from {
            1
        } else if sq[2] == from {
            2
        } else {
            3
        };
        let mut h = self.hash ^ zobrist::SIDE;
        h ^= zobrist::PIECE[us][kind][from as usize] ^ zobrist::PIECE[us][kind][to as usize];
        sq[kind] = to;
        let mut exchange = false;
        if kind == 0 {
            // Queen: captures whatever enemy piece stands on `to`; her origin sinks.
            self.occ[us] ^= fb | tb;
            if theirs_there {
                self.occ[them] ^= tb;
                let k = Self::minor_on(&self.squares[them], to);
                self.squares[them][k] = NONE;
                h ^= zobrist::PIECE[them][k][to as usize];
            }
            self.tiles &= !fb;
            h ^= zobrist::HOLE[from as usize];
        } else if ours_there {
            // Exchange with a friendly rook, bishop or knight: occupancy is unchanged.
            exchange = true;
            let k = (1..4).find(|&k| k != kind && sq[k] == to).unwrap_or(1);
            sq[k] = from;
            h ^= zobrist::PIECE[us][k][to as usize] ^ zobrist::PIECE[us][k][from as usize];
        } else if theirs_there {
            // Exchange with an enemy rook, bishop or knight.
            exchange = true;
            self.occ[us] ^= fb | tb;
            self.occ[them] ^= fb | tb;
            let k = Self::minor_on(&self.squares[them], to);
            self.squares[them][k] = from;
            h ^= zobrist::PIECE[them][k][to as usize] ^ zobrist::PIECE[them][k][from as usize];
        } else {
            self.occ[us] ^= fb | tb;
            if self.tiles & tb == 0 {
                // Onto a hole: the piece carries its tile along.
                self.tiles ^= fb | tb;
                h ^= zobrist::HOLE[from as usize] ^ zobrist::HOLE[to as usize];
            }
        }
        h ^= zobrist::last_exchange(self.last_exchange);
        self.last_exchange = if exchange { mv } else { Move::NULL };
        h ^= zobrist::last_exchange(self.last_exchange);
        self.hash = h;
        self.side = self.side.flip();
        self.ply += 1;
    }

    /// The index of the rook, bishop or knight standing on `sq` (which must hold one).
    #[inline(always)]
    fn minor_on(squares: &[u8; 4], sq: u8) -> usize {
        if squares[1] == sq {
            1
        } else if squares[2] == sq {
            2
        } else {
            3
        }
    }

    /// The hash recomputed from every part of the position.
    pub fn compute_hash(&self) -> u64 {
        let mut h = 0;
        if self.side == Color::Black {
            h ^= zobrist::SIDE;
        }
        for c in 0..2 {
            for k in 0..4 {
                let s = self.squares[c][k];
                if s != NONE {
                    h ^= zobrist::PIECE[c][k][s as usize];
                }
            }
        }
        for s in 0..crate::bitboard::SQUARES {
            if self.tiles & (1 << s) == 0 {
                h ^= zobrist::HOLE[s];
            }
        }
        h ^ zobrist::last_exchange(self.last_exchange)
    }

    /// Checks the invariants that every reachable position has; the text reader calls it.
    pub(crate) fn validate(&self) -> Result<(), String> {
        if !connected(self.tiles) {
            return Err("the tiles do not form one group".into());
        }
        for c in [Color::White, Color::Black] {
            if self.square_of(c, Kind::Queen).is_none() {
                return Err(format!("{} has no queen", c.name()));
            }
            if self.occ[c.index()] & !self.tiles != 0 {
                return Err(format!("a {} piece stands on a hole", c.name()));
            }
        }
        if self.queens_see_each_other() {
            return Err("the queens see each other (mutual check rule)".into());
        }
        if self.attacked_queen(self.side.flip()) {
            return Err(format!(
                "{} is in check but it is {} to move",
                self.side.flip().name(),
                self.side.name()
            ));
        }
        Ok(())
    }
}
