//! The fast move generator: square-set arithmetic finds which pieces can move or jump, a
//! depth-first search per jumping piece follows its capture sequences. The search serves
//! both listing and counting, through a [`Sink`] chosen at compile time; plain steps are
//! counted by population counts.

use crate::bitboard::{Bits, DOWN_LEFT, Dir, UP_LEFT, opposite, step};
use crate::position::{Color, Move, Position};
use crate::{MAX_MOVES, Moves};

/// Where the capture search puts complete sequences.
trait Sink {
    /// A complete capture sequence.
    fn capture(&mut self, mv: Move);
    /// A new jumping piece starts (duplicates can only come from one piece).
    fn next_piece(&mut self) {}
}

/// Counts moves without storing them.
struct Counter(usize);

impl Sink for Counter {
    #[inline(always)]
    fn capture(&mut self, _: Move) {
        self.0 += 1;
    }
}

/// Stores moves; with `merge`, keeps one path of each set of captures that share start,
/// end and taken pieces.
struct Lister<'a> {
    list: &'a mut Moves,
    merge: bool,
    piece_start: usize,
}

impl Sink for Lister<'_> {
    #[inline(always)]
    fn capture(&mut self, mv: Move) {
        if self.merge
            && self.list[self.piece_start..]
                .iter()
                .any(|m| m.to == mv.to && m.captured == mv.captured)
        {
            return;
        }
        self.list.push(mv);
    }
    #[inline(always)]
    fn next_piece(&mut self) {
        self.piece_start = self.list.len();
    }
}

/// What a capture search needs that does not change along the sequence.
struct Jumper {
    from: u8,
    /// Empty squares, with the jumping piece's own square emptied.
    empty: u32,
    /// Where a man is crowned (which ends its move).
    crowning: u32,
    /// The directions a man moves in: `first_dir..first_dir + 2`.
    first_dir: Dir,
}

/// The first of the two forward directions of `side`'s men (the second is the next index).
#[inline(always)]
fn forward(side: Color) -> Dir {
    match side {
        Color::Black => DOWN_LEFT,
        Color::White => UP_LEFT,
    }
}

impl Position {
    #[inline(always)]
    fn own_opp(&self) -> (u32, u32) {
        match self.side {
            Color::Black => (self.black, self.white),
            Color::White => (self.white, self.black),
        }
    }

    /// Lists every legal move (empty when the game is over).
    ///
    /// Captures are searched into a scratch list and copied over: `list` itself is then only
    /// touched by inlined code, which lets the compiler build the caller's list in place
    /// instead of copying all of its capacity on return (a measured 15% of perft time).
    #[inline(always)]
    pub(crate) fn write_moves(&self, list: &mut Moves) {
        if self.draw_reached() {
            return;
        }
        let (own, opp) = self.own_opp();
        let empty = !(own | opp);
        let jumpers = self.jumpers(own, opp, empty);
        if jumpers != 0 {
            let mut scratch = Moves::new();
            let mut sink = Lister {
                list: &mut scratch,
                merge: self.rules.merge_duplicate_captures,
                piece_start: 0,
            };
            self.captures(&mut sink, jumpers, opp, empty);
            for &mv in scratch.iter() {
                list.push(mv);
            }
            return;
        }
        for d in 0..4 {
            let back = opposite(d);
            for to in Bits(step(self.movers(own, d), d) & empty) {
                let from = step(1 << to, back).trailing_zeros() as u8;
                list.push(Move {
                    from,
                    to,
                    ..Move::default()
                });
            }
        }
    }

    /// The pieces of the side to move that can move in direction `d`.
    #[inline(always)]
    fn movers(&self, own: u32, d: Dir) -> u32 {
        let first = forward(self.side);
        if d == first || d == first + 1 {
            own
        } else {
            own & self.kings
        }
    }

    /// The pieces that can jump: in direction d when the square beyond an enemy neighbour
    /// is empty.
    #[inline(always)]
    fn jumpers(&self, own: u32, opp: u32, empty: u32) -> u32 {
        let mut jumpers = 0;
        for d in 0..4 {
            let back = opposite(d);
            jumpers |= self.movers(own, d) & step(step(empty, back) & opp, back);
        }
        jumpers
    }

    /// Every capture sequence of every piece in `jumpers`.
    #[inline(always)]
    fn captures<S: Sink>(&self, sink: &mut S, jumpers: u32, opp: u32, empty: u32) {
        let first_dir = forward(self.side);
        for sq in Bits(jumpers) {
            let at = 1u32 << sq;
            let j = Jumper {
                from: sq,
                empty: empty | at,
                crowning: self.side.crowning_row(),
                first_dir,
            };
            sink.next_piece();
            if self.kings & at != 0 {
                jumps::<S, true>(sink, &j, at, opp, 0, 0, 0);
            } else {
                jumps::<S, false>(sink, &j, at, opp, 0, 0, 0);
            }
        }
    }

    /// The number of legal moves, without listing them when that can be avoided: plain
    /// steps are counted by population counts.
    #[inline]
    pub(crate) fn count_fast(&self) -> usize {
        if self.draw_reached() {
            return 0;
        }
        let (own, opp) = self.own_opp();
        let empty = !(own | opp);
        let mut jumpers = 0;
        let mut steps = 0;
        for d in 0..4 {
            let back = opposite(d);
            let movers = self.movers(own, d);
            jumpers |= movers & step(step(empty, back) & opp, back);
            steps += (step(movers, d) & empty).count_ones();
        }
        if jumpers == 0 {
            steps as usize
        } else if self.rules.merge_duplicate_captures {
            let mut list = Moves::new();
            self.write_moves(&mut list);
            list.len()
        } else {
            let mut sink = Counter(0);
            self.captures(&mut sink, jumpers, opp, empty);
            sink.0
        }
    }
}

/// Follows every capture sequence of the piece now on `at` (single bit), having taken
/// `captured` along `dirs` in `n` jumps; `opp` holds the enemy pieces not yet taken. Taken
/// pieces stay off the empty set: a jumping piece only ever lands on squares of the other
/// colour class than the pieces it jumps, so it could never land on them anyway.
#[inline]
fn jumps<S: Sink, const KING: bool>(
    sink: &mut S,
    j: &Jumper,
    at: u32,
    opp: u32,
    captured: u32,
    dirs: u32,
    n: u8,
) {
    let mut extended = false;
    let (lo, hi) = if KING {
        (0, 4)
    } else {
        (j.first_dir, j.first_dir + 2)
    };
    for d in lo..hi {
        let mid = step(at, d) & opp;
        if mid == 0 {
            continue;
        }
        let land = step(mid, d) & j.empty;
        if land == 0 {
            continue;
        }
        extended = true;
        let dirs = dirs | (d as u32) << (2 * n);
        if !KING && land & j.crowning != 0 {
            // A man that reaches the far row is crowned and the move ends there.
            sink.capture(Move {
                from: j.from,
                to: land.trailing_zeros() as u8,
                jumps: n + 1,
                dirs,
                captured: captured | mid,
            });
        } else {
            jumps::<S, KING>(sink, j, land, opp & !mid, captured | mid, dirs, n + 1);
        }
    }
    if !extended {
        debug_assert!(n > 0 && (n as usize) <= MAX_JUMPS);
        sink.capture(Move {
            from: j.from,
            to: at.trailing_zeros() as u8,
            jumps: n,
            dirs,
            captured,
        });
    }
}

/// The most pieces one move can take: all twelve of the other side.
pub const MAX_JUMPS: usize = 12;

const _: () = assert!(
    2 * MAX_JUMPS <= 32,
    "jump directions must fit in Move::dirs"
);
const _: () = assert!(MAX_MOVES >= 48, "twelve kings with four steps each");

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rules;

    /// The squares that can ever be jumped: not on the edge of the board.
    const INNER: u32 = !(crate::bitboard::TOP_ROW
        | crate::bitboard::BOTTOM_ROW
        | (crate::bitboard::ODD_ROWS & crate::bitboard::FIRST_IN_ROW)
        | (crate::bitboard::EVEN_ROWS & crate::bitboard::LAST_IN_ROW));

    /// The worst case behind `MAX_MOVES`: a lone king among enemy pieces, over every start
    /// square and every set of enemy pieces on the squares it could jump. Pieces elsewhere
    /// could only block landings, and a man has fewer paths than a king, so no single piece
    /// ever has more capture sequences than the most found here.
    #[test]
    fn capture_bound() {
        let mut most = 0;
        for sq in 0..32u8 {
            let at = 1u32 << sq;
            let row_parity = (sq / 4) % 2;
            // Jumpable squares are in the rows of the other parity.
            assert_eq!(INNER.count_ones(), 18);
            let candidates: Vec<u8> = Bits(INNER).filter(|&s| (s / 4) % 2 != row_parity).collect();
            for subset in 0u32..(1 << candidates.len()) {
                let white: u32 = candidates
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| subset >> i & 1 != 0)
                    .map(|(_, &s)| 1u32 << s)
                    .sum();
                let p = Position::from_parts(at, white, at, Color::Black, 0, Rules::default());
                let n = olympiad_core::Game::count_moves(&p);
                most = most.max(n);
            }
        }
        println!("most capture sequences for one king: {most}");
        assert!(12 * most <= MAX_MOVES, "{most}");
    }
}
