//! The evaluation's weights, (opening, ending) in centi-men per feature, indexed as
//! [`super::eval`] lays the features out. Written by the tuner ([`super::tune`]):
//! 2804723 positions (and 312000 held out) from four self-play runs of the engine at 5000 nodes per move (the start position and 6 random
//! plies): seeds 201 and 202 with the weights before these (1,736,273 positions, 29.5 minutes
//! each), seeds 301 and 302 with the weights of the fit on those (1,380,450 positions, 25.5
//! minutes each), starting from the weights weights.rs and
//! data/patterns.bin held, k = 0.00991, l2 = 1e-7, pattern l2 = 3e-10, 600 Adam epochs:
//! mean squared error 0.090653 -> 0.088383, held out 0.091973 -> 0.090737.

/// (opening, ending) weight of every feature of [`super::eval`].
#[rustfmt::skip]
pub const WEIGHTS: [(i16, i16); super::eval::NUM_FEATURES] = [
    // men
    (100, 96),
    // kings
    (315, 242),
    // advancement: rows advanced by the men
    (10, -1),
    // centre: steps from the edge of the men on rows 2..7
    (0, -1),
    // outposts: men in the far half held from behind
    (-9, -7),
    // men on the back row
    (36, 14),
    // wing imbalance: men on files a-e less men on f-j, unsigned
    (-1, -12),
    // blocked men
    (18, -12),
    // kings on the main diagonal
    (4, 2),
    // runaway men
    (29, -2),
];
