//! The search's own node: a `cozy_chess::Board` and the plies since the last pass (null
//! move), nothing else, so that copying a node per move stays cheap and the search does not
//! depend on the rules crate's `Position`. Repetitions are the hooks' business
//! ([`super::hooks`]): they keep the path's hashes by ply.

use cozy_chess::{Board, Move};
use olympiad_core::{Game, Hashed, Outcome, Seat, TwoPlayerZeroSum};

/// A position in the search tree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    /// The board.
    pub board: Board,
    /// Plies since the last null move (`u16::MAX` when there was none): repetitions are not
    /// looked for across a pass.
    pub since_null: u16,
}

impl Node {
    /// The node of a real position (no pass before it).
    pub fn new(board: Board) -> Self {
        Self {
            board,
            since_null: u16::MAX,
        }
    }

    /// Whether the side to move is in check.
    #[inline]
    pub fn in_check(&self) -> bool {
        !self.board.checkers().is_empty()
    }
}

impl Game for Node {
    type Move = Move;
    type Moves = Vec<Move>;

    fn num_players(&self) -> usize {
        2
    }

    fn to_move(&self) -> Seat {
        Seat(self.board.side_to_move() as u8)
    }

    /// The board's legal moves (the fifty-move rule and repetitions are left to the hooks).
    fn legal_moves(&self) -> Vec<Move> {
        let mut out = Vec::with_capacity(48);
        self.board.generate_moves(|pm| {
            out.extend(pm);
            false
        });
        out
    }

    #[inline]
    fn play(&mut self, mv: Move) {
        self.board.play_unchecked(mv);
        self.since_null = self.since_null.saturating_add(1);
    }

    /// Checkmate or stalemate only.
    fn outcome(&self) -> Option<Outcome> {
        let any = self.board.generate_moves(|_| true);
        if any {
            None
        } else if self.in_check() {
            let loser = self.board.side_to_move() as u8;
            Some(Outcome::win(Seat(1 - loser), 2, "checkmate"))
        } else {
            Some(Outcome::draw(2, "stalemate"))
        }
    }
}

impl Hashed for Node {
    #[inline]
    fn zobrist(&self) -> u64 {
        self.board.hash()
    }

    fn zobrist_from_scratch(&self) -> u64 {
        self.board.hash()
    }
}

impl TwoPlayerZeroSum for Node {}
