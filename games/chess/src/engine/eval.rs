//! The static evaluation: a tapered sum of features (material, piece-square tables,
//! mobility, pawn structure, king safety), each feature counted white minus black and
//! weighted by a middlegame and an endgame weight from [`super::weights`]; the two sums are
//! blended by the game phase (the non-pawn material left).
//!
//! The evaluation is linear in its weights (king danger, a hand-weighted sum of an
//! attack's parts, enters squared and plain as two features with weights of their own),
//! and one function ([`features`]) walks the position for both uses: the search adds
//! weights as it goes, the tuner ([`super::tune`]) records which feature counted how
//! often, so that a logistic fit of the weights sees exactly the function the search uses.

use cozy_chess::{
    BitBoard, Board, Color, Piece, Square, get_bishop_moves, get_king_moves, get_knight_moves,
    get_rook_moves,
};

use super::weights::WEIGHTS;

/// Phase weight of a knight or bishop.
pub const PHASE_MINOR: i32 = 1;
/// Phase weight of a rook.
pub const PHASE_ROOK: i32 = 2;
/// Phase weight of a queen.
pub const PHASE_QUEEN: i32 = 4;
/// The phase of the starting position (all minor pieces, rooks and queens): pure
/// middlegame weights. Phase 0 is pure endgame.
pub const PHASE_MAX: i32 = 4 * PHASE_MINOR * 2 + 4 * PHASE_ROOK + 2 * PHASE_QUEEN;

/// Material of each piece type (pawn, knight, bishop, rook, queen; the king's slot is unused).
pub const MATERIAL: usize = 0;
/// Piece-square tables: 6 pieces times 32 squares (files e-h mirrored onto d-a), the rank
/// seen from the piece's own side.
pub const PST: usize = MATERIAL + 6;
/// Mobility: a weight per number of safe reachable squares (not own-occupied, not attacked
/// by an enemy pawn) of a knight (0..=8), bishop (0..=13), rook (0..=14) and queen (0..=27),
/// so that the first squares can count more than the last ones; [`MOBILITY_START`] says
/// where each piece's table starts.
pub const MOBILITY: usize = PST + 6 * 32;
/// The entries of the mobility table of a knight, bishop, rook and queen: one more than the
/// most squares each can reach.
pub const MOBILITY_SIZE: [usize; 4] = [9, 14, 15, 28];
/// Where the mobility table of a knight, bishop, rook and queen starts, from [`MOBILITY`].
pub const MOBILITY_START: [usize; 4] = [
    0,
    MOBILITY_SIZE[0],
    MOBILITY_SIZE[0] + MOBILITY_SIZE[1],
    MOBILITY_SIZE[0] + MOBILITY_SIZE[1] + MOBILITY_SIZE[2],
];
/// The entries of the four mobility tables together.
pub const MOBILITY_LEN: usize = MOBILITY_START[3] + MOBILITY_SIZE[3];
/// A passed pawn on its relative rank (2nd..7th used).
pub const PASSED: usize = MOBILITY + MOBILITY_LEN;
/// A pawn on a file holding another pawn of its side in front of it.
pub const DOUBLED: usize = PASSED + 8;
/// A pawn with no pawn of its side on the adjacent files.
pub const ISOLATED: usize = DOUBLED + 1;
/// A pawn defended by a pawn or standing beside one.
pub const CONNECTED: usize = ISOLATED + 1;
/// Both bishops.
pub const BISHOP_PAIR: usize = CONNECTED + 1;
/// A rook on a file without pawns.
pub const ROOK_OPEN: usize = BISHOP_PAIR + 1;
/// A rook on a file without pawns of its side.
pub const ROOK_SEMI_OPEN: usize = ROOK_OPEN + 1;
/// An own pawn in the three squares in front of the king, or the three beyond them.
pub const KING_SHIELD: usize = ROOK_SEMI_OPEN + 1;
/// A file without own pawns at or next to the king.
pub const KING_OPEN_FILE: usize = KING_SHIELD + 1;
/// An attack on a square next to the enemy king, by a knight, bishop, rook, queen.
pub const KING_ATTACK: usize = KING_OPEN_FILE + 1;
/// The side to move (counts +1 for white to move, -1 for black).
pub const TEMPO: usize = KING_ATTACK + 4;
/// How many knights, bishops, rooks and queens attack the enemy king's neighbourhood: one
/// weight per count 0..=7 (the danger grows faster than the count).
pub const KING_ATTACKERS: usize = TEMPO + 1;
/// A knight, bishop, rook or queen attacked by an enemy pawn.
pub const THREAT_BY_PAWN: usize = KING_ATTACKERS + 8;
/// A rook or queen attacked by an enemy knight or bishop.
pub const THREAT_BY_MINOR: usize = THREAT_BY_PAWN + 1;
/// A queen attacked by an enemy rook.
pub const THREAT_BY_ROOK: usize = THREAT_BY_MINOR + 1;
/// A knight, bishop, rook or queen attacked by the enemy and not defended.
pub const HANGING: usize = THREAT_BY_ROOK + 1;
/// A square from which a knight, bishop, rook or queen that attacks it would check the
/// enemy king, not occupied by its own side and not attacked by the enemy.
pub const SAFE_CHECK: usize = HANGING + 1;
/// A passed pawn whose next square is occupied.
pub const PASSED_BLOCKED: usize = SAFE_CHECK + 4;
/// A passed pawn: its own king's distance to the pawn's next square, times the pawn's rank
/// (1 to 8 from its own side) less two (a king's nearness counts more the further the pawn
/// is).
pub const PASSED_OWN_KING: usize = PASSED_BLOCKED + 1;
/// The same with the enemy king's distance.
pub const PASSED_THEIR_KING: usize = PASSED_OWN_KING + 1;
/// A knight on its 4th to 6th rank, defended by a pawn, that no enemy pawn can attack.
pub const OUTPOST_KNIGHT: usize = PASSED_THEIR_KING + 1;
/// The same for a bishop.
pub const OUTPOST_BISHOP: usize = OUTPOST_KNIGHT + 1;
/// A knight or bishop with an own pawn on the square in front of it.
pub const MINOR_BEHIND_PAWN: usize = OUTPOST_BISHOP + 1;
/// A pawn with no own pawn beside or behind it on the adjacent files (none can defend it)
/// whose next square an enemy pawn attacks (it cannot advance safely).
pub const BACKWARD: usize = MINOR_BEHIND_PAWN + 1;
/// A square next to the enemy king that this side attacks and the enemy defends with
/// nothing but its king or queen.
pub const KING_ZONE_WEAK: usize = BACKWARD + 1;
/// A passed pawn with nothing on its file in front of it, times its rank less two.
pub const PASSED_FREE: usize = KING_ZONE_WEAK + 1;
/// A passed pawn whose next square the enemy does not attack, times its rank less two.
pub const PASSED_SAFE_PUSH: usize = PASSED_FREE + 1;
/// An enemy knight, bishop, rook or queen that a safe push of an own pawn (one square, or
/// two from its first rank) would attack.
pub const THREAT_BY_PUSH: usize = PASSED_SAFE_PUSH + 1;
/// A pawn attacked by the enemy and defended by nothing.
pub const PAWN_HANGING: usize = THREAT_BY_PUSH + 1;
/// An own pawn on a square of a bishop's colour, once per bishop.
pub const BISHOP_PAWNS: usize = PAWN_HANGING + 1;
/// A knight, times its side's pawns less five (knights gain with pawns on the board).
pub const KNIGHT_PAWNS: usize = BISHOP_PAWNS + 1;
/// A rook, times its side's pawns less five.
pub const ROOK_PAWNS: usize = KNIGHT_PAWNS + 1;
/// A knight's or bishop's king-move distance to its own king.
pub const KING_PROTECTOR: usize = ROOK_PAWNS + 1;
/// An enemy pawn on the files at and beside the king, on the king's side's 3rd to 5th rank.
pub const PAWN_STORM: usize = KING_PROTECTOR + 1;
/// Space: a square of the files c to f on its side's 2nd to 4th rank that no enemy pawn
/// attacks and no own pawn stands on, once more when an own pawn stands in front of it
/// (at most three squares ahead).
pub const SPACE: usize = PAWN_STORM + 1;
/// King danger, the square part: when a side's [`king_danger`] units against the enemy
/// king pass [`DANGER_THRESHOLD`], the units squared over [`DANGER_SQUARE_SCALE`] (so
/// that an attack on many fronts at once counts far more than the sum of its parts).
pub const KING_DANGER: usize = SPACE + 1;
/// King danger, the linear part: the same units over [`DANGER_LINEAR_SCALE`].
pub const KING_DANGER_LINEAR: usize = KING_DANGER + 1;
/// How many features (weights per phase) there are.
pub const NUM_FEATURES: usize = KING_DANGER_LINEAR + 1;

/// King danger units (the scale of Stockfish's classical evaluation, whose shape this
/// follows) of each knight, bishop, rook and queen that attacks the enemy king's
/// neighbourhood, multiplied by how many pieces attack it.
pub const DANGER_ATTACKER: [i32; 4] = [81, 52, 44, 10];
/// Units per attack on a square next to the enemy king.
pub const DANGER_HIT: i32 = 69;
/// Units per square next to the enemy king that only its king or queen defends.
pub const DANGER_WEAK: i32 = 185;
/// Units of a safe check by a knight, bishop, rook and queen: one, or more than one.
pub const DANGER_SAFE_CHECK: [[i32; 2]; 4] = [[792, 1283], [645, 967], [1084, 1897], [772, 1119]];
/// Units per checking square that the enemy guards.
pub const DANGER_UNSAFE_CHECK: i32 = 148;
/// Flank attacks (see [`Attack::flank`]) count their number squared, times this, over 8.
pub const DANGER_FLANK_NUM: i32 = 3;
/// Units taken off when the attacker has no queen.
pub const DANGER_NO_QUEEN: i32 = 873;
/// Units every attack starts from.
pub const DANGER_BASE: i32 = 37;
/// Below this many units the king is not in danger.
pub const DANGER_THRESHOLD: i32 = 100;
/// [`KING_DANGER`] counts units squared over this.
pub const DANGER_SQUARE_SCALE: i32 = 262_144;
/// [`KING_DANGER_LINEAR`] counts units over this.
pub const DANGER_LINEAR_SCALE: i32 = 256;

/// What a side's attack on the enemy king is made of, for [`king_danger`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Attack {
    /// Knights, bishops, rooks and queens that attack a square next to the king.
    pub attackers: i32,
    /// The sum of their [`DANGER_ATTACKER`] weights.
    pub attacker_weight: i32,
    /// Their attacks on squares next to the king (a square attacked by two counts twice).
    pub hits: i32,
    /// Squares next to the king that the attacker reaches and only the king or queen
    /// defends.
    pub weak: i32,
    /// Safe checking squares of a knight, bishop, rook and queen.
    pub safe_checks: [i32; 4],
    /// Checking squares the defender guards.
    pub unsafe_checks: i32,
    /// Squares of the king's flank in its camp the attacker reaches, plus those it reaches
    /// twice.
    pub flank: i32,
    /// Whether the attacker has a queen.
    pub queen: bool,
}

/// The danger units of `attack`: Stockfish's classical king-danger sum over the terms this
/// evaluation has.
pub fn king_danger(attack: &Attack) -> i32 {
    let checks: i32 = (0..4)
        .map(|k| match attack.safe_checks[k] {
            0 => 0,
            1 => DANGER_SAFE_CHECK[k][0],
            _ => DANGER_SAFE_CHECK[k][1],
        })
        .sum();
    attack.attackers * attack.attacker_weight
        + DANGER_HIT * attack.hits
        + DANGER_WEAK * attack.weak
        + DANGER_UNSAFE_CHECK * attack.unsafe_checks
        + DANGER_FLANK_NUM * attack.flank * attack.flank / 8
        + checks
        - if attack.queen { 0 } else { DANGER_NO_QUEEN }
        + DANGER_BASE
}

/// The files of the king's flank, by the king's file: a-d, c-f or e-h.
const fn king_flanks() -> [u64; 8] {
    let queen_side = FILES[0] | FILES[1] | FILES[2] | FILES[3];
    let center = FILES[2] | FILES[3] | FILES[4] | FILES[5];
    let king_side = FILES[4] | FILES[5] | FILES[6] | FILES[7];
    [
        queen_side, queen_side, queen_side, center, center, king_side, king_side, king_side,
    ]
}
const KING_FLANK: [u64; 8] = king_flanks();

/// Receives the features of a position: `n` more of feature `index` (white minus black).
pub trait Sink {
    /// Counts `n` of feature `index`.
    fn add(&mut self, index: usize, n: i32);
}

/// Adds the weights as features arrive: the search's evaluation.
#[derive(Clone, Copy, Debug, Default)]
struct Weighted {
    mg: i32,
    eg: i32,
}

impl Sink for Weighted {
    #[inline(always)]
    fn add(&mut self, index: usize, n: i32) {
        let (mg, eg) = WEIGHTS[index];
        self.mg += i32::from(mg) * n;
        self.eg += i32::from(eg) * n;
    }
}

/// The evaluation in centipawns from the side to move's view.
pub fn evaluate(board: &Board) -> i32 {
    let white = evaluate_white(board);
    if board.side_to_move() == Color::White {
        white
    } else {
        -white
    }
}

/// The evaluation in centipawns from white's view.
pub fn evaluate_white(board: &Board) -> i32 {
    let mut w = Weighted::default();
    let phase = features(board, &mut w);
    blend(w.mg, w.eg, phase)
}

/// Blends a middlegame and an endgame score by `phase` (0..=[`PHASE_MAX`]).
#[inline]
pub fn blend(mg: i32, eg: i32, phase: i32) -> i32 {
    (mg * phase + eg * (PHASE_MAX - phase)) / PHASE_MAX
}

/// The piece-square index of `piece` of `color` on `sq`: the rank from `color`'s side, the
/// file folded onto a-d.
#[inline]
pub fn pst_index(piece: Piece, color: Color, sq: Square) -> usize {
    let rank = sq.rank().relative_to(color) as usize;
    let file = sq.file() as usize;
    let file = file.min(7 - file);
    PST + piece as usize * 32 + rank * 4 + file
}

const fn file_masks() -> [u64; 8] {
    let mut m = [0u64; 8];
    let mut f = 0;
    while f < 8 {
        m[f] = 0x0101_0101_0101_0101u64 << f;
        f += 1;
    }
    m
}
const FILES: [u64; 8] = file_masks();

const fn adjacent_masks() -> [u64; 8] {
    let mut m = [0u64; 8];
    let mut f = 0;
    while f < 8 {
        if f > 0 {
            m[f] |= FILES[f - 1];
        }
        if f < 7 {
            m[f] |= FILES[f + 1];
        }
        f += 1;
    }
    m
}
const ADJACENT: [u64; 8] = adjacent_masks();

/// The dark squares (a1 is one).
const DARK_SQUARES: u64 = 0xAA55_AA55_AA55_AA55;
/// The files c to f.
const CENTER_FILES: u64 = FILES[2] | FILES[3] | FILES[4] | FILES[5];

/// `b` moved one rank forward for `color` (towards the enemy).
#[inline]
fn forward(color: Color, b: u64) -> u64 {
    if color == Color::White {
        b << 8
    } else {
        b >> 8
    }
}

/// `b` moved one rank back for `color` (towards its own side).
#[inline]
fn backward(color: Color, b: u64) -> u64 {
    if color == Color::White {
        b >> 8
    } else {
        b << 8
    }
}

/// The squares pawns of `color` on `b` attack.
#[inline]
fn pawn_attacks_of(color: Color, b: u64) -> u64 {
    if color == Color::White {
        ((b << 7) & !FILES[7]) | ((b << 9) & !FILES[0])
    } else {
        ((b >> 9) & !FILES[7]) | ((b >> 7) & !FILES[0])
    }
}

/// The ranks `first..=last` (0 = the 1st) as `color` sees them.
#[inline]
fn relative_ranks(color: Color, first: usize, last: usize) -> u64 {
    let n = last - first + 1;
    let white = (!0u64 >> (64 - 8 * n)) << (8 * first);
    if color == Color::White {
        white
    } else {
        white.swap_bytes()
    }
}

/// Squares strictly in front of `sq` for `white` (ranks above) or black (below), on the
/// file itself and the adjacent files.
const fn front_spans(white: bool) -> [u64; 64] {
    let mut m = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let f = sq % 8;
        let r = sq / 8;
        let files = FILES[f] | ADJACENT[f];
        let ranks = if white {
            if r == 7 { 0 } else { !0u64 << ((r + 1) * 8) }
        } else if r == 0 {
            0
        } else {
            !0u64 >> ((8 - r) * 8)
        };
        m[sq] = files & ranks;
        sq += 1;
    }
    m
}
const WHITE_SPAN: [u64; 64] = front_spans(true);
const BLACK_SPAN: [u64; 64] = front_spans(false);

/// The squares in front of `sq` for `color`, on its file and the adjacent ones.
#[inline]
fn front_span(color: Color, sq: Square) -> u64 {
    if color == Color::White {
        WHITE_SPAN[sq as usize]
    } else {
        BLACK_SPAN[sq as usize]
    }
}

/// The king-move distance between two squares.
#[inline]
fn distance(a: Square, b: Square) -> i32 {
    let df = (a.file() as i32 - b.file() as i32).abs();
    let dr = (a.rank() as i32 - b.rank() as i32).abs();
    df.max(dr)
}

/// Walks the position, telling `sink` every feature (white minus black); returns the phase.
pub fn features(board: &Board, sink: &mut impl Sink) -> i32 {
    let occ = board.occupied();
    let pawns = board.pieces(Piece::Pawn);
    let mut phase = 0;
    let pawn_attacks = [Color::White, Color::Black].map(|color| {
        BitBoard(pawn_attacks_of(
            color,
            board.colored_pieces(color, Piece::Pawn).0,
        ))
    });
    // Each side's knights, bishops, rooks and queens.
    let non_pawn = [Color::White, Color::Black]
        .map(|color| board.colors(color) & !(pawns | board.pieces(Piece::King)));
    // Every square each side attacks, what its minor pieces and rooks attack, and the
    // squares it attacks twice (two pieces, or a pawn and a piece; two pawns count once).
    let mut attacked = [BitBoard::EMPTY; 2];
    let mut attacked_twice = [BitBoard::EMPTY; 2];
    let mut by_minor = [BitBoard::EMPTY; 2];
    let mut by_rook = [BitBoard::EMPTY; 2];
    for color in [Color::White, Color::Black] {
        let c = color as usize;
        let mut all = pawn_attacks[c];
        let mut twice = BitBoard::EMPTY;
        let mut add = |a: BitBoard| {
            twice |= all & a;
            all |= a;
        };
        add(get_king_moves(board.king(color)));
        for sq in board.colored_pieces(color, Piece::Knight) {
            let a = get_knight_moves(sq);
            by_minor[c] |= a;
            add(a);
        }
        for sq in board.colored_pieces(color, Piece::Bishop) {
            let a = get_bishop_moves(sq, occ);
            by_minor[c] |= a;
            add(a);
        }
        for sq in board.colored_pieces(color, Piece::Rook) {
            let a = get_rook_moves(sq, occ);
            by_rook[c] |= a;
            add(a);
        }
        for sq in board.colored_pieces(color, Piece::Queen) {
            add(get_bishop_moves(sq, occ) | get_rook_moves(sq, occ));
        }
        attacked[c] = all;
        attacked_twice[c] = twice;
    }
    for color in [Color::White, Color::Black] {
        let sign = if color == Color::White { 1 } else { -1 };
        let them = !color;
        let (c, t) = (color as usize, them as usize);
        let pieces = non_pawn[c];
        let count = |b: BitBoard| b.len() as i32;
        let threatened = count(pieces & pawn_attacks[t]);
        if threatened > 0 {
            sink.add(THREAT_BY_PAWN, sign * threatened);
        }
        let heavy = board.colors(color) & (board.pieces(Piece::Rook) | board.pieces(Piece::Queen));
        let by_minors = count(heavy & by_minor[t]);
        if by_minors > 0 {
            sink.add(THREAT_BY_MINOR, sign * by_minors);
        }
        let queens = board.colored_pieces(color, Piece::Queen);
        let by_rooks = count(queens & by_rook[t]);
        if by_rooks > 0 {
            sink.add(THREAT_BY_ROOK, sign * by_rooks);
        }
        let hanging = count(pieces & attacked[t] & !attacked[c]);
        if hanging > 0 {
            sink.add(HANGING, sign * hanging);
        }
        let mut attack = Attack {
            queen: !board.colored_pieces(color, Piece::Queen).is_empty(),
            ..Attack::default()
        };
        let own = board.colors(color);
        let own_pawns = pawns & own;
        let their_pawns = pawns & board.colors(them);
        let their_king = board.king(them);
        let king_zone = get_king_moves(their_king);
        let safe = !own & !pawn_attacks[t];
        // What this side's knights, bishops, rooks and queens attack, by piece type.
        let mut by_type = [BitBoard::EMPTY; 4];
        // The squares right behind this side's pawns.
        let behind_pawns = backward(color, own_pawns.0);
        let own_king = board.king(color);
        // This side's pawns less five: knights gain with them, rooks lose.
        let pawns_less_five = own_pawns.len() as i32 - 5;
        let minors =
            board.colored_pieces(color, Piece::Knight) | board.colored_pieces(color, Piece::Bishop);
        let sheltered = (minors.0 & behind_pawns).count_ones() as i32;
        if sheltered > 0 {
            sink.add(MINOR_BEHIND_PAWN, sign * sheltered);
        }

        for piece in Piece::ALL {
            let set = board.colored_pieces(color, piece);
            let n = set.len() as i32;
            if piece != Piece::King {
                sink.add(MATERIAL + piece as usize, sign * n);
            }
            let by_pawns = match piece {
                Piece::Knight => Some(KNIGHT_PAWNS),
                Piece::Rook => Some(ROOK_PAWNS),
                _ => None,
            };
            if let Some(feature) = by_pawns
                && n * pawns_less_five != 0
            {
                sink.add(feature, sign * n * pawns_less_five);
            }
            phase += n * match piece {
                Piece::Knight | Piece::Bishop => PHASE_MINOR,
                Piece::Rook => PHASE_ROOK,
                Piece::Queen => PHASE_QUEEN,
                _ => 0,
            };
            for sq in set {
                sink.add(pst_index(piece, color, sq), sign);
                let attacks = match piece {
                    Piece::Knight => get_knight_moves(sq),
                    Piece::Bishop => get_bishop_moves(sq, occ),
                    Piece::Rook => get_rook_moves(sq, occ),
                    Piece::Queen => get_bishop_moves(sq, occ) | get_rook_moves(sq, occ),
                    _ => continue,
                };
                let k = piece as usize - 1;
                by_type[k] |= attacks;
                let reach = (attacks & safe).len() as usize;
                sink.add(MOBILITY + MOBILITY_START[k] + reach, sign);
                let hits = (attacks & king_zone).len() as i32;
                if hits > 0 {
                    sink.add(KING_ATTACK + k, sign * hits);
                    attack.attackers += 1;
                    attack.attacker_weight += DANGER_ATTACKER[k];
                    attack.hits += hits;
                }
                if matches!(piece, Piece::Knight | Piece::Bishop) {
                    let far = distance(sq, own_king);
                    if far > 0 {
                        sink.add(KING_PROTECTOR, sign * far);
                    }
                    if piece == Piece::Bishop {
                        let colour = if DARK_SQUARES >> sq as usize & 1 == 1 {
                            DARK_SQUARES
                        } else {
                            !DARK_SQUARES
                        };
                        let n = (own_pawns.0 & colour).count_ones() as i32;
                        if n > 0 {
                            sink.add(BISHOP_PAWNS, sign * n);
                        }
                    }
                    let rank = sq.rank().relative_to(color) as usize;
                    if (3..=5).contains(&rank)
                        && pawn_attacks[c].has(sq)
                        && front_span(color, sq) & ADJACENT[sq.file() as usize] & their_pawns.0 == 0
                    {
                        let feature = if piece == Piece::Knight {
                            OUTPOST_KNIGHT
                        } else {
                            OUTPOST_BISHOP
                        };
                        sink.add(feature, sign);
                    }
                }
                if piece == Piece::Rook {
                    let file = FILES[sq.file() as usize];
                    if pawns.0 & file == 0 {
                        sink.add(ROOK_OPEN, sign);
                    } else if own_pawns.0 & file == 0 {
                        sink.add(ROOK_SEMI_OPEN, sign);
                    }
                }
            }
        }
        sink.add(KING_ATTACKERS + attack.attackers.min(7) as usize, sign);
        // Checks the enemy cannot answer by taking the checking piece where it lands.
        let unguarded = !own & !attacked[t];
        let diagonal = get_bishop_moves(their_king, occ);
        let straight = get_rook_moves(their_king, occ);
        let checks = [
            get_knight_moves(their_king),
            diagonal,
            straight,
            diagonal | straight,
        ];
        for k in 0..4 {
            let reach = checks[k] & by_type[k] & !own;
            let n = (reach & unguarded).len() as i32;
            if n > 0 {
                sink.add(SAFE_CHECK + k, sign * n);
            }
            attack.safe_checks[k] = n;
            attack.unsafe_checks += (reach & attacked[t]).len() as i32;
        }
        let weak = king_zone & attacked[c] & !(pawn_attacks[t] | by_minor[t] | by_rook[t]);
        if !weak.is_empty() {
            sink.add(KING_ZONE_WEAK, sign * weak.len() as i32);
        }
        attack.weak = weak.len() as i32;
        let camp = KING_FLANK[their_king.file() as usize] & relative_ranks(them, 0, 4);
        attack.flank = (attacked[c].0 & camp).count_ones() as i32
            + (attacked_twice[c].0 & camp).count_ones() as i32;
        let danger = king_danger(&attack);
        if danger > DANGER_THRESHOLD {
            sink.add(KING_DANGER, sign * (danger * danger / DANGER_SQUARE_SCALE));
            sink.add(KING_DANGER_LINEAR, sign * (danger / DANGER_LINEAR_SCALE));
        }
        // Pawn pushes that would attack a piece, pawns left hanging, enemy pawns storming
        // the king, and space.
        let empty = !occ.0;
        let single = forward(color, own_pawns.0) & empty;
        let double = forward(color, single & relative_ranks(color, 2, 2)) & empty;
        let safe_push = (single | double) & !pawn_attacks[t].0 & (attacked[c].0 | !attacked[t].0);
        let push_threats = (pawn_attacks_of(color, safe_push) & non_pawn[t].0).count_ones() as i32;
        if push_threats > 0 {
            sink.add(THREAT_BY_PUSH, sign * push_threats);
        }
        let loose = count(own_pawns & attacked[t] & !attacked[c]);
        if loose > 0 {
            sink.add(PAWN_HANGING, sign * loose);
        }
        let storm = (front_span(color, own_king) & relative_ranks(color, 2, 4) & their_pawns.0)
            .count_ones() as i32;
        if storm > 0 {
            sink.add(PAWN_STORM, sign * storm);
        }
        let room = CENTER_FILES & relative_ranks(color, 1, 3) & !own_pawns.0 & !pawn_attacks[t].0;
        let behind = behind_pawns
            | backward(color, behind_pawns)
            | backward(color, backward(color, behind_pawns));
        let space = (room.count_ones() + (room & behind).count_ones()) as i32;
        if space > 0 {
            sink.add(SPACE, sign * space);
        }
        if board.colored_pieces(color, Piece::Bishop).len() >= 2 {
            sink.add(BISHOP_PAIR, sign);
        }

        // Pawn structure.
        let own_attacks = pawn_attacks[c];
        for sq in own_pawns {
            let f = sq.file() as usize;
            let s = sq as usize;
            let r = sq.rank() as usize;
            let span = front_span(color, sq);
            // The pawn's own file in front of it, its next square, and the ranks at or
            // behind it (where a pawn of the adjacent files could still defend it).
            let ahead = span & FILES[f];
            let (next, level_or_behind) = if color == Color::White {
                (Square::index(s + 8), !0u64 >> ((7 - r) * 8))
            } else {
                (Square::index(s - 8), !0u64 << (r * 8))
            };
            if span & their_pawns.0 == 0 {
                let rank = sq.rank().relative_to(color) as usize;
                sink.add(PASSED + rank, sign);
                if occ.has(next) {
                    sink.add(PASSED_BLOCKED, sign);
                }
                let weight = rank as i32 - 1;
                if weight > 0 {
                    sink.add(PASSED_OWN_KING, sign * weight * distance(own_king, next));
                    sink.add(
                        PASSED_THEIR_KING,
                        sign * weight * distance(their_king, next),
                    );
                    if ahead & occ.0 == 0 {
                        sink.add(PASSED_FREE, sign * weight);
                    }
                    if !attacked[t].has(next) {
                        sink.add(PASSED_SAFE_PUSH, sign * weight);
                    }
                }
            }
            if ahead & own_pawns.0 != 0 {
                sink.add(DOUBLED, sign);
            }
            if ADJACENT[f] & own_pawns.0 == 0 {
                sink.add(ISOLATED, sign);
            } else {
                if ADJACENT[f] & level_or_behind & own_pawns.0 == 0 && pawn_attacks[t].has(next) {
                    sink.add(BACKWARD, sign);
                }
                let beside = ADJACENT[f] & (0xFFu64 << (r * 8));
                if own_attacks.has(sq) || beside & own_pawns.0 != 0 {
                    sink.add(CONNECTED, sign);
                }
            }
        }

        // King shelter: own pawns in the two ranks in front of the king, open files near it.
        let kf = own_king.file() as usize;
        let near = FILES[kf] | ADJACENT[kf];
        let span = front_span(color, own_king);
        let kr = own_king.rank() as usize;
        // The two ranks in front of the king (the span already keeps only those ahead).
        let two_ranks = if color == Color::White {
            if kr >= 7 {
                0
            } else {
                0xFFFFu64 << ((kr + 1) * 8)
            }
        } else {
            match kr {
                0 => 0,
                1 => 0xFF,
                _ => 0xFFFFu64 << ((kr - 2) * 8),
            }
        };
        let shield = (span & near & two_ranks & own_pawns.0).count_ones() as i32;
        sink.add(KING_SHIELD, sign * shield);
        let open = FILES[kf.saturating_sub(1)..=(kf + 1).min(7)]
            .iter()
            .filter(|&&file| file & own_pawns.0 == 0)
            .count() as i32;
        if open > 0 {
            sink.add(KING_OPEN_FILE, sign * open);
        }
    }
    sink.add(
        TEMPO,
        if board.side_to_move() == Color::White {
            1
        } else {
            -1
        },
    );
    phase.min(PHASE_MAX)
}
