//! The manager and the referee as processes whose output lines all arrive on the hub's one
//! channel.
//!
//! Players run on the arena's process layer (limits, stamped lines, capped stderr log,
//! freezing), and the hub reads them only inside `I listen`. The manager and the referee are
//! different: the hub must take the next line from whichever of the two writes first, and
//! their stderr is the user's terminal (the Rolit referee draws the board there, our manager
//! prints the standings there). So each gets a reader thread that sends its lines, tagged
//! with who wrote them, into one channel the hub blocks on, and a waiter thread that reports
//! the exit on the same channel. Like a player, each runs in its own process group, so that
//! killing it takes everything it started.

use olympiad_arena::Exit;
use std::io::{self, BufRead, BufReader, Write};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::Path;
use std::process::{ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, Sender};
use std::thread;
use std::time::Duration;

/// How long a kill waits for the waiter thread to reap the process.
const REAP_WAIT: Duration = Duration::from_secs(5);

/// Who wrote a line the hub reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Source {
    /// The manager.
    Manager,
    /// The referee of this generation (each `I referee` starts a new one, so that lines of
    /// a killed referee still in the channel are recognised and dropped).
    Referee(u64),
}

/// What happened to a manager or referee.
#[derive(Debug)]
pub(crate) enum PeerEvent {
    /// A line of its stdout (lossy UTF-8, without `\n`).
    Line(String),
    /// Its stdout was closed: no more lines will come.
    Eof,
    /// It ended and has been reaped.
    Exited(Exit),
}

/// One item on the hub's channel.
#[derive(Debug)]
pub(crate) struct Input {
    pub from: Source,
    pub event: PeerEvent,
}

/// A running manager or referee.
#[derive(Debug)]
pub(crate) struct Peer {
    pid: i32,
    stdin: Option<ChildStdin>,
    reaped: Receiver<Exit>,
    exit: Option<Exit>,
    killed: bool,
}

impl Peer {
    /// Starts `program` (with `arg`, if any) in its own process group; its stdout lines and
    /// its exit go to `tx` tagged `from`; its stderr is the hub's.
    pub(crate) fn spawn(
        program: &Path,
        arg: Option<&str>,
        from: Source,
        tx: &Sender<Input>,
    ) -> io::Result<Peer> {
        let mut command = Command::new(program);
        command
            .args(arg)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .process_group(0);
        let mut child = command.spawn()?;
        let pid = child.id() as i32;
        olympiad_arena::interrupt::register(pid);
        let stdin = child.stdin.take().expect("stdin is piped");
        let stdout = child.stdout.take().expect("stdout is piped");
        let lines_tx = tx.clone();
        thread::Builder::new()
            .name(format!("peer-out-{pid}"))
            .spawn(move || {
                let mut reader = BufReader::new(stdout);
                let mut buf = Vec::new();
                loop {
                    buf.clear();
                    match reader.read_until(b'\n', &mut buf) {
                        Ok(0) | Err(_) => break,
                        Ok(_) => {
                            if buf.last() == Some(&b'\n') {
                                buf.pop();
                            }
                            let line = String::from_utf8_lossy(&buf).into_owned();
                            let event = PeerEvent::Line(line);
                            if lines_tx.send(Input { from, event }).is_err() {
                                return;
                            }
                        }
                    }
                }
                let _ = lines_tx.send(Input {
                    from,
                    event: PeerEvent::Eof,
                });
            })?;
        let exit_tx = tx.clone();
        let (reaped_tx, reaped) = mpsc::channel();
        thread::Builder::new()
            .name(format!("peer-wait-{pid}"))
            .spawn(move || {
                let exit = match child.wait() {
                    Ok(status) => match (status.code(), status.signal()) {
                        (Some(c), _) => Exit::Code(c),
                        (None, Some(s)) => Exit::Signal(s),
                        (None, None) => Exit::Code(-1),
                    },
                    Err(_) => Exit::Code(-1),
                };
                let _ = reaped_tx.send(exit);
                let _ = exit_tx.send(Input {
                    from,
                    event: PeerEvent::Exited(exit),
                });
            })?;
        Ok(Peer {
            pid,
            stdin: Some(stdin),
            reaped,
            exit: None,
            killed: false,
        })
    }

    /// The process id, which is also its process group id.
    pub(crate) fn pid(&self) -> i32 {
        self.pid
    }

    /// Writes `line` and a newline, and flushes (blocking: the manager and the referee are
    /// trusted to read their input).
    pub(crate) fn write_line(&mut self, line: &str) -> io::Result<()> {
        let stdin = self
            .stdin
            .as_mut()
            .ok_or_else(|| io::Error::from(io::ErrorKind::BrokenPipe))?;
        stdin.write_all(format!("{line}\n").as_bytes())?;
        stdin.flush()
    }

    /// Kills the whole process group and waits for the process to be reaped. Idempotent.
    pub(crate) fn kill(&mut self) -> Option<Exit> {
        if !self.killed {
            // SAFETY: killpg has no memory-safety preconditions; an error (the group is
            // already gone) is harmless.
            unsafe {
                libc::killpg(self.pid, libc::SIGKILL);
            }
            self.killed = true;
            olympiad_arena::interrupt::unregister(self.pid);
        }
        self.stdin = None;
        if self.exit.is_none() {
            self.exit = self.reaped.recv_timeout(REAP_WAIT).ok();
        }
        self.exit
    }
}

impl Drop for Peer {
    fn drop(&mut self) {
        self.kill();
    }
}
