//! `arena-testbot`: a player program for the arena's tests. It speaks the CodeCup dialogue
//! for any two-player game of the catalog, and the Caia dialogue (its seat number first,
//! then every move; it stops by itself after the last move or on "0") for games of more
//! seats, playing uniformly random legal moves, and misbehaves on request in each way of the
//! fault matrix, so that the arena is tested against real processes rather than mocks.
//!
//! `arena-testbot [--game NAME] [--seed N] [--sleep-ms MS] [--fault KIND] [--at N]`
//!
//! `--sleep-ms` sleeps before every move. The fault strikes when the Nth move is asked for
//! (`--at`, default 1; 0 means at start-up, before reading anything). KIND is one of:
//! `hang`, `late` (sleep `--late-ms` then answer), `exit:CODE`, `segv`, `abort`, `garbage`,
//! `illegal`, `long-line` (100 MB without a newline), `flood` (stderr without end, never
//! answers), `grandchild` (starts `sleep` holding stdout, then exits 0), `close-stdout`,
//! `ignore-end` (plays well, then ignores `end`), `deaf` (never reads stdin again), `double`
//! (writes its move twice in one write), `alloc` (allocates 4 GiB). In the Caia dialogue,
//! `illegal` writes the first number 1..64 that is not a legal move (Rolit's squares), and
//! `ignore-end` does not stop after the last move.
//!
//! Games whose own protocol is GTP (Go) get a GTP engine: every command answered with its
//! id, `genmove` answered with a random legal move. There `illegal` answers `genmove` with
//! a point already played (occupied), and two faults of GTP's own: `refuse` answers the Nth
//! `genmove` with `? cannot play`, `refuse-play` answers the Nth `play` with `? illegal
//! move`.

use olympiad_catalog::DynGame;
use olympiad_core::SplitMix64;
use olympiad_protocol::codecup::ToPlayer;
use olympiad_protocol::gtp::{self, Command};
use olympiad_protocol::{Responder, caia};
use std::io::{BufRead, Write};
use std::process::exit;
use std::time::Duration;

/// The size of the `long-line` fault's line, in bytes.
const LONG_LINE_BYTES: usize = 100 << 20;
/// The `alloc` fault allocates this many blocks of [`ALLOC_BLOCK_BYTES`] (4 GiB in all).
const ALLOC_BLOCKS: usize = 64;
/// The size of one block of the `alloc` fault.
const ALLOC_BLOCK_BYTES: usize = 64 << 20;
/// How long "forever" sleeps between checks, in seconds.
const FOREVER_SLEEP_SECS: u64 = 3600;

struct Args {
    game: String,
    seed: u64,
    sleep_ms: u64,
    late_ms: u64,
    fault: Option<String>,
    at: u32,
}

fn parse_args() -> Args {
    let mut args = Args {
        game: "caissa".into(),
        seed: 1,
        sleep_ms: 0,
        late_ms: 1000,
        fault: None,
        at: 1,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let value = it
            .next()
            .unwrap_or_else(|| usage(&format!("{flag} needs a value")));
        let number = || value.parse::<u64>().unwrap_or_else(|_| usage(&flag));
        match flag.as_str() {
            "--game" => args.game = value.clone(),
            "--seed" => args.seed = number(),
            "--sleep-ms" => args.sleep_ms = number(),
            "--late-ms" => args.late_ms = number(),
            "--at" => args.at = number() as u32,
            "--fault" => args.fault = Some(value.clone()),
            _ => usage(&flag),
        }
    }
    args
}

fn usage(what: &str) -> ! {
    eprintln!("arena-testbot: bad argument {what}");
    exit(64)
}

fn forever() -> ! {
    loop {
        std::thread::sleep(Duration::from_secs(FOREVER_SLEEP_SECS));
    }
}

fn say(line: &str) {
    // One `write_all` of the whole text: `writeln!` would write the text and its newline
    // separately, and stdout's line buffering would then send `double`'s two moves in two
    // system calls, which the arena may read apart.
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(format!("{line}\n").as_bytes());
    let _ = out.flush();
}

/// Misbehaves as `kind`; returns only for faults that still answer (with the text to write).
fn strike(kind: &str, game: &dyn DynGame, late_ms: u64) -> Option<String> {
    match kind {
        "hang" => forever(),
        "late" => {
            std::thread::sleep(Duration::from_millis(late_ms));
            None
        }
        "segv" => {
            // The Rust runtime handles SIGSEGV (for stack overflows) and returns from a raised
            // one; restore the default action so that the signal kills the process.
            // SAFETY: setting a default disposition and raising a signal have no
            // memory-safety preconditions.
            unsafe {
                libc::signal(libc::SIGSEGV, libc::SIG_DFL);
                libc::raise(libc::SIGSEGV);
            }
            forever()
        }
        "abort" => std::process::abort(),
        "garbage" => Some("hello world".into()),
        "illegal" => {
            let legal = game.legal_moves();
            let files = "abcdefg";
            let squares: Vec<String> = files
                .chars()
                .flat_map(|f| (1..=7).map(move |r| format!("{f}{r}")))
                .collect();
            let mv = squares
                .iter()
                .flat_map(|a| squares.iter().map(move |b| format!("{a}-{b}")))
                .find(|m| !legal.contains(m) && m[..2] != m[3..])
                .expect("some square pair is not a legal move");
            Some(mv)
        }
        "long-line" => {
            let chunk = vec![b'x'; 1 << 20];
            let mut out = std::io::stdout().lock();
            for _ in 0..LONG_LINE_BYTES / chunk.len() {
                if out.write_all(&chunk).is_err() {
                    break;
                }
            }
            let _ = out.flush();
            forever()
        }
        "flood" => {
            let chunk = vec![b'e'; 4096];
            let mut err = std::io::stderr().lock();
            while err.write_all(&chunk).is_ok() {}
            forever()
        }
        "grandchild" => {
            let _ = std::process::Command::new("sleep").arg("1000").spawn();
            exit(0)
        }
        "close-stdout" => {
            // SAFETY: closing our own stdout descriptor; nothing uses it afterwards.
            unsafe {
                libc::close(1);
            }
            forever()
        }
        "deaf" => forever(),
        "alloc" => {
            let mut blocks = Vec::new();
            for _ in 0..ALLOC_BLOCKS {
                let mut block = Vec::<u8>::new();
                if block.try_reserve_exact(ALLOC_BLOCK_BYTES).is_err() {
                    // What the runtime's handler does, without the backtrace it prints under
                    // RUST_BACKTRACE: symbolizing it took 130 to 190 ms on a loaded machine,
                    // most of the fault tests' 300 ms budget.
                    eprintln!("arena-testbot: allocating {ALLOC_BLOCK_BYTES} bytes failed");
                    std::process::abort();
                }
                blocks.push(std::hint::black_box(block));
            }
            Some(format!("{}", blocks.len()))
        }
        _ => kind
            .strip_prefix("exit:")
            .and_then(|c| c.parse::<i32>().ok())
            .map(|code| exit(code))
            .unwrap_or_else(|| usage(kind)),
    }
}

/// The bot's side of the Caia seat dialogue, which `olympiad_protocol::caia::serve` runs:
/// random moves, and the fault when its move number comes.
struct CaiaBot<'a> {
    args: &'a Args,
    game: Box<dyn DynGame>,
    rng: SplitMix64,
    moves_asked: u32,
}

impl Responder for CaiaBot<'_> {
    fn seats(&self) -> usize {
        self.game.num_players()
    }

    fn to_move(&self) -> usize {
        self.game.to_move().index()
    }

    fn is_over(&self) -> bool {
        self.game.outcome().is_some()
    }

    fn opponent_moved(&mut self, mv: &str) -> Result<(), String> {
        self.game
            .play(mv)
            .map(|_| ())
            .map_err(|e| format!("another seat's move: {e}"))
    }

    fn choose(&mut self) -> Result<String, String> {
        self.moves_asked += 1;
        let fault = self.args.fault.as_deref();
        if self.args.sleep_ms > 0 {
            std::thread::sleep(Duration::from_millis(self.args.sleep_ms));
        }
        let mut reply = None;
        if self.moves_asked == self.args.at
            && let Some(kind) = fault
            && kind != "ignore-end"
            && kind != "double"
        {
            reply = if kind == "illegal" {
                let legal = self.game.legal_moves();
                (1..=64)
                    .map(|k: u32| k.to_string())
                    .find(|m| !legal.contains(m))
            } else {
                strike(kind, &*self.game, self.args.late_ms)
            };
        }
        let mv = reply.unwrap_or_else(|| random_move(&*self.game, &mut self.rng));
        if self.game.play(&mv).is_err() {
            say(&mv);
            forever();
        }
        if self.moves_asked == self.args.at && fault == Some("double") {
            // Written with its line end in one write by the buffered output below.
            return Ok(format!("{mv}\n{mv}"));
        }
        Ok(mv)
    }
}

/// The Caia seat dialogue (from `olympiad-protocol`): the seat number first, then every
/// move of the others; answers when its seat is to move; stops after the last move or "0".
fn caia(args: &Args, game: Box<dyn DynGame>) -> ! {
    let mut bot = CaiaBot {
        args,
        game,
        rng: SplitMix64::new(args.seed),
        moves_asked: 0,
    };
    let stdin = std::io::stdin();
    // Buffered, so that each line (and the `double` fault's two) leaves in one write.
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    match caia::serve(&mut stdin.lock(), &mut out, &mut bot) {
        Ok(_) if bot.is_over() && args.fault.as_deref() == Some("ignore-end") => forever(),
        Ok(_) => exit(0),
        Err(e) => {
            eprintln!("arena-testbot: {e}");
            exit(65)
        }
    }
}

fn main() {
    let args = parse_args();
    let entry = olympiad_catalog::find_game(&args.game).unwrap_or_else(|e| usage(&e.to_string()));
    let mut game = entry.start();
    let mut rng = SplitMix64::new(args.seed);
    let fault = args.fault.as_deref();
    if args.at == 0
        && let Some(kind) = fault
    {
        strike(kind, &*game, args.late_ms);
    }
    if entry.row.protocols[0] == "caia" {
        caia(&args, game);
    }
    if entry.row.protocols[0] == "gtp" {
        // GTP's boardsize: the size, or the rows of a square board of rows and columns.
        let parameters = entry.parameters();
        let value = |name: &str| parameters.iter().find(|(n, _)| *n == name).map(|p| &p.1);
        let size = value("size").or(value("rows").filter(|r| Some(*r) == value("columns")));
        gtp_engine(&args, game, size.cloned());
    }
    let stdin = std::io::stdin();
    let mut moves_asked = 0;
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        match ToPlayer::parse(&line) {
            Ok(ToPlayer::End) => {
                if fault == Some("ignore-end") {
                    forever();
                }
                exit(0)
            }
            Ok(ToPlayer::Start) => {}
            Ok(ToPlayer::Move(m)) => {
                if let Err(e) = game.play(&m) {
                    eprintln!("arena-testbot: opponent's move: {e}");
                    exit(65)
                }
            }
            Err(e) => {
                eprintln!("arena-testbot: {e}");
                exit(65)
            }
        }
        moves_asked += 1;
        if args.sleep_ms > 0 {
            std::thread::sleep(Duration::from_millis(args.sleep_ms));
        }
        let mut reply = None;
        if moves_asked == args.at
            && let Some(kind) = fault
            && kind != "ignore-end"
            && kind != "double"
        {
            reply = strike(kind, &*game, args.late_ms);
        }
        let mv = reply.unwrap_or_else(|| random_move(&*game, &mut rng));
        if game.play(&mv).is_err() {
            // A deliberate bad move: write it, then wait to be killed.
            say(&mv);
            forever();
        }
        if moves_asked == args.at && fault == Some("double") {
            // Both lines in one write, so that they arrive together.
            say(&format!("{mv}\n{mv}"));
        } else {
            say(&mv);
        }
    }
    exit(0)
}

/// A GTP engine playing random moves in the game of `--game` (a `boardsize` other than
/// its `size` is refused), misbehaving at the Nth `genmove` (or `play`, for `refuse-play`).
fn gtp_engine(args: &Args, start: Box<dyn DynGame>, size: Option<String>) -> ! {
    let mut game = start.clone_box();
    let mut rng = SplitMix64::new(args.seed);
    let fault = args.fault.as_deref();
    let (mut genmoves, mut plays) = (0, 0);
    let stdin = std::io::stdin();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        let Some((id, command)) = gtp::parse_command(&line) else {
            continue;
        };
        let id = id.map(|i| i.to_string()).unwrap_or_default();
        let answer: Result<String, String> = match command {
            Ok(Command::ProtocolVersion) => Ok("2".into()),
            Ok(Command::Name) => Ok("arena-testbot".into()),
            Ok(Command::Version) => Ok("1".into()),
            Ok(Command::ListCommands) => Ok(gtp::COMMANDS.join("\n")),
            Ok(Command::BoardSize(n)) if size != Some(n.to_string()) => {
                Err("unacceptable size".into())
            }
            Ok(Command::ClearBoard) => {
                game = start.clone_box();
                Ok(String::new())
            }
            Ok(Command::Quit) => {
                say(&format!("={id}\n"));
                exit(0)
            }
            Ok(Command::Play(_, mv)) => {
                plays += 1;
                if plays == args.at && fault == Some("refuse-play") {
                    Err("illegal move".into())
                } else {
                    game.play(&mv)
                        .map(|_| String::new())
                        .map_err(|e| e.to_string())
                }
            }
            Ok(Command::GenMove(_)) => {
                genmoves += 1;
                if args.sleep_ms > 0 {
                    std::thread::sleep(Duration::from_millis(args.sleep_ms));
                }
                let mut reply = None;
                if genmoves == args.at
                    && let Some(kind) = fault
                {
                    reply = match kind {
                        "refuse" => Some(Err("cannot play".to_string())),
                        "refuse-play" => None,
                        // A point played before and not legal now: occupied.
                        "illegal" => {
                            let legal = game.legal_moves();
                            let taken = game.moves().iter().find(|m| !legal.contains(m)).cloned();
                            Some(Ok(taken.unwrap_or_else(|| "Z99".into())))
                        }
                        _ => strike(kind, &*game, args.late_ms).map(Ok),
                    };
                }
                reply.unwrap_or_else(|| {
                    let mv = random_move(&*game, &mut rng);
                    game.play(&mv).map_err(|e| e.to_string())
                })
            }
            Ok(_) => Ok(String::new()),
            Err(e) => Err(e),
        };
        match answer {
            Ok(text) if text.is_empty() => say(&format!("={id}\n")),
            Ok(text) => say(&format!("={id} {text}\n")),
            Err(e) => say(&format!("?{id} {e}\n")),
        }
    }
    exit(0)
}

/// A uniformly random legal move (the game is not over).
fn random_move(game: &dyn DynGame, rng: &mut SplitMix64) -> String {
    let mut moves = game.legal_moves();
    moves.swap_remove(rng.below(moves.len()))
}
