//! `olympiad tournament`: plays a tournament config to its end into a SQLite store (one
//! transaction per finished game), shows progress (a bar with ETA on a terminal, one line
//! per game otherwise), and ends with standings, crosstable, ratings and the reports
//! (HTML, JSON, TRF) in the output directory. `--resume` continues a stopped tournament
//! with exactly its missing games; without `--out` it finds the most recent unfinished one
//! in the current directory, asking each store whether its schedule is complete. An
//! interrupted run (Ctrl-C) prints the exact command that resumes it: the interrupt handler
//! writes it on its way out, so it appears exactly when it is needed and a finished run
//! says nothing about resuming. Without a config it plays the built-in default
//! (`default-tournament.toml`). Games of more than two seats (Rolit) are played as a round
//! robin of tables and get the table reports (pairwise crosstable, no TRF).

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use olympiad_arena::executor::Executor;
use olympiad_arena::{NoWatch, Watch};
use olympiad_cluster::Topology;
use olympiad_cluster::executor::ClusterExecutor;
use olympiad_report::{self as report, Results};
use olympiad_runner::{Event, Setup, TournamentError, is_finished, run_tournament};
use olympiad_store::{Store, StoredGame, utc_compact};
use olympiad_tournament::config::ClusterConfig;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant, SystemTime};

/// The config played when none is given.
pub const DEFAULT_CONFIG: &str = include_str!("default-tournament.toml");
/// How the default config is named in messages.
const DEFAULT_ORIGIN: &str = "the built-in default config";
/// The database's file name in the output directory.
pub const DB_FILE: &str = "tournament.db";
/// The prefix of a fresh output directory (`tournament-YYYYmmdd-HHMMSS`, UTC).
const OUT_PREFIX: &str = "tournament-";

/// Arguments of `olympiad tournament`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The tournament config (TOML, see docs/tournament.example.toml). Without it: the
    /// built-in default (a Caïssa double round robin of the built-in engines), or with
    /// --resume the config stored in the database.
    pub config: Option<PathBuf>,
    /// Continue the tournament in the database: play only the games it lacks. Without
    /// --out or --db: the most recent unfinished tournament in the current directory (a
    /// tournament.db here or in a directory here). A config given too must be the stored
    /// one.
    #[arg(long)]
    pub resume: bool,
    /// The database (default: OUT/tournament.db).
    #[arg(long, value_name = "PATH")]
    pub db: Option<PathBuf>,
    /// The output directory for the database, the reports and the programs' stderr logs
    /// (default: a new tournament-YYYYmmdd-HHMMSS in the current directory, UTC; with
    /// --resume, the database's directory).
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// With a [cluster] section in the config: this process's index (default:
    /// $SLURM_PROCID under Slurm, else 0). Process 0 runs the tournament and keeps the
    /// store; every other process is started with the same config and plays the games
    /// process 0 sends it, until the tournament ends.
    #[arg(short = 'p', long = "process", value_name = "I")]
    pub process: Option<usize>,
    /// Serve the web viewer while playing (every game under way on a board, the standings
    /// as they grow) on ADDR (default 127.0.0.1:8080; port 0 picks a free one), and keep
    /// serving after the last game until interrupted.
    #[arg(long, value_name = "ADDR", num_args = 0..=1, default_missing_value = crate::serve::DEFAULT_BIND)]
    pub serve: Option<std::net::SocketAddr>,
}

/// A tournament error as the CLI reports it: the user's input (exit code 2) or a failure.
fn classify(e: TournamentError) -> anyhow::Error {
    match e {
        TournamentError::Config { .. }
        | TournamentError::Invalid { .. }
        | TournamentError::Mismatch(_)
        | TournamentError::Results(report::ResultsError::Mismatch(_)) => {
            crate::input_error(e.to_string())
        }
        other => anyhow::Error::new(other),
    }
}

/// A config file's text, its name for messages and its directory (for the openings file).
fn read_config(path: &Path) -> anyhow::Result<(String, String, PathBuf)> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| crate::input_error(format!("{}: {e}", path.display())))?;
    let dir = path
        .parent()
        .map_or_else(|| PathBuf::from("."), Path::to_path_buf);
    Ok((text, path.display().to_string(), dir))
}

/// Where two config texts first differ, for the message of a refused resume.
fn first_difference(stored: &str, given: &str) -> String {
    let (mut a, mut b) = (stored.lines(), given.lines());
    for line in 1.. {
        match (a.next(), b.next()) {
            (Some(x), Some(y)) if x == y => continue,
            (x, y) => {
                let show =
                    |l: Option<&str>| l.map_or("(end of file)".to_string(), |l| format!("'{l}'"));
                return format!("line {line}: stored {}, given {}", show(x), show(y));
            }
        }
    }
    unreachable!("the loop returns at the first difference")
}

/// A new output directory `tournament-YYYYmmdd-HHMMSS` (with `-2`, `-3`... if taken).
fn fresh_out_dir() -> PathBuf {
    let base = format!("{OUT_PREFIX}{}", utc_compact(SystemTime::now()));
    let mut dir = PathBuf::from(&base);
    let mut k = 2;
    while dir.exists() {
        dir = PathBuf::from(format!("{base}-{k}"));
        k += 1;
    }
    dir
}

/// A tournament store found in the current directory, and what it says about itself.
struct Found {
    db: PathBuf,
    name: String,
    /// When it last did something: its creation or its latest game (UTC, sortable).
    last_active: String,
    finished: bool,
}

/// Reads the store at `db`: its name, when it was last active, and whether its schedule is
/// complete.
fn inspect(db: &Path) -> anyhow::Result<Found> {
    let mut store = Store::open_read_only(db)?;
    let info = store.tournament()?;
    let setup = Setup::from_stored(
        &info.config,
        &format!("the config stored in {}", db.display()),
        info.openings.clone(),
    )?;
    let last_game = store.games()?.into_iter().map(|g| g.started).max();
    Ok(Found {
        db: db.to_path_buf(),
        name: info.name,
        last_active: last_game.map_or(info.created.clone(), |t| t.max(info.created)),
        finished: is_finished(&setup, &mut store)?,
    })
}

/// The database of the most recent unfinished tournament in the current directory (its own
/// `tournament.db`, or one in a directory here), with a line saying which it is.
fn latest_unfinished() -> anyhow::Result<(PathBuf, String)> {
    let mut candidates = vec![PathBuf::from(DB_FILE)];
    let here = std::fs::read_dir(".")
        .map_err(|e| crate::input_error(format!("the current directory: {e}")))?;
    let mut dirs: Vec<PathBuf> = here
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_ok_and(|t| t.is_dir()))
        .map(|e| PathBuf::from(e.file_name()).join(DB_FILE))
        .collect();
    dirs.sort();
    candidates.extend(dirs);
    let mut unfinished = Vec::new();
    let mut unreadable = Vec::new();
    let mut finished = 0;
    for db in candidates.iter().filter(|db| db.is_file()) {
        match inspect(db) {
            Ok(found) if found.finished => finished += 1,
            Ok(found) => unfinished.push(found),
            Err(e) => unreadable.push(format!("{}: {e:#}", db.display())),
        }
    }
    unfinished.sort_by(|a, b| b.last_active.cmp(&a.last_active));
    let Some(latest) = unfinished.first() else {
        let mut message = format!(
            "no unfinished tournament in the current directory ({finished} finished); \
             --resume --out DIR names one elsewhere"
        );
        for problem in &unreadable {
            message.push_str(&format!("\n  not readable: {problem}"));
        }
        return Err(crate::input_error(message));
    };
    let mut which = format!(
        "the most recent unfinished tournament here is '{}' in {} (last active {})",
        latest.name,
        latest.db.display(),
        latest.last_active
    );
    if unfinished.len() > 1 {
        let others: Vec<String> = unfinished[1..]
            .iter()
            .map(|f| f.db.display().to_string())
            .collect();
        which.push_str(&format!(
            "; also unfinished: {} (resume one with --out DIR)",
            others.join(", ")
        ));
    }
    Ok((latest.db.clone(), which))
}

/// `text` as one shell word: as it is when the shell reads nothing in it specially, else
/// in single quotes.
fn shell_word(text: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "-_./:=+,@%".contains(c);
    if !text.is_empty() && text.chars().all(plain) {
        text.to_string()
    } else {
        format!("'{}'", text.replace('\'', r"'\''"))
    }
}

/// The command that resumes the tournament in `db` with output in `out`, as this program
/// was called.
fn resume_command(out: &Path, db: &Path) -> String {
    let program = std::env::args_os().next().map_or_else(
        || "olympiad".to_string(),
        |p| p.to_string_lossy().into_owned(),
    );
    let mut words = vec![
        shell_word(&program),
        "tournament".to_string(),
        "--resume".to_string(),
        "--out".to_string(),
        shell_word(&out.display().to_string()),
    ];
    if db != out.join(DB_FILE) {
        words.push("--db".to_string());
        words.push(shell_word(&db.display().to_string()));
    }
    words.join(" ")
}

/// The setup, the opened or new store, the output directory, and for a resume without
/// --out or --db the line that says which tournament was found.
fn open(args: &Args) -> anyhow::Result<(Setup, Store, PathBuf, Option<String>)> {
    if args.resume {
        let mut found = None;
        let db = match (&args.db, &args.out) {
            (Some(db), _) => db.clone(),
            (None, Some(out)) => out.join(DB_FILE),
            (None, None) => {
                let (db, which) = latest_unfinished()?;
                found = Some(which);
                db
            }
        };
        if !db.exists() {
            return Err(crate::input_error(format!(
                "{}: no tournament to resume (start it without --resume)",
                db.display()
            )));
        }
        let store = Store::open(&db)?;
        let info = store.tournament()?;
        let setup = match &args.config {
            Some(path) => {
                let (text, origin, dir) = read_config(path)?;
                if text != info.config {
                    return Err(crate::input_error(format!(
                        "{origin} differs from the config stored in {} ({}); resume without \
                         a config to continue with the stored one",
                        db.display(),
                        first_difference(&info.config, &text)
                    )));
                }
                let setup = Setup::from_toml(&text, &origin, Some(&dir)).map_err(classify)?;
                if setup.openings != info.openings {
                    return Err(crate::input_error(format!(
                        "the openings file of {origin} has changed since the tournament \
                         started; resume without a config to continue with the stored openings"
                    )));
                }
                setup
            }
            None => Setup::from_stored(
                &info.config,
                &format!("the config stored in {}", db.display()),
                info.openings.clone(),
            )
            .map_err(classify)?,
        };
        let out = match &args.out {
            Some(out) => out.clone(),
            None => db
                .parent()
                .map_or_else(|| PathBuf::from("."), Path::to_path_buf),
        };
        return Ok((setup, store, out, found));
    }
    let setup = match &args.config {
        Some(path) => {
            let (text, origin, dir) = read_config(path)?;
            Setup::from_toml(&text, &origin, Some(&dir))
        }
        None => Setup::from_toml(DEFAULT_CONFIG, DEFAULT_ORIGIN, None),
    }
    .map_err(classify)?;
    let out = args.out.clone().unwrap_or_else(fresh_out_dir);
    std::fs::create_dir_all(&out)
        .map_err(|e| crate::input_error(format!("{}: {e}", out.display())))?;
    let db = args.db.clone().unwrap_or_else(|| out.join(DB_FILE));
    if db.exists() {
        return Err(crate::input_error(format!(
            "{} already holds a tournament: add --resume to continue it, or choose another --out",
            db.display()
        )));
    }
    let store = setup.create_store(&db)?;
    Ok((setup, store, out, None))
}

/// Progress on stderr: a bar with ETA on a terminal, one line per game otherwise.
enum Progress {
    Bar(ProgressBar),
    Lines,
}

impl Progress {
    fn new() -> Progress {
        if std::io::stderr().is_terminal() {
            let bar = ProgressBar::with_draw_target(Some(0), ProgressDrawTarget::stderr());
            bar.set_style(
                ProgressStyle::with_template(
                    "{elapsed_precise} [{bar:40}] {pos}/{len} games, ETA {eta} {msg}",
                )
                .expect("the template is valid")
                .progress_chars("=> "),
            );
            Progress::Bar(bar)
        } else {
            Progress::Lines
        }
    }

    fn line(&self, text: &str) {
        match self {
            Progress::Bar(bar) => bar.println(text),
            Progress::Lines => eprintln!("{text}"),
        }
    }

    fn set_total(&self, total: u32) {
        if let Progress::Bar(bar) = self {
            bar.set_length(u64::from(total));
        }
    }

    fn update(&self, done: u32, total: u32) {
        if let Progress::Bar(bar) = self {
            bar.set_length(u64::from(total));
            bar.set_position(u64::from(done));
        }
    }

    fn finish(&self) {
        if let Progress::Bar(bar) = self {
            bar.finish_and_clear();
        }
    }
}

/// The results of the stored games (two seats or tables alike).
fn results(setup: &Setup, games: &[StoredGame]) -> Result<Results, TournamentError> {
    Ok(Results::compute(&setup.described(), games)?)
}

/// One finished game: key, players, result, how it ended, and the count so far.
fn game_line(setup: &Setup, g: &StoredGame, done: u32, total: u32) -> String {
    let name = |id: olympiad_tournament::PlayerId| setup.config.players[id.index()].name.as_str();
    let seats = &g.pairing.seats;
    let result = match seats[..] {
        [player] => return format!("{}: {} has a bye", g.key(), name(player)),
        [first, second] => {
            let result = match g.result.half_points(0) {
                2 => "1-0",
                0 => "0-1",
                _ => "1/2-1/2",
            };
            format!("{} - {}  {result}", name(first), name(second))
        }
        _ => {
            let players: Vec<&str> = seats.iter().map(|&p| name(p)).collect();
            let scores: Vec<String> = g.result.ranking.iter().map(|s| s.to_string()).collect();
            format!("{}  {}", players.join(", "), scores.join("-"))
        }
    };
    format!(
        "{}: {result}  {}, {} plies  [{done}/{total}]",
        g.key(),
        g.detail,
        g.moves.len()
    )
}

/// This process's index in a run across processes: `--process`, else $SLURM_PROCID, else 0.
fn process_index(args: &Args) -> anyhow::Result<usize> {
    match args.process {
        Some(p) => Ok(p),
        None => olympiad_cluster::process_from_env().map_err(crate::input_error),
    }
}

/// The topology of a `[cluster]` section, for process `process`.
fn cluster_topology(cluster: &ClusterConfig, process: usize) -> anyhow::Result<Topology> {
    Topology::new(cluster.hosts.clone(), process, cluster.workers as usize)
        .map_err(|e| crate::input_error(format!("[cluster]: {e}")))
}

/// What every process of a tournament across processes must agree on: the config (by a
/// hash of its text) and the program's version.
fn cluster_job(config_text: &str) -> String {
    format!(
        "tournament config {:016x}, olympiad {}",
        olympiad_cluster::stable_hash(config_text),
        env!("CARGO_PKG_VERSION")
    )
}

/// A process other than 0 of a tournament across processes: plays what process 0 sends.
fn serve_games(args: &Args, process: usize) -> anyhow::Result<()> {
    let Some(path) = &args.config else {
        return Err(crate::input_error(format!(
            "process {process} of a tournament across processes needs the config file"
        )));
    };
    let (text, origin, dir) = read_config(path)?;
    let setup = Setup::from_toml(&text, &origin, Some(&dir)).map_err(classify)?;
    let Some(cluster) = &setup.config.cluster else {
        return Err(crate::input_error(format!(
            "{origin} has no [cluster] section: --process is for tournaments across processes"
        )));
    };
    let topology = cluster_topology(cluster, process)?;
    eprintln!(
        "process {process} of {}: playing the games process 0 ({}) sends",
        topology.processes(),
        topology.addresses[0]
    );
    olympiad_cluster::executor::serve(
        &topology,
        &cluster_job(&text),
        Duration::from_secs(cluster.connect_timeout_s),
    )
    .map_err(|e| anyhow::anyhow!("{e}"))?;
    eprintln!("process {process}: the tournament is over");
    Ok(())
}

/// `olympiad tournament`.
pub fn run(args: &Args) -> anyhow::Result<()> {
    let process = process_index(args)?;
    if process > 0 {
        return serve_games(args, process);
    }
    let (setup, mut store, out, found) = open(args)?;
    let cluster = match &setup.config.cluster {
        Some(cluster) => {
            let topology = cluster_topology(cluster, 0)?;
            eprintln!(
                "waiting for the {} processes of the run ({})",
                topology.processes(),
                topology.addresses.join(", ")
            );
            let executor = ClusterExecutor::start(
                &topology,
                &cluster_job(&setup.config_text),
                Duration::from_secs(cluster.connect_timeout_s),
            )
            .map_err(|e| anyhow::anyhow!("{e}"))?;
            eprintln!("playing on {} workers", executor.concurrency());
            Some(executor)
        }
        None => None,
    };
    let created = store.tournament()?.created;
    let db = store.path().to_path_buf();
    let mut games = store.games()?;
    if let Some(which) = found {
        eprintln!("{which}");
    }
    if args.resume {
        let stored = games.iter().filter(|g| !g.pairing.is_bye()).count();
        eprintln!("resuming {}: {stored} games stored", db.display());
    }
    olympiad_arena::interrupt::set_message(Some(&format!(
        "\nolympiad: tournament interrupted; to continue it: {}\n",
        resume_command(&out, &db)
    )));
    let served = match args.serve {
        Some(bind) => Some(crate::serve::start_live(bind, Some(&db))?),
        None => None,
    };
    let watch: &dyn Watch = match &served {
        Some((_, live)) => &**live,
        None => &NoWatch,
    };
    let progress = Progress::new();
    let started = Instant::now();
    let mut html_error = None;
    let mut game_file = crate::game_file::GameFile::create(&out, setup.game, true)?;
    let summary = run_tournament(
        &setup,
        &mut store,
        Some(&out),
        watch,
        cluster.as_ref().map(|c| c as &dyn Executor),
        |event| match event {
            Event::Planned { total } => progress.set_total(total),
            Event::Game {
                game,
                record,
                done,
                total,
            } => {
                progress.line(&game_line(&setup, game, done, total));
                if let (Some(f), Some(record)) = (game_file.as_mut(), record) {
                    let round = format!("{}.{}", game.pairing.round, game.pairing.board);
                    f.add(record, &setup.config.name, &round);
                }
                progress.update(done, total);
                games.push(game.clone());
            }
            Event::BatchDone { .. } => {
                // The HTML is rewritten after each round, so it can be watched.
                let written = results(&setup, &games)
                    .map_err(|e| e.to_string())
                    .and_then(|r| report::write_html(&out, &setup.described(), &r, &created));
                if let Err(e) = written {
                    html_error.get_or_insert(e);
                }
            }
            Event::Note(text) => progress.line(&text),
        },
    );
    progress.finish();
    olympiad_arena::interrupt::set_message(None);
    if let Some(executor) = cluster {
        executor.finish().map_err(|e| anyhow::anyhow!("{e}"))?;
    }
    let summary = summary.map_err(classify)?;
    if let Some(e) = html_error {
        return Err(anyhow::anyhow!("writing the report: {e}"));
    }
    let seconds = started.elapsed().as_secs_f64();
    let computed = results(&setup, &summary.games).map_err(classify)?;
    let written = report::write_reports(&out, &setup.described(), &computed, &created)
        .map_err(|e| anyhow::anyhow!("writing the reports: {e}"))?;
    say_or_drop!(
        "{}",
        report::terminal(&setup.described(), &computed).trim_end()
    );
    say_or_drop!("");
    say_or_drop!(
        "played {} games in {seconds:.1} s ({} stored in all)",
        summary.played_now,
        summary.games.iter().filter(|g| !g.pairing.is_bye()).count()
    );
    for note in &summary.notes {
        say_or_drop!("note: {note}");
    }
    say_or_drop!("database: {}", db.display());
    say_or_drop!("report: {}", written.html.display());
    say_or_drop!("json: {}", written.json.display());
    match written.trf {
        Some(Ok(path)) => say_or_drop!("trf: {}", path.display()),
        Some(Err(e)) => say_or_drop!("trf: not written: {e}"),
        None => {}
    }
    if let Some((server, live)) = served {
        crate::serve::keep_serving(server, &live);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_config_is_valid() {
        let setup = Setup::from_toml(DEFAULT_CONFIG, DEFAULT_ORIGIN, None).unwrap();
        assert_eq!(setup.config.players.len(), 4);
        assert_eq!(setup.planned_games(), 12);
    }

    #[test]
    fn resume_commands_are_shell_words() {
        assert_eq!(
            shell_word("tournament-20250101-120000"),
            "tournament-20250101-120000"
        );
        assert_eq!(shell_word("my runs/it's"), r"'my runs/it'\''s'");
        assert_eq!(shell_word(""), "''");
        let command = resume_command(Path::new("out dir"), Path::new("out dir/tournament.db"));
        assert!(
            command.ends_with(" tournament --resume --out 'out dir'"),
            "{command}"
        );
        let command = resume_command(Path::new("out"), Path::new("elsewhere.db"));
        assert!(
            command.ends_with(" --out out --db elsewhere.db"),
            "{command}"
        );
    }

    #[test]
    fn config_differences_name_the_line() {
        assert_eq!(
            first_difference("a\nb\nc", "a\nx\nc"),
            "line 2: stored 'b', given 'x'"
        );
        assert_eq!(
            first_difference("a\n", "a\nb\n"),
            "line 2: stored (end of file), given 'b'"
        );
    }
}
