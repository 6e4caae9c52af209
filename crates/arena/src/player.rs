//! The middle layer: a player, whatever it is. One trait, [`Player`], for built-in engines
//! (in this process, each in its own thread) and for programs (over a [`Process`]: the
//! CodeCup dialogue for two seats, the Caia dialogue of Rolit for more). Everything that can
//! go wrong on a turn is a [`Fault`] value, never a panic or a hang: the referee decides what
//! a fault costs.
//!
//! The Caia dialogue (games of more than two seats): the program's first line is its seat
//! number, "1" to "4"; seat 1 answers it with its first move; every move is sent to every
//! other seat as a line at once, and the seat next to move answers that line with its move;
//! after the last move nothing is sent (players stop by themselves); when the game stops
//! early (another seat's fault, the referee's move limit) the others are sent "0".

use crate::process::{Event, Exit, Process, ProcessConfig, SpawnError, StderrCapture, WriteError};
use olympiad_catalog::{DynGame, Engine, ThinkTime};
use olympiad_core::Seat;
use olympiad_protocol::codecup::{ToPlayer, parse_reply};
use serde::Serialize;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::thread;
use std::time::{Duration, Instant};

/// How long a program may take to exit after `end` before its group is killed.
pub const END_GRACE: Duration = Duration::from_millis(200);
/// After a program closes stdout, how long to wait for it to exit (then it is a crash, with
/// its exit status; if it stays alive, a protocol error).
pub const EOF_EXIT_GRACE: Duration = Duration::from_millis(100);

/// What the referee asks on a turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Turn<'a> {
    /// You move first: move now (the Caia dialogue: your seat number is the request).
    Start,
    /// The previous seat played this move: answer.
    Opponent(&'a str),
}

/// The line that stops a Caia player when its game ends early.
pub const CAIA_STOP: &str = "0";

/// A move and what it cost.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply {
    /// The move's text as written (one token).
    pub text: String,
    /// Wall time from the request written to the reply read.
    pub wall: Duration,
    /// CPU time used meanwhile, when it can be measured.
    pub cpu: Option<Duration>,
}

/// Everything a player can do wrong on a turn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
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
#[derive(Clone, Debug, Default, Serialize)]
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
    /// Asks for a move; waits `limit` at most.
    fn take_turn(
        &mut self,
        turn: Turn<'_>,
        limit: Duration,
        clock: &ThinkTime,
    ) -> Result<Reply, Fault>;
    /// A game of more than two seats begins with this player in `seat` (of `seats`):
    /// programs switch to the Caia dialogue, and every seat but the first is sent its number
    /// now (the first seat's number is its first request). Not called for two seats.
    fn join(&mut self, seat: Seat, seats: usize) -> Result<(), Fault> {
        let _ = (seat, seats);
        Ok(())
    }
    /// Another seat played `mv`, and this player is not the next to move (games of more
    /// than two seats only): programs are sent the move at once, engines apply it before
    /// their next turn.
    fn observe(&mut self, mv: &str) -> Result<(), Fault>;
    /// A game of more than two seats stopped before its end (another seat's fault, the
    /// referee's move limit): programs are sent "0". Called before [`Player::finish`].
    fn stopped(&mut self) {}
    /// Stops the player from running while it is not on move (programs: SIGSTOP).
    fn freeze(&mut self) {}
    /// Lets it run again (programs: SIGCONT).
    fn thaw(&mut self) {}
    /// The game is over: say `end` (the Caia dialogue: nothing), wait a little, then make
    /// sure nothing of it is left.
    /// `faulted`: it already broke the rules, so it is killed at once.
    fn finish(&mut self, faulted: bool) -> PlayerEnd;
    /// The process group of a program (`None` for built-ins), for checking that nothing of
    /// it survives.
    fn process_group(&self) -> Option<i32> {
        None
    }
}

/// A program speaking the CodeCup dialogue (two seats) or the Caia dialogue (more).
#[derive(Debug)]
pub struct ProgramPlayer {
    process: Process,
    frozen: bool,
    /// Its seat number ("1"..) once it joined a game of more than two seats.
    caia_number: Option<u8>,
}

impl ProgramPlayer {
    /// Starts the program.
    pub fn spawn(config: &ProcessConfig) -> Result<Self, SpawnError> {
        Ok(Self {
            process: Process::spawn(config)?,
            frozen: false,
            caia_number: None,
        })
    }

    /// Writes one line of the dialogue.
    fn send(&mut self, line: &str) -> Result<(), Fault> {
        self.process.write_line(line).map_err(|e| match e {
            WriteError::Full => Fault::ProtocolError(e.to_string()),
            WriteError::Closed => match self.process.wait_exit(Instant::now() + EOF_EXIT_GRACE) {
                Some(exit) => crash(exit),
                None => Fault::ProtocolError(e.to_string()),
            },
        })
    }

    /// The fault for a process that ended (or closed stdout) where a move was due.
    fn ended(&mut self, eof: bool) -> Fault {
        if eof {
            match self.process.wait_exit(Instant::now() + EOF_EXIT_GRACE) {
                Some(exit) => crash(exit),
                None => Fault::ProtocolError("closed its standard output".into()),
            }
        } else {
            crash(self.process.exit().unwrap_or(Exit::Code(-1)))
        }
    }

    /// Any event between turns is a fault: output nobody asked for, or the end of the
    /// program.
    fn check_unrequested(&mut self) -> Result<(), Fault> {
        let Some(event) = self.process.try_event() else {
            return Ok(());
        };
        Err(match event {
            Event::Line(line, _) => Fault::ProtocolError(format!(
                "wrote '{}' when no move was asked for",
                shorten(&String::from_utf8_lossy(&line))
            )),
            Event::Overlong(_) => {
                Fault::ProtocolError("wrote a long line when no move was asked for".into())
            }
            Event::Eof(_) => self.ended(true),
            Event::Exited(_) => self.ended(false),
        })
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
        limit: Duration,
        _clock: &ThinkTime,
    ) -> Result<Reply, Fault> {
        self.check_unrequested()?;
        let line = match (turn, self.caia_number) {
            (Turn::Start, Some(number)) => number.to_string(),
            (Turn::Start, None) => ToPlayer::Start.line().to_string(),
            (Turn::Opponent(m), _) => ToPlayer::Move(m.to_string()).line().to_string(),
        };
        self.send(&line)?;
        let written = Instant::now();
        let cpu_before = self.process.cpu_time();
        let deadline = written + limit;
        let mut exited = false;
        loop {
            // After the exit, stdout may still hold the reply: read on until end of file.
            let wait_until = if exited {
                deadline.min(Instant::now() + EOF_EXIT_GRACE)
            } else {
                deadline
            };
            let Some(event) = self.process.next_event(wait_until) else {
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
                        .process
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
                    let mv = parse_reply(&text).map_err(|e| Fault::Garbled(e.to_string()))?;
                    return Ok(Reply {
                        text: mv.to_string(),
                        wall,
                        cpu,
                    });
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

    fn join(&mut self, seat: Seat, _seats: usize) -> Result<(), Fault> {
        let number = seat.0 + 1;
        self.caia_number = Some(number);
        if seat.0 == 0 {
            // The first seat's number is its first request (`Turn::Start`).
            return Ok(());
        }
        self.check_unrequested()?;
        self.send(&number.to_string())
    }

    fn observe(&mut self, mv: &str) -> Result<(), Fault> {
        self.check_unrequested()?;
        self.send(mv)
    }

    fn stopped(&mut self) {
        if self.caia_number.is_some() && self.process.exit().is_none() {
            // It may already be gone or not reading: the kill in `finish` follows anyway.
            let _ = self.process.write_line(CAIA_STOP);
        }
    }

    fn freeze(&mut self) {
        if !self.frozen {
            self.process.freeze();
            self.frozen = true;
        }
    }

    fn thaw(&mut self) {
        if self.frozen {
            self.process.resume();
            self.frozen = false;
        }
    }

    fn finish(&mut self, faulted: bool) -> PlayerEnd {
        self.thaw();
        let mut ignored_end = false;
        if !faulted && self.process.exit().is_none() {
            // The Caia dialogue sends nothing at the end: players stop by themselves.
            if self.caia_number.is_none() {
                let _ = self.process.write_line(ToPlayer::End.line());
            }
            self.process.close_stdin();
            ignored_end = self.process.wait_exit(Instant::now() + END_GRACE).is_none();
        }
        // Always: helpers it started may still be running in its group.
        let stderr = self.process.finish();
        PlayerEnd {
            exit: self.process.exit().map(|e| e.to_string()),
            ignored_end,
            stderr: Some(stderr),
        }
    }

    fn process_group(&self) -> Option<i32> {
        Some(self.process.pid())
    }
}

/// The moves played since the engine's last turn (oldest first) and its clock.
type Job = (Vec<String>, ThinkTime);
type Answer = Result<(String, Option<Duration>), String>;

/// A built-in engine in its own thread, keeping its own copy of the game.
#[derive(Debug)]
pub struct EnginePlayer {
    jobs: Option<Sender<Job>>,
    answers: Receiver<Answer>,
    /// Moves of other seats observed since its last turn (games of more than two seats).
    seen: Vec<String>,
}

impl EnginePlayer {
    /// Starts `engine`'s thread; `game` is the start position.
    pub fn new(mut engine: Box<dyn Engine>, mut game: Box<dyn DynGame>) -> Self {
        let (jobs, job_rx) = mpsc::channel::<Job>();
        let (answer_tx, answers) = mpsc::channel::<Answer>();
        thread::Builder::new()
            .name("engine".into())
            .spawn(move || {
                for (played, clock) in job_rx {
                    let answer = (|| {
                        for m in &played {
                            game.play(m).map_err(|e| e.to_string())?;
                        }
                        let cpu0 = thread_cpu_time();
                        let mv = engine.choose(&*game, &clock);
                        let cpu = thread_cpu_time()
                            .zip(cpu0)
                            .map(|(a, b)| a.saturating_sub(b));
                        game.play(&mv).map_err(|e| e.to_string())?;
                        Ok((mv, cpu))
                    })();
                    if answer_tx.send(answer).is_err() {
                        break;
                    }
                }
            })
            .expect("spawn an engine thread");
        Self {
            jobs: Some(jobs),
            answers,
            seen: Vec::new(),
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
        turn: Turn<'_>,
        limit: Duration,
        clock: &ThinkTime,
    ) -> Result<Reply, Fault> {
        let mut played = std::mem::take(&mut self.seen);
        if let Turn::Opponent(m) = turn {
            played.push(m.to_string());
        }
        let sent = Instant::now();
        let jobs = self
            .jobs
            .as_ref()
            .ok_or_else(|| Fault::Crash("finished".into()))?;
        jobs.send((played, *clock))
            .map_err(|_| Fault::Crash("the engine thread is gone".into()))?;
        match self.answers.recv_timeout(limit) {
            Ok(Ok((text, cpu))) => Ok(Reply {
                text,
                wall: sent.elapsed(),
                cpu,
            }),
            Ok(Err(message)) => Err(Fault::IllegalMove(message)),
            Err(RecvTimeoutError::Timeout) => Err(Fault::Timeout(format!(
                "no move within {} ms",
                limit.as_millis()
            ))),
            Err(RecvTimeoutError::Disconnected) => Err(Fault::Crash("the engine panicked".into())),
        }
    }

    fn observe(&mut self, mv: &str) -> Result<(), Fault> {
        self.seen.push(mv.to_string());
        Ok(())
    }

    fn finish(&mut self, _faulted: bool) -> PlayerEnd {
        // The thread ends when its job queue closes (after its current move, if any).
        self.jobs = None;
        PlayerEnd::default()
    }
}
