//! What Hex gives the Monte Carlo tree search ([`HexHooks`], the search library's
//! [`RaveHooks`]): fast playouts that keep bridges, priors for new tree nodes, and a move's
//! AMAF identity (its cell).
//!
//! A playout fills the board to the last cell on a padded copy of it, then looks once for
//! the winner: a full Hex board has exactly one, and a flood fill from Black's top edge
//! finds it in one pass over the stones. Each move answers an intrusion into a bridge when
//! there is one (the save-bridge pattern: the opponent just took one of the two cells
//! between two of the mover's stones, or between a stone and the mover's edge, and the
//! other is empty: take it); otherwise it is a uniformly random empty cell.
//!
//! The padded board has a border of one cell around the board, coloured as the edges it
//! stands for: the rows above and below Black, the columns left and right White, the four
//! corners neither; so a stone on the second row and its edge form a bridge like any two
//! stones, with no special case.

use super::swap;
use crate::{Color, MAX_SIZE, Move, Position};
use olympiad_core::SplitMix64;
use olympiad_search::{MAX_SEATS, Prior, RaveHooks, Rewards, Trace};

/// Cells of the padded board of the largest side.
const PADDED_CELLS: usize = (MAX_SIZE + 2) * (MAX_SIZE + 2);
/// An empty cell of the padded board.
const EMPTY: u8 = 0;
/// A Black stone (or Black's edge).
const BLACK: u8 = 1;
/// A White stone (or White's edge).
const WHITE: u8 = 2;
/// A corner of the border: nobody's.
const CORNER: u8 = 3;

/// The reply that saves an intruded bridge, in the tree: a win worth this many playouts.
pub const PRIOR_SAVE_BRIDGE: f32 = 40.0;
/// A cell next to the last stone or a bridge away from it, in the tree: this value ...
pub const PRIOR_LOCAL_VALUE: f32 = 0.6;
/// ... worth this many playouts.
pub const PRIOR_LOCAL: f32 = 10.0;
/// The swap in the tree: a win or a loss by the swap table, worth this many playouts.
pub const PRIOR_SWAP: f32 = 200.0;

/// The six neighbour steps of a cell as (column, row) offsets, in order around it: each
/// step's neighbours in this ring are the two cells that a bridge through it joins.
const RING: [(isize, isize); 6] = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)];

/// The stone value of a colour on the padded board.
const fn stone(color: Color) -> u8 {
    match color {
        Color::Black => BLACK,
        Color::White => WHITE,
    }
}

/// A board with its border, and the empty cells kept in a list for uniform picks.
#[derive(Clone, Debug)]
struct Padded {
    /// The board's side.
    size: usize,
    /// The padded side: `size + 2`.
    width: usize,
    /// Cell values by padded index.
    cells: [u8; PADDED_CELLS],
    /// The ring of neighbour offsets in the padded array.
    ring: [isize; 6],
    /// The empty cells (padded indices) in any order.
    empty: Vec<u16>,
    /// Where each empty cell stands in `empty`.
    slot: [u16; PADDED_CELLS],
    /// The flood fill's stack.
    stack: Vec<u16>,
}

impl Default for Padded {
    fn default() -> Self {
        Padded {
            size: 0,
            width: 2,
            cells: [CORNER; PADDED_CELLS],
            ring: [0; 6],
            empty: Vec::with_capacity(MAX_SIZE * MAX_SIZE),
            slot: [0; PADDED_CELLS],
            stack: Vec::with_capacity(MAX_SIZE * MAX_SIZE),
        }
    }
}

impl Padded {
    /// The padded index of the board's cell `cell`.
    #[inline]
    fn index(&self, cell: usize) -> usize {
        (cell / self.size + 1) * self.width + cell % self.size + 1
    }

    /// The board's cell of a padded index inside the board.
    #[inline]
    fn cell(&self, index: usize) -> usize {
        (index / self.width - 1) * self.size + index % self.width - 1
    }

    /// Copies `pos` in, border and empty list included.
    fn load(&mut self, pos: &Position) {
        let size = pos.size();
        if size != self.size {
            self.size = size;
            self.width = size + 2;
            let w = self.width as isize;
            for (r, (dc, dr)) in self.ring.iter_mut().zip(RING) {
                *r = dr * w + dc;
            }
        }
        let w = self.width;
        self.cells[..w * w].fill(CORNER);
        for i in 0..size {
            self.cells[i + 1] = BLACK;
            self.cells[(size + 1) * w + i + 1] = BLACK;
            self.cells[(i + 1) * w] = WHITE;
            self.cells[(i + 1) * w + size + 1] = WHITE;
        }
        self.empty.clear();
        for cell in 0..size * size {
            let index = self.index(cell);
            self.cells[index] = match pos.at(cell) {
                Some(color) => stone(color),
                None => {
                    self.slot[index] = self.empty.len() as u16;
                    self.empty.push(index as u16);
                    EMPTY
                }
            };
        }
    }

    /// Puts `value` on the empty cell `index`.
    #[inline]
    fn place(&mut self, index: usize, value: u8) {
        self.cells[index] = value;
        let at = usize::from(self.slot[index]);
        self.empty.swap_remove(at);
        // The last cell of the list moved into the hole.
        if let Some(&moved) = self.empty.get(at) {
            self.slot[usize::from(moved)] = at as u16;
        }
    }

    /// The empty cell that saves a bridge of `me` which the stone on `intruder` cut into
    /// (picked at random among several), if any.
    #[inline]
    fn save_bridge(&self, intruder: usize, me: u8, rng: &mut SplitMix64) -> Option<usize> {
        let mut found = [0usize; 6];
        let mut n = 0;
        for i in 0..6 {
            let other = intruder.wrapping_add_signed(self.ring[i]);
            if self.cells[other] != EMPTY {
                continue;
            }
            let a = intruder.wrapping_add_signed(self.ring[(i + 5) % 6]);
            let b = intruder.wrapping_add_signed(self.ring[(i + 1) % 6]);
            if self.cells[a] == me && self.cells[b] == me {
                found[n] = other;
                n += 1;
            }
        }
        match n {
            0 => None,
            1 => Some(found[0]),
            _ => Some(found[rng.below(n)]),
        }
    }

    /// The winner of the full board: Black when its stones join the top row to the
    /// bottom row.
    fn winner(&mut self) -> Color {
        let w = self.width;
        self.stack.clear();
        for c in 0..self.size {
            let index = w + c + 1;
            if self.cells[index] == BLACK {
                self.cells[index] = CORNER;
                self.stack.push(index as u16);
            }
        }
        let bottom = self.size * w;
        while let Some(index) = self.stack.pop() {
            let index = usize::from(index);
            if index > bottom {
                return Color::Black;
            }
            for step in self.ring {
                let next = index.wrapping_add_signed(step);
                if self.cells[next] == BLACK && next > w && next < bottom + w {
                    self.cells[next] = CORNER;
                    self.stack.push(next as u16);
                }
            }
        }
        Color::White
    }
}

/// The Hex hooks of the tree search. `policy` off gives uniformly random playouts and no
/// priors: the baseline the save-bridge policy is measured against.
#[derive(Clone, Debug)]
pub struct HexHooks {
    /// Answer intrusions into bridges in playouts, and use priors in the tree.
    pub policy: bool,
    board: Box<Padded>,
}

impl Default for HexHooks {
    fn default() -> Self {
        HexHooks::new(true)
    }
}

impl HexHooks {
    /// Hooks with the save-bridge policy on or off.
    pub fn new(policy: bool) -> Self {
        HexHooks {
            policy,
            board: Box::default(),
        }
    }

    /// The rewards when `winner` has joined its edges in `pos`.
    fn rewards(pos: &Position, winner: Color) -> Rewards {
        let mut rewards = [0.0; MAX_SEATS];
        rewards[pos.seat_of(winner).index()] = 1.0;
        rewards
    }
}

/// The cell of the last stone, unless the last move was the swap.
fn last_stone(pos: &Position) -> Option<usize> {
    pos.last_move().filter(|m| !m.is_swap()).map(Move::cell)
}

impl RaveHooks<Position> for HexHooks {
    fn playout(&mut self, pos: &mut Position, rng: &mut SplitMix64, trace: &mut Trace) -> Rewards {
        if let Some(winner) = pos.winner() {
            return Self::rewards(pos, winner);
        }
        let board = &mut *self.board;
        board.load(pos);
        let mut color = pos.side_to_move();
        let mut last = last_stone(pos).map(|cell| board.index(cell));
        while !board.empty.is_empty() {
            let me = stone(color);
            let saved = match last {
                Some(intruder) if self.policy => board.save_bridge(intruder, me, rng),
                _ => None,
            };
            let index = match saved {
                Some(index) => index,
                None => usize::from(board.empty[rng.below(board.empty.len())]),
            };
            board.place(index, me);
            trace.record(pos.seat_of(color), board.cell(index) as u32);
            last = Some(index);
            color = color.other();
        }
        let winner = board.winner();
        Self::rewards(pos, winner)
    }

    fn priors(&mut self, pos: &Position, moves: &[Move], priors: &mut [Prior]) {
        if !self.policy {
            return;
        }
        let board = &mut *self.board;
        board.load(pos);
        let me = stone(pos.side_to_move());
        let last = last_stone(pos).map(|cell| board.index(cell));
        for (&mv, prior) in moves.iter().zip(priors.iter_mut()) {
            if mv.is_swap() {
                let value = if swap::should_swap(pos) { 1.0 } else { 0.0 };
                *prior = Prior {
                    value,
                    weight: PRIOR_SWAP,
                };
                continue;
            }
            let Some(last) = last else { continue };
            let index = board.index(mv.cell());
            if saves(board, last, index, me) {
                *prior = Prior {
                    value: 1.0,
                    weight: PRIOR_SAVE_BRIDGE,
                };
            } else if near(board, last, index) {
                *prior = Prior {
                    value: PRIOR_LOCAL_VALUE,
                    weight: PRIOR_LOCAL,
                };
            }
        }
    }

    fn amaf_slots(&self) -> usize {
        crate::MAX_CELLS
    }

    fn amaf_key(&self, _pos: &Position, mv: Move) -> Option<u32> {
        (!mv.is_swap()).then_some(mv.0.into())
    }
}

/// Does `me` playing on `index` save a bridge the stone on `intruder` cut into?
fn saves(board: &Padded, intruder: usize, index: usize, me: u8) -> bool {
    (0..6).any(|i| {
        intruder.wrapping_add_signed(board.ring[i]) == index
            && board.cells[intruder.wrapping_add_signed(board.ring[(i + 5) % 6])] == me
            && board.cells[intruder.wrapping_add_signed(board.ring[(i + 1) % 6])] == me
    })
}

/// Is `index` next to `last`, or a bridge away from it?
fn near(board: &Padded, last: usize, index: usize) -> bool {
    (0..6).any(|i| {
        let step = board.ring[i];
        let bridge = step + board.ring[(i + 1) % 6];
        last.wrapping_add_signed(step) == index || last.wrapping_add_signed(bridge) == index
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use olympiad_core::{Game, Notation};

    fn at(size: usize, moves: &str) -> Position {
        let mut pos = Position::new(size, false).unwrap();
        pos.play_line(moves).unwrap();
        pos
    }

    #[test]
    fn an_intrusion_into_a_bridge_is_answered_in_the_other_cell() {
        // Black b3 and c1 form a bridge whose carriers are b2 (cell 6) and c2 (cell 7);
        // White took b2: Black answers c2.
        let pos = at(5, "b3 e5 c1 b2");
        let mut board = Padded::default();
        board.load(&pos);
        let mut rng = SplitMix64::new(1);
        let saved = board.save_bridge(board.index(6), BLACK, &mut rng);
        assert_eq!(saved.map(|i| board.cell(i)), Some(7));
        // A second-row stone and its edge: Black c2 with carriers c1 (cell 2) and d1
        // (cell 3); White took c1: Black answers d1.
        let pos = at(5, "c2 c1");
        board.load(&pos);
        let saved = board.save_bridge(board.index(2), BLACK, &mut rng);
        assert_eq!(saved.map(|i| board.cell(i)), Some(3));
        // White has no bridge there.
        assert_eq!(board.save_bridge(board.index(2), WHITE, &mut rng), None);
        // The tree's priors say the same.
        let mut hooks = HexHooks::default();
        let moves = pos.legal_moves();
        let mut priors = vec![Prior::NONE; moves.len()];
        hooks.priors(&pos, &moves, &mut priors);
        let d1 = moves.iter().position(|m| m.cell() == 3).unwrap();
        assert_eq!(priors[d1].value, 1.0);
        let e5 = moves.iter().position(|m| m.cell() == 24).unwrap();
        assert_eq!(priors[e5], Prior::NONE);
    }

    #[test]
    fn the_flood_fill_agrees_with_the_rules_on_full_boards() {
        let mut rng = SplitMix64::new(5);
        let mut trace = Trace::default();
        for policy in [true, false] {
            let mut hooks = HexHooks::new(policy);
            for size in 1..=11 {
                for _ in 0..40 {
                    trace.clear();
                    let mut pos = Position::new(size, false).unwrap();
                    let rewards = hooks.playout(&mut pos, &mut rng, &mut trace);
                    assert_eq!(trace.len(), size * size);
                    // The board the playout filled (the flood fill marks the Black stones
                    // it reached as corners), read by the rules.
                    let rows: Vec<String> = (0..size)
                        .map(|r| {
                            (0..size)
                                .map(|c| match hooks.board.cells[(r + 1) * (size + 2) + c + 1] {
                                    WHITE => 'o',
                                    _ => 'x',
                                })
                                .collect()
                        })
                        .collect();
                    let side = if (size * size) % 2 == 0 { 'x' } else { 'o' };
                    let text = format!("{} {side} - noswap", rows.join("/"));
                    let full = Position::parse_position(&text).unwrap();
                    let winner = full.winner().expect("a full board is won");
                    assert_eq!(rewards[full.seat_of(winner).index()], 1.0, "{text}");
                }
            }
        }
    }
}
