//! The evaluation's weights, (opening, ending) in centi-men per feature, indexed as
//! [`super::eval`] lays the features out. Written by the tuner ([`super::tune`]):
//! not yet: these are the hand-set weights of the engine before the tuner (material,
//! advancement, centre, outposts, back rank and wings as they were), the new features at 0.

/// (opening, ending) weight of every feature of [`super::eval`].
#[rustfmt::skip]
pub const WEIGHTS: [(i16, i16); super::eval::NUM_FEATURES] = [
    // men
    (100, 100),
    // kings
    (300, 300),
    // advancement: rows advanced by the men
    (1, 6),
    // centre: steps from the edge of the men on rows 2..7
    (2, 2),
    // outposts: men in the far half held from behind
    (12, 12),
    // men on the back row
    (6, 0),
    // wing imbalance: men on files a-e less men on f-j, unsigned
    (-4, -4),
    // blocked men
    (0, 0),
    // kings on the main diagonal
    (0, 0),
    // runaway men
    (0, 0),
];
