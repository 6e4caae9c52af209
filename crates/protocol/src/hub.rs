//! The Hub protocol of international draughts engines, in both its versions: version 1,
//! which Scan 2.0 speaks (`scan hub`), and version 2 of Scan 3's `protocol.txt` (Scan 3.1,
//! the Hub 2 GUI).
//!
//! Version 1: the referee writes `hub`, the engine answers `name ...`, `author ...`,
//! `country ...` and `wait`; `init` is answered by `ready`. A search is `pos <board>`, then
//! the clock (`level <moves> <time ms> <increment ms>`, or `time <ms>` for a fixed time a
//! move; `pos` resets both in Scan 2.0, so they come after it), then `go`; the engine
//! writes `info <depth> <mean depth> <score> <nodes> <seconds> <Mnps> <pv>` lines and
//! `move <move> [<ponder>]`. `quit` ends it.
//!
//! Version 2: every line is `command arg=value ...`, values with spaces in double quotes.
//! `hub` is answered by `id name=... version=... author=...`, `param ...` lines and
//! `wait`; `init` by `ready`. A search is `pos pos=<board> [moves="..."]`,
//! `level move-time=S` or `level [moves=N] time=S [inc=S]` (seconds), and `go think`; the
//! engine writes `info depth=... score=... nodes=... pv="..."` and `done move=X
//! [ponder=Y]`. `ping` is answered `pong`, `error message="..."` reports a problem.
//!
//! In both, a board is the side to move and the 50 squares in order: `w`/`b` a man,
//! `W`/`B` a king, `e` empty (version 1 writes the side to move in lower case, version 2
//! in upper case). A move is `32-28`, and a capture lists every piece taken after its end
//! square: `28x19x23` (from 28 to 19 taking 23).
//!
//! Checkers is played the same way on its 32 squares, our dialect for checkers programs
//! (no checkers program speaks a text protocol of its own; CheckerBoard loads engines as
//! libraries): the board is the side to move and 32 letters (Black's men on 1-12 move
//! first: `pos bbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww`), a capture lists every piece taken
//! (`15x22x18`), and the referee's side turns the program's capture into the game's
//! landing squares (`22x15x6`) on the board it gave. The referee's side learns the game
//! from [`Dialogue::game`]; the player's side from the length of the board it is given.
//!
//! The referee's side, [`Hub`], learns the version from the engine's answer to `hub`: an
//! `id` line is version 2, `name`/`author` lines version 1. It gives the position as it
//! stands at every request (converted from the game's PDN text, `W:W31,...:B1,...`), so it
//! never needs to write a capture itself; the engine's move is read as it is written. The
//! player's side, [`serve`], answers `hub` in both versions at once (a Hub 2 GUI ignores
//! the version 1 lines and a version 1 GUI the `id` line), and then follows the version of
//! the commands it gets: `pos pos=...` and `go think` are version 2, `pos w...` and a bare
//! `go` version 1, and the move is written the way that version writes it. It searches
//! synchronously: a `ping` during a search is answered when the move is written.

use crate::board::{Board, Follow, FullMove, HUB_V1, HUB_V2, Shape};
use crate::{
    Dialogue, EngineScore, Go, Handshake, Heard, ReplyLine, Request, ServeEnd, ServeError, Thinker,
    Thinking, read_line, write_line,
};
use std::io::{BufRead, Write};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// The longest line a Hub engine may write: its `info` lines carry a principal variation
/// of some forty captures in full.
pub const MAX_LINE_BYTES: usize = 16 * 1024;

/// The two versions of the protocol.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Version {
    /// Scan 2.0's: `name`/`wait`, `pos w...`, `level`/`time`, `go`, `move`.
    V1,
    /// Scan 3's `protocol.txt`: `id`, `pos pos=...`, `level time=...`, `go think`, `done`.
    V2,
}

/// A board as Hub writes it (the side to move, then the 50 or 32 squares) from a PDN
/// position text (`W:W31,32,K33:B1-20`, ranges allowed, optional rule tokens after a
/// space ignored) of a game of `shape`.
pub fn board_from_pdn(text: &str, shape: Shape, version: Version) -> Result<String, String> {
    Ok(Board::from_pdn(text, shape)?.letters(letters(version)))
}

/// A PDN position text (`B:W31,K33:B1,2`) from a Hub board of either version and either
/// shape.
pub fn pdn_from_board(board: &str) -> Result<String, String> {
    Ok(Board::from_letters(board, &HUB_V1)?.pdn())
}

/// A move in full (`28x19x23`, every piece taken listed) from the boards before and after
/// it (of either version) and the game's text of it (draughts' `28x19` or the move in
/// full, checkers' landing squares `22x15x6`): the pieces taken are the squares of the
/// side not to move that the move emptied.
pub fn move_in_full(before: &str, after: &str, text: &str) -> Result<String, String> {
    let before = Board::from_letters(before, &HUB_V1)?;
    let after = Board::from_letters(after, &HUB_V1)?;
    Ok(before.full_move(&after, text)?.to_string())
}

/// The letters of a version's boards.
fn letters(version: Version) -> &'static [char; 7] {
    match version {
        Version::V1 => &HUB_V1,
        Version::V2 => &HUB_V2,
    }
}

/// Version 2's `command key=value ...` words: the command and its arguments (a flag has an
/// empty value; quoted values may hold spaces).
fn parse_v2(line: &str) -> (String, Vec<(String, String)>) {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut quoted = false;
    for c in line.trim().chars() {
        match c {
            '"' => quoted = !quoted,
            c if c.is_whitespace() && !quoted => {
                if !word.is_empty() {
                    words.push(std::mem::take(&mut word));
                }
            }
            c => word.push(c),
        }
    }
    if !word.is_empty() {
        words.push(word);
    }
    let mut words = words.into_iter();
    let command = words.next().unwrap_or_default();
    let args = words
        .map(|w| match w.split_once('=') {
            Some((k, v)) => (k.to_string(), v.to_string()),
            None => (w, String::new()),
        })
        .collect();
    (command, args)
}

/// The value of `key` among version 2 arguments.
fn arg<'a>(args: &'a [(String, String)], key: &str) -> Option<&'a str> {
    args.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
}

/// Seconds as version 2 writes them (`12.345`).
fn seconds(d: Duration) -> String {
    format!("{:.3}", d.as_secs_f64())
}

/// A score in men (`-0.35`) as centi-men.
fn centi_men(text: &str) -> Option<EngineScore> {
    let men: f64 = text.parse().ok()?;
    Some(EngineScore::Cp((men * 100.0).round() as i32))
}

/// Where the referee's side is with the program.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Stage {
    /// `hub` not written yet.
    #[default]
    Start,
    /// `hub` written; waiting for `wait`.
    Hub,
    /// `init` written; waiting for `ready`.
    Init,
}

/// The referee's side of the Hub protocol (both versions; see the module documentation).
#[derive(Clone, Debug, Default)]
pub struct Hub {
    stage: Stage,
    /// Learned from the answer to `hub` (`None` until then).
    version: Option<Version>,
    /// Engine parameters from the players file, sent as `set-param` (version 2) or `set`
    /// (version 1) before `init`.
    params: Vec<(String, String)>,
    /// The game followed from the boards of the requests, for the engine's history.
    follow: Follow,
}

impl Hub {
    /// The version the engine speaks (known once it has answered `hub`).
    pub fn version(&self) -> Option<Version> {
        self.version
    }

    /// The clock for one search, as `level`/`time` lines of the version.
    fn clock_lines(&self, request: &Request<'_>) -> Vec<String> {
        let version = self.version.unwrap_or(Version::V1);
        let ms = |d: Duration| d.as_millis();
        // A cap on each move is told as the time for this move (as UCI's `go movetime`),
        // within the clock if there is one.
        let capped = request.move_cap.map(|cap| match request.left.is_zero() {
            true => cap,
            false => cap.min(request.left),
        });
        match (version, request.left.is_zero(), capped) {
            (Version::V1, _, Some(cap)) => vec![format!("time {}", ms(cap))],
            (Version::V1, false, None) => vec![format!(
                "level {} {} {}",
                request.moves_to_go.unwrap_or(0),
                ms(request.left),
                ms(request.increment)
            )],
            (Version::V2, _, Some(cap)) => vec![format!("level move-time={}", seconds(cap))],
            (Version::V2, false, None) => {
                let mut line = String::from("level");
                if let Some(n) = request.moves_to_go {
                    line.push_str(&format!(" moves={n}"));
                }
                line.push_str(&format!(" time={}", seconds(request.left)));
                if !request.increment.is_zero() {
                    line.push_str(&format!(" inc={}", seconds(request.increment)));
                }
                vec![line]
            }
            (_, true, None) => Vec::new(),
        }
    }
}

impl Dialogue for Hub {
    fn name(&self) -> &'static str {
        "hub"
    }

    /// International draughts on 50 squares, or checkers on 32.
    fn game(&mut self, name: &str) -> Result<(), String> {
        let shape = Shape::of_game(name).ok_or_else(|| {
            format!("the hub protocol plays draughts (50 squares) and checkers (32), not {name}")
        })?;
        self.follow = Follow::new(shape);
        Ok(())
    }

    /// Each option is an engine parameter (`book = false`), set before `init`.
    fn configure(&mut self, options: &[(String, String)]) -> Result<(), String> {
        for (key, value) in options {
            if key.is_empty() || key.contains(char::is_whitespace) {
                return Err(format!("option '{key}': a parameter name is one word"));
            }
            self.params.push((key.clone(), value.clone()));
        }
        Ok(())
    }

    fn handshake(&mut self, heard: Heard<'_>) -> Handshake {
        let wait = |write: Vec<String>| Handshake::Await {
            write,
            patience: None,
        };
        match (self.stage, heard) {
            (Stage::Start, _) => {
                self.stage = Stage::Hub;
                wait(vec!["hub".into()])
            }
            (_, Heard::Silence) => Handshake::Failed("no answer to the Hub handshake".into()),
            (Stage::Hub, Heard::Line(line)) => {
                let first = line.split_whitespace().next().unwrap_or("");
                match first {
                    "id" | "param" => self.version = Some(Version::V2),
                    "name" | "author" | "country" if self.version.is_none() => {
                        self.version = Some(Version::V1)
                    }
                    "wait" => {
                        let version = self.version.unwrap_or(Version::V1);
                        self.version = Some(version);
                        self.stage = Stage::Init;
                        let mut lines: Vec<String> = self
                            .params
                            .iter()
                            .map(|(k, v)| match version {
                                Version::V1 => format!("set {k} {v}"),
                                Version::V2 => format!("set-param name={k} value=\"{v}\""),
                            })
                            .collect();
                        lines.push("init".into());
                        return wait(lines);
                    }
                    _ => {}
                }
                wait(Vec::new())
            }
            (Stage::Init, Heard::Line(line)) => match line.split_whitespace().next() {
                Some("ready") => Handshake::Done(Vec::new()),
                Some("error") => Handshake::Failed(format!("the engine answered `{line}`")),
                _ => wait(Vec::new()),
            },
            (_, Heard::Started) => wait(Vec::new()),
        }
    }

    fn open(&mut self, _seat: usize, _seats: usize) -> Vec<String> {
        self.follow.reset();
        match self.version {
            Some(Version::V2) => vec!["new-game".into()],
            _ => vec!["new".into()],
        }
    }

    /// The position, the clock, and `go`. The position is the board the engine's history
    /// starts from and the moves since, in full (version 1: `pos` then a `move` line each;
    /// version 2: `pos pos=... moves="..."`), so that the engine sees repetitions: the
    /// history starts at the game's start when this engine is asked for the first or
    /// second move, else at the board of its first request (an opening's moves are not
    /// told: the game's notation does not name every piece a capture takes).
    fn request(&mut self, request: &Request<'_>) -> Vec<String> {
        let version = self.version.unwrap_or(Version::V1);
        let followed =
            self.follow
                .request(request.start, request.moves, request.last, request.position);
        let mut lines = match (followed, self.follow.history()) {
            (Ok(_), (Some(start), moves)) => {
                let board = start.letters(letters(version));
                let moves: Vec<String> = moves.iter().map(ToString::to_string).collect();
                match version {
                    Version::V1 => std::iter::once(format!("pos {board}"))
                        .chain(moves.iter().map(|m| format!("move {m}")))
                        .collect(),
                    Version::V2 if moves.is_empty() => vec![format!("pos pos={board}")],
                    Version::V2 => vec![format!("pos pos={board} moves=\"{}\"", moves.join(" "))],
                }
            }
            // A position the protocol cannot write is sent as it is: the engine's error
            // tells.
            _ => match version {
                Version::V1 => vec![format!("pos {}", request.position)],
                Version::V2 => vec![format!("pos pos={}", request.position)],
            },
        };
        lines.extend(self.clock_lines(request));
        lines.push(match version {
            Version::V1 => "go".into(),
            Version::V2 => "go think".into(),
        });
        lines
    }

    fn inform(&mut self, _mv: &str) -> Vec<String> {
        Vec::new()
    }

    /// `move X [ponder]` (version 1) or `done move=X [ponder=Y]` (version 2) is the move;
    /// `info` lines are search reports; `error ...` is a refusal; `pong` and what the
    /// engine prints for people (Scan's `input "..."`) are ignored or kept as information.
    fn read(&mut self, line: &str) -> ReplyLine {
        let text = line.trim();
        let (command, args) = parse_v2(text);
        match command.as_str() {
            "" | "pong" => ReplyLine::Ignore,
            "move" => match text.split_whitespace().nth(1) {
                Some(mv) => ReplyLine::Move(self.follow.program_moved(mv)),
                None => ReplyLine::Garbled("`move` without a move".into()),
            },
            "done" => match arg(&args, "move") {
                Some(mv) if !mv.is_empty() => ReplyLine::Move(self.follow.program_moved(mv)),
                _ => ReplyLine::Garbled("`done` without move=...".into()),
            },
            "info" if args.iter().any(|(_, v)| !v.is_empty()) => ReplyLine::Thinking(Thinking {
                depth: arg(&args, "depth").and_then(|v| v.parse().ok()),
                score: arg(&args, "score").and_then(centi_men),
                nodes: arg(&args, "nodes").and_then(|v| v.parse().ok()),
                time_ms: arg(&args, "time")
                    .and_then(|v| v.parse::<f64>().ok())
                    .map(|s| (s * 1000.0) as u64),
                pv: arg(&args, "pv")
                    .map(|pv| pv.split_whitespace().map(String::from).collect())
                    .unwrap_or_default(),
                ..Thinking::default()
            }),
            "info" => {
                // Version 1: depth, mean depth, score (centi-men), nodes, seconds, Mnps, pv.
                let words: Vec<&str> = text.split_whitespace().skip(1).collect();
                ReplyLine::Thinking(Thinking {
                    depth: words.first().and_then(|v| v.parse().ok()),
                    score: words
                        .get(2)
                        .and_then(|v| v.parse().ok())
                        .map(EngineScore::Cp),
                    nodes: words.get(3).and_then(|v| v.parse().ok()),
                    time_ms: words
                        .get(4)
                        .and_then(|v| v.parse::<f64>().ok())
                        .map(|s| (s * 1000.0) as u64),
                    pv: words.iter().skip(6).map(|w| w.to_string()).collect(),
                    ..Thinking::default()
                })
            }
            "error" => ReplyLine::Refused(text.to_string()),
            _ => ReplyLine::Info(text.to_string()),
        }
    }

    fn stopped(&mut self) -> Vec<String> {
        vec!["quit".into()]
    }

    fn close(&mut self) -> Vec<String> {
        vec!["quit".into()]
    }
}

/// The player's side's clock for the next search.
#[derive(Clone, Debug, Default)]
struct Clock {
    go: Go,
}

impl Clock {
    /// Reads a version 1 `level <moves> <ms> <ms>` or `time <ms>`, or a version 2 `level`.
    fn set(
        &mut self,
        command: &str,
        words: &[&str],
        args: &[(String, String)],
    ) -> Result<(), String> {
        let ms = |w: Option<&&str>| -> Result<Duration, String> {
            w.and_then(|w| w.parse::<u64>().ok())
                .map(Duration::from_millis)
                .ok_or_else(|| format!("`{command} {}`: expected milliseconds", words.join(" ")))
        };
        let secs = |v: &str| -> Result<Duration, String> {
            v.parse::<f64>()
                .ok()
                .filter(|s| s.is_finite() && *s >= 0.0)
                .map(Duration::from_secs_f64)
                .ok_or_else(|| format!("`{command}`: '{v}' is not a number of seconds"))
        };
        let mut go = Go::default();
        match command {
            "time" => go.move_time = Some(ms(words.first())?),
            "level"
                if args.iter().any(|(_, v)| !v.is_empty())
                    || words.first() == Some(&"infinite") =>
            {
                if let Some(v) = arg(args, "move-time") {
                    go.move_time = Some(secs(v)?);
                }
                if let Some(v) = arg(args, "time") {
                    go.clocks = vec![secs(v)?; 2];
                }
                if let Some(v) = arg(args, "inc") {
                    go.increments = vec![secs(v)?; 2];
                }
                if let Some(v) = arg(args, "moves") {
                    go.moves_to_go = v.parse().ok().filter(|&n| n > 0);
                }
                if let Some(v) = arg(args, "depth") {
                    go.depth = v.parse().ok();
                }
                if let Some(v) = arg(args, "nodes") {
                    go.nodes = v.parse().ok();
                }
                go.infinite = arg(args, "infinite").is_some();
            }
            _ => {
                let moves: u32 = words.first().and_then(|w| w.parse().ok()).ok_or_else(|| {
                    format!("`level {}`: expected <moves> <ms> <ms>", words.join(" "))
                })?;
                go.moves_to_go = (moves > 0).then_some(moves);
                go.clocks = vec![ms(words.get(1))?; 2];
                go.increments = vec![ms(words.get(2))?; 2];
            }
        }
        self.go = go;
        Ok(())
    }
}

/// Runs the Hub protocol (both versions) for `thinker` until `quit` or the end of the
/// input (see the module documentation).
pub fn serve(
    mut input: Box<dyn BufRead + Send>,
    mut output: Box<dyn Write + Send>,
    thinker: &mut dyn Thinker,
) -> Result<ServeEnd, ServeError> {
    let out = &mut *output;
    let mut version = Version::V2;
    let mut clock = Clock::default();
    let mut board: Option<String> = None;
    // The game's board: the length of the last `pos` board tells it.
    let mut shape = Shape::Draughts;
    // The position of the last `pos` and the moves since (`None`: no position set).
    let mut game: Option<(String, Vec<String>)> = None;
    thinker.new_game();
    while let Some(line) = read_line(&mut *input)? {
        let (command, args) = parse_v2(&line);
        let words: Vec<&str> = line.split_whitespace().skip(1).collect();
        let error = |out: &mut dyn Write, version: Version, message: &str| match version {
            Version::V1 => write_line(out, &format!("error {message}")),
            Version::V2 => write_line(out, &format!("error message=\"{message}\"")),
        };
        match command.as_str() {
            "" => {}
            "hub" => {
                let name = thinker.name();
                write_line(
                    out,
                    &format!(
                        "id name=\"{name}\" version={} author=\"{}\"",
                        env!("CARGO_PKG_VERSION"),
                        thinker.author()
                    ),
                )?;
                write_line(out, &format!("name {name}"))?;
                write_line(out, &format!("author {}", thinker.author()))?;
                write_line(out, "wait")?;
            }
            "init" => write_line(out, "ready")?,
            "set" | "set-param" => {}
            "new" | "new-game" | "start" => {
                thinker.new_game();
                board = None;
                game = None;
            }
            "ping" => write_line(out, "pong")?,
            "quit" => return Ok(ServeEnd::Ended),
            "pos" => {
                let (text, moves) = match arg(&args, "pos") {
                    Some(b) => {
                        version = Version::V2;
                        let moves: Vec<String> = arg(&args, "moves")
                            .map(|m| m.split_whitespace().map(String::from).collect())
                            .unwrap_or_default();
                        (b.to_string(), moves)
                    }
                    None => {
                        version = Version::V1;
                        (words.first().copied().unwrap_or("").to_string(), Vec::new())
                    }
                };
                clock = Clock::default();
                let set = Board::from_letters(&text, &HUB_V1).and_then(|b| {
                    shape = b.shape;
                    let pdn = b.pdn();
                    let moves = game_moves(b, &moves);
                    thinker.set_position(Some(&pdn), &moves)?;
                    Ok((pdn, moves))
                });
                match set {
                    Ok((pdn, moves)) => {
                        board = board_of(thinker, shape, version);
                        game = Some((pdn, moves));
                    }
                    Err(e) => {
                        board = None;
                        game = None;
                        error(out, version, &format!("bad position: {e}"))?;
                    }
                }
            }
            "move" => {
                // Version 1: a move played on the position set, kept with the game's
                // history since `pos` (repetitions count).
                let Some(mv) = words.first() else {
                    error(out, Version::V1, "bad move")?;
                    continue;
                };
                let (Some((start, moves)), Some(now)) = (game.as_mut(), board.as_deref()) else {
                    error(out, Version::V1, "illegal move: no position set")?;
                    continue;
                };
                let Ok(now) = Board::from_letters(now, &HUB_V1) else {
                    error(out, Version::V1, "illegal move: no position set")?;
                    continue;
                };
                moves.push(now.game_text(mv));
                match thinker.set_position(Some(start), moves) {
                    Ok(()) => board = board_of(thinker, shape, Version::V1),
                    Err(e) => {
                        moves.pop();
                        thinker.set_position(Some(start), moves).ok();
                        error(out, Version::V1, &format!("illegal move: {e}"))?
                    }
                }
            }
            "level" | "time" => {
                if let Err(e) = clock.set(&command, &words, &args) {
                    error(out, version, &e)?;
                }
            }
            "go" => {
                version = if words.is_empty() {
                    Version::V1
                } else {
                    Version::V2
                };
                let (Some(before), Some(set), false) =
                    (board.clone(), game.as_ref(), thinker.is_over())
                else {
                    error(out, version, "no position to search (or the game is over)")?;
                    continue;
                };
                let answer = think_in_full(thinker, &clock.go, &before, set);
                match answer {
                    Ok((mv, reports)) => {
                        for t in reports {
                            write_line(out, &info_line(&t, version))?;
                        }
                        match version {
                            Version::V1 => write_line(out, &format!("move {mv}"))?,
                            Version::V2 => write_line(out, &format!("done move={mv}"))?,
                        }
                    }
                    Err(e) => error(out, version, &e)?,
                }
            }
            // Commands the engine has no use for: pondering, analysis depth, stop outside
            // a search.
            "ponder-hit" | "stop" | "depth" | "analyse" | "analyze" => {}
            other => error(out, version, &format!("unknown command '{other}'"))?,
        }
    }
    Ok(ServeEnd::Eof)
}

/// The Hub board of the thinker's position, if it can tell it.
fn board_of(thinker: &dyn Thinker, shape: Shape, version: Version) -> Option<String> {
    board_from_pdn(&thinker.position_text()?, shape, version).ok()
}

/// Moves written in full (version 2's `moves="..."`) in the game's notation, each on the
/// board the ones before it lead to from `board` (checkers writes its landing squares;
/// draughts takes them as they are). A move that cannot be played on the board ends the
/// conversion: it and the rest go as written, for the game to refuse.
fn game_moves(mut board: Board, moves: &[String]) -> Vec<String> {
    let mut texts = Vec::with_capacity(moves.len());
    for (i, mv) in moves.iter().enumerate() {
        texts.push(board.game_text(mv));
        match FullMove::parse(mv).and_then(|full| board.play(&full)) {
            Ok(next) => board = next,
            Err(_) => {
                texts.extend(moves[i + 1..].iter().cloned());
                break;
            }
        }
    }
    texts
}

/// Searches, and writes the move found in full: the position after it shows which pieces
/// it took. The thinker is left on the game before the move (`start` and `moves`), as the
/// protocol expects (the next `pos` or `move` sets the game).
fn think_in_full(
    thinker: &mut dyn Thinker,
    go: &Go,
    before: &str,
    (start, moves): &(String, Vec<String>),
) -> Result<(String, Vec<Thinking>), String> {
    let stop = Arc::new(AtomicBool::new(false));
    let mut reports = Vec::new();
    let mv = thinker.think(go, &stop, &mut |t| reports.push(t.clone()))?;
    let mut played = moves.clone();
    played.push(mv.clone());
    thinker.set_position(Some(start), &played)?;
    let after = thinker
        .position_text()
        .ok_or("the engine cannot tell its position")?;
    let shape = Board::from_letters(before, &HUB_V1)?.shape;
    let full = move_in_full(before, &board_from_pdn(&after, shape, Version::V2)?, &mv)?;
    thinker.set_position(Some(start), moves)?;
    Ok((full, reports))
}

/// A search report as the version writes it.
fn info_line(t: &Thinking, version: Version) -> String {
    let cp = t.score.map_or(0, EngineScore::centipawns);
    let pv = t.pv.join(" ");
    match version {
        Version::V1 => format!(
            "info {} 0.0 {cp} {} {:.2} 0.0 {pv}",
            t.depth.unwrap_or(0),
            t.nodes.unwrap_or(0),
            t.time_ms.unwrap_or(0) as f64 / 1000.0
        ),
        Version::V2 => format!(
            "info depth={} score={:.2} nodes={} time={:.3} pv=\"{pv}\"",
            t.depth.unwrap_or(0),
            f64::from(cp) / 100.0,
            t.nodes.unwrap_or(0),
            t.time_ms.unwrap_or(0) as f64 / 1000.0
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const START_V1: &str = "wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww";

    #[test]
    fn boards_translate_both_ways() {
        let pdn = "W:W31-50:B1-20";
        assert_eq!(
            board_from_pdn(pdn, Shape::Draughts, Version::V1).unwrap(),
            START_V1
        );
        let v2 = board_from_pdn("B:WK5,46:B1,K50 quiet=3", Shape::Draughts, Version::V2).unwrap();
        assert_eq!(&v2[..2], "Bb");
        assert_eq!(&v2[5..6], "W");
        assert_eq!(&v2[46..47], "w");
        assert_eq!(&v2[50..], "B");
        assert_eq!(pdn_from_board(&v2).unwrap(), "B:WK5,46:B1,K50");
        assert!(board_from_pdn("X:W1", Shape::Draughts, Version::V1).is_err());
        assert!(board_from_pdn("W:W51", Shape::Draughts, Version::V1).is_err());
        let e = pdn_from_board("wbbx").unwrap_err();
        assert!(e.contains("50 squares (draughts) or 32"), "{e}");
        let bad = format!("w{}", "q".repeat(50));
        assert!(
            pdn_from_board(&bad)
                .unwrap_err()
                .contains("square 1 is 'q'")
        );
    }

    #[test]
    fn a_capture_is_written_with_every_piece_taken() {
        // White's man on 28 takes 23 and 12 and ends on 8: the two Black men's squares that
        // the move emptied are the pieces taken (40 stays).
        let before = board_from_pdn("W:W28:B12,23,40", Shape::Draughts, Version::V1).unwrap();
        let after = board_from_pdn("B:W8:B40", Shape::Draughts, Version::V1).unwrap();
        assert_eq!(move_in_full(&before, &after, "28x8").unwrap(), "28x8x12x23");
        assert!(move_in_full(&before, &after, "28-22").is_err());
    }

    /// Feeds lines to a handshake; the last step.
    fn hear(d: &mut Hub, lines: &[&str]) -> Handshake {
        let mut last = None;
        for line in lines {
            last = Some(d.handshake(Heard::Line(line)));
        }
        last.expect("lines")
    }

    fn awaited(h: Handshake) -> Vec<String> {
        match h {
            Handshake::Await { write, .. } => write,
            other => panic!("expected to wait, got {other:?}"),
        }
    }

    #[test]
    fn the_referee_speaks_version_1_to_scan_2() {
        let mut d = Hub::default();
        d.configure(&[("book".into(), "false".into())]).unwrap();
        assert_eq!(awaited(d.handshake(Heard::Started)), ["hub"]);
        let h = hear(
            &mut d,
            &[
                "Scan 2.0 by Fabien Letouzey",
                "name Scan 2.0",
                "author Fabien Letouzey",
                "wait",
            ],
        );
        assert_eq!(awaited(h), ["set book false", "init"]);
        assert_eq!(d.version(), Some(Version::V1));
        assert_eq!(
            hear(&mut d, &["init eval", "ready"]),
            Handshake::Done(vec![])
        );
        let moves = ["32-28".to_string()];
        let request = Request {
            moves: &moves,
            position: "B:W28,31-50:B1-20",
            left: Duration::from_millis(9000),
            increment: Duration::from_millis(100),
            ..Request::after(Some("32-28"))
        };
        let lines = d.request(&request);
        assert_eq!(lines.len(), 3);
        assert!(lines[0].starts_with("pos b"), "{lines:?}");
        assert_eq!(lines[1..], ["level 0 9000 100", "go"]);
        let capped = Request {
            position: "W:W31-50:B1-20",
            move_cap: Some(Duration::from_millis(500)),
            ..Request::after(None)
        };
        assert_eq!(d.request(&capped)[1..], ["time 500", "go"]);
        // A fixed time a move (`--tc st=0.1`) on a clock that stands far higher: the cap
        // is what the engine is told.
        let fixed = Request {
            left: Duration::from_secs(100),
            ..capped
        };
        let fixed = Request {
            move_cap: Some(Duration::from_millis(100)),
            ..fixed
        };
        assert_eq!(d.request(&fixed)[1..], ["time 100", "go"]);
        let mut v2 = Hub {
            version: Some(Version::V2),
            ..Hub::default()
        };
        assert_eq!(
            v2.request(&fixed)[1..],
            ["level move-time=0.100", "go think"]
        );
        assert_eq!(
            d.read("input \"ping\""),
            ReplyLine::Info("input \"ping\"".into())
        );
        let ReplyLine::Thinking(t) = d.read("info 12 11.5 -25 123456 0.50 2.5 28x19x23 14x23x19")
        else {
            panic!("a report");
        };
        assert_eq!(
            (t.depth, t.score, t.nodes),
            (Some(12), Some(EngineScore::Cp(-25)), Some(123456))
        );
        assert_eq!(t.pv, ["28x19x23", "14x23x19"]);
        assert_eq!(
            d.read("move 28x19x23 14x23x19"),
            ReplyLine::Move("28x19x23".into())
        );
        assert!(matches!(
            d.read("error illegal move"),
            ReplyLine::Refused(_)
        ));
        assert_eq!(d.close(), ["quit"]);
    }

    #[test]
    fn the_referee_speaks_version_2_to_scan_3() {
        let mut d = Hub::default();
        d.handshake(Heard::Started);
        let h = hear(
            &mut d,
            &[
                "id name=Scan version=3.1 author=\"Fabien Letouzey\" country=France",
                "param name=book value=true type=bool",
                "wait",
            ],
        );
        assert_eq!(awaited(h), ["init"]);
        assert_eq!(d.version(), Some(Version::V2));
        assert_eq!(hear(&mut d, &["ready"]), Handshake::Done(vec![]));
        assert_eq!(d.open(0, 2), ["new-game"]);
        let request = Request {
            position: "W:W31-50:B1-20",
            left: Duration::from_millis(60_000),
            moves_to_go: Some(40),
            ..Request::after(None)
        };
        assert_eq!(
            d.request(&request),
            [
                "pos pos=Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww",
                "level moves=40 time=60.000",
                "go think"
            ]
        );
        let ReplyLine::Thinking(t) =
            d.read("info depth=21 mean-depth=20.8 score=-0.01 nodes=31261613 time=3.906 pv=\"32-28 17-22\"")
        else {
            panic!("a report");
        };
        assert_eq!(
            (t.depth, t.score, t.time_ms),
            (Some(21), Some(EngineScore::Cp(-1)), Some(3906))
        );
        assert_eq!(t.pv, ["32-28", "17-22"]);
        assert_eq!(
            d.read("done move=32-28 ponder=17-22"),
            ReplyLine::Move("32-28".into())
        );
        assert!(matches!(d.read("done ponder=17-22"), ReplyLine::Garbled(_)));
        assert_eq!(d.read("pong"), ReplyLine::Ignore);
        assert_eq!(
            d.handshake(Heard::Silence),
            Handshake::Failed("no answer to the Hub handshake".into())
        );
    }

    #[test]
    fn the_engine_is_told_the_game_since_its_start_in_both_versions() {
        for version in [Version::V1, Version::V2] {
            let mut d = Hub {
                version: Some(version),
                ..Hub::default()
            };
            d.open(1, 2);
            let start = "W:W31-50:B1-20";
            let first = ["32-28".to_string()];
            let lines = d.request(&Request {
                moves: &first,
                start,
                position: "B:W28,31,33-50:B1-20",
                ..Request::after(Some("32-28"))
            });
            let reply = match version {
                Version::V1 => "move 19-23",
                Version::V2 => "done move=19-23",
            };
            assert_eq!(d.read(reply), ReplyLine::Move("19-23".into()));
            // White's short capture 28x19 is told with the piece it took.
            let lines_2 = d.request(&Request {
                start,
                position: "B:W19,31,33-50:B1-18,20",
                ..Request::after(Some("28x19"))
            });
            match version {
                Version::V1 => {
                    assert_eq!(
                        lines,
                        [format!("pos {START_V1}"), "move 32-28".into(), "go".into()]
                    );
                    assert_eq!(
                        lines_2,
                        [
                            format!("pos {START_V1}"),
                            "move 32-28".into(),
                            "move 19-23".into(),
                            "move 28x19x23".into(),
                            "go".into()
                        ]
                    );
                }
                Version::V2 => {
                    let start_v2 = format!("W{}", &START_V1[1..]);
                    assert_eq!(lines[0], format!("pos pos={start_v2} moves=\"32-28\""));
                    assert_eq!(
                        lines_2[0],
                        format!("pos pos={start_v2} moves=\"32-28 19-23 28x19x23\"")
                    );
                }
            }
        }
    }
}
