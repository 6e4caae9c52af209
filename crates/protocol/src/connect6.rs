//! The text protocol of Connect6 programs, as Cloudict (Computer Olympiad gold 2009 and
//! 2011) and the programs written for its referee speak it.
//!
//! The referee writes `new black` (the program is Black and answers at once with its first
//! stone) or `new white`; `move XXXX`, the opponent's turn, which the program answers with
//! `move XXXX`; `black XXXX` and `white XXXX`, stones put on the board without a reply, and
//! `next`, which asks for a turn of the colour that did not put the last stones; `quit`.
//! Options are plain commands (Cloudict's `depth 4`, `vcf`, `unvcf`). A point is two
//! letters `A`..`S` (`I` included), the column and then the row, row `A` at the bottom:
//! the centre of 19x19 is `JJ`, GTP's `K10`. A turn is one point or two (`JJ`, `JKKL`).
//! Programs print other lines freely (help, search reports): they are ignored.
//!
//! The project writes Connect6 turns as GTP does (`K10`, `K10L11`): this file translates.
//! The referee's side, [`Connect6`], starts a program with the game so far (`new black` on
//! the empty board; else `new white`, the stones of every turn and `next`), so that games
//! may start from any opening, and then sends each opponent's turn as `move XXXX`; the
//! player's side, [`serve`], plays one game with a [`Responder`], the stones before its
//! first turn taken as the game so far.

use crate::{Dialogue, ReplyLine, Request, Responder, ServeEnd, ServeError, read_line, write_line};
use std::io::{BufRead, Write};

/// The longest line a Connect6 program may write: its reports are short, its help text a
/// few dozen columns.
pub const MAX_LINE_BYTES: usize = 4096;

/// GTP's column letters (no `I`), as the project writes Connect6 points.
const GTP_COLUMNS: &[u8; 19] = b"ABCDEFGHJKLMNOPQRST";

/// One point of GTP's text (`K10`) as the protocol's two letters (`JJ`).
fn point_letters(x: usize, y: usize) -> String {
    format!(
        "{}{}",
        char::from(b'A' + x as u8),
        char::from(b'A' + y as u8)
    )
}

/// A turn in the project's notation (`K10`, `K10L11`) as the protocol writes it (`JJ`,
/// `JJKK`).
pub fn to_protocol(turn: &str) -> Result<String, String> {
    let bytes = turn.trim().to_ascii_uppercase().into_bytes();
    let mut out = String::new();
    let mut i = 0;
    while i < bytes.len() {
        let x = GTP_COLUMNS
            .iter()
            .position(|&c| c == bytes[i])
            .ok_or_else(|| format!("'{turn}' is not a turn of points such as K10"))?;
        let digits = bytes[i + 1..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count();
        let row: usize = std::str::from_utf8(&bytes[i + 1..i + 1 + digits])
            .ok()
            .and_then(|d| d.parse().ok())
            .filter(|r| (1..=19).contains(r))
            .ok_or_else(|| format!("'{turn}' is not a turn of points such as K10"))?;
        out.push_str(&point_letters(x, row - 1));
        i += 1 + digits;
    }
    if out.len() == 2 || out.len() == 4 {
        Ok(out)
    } else {
        Err(format!("'{turn}' is not one point or two"))
    }
}

/// A turn as the protocol writes it (`JJ`, `JJKK`, any case) in the project's notation
/// (`K10`, `K10L11`).
pub fn from_protocol(text: &str) -> Result<String, String> {
    let t = text.trim().to_ascii_uppercase();
    if !(t.len() == 2 || t.len() == 4) || !t.bytes().all(|b| (b'A'..=b'S').contains(&b)) {
        return Err(format!(
            "'{text}' is not a Connect6 turn: two or four letters A-S (column, row)"
        ));
    }
    Ok(t.as_bytes()
        .chunks(2)
        .map(|p| {
            let (x, y) = (usize::from(p[0] - b'A'), usize::from(p[1] - b'A'));
            format!("{}{}", char::from(GTP_COLUMNS[x]), y + 1)
        })
        .collect())
}

/// The referee's side of the Connect6 protocol.
#[derive(Clone, Debug, Default)]
pub struct Connect6 {
    /// Options as commands, sent once the program is started.
    commands: Vec<String>,
    /// The program has been given the game and has moved.
    started: bool,
}

impl Dialogue for Connect6 {
    fn name(&self) -> &'static str {
        "connect6"
    }

    /// Each option becomes a command: `depth = 4` is `depth 4`; an option with an empty
    /// value is its name alone (`vcf`).
    fn configure(&mut self, options: &[(String, String)]) -> Result<(), String> {
        for (key, value) in options {
            if key.split_whitespace().count() != 1 {
                return Err(format!("option '{key}': one word is a command"));
            }
            let value = value.trim();
            self.commands.push(match value.is_empty() {
                true => key.clone(),
                false => format!("{key} {value}"),
            });
        }
        Ok(())
    }

    fn handshake(&mut self, _heard: crate::Heard<'_>) -> crate::Handshake {
        crate::Handshake::Done(std::mem::take(&mut self.commands))
    }

    fn open(&mut self, _seat: usize, _seats: usize) -> Vec<String> {
        Vec::new()
    }

    /// The first time, the game so far: `new black` on the empty board, else `new white`,
    /// each turn's stones as `black`/`white` commands, and `next`; after that the
    /// opponent's turn, `move XXXX`. A move the protocol cannot write (not a turn of
    /// points) is sent as it is, and the program's answer tells.
    fn request(&mut self, request: &Request<'_>) -> Vec<String> {
        let protocol = |mv: &str| to_protocol(mv).unwrap_or_else(|_| mv.to_string());
        if std::mem::replace(&mut self.started, true)
            && let Some(last) = request.last
        {
            return vec![format!("move {}", protocol(last))];
        }
        if request.moves.is_empty() {
            return vec!["new black".into()];
        }
        let mut lines = vec!["new white".to_string()];
        for (i, mv) in request.moves.iter().enumerate() {
            let colour = if i % 2 == 0 { "black" } else { "white" };
            lines.push(format!("{colour} {}", protocol(mv)));
        }
        lines.push("next".into());
        lines
    }

    fn inform(&mut self, _mv: &str) -> Vec<String> {
        Vec::new()
    }

    /// `move XXXX` (two words) is the program's turn; every other line is its chatter,
    /// Cloudict's help text among it (`move XXXX   - tell the engine that ...`).
    fn read(&mut self, line: &str) -> ReplyLine {
        let text = line.trim();
        let turn = text
            .strip_prefix("move ")
            .map(str::trim)
            .filter(|t| !t.contains(char::is_whitespace));
        match turn {
            Some(turn) => match from_protocol(turn) {
                Ok(mv) => ReplyLine::Move(mv),
                Err(e) => ReplyLine::Garbled(e),
            },
            None if text.is_empty() => ReplyLine::Ignore,
            None => ReplyLine::Info(text.to_string()),
        }
    }

    fn stopped(&mut self) -> Vec<String> {
        vec!["quit".into()]
    }

    fn close(&mut self) -> Vec<String> {
        vec!["quit".into()]
    }
}

/// Runs one game of the protocol for `responder`: `new black` (answered with the first
/// stone) or `new white` starts it; `black XXXX` and `white XXXX` before our first turn
/// are the game so far (each must be the turn of the colour to move), and `next` asks for
/// our turn; `move XXXX` brings the opponent's turn and is answered; `quit` or `exit` (or
/// the end of the input) ends it; `name` is answered, the other commands of Connect6
/// programs (`depth`, `vcf`, `print`, `help`) are read past. A second `new`, and stones
/// after our first turn, are refused: the responder plays one game.
pub fn serve(
    input: &mut dyn BufRead,
    output: &mut dyn Write,
    responder: &mut dyn Responder,
) -> Result<ServeEnd, ServeError> {
    let mut started = false;
    let mut moved = false;
    let answer = |responder: &mut dyn Responder, output: &mut dyn Write| {
        let mine = responder.choose().map_err(ServeError::Responder)?;
        let text = to_protocol(&mine).map_err(ServeError::Responder)?;
        write_line(output, &format!("move {text}"))?;
        Ok::<(), ServeError>(())
    };
    loop {
        let Some(line) = read_line(input)? else {
            return Ok(ServeEnd::Eof);
        };
        let mut words = line.split_whitespace();
        let command = words.next().unwrap_or("");
        let argument = words.next();
        match (command, argument) {
            ("", _) => {}
            ("quit" | "exit", _) => return Ok(ServeEnd::Ended),
            ("name", _) => write_line(output, "name olympiad")?,
            ("depth" | "vcf" | "unvcf" | "print" | "help", _) => {}
            ("new", Some(colour @ ("black" | "white"))) => {
                if std::mem::replace(&mut started, true) {
                    return Err(ServeError::Dialogue(
                        "a second `new`: this player plays one game".into(),
                    ));
                }
                if colour == "black" {
                    moved = true;
                    answer(responder, output)?;
                }
            }
            ("move", Some(turn)) if started => {
                let theirs = from_protocol(turn).map_err(ServeError::Dialogue)?;
                responder
                    .opponent_moved(&theirs)
                    .map_err(ServeError::Responder)?;
                if !responder.is_over() {
                    moved = true;
                    answer(responder, output)?;
                }
            }
            ("black" | "white", Some(turn)) if started && !moved => {
                let colour = usize::from(command == "white");
                if responder.to_move() != colour {
                    return Err(ServeError::Dialogue(format!(
                        "`{line}`: it is {}'s turn",
                        ["black", "white"][responder.to_move().min(1)]
                    )));
                }
                let turn = from_protocol(turn).map_err(ServeError::Dialogue)?;
                responder
                    .opponent_moved(&turn)
                    .map_err(ServeError::Responder)?;
            }
            ("next", None) if started && !responder.is_over() => {
                moved = true;
                answer(responder, output)?;
            }
            ("black" | "white" | "next", _) => {
                return Err(ServeError::Dialogue(format!(
                    "`{line}`: stones are set after `new` and before our first turn, and \
                     `next` asks for a turn of a game that is not over"
                )));
            }
            _ => {
                return Err(ServeError::Dialogue(format!(
                    "`{line}` is not a command of the Connect6 protocol (new black|white, \
                     move XXXX, name, quit)"
                )));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_translate_both_ways_with_row_a_at_the_bottom() {
        assert_eq!(to_protocol("K10").unwrap(), "JJ");
        assert_eq!(to_protocol("a1t19").unwrap(), "AASS");
        assert_eq!(to_protocol("J10H8").unwrap(), "IJHH");
        assert_eq!(from_protocol("JJ").unwrap(), "K10");
        assert_eq!(from_protocol("ijhh").unwrap(), "J10H8");
        assert!(from_protocol("JT").is_err());
        assert!(from_protocol("JJK").is_err());
        assert!(to_protocol("K20").is_err());
        assert!(to_protocol("K10L11M12").is_err());
        for &column in GTP_COLUMNS {
            for y in 0..19 {
                let gtp = format!("{}{}", char::from(column), y + 1);
                assert_eq!(from_protocol(&to_protocol(&gtp).unwrap()).unwrap(), gtp);
            }
        }
    }

    #[test]
    fn the_referee_sends_the_whole_game_and_reads_past_chatter() {
        let mut d = Connect6::default();
        d.configure(&[("depth".into(), "4".into()), ("vcf".into(), String::new())])
            .unwrap();
        assert_eq!(
            d.handshake(crate::Heard::Started),
            crate::Handshake::Done(vec!["depth 4".into(), "vcf".into()])
        );
        assert_eq!(d.request(&Request::after(None)), ["new black"]);
        // Then only the opponent's turns.
        assert_eq!(d.request(&Request::after(Some("K11L11"))), ["move JKKK"]);
        // A program that joins after an opening is told the game so far.
        let mut d = Connect6::default();
        let moves = ["K10".to_string(), "K11L11".to_string()];
        let request = Request {
            moves: &moves,
            ..Request::after(Some("K11L11"))
        };
        assert_eq!(
            d.request(&request),
            ["new white", "black JJ", "white JKKK", "next"]
        );
        assert_eq!(d.read("move JJKL\r"), ReplyLine::Move("K10L12".into()));
        assert_eq!(
            d.read("VCF time : 0.001"),
            ReplyLine::Info("VCF time : 0.001".into())
        );
        assert_eq!(d.read(""), ReplyLine::Ignore);
        // Cloudict's help text names the command: chatter, not a turn.
        let help =
            "            move XXXX   - tell the engine that the opponent take the move XXXX,";
        assert_eq!(d.read(help), ReplyLine::Info(help.trim().into()));
        assert!(matches!(d.read("move ZZ"), ReplyLine::Garbled(_)));
        assert_eq!(d.close(), ["quit"]);
    }

    /// Plays fixed turns, and keeps the opponent's.
    struct Stub(Vec<String>, u32);

    impl Responder for Stub {
        fn seats(&self) -> usize {
            2
        }
        /// Turns alternate: Black after an even number of them.
        fn to_move(&self) -> usize {
            (self.0.len() + self.1 as usize) % 2
        }
        fn is_over(&self) -> bool {
            false
        }
        fn opponent_moved(&mut self, mv: &str) -> Result<(), String> {
            self.0.push(mv.to_string());
            Ok(())
        }
        fn choose(&mut self) -> Result<String, String> {
            self.1 += 1;
            Ok(match self.1 {
                1 => "K10".into(),
                n => format!("A{n}B{n}"),
            })
        }
    }

    #[test]
    fn the_player_answers_new_and_moves_until_quit() {
        let mut out = Vec::new();
        let mut s = Stub(Vec::new(), 0);
        let input = b"name\ndepth 4\nnew black\nmove KKLL\nmove MMNN\nquit\n";
        let end = serve(&mut &input[..], &mut out, &mut s).unwrap();
        assert_eq!(end, ServeEnd::Ended);
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "name olympiad\nmove JJ\nmove ABBB\nmove ACBC\n"
        );
        assert_eq!(s.0, ["L11M12", "N13O14"]);
        // The game so far, then `next`.
        let mut out = Vec::new();
        let mut s = Stub(Vec::new(), 0);
        let input = b"new white\nblack JJ\nwhite KKLL\nnext\nmove MMNN\n";
        assert_eq!(
            serve(&mut &input[..], &mut out, &mut s).unwrap(),
            ServeEnd::Eof
        );
        assert_eq!(String::from_utf8(out).unwrap(), "move JJ\nmove ABBB\n");
        assert_eq!(s.0, ["K10", "L11M12", "N13O14"]);
        let mut s = Stub(Vec::new(), 0);
        let e = serve(
            &mut &b"new white\nnext\nblack JJ\n"[..],
            &mut Vec::new(),
            &mut s,
        )
        .unwrap_err();
        assert!(e.to_string().contains("before our first turn"), "{e}");
        let e = serve(&mut &b"hello\n"[..], &mut Vec::new(), &mut s).unwrap_err();
        assert!(e.to_string().contains("not a command"), "{e}");
    }
}
