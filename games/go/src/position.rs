//! The position and its rules, made for speed: the board is a padded array of cells, every
//! chain (string of stones) is a circular list of its stones with a head that keeps its size
//! and its pseudo-liberties (each stone-empty adjacency counted once, with the sum and the
//! sum of squares of those points), so that play, capture and legality touch only the
//! neighbours of the point played. A chain is in atari exactly when all its pseudo-liberties
//! are one point, that is when `count * sum_of_squares == sum * sum`, and that point is
//! `sum / count`.
//!
//! The history that the repetition rule needs (the board keys of every earlier position) is
//! an `Arc`-linked list shared between copies, with a small bit filter that lets most moves
//! skip the walk; [`Position::play_unrecorded`] plays without it for playouts.

use crate::point::{Color, MAX_CELLS, MAX_SIZE, Point};
use crate::zobrist;
use std::sync::Arc;
use thiserror::Error;

/// A cell of the padded board.
pub(crate) const EMPTY: u8 = 0;
/// A cell outside the board.
pub(crate) const BORDER: u8 = 3;

/// The most points a board has.
pub const MAX_POINTS: usize = MAX_SIZE * MAX_SIZE;

/// Komi by default, in half points: 7.5.
pub const DEFAULT_KOMI_HALVES: i16 = 15;

/// Bits of the filter of history keys (a power of two).
const FILTER_BITS: usize = 4096;

/// The repetition rule.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Repetition {
    /// Positional superko: a stone may not be played if the whole board after it (stones
    /// only, whoever is to move) occurred before in the game. A pass is always legal.
    #[default]
    Superko,
    /// The Olympiad's rule as this crate reads it: simple ko only (a single-stone capture
    /// may not be answered at once by the recapture that restores the board); any move
    /// after which a board occurred before with the same side to move ends the game at
    /// once as a draw (a long cycle: triple ko, eternal life and the like), unless it is
    /// the second pass in a row, which ends the game by the score.
    Icga,
}

impl Repetition {
    /// The rule's name in texts (`superko`, `icga`).
    pub const fn name(self) -> &'static str {
        match self {
            Repetition::Superko => "superko",
            Repetition::Icga => "icga",
        }
    }

    /// Every rule, in the order of their parameter values.
    pub const ALL: [Repetition; 2] = [Repetition::Superko, Repetition::Icga];
}

/// A board size that cannot be played.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("a board of size {0} is not playable: sizes are 1 to {MAX_SIZE}")]
pub struct SizeError(pub usize);

/// A chain's counts, kept at its head stone.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Chain {
    /// Pseudo-liberties: adjacent (stone, empty point) pairs.
    libs: u16,
    /// Stones.
    size: u16,
    /// Sum of the pseudo-liberties' indices.
    sum: u32,
    /// Sum of their squares.
    squares: u32,
}

impl Chain {
    #[inline]
    fn add(&mut self, p: usize) {
        self.libs += 1;
        self.sum += p as u32;
        self.squares += (p * p) as u32;
    }

    #[inline]
    fn remove(&mut self, p: usize) {
        self.libs -= 1;
        self.sum -= p as u32;
        self.squares -= (p * p) as u32;
    }

    /// Are all pseudo-liberties one point (and is there one)?
    #[inline]
    fn in_atari(&self) -> bool {
        self.libs > 0
            && u64::from(self.libs) * u64::from(self.squares) == u64::from(self.sum).pow(2)
    }
}

/// One node of the history: a key and the list before it.
#[derive(Debug)]
struct History {
    key: u64,
    earlier: Option<Arc<History>>,
}

/// A Go position: the board, the side to move, the passes in a row, the simple-ko point,
/// komi and the repetition rule, and the history of earlier boards.
///
/// Equality (and the position text) covers the board, the side to move, passes, the ko
/// point, komi, the rule and a drawn cycle; the history (which decides superko) and the
/// playout facts (last move, stones it captured) are context outside equality, like the
/// game record a position came from.
#[derive(Clone)]
pub struct Position {
    size: u8,
    to_move: Color,
    passes: u8,
    ko: Point,
    cycle: bool,
    rule: Repetition,
    komi: i16,
    last: Option<Point>,
    captured: u16,
    key: u64,
    empty_count: u16,
    cells: [u8; MAX_CELLS],
    next: [u16; MAX_CELLS],
    head: [u16; MAX_CELLS],
    chains: [Chain; MAX_CELLS],
    /// The empty points, in no order; `empty_at[p]` is `p`'s place in it.
    empties: [Point; MAX_POINTS],
    empty_at: [u16; MAX_CELLS],
    filter: [u64; FILTER_BITS / 64],
    history: Option<Arc<History>>,
}

impl Position {
    /// The empty board of `size` with komi in half points and a repetition rule, Black to
    /// move.
    pub fn new(size: usize, komi_halves: i16, rule: Repetition) -> Result<Position, SizeError> {
        if !(1..=MAX_SIZE).contains(&size) {
            return Err(SizeError(size));
        }
        let mut position = Position {
            size: size as u8,
            to_move: Color::Black,
            passes: 0,
            ko: Point::PASS,
            cycle: false,
            rule,
            komi: komi_halves,
            last: None,
            captured: 0,
            key: 0,
            empty_count: 0,
            cells: [BORDER; MAX_CELLS],
            next: [0; MAX_CELLS],
            head: [0; MAX_CELLS],
            chains: [Chain::default(); MAX_CELLS],
            empties: [Point::PASS; MAX_POINTS],
            empty_at: [0; MAX_CELLS],
            filter: [0; FILTER_BITS / 64],
            history: None,
        };
        for y in 0..size {
            for x in 0..size {
                let p = Point::from_xy(x, y, size).expect("on the board").index();
                position.cells[p] = EMPTY;
                position.empty_at[p] = position.empty_count;
                position.empties[usize::from(position.empty_count)] = Point(p as u16);
                position.empty_count += 1;
            }
        }
        position.restart_history();
        Ok(position)
    }

    /// The empty 9x9 board, komi 7.5, positional superko.
    pub fn start9() -> Position {
        Position::new(9, DEFAULT_KOMI_HALVES, Repetition::Superko).expect("9 is a size")
    }

    /// Forgets the history: the current board is the only one seen.
    pub(crate) fn restart_history(&mut self) {
        self.filter = [0; FILTER_BITS / 64];
        self.history = None;
        self.record(self.repetition_key());
    }

    /// The board's size.
    #[inline]
    pub fn size(&self) -> usize {
        usize::from(self.size)
    }

    /// The row stride of the padded board (`size + 1`).
    #[inline]
    pub fn stride(&self) -> usize {
        usize::from(self.size) + 1
    }

    /// The colour to move.
    #[inline]
    pub fn side_to_move(&self) -> Color {
        self.to_move
    }

    /// Passes in a row just played (2 ends the game).
    #[inline]
    pub fn passes(&self) -> u8 {
        self.passes
    }

    /// The point the side to move may not play because it would retake a ko at once, if any.
    #[inline]
    pub fn ko_point(&self) -> Option<Point> {
        (!self.ko.is_pass()).then_some(self.ko)
    }

    /// Komi in half points (15 is 7.5), given to White.
    #[inline]
    pub fn komi_halves(&self) -> i16 {
        self.komi
    }

    /// The repetition rule.
    #[inline]
    pub fn rule(&self) -> Repetition {
        self.rule
    }

    /// Did the last move repeat an earlier position under the Olympiad's rule (the game is
    /// then drawn)?
    #[inline]
    pub fn ended_by_cycle(&self) -> bool {
        self.cycle
    }

    /// The last move played on this position, if any (not known after reading a text).
    #[inline]
    pub fn last_move(&self) -> Option<Point> {
        self.last
    }

    /// Stones captured by the last move.
    #[inline]
    pub fn last_captures(&self) -> usize {
        usize::from(self.captured)
    }

    /// The colour of the stone on `p`, if any (none on the pass or a border cell).
    #[inline]
    pub fn color_at(&self, p: Point) -> Option<Color> {
        match self.cells[p.index()] {
            1 => Some(Color::Black),
            2 => Some(Color::White),
            _ => None,
        }
    }

    /// Is `p` an empty point of the board?
    #[inline]
    pub fn is_empty(&self, p: Point) -> bool {
        self.cells[p.index()] == EMPTY
    }

    /// Is `p` a point of the board (not the pass or a border cell)?
    #[inline]
    pub fn on_board(&self, p: Point) -> bool {
        self.cells[p.index()] != BORDER
    }

    /// The four orthogonal neighbours of the point `p` (south, west, east, north); some may
    /// be border cells (see [`Position::on_board`]). `p` must be a point of the board.
    #[inline]
    pub fn neighbours(&self, p: Point) -> [Point; 4] {
        let (p, s) = (p.0, self.stride() as u16);
        [Point(p - s), Point(p - 1), Point(p + 1), Point(p + s)]
    }

    /// The four diagonal neighbours of the point `p`; some may be border cells.
    #[inline]
    pub fn diagonals(&self, p: Point) -> [Point; 4] {
        let (p, s) = (p.0, self.stride() as u16);
        [
            Point(p - s - 1),
            Point(p - s + 1),
            Point(p + s - 1),
            Point(p + s + 1),
        ]
    }

    /// Every point of the board, row by row from the bottom.
    pub fn points(&self) -> impl Iterator<Item = Point> + '_ {
        let size = self.size();
        (0..size * size).map(move |i| Point::from_xy(i % size, i / size, size).expect("on"))
    }

    /// The empty points, in no particular order (playouts pick from them).
    #[inline]
    pub fn empty_points(&self) -> &[Point] {
        &self.empties[..usize::from(self.empty_count)]
    }

    /// The stones of the chain through `p` (empty when `p` holds no stone).
    pub fn chain(&self, p: Point) -> impl Iterator<Item = Point> + '_ {
        let start = p.0;
        let stone = self.color_at(p).is_some();
        let mut at = Some(start).filter(|_| stone);
        std::iter::from_fn(move || {
            let here = at?;
            let next = self.next[usize::from(here)];
            at = (next != start).then_some(next);
            Some(Point(here))
        })
    }

    /// Stones in the chain through `p` (0 without a stone).
    #[inline]
    pub fn chain_size(&self, p: Point) -> usize {
        if self.color_at(p).is_none() {
            return 0;
        }
        usize::from(self.chains[usize::from(self.head[p.index()])].size)
    }

    /// The number of distinct liberties of the chain through `p` (0 without a stone). It
    /// walks the chain; [`Position::atari_liberty`] answers the common question in O(1).
    pub fn liberties(&self, p: Point) -> usize {
        let mut seen = [0u64; MAX_CELLS.div_ceil(64)];
        let mut count = 0;
        for stone in self.chain(p) {
            for n in self.neighbours(stone) {
                let i = n.index();
                if self.cells[i] == EMPTY && seen[i / 64] & (1 << (i % 64)) == 0 {
                    seen[i / 64] |= 1 << (i % 64);
                    count += 1;
                }
            }
        }
        count
    }

    /// The one liberty of the chain through `p` when it has exactly one (it is in atari).
    #[inline]
    pub fn atari_liberty(&self, p: Point) -> Option<Point> {
        self.color_at(p)?;
        let chain = &self.chains[usize::from(self.head[p.index()])];
        chain
            .in_atari()
            .then(|| Point((chain.sum / u32::from(chain.libs)) as u16))
    }

    /// Is the chain through `p` in atari (one liberty)?
    #[inline]
    pub fn in_atari(&self, p: Point) -> bool {
        self.atari_liberty(p).is_some()
    }

    /// Is `p` an eye of `color`: empty, every orthogonal neighbour a stone of `color` or
    /// off the board, and at most one diagonal neighbour an enemy stone (none on the edge,
    /// where a diagonal is off the board)? Such a point is one a playout does not fill.
    #[inline]
    pub fn is_eye(&self, p: Point, color: Color) -> bool {
        if self.cells[p.index()] != EMPTY {
            return false;
        }
        let me = color as u8;
        if self
            .neighbours(p)
            .iter()
            .any(|n| !matches!(self.cells[n.index()], c if c == me || c == BORDER))
        {
            return false;
        }
        let (mut enemy, mut off) = (0, 0);
        for d in self.diagonals(p) {
            match self.cells[d.index()] {
                BORDER => off = 1,
                EMPTY => {}
                c if c != me => enemy += 1,
                _ => {}
            }
        }
        enemy + off < 2
    }

    /// Is a stone of the side to move on `p` legal by every rule but the repetition of
    /// earlier positions: an empty point, not the simple-ko point, and not suicide (it has an
    /// empty neighbour, joins a chain with another liberty, or captures)? The pass is legal
    /// while the game goes on. This is what playouts check; [`crate::Position::is_legal`]
    /// (the `Game` method) adds positional superko.
    #[inline]
    pub fn is_legal_ignoring_superko(&self, p: Point) -> bool {
        if p.is_pass() {
            return !self.is_over();
        }
        if self.cells[p.index()] != EMPTY || p == self.ko || self.is_over() {
            return false;
        }
        self.has_breath(p, self.to_move as u8)
    }

    /// Would a stone of colour `me` on the empty point `p` have a liberty after its
    /// captures?
    #[inline]
    fn has_breath(&self, p: Point, me: u8) -> bool {
        for n in self.neighbours(p) {
            let cell = self.cells[n.index()];
            if cell == EMPTY {
                return true;
            }
            if cell == BORDER {
                continue;
            }
            let atari = self.chains[usize::from(self.head[n.index()])].in_atari();
            // A friendly chain with a second liberty keeps it; an enemy chain whose last
            // liberty is `p` is captured.
            if (cell == me) != atari {
                return true;
            }
        }
        false
    }

    /// Is the game over (two passes in a row, or a drawn cycle)?
    #[inline]
    pub fn is_over(&self) -> bool {
        self.passes >= 2 || self.cycle
    }

    /// The board key after a stone of the side to move on `p` (legal by
    /// [`Position::is_legal_ignoring_superko`]): the stone added, the chains it captures
    /// removed.
    pub fn board_key_after(&self, p: Point) -> u64 {
        let me = self.to_move;
        let them = me.other() as u8;
        let mut key = self.key ^ zobrist::STONE[me.index()][p.index()];
        let mut heads = [0u16; 4];
        let mut n_heads = 0;
        for n in self.neighbours(p) {
            if self.cells[n.index()] != them {
                continue;
            }
            let h = self.head[n.index()];
            if heads[..n_heads].contains(&h) || !self.chains[usize::from(h)].in_atari() {
                continue;
            }
            heads[n_heads] = h;
            n_heads += 1;
            for stone in self.chain(Point(h)) {
                key ^= zobrist::STONE[me.other().index()][stone.index()];
            }
        }
        key
    }

    /// The key of the whole board (stones only), kept as stones come and go.
    #[inline]
    pub fn board_key(&self) -> u64 {
        self.key
    }

    /// The key the repetition rule compares: the board key, with the side to move under
    /// the Olympiad's rule.
    #[inline]
    fn repetition_key(&self) -> u64 {
        match self.rule {
            Repetition::Superko => self.key,
            Repetition::Icga => {
                self.key
                    ^ if self.to_move == Color::White {
                        zobrist::WHITE_TO_MOVE
                    } else {
                        0
                    }
            }
        }
    }

    /// Does `key` occur in the history?
    #[inline]
    fn seen(&self, key: u64) -> bool {
        let bit = key as usize % FILTER_BITS;
        if self.filter[bit / 64] & (1 << (bit % 64)) == 0 {
            return false;
        }
        std::iter::successors(self.history.as_deref(), |h| h.earlier.as_deref())
            .any(|h| h.key == key)
    }

    fn record(&mut self, key: u64) {
        let bit = key as usize % FILTER_BITS;
        self.filter[bit / 64] |= 1 << (bit % 64);
        let earlier = self.history.take();
        self.history = Some(Arc::new(History { key, earlier }));
    }

    /// Would a stone on `p` recreate an earlier board (positional superko)? Always false
    /// under the Olympiad's rule, where a repetition ends the game instead.
    #[inline]
    pub fn violates_superko(&self, p: Point) -> bool {
        self.rule == Repetition::Superko && !p.is_pass() && self.seen(self.board_key_after(p))
    }

    /// Is `mv` legal by every rule (superko included)?
    #[inline]
    pub fn is_legal_move(&self, mv: Point) -> bool {
        self.is_legal_ignoring_superko(mv) && !self.violates_superko(mv)
    }

    /// Calls `f` with every legal move: the points in board order, then the pass.
    #[inline]
    pub(crate) fn for_each_move(&self, mut f: impl FnMut(Point)) {
        if self.is_over() {
            return;
        }
        let size = self.size();
        let stride = self.stride();
        for y in 1..=size {
            for i in y * stride + 1..=y * stride + size {
                let p = Point(i as u16);
                if self.cells[i] == EMPTY
                    && p != self.ko
                    && self.has_breath(p, self.to_move as u8)
                    && !self.violates_superko(p)
                {
                    f(p);
                }
            }
        }
        f(Point::PASS);
    }

    /// Plays `mv` (legal), keeping the history the repetition rule needs.
    #[inline]
    pub fn play_move(&mut self, mv: Point) {
        self.play_unrecorded(mv);
        let key = self.repetition_key();
        match self.rule {
            Repetition::Superko => {
                // A pass leaves the board as it was: nothing new to remember.
                if !mv.is_pass() {
                    self.record(key);
                }
            }
            Repetition::Icga => {
                // Two passes end the game by the score, even on a board seen before.
                if self.passes < 2 && self.seen(key) {
                    self.cycle = true;
                }
                self.record(key);
            }
        }
    }

    /// Plays `mv` (legal at least by [`Position::is_legal_ignoring_superko`]) without
    /// recording it in the history: what playouts do (they check simple ko only, and never
    /// allocate). A position played on this way checks later moves against a history
    /// that misses these boards, and sees no cycle: a playout may go round a triple ko
    /// for ever unless it caps its length.
    #[inline]
    pub fn play_unrecorded(&mut self, mv: Point) {
        self.last = Some(mv);
        self.captured = 0;
        self.ko = Point::PASS;
        if mv.is_pass() {
            self.passes += 1;
        } else {
            self.passes = 0;
            self.play_stone(mv);
        }
        self.to_move = self.to_move.other();
    }

    /// A stone of the side to move on `p`, with its captures and the ko point they leave.
    #[inline]
    fn play_stone(&mut self, p: Point) {
        let me = self.to_move;
        let them = me.other() as u8;
        self.add_stone(p, me);
        let mut single = Point::PASS;
        for n in self.neighbours(p) {
            if self.cells[n.index()] == them {
                let h = usize::from(self.head[n.index()]);
                if self.chains[h].libs == 0 {
                    let removed = self.remove_chain(h, me.other());
                    if removed == 1 {
                        single = n;
                    }
                    self.captured += removed;
                }
            }
        }
        if self.captured == 1 {
            let chain = &self.chains[usize::from(self.head[p.index()])];
            if chain.size == 1 && chain.libs == 1 {
                self.ko = single;
            }
        }
    }

    /// Puts a stone of `color` on the empty point `p`: its chain formed or joined, and the
    /// neighbouring chains' liberties updated (no captures).
    #[inline]
    pub(crate) fn add_stone(&mut self, p: Point, color: Color) {
        let i = p.index();
        let me = color as u8;
        self.cells[i] = me;
        self.key ^= zobrist::STONE[color.index()][i];
        // Out of the empty list: the last empty point takes its place.
        self.empty_count -= 1;
        let last = self.empties[usize::from(self.empty_count)];
        let at = self.empty_at[i];
        self.empties[usize::from(at)] = last;
        self.empty_at[last.index()] = at;
        self.head[i] = i as u16;
        self.next[i] = i as u16;
        self.chains[i] = Chain {
            size: 1,
            ..Chain::default()
        };
        for n in self.neighbours(p) {
            let j = n.index();
            match self.cells[j] {
                EMPTY => self.chains[i].add(j),
                BORDER => {}
                _ => self.chains[usize::from(self.head[j])].remove(i),
            }
        }
        for n in self.neighbours(p) {
            let j = n.index();
            if self.cells[j] == me {
                let (a, b) = (self.head[i], self.head[j]);
                if a != b {
                    self.merge(a, b);
                }
            }
        }
    }

    /// Joins the chains with heads `a` and `b`: the smaller one's stones take the larger
    /// one's head.
    #[inline]
    fn merge(&mut self, a: u16, b: u16) {
        let (mut keep, mut gone) = (usize::from(a), usize::from(b));
        if self.chains[keep].size < self.chains[gone].size {
            std::mem::swap(&mut keep, &mut gone);
        }
        let mut s = gone;
        loop {
            self.head[s] = keep as u16;
            s = usize::from(self.next[s]);
            if s == gone {
                break;
            }
        }
        self.next.swap(keep, gone);
        let g = self.chains[gone];
        let k = &mut self.chains[keep];
        k.libs += g.libs;
        k.size += g.size;
        k.sum += g.sum;
        k.squares += g.squares;
    }

    /// Removes the chain with head `h` (stones of `color`), giving its points back as
    /// liberties to the chains around; returns its size.
    fn remove_chain(&mut self, h: usize, color: Color) -> u16 {
        let mut s = h;
        loop {
            self.cells[s] = EMPTY;
            self.key ^= zobrist::STONE[color.index()][s];
            self.empty_at[s] = self.empty_count;
            self.empties[usize::from(self.empty_count)] = Point(s as u16);
            self.empty_count += 1;
            s = usize::from(self.next[s]);
            if s == h {
                break;
            }
        }
        loop {
            for n in self.neighbours(Point(s as u16)) {
                let j = n.index();
                if matches!(self.cells[j], 1 | 2) {
                    self.chains[usize::from(self.head[j])].add(s);
                }
            }
            s = usize::from(self.next[s]);
            if s == h {
                break;
            }
        }
        self.chains[h].size
    }

    /// The area of each colour by Tromp-Taylor: its stones, and the empty points from which
    /// only its stones can be reached through empty points (Black, White).
    pub fn area(&self) -> [usize; 2] {
        let mut area = [0usize; 2];
        let mut seen = [false; MAX_CELLS];
        let mut stack = [0u16; MAX_POINTS];
        for p in self.points() {
            let i = p.index();
            match self.cells[i] {
                1 => area[0] += 1,
                2 => area[1] += 1,
                _ if seen[i] => {}
                _ => {
                    // Flood the empty region, noting which colours border it.
                    let (mut top, mut size, mut reach) = (1, 0, 0u8);
                    stack[0] = i as u16;
                    seen[i] = true;
                    while top > 0 {
                        top -= 1;
                        let q = Point(stack[top]);
                        size += 1;
                        for n in self.neighbours(q) {
                            let j = n.index();
                            match self.cells[j] {
                                EMPTY if !seen[j] => {
                                    seen[j] = true;
                                    stack[top] = j as u16;
                                    top += 1;
                                }
                                c @ (1 | 2) => reach |= c,
                                _ => {}
                            }
                        }
                    }
                    match reach {
                        1 => area[0] += size,
                        2 => area[1] += size,
                        _ => {}
                    }
                }
            }
        }
        area
    }

    /// Black's area minus White's, less komi, in half points: positive when Black is ahead.
    pub fn score_halves(&self) -> i32 {
        let [black, white] = self.area();
        2 * (black as i32 - white as i32) - i32::from(self.komi)
    }

    /// The board key from the cells.
    pub(crate) fn board_key_from_scratch(&self) -> u64 {
        self.points()
            .filter_map(|p| {
                self.color_at(p)
                    .map(|c| zobrist::STONE[c.index()][p.index()])
            })
            .fold(0, |a, b| a ^ b)
    }

    /// The full hash: board, side, passes, ko, cycle, from the board key `board`.
    pub(crate) fn hash_with(&self, board: u64) -> u64 {
        let mut key = board ^ zobrist::PASSES[usize::from(self.passes.min(2))];
        if self.to_move == Color::White {
            key ^= zobrist::WHITE_TO_MOVE;
        }
        if !self.ko.is_pass() {
            key ^= zobrist::KO[self.ko.index()];
        }
        if self.cycle {
            key ^= zobrist::CYCLE;
        }
        key
    }

    /// Sets the fields a position text carries beyond the stones.
    pub(crate) fn set_state(&mut self, to_move: Color, passes: u8, ko: Point, cycle: bool) {
        self.to_move = to_move;
        self.passes = passes;
        self.ko = ko;
        self.cycle = cycle;
        self.restart_history();
    }

    /// A chain with no liberty, if any (positions read from text must have none).
    pub(crate) fn chain_without_liberty(&self) -> Option<Point> {
        self.points().find(|&p| {
            self.color_at(p).is_some() && self.chains[usize::from(self.head[p.index()])].libs == 0
        })
    }
}

impl PartialEq for Position {
    fn eq(&self, other: &Self) -> bool {
        self.size == other.size
            && self.to_move == other.to_move
            && self.passes == other.passes
            && self.ko == other.ko
            && self.cycle == other.cycle
            && self.rule == other.rule
            && self.komi == other.komi
            && self.cells == other.cells
    }
}

impl Eq for Position {}

impl std::fmt::Debug for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Position")
            .field("text", &crate::text::position_text(self))
            .field("history", &self.history.is_some())
            .finish()
    }
}
