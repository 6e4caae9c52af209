//! Beyond one machine: the same `olympiad` binary spreads a perft or a tournament over
//! worker threads, processes and machines on timely-dataflow (one thread, N threads, or N
//! processes started by ssh, Slurm or by hand).
//!
//! The work is cut into small, idempotent units with deterministic ids (perft: unique
//! positions at a split depth with their multiplicities; tournaments: games), sent to the
//! workers by a [`farm`], and the results flow back to process 0, which journals them
//! (`olympiad_store`): a process that dies costs a rerun of the units it had not finished,
//! never the run. When a peer is lost every process of the run stops with a message that
//! says so (see [`execute`]); starting them all again with `--resume` finishes the run.
//!
//! - [`topology`]: who takes part (host file, N local processes, Slurm's rank);
//! - `connect`: the processes' connections, with deadlines and errors that name the peer;
//! - [`farm`]: the one dataflow: tasks from worker 0 to any worker, reports back;
//! - [`perft`]: perft across processes, journaled and resumable;
//! - [`executor`]: an arena `Executor` whose games are played on every process.

mod connect;
pub mod executor;
pub mod farm;
pub mod perft;
pub mod topology;

pub use topology::{Topology, TopologyError, free_local_addresses, process_from_env, stable_hash};

use std::time::Duration;
use thiserror::Error;
use timely::communication::allocator::zero_copy::initialize::initialize_networking_from_sockets;
use timely::communication::allocator::{AllocatorBuilder, ProcessBuilder};
use timely::communication::{Config as CommunicationConfig, Hooks};
use timely::worker::Worker;
use timely::{WorkerConfig, execute::execute_from};

/// How long processes wait for each other at the start, unless told otherwise.
pub const DEFAULT_CONNECT_TIMEOUT: Duration = Duration::from_secs(60);

/// The exit code of a process that lost a peer during a run.
pub const EXIT_PEER_LOST: i32 = 3;

/// Why a run across processes could not start or finish.
#[derive(Debug, Error)]
pub enum ClusterError {
    /// This process cannot listen on its own address.
    #[error("process {process} cannot listen on {address}: {error}")]
    Listen {
        /// This process.
        process: usize,
        /// Its address.
        address: String,
        /// Why.
        error: String,
    },
    /// A process before this one could not be reached in time.
    #[error("cannot reach process {process} at {address}: {error}")]
    Unreachable {
        /// The peer.
        process: usize,
        /// Its address.
        address: String,
        /// The last error.
        error: String,
    },
    /// Processes after this one did not connect in time.
    #[error(
        "process {process} waited in vain for {}",
        missing.iter().map(|(p, a)| format!("process {p} ({a})")).collect::<Vec<_>>().join(", ")
    )]
    NotConnected {
        /// This process.
        process: usize,
        /// The peers that did not connect, with their addresses.
        missing: Vec<(usize, String)>,
    },
    /// A peer runs another job.
    #[error(
        "process {process} at {address} runs another job: theirs is '{theirs}', ours is '{ours}' \
         (start every process with the same arguments, and each run on its own ports)"
    )]
    OtherJob {
        /// The peer.
        process: usize,
        /// Its address.
        address: String,
        /// Its job.
        theirs: String,
        /// Ours.
        ours: String,
    },
    /// Timely could not start its workers.
    #[error("cannot start the workers: {0}")]
    Start(String),
    /// A worker thread panicked.
    #[error("worker thread failed: {0}")]
    Worker(String),
}

/// Runs `func` on every worker of this process of the run `topology` describes, once all
/// processes are connected (within `timeout`; every process of a run must give the same
/// `job` text, a short description of what the run does), and returns each worker's
/// result in worker order.
///
/// A run of several processes stops the whole process when a peer is lost mid-run: it
/// prints what happened and exits with [`EXIT_PEER_LOST`] (the run's journal keeps what
/// is finished), rather than leaving its workers waiting for a peer that is gone.
pub fn execute<T, F>(
    topology: &Topology,
    job: &str,
    timeout: Duration,
    func: F,
) -> Result<Vec<T>, ClusterError>
where
    T: Send + 'static,
    F: Fn(&mut Worker) -> T + Send + Sync + 'static,
{
    // Idle workers park at once: the work runs on threads of its own, which need the cores.
    let worker_config = WorkerConfig::default().idle_spin(Duration::ZERO);
    let (builders, others) = if topology.processes() == 1 {
        let config = match topology.workers {
            1 => CommunicationConfig::Thread,
            n => CommunicationConfig::Process(n),
        };
        config.try_build().map_err(ClusterError::Start)?
    } else {
        let sockets = connect::connect(topology, job, timeout)?;
        stop_when_a_peer_is_lost();
        let hooks = Hooks::default();
        let local = ProcessBuilder::new_typed_vector(
            topology.workers,
            hooks.refill.clone(),
            hooks.spill.clone(),
        );
        let (builders, guard) = initialize_networking_from_sockets(
            local,
            sockets,
            topology.process,
            topology.workers,
            hooks,
        )
        .map_err(|e| ClusterError::Start(e.to_string()))?;
        let builders = builders.into_iter().map(AllocatorBuilder::Tcp).collect();
        (builders, Box::new(guard) as Box<dyn std::any::Any + Send>)
    };
    let guards =
        execute_from(builders, others, worker_config, func).map_err(ClusterError::Start)?;
    guards
        .join()
        .into_iter()
        .map(|r| r.map_err(ClusterError::Worker))
        .collect()
}

/// Installs (once) a panic hook that turns timely's "communication error" panics (a peer
/// closed its connection or died) into a message and [`EXIT_PEER_LOST`]; other panics go
/// to the hook that was there before.
fn stop_when_a_peer_is_lost() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            let message = info
                .payload()
                .downcast_ref::<String>()
                .map(String::as_str)
                .or_else(|| info.payload().downcast_ref::<&str>().copied())
                .unwrap_or("");
            if message.contains("timely communication error") {
                // Nothing more is stored, and the programs of games under way here end.
                olympiad_arena::interrupt::end_programs();
                eprintln!(
                    "olympiad: lost the connection to another process of the run ({message}). \
                     What is finished is journaled: start every process again with --resume."
                );
                std::process::exit(EXIT_PEER_LOST);
            }
            previous(info);
        }));
    });
}
