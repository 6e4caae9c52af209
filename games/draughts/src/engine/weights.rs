//! The evaluation's weights, (opening, ending) in centi-men per feature, indexed as
//! [`super::eval`] lays the features out. Written by the tuner ([`super::tune`]):
//! 151280 positions (and 17000 held out) from 2000 self-play games at 10000 nodes per move (seed 1,
//! the start position and 6 random plies), starting from the weights weights.rs held, k = 0.00795,
//! l2 = 0e0, 2000 Adam epochs: mean squared error 0.091044 -> 0.088197, held out 0.088422 -> 0.085801.

/// (opening, ending) weight of every feature of [`super::eval`].
#[rustfmt::skip]
pub const WEIGHTS: [(i16, i16); super::eval::NUM_FEATURES] = [
    // men
    (100, 91),
    // kings
    (962, 22),
    // advancement: rows advanced by the men
    (4, 1),
    // centre: steps from the edge of the men on rows 2..7
    (6, -2),
    // outposts: men in the far half held from behind
    (-46, -9),
    // men on the back row
    (21, 8),
    // wing imbalance: men on files a-e less men on f-j, unsigned
    (4, -17),
    // blocked men
    (8, -2),
    // kings on the main diagonal
    (-35, 5),
    // runaway men
    (348, -81),
];
