//! A Caia competition manager: every player against every other, in both seats, for a
//! number of rounds, through any `caiaio` (it uses only the commands of the seed's manager
//! pseudo-code, in its order), then the standings.
//!
//! Per game: `I lock`, `I number_players 2`, `I player N EXE MS LOG` and `I start N 100`
//! (reading `firsterror`/`no_firsterror`) for both seats, `I unlock`, `I referee EXE LOG`,
//! the referee's `report`, `I kill 1`, `I kill 2`, `I kill_referee`. At the end
//! `I stop_caiaio`. The manager never prints: its stdout belongs to the hub, so results go
//! to a callback and the caller shows them (on stderr).

use crate::client::{Client, ClientError};
use crate::protocol::{FIRSTERROR, NO_FIRSTERROR, REPORT};
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
    /// Index into the players of seat 1 and seat 2.
    pub seats: [usize; 2],
    /// The points of seat 1 and seat 2 (`None`: a report without points, the 2005 form).
    pub points: Option<[f64; 2]>,
    /// The report's message.
    pub message: String,
    /// Each seat's `firsterror` line, if it wrote one.
    pub first_errors: [Option<String>; 2],
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

/// Runs the competition through the hub and returns the standings (best first); each
/// result goes to `on_game` as soon as it is known.
pub fn run<R: BufRead, W: Write>(
    competition: &Competition,
    client: &mut Client<R, W>,
    mut on_game: impl FnMut(&GameResult),
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
        })
        .collect();
    for (i, seats) in schedule(competition.players.len(), competition.rounds)
        .into_iter()
        .enumerate()
    {
        let result = play_one(competition, client, i + 1, seats)?;
        if let Some(points) = result.points {
            for (seat, &player) in seats.iter().enumerate() {
                let (mine, theirs) = (points[seat], points[1 - seat]);
                let row = &mut table[player];
                row.games += 1;
                row.points += mine;
                if mine > theirs {
                    row.won += 1;
                } else if mine < theirs {
                    row.lost += 1;
                } else {
                    row.drawn += 1;
                }
            }
        }
        on_game(&result);
    }
    client.send("I stop_caiaio")?;
    table.sort_by(|a, b| b.points.total_cmp(&a.points).then(a.name.cmp(&b.name)));
    Ok(table)
}

fn play_one<R: BufRead, W: Write>(
    competition: &Competition,
    client: &mut Client<R, W>,
    number: usize,
    seats: [usize; 2],
) -> Result<GameResult, ClientError> {
    let log = |name: &str| {
        competition
            .log_dir
            .as_ref()
            .map(|d| format!(" {}", d.join(name).display()))
            .unwrap_or_default()
    };
    client.lock()?;
    client.send("I number_players 2")?;
    let mut first_errors = [None, None];
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
    client.send("I kill 1")?;
    client.send("I kill 2")?;
    client.send("I kill_referee")?;
    let (points, message) = parse_report(&report);
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
    let words: Vec<&str> = text.split_whitespace().collect();
    let number = |i: usize| {
        words
            .get(i)
            .and_then(|w| w.parse::<f64>().ok())
            .filter(|p| p.is_finite())
    };
    match (number(0), number(1)) {
        (Some(a), Some(b)) => (Some([a, b]), words[2..].join(" ")),
        _ => (None, text.to_string()),
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
            time_ms: 30000,
            rounds: 1,
            log_dir: Some("logs".into()),
            cpu_speed: Some((2800.0, Some(850.0))),
        };
        let mut results = Vec::new();
        let table = {
            let mut client = Client::new(replies.as_bytes(), &mut out);
            run(&competition, &mut client, |r| results.push(r.clone())).unwrap()
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
}
