//! Watching games as they are played: the referee reports every game's start, each move and
//! its end to a [`Watch`], so that a live viewer (server-sent events of every game of a
//! running tournament) plugs in here and never into the referee's loop.
//!
//! The events are plain data (texts, numbers and the finished [`GameRecord`]): a watcher
//! rebuilds any position it wants to draw from the start text and the move texts (the
//! catalog's `find_game(game)?.from_text(start)`, then `play` each move), and an executor
//! running games on other machines can forward the events as they are.
//!
//! The events of one game arrive in order, from the thread that plays it: one `started`,
//! one `moved` per move of the record in the record's order, one `ended`. Games played at
//! the same time call the same watch from their own threads, so their events interleave;
//! the game's index (the record's `index`) tells them apart.

use crate::referee::{GameRecord, MoveRecord, RefereeConfig};

/// What a watcher learns when a game starts.
#[derive(Clone, Copy, Debug)]
pub struct Started<'a> {
    /// The game's number in its match or tournament (its record's `index`).
    pub index: u64,
    /// The catalog name of the game (the record's `game`: `rolit(players=3)` for a variant).
    pub game: &'a str,
    /// The players' names by seat (seat 0 moves first).
    pub players: &'a [String],
    /// The start position's text (the record's `start`).
    pub start: &'a str,
    /// The clocks and adjudication the game is played with.
    pub config: &'a RefereeConfig,
}

/// Receives the events of games as they are played. Every method is provided and does
/// nothing, so a watcher implements only what it shows. The referee calls these from the
/// thread playing the game, between moves: a slow watcher slows that game down, though it
/// is charged to no clock (a clock runs from a request to its reply).
pub trait Watch: Send + Sync {
    /// A game starts: its players are seated, no move is played yet.
    fn started(&self, game: &Started<'_>) {
        let _ = game;
    }

    /// Game `index` has its move number `ply` (0-based: its place in the record's moves):
    /// the mover's seat, the move's text, the time charged and the time left on the mover's
    /// clock, exactly as the record will hold it.
    fn moved(&self, index: u64, ply: usize, mv: &MoveRecord) {
        let _ = (index, ply, mv);
    }

    /// A game ended: its complete record (result, termination, final position, clocks),
    /// the same record its match or tournament receives.
    fn ended(&self, record: &GameRecord) {
        let _ = record;
    }
}

/// The watch where nobody watches.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoWatch;

impl Watch for NoWatch {}
