//! A Caia referee for any game of the catalog: it plays one game between the hub's players
//! through the hub, as the seed's referee pseudo-code does (`1 Start`; lock, listen, unlock;
//! check; forward), and reports the result to the manager.
//!
//! Every move is checked by [`DynGame`]; the special `I listen` answers, a bad move text and
//! an illegal move are irregular losses: the other players are told `X` and the offender
//! scores nothing. The last move of a game is not forwarded (nobody has to answer it). At
//! the end the referee asks every player's time and sends
//! `M report POINTS1 POINTS2 MESSAGE`, where the points are half points (2 for a win, 1 for a
//! draw, 0 for a loss: whole numbers, which any manager can read) and MESSAGE has no spaces.

use crate::client::{Answer, Client, ClientError, Times};
use olympiad_catalog::{DynGame, GameEntry, PlayError};
use olympiad_core::Seat;
use olympiad_protocol::caia_hub::Special;
use std::io::{BufRead, Write};

/// The line that tells the first mover to start.
pub const START: &str = "Start";
/// The line that tells a player to stop after an irregular end (two-player games).
pub const STOP: &str = "X";

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    /// The game's rules ended it.
    Rules {
        /// The rules' reason ("checkmate", ...).
        reason: String,
        /// Player number of the winner, if one.
        winner: Option<usize>,
    },
    /// A player lost irregularly.
    Irregular {
        /// The offender's player number.
        player: usize,
        /// What it did, in words without spaces.
        what: String,
    },
}

/// The referee's result of one game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameReport {
    /// Half points per player (player 1 first).
    pub half_points: Vec<u16>,
    /// How it ended.
    pub ending: Ending,
    /// The moves played, in canonical notation.
    pub moves: Vec<String>,
    /// Every player's clock at the end.
    pub times: Vec<Times>,
}

impl GameReport {
    /// MESSAGE of the report line: the result, the reason, the number of moves and the
    /// contest times, without spaces.
    pub fn message(&self) -> String {
        message(&result_text(&self.ending), self.moves.len(), &self.times)
    }

    /// The report line as the referee writes it to the hub.
    pub fn line(&self) -> String {
        let points: Vec<String> = self.half_points.iter().map(|p| p.to_string()).collect();
        format!("M report {} {}", points.join(" "), self.message())
    }
}

/// The result part of a report's message for a two-player ending: `player_1_wins_(REASON)`,
/// `no_winner_(REASON)` or `player_2_loses_irregularly_(WHAT)`.
pub fn result_text(ending: &Ending) -> String {
    match ending {
        Ending::Rules {
            reason,
            winner: Some(w),
        } => format!("player_{w}_wins_({reason})"),
        Ending::Rules {
            reason,
            winner: None,
        } => format!("no_winner_({reason})"),
        Ending::Irregular { player, what } => {
            format!("player_{player}_loses_irregularly_({what})")
        }
    }
}

/// MESSAGE of a report line: `result`, the number of moves and every player's contest time,
/// separated by `;`, with any space turned into `_` (a Caia report is split at spaces).
pub fn message(result: &str, moves: usize, times: &[Times]) -> String {
    let times: Vec<String> = times
        .iter()
        .enumerate()
        .map(|(i, t)| format!("time{}={}ms", i + 1, t.contest_ms))
        .collect();
    let text = format!("{result};moves={moves};{}", times.join(";"));
    text.split_whitespace().collect::<Vec<_>>().join("_")
}

/// One turn of a refereed game: `I lock`, `I listen mover`, `I unlock`, then the answer
/// checked and played on `game` and written to `log`. `Ok(Ok(canonical move))`, or
/// `Ok(Err(ending))` when the mover lost irregularly (a special answer, a text that is not a
/// move, an illegal move).
pub fn turn<R: BufRead, W: Write>(
    client: &mut Client<R, W>,
    game: &mut dyn DynGame,
    mover: usize,
    log: &mut dyn Write,
) -> Result<Result<String, Ending>, ClientError> {
    client.lock()?;
    let answer = client.listen(mover)?;
    client.unlock()?;
    let text = match answer {
        Answer::Line(text) => text,
        Answer::Special(special) => {
            let _ = writeln!(log, "player {mover}: {}", special.text());
            return Ok(Err(irregular(mover, &special)));
        }
    };
    match game.play(text.trim()) {
        Ok(canonical) => {
            let _ = writeln!(log, "player {mover}: {canonical}");
            Ok(Ok(canonical))
        }
        Err(e) => {
            let _ = writeln!(log, "player {mover}: '{text}': {e}");
            let what = match e {
                PlayError::Syntax(_) => "not_a_move",
                PlayError::Illegal(_) | PlayError::GameOver(_) => "illegal_move",
            };
            Ok(Err(Ending::Irregular {
                player: mover,
                what: format!("{what}_'{}'", text.trim()),
            }))
        }
    }
}

/// Plays one game of `entry` through the hub, writes its record to `log`, reports it to the
/// manager, and returns it.
pub fn run<R: BufRead, W: Write>(
    entry: &GameEntry,
    client: &mut Client<R, W>,
    log: &mut dyn Write,
) -> Result<GameReport, ClientError> {
    let mut game: Box<dyn DynGame> = entry.start();
    let seats = game.num_players();
    let number = |seat: Seat| seat.index() + 1;
    let _ = writeln!(log, "game {} for {seats} players", entry.name);
    client.send(&format!("{} {START}", number(game.to_move())))?;
    let mut moves = Vec::new();
    let ending = loop {
        if let Some(outcome) = game.outcome() {
            break Ending::Rules {
                reason: outcome.reason.to_string(),
                winner: outcome.winner().map(number),
            };
        }
        let mover = number(game.to_move());
        match turn(client, game.as_mut(), mover, log)? {
            Ok(canonical) => {
                moves.push(canonical.clone());
                if game.outcome().is_none() {
                    for other in (1..=seats).filter(|&p| p != mover) {
                        client.send(&format!("{other} {canonical}"))?;
                    }
                }
            }
            Err(ending) => break ending,
        }
    };
    let half_points = match &ending {
        Ending::Rules { .. } => {
            let outcome = game.outcome().expect("the rules ended the game");
            (0..seats)
                .map(|s| outcome.half_points(Seat(s as u8)))
                .collect()
        }
        Ending::Irregular { player, .. } => {
            for other in (1..=seats).filter(|p| p != player) {
                client.send(&format!("{other} {STOP}"))?;
            }
            // Everyone else shares the win: 2 half points each.
            (1..=seats)
                .map(|p| if p == *player { 0 } else { 2 })
                .collect()
        }
    };
    let times = (1..=seats)
        .map(|p| client.request_time(p))
        .collect::<Result<Vec<_>, _>>()?;
    let report = GameReport {
        half_points,
        ending,
        moves,
        times,
    };
    let _ = writeln!(log, "final position: {}", game.position_text());
    let _ = writeln!(log, "{}", report.line());
    client.send(&report.line())?;
    Ok(report)
}

fn irregular(player: usize, special: &Special) -> Ending {
    Ending::Irregular {
        player,
        what: special.describe(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use olympiad_catalog::find_game;

    /// Plays a scripted hub: every listen is answered from `moves` in turn.
    fn referee_against(replies: &[&str]) -> (GameReport, String) {
        let input: String = replies.iter().map(|r| format!("{r}\n")).collect();
        let mut out = Vec::new();
        let mut log = Vec::new();
        let report = {
            let mut client = Client::new(input.as_bytes(), &mut out);
            run(find_game("caissa").unwrap(), &mut client, &mut log).unwrap()
        };
        (report, String::from_utf8(out).unwrap())
    }

    #[test]
    fn an_illegal_move_loses_and_stops_the_other() {
        let (report, sent) = referee_against(&[
            "lock_ok",
            "b2-c4",
            "lock_ok",
            "a1-a1",
            "time 10 5",
            "time 20 10",
        ]);
        assert_eq!(report.half_points, vec![2, 0]);
        assert_eq!(
            report.line(),
            "M report 2 0 player_2_loses_irregularly_(not_a_move_'a1-a1');moves=1;time1=5ms;time2=10ms"
        );
        let lines: Vec<&str> = sent.lines().collect();
        assert_eq!(
            lines,
            [
                "1 Start",
                "I lock",
                "I listen 1",
                "I unlock",
                "2 b2-c4",
                "I lock",
                "I listen 2",
                "I unlock",
                "1 X",
                "I request_time 1",
                "I request_time 2",
                lines[11],
            ]
        );
    }

    #[test]
    fn a_special_answer_is_an_irregular_loss() {
        let (report, _) = referee_against(&[
            "lock_ok",
            "<caiaio:_player_timeout>",
            "time 1000 1000",
            "time 0 0",
        ]);
        assert_eq!(report.half_points, vec![0, 2]);
        assert_eq!(
            report.ending,
            Ending::Irregular {
                player: 1,
                what: "time_out".into()
            }
        );
    }
}
