//! The evaluation's weights, (opening, ending) in centi-men per feature, indexed as
//! [`super::eval`] lays the features out. Hand-set starting values (before tuning).

/// (opening, ending) weight of every feature of [`super::eval`].
#[rustfmt::skip]
pub const WEIGHTS: [(i16, i16); super::eval::NUM_FEATURES] = [
    // men, kings
    (100, 100), (140, 150),
    // back rank, bridge
    (6, 0), (10, 0),
    // centre men, centre kings
    (6, 2), (4, 8),
    // tempo, mobility
    (1, 3), (2, 2),
    // runaway men, kings on the edge
    (25, 40), (-4, -8),
    // trade when ahead
    (3, 3),
];
