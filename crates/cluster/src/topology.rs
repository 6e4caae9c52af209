//! Who takes part in a run: the address of every process (from a host file, or N processes
//! on this machine), which one this process is, and how many workers each process runs.
//! Every process of a run is started with the same topology and its own index.

use std::net::TcpListener;
use std::path::Path;
use thiserror::Error;

/// The processes of a run and this process's place among them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Topology {
    /// Every process's `host:port`, process 0 first (one entry when the run has one
    /// process; its address is then unused).
    pub addresses: Vec<String>,
    /// This process's index in `addresses`.
    pub process: usize,
    /// Worker threads in each process.
    pub workers: usize,
}

/// A topology that does not hold together.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum TopologyError {
    /// The host file cannot be read.
    #[error("{path}: {error}")]
    Read {
        /// The host file.
        path: String,
        /// Why.
        error: String,
    },
    /// A line of the host file is not `host:port`.
    #[error("{path}, line {line}: '{text}' is not host:port (a port from 1 to 65535)")]
    Address {
        /// The host file.
        path: String,
        /// The line, from 1.
        line: usize,
        /// The line's text.
        text: String,
    },
    /// The process index is not one of the run's.
    #[error("process {process} is not one of the {processes} processes (0 to {last})", last = processes - 1)]
    Process {
        /// The index given.
        process: usize,
        /// Processes in the run.
        processes: usize,
    },
    /// The host file does not have the number of processes asked for.
    #[error("{path} lists {listed} processes, but -n says {wanted}")]
    Count {
        /// The host file.
        path: String,
        /// Addresses in the file.
        listed: usize,
        /// Processes asked for.
        wanted: usize,
    },
    /// No processes or no workers.
    #[error("a run needs at least one process and one worker")]
    Empty,
}

impl Topology {
    /// One process of `workers` workers.
    pub fn single(workers: usize) -> Topology {
        Topology {
            addresses: vec!["127.0.0.1:0".into()],
            process: 0,
            workers: workers.max(1),
        }
    }

    /// `processes` processes on this machine at `127.0.0.1:base_port + i`.
    pub fn local(
        processes: usize,
        process: usize,
        base_port: u16,
        workers: usize,
    ) -> Result<Topology, TopologyError> {
        let addresses = (0..processes)
            .map(|i| format!("127.0.0.1:{}", usize::from(base_port) + i))
            .collect();
        Topology::new(addresses, process, workers)
    }

    /// The processes listed in `path`, one `host:port` per line (blank lines and `#`
    /// comments skipped), process 0 first; `processes` (when given) must equal their
    /// number.
    pub fn from_host_file(
        path: &Path,
        processes: Option<usize>,
        process: usize,
        workers: usize,
    ) -> Result<Topology, TopologyError> {
        let name = path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|e| TopologyError::Read {
            path: name.clone(),
            error: e.to_string(),
        })?;
        let addresses = parse_host_file(&name, &text)?;
        if let Some(wanted) = processes
            && wanted != addresses.len()
        {
            return Err(TopologyError::Count {
                path: name,
                listed: addresses.len(),
                wanted,
            });
        }
        Topology::new(addresses, process, workers)
    }

    /// A topology from its parts, checked.
    pub fn new(
        addresses: Vec<String>,
        process: usize,
        workers: usize,
    ) -> Result<Topology, TopologyError> {
        if addresses.is_empty() || workers == 0 {
            return Err(TopologyError::Empty);
        }
        if process >= addresses.len() {
            return Err(TopologyError::Process {
                process,
                processes: addresses.len(),
            });
        }
        Ok(Topology {
            addresses,
            process,
            workers,
        })
    }

    /// Processes in the run.
    pub fn processes(&self) -> usize {
        self.addresses.len()
    }

    /// Workers in the whole run.
    pub fn total_workers(&self) -> usize {
        self.processes() * self.workers
    }

    /// The process that runs worker `worker` (a global index).
    pub fn process_of(&self, worker: usize) -> usize {
        worker / self.workers
    }
}

/// Reads a host file's text: `host:port` per line, `#` comments.
pub fn parse_host_file(path: &str, text: &str) -> Result<Vec<String>, TopologyError> {
    let mut addresses = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let valid = line.rsplit_once(':').is_some_and(|(host, port)| {
            !host.is_empty() && port.parse::<u16>().is_ok_and(|p| p > 0)
        });
        if !valid || line.contains(char::is_whitespace) {
            return Err(TopologyError::Address {
                path: path.into(),
                line: i + 1,
                text: line.into(),
            });
        }
        addresses.push(line.to_string());
    }
    if addresses.is_empty() {
        return Err(TopologyError::Read {
            path: path.into(),
            error: "no host:port lines".into(),
        });
    }
    Ok(addresses)
}

/// This process's index when none is given: `$SLURM_PROCID` under Slurm, else 0.
pub fn process_from_env() -> Result<usize, String> {
    match std::env::var("SLURM_PROCID") {
        Ok(text) => text
            .trim()
            .parse()
            .map_err(|_| format!("SLURM_PROCID is '{text}', not a process index")),
        Err(_) => Ok(0),
    }
}

/// FNV-1a of `text`: the same 64 bits on every machine and in every build (unlike std's
/// hasher), for what processes of a run must agree on.
pub fn stable_hash(text: &str) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// `n` addresses on 127.0.0.1 whose ports were free a moment ago (the system chose
/// them), for runs of several processes on one machine, such as tests run in parallel.
pub fn free_local_addresses(n: usize) -> std::io::Result<Vec<String>> {
    // Hold every listener until all ports are chosen, so no two are the same.
    let listeners = (0..n)
        .map(|_| TcpListener::bind("127.0.0.1:0"))
        .collect::<std::io::Result<Vec<_>>>()?;
    listeners
        .iter()
        .map(|l| l.local_addr().map(|a| a.to_string()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn host_files_say_which_line_is_wrong() {
        let text = "# the run\nnode1:2101\n\nnode2:2101  # second\n";
        assert_eq!(
            parse_host_file("hosts", text).unwrap(),
            vec!["node1:2101", "node2:2101"]
        );
        let err = parse_host_file("hosts", "a:1\nb:99999\n").unwrap_err();
        assert_eq!(
            err.to_string(),
            "hosts, line 2: 'b:99999' is not host:port (a port from 1 to 65535)"
        );
        assert!(parse_host_file("hosts", "node1\n").is_err());
        assert!(parse_host_file("hosts", "# nothing\n").is_err());
    }

    #[test]
    fn topologies_are_checked() {
        let t = Topology::local(3, 2, 4000, 2).unwrap();
        assert_eq!(t.addresses[2], "127.0.0.1:4002");
        assert_eq!((t.total_workers(), t.process_of(3)), (6, 1));
        assert_eq!(
            Topology::local(3, 3, 4000, 1).unwrap_err().to_string(),
            "process 3 is not one of the 3 processes (0 to 2)"
        );
        assert_eq!(Topology::local(2, 0, 4000, 0), Err(TopologyError::Empty));
        let free = free_local_addresses(3).unwrap();
        assert_eq!(free.len(), 3);
        assert!(free[0] != free[1] && free[1] != free[2] && free[0] != free[2]);
    }
}
