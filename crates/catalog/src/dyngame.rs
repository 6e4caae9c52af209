//! [`DynGame`]: a game seen only through text (legal moves as text, play a move's text,
//! outcome, position text), object safe, so that the referee and the viewer can hold any
//! game of the workspace behind one `Box<dyn DynGame>`.

use olympiad_core::{Describe, Notation, Outcome, OwnScore, Picture, Seat};
use std::fmt;
use thiserror::Error;

/// Why a move text could not be played.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PlayError {
    /// Not a move in the game's notation.
    #[error("{0}")]
    Syntax(String),
    /// A well-formed move that is not legal here.
    #[error("illegal move '{0}'")]
    Illegal(String),
    /// The game is over.
    #[error("move '{0}' given but the game is over")]
    GameOver(String),
}

/// A game as text. Every method is checked: nothing a program writes can corrupt it.
pub trait DynGame: Send + Sync + fmt::Debug {
    /// The catalog name of the game.
    fn name(&self) -> &'static str;
    /// Seats at the table.
    fn num_players(&self) -> usize;
    /// The seat to move.
    fn to_move(&self) -> Seat;
    /// The legal moves in canonical notation; empty exactly when the game is over.
    fn legal_moves(&self) -> Vec<String>;
    /// Plays a move given as text after checking it; returns its canonical text.
    fn play(&mut self, text: &str) -> Result<String, PlayError>;
    /// `Some` exactly when the game is over.
    fn outcome(&self) -> Option<Outcome>;
    /// The whole position as text (the game's position notation).
    fn position_text(&self) -> String;
    /// The text of the position the game started from.
    fn start_text(&self) -> &str;
    /// The moves played since the start, in canonical notation.
    fn moves(&self) -> &[String];
    /// The name of a seat as the game's players say it ("White", "player 3").
    fn seat_name(&self, seat: Seat) -> String;
    /// The board as a model for text, HTML and SVG, if the game draws one.
    fn picture(&self) -> Option<Picture>;
    /// The board drawn for a terminal.
    fn board_text(&self) -> String;
    /// The game's own score of the position (balls, discs), if it counts one.
    fn own_score(&self) -> Option<OwnScore>;
    /// A copy.
    fn clone_box(&self) -> Box<dyn DynGame>;
}

impl Clone for Box<dyn DynGame> {
    fn clone(&self) -> Self {
        self.clone_box()
    }
}

/// Any `Notation` game as a [`DynGame`], with the way it came: its start text and moves.
#[derive(Clone, Debug)]
pub struct TextGame<G> {
    name: &'static str,
    position: G,
    start: String,
    moves: Vec<String>,
}

impl<G: Notation> TextGame<G> {
    /// Wraps `position`, the start of a game, under the catalog name `name`.
    pub fn new(name: &'static str, position: G) -> Self {
        Self {
            name,
            start: position.position_text(),
            position,
            moves: Vec::new(),
        }
    }
}

impl<G> TextGame<G> {
    /// The position.
    pub fn position(&self) -> &G {
        &self.position
    }
}

impl<G: Notation + Describe + 'static> DynGame for TextGame<G> {
    fn name(&self) -> &'static str {
        self.name
    }

    fn num_players(&self) -> usize {
        self.position.num_players()
    }

    fn to_move(&self) -> Seat {
        self.position.to_move()
    }

    fn legal_moves(&self) -> Vec<String> {
        self.position.legal_move_texts()
    }

    fn play(&mut self, text: &str) -> Result<String, PlayError> {
        let mv = self
            .position
            .parse_move(text)
            .map_err(|e| PlayError::Syntax(e.to_string()))?;
        if self.position.outcome().is_some() {
            return Err(PlayError::GameOver(text.to_string()));
        }
        if !self.position.is_legal(mv) {
            return Err(PlayError::Illegal(text.to_string()));
        }
        let canonical = self.position.format_move(mv);
        self.position.play(mv);
        self.moves.push(canonical.clone());
        Ok(canonical)
    }

    fn outcome(&self) -> Option<Outcome> {
        self.position.outcome()
    }

    fn position_text(&self) -> String {
        self.position.position_text()
    }

    fn start_text(&self) -> &str {
        &self.start
    }

    fn moves(&self) -> &[String] {
        &self.moves
    }

    fn seat_name(&self, seat: Seat) -> String {
        self.position.seat_name(seat)
    }

    fn picture(&self) -> Option<Picture> {
        self.position.picture()
    }

    fn board_text(&self) -> String {
        self.position.board_text()
    }

    fn own_score(&self) -> Option<OwnScore> {
        self.position.own_score()
    }

    fn clone_box(&self) -> Box<dyn DynGame> {
        Box::new(self.clone())
    }
}
