//! The evaluation's weights, (middlegame, endgame) in centipawns per feature, indexed as
//! [`super::eval`] lays the features out. Written by the tuner ([`super::tune`]):
//! 574199 positions (and 64000 held out) from 8000 self-play games at 5000 nodes per move (seed 1, 8 random opening plies),
//! k = 0.00457 per centipawn, l2 = 1e-8, 1000 Adam epochs: mean squared error 0.105519 -> 0.102212, held out 0.113257 -> 0.111291.

/// (middlegame, endgame) weight of every feature of [`super::eval`].
#[rustfmt::skip]
pub const WEIGHTS: [(i16, i16); 244] = [
    // material: pawn, knight, bishop, rook, queen, (king)
    (80, 96), (349, 285), (362, 266), (472, 523), (1001, 1000), (0, 0),
    // piece-square tables: pawn, knight, bishop, rook, queen, king; rank by rank, files a-d
    (0, 0), (0, 0), (0, 0), (0, 0),
    (-11, 31), (-10, 20), (19, 34), (-8, 18),
    (-1, 23), (-9, 27), (1, 16), (2, 0),
    (-5, 32), (-12, 23), (22, -8), (23, -2),
    (18, 40), (-10, 43), (34, 11), (27, -2),
    (17, 21), (11, 26), (29, 20), (12, 2),
    (40, 36), (28, 47), (11, 26), (18, 33),
    (0, 0), (0, 0), (0, 0), (0, 0),
    (-23, -28), (-30, -43), (-31, -18), (-30, -22),
    (-41, -30), (-27, -18), (12, -43), (16, -21),
    (-21, -31), (14, -7), (-17, 7), (-19, 3),
    (-25, -2), (-19, 0), (17, 19), (8, -7),
    (10, -18), (-13, 12), (1, 12), (5, 19),
    (-21, -8), (-5, -9), (-7, 15), (30, 17),
    (-22, -23), (-6, 0), (-8, -7), (5, 4),
    (-39, -29), (-28, -20), (-23, -19), (-14, -10),
    (-32, -9), (17, -14), (-17, -30), (-5, -34),
    (-7, -21), (6, -14), (-2, -9), (-2, -8),
    (18, 2), (36, -3), (9, -10), (-18, 24),
    (14, -6), (-28, -4), (1, 10), (-7, 7),
    (-30, -35), (-23, -1), (-1, 11), (20, 4),
    (-6, -10), (-17, 16), (13, 4), (19, -9),
    (-21, -17), (-3, 2), (-13, -13), (2, 7),
    (-22, -14), (-13, -19), (-12, -14), (-9, -7),
    (-2, -19), (-4, -21), (22, -32), (13, -31),
    (-29, -31), (-27, -5), (-20, -6), (-11, -10),
    (3, -13), (-13, -3), (-26, -6), (-22, 8),
    (-19, 0), (-15, 6), (-9, 7), (-6, 10),
    (-9, 10), (8, 6), (16, 22), (28, 14),
    (1, -21), (22, -7), (27, 13), (6, 16),
    (10, 7), (24, 13), (27, 29), (29, 18),
    (21, 5), (5, 17), (6, 17), (10, 20),
    (0, -12), (11, -16), (11, -20), (17, -28),
    (-10, -18), (-5, -14), (4, 6), (-6, -8),
    (-25, -12), (3, -7), (4, -16), (4, 13),
    (8, -1), (-4, 1), (-16, 5), (-11, 4),
    (10, 13), (0, 8), (14, 16), (-5, 9),
    (3, -5), (10, -1), (-2, 8), (6, 8),
    (-13, -9), (-14, -10), (-3, -7), (-4, 3),
    (-12, -24), (-7, -17), (-6, -15), (-7, -7),
    (17, -71), (35, -25), (-18, -28), (-6, -33),
    (19, -12), (-10, -17), (-19, -17), (-46, 12),
    (-36, -21), (-35, -14), (-18, -7), (-37, 11),
    (-46, -24), (-43, -24), (-45, 4), (-49, -1),
    (-58, -15), (-59, 2), (-58, 14), (-65, 7),
    (-74, -20), (-71, 2), (-74, 14), (-74, 0),
    (-87, -21), (-88, -10), (-89, -1), (-89, -1),
    (-106, -37), (-104, -25), (-104, -16), (-105, -10),
    // mobility per safe square: knight, bishop, rook, queen
    (12, -3), (8, 3), (9, -1), (7, -6),
    // passed pawn by relative rank 1-8
    (0, 0), (-7, 5), (-19, 32), (1, 51), (-10, 76), (71, 144), (96, 195), (0, 0),
    // doubled pawn
    (4, -12),
    // isolated pawn
    (-18, -16),
    // connected (defended or side-by-side) pawn
    (12, -6),
    // bishop pair
    (66, 27),
    // rook on an open file
    (40, -12),
    // rook on a half-open file
    (13, 34),
    // pawn shielding the king
    (18, -18),
    // file without own pawns at or beside the king
    (-22, -15),
    // attacks on the enemy king's neighbourhood: knight, bishop, rook, queen
    (19, -15), (14, -6), (33, -20), (12, 22),
    // side to move
    (18, 3),
    // pieces attacking the enemy king's neighbourhood: 0..=7
    (4, -12), (-12, -2), (12, 2), (38, 13), (58, -2), (90, 0), (120, 0), (150, 0),
    // piece attacked by a pawn
    (-54, -21),
    // rook or queen attacked by a knight or bishop
    (-41, -13),
    // queen attacked by a rook
    (-29, -13),
    // piece attacked and undefended
    (-26, -17),
    // safe checking squares: knight, bishop, rook, queen
    (36, -5), (13, 9), (65, -29), (17, 11),
    // blocked passed pawn
    (-17, -7),
    // passed pawn: own king's distance to its next square, times its rank less two
    (3, -7),
    // the same for the enemy king
    (-6, 8),
    // knight outpost
    (20, 29),
    // bishop outpost
    (31, 2),
];
