//! Every protocol on arbitrary lines, both ways: what a referee writes to a player
//! (`ToPlayer::parse`, and each protocol's `serve` fed a whole session of it) and what a
//! player writes to a referee (`parse_reply`, each dialogue's `read`). No input panics or
//! hangs; a refusal says what is wrong; a move read is one word of the line, of printable
//! ASCII, no longer than the protocol allows.

use olympiad_core::fuzz::{self, Verdict};
use olympiad_protocol::codecup::{self, MAX_REPLY_BYTES, ToPlayer};
use olympiad_protocol::{PROTOCOLS, ReplyLine, Responder, ServeError};

/// Characters of move notations and of the dialogues' words.
const ALPHABET: &str = "abcdefgh0123456789-x startendquitSTARTENDQuit";

/// Lines a player or a referee writes, with the blanks and line ends around them that
/// programs add.
fn lines() -> Vec<String> {
    [
        "start", "Start", "end", "END", "Quit", "b2-c4", "e5-c5\r", " a1-b2 ", "22x15x6", "11-15",
        "d3", "pass", "30", "64", "0", "1", "3",
    ]
    .map(str::to_string)
    .to_vec()
}

/// A move as the dialogues read it: one word of the line, printable ASCII, not too long.
fn check_move(line: &str, mv: &str) -> Result<Verdict, String> {
    if mv.is_empty()
        || mv.len() > MAX_REPLY_BYTES
        || !mv.chars().all(|c| c.is_ascii_graphic())
        || !line.contains(mv)
    {
        return Err(format!("read the move {mv:?}"));
    }
    Ok(Verdict::Accepted)
}

#[test]
fn referee_lines() {
    let stats = fuzz::run(
        "codecup referee line",
        &lines(),
        ALPHABET,
        |text| match ToPlayer::parse(text) {
            Ok(line) => {
                if let ToPlayer::Move(mv) = &line {
                    check_move(text, mv)?;
                }
                match ToPlayer::parse(line.line()) {
                    Ok(again) if again == line => Ok(Verdict::Accepted),
                    other => Err(format!("{line:?} written reads back as {other:?}")),
                }
            }
            Err(e) => fuzz::rejected(&e),
        },
    );
    assert!(stats.accepted > lines().len(), "{stats:?}");
}

#[test]
fn player_replies() {
    let stats = fuzz::run(
        "codecup reply",
        &lines(),
        ALPHABET,
        |text| match codecup::parse_reply(text) {
            Ok(mv) => check_move(text, mv),
            Err(e) => fuzz::rejected(&e),
        },
    );
    assert!(stats.accepted > lines().len(), "{stats:?}");
    for protocol in PROTOCOLS {
        let mut dialogue = (protocol.dialogue)();
        let name = format!("{} read", protocol.name);
        fuzz::run(&name, &lines(), ALPHABET, |text| {
            match dialogue.read(text) {
                ReplyLine::Move(mv) => check_move(text, &mv),
                ReplyLine::Garbled(why) => fuzz::rejected(&why),
                ReplyLine::Info(_) | ReplyLine::Ignore => Ok(Verdict::Rejected),
            }
        });
    }
}

/// A game of `seats` seats that ends after `plies` moves; it refuses a move with a `!` and
/// any move once over, as a game does.
struct Table {
    seats: usize,
    plies: usize,
    played: Vec<String>,
}

impl Responder for Table {
    fn seats(&self) -> usize {
        self.seats
    }
    fn to_move(&self) -> usize {
        self.played.len() % self.seats
    }
    fn is_over(&self) -> bool {
        self.played.len() >= self.plies
    }
    fn opponent_moved(&mut self, mv: &str) -> Result<(), String> {
        if mv.contains('!') || self.is_over() {
            return Err(format!("illegal move '{mv}'"));
        }
        self.played.push(mv.to_string());
        Ok(())
    }
    fn choose(&mut self) -> Result<String, String> {
        if self.is_over() {
            return Err("the game is over".into());
        }
        let mv = format!("m{}", self.played.len());
        self.played.push(mv.clone());
        Ok(mv)
    }
}

/// Whole sessions as a referee writes them to one player, in both protocols.
fn sessions() -> Vec<String> {
    [
        "start\ne5-c5\nc3-d4\nend\n",
        "b2-c4\r\ne5-c5\r\nend\r\n",
        "start\n",
        "1\n30\n44\n46\n0\n",
        "2\n30\n44\n46\n13\n12\n",
        "4\n30\n44\n46\n",
        "3\n30\n44\n0",
    ]
    .map(str::to_string)
    .to_vec()
}

#[test]
fn served_sessions() {
    for protocol in PROTOCOLS {
        for seats in [2, 3, 4] {
            let name = format!("{} serve, {seats} seats", protocol.name);
            fuzz::run(&name, &sessions(), "0123456789!\n", |text| {
                let mut table = Table {
                    seats,
                    plies: 40,
                    played: Vec::new(),
                };
                let mut output = Vec::new();
                let end = (protocol.serve)(&mut text.as_bytes(), &mut output, &mut table);
                let written = String::from_utf8(output).map_err(|e| e.to_string())?;
                if written.lines().count() > table.plies {
                    return Err(format!("wrote {written:?}"));
                }
                match end {
                    Ok(_) => Ok(Verdict::Accepted),
                    Err(e) => fuzz::rejected(&e),
                }
            });
        }
    }
}

#[test]
fn a_session_that_is_not_utf8_is_an_error() {
    for protocol in PROTOCOLS {
        let mut table = Table {
            seats: 2,
            plies: 4,
            played: Vec::new(),
        };
        let end = (protocol.serve)(&mut &b"\xff\xfe\n"[..], &mut Vec::new(), &mut table);
        assert!(
            matches!(&end, Err(ServeError::Io(_))),
            "{}: {end:?}",
            protocol.name
        );
        let message = end.unwrap_err().to_string();
        assert!(message.contains("UTF-8"), "{message}");
    }
}
