//! Rule options that change the move list or end the game: whether a king's captures of the
//! same pieces along different paths count once, and an optional draw rule. They travel in
//! the position, so perft, the conformance suite and the CLI see them without extra plumbing.

/// The largest draw-rule setting, in moves per side (the counter is a `u8` of plies).
pub const MAX_DRAW_MOVES: u8 = 127;

/// The rule options of a game. The default is the rules of the published perft tables:
/// duplicate captures counted per path, no draw rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Rules {
    /// When a king can take the same pieces along different paths (round a ring of pieces,
    /// one way or the other), list the capture once (the first path found) instead of once
    /// per path. Tournament rules treat these as one move; the perft tables count each path.
    pub merge_duplicate_captures: bool,
    /// The game is drawn after this many moves by each side without a capture or a man's
    /// move (0 = no draw rule; at most [`MAX_DRAW_MOVES`]). The usual setting is 40.
    pub draw_moves: u8,
}

impl Rules {
    /// The rules of the published perft counts.
    pub const PERFT: Rules = Rules {
        merge_duplicate_captures: false,
        draw_moves: 0,
    };

    /// Duplicate captures merged and the usual 40-move draw rule.
    pub const TOURNAMENT: Rules = Rules {
        merge_duplicate_captures: true,
        draw_moves: 40,
    };
}
