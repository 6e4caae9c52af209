//! The chess side of the generic search: mate scores by distance, draws (repetition on the
//! path or against the game's earlier positions, the fifty-move rule, bare kings), the
//! evaluation, check extensions, null moves, captures-only quiescence with losing captures
//! dropped by [`see`](super::see), and move ordering (winning captures by victim and
//! attacker, then quiet moves by history, then losing captures).

use cozy_chess::{
    Board, Color, Move, Piece, get_bishop_moves, get_knight_moves, get_pawn_attacks, get_rook_moves,
};
use olympiad_search::{Hooks, MAX_PLY, Score, WinsByDistance};

use super::eval;
use super::node::Node;
use super::see::{self, is_capture};

/// A mate at the root; a mate `n` plies away scores `MATE - n`.
pub const MATE: Score = 32_000;
/// Scores beyond this (in absolute value) are mates.
pub const MATE_BOUND: Score = MATE - 1_000;
/// Static evaluations are clamped inside this, well away from mate scores.
pub const EVAL_LIMIT: Score = 20_000;
/// Ordering bonus of a capture that does not lose material (plus victim, less attacker).
pub const GOOD_CAPTURE: i32 = 1 << 20;
/// Ordering bonus of a capture that loses material: after every quiet move.
pub const BAD_CAPTURE: i32 = -(1 << 20);
/// Ordering bonus of an under-promotion: last.
pub const UNDER_PROMOTION: i32 = -(1 << 21);

/// The hooks: the path's hashes by ply and the game's earlier positions, for repetitions.
#[derive(Clone, Debug)]
pub struct ChessHooks {
    /// `path[ply]`: the hash of the node at that ply on the current path.
    path: Vec<u64>,
    /// Hashes of the positions before the root since the last irreversible move, most
    /// recent first.
    before_root: Vec<u64>,
    /// The evaluation cache: see [`EvalCache`].
    evals: EvalCache,
}

/// Entries of the evaluation cache (a power of two): 512 KiB.
pub const EVAL_CACHE_ENTRIES: usize = 1 << 16;

/// Static evaluations by position hash, direct-mapped: iterative deepening and
/// transpositions evaluate the same positions again and again, and the evaluation is the
/// largest part of a search's time. An entry packs the hash's upper 32 bits with white's
/// score, so a wrong hit needs the 16 index bits and the 32 stored ones to agree. The cache
/// only saves time: the search is the same node for node.
#[derive(Clone, Debug)]
struct EvalCache {
    entries: Box<[u64]>,
}

impl Default for EvalCache {
    fn default() -> Self {
        Self {
            entries: vec![0; EVAL_CACHE_ENTRIES].into_boxed_slice(),
        }
    }
}

impl EvalCache {
    /// White's evaluation of `board`, from the cache or computed and stored.
    #[inline]
    fn white(&mut self, board: &Board) -> i32 {
        let hash = board.hash();
        let slot = &mut self.entries[hash as usize & (EVAL_CACHE_ENTRIES - 1)];
        let tag = hash & !0xFFFF_FFFF;
        // A tag of zero is also the empty entry's: such a position is simply not cached.
        if tag != 0 && *slot & !0xFFFF_FFFF == tag {
            return *slot as u32 as i32;
        }
        let white = eval::evaluate_white(board);
        *slot = tag | u64::from(white as u32);
        white
    }
}

impl Default for ChessHooks {
    fn default() -> Self {
        Self {
            path: vec![0; MAX_PLY as usize + 2],
            before_root: Vec::new(),
            evals: EvalCache::default(),
        }
    }
}

impl ChessHooks {
    /// Prepares a search from `root` with the game's earlier hashes (most recent first).
    pub fn set_root(&mut self, root: &Node, before: impl IntoIterator<Item = u64>) {
        self.path[0] = root.board.hash();
        self.before_root.clear();
        self.before_root.extend(before);
    }

    /// Whether the node at `ply` repeats a position of the path or of the game (since the
    /// last irreversible move and the last pass).
    fn repeated(&self, node: &Node, ply: usize, hash: u64) -> bool {
        let window = usize::from(node.board.halfmove_clock()).min(usize::from(node.since_null));
        let mut k = 4;
        while k <= window {
            let earlier = if k <= ply {
                self.path[ply - k]
            } else {
                match self.before_root.get(k - ply - 1) {
                    Some(&h) => h,
                    None => return false,
                }
            };
            if earlier == hash {
                return true;
            }
            k += 2;
        }
        false
    }
}

/// Neither side has mating material (bare kings, or a lone minor piece).
pub fn insufficient_material(node: &Node) -> bool {
    let b = &node.board;
    let heavy = b.pieces(Piece::Pawn) | b.pieces(Piece::Rook) | b.pieces(Piece::Queen);
    heavy.is_empty() && (b.pieces(Piece::Knight) | b.pieces(Piece::Bishop)).len() <= 1
}

/// Whether `mv` checks the enemy king, directly or by uncovering a slider (castling and the
/// pawn an en-passant capture removes are not looked at: both checks are rare).
pub fn gives_check(b: &Board, mv: Move) -> bool {
    let us = b.side_to_move();
    let Some(moved) = b.piece_on(mv.from) else {
        return false;
    };
    if moved == Piece::King && b.colors(us).has(mv.to) {
        return false;
    }
    let piece = mv.promotion.unwrap_or(moved);
    let king = b.king(!us);
    let occ = (b.occupied() & !mv.from.bitboard()) | mv.to.bitboard();
    let direct = match piece {
        Piece::Pawn => get_pawn_attacks(mv.to, us).has(king),
        Piece::Knight => get_knight_moves(mv.to).has(king),
        Piece::Bishop => get_bishop_moves(mv.to, occ).has(king),
        Piece::Rook => get_rook_moves(mv.to, occ).has(king),
        Piece::Queen => (get_bishop_moves(mv.to, occ) | get_rook_moves(mv.to, occ)).has(king),
        Piece::King => false,
    };
    if direct {
        return true;
    }
    let ours = b.colors(us) & !mv.from.bitboard();
    let queens = b.pieces(Piece::Queen);
    let diagonal = (b.pieces(Piece::Bishop) | queens) & ours;
    let straight = (b.pieces(Piece::Rook) | queens) & ours;
    !(get_bishop_moves(king, occ) & diagonal).is_empty()
        || !(get_rook_moves(king, occ) & straight).is_empty()
}

/// The value of the piece a move takes (a pawn for en passant), for ordering.
#[inline]
fn victim(node: &Node, mv: Move) -> i32 {
    node.board.piece_on(mv.to).map_or(see::SEE_PAWN, see::value)
}

impl Hooks<Node> for ChessHooks {
    fn bounds(&self) -> (Score, Score) {
        (-MATE, MATE)
    }

    fn terminal(&mut self, node: &Node, ply: u32) -> Option<Score> {
        let p = ply as usize;
        let hash = node.board.hash();
        self.path[p] = hash;
        if node.board.halfmove_clock() >= 100 {
            // Checkmate on the hundredth half-move still counts.
            if node.in_check() && !node.board.generate_moves(|_| true) {
                return Some(-MATE + ply as Score);
            }
            return Some(0);
        }
        if self.repeated(node, p, hash) || insufficient_material(node) {
            return Some(0);
        }
        None
    }

    fn generate(&mut self, node: &Node, out: &mut Vec<Move>) {
        node.board.generate_moves(|pm| {
            out.extend(pm);
            false
        });
    }

    fn no_moves(&mut self, node: &Node, ply: u32) -> Score {
        if node.in_check() {
            -MATE + ply as Score
        } else {
            0
        }
    }

    fn evaluate(&mut self, node: &Node, _ply: u32) -> Score {
        let white = self.evals.white(&node.board);
        let own = if node.board.side_to_move() == Color::White {
            white
        } else {
            -white
        };
        own.clamp(-EVAL_LIMIT, EVAL_LIMIT)
    }

    fn extension(&mut self, node: &Node, _moves: &[Move], _ply: u32) -> i32 {
        i32::from(node.in_check())
    }

    fn in_check(&mut self, node: &Node) -> bool {
        node.in_check()
    }

    fn null_move(&mut self, node: &Node, _ply: u32) -> Option<Node> {
        if node.since_null == 0 {
            return None;
        }
        let b = &node.board;
        let us = b.colors(b.side_to_move());
        let pieces = us & !(b.pieces(Piece::Pawn) | b.pieces(Piece::King));
        if pieces.is_empty() {
            return None; // king and pawns: zugzwang is common
        }
        b.null_move().map(|board| Node {
            board,
            since_null: 0,
        })
    }

    fn quiescence_moves(&mut self, node: &Node, _ply: u32, out: &mut Vec<Move>) -> Option<bool> {
        let b = &node.board;
        if node.in_check() {
            self.generate(node, out);
            return Some(false);
        }
        let them = b.colors(!b.side_to_move());
        let ep = b.en_passant().is_some();
        b.generate_moves(|mut pm| {
            if pm.piece == Piece::Pawn {
                let promo_rank = if b.side_to_move() == Color::White {
                    cozy_chess::Rank::Eighth
                } else {
                    cozy_chess::Rank::First
                }
                .bitboard();
                if !ep {
                    pm.to &= them | promo_rank;
                }
                for mv in pm {
                    if mv.promotion.is_some_and(|p| p != Piece::Queen) {
                        continue;
                    }
                    if (is_capture(b, mv) || mv.promotion.is_some()) && see::see_at_least(b, mv, 0)
                    {
                        out.push(mv);
                    }
                }
            } else {
                pm.to &= them;
                for mv in pm {
                    if see::see_at_least(b, mv, 0) {
                        out.push(mv);
                    }
                }
            }
            false
        });
        Some(true)
    }

    /// Captures, queen promotions and checks: never reduced or pruned as quiet moves.
    fn is_noisy(&mut self, node: &Node, mv: Move) -> bool {
        mv.promotion == Some(Piece::Queen)
            || is_capture(&node.board, mv)
            || gives_check(&node.board, mv)
    }

    fn exchange_at_least(&mut self, node: &Node, mv: Move, threshold: Score) -> bool {
        see::see_at_least(&node.board, mv, threshold)
    }

    fn wins_by_distance(&self) -> Option<WinsByDistance> {
        Some(WinsByDistance {
            win: MATE,
            decisive: MATE_BOUND,
        })
    }

    fn order(&mut self, node: &Node, mv: Move) -> i32 {
        let b = &node.board;
        if let Some(p) = mv.promotion
            && p != Piece::Queen
        {
            return UNDER_PROMOTION;
        }
        if is_capture(b, mv) || mv.promotion.is_some() {
            let attacker = b.piece_on(mv.from).map_or(0, |p| p as i32);
            let gain = victim(node, mv) * 16 - attacker;
            if see::see_at_least(b, mv, 0) {
                GOOD_CAPTURE + gain
            } else {
                BAD_CAPTURE + gain
            }
        } else {
            0
        }
    }

    fn history_slot(&self, node: &Node, mv: Move) -> Option<usize> {
        let side = node.board.side_to_move() as usize;
        Some(side * 4096 + mv.from as usize * 64 + mv.to as usize)
    }

    /// The moving piece, its colour and the target square: a reply remembers what was done.
    fn continuation_slot(&self, node: &Node, mv: Move) -> Option<usize> {
        let b = &node.board;
        let piece = b.piece_on(mv.from)? as usize;
        Some((b.side_to_move() as usize * 6 + piece) * 64 + mv.to as usize)
    }

    /// Tighter than the default by one on the winning side: a mate is scored at the mated
    /// side's node, so the side to move can at best mate one ply further on.
    fn ply_bounds(&self, ply: u32) -> Option<(Score, Score)> {
        Some((-MATE + ply as Score, MATE - ply as Score - 1))
    }
}

#[cfg(test)]
mod tests {
    use cozy_chess::Board;
    use olympiad_core::SplitMix64;
    use olympiad_search::Hooks;

    use super::{ChessHooks, EVAL_CACHE_ENTRIES, EVAL_LIMIT};
    use crate::engine::eval;
    use crate::engine::node::Node;

    /// Positions of random games, many more than the cache holds, so entries are replaced
    /// and looked up again after other positions took their slots.
    fn random_boards(n: usize, seed: u64) -> Vec<Board> {
        let mut rng = SplitMix64::new(seed);
        let mut out = Vec::with_capacity(n);
        let mut board = Board::default();
        while out.len() < n {
            let mut moves = Vec::new();
            board.generate_moves(|pm| {
                moves.extend(pm);
                false
            });
            if moves.is_empty() || board.halfmove_clock() >= 100 {
                board = Board::default();
                continue;
            }
            let mv = moves[(rng.next_u64() % moves.len() as u64) as usize];
            board.play_unchecked(mv);
            out.push(board.clone());
        }
        out
    }

    #[test]
    fn the_cached_evaluation_is_the_evaluation() {
        let boards = random_boards(EVAL_CACHE_ENTRIES * 2, 7);
        let mut hooks = ChessHooks::default();
        for pass in 0..2 {
            for (i, b) in boards.iter().enumerate() {
                let node = Node::new(b.clone());
                let want = eval::evaluate(b).clamp(-EVAL_LIMIT, EVAL_LIMIT);
                assert_eq!(
                    hooks.evaluate(&node, 0),
                    want,
                    "pass {pass}, position {i}: {b}"
                );
            }
        }
    }
}
