//! The viewer under load: starts `olympiad tournament CONFIG --serve 127.0.0.1:0`, follows
//! its `/live/events` with one observer throughout, and in alternate phases of `--seconds`
//! each (`--phases` in all, the first without) with `--clients` more server-sent-event
//! streams, all on one thread of this program. It reports the tournament's speed (moves a
//! second, as the observer saw them) in the phases without and with the clients: phases
//! alternate so that a change in what else the machine runs falls on both alike. With
//! the clients it reports the latency from a move played (the watch's time stamp in the
//! event) to its arrival at each client (median, p99, max), the CPU time of the server's
//! threads (named `viewer`) and of the clients, and the process's memory.
//!
//! ```sh
//! cargo build --release
//! cargo run --release -p olympiad-viewer --example sse_load -- --olympiad \
//!     target/release/olympiad --config docs/viewer/load.toml --clients 200 --seconds 10 --phases 12
//! ```

use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt};

/// Seconds the clients follow before the measurement starts (connections settle).
const WARM_UP: Duration = Duration::from_secs(3);

/// Kills and reaps the tournament when dropped.
struct Reaped(Child);

impl Drop for Reaped {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

struct Options {
    olympiad: PathBuf,
    config: PathBuf,
    clients: usize,
    seconds: u64,
    phases: usize,
}

fn options() -> Options {
    let mut o = Options {
        olympiad: PathBuf::from("target/release/olympiad"),
        config: PathBuf::from("docs/viewer/load.toml"),
        clients: 200,
        seconds: 10,
        phases: 12,
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    for pair in args.chunks(2) {
        let value = pair.get(1).cloned().unwrap_or_default();
        match pair[0].as_str() {
            "--olympiad" => o.olympiad = value.into(),
            "--config" => o.config = value.into(),
            "--clients" => o.clients = value.parse().expect("--clients N"),
            "--seconds" => o.seconds = value.parse().expect("--seconds S"),
            "--phases" => o.phases = value.parse().expect("--phases K"),
            other => panic!("unknown option {other}"),
        }
    }
    o
}

fn now_ms() -> f64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_secs_f64()
        * 1000.0
}

/// CPU seconds (user + system) of the threads of `pid` named `name`.
fn thread_cpu(pid: u32, name: &str) -> f64 {
    let tick = 100.0; // USER_HZ on Linux
    let mut total = 0.0;
    let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) else {
        return 0.0;
    };
    for task in tasks.flatten() {
        let Ok(stat) = std::fs::read_to_string(task.path().join("stat")) else {
            continue;
        };
        let (Some(open), Some(close)) = (stat.find('('), stat.rfind(')')) else {
            continue;
        };
        if &stat[open + 1..close] != name {
            continue;
        }
        let fields: Vec<&str> = stat[close + 2..].split(' ').collect();
        let utime: f64 = fields[11].parse().unwrap_or(0.0);
        let stime: f64 = fields[12].parse().unwrap_or(0.0);
        total += (utime + stime) / tick;
    }
    total
}

/// CPU seconds (user + system) of this process so far: the clients' own cost.
fn own_cpu() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let Some(close) = stat.rfind(')') else {
        return 0.0;
    };
    let fields: Vec<&str> = stat[close + 2..].split(' ').collect();
    let ticks: f64 =
        fields[11].parse::<f64>().unwrap_or(0.0) + fields[12].parse::<f64>().unwrap_or(0.0);
    ticks / 100.0
}

/// A `/proc/PID/status` field in kB.
fn status_kb(pid: u32, field: &str) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find(|l| l.starts_with(field))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|v| v.parse().ok())
        .unwrap_or(0)
}

/// What the clients saw: each move's latency and each client's count of moves.
#[derive(Default)]
struct Seen {
    latencies: Vec<f64>,
    counts: Vec<u64>,
    /// The observer's sum of the nodes the engines reported and of their thinking time:
    /// the engines' search speed, which unlike moves a second does not depend on how hard
    /// the positions of a phase are.
    nodes: u64,
    think_ms: f64,
}

/// The nodes of an engine's info (`depth 7, score +12, 123456 nodes`) and the move's time.
fn nodes_and_time(data: &str) -> Option<(u64, f64)> {
    let value: serde_json::Value = serde_json::from_str(data).ok()?;
    let info = value["info"].as_str()?;
    let nodes = info
        .strip_suffix(" nodes")?
        .rsplit(' ')
        .next()?
        .parse()
        .ok()?;
    Some((nodes, value["time_ms"].as_f64()?))
}

/// Starts clients `first..first + n` of `seen` on a thread of their own, until `stop`.
fn start_clients(
    addr: &str,
    first: usize,
    n: usize,
    stop: &Arc<AtomicBool>,
    seen: &Arc<Mutex<Seen>>,
) -> std::thread::JoinHandle<()> {
    let (addr, stop, seen) = (addr.to_string(), stop.clone(), seen.clone());
    std::thread::spawn(move || {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        runtime.block_on(async move {
            let tasks: Vec<_> = (first..first + n)
                .map(|k| tokio::spawn(follow(addr.clone(), k, stop.clone(), seen.clone())))
                .collect();
            for t in tasks {
                let _ = t.await;
            }
        });
    })
}

/// Follows one event stream until `stop`, recording each move's latency and count.
async fn follow(addr: String, client: usize, stop: Arc<AtomicBool>, seen: Arc<Mutex<Seen>>) {
    let mut stream = tokio::net::TcpStream::connect(&addr)
        .await
        .expect("connect");
    let request = format!("GET /live/events HTTP/1.1\r\nHost: {addr}\r\n\r\n");
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut lines = tokio::io::BufReader::new(stream).lines();
    let mut moved = false;
    while !stop.load(Ordering::Relaxed) {
        let line = match tokio::time::timeout(Duration::from_millis(500), lines.next_line()).await {
            Ok(Ok(Some(line))) => line,
            Ok(_) => break,
            Err(_) => continue,
        };
        let received = now_ms();
        if line.starts_with("event: ") {
            moved = line == "event: moved";
        } else if moved && line.starts_with("data: ") {
            // The time stamp only, found without parsing the whole event: the clients share
            // the machine with the tournament, and should cost it as little as they can.
            if let Some(at) = at_ms(&line) {
                let work = if client == 0 {
                    nodes_and_time(&line[6..])
                } else {
                    None
                };
                let mut seen = seen.lock().unwrap();
                if let Some((nodes, ms)) = work {
                    seen.nodes += nodes;
                    seen.think_ms += ms;
                }
                seen.latencies.push(received - at);
                seen.counts[client] += 1;
            }
        }
    }
}

/// The `at_ms` number of an event's JSON data line.
fn at_ms(line: &str) -> Option<f64> {
    const KEY: &str = "\"at_ms\":";
    let rest = &line[line.find(KEY)? + KEY.len()..];
    let end = rest
        .find(|c: char| c != '.' && !c.is_ascii_digit())
        .unwrap_or(rest.len());
    rest[..end].parse().ok()
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

fn mean(values: &[f64]) -> f64 {
    values.iter().sum::<f64>() / values.len().max(1) as f64
}

fn main() {
    let o = options();
    let out = std::env::temp_dir().join(format!("olympiad-load-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&out);
    let mut child = Reaped(
        Command::new(&o.olympiad)
            .arg("tournament")
            .arg(&o.config)
            .arg("--out")
            .arg(&out)
            .args(["--serve", "127.0.0.1:0"])
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("olympiad starts"),
    );
    let pid = child.0.id();
    let stdout = child.0.stdout.take().unwrap();
    let mut lines = BufReader::new(stdout).lines();
    let url = lines
        .by_ref()
        .map_while(Result::ok)
        .find_map(|l| l.strip_prefix("viewer: http://").map(str::to_string))
        .expect("the tournament prints its viewer's address");
    let addr = url.trim_end_matches('/').to_string();
    // The tournament says when its last game is over; the measurement must end before.
    let ended = Arc::new(AtomicBool::new(false));
    let over = ended.clone();
    std::thread::spawn(move || {
        for line in lines.map_while(Result::ok) {
            if line.starts_with("still serving") {
                over.store(true, Ordering::SeqCst);
            }
        }
    });
    let seen = Arc::new(Mutex::new(Seen {
        counts: vec![0; o.clients + 1],
        ..Seen::default()
    }));
    let observer_stop = Arc::new(AtomicBool::new(false));
    let observer = start_clients(&addr, 0, 1, &observer_stop, &seen);
    std::thread::sleep(WARM_UP);
    let rss_before = status_kb(pid, "VmRSS:");
    let (mut speed_off, mut speed_on) = (Vec::new(), Vec::new());
    let (mut work_off, mut work_on) = ((0u64, 0.0), (0u64, 0.0));
    let (mut server_off, mut server_on, mut clients_on, mut on_seconds) = (0.0, 0.0, 0.0, 0.0);
    let mut rss_on_max = 0;
    for phase in 0..o.phases {
        let on = phase % 2 == 1;
        let stop = Arc::new(AtomicBool::new(false));
        let clients = on.then(|| start_clients(&addr, 1, o.clients, &stop, &seen));
        let (moves0, latencies0, nodes0, think0) = {
            let s = seen.lock().unwrap();
            (s.counts[0], s.latencies.len(), s.nodes, s.think_ms)
        };
        let (server0, own0, started) = (thread_cpu(pid, "viewer"), own_cpu(), Instant::now());
        std::thread::sleep(Duration::from_secs(o.seconds));
        let seconds = started.elapsed().as_secs_f64();
        let server = thread_cpu(pid, "viewer") - server0;
        let own = own_cpu() - own0;
        let (moves, nodes, think) = {
            let s = seen.lock().unwrap();
            (s.counts[0] - moves0, s.nodes - nodes0, s.think_ms - think0)
        };
        if on {
            rss_on_max = rss_on_max.max(status_kb(pid, "VmRSS:"));
        }
        stop.store(true, Ordering::SeqCst);
        if let Some(c) = clients {
            let _ = c.join();
        }
        if !on {
            // The observer's own latencies are counted only in phases with the clients.
            seen.lock().unwrap().latencies.truncate(latencies0);
        }
        let speed = moves as f64 / seconds;
        println!(
            "phase {phase:2}: {:>3} clients, {speed:6.2} moves/s, {:8.0} nodes/s of thinking, \
             server {:5.1}% of a core",
            if on { o.clients } else { 0 },
            nodes as f64 / (think / 1000.0).max(1e-9),
            server / seconds * 100.0
        );
        let work = if on { &mut work_on } else { &mut work_off };
        work.0 += nodes;
        work.1 += think;
        if on {
            speed_on.push(speed);
            server_on += server;
            clients_on += own;
            on_seconds += seconds;
        } else {
            speed_off.push(speed);
            server_off += server;
        }
    }
    let still_running = !ended.load(Ordering::SeqCst) && child.0.try_wait().unwrap().is_none();
    let hwm = status_kb(pid, "VmHWM:");
    observer_stop.store(true, Ordering::SeqCst);
    drop(child);
    let _ = observer.join();
    let _ = std::fs::remove_dir_all(&out);
    let seen = seen.lock().unwrap();
    let mut all = seen.latencies.clone();
    all.sort_by(f64::total_cmp);
    let (off, on) = (mean(&speed_off), mean(&speed_on));
    println!(
        "tournament speed: {off:.2} moves/s without the clients, {on:.2} with them: {:+.1}%{}",
        (on / off - 1.0) * 100.0,
        if still_running {
            ""
        } else {
            " (the tournament ENDED during the phases: use a longer one)"
        }
    );
    let (nps_off, nps_on) = (
        work_off.0 as f64 / (work_off.1 / 1000.0),
        work_on.0 as f64 / (work_on.1 / 1000.0),
    );
    println!(
        "engines' search speed: {nps_off:.0} nodes/s without the clients, {nps_on:.0} with them: \
         {:+.1}%",
        (nps_on / nps_off - 1.0) * 100.0
    );
    println!(
        "latency move played -> event received, with {} clients: median {:.2} ms, p99 {:.2} ms, \
         max {:.2} ms ({} events)",
        o.clients,
        percentile(&all, 0.5),
        percentile(&all, 0.99),
        all.last().copied().unwrap_or(f64::NAN),
        all.len()
    );
    println!(
        "server threads: {:.1}% of one core with the clients, {:.1}% without",
        server_on / on_seconds.max(1e-9) * 100.0,
        server_off / (o.seconds as f64 * speed_off.len() as f64).max(1e-9) * 100.0
    );
    println!(
        "the clients themselves (this program): {:.1}% of one core",
        clients_on / on_seconds.max(1e-9) * 100.0
    );
    println!(
        "process memory (tournament and server): RSS {:.1} MiB at the start, at most {:.1} MiB \
         with the clients, peak {:.1} MiB",
        rss_before as f64 / 1024.0,
        rss_on_max as f64 / 1024.0,
        hwm as f64 / 1024.0
    );
}
