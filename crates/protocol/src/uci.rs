//! UCI, the Universal Chess Interface (Stefan Meyer-Kahlen's specification), on both sides.
//!
//! The referee's side, [`Uci`], runs every game as fastchess and cutechess do: `uci` and
//! the engine's `id`/`option` lines up to `uciok`; `setoption` for each option of the
//! players file (checked against the options the engine listed); `ucinewgame` and
//! `isready`, whose `readyok` is the liveness check before every game; then for each move
//! `position startpos|fen ... moves ...` with the whole game and `go wtime btime winc binc
//! [movestogo]` (or `go movetime` with a per-move cap), reading `info` lines into
//! [`Thinking`] until `bestmove`; `quit` at the end. Seat 0 is White.
//!
//! The player's side, [`serve`], speaks UCI for any [`Thinker`]: `stop` and `isready` are
//! heard while it searches; `go perft N` prints each move's count; `bench` runs the
//! engine's fixed benchmark.

use crate::engine_io::{self, Urgency, cut, no_option};
use crate::{
    Dialogue, Go, Handshake, Heard, OptionKind, ReplyLine, Request, ServeEnd, ServeError, Thinker,
    Thinking, thinker::EngineScore,
};
use std::io::{BufRead, Write};
use std::time::Duration;

/// The longest line an engine may write, in bytes: an `info` line carries a principal
/// variation of up to a few hundred moves.
pub const MAX_LINE_BYTES: usize = 16 * 1024;

/// The usual start position's FEN, which UCI writes as `startpos`.
pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Where the referee is in the handshake.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Stage {
    /// `uci` sent (or about to be): reading `id` and `option` lines up to `uciok`.
    #[default]
    Uci,
    /// Options set, `ucinewgame` and `isready` sent: waiting for `readyok`.
    Ready,
}

/// The referee's side of UCI for one engine in one game.
#[derive(Clone, Debug, Default)]
pub struct Uci {
    stage: Stage,
    /// Options from the players file, to set after `uciok`.
    options: Vec<(String, String)>,
    /// The options the engine listed.
    listed: Vec<String>,
    /// The engine's `id name`.
    engine_name: Option<String>,
    /// The option that asks for the game's variant (`UCI_Chess960`), set to true after
    /// `uciok`.
    variant_option: Option<&'static str>,
}

/// The UCI option that tells an engine to play `variant`: `UCI_Chess960` for Chess960.
pub fn variant_option(variant: &str) -> Option<&'static str> {
    (variant == crate::CHESS960).then_some("UCI_Chess960")
}

impl Uci {
    /// The name the engine gave (`id name`), once it has shaken hands.
    pub fn engine_name(&self) -> Option<&str> {
        self.engine_name.as_deref()
    }
}

/// The millisecond count UCI writes for `d` (whole milliseconds, rounded down).
fn ms(d: Duration) -> u128 {
    d.as_millis()
}

impl Dialogue for Uci {
    fn name(&self) -> &'static str {
        "uci"
    }

    fn configure(&mut self, options: &[(String, String)]) -> Result<(), String> {
        for (name, value) in options {
            if name.trim().is_empty() || name.split_whitespace().any(|w| w == "value") {
                return Err(format!("'{name}' cannot be a UCI option name"));
            }
            if value.contains('\n') {
                return Err(format!("option '{name}': a value cannot hold a line break"));
            }
        }
        self.options = options.to_vec();
        Ok(())
    }

    fn variant(&mut self, name: &str) -> Result<(), String> {
        let option = variant_option(name)
            .ok_or_else(|| format!("UCI has no variant '{name}' (it has {})", crate::CHESS960))?;
        self.variant_option = Some(option);
        Ok(())
    }

    fn handshake(&mut self, heard: Heard<'_>) -> Handshake {
        let wait = |write: Vec<String>| Handshake::Await {
            write,
            patience: None,
        };
        let line = match heard {
            Heard::Started => return wait(vec!["uci".into()]),
            Heard::Line(line) => line.trim(),
            Heard::Silence => return wait(Vec::new()),
        };
        let mut words = line.split_whitespace();
        match (self.stage, words.next()) {
            (Stage::Uci, Some("id")) => {
                if let Some(name) = line.strip_prefix("id").map(str::trim)
                    && let Some(name) = name.strip_prefix("name ")
                {
                    self.engine_name = Some(name.trim().to_string());
                }
                wait(Vec::new())
            }
            (Stage::Uci, Some("option")) => {
                if let Some(name) = option_name(line) {
                    self.listed.push(name);
                }
                wait(Vec::new())
            }
            (Stage::Uci, Some("uciok")) => {
                let mut write = Vec::new();
                if let Some(option) = self.variant_option {
                    if !self.listed.iter().any(|l| l == option) {
                        return Handshake::Failed(format!(
                            "the engine lists no {option} option: it cannot play the variant"
                        ));
                    }
                    write.push(format!("setoption name {option} value true"));
                }
                for (name, value) in &self.options {
                    let Some(listed) = self.listed.iter().find(|l| l.eq_ignore_ascii_case(name))
                    else {
                        return Handshake::Failed(no_option(name, &self.listed));
                    };
                    write.push(format!("setoption name {listed} value {value}"));
                }
                write.push("ucinewgame".into());
                write.push("isready".into());
                self.stage = Stage::Ready;
                wait(write)
            }
            (Stage::Ready, Some("readyok")) => Handshake::Done(Vec::new()),
            // Banners, `info string` lines and the like: engines may write them.
            _ => wait(Vec::new()),
        }
    }

    fn open(&mut self, _seat: usize, _seats: usize) -> Vec<String> {
        Vec::new()
    }

    fn request(&mut self, request: &Request<'_>) -> Vec<String> {
        let mut position = if request.start.is_empty() || request.start == START_FEN {
            "position startpos".to_string()
        } else {
            format!("position fen {}", request.start)
        };
        if !request.moves.is_empty() {
            position.push_str(" moves ");
            position.push_str(&request.moves.join(" "));
        }
        let go = if let Some(cap) = request.move_cap {
            format!("go movetime {}", ms(cap))
        } else if let [white, black] = request.clocks {
            let inc = ms(request.increment);
            let mut go = format!(
                "go wtime {} btime {} winc {inc} binc {inc}",
                ms(*white),
                ms(*black)
            );
            if let Some(n) = request.moves_to_go {
                go.push_str(&format!(" movestogo {n}"));
            }
            go
        } else {
            format!("go movetime {}", ms(request.left))
        };
        vec![position, go]
    }

    fn inform(&mut self, _mv: &str) -> Vec<String> {
        Vec::new()
    }

    fn read(&mut self, line: &str) -> ReplyLine {
        let line = line.trim();
        let mut words = line.split_whitespace();
        match words.next() {
            None => ReplyLine::Ignore,
            Some("bestmove") => match words.next() {
                Some(mv) => ReplyLine::Move(mv.to_string()),
                None => ReplyLine::Garbled("`bestmove` without a move".into()),
            },
            Some("info") => match parse_info(line) {
                Some(t) => ReplyLine::Thinking(t),
                None => ReplyLine::Ignore,
            },
            // Late answers of the handshake.
            Some("readyok" | "id" | "option" | "uciok") => ReplyLine::Ignore,
            Some(_) => ReplyLine::Garbled(format!("not a UCI line: '{}'", cut(line))),
        }
    }

    fn stopped(&mut self) -> Vec<String> {
        vec!["stop".into()]
    }

    fn close(&mut self) -> Vec<String> {
        vec!["quit".into()]
    }
}

/// The name in `option name NAME type ...` (a name may hold blanks).
fn option_name(line: &str) -> Option<String> {
    let rest = line.trim().strip_prefix("option")?.trim_start();
    let rest = rest.strip_prefix("name ")?;
    let name = match rest.find(" type ") {
        Some(i) => &rest[..i],
        None => rest,
    };
    let name = name.trim();
    (!name.is_empty()).then(|| name.to_string())
}

/// The words of an `info` line that start a field.
const INFO_KEYS: &[&str] = &[
    "depth",
    "seldepth",
    "time",
    "nodes",
    "pv",
    "multipv",
    "score",
    "currmove",
    "currmovenumber",
    "hashfull",
    "nps",
    "tbhits",
    "sbhits",
    "cpuload",
    "string",
    "refutation",
    "currline",
];

/// Reads an `info` line into a report, once. Lines that report nothing of the search
/// (`info string`, `currmove`, a second line of a multi-PV search) give `None`.
pub fn parse_info(line: &str) -> Option<Thinking> {
    let mut words = line.split_whitespace().peekable();
    if words.next() != Some("info") {
        return None;
    }
    let mut t = Thinking::default();
    while let Some(key) = words.next() {
        let mut number = || words.next().and_then(|w| w.parse::<u64>().ok());
        match key {
            "depth" => t.depth = number().map(|n| n as u32),
            "seldepth" => t.seldepth = number().map(|n| n as u32),
            "time" => t.time_ms = number(),
            "nodes" => t.nodes = number(),
            "nps" => t.nps = number(),
            "multipv" => {
                if number() != Some(1) {
                    return None;
                }
            }
            "string" => return None,
            "score" => {
                let kind = words.next();
                let value = words.next().and_then(|w| w.parse::<i32>().ok());
                t.score = match (kind, value) {
                    (Some("cp"), Some(v)) => Some(EngineScore::Cp(v)),
                    (Some("mate"), Some(v)) => Some(EngineScore::Mate(v)),
                    _ => None,
                };
                while let Some(&w) = words.peek() {
                    if w == "lowerbound" || w == "upperbound" {
                        words.next();
                    } else {
                        break;
                    }
                }
            }
            "pv" => {
                while let Some(&w) = words.peek() {
                    if INFO_KEYS.contains(&w) {
                        break;
                    }
                    t.pv.push(w.to_string());
                    words.next();
                }
            }
            // Fields of one value that a report does not keep.
            "currmove" | "currmovenumber" | "hashfull" | "tbhits" | "sbhits" | "cpuload" => {
                words.next();
            }
            // Fields of a move list: skip to the next key.
            _ => {
                while words.peek().is_some_and(|w| !INFO_KEYS.contains(w)) {
                    words.next();
                }
            }
        }
    }
    (t.score.is_some() || !t.pv.is_empty()).then_some(t)
}

/// An `info` line for a report.
pub fn info_line(t: &Thinking) -> String {
    let mut line = String::from("info");
    if let Some(d) = t.depth {
        line.push_str(&format!(" depth {d}"));
    }
    if let Some(d) = t.seldepth {
        line.push_str(&format!(" seldepth {d}"));
    }
    match t.score {
        Some(EngineScore::Cp(cp)) => line.push_str(&format!(" score cp {cp}")),
        Some(EngineScore::Mate(n)) => line.push_str(&format!(" score mate {n}")),
        None => {}
    }
    if let Some(n) = t.nodes {
        line.push_str(&format!(" nodes {n}"));
    }
    if let Some(n) = t.nps {
        line.push_str(&format!(" nps {n}"));
    }
    if let Some(ms) = t.time_ms {
        line.push_str(&format!(" time {ms}"));
    }
    if !t.pv.is_empty() {
        line.push_str(" pv ");
        line.push_str(&t.pv.join(" "));
    }
    line
}

/// A command the player's side reads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `uci`
    Uci,
    /// `debug on|off`
    Debug,
    /// `isready`
    IsReady,
    /// `setoption name N [value V]`
    SetOption {
        /// The option's name.
        name: String,
        /// Its value (empty for a button).
        value: String,
    },
    /// `ucinewgame`
    NewGame,
    /// `position startpos|fen F [moves ...]`
    Position {
        /// `None`: startpos.
        fen: Option<String>,
        /// The moves after it.
        moves: Vec<String>,
    },
    /// `go ...`
    Go(GoCommand),
    /// `stop`
    Stop,
    /// `ponderhit`
    PonderHit,
    /// `bench` (not UCI's own: the engine's fixed benchmark)
    Bench,
    /// `quit`
    Quit,
}

/// What `go` asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GoCommand {
    /// A search.
    Search(Box<Go>),
    /// `go perft N`
    Perft(u32),
}

/// Reads a command line of UCI; errors say what is wrong.
pub fn parse_command(line: &str) -> Result<Command, String> {
    let line = line.trim();
    let mut words = line.split_whitespace();
    let first = words.next().ok_or("empty line")?;
    let rest: Vec<&str> = words.collect();
    let number = |word: Option<&&str>, key: &str| -> Result<u64, String> {
        let w = word.ok_or_else(|| format!("`{key}` without a value"))?;
        w.parse::<u64>()
            .map_err(|_| format!("`{key} {w}`: expected a whole number"))
    };
    match first {
        "uci" => Ok(Command::Uci),
        "debug" => Ok(Command::Debug),
        "isready" => Ok(Command::IsReady),
        "ucinewgame" => Ok(Command::NewGame),
        "stop" => Ok(Command::Stop),
        "ponderhit" => Ok(Command::PonderHit),
        "bench" => Ok(Command::Bench),
        "quit" => Ok(Command::Quit),
        "setoption" => {
            let text = rest.join(" ");
            let text = text
                .strip_prefix("name ")
                .ok_or("`setoption` without `name`")?;
            let (name, value) = match text.find(" value") {
                Some(i) => (&text[..i], text[i + " value".len()..].trim()),
                None => (text, ""),
            };
            Ok(Command::SetOption {
                name: name.trim().to_string(),
                value: value.to_string(),
            })
        }
        "position" => {
            let moves_at = rest.iter().position(|w| *w == "moves");
            let (setup, moves) = match moves_at {
                Some(i) => (&rest[..i], &rest[i + 1..]),
                None => (&rest[..], &[][..]),
            };
            let fen = match setup.first() {
                Some(&"startpos") if setup.len() == 1 => None,
                Some(&"fen") if setup.len() > 1 => Some(setup[1..].join(" ")),
                _ => return Err("`position` wants `startpos` or `fen FEN`".into()),
            };
            Ok(Command::Position {
                fen,
                moves: moves.iter().map(|m| m.to_string()).collect(),
            })
        }
        "go" => {
            let mut go = Go::default();
            let mut clocks = [None, None];
            let mut incs = [Duration::ZERO; 2];
            let mut i = 0;
            while i < rest.len() {
                let key = rest[i];
                let value = rest.get(i + 1);
                let ms = |v| number(v, key).map(Duration::from_millis);
                match key {
                    "wtime" => clocks[0] = Some(ms(value)?),
                    "btime" => clocks[1] = Some(ms(value)?),
                    "winc" => incs[0] = ms(value)?,
                    "binc" => incs[1] = ms(value)?,
                    "movestogo" => go.moves_to_go = Some(number(value, key)? as u32),
                    "movetime" => go.move_time = Some(ms(value)?),
                    "depth" => go.depth = Some(number(value, key)? as u32),
                    "nodes" => go.nodes = Some(number(value, key)?),
                    "mate" => go.depth = Some(2 * number(value, key)? as u32),
                    "perft" => {
                        return Ok(Command::Go(GoCommand::Perft(number(value, key)? as u32)));
                    }
                    "infinite" | "ponder" => {
                        go.infinite = true;
                        i += 1;
                        continue;
                    }
                    "searchmoves" => return Err("`go searchmoves` is not supported".into()),
                    other => return Err(format!("`go`: unknown word '{other}'")),
                }
                i += 2;
            }
            if let [Some(w), Some(b)] = clocks {
                go.clocks = vec![w, b];
                go.increments = incs.to_vec();
            } else if clocks.iter().any(Option::is_some) {
                return Err("`go` needs both wtime and btime".into());
            }
            Ok(Command::Go(GoCommand::Search(Box::new(go))))
        }
        other => Err(format!("unknown command '{other}'")),
    }
}

fn urgency(line: &str) -> Urgency {
    match line.split_whitespace().next() {
        Some("stop") => Urgency::Stop,
        Some("isready") => Urgency::AnswerWhileSearching("readyok".into()),
        Some("go") if !line.split_whitespace().any(|w| w == "perft") => Urgency::Search,
        _ => Urgency::Forward,
    }
}

fn is_quit(line: &str) -> bool {
    line.split_whitespace().next() == Some("quit")
}

/// The UCI lines that list an option.
fn option_line(o: &crate::EngineOption) -> String {
    match &o.kind {
        OptionKind::Spin { default, min, max } => format!(
            "option name {} type spin default {default} min {min} max {max}",
            o.name
        ),
        OptionKind::Check { default } => {
            format!("option name {} type check default {default}", o.name)
        }
        OptionKind::Text { default } => format!(
            "option name {} type string default {}",
            o.name,
            if default.is_empty() {
                "<empty>"
            } else {
                default
            }
        ),
    }
}

/// Speaks UCI for `thinker` until `quit` or the end of the input. A bad command is
/// answered with `info string` and skipped, as GUIs expect; a bad position leaves the
/// last good one and says why.
pub fn serve(
    input: Box<dyn BufRead + Send>,
    output: Box<dyn Write + Send>,
    thinker: &mut dyn Thinker,
) -> Result<ServeEnd, ServeError> {
    engine_io::run(input, output, urgency, is_quit, |session, lines| {
        let say = |line: &str| session.write(line);
        let refusal = |e: &str, _: &str| format!("info string {e}");
        while let Some((seq, _, command)) =
            engine_io::next_command(session, lines, parse_command, refusal)?
        {
            match command {
                Command::Uci => {
                    say(&format!("id name {}", thinker.name()))?;
                    say(&format!("id author {}", thinker.author()))?;
                    for o in thinker.options() {
                        say(&option_line(&o))?;
                    }
                    say("uciok")?;
                }
                Command::IsReady => say("readyok")?,
                Command::Debug | Command::Stop | Command::PonderHit => {}
                Command::SetOption { name, value } => {
                    if let Err(e) = thinker.set_option(&name, &value) {
                        say(&format!("info string {e}"))?;
                    }
                }
                Command::NewGame => thinker.new_game(),
                Command::Position { fen, moves } => {
                    if let Err(e) = thinker.set_position(fen.as_deref(), &moves) {
                        say(&format!("info string {e}"))?;
                    }
                }
                Command::Go(GoCommand::Perft(depth)) => match thinker.perft(depth) {
                    Ok(counts) => {
                        for (mv, n) in &counts {
                            say(&format!("{mv}: {n}"))?;
                        }
                        say("")?;
                        say(&format!(
                            "Nodes searched: {}",
                            counts.iter().map(|c| c.1).sum::<u64>()
                        ))?;
                        say("")?;
                    }
                    Err(e) => say(&format!("info string {e}"))?,
                },
                Command::Go(GoCommand::Search(go)) => {
                    let stop = session.begin_search(seq);
                    if thinker.is_over() {
                        session.end_search();
                        say("info string the game is over: no move")?;
                        say("bestmove 0000")?;
                        continue;
                    }
                    let mut report = |t: &Thinking| {
                        let _ = session.write(&info_line(t));
                    };
                    let chosen = thinker.think(&go, &stop, &mut report);
                    session.end_search();
                    match chosen {
                        Ok(mv) => say(&format!("bestmove {mv}"))?,
                        Err(e) => {
                            say(&format!("info string {e}"))?;
                            say("bestmove 0000")?;
                        }
                    }
                }
                Command::Bench => match thinker.bench() {
                    Ok((nodes, time)) => {
                        let ms = time.as_millis().max(1);
                        say(&format!("Total time (ms) : {ms}"))?;
                        say(&format!("Nodes searched  : {nodes}"))?;
                        say(&format!(
                            "Nodes/second    : {}",
                            u128::from(nodes) * 1000 / ms
                        ))?;
                    }
                    Err(e) => say(&format!("info string {e}"))?,
                },
                Command::Quit => return Ok(ServeEnd::Ended),
            }
        }
        Ok(ServeEnd::Eof)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn await_lines(h: Handshake) -> Vec<String> {
        match h {
            Handshake::Await { write, .. } => write,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn chess960_is_asked_for_and_refused_by_engines_that_cannot_play_it() {
        let mut d = Uci::default();
        d.variant("chess960").unwrap();
        d.handshake(Heard::Started);
        d.handshake(Heard::Line(
            "option name UCI_Chess960 type check default false",
        ));
        assert_eq!(
            await_lines(d.handshake(Heard::Line("uciok"))),
            [
                "setoption name UCI_Chess960 value true",
                "ucinewgame",
                "isready"
            ]
        );
        let mut plain = Uci::default();
        plain.variant("chess960").unwrap();
        plain.handshake(Heard::Started);
        assert!(matches!(
            plain.handshake(Heard::Line("uciok")),
            Handshake::Failed(m) if m.contains("UCI_Chess960")
        ));
        assert!(Uci::default().variant("shogi").is_err());
    }

    #[test]
    fn the_referee_shakes_hands_sets_options_and_pings() {
        let mut d = Uci::default();
        d.configure(&[
            ("hash".into(), "64".into()),
            ("UCI_Elo".into(), "2000".into()),
        ])
        .unwrap();
        assert_eq!(await_lines(d.handshake(Heard::Started)), ["uci"]);
        assert!(await_lines(d.handshake(Heard::Line("Stockfish 15.1 by the authors"))).is_empty());
        d.handshake(Heard::Line("id name Stockfish 15.1"));
        d.handshake(Heard::Line(
            "option name Hash type spin default 16 min 1 max 33554432",
        ));
        d.handshake(Heard::Line(
            "option name UCI_Elo type spin default 1350 min 1350 max 2850",
        ));
        d.handshake(Heard::Line("option name Clear Hash type button"));
        assert_eq!(
            await_lines(d.handshake(Heard::Line("uciok"))),
            [
                "setoption name Hash value 64",
                "setoption name UCI_Elo value 2000",
                "ucinewgame",
                "isready"
            ]
        );
        assert_eq!(d.engine_name(), Some("Stockfish 15.1"));
        assert!(await_lines(d.handshake(Heard::Line("info string NNUE"))).is_empty());
        assert_eq!(d.handshake(Heard::Line("readyok")), Handshake::Done(vec![]));

        let mut d = Uci::default();
        d.configure(&[("Skill".into(), "3".into())]).unwrap();
        d.handshake(Heard::Started);
        d.handshake(Heard::Line("option name Clear Hash type button"));
        assert_eq!(
            d.handshake(Heard::Line("uciok")),
            Handshake::Failed("the engine has no option 'Skill' (it lists: Clear Hash)".into())
        );
        assert!(
            Uci::default()
                .configure(&[("a value b".into(), "1".into())])
                .is_err()
        );
    }

    #[test]
    fn the_referee_sends_the_whole_game_and_both_clocks() {
        let mut d = Uci::default();
        let moves = ["e2e4".to_string(), "e7e5".to_string()];
        let clocks = [Duration::from_millis(9_500), Duration::from_millis(8_250)];
        let request = Request {
            last: Some("e7e5"),
            moves: &moves,
            start: START_FEN,
            position: "",
            left: clocks[0],
            increment: Duration::from_millis(100),
            move_cap: None,
            clocks: &clocks,
            moves_to_go: Some(38),
        };
        assert_eq!(
            d.request(&request),
            [
                "position startpos moves e2e4 e7e5",
                "go wtime 9500 btime 8250 winc 100 binc 100 movestogo 38"
            ]
        );
        let fen = "8/8/8/8/8/8/k7/K7 w - - 0 1";
        let fixed = Request {
            start: fen,
            moves: &[],
            move_cap: Some(Duration::from_millis(250)),
            ..request
        };
        assert_eq!(
            d.request(&fixed),
            [format!("position fen {fen}"), "go movetime 250".into()]
        );
    }

    #[test]
    fn info_lines_are_read_once() {
        let t = parse_info(
            "info depth 12 seldepth 17 multipv 1 score cp -31 upperbound nodes 123456 \
             nps 654321 hashfull 12 tbhits 0 time 188 pv e7e5 g1f3 b8c6",
        )
        .unwrap();
        assert_eq!(t.depth, Some(12));
        assert_eq!(t.seldepth, Some(17));
        assert_eq!(t.score, Some(EngineScore::Cp(-31)));
        assert_eq!(t.nodes, Some(123_456));
        assert_eq!(t.nps, Some(654_321));
        assert_eq!(t.time_ms, Some(188));
        assert_eq!(t.pv, ["e7e5", "g1f3", "b8c6"]);
        assert_eq!(parse_info(&info_line(&t)), Some(t));
        let mate = parse_info("info depth 5 score mate -2 pv a1a2 nodes 7").unwrap();
        assert_eq!(mate.score, Some(EngineScore::Mate(-2)));
        assert_eq!(mate.pv, ["a1a2"]);
        assert_eq!(mate.nodes, Some(7));
        assert_eq!(parse_info("info string NNUE evaluation enabled"), None);
        assert_eq!(
            parse_info("info depth 3 currmove e2e4 currmovenumber 1"),
            None
        );
        assert_eq!(
            parse_info("info multipv 2 depth 3 score cp 5 pv e2e4"),
            None
        );
        let mut d = Uci::default();
        assert_eq!(
            d.read("bestmove e2e4 ponder e7e5"),
            ReplyLine::Move("e2e4".into())
        );
        assert!(matches!(d.read("bestmove"), ReplyLine::Garbled(_)));
        assert!(
            matches!(d.read("hello there"), ReplyLine::Garbled(m) if m.contains("not a UCI line"))
        );
        assert_eq!(d.read("info string hi"), ReplyLine::Ignore);
        assert_eq!(d.read(""), ReplyLine::Ignore);
    }

    #[test]
    fn commands_are_parsed_with_their_errors() {
        assert_eq!(
            parse_command("setoption name Clear Hash").unwrap(),
            Command::SetOption {
                name: "Clear Hash".into(),
                value: String::new()
            }
        );
        assert_eq!(
            parse_command("setoption name UCI_Elo value 2000").unwrap(),
            Command::SetOption {
                name: "UCI_Elo".into(),
                value: "2000".into()
            }
        );
        assert_eq!(
            parse_command("position fen 8/8/8/8/8/8/k7/K7 w - - 0 1 moves a1b1").unwrap(),
            Command::Position {
                fen: Some("8/8/8/8/8/8/k7/K7 w - - 0 1".into()),
                moves: vec!["a1b1".into()]
            }
        );
        assert_eq!(
            parse_command("position startpos").unwrap(),
            Command::Position {
                fen: None,
                moves: vec![]
            }
        );
        match parse_command("go wtime 1000 btime 2000 winc 10 binc 20 movestogo 5").unwrap() {
            Command::Go(GoCommand::Search(go)) => {
                assert_eq!(go.clocks, [Duration::from_secs(1), Duration::from_secs(2)]);
                assert_eq!(
                    go.increments,
                    [Duration::from_millis(10), Duration::from_millis(20)]
                );
                assert_eq!(go.moves_to_go, Some(5));
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(
            parse_command("go perft 3").unwrap(),
            Command::Go(GoCommand::Perft(3))
        );
        assert_eq!(
            parse_command("go wtime x").unwrap_err(),
            "`wtime x`: expected a whole number"
        );
        assert_eq!(
            parse_command("go wtime 5").unwrap_err(),
            "`go` needs both wtime and btime"
        );
        assert_eq!(parse_command("fly").unwrap_err(), "unknown command 'fly'");
        assert!(parse_command("position").is_err());
    }
}
