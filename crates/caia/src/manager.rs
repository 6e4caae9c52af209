//! A Caia competition manager: every player against every other, in both seats, for a
//! number of rounds, through any `caiaio` (it uses only the commands of the seed's manager
//! pseudo-code, in its order), then the standings. Games of more seats (Rolit: four) play
//! every subset of that many players, once with each rotation of the seats, so that
//! everyone sits in every seat once per subset.
//!
//! Per game: `I lock`, `I number_players N`, `I player K EXE MS LOG` and `I start K 100`
//! (reading `firsterror`/`no_firsterror`) for every seat, `I unlock`, `I referee EXE LOG`,
//! the referee's `report`, `I kill 1` .. `I kill N`, `I kill_referee`. At the end
//! `I stop_caiaio`. The manager never prints: its stdout belongs to the hub, so results go
//! to a callback and the caller shows them (on stderr).

use crate::client::{Client, ClientError};
use olympiad_protocol::caia_hub::{FIRSTERROR, NO_FIRSTERROR, REPORT};
use olympiad_tournament::half_ranks;
use std::io::{BufRead, Write};
use std::path::PathBuf;

/// How long `I start N MS` waits for a player's first stderr line, in milliseconds.
pub const FIRSTERROR_WAIT_MS: u64 = 100;

/// One competitor.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entrant {
    /// Its name in the standings.
    pub name: String,
    /// Its executable, as the hub will `execv` it.
    pub exe: String,
}

/// A competition.
#[derive(Clone, Debug, PartialEq)]
pub struct Competition {
    /// The players.
    pub players: Vec<Entrant>,
    /// The referee's executable (the hub gives it its log file as argument).
    pub referee: String,
    /// Seats at each game's table (2 for the CodeCup games, 4 for Rolit).
    pub seats: usize,
    /// Each player's budget per game, in contest milliseconds.
    pub time_ms: u64,
    /// Times every ordered pair meets.
    pub rounds: u32,
    /// Directory of the logs: `NAME.log` per player (appended game after game) and
    /// `game-NNN.log` per game for the referee (`None`: no logs).
    pub log_dir: Option<PathBuf>,
    /// `I cpu_speed` arguments, if any: contest MHz and local MHz (measured if `None`).
    pub cpu_speed: Option<(f64, Option<f64>)>,
}

/// The result of one game as reported.
#[derive(Clone, Debug, PartialEq)]
pub struct GameResult {
    /// 1-based number of the game.
    pub number: usize,
    /// Index into the players of each seat, seat 1 first.
    pub seats: Vec<usize>,
    /// The points (Rolit: balls) of each seat (`None`: a report without them, the 2005
    /// form). A negative score is an irregular loss.
    pub points: Option<Vec<f64>>,
    /// The report's message.
    pub message: String,
    /// Each seat's `firsterror` line, if it wrote one.
    pub first_errors: Vec<Option<String>>,
}

/// A line of the standings.
#[derive(Clone, Debug, PartialEq)]
pub struct Standing {
    /// The player's name.
    pub name: String,
    /// Games played.
    pub games: u32,
    /// Points.
    pub points: f64,
    /// Games with more points than the opponent.
    pub won: u32,
    /// Games with as many points.
    pub drawn: u32,
    /// Games with fewer points.
    pub lost: u32,
    /// The sum of its ranks (1 for the most points; tied seats share the mean of their
    /// places), for the average rank.
    pub rank_sum: f64,
    /// The points of every seat (negative ones as 0) in its games, for its score share.
    pub table_points: f64,
    /// Games it lost irregularly (a negative score).
    pub irregular: u32,
}

impl Standing {
    /// Its average rank (0 before its first game).
    pub fn average_rank(&self) -> f64 {
        if self.games == 0 {
            0.0
        } else {
            self.rank_sum / f64::from(self.games)
        }
    }

    /// Its share of all the points scored in its games, in percent (0 when none were).
    pub fn score_share(&self) -> f64 {
        if self.table_points > 0.0 {
            100.0 * self.points.max(0.0) / self.table_points
        } else {
            0.0
        }
    }
}

/// The schedule: every ordered pair of distinct players, `rounds` times.
pub fn schedule(players: usize, rounds: u32) -> Vec<[usize; 2]> {
    let mut games = Vec::new();
    for _ in 0..rounds {
        for a in 0..players {
            for b in 0..players {
                if a != b {
                    games.push([a, b]);
                }
            }
        }
    }
    games
}

/// The schedule of a game of `seats` seats (more than 2): every subset of `seats` players
/// (in lexicographic order), once with each rotation of the seats (in rotation r, seat k holds
/// the subset's member (k + r) mod `seats`), `rounds` times.
pub fn table_schedule(players: usize, seats: usize, rounds: u32) -> Vec<Vec<usize>> {
    let mut subsets = Vec::new();
    let mut pick: Vec<usize> = (0..seats).collect();
    if seats > 0 && seats <= players {
        loop {
            subsets.push(pick.clone());
            // The next combination: raise the last member that can go higher.
            let Some(i) = (0..seats).rev().find(|&i| pick[i] < players - seats + i) else {
                break;
            };
            pick[i] += 1;
            for j in i + 1..seats {
                pick[j] = pick[j - 1] + 1;
            }
        }
    }
    let mut games = Vec::new();
    for _ in 0..rounds {
        for subset in &subsets {
            for r in 0..seats {
                games.push((0..seats).map(|k| subset[(k + r) % seats]).collect());
            }
        }
    }
    games
}

/// Runs the competition through the hub and returns the standings (best first); each
/// result goes to `on_game` as soon as it is known, and the standings to `on_end` before
/// `I stop_caiaio` is sent: the hub ends every process it started on that command, this
/// manager too, so whatever the manager shows must be shown first.
pub fn run<R: BufRead, W: Write>(
    competition: &Competition,
    client: &mut Client<R, W>,
    mut on_game: impl FnMut(&GameResult),
    on_end: impl FnOnce(&[Standing]),
) -> Result<Vec<Standing>, ClientError> {
    if let Some((contest, local)) = competition.cpu_speed {
        match local {
            Some(local) => client.send(&format!("I cpu_speed {contest} {local}"))?,
            None => client.send(&format!("I cpu_speed {contest}"))?,
        }
    }
    let mut table: Vec<Standing> = competition
        .players
        .iter()
        .map(|p| Standing {
            name: p.name.clone(),
            games: 0,
            points: 0.0,
            won: 0,
            drawn: 0,
            lost: 0,
            rank_sum: 0.0,
            table_points: 0.0,
            irregular: 0,
        })
        .collect();
    let games: Vec<Vec<usize>> = if competition.seats == 2 {
        schedule(competition.players.len(), competition.rounds)
            .into_iter()
            .map(|g| g.to_vec())
            .collect()
    } else {
        table_schedule(
            competition.players.len(),
            competition.seats,
            competition.rounds,
        )
    };
    for (i, seats) in games.into_iter().enumerate() {
        let result = play_one(competition, client, i + 1, seats)?;
        if let Some(points) = &result.points {
            let half_ranks = half_ranks(points);
            let pool: f64 = points.iter().map(|p| p.max(0.0)).sum();
            for (seat, &player) in result.seats.iter().enumerate() {
                let mine = points[seat];
                let row = &mut table[player];
                row.games += 1;
                row.points += mine;
                row.rank_sum += f64::from(half_ranks[seat]) / 2.0;
                row.table_points += pool;
                if mine < 0.0 {
                    row.irregular += 1;
                }
                if points.len() == 2 {
                    let theirs = points[1 - seat];
                    if mine > theirs {
                        row.won += 1;
                    } else if mine < theirs {
                        row.lost += 1;
                    } else {
                        row.drawn += 1;
                    }
                }
            }
        }
        on_game(&result);
    }
    table.sort_by(|a, b| b.points.total_cmp(&a.points).then(a.name.cmp(&b.name)));
    on_end(&table);
    client.send("I stop_caiaio")?;
    Ok(table)
}

fn play_one<R: BufRead, W: Write>(
    competition: &Competition,
    client: &mut Client<R, W>,
    number: usize,
    seats: Vec<usize>,
) -> Result<GameResult, ClientError> {
    let log = |name: &str| {
        competition
            .log_dir
            .as_ref()
            .map(|d| format!(" {}", d.join(name).display()))
            .unwrap_or_default()
    };
    client.lock()?;
    client.send(&format!("I number_players {}", seats.len()))?;
    let mut first_errors = vec![None; seats.len()];
    for (seat, &player) in seats.iter().enumerate() {
        let entrant = &competition.players[player];
        client.send(&format!(
            "I player {} {} {}{}",
            seat + 1,
            entrant.exe,
            competition.time_ms,
            log(&format!("{}.log", entrant.name))
        ))?;
        client.send(&format!("I start {} {FIRSTERROR_WAIT_MS}", seat + 1))?;
        first_errors[seat] = loop {
            let answer = client.read()?;
            if answer == NO_FIRSTERROR {
                break None;
            }
            if let Some(text) = answer.strip_prefix(FIRSTERROR) {
                break Some(text.trim_start().to_string());
            }
        };
    }
    client.unlock()?;
    client.send(&format!(
        "I referee {}{}",
        competition.referee,
        log(&format!("game-{number:03}.log"))
    ))?;
    let report = loop {
        let line = client.read()?;
        if let Some(rest) = line.strip_prefix(REPORT)
            && (rest.is_empty() || rest.starts_with(' '))
        {
            break rest.trim().to_string();
        }
    };
    for seat in 1..=seats.len() {
        client.send(&format!("I kill {seat}"))?;
    }
    client.send("I kill_referee")?;
    let (points, message) = parse_report_n(&report, seats.len());
    Ok(GameResult {
        number,
        seats,
        points,
        message,
        first_errors,
    })
}

/// Splits a report (after the word `report`) into the two players' points and the message;
/// without two leading numbers (the 2005 form `report MESSAGE`) there are no points.
pub fn parse_report(text: &str) -> (Option<[f64; 2]>, String) {
    match parse_report_n(text, 2) {
        (Some(p), message) => (Some([p[0], p[1]]), message),
        (None, message) => (None, message),
    }
}

/// Splits a report (after the word `report`) into `seats` scores and the message; without
/// `seats` leading numbers (the 2005 form `report MESSAGE`) there are no scores.
pub fn parse_report_n(text: &str, seats: usize) -> (Option<Vec<f64>>, String) {
    let words: Vec<&str> = text.split_whitespace().collect();
    let scores: Option<Vec<f64>> = (0..seats)
        .map(|i| {
            words
                .get(i)
                .and_then(|w| w.parse::<f64>().ok())
                .filter(|p| p.is_finite())
        })
        .collect();
    match scores {
        Some(scores) => (Some(scores), words[seats..].join(" ")),
        None => (None, text.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn everyone_meets_everyone_in_both_seats() {
        let games = schedule(3, 2);
        assert_eq!(games.len(), 12);
        assert_eq!(games.iter().filter(|g| **g == [0, 2]).count(), 2);
        assert_eq!(games.iter().filter(|g| **g == [2, 0]).count(), 2);
        assert!(games.iter().all(|g| g[0] != g[1]));
    }

    #[test]
    fn reports_in_both_forms() {
        assert_eq!(
            parse_report("2 0 player_1_wins"),
            (Some([2.0, 0.0]), "player_1_wins".into())
        );
        assert_eq!(
            parse_report("PLAYER 2 WINS"),
            (None, "PLAYER 2 WINS".into())
        );
    }

    #[test]
    fn a_competition_of_two_through_a_scripted_hub() {
        // Two games (both seats): the first one wins for seat 1, the second is a draw.
        let replies = "lock_ok\nno_firsterror\nfirsterror hello\nreport 2 0 a\n\
                       lock_ok\nno_firsterror\nno_firsterror\nstray line\nreport 1 1 b\n";
        let mut out = Vec::new();
        let competition = Competition {
            players: vec![
                Entrant {
                    name: "tom".into(),
                    exe: "./tom".into(),
                },
                Entrant {
                    name: "jerry".into(),
                    exe: "./jerry".into(),
                },
            ],
            referee: "./bob".into(),
            seats: 2,
            time_ms: 30000,
            rounds: 1,
            log_dir: Some("logs".into()),
            cpu_speed: Some((2800.0, Some(850.0))),
        };
        let mut results = Vec::new();
        let table = {
            let mut client = Client::new(replies.as_bytes(), &mut out);
            run(
                &competition,
                &mut client,
                |r| results.push(r.clone()),
                |_| {},
            )
            .unwrap()
        };
        assert_eq!(results[0].first_errors, [None, Some("hello".into())]);
        assert_eq!(table[0].name, "tom");
        assert_eq!((table[0].points, table[0].won, table[0].drawn), (3.0, 1, 1));
        assert_eq!(
            (table[1].points, table[1].lost, table[1].drawn),
            (1.0, 1, 1)
        );
        let sent = String::from_utf8(out).unwrap();
        let first_game: Vec<&str> = sent.lines().take(12).collect();
        assert_eq!(
            first_game,
            [
                "I cpu_speed 2800 850",
                "I lock",
                "I number_players 2",
                "I player 1 ./tom 30000 logs/tom.log",
                "I start 1 100",
                "I player 2 ./jerry 30000 logs/jerry.log",
                "I start 2 100",
                "I unlock",
                "I referee ./bob logs/game-001.log",
                "I kill 1",
                "I kill 2",
                "I kill_referee",
            ]
        );
        assert!(sent.ends_with("I stop_caiaio\n"));
    }

    #[test]
    fn every_subset_plays_once_in_each_rotation() {
        let games = table_schedule(4, 3, 2);
        // C(4, 3) = 4 subsets, 3 rotations each, 2 rounds.
        assert_eq!(games.len(), 24);
        for player in 0..4 {
            for seat in 0..3 {
                let times = games.iter().filter(|g| g[seat] == player).count();
                // 3 subsets hold the player, once in each seat per subset, 2 rounds.
                assert_eq!(times, 6, "player {player} seat {seat}");
            }
        }
        assert_eq!(games[0], [0, 1, 2]);
        assert_eq!(games[1], [1, 2, 0]);
        assert_eq!(games[2], [2, 0, 1]);
        assert_eq!(games[3], [0, 1, 3]);
        let four = table_schedule(4, 4, 1);
        assert_eq!(
            four,
            [[0, 1, 2, 3], [1, 2, 3, 0], [2, 3, 0, 1], [3, 0, 1, 2]]
        );
        assert!(table_schedule(3, 4, 1).is_empty());
    }

    #[test]
    fn reports_with_four_scores() {
        assert_eq!(
            parse_report_n("16 20 -1 12 player_3_loses", 4),
            (Some(vec![16.0, 20.0, -1.0, 12.0]), "player_3_loses".into())
        );
        assert_eq!(
            parse_report_n("16 20 PLAYER 3 LOOSES", 4),
            (None, "16 20 PLAYER 3 LOOSES".into())
        );
    }

    #[test]
    fn a_four_seat_competition_through_a_scripted_hub() {
        let names = ["a", "b", "c", "d"];
        let competition = Competition {
            players: names
                .iter()
                .map(|n| Entrant {
                    name: n.to_string(),
                    exe: format!("./{n}"),
                })
                .collect(),
            referee: "./rolit-referee".into(),
            seats: 4,
            time_ms: 2000,
            rounds: 1,
            log_dir: None,
            cpu_speed: None,
        };
        // Four games (seats rotated); seat 1 of the third game (player c) loses irregularly.
        let reports = [
            "report 16 16 20 12 players_3",
            "report 30 10 10 14 player_1",
            "report -1 20 22 20 player_1_loses_irregularly",
            "report 16 16 16 16 all",
        ];
        let mut replies = String::new();
        for report in reports {
            replies.push_str("lock_ok\n");
            replies.push_str(&"no_firsterror\n".repeat(4));
            replies.push_str(report);
            replies.push('\n');
        }
        let mut out = Vec::new();
        let mut results = Vec::new();
        let table = {
            let mut client = Client::new(replies.as_bytes(), &mut out);
            run(
                &competition,
                &mut client,
                |r| results.push(r.clone()),
                |_| {},
            )
            .unwrap()
        };
        assert_eq!(results.len(), 4);
        assert_eq!(results[2].seats, [2, 3, 0, 1]);
        assert_eq!(results[2].points, Some(vec![-1.0, 20.0, 22.0, 20.0]));
        let row = |name: &str| table.iter().find(|s| s.name == name).unwrap().clone();
        // c: seat 3 (20, rank 1), seat 2 (10, rank 3.5), seat 1 (-1, rank 4), seat 4 (16).
        let c = row("c");
        assert_eq!((c.games, c.points, c.irregular), (4, 45.0, 1));
        assert_eq!(c.rank_sum, 1.0 + 3.5 + 4.0 + 2.5);
        assert_eq!(c.table_points, 64.0 * 3.0 + 62.0);
        // a: 16 (rank 2.5), 14 (rank 2), 22 (rank 1), 16 (rank 2.5).
        let a = row("a");
        assert_eq!((a.points, a.rank_sum, a.irregular), (68.0, 8.0, 0));
        let order: Vec<&str> = table.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(order, ["b", "a", "d", "c"]);
        assert!((a.average_rank() - 2.0).abs() < 1e-9);
        assert!((a.score_share() - 100.0 * 68.0 / 254.0).abs() < 1e-9);
        let sent = String::from_utf8(out).unwrap();
        let first_game: Vec<&str> = sent.lines().take(16).collect();
        assert_eq!(
            first_game,
            [
                "I lock",
                "I number_players 4",
                "I player 1 ./a 2000",
                "I start 1 100",
                "I player 2 ./b 2000",
                "I start 2 100",
                "I player 3 ./c 2000",
                "I start 3 100",
                "I player 4 ./d 2000",
                "I start 4 100",
                "I unlock",
                "I referee ./rolit-referee",
                "I kill 1",
                "I kill 2",
                "I kill 3",
                "I kill 4",
            ]
        );
        assert!(sent.ends_with("I kill_referee\nI stop_caiaio\n"));
        assert!(sent.contains("I player 1 ./d 2000\n"));
    }
}
