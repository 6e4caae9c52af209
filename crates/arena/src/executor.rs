//! Playing many games at once: an [`Executor`] takes [`GameJob`]s and hands back each
//! game's record as the game ends. Matches and tournaments play all their games through
//! this one seam; [`LocalExecutor`] plays them on threads of this process, and an executor
//! running games on other processes or machines plugs in here, never into the referee.
//!
//! The caller decides after each game whether new games may start: an SPRT that has
//! decided, or a store that failed, says [`ControlFlow::Break`]; games under way then
//! finish and are still reported (their players are real programs that must be ended
//! properly, and their records are real results), and no further job starts.

use crate::job::GameJob;
use crate::referee::GameRecord;
use crate::watch::Watch;
use std::ops::ControlFlow;
use std::sync::mpsc;
use std::time::SystemTime;

/// A game an executor finished.
#[derive(Clone, Debug)]
pub struct Finished {
    /// When it started (just before its players were created), by the clock of the
    /// machine that played it.
    pub started: SystemTime,
    /// Its record (the job's `index` is the record's).
    pub record: GameRecord,
}

/// Plays many games.
pub trait Executor {
    /// Plays `jobs`, taking them in order as places free up, and calls `on_game` with
    /// every finished game as it ends (in the order they end, on the caller's thread). Once
    /// `on_game` returns [`ControlFlow::Break`] no further job starts; games under way
    /// finish and are reported too. Every started job is reported exactly once; `watch`
    /// sees every game as the referee plays it. Returns when no game is under way and no
    /// job may start.
    fn run(
        &self,
        jobs: &mut dyn Iterator<Item = GameJob>,
        watch: &dyn Watch,
        on_game: &mut dyn FnMut(Finished) -> ControlFlow<()>,
    );
}

/// Plays games on at most `concurrency` threads of this process, one game per thread at a
/// time.
#[derive(Clone, Copy, Debug)]
pub struct LocalExecutor {
    concurrency: usize,
}

impl LocalExecutor {
    /// An executor playing at most `concurrency` games at once (at least one).
    pub fn new(concurrency: usize) -> Self {
        Self {
            concurrency: concurrency.max(1),
        }
    }

    /// The most games it plays at once.
    pub fn concurrency(&self) -> usize {
        self.concurrency
    }
}

impl Executor for LocalExecutor {
    /// This thread hands out the jobs: a worker gets its next job only after `on_game` has
    /// seen the game it just finished, so after a stop no job starts, exactly, and at most
    /// `concurrency - 1` games still finish after the one that said stop.
    fn run(
        &self,
        jobs: &mut dyn Iterator<Item = GameJob>,
        watch: &dyn Watch,
        on_game: &mut dyn FnMut(Finished) -> ControlFlow<()>,
    ) {
        std::thread::scope(|scope| {
            let (done_tx, done_rx) = mpsc::channel::<(usize, Finished)>();
            // Each worker's job channel; `None` once the worker was told to end (its
            // sender dropped). A live sender always belongs to a worker with a game.
            let mut workers: Vec<Option<mpsc::Sender<GameJob>>> = Vec::new();
            let mut under_way = 0usize;
            // One worker per job, up to `concurrency`, each started with its first job.
            while workers.len() < self.concurrency {
                let Some(job) = jobs.next() else {
                    break;
                };
                let (tx, rx) = mpsc::channel::<GameJob>();
                let (worker, done) = (workers.len(), done_tx.clone());
                scope.spawn(move || {
                    for job in rx {
                        let started = SystemTime::now();
                        let record = job.play(watch);
                        if done.send((worker, Finished { started, record })).is_err() {
                            break;
                        }
                    }
                });
                tx.send(job).expect("the worker waits for its first job");
                workers.push(Some(tx));
                under_way += 1;
            }
            drop(done_tx);
            let mut stopped = false;
            while under_way > 0 {
                // Err: a worker panicked and every other one has ended; leaving the scope
                // raises its panic here.
                let Ok((worker, finished)) = done_rx.recv() else {
                    break;
                };
                under_way -= 1;
                stopped |= on_game(finished).is_break();
                match if stopped { None } else { jobs.next() } {
                    Some(job) => {
                        workers[worker]
                            .as_ref()
                            .expect("a worker that reported is live")
                            .send(job)
                            .expect("the worker waits for its next job");
                        under_way += 1;
                    }
                    // The worker ends.
                    None => workers[worker] = None,
                }
            }
        });
    }
}
