//! `olympiad match`: as many players as the game has seats, N games with seats rotated, one
//! line per finished game. Two players end with W/D/L, score, Elo with its 95% interval and
//! a count of each way games ended; three or four (Rolit) with a table per player: average
//! rank, score share, sole wins, faults and seats. Everything a user can get wrong (game,
//! player count, player specs, programs, the players file, options for two players only) is
//! checked before the first game starts, and is an input error (exit code 2).

use olympiad_arena::referee::{Adjudication, DrawRule, ScoreRule};
use olympiad_arena::{
    Contestant, Duel, GameRecord, MatchConfig, MatchSummary, PlayerSpec, RefereeConfig,
    Termination, TimeControl, run_match,
};
use olympiad_arena::{NoWatch, Watch};
use olympiad_tournament::sprt::{DEFAULT_ALPHA, DEFAULT_BETA, Sprt, Verdict};
use std::path::PathBuf;
use std::time::Duration;

/// Arguments of `olympiad match`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The game (see `olympiad games`).
    pub game: String,
    /// The first player: builtin:NAME[:key=value,...], cmd:COMMAND LINE (the game's own
    /// protocol), PROTOCOL:COMMAND LINE (uci:stockfish, cecp:fairymax, gtp:gnugo --mode gtp,
    /// codecup:, caia:, hub:; dxp: with {port} where the program is told the TCP port it
    /// listens on), dxp@HOST:PORT (a DXP program already listening), or a name from the
    /// players file. It moves first in odd-numbered games.
    pub player_a: String,
    /// The second player, in the same forms.
    pub player_b: String,
    /// The third and fourth players of a 3- or 4-seat game (Rolit), in the same forms. Seats
    /// rotate: in game i, seat s holds player (s + i) mod n. Programs speak the Caia
    /// dialogue (their seat number first, then every move).
    #[arg(value_name = "PLAYER", num_args = 0..=2)]
    pub more: Vec<String>,
    /// Games to play.
    #[arg(long, default_value_t = 2)]
    pub games: u64,
    /// Each player's time budget per game, in milliseconds.
    #[arg(long, default_value_t = 10_000)]
    pub time_ms: u64,
    /// Milliseconds added to a player's clock after each of its moves.
    #[arg(long, default_value_t = 0)]
    pub increment_ms: u64,
    /// The most one move may take, in milliseconds (default: only the budget).
    #[arg(long)]
    pub move_cap_ms: Option<u64>,
    /// A time control as chess match runners write it, instead of --time-ms and
    /// --increment-ms: `[MOVES/]SECONDS[+INCREMENT]` (`10+0.1`, `40/60`, `1+0.01`); MOVES
    /// repeats the budget every MOVES moves. Or `st=SECONDS`: that long per move.
    #[arg(long, value_name = "TC", value_parser = TimeControl::parse, allow_hyphen_values = true)]
    pub tc: Option<TimeControl>,
    /// How far past its clock a reply may come without losing on time, in milliseconds
    /// (fastchess's timemargin; the clock then stands at zero).
    #[arg(long, default_value_t = 0)]
    pub margin_ms: u64,
    /// Adjudicate a loss when both engines agree for MOVES moves each that one side is
    /// at least SCORE centipawns behind (engine protocols report scores).
    #[arg(long, value_name = "SCORE,MOVES", value_parser = ScoreRule::parse)]
    pub resign: Option<ScoreRule>,
    /// Adjudicate a draw when both engines' scores stay within SCORE centipawns of zero for
    /// MOVES moves each, from move AFTER on.
    #[arg(long, value_name = "SCORE,MOVES,AFTER", value_parser = DrawRule::parse)]
    pub draw: Option<DrawRule>,
    /// Adjudicate a draw after this many plies (on top of the game's own rules).
    #[arg(long)]
    pub max_plies: Option<u32>,
    /// Stop the player who is not on move (SIGSTOP/SIGCONT), as the CodeCup system does.
    #[arg(long)]
    pub freeze_idle: bool,
    /// Games played at the same time.
    #[arg(long, default_value_t = 1)]
    pub concurrency: usize,
    /// Directory for the records (games.jsonl, which must not exist yet; for chess also
    /// games.pgn, every move with its score/depth, time and [%clk]) and the programs'
    /// stderr logs.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Serve the web viewer while playing (every game under way on a board) on ADDR
    /// (default 127.0.0.1:8080; port 0 picks a free one), and keep serving after the last
    /// game until interrupted.
    #[arg(long, value_name = "ADDR", num_args = 0..=1, default_missing_value = crate::serve::DEFAULT_BIND)]
    pub serve: Option<std::net::SocketAddr>,
    /// A TOML file naming players: a [players] table of NAME = "SPEC", or NAME = { spec =
    /// "uci:stockfish", options = { Hash = 64, UCI_Elo = 2000 } } (or protocol = "uci" and
    /// command = "stockfish" instead of spec, protocol = "gtp" and command = "gnugo --mode
    /// gtp" for Go): options a program's protocol sets.
    #[arg(long)]
    pub players: Option<PathBuf>,
    /// Address-space limit for programs, in MiB (0: none).
    #[arg(long, default_value_t = 2048)]
    pub memory_mib: u64,
    /// Stop early by a sequential probability ratio test on game pairs: ELO0,ELO1 in
    /// normalized Elo, optionally ,ALPHA,BETA (default 0.05 each). `--games` is the maximum.
    /// ELO0 may be negative (`--sprt -3,1`).
    #[arg(
        long,
        value_parser = parse_sprt,
        value_name = "ELO0,ELO1[,ALPHA,BETA]",
        allow_hyphen_values = true
    )]
    pub sprt: Option<Sprt>,
    /// A file of openings, each played twice, seats swapped, in order: in the game's own
    /// format by its extension (chess: `.epd`, `.pgn` — the position after each game's
    /// moves), else one per line (`#` starts a comment), a line of moves from the start or
    /// `position TEXT` (a position in the game's text).
    #[arg(long, value_name = "FILE", conflicts_with = "random_openings")]
    pub openings: Option<PathBuf>,
    /// Start each pair of games (seats swapped) after this many random legal plies, drawn
    /// from --seed, a different opening for every pair. Programs whose protocol
    /// always starts from the start (CodeCup, Caia) cannot take openings.
    #[arg(long, value_name = "PLIES")]
    pub random_openings: Option<u32>,
    /// The seed of --random-openings.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

/// `pairs` openings of `plies` random legal plies each from the start (none ends the game),
/// reproducible from `seed`.
pub fn random_openings(
    game: &olympiad_catalog::GameEntry,
    plies: u32,
    pairs: u64,
    seed: u64,
) -> Vec<String> {
    let mut rng = olympiad_core::SplitMix64::new(seed);
    let mut out: Vec<String> = Vec::new();
    let mut attempts = 0u64;
    while (out.len() as u64) < pairs {
        attempts += 1;
        let mut g = game.start();
        let mut line = Vec::new();
        for _ in 0..plies {
            let moves = g.legal_moves();
            if moves.is_empty() {
                break;
            }
            let m = moves[rng.below(moves.len())].clone();
            g.play(&m).expect("a listed move is legal");
            line.push(m);
        }
        let text = line.join(" ");
        // Distinct openings while there are enough of them; repeats only when the short
        // lines run out.
        if g.outcome().is_none() && (attempts > 100 * pairs || !out.contains(&text)) {
            out.push(text);
        }
    }
    out
}

fn parse_sprt(text: &str) -> Result<Sprt, String> {
    let numbers: Vec<f64> = text
        .split(',')
        .map(|t| match t.trim().parse::<f64>() {
            Ok(x) if x.is_finite() => Ok(x),
            _ => Err(format!("'{t}' is not a finite number")),
        })
        .collect::<Result<_, _>>()?;
    let (elo0, elo1, alpha, beta) = match numbers[..] {
        [e0, e1] => (e0, e1, DEFAULT_ALPHA, DEFAULT_BETA),
        [e0, e1, a, b] => (e0, e1, a, b),
        _ => return Err("expected ELO0,ELO1 or ELO0,ELO1,ALPHA,BETA".into()),
    };
    if elo1 <= elo0 {
        return Err(format!("ELO1 ({elo1}) must be greater than ELO0 ({elo0})"));
    }
    for (name, p) in [("ALPHA", alpha), ("BETA", beta)] {
        if !(p > 0.0 && p < 0.5) {
            return Err(format!("{name} ({p}) must be between 0 and 0.5"));
        }
    }
    Ok(Sprt {
        elo0,
        elo1,
        alpha,
        beta,
    })
}

/// The `[players]` table of the players file.
pub(crate) fn read_players_file(path: &PathBuf) -> anyhow::Result<toml::Table> {
    let text = std::fs::read_to_string(path).map_err(|e| {
        crate::input_error(format!(
            "cannot read players file '{}': {e}",
            path.display()
        ))
    })?;
    let mut table: toml::Table = text
        .parse()
        .map_err(|e| crate::input_error(format!("players file '{}': {e}", path.display())))?;
    match table.remove("players") {
        Some(toml::Value::Table(players)) => Ok(players),
        _ => Err(crate::input_error(format!(
            "players file '{}' has no [players] table of NAME = \"SPEC\"",
            path.display()
        ))),
    }
}

/// Turns a command-line player into a checked contestant.
pub(crate) fn contestant(
    text: &str,
    file: Option<&toml::Table>,
    game: &'static olympiad_catalog::GameEntry,
) -> anyhow::Result<Contestant> {
    let (name, spec_text, options) = if PlayerSpec::is_spec(text) {
        (text.to_string(), text.to_string(), Vec::new())
    } else {
        let Some(players) = file else {
            return Err(crate::input_error(format!(
                "player '{text}' is not builtin:NAME[:key=value,...] or cmd:COMMAND LINE \
                 (and no --players file names it)"
            )));
        };
        match players.get(text) {
            Some(toml::Value::String(spec)) => (text.to_string(), spec.clone(), Vec::new()),
            Some(toml::Value::Table(table)) => {
                let (spec, options) = player_table(text, table)?;
                (text.to_string(), spec, options)
            }
            Some(_) => {
                return Err(crate::input_error(format!(
                    "player '{text}' in the players file is neither \"SPEC\" nor a table \
                     with spec (or protocol and command) and options"
                )));
            }
            None => {
                let known: Vec<&str> = players.keys().map(String::as_str).collect();
                return Err(crate::input_error(format!(
                    "player '{text}' is not in the players file (it has: {})",
                    known.join(", ")
                )));
            }
        }
    };
    let spec = PlayerSpec::parse(&spec_text, game)
        .and_then(|spec| spec.with_options(&options, game))
        .map_err(|e| crate::input_error(e.to_string()))?;
    Ok(Contestant { name, spec })
}

/// A players-file table: `spec = "uci:stockfish"` or `protocol = "uci"` with `command =
/// "stockfish"`, and `options = { Hash = 64, UCI_Elo = 2000 }`.
fn player_table(
    name: &str,
    table: &toml::Table,
) -> anyhow::Result<(String, Vec<(String, String)>)> {
    let bad =
        |what: String| crate::input_error(format!("player '{name}' in the players file: {what}"));
    let text = |key: &str| match table.get(key) {
        None => Ok(None),
        Some(toml::Value::String(s)) => Ok(Some(s.clone())),
        Some(other) => Err(bad(format!("{key} is {} , not a string", other.type_str()))),
    };
    if let Some(key) = table
        .keys()
        .find(|k| !["spec", "protocol", "command", "options"].contains(&k.as_str()))
    {
        return Err(bad(format!(
            "unknown key '{key}' (keys: spec, protocol, command, options)"
        )));
    }
    let spec = match (text("spec")?, text("protocol")?, text("command")?) {
        (Some(spec), None, None) => spec,
        (None, Some(protocol), Some(command)) => format!("{protocol}:{command}"),
        (None, None, Some(command)) => format!("cmd:{command}"),
        _ => return Err(bad("give spec, or command with an optional protocol".into())),
    };
    let mut options = Vec::new();
    match table.get("options") {
        None => {}
        Some(toml::Value::Table(o)) => {
            for (k, v) in o {
                let value = olympiad_tournament::option_text(v)
                    .ok_or_else(|| bad(format!("option {k} is a {}", v.type_str())))?;
                options.push((k.clone(), value));
            }
        }
        Some(other) => {
            return Err(bad(format!(
                "options is a {}, not a table",
                other.type_str()
            )));
        }
    }
    Ok((spec, options))
}

/// `olympiad match`.
pub fn run(args: &Args) -> anyhow::Result<()> {
    let game =
        olympiad_catalog::find_game(&args.game).map_err(|e| crate::input_error(e.to_string()))?;
    let given = 2 + args.more.len();
    if given != game.players {
        return Err(crate::input_error(format!(
            "{} is a {}-player game: give {} players, not {given}",
            game.name, game.players, game.players
        )));
    }
    if game.players > 2 {
        for (option, used) in [
            ("--sprt", args.sprt.is_some()),
            ("--openings", args.openings.is_some()),
            ("--random-openings", args.random_openings.is_some()),
        ] {
            if used {
                return Err(crate::input_error(format!(
                    "{option} is for two-player games; {} has {} seats",
                    game.name, game.players
                )));
            }
        }
    }
    if args.games == 0 || args.concurrency == 0 || args.time_ms == 0 {
        return Err(crate::input_error(
            "--games, --concurrency and --time-ms must be at least 1",
        ));
    }
    if let Some(dir) = &args.out {
        let records = dir.join(olympiad_arena::matches::RECORDS_FILE);
        if records.exists() {
            return Err(crate::input_error(format!(
                "{} exists: --out takes a directory without a match in it",
                records.display()
            )));
        }
    }
    let file = args.players.as_ref().map(read_players_file).transpose()?;
    if game.players > 2 {
        return run_table_match(args, game, file.as_ref());
    }
    let mut a = contestant(&args.player_a, file.as_ref(), game)?;
    let mut b = contestant(&args.player_b, file.as_ref(), game)?;
    if a.name == b.name {
        a.name.push_str(" (a)");
        b.name.push_str(" (b)");
    }
    let config = MatchConfig {
        openings: match (&args.openings, args.random_openings) {
            (Some(path), _) => {
                olympiad_runner::read_openings(game, path).map_err(crate::input_error)?
            }
            (None, Some(plies)) => random_openings(game, plies, args.games.div_ceil(2), args.seed),
            (None, None) => Vec::new(),
        },
        ..match_config(args, game)
    };
    let players = [a, b];
    config
        .check_openings(&players)
        .map_err(|e| crate::input_error(e.to_string()))?;
    let total = args.games;
    let width = total.to_string().len();
    let mut game_file = match &args.out {
        Some(dir) => crate::game_file::GameFile::create(dir, game, false)?,
        None => None,
    };
    let served = serve(args)?;
    let mut timing = Timing::default();
    let summary = run_match(&config, &players, watch(&served), |record, tally| {
        say_or_drop!("{}", game_line(record, tally, total, width));
        timing.add(record);
        if let Some(f) = game_file.as_mut() {
            f.add(record, "olympiad match", &(record.index + 1).to_string());
        }
    })?;
    let [a, b] = &players;
    print_summary(&a.name, &b.name, &summary);
    timing.print(&config.referee.time);
    if let Some(test) = &args.sprt {
        print_sprt(test, &summary);
    }
    print_records(args, game);
    keep_serving(served);
    Ok(())
}

/// The match settings from the command line (no openings).
fn match_config(args: &Args, game: &'static olympiad_catalog::GameEntry) -> MatchConfig {
    MatchConfig {
        game,
        games: args.games,
        referee: RefereeConfig {
            time: match args.tc {
                Some(tc) => TimeControl {
                    move_cap: tc.move_cap.or(args.move_cap_ms.map(Duration::from_millis)),
                    margin: Duration::from_millis(args.margin_ms),
                    ..tc
                },
                None => TimeControl {
                    budget: Duration::from_millis(args.time_ms),
                    increment: Duration::from_millis(args.increment_ms),
                    move_cap: args.move_cap_ms.map(Duration::from_millis),
                    moves_per_period: None,
                    margin: Duration::from_millis(args.margin_ms),
                },
            },
            freeze_idle: args.freeze_idle,
            max_plies: args.max_plies,
            adjudication: Adjudication {
                resign: args.resign,
                draw: args.draw,
            },
        },
        concurrency: args.concurrency,
        out_dir: args.out.clone(),
        address_space_bytes: (args.memory_mib > 0).then_some(args.memory_mib << 20),
        sprt: args.sprt,
        openings: Vec::new(),
    }
}

/// Says where the records went, if anywhere.
fn print_records(args: &Args, game: &olympiad_catalog::GameEntry) {
    if let Some(dir) = &args.out {
        say_or_drop!(
            "records: {}",
            dir.join(olympiad_arena::matches::RECORDS_FILE).display()
        );
        if let Some(ext) = game.record_extension() {
            say_or_drop!("games: {}", dir.join(format!("games.{ext}")).display());
        }
    }
}

/// `olympiad match` for a game of more than two seats: seats rotated, one line per game,
/// then the table per player.
fn run_table_match(
    args: &Args,
    game: &'static olympiad_catalog::GameEntry,
    file: Option<&toml::Table>,
) -> anyhow::Result<()> {
    let texts = [&args.player_a, &args.player_b]
        .into_iter()
        .chain(args.more.iter());
    let mut players: Vec<Contestant> = texts
        .map(|t| contestant(t, file, game))
        .collect::<anyhow::Result<_>>()?;
    // Names must tell the players apart: repeated ones get their place on the command line.
    for i in 0..players.len() {
        if players.iter().filter(|p| p.name == players[i].name).count() > 1 {
            let name = players[i].name.clone();
            for (k, p) in players
                .iter_mut()
                .enumerate()
                .filter(|(_, p)| p.name == name)
            {
                p.name = format!("{name} ({})", k + 1);
            }
        }
    }
    let n = players.len() as u64;
    if !args.games.is_multiple_of(n) {
        eprintln!(
            "olympiad: note: {} games is not a multiple of {n}: the seats rotate every {n} \
             games, so some players sit in some seats once more than others",
            args.games
        );
    }
    let config = match_config(args, game);
    let total = args.games;
    let width = total.to_string().len();
    let served = serve(args)?;
    let summary = run_match(&config, &players, watch(&served), |record, _| {
        say_or_drop!("{}", table_game_line(record, total, width));
    })?;
    print_table(&players, &summary);
    print_records(args, game);
    keep_serving(served);
    Ok(())
}

/// The viewer of `--serve`, started.
type Served = Option<(
    olympiad_viewer::Server,
    std::sync::Arc<olympiad_viewer::LiveWatch>,
)>;

fn serve(args: &Args) -> anyhow::Result<Served> {
    args.serve
        .map(|bind| crate::serve::start_live(bind, None))
        .transpose()
}

/// The match's watch: the viewer's when serving.
fn watch(served: &Served) -> &dyn Watch {
    match served {
        Some((_, live)) => &**live,
        None => &NoWatch,
    }
}

fn keep_serving(served: Served) {
    if let Some((server, live)) = served {
        crate::serve::keep_serving(server, &live);
    }
}

/// How a game ended, in words.
fn how_it_ended(r: &GameRecord) -> String {
    match &r.termination {
        Termination::Rules { reason } => reason.clone(),
        Termination::MoveLimit { plies } => format!("move limit ({plies} plies)"),
        Termination::Resigned { seat } => format!("{} resigned", r.players[*seat as usize].name),
        Termination::Adjudicated { reason, .. } => format!("adjudicated: {reason}"),
        Termination::Fault { seat, fault } => {
            format!(
                "{} by {}: {}",
                fault.kind(),
                r.players[*seat as usize].name,
                fault.detail()
            )
        }
    }
}

/// One finished game of more than two seats: number, each seat's player and points, how it
/// ended, plies.
fn table_game_line(r: &GameRecord, total: u64, width: usize) -> String {
    let seats: Vec<String> = r
        .players
        .iter()
        .zip(&r.points)
        .map(|(p, points)| format!("{} {points}", p.name))
        .collect();
    format!(
        "game {:>width$}/{total}: {}  {}, {} plies",
        r.index + 1,
        seats.join(", "),
        how_it_ended(r),
        r.moves.len(),
    )
}

/// The table per player at the end of a match of more than two seats.
fn print_table(players: &[Contestant], s: &MatchSummary) {
    let name_width = players
        .iter()
        .map(|p| p.name.chars().count())
        .max()
        .unwrap_or(0)
        .max("player".len());
    say_or_drop!(
        "{:<name_width$}  {:>5}  {:>8}  {:>11}  {:>5}  {:>6}  seats (games in seat 1..{})",
        "player",
        "games",
        "avg rank",
        "score share",
        "wins",
        "faults",
        players.len()
    );
    for (i, p) in players.iter().enumerate() {
        let t = &s.players[i];
        let rank = t
            .average_rank()
            .map_or("-".to_string(), |r| format!("{r:.3}"));
        let share = s
            .score_share(i)
            .map_or("-".to_string(), |x| format!("{:.1}%", 100.0 * x));
        let seats: Vec<String> = t.seats.iter().map(u64::to_string).collect();
        say_or_drop!(
            "{:<name_width$}  {:>5}  {rank:>8}  {share:>11}  {:>5}  {:>6}  {}",
            p.name,
            t.games,
            t.wins,
            t.faults,
            seats.join(" ")
        );
    }
    let ends: Vec<String> = s
        .terminations
        .iter()
        .map(|(k, n)| format!("{k} {n}"))
        .collect();
    say_or_drop!("terminations: {}", ends.join(", "));
}

/// The two-seat part of a two-player match's tally.
fn duel(s: &MatchSummary) -> &Duel {
    s.duel.as_ref().expect("a two-player match keeps W/D/L")
}

/// One finished game: number, seats, result, how it ended, plies, and the tally so far.
fn game_line(r: &GameRecord, tally: &MatchSummary, total: u64, width: usize) -> String {
    let how = how_it_ended(r);
    let tally = duel(tally);
    format!(
        "game {:>width$}/{total}: {} - {}  {}  {how}, {} plies  [+{} ={} -{}]",
        r.index + 1,
        r.players[0].name,
        r.players[1].name,
        r.result,
        r.moves.len(),
        tally.wdl.wins,
        tally.wdl.draws,
        tally.wdl.losses,
    )
}

fn print_summary(a: &str, b: &str, s: &MatchSummary) {
    let w = &duel(s).wdl;
    say_or_drop!(
        "{a} vs {b}: W {} D {} L {} ({} games)",
        w.wins,
        w.draws,
        w.losses,
        w.games()
    );
    say_or_drop!(
        "score: {:.1}/{} ({:.1}%)",
        w.points(),
        w.games(),
        100.0 * w.score()
    );
    match w.elo() {
        Some((elo, Some(ci))) => say_or_drop!("elo: {elo:+.1} +- {ci:.1} (95%)"),
        Some((elo, None)) => say_or_drop!("elo: {elo:+.1} (too few games for an interval)"),
        None => say_or_drop!("elo: unbounded (a score of 0% or 100%)"),
    }
    let ends: Vec<String> = s
        .terminations
        .iter()
        .map(|(k, n)| format!("{k} {n}"))
        .collect();
    say_or_drop!("terminations: {}", ends.join(", "));
    say_or_drop!(
        "faults: {a} {}, {b} {}",
        s.players[0].faults,
        s.players[1].faults
    );
}

/// What the arena's clocks cost, as fastchess users check it: per move, the wall time from
/// the request written to the reply read minus the time the engine itself reported for
/// its search (engines whose last report before the move gives the whole search's time);
/// and every loss on time with how late the reply came and the clock the loser had.
#[derive(Default)]
struct Timing {
    /// Wall time minus reported time, in milliseconds, one per move with a report.
    overheads: Vec<f64>,
    /// One line per loss on time.
    time_losses: Vec<String>,
}

impl Timing {
    fn add(&mut self, r: &GameRecord) {
        for m in &r.moves {
            if let Some(reported) = m.thinking.as_ref().and_then(|t| t.time_ms) {
                self.overheads.push(m.time_ms - reported as f64);
            }
        }
        if let Termination::Fault {
            seat,
            fault: olympiad_arena::Fault::Timeout(detail),
        } = &r.termination
        {
            let before = r
                .moves
                .iter()
                .rev()
                .find(|m| m.seat == *seat)
                .map_or(r.config.time.budget.as_secs_f64() * 1000.0, |m| m.left_ms);
            let name = r
                .players
                .get(*seat as usize)
                .map_or("?", |p| p.name.as_str());
            self.time_losses.push(format!(
                "game {}: {name} (seat {seat}) with {before:.0} ms on its clock: {detail}",
                r.index + 1
            ));
        }
    }

    fn print(&self, time: &TimeControl) {
        if !self.overheads.is_empty() {
            let mut sorted = self.overheads.clone();
            sorted.sort_by(f64::total_cmp);
            let at = |q: f64| sorted[((sorted.len() - 1) as f64 * q).round() as usize];
            say_or_drop!(
                "arena overhead per move (wall time minus the engine's reported time, {} \
                 moves): median {:.2} ms, 90% {:.2} ms, 99% {:.2} ms",
                sorted.len(),
                at(0.5),
                at(0.9),
                at(0.99)
            );
        }
        say_or_drop!(
            "time losses: {} (margin {} ms)",
            self.time_losses.len(),
            time.margin.as_millis()
        );
        for line in &self.time_losses {
            say_or_drop!("  {line}");
        }
    }
}

fn print_sprt(test: &Sprt, s: &MatchSummary) {
    let s = duel(s);
    let p = &s.pairs;
    let (lower, upper) = test.bounds();
    say_or_drop!(
        "pairs (LL LD WL+DD WD WW): {} {} {} {} {}",
        p.0[0],
        p.0[1],
        p.0[2],
        p.0[3],
        p.0[4]
    );
    let nelo = p
        .normalized_elo()
        .map_or("n/a".to_string(), |e| format!("{e:+.1}"));
    let los = p
        .los()
        .map_or("n/a".to_string(), |l| format!("{:.1}%", 100.0 * l));
    say_or_drop!("normalized elo: {nelo}, LOS: {los}");
    let verdict = match s.sprt_decision {
        Some((Verdict::AcceptH1, n)) => {
            format!("H1 accepted after {n} pairs: elo >= {}", test.elo1)
        }
        Some((Verdict::AcceptH0, n)) => {
            format!("H0 accepted after {n} pairs: elo <= {}", test.elo0)
        }
        _ => "undecided (ran out of games)".to_string(),
    };
    say_or_drop!(
        "sprt [{}, {}] alpha {} beta {}: LLR {:.2} in [{lower:.2}, {upper:.2}]: {verdict}",
        test.elo0,
        test.elo1,
        test.alpha,
        test.beta,
        test.llr(p)
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser, Debug)]
    struct Cli {
        #[command(flatten)]
        args: Args,
    }

    /// Runs `olympiad match` with `argv`; `Err` holds the message of an input error.
    fn run_match_cli(argv: &[&str]) -> Result<(), String> {
        let cli = Cli::try_parse_from(std::iter::once("match").chain(argv.iter().copied()))
            .expect("arguments parse");
        run(&cli.args).map_err(|e| {
            assert!(
                e.downcast_ref::<crate::InputError>().is_some(),
                "not an input error: {e:#}"
            );
            e.to_string()
        })
    }

    fn temp_dir(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("olympiad-match-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn an_sprt_needs_finite_numbers_in_order() {
        let ok = parse_sprt("-3, 1").unwrap();
        assert_eq!((ok.elo0, ok.elo1), (-3.0, 1.0));
        for (text, says) in [
            ("NaN,NaN", "'NaN' is not a finite number"),
            ("0,inf", "'inf' is not a finite number"),
            ("-inf,0", "'-inf' is not a finite number"),
            ("0,1,0.05,nan", "'nan' is not a finite number"),
            ("1,0", "must be greater than ELO0"),
            ("0,1,0.5,0.05", "ALPHA (0.5) must be between 0 and 0.5"),
            ("0", "expected ELO0,ELO1"),
        ] {
            let e = parse_sprt(text).unwrap_err();
            assert!(e.contains(says), "{text}: {e}");
        }
    }

    #[test]
    fn bad_input_is_refused_before_anything_starts() {
        let err = |argv: &[&str]| run_match_cli(argv).unwrap_err();
        assert!(err(&["tafl", "builtin:random", "builtin:random"]).contains("unknown game 'tafl'"));
        assert!(err(&["caissa", "builtin:deep", "builtin:random"]).contains("unknown engine"));
        assert!(
            err(&["reversi", "builtin:hipp", "builtin:random"])
                .contains("unknown engine 'hipp' for reversi (known: random)")
        );
        assert!(
            err(&[
                "caissa",
                "builtin:caissa",
                "cmd:/bin/cat",
                "--random-openings",
                "2"
            ])
            .contains("openings need built-in players")
        );
        assert!(err(&["caissa", "builtin:random:x=1", "builtin:random"]).contains("no option"));
        assert!(err(&["caissa", "random", "builtin:random"]).contains("no --players file"));
        assert!(
            err(&["caissa", "cmd:/nonexistent/bot", "builtin:random"]).contains("does not exist")
        );
        let dir = temp_dir("bad");
        let text = dir.join("bot.txt");
        std::fs::write(&text, "not a program").unwrap();
        let spec = format!("cmd:{}", text.display());
        assert!(err(&["caissa", &spec, "builtin:random"]).contains("not an executable"));
        let _ = std::fs::remove_dir_all(&dir);
        assert!(
            err(&["caissa", "builtin:random", "builtin:random", "--games", "0"])
                .contains("at least 1")
        );
    }

    #[test]
    fn players_file_names_and_records() {
        let dir = temp_dir("file");
        let file = dir.join("players.toml");
        std::fs::write(
            &file,
            "[players]\nalice = \"builtin:random:seed=1\"\nbob = \"builtin:random:seed=2\"\n",
        )
        .unwrap();
        let f = file.to_str().unwrap();
        let out = dir.join("out");
        let o = out.to_str().unwrap();
        run_match_cli(&[
            "caissa",
            "alice",
            "bob",
            "--players",
            f,
            "--games",
            "3",
            "--out",
            o,
        ])
        .unwrap();
        let records = std::fs::read_to_string(out.join("games.jsonl")).unwrap();
        assert_eq!(records.lines().count(), 3);
        assert!(records.lines().all(|l| l.contains("\"name\":\"alice\"")));
        // A second match into the same directory is refused.
        let again =
            run_match_cli(&["caissa", "alice", "bob", "--players", f, "--out", o]).unwrap_err();
        assert!(again.contains("exists"));
        let unknown = run_match_cli(&["caissa", "carol", "bob", "--players", f]).unwrap_err();
        assert!(
            unknown.contains("not in the players file (it has: alice, bob)"),
            "{unknown}"
        );
        std::fs::write(&file, "alice = 1\n").unwrap();
        let bad = run_match_cli(&["caissa", "alice", "bob", "--players", f]).unwrap_err();
        assert!(bad.contains("no [players] table"), "{bad}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
