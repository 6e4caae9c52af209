//! The Caia protocol as values, shared by the hub and by the programs that talk to it.
//!
//! The hub parses every line its manager or referee writes exactly once, into a [`Route`]
//! (a command for the hub, a line for the manager, a line for a player, or nothing); a
//! malformed command becomes a [`CommandError`] that names what is wrong. The special
//! answers of `I listen` are constants here and parse back into [`Special`], so that the hub
//! that writes them and the referee that reads them cannot disagree by a character.

use thiserror::Error;

/// The most players a session can have (`I number_players K`, 1 <= K <= 32).
pub const MAX_PLAYERS: usize = 32;

/// The hub's reply to `I lock` once the lock is the asker's.
pub const LOCK_OK: &str = "lock_ok";
/// The reply to `I start N MS` when the player wrote nothing on stderr in time.
pub const NO_FIRSTERROR: &str = "no_firsterror";
/// The first word of the reply to `I start N MS` when the player wrote a stderr line.
pub const FIRSTERROR: &str = "firsterror";
/// The first word of the reply to `I request_time N`.
pub const TIME: &str = "time";
/// The first word of a referee's result as the manager receives it.
pub const REPORT: &str = "report";

/// `I listen` answer: the player's budget ran out while the hub waited.
pub const TIMEOUT: &str = "<caiaio:_player_timeout>";
/// `I listen` answer: the player exited with nothing buffered.
pub const STOPPED: &str = "<caiaio:_player_stopped>";
/// `I listen` answer: the player wrote an empty line (the text is a backslash and an `n`).
pub const SENDS_NEWLINE: &str = "<caiaio:_player_sends_'\\n'>";
/// `I listen` answer for a player killed by a signal: this, the signal's name, then `>`.
pub const CRASHED_PREFIX: &str = "<caiaio:_player_crashed:_";

/// One of the four answers of `I listen` that are not the player's line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Special {
    /// [`TIMEOUT`].
    Timeout,
    /// [`STOPPED`].
    Stopped,
    /// Killed by the named signal (`SIGSEGV`, ...).
    Crashed(String),
    /// [`SENDS_NEWLINE`].
    SendsNewline,
}

impl Special {
    /// The answer as the hub writes it.
    pub fn text(&self) -> String {
        match self {
            Special::Timeout => TIMEOUT.to_string(),
            Special::Stopped => STOPPED.to_string(),
            Special::Crashed(name) => format!("{CRASHED_PREFIX}{name}>"),
            Special::SendsNewline => SENDS_NEWLINE.to_string(),
        }
    }

    /// Reads an answer of `I listen`: `Some` exactly for the four special answers.
    pub fn parse(line: &str) -> Option<Special> {
        match line {
            TIMEOUT => Some(Special::Timeout),
            STOPPED => Some(Special::Stopped),
            SENDS_NEWLINE => Some(Special::SendsNewline),
            _ => line
                .strip_prefix(CRASHED_PREFIX)
                .and_then(|rest| rest.strip_suffix('>'))
                .filter(|name| !name.is_empty() && !name.contains(char::is_whitespace))
                .map(|name| Special::Crashed(name.to_string())),
        }
    }

    /// A few words for a report (no spaces).
    pub fn describe(&self) -> String {
        match self {
            Special::Timeout => "time_out".into(),
            Special::Stopped => "stopped".into(),
            Special::Crashed(name) => format!("crashed_{name}"),
            Special::SendsNewline => "empty_line".into(),
        }
    }
}

/// The usual name of signal `signal` for [`Special::Crashed`] (`SIG` and the number when
/// it has no usual name).
pub fn signal_name(signal: i32) -> String {
    match olympiad_arena::process::signal_name(signal) {
        "other" => format!("SIG{signal}"),
        name => name.to_string(),
    }
}

/// A command to the hub: a line whose first word is `I`.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// `I lock`.
    Lock,
    /// `I unlock`.
    Unlock,
    /// `I cpu_speed CONTEST_MHZ [LOCAL_MHZ]`.
    CpuSpeed {
        /// The contest machine's speed.
        contest_mhz: f64,
        /// This machine's speed (`None`: measure it).
        local_mhz: Option<f64>,
    },
    /// `I number_players K`.
    NumberPlayers(usize),
    /// `I player N EXE MS [LOGFILE]`.
    Player {
        /// The player number, 1-based.
        n: usize,
        /// The executable.
        exe: String,
        /// The budget in contest milliseconds.
        ms: u64,
        /// Where its stderr is appended.
        log: Option<String>,
    },
    /// `I start N [MS]`.
    Start {
        /// The player number.
        n: usize,
        /// How long to wait for a first stderr line, in milliseconds.
        wait_ms: Option<u64>,
    },
    /// `I referee EXE [ARG]`.
    Referee {
        /// The executable.
        exe: String,
        /// Its one argument (normally its log file).
        arg: Option<String>,
    },
    /// `I listen N`.
    Listen(usize),
    /// `I request_time N`.
    RequestTime(usize),
    /// `I kill N`.
    Kill(usize),
    /// `I kill_referee`.
    KillReferee,
    /// `I stop_caiaio`.
    StopCaiaio,
    /// `I report MESSAGE` (the 2005 referees' form): the manager receives `report MESSAGE`.
    Report(String),
}

impl Command {
    /// Whether a referee may send it (the rest are the manager's).
    pub fn allowed_from_referee(&self) -> bool {
        matches!(
            self,
            Command::Lock
                | Command::Unlock
                | Command::Listen(_)
                | Command::RequestTime(_)
                | Command::Report(_)
        )
    }

    /// Whether the manager may send it (everything but a referee's report).
    pub fn allowed_from_manager(&self) -> bool {
        !matches!(self, Command::Report(_))
    }
}

/// Where a line read by the hub goes.
#[derive(Clone, Debug, PartialEq)]
pub enum Route<'a> {
    /// `I ...`: a command for the hub.
    Command(Command),
    /// `M text`: `text` for the manager.
    ToManager(&'a str),
    /// `N text`: `text` for player N (1-based).
    ToPlayer(usize, &'a str),
    /// Any other first word: the line is dropped.
    Dropped,
}

/// Why an `I` line is not a command.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum CommandError {
    /// No such command.
    #[error("unknown command '{0}'")]
    Unknown(String),
    /// A known command with missing, extra or bad arguments.
    #[error("malformed '{command}': {why}")]
    Malformed {
        /// The command word.
        command: String,
        /// What is wrong.
        why: String,
    },
}

/// Parses one line (without its newline; a trailing `\r` is ignored).
pub fn parse_line(line: &str) -> Result<Route<'_>, CommandError> {
    let line = line.strip_suffix('\r').unwrap_or(line);
    let (first, rest) = match line.split_once(' ') {
        Some((first, rest)) => (first, rest),
        None => (line, ""),
    };
    match first {
        "I" => parse_command(rest).map(Route::Command),
        "M" => Ok(Route::ToManager(rest)),
        _ => match first.parse::<usize>() {
            Ok(n)
                if (1..=MAX_PLAYERS).contains(&n) && first.bytes().all(|b| b.is_ascii_digit()) =>
            {
                Ok(Route::ToPlayer(n, rest))
            }
            _ => Ok(Route::Dropped),
        },
    }
}

fn parse_command(text: &str) -> Result<Command, CommandError> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let Some((&word, args)) = words.split_first() else {
        return Err(CommandError::Unknown(String::new()));
    };
    let bad = |why: String| CommandError::Malformed {
        command: word.to_string(),
        why,
    };
    let count = |min: usize, max: usize| {
        if args.len() < min || args.len() > max {
            let wanted = if min == max {
                format!("{min}")
            } else {
                format!("{min} to {max}")
            };
            Err(bad(format!(
                "{wanted} arguments wanted, {} given",
                args.len()
            )))
        } else {
            Ok(())
        }
    };
    let player = |i: usize| -> Result<usize, CommandError> {
        let text = args[i];
        match text.parse::<usize>() {
            Ok(n) if (1..=MAX_PLAYERS).contains(&n) => Ok(n),
            _ => Err(bad(format!(
                "player number '{text}' is not between 1 and {MAX_PLAYERS}"
            ))),
        }
    };
    let millis = |i: usize| -> Result<u64, CommandError> {
        let text = args[i];
        text.parse::<u64>()
            .map_err(|_| bad(format!("'{text}' is not a number of milliseconds")))
    };
    let mhz = |i: usize| -> Result<f64, CommandError> {
        let text = args[i];
        match text.parse::<f64>() {
            Ok(v) if v.is_finite() && v > 0.0 => Ok(v),
            _ => Err(bad(format!("'{text}' is not a positive speed in MHz"))),
        }
    };
    match word {
        "lock" => count(0, 0).map(|_| Command::Lock),
        "unlock" => count(0, 0).map(|_| Command::Unlock),
        "kill_referee" => count(0, 0).map(|_| Command::KillReferee),
        "stop_caiaio" => count(0, 0).map(|_| Command::StopCaiaio),
        "cpu_speed" => {
            count(1, 2)?;
            Ok(Command::CpuSpeed {
                contest_mhz: mhz(0)?,
                local_mhz: if args.len() == 2 { Some(mhz(1)?) } else { None },
            })
        }
        "number_players" => {
            count(1, 1)?;
            Ok(Command::NumberPlayers(player(0).map_err(|_| {
                bad(format!("'{}' is not between 1 and {MAX_PLAYERS}", args[0]))
            })?))
        }
        "player" => {
            count(3, 4)?;
            Ok(Command::Player {
                n: player(0)?,
                exe: args[1].to_string(),
                ms: millis(2)?,
                log: args.get(3).map(|s| s.to_string()),
            })
        }
        "start" => {
            count(1, 2)?;
            Ok(Command::Start {
                n: player(0)?,
                wait_ms: if args.len() == 2 {
                    Some(millis(1)?)
                } else {
                    None
                },
            })
        }
        "referee" => {
            count(1, 2)?;
            Ok(Command::Referee {
                exe: args[0].to_string(),
                arg: args.get(1).map(|s| s.to_string()),
            })
        }
        "listen" => count(1, 1).and_then(|_| player(0)).map(Command::Listen),
        "request_time" => count(1, 1)
            .and_then(|_| player(0))
            .map(Command::RequestTime),
        "kill" => count(1, 1).and_then(|_| player(0)).map(Command::Kill),
        "report" => {
            // The message is the rest of the line as written (the 2005 referees put spaces in
            // it).
            let message = text.trim_start().strip_prefix("report").unwrap_or("");
            Ok(Command::Report(message.trim_start().to_string()))
        }
        _ => Err(CommandError::Unknown(word.to_string())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn command(line: &str) -> Command {
        match parse_line(line) {
            Ok(Route::Command(c)) => c,
            other => panic!("{line}: {other:?}"),
        }
    }

    #[test]
    fn routes_by_first_word() {
        assert_eq!(
            parse_line("M report 2 0 x"),
            Ok(Route::ToManager("report 2 0 x"))
        );
        assert_eq!(parse_line("2 a1-b2"), Ok(Route::ToPlayer(2, "a1-b2")));
        assert_eq!(parse_line("32 0\r"), Ok(Route::ToPlayer(32, "0")));
        assert_eq!(parse_line("4"), Ok(Route::ToPlayer(4, "")));
        for dropped in ["33 x", "0 x", "+1 x", "hello", "", "i lock"] {
            assert_eq!(parse_line(dropped), Ok(Route::Dropped), "{dropped}");
        }
    }

    #[test]
    fn every_command_parses() {
        assert_eq!(command("I lock"), Command::Lock);
        assert_eq!(command("I unlock\r"), Command::Unlock);
        assert_eq!(
            command("I cpu_speed 2800 850"),
            Command::CpuSpeed {
                contest_mhz: 2800.0,
                local_mhz: Some(850.0)
            }
        );
        assert_eq!(
            command("I cpu_speed 2800"),
            Command::CpuSpeed {
                contest_mhz: 2800.0,
                local_mhz: None
            }
        );
        assert_eq!(command("I number_players 4"), Command::NumberPlayers(4));
        assert_eq!(
            command("I player 1 tom 30000 ../playerlogs/tom.log"),
            Command::Player {
                n: 1,
                exe: "tom".into(),
                ms: 30000,
                log: Some("../playerlogs/tom.log".into())
            }
        );
        assert_eq!(
            command("I start 2 100"),
            Command::Start {
                n: 2,
                wait_ms: Some(100)
            }
        );
        assert_eq!(
            command("I start 2"),
            Command::Start {
                n: 2,
                wait_ms: None
            }
        );
        assert_eq!(
            command("I referee bob ../refereelogs/bob.log"),
            Command::Referee {
                exe: "bob".into(),
                arg: Some("../refereelogs/bob.log".into())
            }
        );
        assert_eq!(command("I listen 3"), Command::Listen(3));
        assert_eq!(command("I request_time 1"), Command::RequestTime(1));
        assert_eq!(command("I kill 2"), Command::Kill(2));
        assert_eq!(command("I kill_referee"), Command::KillReferee);
        assert_eq!(command("I stop_caiaio"), Command::StopCaiaio);
        assert_eq!(
            command("I report PLAYER 2 WINS"),
            Command::Report("PLAYER 2 WINS".into())
        );
    }

    #[test]
    fn bad_commands_say_what_is_wrong() {
        let err = |line: &str| parse_line(line).unwrap_err().to_string();
        assert_eq!(err("I dance"), "unknown command 'dance'");
        assert_eq!(err("I"), "unknown command ''");
        assert_eq!(err("I stop caiaio"), "unknown command 'stop'");
        assert_eq!(
            err("I lock now"),
            "malformed 'lock': 0 arguments wanted, 1 given"
        );
        assert_eq!(
            err("I listen 0"),
            "malformed 'listen': player number '0' is not between 1 and 32"
        );
        assert_eq!(
            err("I number_players 33"),
            "malformed 'number_players': '33' is not between 1 and 32"
        );
        assert_eq!(
            err("I player 1 tom soon"),
            "malformed 'player': 'soon' is not a number of milliseconds"
        );
        assert_eq!(
            err("I cpu_speed 0"),
            "malformed 'cpu_speed': '0' is not a positive speed in MHz"
        );
        assert_eq!(
            err("I referee"),
            "malformed 'referee': 1 to 2 arguments wanted, 0 given"
        );
    }

    #[test]
    fn special_answers_round_trip() {
        for s in [
            Special::Timeout,
            Special::Stopped,
            Special::Crashed("SIGSEGV".into()),
            Special::SendsNewline,
        ] {
            assert_eq!(Special::parse(&s.text()), Some(s.clone()));
        }
        assert_eq!(SENDS_NEWLINE, r"<caiaio:_player_sends_'\n'>");
        assert_eq!(
            Special::Crashed(signal_name(libc::SIGKILL)).text(),
            "<caiaio:_player_crashed:_SIGKILL>"
        );
        assert_eq!(signal_name(64), "SIG64");
        assert_eq!(Special::parse("a1-b2"), None);
        assert_eq!(Special::parse("<caiaio:_player_crashed:_>"), None);
    }
}
