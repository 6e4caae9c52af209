//! The fast move generator: square-set arithmetic finds which pieces can move or jump, a
//! depth-first search per jumping piece follows its capture sequences. The search serves
//! both listing and counting, through a [`Sink`] chosen at compile time; plain steps are
//! counted by population counts.
//!
//! Everything that depends on the side to move or on whether a piece is a king is a const
//! generic, so each direction is a fixed shift and the direction loops unroll. In perft every
//! node at one depth has the same side to move, so the one branch that picks the
//! specialisation is always predicted.

use crate::bitboard::{
    Bits, DOWN_LEFT, DOWN_RIGHT, Dir, EVEN_ROWS, FIRST_IN_ROW, LAST_IN_ROW, ODD_ROWS, UP_LEFT,
    UP_RIGHT, opposite, step,
};
use crate::position::{Color, Move, Position};
use crate::{MAX_MOVES, Moves};
use std::mem::MaybeUninit;

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

/// A jump from a square in one direction: the square passed over and the landing square
/// as single bits (both 0 when the jump would leave the board), and the landing bit index.
#[derive(Clone, Copy)]
struct Jump {
    over: u32,
    land: u32,
    land_sq: u8,
}

/// `JUMPS[sq][d]`: the jump from bit `sq` in direction `d`, built at compile time.
static JUMPS: [[Jump; 4]; 32] = jump_table();

const fn jump_table() -> [[Jump; 4]; 32] {
    let none = Jump {
        over: 0,
        land: 0,
        land_sq: 0,
    };
    let mut t = [[none; 4]; 32];
    let mut sq = 0;
    while sq < 32 {
        let mut d = 0;
        while d < 4 {
            let over = step(1 << sq, d);
            let land = step(over, d);
            if land != 0 {
                t[sq][d] = Jump {
                    over,
                    land,
                    land_sq: land.trailing_zeros() as u8,
                };
            }
            d += 1;
        }
        sq += 1;
    }
    t
}

/// The two forward directions of Black's (`BLACK`) or White's men, and the two backward.
#[inline(always)]
const fn ahead_behind<const BLACK: bool>() -> (Dir, Dir) {
    if BLACK {
        (DOWN_LEFT, UP_LEFT)
    } else {
        (UP_LEFT, DOWN_LEFT)
    }
}

/// `to` is `from` moved by `shift` bits: positive down the board, negative up.
#[inline(always)]
fn shifted(set: u32, shift: i32) -> u32 {
    if shift > 0 {
        set << shift
    } else {
        set >> -shift
    }
}

impl Position {
    #[inline(always)]
    fn own_opp<const BLACK: bool>(&self) -> (u32, u32) {
        if BLACK {
            (self.black, self.white)
        } else {
            (self.white, self.black)
        }
    }

    /// Lists every legal move (empty when the game is over), for a list that is returned.
    ///
    /// Captures are searched into a scratch list and copied over: `list` itself is then only
    /// touched by inlined code, which lets the compiler build the caller's list in place
    /// instead of copying all of its capacity on return (a measured 15% of perft time).
    #[inline(always)]
    pub(crate) fn write_moves(&self, list: &mut Moves) {
        if self.draw_reached() {
            return;
        }
        match self.side {
            Color::Black => self.write_side::<true, true>(list),
            Color::White => self.write_side::<false, true>(list),
        }
    }

    #[inline(always)]
    fn write_side<const BLACK: bool, const SCRATCH: bool>(&self, list: &mut Moves) {
        let (own, opp) = self.own_opp::<BLACK>();
        let empty = !(own | opp);
        let kings = own & self.kings;
        let jumpers = jumpers::<BLACK>(own, kings, opp, empty);
        if jumpers != 0 {
            let merge = self.rules.merge_duplicate_captures;
            if SCRATCH {
                let mut scratch = Moves::new();
                let mut sink = Lister {
                    list: &mut scratch,
                    merge,
                    piece_start: 0,
                };
                captures::<_, BLACK>(&mut sink, jumpers, kings, opp, empty);
                for &mv in scratch.iter() {
                    list.push(mv);
                }
            } else {
                let piece_start = list.len();
                let mut sink = Lister {
                    list,
                    merge,
                    piece_start,
                };
                captures::<_, BLACK>(&mut sink, jumpers, kings, opp, empty);
            }
            return;
        }
        all_steps::<BLACK>(&mut |mv| list.push(mv), own, kings, empty);
    }

    /// Calls `f` with the legal moves. Plain steps, the usual case, go into a plain array
    /// with the count in a local: in a `MoveList` the length lives in memory, and each push
    /// waited for the one before (a measured 9% of perft time).
    #[inline(always)]
    pub(crate) fn with_moves<R>(&self, f: impl FnOnce(&[Move]) -> R) -> R {
        if self.draw_reached() {
            return f(&[]);
        }
        match self.side {
            Color::Black => self.with_moves_side::<true, R>(f),
            Color::White => self.with_moves_side::<false, R>(f),
        }
    }

    #[inline(always)]
    fn with_moves_side<const BLACK: bool, R>(&self, f: impl FnOnce(&[Move]) -> R) -> R {
        let (own, opp) = self.own_opp::<BLACK>();
        let empty = !(own | opp);
        let kings = own & self.kings;
        let jumpers = jumpers::<BLACK>(own, kings, opp, empty);
        if jumpers != 0 {
            let mut list = Moves::new();
            let mut sink = Lister {
                list: &mut list,
                merge: self.rules.merge_duplicate_captures,
                piece_start: 0,
            };
            captures::<_, BLACK>(&mut sink, jumpers, kings, opp, empty);
            return f(&list);
        }
        // Left uninitialised: zeroing 48 moves cost more than writing the few there are.
        let mut moves = [const { MaybeUninit::<Move>::uninit() }; MAX_STEPS];
        let mut n = 0;
        all_steps::<BLACK>(
            &mut |mv| {
                moves[n].write(mv);
                n += 1;
            },
            own,
            kings,
            empty,
        );
        // SAFETY: the first `n` entries were written just above, and `MaybeUninit<Move>` has
        // the layout of `Move`.
        f(unsafe { std::slice::from_raw_parts(moves.as_ptr().cast::<Move>(), n) })
    }

    /// The number of legal moves, without listing them when that can be avoided: plain
    /// steps are counted by population counts.
    #[inline(always)]
    pub(crate) fn count_fast(&self) -> usize {
        if self.draw_reached() {
            return 0;
        }
        match self.side {
            Color::Black => self.count_side::<true>(),
            Color::White => self.count_side::<false>(),
        }
    }

    /// [`Position::count_fast`] for a side known at compile time (`BLACK`: Black to move).
    ///
    /// Steps are grouped by shift rather than by direction (see [`forward`]): the steps of
    /// every piece by 4 squares, and those by 3 or 5, two sets whose sizes add up to the
    /// number of plain moves. A jump is one step of each kind, so the same two sets, taken
    /// through enemy pieces and shifted by the other kind, give the landing squares of all
    /// single jumps: one test tells whether captures are compulsory. Men's captures are then
    /// counted in bulk too (see [`count_men_captures`]); only kings' captures and men's
    /// multi-jumps are searched.
    #[inline(always)]
    fn count_side<const BLACK: bool>(&self) -> usize {
        let (own, opp) = self.own_opp::<BLACK>();
        let empty = !(own | opp);
        let kings = own & self.kings;
        let merge = self.rules.merge_duplicate_captures;
        if kings == 0 {
            let by4 = forward::<BLACK, 4>(own);
            let by35 = forward::<BLACK, 35>(own);
            let lands4 = forward::<BLACK, 35>(by4 & opp) & empty;
            let lands35 = forward::<BLACK, 4>(by35 & opp) & empty;
            // Whether there is a capture is a coin toss in perft, so the common cases, no
            // capture and only single jumps, take no branch on it: both counts are prepared
            // and a conditional move picks the sets to count.
            let on = men_jump_from::<BLACK>(opp, empty);
            let multi = (lands4 | lands35) & on;
            if multi == 0 && !merge {
                let capture = lands4 | lands35 != 0;
                let first = if capture { lands4 } else { by4 & empty };
                let second = if capture { lands35 } else { by35 & empty };
                return popcount_pair(first, second);
            }
            if lands4 | lands35 == 0 {
                return popcount_pair(by4 & empty, by35 & empty);
            }
            if !merge {
                return count_men_captures::<BLACK>(lands4, lands35, opp, empty);
            }
        } else {
            let jumpers = jumpers::<BLACK>(own, kings, opp, empty);
            if jumpers == 0 {
                let ahead = popcount_pair(
                    forward::<BLACK, 4>(own) & empty,
                    forward::<BLACK, 35>(own) & empty,
                );
                let behind = popcount_pair(
                    forward::<BLACK, -4>(kings) & empty,
                    forward::<BLACK, -35>(kings) & empty,
                );
                return ahead + behind;
            }
            if !merge {
                let men = own & !kings;
                let lands4 = forward::<BLACK, 35>(forward::<BLACK, 4>(men) & opp) & empty;
                let lands35 = forward::<BLACK, 4>(forward::<BLACK, 35>(men) & opp) & empty;
                let mut sink = Counter(count_men_captures::<BLACK>(lands4, lands35, opp, empty));
                captures::<_, BLACK>(&mut sink, jumpers & kings, kings, opp, empty);
                return sink.0;
            }
        }
        let mut list = Moves::new();
        self.write_side::<BLACK, false>(&mut list);
        list.len()
    }
}

/// One step of every piece in `set` by a kind of shift, towards Black's men's forward
/// direction (down the board) when `BLACK` and `KIND` is positive, else up: `KIND` 4 moves
/// every square by 4 bits (down-left from even rows, down-right from odd ones: no square is
/// lost at an edge), `KIND` 35 by 5 from even rows and 3 from odd ones (the other diagonal,
/// without the squares on the edge it would leave). See [`crate::bitboard`].
#[inline(always)]
fn forward<const BLACK: bool, const KIND: i32>(set: u32) -> u32 {
    const LOW_FIVE: u32 = EVEN_ROWS & !LAST_IN_ROW;
    const LOW_THREE: u32 = ODD_ROWS & !FIRST_IN_ROW;
    let down = BLACK == (KIND > 0);
    match (KIND.abs(), down) {
        (4, true) => set << 4,
        (4, false) => set >> 4,
        (_, true) => ((set & LOW_FIVE) << 5) | ((set & LOW_THREE) << 3),
        (_, false) => ((set & LOW_THREE) >> 5) | ((set & LOW_FIVE) >> 3),
    }
}

/// The population counts of two sets, added, in one 64-bit count.
#[inline(always)]
fn popcount_pair(a: u32, b: u32) -> usize {
    (u64::from(a) << 32 | u64::from(b)).count_ones() as usize
}

/// The number of capture sequences of men whose first jump lands on `lands4` (a step by 4
/// squares, then by 3 or 5: see [`forward`]) or `lands35` (the other way round). A man that
/// cannot jump on from where it lands makes one sequence, and whether it can does not
/// depend on the jump it made (men only go forward, away from the square it left and the
/// piece it took), so those are counted by one population count; the rest are searched.
/// Each set holds at most one jump per landing square (the kind of the first step and the
/// row of the landing square tell the direction), so counting squares counts jumps.
#[inline(always)]
fn count_men_captures<const BLACK: bool>(lands4: u32, lands35: u32, opp: u32, empty: u32) -> usize {
    let on = men_jump_from::<BLACK>(opp, empty);
    let mut sink = Counter(popcount_pair(lands4 & !on, lands35 & !on));
    for (lands, first_by4) in [(lands4 & on, true), (lands35 & on, false)] {
        for sq in Bits(lands) {
            let land = 1u32 << sq;
            let (over, start) = if first_by4 {
                let over = forward::<BLACK, -35>(land);
                (over, forward::<BLACK, -4>(over))
            } else {
                let over = forward::<BLACK, -4>(land);
                (over, forward::<BLACK, -35>(over))
            };
            // A count does not look at the path's directions.
            let path = Path {
                from: start.trailing_zeros() as u8,
                captured: over,
                dirs: 0,
                n: 1,
            };
            jumps::<_, false, BLACK>(&mut sink, path, sq, opp & !over, empty | start);
        }
    }
    sink.0
}

/// The squares a man could jump forward from, found backwards from the empty squares.
#[inline(always)]
fn men_jump_from<const BLACK: bool>(opp: u32, empty: u32) -> u32 {
    forward::<BLACK, -4>(forward::<BLACK, -35>(empty) & opp)
        | forward::<BLACK, -35>(forward::<BLACK, -4>(empty) & opp)
}

/// The pieces that can jump: towards `d` when stepping back from an empty square twice,
/// through an enemy piece, reaches them. Men look ahead only, kings both ways.
#[inline(always)]
fn jumpers<const BLACK: bool>(own: u32, kings: u32, opp: u32, empty: u32) -> u32 {
    let (ahead, behind) = ahead_behind::<BLACK>();
    let jump_from = |d: Dir| step(step(empty, opposite(d)) & opp, opposite(d));
    let mut jumpers = own & (jump_from(ahead) | jump_from(ahead + 1));
    if kings != 0 {
        jumpers |= kings & (jump_from(behind) | jump_from(behind + 1));
    }
    jumpers
}

/// Passes on every plain step of the mover's pieces (`own`, of which `kings` are kings).
#[inline(always)]
fn all_steps<const BLACK: bool>(push: &mut impl FnMut(Move), own: u32, kings: u32, empty: u32) {
    let (ahead, behind) = ahead_behind::<BLACK>();
    steps(push, own, empty, ahead);
    steps(push, own, empty, ahead + 1);
    if kings != 0 {
        steps(push, kings, empty, behind);
        steps(push, kings, empty, behind + 1);
    }
}

/// Passes on the plain steps of `movers` in direction `d`. A diagonal step is a shift of 4
/// from one row parity and of 3 or 5 from the other (see [`crate::bitboard`]), so each half
/// recovers the starting square by subtracting a constant.
#[inline(always)]
fn steps(push: &mut impl FnMut(Move), movers: u32, empty: u32, d: Dir) {
    // (movers that shift by 4, movers that shift by 3 or 5, that other shift)
    let (by4, other, shift) = match d {
        UP_LEFT => (movers & EVEN_ROWS, movers & ODD_ROWS & !FIRST_IN_ROW, -5),
        UP_RIGHT => (movers & ODD_ROWS, movers & EVEN_ROWS & !LAST_IN_ROW, -3),
        DOWN_LEFT => (movers & EVEN_ROWS, movers & ODD_ROWS & !FIRST_IN_ROW, 3),
        _ => (movers & ODD_ROWS, movers & EVEN_ROWS & !LAST_IN_ROW, 5),
    };
    let four = if d == UP_LEFT || d == UP_RIGHT { -4 } else { 4 };
    for (set, shift) in [(by4, four), (other, shift)] {
        for to in Bits(shifted(set, shift) & empty) {
            push(Move {
                from: (i32::from(to) - shift) as u8,
                to,
                ..Move::default()
            });
        }
    }
}

/// Every capture sequence of every piece in `jumpers` (`kings`: the mover's kings; `empty`:
/// the empty squares).
#[inline(always)]
fn captures<S: Sink, const BLACK: bool>(
    sink: &mut S,
    jumpers: u32,
    kings: u32,
    opp: u32,
    empty: u32,
) {
    for sq in Bits(jumpers) {
        let at = 1u32 << sq;
        sink.next_piece();
        // The jumping piece's own square is empty behind it (a king may come back to it).
        let path = Path {
            from: sq,
            captured: 0,
            dirs: 0,
            n: 0,
        };
        if kings & at != 0 {
            jumps::<S, true, BLACK>(sink, path, sq, opp, empty | at);
        } else {
            jumps::<S, false, BLACK>(sink, path, sq, opp, empty | at);
        }
    }
}

/// A capture sequence so far: where it started, the pieces taken, the direction of each jump
/// (2 bits each, first jump lowest) and how many jumps.
#[derive(Clone, Copy)]
struct Path {
    from: u8,
    captured: u32,
    dirs: u32,
    n: u8,
}

impl Path {
    #[inline(always)]
    fn end(self, to: u8) -> Move {
        debug_assert!(self.n > 0 && (self.n as usize) <= MAX_JUMPS);
        Move {
            from: self.from,
            to,
            jumps: self.n,
            dirs: self.dirs,
            captured: self.captured,
        }
    }
}

/// Follows every capture sequence of the piece now on bit `sq`, along `path`; `opp` holds the
/// enemy pieces not yet taken. Taken pieces stay off the empty set: a jumping piece only ever
/// lands on squares of the other colour class than the pieces it jumps, so it could never
/// land on them anyway. `KING`: the piece is a king; `BLACK`: it is Black's.
#[inline]
fn jumps<S: Sink, const KING: bool, const BLACK: bool>(
    sink: &mut S,
    path: Path,
    sq: u8,
    opp: u32,
    empty: u32,
) {
    let (ahead, behind) = ahead_behind::<BLACK>();
    let mut extended = false;
    extended |= jump::<S, KING, BLACK>(sink, path, sq, opp, empty, ahead);
    extended |= jump::<S, KING, BLACK>(sink, path, sq, opp, empty, ahead + 1);
    if KING {
        extended |= jump::<S, KING, BLACK>(sink, path, sq, opp, empty, behind);
        extended |= jump::<S, KING, BLACK>(sink, path, sq, opp, empty, behind + 1);
    }
    if !extended && path.n > 0 {
        sink.capture(path.end(sq));
    }
}

/// The jump from `sq` towards `d`, if there is one, and every sequence that goes on from it.
#[inline(always)]
fn jump<S: Sink, const KING: bool, const BLACK: bool>(
    sink: &mut S,
    path: Path,
    sq: u8,
    opp: u32,
    empty: u32,
    d: Dir,
) -> bool {
    let j = JUMPS[sq as usize][d];
    if j.over & opp == 0 || j.land & empty == 0 {
        return false;
    }
    let path = Path {
        from: path.from,
        captured: path.captured | j.over,
        dirs: path.dirs | (d as u32) << (2 * path.n),
        n: path.n + 1,
    };
    let crowning = if BLACK {
        Color::Black.crowning_row()
    } else {
        Color::White.crowning_row()
    };
    if !KING && j.land & crowning != 0 {
        // A man that reaches the far row is crowned and the move ends there.
        sink.capture(path.end(j.land_sq));
    } else {
        jumps::<S, KING, BLACK>(sink, path, j.land_sq, opp & !j.over, empty);
    }
    true
}

/// The most pieces one move can take: all twelve of the other side.
pub const MAX_JUMPS: usize = 12;

const _: () = assert!(
    2 * MAX_JUMPS <= 32,
    "jump directions must fit in Move::dirs"
);
/// The most plain steps a side can have: twelve kings with four steps each.
const MAX_STEPS: usize = 48;

const _: () = assert!(MAX_MOVES >= MAX_STEPS);
const _: () = assert!(UP_RIGHT == UP_LEFT + 1 && DOWN_RIGHT == DOWN_LEFT + 1);

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
