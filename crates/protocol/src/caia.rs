//! Caia's seat dialogue, as the Caia Rolit referee speaks it, for any number of seats.
//!
//! The program's first line is its seat number, `1` to `n`; seat 1 answers that line with
//! its first move. Every move is then sent to every other seat as a line at once, and the
//! seat next to move answers that line with its move (it is not asked again). After the last
//! move of the game nothing more is sent: a player stops by itself after the last move,
//! given or received. When the game stops early (another seat's fault, a move limit) the
//! others are sent `0`.

use crate::{Dialogue, ReplyLine, Request, Responder, ServeEnd, ServeError, read_line, write_line};
use std::io::{BufRead, Write};

/// The line that stops a player when its game ends early.
pub const STOP: &str = "0";

/// The referee's side of the Caia seat dialogue for one program.
#[derive(Clone, Copy, Debug, Default)]
pub struct CaiaSeats {
    /// This program's seat number (from 1) once the game opened.
    number: usize,
}

impl Dialogue for CaiaSeats {
    fn name(&self) -> &'static str {
        "caia"
    }

    /// Every seat but the first is told its number now; the first seat's number is its
    /// first request.
    fn open(&mut self, seat: usize, _seats: usize) -> Vec<String> {
        self.number = seat + 1;
        if seat == 0 {
            Vec::new()
        } else {
            vec![self.number.to_string()]
        }
    }

    fn request(&mut self, request: &Request<'_>) -> Vec<String> {
        match request.last {
            None => vec![self.number.to_string()],
            Some(mv) => vec![mv.to_string()],
        }
    }

    fn inform(&mut self, mv: &str) -> Vec<String> {
        vec![mv.to_string()]
    }

    fn read(&mut self, line: &str) -> ReplyLine {
        match crate::codecup::parse_reply(line) {
            Ok(mv) => ReplyLine::Move(mv.to_string()),
            Err(e) => ReplyLine::Garbled(e.to_string()),
        }
    }

    fn stopped(&mut self) -> Vec<String> {
        vec![STOP.to_string()]
    }

    /// Nothing: players stop by themselves after the last move.
    fn close(&mut self) -> Vec<String> {
        Vec::new()
    }
}

/// Runs the dialogue for a player: reads its seat number, then moves its turn without being
/// asked and reads every other seat's move; returns after the last move, on `0`, or at the
/// end of the input. A first line that is not a seat number is [`ServeError::Seat`].
pub fn serve(
    input: &mut dyn BufRead,
    output: &mut dyn Write,
    responder: &mut dyn Responder,
) -> Result<ServeEnd, ServeError> {
    let Some(first) = read_line(input)? else {
        return Ok(ServeEnd::Eof);
    };
    let seats = responder.seats();
    let me = match first.parse::<usize>() {
        Ok(k) if (1..=seats).contains(&k) && !first.starts_with('+') => k - 1,
        _ => {
            return Err(ServeError::Seat(format!(
                "the first line must be this player's number, 1 to {seats}, not '{first}'"
            )));
        }
    };
    loop {
        if responder.is_over() {
            return Ok(ServeEnd::Ended);
        }
        if responder.to_move() == me {
            let mine = responder.choose().map_err(ServeError::Responder)?;
            match write_line(output, &mine) {
                Ok(()) => continue,
                // The referee is gone: nobody is left to play for.
                Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {
                    return Ok(ServeEnd::Ended);
                }
                Err(e) => return Err(e.into()),
            }
        }
        let Some(line) = read_line(input)? else {
            return Ok(ServeEnd::Eof);
        };
        if line == STOP {
            return Ok(ServeEnd::Ended);
        }
        responder
            .opponent_moved(&line)
            .map_err(ServeError::Responder)?;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Three seats taking turns; the game is over after `plies` moves.
    struct Table {
        plies: usize,
        played: Vec<String>,
    }

    impl Responder for Table {
        fn seats(&self) -> usize {
            3
        }
        fn to_move(&self) -> usize {
            self.played.len() % 3
        }
        fn is_over(&self) -> bool {
            self.played.len() >= self.plies
        }
        fn opponent_moved(&mut self, mv: &str) -> Result<(), String> {
            if mv.starts_with('x') {
                return Err(format!("illegal '{mv}'"));
            }
            self.played.push(mv.to_string());
            Ok(())
        }
        fn choose(&mut self) -> Result<String, String> {
            let mv = format!("m{}", self.played.len());
            self.played.push(mv.clone());
            Ok(mv)
        }
    }

    fn run(input: &str, plies: usize) -> (Result<ServeEnd, ServeError>, String) {
        let mut out = Vec::new();
        let mut table = Table {
            plies,
            played: Vec::new(),
        };
        let end = serve(&mut input.as_bytes(), &mut out, &mut table);
        (end, String::from_utf8(out).unwrap())
    }

    #[test]
    fn seat_two_moves_in_turn_and_stops_after_the_last_move() {
        let (end, out) = run("2\na\nb\nc\n", 5);
        assert_eq!(end.unwrap(), ServeEnd::Ended);
        // Seat 2 plays the second and fifth moves, the last one of the game.
        assert_eq!(out, "m1\nm4\n");
    }

    #[test]
    fn the_first_seat_moves_at_once_and_zero_stops() {
        let (end, out) = run("1\nb\n0\n", 9);
        assert_eq!(end.unwrap(), ServeEnd::Ended);
        assert_eq!(out, "m0\n");
        let (end, _) = run("1\n", 9);
        assert_eq!(end.unwrap(), ServeEnd::Eof);
    }

    #[test]
    fn a_bad_seat_or_move_is_an_error() {
        for first in ["4", "0", "+1", "one"] {
            assert!(matches!(
                run(&format!("{first}\n"), 9).0,
                Err(ServeError::Seat(_))
            ));
        }
        assert!(matches!(run("2\nx\n", 9).0, Err(ServeError::Responder(_))));
    }

    #[test]
    fn the_referee_side_numbers_seats_informs_and_stops() {
        let mut first = CaiaSeats::default();
        assert!(first.open(0, 4).is_empty());
        assert_eq!(first.request(&Request::after(None)), ["1"]);
        assert_eq!(first.request(&Request::after(Some("30"))), ["30"]);
        assert_eq!(first.inform("44"), ["44"]);
        assert!(first.close().is_empty());
        let mut third = CaiaSeats::default();
        assert_eq!(third.open(2, 4), ["3"]);
        assert_eq!(third.stopped(), ["0"]);
    }
}
