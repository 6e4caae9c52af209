//! The explicit tables of what the arena can play: [`GAMES`] (every game in the workspace)
//! and [`ENGINES`] (every built-in engine), one row each; and [`DynGame`], any game as text,
//! so that the referee never sees a concrete type.
//!
//! Adding a game is one row in [`GAMES`] (the `game!` macro wraps any type implementing
//! `Notation`); adding an engine is one row in [`ENGINES`].
//!
//! ```
//! use olympiad_catalog::{find_engine, find_game, EngineContext, Options, ThinkTime};
//!
//! let caissa = find_game("caissa").unwrap();
//! let mut game = (caissa.start)();
//! assert_eq!(game.legal_moves().len(), 26);
//! game.play("b2-c4").unwrap();
//! assert!(game.play("b2-c4").is_err());
//!
//! let options = Options::parse("seed=7").unwrap();
//! let ctx = EngineContext { game: caissa, game_index: 0 };
//! let mut random = (find_engine("random").unwrap().create)(&ctx, &options).unwrap();
//! let mv = random.choose(&*game, &ThinkTime::default());
//! assert!(game.legal_moves().contains(&mv));
//! ```

mod caissa_engines;
mod dyngame;
mod engines;
mod rolit_engines;

pub use caissa_engines::CaissaEngine;
pub use dyngame::{DynGame, PlayError, TextGame};
pub use engines::{
    CreateEngine, ENGINES, Engine, EngineContext, EngineEntry, Options, RandomEngine, ThinkTime,
    find_engine,
};

use thiserror::Error;

/// One row of the game table.
#[derive(Debug)]
pub struct GameEntry {
    /// The name used on the command line.
    pub name: &'static str,
    /// One line about the game.
    pub summary: &'static str,
    /// Seats at the table.
    pub players: usize,
    /// The start position with the default rules.
    pub start: fn() -> Box<dyn DynGame>,
    /// A position from its text.
    pub from_text: fn(&str) -> Result<Box<dyn DynGame>, CatalogError>,
}

/// A row of [`GAMES`] for a type implementing `Notation`, given its start position.
macro_rules! game {
    ($name:literal, $summary:literal, $players:literal, $ty:ty, $start:expr) => {
        GameEntry {
            name: $name,
            summary: $summary,
            players: $players,
            start: || Box::new(TextGame::<$ty>::new($name, $start)),
            from_text: |text| {
                <$ty as olympiad_core::Notation>::parse_position(text)
                    .map(|g| Box::new(TextGame::<$ty>::new($name, g)) as Box<dyn DynGame>)
                    .map_err(|e| CatalogError::Position(e.to_string()))
            },
        }
    };
}

/// Every game, in the order lists show them.
pub static GAMES: &[GameEntry] = &[
    game!(
        "caissa",
        "Caïssa, the CodeCup 2003 game: chess-like, 7x7 tiles that sink away",
        2,
        olympiad_caissa::Position,
        olympiad_caissa::Position::start()
    ),
    game!(
        "rolit",
        "Rolit, the Caia example game: Othello for four",
        4,
        olympiad_rolit::Position,
        olympiad_rolit::Position::start()
    ),
    game!(
        "rolit3",
        "Rolit for three players (the fourth colour neutral)",
        3,
        olympiad_rolit::Position,
        olympiad_rolit::Position::start_with(3)
    ),
    game!(
        "rolit2",
        "Rolit for two players (two neutral colours)",
        2,
        olympiad_rolit::Position,
        olympiad_rolit::Position::start_with(2)
    ),
    game!(
        "checkers",
        "8x8 checkers (English draughts): compulsory captures, PDN notation",
        2,
        olympiad_checkers::Position,
        olympiad_checkers::Position::start()
    ),
    game!(
        "reversi",
        "8x8 reversi (Othello): passes are moves, most discs wins",
        2,
        olympiad_reversi::Position,
        olympiad_reversi::Position::start()
    ),
];

/// What the catalog could not find or build.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum CatalogError {
    /// No game of that name.
    #[error("unknown game '{name}' (known: {known})")]
    UnknownGame {
        /// The name asked for.
        name: String,
        /// The known names, comma-separated.
        known: String,
    },
    /// No engine of that name.
    #[error("unknown engine '{name}' (known: {known})")]
    UnknownEngine {
        /// The name asked for.
        name: String,
        /// The known names, comma-separated.
        known: String,
    },
    /// A bad `key=value` option list, or a key the engine does not take.
    #[error("{0}")]
    Option(String),
    /// A bad position text.
    #[error("bad position: {0}")]
    Position(String),
}

/// The game named `name` (case-insensitive).
pub fn find_game(name: &str) -> Result<&'static GameEntry, CatalogError> {
    GAMES
        .iter()
        .find(|g| g.name.eq_ignore_ascii_case(name))
        .ok_or_else(|| CatalogError::UnknownGame {
            name: name.to_string(),
            known: GAMES.iter().map(|g| g.name).collect::<Vec<_>>().join(", "),
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_plays_random_games_as_text() {
        for entry in GAMES {
            let mut rng = olympiad_core::SplitMix64::new(1);
            for _ in 0..20 {
                let mut g = (entry.start)();
                assert_eq!(g.num_players(), entry.players);
                let mut last = String::new();
                while g.outcome().is_none() {
                    let moves = g.legal_moves();
                    assert!(!moves.is_empty());
                    let text = g.position_text();
                    let again = (entry.from_text)(&text).unwrap();
                    assert_eq!(again.position_text(), text);
                    last = moves[rng.below(moves.len())].clone();
                    g.play(&last).unwrap();
                }
                assert!(g.legal_moves().is_empty());
                // A well-formed move after the end is refused as such.
                assert!(matches!(g.play(&last), Err(PlayError::GameOver(_))));
            }
        }
    }

    #[test]
    fn unknown_names_list_the_known_ones() {
        assert_eq!(find_game("CAISSA").unwrap().name, "caissa");
        let e = find_game("go").unwrap_err().to_string();
        assert_eq!(
            e,
            "unknown game 'go' (known: caissa, rolit, rolit3, rolit2, checkers, reversi)"
        );
    }
}
