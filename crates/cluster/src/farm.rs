//! The one dataflow of a run: worker 0 sends tasks (a payload of text) to chosen workers,
//! each worker does its tasks one at a time on a thread of its own (so that its timely
//! worker keeps exchanging messages while a long perft unit or game is under way), and
//! reports flow back to worker 0: any number of progress reports per task (a game's watch
//! events), then one final report with the task's result.
//!
//! Perft and tournaments differ only in what a task's text means and which worker gets it.

use serde::{Deserialize, Serialize};
use std::cell::RefCell;
use std::collections::VecDeque;
use std::rc::Rc;
use std::sync::mpsc;
use std::time::{Duration, Instant};
use timely::container::CapacityContainerBuilder;
use timely::dataflow::InputHandleVec;
use timely::dataflow::channels::pact::Exchange;
use timely::dataflow::operators::generic::operator::Operator;
use timely::dataflow::operators::vec::Input;
use timely::worker::Worker;

/// Work for one worker.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Task {
    /// Its id, chosen by the sender; reports carry it back.
    pub id: u64,
    /// The worker (global index) that does it.
    pub worker: u32,
    /// What to do.
    pub payload: String,
}

/// What a worker says about a task.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Report {
    /// The task's id.
    pub id: u64,
    /// The worker (global index) that did it.
    pub worker: u32,
    /// The task's result (`true`, the last report of the task) or progress (`false`).
    pub last: bool,
    /// What it says.
    pub payload: String,
}

/// What a worker does with a task: `progress` sends a progress report; the returned text
/// is the task's result.
pub type Work = Box<dyn FnMut(&Task, &Progress<'_>) -> String + Send>;

/// Sends a progress report of the task under way (from any thread).
pub type Progress<'a> = dyn Fn(String) + Send + Sync + 'a;

/// This worker's end of the farm.
pub struct Farm {
    input: Option<InputHandleVec<u64, Task>>,
    reports: Rc<RefCell<VecDeque<Report>>>,
}

impl std::fmt::Debug for Farm {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Farm")
            .field("open", &self.input.is_some())
            .field("reports", &self.reports.borrow().len())
            .finish()
    }
}

impl Farm {
    /// Builds the farm on `worker` (every worker of the run must, in the same order as its
    /// other dataflows); `work` does this worker's tasks on a thread of its own.
    pub fn build(worker: &mut Worker, work: Work) -> Farm {
        let mut input = InputHandleVec::<u64, Task>::new();
        let reports = Rc::new(RefCell::new(VecDeque::new()));
        let sink = Rc::clone(&reports);
        let index = worker.index() as u32;
        worker.dataflow::<u64, _, _>(|scope| {
            scope
                .input_from(&mut input)
                .unary_frontier::<CapacityContainerBuilder<Vec<Report>>, _, _, _>(
                    Exchange::new(|task: &Task| u64::from(task.worker)),
                    "Work",
                    move |capability, info| {
                        let activator = scope.worker().sync_activator_for(info.address.to_vec());
                        let (to_thread, tasks) = mpsc::channel::<Task>();
                        let (to_operator, done) = mpsc::channel::<Report>();
                        spawn_worker_thread(index, work, tasks, to_operator, activator);
                        let mut held = Some(capability);
                        let mut under_way = 0usize;
                        move |(input, frontier), output| {
                            input.for_each(|_, data| {
                                for task in data.drain(..) {
                                    under_way += 1;
                                    to_thread.send(task).expect("the worker thread lives");
                                }
                            });
                            while let Ok(report) = done.try_recv() {
                                if report.last {
                                    under_way -= 1;
                                }
                                let cap = held.as_ref().expect("held while tasks are under way");
                                output.session(cap).give(report);
                            }
                            if under_way == 0 && frontier.is_empty() {
                                held = None;
                            }
                        }
                    },
                )
                .sink(
                    Exchange::new(|_: &Report| 0),
                    "Reports",
                    move |(input, _)| {
                        input.for_each(|_, data| sink.borrow_mut().extend(data.drain(..)));
                    },
                );
        });
        Farm {
            input: Some(input),
            reports,
        }
    }

    /// Sends `task` to its worker (from worker 0); it leaves at the next
    /// [`Farm::reports`].
    pub fn send(&mut self, task: Task) {
        self.input
            .as_mut()
            .expect("tasks are sent before the farm is closed")
            .send(task);
    }

    /// The reports that arrived, waiting up to `wait` for at least one (worker 0 only
    /// receives reports).
    pub fn reports(&mut self, worker: &mut Worker, wait: Duration) -> Vec<Report> {
        // Advancing the input's time is what pushes buffered tasks to other workers
        // (a flush alone leaves them in the exchange's buffers).
        if let Some(input) = self.input.as_mut() {
            let next = input.time() + 1;
            input.advance_to(next);
        }
        let deadline = Instant::now() + wait;
        loop {
            worker.step_or_park(Some(deadline.saturating_duration_since(Instant::now())));
            if !self.reports.borrow().is_empty() || Instant::now() >= deadline {
                return self.reports.borrow_mut().drain(..).collect();
            }
        }
    }

    /// Sends no more tasks and runs this worker until every worker has finished its tasks
    /// and the dataflow is done. Reports that arrive meanwhile are returned.
    pub fn close(mut self, worker: &mut Worker) -> Vec<Report> {
        self.input = None;
        while worker.step_or_park(Some(Duration::from_millis(100))) {}
        self.reports.borrow_mut().drain(..).collect()
    }
}

fn spawn_worker_thread(
    index: u32,
    mut work: Work,
    tasks: mpsc::Receiver<Task>,
    reports: mpsc::Sender<Report>,
    activator: timely::scheduling::SyncActivator,
) {
    std::thread::Builder::new()
        .name(format!("olympiad-worker-{index}"))
        .spawn(move || {
            for task in tasks {
                let progress = |payload: String| {
                    let report = Report {
                        id: task.id,
                        worker: index,
                        last: false,
                        payload,
                    };
                    if reports.send(report).is_ok() {
                        let _ = activator.activate();
                    }
                };
                let result = work(&task, &progress);
                let report = Report {
                    id: task.id,
                    worker: index,
                    last: true,
                    payload: result,
                };
                if reports.send(report).is_err() {
                    break;
                }
                let _ = activator.activate();
            }
        })
        .expect("cannot start a worker thread");
}
