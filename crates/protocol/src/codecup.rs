//! The CodeCup player dialogue for two-player games.
//!
//! A player program is started once per game and reads one line per turn: `start` (you move
//! first, move now) or the opponent's move (answer with yours). It answers each with one line
//! holding its own move. `end` means the game is over and the program should exit. Nothing
//! else is ever written either way, so anything else is a protocol error.
//!
//! The referee side is [`CodeCup`], a [`Dialogue`] over [`ToPlayer`] (what it writes) and
//! [`parse_reply`] (what it reads); a program runs [`serve`] over stdin/stdout with a
//! [`Responder`] that knows the game (protocols never search).

use crate::{Dialogue, ReplyLine, Request, Responder, ServeEnd, ServeError, read_line, write_line};
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

/// The referee's side of the CodeCup dialogue.
#[derive(Clone, Copy, Debug, Default)]
pub struct CodeCup;

impl Dialogue for CodeCup {
    fn name(&self) -> &'static str {
        "codecup"
    }

    fn open(&mut self, _seat: usize, _seats: usize) -> Vec<String> {
        Vec::new()
    }

    fn request(&mut self, request: &Request<'_>) -> Vec<String> {
        let line = match request.last {
            None => ToPlayer::Start,
            Some(mv) => ToPlayer::Move(mv.to_string()),
        };
        vec![line.line().to_string()]
    }

    /// Two seats: the other seat is always next, so only the last move of a game comes
    /// here, and the dialogue does not send it (`end` follows).
    fn inform(&mut self, _mv: &str) -> Vec<String> {
        Vec::new()
    }

    fn read(&mut self, line: &str) -> ReplyLine {
        match parse_reply(line) {
            Ok(mv) => ReplyLine::Move(mv.to_string()),
            Err(e) => ReplyLine::Garbled(e.to_string()),
        }
    }

    fn stopped(&mut self) -> Vec<String> {
        Vec::new()
    }

    fn close(&mut self) -> Vec<String> {
        vec![ToPlayer::End.line().to_string()]
    }
}

/// Runs the dialogue: reads lines from `input`, answers on `output` (flushed after every
/// line) until the game is over, returns when `end` arrives or the input ends. `start` is
/// only a first line (it says "you move first"); later it is a dialogue error, since
/// answering it would move for the other side.
pub fn serve(
    input: &mut dyn BufRead,
    output: &mut dyn Write,
    responder: &mut dyn Responder,
) -> Result<ServeEnd, ServeError> {
    let mut first = true;
    loop {
        let Some(line) = read_line(input)? else {
            return Ok(ServeEnd::Eof);
        };
        let heard = ToPlayer::parse(&line).map_err(|e| ServeError::Dialogue(e.to_string()))?;
        let was_first = std::mem::replace(&mut first, false);
        match heard {
            ToPlayer::End => return Ok(ServeEnd::Ended),
            ToPlayer::Start if was_first => {}
            ToPlayer::Start => {
                return Err(ServeError::Dialogue(
                    "`start` after the game began: it is only the first line, for the \
                     player who moves first"
                        .into(),
                ));
            }
            ToPlayer::Move(mv) => responder
                .opponent_moved(&mv)
                .map_err(ServeError::Responder)?,
        }
        // The opponent's move may have ended the game (or the referee asks again after
        // the end): there is no move to give, `end` follows.
        if responder.is_over() {
            continue;
        }
        let mine = responder.choose().map_err(ServeError::Responder)?;
        write_line(output, &mine)?;
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
        fn seats(&self) -> usize {
            2
        }
        fn to_move(&self) -> usize {
            0
        }
        fn is_over(&self) -> bool {
            false
        }
        fn opponent_moved(&mut self, mv: &str) -> Result<(), String> {
            self.1.push(mv.to_string());
            Ok(())
        }
        fn choose(&mut self) -> Result<String, String> {
            self.0 += 1;
            Ok(format!("m{}", self.0))
        }
    }

    #[test]
    fn serve_answers_each_line_until_end() {
        let mut out = Vec::new();
        let mut c = Counter(0, Vec::new());
        let end = serve(&mut &b"start\nx1\nx2\nend\nignored\n"[..], &mut out, &mut c);
        assert_eq!(end.unwrap(), ServeEnd::Ended);
        assert_eq!(String::from_utf8(out).unwrap(), "m1\nm2\nm3\n");
        assert_eq!(c.1, ["x1", "x2"]);
        let mut c = Counter(0, Vec::new());
        assert_eq!(
            serve(&mut &b"x1\n"[..], &mut Vec::new(), &mut c).unwrap(),
            ServeEnd::Eof
        );
        assert!(matches!(
            serve(&mut &b"two words\n"[..], &mut Vec::new(), &mut c),
            Err(ServeError::Dialogue(_))
        ));
        // `start` in mid-game would have us move for the other side: refused, after the
        // answers already given.
        for input in [&b"x1\nstart\n"[..], &b"start\nx1\nstart\n"[..]] {
            let mut out = Vec::new();
            let mut c = Counter(0, Vec::new());
            let e = serve(&mut &input[..], &mut out, &mut c).unwrap_err();
            assert!(
                matches!(&e, ServeError::Dialogue(m) if m.contains("`start` after")),
                "{e}"
            );
            assert_eq!(
                c.0,
                input.iter().filter(|&&b| b == b'\n').count() as u32 - 1
            );
        }
    }

    #[test]
    fn the_referee_side_asks_start_then_moves_and_ends() {
        let mut d = CodeCup;
        assert_eq!(d.request(&Request::after(None)), ["start"]);
        assert_eq!(d.request(&Request::after(Some("b2-c4"))), ["b2-c4"]);
        assert!(d.inform("b2-c4").is_empty());
        assert_eq!(d.close(), ["end"]);
        assert_eq!(d.read(" a1 "), ReplyLine::Move("a1".into()));
    }
}
