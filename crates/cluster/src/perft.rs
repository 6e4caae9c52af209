//! Perft across processes and machines: process 0 cuts the tree into units (the unique
//! positions a few plies down, with their multiplicities: the catalog's
//! [`perft_units`](olympiad_catalog::Tools::perft_units)), sends each unit to the worker its
//! position's hash names, and each worker counts its units one by one with a lossless table
//! of its own (the same position always goes to the same worker, so its table sees every
//! transposition among them). Counts flow back to process 0, which journals each finished
//! unit ([`PerftJournal`]): `resume` continues a run after any process was killed, counting
//! only the units the journal lacks, and the total is the same.

use crate::farm::{Farm, Progress, Task, Work};
use crate::{ClusterError, Topology};
use olympiad_catalog::{GameEntry, PerftUnits, Setup, UnitOptions};
use olympiad_core::perft::GameOverLeaves;
use olympiad_store::perft_journal::{
    JournalError, PerftJournal, PerftRun, SessionSummary, UnitDone,
};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::io::Write;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};
use thiserror::Error;

/// Units per worker that an automatic split aims for, so that workers finish close
/// together although units differ in size.
pub const UNITS_PER_WORKER: usize = 64;

/// What to count and how.
#[derive(Clone, Debug)]
pub struct PerftJob {
    /// The game.
    pub game: &'static GameEntry,
    /// The position text to start from (`None`: the start position).
    pub position: Option<String>,
    /// Moves to play first.
    pub moves: Option<String>,
    /// Plies to count.
    pub depth: u32,
    /// Plies from the setup to the units (`None`: enough for [`UNITS_PER_WORKER`] units
    /// per worker, and at least [`auto_split`]; a resumed run keeps its journal's).
    pub split: Option<u32>,
    /// Counts per root move too.
    pub divide: bool,
    /// How finished games count (`None`: the game's convention).
    pub game_over: Option<GameOverLeaves>,
    /// Each worker's table in MiB (0: none).
    pub hash_mib: usize,
    /// The journal of finished units (`None`: none, and no resume).
    pub journal: Option<PathBuf>,
    /// Continue the run the journal holds.
    pub resume: bool,
    /// Print progress lines to stderr this often (`None`: never).
    pub progress: Option<Duration>,
}

impl PerftJob {
    /// What every process of the run must agree on (the handshake's job text).
    pub fn describe(&self) -> String {
        format!(
            "perft {} depth {} position {:?} moves {:?} divide {} game-over {:?} split {:?}",
            self.game.name,
            self.depth,
            self.position,
            self.moves,
            self.divide,
            self.game_over,
            self.split
        )
    }
}

/// One worker's share of a run (this session's units).
#[derive(Clone, Debug, PartialEq)]
pub struct WorkerShare {
    /// The worker (global index).
    pub worker: u32,
    /// Its process.
    pub process: u32,
    /// Units it counted.
    pub units: u64,
    /// Leaves they hold (multiplicities applied).
    pub leaves: u128,
    /// Seconds it spent counting.
    pub seconds: f64,
}

/// What a run counted (process 0).
#[derive(Clone, Debug)]
pub struct PerftOutcome {
    /// Leaves at the depth.
    pub nodes: u128,
    /// With divide: every root move and its count, in generation order.
    pub divide: Option<Vec<(String, u128)>>,
    /// Plies from the setup to the units.
    pub plies: u32,
    /// Units in the run.
    pub units: u64,
    /// Units found finished in the journal at the start.
    pub units_journaled: u64,
    /// Every worker's share of this session.
    pub shares: Vec<WorkerShare>,
    /// Wall time of this session, from the start of the split to the last count.
    pub elapsed: Duration,
    /// The journal's sessions, when there is a journal.
    pub sessions: Vec<SessionSummary>,
}

/// Why a perft run failed.
#[derive(Debug, Error)]
pub enum PerftError {
    /// The processes could not run together.
    #[error("{0}")]
    Cluster(#[from] ClusterError),
    /// The setup does not parse, or a unit did not count.
    #[error("{0}")]
    Setup(String),
    /// The journal failed.
    #[error("{0}")]
    Journal(#[from] JournalError),
    /// The journal holds another run.
    #[error("{path} journals another run: {detail}")]
    OtherRun {
        /// The journal.
        path: String,
        /// What differs.
        detail: String,
    },
}

#[derive(Serialize, Deserialize)]
struct UnitTask {
    depth: u32,
    position: String,
}

#[derive(Serialize, Deserialize)]
struct UnitResult {
    count: Option<String>,
    error: Option<String>,
    seconds: f64,
}

/// Runs this process's part of `job` on `topology`: process 0 gets the outcome, the other
/// processes `None` once the run is over.
pub fn run(
    topology: &Topology,
    job: &PerftJob,
    timeout: Duration,
) -> Result<Option<PerftOutcome>, PerftError> {
    if job.resume && job.journal.is_none() {
        return Err(PerftError::Setup(
            "--resume needs the --journal of the run".into(),
        ));
    }
    let shared = Arc::new((job.clone(), topology.clone()));
    let results = crate::execute(topology, &job.describe(), timeout, move |worker| {
        let (job, topology) = &*shared;
        let mut farm = Farm::build(worker, counter(job));
        if worker.index() == 0 {
            let outcome = drive(worker, &mut farm, job, topology);
            let late = farm.close(worker);
            debug_assert!(late.is_empty() || outcome.is_err());
            Some(outcome)
        } else {
            farm.close(worker);
            None
        }
    })?;
    results.into_iter().flatten().next().transpose()
}

/// The work of one worker: count units with its own table.
fn counter(job: &PerftJob) -> Work {
    let mut counter = job.game.tools().unit_counter(job.hash_mib, job.game_over);
    Box::new(move |task: &Task, _progress: &Progress<'_>| {
        let started = Instant::now();
        let result = match serde_json::from_str::<UnitTask>(&task.payload) {
            Err(e) => Err(format!("unit {}: {e}", task.id)),
            Ok(unit) => counter
                .count(&unit.position, unit.depth)
                .map_err(|e| format!("unit {} ({}): {e}", task.id, unit.position)),
        };
        let (count, error) = match result {
            Ok(n) => (Some(n.to_string()), None),
            Err(e) => (None, Some(e)),
        };
        serde_json::to_string(&UnitResult {
            count,
            error,
            seconds: started.elapsed().as_secs_f64(),
        })
        .expect("a result serializes")
    })
}

/// The worker of a unit: the same worker for the same position on any machine.
fn route(position: &str, workers: usize) -> u32 {
    (crate::stable_hash(position) % workers as u64) as u32
}

fn game_over_name(rule: Option<GameOverLeaves>) -> String {
    match rule {
        None => "game".into(),
        Some(GameOverLeaves::Zero) => "zero".into(),
        Some(GameOverLeaves::One) => "one".into(),
        Some(GameOverLeaves::OneAtLastPly) => "last-ply".into(),
    }
}

/// Process 0's side: split, journal, send, collect.
fn drive(
    worker: &mut timely::worker::Worker,
    farm: &mut Farm,
    job: &PerftJob,
    topology: &Topology,
) -> Result<PerftOutcome, PerftError> {
    let started = Instant::now();
    let workers = topology.total_workers();
    // A resumed run cuts the tree as its journal says, and starts from its finished units;
    // a new one cuts as asked, and starts from none.
    let resumed = match (&job.journal, job.resume) {
        (Some(path), true) => Some(resume_journal(job, topology, path)?),
        _ => None,
    };
    let units = cut(job, topology, resumed.as_ref().map(|r| r.1))?;
    let (mut journal, mut counts) = match (resumed, &job.journal) {
        (Some((journal, _, stored_units)), _) => {
            let counts = journaled_counts(&journal, stored_units, &units)?;
            (Some(journal), counts)
        }
        (None, Some(path)) => {
            let journal = PerftJournal::create(
                path,
                &run_spec(job, units.plies),
                units.units.len() as u64,
                topology.processes() as u32,
                topology.total_workers() as u32,
            )?;
            (Some(journal), BTreeMap::new())
        }
        (None, None) => (None, BTreeMap::new()),
    };
    let journaled = counts.len() as u64;
    let mut shares: Vec<WorkerShare> = (0..workers)
        .map(|w| WorkerShare {
            worker: w as u32,
            process: topology.process_of(w) as u32,
            units: 0,
            leaves: 0,
            seconds: 0.0,
        })
        .collect();
    let mut under_way = 0u64;
    for (id, unit) in units.units.iter().enumerate() {
        if counts.contains_key(&(id as u64)) {
            continue;
        }
        let payload = serde_json::to_string(&UnitTask {
            depth: units.remaining,
            position: unit.position.clone(),
        })
        .expect("a unit serializes");
        farm.send(Task {
            id: id as u64,
            worker: route(&unit.position, workers),
            payload,
        });
        under_way += 1;
    }
    let total = units.units.len() as u64;
    let mut last_progress = Instant::now();
    let mut leaves_now = 0u128;
    while under_way > 0 {
        let reports = farm.reports(worker, Duration::from_millis(500));
        let mut batch = Vec::new();
        for report in reports.into_iter().filter(|r| r.last) {
            under_way -= 1;
            let result: UnitResult = serde_json::from_str(&report.payload)
                .map_err(|e| PerftError::Setup(format!("unit {}: bad report: {e}", report.id)))?;
            let count: u128 = match (result.count, result.error) {
                (Some(c), _) => c
                    .parse()
                    .map_err(|_| PerftError::Setup(format!("unit {}: count '{c}'", report.id)))?,
                (None, e) => return Err(PerftError::Setup(e.unwrap_or_default())),
            };
            let unit = &units.units[report.id as usize];
            let count = count * unit.multiplicity;
            let share = &mut shares[report.worker as usize];
            share.units += 1;
            share.leaves += count;
            share.seconds += result.seconds;
            leaves_now += count;
            counts.insert(report.id, count);
            batch.push(UnitDone {
                id: report.id,
                root: unit.root,
                count,
                process: share.process,
                worker: share.worker,
                seconds: result.seconds,
            });
        }
        if let Some(journal) = journal.as_mut()
            && !batch.is_empty()
        {
            journal.record(&batch)?;
        }
        if let Some(every) = job.progress
            && last_progress.elapsed() >= every
            && under_way > 0
        {
            last_progress = Instant::now();
            print_progress(counts.len() as u64, total, journaled, leaves_now, started);
        }
    }
    let totals = units.totals((0..total).map(|id| counts[&id]));
    let sessions = match journal.as_ref() {
        Some(j) => j.sessions()?,
        None => Vec::new(),
    };
    Ok(PerftOutcome {
        nodes: totals.iter().sum(),
        divide: job
            .divide
            .then(|| units.roots.iter().cloned().zip(totals).collect()),
        plies: units.plies,
        units: total,
        units_journaled: journaled,
        shares,
        elapsed: started.elapsed(),
        sessions,
    })
}

/// The units of `job`, `plies` down when given, else as the job asks, else at least
/// [`UNITS_PER_WORKER`] per worker and at least [`auto_split`] plies down.
fn cut(job: &PerftJob, topology: &Topology, plies: Option<u32>) -> Result<PerftUnits, PerftError> {
    let setup = Setup {
        position: job.position.as_deref(),
        moves: job.moves.as_deref(),
    };
    let mut options = UnitOptions {
        plies: plies.or(job.split),
        target: topology.total_workers() * UNITS_PER_WORKER,
        divide: job.divide,
        game_over: job.game_over,
    };
    let tools = job.game.tools();
    let cut = |options: &UnitOptions| {
        tools
            .perft_units(&setup, job.depth, options)
            .map_err(|e| PerftError::Setup(e.to_string()))
    };
    let units = cut(&options)?;
    if options.plies.is_none() && units.plies < auto_split(job.depth) {
        options.plies = Some(auto_split(job.depth));
        return cut(&options);
    }
    Ok(units)
}

/// The fewest plies an automatic split goes down: two fifths of the depth. Each worker has
/// a table of its own, so transpositions between units counted by different workers are
/// counted twice; units are unique positions with multiplicities, so a deeper split merges
/// the transpositions above it instead. Checkers perft(17) on two workers of 4 GiB each
/// took 200 s split at 3 plies, 116 s at 7 and 125 s at 9 (`docs/cluster.md`).
pub fn auto_split(depth: u32) -> u32 {
    depth * 2 / 5
}

/// The journal at `path`, checked against `job`, in a new session; its split and its
/// number of units.
fn resume_journal(
    job: &PerftJob,
    topology: &Topology,
    path: &std::path::Path,
) -> Result<(PerftJournal, u32, u64), PerftError> {
    let (mut journal, stored, stored_units) = PerftJournal::open(path)?;
    let ours = run_spec(job, job.split.unwrap_or(stored.plies));
    if stored != ours {
        return Err(PerftError::OtherRun {
            path: path.display().to_string(),
            detail: format!("it holds {stored:?}, this run is {ours:?}"),
        });
    }
    journal.start_session(topology.processes() as u32, topology.total_workers() as u32)?;
    Ok((journal, stored.plies, stored_units))
}

fn run_spec(job: &PerftJob, plies: u32) -> PerftRun {
    PerftRun {
        game: job.game.name.to_string(),
        position: job.position.clone(),
        moves: job.moves.clone(),
        depth: job.depth,
        plies,
        divide: job.divide,
        game_over: game_over_name(job.game_over),
    }
}

/// The finished units of a resumed journal (id -> count), which must be units of the same
/// list: as many units in all, and every finished unit's root where the list has it.
fn journaled_counts(
    journal: &PerftJournal,
    stored_units: u64,
    units: &PerftUnits,
) -> Result<BTreeMap<u64, u128>, PerftError> {
    let other = |detail: String| PerftError::OtherRun {
        path: journal.path().display().to_string(),
        detail,
    };
    if stored_units != units.units.len() as u64 {
        return Err(other(format!(
            "it has {stored_units} units, this run cuts {}",
            units.units.len()
        )));
    }
    let mut counts = BTreeMap::new();
    for (id, (root, count)) in journal.finished()? {
        let fits = units.units.get(id as usize).is_some_and(|u| u.root == root);
        if !fits {
            return Err(other(format!("its unit {id} is not a unit of this run")));
        }
        counts.insert(id, count);
    }
    Ok(counts)
}

fn print_progress(done: u64, total: u64, journaled: u64, leaves: u128, started: Instant) {
    let secs = started.elapsed().as_secs_f64();
    let fraction = done as f64 / total.max(1) as f64;
    let now = (done - journaled) as f64;
    let left = (total - done) as f64;
    let eta = if now > 0.0 {
        secs / now * left
    } else {
        f64::NAN
    };
    let _ = writeln!(
        std::io::stderr(),
        "perft: {done}/{total} units ({:.1}%), {:.3e} leaves/s, ETA {}",
        fraction * 100.0,
        leaves as f64 / secs.max(1e-9),
        format_eta(eta)
    );
}

fn format_eta(secs: f64) -> String {
    if !secs.is_finite() {
        return "unknown".into();
    }
    let s = secs.round() as u64;
    match s {
        0..60 => format!("{s}s"),
        60..3600 => format!("{}m{:02}s", s / 60, s % 60),
        _ => format!("{}h{:02}m", s / 3600, s % 3600 / 60),
    }
}
