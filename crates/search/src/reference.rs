//! The slow twin of the search: plain full-width negamax with the same hooks, no pruning, no
//! table, no ordering. The tests compare alpha-beta, PVS and MTD(f) (with and without the
//! table, killers and history) against it; nothing else should use it.

use olympiad_core::Game;

use crate::hooks::{Hooks, Score};
use crate::{MAX_EXTENSION_PER_NODE, MAX_PLY};

/// The plain reference: full-width minimax (negamax) to `depth` plies using the same hooks
/// and the same rules as the search (terminal first at every non-root node, quiescence at the
/// horizon when [`Hooks::quiescence`] is on, extensions clamped the same way, an evaluation
/// at [`MAX_PLY`]). For tests: it visits every node.
pub fn minimax<G: Game, H: Hooks<G>>(pos: &G, hooks: &mut H, depth: u32) -> Score {
    node(pos, hooks, depth as i32, 0, depth)
}

fn node<G: Game, H: Hooks<G>>(
    pos: &G,
    hooks: &mut H,
    mut depth: i32,
    ply: u32,
    root: u32,
) -> Score {
    if ply > 0
        && let Some(score) = hooks.terminal(pos, ply)
    {
        return score;
    }
    let horizon_extended = depth <= 0 && horizon_extension(hooks, pos, ply, root);
    if horizon_extended {
        depth = 1;
    } else if depth <= 0 {
        return quiesce(pos, hooks, ply);
    }
    if ply >= MAX_PLY {
        return hooks.evaluate(pos, ply);
    }
    let mut moves = Vec::new();
    hooks.generate(pos, &mut moves);
    if moves.is_empty() {
        return hooks.no_moves(pos, ply);
    }
    let ext = if horizon_extended {
        0
    } else {
        extension(hooks, pos, &moves, ply, root)
    };
    let child_depth = depth - 1 + ext;
    let mut best = Score::MIN;
    for mv in moves {
        best = best.max(-node(&pos.after(mv), hooks, child_depth, ply + 1, root));
    }
    best
}

fn quiesce<G: Game, H: Hooks<G>>(pos: &G, hooks: &mut H, ply: u32) -> Score {
    if !hooks.quiescence() || ply >= MAX_PLY {
        return hooks.evaluate(pos, ply);
    }
    let mut moves = Vec::new();
    let mut best = match hooks.quiescence_moves(pos, ply, &mut moves) {
        None => {
            hooks.generate(pos, &mut moves);
            if moves.is_empty() {
                return hooks.no_moves(pos, ply);
            }
            moves.retain(|&mv| hooks.is_noisy(pos, mv));
            hooks.evaluate(pos, ply)
        }
        Some(true) => hooks.evaluate(pos, ply),
        Some(false) if moves.is_empty() => return hooks.no_moves(pos, ply),
        Some(false) => Score::MIN,
    };
    for mv in moves {
        let child = pos.after(mv);
        let score = match hooks.terminal(&child, ply + 1) {
            Some(s) => s,
            None => quiesce(&child, hooks, ply + 1),
        };
        best = best.max(-score);
    }
    best
}

/// The extension the search applies at an interior node: the hook's answer clamped to
/// `0..=MAX_EXTENSION_PER_NODE`, and none at all (the hook is not even asked) once
/// `ply >= 2 * root_depth`.
pub(crate) fn extension<G: Game, H: Hooks<G>>(
    hooks: &mut H,
    pos: &G,
    moves: &[G::Move],
    ply: u32,
    root_depth: u32,
) -> i32 {
    if ply >= 2 * root_depth {
        return 0;
    }
    hooks
        .extension(pos, moves, ply)
        .clamp(0, MAX_EXTENSION_PER_NODE)
}

/// Whether the horizon node at `ply` is searched one more ply: the hook's answer, asked only
/// while `ply < 2 * root_depth` (the same cap as the extensions).
pub(crate) fn horizon_extension<G: Game, H: Hooks<G>>(
    hooks: &mut H,
    pos: &G,
    ply: u32,
    root_depth: u32,
) -> bool {
    ply < 2 * root_depth && ply < MAX_PLY && hooks.extend_horizon(pos, ply)
}
