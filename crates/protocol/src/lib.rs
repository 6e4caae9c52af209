//! Line protocols between a referee and the player programs, with no game knowledge: each
//! line is parsed once, at the edge, into an enum, and the rest of the code matches on that.
//!
//! Only the CodeCup dialogue exists so far ([`codecup`]): two players, `start` for the first
//! mover, then one move per line each way, and `end` when the game is over.
//!
//! ```
//! use olympiad_protocol::codecup::{ToPlayer, parse_reply};
//!
//! assert_eq!(ToPlayer::parse("start"), Ok(ToPlayer::Start));
//! assert_eq!(ToPlayer::Move("b2-c4".into()).line(), "b2-c4");
//! assert_eq!(parse_reply("b2-c4\r"), Ok("b2-c4"));
//! assert!(parse_reply("b2-c4 e5-c5").is_err());
//! ```

pub mod codecup;
