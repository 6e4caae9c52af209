//! Connecting the processes of a run before timely starts, with deadlines and errors that
//! name the peer: timely's own start-up retries forever and prints to stdout, which would
//! hang a run whose peer is gone and mix noise into its output. Each process connects to
//! every process before it and accepts every process after it (timely's order), and both
//! ends of every connection check a handshake: the same program, the process index the
//! peer claims, and the same job (so two runs on the same ports, or processes started with
//! different arguments, are told apart instead of mixed).

use crate::ClusterError;
use crate::topology::Topology;
use std::io::{ErrorKind, Read, Write};
use std::net::{TcpListener, TcpStream, ToSocketAddrs};
use std::time::{Duration, Instant};

/// The first bytes of every connection.
const MAGIC: &[u8; 8] = b"olympd01";
/// How long a peer may take to send its handshake once connected.
const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(10);
/// The longest job text a handshake carries.
const MAX_JOB_BYTES: u32 = 1 << 20;

/// The sockets to every other process (`None` at this process's own place), connected and
/// checked, in blocking mode, or why not before `timeout`.
pub(crate) fn connect(
    topology: &Topology,
    job: &str,
    timeout: Duration,
) -> Result<Vec<Option<TcpStream>>, ClusterError> {
    let me = topology.process;
    let deadline = Instant::now() + timeout;
    let own = &topology.addresses[me];
    let listener = TcpListener::bind(own).map_err(|e| ClusterError::Listen {
        process: me,
        address: own.clone(),
        error: e.to_string(),
    })?;
    let (before, after) = std::thread::scope(|scope| {
        let before = scope.spawn(|| {
            (0..me)
                .map(|peer| dial(topology, peer, job, deadline).map(Some))
                .collect::<Result<Vec<_>, _>>()
        });
        let after = accept_all(topology, &listener, job, deadline);
        (
            before.join().expect("the dialing thread does not panic"),
            after,
        )
    });
    let mut sockets = before?;
    sockets.push(None);
    sockets.extend(after?.into_iter().map(Some));
    for socket in sockets.iter().flatten() {
        socket
            .set_nonblocking(false)
            .map_err(|e| io_error(topology, e))?;
        socket
            .set_read_timeout(None)
            .map_err(|e| io_error(topology, e))?;
        socket
            .set_nodelay(true)
            .map_err(|e| io_error(topology, e))?;
    }
    Ok(sockets)
}

fn io_error(topology: &Topology, e: std::io::Error) -> ClusterError {
    ClusterError::Listen {
        process: topology.process,
        address: topology.addresses[topology.process].clone(),
        error: e.to_string(),
    }
}

/// Connects to process `peer` (before this one), retrying until `deadline`.
fn dial(
    topology: &Topology,
    peer: usize,
    job: &str,
    deadline: Instant,
) -> Result<TcpStream, ClusterError> {
    let address = &topology.addresses[peer];
    let unreachable = |error: String| ClusterError::Unreachable {
        process: peer,
        address: address.clone(),
        error,
    };
    let mut last = String::from("no attempt");
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Err(unreachable(last));
        }
        match address.to_socket_addrs() {
            Err(e) => last = format!("cannot resolve: {e}"),
            Ok(mut addrs) => match addrs.next() {
                None => last = "resolves to no address".into(),
                Some(addr) => {
                    match TcpStream::connect_timeout(&addr, left.min(Duration::from_secs(2))) {
                        Ok(mut stream) => {
                            stream.set_read_timeout(Some(HANDSHAKE_TIMEOUT)).ok();
                            write_hello(&mut stream, topology.process, job)
                                .map_err(|e| unreachable(format!("handshake: {e}")))?;
                            return match read_verdict(&mut stream) {
                                Ok(None) => Ok(stream),
                                Ok(Some(theirs)) => Err(ClusterError::OtherJob {
                                    process: peer,
                                    address: address.clone(),
                                    theirs,
                                    ours: job.into(),
                                }),
                                Err(e) => Err(unreachable(format!("handshake: {e}"))),
                            };
                        }
                        Err(e) => last = e.to_string(),
                    }
                }
            },
        }
        std::thread::sleep(Duration::from_millis(200).min(left));
    }
}

/// Accepts every process after this one until `deadline`, in index order.
fn accept_all(
    topology: &Topology,
    listener: &TcpListener,
    job: &str,
    deadline: Instant,
) -> Result<Vec<TcpStream>, ClusterError> {
    let me = topology.process;
    let mut streams: Vec<Option<TcpStream>> =
        (me + 1..topology.processes()).map(|_| None).collect();
    listener
        .set_nonblocking(true)
        .map_err(|e| io_error(topology, e))?;
    while streams.iter().any(Option::is_none) {
        match listener.accept() {
            Ok((mut stream, _)) => {
                stream.set_nonblocking(false).ok();
                stream.set_read_timeout(Some(HANDSHAKE_TIMEOUT)).ok();
                // A stray connection (a port scan, an old run) is dropped, not fatal.
                let Ok((peer, theirs)) = read_hello(&mut stream) else {
                    continue;
                };
                let valid = peer > me && peer < topology.processes();
                if !valid {
                    continue;
                }
                if theirs != job {
                    let _ = write_verdict(&mut stream, Some(job));
                    return Err(ClusterError::OtherJob {
                        process: peer,
                        address: topology.addresses[peer].clone(),
                        theirs,
                        ours: job.into(),
                    });
                }
                if write_verdict(&mut stream, None).is_ok() {
                    streams[peer - me - 1] = Some(stream);
                }
            }
            Err(e) if e.kind() == ErrorKind::WouldBlock => {
                if Instant::now() >= deadline {
                    let missing = streams
                        .iter()
                        .enumerate()
                        .filter(|(_, s)| s.is_none())
                        .map(|(i, _)| (me + 1 + i, topology.addresses[me + 1 + i].clone()))
                        .collect();
                    return Err(ClusterError::NotConnected {
                        process: me,
                        missing,
                    });
                }
                std::thread::sleep(Duration::from_millis(20));
            }
            Err(e) => return Err(io_error(topology, e)),
        }
    }
    Ok(streams
        .into_iter()
        .map(|s| s.expect("all connected"))
        .collect())
}

fn write_hello(stream: &mut TcpStream, me: usize, job: &str) -> std::io::Result<()> {
    let mut hello = MAGIC.to_vec();
    hello.extend((me as u64).to_le_bytes());
    hello.extend((job.len() as u32).to_le_bytes());
    hello.extend(job.as_bytes());
    stream.write_all(&hello)
}

fn read_hello(stream: &mut TcpStream) -> std::io::Result<(usize, String)> {
    let mut magic = [0u8; 8];
    stream.read_exact(&mut magic)?;
    if &magic != MAGIC {
        return Err(std::io::Error::new(
            ErrorKind::InvalidData,
            "not an olympiad peer",
        ));
    }
    let mut index = [0u8; 8];
    stream.read_exact(&mut index)?;
    let job = read_text(stream)?;
    Ok((u64::from_le_bytes(index) as usize, job))
}

/// Ok (`None`) or the other side's job text (`Some`).
fn write_verdict(stream: &mut TcpStream, mismatch: Option<&str>) -> std::io::Result<()> {
    match mismatch {
        None => stream.write_all(&[1]),
        Some(job) => {
            let mut out = vec![0u8];
            out.extend((job.len() as u32).to_le_bytes());
            out.extend(job.as_bytes());
            stream.write_all(&out)
        }
    }
}

fn read_verdict(stream: &mut TcpStream) -> std::io::Result<Option<String>> {
    let mut verdict = [0u8; 1];
    stream.read_exact(&mut verdict)?;
    match verdict[0] {
        1 => Ok(None),
        _ => read_text(stream).map(Some),
    }
}

fn read_text(stream: &mut TcpStream) -> std::io::Result<String> {
    let mut len = [0u8; 4];
    stream.read_exact(&mut len)?;
    let len = u32::from_le_bytes(len);
    if len > MAX_JOB_BYTES {
        return Err(std::io::Error::new(
            ErrorKind::InvalidData,
            "job text too long",
        ));
    }
    let mut text = vec![0u8; len as usize];
    stream.read_exact(&mut text)?;
    String::from_utf8(text).map_err(|e| std::io::Error::new(ErrorKind::InvalidData, e))
}
