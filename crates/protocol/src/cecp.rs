//! CECP, the Chess Engine Communication Protocol of xboard/WinBoard (version 2, as
//! H. G. Muller's page describes it), on both sides.
//!
//! The referee's side, [`Cecp`]: `xboard` and `protover 2`, then the engine's `feature`
//! lines, each answered `accepted` (or `rejected` for `san=1`: moves travel in coordinate
//! notation), up to `done=1`, or two seconds of silence for an engine that sends no
//! `done=0`. Options of the players file become `option NAME=VALUE` (checked against the
//! options the engine listed), and `memory`/`cores` when so named. Each game: `new`,
//! `force`, `post`, `easy`; at the engine's first turn the time control (`level MPS BASE
//! INC`, or `st` for a fixed time per move), `setboard` for another start (edit mode for
//! engines without it), the moves so
//! far, `time`/`otim` and `go`; later turns `time`/`otim` and the opponent's move (as
//! `usermove` when the engine asked for it). Replies: `move M`, `resign`, thinking output
//! (`ply score time nodes pv`) read into [`Thinking`]; the rest of what engines chat is
//! ignored. Seat 0 is White.
//!
//! The player's side, [`serve`], speaks CECP for any [`Thinker`]; `?` makes it move now.

use crate::engine_io::{self, Urgency, cut, no_option};
use crate::thinker::EngineScore;
use crate::{
    Dialogue, Go, Handshake, Heard, OptionKind, ReplyLine, Request, ServeEnd, ServeError, Thinker,
    Thinking, uci::START_FEN,
};
use std::io::{BufRead, Write};
use std::time::Duration;

/// How long an engine that did not ask for more time (`feature done=0`) may take to send
/// its features, as xboard waits.
pub const FEATURE_PATIENCE: Duration = Duration::from_secs(2);

/// Scores at or beyond this mean mate (100,000 + moves, as the protocol's page proposes).
pub const MATE_SCORE: i64 = 100_000;

/// The referee's side of CECP for one engine in one game.
#[derive(Clone, Debug, Default)]
pub struct Cecp {
    /// Options from the players file.
    options: Vec<(String, String)>,
    /// The engine asked for `done=0`: wait for `done=1` however long the start-up limit
    /// allows.
    waiting_for_done: bool,
    /// Features the engine set.
    usermove: bool,
    setboard: bool,
    memory: bool,
    smp: bool,
    /// The options the engine listed (`feature option="NAME -kind ..."`).
    listed: Vec<String>,
    /// The engine's `myname`.
    engine_name: Option<String>,
    /// Moves of the game the engine knows of (its own included).
    known: usize,
    /// The first request of the game was made.
    started: bool,
    /// This engine's seat (0: White).
    seat: usize,
    /// The variant to play, in CECP's name (`fischerandom`), sent after each `new`.
    variant: Option<&'static str>,
    /// The variants the engine named (`feature variants="normal,fischerandom"`).
    variants: Vec<String>,
}

impl Cecp {
    /// The name the engine gave (`feature myname`), once it has shaken hands.
    pub fn engine_name(&self) -> Option<&str> {
        self.engine_name.as_deref()
    }

    /// A move as this engine wants it.
    fn user_move(&self, mv: &str) -> String {
        if self.usermove {
            format!("usermove {mv}")
        } else {
            mv.to_string()
        }
    }

    /// The lines that set the options, or why one cannot be set.
    fn option_lines(&self) -> Result<Vec<String>, String> {
        let mut lines = Vec::new();
        for (name, value) in &self.options {
            if name.eq_ignore_ascii_case("memory") && self.memory {
                lines.push(format!("memory {value}"));
            } else if name.eq_ignore_ascii_case("cores") && self.smp {
                lines.push(format!("cores {value}"));
            } else if let Some(listed) = self.listed.iter().find(|l| l.eq_ignore_ascii_case(name)) {
                lines.push(format!("option {listed}={value}"));
            } else {
                return Err(no_option(name, &self.listed));
            }
        }
        Ok(lines)
    }

    /// The handshake is over: the options, or the failure.
    fn ready(&self, mut write: Vec<String>) -> Handshake {
        if let Some(v) = self.variant
            && !self.variants.iter().any(|named| named == v)
        {
            return Handshake::Failed(format!(
                "the engine cannot play {v} (its variants: {})",
                if self.variants.is_empty() {
                    "none named".to_string()
                } else {
                    self.variants.join(", ")
                }
            ));
        }
        match self.option_lines() {
            Ok(lines) => {
                write.extend(lines);
                Handshake::Done(write)
            }
            Err(e) => Handshake::Failed(e),
        }
    }
}

/// The `key=value` pairs of a `feature` line (values bare or in double quotes).
pub fn parse_features(line: &str) -> Vec<(String, String)> {
    let mut rest = line
        .trim()
        .strip_prefix("feature")
        .unwrap_or("")
        .trim_start();
    let mut pairs = Vec::new();
    while let Some(eq) = rest.find('=') {
        let key = rest[..eq].trim().to_string();
        let after = &rest[eq + 1..];
        let (value, next) = if let Some(quoted) = after.strip_prefix('"') {
            match quoted.find('"') {
                Some(end) => (&quoted[..end], &quoted[end + 1..]),
                None => (quoted, ""),
            }
        } else {
            match after.find(char::is_whitespace) {
                Some(end) => (&after[..end], &after[end..]),
                None => (after, ""),
            }
        };
        pairs.push((key, value.to_string()));
        rest = next.trim_start();
    }
    pairs
}

/// Minutes and seconds as `level` writes a base time: `5`, `0:30`, `1:05`.
fn level_base(d: Duration) -> String {
    let secs = d.as_secs();
    if secs.is_multiple_of(60) {
        format!("{}", secs / 60)
    } else {
        format!("{}:{:02}", secs / 60, secs % 60)
    }
}

/// Seconds as `level` writes an increment: whole, or with up to three decimals.
fn seconds(d: Duration) -> String {
    let ms = d.as_millis();
    if ms.is_multiple_of(1000) {
        format!("{}", ms / 1000)
    } else {
        let text = format!("{}.{:03}", ms / 1000, ms % 1000);
        text.trim_end_matches('0').to_string()
    }
}

/// Centiseconds, as `time` and `otim` write a clock.
fn centiseconds(d: Duration) -> u128 {
    d.as_millis() / 10
}

impl Cecp {
    /// CECP's old way to set up a position, for engines without `setboard` (Fairy-Max):
    /// `edit` keeps the side to move, so for Black a dummy move (a2a3, legal in the start
    /// position after `new`) comes first; then the board is cleared (`#`), White's pieces
    /// are placed (`Ke1`), `c` switches to Black's, `.` leaves. The engine infers castling
    /// from kings and rooks on their home squares; en passant and the move counters cannot
    /// be said in edit mode.
    fn edit_lines(&self, fen: &str) -> Vec<String> {
        let mut fields = fen.split_whitespace();
        let placement = fields.next().unwrap_or("");
        let mut lines = Vec::new();
        if fields.next() == Some("b") {
            lines.push(self.user_move("a2a3"));
        }
        lines.push("edit".into());
        lines.push("#".into());
        let mut white = Vec::new();
        let mut black = Vec::new();
        for (row, rank) in placement.split('/').enumerate() {
            let mut file = 0u8;
            for c in rank.chars() {
                if let Some(empty) = c.to_digit(10) {
                    file += empty as u8;
                    continue;
                }
                let square = format!("{}{}", char::from(b'a' + file), 8 - row);
                let piece = format!("{}{square}", c.to_ascii_uppercase());
                if c.is_ascii_uppercase() {
                    white.push(piece);
                } else {
                    black.push(piece);
                }
                file += 1;
            }
        }
        lines.extend(white);
        lines.push("c".into());
        lines.extend(black);
        lines.push(".".into());
        lines
    }
}

impl Dialogue for Cecp {
    fn name(&self) -> &'static str {
        "cecp"
    }

    fn variant(&mut self, name: &str) -> Result<(), String> {
        match name {
            crate::CHESS960 => {
                self.variant = Some("fischerandom");
                Ok(())
            }
            other => Err(format!(
                "CECP has no variant '{other}' here (it has chess960)"
            )),
        }
    }

    fn configure(&mut self, options: &[(String, String)]) -> Result<(), String> {
        for (name, value) in options {
            if name.contains('=') || name.trim().is_empty() || value.contains('\n') {
                return Err(format!("'{name}={value}' cannot be a CECP option"));
            }
        }
        self.options = options.to_vec();
        Ok(())
    }

    fn handshake(&mut self, heard: Heard<'_>) -> Handshake {
        let patience = |waiting: bool| (!waiting).then_some(FEATURE_PATIENCE);
        let line = match heard {
            Heard::Started => {
                return Handshake::Await {
                    write: vec!["xboard".into(), "protover 2".into()],
                    patience: Some(FEATURE_PATIENCE),
                };
            }
            Heard::Silence if !self.waiting_for_done => return self.ready(Vec::new()),
            Heard::Silence => {
                return Handshake::Await {
                    write: Vec::new(),
                    patience: None,
                };
            }
            Heard::Line(line) => line.trim(),
        };
        if !line.starts_with("feature") {
            // Banners and chat before the features.
            return Handshake::Await {
                write: Vec::new(),
                patience: patience(self.waiting_for_done),
            };
        }
        let mut answers = Vec::new();
        let mut done = false;
        for (key, value) in parse_features(line) {
            let on = value == "1";
            match key.as_str() {
                "done" => {
                    self.waiting_for_done = !on;
                    done = on;
                }
                "usermove" => self.usermove = on,
                "setboard" => self.setboard = on,
                "memory" => self.memory = on,
                "smp" => self.smp = on,
                "myname" => self.engine_name = Some(value.clone()),
                "variants" => {
                    self.variants = value.split(',').map(|v| v.trim().to_string()).collect();
                }
                "option" => {
                    if let Some(name) = value.split(" -").next() {
                        self.listed.push(name.trim().to_string());
                    }
                }
                _ => {}
            }
            // Coordinate moves only: SAN would need the game's knowledge.
            let verdict = if key == "san" && on {
                "rejected"
            } else {
                "accepted"
            };
            if key != "done" {
                answers.push(format!("{verdict} {key}"));
            } else {
                answers.push(format!("accepted {key}"));
            }
        }
        if done {
            self.ready(answers)
        } else {
            Handshake::Await {
                write: answers,
                patience: patience(self.waiting_for_done),
            }
        }
    }

    fn open(&mut self, seat: usize, _seats: usize) -> Vec<String> {
        self.seat = seat;
        self.known = 0;
        self.started = false;
        let mut lines: Vec<String> = vec!["new".into()];
        if let Some(v) = self.variant {
            lines.push(format!("variant {v}"));
        }
        lines.extend(["force", "post", "easy"].map(String::from));
        lines
    }

    fn request(&mut self, request: &Request<'_>) -> Vec<String> {
        let mut lines = Vec::new();
        let seat = self.seat;
        let clock = |lines: &mut Vec<String>| {
            lines.push(format!("time {}", centiseconds(request.left)));
            if let [a, b] = request.clocks {
                let other = if seat == 0 { b } else { a };
                lines.push(format!("otim {}", centiseconds(*other)));
            }
        };
        if !self.started {
            self.started = true;
            if let Some(cap) = request.move_cap {
                lines.push(format!("st {}", cap.as_secs().max(1)));
            } else {
                lines.push(format!(
                    "level {} {} {}",
                    request.moves_to_go.unwrap_or(0),
                    level_base(request.left),
                    seconds(request.increment)
                ));
            }
            if !request.start.is_empty() && request.start != START_FEN {
                if self.setboard {
                    lines.push(format!("setboard {}", request.start));
                } else {
                    lines.extend(self.edit_lines(request.start));
                }
            }
            for mv in request.moves {
                lines.push(self.user_move(mv));
            }
            clock(&mut lines);
            lines.push("go".into());
        } else {
            clock(&mut lines);
            for mv in &request.moves[self.known.min(request.moves.len())..] {
                lines.push(self.user_move(mv));
            }
        }
        // The engine's reply will be the next move of the game.
        self.known = request.moves.len() + 1;
        lines
    }

    fn inform(&mut self, _mv: &str) -> Vec<String> {
        Vec::new()
    }

    fn read(&mut self, line: &str) -> ReplyLine {
        let line = line.trim();
        let mut words = line.split_whitespace();
        let Some(first) = words.next() else {
            return ReplyLine::Ignore;
        };
        match first {
            "move" => match words.next() {
                Some(mv) => ReplyLine::Move(mv.to_string()),
                None => ReplyLine::Garbled("`move` without a move".into()),
            },
            "resign" => ReplyLine::Resign,
            _ if first.starts_with("Illegal") || first.starts_with("Error") => {
                ReplyLine::Garbled(format!("the engine says: {}", cut(line)))
            }
            _ => match parse_thinking(line) {
                Some(t) => ReplyLine::Thinking(t),
                None => ReplyLine::Ignore,
            },
        }
    }

    fn result(&mut self, half_points: &[u32], reason: &str) -> Vec<String> {
        let result = match half_points {
            [a, b] if a > b => "1-0",
            [a, b] if a < b => "0-1",
            _ => "1/2-1/2",
        };
        vec![format!("result {result} {{{reason}}}")]
    }

    fn stopped(&mut self) -> Vec<String> {
        vec!["force".into()]
    }

    fn close(&mut self) -> Vec<String> {
        vec!["quit".into()]
    }
}

/// Reads a thinking line `ply score time nodes [selective speed tbhits \t] pv` (time in
/// centiseconds); `None` for any other line.
pub fn parse_thinking(line: &str) -> Option<Thinking> {
    let (numbers, pv) = match line.split_once('\t') {
        Some((numbers, pv)) => (numbers, Some(pv)),
        None => (line, None),
    };
    let words: Vec<&str> = numbers.split_whitespace().collect();
    let depth: u32 = words.first()?.trim_end_matches(['.', '&']).parse().ok()?;
    let score: i64 = words.get(1)?.parse().ok()?;
    let time_cs: u64 = words.get(2)?.parse().ok()?;
    let nodes: u64 = words.get(3)?.parse().ok()?;
    let score = if score >= MATE_SCORE {
        EngineScore::Mate((score - MATE_SCORE) as i32)
    } else if score <= -MATE_SCORE {
        EngineScore::Mate((score + MATE_SCORE) as i32)
    } else {
        EngineScore::Cp(score as i32)
    };
    let pv_words: Vec<&str> = match pv {
        Some(pv) => pv.split_whitespace().collect(),
        None => words[4..].to_vec(),
    };
    Some(Thinking {
        depth: Some(depth),
        seldepth: None,
        score: Some(score),
        nodes: Some(nodes),
        nps: None,
        time_ms: Some(time_cs * 10),
        pv: pv_words
            .iter()
            .filter(|w| !w.ends_with('.') && !w.starts_with('{') && !w.starts_with('('))
            .map(|w| w.to_string())
            .collect(),
    })
}

/// A command the player's side reads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `xboard`
    Xboard,
    /// `protover N`
    Protover(u32),
    /// `new`
    New,
    /// `setboard FEN`
    SetBoard(String),
    /// `force`
    Force,
    /// `go`
    Go,
    /// `playother`
    PlayOther,
    /// `usermove M`, or a bare move
    UserMove(String),
    /// `level MPS BASE INC`
    Level {
        /// Moves per session (0: all).
        moves: u32,
        /// The base time.
        base: Duration,
        /// The increment.
        increment: Duration,
    },
    /// `st N`
    SearchTime(Duration),
    /// `sd N`
    SearchDepth(u32),
    /// `time N`: the engine's clock
    Time(Duration),
    /// `otim N`: the opponent's clock
    OpponentTime(Duration),
    /// `ping N`
    Ping(String),
    /// `?`: move now
    MoveNow,
    /// `result ...`
    Result,
    /// `post`
    Post,
    /// `nopost`
    NoPost,
    /// `undo`
    Undo,
    /// `remove`
    Remove,
    /// `option NAME=VALUE`
    Option {
        /// The option.
        name: String,
        /// Its value.
        value: String,
    },
    /// `memory N` (MiB)
    Memory(String),
    /// `cores N`
    Cores(String),
    /// `perft N` (not CECP's own: divided perft)
    Perft(u32),
    /// `bench` (not CECP's own: the engine's fixed benchmark)
    Bench,
    /// Commands with nothing to do here (`hard`, `easy`, `random`, `computer`, ...).
    Nothing,
    /// `quit`
    Quit,
}

/// Reads a time in `level`'s form: minutes, or minutes:seconds.
fn parse_base(text: &str) -> Result<Duration, String> {
    let bad = || format!("'{text}' is not minutes or minutes:seconds");
    match text.split_once(':') {
        Some((m, s)) => {
            let m: u64 = m.parse().map_err(|_| bad())?;
            let s: u64 = s.parse().map_err(|_| bad())?;
            Ok(Duration::from_secs(m * 60 + s))
        }
        None => Ok(Duration::from_secs(
            text.parse::<u64>().map_err(|_| bad())? * 60,
        )),
    }
}

/// Reads seconds, whole or decimal.
fn parse_seconds(text: &str) -> Result<Duration, String> {
    text.parse::<f64>()
        .ok()
        .filter(|s| s.is_finite() && *s >= 0.0)
        .map(Duration::from_secs_f64)
        .ok_or_else(|| format!("'{text}' is not a number of seconds"))
}

/// Reads a command line of CECP; errors say what is wrong.
pub fn parse_command(line: &str) -> Result<Command, String> {
    let line = line.trim();
    let (first, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
    let rest = rest.trim();
    let whole = |key: &str| -> Result<u64, String> {
        rest.parse::<u64>()
            .map_err(|_| format!("`{key} {rest}`: expected a whole number"))
    };
    Ok(match first {
        "xboard" => Command::Xboard,
        "protover" => Command::Protover(whole("protover")? as u32),
        "new" => Command::New,
        "setboard" => Command::SetBoard(rest.to_string()),
        "force" => Command::Force,
        "go" => Command::Go,
        "playother" => Command::PlayOther,
        "usermove" => Command::UserMove(rest.to_string()),
        "level" => {
            let w: Vec<&str> = rest.split_whitespace().collect();
            let [moves, base, inc] = w[..] else {
                return Err(format!("`level {rest}`: expected MPS BASE INC"));
            };
            Command::Level {
                moves: moves
                    .parse()
                    .map_err(|_| format!("`level`: '{moves}' is not a move count"))?,
                base: parse_base(base)?,
                increment: parse_seconds(inc)?,
            }
        }
        "st" => Command::SearchTime(parse_seconds(rest)?),
        "sd" => Command::SearchDepth(whole("sd")? as u32),
        "time" => Command::Time(Duration::from_millis(whole("time")? * 10)),
        "otim" => Command::OpponentTime(Duration::from_millis(whole("otim")? * 10)),
        "ping" => Command::Ping(rest.to_string()),
        "?" => Command::MoveNow,
        "result" => Command::Result,
        "post" => Command::Post,
        "nopost" => Command::NoPost,
        "undo" => Command::Undo,
        "remove" => Command::Remove,
        "option" => {
            let (name, value) = rest.split_once('=').unwrap_or((rest, ""));
            Command::Option {
                name: name.trim().to_string(),
                value: value.trim().to_string(),
            }
        }
        "memory" => Command::Memory(rest.to_string()),
        "cores" => Command::Cores(rest.to_string()),
        "perft" => Command::Perft(whole("perft")? as u32),
        "bench" => Command::Bench,
        "quit" => Command::Quit,
        "accepted" | "rejected" | "hard" | "easy" | "random" | "computer" | "name" | "rating"
        | "ics" | "draw" | "hint" | "bk" | "white" | "black" | "analyze" | "exit" | "."
        | "variant" | "nps" | "edit" | "pause" | "resume" | "egtpath" => Command::Nothing,
        // A bare move (when `usermove` was not accepted): letters and digits.
        _ if rest.is_empty()
            && first.len() >= 4
            && first.chars().all(|c| c.is_ascii_alphanumeric()) =>
        {
            Command::UserMove(first.to_string())
        }
        other => return Err(format!("unknown command '{other}'")),
    })
}

fn urgency(line: &str) -> Urgency {
    match line.split_whitespace().next() {
        Some("?") => Urgency::Stop,
        Some("force" | "new" | "result" | "quit" | "setboard" | "undo" | "remove" | "exit") => {
            Urgency::Abort
        }
        _ => Urgency::Forward,
    }
}

fn is_quit(line: &str) -> bool {
    line.split_whitespace().next() == Some("quit")
}

/// The `feature option` text of an option.
fn feature_option(o: &crate::EngineOption) -> String {
    match &o.kind {
        OptionKind::Spin { default, min, max } => {
            format!("feature option=\"{} -spin {default} {min} {max}\"", o.name)
        }
        OptionKind::Check { default } => {
            format!(
                "feature option=\"{} -check {}\"",
                o.name,
                u8::from(*default)
            )
        }
        OptionKind::Text { default } => format!("feature option=\"{} -string {default}\"", o.name),
    }
}

/// The game and clocks as the player's side keeps them.
#[derive(Default)]
struct Table {
    start: Option<String>,
    moves: Vec<String>,
    /// The seat the engine plays; `None` in force mode.
    side: Option<usize>,
    moves_per_session: u32,
    base: Duration,
    increment: Duration,
    fixed: Option<Duration>,
    depth: Option<u32>,
    own: Option<Duration>,
    other: Option<Duration>,
    post: bool,
}

impl Table {
    /// The limits of the engine's next search.
    fn go(&self, to_move: usize) -> Go {
        let own = self.own.unwrap_or(self.base);
        let other = self.other.unwrap_or(self.base);
        let mut go = Go {
            move_time: self.fixed,
            depth: self.depth,
            ..Go::default()
        };
        if self.fixed.is_none() && own > Duration::ZERO {
            go.clocks = if to_move == 0 {
                vec![own, other]
            } else {
                vec![other, own]
            };
            go.increments = vec![self.increment; 2];
            if self.moves_per_session > 0 {
                let played = (self.moves.len() / 2) as u32;
                go.moves_to_go = Some(self.moves_per_session - played % self.moves_per_session);
            }
        }
        go
    }
}

/// Speaks CECP for `thinker` until `quit` or the end of the input. An illegal move or
/// position is answered as the protocol says (`Illegal move: M`, `Error (...)`).
pub fn serve(
    input: Box<dyn BufRead + Send>,
    output: Box<dyn Write + Send>,
    thinker: &mut dyn Thinker,
) -> Result<ServeEnd, ServeError> {
    engine_io::run(input, output, urgency, is_quit, |session, lines| {
        let say = |line: &str| session.write(line);
        let mut table = Table::default();
        let refusal = |e: &str, line: &str| format!("Error ({e}): {line}");
        while let Some((seq, line, command)) =
            engine_io::next_command(session, lines, parse_command, refusal)?
        {
            let mut think = false;
            match command {
                Command::Xboard | Command::Nothing | Command::MoveNow | Command::Result => {
                    if matches!(command, Command::Result) {
                        table.side = None;
                    }
                }
                Command::Protover(_) => {
                    say(&format!(
                        "feature myname=\"{}\" setboard=1 usermove=1 ping=1 san=0 sigint=0 \
                         sigterm=0 colors=0 reuse=1 playother=1 done=0",
                        thinker.name()
                    ))?;
                    for o in thinker.options() {
                        say(&feature_option(&o))?;
                    }
                    say("feature done=1")?;
                }
                Command::New => {
                    thinker.new_game();
                    table.start = None;
                    table.moves.clear();
                    table.side = Some(1);
                    table.fixed = None;
                    table.depth = None;
                    thinker
                        .set_position(None, &[])
                        .map_err(ServeError::Responder)?;
                }
                Command::SetBoard(fen) => match thinker.set_position(Some(&fen), &[]) {
                    Ok(()) => {
                        table.start = Some(fen);
                        table.moves.clear();
                    }
                    Err(e) => say(&format!("tellusererror Illegal position: {e}"))?,
                },
                Command::Force => table.side = None,
                Command::Go => {
                    table.side = Some(thinker.to_move());
                    think = true;
                }
                Command::PlayOther => table.side = Some(1 - thinker.to_move().min(1)),
                Command::UserMove(mv) => {
                    table.moves.push(mv.clone());
                    match thinker.set_position(table.start.as_deref(), &table.moves) {
                        Ok(()) => think = table.side == Some(thinker.to_move()),
                        Err(e) => {
                            table.moves.pop();
                            say(&format!("Illegal move ({e}): {mv}"))?;
                        }
                    }
                }
                Command::Level {
                    moves,
                    base,
                    increment,
                } => {
                    table.moves_per_session = moves;
                    table.base = base;
                    table.increment = increment;
                    table.fixed = None;
                }
                Command::SearchTime(t) => table.fixed = Some(t),
                Command::SearchDepth(d) => table.depth = Some(d),
                Command::Time(t) => table.own = Some(t),
                Command::OpponentTime(t) => table.other = Some(t),
                Command::Ping(n) => say(&format!("pong {n}"))?,
                Command::Post => table.post = true,
                Command::NoPost => table.post = false,
                Command::Undo | Command::Remove => {
                    let n = if matches!(command, Command::Undo) {
                        1
                    } else {
                        2
                    };
                    for _ in 0..n {
                        table.moves.pop();
                    }
                    thinker
                        .set_position(table.start.as_deref(), &table.moves)
                        .map_err(ServeError::Responder)?;
                }
                Command::Option { name, value } => {
                    if let Err(e) = thinker.set_option(&name, &value) {
                        say(&format!("Error ({e}): option"))?;
                    }
                }
                Command::Memory(v) => {
                    if let Err(e) = thinker.set_option("Hash", &v) {
                        say(&format!("Error ({e}): {line}"))?;
                    }
                }
                Command::Cores(v) => {
                    if let Err(e) = thinker.set_option("Threads", &v) {
                        say(&format!("Error ({e}): {line}"))?;
                    }
                }
                Command::Perft(depth) => match thinker.perft(depth) {
                    Ok(counts) => {
                        for (mv, n) in &counts {
                            say(&format!("{mv}: {n}"))?;
                        }
                        say(&format!(
                            "Nodes searched: {}",
                            counts.iter().map(|c| c.1).sum::<u64>()
                        ))?;
                    }
                    Err(e) => say(&format!("Error ({e}): perft"))?,
                },
                Command::Bench => match thinker.bench() {
                    Ok((nodes, time)) => {
                        say(&format!("bench: {nodes} nodes in {} ms", time.as_millis()))?
                    }
                    Err(e) => say(&format!("Error ({e}): bench"))?,
                },
                Command::Quit => return Ok(ServeEnd::Ended),
            }
            if !think || thinker.is_over() {
                continue;
            }
            let go = table.go(thinker.to_move());
            let stop = session.begin_search(seq);
            let post = table.post;
            let mut report = |t: &Thinking| {
                if post {
                    let _ = session.write(&thinking_line(t));
                }
            };
            let chosen = thinker.think(&go, &stop, &mut report);
            session.end_search();
            if session.aborted_after(seq) {
                continue;
            }
            match chosen {
                Ok(_) if thinker.resigns() => say("resign")?,
                Ok(mv) => {
                    table.moves.push(mv.clone());
                    thinker
                        .set_position(table.start.as_deref(), &table.moves)
                        .map_err(ServeError::Responder)?;
                    say(&format!("move {mv}"))?;
                }
                Err(e) => say(&format!("Error ({e}): go"))?,
            }
        }
        Ok(ServeEnd::Eof)
    })
}

/// A thinking line: `ply score time nodes pv` (time in centiseconds).
pub fn thinking_line(t: &Thinking) -> String {
    let score = match t.score {
        Some(EngineScore::Cp(cp)) => i64::from(cp),
        Some(EngineScore::Mate(n)) if n >= 0 => MATE_SCORE + i64::from(n),
        Some(EngineScore::Mate(n)) => -MATE_SCORE + i64::from(n),
        None => 0,
    };
    format!(
        "{} {score} {} {} {}",
        t.depth.unwrap_or(0),
        t.time_ms.unwrap_or(0) / 10,
        t.nodes.unwrap_or(0),
        t.pv.join(" ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn features_are_answered_and_options_set() {
        let mut d = Cecp::default();
        d.configure(&[("memory".into(), "64".into()), ("Style".into(), "2".into())])
            .unwrap();
        match d.handshake(Heard::Started) {
            Handshake::Await { write, patience } => {
                assert_eq!(write, ["xboard", "protover 2"]);
                assert_eq!(patience, Some(FEATURE_PATIENCE));
            }
            other => panic!("{other:?}"),
        }
        assert!(matches!(
            d.handshake(Heard::Line("feature done=0")),
            Handshake::Await { patience: None, .. }
        ));
        // done=0 asked for time: silence is not the end.
        assert!(matches!(
            d.handshake(Heard::Silence),
            Handshake::Await { .. }
        ));
        assert_eq!(
            parse_features(
                r#"feature myname="Fairy-Max 5.0b" usermove=1 san=1 option="Style -spin 1 0 9""#
            ),
            [
                ("myname".to_string(), "Fairy-Max 5.0b".to_string()),
                ("usermove".into(), "1".into()),
                ("san".into(), "1".into()),
                ("option".into(), "Style -spin 1 0 9".into())
            ]
        );
        match d.handshake(Heard::Line(
            r#"feature myname="Fairy-Max 5.0b" usermove=1 san=1 memory=1 option="Style -spin 1 0 9""#,
        )) {
            Handshake::Await { write, .. } => assert_eq!(
                write,
                [
                    "accepted myname",
                    "accepted usermove",
                    "rejected san",
                    "accepted memory",
                    "accepted option"
                ]
            ),
            other => panic!("{other:?}"),
        }
        assert_eq!(
            d.handshake(Heard::Line("feature done=1")),
            Handshake::Done(vec![
                "accepted done".into(),
                "memory 64".into(),
                "option Style=2".into()
            ])
        );
        assert_eq!(d.engine_name(), Some("Fairy-Max 5.0b"));
        // A protover-1 engine: silence ends the handshake.
        let mut old = Cecp::default();
        old.handshake(Heard::Started);
        assert!(matches!(
            old.handshake(Heard::Line("Phalanx XXV")),
            Handshake::Await { .. }
        ));
        assert_eq!(old.handshake(Heard::Silence), Handshake::Done(vec![]));
        let mut missing = Cecp::default();
        missing.configure(&[("Hash".into(), "1".into())]).unwrap();
        missing.handshake(Heard::Started);
        assert!(
            matches!(missing.handshake(Heard::Silence), Handshake::Failed(m) if m.contains("no option 'Hash'"))
        );
    }

    #[test]
    fn the_referee_sets_the_clock_once_then_sends_each_move() {
        let mut d = Cecp {
            usermove: true,
            ..Cecp::default()
        };
        assert_eq!(d.open(1, 2), ["new", "force", "post", "easy"]);
        let moves = vec!["e2e4".to_string()];
        let clocks = [Duration::from_millis(61_000), Duration::from_millis(60_000)];
        let first = Request {
            last: Some("e2e4"),
            moves: &moves,
            start: START_FEN,
            position: "",
            left: clocks[1],
            increment: Duration::from_millis(500),
            move_cap: None,
            clocks: &clocks,
            moves_to_go: None,
        };
        assert_eq!(
            d.request(&first),
            [
                "level 0 1 0.5",
                "usermove e2e4",
                "time 6000",
                "otim 6100",
                "go"
            ]
        );
        let moves = ["e2e4", "e7e5", "g1f3"].map(String::from);
        let clocks = [Duration::from_millis(59_000), Duration::from_millis(58_760)];
        let later = Request {
            moves: &moves,
            left: clocks[1],
            clocks: &clocks,
            ..first
        };
        assert_eq!(
            d.request(&later),
            ["time 5876", "otim 5900", "usermove g1f3"]
        );
        assert_eq!(d.read("move b8c6"), ReplyLine::Move("b8c6".into()));
        assert_eq!(d.read("resign"), ReplyLine::Resign);
        assert!(matches!(
            d.read("Illegal move: e2e5"),
            ReplyLine::Garbled(_)
        ));
        assert_eq!(d.read("tellics say hi"), ReplyLine::Ignore);
        assert_eq!(
            d.result(&[0, 2], "White resigns"),
            ["result 0-1 {White resigns}"]
        );
        assert_eq!(level_base(Duration::from_secs(90)), "1:30");
        assert_eq!(seconds(Duration::from_millis(100)), "0.1");
    }

    #[test]
    fn chess960_is_fischerandom_for_engines_that_name_it() {
        let mut d = Cecp::default();
        d.variant("chess960").unwrap();
        d.handshake(Heard::Started);
        assert!(matches!(
            d.handshake(Heard::Line(
                r#"feature variants="normal,fischerandom" done=1"#
            )),
            Handshake::Done(_)
        ));
        assert_eq!(
            d.open(0, 2),
            ["new", "variant fischerandom", "force", "post", "easy"]
        );
        let mut fm = Cecp::default();
        fm.variant("chess960").unwrap();
        fm.handshake(Heard::Started);
        assert!(matches!(
            fm.handshake(Heard::Line(r#"feature variants="normal,shatranj" done=1"#)),
            Handshake::Failed(m) if m.contains("cannot play fischerandom")
        ));
    }

    #[test]
    fn another_start_is_set_by_setboard_or_else_in_edit_mode() {
        let fen = "r3k2r/8/8/3pP3/8/8/8/4K2R b Kkq - 0 30";
        let clocks = [Duration::from_secs(5); 2];
        let request = Request {
            last: None,
            moves: &[],
            start: fen,
            position: "",
            left: clocks[1],
            increment: Duration::ZERO,
            move_cap: Some(Duration::from_secs(1)),
            clocks: &clocks,
            moves_to_go: None,
        };
        let mut with = Cecp {
            setboard: true,
            ..Cecp::default()
        };
        with.open(1, 2);
        assert_eq!(with.request(&request)[1], format!("setboard {fen}"));
        // Fairy-Max says setboard=0: Black to move needs a move before `edit`.
        let mut without = Cecp {
            usermove: true,
            ..Cecp::default()
        };
        without.open(1, 2);
        assert_eq!(
            without.request(&request),
            [
                "st 1",
                "usermove a2a3",
                "edit",
                "#",
                "Pe5",
                "Ke1",
                "Rh1",
                "c",
                "Ra8",
                "Ke8",
                "Rh8",
                "Pd5",
                ".",
                "time 500",
                "otim 500",
                "go"
            ]
        );
    }

    #[test]
    fn thinking_lines_are_read_once() {
        let t = parse_thinking(" 9 -35 120 456789 e7e5 g1f3 b8c6").unwrap();
        assert_eq!(t.depth, Some(9));
        assert_eq!(t.score, Some(EngineScore::Cp(-35)));
        assert_eq!(t.time_ms, Some(1200));
        assert_eq!(t.nodes, Some(456_789));
        assert_eq!(t.pv, ["e7e5", "g1f3", "b8c6"]);
        assert_eq!(parse_thinking(&thinking_line(&t)), Some(t));
        let mate = parse_thinking("5 100003 10 999 1. Qh5 Nc6 2. Qxf7#").unwrap();
        assert_eq!(mate.score, Some(EngineScore::Mate(3)));
        assert_eq!(mate.pv, ["Qh5", "Nc6", "Qxf7#"]);
        assert_eq!(parse_thinking("feature done=1"), None);
        assert_eq!(parse_thinking("12 x"), None);
    }

    #[test]
    fn commands_are_parsed_with_their_errors() {
        assert_eq!(
            parse_command("level 40 0:30 0.1").unwrap(),
            Command::Level {
                moves: 40,
                base: Duration::from_secs(30),
                increment: Duration::from_millis(100)
            }
        );
        assert_eq!(
            parse_command("time 1234").unwrap(),
            Command::Time(Duration::from_millis(12_340))
        );
        assert_eq!(
            parse_command("e2e4").unwrap(),
            Command::UserMove("e2e4".into())
        );
        assert_eq!(
            parse_command("option Hash=64").unwrap(),
            Command::Option {
                name: "Hash".into(),
                value: "64".into()
            }
        );
        assert!(
            parse_command("level 40 x 0")
                .unwrap_err()
                .contains("minutes")
        );
        assert_eq!(
            parse_command("fly away").unwrap_err(),
            "unknown command 'fly'"
        );
    }
}
