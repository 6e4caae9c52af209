//! The evaluation's weights, (middlegame, endgame) in centipawns per feature, indexed as
//! [`super::eval`] lays the features out. Written by the tuner ([`super::tune`]):
//! 287295 positions (and 32000 held out) from 4000 self-play games at 5000 nodes per move (seed 1, 8 random opening plies),
//! k = 0.838, l2 = 1e-8, 1000 Adam epochs: mean squared error 0.117183 -> 0.112278, held out 0.109431 -> 0.108463.

/// (middlegame, endgame) weight of every feature of [`super::eval`].
#[rustfmt::skip]
pub const WEIGHTS: [(i16, i16); 235] = [
    // material: pawn, knight, bishop, rook, queen, (king)
    (72, 96), (338, 301), (328, 319), (446, 528), (957, 979), (0, 0),
    // piece-square tables: pawn, knight, bishop, rook, queen, king; rank by rank, files a-d
    (0, 0), (0, 0), (0, 0), (0, 0),
    (0, 27), (0, 17), (12, 30), (-25, 14),
    (13, 6), (2, 23), (-4, 15), (-2, 0),
    (9, 19), (-1, 45), (17, -5), (20, -5),
    (16, 37), (-5, 48), (29, 12), (19, -3),
    (7, 14), (7, 25), (28, 46), (7, -1),
    (39, 53), (23, 24), (8, 40), (20, 38),
    (0, 0), (0, 0), (0, 0), (0, 0),
    (-28, -21), (-6, -32), (-36, -21), (-23, -13),
    (-40, -27), (-27, -22), (26, -29), (9, -27),
    (-2, -10), (3, -28), (-5, -1), (-16, 3),
    (-16, -1), (-21, 3), (-10, 8), (-9, -14),
    (0, -6), (-13, 12), (-2, 29), (8, 35),
    (-20, -13), (-13, -22), (-10, 3), (30, 12),
    (-22, -14), (-8, 1), (-4, -6), (-2, -4),
    (-37, -27), (-29, -24), (-21, -17), (-18, -17),
    (-21, -8), (7, -6), (-6, -31), (4, -7),
    (-13, -17), (2, 1), (-5, -3), (-15, -5),
    (-8, 3), (9, -1), (4, -8), (-2, 32),
    (17, -1), (-23, 4), (-7, -3), (-3, -14),
    (-16, -17), (-25, 1), (4, 4), (14, -1),
    (-5, -12), (-13, 15), (10, 5), (5, -17),
    (-22, -17), (-7, -3), (-5, -10), (-4, 7),
    (-17, -9), (-12, -25), (-11, -15), (-3, -2),
    (-4, -27), (-10, -8), (9, -33), (15, -25),
    (2, -8), (-7, -6), (-8, -10), (-16, -17),
    (-4, -9), (-15, -6), (-16, 0), (-24, -7),
    (-19, 8), (-9, 4), (-11, 8), (5, 5),
    (-3, 18), (13, 20), (15, 24), (15, -2),
    (-12, 10), (17, 10), (11, 13), (3, 6),
    (13, 10), (27, 7), (22, 19), (18, 2),
    (11, 15), (1, 2), (0, 6), (1, 6),
    (-8, -13), (-6, -18), (7, -13), (15, -23),
    (-7, -16), (-5, -19), (3, 2), (6, -6),
    (-33, -12), (-7, -4), (17, -6), (7, 8),
    (-5, -3), (11, 2), (-27, -1), (-8, -3),
    (-24, 9), (1, 4), (13, 12), (-1, 12),
    (4, -6), (7, -1), (-4, 5), (9, 6),
    (-9, -14), (-9, -9), (-5, -9), (-4, 1),
    (-13, -23), (-6, -15), (-7, -14), (-4, -5),
    (20, -62), (38, -37), (-22, -25), (-30, -20),
    (7, -30), (9, -11), (-7, -23), (-42, 9),
    (-29, -5), (-39, -11), (-16, 6), (-37, -3),
    (-42, -13), (-42, 11), (-49, -15), (-47, -10),
    (-59, -4), (-59, 6), (-59, 3), (-64, 0),
    (-74, -18), (-73, 1), (-74, 10), (-77, -10),
    (-88, -26), (-88, -12), (-89, -3), (-90, -2),
    (-105, -34), (-105, -29), (-104, -17), (-105, -11),
    // mobility per safe square: knight, bishop, rook, queen
    (4, 4), (5, 7), (8, 6), (6, 5),
    // passed pawn by relative rank 1-8
    (0, 0), (8, 6), (-32, 31), (24, 57), (16, 76), (60, 149), (88, 209), (0, 0),
    // doubled pawn
    (-6, -8),
    // isolated pawn
    (-7, -19),
    // connected (defended or side-by-side) pawn
    (13, -13),
    // bishop pair
    (66, 25),
    // rook on an open file
    (24, 11),
    // rook on a half-open file
    (10, 39),
    // pawn shielding the king
    (9, -14),
    // file without own pawns at or beside the king
    (-5, -6),
    // attacks on the enemy king's neighbourhood: knight, bishop, rook, queen
    (23, -11), (12, -2), (16, -9), (7, 20),
    // side to move
    (7, 0),
    // pieces attacking the enemy king's neighbourhood: 0..=7 (this and the four threat
    // weights below are hand-made: tuning them on the same games lowered the fitted error
    // but raised the held-out one)
    (0, 0), (0, 0), (10, 0), (30, 0), (60, 0), (90, 0), (120, 0), (150, 0),
    // piece attacked by a pawn
    (-30, -20),
    // rook or queen attacked by a knight or bishop
    (-25, -15),
    // queen attacked by a rook
    (-20, -10),
    // piece attacked and undefended
    (-20, -15),
];
