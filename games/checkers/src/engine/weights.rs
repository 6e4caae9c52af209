//! The evaluation's weights, (opening, ending) in centi-men per feature, indexed as
//! [`super::eval`] lays the features out. Written by the tuner ([`super::tune`]):
//! 315438 positions (and 35500 held out) from 3000 self-play games at 4000 nodes per move (seed 1, ACF three-move
//! openings and 4 random plies), starting from the hand-set weights of commit 6f7b7f5 (with the hunt at (0, 10)),
//! k = 0.00572, l2 = 1e-7, 2000 Adam epochs: mean squared error 0.053281 -> 0.050411,
//! held out 0.058090 -> 0.055700.

/// (opening, ending) weight of every feature of [`super::eval`].
#[rustfmt::skip]
pub const WEIGHTS: [(i16, i16); super::eval::NUM_FEATURES] = [
    // men
    (100, 122),
    // kings
    (146, 148),
    // men on the back row
    (18, 18),
    // both bridge squares held
    (22, 18),
    // men on the centre squares
    (-2, -9),
    // kings round the centre
    (-4, -10),
    // tempo: rows advanced by the men
    (-9, 5),
    // mobility: plain steps
    (13, -3),
    // runaway men
    (18, 31),
    // kings on the edge
    (5, 2),
    // trade: empty places, signed by who is ahead
    (17, -1),
    // hunt: the kings of the side ahead close to the enemy pieces
    (0, 10),
];
