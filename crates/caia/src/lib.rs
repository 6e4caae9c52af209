//! Caia, the CodeCup competition hub, made compatible: managers, referees and players written
//! for Caia, in any language, run under our hub unchanged, and our games can be refereed for
//! anyone's Caia manager.
//!
//! - [`hub`]: `caiaio` itself: starts the manager, obeys `I` commands (locks, the player
//!   table, starts and kills, listens with clocks, times), routes every other line by its
//!   first word, and leaves no process behind;
//! - [`client`]: the other side of the pipes, for programs that talk to a hub;
//! - [`referee`]: the Caia referee for every game of the catalog, in the dialogue its row
//!   chooses: the two-seat one (`Start`, `X` to stop, half points reported) or the table one
//!   of Rolit (numbers first, every move to every other player, `0` to stop, ball counts);
//! - [`manager`]: a Caia competition manager (every player against every other in every
//!   seat; for n seats, every n-player subset with the seats rotated).
//!
//! Every line between the hub and its manager and referee is a value, parsed once, in
//! [`olympiad_protocol::caia_hub`] (the special `I listen` answers too):
//!
//! ```
//! use olympiad_protocol::caia_hub::{parse_line, Command, Route, Special};
//!
//! assert_eq!(parse_line("I listen 2"), Ok(Route::Command(Command::Listen(2))));
//! assert_eq!(parse_line("2 b2-c4"), Ok(Route::ToPlayer(2, "b2-c4")));
//! assert_eq!(Special::parse("<caiaio:_player_timeout>"), Some(Special::Timeout));
//! ```

pub mod client;
pub mod hub;
pub mod manager;
pub mod referee;

pub use hub::{HubConfig, HubError, SessionEnd};
