//! `caiaio`, the hub: it starts the manager, obeys the `I` commands of the manager and the
//! referee, routes every other line by its first word, and keeps the players' clocks.
//!
//! One thread decides everything. The manager, the referee and the players all run on the
//! arena's process layer ([`olympiad_arena::process`]: own process group, reader threads,
//! kill and reap of the whole group), but they are read differently.
//!
//! The hub must take the next line from whichever of the manager and the referee writes
//! first, so both deliver their lines and their exit into the hub's one channel, tagged with
//! who wrote them ([`Process::spawn_tagged`]), and the hub blocks on it. They are trusted:
//! their stderr is the user's terminal (the Rolit referee draws its board there, our manager
//! prints its standings there), their lines have no length cap, and a line to them waits
//! for room in the pipe rather than being dropped. While one side holds the lock, lines of
//! the other side wait in a queue, in order.
//!
//! A player is read only inside `I listen`, so its clock runs exactly while the hub waits
//! for its line there: from the start of the wait to the instant the reader thread stamped
//! the line (a line already buffered costs nothing).
//!
//! The hub does what CodeCup's own `caiaio` does (`docs/CAIA.md` lists the few deliberate
//! differences). A player's stderr goes straight into the log file of `I player N EXE MS
//! LOG`, which is emptied at each `I start N`, as caiaio opens it for writing there: a log
//! holds one game. `I start N MS` watches the first bytes of stderr, kept in memory, for a
//! first line. `I kill N` ends the player's program and its definition: the next game
//! defines it again with `I player`.
//!
//! The session ends when the manager sends `I stop_caiaio`, when its output ends (it
//! exited), or on a command the hub cannot obey; then every process group the hub started is
//! killed and reaped, and the function returns only once none of their members is left.

use olympiad_arena::process::{Event, SpawnError, StderrTo, Tagged};
use olympiad_arena::{Exit, Limits, Process, ProcessConfig, group_members};
use olympiad_protocol::caia_hub::{
    self, Command, CommandError, FIRSTERROR, LOCK_OK, NO_FIRSTERROR, Route, SENDS_NEWLINE, Special,
    TIME,
};
use std::collections::VecDeque;
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::time::{Duration, Instant};
use thiserror::Error;

/// The longest player line passed on, in bytes (longer lines are dropped with a note).
const MAX_LINE_BYTES: usize = 1 << 20;
/// The most stderr bytes of one player process kept for its log.
const STDERR_LOG_BYTES: u64 = 16 << 20;
/// The most stderr bytes kept in memory to find a player's first line for `I start N MS`
/// (a longer first line is cut there; caiaio's own buffer for it holds 256 bytes).
const FIRST_LINE_BYTES: usize = 4096;
/// After a process is seen to exit, how long to wait for its last output lines (the pipe
/// reader and the reaper are separate threads, so the exit can be seen first).
const EXIT_GRACE: Duration = Duration::from_millis(100);
/// How often `I start N MS` looks for a first stderr line.
const FIRSTERROR_POLL: Duration = Duration::from_millis(2);
/// How long killing a player waits for the end of its stderr, so that its log is complete
/// (the arena's own wait is short; only a program outside the group holding the pipe makes
/// this one last).
const STDERR_END_WAIT: Duration = Duration::from_secs(2);
/// How long the end of the session waits for the killed process groups to disappear.
const GROUP_GONE_WAIT: Duration = Duration::from_secs(5);
/// The longest clock a player gets, whatever `I player N EXE MS` and `I cpu_speed` make of
/// it: any longer is as good as endless, and a deadline further away would not fit the
/// clock's numbers (100 years).
const MAX_BUDGET: Duration = Duration::from_secs(100 * 365 * 24 * 60 * 60);

/// How to run a session.
pub struct HubConfig {
    /// The manager's executable, as `execv` takes it: a name without `/` is in the current
    /// directory, not looked up in `PATH`.
    pub manager: String,
    /// The manager's one argument (`-f ARG`).
    pub manager_arg: Option<String>,
    /// Where the `-d` transcript of all traffic goes (`None`: no transcript).
    pub trace: Option<Box<dyn Write + Send>>,
}

impl std::fmt::Debug for HubConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("HubConfig")
            .field("manager", &self.manager)
            .field("manager_arg", &self.manager_arg)
            .field("trace", &self.trace.is_some())
            .finish()
    }
}

/// How a session ended normally.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SessionEnd {
    /// The manager sent `I stop_caiaio`.
    Stopped,
    /// The manager's output ended (it exited).
    ManagerExited,
}

/// Why a session stopped early.
#[derive(Debug, Error)]
pub enum HubError {
    /// The manager could not be started.
    #[error("cannot start the manager '{program}': {source}")]
    Manager {
        /// The program.
        program: String,
        /// Why.
        source: io::Error,
    },
    /// A line the hub cannot obey; the session stopped there.
    #[error("{from} line {number} '{line}': {why}")]
    Protocol {
        /// `manager` or `referee`.
        from: &'static str,
        /// The line's number in that program's output (from 1; the referee's count restarts
        /// with each referee).
        number: u64,
        /// The line.
        line: String,
        /// What is wrong.
        why: String,
    },
}

/// Runs one session: starts the manager and serves it until the end.
pub fn run(config: HubConfig) -> Result<SessionEnd, HubError> {
    let (tx, rx) = mpsc::channel();
    let manager = spawn_peer(
        &config.manager,
        config.manager_arg.as_deref(),
        Source::Manager,
        &tx,
    )
    .map_err(|source| HubError::Manager {
        program: config.manager.clone(),
        source,
    })?;
    let mut hub = Hub {
        tx,
        rx,
        manager,
        manager_lines: 0,
        manager_exited: None,
        referee: None,
        referee_gen: 0,
        referee_lines: 0,
        referee_exited: None,
        lock: None,
        pending: VecDeque::new(),
        players: Vec::new(),
        factor: 1.0,
        trace: config.trace,
        spawned_groups: Vec::new(),
    };
    hub.trace_note(&format!("manager started: {}", config.manager));
    let result = hub.serve();
    hub.shutdown();
    result
}

/// `execv`'s view of a program name: relative to the current directory, never from `PATH`.
fn exec_path(exe: &str) -> PathBuf {
    if exe.contains('/') {
        PathBuf::from(exe)
    } else {
        Path::new(".").join(exe)
    }
}

/// Starts the manager or a referee: `exe` as `execv` finds it, with its one argument if any,
/// its stdout lines and its exit tagged `from` into the hub's channel `tx`, its stderr the
/// hub's own. Why the operating system refused, if it did.
fn spawn_peer(
    exe: &str,
    arg: Option<&str>,
    from: Source,
    tx: &Sender<Input>,
) -> io::Result<Process> {
    let config = ProcessConfig {
        program: exec_path(exe),
        args: arg.map(str::to_string).into_iter().collect(),
        // Caia limits nothing; the arena layer still turns core files off.
        limits: Limits {
            address_space_bytes: None,
            cpu_seconds: None,
        },
        // Trusted: a line of any length is passed on whole.
        max_line_bytes: usize::MAX,
        // Unused: the stderr is the terminal.
        stderr_log: None,
        stderr_log_bytes: 0,
        stderr_keep_bytes: 0,
    };
    Process::spawn_tagged(&config, StderrTo::Terminal, from, tx).map_err(|e| match e {
        SpawnError::Spawn { source, .. } | SpawnError::Log { source, .. } => source,
    })
}

/// Who wrote a line the hub reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Source {
    /// The manager.
    Manager,
    /// The referee of this generation (each `I referee` starts a new one, so that lines of
    /// a killed referee still in the channel are recognised and dropped).
    Referee(u64),
}

/// One item on the hub's channel: a line, the end of output or the exit of the manager or
/// a referee.
type Input = Tagged<Source>;

/// A defined player: `I player N EXE MS [LOGFILE]`, its clock, and its process if started.
#[derive(Debug)]
struct Slot {
    exe: String,
    /// MS times the time factor in force at `I player`, as caiaio computes it there.
    budget: Duration,
    log: Option<PathBuf>,
    used: Duration,
    /// Its budget ran out in a listen: every later listen answers time-out, as in caiaio.
    timed_out: bool,
    run: Option<Running>,
}

/// A started player.
#[derive(Debug)]
struct Running {
    /// `None` when the program could not be started (every listen then answers stopped).
    process: Option<Process>,
    /// Its stdout has ended.
    eof: bool,
    /// Events read but not used (a line that came too late).
    pushback: VecDeque<Event>,
}

struct Hub {
    tx: Sender<Input>,
    rx: Receiver<Input>,
    manager: Process,
    manager_lines: u64,
    /// When the manager was seen to exit (its last lines may still be on the way).
    manager_exited: Option<Instant>,
    referee: Option<Process>,
    referee_gen: u64,
    referee_lines: u64,
    referee_exited: Option<Instant>,
    lock: Option<Source>,
    pending: VecDeque<Input>,
    /// The player table; `None`: not defined since the last `number_players`.
    players: Vec<Option<Slot>>,
    /// Contest speed / local speed: budgets are multiplied by it, reported times divided.
    factor: f64,
    trace: Option<Box<dyn Write + Send>>,
    /// Every process group started, to check at the end that none is left.
    spawned_groups: Vec<i32>,
}

/// What handling one input decided.
enum Flow {
    Continue,
    End(SessionEnd),
}

impl Hub {
    fn serve(&mut self) -> Result<SessionEnd, HubError> {
        loop {
            if let Some(input) = self.next_allowed() {
                if let Flow::End(end) = self.handle(input)? {
                    return Ok(end);
                }
                continue;
            }
            let graces = [self.manager_exited, self.referee_exited];
            let deadline = graces.iter().flatten().map(|&t| t + EXIT_GRACE).min();
            let received = match deadline {
                Some(d) => self
                    .rx
                    .recv_timeout(d.saturating_duration_since(Instant::now())),
                None => self.rx.recv().map_err(|_| RecvTimeoutError::Disconnected),
            };
            match received {
                Ok(input) => self.pending.push_back(input),
                Err(RecvTimeoutError::Timeout) => {
                    // An exit whose end of output never came (a grandchild holds the pipe):
                    // treat it as the end of output.
                    // It goes behind the lines already queued.
                    let now = Instant::now();
                    if self.manager_exited.is_some_and(|t| now >= t + EXIT_GRACE) {
                        self.manager_exited = None;
                        self.pending.push_back(Input {
                            from: Source::Manager,
                            event: Event::Eof(now),
                        });
                    }
                    if self.referee_exited.is_some_and(|t| now >= t + EXIT_GRACE) {
                        self.referee_exited = None;
                        self.pending.push_back(Input {
                            from: Source::Referee(self.referee_gen),
                            event: Event::Eof(now),
                        });
                    }
                }
                // The hub holds a sender itself, so the channel never disconnects.
                Err(RecvTimeoutError::Disconnected) => {
                    return Ok(SessionEnd::ManagerExited);
                }
            }
        }
    }

    /// The first queued input the lock lets through (inputs of a replaced referee are
    /// dropped on the way).
    fn next_allowed(&mut self) -> Option<Input> {
        let current = Source::Referee(self.referee_gen);
        self.pending
            .retain(|i| matches!(i.from, Source::Manager) || i.from == current);
        let at = self
            .pending
            .iter()
            .position(|i| self.lock.is_none_or(|holder| holder == i.from))?;
        self.pending.remove(at)
    }

    fn handle(&mut self, input: Input) -> Result<Flow, HubError> {
        let from = input.from;
        match input.event {
            Event::Line(bytes, _) => self.line(from, String::from_utf8_lossy(&bytes).into_owned()),
            Event::Overlong(_) => {
                unreachable!("the manager and the referee have no line length cap")
            }
            Event::Eof(_) => {
                match from {
                    Source::Manager => {
                        self.trace_note("manager exited");
                        return Ok(Flow::End(SessionEnd::ManagerExited));
                    }
                    Source::Referee(_) => self.referee_gone(),
                }
                Ok(Flow::Continue)
            }
            Event::Exited(exit) => {
                if exit != Exit::Code(0) {
                    self.warn(&format!("the {} ended with {exit}", source_name(from)));
                }
                match from {
                    Source::Manager => self.manager_exited = Some(Instant::now()),
                    Source::Referee(_) => self.referee_exited = Some(Instant::now()),
                }
                Ok(Flow::Continue)
            }
        }
    }

    /// The current referee will write no more: its lock (if it held it) is released.
    fn referee_gone(&mut self) {
        self.referee_exited = None;
        if self.lock == Some(Source::Referee(self.referee_gen)) {
            self.lock = None;
        }
        // Lines of this generation that are still queued are dropped from now on.
        self.referee_gen += 1;
        if let Some(mut referee) = self.referee.take() {
            referee.kill();
        }
    }

    fn line(&mut self, from: Source, line: String) -> Result<Flow, HubError> {
        let (name, number) = match from {
            Source::Manager => {
                self.manager_lines += 1;
                ("manager", self.manager_lines)
            }
            Source::Referee(_) => {
                self.referee_lines += 1;
                ("referee", self.referee_lines)
            }
        };
        let protocol_error = |why: String| HubError::Protocol {
            from: name,
            number,
            line: line.clone(),
            why,
        };
        let route =
            caia_hub::parse_line(&line).map_err(|e: CommandError| protocol_error(e.to_string()));
        let route = match route {
            Ok(r) => r,
            Err(e) => {
                self.trace(name, "caiaio", &line);
                return Err(e);
            }
        };
        match route {
            Route::Command(command) => {
                self.trace(name, "caiaio", &line);
                let allowed = match from {
                    Source::Manager => command.allowed_from_manager(),
                    Source::Referee(_) => command.allowed_from_referee(),
                };
                if !allowed {
                    return Err(protocol_error(format!(
                        "the {name} may not send this command"
                    )));
                }
                self.command(from, command).map_err(protocol_error)
            }
            Route::ToManager(text) => {
                if from == Source::Manager {
                    self.trace(name, "nobody", &line);
                } else {
                    self.trace(name, "manager", text);
                    self.send_to_manager(text);
                }
                Ok(Flow::Continue)
            }
            Route::ToPlayer(n, text) => {
                self.trace(name, &n.to_string(), text);
                self.send_to_player(n, text);
                Ok(Flow::Continue)
            }
            Route::Dropped => {
                self.trace(name, "nobody", &line);
                Ok(Flow::Continue)
            }
        }
    }

    /// Obeys one command; an `Err` is the reason it could not be obeyed.
    fn command(&mut self, from: Source, command: Command) -> Result<Flow, String> {
        match command {
            Command::Lock => {
                // The lock is free or already the asker's: otherwise this line would still
                // be queued.
                self.lock = Some(from);
                self.reply(from, LOCK_OK);
            }
            Command::Unlock => {
                if self.lock == Some(from) {
                    self.lock = None;
                }
            }
            Command::CpuSpeed {
                contest_mhz,
                local_mhz,
            } => {
                let local = match local_mhz {
                    Some(mhz) => f64::from(mhz),
                    None => match local_mhz_measured() {
                        Some(mhz) => mhz,
                        None => {
                            self.warn("cannot measure the local CPU speed; time factor 1");
                            f64::from(contest_mhz)
                        }
                    },
                };
                self.factor = f64::from(contest_mhz) / local;
                self.trace_note(&format!(
                    "time factor {:.4} (contest {contest_mhz} MHz, local {local} MHz)",
                    self.factor
                ));
            }
            Command::NumberPlayers(k) => {
                // (caiaio forgets the old players without ending them; they would run until
                // the end of the session.)
                for n in 1..=self.players.len() {
                    self.stop_player(n);
                }
                self.players = (0..k).map(|_| None).collect();
            }
            Command::Player { n, exe, ms, log } => {
                self.check_number(n)?;
                if self.players[n - 1].is_some() {
                    return Err(format!(
                        "player {n} is already defined (I kill {n} ends its definition)"
                    ));
                }
                self.players[n - 1] = Some(Slot {
                    exe,
                    budget: Duration::try_from_secs_f64(ms as f64 * self.factor / 1000.0)
                        .map_or(MAX_BUDGET, |b| b.min(MAX_BUDGET)),
                    log: log.map(PathBuf::from),
                    used: Duration::ZERO,
                    timed_out: false,
                    run: None,
                });
            }
            Command::Start { n, wait_ms } => {
                self.check_defined(n)?;
                // (caiaio would start a second program and leave the first running.)
                self.stop_player(n);
                let failure = self.start_player(n);
                if let Some(ms) = wait_ms {
                    let first = failure.or_else(|| {
                        let deadline = Instant::now() + Duration::from_millis(ms);
                        self.run_of(n).and_then(|p| first_stderr_line(p, deadline))
                    });
                    match first {
                        Some(line) => self.reply(from, &firsterror_reply(&line)),
                        None => self.reply(from, NO_FIRSTERROR),
                    }
                }
            }
            Command::Referee { exe, arg } => {
                if self.referee.is_some() {
                    self.referee_gone();
                }
                self.referee_gen += 1;
                self.referee_lines = 0;
                self.referee_exited = None;
                let source = Source::Referee(self.referee_gen);
                let peer = spawn_peer(&exe, arg.as_deref(), source, &self.tx)
                    .map_err(|e| format!("cannot start the referee '{exe}': {e}"))?;
                self.spawned_groups.push(peer.pid());
                self.referee = Some(peer);
                self.trace_note(&format!("referee started: {exe}"));
            }
            Command::Listen(n) => {
                self.check_defined(n)?;
                let answer = self.listen(n);
                let asker = source_name(from);
                match &answer {
                    Ok(line) => self.trace(&n.to_string(), asker, line),
                    Err(special) => self.trace("caiaio", asker, &special.text()),
                }
                let text = answer.unwrap_or_else(|special| special.text());
                self.reply_untraced(from, &text);
            }
            Command::RequestTime(n) => {
                self.check_defined(n)?;
                let used = self.slot(n).used;
                let used_ms = used.as_millis() as u64;
                let contest_ms = (used.as_secs_f64() * 1000.0 / self.factor) as u64;
                self.reply(from, &format!("{TIME} {used_ms} {contest_ms}"));
            }
            Command::Kill(n) => {
                self.check_defined(n)?;
                self.stop_player(n);
                self.players[n - 1] = None;
            }
            Command::KillReferee => {
                // Not traced: whether the referee was still running after its report is a
                // race, and the transcript must not depend on it.
                if self.referee.is_some() {
                    self.referee_gone();
                }
            }
            Command::StopCaiaio => return Ok(Flow::End(SessionEnd::Stopped)),
            Command::Report(message) => {
                let line = format!("{} {message}", caia_hub::REPORT);
                self.trace("caiaio", "manager", &line);
                self.send_to_manager(&line);
            }
        }
        Ok(Flow::Continue)
    }

    fn check_number(&self, n: usize) -> Result<(), String> {
        if n > self.players.len() {
            Err(format!(
                "player {n}, but number_players is {}",
                self.players.len()
            ))
        } else {
            Ok(())
        }
    }

    fn check_defined(&self, n: usize) -> Result<(), String> {
        self.check_number(n)?;
        if self.players[n - 1].is_none() {
            return Err(format!(
                "player {n} is not defined (I player {n} ..., again after each I kill {n})"
            ));
        }
        Ok(())
    }

    /// Player `n`'s program, if it was started and is not killed.
    fn run_of(&self, n: usize) -> Option<&Process> {
        self.players
            .get(n - 1)?
            .as_ref()?
            .run
            .as_ref()?
            .process
            .as_ref()
    }

    fn slot(&mut self, n: usize) -> &mut Slot {
        self.players[n - 1]
            .as_mut()
            .expect("checked by check_defined")
    }

    /// Starts player `n`, its log emptied (caiaio opens it for writing at each start); the
    /// reason if the program could not be started.
    fn start_player(&mut self, n: usize) -> Option<String> {
        let slot = self.players[n - 1]
            .as_ref()
            .expect("checked by check_defined");
        let mut config = ProcessConfig {
            program: exec_path(&slot.exe),
            args: Vec::new(),
            // Caia limits nothing but time; the arena layer still turns core files off.
            limits: Limits {
                address_space_bytes: None,
                cpu_seconds: None,
            },
            max_line_bytes: MAX_LINE_BYTES,
            stderr_log: slot.log.clone(),
            stderr_log_bytes: STDERR_LOG_BYTES,
            stderr_keep_bytes: FIRST_LINE_BYTES,
        };
        let exe = slot.exe.clone();
        let mut spawned = Process::spawn(&config);
        if let Err(e @ SpawnError::Log { .. }) = &spawned {
            // caiaio plays on without a log it cannot open.
            self.warn(&format!("player {n}: {e}; its stderr is dropped"));
            config.stderr_log = None;
            spawned = Process::spawn(&config);
        }
        let (process, failure) = match spawned {
            Ok(p) => {
                self.spawned_groups.push(p.pid());
                (Some(p), None)
            }
            Err(e) => {
                self.warn(&format!("player {n}: {e}"));
                // Where caiaio's child would have written why its exec failed.
                if let Some(log) = &config.stderr_log {
                    let _ = fs::write(log, format!("{e}\n"));
                }
                (None, Some(e.to_string()))
            }
        };
        self.trace_note(&format!("player {n} started: {exe}"));
        self.slot(n).run = Some(Running {
            process,
            eof: false,
            pushback: VecDeque::new(),
        });
        failure
    }

    /// Reads player `n`'s next line, charging its clock for the wait; `Err` is a special
    /// answer.
    fn listen(&mut self, n: usize) -> Result<String, Special> {
        let slot = self.players[n - 1]
            .as_mut()
            .expect("checked by check_defined");
        if slot.timed_out {
            return Err(Special::Timeout);
        }
        let budget = slot.budget;
        let left = budget.saturating_sub(slot.used);
        let start = Instant::now();
        let deadline = start + left;
        let Some(run) = slot.run.as_mut() else {
            return Err(Special::Stopped);
        };
        let Some(process) = run.process.as_mut() else {
            return Err(Special::Stopped);
        };
        // caiaio looks first whether the player has died: one a signal killed is reported
        // crashed, whatever lines it left unread (one that exited still has them read).
        while let Some(event) = process.try_event() {
            run.pushback.push_back(event);
        }
        if let Some(exit @ Exit::Signal(_)) = process.exit() {
            return Err(exit_answer(exit));
        }
        // A process already seen to exit gets the grace period from the start of the wait.
        let mut grace: Option<Instant> = process.exit().map(|_| start + EXIT_GRACE);
        let mut overlong = 0;
        let answer = loop {
            if run.eof
                && let Some(exit) = process.exit()
            {
                break Err(exit_answer(exit));
            }
            let wait_until = grace.map_or(deadline, |g| g.min(deadline));
            let event = match run.pushback.pop_front() {
                Some(e) => Some(e),
                None => process.next_event(wait_until),
            };
            match event {
                Some(Event::Line(bytes, at)) => {
                    let spent = at.saturating_duration_since(start);
                    if spent > left {
                        run.pushback.push_front(Event::Line(bytes, at));
                        break Err(Special::Timeout);
                    }
                    slot.used += spent;
                    let mut text = String::from_utf8_lossy(&bytes).into_owned();
                    if text.ends_with('\r') {
                        text.pop();
                    }
                    if text.is_empty() {
                        break Err(Special::SendsNewline);
                    }
                    break Ok(text);
                }
                Some(Event::Overlong(_)) => overlong += 1,
                Some(Event::Eof(_)) => run.eof = true,
                Some(Event::Exited(_)) => {
                    grace.get_or_insert(Instant::now() + EXIT_GRACE);
                }
                None => {
                    let now = Instant::now();
                    if let Some(exit) = process.exit()
                        && grace.is_some_and(|g| now >= g)
                    {
                        // It exited and its output did not end (a child holds the pipe): no
                        // line is coming.
                        break Err(exit_answer(exit));
                    }
                    if now >= deadline {
                        break Err(Special::Timeout);
                    }
                }
            }
        };
        match &answer {
            Err(Special::Timeout) => {
                slot.used = budget;
                slot.timed_out = true;
            }
            Err(Special::Stopped | Special::Crashed(_)) => {
                slot.used += Instant::now().saturating_duration_since(start).min(left);
            }
            _ => {}
        }
        if overlong > 0 {
            self.warn(&format!(
                "player {n}: {overlong} line(s) longer than {MAX_LINE_BYTES} bytes dropped"
            ));
        }
        answer
    }

    /// Ends player `n`'s program if it runs (its log is then complete); the definition
    /// stays.
    fn stop_player(&mut self, n: usize) {
        let Some(Some(slot)) = self.players.get_mut(n - 1) else {
            return;
        };
        let Some(mut run) = slot.run.take() else {
            return;
        };
        if let Some(process) = run.process.as_mut() {
            process.finish();
            let deadline = Instant::now() + STDERR_END_WAIT;
            while !process.stderr_head().1 && Instant::now() < deadline {
                std::thread::sleep(Duration::from_millis(1));
            }
        }
        self.trace_note(&format!("player {n} killed"));
    }

    fn send_to_player(&mut self, n: usize, text: &str) {
        let process = self
            .players
            .get_mut(n - 1)
            .and_then(|s| s.as_mut())
            .and_then(|s| s.run.as_mut())
            .and_then(|r| r.process.as_mut());
        let problem = match process {
            None => Some("not running".to_string()),
            Some(p) => p.write_line(text).err().map(|e| e.to_string()),
        };
        if let Some(problem) = problem {
            self.trace_note(&format!("line for player {n} dropped: {problem}"));
        }
    }

    fn send_to_manager(&mut self, text: &str) {
        if let Err(e) = self.manager.write_line_waiting(text) {
            self.trace_note(&format!("line for the manager dropped: {e}"));
        }
    }

    fn reply(&mut self, to: Source, text: &str) {
        self.trace("caiaio", source_name(to), text);
        self.reply_untraced(to, text);
    }

    fn reply_untraced(&mut self, to: Source, text: &str) {
        match to {
            Source::Manager => self.send_to_manager(text),
            Source::Referee(_) => {
                let failed = match self.referee.as_mut() {
                    Some(r) => r.write_line_waiting(text).err().map(|e| e.to_string()),
                    None => Some("no referee".to_string()),
                };
                if let Some(e) = failed {
                    self.trace_note(&format!("line for the referee dropped: {e}"));
                }
            }
        }
    }

    fn trace(&mut self, from: &str, to: &str, text: &str) {
        if let Some(out) = self.trace.as_mut() {
            let _ = writeln!(out, "[{from} -> {to}] {text}");
            let _ = out.flush();
        }
    }

    fn trace_note(&mut self, text: &str) {
        if let Some(out) = self.trace.as_mut() {
            let _ = writeln!(out, "[caiaio] {text}");
            let _ = out.flush();
        }
    }

    /// A problem the user should see even without `-d`.
    fn warn(&mut self, text: &str) {
        eprintln!("caiaio: {text}");
    }

    /// Stops everything: players, the referee, the manager; then waits until none of their
    /// process groups has a member left.
    fn shutdown(&mut self) {
        for n in 1..=self.players.len() {
            self.stop_player(n);
        }
        if let Some(mut referee) = self.referee.take() {
            referee.kill();
        }
        self.manager.kill();
        let deadline = Instant::now() + GROUP_GONE_WAIT;
        for &group in &self.spawned_groups {
            while group_members(group) > 0 && Instant::now() < deadline {
                std::thread::sleep(Duration::from_millis(1));
            }
        }
        let manager_group = self.manager.pid();
        while group_members(manager_group) > 0 && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(1));
        }
    }
}

fn source_name(source: Source) -> &'static str {
    match source {
        Source::Manager => "manager",
        Source::Referee(_) => "referee",
    }
}

/// The listen answer for a player that ended.
fn exit_answer(exit: Exit) -> Special {
    match exit {
        Exit::Signal(s) => Special::Crashed(signal_description(s)),
        Exit::Code(_) => Special::Stopped,
    }
}

/// How caiaio names signal `signal` in [`Special::Crashed`]: the C library's description of
/// it (`strsignal`: "Segmentation fault", "Killed", ...) with every space replaced by `_`,
/// so that the answer stays one word. (It stays here, beside the processes it describes,
/// so that `olympiad_protocol` keeps no operating-system calls.)
pub fn signal_description(signal: i32) -> String {
    // SAFETY: strsignal accepts any number; it returns a pointer to a NUL-terminated string
    // (static, or a buffer of this thread for unknown numbers) or NULL, and the text is copied
    // before anything else can call strsignal on this thread.
    let text = unsafe {
        let p = libc::strsignal(signal);
        (!p.is_null()).then(|| std::ffi::CStr::from_ptr(p).to_string_lossy().into_owned())
    };
    text.unwrap_or_else(|| format!("Unknown signal {signal}"))
        .replace(' ', "_")
}

/// Waits until `deadline` for the first line `process` writes on stderr: the line as soon as
/// it is complete; at the deadline, or when stderr ended first, whatever came (caiaio reads
/// a line there once anything is readable, even the end of the pipe); `None` if nothing did.
fn first_stderr_line(process: &Process, deadline: Instant) -> Option<String> {
    loop {
        let (head, ended) = process.stderr_head();
        let newline = head.iter().position(|&b| b == b'\n');
        let now = Instant::now();
        if newline.is_some() || ended || head.len() >= FIRST_LINE_BYTES || now >= deadline {
            if head.is_empty() && !ended {
                return None;
            }
            let line = String::from_utf8_lossy(&head[..newline.unwrap_or(head.len())]);
            return Some(line.trim_end_matches('\r').to_string());
        }
        std::thread::sleep(FIRSTERROR_POLL.min(deadline - now));
    }
}

/// The reply to `I start N MS` for a first stderr line, worded as caiaio words it: at least
/// two words after `firsterror`, an empty line's answer standing for each missing one.
fn firsterror_reply(line: &str) -> String {
    match line.split([' ', '\t']).filter(|w| !w.is_empty()).count() {
        0 => format!("{FIRSTERROR} {SENDS_NEWLINE} {SENDS_NEWLINE}"),
        1 => format!("{FIRSTERROR} {line} {SENDS_NEWLINE}"),
        _ => format!("{FIRSTERROR} {line}"),
    }
}

/// This machine's CPU speed in MHz: the highest frequency the kernel reports for cpu0, or
/// the `cpu MHz` of `/proc/cpuinfo`.
pub fn local_mhz_measured() -> Option<f64> {
    let max_khz = fs::read_to_string("/sys/devices/system/cpu/cpu0/cpufreq/cpuinfo_max_freq")
        .ok()
        .and_then(|t| t.trim().parse::<f64>().ok())
        .filter(|&k| k > 0.0);
    if let Some(khz) = max_khz {
        return Some(khz / 1000.0);
    }
    let info = fs::read_to_string("/proc/cpuinfo").ok()?;
    info.lines()
        .filter(|l| l.starts_with("cpu MHz"))
        .filter_map(|l| l.split(':').nth(1)?.trim().parse::<f64>().ok())
        .filter(|&m| m > 0.0)
        .reduce(f64::max)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signals_are_described_in_one_word_as_caiaio_describes_them() {
        assert_eq!(
            Special::Crashed(signal_description(libc::SIGSEGV)).text(),
            "<caiaio:_player_crashed:_Segmentation_fault>"
        );
        assert_eq!(signal_description(libc::SIGKILL), "Killed");
        // A number without a usual description still makes one word.
        let unknown = signal_description(1000);
        assert!(!unknown.is_empty() && !unknown.contains(' '), "{unknown}");
    }

    #[test]
    fn exec_paths_are_never_looked_up() {
        assert_eq!(exec_path("manager"), PathBuf::from("./manager"));
        assert_eq!(exec_path("../bin/bob"), PathBuf::from("../bin/bob"));
        assert_eq!(exec_path("/bin/sh"), PathBuf::from("/bin/sh"));
    }

    #[test]
    fn a_first_error_has_at_least_two_words_as_caiaio_writes_it() {
        assert_eq!(firsterror_reply("hello world"), "firsterror hello world");
        assert_eq!(
            firsterror_reply("hello"),
            r"firsterror hello <caiaio:_player_sends_'\n'>"
        );
        assert_eq!(
            firsterror_reply(" \t"),
            r"firsterror <caiaio:_player_sends_'\n'> <caiaio:_player_sends_'\n'>"
        );
    }
}
