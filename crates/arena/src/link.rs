//! How the arena reaches a program: the one seam between a [`crate::player::ProgramPlayer`]
//! and the bytes. Most protocols are lines on the program's pipes (a [`Process`] is a
//! [`Link`] as it is); DXP programs listen on a TCP port, so [`SocketLink`] starts the
//! program (or reaches one already running elsewhere) and carries its NUL-ended messages
//! over a connection, with the same events, deadlines and faults as pipes:
//!
//! - The port: the arena takes a free one and puts it where the command line says
//!   `{port}` (or, without the placeholder, uses the protocol's default port, so that only
//!   one such game can run at a time), then connects, trying again until the program
//!   listens or the start-up limit passes. The port is free when chosen; should another
//!   program take it before ours listens, the connection fails within that limit.
//! - A program already listening (`dxp@HOST:PORT`) is reached anew for every game, so it
//!   must accept a connection per game; it is not ours to freeze, time or kill.
//! - The program's own stdout is not the protocol: its lines are read and dropped (a
//!   program such as Scan prints its boards there), its stderr captured as for every
//!   program. Its exit arrives on the same channel as the connection's messages, so a
//!   crash while a move is due is seen at once.
//! - Writes have a deadline ([`WRITE_LIMIT`]): a program that stops reading is a fault, never
//!   a stuck arena. Closing our side of the connection is the end of its input.

use crate::process::{
    Event, Exit, Process, ProcessConfig, SpawnError, StderrCapture, StderrTo, Tagged, WriteError,
};
use std::io::{self, Write};
use std::net::{Shutdown, SocketAddr, TcpListener, TcpStream, ToSocketAddrs};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender, TryRecvError};
use std::thread;
use std::time::{Duration, Instant};

/// How long one write to a connection may wait for room before the program counts as not
/// reading.
pub const WRITE_LIMIT: Duration = Duration::from_secs(2);
/// How long one connection attempt may take.
const CONNECT_ATTEMPT: Duration = Duration::from_millis(500);
/// The pause between connection attempts while a program starts listening.
const CONNECT_RETRY: Duration = Duration::from_millis(20);
/// The longest line of a socket program's stdout kept apart (longer ones are cut; all are
/// dropped).
const STDOUT_LINE_BYTES: usize = 4096;

/// A program as the referee's side sees it: messages out, events in, and its life.
pub trait Link: Send + std::fmt::Debug {
    /// Makes the way to the program ready before anything is written (a connection),
    /// trying until `deadline`. Default: pipes are ready when the program starts.
    fn connect(&mut self, deadline: Instant) -> Result<(), String> {
        let _ = deadline;
        Ok(())
    }
    /// Writes one message (a line, or a message and its terminator) without waiting long.
    fn write_message(&mut self, text: &str) -> Result<(), WriteError>;
    /// The next event, waiting until `deadline` at the latest.
    fn next_event(&mut self, deadline: Instant) -> Option<Event>;
    /// An event that has already happened, without waiting.
    fn try_event(&mut self) -> Option<Event>;
    /// Waits until `deadline` for the program to end (`None` at once when there is no
    /// process of ours to end).
    fn wait_exit(&mut self, deadline: Instant) -> Option<Exit>;
    /// How the program ended, if that has been seen.
    fn exit(&self) -> Option<Exit>;
    /// CPU time used so far, when it can be measured.
    fn cpu_time(&self) -> Option<Duration>;
    /// Stops the program from running (SIGSTOP), if it is ours.
    fn freeze(&self);
    /// Lets it run again.
    fn resume(&self);
    /// Ends its input (it reads end of file).
    fn close_input(&mut self);
    /// Kills whatever is left of it and returns its stderr (`None`: not ours).
    fn finish(&mut self) -> Option<StderrCapture>;
    /// Its process group (`None`: not ours).
    fn pid(&self) -> Option<i32>;
    /// What the program writes its messages to, for messages about faults.
    fn output_name(&self) -> &'static str {
        "its standard output"
    }
}

impl Link for Process {
    fn write_message(&mut self, text: &str) -> Result<(), WriteError> {
        self.write_line(text)
    }
    fn next_event(&mut self, deadline: Instant) -> Option<Event> {
        Process::next_event(self, deadline)
    }
    fn try_event(&mut self) -> Option<Event> {
        Process::try_event(self)
    }
    fn wait_exit(&mut self, deadline: Instant) -> Option<Exit> {
        Process::wait_exit(self, deadline)
    }
    fn exit(&self) -> Option<Exit> {
        Process::exit(self)
    }
    fn cpu_time(&self) -> Option<Duration> {
        Process::cpu_time(self)
    }
    fn freeze(&self) {
        Process::freeze(self)
    }
    fn resume(&self) {
        Process::resume(self)
    }
    fn close_input(&mut self) {
        self.close_stdin()
    }
    fn finish(&mut self) -> Option<StderrCapture> {
        Some(Process::finish(self))
    }
    fn pid(&self) -> Option<i32> {
        Some(Process::pid(self))
    }
}

/// Where an event of a [`SocketLink`] comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Source {
    /// The program's own stdout and its exit.
    Program,
    /// The connection.
    Connection,
}

/// A program reached over TCP (see the module documentation).
#[derive(Debug)]
pub struct SocketLink {
    /// The program, when the arena started it.
    process: Option<Process>,
    /// Where it listens (`HOST:PORT`).
    address: String,
    /// The connection, once made.
    stream: Option<TcpStream>,
    /// Events of the program and of the connection.
    events: Receiver<Tagged<Source>>,
    /// Handed to the connection's reader thread.
    sender: Sender<Tagged<Source>>,
    exit: Option<Exit>,
    terminator: u8,
    max_message_bytes: usize,
}

/// A port no one listens on now, from the operating system.
fn free_port() -> io::Result<u16> {
    Ok(TcpListener::bind("127.0.0.1:0")?.local_addr()?.port())
}

impl SocketLink {
    /// Starts the program of `config` with a free port in place of `placeholder` in its
    /// arguments (or, when none holds it, expecting it on `default_port`), to be reached on
    /// the loopback; messages end with `terminator` and may be `max_message_bytes` long.
    pub fn spawn(
        config: &ProcessConfig,
        placeholder: &str,
        default_port: u16,
        terminator: u8,
        max_message_bytes: usize,
    ) -> Result<SocketLink, SpawnError> {
        let port = if config.args.iter().any(|a| a.contains(placeholder)) {
            free_port().map_err(|source| SpawnError::Spawn {
                program: config.program.display().to_string(),
                source,
            })?
        } else {
            default_port
        };
        let mut config = config.clone();
        for arg in &mut config.args {
            *arg = arg.replace(placeholder, &port.to_string());
        }
        config.max_line_bytes = STDOUT_LINE_BYTES;
        let mut link = Self::remote(&format!("127.0.0.1:{port}"), terminator, max_message_bytes);
        link.process = Some(Process::spawn_tagged(
            &config,
            StderrTo::Capture,
            Source::Program,
            &link.sender,
        )?);
        Ok(link)
    }

    /// A program already listening at `address` (`HOST:PORT`), not started by the arena.
    pub fn remote(address: &str, terminator: u8, max_message_bytes: usize) -> SocketLink {
        let (sender, events) = mpsc::channel();
        SocketLink {
            process: None,
            address: address.to_string(),
            stream: None,
            events,
            sender,
            exit: None,
            terminator,
            max_message_bytes,
        }
    }

    /// The address it is reached at.
    pub fn address(&self) -> &str {
        &self.address
    }

    /// One event as the caller sees it: the program's stdout is dropped, its exit noted.
    fn take(&mut self, tagged: Tagged<Source>) -> Option<Event> {
        match (tagged.from, tagged.event) {
            (Source::Program, Event::Exited(x)) => {
                self.exit = Some(x);
                Some(Event::Exited(x))
            }
            (Source::Program, _) => None,
            (Source::Connection, event) => Some(event),
        }
    }

    /// Attempts one connection.
    fn attempt(&self) -> io::Result<TcpStream> {
        let mut last = io::Error::new(io::ErrorKind::NotFound, "no address");
        for addr in self.address.to_socket_addrs()? {
            match TcpStream::connect_timeout(&addr, CONNECT_ATTEMPT) {
                Ok(stream) => return Ok(stream),
                Err(e) => last = e,
            }
        }
        Err(last)
    }
}

impl Link for SocketLink {
    fn connect(&mut self, deadline: Instant) -> Result<(), String> {
        if self.stream.is_some() {
            return Ok(());
        }
        let stream = loop {
            match self.attempt() {
                Ok(stream) => break stream,
                Err(e) => {
                    // A program that ends while we knock never listens.
                    while let Ok(t) = self.events.try_recv() {
                        self.take(t);
                    }
                    if let Some(exit) = self.exit {
                        return Err(format!(
                            "ended before it listened on {}: {exit}",
                            self.address
                        ));
                    }
                    if Instant::now() >= deadline {
                        return Err(format!(
                            "accepted no connection on {} in time (last: {e})",
                            self.address
                        ));
                    }
                    thread::sleep(CONNECT_RETRY);
                }
            }
        };
        let reader = stream
            .try_clone()
            .map_err(|e| format!("connection to {}: {e}", self.address))?;
        let _ = stream.set_nodelay(true);
        let _ = stream.set_write_timeout(Some(WRITE_LIMIT));
        let sender = self.sender.clone();
        let (terminator, max) = (self.terminator, self.max_message_bytes);
        let peer: SocketAddr = stream
            .peer_addr()
            .map_err(|e| format!("connection to {}: {e}", self.address))?;
        thread::Builder::new()
            .name(format!("socket-{peer}"))
            .spawn(move || {
                crate::process::read_messages(reader, terminator, max, |batch| {
                    for event in batch {
                        let _ = sender.send(Tagged {
                            from: Source::Connection,
                            event,
                        });
                    }
                })
            })
            .map_err(|e| format!("reader thread: {e}"))?;
        self.stream = Some(stream);
        Ok(())
    }

    fn write_message(&mut self, text: &str) -> Result<(), WriteError> {
        let stream = self.stream.as_mut().ok_or(WriteError::Closed)?;
        let mut data = text.as_bytes().to_vec();
        data.push(self.terminator);
        match stream.write_all(&data) {
            Ok(()) => Ok(()),
            Err(e)
                if matches!(
                    e.kind(),
                    io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut
                ) =>
            {
                Err(WriteError::Full)
            }
            Err(_) => Err(WriteError::Closed),
        }
    }

    fn next_event(&mut self, deadline: Instant) -> Option<Event> {
        loop {
            let wait = deadline.saturating_duration_since(Instant::now());
            match self.events.recv_timeout(wait) {
                Ok(tagged) => {
                    if let Some(event) = self.take(tagged) {
                        return Some(event);
                    }
                }
                Err(RecvTimeoutError::Timeout | RecvTimeoutError::Disconnected) => return None,
            }
        }
    }

    fn try_event(&mut self) -> Option<Event> {
        loop {
            match self.events.try_recv() {
                Ok(tagged) => {
                    if let Some(event) = self.take(tagged) {
                        return Some(event);
                    }
                }
                Err(TryRecvError::Empty | TryRecvError::Disconnected) => return None,
            }
        }
    }

    fn wait_exit(&mut self, deadline: Instant) -> Option<Exit> {
        self.process.as_ref()?;
        while self.exit.is_none() {
            self.next_event(deadline)?;
        }
        self.exit
    }

    fn exit(&self) -> Option<Exit> {
        self.exit
    }

    fn cpu_time(&self) -> Option<Duration> {
        self.process.as_ref()?.cpu_time()
    }

    fn freeze(&self) {
        if let Some(p) = &self.process {
            p.freeze();
        }
    }

    fn resume(&self) {
        if let Some(p) = &self.process {
            p.resume();
        }
    }

    fn close_input(&mut self) {
        if let Some(s) = &self.stream {
            let _ = s.shutdown(Shutdown::Write);
        }
    }

    fn finish(&mut self) -> Option<StderrCapture> {
        if let Some(s) = self.stream.take() {
            let _ = s.shutdown(Shutdown::Both);
        }
        let capture = self.process.as_mut().map(Process::finish);
        if let Some(p) = &self.process {
            self.exit = self.exit.or(p.exit());
        }
        capture
    }

    fn pid(&self) -> Option<i32> {
        self.process.as_ref().map(Process::pid)
    }

    fn output_name(&self) -> &'static str {
        "the connection"
    }
}
