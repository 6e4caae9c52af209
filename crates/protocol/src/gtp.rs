//! GTP, the Go Text Protocol version 2 (Gunnar Farnebäck's specification, draft 2), on
//! both sides. Go programs (GNU Go, Pachi, Fuego, KataGo), their GUIs (GoGui, Sabaki) and
//! match runners all speak it; Hex (HTP), Clobber and Lines of Action programs speak
//! dialects of it. Nothing here knows a game: points are texts (`D4`, `pass`) the game
//! reads, and a colour is a seat (seat 0 moves first: `b`, seat 1: `w`).
//!
//! Every command carries an id (`7 genmove b`) and is answered once, in order:
//! `=7 D4` or `?7 illegal move`, then an empty line; an answer may span lines (`showboard`,
//! `list_commands`). An id is optional in both directions (`= D4` answers the oldest
//! command still open).
//!
//! The referee's side, [`Gtp`]: `protocol_version` (must answer 2), `name`, `version`,
//! `list_commands` (what it knows), then the game's parameters (`boardsize 9`,
//! `clear_board`, `komi 7.5`), each answer awaited so that a refusal (`? unacceptable
//! size`) fails the handshake with the engine's words. On each turn: the time control once
//! (`time_settings MAIN BYO STONES`: sudden death as main time only, a fixed time a move or
//! a repeating control as Canadian byo-yomi; GTP has no increment, so `time_left` tells the
//! clock with the increments added), the moves it has not seen (`play b D4`, `play w
//! pass`: the whole game from the empty board), `time_left COLOUR SECONDS STONES` when it
//! knows the command, `genmove COLOUR`; the answer is a point, `pass` or `resign`.
//! Acknowledgements of `play` and the rest arrive whenever the engine writes them and are
//! matched to their commands by id; an error answer to any command is
//! [`ReplyLine::Refused`] with the engine's message. `quit` at the end.
//!
//! The player's side, [`serve`], speaks GTP for any [`Thinker`]: the commands of the
//! specification's required set and the tournament and scoring ones (see [`COMMANDS`]).
//!
//! Clobber and Lines of Action speak it as it is, the way GTP programs of games other
//! than Go do (MiniZero's Clobber and LOA consoles, which GoGui drives; HexGui, GoGui's
//! fork, for Hex): a move is one word in the game's own notation and the rest is GTP's.
//! We follow that: `play b a1b1` (Clobber: from and to, columns `a`..`j` with no letter
//! skipped), `play w a2-c2` or `a2xc2` (LOA: either sign read, the right one written),
//! `pass` for an LOA player without a move; `boardsize N` sets Clobber's square board
//! (rows and columns) and is refused for a size the game cannot have (LOA: only 8); `komi`
//! and `final_status_list` are refused (no komi, no dead stones); `final_score` answers
//! the winner without a margin, `B+` or `W+` (`0` for LOA's draws), as HTP does. Where we
//! depart: MiniZero skips the column letter `i` on Clobber boards wider than 8 as Go does,
//! writes LOA moves without a sign (`b1b3`) and answers `final_score` with a number (1,
//! -1, 0); GoGui's board shows Go's points only, so from-to moves show in its shell and
//! tools (gogui-twogtp), not as clicks. Our programs read and write our notation, so such
//! a program needs its own notation translated.

use crate::engine_io::cut;
use crate::{
    Dialogue, Go, Handshake, Heard, ReplyLine, Request, ServeEnd, ServeError, Thinker, Thinking,
};
use std::collections::VecDeque;
use std::io::{BufRead, Write};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// The longest line the referee accepts from an engine, in bytes (`list_commands` and
/// `showboard` answer a line at a time).
pub const MAX_LINE_BYTES: usize = 4 * 1024;

/// The time a served engine searches a move for when no clock was set (GTP's default is
/// "no time limit"; a GUI that sets none still wants an answer).
pub const UNTIMED_MOVE_TIME: Duration = Duration::from_secs(1);

/// The colours of GTP by seat: seat 0 (who moves first) is Black.
pub const COLOURS: [&str; 2] = ["b", "w"];

/// The commands [`serve`] knows, as `list_commands` lists them.
pub const COMMANDS: &[&str] = &[
    "protocol_version",
    "name",
    "version",
    "known_command",
    "list_commands",
    "quit",
    "boardsize",
    "clear_board",
    "komi",
    "play",
    "genmove",
    "undo",
    "time_settings",
    "time_left",
    "final_score",
    "final_status_list",
    "showboard",
];

/// One line of an engine's output, as the response grammar reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    /// The first line of a response: `=ID text` (success) or `?ID text` (failure).
    Head {
        /// The id it echoes, if any.
        id: Option<u32>,
        /// `=`: the command succeeded.
        success: bool,
        /// The text after the id (may be empty).
        text: String,
    },
    /// An empty line: the end of a response.
    Blank,
    /// Any other line: more of the current response (or, outside one, garbage).
    Text(String),
}

/// Reads one line of an engine's output. A head's id is the digits right after `=`/`?`.
pub fn parse_line(line: &str) -> Result<Line, String> {
    let line = line.trim_end_matches(['\r', '\n']);
    if line.trim().is_empty() {
        return Ok(Line::Blank);
    }
    let success = match line.as_bytes()[0] {
        b'=' => true,
        b'?' => false,
        _ => return Ok(Line::Text(line.to_string())),
    };
    let rest = &line[1..];
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    let id = match digits {
        0 => None,
        _ => Some(
            rest[..digits]
                .parse::<u32>()
                .map_err(|_| format!("response id too large: '{}'", cut(line)))?,
        ),
    };
    let text = &rest[digits..];
    if !text.is_empty() && !text.starts_with([' ', '\t']) {
        return Err(format!("no blank after the response's id: '{}'", cut(line)));
    }
    Ok(Line::Head {
        id,
        success,
        text: text.trim().to_string(),
    })
}

/// A whole response: its id, success, and its text (lines joined by `\n`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Response {
    /// The id it echoes, if any.
    pub id: Option<u32>,
    /// `=`: the command succeeded.
    pub success: bool,
    /// Its text (the first line's after the id, then the following lines).
    pub text: String,
}

/// What one line did to the response being read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// A response began (its first line: id, success, text so far).
    Began(Response),
    /// A line of the response under way.
    More(String),
    /// The response under way ended: the whole of it.
    Ended(Response),
    /// An empty line between responses.
    Idle,
}

/// Reads an engine's lines into responses: a head opens one, an empty line closes it.
#[derive(Clone, Debug, Default)]
pub struct Responses {
    open: Option<Response>,
}

impl Responses {
    /// Reads the next line; an error says why it is not GTP (a line outside any response
    /// that is not a head, a malformed head).
    pub fn feed(&mut self, line: &str) -> Result<Step, String> {
        match (parse_line(line), &mut self.open) {
            (Ok(Line::Blank), open) => Ok(match open.take() {
                Some(r) => Step::Ended(r),
                None => Step::Idle,
            }),
            // Inside a response every line is its text, even one that starts with `=`.
            (_, Some(open)) => {
                let text = line.trim_end_matches(['\r', '\n']).to_string();
                if !open.text.is_empty() {
                    open.text.push('\n');
                }
                open.text.push_str(&text);
                Ok(Step::More(text))
            }
            (Ok(Line::Head { id, success, text }), None) => {
                let r = Response { id, success, text };
                self.open = Some(r.clone());
                Ok(Step::Began(r))
            }
            (Ok(Line::Text(text)), None) => Err(format!("not a GTP response: '{}'", cut(&text))),
            (Err(e), None) => Err(e),
        }
    }

    /// A response is under way.
    pub fn is_open(&self) -> bool {
        self.open.is_some()
    }
}

/// What a command sent by the referee was, to read its answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Sent {
    /// A handshake question (`protocol_version`, `name`, a setting) and its text: its whole
    /// answer is needed.
    Question(Question, String),
    /// A setting or a move told: success is all it says.
    Told(String),
    /// `genmove`: the answer is the move.
    GenMove(String),
}

/// The questions of the handshake, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Question {
    ProtocolVersion,
    Name,
    Version,
    ListCommands,
    /// A game setting (`boardsize`, `clear_board`, `komi`): the handshake waits for it, so
    /// that a refusal fails it.
    Setting,
}

/// The referee's side of GTP for one engine in one game.
#[derive(Clone, Debug, Default)]
pub struct Gtp {
    next_id: u32,
    /// Commands written and not yet answered, oldest first.
    sent: VecDeque<(u32, Sent)>,
    responses: Responses,
    /// Settings for the handshake, from the game's parameters (`boardsize 9`, `komi 7.5`).
    pub(crate) settings: Vec<String>,
    /// The engine's `name` and `version`.
    engine_name: Option<String>,
    engine_version: Option<String>,
    /// The commands it listed.
    known: Vec<String>,
    /// Settings still to send in the handshake.
    to_set: VecDeque<String>,
    /// Moves of the game the engine was told of, its own included.
    told: usize,
    /// `time_settings` was sent (on the first turn).
    timed: bool,
    /// This engine's seat (0: Black, who moves first).
    seat: usize,
}

impl Gtp {
    /// The name and version the engine gave, once it has shaken hands.
    pub fn engine_name(&self) -> Option<String> {
        let name = self.engine_name.as_deref()?;
        Some(match self.engine_version.as_deref() {
            Some(v) if !v.is_empty() => format!("{name} {v}"),
            _ => name.to_string(),
        })
    }

    /// Whether the engine listed `command`.
    pub fn knows(&self, command: &str) -> bool {
        self.known.iter().any(|k| k == command)
    }

    /// A command with the next id, remembered as `what`.
    pub(crate) fn command(&mut self, text: String, what: Sent) -> String {
        self.next_id += 1;
        self.sent.push_back((self.next_id, what));
        format!("{} {text}", self.next_id)
    }

    /// A handshake question with the next id.
    fn ask(&mut self, question: Question, text: &str) -> Handshake {
        let line = self.command(text.to_string(), Sent::Question(question, text.to_string()));
        Handshake::Await {
            write: vec![line],
            patience: None,
        }
    }

    /// The command a response answers: the oldest open one, whose id it must echo if it
    /// gives one.
    fn answered(&mut self, id: Option<u32>, line: &str) -> Result<(u32, Sent), String> {
        let Some((oldest, _)) = self.sent.front() else {
            return Err(format!("an answer to no command: '{}'", cut(line)));
        };
        if let Some(id) = id
            && id != *oldest
        {
            return Err(format!(
                "answer with id {id} where command {oldest} was due: '{}'",
                cut(line)
            ));
        }
        Ok(self.sent.pop_front().expect("an open command"))
    }

    /// The next step of the handshake after the whole answer `r` to `question`.
    fn after(&mut self, question: Question, r: &Response, command: &str) -> Handshake {
        if !r.success {
            return Handshake::Failed(refusal(command, &r.text));
        }
        match question {
            Question::ProtocolVersion if r.text.trim() != "2" => Handshake::Failed(format!(
                "protocol_version answered '{}': only GTP version 2 is spoken",
                cut(&r.text)
            )),
            Question::ProtocolVersion => self.ask(Question::Name, "name"),
            Question::Name => {
                self.engine_name = Some(r.text.trim().to_string());
                self.ask(Question::Version, "version")
            }
            Question::Version => {
                self.engine_version = Some(r.text.trim().to_string());
                self.ask(Question::ListCommands, "list_commands")
            }
            Question::ListCommands => {
                self.known = r
                    .text
                    .lines()
                    .map(str::trim)
                    .filter(|l| !l.is_empty())
                    .map(str::to_string)
                    .collect();
                self.to_set = self.settings.iter().cloned().collect();
                self.next_setting()
            }
            Question::Setting => self.next_setting(),
        }
    }

    /// Sends the next game setting, or ends the handshake.
    fn next_setting(&mut self) -> Handshake {
        match self.to_set.pop_front() {
            Some(setting) => self.ask(Question::Setting, &setting),
            None => Handshake::Done(Vec::new()),
        }
    }

    /// `play COLOUR MOVE` for the next move the engine has not seen.
    fn tell(&mut self, mv: &str) -> String {
        let text = format!("play {} {mv}", colour(self.told));
        self.told += 1;
        self.command(text.clone(), Sent::Told(text))
    }
}

/// The colour of the mover of ply `ply` (from 0): moves alternate from Black.
fn colour(ply: usize) -> &'static str {
    COLOURS[ply % 2]
}

/// The fault text of an error answer to `command`.
fn refusal(command: &str, text: &str) -> String {
    let text = text.trim();
    if text.is_empty() {
        format!("the engine refused `{command}` (no message)")
    } else {
        format!("the engine refused `{command}`: {}", cut(text))
    }
}

/// Whole seconds, as GTP writes times (rounded down: an engine is never told of time it
/// does not have). A byo-yomi period is at least 1 s (0 would read as no limit), so a
/// cap under a second a move cannot be told exactly.
fn seconds(d: Duration) -> u64 {
    d.as_secs()
}

impl Dialogue for Gtp {
    fn name(&self) -> &'static str {
        "gtp"
    }

    /// `size` becomes `boardsize N` and `komi` becomes `komi K`; a board is cleared
    /// after its size is set. `rows` and `columns` (Clobber) are a size when they are equal:
    /// GTP's boards are square. GTP has no command for other parameters (a repetition
    /// rule): they are the program's command line's business.
    fn parameters(&mut self, parameters: &[(&str, String)]) -> Result<(), String> {
        self.settings.clear();
        let mut size = None;
        let mut komi = None;
        let mut sides = [None, None];
        let whole = |name: &str, value: &str| {
            value
                .parse::<u32>()
                .map_err(|_| format!("{name} '{value}': expected a whole number"))
        };
        for (name, value) in parameters {
            match *name {
                "size" => size = Some(whole(name, value)?),
                "rows" => sides[0] = Some(whole(name, value)?),
                "columns" => sides[1] = Some(whole(name, value)?),
                "komi" => {
                    let k: f64 = value
                        .parse()
                        .map_err(|_| format!("komi '{value}': expected a number"))?;
                    komi = Some(k);
                }
                _ => {}
            }
        }
        match sides {
            [Some(rows), Some(columns)] if rows != columns => {
                return Err(format!(
                    "{rows} rows and {columns} columns: GTP's boardsize sets a square board"
                ));
            }
            [Some(n), Some(_)] => size = Some(n),
            _ => {}
        }
        if let Some(n) = size {
            self.settings.push(format!("boardsize {n}"));
        }
        self.settings.push("clear_board".into());
        if let Some(k) = komi {
            self.settings.push(format!("komi {k}"));
        }
        Ok(())
    }

    fn handshake(&mut self, heard: Heard<'_>) -> Handshake {
        let line = match heard {
            Heard::Started => {
                if self.settings.is_empty() {
                    self.settings.push("clear_board".into());
                }
                return self.ask(Question::ProtocolVersion, "protocol_version");
            }
            Heard::Silence => {
                return Handshake::Await {
                    write: Vec::new(),
                    patience: None,
                };
            }
            Heard::Line(line) => line,
        };
        let waiting = Handshake::Await {
            write: Vec::new(),
            patience: None,
        };
        let response = match self.responses.feed(line) {
            // Engines may write a banner before their first answer.
            Err(_) if self.next_id == 1 => return waiting,
            Err(e) => return Handshake::Failed(e),
            Ok(Step::Ended(r)) => r,
            Ok(_) => return waiting,
        };
        match self.answered(response.id, &response.text) {
            Ok((_, Sent::Question(q, command))) => self.after(q, &response, &command),
            Ok((id, _)) => Handshake::Failed(format!("an answer to no handshake command: {id}")),
            Err(e) => Handshake::Failed(e),
        }
    }

    /// GTP is a dialogue of two seats: seat 0, who moves first, is Black (`b`).
    fn open(&mut self, seat: usize, _seats: usize) -> Vec<String> {
        self.seat = seat;
        Vec::new()
    }

    fn request(&mut self, request: &Request<'_>) -> Vec<String> {
        let mut lines = Vec::new();
        let me = colour(self.seat);
        if !self.timed && self.knows("time_settings") {
            self.timed = true;
            let setting = match (request.move_cap, request.moves_to_go) {
                (Some(cap), _) => format!("time_settings 0 {} 1", seconds(cap).max(1)),
                (None, Some(n)) => format!("time_settings 0 {} {n}", seconds(request.left)),
                (None, None) => format!("time_settings {} 0 0", seconds(request.left)),
            };
            lines.push(self.command(setting.clone(), Sent::Told(setting)));
        }
        while self.told < request.moves.len() {
            let mv = request.moves[self.told].clone();
            lines.push(self.tell(&mv));
        }
        if self.knows("time_left") {
            let left = match (request.move_cap, request.moves_to_go) {
                (Some(cap), _) => format!("time_left {me} {} 1", seconds(cap).max(1)),
                (None, Some(n)) => format!("time_left {me} {} {n}", seconds(request.left)),
                (None, None) => format!("time_left {me} {} 0", seconds(request.left)),
            };
            lines.push(self.command(left.clone(), Sent::Told(left)));
        }
        let genmove = format!("genmove {me}");
        lines.push(self.command(genmove.clone(), Sent::GenMove(genmove)));
        lines
    }

    fn inform(&mut self, mv: &str) -> Vec<String> {
        vec![self.tell(mv)]
    }

    fn read(&mut self, line: &str) -> ReplyLine {
        let head = match self.responses.feed(line) {
            Err(e) => return ReplyLine::Garbled(e),
            Ok(Step::Began(r)) => r,
            Ok(Step::More(_) | Step::Ended(_) | Step::Idle) => return ReplyLine::Ignore,
        };
        let (_, what) = match self.answered(head.id, line) {
            Ok(answered) => answered,
            Err(e) => return ReplyLine::Garbled(e),
        };
        match (what, head.success) {
            (Sent::GenMove(command) | Sent::Told(command), false) => {
                ReplyLine::Refused(refusal(&command, &head.text))
            }
            (Sent::Question(_, command), false) => {
                ReplyLine::Refused(refusal(&command, &head.text))
            }
            (Sent::GenMove(_), true) => {
                let mut words = head.text.split_whitespace();
                match (words.next(), words.next()) {
                    (Some(mv), None) if mv.eq_ignore_ascii_case("resign") => ReplyLine::Resign,
                    (Some(mv), None) => {
                        // The engine played it on its own board.
                        self.told += 1;
                        if mv.eq_ignore_ascii_case("pass") {
                            ReplyLine::Move("pass".into())
                        } else {
                            ReplyLine::Move(mv.to_string())
                        }
                    }
                    (None, _) => ReplyLine::Garbled("`genmove` answered without a move".into()),
                    (Some(_), Some(_)) => ReplyLine::Garbled(format!(
                        "`genmove` answered more than a move: '{}'",
                        cut(&head.text)
                    )),
                }
            }
            (Sent::Told(_) | Sent::Question(..), true) => ReplyLine::Ignore,
        }
    }

    fn stopped(&mut self) -> Vec<String> {
        Vec::new()
    }

    fn close(&mut self) -> Vec<String> {
        vec![self.command("quit".into(), Sent::Told("quit".into()))]
    }
}

/// A command the player's side reads.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// `protocol_version`
    ProtocolVersion,
    /// `name`
    Name,
    /// `version`
    Version,
    /// `known_command NAME`
    KnownCommand(String),
    /// `list_commands`
    ListCommands,
    /// `quit`
    Quit,
    /// `boardsize N`
    BoardSize(u32),
    /// `clear_board`
    ClearBoard,
    /// `komi K` (the number as text, normalised: `7.5`, `6`)
    Komi(String),
    /// `play COLOUR POINT` (a seat, and the point as written or `pass`)
    Play(usize, String),
    /// `genmove COLOUR`
    GenMove(usize),
    /// `undo`
    Undo,
    /// `time_settings MAIN BYO_YOMI STONES`
    TimeSettings {
        /// Main time.
        main: Duration,
        /// Byo-yomi time of a period.
        byo_yomi: Duration,
        /// Stones to play in a period (0 with a byo-yomi time: no time limit).
        stones: u32,
    },
    /// `time_left COLOUR SECONDS STONES`
    TimeLeft {
        /// The seat.
        seat: usize,
        /// Time left (in the main time, or in the period).
        left: Duration,
        /// Stones left to play in the period (0: main time).
        stones: u32,
    },
    /// `final_score`
    FinalScore,
    /// `final_status_list STATUS`
    FinalStatusList(String),
    /// `showboard`
    ShowBoard,
}

/// A command line as the specification says to read it: control characters dropped (a
/// tab becomes a blank), a `#` comment cut off; `None` for a line that is then empty.
/// Otherwise the id (a leading whole number) and the command or why it is not one.
pub fn parse_command(line: &str) -> Option<(Option<u32>, Result<Command, String>)> {
    let clean: String = line
        .chars()
        .take_while(|&c| c != '#')
        .filter_map(|c| match c {
            '\t' => Some(' '),
            c if c.is_control() => None,
            c => Some(c),
        })
        .collect();
    let mut words = clean.split_whitespace().peekable();
    let first = *words.peek()?;
    let id = match first.parse::<u32>() {
        Ok(id) => {
            words.next();
            Some(id)
        }
        Err(_) => None,
    };
    let Some(name) = words.next() else {
        return Some((id, Err("an id without a command".into())));
    };
    let args: Vec<&str> = words.collect();
    Some((id, command(name, &args)))
}

/// A seat from a colour word (`b`, `black`, `w`, `white`, any case).
fn seat_of(word: &str) -> Result<usize, String> {
    match word.to_ascii_lowercase().as_str() {
        "b" | "black" => Ok(0),
        "w" | "white" => Ok(1),
        _ => Err(format!("invalid color '{word}'")),
    }
}

/// A time in seconds (a whole number in the specification; a fraction is accepted).
fn time_of(word: &str) -> Result<Duration, String> {
    word.parse::<f64>()
        .ok()
        .and_then(|s| Duration::try_from_secs_f64(s).ok())
        .ok_or_else(|| format!("'{word}' is not a time in seconds"))
}

/// A count of stones.
fn stones_of(word: &str) -> Result<u32, String> {
    word.parse()
        .map_err(|_| format!("'{word}' is not a number of stones"))
}

/// The command `name` with its arguments.
fn command(name: &str, args: &[&str]) -> Result<Command, String> {
    let want = |n: usize| {
        if args.len() == n {
            Ok(())
        } else {
            Err(format!(
                "syntax error: {name} takes {n} argument{}, {} given",
                if n == 1 { "" } else { "s" },
                args.len()
            ))
        }
    };
    Ok(match name {
        "protocol_version" => Command::ProtocolVersion,
        "name" => Command::Name,
        "version" => Command::Version,
        "list_commands" => Command::ListCommands,
        "quit" => Command::Quit,
        "clear_board" => Command::ClearBoard,
        "undo" => Command::Undo,
        "final_score" => Command::FinalScore,
        "showboard" => Command::ShowBoard,
        "known_command" => {
            want(1)?;
            Command::KnownCommand(args[0].to_string())
        }
        "boardsize" => {
            want(1)?;
            Command::BoardSize(
                args[0]
                    .parse()
                    .map_err(|_| format!("boardsize '{}': not a whole number", args[0]))?,
            )
        }
        "komi" => {
            want(1)?;
            let k: f64 = args[0]
                .parse()
                .ok()
                .filter(|k: &f64| k.is_finite())
                .ok_or_else(|| format!("komi '{}': not a number", args[0]))?;
            Command::Komi(k.to_string())
        }
        "play" => {
            want(2)?;
            let point = if args[1].eq_ignore_ascii_case("pass") {
                "pass".to_string()
            } else {
                args[1].to_string()
            };
            Command::Play(seat_of(args[0])?, point)
        }
        "genmove" => {
            want(1)?;
            Command::GenMove(seat_of(args[0])?)
        }
        "time_settings" => {
            want(3)?;
            Command::TimeSettings {
                main: time_of(args[0])?,
                byo_yomi: time_of(args[1])?,
                stones: stones_of(args[2])?,
            }
        }
        "time_left" => {
            want(3)?;
            Command::TimeLeft {
                seat: seat_of(args[0])?,
                left: time_of(args[1])?,
                stones: stones_of(args[2])?,
            }
        }
        "final_status_list" => {
            want(1)?;
            Command::FinalStatusList(args[0].to_ascii_lowercase())
        }
        _ => return Err("unknown command".into()),
    })
}

/// The clock as the controller set it: the time control and each colour's time left.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Clock {
    /// `time_settings`: main time, byo-yomi time, stones per period.
    settings: Option<(Duration, Duration, u32)>,
    /// `time_left` by seat: time and stones left in the period (0: main time).
    left: [Option<(Duration, u32)>; 2],
}

impl Clock {
    /// The time control's start for a seat without `time_left`: `None` for no limit.
    fn start(&self) -> Option<(Duration, u32)> {
        let (main, byo, stones) = self.settings?;
        if !main.is_zero() {
            Some((main, 0))
        } else if !byo.is_zero() && stones > 0 {
            Some((byo, stones))
        } else {
            None
        }
    }

    /// The limits of `seat`'s search: both clocks (the other's as ours when unknown) and
    /// the stones of the period; [`UNTIMED_MOVE_TIME`] a move without a time limit.
    fn go(&self, seat: usize) -> Go {
        // Byo-yomi time with no stones is GTP's "no time limit".
        let unlimited = matches!(self.settings, Some((_, byo, 0)) if !byo.is_zero());
        let time = |s: usize| self.left[s].or_else(|| self.start());
        match time(seat) {
            Some((ours, stones)) if !unlimited => {
                let theirs = time(1 - seat).map_or(ours, |t| t.0);
                let mut clocks = vec![ours, theirs];
                if seat == 1 {
                    clocks.swap(0, 1);
                }
                Go {
                    clocks,
                    increments: vec![Duration::ZERO; 2],
                    moves_to_go: (stones > 0).then_some(stones),
                    ..Go::default()
                }
            }
            _ => Go {
                move_time: Some(UNTIMED_MOVE_TIME),
                ..Go::default()
            },
        }
    }
}

/// A score difference as GTP writes it: `B+3.5`, `W+12`, `0`.
pub fn score_text(black_minus_white: f64) -> String {
    let d = black_minus_white;
    if d == 0.0 {
        "0".into()
    } else if d > 0.0 {
        format!("B+{d}")
    } else {
        format!("W+{}", -d)
    }
}

/// The game the player's side keeps: the moves so far (set on the thinker after each
/// change), the clock, a resignation.
pub(crate) struct Table<'a> {
    pub(crate) thinker: &'a mut dyn Thinker,
    pub(crate) moves: Vec<String>,
    pub(crate) clock: Clock,
    /// The seat that resigned (through `genmove`), if any.
    pub(crate) resigned: Option<usize>,
}

impl Table<'_> {
    /// A new game on the thinker's board.
    fn clear(&mut self) {
        self.thinker.new_game();
        self.moves.clear();
        self.resigned = None;
    }

    /// Sets the thinker to the moves with `mv` added; on an error nothing changes.
    fn push(&mut self, mv: String) -> Result<(), String> {
        self.moves.push(mv);
        if let Err(e) = self.thinker.set_position(None, &self.moves) {
            self.moves.pop();
            // Keep the thinker where it was (its position set is the last good one).
            let _ = self.thinker.set_position(None, &self.moves);
            return Err(e);
        }
        Ok(())
    }

    /// `seat` must be the one to move.
    fn on_move(&self, seat: usize) -> Result<(), String> {
        let to_move = self.thinker.to_move();
        if to_move == seat {
            Ok(())
        } else {
            Err(format!(
                "illegal move ({} is to play)",
                COLOURS.get(to_move).copied().unwrap_or("nobody")
            ))
        }
    }

    /// Answers one command: the response's text, or the error's.
    pub(crate) fn answer(&mut self, command: Command) -> Result<String, String> {
        match command {
            Command::ProtocolVersion => Ok("2".into()),
            Command::Name => Ok(self.thinker.name()),
            Command::Version => Ok(env!("CARGO_PKG_VERSION").into()),
            Command::KnownCommand(name) => Ok(COMMANDS.contains(&name.as_str()).to_string()),
            Command::ListCommands => Ok(COMMANDS.join("\n")),
            Command::Quit => Ok(String::new()),
            Command::BoardSize(n) => {
                self.thinker
                    .set_parameter("size", &n.to_string())
                    .map_err(|_| "unacceptable size".to_string())?;
                self.clear();
                Ok(String::new())
            }
            Command::ClearBoard => {
                self.clear();
                Ok(String::new())
            }
            Command::Komi(k) => {
                self.thinker.set_parameter("komi", &k)?;
                Ok(String::new())
            }
            Command::Play(seat, point) => {
                self.on_move(seat)?;
                self.push(point)
                    .map_err(|e| format!("illegal move ({e})"))?;
                Ok(String::new())
            }
            Command::GenMove(seat) => {
                if self.thinker.is_over() {
                    return Err("the game is over".into());
                }
                self.on_move(seat)?;
                let go = self.clock.go(seat);
                let stop = Arc::new(AtomicBool::new(false));
                let mv = self.thinker.think(&go, &stop, &mut |_: &Thinking| {})?;
                if self.thinker.resigns() {
                    self.resigned = Some(seat);
                    return Ok("resign".into());
                }
                self.push(mv.clone())
                    .map_err(|e| format!("the engine's own move '{mv}': {e}"))?;
                Ok(mv)
            }
            Command::Undo => {
                let Some(last) = self.moves.pop() else {
                    return Err("cannot undo".into());
                };
                if let Err(e) = self.thinker.set_position(None, &self.moves) {
                    self.moves.push(last);
                    return Err(format!("cannot undo: {e}"));
                }
                self.resigned = None;
                Ok(String::new())
            }
            Command::TimeSettings {
                main,
                byo_yomi,
                stones,
            } => {
                self.clock = Clock {
                    settings: Some((main, byo_yomi, stones)),
                    left: [None; 2],
                };
                Ok(String::new())
            }
            Command::TimeLeft { seat, left, stones } => {
                self.clock.left[seat] = Some((left, stones));
                Ok(String::new())
            }
            Command::FinalScore => {
                if let Some(seat) = self.resigned {
                    return Ok(format!("{}+R", COLOURS[1 - seat].to_ascii_uppercase()));
                }
                if let Some(points) = self.thinker.points() {
                    return match points[..] {
                        [black, white] => Ok(score_text(black - white)),
                        _ => Err("cannot score this game".into()),
                    };
                }
                // A game decided without a score: the winner and no margin, as HTP writes.
                match self.thinker.result().as_deref() {
                    Some([black, white]) if black > white => Ok("B+".into()),
                    Some([black, white]) if white > black => Ok("W+".into()),
                    Some([_, _]) => Ok("0".into()),
                    None if !self.thinker.is_over() => {
                        Err("cannot score: the game is not over".into())
                    }
                    _ => Err("cannot score this game".into()),
                }
            }
            // The engine plays on until every dead stone is captured and the rules score
            // the board as it stands: no stone on it is dead.
            Command::FinalStatusList(status) => match status.as_str() {
                "dead" => Ok(String::new()),
                _ => Err(format!(
                    "final_status_list {status} is not supported (only dead: stones are \
                     scored as they stand, dead ones are captured in play)"
                )),
            },
            Command::ShowBoard => Ok(format!("\n{}", self.thinker.board_text())),
        }
    }
}

/// Writes one response: `=ID text` or `?ID text` and the empty line that ends it (empty
/// lines inside the text are dropped: they would end it early).
pub(crate) fn respond(
    out: &mut dyn Write,
    id: Option<u32>,
    answer: &Result<String, String>,
) -> std::io::Result<()> {
    let (sign, text) = match answer {
        Ok(text) => ('=', text),
        Err(text) => ('?', text),
    };
    let id = id.map(|i| i.to_string()).unwrap_or_default();
    let mut lines = text.split('\n');
    let first = lines.next().unwrap_or_default().trim_end();
    let mut response = if first.is_empty() {
        format!("{sign}{id}")
    } else {
        format!("{sign}{id} {first}")
    };
    for line in lines.map(str::trim_end).filter(|l| !l.is_empty()) {
        response.push('\n');
        response.push_str(line);
    }
    write!(out, "{response}\n\n")?;
    out.flush()
}

/// Speaks GTP for `thinker` until `quit` or the end of the input, one command at a time
/// (GTP has no command that interrupts a search). Errors are answered `? message`, as the
/// specification says; the game is kept as the moves so far, each checked by the thinker.
pub fn serve(
    mut input: Box<dyn BufRead + Send>,
    mut output: Box<dyn Write + Send>,
    thinker: &mut dyn Thinker,
) -> Result<ServeEnd, ServeError> {
    let mut table = Table {
        thinker,
        moves: Vec::new(),
        clock: Clock::default(),
        resigned: None,
    };
    table.thinker.new_game();
    while let Some(line) = crate::read_line(&mut *input)? {
        let Some((id, command)) = parse_command(&line) else {
            continue;
        };
        let quit = command == Ok(Command::Quit);
        let answer = command.and_then(|c| table.answer(c));
        respond(&mut *output, id, &answer)?;
        if quit {
            return Ok(ServeEnd::Ended);
        }
    }
    Ok(ServeEnd::Eof)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The lines of a step that waits for an answer.
    fn awaited(h: Handshake) -> Vec<String> {
        match h {
            Handshake::Await { write, .. } => write,
            other => panic!("expected to wait, got {other:?}"),
        }
    }

    /// Feeds an engine's lines to the handshake; the last step.
    fn hear(d: &mut Gtp, lines: &[&str]) -> Handshake {
        let mut last = None;
        for line in lines {
            last = Some(d.handshake(Heard::Line(line)));
        }
        last.expect("lines")
    }

    fn ready_dialogue(known: &str) -> Gtp {
        let mut d = Gtp::default();
        d.parameters(&[
            ("size", "9".into()),
            ("komi", "7.5".into()),
            ("superko", "1".into()),
        ])
        .unwrap();
        assert_eq!(awaited(d.handshake(Heard::Started)), ["1 protocol_version"]);
        assert_eq!(awaited(hear(&mut d, &["=1 2", ""])), ["2 name"]);
        assert_eq!(awaited(hear(&mut d, &["=2 GNU Go", ""])), ["3 version"]);
        assert_eq!(awaited(hear(&mut d, &["=3 3.8", ""])), ["4 list_commands"]);
        let mut list = vec!["=4 protocol_version"];
        list.extend(known.split(' '));
        list.push("");
        assert_eq!(awaited(hear(&mut d, &list)), ["5 boardsize 9"]);
        assert_eq!(awaited(hear(&mut d, &["=5", ""])), ["6 clear_board"]);
        assert_eq!(awaited(hear(&mut d, &["= ", ""])), ["7 komi 7.5"]);
        assert_eq!(hear(&mut d, &["=7", ""]), Handshake::Done(vec![]));
        assert_eq!(d.engine_name().as_deref(), Some("GNU Go 3.8"));
        d
    }

    #[test]
    fn lines_are_heads_with_or_without_ids_blanks_or_text() {
        let head = |id, success, text: &str| Line::Head {
            id,
            success,
            text: text.into(),
        };
        assert_eq!(parse_line("=12 D4"), Ok(head(Some(12), true, "D4")));
        assert_eq!(parse_line("= D4\r"), Ok(head(None, true, "D4")));
        assert_eq!(parse_line("=3 "), Ok(head(Some(3), true, "")));
        assert_eq!(parse_line("="), Ok(head(None, true, "")));
        assert_eq!(
            parse_line("?7 illegal move"),
            Ok(head(Some(7), false, "illegal move"))
        );
        assert_eq!(parse_line("?"), Ok(head(None, false, "")));
        assert_eq!(parse_line(""), Ok(Line::Blank));
        assert_eq!(parse_line("  \r"), Ok(Line::Blank));
        assert_eq!(parse_line("A B C"), Ok(Line::Text("A B C".into())));
        assert!(parse_line("=12D4").unwrap_err().contains("no blank"));
        assert!(
            parse_line("=99999999999 x")
                .unwrap_err()
                .contains("too large")
        );
    }

    #[test]
    fn responses_span_lines_up_to_an_empty_one() {
        let mut r = Responses::default();
        assert_eq!(r.feed(""), Ok(Step::Idle));
        assert!(matches!(r.feed("=4 protocol_version"), Ok(Step::Began(_))));
        assert!(r.is_open());
        assert_eq!(r.feed("name"), Ok(Step::More("name".into())));
        // Inside a response a line that looks like a head is text.
        assert_eq!(r.feed("= odd"), Ok(Step::More("= odd".into())));
        assert_eq!(
            r.feed(""),
            Ok(Step::Ended(Response {
                id: Some(4),
                success: true,
                text: "protocol_version\nname\n= odd".into()
            }))
        );
        assert!(!r.is_open());
        assert!(r.feed("hello").unwrap_err().contains("not a GTP response"));
        let mut r = Responses::default();
        r.feed("= ").unwrap();
        r.feed("first").unwrap();
        assert_eq!(
            r.feed(""),
            Ok(Step::Ended(Response {
                id: None,
                success: true,
                text: "first".into()
            }))
        );
    }

    #[test]
    fn the_handshake_checks_the_version_and_sets_the_game() {
        let d = ready_dialogue("name version genmove play time_settings time_left");
        assert!(d.knows("time_left") && !d.knows("undo"));

        let mut old = Gtp::default();
        old.handshake(Heard::Started);
        assert!(matches!(
            hear(&mut old, &["=1 1", ""]),
            Handshake::Failed(m) if m.contains("only GTP version 2")
        ));

        // A refused size fails the handshake with the engine's words.
        let mut d = Gtp::default();
        d.parameters(&[("size", "25".into())]).unwrap();
        d.handshake(Heard::Started);
        // A banner before the first answer is allowed.
        hear(&mut d, &["GNU Go 3.8 ready"]);
        hear(&mut d, &["=1 2", ""]);
        hear(&mut d, &["=2 x", ""]);
        hear(&mut d, &["=3 1", ""]);
        assert_eq!(
            awaited(hear(&mut d, &["=4 boardsize", ""])),
            ["5 boardsize 25"]
        );
        assert_eq!(
            hear(&mut d, &["?5 unacceptable size", ""]),
            Handshake::Failed("the engine refused `boardsize 25`: unacceptable size".into())
        );
        // An answer with another id than the one due.
        let mut d = Gtp::default();
        d.handshake(Heard::Started);
        assert!(matches!(
            hear(&mut d, &["=9 2", ""]),
            Handshake::Failed(m) if m.contains("id 9 where command 1 was due")
        ));
        assert!(
            Gtp::default()
                .parameters(&[("size", "nine".into())])
                .is_err()
        );
    }

    #[test]
    fn rows_and_columns_are_a_square_boardsize_or_refused() {
        let mut d = Gtp::default();
        d.parameters(&[("rows", "6".into()), ("columns", "6".into())])
            .unwrap();
        assert_eq!(d.settings, ["boardsize 6", "clear_board"]);
        let e = d
            .parameters(&[("rows", "5".into()), ("columns", "6".into())])
            .unwrap_err();
        assert_eq!(
            e,
            "5 rows and 6 columns: GTP's boardsize sets a square board"
        );
        assert!(d.parameters(&[("rows", "x".into())]).is_err());
    }

    #[test]
    fn the_referee_sends_the_clock_the_new_moves_and_genmove() {
        let mut d = ready_dialogue("play genmove time_settings time_left");
        assert!(d.open(1, 2).is_empty());
        let moves = ["D4".to_string(), "pass".to_string(), "C3".to_string()];
        let clocks = [Duration::from_millis(59_700), Duration::from_millis(60_000)];
        let request = Request {
            last: Some("C3"),
            moves: &moves[..1],
            start: "",
            position: "",
            left: clocks[1],
            increment: Duration::ZERO,
            move_cap: None,
            clocks: &clocks,
            moves_to_go: None,
        };
        assert_eq!(
            d.request(&request),
            [
                "8 time_settings 60 0 0",
                "9 play b D4",
                "10 time_left w 60 0",
                "11 genmove w"
            ]
        );
        // Acknowledgements come whenever the engine writes them, each matched to its id.
        for line in ["=8", "", "= ", "", "=10", ""] {
            assert_eq!(d.read(line), ReplyLine::Ignore, "{line}");
        }
        assert_eq!(d.read("=11 PASS"), ReplyLine::Move("pass".into()));
        assert_eq!(d.read(""), ReplyLine::Ignore);
        // Its own move is not told again: only the opponent's next one.
        let later = Request {
            moves: &moves,
            left: Duration::from_millis(41_900),
            ..request
        };
        assert_eq!(
            d.request(&later),
            ["12 play b C3", "13 time_left w 41 0", "14 genmove w"]
        );
        assert_eq!(
            d.read("?12 illegal move"),
            ReplyLine::Refused("the engine refused `play b C3`: illegal move".into())
        );
        assert_eq!(d.read(""), ReplyLine::Ignore);
        assert!(matches!(d.read("=15 D5"), ReplyLine::Garbled(m) if m.contains("id 15")));
        assert_eq!(d.close(), ["15 quit"]);
    }

    #[test]
    fn genmove_answers_resign_errors_and_garbage() {
        let mut d = ready_dialogue("play genmove");
        let request = Request::after(None);
        assert_eq!(d.request(&request), ["8 genmove b"]);
        assert_eq!(d.read("= resign"), ReplyLine::Resign);
        d.read("");
        assert_eq!(d.request(&request), ["9 genmove b"]);
        assert_eq!(
            d.read("?9 no legal move"),
            ReplyLine::Refused("the engine refused `genmove b`: no legal move".into())
        );
        d.read("");
        d.request(&request);
        assert!(matches!(d.read("=10 D4 E5"), ReplyLine::Garbled(m) if m.contains("more than")));
        d.read("");
        d.request(&request);
        assert!(matches!(d.read("=11"), ReplyLine::Garbled(m) if m.contains("without a move")));
        d.read("");
        assert!(matches!(d.read("=12 D4"), ReplyLine::Garbled(m) if m.contains("no command")));
        d.read("");
        assert!(
            matches!(d.read("thinking..."), ReplyLine::Garbled(m) if m.contains("not a GTP response"))
        );
        // A fixed time a move and a repeating control are byo-yomi.
        let mut d = ready_dialogue("time_settings time_left genmove");
        let capped = Request {
            move_cap: Some(Duration::from_millis(2_500)),
            ..Request::after(None)
        };
        assert_eq!(
            d.request(&capped),
            ["8 time_settings 0 2 1", "9 time_left b 2 1", "10 genmove b"]
        );
        let mut d = ready_dialogue("time_settings genmove");
        let repeating = Request {
            left: Duration::from_secs(300),
            moves_to_go: Some(40),
            ..Request::after(None)
        };
        assert_eq!(
            d.request(&repeating),
            ["8 time_settings 0 300 40", "9 genmove b"]
        );
        // At the end, the opponent's last move is told.
        assert_eq!(d.inform("pass"), ["10 play b pass"]);
    }

    #[test]
    fn commands_are_read_as_the_specification_says() {
        assert_eq!(
            parse_command("12 play B d4"),
            Some((Some(12), Ok(Command::Play(0, "d4".into()))))
        );
        assert_eq!(
            parse_command("play white PASS # a comment"),
            Some((None, Ok(Command::Play(1, "pass".into()))))
        );
        assert_eq!(parse_command("   # only a comment"), None);
        assert_eq!(parse_command(""), None);
        assert_eq!(
            parse_command("genmove\tw\x07"),
            Some((None, Ok(Command::GenMove(1))))
        );
        assert_eq!(
            parse_command("komi 7.50"),
            Some((None, Ok(Command::Komi("7.5".into()))))
        );
        assert_eq!(
            parse_command("3 time_left b 30 0"),
            Some((
                Some(3),
                Ok(Command::TimeLeft {
                    seat: 0,
                    left: Duration::from_secs(30),
                    stones: 0
                })
            ))
        );
        let error = |line| parse_command(line).unwrap().1.unwrap_err();
        assert_eq!(error("time_left b -1 0"), "'-1' is not a time in seconds");
        assert_eq!(
            error("time_left b 1e40 0"),
            "'1e40' is not a time in seconds"
        );
        assert_eq!(error("fly"), "unknown command");
        assert_eq!(error("play x D4"), "invalid color 'x'");
        assert_eq!(
            error("boardsize"),
            "syntax error: boardsize takes 1 argument, 0 given"
        );
        assert_eq!(error("komi lots"), "komi 'lots': not a number");
        assert_eq!(error("7"), "an id without a command");
        assert_eq!(
            error("time_settings 1 2 x"),
            "'x' is not a number of stones"
        );
    }

    #[test]
    fn the_served_clock_follows_the_controller() {
        let mut clock = Clock::default();
        assert_eq!(clock.go(0).move_time, Some(UNTIMED_MOVE_TIME));
        clock.settings = Some((Duration::from_secs(60), Duration::ZERO, 0));
        let go = clock.go(1);
        assert_eq!(go.clocks, [Duration::from_secs(60); 2]);
        assert_eq!(go.moves_to_go, None);
        clock.left[1] = Some((Duration::from_secs(12), 0));
        assert_eq!(
            clock.go(1).clocks,
            [Duration::from_secs(60), Duration::from_secs(12)]
        );
        clock.left[0] = Some((Duration::from_secs(20), 5));
        let go = clock.go(0);
        assert_eq!(
            go.clocks,
            [Duration::from_secs(20), Duration::from_secs(12)]
        );
        assert_eq!(go.moves_to_go, Some(5));
        // Byo-yomi time with no stones: no time limit.
        clock.settings = Some((Duration::ZERO, Duration::from_secs(1), 0));
        assert_eq!(clock.go(0).move_time, Some(UNTIMED_MOVE_TIME));
        assert_eq!(score_text(3.5), "B+3.5");
        assert_eq!(score_text(-12.0), "W+12");
        assert_eq!(score_text(0.0), "0");
    }

    #[test]
    fn responses_are_written_with_ids_and_an_empty_line() {
        let mut out = Vec::new();
        respond(&mut out, Some(3), &Ok("D4".into())).unwrap();
        respond(&mut out, None, &Ok(String::new())).unwrap();
        respond(&mut out, Some(4), &Err("illegal move".into())).unwrap();
        respond(&mut out, Some(5), &Ok("\nA B\n\n1 .".into())).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "=3 D4\n\n=\n\n?4 illegal move\n\n=5\nA B\n1 .\n\n"
        );
    }
}
