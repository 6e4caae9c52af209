//! The fast move generator: square-set arithmetic tells whether the side to move must
//! capture (men's jumps by shifts of whole sets, kings' by flooding their diagonals through
//! the empty squares); then a depth-first search per capturing piece keeps only the
//! captures that take the most pieces, each (start, end, pieces taken) once. Without a
//! capture, steps are listed from shifted sets and counted by population counts (perft's
//! bulk count at the last ply).
//!
//! During a capture the pieces taken stay on the board until the move ends (the Turkish
//! strike rule): they are left in the enemy set, so they can be neither jumped again nor
//! landed on, and a king's slide stops at them. The capturing piece's own square counts as
//! empty (a king may pass over it or end there). A man passing the crowning row in the
//! middle of a capture stays a man: the search moves it as a man, and [`Position`]'s
//! `after_move` crowns it only where the move ends.

use crate::Moves;
use crate::bitboard::{BOARD, Bits, DIRS, DOWN_LEFT, DOWN_RIGHT, Dir, UP_LEFT, UP_RIGHT, step};
use crate::position::{Color, Move, Position};

/// The direction opposite to `d` (up-left against down-right, up-right against down-left).
#[inline(always)]
const fn opposite(d: Dir) -> Dir {
    3 - d
}

/// The two directions a man of `side` steps in.
#[inline(always)]
const fn forward(side: Color) -> [Dir; 2] {
    match side {
        Color::White => [UP_LEFT, UP_RIGHT],
        Color::Black => [DOWN_LEFT, DOWN_RIGHT],
    }
}

/// The side to move's view of the board.
#[derive(Clone, Copy)]
struct Sides {
    side: Color,
    men: u64,
    kings: u64,
    opp: u64,
    empty: u64,
}

impl Sides {
    #[inline(always)]
    fn of(pos: &Position) -> Sides {
        let (own, opp) = match pos.side {
            Color::White => (pos.white, pos.black),
            Color::Black => (pos.black, pos.white),
        };
        Sides {
            side: pos.side,
            men: own & !pos.kings,
            kings: own & pos.kings,
            opp,
            empty: BOARD & !(own | opp),
        }
    }

    /// Can any piece capture? Men jump a neighbour in any direction; a king jumps the first
    /// piece along a diagonal if it is an enemy with an empty square behind it.
    #[inline(always)]
    fn must_capture(self) -> bool {
        let mut landings = 0;
        for d in DIRS {
            landings |= step(step(self.men, d) & self.opp, d);
            if self.kings != 0 {
                let mut ray = step(self.kings, d);
                let mut reach = ray;
                while ray != 0 {
                    ray = step(ray & self.empty, d);
                    reach |= ray;
                }
                landings |= step(reach & self.opp, d);
            }
        }
        landings & self.empty != 0
    }
}

/// The capture search of one side: the largest number taken so far and the moves that take
/// it.
struct Captures<'a> {
    opp: u64,
    /// Empty squares, with the capturing piece's start square.
    empty: u64,
    from: u32,
    best: u32,
    list: &'a mut Moves,
}

impl Captures<'_> {
    /// A complete capture ending on `to`, taking `captured` (`n` pieces).
    #[inline]
    fn record(&mut self, to: u64, captured: u64, n: u32) {
        if n < self.best {
            return;
        }
        if n > self.best {
            self.best = n;
            self.list.clear();
        }
        let mv = Move::new(self.from, to.trailing_zeros(), captured);
        // Two routes to the same end taking the same pieces are one move.
        if !self.list.contains(&mv) {
            self.list.push(mv);
        }
    }

    /// Every capture of a man now on `at` that has taken `captured` (`n` pieces).
    fn man(&mut self, at: u64, captured: u64, n: u32) {
        let mut extended = false;
        for d in DIRS {
            let over = step(at, d) & self.opp & !captured;
            let land = step(over, d) & self.empty;
            if land != 0 {
                extended = true;
                self.man(land, captured | over, n + 1);
            }
        }
        if !extended && n > 0 {
            self.record(at, captured, n);
        }
    }

    /// Every capture of a king now on `at` that has taken `captured` (`n` pieces): along each
    /// diagonal, over empty squares to the first piece; if it is an enemy not yet taken, every
    /// empty square behind it is a landing.
    fn king(&mut self, at: u64, captured: u64, n: u32) {
        let mut extended = false;
        for d in DIRS {
            let mut target = step(at, d);
            while target & self.empty != 0 {
                target = step(target, d);
            }
            let over = target & self.opp & !captured;
            if over == 0 {
                continue;
            }
            let mut land = step(over, d) & self.empty;
            while land != 0 {
                extended = true;
                self.king(land, captured | over, n + 1);
                land = step(land, d) & self.empty;
            }
        }
        if !extended && n > 0 {
            self.record(at, captured, n);
        }
    }
}

impl Position {
    /// Lists every legal move (none when a draw rule has ended the game).
    #[inline]
    pub(crate) fn write_moves(&self, list: &mut Moves) {
        if self.draws && self.draw_rule().is_some() {
            return;
        }
        let s = Sides::of(self);
        if s.must_capture() {
            write_captures(s, list);
        } else {
            write_steps(s, list);
        }
    }

    /// The number of legal moves: steps by population counts, captures listed.
    #[inline]
    pub(crate) fn count_fast(&self) -> usize {
        if self.draws && self.draw_rule().is_some() {
            return 0;
        }
        let s = Sides::of(self);
        if s.must_capture() {
            let mut list = Moves::new();
            write_captures(s, &mut list);
            return list.len();
        }
        let [a, b] = forward(s.side);
        let mut n =
            (step(s.men, a) & s.empty).count_ones() + (step(s.men, b) & s.empty).count_ones();
        if s.kings != 0 {
            for d in DIRS {
                // The kings' rays in one direction never overlap: a ray stops at a piece.
                let mut ray = step(s.kings, d) & s.empty;
                while ray != 0 {
                    n += ray.count_ones();
                    ray = step(ray, d) & s.empty;
                }
            }
        }
        n as usize
    }

    /// Whether the side to move must capture (every legal move is then a capture).
    #[inline]
    pub fn must_capture(&self) -> bool {
        Sides::of(self).must_capture()
    }
}

/// The captures of the side to move that take the most pieces.
#[inline(never)]
fn write_captures(s: Sides, list: &mut Moves) {
    let mut search = Captures {
        opp: s.opp,
        empty: s.empty,
        from: 0,
        best: 1,
        list,
    };
    for from in Bits(s.men | s.kings) {
        let at = 1u64 << from;
        search.from = from;
        search.empty = s.empty | at;
        if s.kings & at != 0 {
            search.king(at, 0, 0);
        } else {
            search.man(at, 0, 0);
        }
    }
}

/// The steps of the side to move: men's forward, kings' any distance along a diagonal.
fn write_steps(s: Sides, list: &mut Moves) {
    for d in forward(s.side) {
        for to in Bits(step(s.men, d) & s.empty) {
            let from = step(1u64 << to, opposite(d)).trailing_zeros();
            list.push(Move::new(from, to, 0));
        }
    }
    for from in Bits(s.kings) {
        for d in DIRS {
            let mut ray = step(1u64 << from, d) & s.empty;
            while ray != 0 {
                list.push(Move::new(from, ray.trailing_zeros(), 0));
                ray = step(ray, d) & s.empty;
            }
        }
    }
}

const _: () = assert!(DOWN_RIGHT == 3 && UP_LEFT == 0 && UP_RIGHT == 1 && DOWN_LEFT == 2);
