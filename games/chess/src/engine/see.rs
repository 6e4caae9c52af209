//! Static exchange evaluation: what a capture wins or loses on its square once both sides
//! have recaptured with their cheapest attackers for as long as it pays (sliders behind
//! sliders join in as the pieces in front of them leave). Quiescence drops captures whose
//! exchange loses material, and move ordering puts them after the quiet moves.

use cozy_chess::{
    BitBoard, Board, Color, Move, Piece, Square, get_bishop_moves, get_king_moves,
    get_knight_moves, get_pawn_attacks, get_rook_moves,
};

/// Exchange value of a pawn, in centipawns.
pub const SEE_PAWN: i32 = 100;
/// Exchange value of a knight, in centipawns.
pub const SEE_KNIGHT: i32 = 320;
/// Exchange value of a bishop, in centipawns.
pub const SEE_BISHOP: i32 = 330;
/// Exchange value of a rook, in centipawns.
pub const SEE_ROOK: i32 = 500;
/// Exchange value of a queen, in centipawns.
pub const SEE_QUEEN: i32 = 950;
/// Exchange value of a king: more than everything else, so it recaptures last.
pub const SEE_KING: i32 = 20_000;

/// The exchange value of `piece`.
#[inline]
pub fn value(piece: Piece) -> i32 {
    match piece {
        Piece::Pawn => SEE_PAWN,
        Piece::Knight => SEE_KNIGHT,
        Piece::Bishop => SEE_BISHOP,
        Piece::Rook => SEE_ROOK,
        Piece::Queen => SEE_QUEEN,
        Piece::King => SEE_KING,
    }
}

/// Whether `mv` takes an enemy piece (en passant included; castling, which cozy-chess writes
/// as the king taking its own rook, is not a capture).
#[inline]
pub fn is_capture(board: &Board, mv: Move) -> bool {
    board.colors(!board.side_to_move()).has(mv.to) || is_en_passant(board, mv)
}

/// Whether `mv` is an en-passant capture.
#[inline]
pub fn is_en_passant(board: &Board, mv: Move) -> bool {
    board.piece_on(mv.from) == Some(Piece::Pawn)
        && mv.from.file() != mv.to.file()
        && board.piece_on(mv.to).is_none()
}

/// Every piece of either colour attacking `sq` with the board occupied by `occ`.
#[inline]
fn attackers(board: &Board, sq: Square, occ: BitBoard) -> BitBoard {
    let rooks = board.pieces(Piece::Rook) | board.pieces(Piece::Queen);
    let bishops = board.pieces(Piece::Bishop) | board.pieces(Piece::Queen);
    let pawns = board.pieces(Piece::Pawn);
    ((get_rook_moves(sq, occ) & rooks)
        | (get_bishop_moves(sq, occ) & bishops)
        | (get_knight_moves(sq) & board.pieces(Piece::Knight))
        | (get_king_moves(sq) & board.pieces(Piece::King))
        | (get_pawn_attacks(sq, Color::White) & pawns & board.colors(Color::Black))
        | (get_pawn_attacks(sq, Color::Black) & pawns & board.colors(Color::White)))
        & occ
}

/// How an exchange begins: the piece standing on the square after the move (the new piece
/// of a promotion), what the move takes (a promotion also gains the new piece less the
/// pawn), and the board's occupancy with an en-passant victim gone.
struct Start {
    moving: Piece,
    captured: i32,
    occ: BitBoard,
}

/// The start of `mv`'s exchange, or `None` when there is none (castling, no piece).
#[inline]
fn start(board: &Board, mv: Move) -> Option<Start> {
    let mut moving = board.piece_on(mv.from)?;
    if moving == Piece::King && board.colors(board.side_to_move()).has(mv.to) {
        return None; // castling
    }
    let mut occ = board.occupied();
    let mut captured = if is_en_passant(board, mv) {
        let behind = Square::new(mv.to.file(), mv.from.rank());
        occ ^= behind.bitboard();
        SEE_PAWN
    } else {
        board.piece_on(mv.to).map_or(0, value)
    };
    if let Some(p) = mv.promotion {
        captured += value(p) - SEE_PAWN;
        moving = p;
    }
    Some(Start {
        moving,
        captured,
        occ,
    })
}

/// The least valuable piece of `set`, with its square.
#[inline]
fn least_valuable(board: &Board, set: BitBoard) -> Option<(Piece, Square)> {
    if set.is_empty() {
        return None;
    }
    Piece::ALL.iter().find_map(|&p| {
        let on = set & board.pieces(p);
        on.next_square().map(|sq| (p, sq))
    })
}

/// Whether [`see`] of `mv` is at least `threshold`, found without playing the exchange out:
/// it stops as soon as the side that just captured is sure to end on the right side of the
/// threshold whatever follows (or sure not to). The search only ever asks this question
/// (quiescence and ordering at 0, exchange pruning at a margin), and most answers come
/// after a capture or two; `see` stays as its slow twin (the tests compare them).
pub fn see_at_least(board: &Board, mv: Move, threshold: i32) -> bool {
    let Some(Start {
        moving,
        captured,
        mut occ,
    }) = start(board, mv)
    else {
        return 0 >= threshold;
    };
    let us = board.side_to_move();
    // `swap` is how far the side to capture next is from its goal if it captures and the
    // exchange then stops; `res` whether the side that moved first reaches the threshold
    // if the exchange stops here.
    let mut swap = captured - threshold;
    if swap < 0 {
        return false; // even unanswered, the capture falls short
    }
    swap = value(moving) - swap;
    if swap <= 0 {
        return true; // even losing the piece that moved, it reaches the threshold
    }
    occ ^= mv.from.bitboard();
    let sliders_b = board.pieces(Piece::Bishop) | board.pieces(Piece::Queen);
    let sliders_r = board.pieces(Piece::Rook) | board.pieces(Piece::Queen);
    let mut attack = attackers(board, mv.to, occ);
    let mut side = us;
    let mut res = true;
    loop {
        side = !side;
        attack &= occ;
        let Some((piece, from)) = least_valuable(board, attack & board.colors(side)) else {
            break;
        };
        res = !res;
        if piece == Piece::King {
            // A king may not capture into a defended square; an undefended one it takes.
            return if (attack & board.colors(!side)).is_empty() {
                res
            } else {
                !res
            };
        }
        swap = value(piece) - swap;
        if swap < i32::from(res) {
            break;
        }
        occ ^= from.bitboard();
        attack |=
            (get_bishop_moves(mv.to, occ) & sliders_b) | (get_rook_moves(mv.to, occ) & sliders_r);
    }
    res
}

/// The material `mv` wins (negative: loses) once the exchange on its square is played out
/// with the cheapest attacker each time, either side free to stop. A non-capture counts what
/// the moved piece risks on its new square; a promotion counts the new piece.
pub fn see(board: &Board, mv: Move) -> i32 {
    let Some(Start {
        moving,
        captured,
        mut occ,
    }) = start(board, mv)
    else {
        return 0;
    };
    let us = board.side_to_move();
    let mut gain = [0i32; 40];
    gain[0] = captured;
    occ ^= mv.from.bitboard();
    let mut side = !us;
    let mut on_square = value(moving);
    let mut depth = 0;
    let sliders_b = board.pieces(Piece::Bishop) | board.pieces(Piece::Queen);
    let sliders_r = board.pieces(Piece::Rook) | board.pieces(Piece::Queen);
    let mut attack = attackers(board, mv.to, occ);
    while let Some((piece, from)) = least_valuable(board, attack & board.colors(side) & occ) {
        depth += 1;
        if depth >= gain.len() {
            break;
        }
        gain[depth] = on_square - gain[depth - 1];
        on_square = value(piece);
        // A king may not capture into a defended square.
        if piece == Piece::King
            && !(attack & board.colors(!side) & occ & !from.bitboard()).is_empty()
        {
            depth -= 1;
            break;
        }
        occ ^= from.bitboard();
        // Sliders behind the piece that just left join in.
        attack |=
            (get_bishop_moves(mv.to, occ) & sliders_b) | (get_rook_moves(mv.to, occ) & sliders_r);
        attack &= occ;
        side = !side;
    }
    while depth > 0 {
        gain[depth - 1] = -(-gain[depth - 1]).max(gain[depth]);
        depth -= 1;
    }
    gain[0]
}
