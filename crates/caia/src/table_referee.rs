//! A Caia referee for games of more than two seats, Rolit first, as the seed's Rolit referee
//! plays them: the dialogue differs from the two-player one in ways every Caia Rolit player
//! relies on, so it has its own module (the turn itself, the message and the irregular
//! endings are shared with [`crate::referee`]).
//!
//! - every player is first sent its number (`1 1`, `2 2`, ...: player N receives `N`);
//! - for each move in turn 1, 2, .., n, 1, ..: `I lock`, `I listen k`, `I unlock`; the move
//!   is checked by [`DynGame`] and forwarded to every other player, the last move of the game
//!   too ("after having received or given the last move, a player must stop himself");
//! - a special `I listen` answer, a text that is not a move or an illegal move ends the game:
//!   every other player is sent `0` and the offender loses irregularly;
//! - at the end `I request_time k` for every player, then
//!   `M report S1 .. Sn MESSAGE`: S are the final ball counts (after an irregular end, `-1` for
//!   the offender and the others' counts at that moment), MESSAGE as in the two-player
//!   report (result, reason, moves, every contest time) but naming every shared first place.

use crate::client::{Client, ClientError, Times};
use crate::referee::{Ending, message, turn};
use olympiad_catalog::{DynGame, GameEntry};
use olympiad_core::Seat;
use std::io::{BufRead, Write};

/// The line that tells a player to stop after an irregular end (Caia's Rolit).
pub const STOP: &str = "0";
/// The score of the player that lost irregularly.
pub const IRREGULAR_SCORE: i64 = -1;

/// Whether `entry` is refereed here rather than by the two-player referee: a game of more
/// than two seats, or one whose programs speak the Caia seat dialogue (`rolit2` keeps the
/// Rolit dialogue and ball counts).
pub fn referees(entry: &GameEntry) -> bool {
    entry.players > 2 || entry.row.protocols[0] == "caia"
}

/// The referee's result of one game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableReport {
    /// Each player's score, player 1 first: its balls, or [`IRREGULAR_SCORE`].
    pub scores: Vec<i64>,
    /// How it ended.
    pub ending: Ending,
    /// The moves played, in canonical notation.
    pub moves: Vec<String>,
    /// Every player's clock at the end.
    pub times: Vec<Times>,
}

impl TableReport {
    /// MESSAGE of the report line, without spaces: `player_2_wins_(board_full)`,
    /// `players_1_and_3_share_first_(board_full)` or
    /// `player_3_loses_irregularly_(illegal_move_'12')`, then `;moves=N;time1=..ms;..`.
    pub fn message(&self) -> String {
        let result = match &self.ending {
            Ending::Rules { reason, .. } => {
                let best = self.scores.iter().copied().max().unwrap_or(0);
                let first: Vec<String> = (1..=self.scores.len())
                    .filter(|&p| self.scores[p - 1] == best)
                    .map(|p| p.to_string())
                    .collect();
                match &first[..] {
                    [one] => format!("player_{one}_wins_({reason})"),
                    _ => format!("players_{}_share_first_({reason})", first.join("_and_")),
                }
            }
            Ending::Irregular { player, what } => {
                format!("player_{player}_loses_irregularly_({what})")
            }
        };
        message(&result, self.moves.len(), &self.times)
    }

    /// The report line as the referee writes it to the hub.
    pub fn line(&self) -> String {
        let scores: Vec<String> = self.scores.iter().map(|s| s.to_string()).collect();
        format!("M report {} {}", scores.join(" "), self.message())
    }
}

/// Every player's score in `game` as it stands: the game's own score (Rolit's balls) when
/// it counts one; otherwise its half points once the game is over, nothing before.
pub fn scores(game: &dyn DynGame) -> Vec<i64> {
    if let Some(own) = game.own_score() {
        return own.seats;
    }
    let seats = game.num_players();
    match game.outcome() {
        Some(outcome) => (0..seats)
            .map(|s| i64::from(outcome.half_points(Seat(s as u8))))
            .collect(),
        None => vec![0; seats],
    }
}

/// The board after a move, for a human watching the referee's stderr.
fn draw(game: &dyn DynGame, number: usize, player: usize, mv: &str) -> String {
    let mut board = game.board_text();
    if board.is_empty() {
        board = format!("{}\n", game.position_text());
    }
    let balls: Vec<String> = scores(game).iter().map(|s| s.to_string()).collect();
    format!(
        "move {number}: player {player} plays {mv}\n{board}balls {}\n",
        balls.join(" ")
    )
}

/// Plays one game of `entry` through the hub, writes its record (moves, final position,
/// report) to `log`, draws the board after every move on `board` if given, reports the
/// result to the manager, and returns it.
pub fn run<R: BufRead, W: Write>(
    entry: &GameEntry,
    client: &mut Client<R, W>,
    log: &mut dyn Write,
    mut board: Option<&mut dyn Write>,
) -> Result<TableReport, ClientError> {
    let mut game: Box<dyn DynGame> = entry.start();
    let seats = game.num_players();
    let _ = writeln!(log, "game {} for {seats} players", entry.name);
    for player in 1..=seats {
        client.send(&format!("{player} {player}"))?;
    }
    let mut moves = Vec::new();
    let ending = loop {
        if let Some(outcome) = game.outcome() {
            break Ending::Rules {
                reason: outcome.reason.to_string(),
                winner: outcome.winner().map(|s| s.index() + 1),
            };
        }
        let mover = game.to_move().index() + 1;
        match turn(client, game.as_mut(), mover, log)? {
            Ok(canonical) => {
                // Everyone else hears every move, the last one too.
                for other in (1..=seats).filter(|&p| p != mover) {
                    client.send(&format!("{other} {canonical}"))?;
                }
                moves.push(canonical);
                if let Some(out) = board.as_deref_mut() {
                    let _ = out.write_all(
                        draw(game.as_ref(), moves.len(), mover, moves.last().unwrap()).as_bytes(),
                    );
                    let _ = out.flush();
                }
            }
            Err(ending) => break ending,
        }
    };
    let mut scores = scores(game.as_ref());
    if let Ending::Irregular { player, .. } = &ending {
        for other in (1..=seats).filter(|p| p != player) {
            client.send(&format!("{other} {STOP}"))?;
        }
        scores[player - 1] = IRREGULAR_SCORE;
    }
    let times = (1..=seats)
        .map(|p| client.request_time(p))
        .collect::<Result<Vec<_>, _>>()?;
    let report = TableReport {
        scores,
        ending,
        moves,
        times,
    };
    let _ = writeln!(log, "final position: {}", game.position_text());
    let _ = writeln!(log, "{}", report.line());
    client.send(&report.line())?;
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::*;
    use olympiad_catalog::find_game;

    /// Runs the referee against a scripted hub whose replies are `replies`, one a line;
    /// returns the report, every line the referee sent, its log and its board drawings.
    fn referee_against(
        game: &str,
        replies: &[String],
    ) -> (TableReport, Vec<String>, String, String) {
        let input: String = replies.iter().map(|r| format!("{r}\n")).collect();
        let mut out = Vec::new();
        let mut log = Vec::new();
        let mut board = Vec::new();
        let report = {
            let mut client = Client::new(input.as_bytes(), &mut out);
            run(
                find_game(game).unwrap(),
                &mut client,
                &mut log,
                Some(&mut board),
            )
            .unwrap()
        };
        let sent = String::from_utf8(out).unwrap();
        (
            report,
            sent.lines().map(String::from).collect(),
            String::from_utf8(log).unwrap(),
            String::from_utf8(board).unwrap(),
        )
    }

    fn times(players: usize) -> Vec<String> {
        (1..=players)
            .map(|p| format!("time {} {}", 10 * p, 5 * p))
            .collect()
    }

    /// A whole game of `players` in which every player takes the last legal move in text
    /// order: the hub's replies and the final position.
    fn full_game(game: &str) -> (Vec<String>, Vec<String>, Box<dyn DynGame>) {
        let mut pos = find_game(game).unwrap().start();
        let players = pos.num_players();
        let mut replies = Vec::new();
        let mut moves = Vec::new();
        while pos.outcome().is_none() {
            let text = pos.legal_moves().pop().unwrap();
            replies.push("lock_ok".to_string());
            replies.push(text.clone());
            moves.push(text.clone());
            pos.play(&text).unwrap();
        }
        replies.extend(times(players));
        (replies, moves, pos)
    }

    #[test]
    fn a_legal_game_forwards_every_move_and_reports_the_balls() {
        let (replies, moves, end) = full_game("rolit");
        let (report, sent, log, board) = referee_against("rolit", &replies);
        assert_eq!(moves.len(), 60);
        assert_eq!(board.matches("\nballs ").count(), 60, "{board}");
        assert!(board.contains(&format!("move 60: player 4 plays {}\n", moves[59])));
        assert_eq!(report.moves, moves);
        assert_eq!(&sent[..4], ["1 1", "2 2", "3 3", "4 4"]);
        // Per move: lock, listen, unlock, then the three others hear it (the last move too).
        for (i, mv) in moves.iter().enumerate() {
            let mover = i % 4 + 1;
            let at = 4 + 6 * i;
            assert_eq!(
                sent[at..at + 3],
                [
                    "I lock".to_string(),
                    format!("I listen {mover}"),
                    "I unlock".into()
                ]
            );
            let told: Vec<String> = (1..=4)
                .filter(|&p| p != mover)
                .map(|p| format!("{p} {mv}"))
                .collect();
            assert_eq!(sent[at + 3..at + 6], told[..], "move {}", i + 1);
        }
        let at = 4 + 6 * 60;
        assert_eq!(
            sent[at..at + 4],
            [
                "I request_time 1",
                "I request_time 2",
                "I request_time 3",
                "I request_time 4"
            ]
        );
        assert_eq!(sent.len(), at + 5);
        let balls = end.own_score().unwrap().seats;
        assert_eq!(report.scores, balls);
        assert_eq!(report.scores.iter().sum::<i64>(), 64);
        let counts: Vec<String> = balls.iter().map(|b| b.to_string()).collect();
        assert!(
            board.ends_with(&format!("{}balls {}\n", end.board_text(), counts.join(" "))),
            "{board}"
        );
        let words: Vec<&str> = sent[at + 4].split(' ').collect();
        assert_eq!(words[..2], ["M", "report"]);
        let reported: Vec<i64> = words[2..6].iter().map(|w| w.parse().unwrap()).collect();
        assert_eq!(reported, balls);
        assert_eq!(words.len(), 7, "MESSAGE has no spaces");
        assert!(
            words[6].contains("(board_full);moves=60;time1=5ms;time2=10ms;time3=15ms;time4=20ms"),
            "{}",
            words[6]
        );
        assert!(log.ends_with(&format!("{}\n", sent[at + 4])), "{log}");
        assert!(log.contains(&format!("final position: {}", end.position_text())));
    }

    #[test]
    fn an_illegal_move_stops_the_others_and_scores_minus_one() {
        // Player 1 takes 30 (turning 29), then player 2 answers with the corner, 1.
        let replies: Vec<String> = ["lock_ok", "30", "lock_ok", "1"]
            .iter()
            .map(|s| s.to_string())
            .chain(times(4))
            .collect();
        let (report, sent, log, board) = referee_against("rolit", &replies);
        assert_eq!(board.matches("move ").count(), 1, "{board}");
        assert_eq!(report.scores, [3, IRREGULAR_SCORE, 1, 1]);
        assert_eq!(
            report.ending,
            Ending::Irregular {
                player: 2,
                what: "illegal_move_'1'".into()
            }
        );
        assert_eq!(
            sent[7..],
            [
                "2 30",
                "3 30",
                "4 30",
                "I lock",
                "I listen 2",
                "I unlock",
                "1 0",
                "3 0",
                "4 0",
                "I request_time 1",
                "I request_time 2",
                "I request_time 3",
                "I request_time 4",
                "M report 3 -1 1 1 player_2_loses_irregularly_(illegal_move_'1');moves=1;\
                 time1=5ms;time2=10ms;time3=15ms;time4=20ms",
            ]
        );
        assert!(log.contains("player 2: '1': illegal move '1'"), "{log}");
    }

    #[test]
    fn a_special_answer_or_a_non_move_loses_for_three_players() {
        let replies: Vec<String> = ["lock_ok", "<caiaio:_player_timeout>"]
            .iter()
            .map(|s| s.to_string())
            .chain(times(3))
            .collect();
        let (report, sent, _, _) = referee_against("rolit3", &replies);
        assert_eq!(&sent[..3], ["1 1", "2 2", "3 3"]);
        assert_eq!(sent[6..8], ["2 0", "3 0"]);
        // The neutral fourth colour scores for no one: 1 ball each for 2 and 3.
        assert_eq!(report.scores, [IRREGULAR_SCORE, 1, 1]);
        assert!(
            report
                .message()
                .starts_with("player_1_loses_irregularly_(time_out);moves=0")
        );

        let replies: Vec<String> = ["lock_ok", "e4"]
            .iter()
            .map(|s| s.to_string())
            .chain(times(2))
            .collect();
        let (report, _, _, _) = referee_against("rolit2", &replies);
        assert_eq!(report.scores, [IRREGULAR_SCORE, 1]);
        assert!(report.message().contains("(not_a_move_'e4')"));
    }

    #[test]
    fn shared_first_places_are_named() {
        let report = TableReport {
            scores: vec![20, 12, 20, 12],
            ending: Ending::Rules {
                reason: "board full".into(),
                winner: None,
            },
            moves: vec!["30".into()],
            times: vec![
                Times {
                    used_ms: 1,
                    contest_ms: 1
                };
                4
            ],
        };
        assert_eq!(
            report.line(),
            "M report 20 12 20 12 players_1_and_3_share_first_(board_full);moves=1;time1=1ms;\
             time2=1ms;time3=1ms;time4=1ms"
        );
    }

    #[test]
    fn rolit_of_any_size_is_refereed_here_and_two_player_games_are_not() {
        for name in ["rolit", "rolit3", "rolit2"] {
            assert!(referees(find_game(name).unwrap()), "{name}");
        }
        for name in ["caissa", "checkers", "reversi"] {
            assert!(!referees(find_game(name).unwrap()), "{name}");
        }
    }
}
