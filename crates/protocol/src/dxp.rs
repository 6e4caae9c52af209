//! DXP, the DamExchange Protocol (version 1) of international draughts programs
//! (Kingsrow, Dam, Scan's `dxp` mode): two programs on one TCP connection exchange
//! messages of ASCII fields, each message ended by a NUL byte. The *initiator* starts each
//! game with a GAMEREQ, the *follower* accepts it with a GAMEACC, then MOVE messages
//! alternate until one side sends GAMEEND instead of a move and the other confirms with
//! one. The field widths are fixed ([`Message`] reads and writes every one):
//!
//! | message | fields (widths in characters) |
//! |---|---|
//! | `C` CHAT | text (1-126) |
//! | `R` GAMEREQ | version `01` (2), initiator name (32, blank-padded), follower's colour `W`/`Z` (1), thinking time in minutes (3), number of moves (3, `000` no limit), start `A` (the usual start) or `B` followed by the colour to move (1) and the 50 squares (`w`/`z` men, `W`/`Z` kings, `e` empty) |
//! | `A` GAMEACC | follower name (32), acceptance code (1: `0` yes, `1` wrong version, `2` not this game, `3` no game at all) |
//! | `M` MOVE | seconds used (4), from (2), to (2), number taken (2), every square taken (2 each) |
//! | `E` GAMEEND | reason (1: `0` none, `1` I give up, `2` draw, `3` I win), stop code (1: `0` another game may follow, `1` stop) |
//! | `B` BACKREQ | move number (3), colour to move (1) |
//! | `K` BACKACC | acceptance code (1: `0` yes) |
//!
//! The referee's side, [`Dxp`], is the initiator for a program that is the follower (the
//! program listens, the arena connects). It sends the GAMEREQ at the program's first turn
//! with the board as it stands then (so an opening of any kind is told, as a position;
//! DXP has no way to tell the moves before it), the arena's clock as the whole game's
//! thinking time, and `000` moves (DXP's number of moves ends a game; the arena's own
//! rules and limits do that). The other side's moves go out as MOVE messages with every
//! piece taken ([`crate::board::Follow`] writes them in full from the referee's boards);
//! a MOVE back is read as `from-to` or `fromxto` with every square taken, which the game
//! checks (the squares taken tell two captures between the same squares apart). A GAMEEND
//! with reason `1` is a resignation; any other GAMEEND, a BACKREQ or a message that breaks
//! the format is a fault. The game's end is told with a GAMEEND (stop code `1`: the
//! arena plays one game per connection).
//!
//! DXP's thinking time is whole minutes for the whole game, far coarser than the arena's
//! clocks, so before each GAMEREQ and MOVE the referee's side also tells the clock exactly
//! in a CHAT, `clock left=MS inc=MS` (or `clock movetime=MS` for a cap on each move): a
//! program may use it, and any other shows it as chat.
//!
//! The player's side, [`serve`], is a follower: it accepts version 1 games from any start
//! position, keeps its own clock from the GAMEREQ's thinking time (or searches within the
//! clock a `clock` CHAT just told), answers each MOVE with
//! its own (every piece taken listed), confirms a GAMEEND, refuses take-backs (BACKACC
//! `2`), and ends on a GAMEEND with stop code `1` or when the connection closes.

use crate::board::{Board, DXP, FullMove, Shape};

/// The squares of DXP's board: international draughts only.
const SQUARES: usize = Shape::Draughts.squares();
use crate::{Dialogue, Go, ReplyLine, Request, ServeEnd, ServeError, Thinker};
use std::fmt;
use std::io::{BufRead, Write};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};
use thiserror::Error;

/// The port DXP programs listen on unless told otherwise.
pub const DEFAULT_PORT: u16 = 27531;
/// The longest message, in bytes without its NUL.
pub const MAX_MESSAGE_BYTES: usize = 127;
/// The byte that ends every message.
pub const TERMINATOR: u8 = 0;
/// The protocol version this module speaks.
pub const VERSION: u8 = 1;
/// Moves a game is assumed to last when a clock's increment or a cap on each move is
/// turned into DXP's thinking time for the whole game.
pub const ASSUMED_GAME_MOVES: u32 = 50;
/// The most minutes the thinking time field holds.
const MAX_MINUTES: u32 = 999;
/// Seconds in a minute.
const MINUTE_SECS: u64 = 60;
/// The name the arena gives as the initiator.
const INITIATOR_NAME: &str = "olympiad";
/// The width of a program's name.
const NAME_WIDTH: usize = 32;

/// A colour as DXP writes it: `W` White, `Z` (zwart) Black.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Colour {
    /// `W`.
    White,
    /// `Z`.
    Black,
}

impl Colour {
    fn letter(self) -> char {
        match self {
            Colour::White => 'W',
            Colour::Black => 'Z',
        }
    }
}

/// A GAMEREQ: the initiator asks for a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRequest {
    /// The protocol version (1).
    pub version: u8,
    /// The initiator's name (at most 32 characters, blanks at the end dropped).
    pub initiator: String,
    /// The colour the follower plays.
    pub follower: Colour,
    /// Each side's thinking time for the whole game, in minutes.
    pub minutes: u16,
    /// The moves of the whole game (0: no limit).
    pub moves: u16,
    /// The start position (`None`: the usual start, White to move).
    pub start: Option<Board>,
}

/// A MOVE.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveMessage {
    /// Seconds the mover used (for information).
    pub seconds: u16,
    /// The move with every piece it takes.
    pub mv: FullMove,
}

/// Why a game ends, as the first GAMEEND says (its confirmation says [`EndReason::None`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EndReason {
    /// `0`: no reason given.
    None,
    /// `1`: the sender gives up.
    GiveUp,
    /// `2`: a draw.
    Draw,
    /// `3`: the sender wins.
    Win,
}

/// One DXP message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Message {
    /// `C`: free text.
    Chat(String),
    /// `R`: a game is asked for.
    GameRequest(GameRequest),
    /// `A`: the follower's answer: its name and acceptance code (`'0'` accepts).
    GameAccept {
        /// The follower's name.
        name: String,
        /// `0` accepted, `1` wrong version, `2` not this game, `3` no game at all.
        code: char,
    },
    /// `M`: a move.
    Move(MoveMessage),
    /// `E`: the game ends.
    GameEnd {
        /// Why.
        reason: EndReason,
        /// No further game is wanted.
        stop: bool,
    },
    /// `B`: a take-back to the position with this move number and colour to move.
    BackRequest {
        /// The move number.
        move_number: u16,
        /// The colour to move there.
        to_move: Colour,
    },
    /// `K`: the answer to a take-back (`'0'` accepts).
    BackAccept {
        /// The acceptance code.
        code: char,
    },
}

/// What is wrong with a message.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum MessageError {
    /// Nothing between two NULs.
    #[error("an empty message")]
    Empty,
    /// Longer than the protocol allows, or not ASCII.
    #[error("a message must be 1 to {MAX_MESSAGE_BYTES} ASCII characters (got {0} bytes)")]
    Form(usize),
    /// An unknown first character.
    #[error("unknown message type '{0}' (known: C R A M E B K)")]
    Kind(char),
    /// A field that is not what its message needs.
    #[error("{message} field '{field}': {why}")]
    Field {
        /// The message's name (`MOVE`).
        message: &'static str,
        /// The field's name (`from field`).
        field: &'static str,
        /// What is wrong.
        why: String,
    },
    /// Characters after the last field.
    #[error("{message}: '{extra}' after the last field")]
    Trailing {
        /// The message's name.
        message: &'static str,
        /// What is left.
        extra: String,
    },
}

/// Reads a message's fields in order.
struct Fields<'a> {
    message: &'static str,
    rest: &'a str,
}

impl<'a> Fields<'a> {
    fn error(&self, field: &'static str, why: impl Into<String>) -> MessageError {
        MessageError::Field {
            message: self.message,
            field,
            why: why.into(),
        }
    }

    /// The next `width` characters.
    fn take(&mut self, field: &'static str, width: usize) -> Result<&'a str, MessageError> {
        if self.rest.len() < width {
            return Err(self.error(
                field,
                format!(
                    "{width} characters expected, the message ends after {} ('{}')",
                    self.rest.len(),
                    self.rest
                ),
            ));
        }
        let (field_text, rest) = self.rest.split_at(width);
        self.rest = rest;
        Ok(field_text)
    }

    /// A number of exactly `width` digits.
    fn number(&mut self, field: &'static str, width: usize) -> Result<u16, MessageError> {
        let text = self.take(field, width)?;
        if !text.bytes().all(|b| b.is_ascii_digit()) {
            return Err(self.error(field, format!("'{text}' is not {width} digits")));
        }
        text.parse()
            .map_err(|_| self.error(field, format!("'{text}' is not a number")))
    }

    /// A square, two digits 01..50.
    fn square(&mut self, field: &'static str) -> Result<u8, MessageError> {
        let n = self.number(field, 2)?;
        u8::try_from(n)
            .ok()
            .filter(|n| (1..=SQUARES as u8).contains(n))
            .ok_or_else(|| self.error(field, format!("{n:02} is not a square 01..50")))
    }

    /// One character among `allowed`.
    fn one_of(&mut self, field: &'static str, allowed: &str) -> Result<char, MessageError> {
        let c = self.take(field, 1)?.chars().next().unwrap_or(' ');
        if !allowed.contains(c) {
            let list: Vec<String> = allowed.chars().map(|c| format!("'{c}'")).collect();
            return Err(self.error(field, format!("'{c}' is not {}", list.join(" or "))));
        }
        Ok(c)
    }

    fn colour(&mut self, field: &'static str) -> Result<Colour, MessageError> {
        Ok(match self.one_of(field, "WZ")? {
            'W' => Colour::White,
            _ => Colour::Black,
        })
    }

    /// Nothing may follow.
    fn end(self) -> Result<(), MessageError> {
        if self.rest.is_empty() {
            Ok(())
        } else {
            Err(MessageError::Trailing {
                message: self.message,
                extra: self.rest.to_string(),
            })
        }
    }
}

impl Message {
    /// Reads one message (without its NUL).
    pub fn parse(text: &str) -> Result<Message, MessageError> {
        if text.is_empty() {
            return Err(MessageError::Empty);
        }
        if text.len() > MAX_MESSAGE_BYTES || !text.is_ascii() || text.contains('\0') {
            return Err(MessageError::Form(text.len()));
        }
        let kind = text.chars().next().expect("not empty");
        let fields = |message| Fields {
            message,
            rest: &text[1..],
        };
        match kind {
            'C' => Ok(Message::Chat(text[1..].to_string())),
            'R' => {
                let mut f = fields("GAMEREQ");
                let version = f.number("version", 2)?;
                let initiator = f.take("initiator name", NAME_WIDTH)?.trim_end().to_string();
                let follower = f.colour("follower colour")?;
                let minutes = f.number("thinking time", 3)?;
                let moves = f.number("number of moves", 3)?;
                let start = match f.one_of("starting position", "AB")? {
                    'A' => None,
                    _ => {
                        let side = f.colour("colour to move")?;
                        let squares = f.take("position", SQUARES)?;
                        let board =
                            Board::from_letters(&format!("{}{squares}", side.letter()), &DXP)
                                .map_err(|why| f.error("position", why))?;
                        Some(board)
                    }
                };
                f.end()?;
                Ok(Message::GameRequest(GameRequest {
                    version: version as u8,
                    initiator,
                    follower,
                    minutes,
                    moves,
                    start,
                }))
            }
            'A' => {
                let mut f = fields("GAMEACC");
                let name = f.take("follower name", NAME_WIDTH)?.trim_end().to_string();
                let code = f.one_of("acceptance code", "0123")?;
                f.end()?;
                Ok(Message::GameAccept { name, code })
            }
            'M' => {
                let mut f = fields("MOVE");
                let seconds = f.number("time", 4)?;
                let from = f.square("from field")?;
                let to = f.square("to field")?;
                let count = f.number("number captured", 2)?;
                if count > 20 {
                    return Err(f.error("number captured", format!("{count} is more than 20")));
                }
                let mut captured = (0..count)
                    .map(|_| f.square("captured pieces"))
                    .collect::<Result<Vec<u8>, _>>()?;
                f.end()?;
                captured.sort_unstable();
                Ok(Message::Move(MoveMessage {
                    seconds,
                    mv: FullMove { from, to, captured },
                }))
            }
            'E' => {
                let mut f = fields("GAMEEND");
                let reason = match f.one_of("reason", "0123")? {
                    '0' => EndReason::None,
                    '1' => EndReason::GiveUp,
                    '2' => EndReason::Draw,
                    _ => EndReason::Win,
                };
                let stop = f.one_of("stop code", "01")? == '1';
                f.end()?;
                Ok(Message::GameEnd { reason, stop })
            }
            'B' => {
                let mut f = fields("BACKREQ");
                let move_number = f.number("move number", 3)?;
                let to_move = f.colour("colour to move")?;
                f.end()?;
                Ok(Message::BackRequest {
                    move_number,
                    to_move,
                })
            }
            'K' => {
                let mut f = fields("BACKACC");
                let code = f.one_of("acceptance code", "012")?;
                f.end()?;
                Ok(Message::BackAccept { code })
            }
            other => Err(MessageError::Kind(other)),
        }
    }
}

/// A name in its 32 characters: cut, and padded with blanks.
fn name_field(name: &str) -> String {
    let name: String = name.chars().take(NAME_WIDTH).collect();
    format!("{name:<NAME_WIDTH$}")
}

/// A program's name as DXP can carry it: printable ASCII, not starting with a blank.
fn dxp_name(name: &str) -> String {
    name.chars()
        .filter(|c| c.is_ascii_graphic() || *c == ' ')
        .collect::<String>()
        .trim()
        .chars()
        .take(NAME_WIDTH)
        .collect()
}

impl fmt::Display for Message {
    /// The message as sent (without its NUL).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Message::Chat(text) => write!(f, "C{text}"),
            Message::GameRequest(r) => {
                write!(
                    f,
                    "R{:02}{}{}{:03}{:03}",
                    r.version,
                    name_field(&r.initiator),
                    r.follower.letter(),
                    r.minutes,
                    r.moves
                )?;
                match &r.start {
                    None => write!(f, "A"),
                    Some(board) => write!(f, "B{}", board.letters(&DXP)),
                }
            }
            Message::GameAccept { name, code } => write!(f, "A{}{code}", name_field(name)),
            Message::Move(m) => {
                write!(
                    f,
                    "M{:04}{:02}{:02}{:02}",
                    m.seconds,
                    m.mv.from,
                    m.mv.to,
                    m.mv.captured.len()
                )?;
                m.mv.captured.iter().try_for_each(|c| write!(f, "{c:02}"))
            }
            Message::GameEnd { reason, stop } => {
                let reason = match reason {
                    EndReason::None => '0',
                    EndReason::GiveUp => '1',
                    EndReason::Draw => '2',
                    EndReason::Win => '3',
                };
                write!(f, "E{reason}{}", u8::from(*stop))
            }
            Message::BackRequest {
                move_number,
                to_move,
            } => write!(f, "B{move_number:03}{}", to_move.letter()),
            Message::BackAccept { code } => write!(f, "K{code}"),
        }
    }
}

/// Whole minutes of thinking time for the rest of a game from the arena's clock: the time
/// left and the increments of [`ASSUMED_GAME_MOVES`] moves (or that many moves at the cap
/// when only each move is capped), rounded up, 1 to 999.
fn minutes(request: &Request<'_>) -> u16 {
    let total = if request.left.is_zero() {
        request.move_cap.unwrap_or_default() * ASSUMED_GAME_MOVES
    } else {
        request.left + request.increment * ASSUMED_GAME_MOVES
    };
    let minutes = total.as_secs().div_ceil(MINUTE_SECS) as u32;
    minutes.clamp(1, MAX_MINUTES) as u16
}

/// The CHAT that tells the clock exactly (`None` without a clock).
fn clock_chat(request: &Request<'_>) -> Option<String> {
    // A cap on each move is told as the time for this move, within the clock if any.
    let text = match (request.left.is_zero(), request.move_cap) {
        (true, Some(cap)) => format!("clock movetime={}", cap.as_millis()),
        (false, Some(cap)) => format!("clock movetime={}", cap.min(request.left).as_millis()),
        (false, None) => format!(
            "clock left={} inc={}",
            request.left.as_millis(),
            request.increment.as_millis()
        ),
        (true, None) => return None,
    };
    Some(Message::Chat(text).to_string())
}

/// The clock a `clock` CHAT tells, as a search's limits.
fn told_clock(text: &str) -> Option<Go> {
    let rest = text.strip_prefix("clock ")?;
    let mut go = Go::default();
    for word in rest.split_whitespace() {
        let (key, value) = word.split_once('=')?;
        let ms = Duration::from_millis(value.parse().ok()?);
        match key {
            "left" => go.clocks = vec![ms; 2],
            "inc" => go.increments = vec![ms; 2],
            "movetime" => go.move_time = Some(ms),
            _ => return None,
        }
    }
    Some(go)
}

/// The referee's side: the arena as the initiator (see the module documentation).
#[derive(Clone, Debug, Default)]
pub struct Dxp {
    /// The game was asked for (GAMEREQ sent).
    requested: bool,
    /// A GAMEEND was sent.
    ended: bool,
    /// The program sent a GAMEEND: ours confirms it (reason `0`).
    confirm: bool,
    /// The program's seat.
    seat: usize,
    /// The game followed from the referee's boards, for the other side's moves in full.
    follow: crate::board::Follow,
}

impl Dxp {
    /// The GAMEEND that tells the game is over (stop code 1), once, and only in a game.
    fn end(&mut self, reason: EndReason) -> Vec<String> {
        if !self.requested || self.ended {
            return Vec::new();
        }
        self.ended = true;
        let reason = if self.confirm {
            EndReason::None
        } else {
            reason
        };
        vec![Message::GameEnd { reason, stop: true }.to_string()]
    }

    /// The GAMEREQ at the first request; a MOVE with the other side's last move after.
    fn request_game_or_move(&mut self, request: &Request<'_>) -> Vec<String> {
        if !self.requested {
            self.requested = true;
            // The program's game starts here, whatever came before.
            let _ = self
                .follow
                .request(request.position, &[], None, request.position);
            let board = Board::from_pdn(request.position, Shape::Draughts)
                .unwrap_or_else(|_| Board::start(Shape::Draughts));
            let follower = if board.white_to_move {
                Colour::White
            } else {
                Colour::Black
            };
            let start = (board != Board::start(Shape::Draughts)).then_some(board);
            return vec![
                Message::GameRequest(GameRequest {
                    version: VERSION,
                    initiator: INITIATOR_NAME.into(),
                    follower,
                    minutes: minutes(request),
                    moves: 0,
                    start,
                })
                .to_string(),
            ];
        }
        let followed =
            self.follow
                .request(request.start, request.moves, request.last, request.position);
        let mv = match (followed, request.last) {
            (Ok(Some(mv)), _) => mv,
            // Boards that do not follow (the referee's own error): the move as written.
            (_, Some(last)) => match FullMove::parse(last) {
                Ok(mv) => mv,
                Err(_) => return Vec::new(),
            },
            (_, None) => return Vec::new(),
        };
        vec![Message::Move(MoveMessage { seconds: 0, mv }).to_string()]
    }
}

impl Dialogue for Dxp {
    fn name(&self) -> &'static str {
        "dxp"
    }

    /// DXP's board is international draughts'.
    fn game(&mut self, name: &str) -> Result<(), String> {
        match Shape::of_game(name) {
            Some(Shape::Draughts) => Ok(()),
            _ => Err(format!(
                "the dxp protocol plays international draughts (50 squares), not {name}"
            )),
        }
    }

    fn open(&mut self, seat: usize, _seats: usize) -> Vec<String> {
        *self = Dxp {
            seat,
            ..Dxp::default()
        };
        Vec::new()
    }

    /// The clock's CHAT, then the GAMEREQ at the first request or a MOVE with the other
    /// side's last move.
    fn request(&mut self, request: &Request<'_>) -> Vec<String> {
        let mut lines: Vec<String> = clock_chat(request).into_iter().collect();
        lines.extend(self.request_game_or_move(request));
        lines
    }

    fn inform(&mut self, _mv: &str) -> Vec<String> {
        Vec::new()
    }

    /// A MOVE is the move (`from-to`, or `fromxto` and every square taken); a GAMEACC
    /// that accepts and a CHAT are information; GAMEEND with reason 1 resigns; a refused
    /// game, any other GAMEEND or a BACKREQ is a refusal; what breaks the format is
    /// garbage, with the field that is wrong.
    fn read(&mut self, line: &str) -> ReplyLine {
        match Message::parse(line) {
            Err(e) => ReplyLine::Garbled(e.to_string()),
            Ok(Message::Move(m)) => {
                let text = if m.mv.captured.is_empty() {
                    format!("{}-{}", m.mv.from, m.mv.to)
                } else {
                    m.mv.to_string()
                };
                self.follow.program_moved(&text);
                ReplyLine::Move(text)
            }
            Ok(Message::Chat(text)) => ReplyLine::Info(text),
            Ok(Message::GameAccept { name, code: '0' }) => {
                ReplyLine::Info(format!("{name} accepts the game"))
            }
            Ok(Message::GameAccept { name, code }) => ReplyLine::Refused(format!(
                "{name} refuses the game (GAMEACC code {code}: {})",
                match code {
                    '1' => "not this protocol version",
                    '2' => "not this game",
                    _ => "no game at all",
                }
            )),
            // Confirmed by the GAMEEND the game's end sends.
            Ok(Message::GameEnd { reason, .. }) => {
                self.confirm = true;
                if reason == EndReason::GiveUp {
                    ReplyLine::Resign
                } else {
                    ReplyLine::Refused(format!(
                        "ended the game instead of moving (GAMEEND, reason {reason:?})"
                    ))
                }
            }
            Ok(Message::BackRequest { .. }) => {
                ReplyLine::Refused("asked to take moves back (BACKREQ)".into())
            }
            Ok(m @ (Message::GameRequest(_) | Message::BackAccept { .. })) => {
                ReplyLine::Garbled(format!("'{m}': only the initiator sends that here"))
            }
        }
    }

    fn stopped(&mut self) -> Vec<String> {
        self.end(EndReason::None)
    }

    /// GAMEEND from the initiator's side: it gives up when the program won, claims the
    /// win when the program lost, a draw otherwise.
    fn result(&mut self, half_points: &[u32], _reason: &str) -> Vec<String> {
        let reason = match half_points.get(self.seat) {
            Some(2) => EndReason::GiveUp,
            Some(0) => EndReason::Win,
            Some(_) => EndReason::Draw,
            None => EndReason::None,
        };
        self.end(reason)
    }

    fn close(&mut self) -> Vec<String> {
        self.end(EndReason::None)
    }
}

/// Reads one message up to its NUL (`None` at the end of the input).
pub fn read_message(input: &mut dyn BufRead) -> std::io::Result<Option<String>> {
    let mut bytes = Vec::new();
    if input.read_until(TERMINATOR, &mut bytes)? == 0 {
        return Ok(None);
    }
    if bytes.last() == Some(&TERMINATOR) {
        bytes.pop();
    }
    Ok(Some(String::from_utf8_lossy(&bytes).into_owned()))
}

/// Writes one message and its NUL, and flushes.
pub fn write_message(output: &mut dyn Write, message: &Message) -> std::io::Result<()> {
    output.write_all(message.to_string().as_bytes())?;
    output.write_all(&[TERMINATOR])?;
    output.flush()
}

/// The player's game: the start, the moves since in full, its colour and clock.
struct Game {
    start: String,
    moves: Vec<String>,
    /// The seat this player has (0 White).
    seat: usize,
    /// Thinking time for the whole game.
    budget: Duration,
    /// Time used so far.
    used: Duration,
    /// Moves of the whole game (0: no limit).
    limit: u16,
}

/// Runs DXP as the follower for `thinker` until a GAMEEND with stop code 1 or the end of
/// the connection (see the module documentation).
pub fn serve(
    mut input: Box<dyn BufRead + Send>,
    mut output: Box<dyn Write + Send>,
    thinker: &mut dyn Thinker,
) -> Result<ServeEnd, ServeError> {
    let out = &mut *output;
    let mut game: Option<Game> = None;
    // The clock the last `clock` CHAT told, for the next search.
    let mut told: Option<Go> = None;
    while let Some(text) = read_message(&mut *input)? {
        let arrived = Instant::now();
        let message =
            Message::parse(&text).map_err(|e| ServeError::Dialogue(format!("'{text}': {e}")))?;
        match message {
            Message::GameRequest(r) => {
                let name = dxp_name(&thinker.name());
                if r.version != VERSION {
                    write_message(out, &Message::GameAccept { name, code: '1' })?;
                    continue;
                }
                let start = r
                    .start
                    .unwrap_or_else(|| Board::start(Shape::Draughts))
                    .pdn();
                thinker.new_game();
                if thinker.set_position(Some(&start), &[]).is_err() || thinker.is_over() {
                    write_message(out, &Message::GameAccept { name, code: '2' })?;
                    continue;
                }
                write_message(out, &Message::GameAccept { name, code: '0' })?;
                let new = Game {
                    start,
                    moves: Vec::new(),
                    seat: usize::from(r.follower == Colour::Black),
                    budget: Duration::from_secs(u64::from(r.minutes) * MINUTE_SECS),
                    used: Duration::ZERO,
                    limit: r.moves,
                };
                game = Some(new);
                if let Some(g) = game.as_mut()
                    && thinker.to_move() == g.seat
                {
                    play(thinker, g, out, arrived, told.take())?;
                }
            }
            Message::Move(m) => {
                let Some(g) = game.as_mut() else {
                    return Err(ServeError::Dialogue(format!(
                        "'{text}': a MOVE outside a game"
                    )));
                };
                g.moves.push(m.mv.to_string());
                thinker
                    .set_position(Some(&g.start), &g.moves)
                    .map_err(|e| ServeError::Responder(format!("illegal move '{text}': {e}")))?;
                if thinker.is_over() {
                    let reason = match thinker.result().and_then(|r| r.get(g.seat).copied()) {
                        Some(p) if p >= 1.0 => EndReason::Win,
                        Some(p) if p > 0.0 => EndReason::Draw,
                        Some(_) => EndReason::GiveUp,
                        None => EndReason::None,
                    };
                    write_message(
                        out,
                        &Message::GameEnd {
                            reason,
                            stop: false,
                        },
                    )?;
                } else {
                    play(thinker, g, out, arrived, told.take())?;
                }
            }
            Message::GameEnd { stop, .. } => {
                if game.take().is_some() {
                    let confirm = Message::GameEnd {
                        reason: EndReason::None,
                        stop,
                    };
                    write_message(out, &confirm)?;
                }
                if stop {
                    return Ok(ServeEnd::Ended);
                }
            }
            Message::BackRequest { .. } => {
                write_message(out, &Message::BackAccept { code: '2' })?;
            }
            Message::Chat(text) => told = told_clock(&text).or(told),
            Message::GameAccept { .. } | Message::BackAccept { .. } => {}
        }
    }
    Ok(ServeEnd::Eof)
}

/// Searches the game's position within the clock `told` (or its own) and sends the move
/// in full.
fn play(
    thinker: &mut dyn Thinker,
    game: &mut Game,
    out: &mut dyn Write,
    arrived: Instant,
    told: Option<Go>,
) -> Result<(), ServeError> {
    let left = game.budget.saturating_sub(game.used + arrived.elapsed());
    let played = game.moves.len().div_ceil(2) as u16;
    let go = told.unwrap_or_else(|| Go {
        clocks: vec![left.max(Duration::from_millis(1)); 2],
        moves_to_go: (game.limit > played).then(|| u32::from(game.limit - played)),
        ..Go::default()
    });
    let stop = Arc::new(AtomicBool::new(false));
    let responder = |e: String| ServeError::Responder(e);
    let mv = thinker.think(&go, &stop, &mut |_| {}).map_err(responder)?;
    let before = thinker
        .position_text()
        .ok_or_else(|| responder("the engine cannot tell its position".into()))?;
    let mut after_moves = game.moves.clone();
    after_moves.push(mv.clone());
    thinker
        .set_position(Some(&game.start), &after_moves)
        .map_err(responder)?;
    let after = thinker
        .position_text()
        .ok_or_else(|| responder("the engine cannot tell its position".into()))?;
    let full = Board::from_pdn(&before, Shape::Draughts)
        .and_then(|b| b.full_move(&Board::from_pdn(&after, Shape::Draughts)?, &mv))
        .map_err(responder)?;
    game.moves.push(full.to_string());
    let spent = arrived.elapsed();
    game.used += spent;
    let seconds = spent.as_secs().min(9999) as u16;
    write_message(out, &Message::Move(MoveMessage { seconds, mv: full }))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trip(text: &str) -> Message {
        let m = Message::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(m.to_string(), text);
        m
    }

    #[test]
    fn the_documented_examples_read_and_write_back() {
        let m = round_trip("M0012061100");
        assert_eq!(
            m,
            Message::Move(MoveMessage {
                seconds: 12,
                mv: FullMove::parse("06-11").unwrap()
            })
        );
        // 5x25 taking 23, 22, 12 and 20 (written back ascending).
        let m = Message::parse("M001205250422122320").unwrap();
        let Message::Move(MoveMessage { mv, .. }) = &m else {
            panic!("{m:?}")
        };
        assert_eq!(mv.to_string(), "5x25x12x20x22x23");
        assert_eq!(m.to_string(), "M001205250412202223");
        round_trip("E00");
        round_trip("E31");
        round_trip("CWhat do you think about move 35?");
        round_trip("B012Z");
        round_trip("K0");
        let acc = round_trip(&format!("A{:<32}0", "Tornado voor Windows 4.0"));
        assert_eq!(
            acc,
            Message::GameAccept {
                name: "Tornado voor Windows 4.0".into(),
                code: '0'
            }
        );
        let req = round_trip(&format!("R01{:<32}Z005075A", "Scan 2.0"));
        let Message::GameRequest(r) = req else {
            panic!()
        };
        assert_eq!(
            (r.follower, r.minutes, r.moves, r.start),
            (Colour::Black, 5, 75, None)
        );
        let board = Board::from_pdn("B:W28,31,33-50:B1-20", Shape::Draughts).unwrap();
        let with_board = Message::GameRequest(GameRequest {
            start: Some(board.clone()),
            ..r
        });
        let text = with_board.to_string();
        assert_eq!(text.len(), 1 + 2 + 32 + 1 + 3 + 3 + 1 + 1 + 50);
        let squares = format!("{}eeeeeeeweewe{}", "z".repeat(20), "w".repeat(18));
        assert!(text.ends_with(&format!("BZ{squares}")), "{text}");
        assert_eq!(Message::parse(&text).unwrap(), with_board);
    }

    #[test]
    fn bad_messages_name_the_field() {
        let e = |t: &str| Message::parse(t).unwrap_err().to_string();
        assert_eq!(e(""), "an empty message");
        assert!(e("X12").contains("unknown message type 'X'"));
        assert_eq!(
            e("M00120611"),
            "MOVE field 'number captured': 2 characters expected, the message ends after 0 ('')"
        );
        assert_eq!(
            e("M0012991100"),
            "MOVE field 'from field': 99 is not a square 01..50"
        );
        assert_eq!(
            e("M00a2061100"),
            "MOVE field 'time': '00a2' is not 4 digits"
        );
        assert!(e("M001206110212").contains("'captured pieces': 2 characters expected"));
        assert_eq!(e("M0012061100x"), "MOVE: 'x' after the last field");
        assert_eq!(
            e("E40"),
            "GAMEEND field 'reason': '4' is not '0' or '1' or '2' or '3'"
        );
        assert!(e(&format!("R01{:<32}X005075A", "x")).contains("'follower colour'"));
        assert!(e(&format!("R01{:<32}W005075C", "x")).contains("'starting position'"));
        let bad_board = format!("R01{:<32}W005075BW{}", "x", "q".repeat(50));
        assert!(
            e(&bad_board).contains("GAMEREQ field 'position'"),
            "{}",
            e(&bad_board)
        );
        assert!(e(&"C".repeat(200)).contains("1 to 127"));
    }

    #[test]
    fn the_referee_asks_for_the_game_then_sends_moves_in_full() {
        let mut d = Dxp::default();
        assert!(d.open(1, 2).is_empty());
        let start = "W:W31-50:B1-20";
        let first = ["32-28".to_string()];
        let lines = d.request(&Request {
            moves: &first,
            start,
            position: "B:W28,31,33-50:B1-20",
            left: Duration::from_secs(100),
            ..Request::after(Some("32-28"))
        });
        assert_eq!(lines.len(), 2);
        assert_eq!(lines[0], "Cclock left=100000 inc=0");
        let Message::GameRequest(r) = Message::parse(&lines[1]).unwrap() else {
            panic!("{lines:?}")
        };
        // 100 s and 50 moves of no increment: 2 minutes; Black to move on the board.
        assert_eq!((r.follower, r.minutes, r.moves), (Colour::Black, 2, 0));
        assert_eq!(
            r.start,
            Some(Board::from_pdn("B:W28,31,33-50:B1-20", Shape::Draughts).unwrap())
        );
        assert_eq!(
            d.read(&format!("A{:<32}0", "Scan")),
            ReplyLine::Info("Scan accepts the game".into())
        );
        assert_eq!(d.read("M0003192300"), ReplyLine::Move("19-23".into()));
        // White takes 23 from 28 and lands on 19: the MOVE names the piece taken.
        let lines = d.request(&Request {
            start,
            position: "B:W19,31,33-50:B1-18,20",
            ..Request::after(Some("28x19"))
        });
        assert_eq!(lines, ["M000028190123"]);
        assert_eq!(d.read("M000114230119"), ReplyLine::Move("14x23x19".into()));
        assert_eq!(d.read("E10"), ReplyLine::Resign);
        assert!(matches!(d.read("E20"), ReplyLine::Refused(_)));
        assert!(matches!(d.read("B005W"), ReplyLine::Refused(_)));
        assert!(matches!(d.read("K0"), ReplyLine::Garbled(_)));
        assert!(matches!(
            d.read(&format!("A{:<32}2", "Scan")),
            ReplyLine::Refused(_)
        ));
        assert_eq!(d.read("Chello"), ReplyLine::Info("hello".into()));
        assert!(matches!(d.read("M0001"), ReplyLine::Garbled(e) if e.contains("'from field'")));
        // The end, once: the program's GAMEEND is confirmed (reason 0, no further game).
        assert_eq!(d.result(&[2, 0], "resigns"), ["E01"]);
        assert!(d.close().is_empty());
        // Without one, the initiator says how it sees the end: the program (seat 1) won,
        // so the initiator gives up.
        let mut won = Dxp::default();
        won.open(1, 2);
        won.request(&Request {
            position: start,
            ..Request::after(None)
        });
        assert_eq!(won.result(&[0, 2], "rules"), ["E11"]);
        // A program never asked for a game is told nothing.
        let mut quiet = Dxp::default();
        quiet.open(0, 2);
        assert!(quiet.stopped().is_empty());
    }

    #[test]
    fn clocks_become_whole_minutes() {
        let r = |left: u64, inc: u64, cap: Option<u64>| Request {
            left: Duration::from_millis(left),
            increment: Duration::from_millis(inc),
            move_cap: cap.map(Duration::from_millis),
            ..Request::after(None)
        };
        assert_eq!(minutes(&r(2_000, 0, None)), 1);
        assert_eq!(minutes(&r(300_000, 0, None)), 5);
        assert_eq!(minutes(&r(60_000, 2_000, None)), 3);
        assert_eq!(minutes(&r(0, 0, Some(1_200))), 1);
        assert_eq!(minutes(&r(0, 0, None)), 1);
        assert_eq!(minutes(&r(100_000_000, 0, None)), 999);
        // The exact clock travels in a CHAT, read back by the player's side.
        let chat = clock_chat(&r(2_500, 100, None)).unwrap();
        let Ok(Message::Chat(text)) = Message::parse(&chat) else {
            panic!("{chat}")
        };
        let go = told_clock(&text).unwrap();
        assert_eq!(go.clocks, [Duration::from_millis(2_500); 2]);
        assert_eq!(go.increments, [Duration::from_millis(100); 2]);
        let capped = clock_chat(&r(0, 0, Some(300))).unwrap();
        assert_eq!(capped, "Cclock movetime=300");
        // A fixed time a move on a clock far higher (`--tc st=0.3`): the cap is told.
        let fixed = clock_chat(&r(100_000, 0, Some(300))).unwrap();
        assert_eq!(fixed, "Cclock movetime=300");
        assert_eq!(
            told_clock("clock movetime=300").unwrap().move_time,
            Some(Duration::from_millis(300))
        );
        assert!(clock_chat(&r(0, 0, None)).is_none());
        assert!(told_clock("clock speed=3").is_none());
        assert!(told_clock("hello").is_none());
    }
}
