//! The Caia referee for every game of the catalog: it plays one game between the hub's
//! players through the hub, as the seed's referees do (lock, listen, unlock; check; forward),
//! and reports the result to the manager.
//!
//! Every move is checked by [`DynGame`], the game as text, so one loop referees any game;
//! the special `I listen` answers, a text that is not a move and an illegal move are
//! irregular losses. Caia's players expect one of two dialogues, which differ in ways every
//! player of them relies on, so the game's catalog row chooses one ([`Dialogue::of`]) and
//! the one loop follows it:
//!
//! - [`Dialogue::TwoSeats`], the seed's two-player referees (Caïssa, checkers, reversi): the
//!   first mover is sent `Start` (`1 Start`); the last move of a game is not forwarded
//!   (nobody has to answer it); after an irregular end the other player is sent `X`; the
//!   report's scores are half points (2 for a win, 1 for a draw, 0 for a loss: whole numbers,
//!   which any manager can read; 2 for everyone but the offender after an irregular end),
//!   and its result names the rules' winner or `no_winner`.
//! - [`Dialogue::Table`], the seed's Rolit referee, for any number of seats: every player is
//!   first sent its number (`1 1`, `2 2`, ...: player N receives `N`); every move is
//!   forwarded to every other player, the last one too ("after having received or given the
//!   last move, a player must stop himself"); after an irregular end the others are sent
//!   `0`; the report's scores are the game's own score (Rolit's final ball counts; after an
//!   irregular end the counts at that moment and `-1` for the offender), and its result names
//!   every shared first place.
//!
//! At the end the referee asks every player's time and sends `M report S1 .. Sn MESSAGE`,
//! MESSAGE without spaces: the result, the reason, the number of moves and every contest
//! time. With a board writer it draws the board after every move (with the game's own score,
//! if it counts one), as the Caia Rolit referee does on its stderr.

use crate::client::{Answer, Client, ClientError, Times};
use olympiad_catalog::{DynGame, GameEntry, PlayError};
use olympiad_core::Seat;
use olympiad_protocol::caia_hub::Special;
use std::io::{BufRead, Write};

/// The line that tells the first mover to start (two seats).
pub const START: &str = "Start";
/// The score of the player that lost irregularly (the table dialogue).
pub const IRREGULAR_SCORE: i64 = -1;

/// The two dialogues of Caia's referees with their players.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialogue {
    /// The seed's two-player referees.
    TwoSeats,
    /// The seed's Rolit referee, for any number of seats.
    Table,
}

impl Dialogue {
    /// The dialogue the programs of `entry` expect, as its catalog row says: the table one for
    /// a game of more than two seats or one whose programs speak the Caia seat dialogue first
    /// (`rolit2` keeps the Rolit dialogue and ball counts), the two-seat one otherwise.
    pub fn of(entry: &GameEntry) -> Dialogue {
        if entry.players > 2 || entry.row.protocols[0] == "caia" {
            Dialogue::Table
        } else {
            Dialogue::TwoSeats
        }
    }

    /// The line that tells a player to stop after an irregular end.
    pub fn stop(self) -> &'static str {
        match self {
            Dialogue::TwoSeats => "X",
            Dialogue::Table => olympiad_protocol::caia::STOP,
        }
    }

    /// The lines that open a game of `seats` whose first mover is player `first`.
    fn opening(self, first: usize, seats: usize) -> Vec<String> {
        match self {
            Dialogue::TwoSeats => vec![format!("{first} {START}")],
            Dialogue::Table => (1..=seats).map(|p| format!("{p} {p}")).collect(),
        }
    }

    /// Whether the move that ends the game is forwarded too.
    fn forwards_last_move(self) -> bool {
        self == Dialogue::Table
    }

    /// Every player's score at the end of `game`, ended by `ending`.
    fn scores(self, game: &dyn DynGame, ending: &Ending) -> Vec<i64> {
        let seats = game.num_players();
        let mut scores = match self {
            Dialogue::TwoSeats => match (ending, game.outcome()) {
                (Ending::Rules { .. }, Some(outcome)) => (0..seats)
                    .map(|s| i64::from(outcome.half_points(Seat(s as u8))))
                    .collect(),
                // An irregular end: everyone else shares the win, 2 half points each.
                _ => vec![2; seats],
            },
            Dialogue::Table => standing(game),
        };
        if let Ending::Irregular { player, .. } = ending {
            scores[player - 1] = match self {
                Dialogue::TwoSeats => 0,
                Dialogue::Table => IRREGULAR_SCORE,
            };
        }
        scores
    }
}

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
    /// The dialogue it was played in, which words the report.
    pub dialogue: Dialogue,
    /// Each player's score, player 1 first: half points ([`Dialogue::TwoSeats`]), or the
    /// game's own score or [`IRREGULAR_SCORE`] ([`Dialogue::Table`]).
    pub scores: Vec<i64>,
    /// How it ended.
    pub ending: Ending,
    /// The moves played, in canonical notation.
    pub moves: Vec<String>,
    /// Every player's clock at the end.
    pub times: Vec<Times>,
}

impl GameReport {
    /// MESSAGE of the report line, without spaces: `player_1_wins_(checkmate)`,
    /// `no_winner_(stalemate)`, `players_1_and_3_share_first_(board_full)` or
    /// `player_2_loses_irregularly_(illegal_move_'12')`, then `;moves=N;time1=..ms;..`.
    pub fn message(&self) -> String {
        let result = match (&self.ending, self.dialogue) {
            (Ending::Irregular { player, what }, _) => {
                format!("player_{player}_loses_irregularly_({what})")
            }
            (Ending::Rules { reason, winner }, Dialogue::TwoSeats) => match winner {
                Some(w) => format!("player_{w}_wins_({reason})"),
                None => format!("no_winner_({reason})"),
            },
            (Ending::Rules { reason, .. }, Dialogue::Table) => {
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
        };
        message(&result, self.moves.len(), &self.times)
    }

    /// The report line as the referee writes it to the hub.
    pub fn line(&self) -> String {
        let scores: Vec<String> = self.scores.iter().map(|s| s.to_string()).collect();
        format!("M report {} {}", scores.join(" "), self.message())
    }
}

/// MESSAGE of a report line: `result`, the number of moves and every player's contest time,
/// separated by `;`, with any space turned into `_` (a Caia report is split at spaces).
fn message(result: &str, moves: usize, times: &[Times]) -> String {
    let times: Vec<String> = times
        .iter()
        .enumerate()
        .map(|(i, t)| format!("time{}={}ms", i + 1, t.contest_ms))
        .collect();
    let text = format!("{result};moves={moves};{}", times.join(";"));
    text.split_whitespace().collect::<Vec<_>>().join("_")
}

/// Every player's score in `game` as it stands: the game's own score (Rolit's balls) when
/// it counts one; otherwise its half points once the game is over, nothing before.
fn standing(game: &dyn DynGame) -> Vec<i64> {
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

/// The board after a move, for a human watching the referee's stderr, with the game's own
/// score if it counts one (`balls 3 1 1 1`).
fn draw(game: &dyn DynGame, number: usize, player: usize, mv: &str) -> String {
    let mut board = game.board_text();
    if board.is_empty() {
        board = format!("{}\n", game.position_text());
    }
    let mut text = format!("move {number}: player {player} plays {mv}\n{board}");
    if let Some(own) = game.own_score() {
        let counts: Vec<String> = own.seats.iter().map(|s| s.to_string()).collect();
        text.push_str(&format!("{} {}\n", own.unit, counts.join(" ")));
    }
    text
}

/// One turn of a refereed game: `I lock`, `I listen mover`, `I unlock`, then the answer
/// checked and played on `game` and written to `log`. `Ok(Ok(canonical move))`, or
/// `Ok(Err(ending))` when the mover lost irregularly (a special answer, a text that is not a
/// move, an illegal move).
fn turn<R: BufRead, W: Write>(
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

fn irregular(player: usize, special: &Special) -> Ending {
    Ending::Irregular {
        player,
        what: special.describe(),
    }
}

/// Plays one game of `entry` through the hub in the dialogue its row chooses, writes its
/// record (moves, final position, report) to `log`, draws the board after every move on
/// `board` if given, reports the result to the manager, and returns it.
pub fn run<R: BufRead, W: Write>(
    entry: &GameEntry,
    client: &mut Client<R, W>,
    log: &mut dyn Write,
    mut board: Option<&mut dyn Write>,
) -> Result<GameReport, ClientError> {
    let dialogue = Dialogue::of(entry);
    let mut game: Box<dyn DynGame> = entry.start();
    let seats = game.num_players();
    let number = |seat: Seat| seat.index() + 1;
    let _ = writeln!(log, "game {} for {seats} players", entry.name);
    for line in dialogue.opening(number(game.to_move()), seats) {
        client.send(&line)?;
    }
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
                if dialogue.forwards_last_move() || game.outcome().is_none() {
                    for other in (1..=seats).filter(|&p| p != mover) {
                        client.send(&format!("{other} {canonical}"))?;
                    }
                }
                if let Some(out) = board.as_deref_mut() {
                    let _ = out.write_all(
                        draw(game.as_ref(), moves.len() + 1, mover, &canonical).as_bytes(),
                    );
                    let _ = out.flush();
                }
                moves.push(canonical);
            }
            Err(ending) => break ending,
        }
    };
    if let Ending::Irregular { player, .. } = &ending {
        for other in (1..=seats).filter(|p| p != player) {
            client.send(&format!("{other} {}", dialogue.stop()))?;
        }
    }
    let scores = dialogue.scores(game.as_ref(), &ending);
    let times = (1..=seats)
        .map(|p| client.request_time(p))
        .collect::<Result<Vec<_>, _>>()?;
    let report = GameReport {
        dialogue,
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

    /// Runs the referee of `game` against a scripted hub whose replies are `replies`, one a
    /// line; returns the report, every line the referee sent, its log and its board
    /// drawings.
    fn referee_against<S: AsRef<str>>(
        game: &str,
        replies: &[S],
    ) -> (GameReport, Vec<String>, String, String) {
        let input: String = replies
            .iter()
            .map(|r| format!("{}\n", r.as_ref()))
            .collect();
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

    /// A whole game in which every player takes the last legal move in text order: the
    /// hub's replies, the moves and the final position.
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
    fn an_illegal_move_loses_two_seats_and_stops_the_other_with_x() {
        let replies = [
            "lock_ok",
            "b2-c4",
            "lock_ok",
            "a1-a1",
            "time 10 5",
            "time 20 10",
        ];
        let (report, sent, _, _) = referee_against("caissa", &replies);
        assert_eq!(report.dialogue, Dialogue::TwoSeats);
        assert_eq!(report.scores, vec![2, 0]);
        assert_eq!(
            report.line(),
            "M report 2 0 player_2_loses_irregularly_(not_a_move_'a1-a1');moves=1;time1=5ms;time2=10ms"
        );
        assert_eq!(
            sent,
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
                &report.line(),
            ]
        );
    }

    #[test]
    fn a_special_answer_is_an_irregular_loss() {
        let replies = [
            "lock_ok",
            "<caiaio:_player_timeout>",
            "time 1000 1000",
            "time 0 0",
        ];
        let (report, _, _, _) = referee_against("caissa", &replies);
        assert_eq!(report.scores, vec![0, 2]);
        assert_eq!(
            report.ending,
            Ending::Irregular {
                player: 1,
                what: "time_out".into()
            }
        );
    }

    #[test]
    fn a_two_seat_game_ends_by_its_rules_in_half_points_the_last_move_kept() {
        let (replies, moves, end) = full_game("reversi");
        let (report, sent, _, board) = referee_against("reversi", &replies);
        assert_eq!(report.moves, moves);
        let outcome = end.outcome().unwrap();
        let half: Vec<i64> = (0..2)
            .map(|s| i64::from(outcome.half_points(Seat(s))))
            .collect();
        assert_eq!(report.scores, half);
        let forwarded = sent.iter().filter(|l| !l.starts_with(['I', 'M'])).count();
        // `1 Start`, then every move but the last.
        assert_eq!(forwarded, moves.len());
        let at = sent.iter().position(|l| l == "I request_time 1").unwrap();
        assert_eq!(sent[at - 1], "I unlock", "the last move is not forwarded");
        // The board is drawn with the game's own score, in its own unit.
        let discs: Vec<String> = end
            .own_score()
            .unwrap()
            .seats
            .iter()
            .map(|d| d.to_string())
            .collect();
        assert!(
            board.ends_with(&format!("discs {}\n", discs.join(" "))),
            "{board}"
        );
        assert_eq!(board.matches("\ndiscs ").count(), moves.len());
        let result = match outcome.winner() {
            Some(w) => format!("player_{}_wins_", w.index() + 1),
            None => "no_winner_".into(),
        };
        assert!(
            report.message().starts_with(&result),
            "{}",
            report.message()
        );
    }

    #[test]
    fn a_legal_table_game_forwards_every_move_and_reports_the_balls() {
        let (replies, moves, end) = full_game("rolit");
        let (report, sent, log, board) = referee_against("rolit", &replies);
        assert_eq!(report.dialogue, Dialogue::Table);
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
    fn an_illegal_table_move_stops_the_others_with_0_and_scores_minus_one() {
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
    fn a_special_answer_or_a_non_move_loses_at_a_table_of_three_or_two() {
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
    fn shared_first_places_are_named_at_a_table() {
        let report = GameReport {
            dialogue: Dialogue::Table,
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
    fn the_row_chooses_the_dialogue() {
        for name in ["rolit", "rolit3", "rolit2"] {
            assert_eq!(
                Dialogue::of(find_game(name).unwrap()),
                Dialogue::Table,
                "{name}"
            );
        }
        for name in ["caissa", "checkers", "reversi"] {
            let entry = find_game(name).unwrap();
            assert_eq!(Dialogue::of(entry), Dialogue::TwoSeats, "{name}");
        }
        assert_eq!(Dialogue::TwoSeats.stop(), "X");
        assert_eq!(Dialogue::Table.stop(), "0");
    }
}
