//! The evaluation's weights, (middlegame, endgame) in centipawns per feature, indexed as
//! [`super::eval`] lays the features out. Written by the tuner ([`super::tune`]):
//! 855000 positions (and 95450 held out) from 12000 self-play games at 5000 nodes per move (seed 4, 8 random opening plies)
//! played by the engine of 1dcb3d3, fitted from its weights (the eight newest terms at 0),
//! k = 0.00601 per centipawn, l2 = 1e-8, 1000 Adam epochs: mean squared error 0.103509 -> 0.101206, held out 0.102276 -> 0.101375.

/// (middlegame, endgame) weight of every feature of [`super::eval`].
#[rustfmt::skip]
pub const WEIGHTS: [(i16, i16); 319] = [
    // material: pawn, knight, bishop, rook, queen, (king)
    (72, 60), (344, 326), (380, 283), (455, 572), (1051, 1035), (0, 0),
    // piece-square tables: pawn, knight, bishop, rook, queen, king; rank by rank, files a-d
    (0, 0), (0, 0), (0, 0), (0, 0),
    (-16, 7), (14, 15), (12, 29), (12, 41),
    (-8, 16), (12, 13), (4, 27), (7, 11),
    (-27, 23), (-9, 16), (9, 4), (20, -7),
    (-16, 30), (-3, 32), (23, 24), (11, -2),
    (37, 33), (8, 25), (27, 23), (27, 9),
    (36, 8), (29, 42), (15, 41), (15, 23),
    (0, 0), (0, 0), (0, 0), (0, 0),
    (-43, -40), (-32, -38), (-22, -24), (-31, -28),
    (-5, -27), (-34, -12), (-9, -34), (-10, -11),
    (-19, -21), (-5, -32), (-13, -4), (-13, 21),
    (-3, -8), (-9, 1), (13, 12), (16, 8),
    (12, -23), (-12, 6), (2, 14), (23, 30),
    (-25, -7), (9, -1), (-15, 22), (33, 27),
    (-20, -26), (-14, -3), (-3, 3), (1, 9),
    (-56, -37), (-28, -16), (-24, -15), (-14, -9),
    (-40, -13), (20, -24), (-14, -16), (9, -36),
    (21, -15), (10, -23), (-17, -20), (-2, -19),
    (7, -11), (23, -8), (3, -5), (-9, 4),
    (12, -15), (-12, 10), (15, 10), (13, -5),
    (-8, -12), (8, 15), (-10, 8), (11, 7),
    (-14, -2), (-30, 13), (-2, 16), (15, -1),
    (-36, -24), (-13, 3), (-19, -3), (7, 10),
    (-25, -12), (-15, -23), (-13, -9), (-11, 0),
    (-10, -19), (-13, -4), (9, -17), (20, -41),
    (-42, -19), (-29, -9), (-26, -12), (-11, -24),
    (-19, -21), (-20, -17), (-30, -11), (-35, -5),
    (-20, 7), (-12, 12), (-14, 1), (-7, 11),
    (-9, 14), (-5, 4), (12, 7), (32, 10),
    (15, 19), (26, 15), (27, 11), (15, 13),
    (21, 23), (33, 15), (27, 12), (44, 9),
    (26, 26), (16, 26), (10, 18), (19, 29),
    (-12, -18), (0, -18), (3, -31), (14, -38),
    (2, -20), (4, -17), (10, -14), (11, -27),
    (-27, -11), (12, -14), (12, -4), (-7, 15),
    (-5, 10), (4, 3), (10, 16), (-12, 12),
    (9, 7), (7, 16), (0, 19), (-3, 22),
    (11, -3), (4, 2), (-4, 12), (11, 13),
    (-5, -4), (-18, -3), (3, 2), (-2, 8),
    (-5, -19), (-7, -15), (-5, -11), (-7, -6),
    (21, -65), (37, -44), (-17, -34), (-26, -38),
    (-11, -34), (-3, -4), (-26, -7), (-44, 4),
    (-36, -31), (-17, -16), (-24, -4), (-44, 3),
    (-48, -35), (-36, -12), (-41, 12), (-44, 5),
    (-59, -30), (-50, 6), (-57, 9), (-68, 12),
    (-71, -13), (-67, 7), (-72, 18), (-75, 1),
    (-87, -24), (-85, 5), (-88, 8), (-87, 4),
    (-106, -46), (-102, -18), (-102, -12), (-104, -11),
    // mobility by the number of safe squares reached: knight 0..=8
    (0, -11), (26, -25), (36, -4), (44, -3), (48, 4), (54, 12), (59, 3), (74, -15),
    (85, -30),
    // bishop 0..=13
    (3, -29), (23, 0), (28, -4), (42, 16), (44, 31), (50, 38), (48, 40), (50, 32),
    (54, 42), (54, 29), (76, 27), (75, 10), (96, 37), (100, 22),
    // rook 0..=14
    (5, -19), (22, -26), (32, -16), (33, -12), (42, -11), (46, -1), (58, 8), (57, 7),
    (61, 14), (64, 11), (75, 7), (83, 10), (102, 6), (109, -5), (136, -31),
    // queen 0..=27
    (28, 0), (29, -9), (34, -17), (33, -19), (35, -24), (45, -36), (51, -38), (54, -40),
    (59, -45), (61, -52), (65, -56), (69, -62), (75, -63), (81, -65), (90, -76), (92, -84),
    (100, -90), (116, -98), (130, -102), (133, -114), (140, -121), (147, -131), (154, -134), (160, -141),
    (168, -144), (174, -153), (182, -156), (189, -164),
    // passed pawn by relative rank 1-8
    (0, 0), (-4, 30), (-6, 12), (-7, 39), (12, 54), (57, 108), (93, 167), (0, 0),
    // doubled pawn
    (-1, -2),
    // isolated pawn
    (-2, -12),
    // connected (defended or side-by-side) pawn
    (6, 6),
    // bishop pair
    (27, 52),
    // rook on an open file
    (37, 6),
    // rook on a half-open file
    (4, 24),
    // pawn shielding the king
    (11, -14),
    // file without own pawns at or beside the king
    (-16, -10),
    // attacks on the enemy king's neighbourhood: knight, bishop, rook, queen
    (11, -7), (10, 1), (7, 1), (8, 20),
    // side to move
    (17, 8),
    // pieces attacking the enemy king's neighbourhood: 0..=7
    (6, -12), (-14, 0), (9, -8), (37, 18), (62, 0), (90, 0), (120, 0), (150, 0),
    // piece attacked by a pawn
    (-60, -29),
    // rook or queen attacked by a knight or bishop
    (-52, -14),
    // queen attacked by a rook
    (-47, -18),
    // piece attacked and undefended
    (-23, -15),
    // safe checking squares: knight, bishop, rook, queen
    (55, -8), (13, 23), (76, -5), (31, 23),
    // blocked passed pawn
    (-16, -25),
    // passed pawn: own king's distance to its next square, times its rank less two
    (0, -7),
    // the same for the enemy king
    (-2, 8),
    // knight outpost
    (35, 16),
    // bishop outpost
    (25, 6),
    // knight or bishop behind an own pawn
    (2, 13),
    // backward pawn
    (-9, -3),
    // square next to the enemy king defended by nothing but king or queen
    (17, -6),
    // passed pawn with a free path, times its rank less two
    (7, 4),
    // passed pawn whose next square is not attacked, times its rank less two
    (-5, 18),
    // piece a safe pawn push would attack
    (15, 1),
    // pawn attacked and undefended
    (-20, -29),
    // own pawn on a bishop's colour, per bishop
    (-5, 1),
    // knight, times its side's pawns less five
    (4, 11),
    // rook, times its side's pawns less five
    (-3, 23),
    // knight's or bishop's distance to its king
    (-4, -2),
    // enemy pawn storming the king's files
    (-2, 0),
    // space
    (1, 4),
];
