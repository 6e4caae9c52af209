//! The evaluation's weights, (opening, ending) in centi-men per feature, indexed as
//! [`super::eval`] lays the features out. Written by the tuner ([`super::tune`]):
//! 151280 positions (and 17000 held out) from 2000 self-play games at 10000 nodes per move (seed 1,
//! the start position and 6 random plies), starting from the weights weights.rs held, k = 0.00795,
//! l2 = 1e-7, 2000 Adam epochs: mean squared error 0.091044 -> 0.089647, held out 0.088422 -> 0.087454.

/// (opening, ending) weight of every feature of [`super::eval`].
#[rustfmt::skip]
pub const WEIGHTS: [(i16, i16); super::eval::NUM_FEATURES] = [
    // men
    (100, 95),
    // kings
    (303, 274),
    // advancement: rows advanced by the men
    (1, 3),
    // centre: steps from the edge of the men on rows 2..7
    (6, -3),
    // outposts: men in the far half held from behind
    (-4, -3),
    // men on the back row
    (16, 11),
    // wing imbalance: men on files a-e less men on f-j, unsigned
    (2, -15),
    // blocked men
    (7, -4),
    // kings on the main diagonal
    (1, -2),
    // runaway men
    (17, 13),
];
