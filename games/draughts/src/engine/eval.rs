//! The evaluation of the draughts engine: a weighted sum of features, each counted for the
//! side to move less the same count for its opponent, tapered between an opening and an
//! ending weight by the pieces left on the board (40 at the start). The features are the
//! terms draughts players count: men and kings (a king is worth about three men on an open
//! board), the men's advancement (the race to crown grows as the board empties), the
//! centre, outposts (a man in the opponent's half held by two own pieces behind it), the
//! back rank (men on the row the opponent crowns on keep it shut), the imbalance of the
//! two wings, men that cannot step (blocked), kings on the main diagonal (46-5, the long
//! road a king controls) and runaway men (no enemy piece in the cone of squares ahead:
//! enemy men move only towards it and cannot enter, so only a king can stop it). Endings
//! that the rules make drawn in practice (one lone king against at most three pieces) have
//! their score divided by [`DRAWISH_DIVISOR`]. To these counted terms the pattern tables
//! (`patterns.rs`) add what each arrangement of men on a window of the board is worth.
//! The weights are in `weights.rs` and `data/patterns.bin`, fitted by `tune.rs`; the
//! features are one struct so the tuner sees exactly what the engine sums.

use crate::bitboard::{BOARD, Bits, DOWN_LEFT, DOWN_RIGHT, UP_LEFT, UP_RIGHT, square_of_bit, step};
use crate::{Color, Position};
use olympiad_search::Score;

use super::patterns::{self, TABLES};
use super::weights::WEIGHTS;

/// Men, own less the opponent's.
pub const MEN: usize = 0;
/// Kings.
pub const KINGS: usize = 1;
/// Rows advanced, summed over the men.
pub const ADVANCE: usize = 2;
/// Steps towards the centre files (0 on the edge, 4 in the middle two), summed over the
/// men on the rows where the middle game is fought (rows 2..7).
pub const CENTRE: usize = 3;
/// Men in the opponent's half held by own pieces on both squares behind them.
pub const OUTPOSTS: usize = 4;
/// Men on their own back row.
pub const BACK_RANK: usize = 5;
/// The difference between the men on the two wings (files a-e against f-j).
pub const WING_IMBALANCE: usize = 6;
/// Men that cannot step: both squares ahead taken or off the board.
pub const BLOCKED: usize = 7;
/// Kings on the main diagonal (squares 46, 41, 37, 32, 28, 23, 19, 14, 10, 5).
pub const MAIN_DIAGONAL: usize = 8;
/// Runaway men: no enemy piece in the cone ahead.
pub const RUNAWAY: usize = 9;
/// How many features there are.
pub const NUM_FEATURES: usize = 10;

/// Pieces on the board at the start: the phase runs from here (opening weights) to 0
/// (ending weights).
pub const PHASE_MAX: i32 = 40;
/// A drawish ending's score is divided by this.
pub const DRAWISH_DIVISOR: i32 = 16;

/// The row (0 at the top, where White crowns) and the file (0..9) of square `n` (1..50).
pub(crate) const fn row_file(n: usize) -> (usize, usize) {
    let row = (n - 1) / 5;
    (
        row,
        2 * ((n - 1) % 5) + if row.is_multiple_of(2) { 1 } else { 0 },
    )
}

/// The bit of square `n` (1..50).
const fn bit(n: usize) -> usize {
    n - 1 + (n - 1) / 10
}

/// A White man's square terms on bit `b`: rows advanced (0 on White's back row), centre
/// steps and whether it stands on its back row; indexed by bit, 0 on the ghost bits.
const fn white_square_terms() -> [(i32, i32, bool); 64] {
    let mut table = [(0, 0, false); 64];
    let mut n = 1;
    while n <= 50 {
        let (row, file) = row_file(n);
        let edge = if file < 9 - file { file } else { 9 - file };
        let centre = if row >= 2 && row <= 7 { edge } else { 0 };
        table[bit(n)] = ((9 - row) as i32, centre as i32, row == 9);
        n += 1;
    }
    table
}

/// [`white_square_terms`] computed once.
const WHITE_TERMS: [(i32, i32, bool); 64] = white_square_terms();

/// The bit of the square a board turned half round puts on bit `b` (square `n` to
/// `51 - n`), so that Black's men read White's tables.
const fn rotated(b: u32) -> usize {
    bit(51 - square_of_bit(b) as usize)
}

/// The squares of files a-e (the left wing as White sees the board), of the main
/// diagonal, and of White's half (rows 5..9: squares 26..50).
const fn square_sets() -> (u64, u64, u64) {
    let (mut left, mut diagonal, mut white_half) = (0u64, 0u64, 0u64);
    let mut n = 1;
    while n <= 50 {
        let (row, file) = row_file(n);
        if file < 5 {
            left |= 1 << bit(n);
        }
        if row + file == 9 {
            diagonal |= 1 << bit(n);
        }
        if row >= 5 {
            white_half |= 1 << bit(n);
        }
        n += 1;
    }
    (left, diagonal, white_half)
}

/// Files a-e.
const LEFT_WING: u64 = square_sets().0;
/// The main diagonal, 46-5.
const DIAGONAL: u64 = square_sets().1;
/// White's half of the board; Black's is the rest.
const WHITE_HALF: u64 = square_sets().2;

/// The cone ahead of a man on bit `b` (`black`: moving down): every square it could reach
/// by steps forward, whatever the pieces.
const fn cone(b: usize, black: bool) -> u64 {
    let (left, right) = if black {
        (DOWN_LEFT, DOWN_RIGHT)
    } else {
        (UP_LEFT, UP_RIGHT)
    };
    let mut front = 1u64 << b;
    let mut cone = 0;
    let mut i = 0;
    while i < 9 {
        front = step(front, left) | step(front, right);
        cone |= front;
        i += 1;
    }
    cone
}

/// `CONES[side][bit]` (side as [`Color`] numbers it: 0 White, 1 Black), built at compile
/// time.
static CONES: [[u64; 64]; 2] = {
    let mut t = [[0; 64]; 2];
    let mut b = 0;
    while b < 64 {
        if BOARD >> b & 1 == 1 {
            t[0][b] = cone(b, false);
            t[1][b] = cone(b, true);
        }
        b += 1;
    }
    t
};

/// A position's features from the view of its side to move, its phase and the divisor
/// of a drawish ending (1 elsewhere).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Features {
    /// Every feature's count, own less the opponent's.
    pub counts: [i32; NUM_FEATURES],
    /// The pieces on the board, at most [`PHASE_MAX`].
    pub phase: i32,
    /// [`DRAWISH_DIVISOR`] in a drawish ending, else 1.
    pub divisor: i32,
    /// The pattern tables' indices (`patterns.rs`) as the side to move reads the board,
    /// then as its opponent does.
    pub patterns: [[u16; TABLES]; 2],
}

/// Adds `color`'s counts to `f` with `sign`.
fn side_features(pos: &Position, color: Color, f: &mut [i32; NUM_FEATURES], sign: i32) {
    let own = pos.pieces(color);
    let opp = pos.pieces(color.flip());
    let empty = BOARD & !(own | opp);
    let kings = own & pos.kings();
    let men = own & !pos.kings();
    let mut add = |i: usize, n: i32| f[i] += sign * n;
    add(MEN, men.count_ones() as i32);
    add(KINGS, kings.count_ones() as i32);
    add(MAIN_DIAGONAL, (kings & DIAGONAL).count_ones() as i32);
    let (mut advance, mut centre, mut back, mut runaway) = (0, 0, 0, 0);
    let side = color as usize;
    for b in Bits(men) {
        let i = match color {
            Color::White => b as usize,
            Color::Black => rotated(b),
        };
        let (a, c, on_back) = WHITE_TERMS[i];
        advance += a;
        centre += c;
        back += i32::from(on_back);
        runaway += i32::from(CONES[side][b as usize] & opp == 0);
    }
    add(ADVANCE, advance);
    add(CENTRE, centre);
    add(BACK_RANK, back);
    add(RUNAWAY, runaway);
    // Stepping a set backwards from the empty squares finds the men that can step there.
    let (behind_left, behind_right, far_half, can_step) = match color {
        Color::White => (
            step(own, UP_RIGHT),
            step(own, UP_LEFT),
            BOARD & !WHITE_HALF,
            step(empty, DOWN_LEFT) | step(empty, DOWN_RIGHT),
        ),
        Color::Black => (
            step(own, DOWN_RIGHT),
            step(own, DOWN_LEFT),
            WHITE_HALF,
            step(empty, UP_LEFT) | step(empty, UP_RIGHT),
        ),
    };
    add(
        OUTPOSTS,
        (men & behind_left & behind_right & far_half).count_ones() as i32,
    );
    add(BLOCKED, (men & !can_step).count_ones() as i32);
    let left = (men & LEFT_WING).count_ones() as i32;
    let right = (men & !LEFT_WING).count_ones() as i32;
    add(WING_IMBALANCE, (left - right).abs());
}

/// The features of `pos` (see [`Features`]).
pub fn features(pos: &Position) -> Features {
    let mut counts = [0; NUM_FEATURES];
    let us = pos.side();
    side_features(pos, us, &mut counts, 1);
    side_features(pos, us.flip(), &mut counts, -1);
    let kings = pos.kings();
    let count = |c: Color| {
        let p = pos.pieces(c);
        ((p & !kings).count_ones(), (p & kings).count_ones())
    };
    let ((wm, wk), (bm, bk)) = (count(Color::White), count(Color::Black));
    // One lone king holds a draw against three pieces or fewer in practice (and the 16-
    // and 5-move rules end such games): the material says little there.
    let lone = |men: u32, kings: u32| men == 0 && kings == 1;
    let drawish = (lone(wm, wk) && bm + bk <= 3) || (lone(bm, bk) && wm + wk <= 3);
    Features {
        counts,
        phase: ((wm + wk + bm + bk) as i32).min(PHASE_MAX),
        divisor: if drawish { DRAWISH_DIVISOR } else { 1 },
        patterns: [
            patterns::indices(pos, us),
            patterns::indices(pos, us.flip()),
        ],
    }
}

/// The tapered weighted sum of `f` under `weights` (opening, ending) and the pattern
/// tables' weights.
#[inline]
pub fn weigh(f: &Features, weights: &[(i16, i16); NUM_FEATURES]) -> Score {
    let (mut opening, mut ending) = (0, 0);
    for (&n, &(o, e)) in f.counts.iter().zip(weights) {
        opening += n * i32::from(o);
        ending += n * i32::from(e);
    }
    let (o, e) = patterns::score(&f.patterns);
    opening += o;
    ending += e;
    (opening * f.phase + ending * (PHASE_MAX - f.phase)) / PHASE_MAX / f.divisor
}

/// The static evaluation of `pos` from the view of its side to move, in centi-men (a man
/// in the opening is 100).
pub fn evaluate(pos: &Position) -> Score {
    weigh(&features(pos), &WEIGHTS)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::bitboard::bit_of_square;
    use olympiad_core::{Game, Notation, SplitMix64};

    /// Positions along random games (captures and kings included), seeded.
    pub(crate) fn random_positions(seed: u64, count: usize) -> Vec<Position> {
        let mut rng = SplitMix64::new(seed);
        let mut out = Vec::new();
        while out.len() < count {
            let mut pos = Position::start();
            for _ in 0..rng.below(200) {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                pos.play(moves[rng.below(moves.len())]);
                out.push(pos.clone());
            }
        }
        out
    }

    /// The slow twin: every feature recomputed from square numbers and coordinates, one
    /// piece at a time, with no square sets or tables, and the evaluation summed from it.
    fn slow_evaluate(pos: &Position) -> Score {
        let at = |r: i32, f: i32| -> Option<(Color, bool)> {
            (0..10).contains(&r).then_some(())?;
            (0..10).contains(&f).then_some(())?;
            if (r + f) % 2 == 0 {
                return None;
            }
            let sq = (r * 5 + f / 2 + 1) as u8;
            let b = 1u64 << bit_of_square(sq);
            let color = if pos.pieces(Color::White) & b != 0 {
                Color::White
            } else if pos.pieces(Color::Black) & b != 0 {
                Color::Black
            } else {
                return None;
            };
            Some((color, pos.kings() & b != 0))
        };
        let on_board = |r: i32, f: i32| (0..10).contains(&r) && (0..10).contains(&f);
        let mut counts = [0; NUM_FEATURES];
        let (mut men, mut kings) = ([0; 2], [0; 2]);
        for n in 1..=50usize {
            let (r, f) = row_file(n);
            let (r, f) = (r as i32, f as i32);
            let Some((color, king)) = at(r, f) else {
                continue;
            };
            let sign = if color == pos.side() { 1 } else { -1 };
            let fwd = if color == Color::White { -1 } else { 1 };
            // Rows advanced from the own back row.
            let advanced = if color == Color::White { 9 - r } else { r };
            if king {
                kings[color as usize] += 1;
                counts[KINGS] += sign;
                counts[MAIN_DIAGONAL] += sign * i32::from(r + f == 9);
                continue;
            }
            men[color as usize] += 1;
            counts[MEN] += sign;
            counts[ADVANCE] += sign * advanced;
            if (2..=7).contains(&r) {
                counts[CENTRE] += sign * f.min(9 - f);
            }
            counts[BACK_RANK] += sign * i32::from(advanced == 0);
            let own_behind = |df: i32| matches!(at(r - fwd, f + df), Some((c, _)) if c == color);
            if advanced >= 5 && own_behind(-1) && own_behind(1) {
                counts[OUTPOSTS] += sign;
            }
            let free = |df: i32| on_board(r + fwd, f + df) && at(r + fwd, f + df).is_none();
            counts[BLOCKED] += sign * i32::from(!free(-1) && !free(1));
            let mut stopped = false;
            for k in 1..10 {
                for df in -k..=k {
                    if matches!(at(r + k * fwd, f + df), Some((c, _)) if c != color) {
                        stopped = true;
                    }
                }
            }
            counts[RUNAWAY] += sign * i32::from(!stopped);
        }
        for color in [Color::White, Color::Black] {
            let sign = if color == pos.side() { 1 } else { -1 };
            let (mut left, mut right) = (0i32, 0i32);
            for n in 1..=50usize {
                let (r, f) = row_file(n);
                if at(r as i32, f as i32) == Some((color, false)) {
                    if f < 5 {
                        left += 1;
                    } else {
                        right += 1;
                    }
                }
            }
            counts[WING_IMBALANCE] += sign * (left - right).abs();
        }
        let lone = |c: usize, o: usize| men[c] == 0 && kings[c] == 1 && men[o] + kings[o] <= 3;
        let divisor = if lone(0, 1) || lone(1, 0) {
            DRAWISH_DIVISOR
        } else {
            1
        };
        let phase = (men[0] + men[1] + kings[0] + kings[1]).min(PHASE_MAX);
        let (mut opening, mut ending) = (0, 0);
        for (i, &(o, e)) in WEIGHTS.iter().enumerate() {
            opening += counts[i] * i32::from(o);
            ending += counts[i] * i32::from(e);
        }
        // The pattern tables, one arrangement at a time (the indices have their own slow
        // twin in `patterns.rs`).
        for (color, sign) in [(pos.side(), 1), (pos.side().flip(), -1)] {
            for (t, &i) in patterns::indices(pos, color).iter().enumerate() {
                let (o, e) = patterns::weight(t, usize::from(i));
                opening += sign * o;
                ending += sign * e;
            }
        }
        (opening * phase + ending * (PHASE_MAX - phase)) / PHASE_MAX / divisor
    }

    /// The board turned half round with the colours swapped: the same position for the
    /// other side.
    fn mirrored(pos: &Position) -> Position {
        let turn = |set: u64| {
            Bits(set)
                .map(|b| 1u64 << rotated(b))
                .fold(0, |acc, b| acc | b)
        };
        Position::from_parts(
            turn(pos.pieces(Color::Black)),
            turn(pos.pieces(Color::White)),
            turn(pos.kings()),
            pos.side().flip(),
            false,
            0,
            0,
        )
    }

    #[test]
    fn the_evaluation_equals_its_slow_twin() {
        let positions = random_positions(22, 20_000);
        let mut nonzero = [0; NUM_FEATURES];
        for pos in &positions {
            assert_eq!(evaluate(pos), slow_evaluate(pos), "{}", pos.position_text());
            for (seen, &n) in nonzero.iter_mut().zip(&features(pos).counts) {
                *seen += usize::from(n != 0);
            }
        }
        // Every feature is exercised, so the comparison checks every weight.
        assert!(nonzero.iter().all(|&n| n > 100), "{nonzero:?}");
    }

    #[test]
    fn the_start_is_even_and_mirrors_agree() {
        let start = features(&Position::start());
        assert_eq!(start.counts, [0; NUM_FEATURES]);
        assert_eq!((start.phase, start.divisor), (PHASE_MAX, 1));
        for pos in random_positions(5, 3000) {
            let m = mirrored(&pos);
            assert_eq!(features(&pos), features(&m), "{}", pos.position_text());
        }
    }

    #[test]
    fn the_square_sets_are_what_they_say() {
        assert_eq!(WHITE_HALF.count_ones(), 25);
        assert_eq!(LEFT_WING.count_ones(), 25);
        let diagonal = [46, 41, 37, 32, 28, 23, 19, 14, 10, 5];
        assert_eq!(
            DIAGONAL,
            diagonal.iter().map(|&n| 1u64 << bit_of_square(n)).sum()
        );
        for b in Bits(BOARD) {
            assert_eq!(rotated(rotated(b) as u32) as u32, b);
        }
        // Square 46 is White's back row, file a; square 28 is in the middle.
        assert_eq!(WHITE_TERMS[bit_of_square(46) as usize], (0, 0, true));
        assert_eq!(WHITE_TERMS[bit_of_square(28) as usize].1, 4);
        // A White man on 6 (on the left edge) crowns on 1 only; a Black man on 45 (right
        // edge) on 50; a White man on 17 reaches 11, 12; 6, 7, 8; 1, 2, 3.
        assert_eq!(CONES[0][bit_of_square(6) as usize], 1 << bit_of_square(1));
        let squares = |s: &[u8]| s.iter().map(|&n| 1u64 << bit_of_square(n)).sum::<u64>();
        assert_eq!(
            CONES[0][bit_of_square(17) as usize],
            squares(&[11, 12, 6, 7, 8, 1, 2, 3])
        );
        assert_eq!(CONES[1][bit_of_square(45) as usize], 1 << bit_of_square(50));
    }

    #[test]
    fn runaways_blocked_men_and_drawish_endings() {
        // Every man runs (no enemy piece in its cone: Black's 36 is beside White's men, not
        // ahead of them); White's man on 50 is blocked by its own men on 44 and 45. A Black
        // man on 1 lies in every White cone (they all reach the top row, and 1 is near
        // enough to each), and White's man on 6 lies in its.
        let pos = Position::parse_position("W:W6,44,45,50:B36").unwrap();
        let f = features(&pos);
        assert_eq!(f.counts[BLOCKED], 1);
        assert_eq!(f.counts[RUNAWAY], 4 - 1);
        let pos = Position::parse_position("W:W6,44,45,50:B1,36").unwrap();
        assert_eq!(features(&pos).counts[RUNAWAY], -1);
        // A lone king against three pieces is drawish.
        let pos = Position::parse_position("W:WK28:B5,K10,15").unwrap();
        assert_eq!(features(&pos).divisor, DRAWISH_DIVISOR);
    }

    #[test]
    fn a_king_is_worth_more_than_a_man() {
        for phase in [PHASE_MAX, PHASE_MAX / 2, 4] {
            let one = |i: usize| {
                let mut counts = [0; NUM_FEATURES];
                counts[i] = 1;
                weigh(
                    &Features {
                        counts,
                        phase,
                        divisor: 1,
                        patterns: [[0; TABLES]; 2],
                    },
                    &WEIGHTS,
                )
            };
            let (m, k) = (one(MEN), one(KINGS));
            assert!(m > 0 && k > m, "man {m}, king {k} at {phase}");
        }
    }
}
