//! The Caia hub's commands as values, shared by the hub and by the programs that talk to it
//! (the seat dialogue between a Caia referee and its players is [`crate::caia`]).
//!
//! The hub parses every line its manager or referee writes exactly once, into a [`Route`]
//! (a command for the hub, a line for the manager, a line for a player, or nothing); a
//! malformed command becomes a [`CommandError`] that names what is wrong. The special
//! answers of `I listen` are constants here and parse back into [`Special`], so that the hub
//! that writes them and the referee that reads them cannot disagree by a character.
//!
//! Lines are read as CodeCup's own `caiaio` reads them, because real competition scripts
//! rely on it: a command takes the words it needs and ignores the rest of the line
//! (`I referee BIN LOG reflog.log` starts `BIN` with the one argument `LOG`), and a number
//! is the integer at the start of its word, as C's `strtol` reads it (`30000ms` is 30000).

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
/// `I listen` answer for a player killed by a signal: this, the signal's description (the C
/// library's, one word: `Segmentation_fault`), then `>`.
pub const CRASHED_PREFIX: &str = "<caiaio:_player_crashed:_";

/// One of the four answers of `I listen` that are not the player's line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Special {
    /// [`TIMEOUT`].
    Timeout,
    /// [`STOPPED`].
    Stopped,
    /// Killed by the signal so described (`Segmentation_fault`, `Killed`: the C library's
    /// description with every space replaced by `_`, so that the answer stays one word).
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
        contest_mhz: u32,
        /// This machine's speed (`None`: measure it).
        local_mhz: Option<u32>,
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
///
/// The first word ends at the first white space, and the text routed to a player or to the
/// manager is the rest of the line less that one character if it is a space or a tab,
/// exactly as caiaio cuts it (`1\tmove` gives `move`, `1  move` gives ` move`). A player
/// number is written as C's `%d` writes it (`01` routes nowhere).
pub fn parse_line(line: &str) -> Result<Route<'_>, CommandError> {
    let line = line.strip_suffix('\r').unwrap_or(line);
    let end = line.find(c_space).unwrap_or(line.len());
    let (first, rest) = line.split_at(end);
    let rest = rest.strip_prefix([' ', '\t']).unwrap_or(rest);
    match first {
        "I" => parse_command(rest).map(Route::Command),
        "M" => Ok(Route::ToManager(rest)),
        _ => match first.parse::<usize>() {
            Ok(n) if (1..=MAX_PLAYERS).contains(&n) && n.to_string() == first => {
                Ok(Route::ToPlayer(n, rest))
            }
            _ => Ok(Route::Dropped),
        },
    }
}

/// White space as C's `isspace` knows it (the separator of `scanf`'s `%s`).
fn c_space(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | '\x0b' | '\x0c' | '\r')
}

fn parse_command(text: &str) -> Result<Command, CommandError> {
    let mut words = text.split(c_space).filter(|w| !w.is_empty());
    let Some(word) = words.next() else {
        return Err(CommandError::Unknown(String::new()));
    };
    let mut args = Args {
        command: word,
        words,
    };
    Ok(match word {
        "lock" => Command::Lock,
        "unlock" => Command::Unlock,
        "kill_referee" => Command::KillReferee,
        "stop_caiaio" => Command::StopCaiaio,
        "cpu_speed" => Command::CpuSpeed {
            contest_mhz: args
                .mhz()?
                .ok_or_else(|| args.error("the contest speed is missing"))?,
            local_mhz: args.mhz()?,
        },
        "number_players" => {
            let k = args.required("the number of players")?;
            match usize::try_from(k) {
                Ok(k) if (1..=MAX_PLAYERS).contains(&k) => Command::NumberPlayers(k),
                _ => {
                    return Err(args.error(&format!("'{k}' is not between 1 and {MAX_PLAYERS}")));
                }
            }
        }
        "player" => Command::Player {
            n: args.player()?,
            exe: args.word("the program")?.to_string(),
            ms: args
                .millis()?
                .ok_or_else(|| args.error("the time in milliseconds is missing"))?,
            log: args.words.next().map(str::to_string),
        },
        "start" => Command::Start {
            n: args.player()?,
            wait_ms: args.millis()?,
        },
        "referee" => Command::Referee {
            exe: args.word("the program")?.to_string(),
            arg: args.words.next().map(str::to_string),
        },
        "listen" => Command::Listen(args.player()?),
        "request_time" => Command::RequestTime(args.player()?),
        "kill" => Command::Kill(args.player()?),
        "report" => {
            // The message is the rest of the line as written (the 2005 referees put spaces in
            // it).
            let message = text.trim_start().strip_prefix("report").unwrap_or("");
            Command::Report(message.trim_start().to_string())
        }
        _ => return Err(CommandError::Unknown(word.to_string())),
    })
}

/// The words after a command's name, taken one at a time as caiaio takes them: the words a
/// command does not take are ignored.
struct Args<'a, W> {
    command: &'a str,
    words: W,
}

impl<'a, W: Iterator<Item = &'a str>> Args<'a, W> {
    fn error(&self, why: &str) -> CommandError {
        CommandError::Malformed {
            command: self.command.to_string(),
            why: why.to_string(),
        }
    }

    /// The next word; `what` names it if it is missing.
    fn word(&mut self, what: &str) -> Result<&'a str, CommandError> {
        match self.words.next() {
            Some(word) => Ok(word),
            None => Err(self.error(&format!("{what} is missing"))),
        }
    }

    /// The next word, which must be there, as a number.
    fn required(&mut self, what: &str) -> Result<i64, CommandError> {
        let word = self.word(what)?;
        c_integer(word).ok_or_else(|| self.error(&format!("'{word}' is not a number")))
    }

    /// A player number, 1 to [`MAX_PLAYERS`].
    fn player(&mut self) -> Result<usize, CommandError> {
        let n = self.required("the player number")?;
        match usize::try_from(n) {
            Ok(n) if (1..=MAX_PLAYERS).contains(&n) => Ok(n),
            _ => Err(self.error(&format!(
                "player number '{n}' is not between 1 and {MAX_PLAYERS}"
            ))),
        }
    }

    /// The next word, if there is one, as a number of milliseconds.
    fn millis(&mut self) -> Result<Option<u64>, CommandError> {
        let Some(word) = self.words.next() else {
            return Ok(None);
        };
        match c_integer(word).map(u64::try_from) {
            Some(Ok(ms)) => Ok(Some(ms)),
            _ => Err(self.error(&format!("'{word}' is not a number of milliseconds"))),
        }
    }

    /// The next word, if there is one, as a speed in MHz.
    fn mhz(&mut self) -> Result<Option<u32>, CommandError> {
        let Some(word) = self.words.next() else {
            return Ok(None);
        };
        match c_integer(word).map(u32::try_from) {
            Some(Ok(mhz)) if mhz > 0 => Ok(Some(mhz)),
            _ => Err(self.error(&format!("'{word}' is not a positive speed in MHz"))),
        }
    }
}

/// The integer at the start of `word`, as C's `strtol` reads it: an optional sign and at
/// least one digit, whatever follows ignored (`30000ms` is 30000; far out of range it
/// saturates).
fn c_integer(word: &str) -> Option<i64> {
    let (negative, digits) = match word.as_bytes().first()? {
        b'-' => (true, &word[1..]),
        b'+' => (false, &word[1..]),
        _ => (false, word),
    };
    let end = digits
        .bytes()
        .position(|b| !b.is_ascii_digit())
        .unwrap_or(digits.len());
    if end == 0 {
        return None;
    }
    let value = digits[..end].bytes().fold(0i64, |v, b| {
        v.saturating_mul(10).saturating_add(i64::from(b - b'0'))
    });
    Some(if negative { -value } else { value })
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
                contest_mhz: 2800,
                local_mhz: Some(850)
            }
        );
        assert_eq!(
            command("I cpu_speed 2800"),
            Command::CpuSpeed {
                contest_mhz: 2800,
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
            "malformed 'referee': the program is missing"
        );
        assert_eq!(
            err("I player 1 tom"),
            "malformed 'player': the time in milliseconds is missing"
        );
        assert_eq!(
            err("I listen one"),
            "malformed 'listen': 'one' is not a number"
        );
        assert_eq!(
            err("I start 1 -5"),
            "malformed 'start': '-5' is not a number of milliseconds"
        );
        assert_eq!(
            err("I cpu_speed"),
            "malformed 'cpu_speed': the contest speed is missing"
        );
    }

    #[test]
    fn special_answers_round_trip() {
        for s in [
            Special::Timeout,
            Special::Stopped,
            Special::Crashed("Segmentation_fault".into()),
            Special::SendsNewline,
        ] {
            assert_eq!(Special::parse(&s.text()), Some(s.clone()));
        }
        assert_eq!(SENDS_NEWLINE, r"<caiaio:_player_sends_'\n'>");
        assert_eq!(
            Special::Crashed("Segmentation_fault".into()).text(),
            "<caiaio:_player_crashed:_Segmentation_fault>"
        );
        assert_eq!(Special::parse("a1-b2"), None);
        assert_eq!(Special::parse("<caiaio:_player_crashed:_>"), None);
    }

    #[test]
    fn words_after_a_commands_arguments_are_ignored_as_caiaio_ignores_them() {
        // A real competition script writes this; caiaio starts BIN with the one argument LOG.
        assert_eq!(
            command("I referee BIN LOG reflog.log"),
            Command::Referee {
                exe: "BIN".into(),
                arg: Some("LOG".into())
            }
        );
        assert_eq!(command("I lock please"), Command::Lock);
        assert_eq!(command("I unlock now"), Command::Unlock);
        assert_eq!(command("I kill_referee at once"), Command::KillReferee);
        assert_eq!(command("I stop_caiaio bye"), Command::StopCaiaio);
        assert_eq!(
            command("I cpu_speed 2800 850 MHz"),
            Command::CpuSpeed {
                contest_mhz: 2800,
                local_mhz: Some(850)
            }
        );
        assert_eq!(
            command("I number_players 2 of 2"),
            Command::NumberPlayers(2)
        );
        assert_eq!(
            command("I player 1 tom 30000 tom.log x y"),
            Command::Player {
                n: 1,
                exe: "tom".into(),
                ms: 30000,
                log: Some("tom.log".into())
            }
        );
        assert_eq!(
            command("I start 2 100 please"),
            Command::Start {
                n: 2,
                wait_ms: Some(100)
            }
        );
        assert_eq!(command("I listen 1 now"), Command::Listen(1));
        assert_eq!(command("I request_time 2 ms"), Command::RequestTime(2));
        assert_eq!(command("I kill 2 hard"), Command::Kill(2));
    }

    #[test]
    fn numbers_and_words_are_read_as_caiaio_reads_them() {
        // strtol: the integer at the start of the word.
        assert_eq!(
            command("I player 1 tom 30000ms"),
            Command::Player {
                n: 1,
                exe: "tom".into(),
                ms: 30000,
                log: None
            }
        );
        assert_eq!(command("I listen +2"), Command::Listen(2));
        assert_eq!(command("I kill 2nd"), Command::Kill(2));
        assert_eq!(
            command("I cpu_speed 2800.9"),
            Command::CpuSpeed {
                contest_mhz: 2800,
                local_mhz: None
            }
        );
        // scanf's %s: any white space separates words.
        assert_eq!(command("I\tlisten \t 3"), Command::Listen(3));
        // The routed text: after the first word, less one space or tab.
        assert_eq!(parse_line("1\tb2-c4"), Ok(Route::ToPlayer(1, "b2-c4")));
        assert_eq!(parse_line("1  b2-c4"), Ok(Route::ToPlayer(1, " b2-c4")));
        assert_eq!(
            parse_line("M\treport 2 0 x"),
            Ok(Route::ToManager("report 2 0 x"))
        );
        for dropped in ["01 x", "+1 x", " 1 x"] {
            assert_eq!(parse_line(dropped), Ok(Route::Dropped), "{dropped}");
        }
        assert_eq!(c_integer("-12x"), Some(-12));
        assert_eq!(c_integer("x12"), None);
        assert_eq!(c_integer("-"), None);
        assert_eq!(c_integer("99999999999999999999999"), Some(i64::MAX));
    }
}
