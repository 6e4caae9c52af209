//! `olympiad play caissa` as a referee sees it: a child process spoken to over pipes, through
//! whole games against a scripted opponent. Every line it writes is checked for legality, its
//! time is measured from our write to its answer (as the referee charges it), and a bad
//! opponent move must end it with exit code 3.

use olympiad_catalog::{DynGame, find_game};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

struct Program {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Program {
    fn start(args: &[&str]) -> Program {
        let mut child = Command::new(env!("CARGO_BIN_EXE_olympiad"))
            .arg("play")
            .arg("caissa")
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start olympiad play");
        let input = child.stdin.take().unwrap();
        let output = BufReader::new(child.stdout.take().unwrap());
        Program {
            child,
            input,
            output,
        }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.input, "{line}").unwrap();
        self.input.flush().unwrap();
    }

    /// Sends `line` and returns the answer with the time it took.
    fn ask(&mut self, line: &str) -> (String, Duration) {
        let sent = Instant::now();
        self.send(line);
        let mut answer = String::new();
        self.output.read_line(&mut answer).unwrap();
        (answer.trim_end().to_string(), sent.elapsed())
    }

    fn finish(self) -> (i32, String) {
        drop(self.input);
        let out = self.child.wait_with_output().unwrap();
        (
            out.status.code().unwrap_or(-1),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    }
}

/// The scripted opponent, a fixed rule so that games repeat exactly: the move that leaves
/// the program the fewest replies, never one that lets it mate at once (a one-ply-safe
/// greedy player, which keeps games long enough to spend a clock).
fn scripted(pos: &dyn DynGame) -> String {
    let after = |pos: &dyn DynGame, m: &str| {
        let mut next = pos.clone_box();
        next.play(m).unwrap();
        next
    };
    let rank = |m: &String| {
        let next = after(pos, m);
        let replies = next.legal_moves();
        let mate_in_one = replies.iter().any(|r| {
            after(&*next, r)
                .outcome()
                .is_some_and(|o| o.winner().is_some())
        });
        (mate_in_one, replies.len(), m.clone())
    };
    pos.legal_moves().into_iter().min_by_key(rank).unwrap()
}

/// The Caïssa start position.
fn start() -> Box<dyn DynGame> {
    find_game("caissa").unwrap().start()
}

/// Plays a whole game with the program on `seat` (0: White); returns the program's total
/// time and the number of its moves.
fn whole_game(program: &mut Program, seat: usize) -> (Duration, usize, Box<dyn DynGame>) {
    let mut pos = start();
    let mut total = Duration::ZERO;
    let mut count = 0;
    let mut to_send = if seat == 0 {
        "start".to_string()
    } else {
        let m = scripted(&*pos);
        pos.play(&m).unwrap();
        m
    };
    loop {
        let (answer, took) = program.ask(&to_send);
        total += took;
        count += 1;
        let ply = pos.moves().len() + 1;
        pos.play(&answer)
            .unwrap_or_else(|e| panic!("ply {ply}: '{answer}': {e}"));
        if pos.outcome().is_some() {
            break;
        }
        let m = scripted(&*pos);
        pos.play(&m).unwrap();
        if pos.outcome().is_some() {
            break;
        }
        to_send = m;
    }
    program.send("end");
    (total, count, pos)
}

#[test]
fn whole_games_in_both_seats_every_line_legal() {
    for seat in 0..2 {
        let mut p = Program::start(&["--depth", "2", "--quiet"]);
        let (_, count, end) = whole_game(&mut p, seat);
        assert!(count > 0);
        assert!(end.outcome().is_some());
        let (code, stderr) = p.finish();
        assert_eq!(code, 0, "{stderr}");
    }
}

/// Two timed programs (caissa as White, hipp as Black) play a whole game through us, as a
/// referee would relay it; each side's time is summed from our write to its answer.
#[test]
fn never_overruns_its_budget() {
    let budget = Duration::from_millis(1_500);
    let args = |engine: &'static str| ["--engine", engine, "--time-ms", "1500"];
    let mut programs = [
        Program::start(&args("caissa")),
        Program::start(&args("hipp")),
    ];
    let mut used = [Duration::ZERO; 2];
    let mut pos = start();
    let mut to_send = "start".to_string();
    while pos.outcome().is_none() {
        let side = pos.moves().len() % 2;
        let (answer, took) = programs[side].ask(&to_send);
        used[side] += took;
        let ply = pos.moves().len() + 1;
        pos.play(&answer)
            .unwrap_or_else(|e| panic!("ply {ply}: '{answer}': {e}"));
        to_send = answer;
    }
    let plies = pos.moves().len();
    for (side, p) in programs.into_iter().enumerate() {
        let mut p = p;
        p.send("end");
        let (code, stderr) = p.finish();
        assert_eq!(code, 0, "{stderr}");
        assert!(stderr.contains("depth"), "reports on stderr: {stderr}");
        eprintln!(
            "side {side}: {} ms of {} ms over a game of {plies} plies",
            used[side].as_millis(),
            budget.as_millis()
        );
        assert!(
            used[side] < budget,
            "side {side} used {} ms, budget {} ms ({plies} plies)",
            used[side].as_millis(),
            budget.as_millis()
        );
    }
    assert!(plies >= 10, "a game of {plies} plies spends no clock");
}

#[test]
fn an_illegal_opponent_move_exits_with_code_3() {
    let mut p = Program::start(&["--depth", "1"]);
    p.send("b2-b3");
    let (code, stderr) = p.finish();
    assert_eq!(code, 3, "{stderr}");
    assert!(stderr.contains("b2-b3"), "{stderr}");

    let mut p = Program::start(&["--depth", "1"]);
    p.send("hello world");
    let (code, stderr) = p.finish();
    assert_eq!(code, 3, "{stderr}");
}

#[test]
fn end_of_input_or_end_line_exits_cleanly() {
    let mut p = Program::start(&["--depth", "1"]);
    let (answer, _) = p.ask("start");
    assert!(start().legal_moves().contains(&answer), "{answer}");
    let (code, stderr) = p.finish();
    assert_eq!(code, 0, "{stderr}");

    let mut p = Program::start(&["--depth", "1"]);
    p.send("end");
    let (code, stderr) = p.finish();
    assert_eq!(code, 0, "{stderr}");
}
