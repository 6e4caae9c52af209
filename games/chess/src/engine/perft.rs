//! Perft on the engine's own node type: the number of leaf positions of the legal-move tree
//! to a depth, counted in bulk at the last ply. It checks the move generation the search
//! sees (the rules crate has its own perft on `Position`) and is the search's move-generation
//! speed test.

use cozy_chess::Board;

/// Leaf positions `depth` plies below `board`.
pub fn perft(board: &Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    if depth == 1 {
        board.generate_moves(|pm| {
            nodes += pm.len() as u64;
            false
        });
        return nodes;
    }
    board.generate_moves(|pm| {
        for mv in pm {
            let mut child = board.clone();
            child.play_unchecked(mv);
            nodes += perft(&child, depth - 1);
        }
        false
    });
    nodes
}

/// Perft of every root move, as `(move, count)` (castling written king-takes-rook, as
/// cozy-chess does).
pub fn divide(board: &Board, depth: u32) -> Vec<(cozy_chess::Move, u64)> {
    let mut out = Vec::new();
    board.generate_moves(|pm| {
        for mv in pm {
            let mut child = board.clone();
            child.play_unchecked(mv);
            out.push((mv, perft(&child, depth.saturating_sub(1))));
        }
        false
    });
    out
}
