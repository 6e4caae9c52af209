//! Crown's evaluation: a weighted sum of features, each counted for the side to move less
//! the same count for its opponent, tapered between an opening and an ending weight by the
//! pieces left on the board. The features are what checkers players count: men and kings,
//! the back rank and its bridge (squares 1 and 3 for Black, 30 and 32 for White: the two
//! squares that keep the opponent's men from crowning), men and kings in the centre,
//! tempo (how far the men have advanced), mobility (plain steps), runaway men (a man whose
//! cone towards its crowning row holds no enemy piece: enemy men only move towards it and
//! cannot enter the cone, so only a king can stop it), kings on the edge, and a trade term
//! (the side ahead in material gains as the board empties), and the hunt (the side ahead
//! brings its kings to the enemy pieces). The weights are in
//! `weights.rs`, fitted by `tune.rs`; the features are one array so the tuner sees exactly
//! what the engine sums.

use crate::bitboard::{
    BOTTOM_ROW, Bits, DOWN_LEFT, DOWN_RIGHT, FIRST_IN_ROW, LAST_IN_ROW, TOP_ROW, UP_LEFT, UP_RIGHT,
    step,
};
use crate::{Color, Position};
use olympiad_search::Score;

use super::weights::WEIGHTS;

/// Men, own less the opponent's.
pub const MEN: usize = 0;
/// Kings.
pub const KINGS: usize = 1;
/// Men on their own back row.
pub const BACK_RANK: usize = 2;
/// Both bridge squares of the back row held by men.
pub const BRIDGE: usize = 3;
/// Men on the four centre squares (14, 15, 18, 19).
pub const CENTRE_MEN: usize = 4;
/// Kings on the eight squares round the centre (10, 11, 14, 15, 18, 19, 22, 23).
pub const CENTRE_KINGS: usize = 5;
/// Tempo: rows advanced, summed over the men.
pub const TEMPO: usize = 6;
/// Plain steps: (piece, empty neighbour it may step to) pairs.
pub const MOBILITY: usize = 7;
/// Runaway men.
pub const RUNAWAY: usize = 8;
/// Kings on the edge of the board.
pub const KING_EDGE: usize = 9;
/// The side ahead in pieces: the empty places on the board (24 less the pieces), signed by
/// who is ahead.
pub const TRADE: usize = 10;
/// The hunt: for the side with more pieces, how close its kings stand to the enemy
/// pieces (see [`closeness`]), signed by who is ahead: a won ending is won by going after
/// the last pieces.
pub const HUNT: usize = 11;
/// How many features there are.
pub const NUM_FEATURES: usize = 12;

/// Pieces on the board at the start: the phase runs from here (opening weights) to 0
/// (ending weights).
pub const PHASE_MAX: i32 = 24;

/// The four centre squares 14, 15, 18, 19.
const CENTRE: u32 = 1 << 13 | 1 << 14 | 1 << 17 | 1 << 18;
/// The centre and the squares next to it along the middle files: 10, 11, 14, 15, 18, 19,
/// 22, 23.
const WIDE_CENTRE: u32 = CENTRE | 1 << 9 | 1 << 10 | 1 << 21 | 1 << 22;
/// The edge squares (left and right files, top and bottom rows).
const EDGE: u32 = FIRST_IN_ROW | LAST_IN_ROW | TOP_ROW | BOTTOM_ROW;
/// Black's bridge: squares 1 and 3.
const BLACK_BRIDGE: u32 = 1 << 0 | 1 << 2;
/// White's bridge: squares 30 and 32.
const WHITE_BRIDGE: u32 = 1 << 29 | 1 << 31;

/// The cone of squares ahead of a man of `color` on bit `sq`: every square it could reach
/// by steps forward, whatever the pieces.
const fn cone(sq: u32, black: bool) -> u32 {
    let (left, right) = if black {
        (DOWN_LEFT, DOWN_RIGHT)
    } else {
        (UP_LEFT, UP_RIGHT)
    };
    let mut front = 1u32 << sq;
    let mut cone = 0;
    let mut i = 0;
    while i < 8 {
        front = step(front, left) | step(front, right);
        cone |= front;
        i += 1;
    }
    cone
}

/// `CONES[side][bit]`, side 0 Black, 1 White (see [`cone`]), built at compile time.
static CONES: [[u32; 32]; 2] = {
    let mut t = [[0; 32]; 2];
    let mut sq = 0;
    while sq < 32 {
        t[0][sq as usize] = cone(sq, true);
        t[1][sq as usize] = cone(sq, false);
        sq += 1;
    }
    t
};

/// The row (0 at the top, Black's back row) of bit `b`.
#[inline(always)]
fn row(b: u8) -> i32 {
    i32::from(b / 4)
}

/// (row, column) of bit `b` on the 8x8 board.
fn coords(b: u8) -> (i32, i32) {
    let row = i32::from(b / 4);
    (row, 2 * i32::from(b % 4) + i32::from(row % 2 == 0))
}

/// How close `color`'s kings stand to the other side's pieces: for each king, 7 less its
/// king distance (steps on an empty board) to the nearest enemy piece.
pub fn closeness(pos: &Position, color: Color) -> i32 {
    let kings = pos.pieces(color) & pos.kings();
    let enemy = pos.pieces(color.flip());
    let mut total = 0;
    for k in Bits(kings) {
        let (kr, kc) = coords(k);
        let nearest = Bits(enemy)
            .map(|e| {
                let (er, ec) = coords(e);
                (kr - er).abs().max((kc - ec).abs())
            })
            .min()
            .unwrap_or(7);
        total += 7 - nearest;
    }
    total
}

/// One side's counts of every feature but [`TRADE`] and [`HUNT`].
fn side_features(pos: &Position, color: Color, f: &mut [i32; NUM_FEATURES], sign: i32) {
    let own = pos.pieces(color);
    let opp = pos.pieces(color.flip());
    let empty = !(own | opp);
    let kings = own & pos.kings();
    let men = own & !pos.kings();
    let (ahead, back_row, bridge) = match color {
        Color::Black => ([DOWN_LEFT, DOWN_RIGHT], TOP_ROW, BLACK_BRIDGE),
        Color::White => ([UP_LEFT, UP_RIGHT], BOTTOM_ROW, WHITE_BRIDGE),
    };
    let mut add = |i: usize, n: i32| f[i] += sign * n;
    add(MEN, men.count_ones() as i32);
    add(KINGS, kings.count_ones() as i32);
    add(BACK_RANK, (men & back_row).count_ones() as i32);
    add(BRIDGE, i32::from(men & bridge == bridge));
    add(CENTRE_MEN, (men & CENTRE).count_ones() as i32);
    add(CENTRE_KINGS, (kings & WIDE_CENTRE).count_ones() as i32);
    add(KING_EDGE, (kings & EDGE).count_ones() as i32);
    let mut mobility = 0;
    for d in ahead {
        mobility += (step(men | kings, d) & empty).count_ones() as i32;
    }
    for d in [ahead[0] ^ 2, ahead[1] ^ 2] {
        mobility += (step(kings, d) & empty).count_ones() as i32;
    }
    add(MOBILITY, mobility);
    let (mut tempo, mut runaway) = (0, 0);
    let side = color as usize;
    for b in Bits(men) {
        tempo += match color {
            Color::Black => row(b),
            Color::White => 7 - row(b),
        };
        runaway += i32::from(CONES[side][b as usize] & opp == 0);
    }
    add(TEMPO, tempo);
    add(RUNAWAY, runaway);
}

/// The features of `pos` from the view of its side to move, and its phase (the pieces on
/// the board, at most [`PHASE_MAX`]).
pub fn features(pos: &Position) -> ([i32; NUM_FEATURES], i32) {
    let mut f = [0; NUM_FEATURES];
    let us = pos.side();
    side_features(pos, us, &mut f, 1);
    side_features(pos, us.flip(), &mut f, -1);
    let own = pos.pieces(us).count_ones() as i32;
    let opp = pos.pieces(us.flip()).count_ones() as i32;
    let pieces = (own + opp).min(PHASE_MAX);
    f[TRADE] = (own - opp).signum() * (PHASE_MAX - pieces);
    f[HUNT] = match own.cmp(&opp) {
        std::cmp::Ordering::Greater => closeness(pos, us),
        std::cmp::Ordering::Less => -closeness(pos, us.flip()),
        std::cmp::Ordering::Equal => 0,
    };
    (f, pieces)
}

/// The tapered weighted sum of `f` at `phase` under `weights` (opening, ending).
#[inline]
pub fn weigh(f: &[i32; NUM_FEATURES], phase: i32, weights: &[(i16, i16); NUM_FEATURES]) -> Score {
    let (mut opening, mut ending) = (0, 0);
    for (&n, &(o, e)) in f.iter().zip(weights) {
        opening += n * i32::from(o);
        ending += n * i32::from(e);
    }
    (opening * phase + ending * (PHASE_MAX - phase)) / PHASE_MAX
}

/// The static evaluation of `pos` from the view of its side to move, in centi-men (a man
/// in the opening is about 100).
pub fn evaluate(pos: &Position) -> Score {
    let (f, phase) = features(pos);
    weigh(&f, phase, &WEIGHTS)
}

/// Material alone (men and kings at their tapered weights), from the side to move: what
/// biases an endgame database's win so that the engine keeps its material while it wins.
pub fn material(pos: &Position) -> Score {
    let (f, phase) = features(pos);
    let mut only = [0; NUM_FEATURES];
    only[MEN] = f[MEN];
    only[KINGS] = f[KINGS];
    weigh(&only, phase, &WEIGHTS)
}

#[cfg(test)]
mod tests {
    use super::*;
    use olympiad_core::Notation;

    /// The board turned half round with the colours swapped: the same position for the
    /// other side.
    fn mirrored(pos: &Position) -> Position {
        let turn = |set: u32| set.reverse_bits();
        Position::from_parts(
            turn(pos.pieces(Color::White)),
            turn(pos.pieces(Color::Black)),
            turn(pos.kings()),
            pos.side().flip(),
            0,
            pos.rules(),
        )
    }

    #[test]
    fn the_start_is_even_and_mirrors_agree() {
        assert_eq!(features(&Position::start()).0, [0; NUM_FEATURES]);
        let mut rng = olympiad_core::SplitMix64::new(5);
        for _ in 0..2000 {
            let mut pos = Position::start();
            for _ in 0..rng.below(60) {
                let moves = olympiad_core::Game::legal_moves(&pos);
                if moves.is_empty() {
                    break;
                }
                pos = pos.after_move(moves[rng.below(moves.len())]);
            }
            let m = mirrored(&pos);
            assert_eq!(features(&pos), features(&m), "{}", pos.position_text());
            assert_eq!(evaluate(&pos), evaluate(&m));
        }
    }

    /// Every cone against its definition on coordinates: the squares `k` rows ahead and
    /// at most `k` columns to either side.
    #[test]
    fn cones_agree_with_coordinates() {
        for sq in 0..32u8 {
            let (r, c) = coords(sq);
            for (side, dir) in [(0, 1), (1, -1)] {
                let want = (0..32u8)
                    .filter(|&t| {
                        let (tr, tc) = coords(t);
                        let k = (tr - r) * dir;
                        k > 0 && (tc - c).abs() <= k
                    })
                    .fold(0u32, |set, t| set | 1 << t);
                assert_eq!(
                    CONES[side][sq as usize],
                    want,
                    "square {} side {side}",
                    sq + 1
                );
            }
        }
    }

    #[test]
    fn cones_and_runaways() {
        // A Black man on 21 (bit 20, on the left edge): its cone is 25, 29 and 30.
        assert_eq!(CONES[0][20], 1 << 24 | 1 << 28 | 1 << 29);
        assert_eq!(CONES[0][28], 0);
        // White's man on 10 runs away (17 is behind it); 26 and 17 block each other.
        let pos = Position::parse_position("W:W10,26:B17").unwrap();
        assert_eq!(features(&pos).0[RUNAWAY], 1);
        // A Black man on 2 in front of 10 stops it.
        let pos = Position::parse_position("W:W10,26:B2,17").unwrap();
        assert_eq!(features(&pos).0[RUNAWAY], 0);
        assert_eq!(features(&pos).0[MEN], 0);
    }

    #[test]
    fn a_king_is_worth_more_than_a_man_and_less_than_two() {
        for phase in [PHASE_MAX, PHASE_MAX / 2, 4] {
            let mut man = [0; NUM_FEATURES];
            man[MEN] = 1;
            let mut king = [0; NUM_FEATURES];
            king[KINGS] = 1;
            let (m, k) = (weigh(&man, phase, &WEIGHTS), weigh(&king, phase, &WEIGHTS));
            assert!(m > 0 && k > m && k < 2 * m, "man {m}, king {k} at {phase}");
        }
    }
}
