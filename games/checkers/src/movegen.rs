//! The fast move generator: square-set arithmetic finds which pieces can move or jump, a
//! depth-first search per jumping piece follows its capture sequences. The search serves
//! both listing and counting, through a [`Sink`] chosen at compile time; plain steps are
//! counted by population counts.
//!
//! Perft spends its time here, so the common cases avoid per-piece work: the landing squares
//! of every man's step, and of every man's first jump, come from a few shifts of whole sets;
//! a step or a single jump is then copied whole from a table indexed by its landing square
//! ([`MEN_STEPS`], [`MEN_JUMPS`]), already in the form that plays it (see [`Move`]); only a
//! man that can jump on from where it lands, and kings, are searched. The count for the last
//! ply, with men only, is a few dozen instructions without a branch on whether there is a
//! capture, and everything rarer is kept out of line.
//!
//! Everything that depends on the side to move or on whether a piece is a king is a const
//! generic, so each direction is a fixed shift and the direction loops unroll. In perft every
//! node at one depth has the same side to move, so the one branch that picks the
//! specialisation is always predicted.

use crate::bitboard::{
    Bits, DOWN_LEFT, DOWN_RIGHT, Dir, EVEN_ROWS, FIRST_IN_ROW, LAST_IN_ROW, ODD_ROWS, UP_LEFT,
    UP_RIGHT, opposite, step,
};
use crate::position::{CROWNING_ROWS, Color, Move, Position};
use crate::rules::Rules;
use crate::{MAX_MOVES, Moves};
use std::mem::MaybeUninit;

/// Where the capture search puts complete sequences.
trait Sink {
    /// A complete capture sequence, ending on `to`, of a king (`KING`) or a man of Black
    /// (`BLACK`) or White.
    fn capture<const KING: bool, const BLACK: bool>(&mut self, path: Path, to: u32);
    /// A man's capture of one piece, copied from [`MEN_JUMPS`]: it can have no duplicate.
    fn single<const BLACK: bool>(&mut self, mv: Move);
    /// A new jumping piece starts (duplicates can only come from one piece).
    fn next_piece(&mut self) {}
}

/// Counts moves without storing them.
struct Counter(usize);

impl Sink for Counter {
    #[inline(always)]
    fn capture<const KING: bool, const BLACK: bool>(&mut self, _: Path, _: u32) {
        self.0 += 1;
    }
    #[inline(always)]
    fn single<const BLACK: bool>(&mut self, _: Move) {
        self.0 += 1;
    }
}

/// Stores moves; with `merge`, keeps one path of each set of captures that share start,
/// end and taken pieces. `kings` holds the position's kings (of both sides), which a move's
/// mask must take off when it captures them (see [`Move`]).
struct Lister<'a> {
    list: &'a mut Moves,
    merge: bool,
    piece_start: usize,
    kings: u32,
}

impl Sink for Lister<'_> {
    #[inline(always)]
    fn capture<const KING: bool, const BLACK: bool>(&mut self, path: Path, to: u32) {
        debug_assert!(path.n > 0 && (path.n as usize) <= MAX_JUMPS);
        let side = if BLACK { Color::Black } else { Color::White };
        let crowned = if KING {
            path.from ^ to
        } else {
            to & CROWNING_ROWS
        };
        let kings = (self.kings & path.captured) ^ crowned;
        let mv = Move::new(side, path.from, to, path.captured, path.dirs, kings);
        // Moves of one piece with the same start: the same end and taken pieces show as the
        // same masks of the two sides.
        if self.merge
            && self.list[self.piece_start..]
                .iter()
                .any(|m| m.black == mv.black && m.white == mv.white)
        {
            return;
        }
        self.list.push(mv);
    }
    #[inline(always)]
    fn single<const BLACK: bool>(&mut self, mut mv: Move) {
        let captured = if BLACK { mv.white } else { mv.black };
        mv.kings ^= self.kings & captured;
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
        let first = FirstJumps::find::<BLACK>(own, kings, opp, empty);
        if first.any() {
            let merge = self.rules.merge_duplicate_captures;
            if SCRATCH {
                let mut scratch = Moves::new();
                let mut sink = Lister {
                    list: &mut scratch,
                    merge,
                    piece_start: 0,
                    kings: self.kings,
                };
                first.captures::<_, BLACK>(&mut sink, kings, opp, empty);
                for &mv in scratch.iter() {
                    list.push(mv);
                }
            } else {
                let piece_start = list.len();
                let mut sink = Lister {
                    list,
                    merge,
                    piece_start,
                    kings: self.kings,
                };
                first.captures::<_, BLACK>(&mut sink, kings, opp, empty);
            }
            return;
        }
        all_steps::<BLACK>(&mut |mv| list.push(mv), &first, kings, empty);
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
        let first = FirstJumps::find::<BLACK>(own, kings, opp, empty);
        if first.any() {
            let mut list = Moves::new();
            let mut sink = Lister {
                list: &mut list,
                merge: self.rules.merge_duplicate_captures,
                piece_start: 0,
                kings: self.kings,
            };
            first.captures::<_, BLACK>(&mut sink, kings, opp, empty);
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
            &first,
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
        // One test for all rare cases: kings to move, or any rule option (a draw rule,
        // merged duplicates), which the rare path handles.
        if kings != 0 || self.rules != Rules::PERFT {
            return self.count_rare::<BLACK>();
        }
        let by4 = forward::<BLACK, 4>(own);
        let by35 = forward::<BLACK, 35>(own);
        let lands4 = forward::<BLACK, 35>(by4 & opp) & empty;
        let lands35 = forward::<BLACK, 4>(by35 & opp) & empty;
        // Whether there is a capture is a coin toss in perft, so the common cases, no
        // capture and only single jumps, take no branch on it: both counts are prepared
        // and a conditional move picks the sets to count.
        let on = men_jump_from::<BLACK>(opp, empty);
        if (lands4 | lands35) & on != 0 {
            return count_men_captures::<BLACK>(lands4, lands35, opp, empty);
        }
        let capture = lands4 | lands35 != 0;
        let first = if capture { lands4 } else { by4 & empty };
        let second = if capture { lands35 } else { by35 & empty };
        popcount_pair(first, second)
    }

    /// [`Position::count_side`] with kings on the board or duplicate captures merged (rare
    /// in perft). Kept out of line, like the search of men's multiple jumps, so that the
    /// common count inlined into perft's recursion stays small: it then needs neither a
    /// large stack frame nor many saved registers, which every call of the recursion pays.
    #[inline(never)]
    fn count_rare<const BLACK: bool>(&self) -> usize {
        if self.draw_reached() {
            return 0;
        }
        let (own, opp) = self.own_opp::<BLACK>();
        let empty = !(own | opp);
        let kings = own & self.kings;
        let merge = self.rules.merge_duplicate_captures;
        if kings == 0 {
            let by4 = forward::<BLACK, 4>(own);
            let by35 = forward::<BLACK, 35>(own);
            let lands4 = forward::<BLACK, 35>(by4 & opp) & empty;
            let lands35 = forward::<BLACK, 4>(by35 & opp) & empty;
            if lands4 | lands35 == 0 {
                return popcount_pair(by4 & empty, by35 & empty);
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
    popcount(u64::from(a) << 32 | u64::from(b))
}

/// The population count of `x`, by the processor's `popcnt` instruction where it has one.
///
/// The baseline x86-64 target has no such instruction, so `count_ones` becomes a dozen
/// instructions; it ends every count of perft's bulk counting (a tenth of perft's time in a
/// profile). Code compiled for the feature (`#[target_feature]`) could not be inlined into
/// perft's recursion, and the call cost more than it saved; inline assembly can be, and the
/// test of the feature is a load from the standard library's cache and a branch that always
/// goes the same way.
#[inline(always)]
fn popcount(x: u64) -> usize {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("popcnt") {
        let n: u64;
        // SAFETY: `popcnt` exists on this processor (checked just above); it only reads a
        // register and writes one (and the flags, which `asm!` assumes clobbered).
        unsafe {
            std::arch::asm!(
                "popcnt {n}, {x}",
                x = in(reg) x,
                n = lateout(reg) n,
                options(pure, nomem, nostack),
            );
        }
        return n as usize;
    }
    x.count_ones() as usize
}

/// The number of capture sequences of men whose first jump lands on `lands4` (a step by 4
/// squares, then by 3 or 5: see [`forward`]) or `lands35` (the other way round). A man that
/// cannot jump on from where it lands makes one sequence, and whether it can does not
/// depend on the jump it made (men only go forward, away from the square it left and the
/// piece it took), so those are counted by one population count; the rest are searched.
/// Each set holds at most one jump per landing square (the kind of the first step and the
/// row of the landing square tell the direction), so counting squares counts jumps.
#[inline(never)]
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
                from: start,
                captured: over,
                dirs: 0,
                n: 1,
            };
            jumps::<_, false, BLACK>(&mut sink, path, sq, opp & !over, empty | start);
        }
    }
    sink.0
}

/// Where the first jumps of a side go, found by set arithmetic: the landing squares of the
/// men's jumps, grouped by the kind of their first step as in [`count_men_captures`], and the
/// kings that can jump. A man's jump lands two rows ahead, and the kind of its first step
/// and the landing square tell where it started, so each landing square of a group is one
/// jump.
#[derive(Clone, Copy)]
struct FirstJumps {
    /// The men's squares moved one step forward by 4 bits, and by 3 or 5 (see [`forward`]):
    /// where their plain steps go when those squares are empty.
    by4: u32,
    by35: u32,
    lands4: u32,
    lands35: u32,
    king_jumpers: u32,
}

impl FirstJumps {
    #[inline(always)]
    fn find<const BLACK: bool>(own: u32, kings: u32, opp: u32, empty: u32) -> FirstJumps {
        let men = own & !kings;
        let by4 = forward::<BLACK, 4>(men);
        let by35 = forward::<BLACK, 35>(men);
        let lands4 = forward::<BLACK, 35>(by4 & opp) & empty;
        let lands35 = forward::<BLACK, 4>(by35 & opp) & empty;
        let king_jumpers = if kings != 0 {
            jumpers::<BLACK>(kings, kings, opp, empty)
        } else {
            0
        };
        FirstJumps {
            by4,
            by35,
            lands4,
            lands35,
            king_jumpers,
        }
    }

    /// Must the side capture?
    #[inline(always)]
    fn any(self) -> bool {
        self.lands4 | self.lands35 | self.king_jumpers != 0
    }

    /// Passes on every capture sequence: the men's (single jumps copied whole from
    /// [`MEN_JUMPS`], only those that can go on searched), then each king's.
    #[inline(always)]
    fn captures<S: Sink, const BLACK: bool>(self, sink: &mut S, kings: u32, opp: u32, empty: u32) {
        let on = men_jump_from::<BLACK>(opp, empty);
        let table = &MEN_JUMPS[usize::from(BLACK)];
        // Bits 0..32: landings after a first step by 4; bits 32..64: by 3 or 5.
        let lands = u64::from(self.lands4) | u64::from(self.lands35) << 32;
        let on = u64::from(on) | u64::from(on) << 32;
        // A man that cannot jump on from where it lands makes one sequence: no search. Men
        // have no duplicate captures to merge (each row pair crossed holds one taken piece,
        // which fixes the path), so they bypass the merge test.
        let mut single = lands & !on;
        while single != 0 {
            sink.single::<BLACK>(table[single.trailing_zeros() as usize]);
            single &= single - 1;
        }
        let mut multi = lands & on;
        while multi != 0 {
            let first = table[multi.trailing_zeros() as usize];
            multi &= multi - 1;
            let path = Path {
                from: first.from(),
                captured: first.captured(),
                dirs: first.dirs(),
                n: 1,
            };
            let (over, sq) = (path.captured, first.to().trailing_zeros() as u8);
            jumps::<S, false, BLACK>(sink, path, sq, opp & !over, empty | path.from);
        }
        captures::<S, BLACK>(sink, self.king_jumpers, kings, opp, empty);
    }
}

/// `MEN_JUMPS[black][i]`: the jump of a man of that side (`black`: 1 for Black) that lands
/// on bit `i` after a first step by 4 bits (`i < 32`), or on bit `i - 32` after a first step
/// by 3 or 5 (see [`forward`]); [`Move::NONE`] where none lands there, never read since the
/// sets only hold real landings. Built at compile time.
static MEN_JUMPS: [[Move; 64]; 2] = men_jump_table();

const fn men_jump_table() -> [[Move; 64]; 2] {
    let mut t = [[Move::NONE; 64]; 2];
    let mut black = 0;
    while black < 2 {
        let (side, ahead) = if black == 1 {
            (Color::Black, DOWN_LEFT)
        } else {
            (Color::White, UP_LEFT)
        };
        let mut sq = 0;
        while sq < 32 {
            let from = 1u32 << sq;
            let mut d = ahead;
            while d < ahead + 2 {
                let over = step(from, d);
                let land = step(over, d);
                if land != 0 {
                    let by4 = over == from << 4 || over == from >> 4;
                    let i = land.trailing_zeros() as usize + if by4 { 0 } else { 32 };
                    // The kings taken are added where the jump is listed.
                    let crowned = land & CROWNING_ROWS;
                    t[black][i] = Move::new(side, from, land, over, d as u32, crowned);
                }
                d += 1;
            }
            sq += 1;
        }
        black += 1;
    }
    t
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

/// Passes on every plain step of the mover's pieces: the men's (their squares moved
/// forward are in `first`, already shifted for the capture test), then the `kings`'.
#[inline(always)]
fn all_steps<const BLACK: bool>(
    push: &mut impl FnMut(Move),
    first: &FirstJumps,
    kings: u32,
    empty: u32,
) {
    // One 64-bit set for both kinds of step, so one loop (one loop exit to predict) visits
    // them, each step copied whole from the table.
    let table = &MEN_STEPS[usize::from(BLACK)];
    let mut dests = u64::from(first.by4 & empty) | u64::from(first.by35 & empty) << 32;
    while dests != 0 {
        push(table[dests.trailing_zeros() as usize]);
        dests &= dests - 1;
    }
    if kings != 0 {
        let (ahead, behind) = ahead_behind::<BLACK>();
        steps::<BLACK>(push, kings, empty, ahead);
        steps::<BLACK>(push, kings, empty, behind);
    }
}

/// `MEN_STEPS[black][i]`: the step of a man of that side (`black`: 1 for Black) that lands
/// on bit `i` by a step of 4 bits (`i < 32`), or on bit `i - 32` by 3 or 5 (see
/// [`forward`]); [`Move::NONE`] where none lands there. Built at compile time.
static MEN_STEPS: [[Move; 64]; 2] = men_step_table();

const fn men_step_table() -> [[Move; 64]; 2] {
    let mut t = [[Move::NONE; 64]; 2];
    let mut black = 0;
    while black < 2 {
        let (side, ahead) = if black == 1 {
            (Color::Black, DOWN_LEFT)
        } else {
            (Color::White, UP_LEFT)
        };
        let mut sq = 0;
        while sq < 32 {
            let from = 1u32 << sq;
            let mut d = ahead;
            while d < ahead + 2 {
                let to = step(from, d);
                if to != 0 {
                    let by4 = to == from << 4 || to == from >> 4;
                    let i = to.trailing_zeros() as usize + if by4 { 0 } else { 32 };
                    t[black][i] = Move::new(side, from, to, 0, 0, to & CROWNING_ROWS);
                }
                d += 1;
            }
            sq += 1;
        }
        black += 1;
    }
    t
}

/// Passes on the plain steps of the kings `movers` in the pair of directions `d` (towards
/// the left) and `d + 1` (towards the right), in that order and by landing square, copied
/// from [`STEPS`] (as for the men: one 64-bit set, one loop).
#[inline(always)]
fn steps<const BLACK: bool>(push: &mut impl FnMut(Move), movers: u32, empty: u32, d: Dir) {
    let left = step(movers, d) & empty;
    let right = step(movers, d + 1) & empty;
    let table = &STEPS[usize::from(BLACK)][d / 2];
    let mut dests = u64::from(left) | u64::from(right) << 32;
    while dests != 0 {
        let mut mv = table[dests.trailing_zeros() as usize];
        // The table crowns men; a king instead carries its mark along.
        mv.kings = mv.black | mv.white;
        push(mv);
        dests &= dests - 1;
    }
}

/// `STEPS[black][d / 2][i]`, for `d` one of [`UP_LEFT`] and [`DOWN_LEFT`]: the step of a
/// piece of that side (`black`: 1 for Black) in direction `d` that lands on bit `i` for
/// `i < 32`, and in direction `d + 1` landing on bit `i - 32` for the rest ([`Move::NONE`]
/// where none lands there), with a man's crowning; [`steps`] turns it into a king's step.
/// Used for kings only (men use [`MEN_STEPS`]). Built at compile time.
static STEPS: [[[Move; 64]; 2]; 2] = step_table();

const fn step_table() -> [[[Move; 64]; 2]; 2] {
    let mut t = [[[Move::NONE; 64]; 2]; 2];
    let mut black = 0;
    while black < 2 {
        let side = if black == 1 {
            Color::Black
        } else {
            Color::White
        };
        let mut pair = 0;
        while pair < 2 {
            let mut i = 0;
            while i < 64 {
                let d = 2 * pair + i / 32;
                let to = 1u32 << (i % 32);
                let from = step(to, opposite(d));
                if from != 0 {
                    t[black][pair][i] = Move::new(side, from, to, 0, 0, to & CROWNING_ROWS);
                }
                i += 1;
            }
            pair += 1;
        }
        black += 1;
    }
    t
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
            from: at,
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

/// A capture sequence so far: where it started (a one-bit set), the pieces taken, the
/// direction of each jump (2 bits each, first jump lowest) and how many jumps.
#[derive(Clone, Copy)]
struct Path {
    from: u32,
    captured: u32,
    dirs: u32,
    n: u8,
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
        sink.capture::<KING, BLACK>(path, 1 << sq);
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
        sink.capture::<KING, BLACK>(path, j.land);
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
