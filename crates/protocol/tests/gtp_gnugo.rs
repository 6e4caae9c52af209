//! The referee's side of GTP against a real engine, GNU Go 3.8 (the Debian package `.ci/run`
//! installs): the handshake with the game's settings, requests with clocks and the moves
//! so far, acknowledgements read whenever they come, a refusal read with GNU Go's own words.

use olympiad_protocol::gtp::Gtp;
use olympiad_protocol::{Dialogue, Handshake, Heard, ReplyLine, Request};
use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::Duration;

/// GNU Go in PATH or where Debian puts it.
fn gnugo() -> PathBuf {
    olympiad_core::programs::require("gnugo", "gnugo")
}

struct Engine {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Engine {
    fn start() -> Engine {
        let mut child = Command::new(gnugo())
            .args(["--mode", "gtp", "--level", "0", "--chinese-rules"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let input = child.stdin.take().unwrap();
        let output = BufReader::new(child.stdout.take().unwrap());
        Engine {
            child,
            input,
            output,
        }
    }

    fn send(&mut self, lines: &[String]) {
        for line in lines {
            writeln!(self.input, "{line}").unwrap();
        }
        self.input.flush().unwrap();
    }

    fn line(&mut self) -> String {
        let mut line = String::new();
        assert!(self.output.read_line(&mut line).unwrap() > 0, "gnugo ended");
        line.trim_end_matches('\n').to_string()
    }

    /// Reads until the dialogue sees something other than acknowledgements.
    fn reply(&mut self, d: &mut Gtp) -> ReplyLine {
        loop {
            let line = self.line();
            match d.read(&line) {
                ReplyLine::Ignore => continue,
                other => return other,
            }
        }
    }
}

#[test]
fn gnugo_shakes_hands_plays_and_refuses_an_occupied_point() {
    let mut engine = Engine::start();
    let mut d = Gtp::default();
    d.parameters(&[("size", "9".into()), ("komi", "7.5".into())])
        .unwrap();
    let mut step = d.handshake(Heard::Started);
    loop {
        match step {
            Handshake::Await { write, .. } => {
                engine.send(&write);
                let line = engine.line();
                step = d.handshake(Heard::Line(&line));
            }
            Handshake::Done(write) => {
                engine.send(&write);
                break;
            }
            Handshake::Failed(why) => panic!("{why}"),
        }
    }
    assert!(d.engine_name().unwrap().starts_with("GNU Go 3."));
    assert!(d.knows("time_left") && d.knows("genmove"));
    assert!(d.open(0, 2).is_empty());

    // GNU Go is Black; White passes; three moves of Black.
    let mut moves: Vec<String> = Vec::new();
    let clocks = [Duration::from_secs(60); 2];
    for _ in 0..3 {
        let request = Request {
            last: moves.last().map(String::as_str),
            moves: &moves,
            start: "",
            position: "",
            left: clocks[0],
            increment: Duration::ZERO,
            move_cap: None,
            clocks: &clocks,
            moves_to_go: None,
        };
        let lines = d.request(&request);
        assert!(lines.last().unwrap().ends_with(" genmove b"), "{lines:?}");
        engine.send(&lines);
        match engine.reply(&mut d) {
            ReplyLine::Move(mv) => moves.push(mv),
            other => panic!("{other:?}"),
        }
        moves.push("pass".into());
    }
    // White's point taken by Black: GNU Go refuses it in its own words.
    let taken = moves[0].clone();
    engine.send(&d.inform(&taken));
    // The empty line ending the last genmove's answer comes first.
    match engine.reply(&mut d) {
        ReplyLine::Refused(why) => {
            assert_eq!(
                why,
                format!("the engine refused `play w {taken}`: illegal move")
            )
        }
        other => panic!("{other:?}"),
    }
    engine.send(&d.close());
    assert!(engine.child.wait().unwrap().success());
}
