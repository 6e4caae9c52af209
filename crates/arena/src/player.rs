//! The middle layer: a player, whatever it is. One trait, [`Player`], for built-in engines
//! (in this process, each in its own thread) and for programs (over a [`Process`], speaking
//! the [`Dialogue`] of their protocol from `olympiad-protocol`: what to write on opening,
//! request, another seat's move, an early stop and the end, and how to read their lines).
//! Everything that can go wrong on a turn is a [`Fault`] value, never a panic or a hang: the
//! referee decides what a fault costs.

use crate::link::Link;
use crate::process::{Event, Exit, Process, ProcessConfig, SpawnError, StderrCapture, WriteError};
use olympiad_catalog::{Decision, DynGame, Engine, Source, ThinkTime};
use olympiad_core::Seat;
use olympiad_protocol::{Dialogue, Handshake, Heard, ReplyLine, Request, Thinking};
use serde::{Deserialize, Serialize};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::thread;
use std::time::{Duration, Instant};

/// How long a program may take to exit after `end` before its group is killed.
pub const END_GRACE: Duration = Duration::from_millis(200);
/// After a program closes stdout, how long to wait for it to exit (then it is a crash, with
/// its exit status; if it stays alive, a protocol error).
pub const EOF_EXIT_GRACE: Duration = Duration::from_millis(100);
/// How long a program may take to shake hands before its first game (UCI's `uciok` and
/// `readyok`, CECP's features), on no one's clock.
pub const STARTUP_LIMIT: Duration = Duration::from_secs(10);

/// What the referee asks on a turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Turn<'a> {
    /// You move first in this game: move now.
    Start,
    /// The previous seat played this move: answer.
    Opponent(&'a str),
}

/// A move and what it cost.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply {
    /// The move's text as written (one token).
    pub text: String,
    /// Wall time from the request written to the reply read.
    pub wall: Duration,
    /// CPU time used meanwhile, when it can be measured.
    pub cpu: Option<Duration>,
    /// What the engine said about its search (depth, score, nodes; a program's last
    /// information line before the move), for onlookers.
    pub info: Option<String>,
    /// Its last search report before the move, parsed (engine protocols).
    pub thinking: Option<Thinking>,
    /// It gave the game up instead of moving (`text` is empty).
    pub resigned: bool,
}

/// Everything a player can do wrong on a turn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", content = "detail", rename_all = "kebab-case")]
pub enum Fault {
    /// No reply within the time allowed.
    Timeout(String),
    /// The player ended (exit code or signal) or its engine panicked.
    Crash(String),
    /// A reply that is not a move: not one word, bad characters, too long, not the game's
    /// notation.
    Garbled(String),
    /// A well-formed move that is not legal (found by the referee).
    IllegalMove(String),
    /// Output nobody asked for, closed pipes, not reading its input.
    ProtocolError(String),
}

impl Fault {
    /// The fault's kind as in the records.
    pub fn kind(&self) -> &'static str {
        match self {
            Fault::Timeout(_) => "timeout",
            Fault::Crash(_) => "crash",
            Fault::Garbled(_) => "garbled",
            Fault::IllegalMove(_) => "illegal-move",
            Fault::ProtocolError(_) => "protocol-error",
        }
    }

    /// What exactly happened.
    pub fn detail(&self) -> &str {
        match self {
            Fault::Timeout(d)
            | Fault::Crash(d)
            | Fault::Garbled(d)
            | Fault::IllegalMove(d)
            | Fault::ProtocolError(d) => d,
        }
    }
}

impl std::fmt::Display for Fault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.kind(), self.detail())
    }
}

/// What is known about a player after its game.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerEnd {
    /// How a program ended ("exit code 0", "signal 9 (SIGKILL)"); `None` for built-ins.
    pub exit: Option<String>,
    /// A program that did not exit within [`END_GRACE`] of `end` (it was killed).
    pub ignored_end: bool,
    /// Its stderr (programs only).
    pub stderr: Option<StderrCapture>,
}

/// A player: built-in or program, one per game.
pub trait Player: Send {
    /// Asks for a move in `game` (as it stands, with its start and moves); waits `limit` at
    /// most.
    fn take_turn(
        &mut self,
        turn: Turn<'_>,
        game: &dyn DynGame,
        limit: Duration,
        clock: &ThinkTime,
        clocks: &[Duration],
    ) -> Result<Reply, Fault>;
    /// The game begins with this player in `seat` (of `seats`): programs are told what
    /// their dialogue tells at the opening (Caia: every seat's number but the first's).
    fn join(&mut self, seat: Seat, seats: usize) -> Result<(), Fault> {
        let _ = (seat, seats);
        Ok(())
    }
    /// Another seat played `mv`, and this player is not the next to move (or the game is
    /// over): programs are told as their dialogue tells (Caia: the move at once).
    fn observe(&mut self, mv: &str) -> Result<(), Fault> {
        let _ = mv;
        Ok(())
    }
    /// The game stopped before its end (another seat's fault, the referee's move limit):
    /// programs are told as their dialogue tells (Caia: "0"). Called before
    /// [`Player::finish`].
    fn stopped(&mut self) {}
    /// The game ended with these half points by seat, for `reason`: programs are told as
    /// their dialogue tells (CECP: `result 1-0 {...}`). Called before [`Player::finish`]
    /// when the rules ended the game.
    fn result(&mut self, half_points: &[u32], reason: &str) {
        let _ = (half_points, reason);
    }
    /// Stops the player from running while it is not on move (programs: SIGSTOP).
    fn freeze(&mut self) {}
    /// Lets it run again (programs: SIGCONT).
    fn thaw(&mut self) {}
    /// The game is over: say what the dialogue says at the end (CodeCup: `end`; Caia:
    /// nothing), wait a little, then make sure nothing of it is left.
    /// `faulted`: it already broke the rules, so it is killed at once.
    fn finish(&mut self, faulted: bool) -> PlayerEnd;
    /// The process group of a program (`None` for built-ins), for checking that nothing of
    /// it survives.
    fn process_group(&self) -> Option<i32> {
        None
    }
}

/// A program speaking its protocol's dialogue, over its pipes or another [`Link`].
#[derive(Debug)]
pub struct ProgramPlayer {
    link: Box<dyn Link>,
    frozen: bool,
    dialogue: Box<dyn Dialogue>,
    /// How long the handshake may take.
    startup: Duration,
}

impl ProgramPlayer {
    /// Starts the program, which speaks `dialogue` (configured with its options).
    pub fn spawn(config: &ProcessConfig, dialogue: Box<dyn Dialogue>) -> Result<Self, SpawnError> {
        Ok(Self::over(Box::new(Process::spawn(config)?), dialogue))
    }

    /// A program reached over `link` (a connection to a DXP program), speaking `dialogue`.
    pub fn over(link: Box<dyn Link>, dialogue: Box<dyn Dialogue>) -> Self {
        Self {
            link,
            frozen: false,
            dialogue,
            startup: STARTUP_LIMIT,
        }
    }

    /// The same with another limit on the handshake.
    pub fn with_startup(mut self, startup: Duration) -> Self {
        self.startup = startup;
        self
    }

    /// Runs the dialogue's handshake: lines written, answers read, until it is done, within
    /// the start-up limit.
    fn handshake(&mut self) -> Result<(), Fault> {
        let deadline = Instant::now() + self.startup;
        if let Err(why) = self.link.connect(deadline) {
            return Err(match self.link.exit() {
                Some(exit) => crash(exit),
                None => Fault::Timeout(why),
            });
        }
        let mut step = self.dialogue.handshake(Heard::Started);
        loop {
            let patience = match step {
                Handshake::Done(lines) => return self.send_all(lines),
                Handshake::Failed(why) => return Err(Fault::ProtocolError(why)),
                Handshake::Await { write, patience } => {
                    self.send_all(write)?;
                    patience
                }
            };
            let until = patience.map_or(deadline, |p| deadline.min(Instant::now() + p));
            step = match self.link.next_event(until) {
                None if Instant::now() >= deadline => {
                    return Err(Fault::Timeout(format!(
                        "did not finish the {} handshake within {} ms",
                        self.dialogue.name(),
                        self.startup.as_millis()
                    )));
                }
                None => self.dialogue.handshake(Heard::Silence),
                Some(Event::Line(bytes, _)) => {
                    let text = String::from_utf8_lossy(&bytes).into_owned();
                    self.dialogue.handshake(Heard::Line(&text))
                }
                Some(Event::Overlong(_)) => {
                    return Err(Fault::Garbled(
                        "a line longer than the arena accepts during the handshake".into(),
                    ));
                }
                Some(Event::Eof(_)) => return Err(self.ended(true)),
                Some(Event::Exited(_)) => return Err(self.ended(false)),
            };
        }
    }

    /// Writes lines of the dialogue, in order.
    fn send_all(&mut self, lines: Vec<String>) -> Result<(), Fault> {
        lines.iter().try_for_each(|line| self.send(line))
    }

    /// Writes one line of the dialogue.
    fn send(&mut self, line: &str) -> Result<(), Fault> {
        self.link.write_message(line).map_err(|e| match e {
            WriteError::Full => Fault::ProtocolError(e.to_string()),
            WriteError::Closed => match self.link.wait_exit(Instant::now() + EOF_EXIT_GRACE) {
                Some(exit) => crash(exit),
                None => Fault::ProtocolError(e.to_string()),
            },
        })
    }

    /// The fault for a process that ended (or closed stdout) where a move was due.
    fn ended(&mut self, eof: bool) -> Fault {
        if eof {
            match self.link.wait_exit(Instant::now() + EOF_EXIT_GRACE) {
                Some(exit) => crash(exit),
                None => Fault::ProtocolError(format!("closed {}", self.link.output_name())),
            }
        } else {
            crash(self.link.exit().unwrap_or(Exit::Code(-1)))
        }
    }

    /// Any event between turns is a fault: output nobody asked for (a move, or what its
    /// protocol does not allow; chat, search reports and answers to commands its protocol
    /// allows, such as GTP's acknowledgements of `play`, are read and dropped), an error
    /// answer to a command, or the end of the program.
    fn check_unrequested(&mut self) -> Result<(), Fault> {
        loop {
            let Some(event) = self.link.try_event() else {
                return Ok(());
            };
            if let Event::Line(line, _) = &event {
                let text = String::from_utf8_lossy(line);
                match self.dialogue.read(&text) {
                    ReplyLine::Ignore | ReplyLine::Info(_) | ReplyLine::Thinking(_) => continue,
                    // An error answer to a command (GTP): the program's own words.
                    ReplyLine::Refused(why) => return Err(Fault::ProtocolError(why)),
                    ReplyLine::Move(_) | ReplyLine::Resign | ReplyLine::Garbled(_) => {}
                }
            }
            return Err(self.unrequested(event));
        }
    }

    /// The fault of an event between turns.
    fn unrequested(&mut self, event: Event) -> Fault {
        match event {
            Event::Line(line, _) => Fault::ProtocolError(format!(
                "wrote '{}' when no move was asked for",
                shorten(&String::from_utf8_lossy(&line))
            )),
            Event::Overlong(_) => {
                Fault::ProtocolError("wrote a long line when no move was asked for".into())
            }
            Event::Eof(_) => self.ended(true),
            Event::Exited(_) => self.ended(false),
        }
    }
}

fn crash(exit: Exit) -> Fault {
    Fault::Crash(format!("ended before the game did: {exit}"))
}

/// The first characters of a text, for messages.
fn shorten(text: &str) -> String {
    const SHOWN_CHARS: usize = 40;
    if text.chars().count() <= SHOWN_CHARS {
        text.to_string()
    } else {
        format!("{}...", text.chars().take(SHOWN_CHARS).collect::<String>())
    }
}

impl Player for ProgramPlayer {
    fn take_turn(
        &mut self,
        turn: Turn<'_>,
        game: &dyn DynGame,
        limit: Duration,
        clock: &ThinkTime,
        clocks: &[Duration],
    ) -> Result<Reply, Fault> {
        self.check_unrequested()?;
        let position = game.position_text();
        let request = Request {
            last: match turn {
                Turn::Start => None,
                Turn::Opponent(m) => Some(m),
            },
            moves: game.moves(),
            start: game.start_text(),
            position: &position,
            left: clock.left,
            increment: clock.increment,
            move_cap: clock.move_cap,
            clocks,
            moves_to_go: clock.moves_to_go,
        };
        let lines = self.dialogue.request(&request);
        self.send_all(lines)?;
        let written = Instant::now();
        let cpu_before = self.link.cpu_time();
        let deadline = written + limit;
        let mut exited = false;
        let mut info = None;
        let mut thinking = None;
        loop {
            // After the exit, stdout may still hold the reply: read on until end of file.
            let wait_until = if exited {
                deadline.min(Instant::now() + EOF_EXIT_GRACE)
            } else {
                deadline
            };
            let Some(event) = self.link.next_event(wait_until) else {
                if exited {
                    return Err(self.ended(false));
                }
                return Err(Fault::Timeout(format!(
                    "no move within {} ms",
                    limit.as_millis()
                )));
            };
            match event {
                Event::Line(bytes, at) => {
                    let wall = at.saturating_duration_since(written);
                    let cpu = self
                        .link
                        .cpu_time()
                        .zip(cpu_before)
                        .map(|(a, b)| a.saturating_sub(b));
                    if wall > limit {
                        return Err(Fault::Timeout(format!(
                            "answered after {} ms, {} ms allowed",
                            wall.as_millis(),
                            limit.as_millis()
                        )));
                    }
                    let text = String::from_utf8(bytes).map_err(|e| {
                        Fault::Garbled(format!(
                            "not UTF-8: '{}'",
                            shorten(&String::from_utf8_lossy(e.as_bytes()))
                        ))
                    })?;
                    match self.dialogue.read(&text) {
                        ReplyLine::Move(mv) => {
                            return Ok(Reply {
                                text: mv,
                                wall,
                                cpu,
                                info,
                                thinking,
                                resigned: false,
                            });
                        }
                        ReplyLine::Resign => {
                            return Ok(Reply {
                                text: String::new(),
                                wall,
                                cpu,
                                info,
                                thinking,
                                resigned: true,
                            });
                        }
                        // Not a move: the clock runs on while it thinks.
                        ReplyLine::Info(text) => {
                            info = Some(shorten_info(&text));
                            continue;
                        }
                        ReplyLine::Thinking(t) => {
                            info = Some(shorten_info(&t.summary()));
                            thinking = Some(t);
                            continue;
                        }
                        ReplyLine::Ignore => continue,
                        ReplyLine::Garbled(e) => return Err(Fault::Garbled(e)),
                        ReplyLine::Refused(why) => return Err(Fault::ProtocolError(why)),
                    }
                }
                Event::Overlong(_) => {
                    return Err(Fault::Garbled(
                        "a line longer than the arena accepts".to_string(),
                    ));
                }
                Event::Eof(_) => return Err(self.ended(true)),
                Event::Exited(_) => exited = true,
            }
        }
    }

    fn join(&mut self, seat: Seat, seats: usize) -> Result<(), Fault> {
        self.handshake()?;
        self.check_unrequested()?;
        let lines = self.dialogue.open(seat.index(), seats);
        self.send_all(lines)
    }

    fn result(&mut self, half_points: &[u32], reason: &str) {
        if self.link.exit().is_none() {
            for line in self.dialogue.result(half_points, reason) {
                let _ = self.link.write_message(&line);
            }
        }
    }

    fn observe(&mut self, mv: &str) -> Result<(), Fault> {
        self.check_unrequested()?;
        let lines = self.dialogue.inform(mv);
        self.send_all(lines)
    }

    fn stopped(&mut self) {
        if self.link.exit().is_none() {
            // It may already be gone or not reading: the kill in `finish` follows anyway.
            for line in self.dialogue.stopped() {
                let _ = self.link.write_message(&line);
            }
        }
    }

    fn freeze(&mut self) {
        if !self.frozen {
            self.link.freeze();
            self.frozen = true;
        }
    }

    fn thaw(&mut self) {
        if self.frozen {
            self.link.resume();
            self.frozen = false;
        }
    }

    fn finish(&mut self, faulted: bool) -> PlayerEnd {
        self.thaw();
        let mut ignored_end = false;
        if !faulted && self.link.exit().is_none() {
            for line in self.dialogue.close() {
                let _ = self.link.write_message(&line);
            }
            self.link.close_input();
            ignored_end = self.link.pid().is_some()
                && self.link.wait_exit(Instant::now() + END_GRACE).is_none();
        }
        // Always: helpers it started may still be running in its group.
        let stderr = self.link.finish();
        PlayerEnd {
            exit: self.link.exit().map(|e| e.to_string()),
            ignored_end,
            stderr,
        }
    }

    fn process_group(&self) -> Option<i32> {
        self.link.pid()
    }
}

/// The game as it stands and the engine's clock.
type Job = (Box<dyn DynGame>, ThinkTime);
/// A built-in engine's answer: its move (empty when it resigns), CPU time, information line,
/// and whether it resigns; or why its move could not be played.
type Answer = Result<(String, Option<Duration>, Option<String>, bool), String>;

/// The most of an information line a move record keeps, in characters.
const INFO_CHARS: usize = 120;

/// An information line cut to [`INFO_CHARS`].
fn shorten_info(text: &str) -> String {
    text.trim().chars().take(INFO_CHARS).collect()
}

/// A built-in engine's decision as an information line: where the move came from, and
/// for a search its depth, score and nodes.
fn decision_info(d: &Decision) -> String {
    match d.source {
        Source::Book => "book".into(),
        Source::OnlyMove => "only move".into(),
        Source::Database => "endgame database".into(),
        Source::Search => {
            let mut s = format!("depth {}", d.depth);
            if let Some(score) = d.score {
                s.push_str(&format!(", score {score:+}"));
            }
            s.push_str(&format!(", {} nodes", d.nodes));
            s
        }
    }
}

/// A built-in engine in its own thread, shown the whole game on every turn.
#[derive(Debug)]
pub struct EnginePlayer {
    jobs: Option<Sender<Job>>,
    answers: Receiver<Answer>,
}

impl EnginePlayer {
    /// Starts `engine`'s thread.
    pub fn new(mut engine: Box<dyn Engine>) -> Self {
        let (jobs, job_rx) = mpsc::channel::<Job>();
        let (answer_tx, answers) = mpsc::channel::<Answer>();
        thread::Builder::new()
            .name("engine".into())
            .spawn(move || {
                for (mut game, clock) in job_rx {
                    let cpu0 = thread_cpu_time();
                    let decision = engine.think(&*game, &clock, None, &mut |_| {});
                    let cpu = thread_cpu_time()
                        .zip(cpu0)
                        .map(|(a, b)| a.saturating_sub(b));
                    let info = Some(decision_info(&decision));
                    let answer = if decision.resign {
                        Ok((String::new(), cpu, info, true))
                    } else {
                        let mv = decision.mv;
                        game.play(&mv)
                            .map(|_| (mv, cpu, info, false))
                            .map_err(|e| e.to_string())
                    };
                    if answer_tx.send(answer).is_err() {
                        break;
                    }
                }
            })
            .expect("spawn an engine thread");
        Self {
            jobs: Some(jobs),
            answers,
        }
    }
}

fn thread_cpu_time() -> Option<Duration> {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid timespec to write into.
    let ok = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) } == 0;
    ok.then(|| Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32))
}

impl Player for EnginePlayer {
    fn take_turn(
        &mut self,
        _turn: Turn<'_>,
        game: &dyn DynGame,
        limit: Duration,
        clock: &ThinkTime,
        _clocks: &[Duration],
    ) -> Result<Reply, Fault> {
        let sent = Instant::now();
        let jobs = self
            .jobs
            .as_ref()
            .ok_or_else(|| Fault::Crash("finished".into()))?;
        jobs.send((game.clone_box(), *clock))
            .map_err(|_| Fault::Crash("the engine thread is gone".into()))?;
        match self.answers.recv_timeout(limit) {
            Ok(Ok((text, cpu, info, resigned))) => Ok(Reply {
                text,
                wall: sent.elapsed(),
                cpu,
                info,
                thinking: None,
                resigned,
            }),
            Ok(Err(message)) => Err(Fault::IllegalMove(message)),
            Err(RecvTimeoutError::Timeout) => Err(Fault::Timeout(format!(
                "no move within {} ms",
                limit.as_millis()
            ))),
            Err(RecvTimeoutError::Disconnected) => Err(Fault::Crash("the engine panicked".into())),
        }
    }

    fn finish(&mut self, _faulted: bool) -> PlayerEnd {
        // The thread ends when its job queue closes (after its current move, if any).
        self.jobs = None;
        PlayerEnd::default()
    }
}
