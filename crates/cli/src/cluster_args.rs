//! The command-line options every command that can spread its work over processes shares:
//! how many processes, which one this is, where they are, and workers per process
//! (timely-dataflow's own `-n`, `-p`, `-h`, `-w`), turned into a checked [`Topology`].

use olympiad_cluster::Topology;
use std::path::PathBuf;
use std::time::Duration;

/// Options of a run across processes.
#[derive(clap::Args, Debug, Clone)]
pub struct ClusterArgs {
    /// Spread the work over workers and processes (timely-dataflow). Start the same command
    /// once per process, each with its own `-p`; process 0 prints the result (and keeps
    /// the journal), the others end when the run ends.
    #[arg(long)]
    pub cluster: bool,
    /// Processes in the run (without a host file: all on this machine, process i on
    /// 127.0.0.1:PORT+i).
    #[arg(short = 'n', long = "processes", requires = "cluster")]
    pub processes: Option<usize>,
    /// This process's index, 0 to N-1 (default: $SLURM_PROCID under Slurm, else 0).
    #[arg(short = 'p', long = "process", requires = "cluster")]
    pub process: Option<usize>,
    /// Host file: one `host:port` per line, process 0 first (`#` comments).
    #[arg(short = 'h', long = "hosts", requires = "cluster")]
    pub hosts: Option<PathBuf>,
    /// Worker threads in each process.
    #[arg(
        short = 'w',
        long = "workers",
        default_value_t = 1,
        requires = "cluster"
    )]
    pub workers: usize,
    /// Port of process 0 when the processes run on this machine without a host file.
    #[arg(long, default_value_t = 2101, requires = "cluster")]
    pub port: u16,
    /// Seconds every process waits for the others to connect before it says which one is
    /// missing and stops.
    #[arg(long, default_value_t = 60, requires = "cluster")]
    pub connect_timeout: u64,
}

impl ClusterArgs {
    /// The run's topology.
    pub fn topology(&self) -> anyhow::Result<Topology> {
        let process = match self.process {
            Some(p) => p,
            None => olympiad_cluster::process_from_env().map_err(crate::input_error)?,
        };
        if self.workers == 0 {
            return Err(crate::input_error(
                "-w (workers per process) must be at least 1",
            ));
        }
        let topology = match &self.hosts {
            Some(path) => Topology::from_host_file(path, self.processes, process, self.workers),
            None => Topology::local(
                self.processes.unwrap_or(1),
                process,
                self.port,
                self.workers,
            ),
        };
        topology.map_err(|e| crate::input_error(e.to_string()))
    }

    /// How long processes wait for each other.
    pub fn timeout(&self) -> Duration {
        Duration::from_secs(self.connect_timeout)
    }
}
