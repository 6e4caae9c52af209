//! The program side of a hub's pipes: what a referee or a manager does to talk to any
//! `caiaio` (ours or Caia's own). It writes one line per command, flushed at once (an
//! unflushed command stalls the whole session), and reads the hub's replies.

use olympiad_protocol::caia_hub::{LOCK_OK, Special, TIME};
use std::io::{self, BufRead, Write};
use thiserror::Error;

/// What `I listen N` answered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// The player's line.
    Line(String),
    /// One of the four special answers.
    Special(Special),
}

/// A player's clock as `I request_time N` reports it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Times {
    /// Milliseconds used on this machine.
    pub used_ms: u64,
    /// The same in contest milliseconds (divided by the `cpu_speed` factor).
    pub contest_ms: u64,
}

/// Why talking to the hub failed.
#[derive(Debug, Error)]
pub enum ClientError {
    /// Reading or writing a pipe failed.
    #[error("talking to caiaio: {0}")]
    Io(#[from] io::Error),
    /// The hub closed our input.
    #[error("caiaio closed the input")]
    Closed,
    /// A reply that is not the one the protocol promises.
    #[error("caiaio answered '{got}' where {wanted} was due")]
    Unexpected {
        /// What was due.
        wanted: &'static str,
        /// What came.
        got: String,
    },
}

/// A connection to a hub: lines in from `input`, commands out to `output`.
#[derive(Debug)]
pub struct Client<R, W> {
    input: R,
    output: W,
}

impl<R: BufRead, W: Write> Client<R, W> {
    /// A connection over these pipes (stdin and stdout for a program the hub started).
    pub fn new(input: R, output: W) -> Self {
        Self { input, output }
    }

    /// Writes one line and flushes it.
    pub fn send(&mut self, line: &str) -> Result<(), ClientError> {
        writeln!(self.output, "{line}")?;
        self.output.flush()?;
        Ok(())
    }

    /// Reads the next line (without `\n` or `\r`).
    pub fn read(&mut self) -> Result<String, ClientError> {
        let mut line = String::new();
        if self.input.read_line(&mut line)? == 0 {
            return Err(ClientError::Closed);
        }
        while line.ends_with('\n') || line.ends_with('\r') {
            line.pop();
        }
        Ok(line)
    }

    /// `I lock`, then waits for `lock_ok` (other lines before it are skipped).
    pub fn lock(&mut self) -> Result<(), ClientError> {
        self.send("I lock")?;
        while self.read()? != LOCK_OK {}
        Ok(())
    }

    /// `I unlock`.
    pub fn unlock(&mut self) -> Result<(), ClientError> {
        self.send("I unlock")
    }

    /// `I listen N` and its answer.
    pub fn listen(&mut self, n: usize) -> Result<Answer, ClientError> {
        self.send(&format!("I listen {n}"))?;
        let line = self.read()?;
        Ok(match Special::parse(&line) {
            Some(special) => Answer::Special(special),
            None => Answer::Line(line),
        })
    }

    /// `I request_time N` and its answer.
    pub fn request_time(&mut self, n: usize) -> Result<Times, ClientError> {
        self.send(&format!("I request_time {n}"))?;
        let line = self.read()?;
        parse_time(&line).ok_or(ClientError::Unexpected {
            wanted: "'time USED_MS CONTEST_MS'",
            got: line,
        })
    }
}

/// Reads `time USED_MS CONTEST_MS`.
pub fn parse_time(line: &str) -> Option<Times> {
    let mut words = line.split_whitespace();
    if words.next()? != TIME {
        return None;
    }
    let used_ms = words.next()?.parse().ok()?;
    let contest_ms = words.next()?.parse().ok()?;
    words.next().is_none().then_some(Times {
        used_ms,
        contest_ms,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_referee_conversation() {
        let replies = "lock_ok\nb2-c4\n<caiaio:_player_crashed:_Segmentation_fault>\ntime 120 60\n";
        let mut out = Vec::new();
        let mut client = Client::new(replies.as_bytes(), &mut out);
        client.lock().unwrap();
        assert_eq!(client.listen(1).unwrap(), Answer::Line("b2-c4".into()));
        assert_eq!(
            client.listen(2).unwrap(),
            Answer::Special(Special::Crashed("Segmentation_fault".into()))
        );
        client.unlock().unwrap();
        assert_eq!(
            client.request_time(1).unwrap(),
            Times {
                used_ms: 120,
                contest_ms: 60
            }
        );
        assert!(matches!(client.read(), Err(ClientError::Closed)));
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "I lock\nI listen 1\nI listen 2\nI unlock\nI request_time 1\n"
        );
    }

    #[test]
    fn times_parse_strictly() {
        assert_eq!(parse_time("time 5 2").map(|t| t.used_ms), Some(5));
        assert_eq!(parse_time("time 5"), None);
        assert_eq!(parse_time("time 5 2 1"), None);
        assert_eq!(parse_time("report 5 2"), None);
    }
}
