//! The evaluation's weights, (middlegame, endgame) in centipawns per feature, indexed as
//! [`super::eval`] lays the features out. Written by the tuner ([`super::tune`]):
//! 1715729 positions (and 191000 held out) from 24000 self-play games at 5000 nodes per move, 8 random opening plies:
//! 12000 played by the engine of 8331270 (seed 2), then 12000 by that of b3cc7a8 (seed 3), fitted from the weights of
//! 8331270 (the mobility tables linear, the five newest terms at 0),
//! k = 0.00556 per centipawn, l2 = 1e-8, 1000 Adam epochs: mean squared error 0.104090 -> 0.101586, held out 0.103724 -> 0.101499.

/// (middlegame, endgame) weight of every feature of [`super::eval`].
#[rustfmt::skip]
pub const WEIGHTS: [(i16, i16); 311] = [
    // material: pawn, knight, bishop, rook, queen, (king)
    (81, 83), (347, 285), (359, 273), (483, 553), (1025, 1016), (0, 0),
    // piece-square tables: pawn, knight, bishop, rook, queen, king; rank by rank, files a-d
    (0, 0), (0, 0), (0, 0), (0, 0),
    (-8, 24), (-3, 15), (5, 21), (4, 21),
    (0, 17), (-3, 19), (2, 12), (15, 10),
    (-5, 19), (-24, 23), (13, 11), (25, -3),
    (3, 35), (-2, 35), (19, 16), (22, 2),
    (25, 36), (6, 23), (28, 30), (28, 11),
    (33, 6), (30, 54), (18, 34), (17, 33),
    (0, 0), (0, 0), (0, 0), (0, 0),
    (-31, -33), (-33, -45), (-24, -17), (-32, -32),
    (-31, -29), (-35, -15), (16, -29), (-4, -19),
    (-33, -32), (11, -16), (-14, -1), (-3, 12),
    (-28, -6), (-13, 3), (13, -1), (5, 5),
    (19, -14), (-10, -1), (4, 23), (14, 30),
    (-23, -10), (2, -6), (-6, 20), (30, 20),
    (-25, -29), (-6, 0), (-9, -9), (3, 1),
    (-42, -30), (-28, -19), (-23, -17), (-13, -8),
    (-31, -14), (28, -22), (-21, -18), (2, -35),
    (7, -18), (19, -17), (-10, -13), (-5, -14),
    (-7, -8), (7, -7), (7, -6), (-8, 18),
    (7, -8), (-18, -1), (6, 19), (3, -1),
    (-14, -25), (-5, 3), (2, 16), (14, 1),
    (-4, 3), (-30, 5), (12, 16), (16, -14),
    (-26, -21), (-9, 3), (-17, -6), (1, 10),
    (-26, -14), (-13, -17), (-14, -12), (-11, -11),
    (-11, -20), (-5, -24), (19, -37), (22, -37),
    (-36, -22), (-27, -7), (-24, -13), (-10, -13),
    (-29, -11), (-13, -14), (-27, -6), (-25, 7),
    (-9, 0), (-13, 9), (-11, -2), (-5, 15),
    (-8, 15), (4, 12), (14, 16), (32, 17),
    (6, 2), (26, 8), (32, 13), (10, 18),
    (16, 16), (29, 18), (30, 18), (38, 19),
    (27, 18), (9, 16), (5, 13), (13, 20),
    (3, -12), (5, -18), (8, -23), (7, -37),
    (-7, -19), (-2, -13), (16, -3), (10, -18),
    (-18, -9), (2, -11), (9, -10), (-8, 15),
    (0, 3), (-7, 1), (-12, 7), (-10, 6),
    (18, 12), (-3, 9), (16, 17), (-10, 15),
    (3, -3), (8, 0), (-2, 10), (16, 14),
    (-10, -5), (-18, -6), (2, -2), (-4, 3),
    (-13, -23), (-7, -16), (-4, -13), (-6, -7),
    (9, -62), (31, -38), (-11, -28), (-8, -43),
    (10, -34), (-9, -6), (-19, -14), (-43, 2),
    (-37, -23), (-28, -16), (-26, -12), (-46, 5),
    (-45, -22), (-39, -16), (-43, 5), (-44, 5),
    (-58, -20), (-53, 6), (-57, 10), (-65, 16),
    (-72, -14), (-70, 1), (-73, 21), (-74, 5),
    (-88, -22), (-87, -6), (-89, 3), (-88, 4),
    (-107, -44), (-103, -23), (-103, -14), (-104, -10),
    // mobility by the number of safe squares reached: knight 0..=8
    (-5, -8), (19, -20), (34, -18), (38, -7), (49, -7), (56, 4), (64, -1), (84, -16),
    (90, -36),
    // bishop 0..=13
    (0, -12), (13, -4), (21, 8), (32, 13), (41, 15), (41, 29), (47, 31), (48, 34),
    (57, 29), (62, 24), (78, 19), (83, 21), (97, 38), (103, 34),
    // rook 0..=14
    (-4, -10), (19, -17), (25, -12), (33, -7), (40, -4), (45, 1), (52, 1), (60, 5),
    (67, 7), (78, 0), (92, -3), (95, -4), (109, -3), (115, -8), (129, -23),
    // queen 0..=27
    (14, 0), (20, -7), (26, -16), (26, -19), (35, -27), (39, -30), (45, -35), (47, -39),
    (56, -46), (63, -52), (68, -59), (72, -64), (79, -69), (84, -74), (98, -76), (100, -84),
    (108, -92), (116, -103), (127, -106), (131, -116), (140, -121), (147, -129), (153, -134), (161, -139),
    (168, -144), (174, -152), (182, -156), (189, -163),
    // passed pawn by relative rank 1-8
    (0, 0), (4, 19), (-17, 23), (-13, 43), (9, 69), (63, 119), (96, 181), (0, 0),
    // doubled pawn
    (-12, -14),
    // isolated pawn
    (-14, -12),
    // connected (defended or side-by-side) pawn
    (7, 2),
    // bishop pair
    (37, 52),
    // rook on an open file
    (45, -10),
    // rook on a half-open file
    (13, 16),
    // pawn shielding the king
    (14, -17),
    // file without own pawns at or beside the king
    (-10, -6),
    // attacks on the enemy king's neighbourhood: knight, bishop, rook, queen
    (16, -10), (15, 2), (13, -2), (12, 28),
    // side to move
    (20, 3),
    // pieces attacking the enemy king's neighbourhood: 0..=7
    (12, -11), (-16, 1), (1, -5), (44, 15), (58, -2), (90, 0), (120, 0), (150, 0),
    // piece attacked by a pawn
    (-58, -22),
    // rook or queen attacked by a knight or bishop
    (-52, -17),
    // queen attacked by a rook
    (-40, -16),
    // piece attacked and undefended
    (-28, -14),
    // safe checking squares: knight, bishop, rook, queen
    (49, -4), (8, 14), (77, -12), (24, 24),
    // blocked passed pawn
    (-10, -23),
    // passed pawn: own king's distance to its next square, times its rank less two
    (1, -7),
    // the same for the enemy king
    (-2, 8),
    // knight outpost
    (28, 29),
    // bishop outpost
    (35, 6),
    // knight or bishop behind an own pawn
    (3, 12),
    // backward pawn
    (-4, -14),
    // square next to the enemy king defended by nothing but king or queen
    (17, -7),
    // passed pawn with a free path, times its rank less two
    (4, 3),
    // passed pawn whose next square is not attacked, times its rank less two
    (-4, 13),
];
