//! The player's side of the engine protocols (UCI, CECP) over real pipes, with a scripted
//! engine: whole sessions, `stop`/`?` heard while it searches, `isready` answered during a
//! search, aborted searches whose moves are never written, bad commands answered and
//! skipped.

use olympiad_protocol::{
    EngineOption, EngineScore, Go, OptionKind, ServeEnd, ServeError, Thinker, Thinking, cecp, uci,
};
use std::io::{BufReader, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// An engine that plays `m1`, `m2`, ... and, when asked to search until stopped, waits
/// for the stop flag.
#[derive(Default)]
struct Scripted {
    moves: Vec<String>,
    start: Option<String>,
    hash: i64,
    searches: u32,
    last_go: Option<Go>,
}

impl Thinker for Scripted {
    fn name(&self) -> String {
        "scripted".into()
    }
    fn author(&self) -> String {
        "tests".into()
    }
    fn options(&self) -> Vec<EngineOption> {
        vec![EngineOption {
            name: "Hash".into(),
            kind: OptionKind::Spin {
                default: 16,
                min: 1,
                max: 1024,
            },
        }]
    }
    fn set_option(&mut self, name: &str, value: &str) -> Result<(), String> {
        if !name.eq_ignore_ascii_case("hash") {
            return Err(format!("no such option: {name}"));
        }
        self.hash = value.parse().map_err(|_| format!("Hash: '{value}'"))?;
        Ok(())
    }
    fn new_game(&mut self) {
        self.moves.clear();
    }
    fn set_position(&mut self, start: Option<&str>, moves: &[String]) -> Result<(), String> {
        if let Some(bad) = moves.iter().find(|m| !m.starts_with('m')) {
            return Err(format!("illegal move '{bad}'"));
        }
        self.start = start.map(str::to_string);
        self.moves = moves.to_vec();
        Ok(())
    }
    fn to_move(&self) -> usize {
        self.moves.len() % 2
    }
    fn is_over(&self) -> bool {
        self.moves.len() >= 6
    }
    fn think(
        &mut self,
        go: &Go,
        stop: &Arc<AtomicBool>,
        report: &mut dyn FnMut(&Thinking),
    ) -> Result<String, String> {
        self.searches += 1;
        self.last_go = Some(go.clone());
        let unlimited = go.clocks.is_empty() && go.move_time.is_none() && go.depth.is_none();
        if go.infinite || unlimited {
            let deadline = Instant::now() + Duration::from_secs(20);
            while !stop.load(Ordering::Relaxed) {
                assert!(Instant::now() < deadline, "never stopped");
                std::thread::sleep(Duration::from_millis(2));
            }
        }
        report(&Thinking {
            depth: Some(3),
            score: Some(EngineScore::Cp(-12)),
            nodes: Some(100),
            pv: vec![format!("m{}", self.moves.len() + 1)],
            ..Thinking::default()
        });
        Ok(format!("m{}", self.moves.len() + 1))
    }
    fn perft(&mut self, depth: u32) -> Result<Vec<(String, u64)>, String> {
        Ok(vec![("m1".into(), u64::from(depth)), ("m2".into(), 2)])
    }
    fn bench(&mut self) -> Result<(u64, Duration), String> {
        Ok((12_345, Duration::from_millis(10)))
    }
}

/// Output shared with the test, which reads it while the serve runs.
#[derive(Clone, Default)]
struct Shared(Arc<Mutex<Vec<u8>>>);

impl Write for Shared {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Shared {
    fn text(&self) -> String {
        String::from_utf8(self.0.lock().unwrap().clone()).unwrap()
    }

    /// Waits until the output holds a line equal to `line` (20 s at most: a hang fails).
    fn wait_for(&self, line: &str) {
        let deadline = Instant::now() + Duration::from_secs(20);
        while !self.text().lines().any(|l| l == line) {
            assert!(
                Instant::now() < deadline,
                "no line '{line}' in:\n{}",
                self.text()
            );
            std::thread::sleep(Duration::from_millis(2));
        }
    }
}

/// The serve running on a thread over a pipe: the pipe's writing end, the shared output
/// and the thread (its result: how the session ended, and the searches the engine ran).
type Running = (
    std::io::PipeWriter,
    Shared,
    std::thread::JoinHandle<Result<(ServeEnd, u32), ServeError>>,
);

fn spawn(serve: olympiad_protocol::ServeEngine) -> Running {
    let (reader, writer) = std::io::pipe().unwrap();
    let out = Shared::default();
    let thread_out = out.clone();
    let handle = std::thread::spawn(move || {
        let mut engine = Scripted::default();
        serve(
            Box::new(BufReader::new(reader)),
            Box::new(thread_out),
            &mut engine,
        )
        .map(|end| (end, engine.searches))
    });
    (writer, out, handle)
}

/// A whole session from a script (no waiting): what was written.
fn session(serve: olympiad_protocol::ServeEngine, script: &str) -> (String, Scripted) {
    let out = Shared::default();
    let mut engine = Scripted::default();
    let input = Box::new(BufReader::new(std::io::Cursor::new(script.to_string())));
    let end = serve(input, Box::new(out.clone()), &mut engine).unwrap();
    assert!(matches!(end, ServeEnd::Ended | ServeEnd::Eof));
    (out.text(), engine)
}

#[test]
fn uci_session_from_handshake_to_quit() {
    let (text, engine) = session(
        uci::serve,
        "uci\nsetoption name Hash value 64\nsetoption name Nope value 1\nisready\n\
         ucinewgame\nposition startpos moves m1 m2\ngo wtime 1000 btime 2000 winc 10 binc 20\n\
         position startpos moves m1 x9\ngo perft 3\nfly\nbench\nquit\n",
    );
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        &lines[..4],
        [
            "id name scripted",
            "id author tests",
            "option name Hash type spin default 16 min 1 max 1024",
            "uciok"
        ]
    );
    assert_eq!(lines[4], "info string no such option: Nope");
    assert_eq!(lines[5], "readyok");
    assert_eq!(lines[6], "info depth 3 score cp -12 nodes 100 pv m3");
    assert_eq!(lines[7], "bestmove m3");
    assert_eq!(lines[8], "info string illegal move 'x9'");
    assert_eq!(&lines[9..11], ["m1: 3", "m2: 2"]);
    assert!(text.contains("Nodes searched: 5"));
    assert!(text.contains("info string unknown command 'fly'"));
    assert!(text.contains("Nodes searched  : 12345"));
    assert_eq!(engine.hash, 64);
    let go = engine.last_go.unwrap();
    assert_eq!(go.clocks, [Duration::from_secs(1), Duration::from_secs(2)]);
    assert_eq!(
        engine.moves,
        ["m1", "m2"],
        "the bad position left the last good one"
    );
}

#[test]
fn uci_hears_stop_and_isready_while_it_searches() {
    let (mut writer, out, served) = spawn(uci::serve);
    writeln!(writer, "position startpos\ngo infinite\nisready").unwrap();
    out.wait_for("readyok");
    assert!(!out.text().contains("bestmove"), "{}", out.text());
    writeln!(writer, "stop").unwrap();
    out.wait_for("bestmove m1");
    // A stop that comes right after `go`, before the search began, is not lost.
    writeln!(writer, "go infinite\nstop\nquit").unwrap();
    let (end, searches) = served.join().unwrap().unwrap();
    assert_eq!(end, ServeEnd::Ended);
    assert_eq!(searches, 2);
    assert_eq!(out.text().matches("bestmove m1").count(), 2);
}

#[test]
fn cecp_session_plays_either_side() {
    let (text, _) = session(
        cecp::serve,
        "xboard\nprotover 2\nnew\nlevel 40 5 0\npost\ntime 30000\notim 30000\n\
         usermove m1\nusermove m3\nusermove x5\nping 7\n",
    );
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].starts_with("feature myname=\"scripted\" setboard=1 usermove=1"));
    assert_eq!(lines[1], "feature option=\"Hash -spin 16 1 1024\"");
    assert_eq!(lines[2], "feature done=1");
    // After `new` the engine plays Black: it answers m1 with m2, m3 with m4.
    assert_eq!(lines[3], "3 -12 0 100 m2");
    assert_eq!(lines[4], "move m2");
    assert_eq!(lines[6], "move m4");
    assert!(text.contains("Illegal move (illegal move 'x5'): x5"));
    assert!(text.ends_with("pong 7\n"), "{text}");
}

#[test]
fn cecp_moves_now_on_question_mark_and_drops_an_aborted_search() {
    let (mut writer, out, served) = spawn(cecp::serve);
    // No clock at all: the scripted engine searches until told.
    writeln!(writer, "xboard\nprotover 2\nnew\nforce\ngo").unwrap();
    out.wait_for("feature done=1");
    std::thread::sleep(Duration::from_millis(20));
    assert!(!out.text().contains("move "));
    writeln!(writer, "?").unwrap();
    out.wait_for("move m1");
    // `force` during a search: it stops and its move is never written.
    writeln!(writer, "usermove m2\nforce\nping 9").unwrap();
    out.wait_for("pong 9");
    assert!(!out.text().contains("move m3"), "{}", out.text());
    writeln!(writer, "quit").unwrap();
    assert!(matches!(served.join().unwrap(), Ok((ServeEnd::Ended, 2))));
}

#[test]
fn the_end_of_input_ends_a_search_and_the_session() {
    let (mut writer, _out, served) = spawn(uci::serve);
    writeln!(writer, "go infinite").unwrap();
    drop(writer);
    assert_eq!(served.join().unwrap().unwrap(), (ServeEnd::Eof, 1));
}

#[test]
fn gtp_session_answers_every_command_with_its_id() {
    let (text, engine) = session(
        olympiad_protocol::gtp::serve,
        "1 protocol_version\n2 known_command genmove\n3 known_command fly\n\
         # a comment line\n\n4 boardsize 9\n5 play b m1\n6 play b m2\n7 play w x9\n\
         8 time_settings 30 0 0\n9 time_left w 12 0\n10 genmove w\n11 undo\nplay w m2\n\
         12 genmove x\n13 final_score\n14 fly\n15 quit\n16 name\n",
    );
    let expected = "=1 2\n\n=2 true\n\n=3 false\n\n\
                    ?4 unacceptable size\n\n=5\n\n?6 illegal move (w is to play)\n\n\
                    ?7 illegal move (illegal move 'x9')\n\n=8\n\n=9\n\n=10 m2\n\n=11\n\n=\n\n\
                    ?12 invalid color 'x'\n\n?13 cannot score: the game is not over\n\n\
                    ?14 unknown command\n\n=15\n\n";
    assert_eq!(text, expected);
    assert_eq!(engine.moves, ["m1", "m2"]);
    // The clocks as the controller set them: Black's from time_settings, White's left.
    let go = engine.last_go.unwrap();
    assert_eq!(
        go.clocks,
        [Duration::from_secs(30), Duration::from_secs(12)]
    );
}
