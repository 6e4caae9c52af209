//! Games on every process: an arena [`Executor`] for process 0 of a tournament whose games
//! are played by every worker of the run, one game per worker at a time, each process
//! starting its players locally. Jobs travel as the arena's wire text
//! ([`olympiad_arena::wire`]); a remote game's watch events come back as it is played
//! and are replayed into the caller's watch, and its finished record comes back to the
//! caller (who stores it: the store lives on process 0 only).
//!
//! The timely workers run on threads of their own (worker 0 pumps jobs and reports between
//! them and the caller), so the tournament itself runs on the caller's thread exactly as
//! with a local executor. The other processes run [`serve`] until process 0 is done.

use crate::farm::{Farm, Progress, Report, Task, Work};
use crate::{ClusterError, Topology};
use olympiad_arena::executor::{Executor, Finished};
use olympiad_arena::job::GameJob;
use olympiad_arena::watch::Watch;
use olympiad_arena::wire::{
    ForwardWatch, WatchEvent, finished_from_wire, finished_to_wire, job_from_wire, job_to_wire,
};
use std::collections::VecDeque;
use std::ops::ControlFlow;
use std::sync::Mutex;
use std::sync::mpsc;
use std::thread::JoinHandle;
use std::time::{Duration, SystemTime};

/// The start of a worker's answer to a job it cannot read.
const UNPLAYABLE: &str = "unplayable: ";

/// What the caller tells worker 0.
enum Command {
    Send(Task),
    Close,
}

/// Plays games on every worker of a run (process 0's side).
pub struct ClusterExecutor {
    workers: Vec<u32>,
    commands: Mutex<mpsc::Sender<Command>>,
    reports: Mutex<mpsc::Receiver<Report>>,
    run: Mutex<Option<JoinHandle<Result<(), ClusterError>>>>,
}

impl std::fmt::Debug for ClusterExecutor {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ClusterExecutor")
            .field("workers", &self.workers.len())
            .finish()
    }
}

/// What a worker does with a game: play it, forwarding its watch events.
fn play_games() -> Work {
    Box::new(|task: &Task, progress: &Progress<'_>| {
        // A job that does not read here means the processes run different programs (the
        // handshake checks the job text, not the binaries): say so in the game's place.
        let job = match job_from_wire(&task.payload) {
            Ok(job) => job,
            Err(e) => return format!("{UNPLAYABLE}{e}"),
        };
        let watch = ForwardWatch::new(|event: WatchEvent| progress(event.to_wire()));
        let started = SystemTime::now();
        let record = job.play(&watch);
        finished_to_wire(&Finished { started, record })
    })
}

/// Runs the games process 0 of `topology` sends, on this process's workers, until
/// process 0 is done (every process but 0 of a tournament across processes).
pub fn serve(topology: &Topology, job: &str, timeout: Duration) -> Result<(), ClusterError> {
    crate::execute(topology, job, timeout, |worker| {
        let farm = Farm::build(worker, play_games());
        farm.close(worker);
    })?;
    Ok(())
}

impl ClusterExecutor {
    /// Starts the run (process 0 of `topology`): connects every process (within
    /// `timeout`) and returns once they are all there.
    pub fn start(
        topology: &Topology,
        job: &str,
        timeout: Duration,
    ) -> Result<ClusterExecutor, ClusterError> {
        assert_eq!(topology.process, 0, "process 0 runs the executor");
        let (commands, command_rx) = mpsc::channel::<Command>();
        let (report_tx, reports) = mpsc::channel::<Report>();
        let (ready_tx, ready) = mpsc::channel::<Result<(), String>>();
        let command_rx = Mutex::new(Some(command_rx));
        let report_tx = Mutex::new(report_tx);
        let ready_tx = Mutex::new(ready_tx);
        let (topology_, job_) = (topology.clone(), job.to_string());
        let run = std::thread::Builder::new()
            .name("olympiad-cluster".into())
            .spawn(move || {
                let result = crate::execute(&topology_, &job_, timeout, move |worker| {
                    let farm = Farm::build(worker, play_games());
                    if worker.index() != 0 {
                        farm.close(worker);
                        return;
                    }
                    let _ = ready_tx.lock().expect("one worker 0").send(Ok(()));
                    let commands = command_rx
                        .lock()
                        .expect("one worker 0")
                        .take()
                        .expect("worker 0 runs once");
                    let reports = report_tx.lock().expect("one worker 0").clone();
                    pump(worker, farm, &commands, &reports);
                });
                result.map(|_| ())
            })
            .expect("cannot start the cluster thread");
        // Worker 0 says it is ready once every process is connected; a failure to connect
        // ends the thread with the error instead.
        if ready.recv().is_err() {
            return match run.join() {
                Ok(Err(e)) => Err(e),
                Ok(Ok(())) => Err(ClusterError::Start("the run ended before it began".into())),
                Err(_) => Err(ClusterError::Worker("the cluster thread panicked".into())),
            };
        }
        let workers = spread(topology);
        Ok(ClusterExecutor {
            workers,
            commands: Mutex::new(commands),
            reports: Mutex::new(reports),
            run: Mutex::new(Some(run)),
        })
    }

    /// Games at once: one per worker of the run.
    pub fn concurrency(&self) -> usize {
        self.workers.len()
    }

    /// Ends the run: every process finishes and the other processes' `serve` returns.
    pub fn finish(self) -> Result<(), ClusterError> {
        self.close()
    }

    fn close(&self) -> Result<(), ClusterError> {
        let _ = self
            .commands
            .lock()
            .expect("not poisoned")
            .send(Command::Close);
        match self.run.lock().expect("not poisoned").take() {
            Some(run) => run
                .join()
                .map_err(|_| ClusterError::Worker("the cluster thread panicked".into()))?,
            None => Ok(()),
        }
    }
}

impl Drop for ClusterExecutor {
    fn drop(&mut self) {
        let _ = self.close();
    }
}

/// Workers in the order games go to them: one per process in turn, so that a run with
/// fewer games than workers still uses every machine.
fn spread(topology: &Topology) -> Vec<u32> {
    (0..topology.workers)
        .flat_map(|w| (0..topology.processes()).map(move |p| (p * topology.workers + w) as u32))
        .collect()
}

/// Worker 0: passes the caller's tasks to the farm and the farm's reports to the caller
/// until told to close.
fn pump(
    worker: &mut timely::worker::Worker,
    mut farm: Farm,
    commands: &mpsc::Receiver<Command>,
    reports: &mpsc::Sender<Report>,
) {
    loop {
        let mut closing = false;
        while let Ok(command) = commands.try_recv() {
            match command {
                Command::Send(task) => farm.send(task),
                Command::Close => closing = true,
            }
        }
        if closing {
            for report in farm.close(worker) {
                let _ = reports.send(report);
            }
            return;
        }
        for report in farm.reports(worker, Duration::from_millis(20)) {
            let _ = reports.send(report);
        }
    }
}

impl Executor for ClusterExecutor {
    fn run(
        &self,
        jobs: &mut dyn Iterator<Item = GameJob>,
        watch: &dyn Watch,
        on_game: &mut dyn FnMut(Finished) -> ControlFlow<()>,
    ) {
        let commands = self.commands.lock().expect("one run at a time");
        let reports = self.reports.lock().expect("one run at a time");
        let mut free: VecDeque<u32> = self.workers.iter().copied().collect();
        let mut under_way = 0usize;
        let mut stopped = false;
        loop {
            while !stopped && !free.is_empty() {
                let Some(job) = jobs.next() else {
                    break;
                };
                let worker = free.pop_front().expect("a free worker");
                let task = Task {
                    id: job.index,
                    worker,
                    payload: job_to_wire(&job),
                };
                commands
                    .send(Command::Send(task))
                    .expect("the cluster runs while the executor lives");
                under_way += 1;
            }
            if under_way == 0 {
                return;
            }
            let report = reports
                .recv()
                .expect("the cluster runs while games are under way");
            if !report.last {
                match WatchEvent::from_wire(&report.payload) {
                    Ok(event) => event.replay(watch),
                    Err(e) => panic!("game {}: an unreadable watch event: {e}", report.id),
                }
                continue;
            }
            if let Some(why) = report.payload.strip_prefix(UNPLAYABLE) {
                panic!(
                    "game {} cannot be played by worker {} (are all processes the same \
                     olympiad?): {why}",
                    report.id, report.worker
                );
            }
            let finished = finished_from_wire(&report.payload)
                .unwrap_or_else(|e| panic!("game {}: an unreadable record: {e}", report.id));
            under_way -= 1;
            free.push_back(report.worker);
            stopped |= on_game(finished).is_break();
        }
    }
}
