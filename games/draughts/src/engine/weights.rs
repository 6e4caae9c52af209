//! The evaluation's weights, (opening, ending) in centi-men per feature, indexed as
//! [`super::eval`] lays the features out. Written by the tuner ([`super::tune`]):
//! 1562273 positions (and 174000 held out) from two self-play runs of the engine at 5000 nodes per move (seeds 201 and 202, the start
//! position and 6 random plies), 29.5 minutes each, starting from the weights weights.rs and
//! data/patterns.bin held, k = 0.00972, l2 = 1e-7, pattern l2 = 1e-9, 600 Adam epochs:
//! mean squared error 0.102844 -> 0.095232, held out 0.101650 -> 0.096639.

/// (opening, ending) weight of every feature of [`super::eval`].
#[rustfmt::skip]
pub const WEIGHTS: [(i16, i16); super::eval::NUM_FEATURES] = [
    // men
    (100, 99),
    // kings
    (308, 256),
    // advancement: rows advanced by the men
    (6, 0),
    // centre: steps from the edge of the men on rows 2..7
    (2, 0),
    // outposts: men in the far half held from behind
    (-8, -6),
    // men on the back row
    (25, 15),
    // wing imbalance: men on files a-e less men on f-j, unsigned
    (-1, -11),
    // blocked men
    (15, -8),
    // kings on the main diagonal
    (2, 2),
    // runaway men
    (24, 7),
];
