//! The evaluation's weights, (middlegame, endgame) in centipawns per feature, indexed as
//! [`super::eval`] lays the features out. Written by the tuner ([`super::tune`]):
//! 880230 positions (and 98000 held out) from 12000 self-play games at 5000 nodes per move (seed 5, 8 random opening plies)
//! played by the engine of 6b118bd, fitted from its weights (the two king-danger terms at 0),
//! k = 0.00607 per centipawn, l2 = 1e-8, 1000 Adam epochs: mean squared error 0.100682 -> 0.098930, held out 0.097662 -> 0.096952.

/// (middlegame, endgame) weight of every feature of [`super::eval`].
#[rustfmt::skip]
pub const WEIGHTS: [(i16, i16); 321] = [
    // material: pawn, knight, bishop, rook, queen, (king)
    (78, 54), (354, 315), (407, 271), (451, 591), (1067, 1035), (0, 0),
    // piece-square tables: pawn, knight, bishop, rook, queen, king; rank by rank, files a-d
    (0, 0), (0, 0), (0, 0), (0, 0),
    (-6, 14), (5, 23), (6, 26), (13, 37),
    (-1, 23), (-1, 17), (0, 33), (20, 11),
    (-19, 27), (-6, 16), (4, 8), (18, 9),
    (-4, 30), (11, 29), (14, 10), (6, 0),
    (39, 28), (-5, 27), (28, -13), (26, 18),
    (43, 1), (22, 55), (9, 22), (22, 27),
    (0, 0), (0, 0), (0, 0), (0, 0),
    (-40, -38), (-28, -50), (-30, -39), (-31, -28),
    (-4, -29), (-20, -17), (-27, -32), (-9, -16),
    (-32, -20), (-5, -13), (-13, -10), (-11, 10),
    (1, -9), (1, 6), (13, 13), (16, 7),
    (13, -32), (-1, 18), (10, 21), (19, 27),
    (-24, 0), (10, 1), (-16, 24), (37, 24),
    (-17, -25), (-19, 0), (-1, 6), (-2, 8),
    (-60, -34), (-29, -16), (-25, -20), (-13, -8),
    (-33, -14), (21, -22), (-17, -12), (11, -37),
    (19, -24), (8, -20), (-17, -26), (0, -12),
    (-6, -8), (20, -4), (15, 0), (-7, 3),
    (-2, -22), (12, 19), (7, 2), (25, 3),
    (-15, -19), (31, 10), (-11, 9), (4, 13),
    (-16, -12), (-14, 7), (0, 17), (16, 1),
    (-38, -19), (-24, -5), (-11, -6), (1, 5),
    (-23, -8), (-15, -21), (-12, -2), (-15, -10),
    (-11, -20), (-15, -8), (13, -11), (18, -25),
    (-51, -24), (-30, -28), (-35, -14), (-9, -19),
    (-17, -20), (-23, -9), (-24, -6), (-24, -4),
    (-26, 8), (-9, 7), (-17, 3), (-20, 6),
    (-6, 9), (-4, 5), (19, 12), (32, 2),
    (2, 19), (24, 20), (34, 23), (18, 11),
    (9, 29), (28, 16), (34, 19), (52, 9),
    (24, 31), (20, 24), (13, 20), (25, 16),
    (-13, -21), (1, -19), (13, -33), (8, -48),
    (-2, -21), (9, -19), (7, -20), (6, -26),
    (-23, -8), (16, -21), (0, -15), (-1, 19),
    (-2, 9), (-1, 2), (-4, 19), (-14, 14),
    (17, 6), (-3, 11), (2, 21), (-6, 18),
    (8, -6), (5, 4), (-1, 18), (11, 13),
    (-2, 0), (-7, 6), (7, 8), (7, 14),
    (-7, -19), (-2, -10), (-3, -8), (-2, -3),
    (5, -68), (22, -32), (-8, -27), (-24, -38),
    (-5, -22), (-4, -15), (-34, -6), (-39, -9),
    (-34, -22), (-8, -12), (-23, -6), (-45, -1),
    (-45, -34), (-34, -7), (-41, 8), (-47, 8),
    (-62, -39), (-50, -3), (-56, 13), (-69, 8),
    (-71, -12), (-64, 14), (-72, 12), (-76, 0),
    (-87, -27), (-83, 7), (-86, 9), (-86, 4),
    (-107, -50), (-101, -15), (-101, -9), (-104, -12),
    // mobility by the number of safe squares reached: knight 0..=8
    (11, -25), (25, -28), (37, -14), (41, 1), (50, -3), (58, 5), (61, 10), (74, -7),
    (80, -19),
    // bishop 0..=13
    (12, -31), (27, -19), (37, -13), (39, 22), (48, 28), (48, 48), (56, 41), (56, 36),
    (46, 48), (62, 33), (70, 28), (76, 8), (95, 34), (98, 16),
    // rook 0..=14
    (3, -33), (31, -38), (37, -18), (41, -17), (44, -7), (46, 6), (54, 10), (48, 14),
    (55, 15), (68, 15), (69, 10), (76, 18), (96, 11), (107, 6), (146, -28),
    // queen 0..=27
    (40, 0), (31, -9), (36, -17), (39, -21), (43, -27), (51, -41), (46, -39), (54, -37),
    (58, -45), (61, -49), (60, -59), (70, -57), (75, -62), (78, -62), (84, -71), (93, -77),
    (102, -83), (116, -96), (130, -101), (137, -115), (138, -125), (146, -134), (154, -137), (159, -145),
    (167, -147), (173, -155), (181, -157), (188, -166),
    // passed pawn by relative rank 1-8
    (0, 0), (-16, 27), (-26, 16), (-8, 31), (17, 45), (59, 96), (95, 157), (0, 0),
    // doubled pawn
    (9, -12),
    // isolated pawn
    (-12, -11),
    // connected (defended or side-by-side) pawn
    (7, 4),
    // bishop pair
    (12, 57),
    // rook on an open file
    (40, -1),
    // rook on a half-open file
    (8, 16),
    // pawn shielding the king
    (11, -12),
    // file without own pawns at or beside the king
    (-23, -8),
    // attacks on the enemy king's neighbourhood: knight, bishop, rook, queen
    (0, -5), (1, -5), (-6, -1), (-2, 14),
    // side to move
    (18, 8),
    // pieces attacking the enemy king's neighbourhood: 0..=7
    (-5, -15), (-9, -3), (6, -1), (46, 18), (62, -1), (90, 0), (120, 0), (150, 0),
    // piece attacked by a pawn
    (-58, -29),
    // rook or queen attacked by a knight or bishop
    (-56, -14),
    // queen attacked by a rook
    (-51, -20),
    // piece attacked and undefended
    (-20, -18),
    // safe checking squares: knight, bishop, rook, queen
    (47, -9), (5, 25), (62, -14), (5, 6),
    // blocked passed pawn
    (-7, -28),
    // passed pawn: own king's distance to its next square, times its rank less two
    (-2, -5),
    // the same for the enemy king
    (2, 7),
    // knight outpost
    (42, 3),
    // bishop outpost
    (39, 10),
    // knight or bishop behind an own pawn
    (2, 7),
    // backward pawn
    (7, -16),
    // square next to the enemy king defended by nothing but king or queen
    (10, -7),
    // passed pawn with a free path, times its rank less two
    (5, 4),
    // passed pawn whose next square is not attacked, times its rank less two
    (-8, 19),
    // piece a safe pawn push would attack
    (11, 13),
    // pawn attacked and undefended
    (-24, -30),
    // own pawn on a bishop's colour, per bishop
    (-3, -3),
    // knight, times its side's pawns less five
    (6, 12),
    // rook, times its side's pawns less five
    (-7, 24),
    // knight's or bishop's distance to its king
    (-4, -4),
    // enemy pawn storming the king's files
    (-3, -2),
    // space
    (3, 2),
    // king danger: units squared over 262144
    (6, -3),
    // king danger: units over 256
    (1, 4),
];
