//! The position: a cozy-chess board, whether the game is Chess960, and the keys of the
//! positions since the last irreversible move — everything the draw rules need, so that
//! `outcome()` can say when a game is over without being handed the game's history.
//!
//! The keys live in a persistent list shared between clones (`Arc`-linked, newest first):
//! perft and copy-make search clone a position at every interior node, and a clone is then
//! the 104-byte board and one reference count, while a reversible move adds one small node
//! and an irreversible one drops the list. The other way, a fixed array of 100 keys inside
//! the position copied with it (only the part in use), was measured slower on every perft
//! position tried and makes the position 912 bytes (`docs/benchmarks/chess.md`).

use cozy_chess::{BitBoard, Board, Color, Move, Piece, Rank, Square, get_pawn_attacks};
use std::fmt;
use std::sync::Arc;

/// Plies without a capture or pawn move after which the game is drawn (the fifty-move rule,
/// applied automatically as cutechess and fastchess adjudicate it).
pub const FIFTY_MOVE_PLIES: u8 = 100;

/// How often the same position must occur for the automatic draw (threefold repetition).
pub const REPETITIONS: usize = 3;

/// The earliest ply at which a position can recur with the same side to move: each side
/// must move a piece away and back.
const MIN_REPETITION_DISTANCE: usize = 4;

/// The light squares (b1, a2, ...; a1 is dark), for bishops that can never meet.
const LIGHT_SQUARES: u64 = 0x55AA_55AA_55AA_55AA;

/// A chess position with the history its draw rules need.
///
/// Equality (and the position text) covers what a FEN says: the board, the clocks, and the
/// variant where it still matters (Chess960 differs from standard chess only in how it
/// castles, so once both sides have lost every castling right the two compare equal). The
/// repetition list is context outside equality, like the game record a position came from.
#[derive(Clone)]
pub struct Position {
    pub(crate) board: Board,
    pub(crate) chess960: bool,
    /// The repetition keys of the earlier positions since the last irreversible move, the
    /// most recent first; `None` when there are none.
    keys: Option<Arc<Keys>>,
}

/// One node of the repetition list: a key and the list before it.
#[derive(Debug)]
struct Keys {
    key: u64,
    /// How many keys this node and the ones before it hold.
    len: u32,
    earlier: Option<Arc<Keys>>,
}

/// A reason the rules end a game in which the side to move still has legal moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DrawRule {
    /// The halfmove clock reached [`FIFTY_MOVE_PLIES`] (and the side to move is not mated).
    FiftyMoves,
    /// The position occurred for the [`REPETITIONS`]th time.
    Threefold,
    /// Neither side can ever checkmate (see [`Position::insufficient_material`]).
    InsufficientMaterial,
}

impl DrawRule {
    /// The outcome's reason text.
    pub fn reason(self) -> &'static str {
        match self {
            DrawRule::FiftyMoves => "fifty-move rule",
            DrawRule::Threefold => "threefold repetition",
            DrawRule::InsufficientMaterial => "insufficient material",
        }
    }
}

impl Position {
    /// The standard start position.
    pub fn start() -> Position {
        Position::from_board(Board::startpos(), false)
    }

    /// Chess960 start position number `n` in Scharnagl's numbering (518 is the standard
    /// array), played with Chess960 castling.
    ///
    /// # Panics
    /// If `n` is 960 or more.
    pub fn start960(n: u32) -> Position {
        assert!(
            n < 960,
            "Chess960 start positions are numbered 0 to 959, not {n}"
        );
        Position::from_board(Board::chess960_startpos(n), true)
    }

    /// A position from a cozy-chess board, with no earlier positions known.
    pub fn from_board(board: Board, chess960: bool) -> Position {
        Position {
            board,
            chess960,
            keys: None,
        }
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Whether the game is Chess960 (castling is written king-takes-rook, FEN castling
    /// rights name rook files).
    pub fn chess960(&self) -> bool {
        self.chess960
    }

    /// The repetition key of this position: [`Board::hash`], except that an en-passant file
    /// no pawn can legally use is left out ([`Board::hash_without_ep`]), because FIDE counts
    /// positions as the same when the same moves are possible. The two differ only right
    /// after a double pawn push that cannot be taken en passant.
    pub fn repetition_key(&self) -> u64 {
        repetition_key(&self.board)
    }

    /// The repetition keys ([`Position::repetition_key`]; [`Board::hash`] but for an unusable
    /// en-passant file) of every earlier position since the last irreversible move (capture,
    /// pawn move, loss of a castling right), most recent first, without the current one.
    /// Positions before a FEN was read are unknown and not listed.
    pub fn repetition_keys(&self) -> impl Iterator<Item = u64> + '_ {
        std::iter::successors(self.keys.as_deref(), |k| k.earlier.as_deref()).map(|k| k.key)
    }

    /// Plays `mv`, a legal move on the board in cozy's convention (castling is king takes
    /// own rook), and keeps the repetition list.
    #[inline]
    pub(crate) fn make(&mut self, mv: Move) {
        let rights = castle_rights(&self.board);
        let key = repetition_key(&self.board);
        self.board.play_unchecked(mv);
        if self.board.halfmove_clock() == 0 || castle_rights(&self.board) != rights {
            self.keys = None;
        } else {
            let len = self.keys.as_ref().map_or(0, |k| k.len) + 1;
            let earlier = self.keys.take();
            self.keys = Some(Arc::new(Keys { key, len, earlier }));
        }
    }

    /// The rule that ends the game although the side to move has a legal move, if any, in
    /// the order fifty-move rule, threefold repetition, insufficient material. (At a clock
    /// of 100 a checkmated side has no move and loses: [`Position::outcome`] looks at the
    /// moves first.)
    #[inline]
    pub fn draw_rule(&self) -> Option<DrawRule> {
        if self.board.halfmove_clock() >= FIFTY_MOVE_PLIES {
            Some(DrawRule::FiftyMoves)
        } else if self.is_threefold() {
            Some(DrawRule::Threefold)
        } else if self.insufficient_material() {
            Some(DrawRule::InsufficientMaterial)
        } else {
            None
        }
    }

    /// Whether this is at least the [`REPETITIONS`]th occurrence of the position (same
    /// pieces, side to move, castling rights and usable en-passant captures) since the last
    /// irreversible move.
    #[inline]
    pub fn is_threefold(&self) -> bool {
        let len = self.keys.as_ref().map_or(0, |k| k.len as usize);
        if len < MIN_REPETITION_DISTANCE * (REPETITIONS - 1) {
            return false;
        }
        let key = self.repetition_key();
        // Only positions an even number of plies back have the same side to move.
        let same_side = self.repetition_keys().skip(1).step_by(2);
        same_side.filter(|&k| k == key).count() + 1 >= REPETITIONS
    }

    /// Whether no sequence of legal moves can end in checkmate by material alone: no pawns,
    /// rooks or queens, and either all bishops on squares of one colour and no knight
    /// (king against king, king and bishop against king, kings and bishops that can never
    /// meet), or a single knight and no bishop (king and knight against king). Positions that
    /// are dead for other reasons (blocked pawn chains) play on.
    #[inline]
    pub fn insufficient_material(&self) -> bool {
        let b = &self.board;
        if !(b.pieces(Piece::Pawn) | b.pieces(Piece::Rook) | b.pieces(Piece::Queen)).is_empty() {
            return false;
        }
        let knights = b.pieces(Piece::Knight);
        let bishops = b.pieces(Piece::Bishop).0;
        if knights.is_empty() {
            bishops & LIGHT_SQUARES == 0 || bishops & !LIGHT_SQUARES == 0
        } else {
            knights.len() == 1 && bishops == 0
        }
    }

    /// Whether the side to move has a legal move on the board (draw rules aside).
    #[inline]
    pub fn has_board_moves(&self) -> bool {
        self.board.generate_moves(|_| true)
    }
}

/// Both sides' castling rights.
#[inline]
fn castle_rights(board: &Board) -> [cozy_chess::CastleRights; 2] {
    [
        *board.castle_rights(Color::White),
        *board.castle_rights(Color::Black),
    ]
}

/// See [`Position::repetition_key`].
pub(crate) fn repetition_key(board: &Board) -> u64 {
    match board.en_passant() {
        Some(file) => {
            let color = board.side_to_move();
            let target = Square::new(file, Rank::Sixth.relative_to(color));
            let takers: BitBoard =
                get_pawn_attacks(target, !color) & board.colored_pieces(color, Piece::Pawn);
            let usable = takers.into_iter().any(|from| {
                board.is_legal(Move {
                    from,
                    to: target,
                    promotion: None,
                })
            });
            if usable {
                board.hash()
            } else {
                board.hash_without_ep()
            }
        }
        None => board.hash(),
    }
}

impl PartialEq for Position {
    fn eq(&self, other: &Self) -> bool {
        let castling_left = |p: &Position| {
            castle_rights(&p.board)
                .iter()
                .any(|r| r.short.is_some() || r.long.is_some())
        };
        self.board == other.board && (self.chess960 == other.chess960 || !castling_left(self))
    }
}

impl Eq for Position {}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Position")
            .field("fen", &self.fen())
            .field("chess960", &self.chess960)
            .field("repetition_keys", &self.repetition_keys().count())
            .finish()
    }
}
