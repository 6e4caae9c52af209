//! The Caia side on arbitrary lines: every line the hub reads from a manager or a referee
//! (`parse_line`), the hub's answers as a referee and a manager read them (`Special::parse`,
//! `parse_time`, `parse_report_n`), and whole hub sessions fed to our referees (two seats
//! and tables) and our manager. No input panics or hangs; a refusal says what is wrong; what
//! is read is in range; a referee's report reads back as the scores it holds.

use olympiad_caia::client::{Client, parse_time};
use olympiad_caia::manager::{self, Competition, Entrant, parse_report_n};
use olympiad_caia::{HubConfig, HubError, SessionEnd, hub, referee};
use olympiad_catalog::{GameEntry, default_games, find_game};
use olympiad_core::SplitMix64;
use olympiad_core::fuzz::{self, Fuzz, Verdict};
use olympiad_protocol::caia_hub::{Command, MAX_PLAYERS, Route, Special, parse_line};
use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::PathBuf;

/// Characters of Caia's lines: commands, numbers, paths, moves.
const ALPHABET: &str = "I M 0123456789 ./-_<>:abcdefghijklmnopqrstuvwxyz";
/// A hub session starts processes: it gets this share of the budget.
const HUB_SHARE: usize = 100;

fn strings(lines: &[&str]) -> Vec<String> {
    lines.iter().map(|l| l.to_string()).collect()
}

/// A player number as the hub takes it.
fn check_player(n: usize) -> Result<(), String> {
    if (1..=MAX_PLAYERS).contains(&n) {
        Ok(())
    } else {
        Err(format!("player {n} read"))
    }
}

/// What a command holds is in range: player numbers, speeds, words without blanks.
fn check_command(command: &Command) -> Result<(), String> {
    let word = |w: &str| {
        // caiaio separates words by ASCII white space only.
        if w.is_empty() || w.contains(|c: char| c.is_ascii_whitespace()) {
            Err(format!("the word {w:?} read"))
        } else {
            Ok(())
        }
    };
    let speed = |s: u32| {
        if s > 0 {
            Ok(())
        } else {
            Err(format!("the speed {s} read"))
        }
    };
    match command {
        Command::CpuSpeed {
            contest_mhz,
            local_mhz,
        } => {
            speed(*contest_mhz)?;
            local_mhz.map_or(Ok(()), speed)
        }
        Command::NumberPlayers(n)
        | Command::Listen(n)
        | Command::RequestTime(n)
        | Command::Kill(n)
        | Command::Start { n, .. } => check_player(*n),
        Command::Player { n, exe, log, .. } => {
            check_player(*n)?;
            word(exe)?;
            log.as_deref().map_or(Ok(()), word)
        }
        Command::Referee { exe, arg } => {
            word(exe)?;
            arg.as_deref().map_or(Ok(()), word)
        }
        Command::Lock
        | Command::Unlock
        | Command::KillReferee
        | Command::StopCaiaio
        | Command::Report(_) => Ok(()),
    }
}

#[test]
fn hub_lines() {
    let examples = strings(&[
        "I player 1 ./prog 10000",
        "I player 2 ./tom 30000 ../playerlogs/tom.log",
        "I listen 1",
        "I start 1 100",
        "I start 2",
        "I referee BIN LOG",
        "I referee ./ref",
        "I lock",
        "I unlock\r",
        "I cpu_speed 2800 850",
        "I number_players 4",
        "I request_time 1",
        "I kill 2",
        "I kill_referee",
        "I stop_caiaio",
        "I report PLAYER 2 WINS",
        "1 move",
        "32 b2-c4",
        "2 Start",
        "M report 2 0 player_1_wins",
        "hello",
    ]);
    let stats = fuzz::run(
        "caia hub line",
        &examples,
        ALPHABET,
        |text| match parse_line(text) {
            Ok(Route::Command(command)) => check_command(&command).map(|_| Verdict::Accepted),
            Ok(Route::ToPlayer(n, rest)) => {
                check_player(n)?;
                if text.contains(rest) {
                    Ok(Verdict::Accepted)
                } else {
                    Err(format!("the line for player {n} read as {rest:?}"))
                }
            }
            Ok(Route::ToManager(rest)) if text.contains(rest) => Ok(Verdict::Accepted),
            Ok(Route::ToManager(rest)) => Err(format!("the line for the manager read as {rest:?}")),
            Ok(Route::Dropped) => Ok(Verdict::Rejected),
            Err(e) => fuzz::rejected(&e),
        },
    );
    assert!(stats.accepted > examples.len(), "{stats:?}");
}

#[test]
fn hub_answers() {
    let specials = [
        Special::Timeout,
        Special::Stopped,
        Special::SendsNewline,
        Special::Crashed("SIGSEGV".into()),
    ]
    .map(|s| s.text());
    let mut examples = specials.to_vec();
    examples.extend(strings(&["time 120 60", "time 0 0", "b2-c4", "lock_ok"]));
    fuzz::run(
        "caia listen and time answers",
        &examples,
        ALPHABET,
        |text| {
            if let Some(special) = Special::parse(text)
                && special.text() != text
            {
                return Err(format!("read as {special:?}, written {:?}", special.text()));
            }
            let timed = parse_time(text).is_some();
            Ok(if timed {
                Verdict::Accepted
            } else {
                Verdict::Rejected
            })
        },
    );
    let reports = strings(&[
        "2 0 player_1_wins",
        "PLAYER 2 WINS",
        "16 20 -1 27 player_4_wins_(board_full)",
        "1 1 no_winner",
        "",
    ]);
    for seats in [2, 3, 4] {
        let name = format!("caia report of {seats} seats");
        fuzz::run(&name, &reports, ALPHABET, |text| {
            match parse_report_n(text, seats) {
                (Some(scores), _) if scores.len() != seats => Err(format!("scores {scores:?}")),
                (Some(scores), _) if scores.iter().any(|s| !s.is_finite()) => {
                    Err(format!("scores {scores:?}"))
                }
                (Some(_), _) => Ok(Verdict::Accepted),
                (None, message) if message == text => Ok(Verdict::Rejected),
                (None, message) => Err(format!("the message {message:?} is not the text")),
            }
        });
    }
}

/// A hub session as a referee of `entry` sees it in a random game: `lock_ok` and the
/// mover's line at every turn, then every player's time.
fn referee_session(entry: &GameEntry, seed: u64) -> String {
    let mut rng = SplitMix64::new(seed);
    let mut game = entry.start();
    let mut session = String::new();
    while game.outcome().is_none() && game.moves().len() < 120 {
        let moves = game.legal_moves();
        let mv = game.play(&moves[rng.below(moves.len())]).unwrap();
        session.push_str(&format!("lock_ok\n{mv}\n"));
    }
    for p in 0..entry.players {
        session.push_str(&format!("time {} {}\n", 100 * p, 50 * p));
    }
    session
}

/// A referee's report line: one line whose scores read back, by the manager, as `scores`.
fn check_report(line: &str, scores: &[f64]) -> Result<Verdict, String> {
    let Some(rest) = line.strip_prefix("M report ") else {
        return Err(format!("the report {line:?}"));
    };
    if line.contains(['\n', '\r']) {
        return Err(format!("the report {line:?} is not one line"));
    }
    match parse_report_n(rest, scores.len()) {
        (Some(read), _) if read == scores => Ok(Verdict::Accepted),
        other => Err(format!("the report {line:?} reads as {other:?}")),
    }
}

#[test]
fn referee_sessions() {
    for entry in default_games()
        .into_iter()
        .chain(["rolit3", "rolit2"].map(|n| find_game(n).unwrap()))
    {
        let mut examples: Vec<String> = (0..4).map(|s| referee_session(entry, s)).collect();
        examples.push("lock_ok\n<caiaio:_player_crashed:_SIGSEGV>\ntime 1 1\ntime 2 2\n".into());
        let name = format!("caia referee of {}", entry.name);
        let stats = Fuzz::new(&name, &examples, ALPHABET)
            .cases(fuzz::cases().div_ceil(4))
            .run(|text| {
                let mut client = Client::new(text.as_bytes(), Vec::new());
                let mut log = Vec::new();
                match referee::run(entry, &mut client, &mut log, None) {
                    Ok(report) => {
                        let scores: Vec<f64> = report.scores.iter().map(|&s| s as f64).collect();
                        check_report(&report.line(), &scores)
                    }
                    Err(e) => fuzz::rejected(&e),
                }
            });
        assert!(stats.accepted > examples.len(), "{}: {stats:?}", entry.name);
    }
}

#[test]
fn manager_sessions() {
    for seats in [2, 4] {
        let competition = Competition {
            players: (1..=4)
                .map(|i| Entrant {
                    name: format!("p{i}"),
                    exe: format!("./p{i}"),
                })
                .collect(),
            referee: "./referee".into(),
            seats,
            time_ms: 1000,
            rounds: 1,
            log_dir: None,
            cpu_speed: Some((2800.0, None)),
        };
        let games = if seats == 2 {
            manager::schedule(4, 1).len()
        } else {
            manager::table_schedule(4, seats, 1).len()
        };
        let scores = if seats == 2 { "2 0" } else { "16 20 -1 27" };
        let one = format!(
            "lock_ok\n{}stray line\nreport {scores} done\n",
            "no_firsterror\n".repeat(seats)
        );
        let examples = vec![
            one.repeat(games),
            one.replacen("no_firsterror", "firsterror hello", 1)
                .repeat(games),
        ];
        let name = format!("caia manager of {seats} seats");
        let stats = fuzz::run(&name, &examples, ALPHABET, |text| {
            let mut client = Client::new(text.as_bytes(), Vec::new());
            match manager::run(&competition, &mut client, |_| {}, |_| {}) {
                Ok(table) if table.len() == 4 => Ok(Verdict::Accepted),
                Ok(table) => Err(format!("standings of {} players", table.len())),
                Err(e) => fuzz::rejected(&e),
            }
        });
        assert!(stats.accepted > examples.len(), "{name}: {stats:?}");
    }
}

/// Programs for hub sessions, in a directory of their own (removed at the end): a manager
/// that writes a script and exits, and a player and a referee that write a line on stderr
/// and a few on stdout and exit, so that no wait of the hub lasts.
struct Programs {
    dir: PathBuf,
    player: String,
    referee: String,
}

impl Programs {
    fn new(name: &str) -> Programs {
        let dir =
            std::env::temp_dir().join(format!("olympiad-caia-fuzz-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        for sub in ["manager", "players", "cwd"] {
            fs::create_dir_all(dir.join(sub)).unwrap();
        }
        let write = |path: PathBuf, body: &str| {
            fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
            fs::set_permissions(&path, fs::Permissions::from_mode(0o755)).unwrap();
            path.display().to_string()
        };
        write(dir.join("manager/manager"), "exec cat \"${1:-/dev/null}\"");
        Programs {
            player: write(
                dir.join("players/player"),
                "echo ready >&2\necho a1-b2\necho b2-c3",
            ),
            referee: write(
                dir.join("players/referee"),
                "echo ready >&2\necho 'I lock'\necho '1 Start'\necho 'I listen 1'\n\
                 echo 'I unlock'\necho 'M report 1 1 done'",
            ),
            dir,
        }
    }

    /// A hub session whose manager writes `script`.
    fn session(&self, script: &str) -> Result<SessionEnd, HubError> {
        let path = self.dir.join("manager/script");
        fs::write(&path, script).unwrap();
        hub::run(HubConfig {
            manager: self.dir.join("manager/manager").display().to_string(),
            manager_arg: Some(path.display().to_string()),
            trace: None,
        })
    }
}

impl Drop for Programs {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.dir);
    }
}

#[test]
fn a_huge_speed_factor_makes_an_endless_clock() {
    // Found while writing `hub_sessions` (which finds it too in a long run: case 3401 of
    // the default seed, a speed of 10^197 MHz): a huge contest speed made the budget of
    // `I listen` too large for a Duration, and the hub panicked. Speeds are whole MHz now
    // (as caiaio reads them); the largest one still makes a clock of over 1,000 years.
    let programs = Programs::new("factor");
    let script = format!(
        "I cpu_speed 4294967295 1\nI number_players 1\n\
         I player 1 {} 10000\nI start 1\nI listen 1\nI request_time 1\nI stop_caiaio\n",
        programs.player
    );
    assert_eq!(programs.session(&script).unwrap(), SessionEnd::Stopped);
    let script = format!(
        "I cpu_speed 2800 1\nI number_players 1\nI player 1 {} 18446744073709551615\n\
         I start 1\nI listen 1\nI stop_caiaio\n",
        programs.player
    );
    assert_eq!(programs.session(&script).unwrap(), SessionEnd::Stopped);
}

/// Whether a session only writes inside the directory it runs in: no player's log file
/// outside (the hub appends a player's stderr to it).
fn writes_inside(script: &str) -> bool {
    script.lines().all(|line| match parse_line(line) {
        Ok(Route::Command(Command::Player { log: Some(log), .. })) => {
            !log.starts_with('/') && !log.contains("..")
        }
        _ => true,
    })
}

#[test]
fn hub_sessions() {
    let programs = Programs::new("sessions");
    // Relative names (programs, logs) are the hub's current directory's: a sandbox. No other
    // test of this file uses the current directory.
    std::env::set_current_dir(programs.dir.join("cwd")).unwrap();
    let (player, referee) = (&programs.player, &programs.referee);
    let examples = vec![
        format!(
            "I cpu_speed 2800 850\nI number_players 2\nI player 1 {player} 10000\n\
             I player 2 {player} 10000\nI start 1 100\nI start 2\nI lock\nI listen 1\n\
             I unlock\nI request_time 1\n1 hello\nI kill 1\nI listen 2\n\
             I referee {referee} game.log\nI stop_caiaio\n"
        ),
        format!(
            "I number_players 1\nI player 1 {player} 5000\nI start 1\nI listen 1\n\
             I listen 1\nI request_time 1\nM note\nI kill_referee\nI stop_caiaio\n"
        ),
        format!(
            "I number_players 4\nI player 3 {player} 300\nI start 3 50\nI listen 3\n\
             3 b2-c4\nI referee {referee}\nI kill 3\n"
        ),
    ];
    let stats = Fuzz::new("caia hub session", &examples, ALPHABET)
        .cases(fuzz::cases().div_ceil(HUB_SHARE))
        .run(|text| {
            if !writes_inside(text) {
                return Ok(Verdict::Rejected);
            }
            match programs.session(text) {
                Ok(_) => Ok(Verdict::Accepted),
                Err(e) => fuzz::rejected(&e),
            }
        });
    assert!(stats.accepted >= examples.len(), "{stats:?}");
}
