//! Jumper, the chess engine, on the workspace's generic search (`olympiad_search`): principal
//! variation search with a transposition table, iterative deepening with aspiration windows,
//! null-move pruning, reverse futility and futility pruning, late-move pruning and scaled
//! late-move reductions, check extensions, mate-distance pruning, move ordering (the
//! table's move, captures that do not lose material, killers, quiet moves by history and
//! continuation history, losing captures), the "improving" rule, captures-only
//! quiescence with static exchange evaluation, and Lazy SMP over a shared table (option
//! `threads`). The evaluation is tapered and its weights are fitted by
//! the project's own Texel tuning ([`tune`]) on positions from Jumper's self-play.
//!
//! The search runs on its own lean [`node::Node`] (a `cozy_chess::Board`), made at the root
//! from the rules crate's `Position` (board and earlier positions for repetitions).

pub mod eval;
pub mod hooks;
pub mod node;
pub mod see;
pub mod time;
pub mod tune;
pub mod weights;

use std::time::{Duration, Instant};

use cozy_chess::{Board, Move};
use olympiad_core::Game;
use olympiad_search::engine::{Choice, EngineSpec, OptionError, Options, Pace};
use olympiad_search::{
    Algorithm, Config, ExchangeMargins, LazySmp, Limits, Observer, Score, SearchResult,
};

use crate::Position;
use hooks::ChessHooks;
use node::Node;

/// The engine's name in `builtin:NAME`.
pub const NAME: &str = "jumper";
/// The most a table may hold, in MiB.
pub const MAX_HASH_MIB: usize = 4096;
/// The most threads.
pub const MAX_THREADS: usize = 256;
/// Table size when the options do not say, in MiB.
pub const DEFAULT_HASH_MIB: usize = 16;
/// The depth searched when neither options nor a clock limit the search.
pub const DEFAULT_DEPTH: u32 = 8;
/// Aspiration window half-width around the previous iteration's score, in centipawns.
pub const ASPIRATION_CP: Score = 25;
/// Reverse futility margin per ply of depth, in centipawns.
pub const REVERSE_FUTILITY_CP: Score = 90;
/// Futility margin per ply of depth, in centipawns.
pub const FUTILITY_CP: Score = 110;
/// Exchange pruning: a quiet move is skipped when it loses more than this per ply of depth
/// on its square, in centipawns.
pub const EXCHANGE_QUIET_CP: Score = 60;
/// Exchange pruning: a capture or check is skipped when it loses more than this per ply of
/// depth squared, in centipawns.
pub const EXCHANGE_NOISY_CP: Score = 20;
/// Killers are ordered this far below the good captures' base score
/// ([`hooks::GOOD_CAPTURE`]): after every capture that does not lose material, and above
/// every quiet move (whose history counters stay far below it).
pub const KILLER_BELOW_GOOD_CAPTURES: i32 = 1 << 10;
/// The depth of [`bench`].
pub const BENCH_DEPTH: u32 = 9;

/// The search settings Jumper uses.
pub fn config(hash_mib: usize) -> Config {
    Config {
        algorithm: Algorithm::Pvs,
        tt_mib: hash_mib,
        aspiration: Some(ASPIRATION_CP),
        killers: true,
        history: true,
        lmr: true,
        lmr_scaled: true,
        null_move: true,
        reverse_futility: Some(REVERSE_FUTILITY_CP),
        futility: Some(FUTILITY_CP),
        late_move_pruning: true,
        history_malus: true,
        exchange_pruning: Some(ExchangeMargins {
            quiet: EXCHANGE_QUIET_CP,
            noisy: EXCHANGE_NOISY_CP,
        }),
        internal_reduction: true,
        probcut: None,
        continuation_history: true,
        improving: true,
        killer_order: Some(hooks::GOOD_CAPTURE - KILLER_BELOW_GOOD_CAPTURES),
    }
}

/// A Jumper searcher on `threads` threads with a `hash_mib` MiB table, usable without the
/// rules crate (self-play, bench, tests).
#[derive(Debug)]
pub struct Jumper {
    smp: LazySmp<Node, ChessHooks>,
}

impl Jumper {
    /// A fresh engine.
    pub fn new(hash_mib: usize, threads: usize) -> Self {
        Self {
            smp: LazySmp::new(ChessHooks::default(), config(hash_mib), threads.max(1)),
        }
    }

    /// Searches `board`, whose earlier positions since the last irreversible move are
    /// `before` (hashes, most recent first).
    pub fn search(
        &mut self,
        board: &Board,
        before: &[u64],
        limits: &Limits,
        observer: &mut impl Observer<Move>,
    ) -> SearchResult<Move> {
        let root = Node::new(board.clone());
        for h in self.smp.hooks_mut() {
            h.set_root(&root, before.iter().copied());
        }
        self.smp.search(&root, limits, observer)
    }

    /// Forgets the table, killers and history.
    pub fn clear(&mut self) {
        self.smp.clear();
    }
}

/// The positions of [`bench`]: openings, middlegames, endgames, a mate.
pub const BENCH_FENS: [&str; 10] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r2q1rk1/pp2bppp/2n1pn2/3p4/3P4/2NBPN2/PP3PPP/R2Q1RK1 w - - 0 10",
    "2r2rk1/1bqnbppp/p2ppn2/1p6/3NP3/1BN1BP2/PPPQ2PP/2KR3R w - - 0 14",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "8/8/4k3/3p4/3P4/4K3/8/8 w - - 0 1",
    "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
    "4r1k1/pp3ppp/8/8/8/8/PP3PPP/4R1K1 b - - 0 1",
];

/// Searches every [`BENCH_FENS`] position to `depth` with a fresh single-threaded engine
/// (16 MiB table) and returns the total nodes and the time taken. The node count is a
/// signature of the search: it changes exactly when the search or the evaluation changes.
pub fn bench(depth: u32) -> (u64, Duration) {
    let start = Instant::now();
    let mut nodes = 0;
    for fen in BENCH_FENS {
        let board = Board::from_fen(fen, false).expect("bench FENs are valid");
        let mut engine = Jumper::new(DEFAULT_HASH_MIB, 1);
        nodes += engine
            .search(&board, &[], &Limits::depth(depth), &mut ())
            .nodes;
    }
    (nodes, start.elapsed())
}

/// The engine behind the catalog's `builtin:jumper`.
struct Engine {
    jumper: Jumper,
}

impl olympiad_search::engine::Engine<Position> for Engine {
    /// Scores beyond [`hooks::MATE_BOUND`] are mates: `MATE - plies` for the side to move.
    fn mates(&self) -> fn(Score) -> Option<i32> {
        |score| {
            let plies = hooks::MATE - score.abs();
            (score.abs() > hooks::MATE_BOUND).then(|| {
                let moves = (plies + 1) / 2;
                if score > 0 { moves } else { -moves }
            })
        }
    }

    fn choose(
        &mut self,
        pos: &Position,
        limits: &Limits,
        observer: &mut dyn Observer<Move>,
    ) -> Option<Choice<Move>> {
        let legal = pos.legal_moves();
        if let Some(answer) = olympiad_search::engine::forced(&legal) {
            return answer;
        }
        let before: Vec<u64> = pos.repetition_keys().collect();
        let mut observer = observer;
        let result = self
            .jumper
            .search(pos.board(), &before, limits, &mut observer);
        Some(Choice::from_search(&result, &legal))
    }

    fn new_game(&mut self) {
        self.jumper.clear();
    }
}

fn pace(pos: &Position) -> Pace {
    time::pace(pos.board())
}

fn create(
    options: &Options,
    _game_index: u64,
) -> Result<Box<dyn olympiad_search::engine::Engine<Position>>, OptionError> {
    let hash = options.number::<usize>("hash")?.unwrap_or(DEFAULT_HASH_MIB);
    if hash > MAX_HASH_MIB {
        return Err(OptionError(format!(
            "option hash={hash}: expected at most {MAX_HASH_MIB} MiB"
        )));
    }
    let threads = options.number::<usize>("threads")?.unwrap_or(1);
    if !(1..=MAX_THREADS).contains(&threads) {
        return Err(OptionError(format!(
            "option threads={threads}: expected 1 to {MAX_THREADS}"
        )));
    }
    Ok(Box::new(Engine {
        jumper: Jumper::new(hash, threads),
    }))
}

/// Chess's engines, as the catalog lists them (after `random`, which the catalog adds to
/// every game).
pub static ENGINES: [EngineSpec<Position>; 1] = [EngineSpec {
    name: NAME,
    summary: "Jumper: PVS, table, null move, LMR, futility, SEE quiescence, Lazy SMP, \
              Texel-tuned tapered evaluation; options depth=N, nodes=N, movetime=MS, \
              hash=MIB, threads=N",
    options: &["depth", "nodes", "movetime", "hash", "threads"],
    nodes_key: "nodes",
    default_depth: Some(DEFAULT_DEPTH),
    default_nodes: None,
    pace,
    create,
}];
