//! `olympiad play GAME`: any engine of the game's catalog row as a player program, speaking
//! any protocol of `olympiad-protocol` over stdin/stdout (the game's own by default: the
//! CodeCup dialogue for Caïssa, checkers and reversi, the Caia seat dialogue for Rolit, UCI
//! for chess, GTP for Go, HTP for Hex).
//! It keeps its own clock from the budget and never lets a search eat into the reserve; its
//! search reports go to stderr, one line per iteration. A bad first line (a Caia seat
//! number) is an input error (exit code 2); an illegal or unreadable move from the referee
//! is reported on stderr and exits with code 3.

use olympiad_catalog::{
    DynGame, Engine, EngineThinker, GameEntry, Mover, Options, Served, Source, ThinkTime, Thought,
};
use olympiad_protocol::{PlayerSide, ServeError, Transport, protocol};
use std::io::Write;
use std::time::{Duration, Instant};

/// Time never spent from the budget, for process start-up, pipes and the scheduler: this
/// share of the budget, at most [`RESERVE_MAX_MS`].
pub const RESERVE_PERCENT: u64 = 10;
/// The largest reserve, in milliseconds.
pub const RESERVE_MAX_MS: u64 = 1_000;
/// Kept back from every move's time, and charged to the clock with every move, for what
/// the program's own clock cannot see: the answer reaching the referee and the next line
/// reaching us (pipes and the scheduler; 1 to 4 ms a move were seen on a loaded 2-core
/// machine, which over a 100-move game is more than the reserve).
pub const ANSWER_MARGIN_MS: u64 = 5;

/// Arguments of `olympiad play`.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "The CodeCup dialogue (caissa, checkers, reversi): `start` or the \
    opponent's move in, one move out, `end` or the end of input stops it.\n\n\
    The Caia seat dialogue (rolit, rolit3, rolit2): the first line is the player's number \
    1..n (anything else: exit code 2); it moves when its turn comes, reads every other \
    player's move, and exits 0 after the last move of the game, on `0` or at the end of \
    input.\n\n\
    The engine protocols (chess: UCI, CECP; go, clobber, loa: GTP; hex: HTP) are driven by \
    the referee or a GUI, \
    which sets the game and the clocks; `--time-ms` does not apply. GTP (GoGui, Sabaki: \
    `olympiad play go`): protocol_version, name, version, known_command, list_commands, \
    boardsize, clear_board, komi, play, genmove, undo, time_settings, time_left, \
    final_score, final_status_list, showboard, quit; without a clock each genmove searches \
    a second; genmove answers `resign` when the engine gives up (hane: option \
    resign=PERCENT, default 8, 0 never). final_status_list dead is always empty: the engine captures dead stones in \
    play and the rules score the board as it stands.\n\n\
    Clobber and Lines of Action over GTP (GoGui: `olympiad play clobber|loa`): the same \
    commands with moves in the games' notation (`play b a1b1`, `genmove w` answered `= a2-c2`), \
    boardsize N for Clobber's square board (LOA: 8 only), komi refused, final_score the \
    winner, B+ or W+ (0 a draw), once the game is over.\n\n\
    HTP (HexGui: `olympiad play hex`): GTP's commands with boardsize N N, cells a1..k11, \
    Black joining top and bottom, param_game allow_swap 0|1, the swap as `play w \
    swap-pieces` (the board stays, White moves again), time_left COLOUR SECONDS, \
    final_score B+|W+, hexgui-analyze_commands.\n\n\
    Hub (draughts GUIs, `olympiad play draughts`): `hub` answered in both versions (version \
    2's `id` line, version 1's `name`/`author`), then `init`, `pos` (`pos w<50 squares>` \
    and `move 32-28` in version 1, `pos pos=W... moves=\"...\"` in version 2), `level`, \
    `time`, `go`, `ping`, `new-game`, `quit`; the move comes as `move 28x19x23` or `done \
    move=28x19x23` (every piece taken listed), in the version of the `go` it answers.\n\n\
    DXP (`olympiad play draughts --protocol dxp`): the follower, over TCP, listening on \
    127.0.0.1:27531 unless `--listen ADDR` or `--connect ADDR` says otherwise; it serves \
    one connection: GAMEREQ (version 1, any start position) answered by GAMEACC, each MOVE \
    by its own (every piece taken listed), a GAMEEND confirmed, take-backs refused; its \
    clock is the GAMEREQ's thinking time; it stops on a GAMEEND with stop code 1 or when \
    the connection closes.\n\n\
    An illegal move from the referee: exit code 3. Under a Caia hub start it through a \
    script: `exec olympiad play rolit --time-ms 30000`."
)]
pub struct Args {
    /// The game (see `olympiad games`).
    pub game: String,
    /// The engine (see `olympiad engines GAME`; default: the game's strongest).
    #[arg(long)]
    pub engine: Option<String>,
    /// The protocol to speak (codecup, caia, uci, cecp, gtp, htp, connect6, hub, dxp;
    /// default: the game's own).
    #[arg(long)]
    pub protocol: Option<String>,
    /// Engine options, key=value,... (as in builtin:ENGINE:key=value,...).
    #[arg(long, default_value = "", allow_hyphen_values = true)]
    pub options: String,
    /// The budget for the whole game, in milliseconds (the CodeCup 2003 limit is 30 s; Caia's
    /// Rolit players have 30 s too).
    #[arg(long, default_value_t = 30_000)]
    pub time_ms: u64,
    /// Search to this depth on every move instead of using the clock alone (for tests and
    /// analysis; the budget still caps each move): the engine option depth=N.
    #[arg(long)]
    pub depth: Option<u32>,
    /// Play without the opening book: the engine option book=off.
    #[arg(long)]
    pub no_book: bool,
    /// No search reports on stderr.
    #[arg(long)]
    pub quiet: bool,
    /// A protocol over TCP (dxp): listen on this address and serve the first connection
    /// (the default: 127.0.0.1 and the protocol's port, 27531 for DXP).
    #[arg(long, conflicts_with = "connect")]
    pub listen: Option<String>,
    /// A protocol over TCP (dxp): connect to a program listening at this address instead.
    #[arg(long)]
    pub connect: Option<String>,
}

/// The connection a protocol over TCP is served on: the first one accepted at `--listen`
/// (the loopback and the protocol's port by default), or the one made to `--connect`.
fn connection(args: &Args, default_port: u16) -> anyhow::Result<std::net::TcpStream> {
    use anyhow::Context;
    if let Some(address) = &args.connect {
        return std::net::TcpStream::connect(address)
            .with_context(|| format!("--connect {address}"));
    }
    let address = args
        .listen
        .clone()
        .unwrap_or_else(|| format!("127.0.0.1:{default_port}"));
    let listener =
        std::net::TcpListener::bind(&address).with_context(|| format!("--listen {address}"))?;
    if !args.quiet {
        eprintln!("listening on {}", listener.local_addr()?);
    }
    let (stream, peer) = listener.accept().context("accepting a connection")?;
    if !args.quiet {
        eprintln!("connection from {peer}");
    }
    Ok(stream)
}

/// The referee sent something that is not a legal move: exit code 3.
#[derive(Debug)]
pub struct OpponentError(pub String);

impl std::fmt::Display for OpponentError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for OpponentError {}

/// This seat's side of the dialogue: the engine and the clock (the game is kept by
/// [`Served`]).
struct Player {
    engine: Box<dyn Engine>,
    quiet: bool,
    budget: Duration,
    reserve: Duration,
    used: Duration,
    /// When the line that made it this player's turn arrived.
    asked: Instant,
}

/// One search report on stderr.
fn report(ply: usize, thought: &Thought) {
    eprintln!(
        "ply {ply} depth {} score {} nodes {} nps {} time {} ms pv {}",
        thought.depth,
        thought.score,
        thought.nodes,
        thought.nps,
        thought.elapsed.as_millis(),
        thought.pv.join(" ")
    );
}

impl Mover for Player {
    fn heard(&mut self, _game: &dyn DynGame) {
        self.asked = Instant::now();
    }

    fn choose(&mut self, game: &dyn DynGame) -> Result<String, String> {
        // The first move of the game: the clock starts now.
        if game.moves().is_empty() {
            self.asked = Instant::now();
        }
        let spent = self.used + self.asked.elapsed() + Duration::from_millis(ANSWER_MARGIN_MS);
        let clock = ThinkTime {
            left: self
                .budget
                .saturating_sub(self.reserve + spent)
                .max(Duration::from_millis(1)),
            ..ThinkTime::default()
        };
        let quiet = self.quiet;
        let ply = game.moves().len() + 1;
        let decision = self.engine.think(game, &clock, None, &mut |t| {
            if !quiet {
                report(ply, t);
            }
        });
        if !quiet && decision.source != Source::Search {
            let how = if decision.source == Source::Book {
                "book"
            } else {
                "only"
            };
            eprintln!("ply {ply} {how} move");
        }
        self.used += self.asked.elapsed() + Duration::from_millis(ANSWER_MARGIN_MS);
        if !quiet {
            eprintln!(
                "ply {ply} played {}; clock used {} of {} ms",
                decision.mv,
                self.used.as_millis(),
                self.budget.as_millis()
            );
        }
        Ok(decision.mv)
    }
}

/// The engine options of `args`: `--options`, then `--depth` and `--no-book` as options.
fn engine_options(args: &Args) -> anyhow::Result<Options> {
    let mut text = args.options.clone();
    let mut add = |item: String| {
        if !text.is_empty() {
            text.push(',');
        }
        text.push_str(&item);
    };
    if let Some(depth) = args.depth {
        add(format!("depth={depth}"));
    }
    if args.no_book {
        add("book=off".to_string());
    }
    Options::parse(&text).map_err(|e| crate::input_error(format!("--options: {e}")))
}

/// `olympiad play`.
pub fn run(args: &Args) -> anyhow::Result<()> {
    let entry: &GameEntry = crate::games::find(&args.game)?;
    let protocol = protocol(args.protocol.as_deref().unwrap_or(entry.row.protocols[0]))
        .map_err(|e| crate::input_error(e.to_string()))?;
    if protocol.transport == Transport::Pipes && (args.listen.is_some() || args.connect.is_some()) {
        return Err(crate::input_error(format!(
            "--listen and --connect are for protocols over TCP (dxp); {} speaks over stdin and \
             stdout",
            protocol.name
        )));
    }
    let engine_name = args.engine.as_deref().unwrap_or(entry.row.engine);
    let options = engine_options(args)?;
    let serve_turns = match protocol.serve {
        PlayerSide::Turns(serve) => serve,
        PlayerSide::Engine(serve) => {
            // The engine protocols: the referee (or GUI) sets the game and the clocks.
            let mut thinker = EngineThinker::new(entry, engine_name, options)
                .map_err(|e| crate::input_error(e.to_string()))?;
            let (input, output): (Box<dyn std::io::BufRead + Send>, Box<dyn Write + Send>) =
                match protocol.transport {
                    Transport::Pipes => (
                        Box::new(std::io::BufReader::new(std::io::stdin())),
                        Box::new(std::io::stdout()),
                    ),
                    Transport::Tcp { default_port, .. } => {
                        let stream = connection(args, default_port)?;
                        let _ = stream.set_nodelay(true);
                        (
                            Box::new(std::io::BufReader::new(stream.try_clone()?)),
                            Box::new(stream),
                        )
                    }
                };
            return match serve(input, output, &mut thinker) {
                Ok(_) => Ok(()),
                Err(ServeError::Io(e)) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
                Err(e) => Err(anyhow::Error::new(OpponentError(e.to_string()))),
            };
        }
    };
    let engine = entry
        .engine(engine_name, &options, 0)
        .map_err(|e| crate::input_error(e.to_string()))?;
    let budget = Duration::from_millis(args.time_ms);
    let mut served = Served {
        game: entry.start(),
        mover: Player {
            engine,
            quiet: args.quiet,
            budget,
            reserve: (budget * RESERVE_PERCENT as u32 / 100)
                .min(Duration::from_millis(RESERVE_MAX_MS)),
            used: Duration::ZERO,
            asked: Instant::now(),
        },
    };
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    let result = serve_turns(&mut stdin.lock(), &mut stdout.lock(), &mut served);
    if !args.quiet && served.game.outcome().is_some() {
        eprintln!(
            "game over: {}; clock used {} of {} ms",
            served.game.position_text(),
            served.mover.used.as_millis(),
            budget.as_millis()
        );
    }
    let _ = std::io::stderr().flush();
    match result {
        Ok(_) => Ok(()),
        Err(ServeError::Seat(e)) => Err(crate::input_error(e)),
        Err(e @ (ServeError::Responder(_) | ServeError::Dialogue(_))) => {
            Err(anyhow::Error::new(OpponentError(e.to_string())))
        }
        Err(ServeError::Io(e)) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        Err(ServeError::Io(e)) => Err(e.into()),
    }
}
