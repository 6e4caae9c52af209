//! The hub against real programs: managers, referees and players are small Python scripts
//! (tests/scripts/) that behave well or badly on purpose, so that routing, locks, clocks, the
//! special `I listen` answers, logs and the cleanup are tested on real processes and pipes.

use olympiad_arena::group_members;
use olympiad_caia::{HubConfig, HubError, SessionEnd, hub};
use olympiad_protocol::caia_hub::{SENDS_NEWLINE, STOPPED, TIMEOUT};
use std::fs;
use std::io::Write;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// A fresh directory for one test.
fn test_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("caia-hub-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

fn script(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/scripts")
        .join(name)
        .display()
        .to_string()
}

/// An executable `dir/name` that runs a Python script with these arguments (players take
/// no arguments under Caia, so each behaviour gets its own wrapper).
fn wrapper(dir: &Path, name: &str, script_name: &str, args: &[&str]) -> String {
    let quoted: Vec<String> = args
        .iter()
        .map(|a| format!("'{}'", a.replace('\'', r"'\''")))
        .collect();
    let path = dir.join(name);
    fs::write(
        &path,
        format!(
            "#!/bin/sh\nexec python3 '{}' {} \"$@\"\n",
            script(script_name),
            quoted.join(" ")
        ),
    )
    .unwrap();
    fs::set_permissions(&path, fs::Permissions::from_mode(0o755)).unwrap();
    path.display().to_string()
}

fn player(dir: &Path, name: &str, actions: &[&str]) -> String {
    wrapper(dir, name, "fake_player.py", actions)
}

/// The `-d` transcript, collected in memory.
#[derive(Clone, Default)]
struct Trace(Arc<Mutex<Vec<u8>>>);

impl Write for Trace {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

struct Outcome {
    result: Result<SessionEnd, HubError>,
    /// Every line the manager read.
    read: Vec<String>,
    trace: String,
}

/// Runs a session whose manager plays `lines` (see script_manager.py).
fn session(dir: &Path, lines: &[String]) -> Outcome {
    let script_path = dir.join("manager.script");
    fs::write(&script_path, lines.join("\n") + "\n").unwrap();
    let manager = wrapper(dir, "manager", "script_manager.py", &[]);
    let trace = Trace::default();
    let result = hub::run(HubConfig {
        manager,
        manager_arg: Some(script_path.display().to_string()),
        trace: Some(Box::new(trace.clone())),
    });
    let read = fs::read_to_string(dir.join("manager.script.out"))
        .unwrap_or_default()
        .lines()
        .map(str::to_string)
        .collect();
    let trace = String::from_utf8(trace.0.lock().unwrap().clone()).unwrap();
    Outcome {
        result,
        read,
        trace,
    }
}

fn lines(text: &[&str]) -> Vec<String> {
    text.iter().map(|s| s.to_string()).collect()
}

/// The numbers after `word` in the lines of a log (`pid 123`).
fn numbers_after(log: &str, word: &str) -> Vec<i32> {
    log.lines()
        .filter_map(|l| l.strip_prefix(word)?.trim().parse().ok())
        .collect()
}

fn alive(pid: i32) -> bool {
    fs::read_to_string(format!("/proc/{pid}/stat"))
        .map(|s| {
            let state = s[s.rfind(')').unwrap() + 1..].split_whitespace().next();
            state != Some("Z") && state != Some("X")
        })
        .unwrap_or(false)
}

#[test]
fn misbehaving_players_get_exactly_the_special_answers() {
    let dir = test_dir("special");
    let hang = player(&dir, "hang", &["hang"]);
    let segv = player(&dir, "segv", &["segv"]);
    let exit = player(&dir, "exit", &["exit:0"]);
    let empty = player(&dir, "empty", &["say:", "hang"]);
    let out = session(
        &dir,
        &[
            "I number_players 4".into(),
            format!("I player 1 {hang} 300"),
            format!("I player 2 {segv} 5000"),
            format!("I player 3 {exit} 5000"),
            format!("I player 4 {empty} 5000"),
            "I start 1".into(),
            "I start 2".into(),
            "I start 3".into(),
            "I start 4".into(),
            "I listen 1".into(),
            "<".into(),
            "I listen 2".into(),
            "<".into(),
            "I listen 3".into(),
            "<".into(),
            "I listen 4".into(),
            "<".into(),
            // Out of time stays out of time; a player defined again after its kill, and not
            // started, is stopped.
            "I listen 1".into(),
            "<".into(),
            "I kill 4".into(),
            format!("I player 4 {empty} 5000"),
            "I listen 4".into(),
            "<".into(),
            "I request_time 1".into(),
            "<".into(),
            "I stop_caiaio".into(),
        ],
    );
    assert_eq!(out.result.unwrap(), SessionEnd::Stopped);
    // The texts as the spec writes them (the referee side parses the same constants).
    assert_eq!(
        out.read,
        [
            "<caiaio:_player_timeout>",
            "<caiaio:_player_crashed:_Segmentation_fault>",
            "<caiaio:_player_stopped>",
            r"<caiaio:_player_sends_'\n'>",
            "<caiaio:_player_timeout>",
            "<caiaio:_player_stopped>",
            "time 300 300",
        ]
    );
    assert_eq!(out.read[3], SENDS_NEWLINE);
    assert_eq!(out.read[0], TIMEOUT);
    assert!(
        out.trace
            .contains("[caiaio -> manager] <caiaio:_player_timeout>")
    );
    let _ = fs::remove_dir_all(&dir);
}

/// How long player 1 of the clock test thinks, from the instant the manager is about to ask
/// the hub to listen.
const THINK_MS: u64 = 300;
/// Player 3's budget in contest ms: 800 local ms under the test's time factor 2.
const SCALED_BUDGET_MS: u64 = 400;
/// How long player 3 thinks: over its contest budget, in time only if the factor is applied,
/// with 200 ms to spare for the pipes and the scheduler.
const SCALED_THINK_MS: u64 = 600;
/// How long the manager waits between speaking to a player and listening to it: time the
/// hub must not charge.
const NOT_LISTENING_MS: u64 = 200;
/// How much later than the manager's stamp the hub may begin its wait in `I listen`: the
/// manager writes the line, the hub's reader thread wakes and passes it on, the hub's thread
/// wakes and obeys it; each wake-up can wait a few scheduler slices on a shared 2-core
/// machine with other jobs. Only the lower bound of a charge needs it: the upper bound is
/// exact (the hub cannot start listening before the line is written, nor stop after the
/// manager read the answer).
const HUB_START_LAG_MS: f64 = 100.0;

/// A manager's or player's `stamp` file, in ms of the monotonic clock.
fn stamp_ms(path: &Path) -> f64 {
    let text = fs::read_to_string(path).unwrap();
    text.trim().parse::<u64>().unwrap() as f64 / 1e6
}

/// The two numbers of a `time USED CONTEST` answer.
fn time_answer(line: &str) -> [u64; 2] {
    let numbers: Vec<u64> = line
        .strip_prefix("time ")
        .unwrap_or_else(|| panic!("not a time answer: {line}"))
        .split(' ')
        .map(|t| t.parse().unwrap())
        .collect();
    [numbers[0], numbers[1]]
}

/// Player `n` of the clock test: it touches `readyN` when it runs; spoken to, it waits until
/// the manager is about to listen (`listenN` exists), thinks `think_ms` and answers `answer`,
/// stamping `saidN` just before it writes.
fn thinker(dir: &Path, n: u32, think_ms: u64, answer: &str) -> String {
    let file = |name: &str| format!("{}/{name}{n}", dir.display());
    player(
        dir,
        &format!("thinker{n}"),
        &[
            &format!("touch:{}", file("ready")),
            "read",
            &format!("wait:{}", file("listen")),
            &format!("sleep:{think_ms}"),
            &format!("stamp:{}", file("said")),
            &format!("say:{answer}"),
            "hang",
        ],
    )
}

#[test]
fn clocks_run_only_while_the_hub_waits_in_a_listen() {
    let dir = test_dir("clocks");
    let stamp = |name: &str| dir.join(name).display().to_string();
    let slow = thinker(&dir, 1, THINK_MS, "late");
    // Answers at once, long before anyone listens.
    let early = player(
        &dir,
        "early",
        &["say:early", &format!("touch:{}", stamp("early2")), "hang"],
    );
    // Longer than its contest budget (see SCALED_THINK_MS).
    let scaled = thinker(&dir, 3, SCALED_THINK_MS, "in_time");
    let out = session(
        &dir,
        &[
            "I cpu_speed 2000 1000".into(),
            "I number_players 3".into(),
            format!("I player 1 {slow} 10000"),
            format!("I player 2 {early} 10000"),
            format!("I player 3 {scaled} {SCALED_BUDGET_MS}"),
            "I start 1 100".into(),
            "<".into(),
            "I start 2".into(),
            "I start 3".into(),
            format!("wait {}", stamp("ready1")),
            format!("wait {}", stamp("early2")),
            format!("wait {}", stamp("ready3")),
            "1 go".into(),
            format!("sleep {NOT_LISTENING_MS}"),
            format!("stamp {}", stamp("listen1")),
            "I listen 1".into(),
            "<".into(),
            format!("stamp {}", stamp("answered1")),
            format!("stamp {}", stamp("listen2")),
            "I listen 2".into(),
            "<".into(),
            format!("stamp {}", stamp("answered2")),
            "3 go".into(),
            format!("stamp {}", stamp("listen3")),
            "I listen 3".into(),
            "<".into(),
            format!("stamp {}", stamp("answered3")),
            "I request_time 1".into(),
            "<".into(),
            "I request_time 2".into(),
            "<".into(),
            "I request_time 3".into(),
            "<".into(),
            "I stop_caiaio".into(),
        ],
    );
    assert_eq!(out.result.unwrap(), SessionEnd::Stopped);
    assert_eq!(out.read[..4], ["no_firsterror", "late", "early", "in_time"]);
    // Players 1 to 3: the ms charged, seen from the manager's stamps around each listen.
    for n in 1..=3 {
        let [ms, contest] = time_answer(&out.read[3 + n]);
        // The contest time is the local time over the factor 2 (each rounded down).
        assert!(contest.abs_diff(ms / 2) <= 1, "player {n}: {:?}", out.read);
        let listen = stamp_ms(&dir.join(format!("listen{n}")));
        let answered = stamp_ms(&dir.join(format!("answered{n}")));
        println!(
            "player {n}: charged {ms} ms, listen {:.1} ms",
            answered - listen
        );
        // Never more than the listen lasted: not the time before it (NOT_LISTENING_MS
        // between `1 go` and `I listen 1`; the half second and more between player 2's
        // answer and `I listen 2`).
        assert!(
            ms as f64 <= answered - listen,
            "player {n} charged {ms} ms for a listen of {:.1} ms: {:?}",
            answered - listen,
            out.read
        );
        if n == 2 {
            continue;
        }
        // At least the time waited for a player that answered during the listen: its answer
        // came after the manager's stamp and the thought (its own stamp), the wait began at
        // most HUB_START_LAG_MS after the manager's stamp, and `time` rounds down.
        let said = stamp_ms(&dir.join(format!("said{n}")));
        println!(
            "player {n}: answered {:.1} ms after the stamp",
            said - listen
        );
        assert!(
            ms as f64 >= said - listen - HUB_START_LAG_MS - 1.0,
            "player {n} charged {ms} ms, answered {:.1} ms after the manager's stamp: {:?}",
            said - listen,
            out.read
        );
        // Player 3 waited longer than its budget unscaled, and was in time: the factor 2
        // applies.
        assert!(n == 1 || ms > SCALED_BUDGET_MS, "{:?}", out.read);
    }
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn lines_are_routed_by_their_first_word_and_the_lock_holds_the_other_side_back() {
    let dir = test_dir("lock");
    let echo = player(&dir, "echo", &["echo:2", "hang"]);
    let spoken = dir.join("spoken");
    let locked = dir.join("locked");
    // A referee that speaks to the manager at once.
    let chatty = player(
        &dir,
        "chatty",
        &[
            "say:M hello",
            &format!("touch:{}", spoken.display()),
            "hang",
        ],
    );
    // A referee that takes the lock for 600 ms and speaks before releasing it.
    let locker = player(
        &dir,
        "locker",
        &[
            "say:I lock",
            "read",
            &format!("touch:{}", locked.display()),
            &format!("sleep:{SCALED_THINK_MS}"),
            "say:M first",
            "say:I unlock",
            "hang",
        ],
    );
    let out = session(
        &dir,
        &[
            "I number_players 1".into(),
            format!("I player 1 {echo} 10000"),
            "I start 1".into(),
            // Dropped: a first word that routes nowhere, and M from the manager.
            "hello there".into(),
            "M nobody".into(),
            "1 one".into(),
            "I lock".into(),
            "<".into(),
            format!("I referee {chatty}"),
            format!("wait {}", spoken.display()),
            "sleep 100".into(),
            "I listen 1".into(),
            // "got one", not the referee's "hello": the manager holds the lock.
            "<".into(),
            "I unlock".into(),
            "<".into(),
            format!("I referee {locker}"),
            format!("wait {}", locked.display()),
            "1 two".into(),
            "I listen 1".into(),
            // The referee's line comes first: its lock held these two commands back.
            "<".into(),
            "<".into(),
            "I kill_referee".into(),
            "I stop_caiaio".into(),
        ],
    );
    assert_eq!(out.result.unwrap(), SessionEnd::Stopped, "{}", out.trace);
    assert_eq!(
        out.read,
        ["lock_ok", "got one", "hello", "first", "got two"],
        "{}",
        out.trace
    );
    assert!(out.trace.contains("[manager -> nobody] hello there"));
    assert!(out.trace.contains("[manager -> 1] one"));
    assert!(out.trace.contains("[referee -> manager] hello"));
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn start_waits_for_a_first_error_and_a_new_game_empties_the_log() {
    let dir = test_dir("firsterror");
    let log = dir.join("talker.log");
    let bye = dir.join("bye");
    let talker = player(
        &dir,
        "talker",
        &[
            "err:hello world",
            "read",
            "err:bye",
            &format!("touch:{}", bye.display()),
            "hang",
        ],
    );
    let silent = player(&dir, "silent", &["hang"]);
    let out = session(
        &dir,
        &[
            "I number_players 3".into(),
            format!("I player 1 {talker} 1000 {}", log.display()),
            format!("I player 2 {silent} 1000"),
            format!("I player 3 {}/missing 1000", dir.display()),
            "I start 1 2000".into(),
            "<".into(),
            "I start 2 100".into(),
            "<".into(),
            "I start 3 100".into(),
            "<".into(),
            "I listen 3".into(),
            "<".into(),
            "1 x".into(),
            // Killed once it has written "bye" (its stderr is read to the end at the kill).
            format!("wait {}", bye.display()),
            "I kill 1".into(),
            // A second game of the same player: its log holds this game only.
            format!("I player 1 {talker} 1000 {}", log.display()),
            "I start 1 2000".into(),
            "<".into(),
            "I stop_caiaio".into(),
        ],
    );
    assert_eq!(out.result.unwrap(), SessionEnd::Stopped);
    assert_eq!(out.read[0], "firsterror hello world");
    assert_eq!(out.read[1], "no_firsterror");
    assert!(
        out.read[2].starts_with("firsterror cannot start '") && out.read[2].contains("missing"),
        "{}",
        out.read[2]
    );
    assert_eq!(out.read[3], STOPPED);
    assert_eq!(out.read[4], "firsterror hello world");
    assert_eq!(fs::read_to_string(&log).unwrap(), "hello world\n");
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn a_bad_command_ends_the_session_naming_the_line_and_leaves_no_process() {
    let dir = test_dir("bad");
    let log = dir.join("forker.log");
    let ready = dir.join("ready");
    let forker = player(
        &dir,
        "forker",
        &[
            "pid",
            "child",
            &format!("touch:{}", ready.display()),
            "hang",
        ],
    );
    let out = session(
        &dir,
        &[
            "I number_players 1".into(),
            format!("I player 1 {forker} 1000 {}", log.display()),
            "I start 1 1000".into(),
            "<".into(),
            format!("wait {}", ready.display()),
            "I dance".into(),
            "sleep 10000".into(),
        ],
    );
    let err = out.result.unwrap_err();
    assert_eq!(
        err.to_string(),
        "manager line 4 'I dance': unknown command 'dance'"
    );
    let text = fs::read_to_string(&log).unwrap();
    let pid = numbers_after(&text, "pid ")[0];
    let child = numbers_after(&text, "child ")[0];
    assert_eq!(group_members(pid), 0);
    assert!(!alive(pid) && !alive(child), "{text}");

    for (line, why) in [
        ("I report x", "the manager may not send this command"),
        ("I listen 2", "player 2, but number_players is 1"),
        (
            "I listen 1",
            "player 1 is not defined (I player 1 ..., again after each I kill 1)",
        ),
        (
            "I start 1 soon",
            "malformed 'start': 'soon' is not a number of milliseconds",
        ),
    ] {
        let out = session(&dir, &lines(&["I number_players 1", line]));
        assert_eq!(
            out.result.unwrap_err().to_string(),
            format!("manager line 2 '{line}': {why}")
        );
    }
    let referee = player(&dir, "bossy", &["say:I number_players 2", "hang"]);
    let out = session(
        &dir,
        &[format!("I referee {referee}"), "sleep 10000".into()],
    );
    assert_eq!(
        out.result.unwrap_err().to_string(),
        "referee line 1 'I number_players 2': the referee may not send this command"
    );
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn the_session_ends_when_the_manager_exits_and_nothing_is_left() {
    let dir = test_dir("exit");
    let log = dir.join("forker.log");
    let ready = dir.join("ready");
    let forker = player(
        &dir,
        "forker",
        &[
            "pid",
            "child",
            &format!("touch:{}", ready.display()),
            "hang",
        ],
    );
    let referee_pids = dir.join("referee-pids");
    let pids_action = format!("pids:{}", referee_pids.display());
    let referee = wrapper(
        &dir,
        "referee",
        "fake_player.py",
        &["child", &pids_action, "hang"],
    );
    let out = session(
        &dir,
        &[
            "I number_players 1".into(),
            format!("I player 1 {forker} 1000 {}", log.display()),
            "I start 1 1000".into(),
            "<".into(),
            format!("wait {}", ready.display()),
            format!("I referee {referee}"),
            format!("wait {}", referee_pids.display()),
            "exit 0".into(),
        ],
    );
    assert_eq!(out.result.unwrap(), SessionEnd::ManagerExited);
    let text = fs::read_to_string(&log).unwrap();
    let pid = numbers_after(&text, "pid ")[0];
    let child = numbers_after(&text, "child ")[0];
    assert_eq!(group_members(pid), 0);
    assert!(!alive(pid) && !alive(child));
    let referee_text = fs::read_to_string(&referee_pids).unwrap();
    let referee_pid = numbers_after(&referee_text, "pid ")[0];
    let referee_child = numbers_after(&referee_text, "child ")[0];
    assert_eq!(group_members(referee_pid), 0);
    assert!(!alive(referee_pid) && !alive(referee_child));
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn four_players_follow_the_rolit_referee() {
    let dir = test_dir("rolit");
    // The players are killed after the report: the referee reports once all four have
    // noted every move in their logs (`doneP` exists), not when they are likely to have.
    let done = format!("{}/done", dir.display());
    let trivial = wrapper(&dir, "trivial", "trivial_player.py", &[&done]);
    let referee = wrapper(&dir, "referee", "rolit_referee.py", &[&done]);
    let players: Vec<String> = (1..=4)
        .map(|p| {
            format!(
                r#"{{"exe": "{trivial}", "ms": 5000, "log": "{}/p{p}.log"}}"#,
                dir.display()
            )
        })
        .collect();
    let record = dir.join("record");
    let plan = format!(
        r#"{{"cpu_speed": "2800 2800", "record": "{}", "games": [{{"players": [{}], "referee": "{referee}"}}]}}"#,
        record.display(),
        players.join(", ")
    );
    let plan_path = dir.join("plan.json");
    fs::write(&plan_path, plan).unwrap();
    let manager = wrapper(&dir, "manager", "seed_manager.py", &[]);
    let result = hub::run(HubConfig {
        manager,
        manager_arg: Some(plan_path.display().to_string()),
        trace: None,
    });
    assert_eq!(result.unwrap(), SessionEnd::Stopped);
    let read = fs::read_to_string(&record).unwrap();
    let report = read.lines().find(|l| l.starts_with("report")).unwrap();
    assert!(
        report.starts_with("report 12 0 0 0 all_12_moves_times_"),
        "{read}"
    );
    for p in 1..=4 {
        let log = fs::read_to_string(dir.join(format!("p{p}.log"))).unwrap();
        let seen: Vec<&str> = log.lines().collect();
        let expected: Vec<String> = (0..12)
            .filter(|k| k % 4 + 1 != p)
            .map(|k| format!("player {p} saw m{k}"))
            .collect();
        assert_eq!(seen, expected, "player {p}");
    }
    let _ = fs::remove_dir_all(&dir);
}

/// An executable shell script `dir/name` with this body.
fn shell(dir: &Path, name: &str, body: &str) -> String {
    let path = dir.join(name);
    fs::write(&path, format!("#!/bin/sh\n{body}")).unwrap();
    fs::set_permissions(&path, fs::Permissions::from_mode(0o755)).unwrap();
    path.display().to_string()
}

#[test]
fn every_command_with_words_after_its_arguments_is_obeyed_as_caiaio_obeys_it() {
    let dir = test_dir("extra-words");
    let echo = player(&dir, "echo", &["echo:1", "hang"]);
    let args = dir.join("referee.args");
    // A referee whose commands carry extra words too; it reports what it got.
    let referee = shell(
        &dir,
        "referee",
        &format!(
            "printf '%s\\n' \"$@\" > '{}'\n\
             echo 'I lock now'; read ok\n\
             echo '1 go'\n\
             echo 'I listen 1 please'; read move\n\
             echo 'I request_time 1 in ms'; read time\n\
             echo 'I unlock now'\n\
             echo \"M report 2 0 $(echo \"$ok/$move/$time\" | tr ' ' _)\"\n",
            args.display()
        ),
    );
    let log = dir.join("echo.log");
    let out = session(
        &dir,
        &[
            "I cpu_speed 2000 1000 MHz".into(),
            "I number_players 1 only".into(),
            "I lock for me".into(),
            "<".into(),
            format!("I player 1 {echo} 10000 {} and more", log.display()),
            "I start 1 100 ms".into(),
            "<".into(),
            "I unlock again".into(),
            // The words of a real CodeCup participant's script: the referee gets `LOG` only.
            format!("I referee {referee} LOG reflog.log"),
            "<<report".into(),
            "I kill 1 now".into(),
            "I kill_referee please".into(),
            "I stop_caiaio bye".into(),
        ],
    );
    assert_eq!(out.result.unwrap(), SessionEnd::Stopped, "{}", out.trace);
    assert_eq!(out.read[..2], ["lock_ok", "no_firsterror"], "{}", out.trace);
    // The factor 2 of the cpu_speed line halves the contest time.
    let report = out.read.last().unwrap();
    assert!(
        report.starts_with("report 2 0 lock_ok/got_go/time_"),
        "{report}"
    );
    assert_eq!(fs::read_to_string(&args).unwrap(), "LOG\n");
    assert!(out.trace.contains("time factor 2.0000"), "{}", out.trace);
    assert!(log.exists());
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn a_player_killed_by_sigsegv_is_reported_with_the_signals_description() {
    let dir = test_dir("sigsegv");
    let segv = player(&dir, "segv", &["segv"]);
    // A referee that reports the answer of its one listen.
    let referee = shell(
        &dir,
        "referee",
        "echo 'I listen 1'; read answer\necho \"M report 0 2 player_1_lost:$answer\"\n",
    );
    let out = session(
        &dir,
        &[
            "I number_players 1".into(),
            format!("I player 1 {segv} 5000"),
            "I start 1".into(),
            format!("I referee {referee}"),
            "<".into(),
            // Asked again, by the manager this time: the same answer.
            "I listen 1".into(),
            "<".into(),
            "I kill 1".into(),
            "I stop_caiaio".into(),
        ],
    );
    assert_eq!(out.result.unwrap(), SessionEnd::Stopped, "{}", out.trace);
    assert_eq!(
        out.read,
        [
            "report 0 2 player_1_lost:<caiaio:_player_crashed:_Segmentation_fault>",
            "<caiaio:_player_crashed:_Segmentation_fault>",
        ],
        "{}",
        out.trace
    );
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn a_players_log_holds_its_latest_game_only() {
    let dir = test_dir("two-games");
    let log = dir.join("talker.log");
    // Each game: its pid on stderr (different in each game), then a line on stderr before
    // answering, so that the answer proves the line was written.
    let talker = player(
        &dir,
        "talker",
        &["pid", "read", "err:bye", "say:done", "hang"],
    );
    let game = |number: &str| -> Vec<String> {
        vec![
            "I number_players 1".into(),
            format!("I player 1 {talker} 5000 {}", log.display()),
            "I start 1 5000".into(),
            "<".into(),
            format!("1 game {number}"),
            "I listen 1".into(),
            "<".into(),
            "I kill 1".into(),
        ]
    };
    let mut script = game("one");
    script.extend(game("two"));
    script.push("I stop_caiaio".into());
    let out = session(&dir, &script);
    assert_eq!(out.result.unwrap(), SessionEnd::Stopped, "{}", out.trace);
    let pids: Vec<&str> = [&out.read[0], &out.read[2]]
        .iter()
        .map(|l| l.strip_prefix("firsterror pid ").unwrap())
        .collect();
    assert_ne!(pids[0], pids[1]);
    assert_eq!(out.read[1], "done");
    assert_eq!(out.read[3], "done");
    assert_eq!(
        fs::read_to_string(&log).unwrap(),
        format!("pid {}\nbye\n", pids[1])
    );
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn definitions_timeouts_and_first_errors_follow_caiaio() {
    let dir = test_dir("caiaio-rules");
    let told = dir.join("told");
    // Answers only once told, after its listen has timed out.
    let late = player(
        &dir,
        "late",
        &[
            "read",
            "say:late",
            &format!("touch:{}", told.display()),
            "hang",
        ],
    );
    let quiet_exit = player(&dir, "quiet-exit", &["exit:0"]);
    let one_word = player(&dir, "one-word", &["err:hello", "hang"]);
    let out = session(
        &dir,
        &[
            "I number_players 3".into(),
            format!("I player 1 {late} 200"),
            // The factor applies to players defined after it: player 1 keeps 200 ms.
            "I cpu_speed 2000 1000".into(),
            format!("I player 2 {quiet_exit} 1000"),
            format!("I player 3 {one_word} 1000"),
            "I start 1".into(),
            "I listen 1".into(),
            "<".into(),
            "1 go".into(),
            format!("wait {}", told.display()),
            // Its line is there now, but out of time stays out of time.
            "I listen 1".into(),
            "<".into(),
            "I request_time 1".into(),
            "<".into(),
            // A first error is at least two words; the end of stderr counts as a line.
            "I start 2 10000".into(),
            "<".into(),
            "I start 3 10000".into(),
            "<".into(),
            "I stop_caiaio".into(),
        ],
    );
    assert_eq!(out.result.unwrap(), SessionEnd::Stopped, "{}", out.trace);
    assert_eq!(
        out.read,
        [
            TIMEOUT,
            TIMEOUT,
            "time 200 100",
            &format!("firsterror {SENDS_NEWLINE} {SENDS_NEWLINE}"),
            &format!("firsterror hello {SENDS_NEWLINE}"),
        ]
    );

    // A definition ends with `I kill`: what follows needs `I player` again, and a defined
    // player cannot be defined again before its kill.
    let silent = player(&dir, "silent", &["hang"]);
    let define = format!("I player 1 {silent} 1000");
    let undefined = "player 1 is not defined (I player 1 ..., again after each I kill 1)";
    let defined = "player 1 is already defined (I kill 1 ends its definition)";
    for (script, why) in [
        (vec!["I start 1", "I kill 1", "I start 1"], undefined),
        (vec!["I kill 1", "I listen 1"], undefined),
        (vec!["I kill 1", "I kill 1"], undefined),
        (vec!["I kill 1", &define, "I start 1", &define], defined),
    ] {
        let mut lines = vec!["I number_players 1".to_string(), define.clone()];
        lines.extend(script.iter().map(|l| l.to_string()));
        let last = lines.last().unwrap().clone();
        let out = session(&dir, &lines);
        assert_eq!(
            out.result.unwrap_err().to_string(),
            format!("manager line {} '{last}': {why}", lines.len())
        );
    }
    let _ = fs::remove_dir_all(&dir);
}
