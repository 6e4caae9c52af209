//! The game side of a player program, for `olympiad_protocol`'s `serve`: [`Served`] keeps
//! the game (seats, turn, end, the referee's moves checked and played) and asks a [`Mover`]
//! only for this seat's moves, so a player program writes its choice and nothing else.

use crate::DynGame;
use olympiad_protocol::Responder;

/// What a player program adds to the game: its own moves.
pub trait Mover {
    /// The referee's move was just played on `game`. Default: nothing to note.
    fn heard(&mut self, game: &dyn DynGame) {
        let _ = game;
    }
    /// This seat's move in `game` (not over), in the game's notation.
    fn choose(&mut self, game: &dyn DynGame) -> Result<String, String>;
}

/// A game and a [`Mover`] as a protocol's [`Responder`].
#[derive(Debug)]
pub struct Served<M> {
    /// The game as it stands.
    pub game: Box<dyn DynGame>,
    /// Who chooses this seat's moves.
    pub mover: M,
}

impl<M: Mover> Responder for Served<M> {
    fn seats(&self) -> usize {
        self.game.num_players()
    }

    fn to_move(&self) -> usize {
        self.game.to_move().index()
    }

    fn is_over(&self) -> bool {
        self.game.outcome().is_some()
    }

    fn opponent_moved(&mut self, mv: &str) -> Result<(), String> {
        let ply = self.game.moves().len() + 1;
        self.game
            .play(mv)
            .map_err(|e| format!("the referee's move '{mv}' at ply {ply}: {e}"))?;
        self.mover.heard(&*self.game);
        Ok(())
    }

    fn choose(&mut self) -> Result<String, String> {
        let mv = self.mover.choose(&*self.game)?;
        self.game
            .play(&mv)
            .map_err(|e| format!("our own move '{mv}': {e}"))
    }
}
