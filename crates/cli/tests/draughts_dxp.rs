//! International draughts over DXP (TCP, NUL-ended messages), both sides ours and theirs:
//! `olympiad play draughts --protocol dxp` (the follower) answers a GAMEREQ, moves with
//! every piece taken, confirms a GAMEEND and exits 3 on an illegal move; `olympiad match`
//! (the initiator) plays our engine against our own served DXP program, started with a
//! port of the arena's choosing (`{port}`) or already listening (`dxp@HOST:PORT`); DXP
//! programs that crash, never listen, answer an illegal move or garbage, close the
//! connection or never answer lose that game by the right fault and the match goes on.
//! `SCAN_DXP=PATH` (a script that starts Scan 2.0 in DXP mode listening on the port it is
//! given) runs a short match against Scan (ignored by default).

mod common;

use common::{assert_lost_by_fault, run_match, scratch, script, termination};
use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// How long a test waits for our served program to listen.
const LISTEN_PATIENCE: Duration = Duration::from_secs(20);

/// A port free now.
fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// `olympiad play draughts --protocol dxp` listening on `port`.
fn serve(port: u16) -> Child {
    Command::new(env!("CARGO_BIN_EXE_olympiad"))
        .args([
            "play",
            "draughts",
            "--protocol",
            "dxp",
            "--quiet",
            "--depth",
            "3",
        ])
        .arg("--listen")
        .arg(format!("127.0.0.1:{port}"))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap()
}

/// Connects to `port`, waiting for the program to listen.
fn connect(port: u16) -> TcpStream {
    let give_up = Instant::now() + LISTEN_PATIENCE;
    loop {
        match TcpStream::connect(("127.0.0.1", port)) {
            Ok(s) => return s,
            Err(e) => {
                assert!(Instant::now() < give_up, "nothing listens on {port}: {e}");
                std::thread::sleep(Duration::from_millis(20));
            }
        }
    }
}

/// One message and its NUL.
fn send(stream: &mut TcpStream, message: &str) {
    stream.write_all(message.as_bytes()).unwrap();
    stream.write_all(&[0]).unwrap();
}

/// The next message.
fn receive(reader: &mut impl BufRead) -> String {
    let mut bytes = Vec::new();
    reader.read_until(0, &mut bytes).unwrap();
    assert_eq!(bytes.pop(), Some(0), "the connection closed");
    String::from_utf8(bytes).unwrap()
}

/// A GAMEREQ from "tester" for a follower of `colour`, 1 minute, `start` (`A` or `B...`).
fn game_request(colour: char, start: &str) -> String {
    format!("R01{:<32}{colour}001000{start}", "tester")
}

/// Waits for `child` to exit; its exit code.
fn exit_code(child: &mut Child) -> Option<i32> {
    let give_up = Instant::now() + LISTEN_PATIENCE;
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status.code();
        }
        assert!(Instant::now() < give_up, "the program did not exit");
        std::thread::sleep(Duration::from_millis(10));
    }
}

#[test]
fn the_served_engine_accepts_moves_and_confirms_the_end() {
    let port = free_port();
    let mut child = serve(port);
    let mut stream = connect(port);
    let mut reader = BufReader::new(stream.try_clone().unwrap());
    send(&mut stream, "Chello");
    // We play White from the usual start: the program (Black) waits for our move.
    send(&mut stream, &game_request('Z', "A"));
    let accept = receive(&mut reader);
    assert_eq!(accept.len(), 34, "{accept}");
    assert!(accept.starts_with('A') && accept.ends_with('0'), "{accept}");
    send(&mut stream, "M0000322800");
    let reply = receive(&mut reader);
    assert!(
        reply.starts_with("M") && reply.len() == 11 && reply.ends_with("00"),
        "a step of Black: {reply}"
    );
    // We end the game and want no other: the program confirms and exits.
    send(&mut stream, "E01");
    assert_eq!(receive(&mut reader), "E01");
    assert_eq!(exit_code(&mut child), Some(0));
}

#[test]
fn listening_is_for_protocols_over_tcp() {
    let output = Command::new(env!("CARGO_BIN_EXE_olympiad"))
        .args(["play", "draughts", "--listen", "127.0.0.1:1"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("protocols over TCP"), "{stderr}");
}

#[test]
fn the_served_engine_takes_in_full_and_exits_3_on_an_illegal_move() {
    let port = free_port();
    let mut child = serve(port);
    let mut stream = connect(port);
    let mut reader = BufReader::new(stream.try_clone().unwrap());
    // After 32-28 19-23 White (the program) must take 23 with 28, landing on 19.
    let board = format!("W{}ezeezeeeeweewe{}", "z".repeat(18), "w".repeat(18));
    assert_eq!(board.len(), 51, "{board}");
    send(&mut stream, &game_request('W', &format!("B{board}")));
    assert!(receive(&mut reader).ends_with('0'));
    let capture = receive(&mut reader);
    assert_eq!(&capture[5..], "28190123", "28x19 taking 23: {capture}");
    // 46-41 is no move of Black's.
    send(&mut stream, "M0000464100");
    assert_eq!(exit_code(&mut child), Some(3));
}

#[test]
fn our_engine_plays_our_served_dxp_program_to_the_end_both_ways() {
    let dir = scratch("draughts-dxp", "served");
    let olympiad = env!("CARGO_BIN_EXE_olympiad");
    let started = format!(
        "dxp:{olympiad} play draughts --protocol dxp --quiet --depth 2 --listen 127.0.0.1:{{port}}"
    );
    let (stdout, records) = run_match(
        "draughts",
        &dir,
        &[
            "builtin:alphabeta:depth=2",
            &started,
            "--games",
            "2",
            "--time-ms",
            "60000",
            "--random-openings",
            "2",
        ],
    );
    assert_eq!(records.len(), 2, "{stdout}");
    for record in &records {
        let (kind, _, fault) = termination(record);
        assert_ne!(kind, "fault", "{fault}: {record}");
        assert!(record["moves"].as_array().unwrap().len() > 20, "{record}");
    }
    // One already listening, which the arena reaches and does not start.
    let port = free_port();
    let mut child = serve(port);
    let remote = format!("dxp@127.0.0.1:{port}");
    let (stdout, records) = run_match(
        "draughts",
        &dir.join("remote"),
        &[
            "builtin:random",
            &remote,
            "--games",
            "1",
            "--time-ms",
            "20000",
        ],
    );
    assert_eq!(records.len(), 1, "{stdout}");
    let (kind, _, fault) = termination(&records[0]);
    assert_ne!(kind, "fault", "{fault}: {}", records[0]);
    // The arena's GAMEEND (stop code 1) ends the served program.
    assert_eq!(exit_code(&mut child), Some(0));
    let _ = std::fs::remove_dir_all(&dir);
}

/// A DXP follower in Python that misbehaves on its turn as `MODE` says.
const FAKE: &str = r#"#!/usr/bin/env python3
import socket, sys, time
port, mode = int(sys.argv[1]), sys.argv[2]
if mode == "deaf":
    sys.exit(5)
server = socket.socket()
server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
server.bind(("127.0.0.1", port))
server.listen(1)
conn, _ = server.accept()
def send(text):
    conn.sendall(text.encode() + b"\0")
def turn():
    if mode == "crash":
        sys.exit(3)
    if mode == "illegal":
        send("M0000464100")
    if mode == "garbage":
        send("M00x")
    if mode == "close":
        conn.close()
        time.sleep(60)
    if mode == "silent":
        time.sleep(60)
buffer = b""
while True:
    data = conn.recv(4096)
    if not data:
        break
    buffer += data
    while b"\0" in buffer:
        message, buffer = buffer.split(b"\0", 1)
        kind = message[:1]
        if kind == b"R":
            send("A" + "fake".ljust(32) + "0")
            turn()
        elif kind == b"M":
            turn()
        elif kind == b"E":
            send("E00")
            sys.exit(0)
"#;

#[test]
fn dxp_programs_that_misbehave_lose_that_game_by_the_right_fault() {
    let dir = scratch("draughts-dxp", "broken");
    let fake = script(&dir, "fake-dxp.py", FAKE);
    for (mode, faults, detail) in [
        ("crash", "crash", "exit code 3"),
        ("deaf", "crash", "exit code 5"),
        ("illegal", "illegal-move", ""),
        ("garbage", "garbled", "MOVE field 'time'"),
        ("close", "protocol-error", "closed the connection"),
        ("silent", "timeout", ""),
    ] {
        let spec = format!("dxp:{} {{port}} {mode}", fake.display());
        let (stdout, records) = run_match(
            "draughts",
            &dir.join(mode),
            &["builtin:random", &spec, "--games", "2", "--time-ms", "1500"],
        );
        assert!(stdout.contains("faults:"), "{mode}: {stdout}");
        assert_lost_by_fault(&records, faults, detail);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A short match against Scan 2.0 over DXP: `SCAN_DXP=/path/to/run-scan-dxp.sh` (a script
/// taking the port as its argument, which writes Scan's scan.ini with `dxp-port` set to it
/// and runs `scan dxp` from Scan's folder).
#[test]
#[ignore = "needs Scan 2.0: SCAN_DXP=PATH"]
fn a_short_match_against_scan_over_dxp() {
    let scan = std::env::var("SCAN_DXP").expect("SCAN_DXP=PATH of a script starting `scan dxp`");
    let dir = scratch("draughts-dxp", "scan");
    let (stdout, records) = run_match(
        "draughts",
        &dir,
        &[
            "builtin:alphabeta",
            &format!("dxp:{scan} {{port}}"),
            "--games",
            "2",
            "--time-ms",
            "60000",
        ],
    );
    assert_eq!(records.len(), 2, "{stdout}");
    for record in &records {
        let (kind, _, fault) = termination(record);
        assert_ne!(kind, "fault", "{fault}: {record}");
    }
}
