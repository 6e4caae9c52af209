//! The viewer under load: starts `olympiad tournament CONFIG --serve 127.0.0.1:0`, opens
//! `--clients` server-sent-event streams on `/live/events` besides one observer, follows
//! them for `--seconds`, and reports: the tournament's speed (moves a second, as the
//! observer saw them), the latency from a move played (the watch's time stamp in the
//! event) to its arrival at each client (median, p99, max), the CPU time of the server's
//! threads (named `viewer`) and the process's memory. Run it with and without clients to
//! see what the clients cost the tournament:
//!
//! ```sh
//! cargo build --release
//! cargo run --release -p olympiad-viewer --example sse_load -- \
//!     --olympiad target/release/olympiad --config docs/viewer/load.toml --clients 200 --seconds 60
//! ```

use std::io::{BufRead, BufReader, Write};
use std::net::TcpStream;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

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
}

fn options() -> Options {
    let mut o = Options {
        olympiad: PathBuf::from("target/release/olympiad"),
        config: PathBuf::from("docs/viewer/load.toml"),
        clients: 200,
        seconds: 60,
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    for pair in args.chunks(2) {
        let value = pair.get(1).cloned().unwrap_or_default();
        match pair[0].as_str() {
            "--olympiad" => o.olympiad = value.into(),
            "--config" => o.config = value.into(),
            "--clients" => o.clients = value.parse().expect("--clients N"),
            "--seconds" => o.seconds = value.parse().expect("--seconds S"),
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

/// Follows the event stream; records each move's latency after `start` and counts moves.
fn follow(
    addr: String,
    measuring: Arc<AtomicBool>,
    stop: Arc<AtomicBool>,
    latencies: Arc<Mutex<Vec<f64>>>,
    moves: Arc<AtomicU64>,
) {
    let mut stream = TcpStream::connect(&addr).expect("connect");
    stream
        .set_read_timeout(Some(Duration::from_secs(5)))
        .unwrap();
    write!(stream, "GET /live/events HTTP/1.1\r\nHost: {addr}\r\n\r\n").unwrap();
    let mut reader = BufReader::new(stream);
    let mut line = String::new();
    let mut mine = Vec::new();
    let mut moved = false;
    while !stop.load(Ordering::Relaxed) {
        line.clear();
        match reader.read_line(&mut line) {
            Ok(0) => break,
            Ok(_) => {}
            Err(_) => continue,
        }
        let received = now_ms();
        if line.starts_with("event: ") {
            moved = line.trim_end() == "event: moved";
        } else if moved && line.starts_with("data: ") && measuring.load(Ordering::Relaxed) {
            let value: serde_json::Value = serde_json::from_str(&line[6..]).unwrap();
            if let Some(at) = value["at_ms"].as_f64() {
                mine.push(received - at);
                moves.fetch_add(1, Ordering::Relaxed);
            }
        }
    }
    latencies.lock().unwrap().extend(mine);
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
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
    std::thread::spawn(move || for _ in lines {});
    let measuring = Arc::new(AtomicBool::new(false));
    let stop = Arc::new(AtomicBool::new(false));
    let latencies = Arc::new(Mutex::new(Vec::new()));
    let counts: Vec<Arc<AtomicU64>> = (0..=o.clients)
        .map(|_| Arc::new(AtomicU64::new(0)))
        .collect();
    let threads: Vec<_> = counts
        .iter()
        .map(|count| {
            let (a, m, s, l, c) = (
                addr.clone(),
                measuring.clone(),
                stop.clone(),
                latencies.clone(),
                count.clone(),
            );
            std::thread::spawn(move || follow(a, m, s, l, c))
        })
        .collect();
    std::thread::sleep(WARM_UP);
    let rss_before = status_kb(pid, "VmRSS:");
    let cpu_before = thread_cpu(pid, "viewer");
    let started = Instant::now();
    measuring.store(true, Ordering::SeqCst);
    std::thread::sleep(Duration::from_secs(o.seconds));
    measuring.store(false, Ordering::SeqCst);
    let elapsed = started.elapsed().as_secs_f64();
    let cpu = thread_cpu(pid, "viewer") - cpu_before;
    let rss_after = status_kb(pid, "VmRSS:");
    let hwm = status_kb(pid, "VmHWM:");
    let still_running = child.0.try_wait().unwrap().is_none();
    stop.store(true, Ordering::SeqCst);
    drop(child);
    for t in threads {
        let _ = t.join();
    }
    let _ = std::fs::remove_dir_all(&out);
    let observer = counts[0].load(Ordering::SeqCst);
    let slowest = counts
        .iter()
        .map(|c| c.load(Ordering::SeqCst))
        .min()
        .unwrap_or(0);
    let mut all = latencies.lock().unwrap().clone();
    all.sort_by(f64::total_cmp);
    println!(
        "clients: {} event streams besides the observer, {elapsed:.1} s",
        o.clients
    );
    println!(
        "tournament: {observer} moves, {:.2} moves/s{}",
        observer as f64 / elapsed,
        if still_running {
            ""
        } else {
            " (it ENDED during the window: use a longer one)"
        }
    );
    println!("every client saw at least {slowest} of them");
    println!(
        "latency move played -> event received: median {:.2} ms, p99 {:.2} ms, max {:.2} ms ({} events)",
        percentile(&all, 0.5),
        percentile(&all, 0.99),
        all.last().copied().unwrap_or(f64::NAN),
        all.len()
    );
    println!(
        "server threads: {cpu:.2} CPU s = {:.1}% of one core",
        cpu / elapsed * 100.0
    );
    println!(
        "process memory: RSS {:.1} MiB before, {:.1} MiB after, peak {:.1} MiB",
        rss_before as f64 / 1024.0,
        rss_after as f64 / 1024.0,
        hwm as f64 / 1024.0
    );
}
