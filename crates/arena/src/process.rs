//! The bottom layer: one player program as an operating-system process that cannot hurt the
//! arena.
//!
//! - It runs in its own process group, so that a fault kills it and everything it started
//!   with one `killpg`, and freezing (SIGSTOP/SIGCONT) reaches its helpers too.
//! - Resource limits are set between fork and exec: address space, CPU seconds, no core
//!   files.
//! - Every pipe has its own thread: stdout is cut into lines (each capped in length and
//!   stamped with the instant it was read), stderr is drained into a capped log (an unread
//!   stderr pipe would stall the program once the pipe buffer fills), and a waiter thread
//!   reaps the process and reports how it ended. All three report on one channel, so every
//!   read has a deadline and an exit is noticed even when a grandchild holds stdout open.
//! - Our end of stdin is non-blocking: a program that never reads its input fills the pipe
//!   and gets an error, never a stuck arena.
//! - A caller that must wait on several processes at once (the Caia hub takes the next line
//!   of whichever of its manager and referee writes first) has their events delivered into
//!   one channel of its own, each tagged with who it came from ([`Process::spawn_tagged`]);
//!   such a trusted program may also keep the user's terminal as its stderr
//!   ([`StderrTo::Terminal`]) and be written to with a wait for room in its pipe
//!   ([`Process::write_line_waiting`]).
//!
//! Linux only (process CPU time comes from `/proc`).

use serde::{Deserialize, Serialize};
use std::collections::VecDeque;
use std::fs::File;
use std::io::{self, Read, Write};
use std::os::fd::AsRawFd;
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::PathBuf;
use std::process::{ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender, TryRecvError};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};
use thiserror::Error;

/// Bytes read from a pipe at a time.
const READ_CHUNK_BYTES: usize = 64 * 1024;
/// How long `kill` waits for the waiter thread to report the reaped process.
const REAP_WAIT: Duration = Duration::from_secs(5);
/// How long the end of a process waits for the stderr thread to write its last bytes.
const STDERR_DRAIN_WAIT: Duration = Duration::from_millis(200);

/// Resource limits for a player program (`None`: inherit the arena's).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Limits {
    /// Address space in bytes (RLIMIT_AS).
    pub address_space_bytes: Option<u64>,
    /// CPU seconds for the whole process (RLIMIT_CPU; SIGXCPU at the limit, SIGKILL one
    /// second later).
    pub cpu_seconds: Option<u64>,
}

impl Default for Limits {
    /// 2 GiB of address space, no CPU limit.
    fn default() -> Self {
        Self {
            address_space_bytes: Some(2 << 30),
            cpu_seconds: None,
        }
    }
}

/// How to start a program.
#[derive(Clone, Debug)]
pub struct ProcessConfig {
    /// The program (a path; it is not looked up in PATH here).
    pub program: PathBuf,
    /// Its arguments.
    pub args: Vec<String>,
    /// Resource limits.
    pub limits: Limits,
    /// The longest stdout line accepted, in bytes (without the newline).
    pub max_line_bytes: usize,
    /// Where stderr goes (`None`: kept only in memory up to `stderr_keep_bytes`).
    pub stderr_log: Option<PathBuf>,
    /// The most stderr bytes written to the log file; the rest is read and dropped.
    pub stderr_log_bytes: u64,
    /// The most stderr bytes kept in memory (for the game record).
    pub stderr_keep_bytes: usize,
}

/// Where a process's stderr goes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum StderrTo {
    /// Drained by a thread into the capped log and the in-memory head of its
    /// [`ProcessConfig`]: nothing a player writes there can stall it or fill a disk.
    #[default]
    Capture,
    /// The arena's own stderr, untouched: for a trusted program that talks to the user there
    /// (the Caia manager prints its standings, the Rolit referee draws its board). The
    /// config's stderr fields are then unused, and [`Process::stderr_head`] is empty and
    /// ended.
    Terminal,
}

/// An event of a process started with [`Process::spawn_tagged`], as it arrives on the
/// caller's channel.
#[derive(Debug)]
pub struct Tagged<T> {
    /// Who the caller said the process is.
    pub from: T,
    /// What happened.
    pub event: Event,
}

/// Where the stdout and waiter threads of a tagged process send each event.
type Forward = Arc<dyn Fn(Event) + Send + Sync>;

/// How a process ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Exit {
    /// It exited with this code.
    Code(i32),
    /// A signal killed it.
    Signal(i32),
}

impl std::fmt::Display for Exit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            Exit::Code(c) => write!(f, "exit code {c}"),
            Exit::Signal(s) => write!(f, "signal {s} ({})", signal_name(s)),
        }
    }
}

/// The usual name of a signal number.
pub fn signal_name(signal: i32) -> &'static str {
    match signal {
        libc::SIGHUP => "SIGHUP",
        libc::SIGINT => "SIGINT",
        libc::SIGQUIT => "SIGQUIT",
        libc::SIGILL => "SIGILL",
        libc::SIGTRAP => "SIGTRAP",
        libc::SIGABRT => "SIGABRT",
        libc::SIGBUS => "SIGBUS",
        libc::SIGFPE => "SIGFPE",
        libc::SIGKILL => "SIGKILL",
        libc::SIGSEGV => "SIGSEGV",
        libc::SIGPIPE => "SIGPIPE",
        libc::SIGALRM => "SIGALRM",
        libc::SIGTERM => "SIGTERM",
        libc::SIGXCPU => "SIGXCPU",
        libc::SIGXFSZ => "SIGXFSZ",
        libc::SIGSYS => "SIGSYS",
        _ => "other",
    }
}

/// Something that happened on one of the program's pipes, or to the program.
#[derive(Debug)]
pub enum Event {
    /// A complete stdout line (without `\n`) and the instant it was read.
    Line(Vec<u8>, Instant),
    /// A stdout line passed the length cap (the rest of it is dropped).
    Overlong(Instant),
    /// Stdout was closed.
    Eof(Instant),
    /// The process ended (it has been reaped).
    Exited(Exit),
}

/// Why a program could not be started.
#[derive(Debug, Error)]
pub enum SpawnError {
    /// The operating system refused (missing program, no permission, ...).
    #[error("cannot start '{program}': {source}")]
    Spawn {
        /// The program.
        program: String,
        /// Why.
        source: io::Error,
    },
    /// The stderr log could not be created.
    #[error("cannot create the stderr log '{path}': {source}")]
    Log {
        /// The log's path.
        path: String,
        /// Why.
        source: io::Error,
    },
}

/// Why a line could not be written.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum WriteError {
    /// The pipe is full: the program does not read its input.
    #[error("the program does not read its input (pipe full)")]
    Full,
    /// The program closed its input (or exited).
    #[error("the program closed its input")]
    Closed,
}

/// What the stderr thread collected.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct StderrCapture {
    /// The first bytes (lossy UTF-8), up to the in-memory cap.
    pub head: String,
    /// Every byte the program wrote to stderr.
    pub total_bytes: u64,
    /// Bytes written to the log file.
    pub logged_bytes: u64,
    /// The log file, if there is one.
    pub log: Option<PathBuf>,
}

#[derive(Default)]
struct StderrState {
    head: Vec<u8>,
    total: u64,
    logged: u64,
    /// The pipe reached end of file.
    ended: bool,
}

/// A running program in its own process group.
#[derive(Debug)]
pub struct Process {
    pid: i32,
    stdin: Option<ChildStdin>,
    /// Batches of events: the lines of one read of stdout arrive as one batch, so that a
    /// program that writes two lines at once is seen to have done so, however the threads
    /// are scheduled.
    events: Receiver<Vec<Event>>,
    /// Events of a batch not yet handed out.
    pending: VecDeque<Event>,
    exit: Option<Exit>,
    killed: bool,
    stderr: Arc<Mutex<StderrStateDebug>>,
    stderr_done: Receiver<()>,
    stderr_log: Option<PathBuf>,
}

/// `StderrState` behind a Debug impl that does not print the bytes.
struct StderrStateDebug(StderrState);

impl std::fmt::Debug for StderrStateDebug {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "stderr({} bytes)", self.0.total)
    }
}

impl Process {
    /// Starts `config.program` with piped stdin/stdout, stderr drained to the log, in a new
    /// process group, under the limits.
    pub fn spawn(config: &ProcessConfig) -> Result<Process, SpawnError> {
        Self::start(config, StderrTo::Capture, None)
    }

    /// Starts `config.program` as [`Process::spawn`] does, but delivers its stdout events
    /// and its exit into the caller's channel `to`, each tagged `from`, in the order they
    /// happened, so that one thread can wait on several processes. The process's own
    /// [`Process::next_event`] then gives only the exit (which [`Process::kill`] waits for);
    /// `stderr` says whether stderr is captured or left on the arena's own.
    pub fn spawn_tagged<T: Clone + Send + Sync + 'static>(
        config: &ProcessConfig,
        stderr: StderrTo,
        from: T,
        to: &Sender<Tagged<T>>,
    ) -> Result<Process, SpawnError> {
        let to = to.clone();
        let forward: Forward = Arc::new(move |event| {
            // A caller that stopped listening has no use for the event.
            let _ = to.send(Tagged {
                from: from.clone(),
                event,
            });
        });
        Self::start(config, stderr, Some(forward))
    }

    fn start(
        config: &ProcessConfig,
        stderr_to: StderrTo,
        forward: Option<Forward>,
    ) -> Result<Process, SpawnError> {
        let capture = stderr_to == StderrTo::Capture;
        let log = match config.stderr_log.as_ref().filter(|_| capture) {
            Some(path) => Some(File::create(path).map_err(|source| SpawnError::Log {
                path: path.display().to_string(),
                source,
            })?),
            None => None,
        };
        let mut command = Command::new(&config.program);
        command
            .args(&config.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(if capture {
                Stdio::piped()
            } else {
                Stdio::inherit()
            })
            .process_group(0);
        let limits = config.limits;
        // SAFETY: the closure runs in the child between fork and exec and only calls
        // setrlimit, which is async-signal-safe; it allocates nothing.
        unsafe {
            command.pre_exec(move || {
                set_limit(libc::RLIMIT_CORE, 0, 0)?;
                if let Some(bytes) = limits.address_space_bytes {
                    set_limit(libc::RLIMIT_AS, bytes, bytes)?;
                }
                if let Some(secs) = limits.cpu_seconds {
                    set_limit(libc::RLIMIT_CPU, secs, secs + 1)?;
                }
                Ok(())
            });
        }
        let mut child = spawn_retrying_busy(&mut command).map_err(|source| SpawnError::Spawn {
            program: config.program.display().to_string(),
            source,
        })?;
        let pid = child.id() as i32;
        crate::interrupt::register(pid);
        let stdin = child.stdin.take().expect("stdin is piped");
        let stdout = child.stdout.take().expect("stdout is piped");
        set_nonblocking(&stdin);

        let (tx, events) = mpsc::channel();
        let max_line = config.max_line_bytes;
        let out_tx = tx.clone();
        let out_forward = forward.clone();
        thread::Builder::new()
            .name(format!("stdout-{pid}"))
            .spawn(move || {
                read_messages(stdout, b'\n', max_line, |batch| match &out_forward {
                    Some(forward) => batch.into_iter().for_each(|e| forward(e)),
                    None => {
                        let _ = out_tx.send(batch);
                    }
                })
            })
            .expect("spawn the stdout thread");
        let state = Arc::new(Mutex::new(StderrStateDebug(StderrState::default())));
        let (done_tx, stderr_done) = mpsc::channel();
        match child.stderr.take() {
            Some(stderr) => {
                let err_state = Arc::clone(&state);
                let (log_cap, keep) = (config.stderr_log_bytes, config.stderr_keep_bytes);
                thread::Builder::new()
                    .name(format!("stderr-{pid}"))
                    .spawn(move || {
                        drain_stderr(stderr, log, log_cap, keep, err_state);
                        let _ = done_tx.send(());
                    })
                    .expect("spawn the stderr thread");
            }
            None => {
                // Left on the arena's stderr: nothing to read, nothing to wait for.
                state.lock().expect("stderr state").0.ended = true;
                let _ = done_tx.send(());
            }
        }
        thread::Builder::new()
            .name(format!("wait-{pid}"))
            .spawn(move || {
                let exit = match child.wait() {
                    Ok(status) => match (status.code(), status.signal()) {
                        (Some(c), _) => Exit::Code(c),
                        (None, Some(s)) => Exit::Signal(s),
                        (None, None) => Exit::Code(-1),
                    },
                    Err(_) => Exit::Code(-1),
                };
                let _ = tx.send(vec![Event::Exited(exit)]);
                if let Some(forward) = forward {
                    forward(Event::Exited(exit));
                }
            })
            .expect("spawn the waiter thread");
        Ok(Process {
            pid,
            stdin: Some(stdin),
            events,
            pending: VecDeque::new(),
            exit: None,
            killed: false,
            stderr: state,
            stderr_done,
            stderr_log: config.stderr_log.clone().filter(|_| capture),
        })
    }

    /// The process id, which is also its process group id.
    pub fn pid(&self) -> i32 {
        self.pid
    }

    /// How the process ended, if that has been seen.
    pub fn exit(&self) -> Option<Exit> {
        self.exit
    }

    /// Writes `line` and a newline without blocking.
    pub fn write_line(&mut self, line: &str) -> Result<(), WriteError> {
        self.write(line, false)
    }

    /// Writes `line` and a newline, waiting for room whenever the pipe is full: for a
    /// trusted program that reads its input (a Caia manager or referee), to which a line of
    /// any length must arrive whole. Never [`WriteError::Full`]; a program that closes its
    /// input or ends while the line waits gives [`WriteError::Closed`].
    pub fn write_line_waiting(&mut self, line: &str) -> Result<(), WriteError> {
        self.write(line, true)
    }

    fn write(&mut self, line: &str, wait: bool) -> Result<(), WriteError> {
        let stdin = self.stdin.as_mut().ok_or(WriteError::Closed)?;
        let data = format!("{line}\n");
        let mut rest = data.as_bytes();
        while !rest.is_empty() {
            match stdin.write(rest) {
                Ok(0) => return Err(WriteError::Closed),
                Ok(n) => rest = &rest[n..],
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) if e.kind() == io::ErrorKind::WouldBlock && wait => wait_writable(stdin),
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => return Err(WriteError::Full),
                Err(_) => return Err(WriteError::Closed),
            }
        }
        Ok(())
    }

    /// The next event, waiting until `deadline` at the latest (`None`: nothing by then).
    pub fn next_event(&mut self, deadline: Instant) -> Option<Event> {
        if self.pending.is_empty() {
            let wait = deadline.saturating_duration_since(Instant::now());
            match self.events.recv_timeout(wait) {
                Ok(batch) => self.pending.extend(batch),
                Err(RecvTimeoutError::Timeout | RecvTimeoutError::Disconnected) => return None,
            }
        }
        let e = self.pending.pop_front()?;
        Some(self.note(e))
    }

    /// An event that has already happened, without waiting.
    pub fn try_event(&mut self) -> Option<Event> {
        if self.pending.is_empty() {
            match self.events.try_recv() {
                Ok(batch) => self.pending.extend(batch),
                Err(TryRecvError::Empty | TryRecvError::Disconnected) => return None,
            }
        }
        let e = self.pending.pop_front()?;
        Some(self.note(e))
    }

    /// Waits until `deadline` for the process to end, dropping other events.
    pub fn wait_exit(&mut self, deadline: Instant) -> Option<Exit> {
        while self.exit.is_none() {
            self.next_event(deadline)?;
        }
        self.exit
    }

    fn note(&mut self, e: Event) -> Event {
        if let Event::Exited(x) = e {
            self.exit = Some(x);
        }
        e
    }

    /// Stops the whole group (SIGSTOP): it uses no CPU until [`Process::resume`].
    pub fn freeze(&self) {
        self.signal_group(libc::SIGSTOP);
    }

    /// Lets a frozen group run again (SIGCONT).
    pub fn resume(&self) {
        self.signal_group(libc::SIGCONT);
    }

    fn signal_group(&self, signal: i32) {
        if !self.killed {
            // SAFETY: killpg has no memory-safety preconditions; an error (the group is
            // gone) is harmless here.
            unsafe {
                libc::killpg(self.pid, signal);
            }
        }
    }

    /// CPU time used so far by the process (user + system, all threads, plus reaped
    /// children), from `/proc` in clock ticks (usually 10 ms).
    pub fn cpu_time(&self) -> Option<Duration> {
        let stat = std::fs::read_to_string(format!("/proc/{}/stat", self.pid)).ok()?;
        let after = &stat[stat.rfind(')')? + 1..];
        let fields: Vec<&str> = after.split_whitespace().collect();
        // After the command name: state is field 3 of the whole line, utime 14, stime 15,
        // cutime 16, cstime 17.
        let ticks: u64 = fields
            .get(11..15)?
            .iter()
            .filter_map(|f| f.parse::<u64>().ok())
            .sum();
        // SAFETY: sysconf has no preconditions.
        let per_sec = unsafe { libc::sysconf(libc::_SC_CLK_TCK) };
        (per_sec > 0).then(|| Duration::from_nanos(ticks * 1_000_000_000 / per_sec as u64))
    }

    /// Kills the whole process group (SIGKILL, which also ends stopped members) and waits
    /// for the waiter thread to reap the process. Idempotent.
    pub fn kill(&mut self) {
        if !self.killed {
            // SAFETY: see `signal_group`.
            unsafe {
                libc::killpg(self.pid, libc::SIGKILL);
            }
            self.killed = true;
            crate::interrupt::unregister(self.pid);
        }
        self.stdin = None;
        self.wait_exit(Instant::now() + REAP_WAIT);
    }

    /// Closes our end of stdin (the program reads end of file).
    pub fn close_stdin(&mut self) {
        self.stdin = None;
    }

    /// What stderr has given so far, while the program runs: the bytes kept in memory (the
    /// first `stderr_keep_bytes`) and whether stderr has ended. For a caller that waits for
    /// a program's first stderr line (the Caia hub's `I start N MS`).
    pub fn stderr_head(&self) -> (Vec<u8>, bool) {
        let state = self.stderr.lock().expect("stderr state");
        (state.0.head.clone(), state.0.ended)
    }

    /// Kills the group (whatever is left of it) and returns what stderr held.
    pub fn finish(&mut self) -> StderrCapture {
        self.kill();
        // Once the whole group is dead the pipe is at end of file and the thread ends.
        let _ = self.stderr_done.recv_timeout(STDERR_DRAIN_WAIT);
        let state = self.stderr.lock().expect("stderr state");
        StderrCapture {
            head: String::from_utf8_lossy(&state.0.head).into_owned(),
            total_bytes: state.0.total,
            logged_bytes: state.0.logged,
            log: self.stderr_log.clone(),
        }
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        self.kill();
    }
}

/// Attempts at starting a program whose file is busy (ETXTBSY) before giving up.
const BUSY_ATTEMPTS: u32 = 20;

/// Starts `command`, trying again while the kernel says its file is busy: a program written
/// just before it is run (a test's script, a freshly built engine) stays busy while any
/// process forked meanwhile, by another thread, still holds it open for writing; that
/// lasts until the fork's own exec, a few milliseconds at most.
fn spawn_retrying_busy(command: &mut Command) -> std::io::Result<std::process::Child> {
    let mut attempt = 0;
    loop {
        match command.spawn() {
            Err(e) if e.raw_os_error() == Some(libc::ETXTBSY) && attempt < BUSY_ATTEMPTS => {
                attempt += 1;
                thread::sleep(Duration::from_millis(5 * u64::from(attempt)));
            }
            other => return other,
        }
    }
}

/// How many live (not zombie) processes are in process group `pgid`, from `/proc`: the test
/// that no process of a game outlived it.
pub fn group_members(pgid: i32) -> usize {
    let Ok(dir) = std::fs::read_dir("/proc") else {
        return 0;
    };
    dir.filter_map(|e| e.ok())
        .filter(|e| {
            e.file_name()
                .to_string_lossy()
                .bytes()
                .all(|b| b.is_ascii_digit())
        })
        .filter_map(|e| std::fs::read_to_string(e.path().join("stat")).ok())
        .filter(|stat| {
            let Some(close) = stat.rfind(')') else {
                return false;
            };
            let fields: Vec<&str> = stat[close + 1..].split_whitespace().collect();
            // State is field 3 of the line, the process group field 5.
            fields.first().is_some_and(|&s| s != "Z" && s != "X")
                && fields.get(2).and_then(|g| g.parse::<i32>().ok()) == Some(pgid)
        })
        .count()
}

fn set_limit(resource: libc::__rlimit_resource_t, soft: u64, hard: u64) -> io::Result<()> {
    let limit = libc::rlimit {
        rlim_cur: soft as libc::rlim_t,
        rlim_max: hard as libc::rlim_t,
    };
    // SAFETY: `limit` is a valid rlimit for the duration of the call.
    if unsafe { libc::setrlimit(resource, &limit) } == 0 {
        Ok(())
    } else {
        Err(io::Error::last_os_error())
    }
}

fn set_nonblocking(stdin: &ChildStdin) {
    let fd = stdin.as_raw_fd();
    // SAFETY: `fd` is an open descriptor owned by `stdin` for the duration of the calls.
    unsafe {
        let flags = libc::fcntl(fd, libc::F_GETFL);
        libc::fcntl(fd, libc::F_SETFL, flags | libc::O_NONBLOCK);
    }
}

/// Blocks until the pipe has room, or its reader is gone (the next write then fails).
fn wait_writable(stdin: &ChildStdin) {
    let mut fd = libc::pollfd {
        fd: stdin.as_raw_fd(),
        events: libc::POLLOUT,
        revents: 0,
    };
    // SAFETY: `fd` is one valid pollfd for the duration of the call, and its descriptor is
    // owned by `stdin`. An error (EINTR) only makes the caller try the write again.
    unsafe {
        libc::poll(&mut fd, 1, -1);
    }
}

/// Cuts what a program writes (stdout, or a connection) into events, each message ended by
/// `terminator` (a newline for lines), and hands each read's batch to `send` (whose failures
/// are the receiver's business: the input is drained to its end regardless, so that the
/// program never stalls on it).
pub(crate) fn read_messages(
    mut stdout: impl Read,
    terminator: u8,
    max_line: usize,
    mut send: impl FnMut(Vec<Event>),
) {
    let mut buf = vec![0u8; READ_CHUNK_BYTES];
    let mut line = Vec::new();
    let mut overlong = false;
    loop {
        let n = match stdout.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(_) => break,
        };
        let at = Instant::now();
        let mut batch = Vec::new();
        for &b in &buf[..n] {
            if b == terminator {
                if !overlong {
                    batch.push(Event::Line(std::mem::take(&mut line), at));
                }
                line.clear();
                overlong = false;
            } else if !overlong {
                if line.len() == max_line {
                    overlong = true;
                    line.clear();
                    batch.push(Event::Overlong(at));
                } else {
                    line.push(b);
                }
            }
        }
        if !batch.is_empty() {
            send(batch);
        }
    }
    send(vec![Event::Eof(Instant::now())]);
}

fn drain_stderr(
    mut stderr: impl Read,
    mut log: Option<File>,
    log_cap: u64,
    keep: usize,
    state: Arc<Mutex<StderrStateDebug>>,
) {
    let mut buf = vec![0u8; READ_CHUNK_BYTES];
    loop {
        let n = match stderr.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(_) => break,
        };
        let Ok(mut s) = state.lock() else { break };
        let s = &mut s.0;
        s.total += n as u64;
        let room = keep.saturating_sub(s.head.len()).min(n);
        s.head.extend_from_slice(&buf[..room]);
        if let Some(file) = log.as_mut() {
            let take = (log_cap.saturating_sub(s.logged)).min(n as u64) as usize;
            if take > 0 && file.write_all(&buf[..take]).is_ok() {
                s.logged += take as u64;
            }
        }
    }
    if let Ok(mut s) = state.lock() {
        s.0.ended = true;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_program_still_open_for_writing_starts_once_it_is_closed() {
        use std::os::unix::fs::PermissionsExt;
        let path = std::env::temp_dir().join(format!("olympiad-busy-{}.sh", std::process::id()));
        let mut file = File::create(&path).unwrap();
        file.write_all(b"#!/bin/sh\nexit 7\n").unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
        // While the file is open for writing, the kernel refuses to run it.
        let busy = Command::new(&path).spawn().unwrap_err();
        assert_eq!(busy.raw_os_error(), Some(libc::ETXTBSY));
        let closer = thread::spawn(move || {
            thread::sleep(Duration::from_millis(30));
            drop(file);
        });
        let mut child = spawn_retrying_busy(&mut Command::new(&path)).unwrap();
        assert_eq!(child.wait().unwrap().code(), Some(7));
        closer.join().unwrap();
        let _ = std::fs::remove_file(&path);
    }

    fn config(program: &str, args: &[&str]) -> ProcessConfig {
        ProcessConfig {
            program: program.into(),
            args: args.iter().map(|s| s.to_string()).collect(),
            limits: Limits::default(),
            max_line_bytes: 16,
            stderr_log: None,
            stderr_log_bytes: 0,
            stderr_keep_bytes: 8,
        }
    }

    fn soon() -> Instant {
        Instant::now() + Duration::from_secs(5)
    }

    /// Waits until `done` holds, checking every few ms: the tests wait for what they need to
    /// happen, not for a time after which it usually has. Panics after [`PATIENCE`].
    fn wait_until(what: &str, mut done: impl FnMut() -> bool) {
        /// Far more than anything waited for here takes, even on a loaded machine.
        const PATIENCE: Duration = Duration::from_secs(20);
        let deadline = Instant::now() + PATIENCE;
        while !done() {
            assert!(Instant::now() < deadline, "{what}: not within {PATIENCE:?}");
            thread::sleep(Duration::from_millis(2));
        }
    }

    /// The state letter of `pid` in `/proc` (`R`, `S`, `T` for stopped...).
    fn state(pid: i32) -> Option<char> {
        let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
        stat[stat.rfind(')')? + 1..].trim_start().chars().next()
    }

    #[test]
    fn lines_exit_and_stderr() {
        let mut p = Process::spawn(&config(
            "/bin/sh",
            &[
                "-c",
                "read x; echo got $x; echo 0123456789abcdefXYZ; echo oops >&2; exit 3",
            ],
        ))
        .unwrap();
        p.write_line("hi").unwrap();
        let mut lines = Vec::new();
        let mut overlong = 0;
        let mut eof = false;
        // The three threads report independently: the exit may come before the last line.
        while p.exit().is_none() || !eof {
            match p.next_event(soon()).unwrap() {
                Event::Line(l, _) => lines.push(String::from_utf8(l).unwrap()),
                Event::Overlong(_) => overlong += 1,
                Event::Eof(_) => eof = true,
                Event::Exited(_) => {}
            }
        }
        assert_eq!(lines[0], "got hi");
        assert_eq!(overlong, 1);
        assert_eq!(p.exit(), Some(Exit::Code(3)));
        let err = p.finish();
        assert_eq!(err.head, "oops\n");
        assert_eq!(err.total_bytes, 5);
    }

    #[test]
    fn a_full_pipe_is_an_error_not_a_hang() {
        let mut p = Process::spawn(&config("/bin/sleep", &["30"])).unwrap();
        let line = "x".repeat(1000);
        let started = Instant::now();
        let mut result = Ok(());
        for _ in 0..1000 {
            result = p.write_line(&line);
            if result.is_err() {
                break;
            }
        }
        assert_eq!(result, Err(WriteError::Full));
        assert!(started.elapsed() < Duration::from_secs(2));
        p.kill();
        assert_eq!(p.exit(), Some(Exit::Signal(libc::SIGKILL)));
    }

    #[test]
    fn kill_takes_the_whole_group() {
        let mut p =
            Process::spawn(&config("/bin/sh", &["-c", "sleep 30 & sleep 30 & wait"])).unwrap();
        // The shell and both of its children.
        wait_until("three members", || group_members(p.pid()) == 3);
        p.kill();
        wait_until("the group gone", || group_members(p.pid()) == 0);
    }

    #[test]
    fn a_frozen_group_uses_no_cpu() {
        let mut p = Process::spawn(&config("/bin/sh", &["-c", "while :; do :; done"])).unwrap();
        let started = p.cpu_time().unwrap();
        wait_until("spinning", || p.cpu_time().unwrap() > started);
        p.freeze();
        // SIGSTOP takes effect when the shell next runs; from then on its clock stands.
        wait_until("stopped", || state(p.pid()) == Some('T'));
        let before = p.cpu_time().unwrap();
        thread::sleep(Duration::from_millis(200));
        let frozen = p.cpu_time().unwrap() - before;
        p.resume();
        // Two clock ticks more, which a loaded machine may take a while to give it.
        wait_until("running again", || {
            p.cpu_time().unwrap() >= before + Duration::from_millis(20)
        });
        p.kill();
        assert_eq!(frozen, Duration::ZERO);
    }

    #[test]
    fn the_cpu_limit_ends_a_spinning_program() {
        let mut c = config("/bin/sh", &["-c", "while :; do :; done"]);
        c.limits.cpu_seconds = Some(1);
        let mut p = Process::spawn(&c).unwrap();
        let exit = p.wait_exit(Instant::now() + Duration::from_secs(10));
        assert_eq!(exit, Some(Exit::Signal(libc::SIGXCPU)));
    }

    #[test]
    fn a_missing_program_is_a_spawn_error() {
        let e = Process::spawn(&config("/nonexistent/prog", &[])).unwrap_err();
        assert!(
            e.to_string()
                .starts_with("cannot start '/nonexistent/prog'")
        );
    }

    #[test]
    fn stderr_can_be_watched_while_the_program_runs() {
        let mut p = Process::spawn(&config(
            "/bin/sh",
            &["-c", "echo hello >&2; read x; echo bye >&2"],
        ))
        .unwrap();
        let give_up = soon();
        let head = loop {
            let (head, ended) = p.stderr_head();
            if head.ends_with(b"\n") {
                assert!(!ended);
                break head;
            }
            assert!(Instant::now() < give_up, "no stderr line");
            thread::sleep(Duration::from_millis(1));
        };
        assert_eq!(head, b"hello\n");
        p.close_stdin();
        assert_eq!(p.wait_exit(soon()), Some(Exit::Code(0)));
        while !p.stderr_head().1 {
            assert!(Instant::now() < give_up, "stderr did not end");
            thread::sleep(Duration::from_millis(1));
        }
        // The in-memory copy stops at `stderr_keep_bytes` (8).
        assert_eq!(p.stderr_head().0, b"hello\nby");
    }

    #[test]
    fn tagged_processes_deliver_into_one_channel() {
        let (tx, rx) = mpsc::channel();
        let mut a = Process::spawn_tagged(
            &config("/bin/sh", &["-c", "read x; echo a got $x; exit 4"]),
            StderrTo::Capture,
            'a',
            &tx,
        )
        .unwrap();
        let mut b = Process::spawn_tagged(
            &config("/bin/sh", &["-c", "echo b one; echo b two"]),
            StderrTo::Capture,
            'b',
            &tx,
        )
        .unwrap();
        a.write_line("hi").unwrap();
        let mut lines = [Vec::new(), Vec::new()];
        let mut exits = [None, None];
        let mut eofs = [false, false];
        // Both report on the one channel until each has ended and closed its stdout.
        while exits.iter().any(Option::is_none) || !eofs.iter().all(|&e| e) {
            let Tagged { from, event } = rx.recv_timeout(Duration::from_secs(5)).unwrap();
            let i = usize::from(from == 'b');
            match event {
                Event::Line(l, _) => lines[i].push(String::from_utf8(l).unwrap()),
                Event::Eof(_) => eofs[i] = true,
                Event::Exited(x) => exits[i] = Some(x),
                Event::Overlong(_) => panic!("no line is that long"),
            }
        }
        assert_eq!(lines, [vec!["a got hi"], vec!["b one", "b two"]]);
        assert_eq!(exits, [Some(Exit::Code(4)), Some(Exit::Code(0))]);
        // The process's own events give its exit and nothing else.
        assert_eq!(a.wait_exit(soon()), Some(Exit::Code(4)));
        assert!(a.try_event().is_none());
        a.kill();
        b.kill();
        assert_eq!(b.exit(), Some(Exit::Code(0)));
    }

    #[test]
    fn a_terminal_stderr_is_the_arenas_own() {
        let log = std::env::temp_dir().join(format!("olympiad-stderr-{}.log", std::process::id()));
        let mut c = config("/bin/sh", &["-c", "read x"]);
        c.stderr_log = Some(log.clone());
        let (tx, _rx) = mpsc::channel::<Tagged<()>>();
        let mut p = Process::spawn_tagged(&c, StderrTo::Terminal, (), &tx).unwrap();
        let fd2 = |pid: &str| std::fs::read_link(format!("/proc/{pid}/fd/2")).unwrap();
        assert_eq!(fd2(&p.pid().to_string()), fd2("self"));
        assert_eq!(p.stderr_head(), (Vec::new(), true));
        assert!(!log.exists(), "no log is made for a terminal stderr");
        let capture = p.finish();
        assert_eq!((capture.total_bytes, capture.log), (0, None));
    }

    #[test]
    fn a_waiting_write_arrives_whole_however_long() {
        // The program reads nothing for a while: a line far longer than the pipe holds
        // waits for room instead of failing, and arrives whole.
        let mut p = Process::spawn(&config("/bin/sh", &["-c", "sleep 0.3; wc -c"])).unwrap();
        let line = "x".repeat(1 << 20);
        assert_eq!(p.write_line_waiting(&line), Ok(()));
        p.close_stdin();
        // The count and the exit come from two reader threads: in either order.
        let mut count = None;
        while count.is_none() {
            match p.next_event(soon()) {
                Some(Event::Line(line, _)) => count = Some(String::from_utf8(line).unwrap()),
                Some(Event::Exited(_)) => {}
                other => panic!("{other:?}"),
            }
        }
        assert_eq!(count.unwrap().trim(), "1048577");
        // A program that is gone closes the pipe: the wait ends with an error.
        let mut gone = Process::spawn(&config("/bin/sh", &["-c", "exit 0"])).unwrap();
        assert_eq!(gone.wait_exit(soon()), Some(Exit::Code(0)));
        assert_eq!(gone.write_line_waiting(&line), Err(WriteError::Closed));
    }
}
