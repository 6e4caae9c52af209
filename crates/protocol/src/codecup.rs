//! The CodeCup player dialogue for two-player games.
//!
//! A player program is started once per game and reads one line per turn: `start` (you move
//! first, move now) or the opponent's move (answer with yours). It answers each with one line
//! holding its own move. `end` means the game is over and the program should exit. Nothing
//! else is ever written either way, so anything else is a protocol error.
//!
//! The referee side uses [`ToPlayer`] (what it writes) and [`parse_reply`] (what it reads);
//! a program uses [`ToPlayer::parse`] and [`serve`] to run the loop over stdin/stdout with a
//! [`Responder`] that knows the game (protocols never search).

use std::io::{BufRead, Write};
use thiserror::Error;

/// The longest reply line a referee needs to accept, in bytes: moves in every CodeCup game
/// are a few characters; anything longer is garbage.
pub const MAX_REPLY_BYTES: usize = 256;

/// A line the referee writes to a player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ToPlayer {
    /// You move first: move now.
    Start,
    /// The opponent's move: answer with yours.
    Move(String),
    /// The game is over: exit. Read from `end` (also `Quit`, which some CodeCup years used).
    End,
}

impl ToPlayer {
    /// Reads one line written by the referee (trailing `\r`/`\n` and surrounding blanks
    /// ignored).
    pub fn parse(line: &str) -> Result<ToPlayer, DialogueError> {
        let text = line.trim();
        match text {
            "start" | "Start" | "START" => Ok(ToPlayer::Start),
            "end" | "End" | "END" | "Quit" | "quit" => Ok(ToPlayer::End),
            _ => parse_move_token(text).map(|m| ToPlayer::Move(m.to_string())),
        }
    }

    /// The line to write, without the newline.
    pub fn line(&self) -> &str {
        match self {
            ToPlayer::Start => "start",
            ToPlayer::Move(m) => m,
            ToPlayer::End => "end",
        }
    }
}

/// What is wrong with a line of the dialogue.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum DialogueError {
    /// An empty line where a move was due.
    #[error("empty line where a move was due")]
    Empty,
    /// More than one word on the line.
    #[error("more than one word on the line: '{0}'")]
    Words(String),
    /// A character that no move notation uses (control characters, non-ASCII).
    #[error("unexpected character {found:?} in '{line}'")]
    Character {
        /// The offending character.
        found: char,
        /// The whole line (cut to [`MAX_REPLY_BYTES`]).
        line: String,
    },
    /// A line longer than [`MAX_REPLY_BYTES`].
    #[error("line of {0} bytes, longer than {MAX_REPLY_BYTES}")]
    TooLong(usize),
}

fn cut(text: &str) -> String {
    let mut end = text.len().min(MAX_REPLY_BYTES);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    text[..end].to_string()
}

fn parse_move_token(text: &str) -> Result<&str, DialogueError> {
    if text.len() > MAX_REPLY_BYTES {
        return Err(DialogueError::TooLong(text.len()));
    }
    if text.is_empty() {
        return Err(DialogueError::Empty);
    }
    if text.split_whitespace().nth(1).is_some() {
        return Err(DialogueError::Words(cut(text)));
    }
    if let Some(found) = text.chars().find(|c| !c.is_ascii_graphic()) {
        return Err(DialogueError::Character {
            found,
            line: cut(text),
        });
    }
    Ok(text)
}

/// Reads a player's reply line: exactly one move token (syntax of the dialogue only; whether
/// it is a move of the game is the referee's business). Surrounding blanks and a trailing
/// `\r` are allowed.
pub fn parse_reply(line: &str) -> Result<&str, DialogueError> {
    parse_move_token(line.trim_matches(|c: char| c == ' ' || c == '\t' || c == '\r' || c == '\n'))
}

/// The game side of a program speaking the dialogue: keeps the position and chooses moves.
pub trait Responder {
    /// Why a move could not be taken or chosen.
    type Error: std::error::Error + Send + Sync + 'static;
    /// The opponent played `mv` (already checked by the referee).
    fn opponent_moved(&mut self, mv: &str) -> Result<(), Self::Error>;
    /// Choose and play our move; return its text.
    fn choose(&mut self) -> Result<String, Self::Error>;
}

/// Why [`serve`] stopped before `end`.
#[derive(Debug, Error)]
pub enum ServeError<E: std::error::Error + 'static> {
    /// Reading or writing failed.
    #[error("i/o: {0}")]
    Io(#[from] std::io::Error),
    /// The referee wrote a line that is not part of the dialogue.
    #[error("bad line from the referee: {0}")]
    Dialogue(#[from] DialogueError),
    /// The responder failed.
    #[error("responder: {0}")]
    Responder(#[source] E),
    /// The input ended without `end`.
    #[error("input ended without 'end'")]
    Eof,
}

/// Runs the dialogue: reads lines from `input`, answers on `output` (flushed after every
/// line), returns when `end` arrives.
pub fn serve<R: BufRead, W: Write, P: Responder>(
    mut input: R,
    mut output: W,
    responder: &mut P,
) -> Result<(), ServeError<P::Error>> {
    let mut line = String::new();
    loop {
        line.clear();
        if input.read_line(&mut line)? == 0 {
            return Err(ServeError::Eof);
        }
        match ToPlayer::parse(&line)? {
            ToPlayer::End => return Ok(()),
            ToPlayer::Start => {}
            ToPlayer::Move(mv) => responder
                .opponent_moved(&mv)
                .map_err(ServeError::Responder)?,
        }
        let mine = responder.choose().map_err(ServeError::Responder)?;
        writeln!(output, "{mine}")?;
        output.flush()?;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn referee_lines() {
        assert_eq!(ToPlayer::parse("start\n"), Ok(ToPlayer::Start));
        assert_eq!(ToPlayer::parse("end\r\n"), Ok(ToPlayer::End));
        assert_eq!(
            ToPlayer::parse(" e5-c5 \n"),
            Ok(ToPlayer::Move("e5-c5".into()))
        );
        assert_eq!(ToPlayer::parse(""), Err(DialogueError::Empty));
        for m in [
            ToPlayer::Start,
            ToPlayer::End,
            ToPlayer::Move("a1-b2".into()),
        ] {
            assert_eq!(ToPlayer::parse(m.line()), Ok(m.clone()));
        }
    }

    #[test]
    fn replies() {
        assert_eq!(parse_reply("a1-b2"), Ok("a1-b2"));
        assert_eq!(parse_reply("  a1-b2 \r"), Ok("a1-b2"));
        assert_eq!(parse_reply(""), Err(DialogueError::Empty));
        assert!(matches!(parse_reply("a1 b2"), Err(DialogueError::Words(_))));
        assert!(matches!(
            parse_reply("a1\u{7}b2"),
            Err(DialogueError::Character { found: '\u{7}', .. })
        ));
        assert!(matches!(
            parse_reply("é"),
            Err(DialogueError::Character { found: 'é', .. })
        ));
        assert_eq!(
            parse_reply(&"x".repeat(MAX_REPLY_BYTES + 1)),
            Err(DialogueError::TooLong(MAX_REPLY_BYTES + 1))
        );
    }

    /// Counts the turns and answers with the number of the turn.
    struct Counter(u32, Vec<String>);

    impl Responder for Counter {
        type Error = std::io::Error;
        fn opponent_moved(&mut self, mv: &str) -> Result<(), std::io::Error> {
            self.1.push(mv.to_string());
            Ok(())
        }
        fn choose(&mut self) -> Result<String, std::io::Error> {
            self.0 += 1;
            Ok(format!("m{}", self.0))
        }
    }

    #[test]
    fn serve_answers_each_line_until_end() {
        let mut out = Vec::new();
        let mut c = Counter(0, Vec::new());
        serve(&b"start\nx1\nx2\nend\nignored\n"[..], &mut out, &mut c).unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), "m1\nm2\nm3\n");
        assert_eq!(c.1, ["x1", "x2"]);
        let mut c = Counter(0, Vec::new());
        assert!(matches!(
            serve(&b"x1\n"[..], Vec::new(), &mut c),
            Err(ServeError::Eof)
        ));
        assert!(matches!(
            serve(&b"two words\n"[..], Vec::new(), &mut c),
            Err(ServeError::Dialogue(DialogueError::Words(_)))
        ));
    }
}
