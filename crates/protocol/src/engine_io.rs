//! The plumbing every engine protocol's player side needs: the input read on a thread of
//! its own (so that `stop`, `?` or `isready` are heard while the engine searches), lines
//! written from either thread through one lock, and a stop flag per search that a stop
//! line sets even when it arrives before the search has begun.
//!
//! Every line read gets a sequence number. A search is registered with the number of the
//! line that asked for it; a stop line with a later number stops it, whether it is read
//! before or after the search was registered, so no stop is ever lost to a race.

use crate::ServeError;
use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver};
use std::sync::{Arc, Mutex};

/// What the reader thread does with a line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Urgency {
    /// Hand it to the main thread, in order.
    Forward,
    /// Stop the search under way (or the next one asked for before this line), and hand
    /// the line on too.
    Stop,
    /// Stop the search under way and drop its move (CECP's `force`, `new`, `result`: the
    /// game the move was for is gone), and hand the line on.
    Abort,
    /// While a search runs, write this answer at once (`readyok`); otherwise hand the line
    /// on like any other.
    AnswerWhileSearching(String),
    /// It asks for a search (UCI's `go`): from now on a search counts as running, even
    /// before the main thread begins it, and the line is handed on.
    Search,
}

/// A line read, with its sequence number; `None`: the input ended.
pub(crate) type Numbered = (u64, Option<String>);

/// The search under way (its line's number and flag), and the last stop line's number.
#[derive(Default)]
struct Searches {
    current: Option<(u64, Arc<AtomicBool>)>,
    /// The last line read that asks for a search not yet ended.
    requested: Option<u64>,
    last_stop: Option<u64>,
    last_abort: Option<u64>,
}

/// The output shared by both threads, and the stop flags.
pub(crate) struct Session {
    out: Mutex<Box<dyn Write + Send>>,
    searches: Mutex<Searches>,
}

impl Session {
    /// Writes one line and flushes it.
    pub(crate) fn write(&self, line: &str) -> Result<(), ServeError> {
        let mut out = self.out.lock().unwrap_or_else(|e| e.into_inner());
        writeln!(out, "{line}")?;
        out.flush()?;
        Ok(())
    }

    /// A search asked for by line `seq` begins: its stop flag (already set when a later
    /// stop line was read first).
    pub(crate) fn begin_search(&self, seq: u64) -> Arc<AtomicBool> {
        let mut s = self.searches.lock().unwrap_or_else(|e| e.into_inner());
        let flag = Arc::new(AtomicBool::new(s.last_stop.is_some_and(|stop| stop > seq)));
        s.current = Some((seq, Arc::clone(&flag)));
        flag
    }

    /// The search is over.
    pub(crate) fn end_search(&self) {
        let mut s = self.searches.lock().unwrap_or_else(|e| e.into_inner());
        if let (Some(requested), Some((begun, _))) = (s.requested, &s.current)
            && requested <= *begun
        {
            s.requested = None;
        }
        s.current = None;
    }

    /// A stop line was read as line `seq`.
    fn stop(&self, seq: u64) {
        let mut s = self.searches.lock().unwrap_or_else(|e| e.into_inner());
        s.last_stop = Some(seq);
        if let Some((begun, flag)) = &s.current
            && *begun < seq
        {
            flag.store(true, Ordering::Relaxed);
        }
    }

    /// Whether a search is under way, or asked for and not yet ended.
    fn searching(&self) -> bool {
        let s = self.searches.lock().unwrap_or_else(|e| e.into_inner());
        s.current.is_some() || s.requested.is_some()
    }

    /// Line `seq` asks for a search.
    fn requested(&self, seq: u64) {
        self.searches
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .requested = Some(seq);
    }

    /// Whether an abort line came after line `seq` (the move of the search it asked for
    /// must not be written).
    pub(crate) fn aborted_after(&self, seq: u64) -> bool {
        self.searches
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .last_abort
            .is_some_and(|abort| abort > seq)
    }

    /// An abort line was read as line `seq`.
    fn abort(&self, seq: u64) {
        self.stop(seq);
        self.searches
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .last_abort = Some(seq);
    }
}

/// Runs `main` with a session over `output` and the lines of `input`, read on a thread of
/// its own that classifies each line with `urgency`. The reader ends at the end of the
/// input, after a line for which `last` is true (`quit`), or at its next line once `main`
/// has returned; it is not waited for, so an early return never hangs on a blocked read.
pub(crate) fn run<T>(
    mut input: Box<dyn BufRead + Send>,
    output: Box<dyn Write + Send>,
    urgency: fn(&str) -> Urgency,
    last: fn(&str) -> bool,
    main: impl FnOnce(&Session, &Receiver<Numbered>) -> Result<T, ServeError>,
) -> Result<T, ServeError> {
    let session = Arc::new(Session {
        out: Mutex::new(output),
        searches: Mutex::new(Searches::default()),
    });
    let (tx, rx) = mpsc::channel::<Numbered>();
    let reader = Arc::clone(&session);
    std::thread::Builder::new()
        .name("protocol-input".into())
        .spawn(move || {
            let mut seq = 0u64;
            loop {
                seq += 1;
                let line = match crate::read_line(&mut *input) {
                    Ok(Some(line)) => line,
                    // The end of the input (or an unreadable one) stops everything.
                    Ok(None) | Err(_) => {
                        reader.stop(seq);
                        let _ = tx.send((seq, None));
                        return;
                    }
                };
                match urgency(&line) {
                    Urgency::Forward => {}
                    Urgency::Stop => reader.stop(seq),
                    Urgency::Abort => reader.abort(seq),
                    Urgency::Search => reader.requested(seq),
                    Urgency::AnswerWhileSearching(answer) => {
                        if reader.searching() {
                            if reader.write(&answer).is_err() {
                                return;
                            }
                            continue;
                        }
                    }
                }
                let end = last(&line);
                if end {
                    reader.stop(seq);
                }
                if tx.send((seq, Some(line))).is_err() || end {
                    return;
                }
            }
        })?;
    main(&session, &rx)
}

/// The next command from `lines`, read by `parse`: its line's number, the line and the
/// command; `None` at the end of the input. Blank lines are skipped; a line `parse` refuses
/// is answered with `refusal(error, line)` and skipped, as GUIs expect of engines.
pub(crate) fn next_command<C>(
    session: &Session,
    lines: &Receiver<Numbered>,
    parse: fn(&str) -> Result<C, String>,
    refusal: fn(&str, &str) -> String,
) -> Result<Option<(u64, String, C)>, ServeError> {
    for (seq, line) in lines.iter() {
        let Some(line) = line else {
            return Ok(None);
        };
        if line.trim().is_empty() {
            continue;
        }
        match parse(&line) {
            Ok(command) => return Ok(Some((seq, line, command))),
            Err(e) => session.write(&refusal(&e, &line))?,
        }
    }
    Ok(None)
}

/// The first characters of a line, for messages.
pub(crate) fn cut(line: &str) -> String {
    line.chars().take(60).collect()
}

/// The handshake's failure when the players file sets an option the engine does not list.
pub(crate) fn no_option(name: &str, listed: &[String]) -> String {
    format!(
        "the engine has no option '{name}' (it lists: {})",
        if listed.is_empty() {
            "none".to_string()
        } else {
            listed.join(", ")
        }
    )
}
