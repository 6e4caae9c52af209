//! Line protocols between a referee and player programs, with no game knowledge: each
//! protocol is one file behind one trait for each side.
//!
//! - The referee's side is a [`Dialogue`]: what to write when a game opens, when a move is
//!   requested (given the clocks and the whole game so far), when another seat moved, when
//!   the game stopped early or ended; and how to read a line the program wrote
//!   ([`ReplyLine`]: a move, information, a line to ignore, or garbage).
//! - The player's side is [`serve`]: it runs a protocol over stdin/stdout for any
//!   [`Responder`] (the game and engine side, which the protocol never sees inside).
//!
//! [`PROTOCOLS`] is the table of protocols; a player spec or `olympiad play --protocol`
//! names one. Today: [`codecup`] (two seats: `start` or the opponent's move in, a move out,
//! `end`), [`caia`] (Caia's seat dialogue for any number of seats: your number first,
//! every other seat's move, `0` to stop), and the chess engines' protocols [`uci`] and
//! [`cecp`] (xboard), whose programs first shake hands ([`Dialogue::handshake`]), take
//! options ([`Dialogue::configure`]), are told both clocks, and report their search
//! ([`Thinking`]). Their player's side serves a [`Thinker`]: an engine that is given the
//! whole game, searches under a clock and can be stopped. [`gtp`] (the Go Text Protocol)
//! is one too: the game's parameters set in its handshake ([`Dialogue::parameters`]),
//! every command answered, an error answer a [`ReplyLine::Refused`]; [`htp`] is its Hex
//! dialect (MoHex, HexGui), with the swap as benzene represents it.
//!
//! [`caia_hub`] is not a seat dialogue: it is the line protocol between Caia's hub
//! (`caiaio`) and the manager and referee it runs (`I` commands, routing by first word, the
//! special answers of `I listen`), parsed once for the hub and for the programs that talk to
//! it.
//!
//! ```
//! use olympiad_protocol::{ReplyLine, Request, dialogue};
//!
//! let mut codecup = dialogue("codecup").unwrap();
//! assert!(codecup.open(0, 2).is_empty());
//! assert_eq!(codecup.request(&Request::after(None)), ["start"]);
//! assert_eq!(codecup.read("b2-c4\r"), ReplyLine::Move("b2-c4".into()));
//! assert!(matches!(codecup.read("b2-c4 e5-c5"), ReplyLine::Garbled(_)));
//!
//! let mut caia = dialogue("caia").unwrap();
//! assert_eq!(caia.open(2, 4), ["3"]);
//! assert_eq!(caia.stopped(), ["0"]);
//! ```

pub mod board;
pub mod caia;
pub mod caia_hub;
pub mod cecp;
pub mod codecup;
pub mod connect6;
pub mod dxp;
mod engine_io;
pub mod gtp;
pub mod htp;
pub mod hub;
mod thinker;
pub mod uci;

pub use thinker::{EngineOption, EngineScore, Go, OptionKind, Thinker, Thinking};

/// The variant name of Chess960 in [`Dialogue::variant`] and the catalog's rows.
pub const CHESS960: &str = "chess960";

use std::io::{BufRead, Write};
use std::time::Duration;
use thiserror::Error;

/// What the referee knows when it asks a program for a move.
#[derive(Clone, Copy, Debug)]
pub struct Request<'a> {
    /// The move just played by the seat before, if any (`None`: this seat opens the game).
    pub last: Option<&'a str>,
    /// Every move of the game so far, in the game's notation.
    pub moves: &'a [String],
    /// The text of the position the game started from.
    pub start: &'a str,
    /// The text of the position now, after `moves` (empty when the referee does not
    /// give it): what a protocol that sets the board at every move (Hub) writes.
    pub position: &'a str,
    /// Time left on this seat's clock.
    pub left: Duration,
    /// Time added after each move.
    pub increment: Duration,
    /// The most one move may take, if there is a cap.
    pub move_cap: Option<Duration>,
    /// Time left on every seat's clock, by seat (empty when the referee keeps no clock).
    pub clocks: &'a [Duration],
    /// This seat's moves until its clock is filled again (repeating time controls such as
    /// 40 moves in 5 minutes); `None` for sudden death.
    pub moves_to_go: Option<u32>,
}

impl<'a> Request<'a> {
    /// A request knowing only the last move (`None`: this seat opens the game), with no
    /// clock and no game record: what the CodeCup and Caia dialogues need.
    pub fn after(last: Option<&'a str>) -> Self {
        Request {
            last,
            moves: &[],
            start: "",
            position: "",
            left: Duration::ZERO,
            increment: Duration::ZERO,
            move_cap: None,
            clocks: &[],
            moves_to_go: None,
        }
    }
}

/// A line a program wrote, as its protocol reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReplyLine {
    /// Its move (syntax of the protocol only: whether it is a move of the game is the
    /// referee's business).
    Move(String),
    /// Information for people, kept but not a move.
    Info(String),
    /// A search report, parsed once (the engine protocols' `info` and thinking lines).
    Thinking(Thinking),
    /// The program gives the game up (CECP's `resign`).
    Resign,
    /// The program answered a command with an error (GTP's `? illegal move` to a `play`,
    /// `?` to `genmove`): what it refused and its own words. A fault: it can no longer
    /// play this game.
    Refused(String),
    /// A line the protocol allows and that means nothing here.
    Ignore,
    /// Not a line of the protocol: what is wrong with it.
    Garbled(String),
}

/// What the referee heard from a program while shaking hands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Heard<'a> {
    /// The program was just started: nothing heard yet.
    Started,
    /// A line it wrote.
    Line(&'a str),
    /// It stayed silent for the patience the last [`Handshake::Await`] asked for.
    Silence,
}

/// The next step of a handshake.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Handshake {
    /// Write these lines, then wait for the next line (or, after `patience`, for
    /// [`Heard::Silence`]; `None`: until the referee's start-up limit).
    Await {
        /// Lines to write.
        write: Vec<String>,
        /// How long silence may last before it is an answer of its own.
        patience: Option<Duration>,
    },
    /// Write these lines: the program is ready.
    Done(Vec<String>),
    /// The program broke the protocol: why.
    Failed(String),
}

/// The referee's side of a protocol for one program in one game. Each method returns the
/// lines to write to the program, in order (often none).
pub trait Dialogue: Send + std::fmt::Debug {
    /// The protocol's name in player specs.
    fn name(&self) -> &'static str;
    /// Options from the players file (`Hash = 64`), checked and kept for the handshake.
    /// Default: the protocol takes none, so any option is refused.
    fn configure(&mut self, options: &[(String, String)]) -> Result<(), String> {
        match options.first() {
            None => Ok(()),
            Some((key, _)) => Err(format!(
                "the {} protocol takes no options (given '{key}')",
                self.name()
            )),
        }
    }
    /// The variant of the game to play, in the protocol's own name (`chess960`), set before
    /// the handshake; the handshake fails when the program cannot play it. Default: the
    /// protocol has no variants, and asking for one is an error.
    fn variant(&mut self, name: &str) -> Result<(), String> {
        Err(format!(
            "the {} protocol has no variant '{name}'",
            self.name()
        ))
    }
    /// The game to play, by its name in the catalog (`draughts`, `checkers`), told before
    /// the handshake: a protocol that serves several games on boards of their own (Hub on
    /// 50 or 32 squares) learns which here, and refuses a game it cannot write. Default:
    /// programs of the protocol are started for their game, so it is not told.
    fn game(&mut self, name: &str) -> Result<(), String> {
        let _ = name;
        Ok(())
    }
    /// The game's parameters as the catalog names them, values as text (`size` = `9`,
    /// `komi` = `7.5`), set before the handshake: a protocol that can tell a program of
    /// them does so in its handshake (GTP's `boardsize`, `komi`); a value it cannot tell is
    /// an error. Default: the protocol has no way to tell them (a program is started for
    /// its game; [`Dialogue::variant`] covers chess960), so they are not told.
    fn parameters(&mut self, parameters: &[(&str, String)]) -> Result<(), String> {
        let _ = parameters;
        Ok(())
    }
    /// The program was just started (`heard` is [`Heard::Started`]) or answered: what to
    /// do next. Called until it returns [`Handshake::Done`] or [`Handshake::Failed`].
    /// Default: nothing to say, ready at once.
    fn handshake(&mut self, heard: Heard<'_>) -> Handshake {
        let _ = heard;
        Handshake::Done(Vec::new())
    }
    /// The game opens with this program in `seat` (from 0) of `seats`.
    fn open(&mut self, seat: usize, seats: usize) -> Vec<String>;
    /// Asks for a move.
    fn request(&mut self, request: &Request<'_>) -> Vec<String>;
    /// Another seat played `mv`, and this program is not the next to move (or the game is
    /// over).
    fn inform(&mut self, mv: &str) -> Vec<String>;
    /// Reads one line the program wrote while a move was due.
    fn read(&mut self, line: &str) -> ReplyLine;
    /// The game stopped before its end (another seat's fault, a move limit).
    fn stopped(&mut self) -> Vec<String>;
    /// The game ended with these half points by seat, for `reason` (before
    /// [`Dialogue::close`]). Default: nothing to say.
    fn result(&mut self, half_points: &[u32], reason: &str) -> Vec<String> {
        let _ = (half_points, reason);
        Vec::new()
    }
    /// The game is over.
    fn close(&mut self) -> Vec<String>;
}

/// The game and engine side of a player program, for [`serve`]. Errors are texts: the
/// protocol only passes them on.
pub trait Responder {
    /// Seats at the table.
    fn seats(&self) -> usize;
    /// The seat to move (from 0).
    fn to_move(&self) -> usize;
    /// The game is over.
    fn is_over(&self) -> bool;
    /// Another seat played `mv` (checked here: the referee may be wrong).
    fn opponent_moved(&mut self, mv: &str) -> Result<(), String>;
    /// Chooses and plays our move; returns its text.
    fn choose(&mut self) -> Result<String, String>;
}

/// Why [`serve`] stopped with an error.
#[derive(Debug, Error)]
pub enum ServeError {
    /// Reading or writing failed.
    #[error("i/o: {0}")]
    Io(#[from] std::io::Error),
    /// The referee wrote a line that is not part of the dialogue.
    #[error("unreadable line from the referee: {0}")]
    Dialogue(String),
    /// The referee's first line does not give this player a seat.
    #[error("{0}")]
    Seat(String),
    /// The responder refused a move of the referee or could not choose one.
    #[error("{0}")]
    Responder(String),
}

/// How a served game ended without error.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ServeEnd {
    /// The protocol's end (`end`, the last move, `0`).
    Ended,
    /// The input ended first.
    Eof,
}

/// Runs one game of a protocol over `input` and `output` (flushed after every line).
pub type Serve =
    fn(&mut dyn BufRead, &mut dyn Write, &mut dyn Responder) -> Result<ServeEnd, ServeError>;

/// Runs an engine protocol over `input` and `output` for a [`Thinker`] until `quit` or
/// the end of the input. The input is read on a thread of its own, so that `stop` and
/// `isready` are heard while the engine searches.
pub type ServeEngine = fn(
    Box<dyn BufRead + Send>,
    Box<dyn Write + Send>,
    &mut dyn Thinker,
) -> Result<ServeEnd, ServeError>;

/// The player's side of a protocol: what the program is given.
#[derive(Clone, Copy, Debug)]
pub enum PlayerSide {
    /// A turn at a time, the game kept by a [`Responder`] (CodeCup, Caia).
    Turns(Serve),
    /// The whole game set by the referee, searched by a [`Thinker`] (UCI, CECP).
    Engine(ServeEngine),
}

/// One protocol: its name, what it is, its two sides.
#[derive(Debug)]
pub struct Protocol {
    /// The name in player specs (`caia:PROGRAM`) and `--protocol`.
    pub name: &'static str,
    /// One line about it.
    pub summary: &'static str,
    /// The referee's side for one program in one game.
    pub dialogue: fn() -> Box<dyn Dialogue>,
    /// The player's side.
    pub serve: PlayerSide,
    /// The longest line a program of this protocol may write, in bytes (an engine's
    /// search report carries its principal variation).
    pub max_line_bytes: usize,
    /// Which openings its programs can be given.
    pub openings: Openings,
    /// How its messages travel.
    pub transport: Transport,
}

/// How a protocol's messages travel between the referee and a program.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Transport {
    /// Lines on the program's standard input and output.
    Pipes,
    /// Messages ended by this byte on a TCP connection: the program listens, on the port
    /// its command line is given in place of [`PORT_PLACEHOLDER`] (or on `default_port`),
    /// and the referee connects (DXP).
    Tcp {
        /// The port such programs listen on unless told otherwise.
        default_port: u16,
        /// The byte that ends each message.
        terminator: u8,
    },
}

/// What a program's command line holds where the port it should listen on goes, for a
/// protocol over TCP (`dxp:scan-dxp --port {port}`).
pub const PORT_PLACEHOLDER: &str = "{port}";

/// The openings a protocol's programs can play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Openings {
    /// None: turn-by-turn programs see only the last move, so every game starts from the
    /// start position (CodeCup, Caia).
    None,
    /// Openings of moves: the whole game is told as moves from the game's usual start, and
    /// a start position cannot be told (GTP: every game begins on an empty board).
    Moves,
    /// Any opening: the start position and the moves are told (UCI, CECP).
    Positions,
}

/// Every protocol.
pub static PROTOCOLS: &[Protocol] = &[
    Protocol {
        name: "codecup",
        summary: "CodeCup: `start` or the opponent's move in, one move out, `end` (two seats)",
        dialogue: || Box::new(codecup::CodeCup),
        serve: PlayerSide::Turns(codecup::serve),
        max_line_bytes: codecup::MAX_REPLY_BYTES,
        openings: Openings::None,
        transport: Transport::Pipes,
    },
    Protocol {
        name: "caia",
        summary: "Caia seats: your number first, every other seat's move, `0` to stop (any \
                  number of seats)",
        dialogue: || Box::new(caia::CaiaSeats::default()),
        serve: PlayerSide::Turns(caia::serve),
        max_line_bytes: codecup::MAX_REPLY_BYTES,
        openings: Openings::None,
        transport: Transport::Pipes,
    },
    Protocol {
        name: "uci",
        summary: "UCI (chess engines): `uci`/`uciok`, options, `isready`, `position ... moves \
                  ...`, `go wtime btime winc binc`, `info` reports, `bestmove`",
        dialogue: || Box::new(uci::Uci::default()),
        serve: PlayerSide::Engine(uci::serve),
        max_line_bytes: uci::MAX_LINE_BYTES,
        openings: Openings::Positions,
        transport: Transport::Pipes,
    },
    Protocol {
        name: "cecp",
        summary: "CECP / xboard v2 (chess engines): `protover 2` features, `new`, `setboard`, \
                  `level`, `time`/`otim`, `usermove`, `go`, `move`, thinking output",
        dialogue: || Box::new(cecp::Cecp::default()),
        serve: PlayerSide::Engine(cecp::serve),
        max_line_bytes: uci::MAX_LINE_BYTES,
        openings: Openings::Positions,
        transport: Transport::Pipes,
    },
    Protocol {
        name: "gtp",
        summary: "GTP v2 (Go engines; Hex, Clobber, LOA dialects): `protocol_version`, \
                  `boardsize`, `komi`, `time_settings`, `play b D4`, `time_left`, \
                  `genmove w`, `=id` / `?id` answers ended by an empty line",
        dialogue: || Box::new(gtp::Gtp::default()),
        serve: PlayerSide::Engine(gtp::serve),
        max_line_bytes: gtp::MAX_LINE_BYTES,
        openings: Openings::Moves,
        transport: Transport::Pipes,
    },
    Protocol {
        name: "htp",
        summary: "HTP (Hex programs: MoHex, HexGui): GTP with `boardsize 11 11`, \
                  `param_game allow_swap 1`, cells a1..k11, `swap-pieces` (option swap = \
                  sides, benzene's, or mirror), `time_left b 30`, `final_score` B+/W+",
        dialogue: || Box::new(htp::Htp::default()),
        serve: PlayerSide::Engine(htp::serve),
        max_line_bytes: gtp::MAX_LINE_BYTES,
        openings: Openings::Moves,
        transport: Transport::Pipes,
    },
    Protocol {
        name: "connect6",
        summary: "Connect6 programs (Cloudict): `new black|white`, `black`/`white` stones and \
                  `next` for the game so far, `move XXXX` in and out (points as two letters \
                  A-S, column then row), other lines ignored",
        dialogue: || Box::new(connect6::Connect6::default()),
        serve: PlayerSide::Turns(connect6::serve),
        max_line_bytes: connect6::MAX_LINE_BYTES,
        openings: Openings::Moves,
        transport: Transport::Pipes,
    },
    Protocol {
        name: "hub",
        summary: "Hub (international draughts: Scan, the Hub GUI; checkers on 32 squares), \
                  versions 1 and 2 told apart by the engine's answer to `hub`: `init`/`ready`, \
                  the board at every move (`pos wbbb...e...www`), `level`, `go`, \
                  `move 28x19x23` or `done move=...` (a capture lists every piece taken)",
        dialogue: || Box::new(hub::Hub::default()),
        serve: PlayerSide::Engine(hub::serve),
        max_line_bytes: hub::MAX_LINE_BYTES,
        openings: Openings::Positions,
        transport: Transport::Pipes,
    },
    Protocol {
        name: "dxp",
        summary: "DXP, the DamExchange Protocol (international draughts: Kingsrow, Dam, Scan's \
                  dxp mode) over TCP, NUL-ended messages: GAMEREQ with the start position and \
                  minutes, GAMEACC, MOVE with every piece taken, GAMEEND; the program \
                  listens (`{port}` in its command line, default 27531), the arena connects",
        dialogue: || Box::new(dxp::Dxp::default()),
        serve: PlayerSide::Engine(dxp::serve),
        max_line_bytes: dxp::MAX_MESSAGE_BYTES,
        openings: Openings::Positions,
        transport: Transport::Tcp {
            default_port: dxp::DEFAULT_PORT,
            terminator: dxp::TERMINATOR,
        },
    },
];

/// No protocol of that name.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("unknown protocol '{name}' (known: {known})")]
pub struct UnknownProtocol {
    /// The name asked for.
    pub name: String,
    /// The known names.
    pub known: String,
}

/// The protocol named `name` (case-insensitive).
pub fn protocol(name: &str) -> Result<&'static Protocol, UnknownProtocol> {
    PROTOCOLS
        .iter()
        .find(|p| p.name.eq_ignore_ascii_case(name))
        .ok_or_else(|| UnknownProtocol {
            name: name.to_string(),
            known: PROTOCOLS
                .iter()
                .map(|p| p.name)
                .collect::<Vec<_>>()
                .join(", "),
        })
}

/// A fresh referee's side of the protocol named `name`.
pub fn dialogue(name: &str) -> Result<Box<dyn Dialogue>, UnknownProtocol> {
    protocol(name).map(|p| (p.dialogue)())
}

/// Reads one line without its end; `None` at the end of the input.
fn read_line(input: &mut dyn BufRead) -> Result<Option<String>, std::io::Error> {
    let mut line = String::new();
    if input.read_line(&mut line)? == 0 {
        return Ok(None);
    }
    Ok(Some(line.trim().to_string()))
}

/// Writes one line and flushes it.
fn write_line(output: &mut dyn Write, line: &str) -> Result<(), std::io::Error> {
    writeln!(output, "{line}")?;
    output.flush()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn protocols_are_found_by_name() {
        assert_eq!(protocol("CodeCup").unwrap().name, "codecup");
        assert_eq!(
            protocol("go").unwrap_err().to_string(),
            "unknown protocol 'go' (known: codecup, caia, uci, cecp, gtp, htp, connect6, hub, dxp)"
        );
    }
}
