//! `olympiad caiaio`, `olympiad referee` and `olympiad manager`: the Caia hub and the two
//! Caia programs we provide for it, so that CodeCup managers, referees and players run
//! unchanged, and our games can be played under anyone's Caia manager.
//!
//! The referee and the manager are started by a hub and talk to it on stdin/stdout, so they
//! never print there: the manager shows its results and standings on stderr, and the Rolit
//! referee draws its board there with `--board`.

use olympiad_caia::client::Client;
use olympiad_caia::manager::{self, Competition, Entrant, GameResult, Standing};
use olympiad_caia::{HubConfig, HubError, hub, referee};
use olympiad_protocol::caia_hub::MAX_PLAYERS;
use std::io::Write;
use std::path::PathBuf;

/// The budget per game when the players file names none, in contest milliseconds.
const DEFAULT_TIME_MS: u64 = 30_000;

/// Arguments of `olympiad caiaio`.
#[derive(clap::Args, Debug)]
pub struct CaiaioArgs {
    /// Trace all traffic on stderr.
    #[arg(short = 'd')]
    pub debug: bool,
    /// The manager program. As with execv, a name without '/' is taken from the current
    /// directory, not from PATH.
    #[arg(
        short = 'm',
        value_name = "MANAGER",
        default_value = "manager",
        allow_hyphen_values = true
    )]
    pub manager: String,
    /// The manager's one argument (taken as it is, even if it begins with `-`, as caiaio
    /// takes it).
    #[arg(short = 'f', value_name = "ARG", allow_hyphen_values = true)]
    pub arg: Option<String>,
}

/// `olympiad caiaio`.
pub fn run_caiaio(args: &CaiaioArgs) -> anyhow::Result<()> {
    let trace = args
        .debug
        .then(|| Box::new(std::io::stderr()) as Box<dyn Write + Send>);
    let config = HubConfig {
        manager: args.manager.clone(),
        manager_arg: args.arg.clone(),
        trace,
    };
    match hub::run(config) {
        Ok(_) => Ok(()),
        Err(e @ HubError::Manager { .. }) => Err(crate::input_error(e.to_string())),
        Err(e) => Err(e.into()),
    }
}

/// Arguments of `olympiad referee`.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "The game's catalog row chooses one of Caia's two referee dialogues.\n\n\
    Two-player games (caissa, checkers, reversi): `1 Start`, then for each \
    move `I lock`, `I listen N`, `I unlock`; the move is checked and forwarded to the other \
    player; a bad move or a special answer loses irregularly (the other is sent `X`); at the \
    end `M report POINTS1 POINTS2 MESSAGE` in half points.\n\n\
    Rolit (rolit, rolit3, rolit2): every player is sent its number (`1 1`, `2 2`, ...); each \
    move is forwarded to every other player, the last one too; a bad move or a special answer \
    sends `0` to the others; at the end `M report BALLS1 .. BALLSn MESSAGE` with the final ball \
    counts (-1 for a player that lost irregularly).\n\n\
    MESSAGE has no spaces: result, reason, moves=N and every contest time. A Caia manager \
    starts the referee with one argument, so use a script: `exec olympiad referee rolit \"$@\"`."
)]
pub struct RefereeArgs {
    /// The game (`olympiad games`): any game of the catalog (its row chooses the dialogue).
    pub game: String,
    /// Where to write the game's record (the hub passes the manager's log path here).
    pub logfile: Option<PathBuf>,
    /// Draw the board on stderr after every move, as the Caia Rolit referee does (with the
    /// game's own score, if it counts one: Rolit's balls, reversi's discs).
    #[arg(long)]
    pub board: bool,
}

/// `olympiad referee`: one game between the hub's players through the hub on stdin/stdout.
pub fn run_referee(args: &RefereeArgs) -> anyhow::Result<()> {
    let entry =
        olympiad_catalog::find_game(&args.game).map_err(|e| crate::input_error(e.to_string()))?;
    let mut log: Box<dyn Write> =
        match &args.logfile {
            Some(path) => Box::new(std::fs::File::create(path).map_err(|e| {
                crate::input_error(format!("cannot create '{}': {e}", path.display()))
            })?),
            None => Box::new(std::io::sink()),
        };
    let stdin = std::io::stdin();
    let mut client = Client::new(stdin.lock(), std::io::stdout().lock());
    let mut stderr = std::io::stderr();
    let board = args.board.then_some(&mut stderr as &mut dyn Write);
    referee::run(entry, &mut client, &mut log, board)?;
    Ok(())
}

/// Arguments of `olympiad manager`.
#[derive(clap::Args, Debug)]
pub struct ManagerArgs {
    /// The competition, in TOML: `referee = "EXE"`, optional `time_ms = MS` (default
    /// 30000), `seats = N` (default 2; 4 for Rolit), `logs = "DIR"`,
    /// `cpu_speed = "CONTEST_MHZ [LOCAL_MHZ]"`, and a `[players]` table of NAME = "EXE".
    /// Programs are started by the hub, relative to its directory.
    #[arg(long, value_name = "FILE", default_value = "players.toml")]
    pub players: PathBuf,
    /// How many times the schedule is played: two seats, every ordered pair; N seats, every
    /// N-player subset once in each rotation of the seats.
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub rounds: u32,
}

/// `olympiad manager`: every player against every other, in every seat, through the hub on
/// stdin/stdout; results and standings on stderr.
pub fn run_manager(args: &ManagerArgs) -> anyhow::Result<()> {
    let competition = read_competition(args)?;
    if let Some(dir) = &competition.log_dir {
        std::fs::create_dir_all(dir).map_err(|e| {
            crate::input_error(format!(
                "cannot create log directory '{}': {e}",
                dir.display()
            ))
        })?;
    }
    let names: Vec<String> = competition.players.iter().map(|p| p.name.clone()).collect();
    let stdin = std::io::stdin();
    let mut client = Client::new(stdin.lock(), std::io::stdout().lock());
    manager::run(
        &competition,
        &mut client,
        |result| eprintln!("{}", game_line(result, &names)),
        |table| {
            if competition.seats == 2 {
                eprint!("{}", standings(table));
            } else {
                eprint!("{}", table_standings(table, competition.seats));
            }
        },
    )?;
    Ok(())
}

fn read_competition(args: &ManagerArgs) -> anyhow::Result<Competition> {
    let path = &args.players;
    let bad = |what: String| crate::input_error(format!("{}: {what}", path.display()));
    let text = std::fs::read_to_string(path)
        .map_err(|e| crate::input_error(format!("cannot read '{}': {e}", path.display())))?;
    let table: toml::Table = text.parse().map_err(|e| bad(format!("{e}")))?;
    for key in table.keys() {
        if ![
            "referee",
            "time_ms",
            "seats",
            "logs",
            "cpu_speed",
            "players",
        ]
        .contains(&key.as_str())
        {
            return Err(bad(format!("unknown key '{key}'")));
        }
    }
    let text_of = |key: &str| -> anyhow::Result<Option<String>> {
        match table.get(key) {
            None => Ok(None),
            Some(toml::Value::String(s)) => Ok(Some(s.clone())),
            Some(_) => Err(bad(format!("'{key}' must be a string"))),
        }
    };
    let referee = text_of("referee")?.ok_or_else(|| bad("no referee = \"EXE\"".into()))?;
    let time_ms = match table.get("time_ms") {
        None => DEFAULT_TIME_MS,
        Some(toml::Value::Integer(ms)) if *ms > 0 => *ms as u64,
        Some(_) => return Err(bad("'time_ms' must be a positive whole number".into())),
    };
    let seats = match table.get("seats") {
        None => 2,
        Some(toml::Value::Integer(n)) if (2..=MAX_PLAYERS as i64).contains(n) => *n as usize,
        Some(_) => {
            return Err(bad(format!(
                "'seats' must be a whole number from 2 to {MAX_PLAYERS}"
            )));
        }
    };
    let cpu_speed = match text_of("cpu_speed")? {
        None => None,
        Some(text) => {
            let numbers: Vec<f64> = text
                .split_whitespace()
                .map(|w| w.parse::<f64>().ok().filter(|v| *v > 0.0))
                .collect::<Option<_>>()
                .ok_or_else(|| bad(format!("cpu_speed '{text}' is not one or two speeds")))?;
            match numbers[..] {
                [contest] => Some((contest, None)),
                [contest, local] => Some((contest, Some(local))),
                _ => return Err(bad(format!("cpu_speed '{text}' is not one or two speeds"))),
            }
        }
    };
    let Some(toml::Value::Table(players)) = table.get("players") else {
        return Err(bad("no [players] table of NAME = \"EXE\"".into()));
    };
    let mut entrants = Vec::new();
    for (name, exe) in players {
        let toml::Value::String(exe) = exe else {
            return Err(bad(format!("player '{name}' must be \"EXE\"")));
        };
        if name.contains(char::is_whitespace) || exe.contains(char::is_whitespace) {
            return Err(bad(format!(
                "player '{name}': Caia lines are split at spaces, so neither the name nor the \
                 program may contain one"
            )));
        }
        entrants.push(Entrant {
            name: name.clone(),
            exe: exe.clone(),
        });
    }
    if entrants.len() < 2 {
        return Err(bad("a competition needs at least two players".into()));
    }
    if entrants.len() < seats {
        return Err(bad(format!(
            "'seats = {seats}' needs at least {seats} players in [players], {} given",
            entrants.len()
        )));
    }
    if args.rounds == 0 {
        return Err(crate::input_error("--rounds must be at least 1"));
    }
    Ok(Competition {
        players: entrants,
        referee,
        seats,
        time_ms,
        rounds: args.rounds,
        log_dir: text_of("logs")?.map(PathBuf::from),
        cpu_speed,
    })
}

/// `game 3: alice - bob 2-0 MESSAGE`; for more seats
/// `game 3: alice - bob - carol - dave 16/20/-1/27 MESSAGE`.
fn game_line(result: &GameResult, names: &[String]) -> String {
    let players: Vec<&str> = result.seats.iter().map(|&s| names[s].as_str()).collect();
    let separator = if players.len() == 2 { "-" } else { "/" };
    let score = match &result.points {
        Some(points) => points
            .iter()
            .map(|p| p.to_string())
            .collect::<Vec<_>>()
            .join(separator),
        None => vec!["?"; players.len()].join(separator),
    };
    let mut line = format!(
        "game {}: {} {score} {}",
        result.number,
        players.join(" - "),
        result.message
    );
    for (seat, first) in result.first_errors.iter().enumerate() {
        if let Some(text) = first {
            line.push_str(&format!(" (firsterror of {}: {text})", players[seat]));
        }
    }
    line
}

/// The standings of a competition of `seats` seats, best first: games, total score, share of
/// all the points scored in its games, average rank (ties share), irregular losses.
fn table_standings(table: &[Standing], seats: usize) -> String {
    let width = table.iter().map(|s| s.name.len()).max().unwrap_or(0).max(6);
    let games = table.iter().map(|s| s.games).sum::<u32>() / seats as u32;
    let mut out = format!("standings after {games} games of {seats} seats\n");
    out.push_str(&format!(
        "rank  {:width$}  games  score  share  avg rank  irregular\n",
        "player"
    ));
    for (i, s) in table.iter().enumerate() {
        out.push_str(&format!(
            "{:>4}  {:width$}  {:>5}  {:>5}  {:>4.1}%  {:>8.2}  {:>9}\n",
            i + 1,
            s.name,
            s.games,
            s.points,
            s.score_share(),
            s.average_rank(),
            s.irregular
        ));
    }
    out
}

/// The standings table, best first.
fn standings(table: &[Standing]) -> String {
    let width = table.iter().map(|s| s.name.len()).max().unwrap_or(0).max(6);
    let games: u32 = table.iter().map(|s| s.games).sum::<u32>() / 2;
    let mut out = format!("standings after {games} games\n");
    out.push_str(&format!(
        "rank  {:width$}  games  points  won  drawn  lost\n",
        "player"
    ));
    for (i, s) in table.iter().enumerate() {
        out.push_str(&format!(
            "{:>4}  {:width$}  {:>5}  {:>6}  {:>3}  {:>5}  {:>4}\n",
            i + 1,
            s.name,
            s.games,
            s.points,
            s.won,
            s.drawn,
            s.lost
        ));
    }
    out
}
