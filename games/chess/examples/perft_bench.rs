//! Perft speed, single thread, bulk counting at the last ply, four ways side by side in one
//! run: cozy-chess's board driven directly (the floor), the same board behind the `Game`
//! trait without any draw rule (what the trait and the perft driver cost), [`Position`]
//! through the trait as `olympiad perft chess` runs it (fifty-move, threefold and material
//! checks at every node, the repetition keys in an `Arc`-linked list: a clone is one
//! reference count, a reversible move one allocation), and the alternative the list was
//! chosen over: the keys in a fixed array inside the position, no allocation, a clone
//! copying the keys in use (912 bytes of position). Each count is asserted equal.
//!
//! ```text
//! cargo run --release -p olympiad-chess --example perft_bench -- [DEPTH] [RUNS] [FEN]
//! ```

use cozy_chess::{Board, Color, Move, Piece};
use olympiad_chess::Position;
use olympiad_core::perft::perft;
use olympiad_core::{Game, MoveList, Outcome, Seat};
use std::mem::MaybeUninit;
use std::time::Instant;

/// The depth when none is given: start perft(6), 119,060,324 leaves.
const DEFAULT_DEPTH: u32 = 6;
/// Runs of each way when none is given; the table shows the median.
const DEFAULT_RUNS: usize = 5;
/// The most legal moves of any chess position.
const MAX_MOVES: usize = 218;

/// cozy-chess alone, as its own benchmarks count.
fn cozy_perft(board: &Board, depth: u32) -> u64 {
    if depth == 1 {
        let mut n = 0;
        board.generate_moves(|pm| {
            n += pm.len() as u64;
            false
        });
        return n;
    }
    let mut moves: MoveList<Move, MAX_MOVES> = MoveList::new();
    board.generate_moves(|pm| {
        moves.extend(pm);
        false
    });
    moves
        .iter()
        .map(|&mv| {
            let mut child = board.clone();
            child.play_unchecked(mv);
            cozy_perft(&child, depth - 1)
        })
        .sum()
}

/// The bare board behind the `Game` trait: no draw rules, no history.
#[derive(Clone, Debug, PartialEq)]
struct Bare(Board);

impl Game for Bare {
    type Move = Move;
    type Moves = MoveList<Move, MAX_MOVES>;
    fn num_players(&self) -> usize {
        2
    }
    fn to_move(&self) -> Seat {
        Seat((self.0.side_to_move() == Color::Black) as u8)
    }
    fn legal_moves(&self) -> Self::Moves {
        let mut moves = Self::Moves::new();
        self.0.generate_moves(|pm| {
            moves.extend(pm);
            false
        });
        moves
    }
    fn with_legal_moves<R>(&self, f: impl FnOnce(&[Move]) -> R) -> R {
        let mut moves = Self::Moves::new();
        self.0.generate_moves(|pm| {
            moves.extend(pm);
            false
        });
        f(&moves)
    }
    fn count_moves(&self) -> usize {
        let mut n = 0;
        self.0.generate_moves(|pm| {
            n += pm.len();
            false
        });
        n
    }
    fn play(&mut self, mv: Move) {
        self.0.play_unchecked(mv);
    }
    fn outcome(&self) -> Option<Outcome> {
        None
    }
}

/// The most keys the array holds: the game ends at a halfmove clock of 100.
const MAX_KEYS: usize = 100;

/// The alternative: the keys in a fixed array, a clone copying the written prefix; draw
/// checks of the same cost as [`Position`]'s (the material check simplified).
#[derive(Debug)]
struct Inline {
    board: Board,
    len: u8,
    keys: [MaybeUninit<u64>; MAX_KEYS],
}

impl Clone for Inline {
    fn clone(&self) -> Self {
        let len = usize::from(self.len);
        let mut keys = [MaybeUninit::uninit(); MAX_KEYS];
        keys[..len].copy_from_slice(&self.keys[..len]);
        Inline {
            board: self.board.clone(),
            len: self.len,
            keys,
        }
    }
}

impl PartialEq for Inline {
    fn eq(&self, other: &Self) -> bool {
        self.board == other.board
    }
}

impl Inline {
    fn written(&self) -> &[u64] {
        let written = &self.keys[..usize::from(self.len)];
        // SAFETY: `play` writes each key below `len` before raising `len`, and `clone`
        // copies exactly the written prefix; `MaybeUninit<u64>` has the layout of `u64`.
        unsafe { &*(written as *const [MaybeUninit<u64>] as *const [u64]) }
    }

    fn drawn(&self) -> bool {
        let b = &self.board;
        if b.halfmove_clock() >= 100 {
            return true;
        }
        if self.len >= 8 {
            let key = b.hash();
            let same_side = self.written().iter().rev().skip(1).step_by(2);
            if same_side.filter(|&&k| k == key).count() + 1 >= 3 {
                return true;
            }
        }
        let heavy = b.pieces(Piece::Pawn) | b.pieces(Piece::Rook) | b.pieces(Piece::Queen);
        heavy.is_empty() && (b.pieces(Piece::Knight) | b.pieces(Piece::Bishop)).len() <= 1
    }
}

impl Game for Inline {
    type Move = Move;
    type Moves = MoveList<Move, MAX_MOVES>;
    fn num_players(&self) -> usize {
        2
    }
    fn to_move(&self) -> Seat {
        Seat((self.board.side_to_move() == Color::Black) as u8)
    }
    fn legal_moves(&self) -> Self::Moves {
        let mut moves = Self::Moves::new();
        if !self.drawn() {
            self.board.generate_moves(|pm| {
                moves.extend(pm);
                false
            });
        }
        moves
    }
    fn with_legal_moves<R>(&self, f: impl FnOnce(&[Move]) -> R) -> R {
        f(&self.legal_moves())
    }
    fn count_moves(&self) -> usize {
        if self.drawn() {
            return 0;
        }
        let mut n = 0;
        self.board.generate_moves(|pm| {
            n += pm.len();
            false
        });
        n
    }
    fn play(&mut self, mv: Move) {
        let key = self.board.hash();
        let rights = *self.board.castle_rights(Color::White);
        let rights_black = *self.board.castle_rights(Color::Black);
        self.board.play_unchecked(mv);
        let irreversible = self.board.halfmove_clock() == 0
            || *self.board.castle_rights(Color::White) != rights
            || *self.board.castle_rights(Color::Black) != rights_black;
        if irreversible {
            self.len = 0;
        } else if usize::from(self.len) < MAX_KEYS {
            self.keys[usize::from(self.len)] = MaybeUninit::new(key);
            self.len += 1;
        }
    }
    fn outcome(&self) -> Option<Outcome> {
        None
    }
}

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    xs[xs.len() / 2]
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let depth = args
        .first()
        .map_or(DEFAULT_DEPTH, |a| a.parse().expect("depth"));
    let runs = args
        .get(1)
        .map_or(DEFAULT_RUNS, |a| a.parse().expect("runs"));
    let fen = args.get(2).cloned();
    let pos = match &fen {
        Some(text) => <Position as olympiad_core::Notation>::parse_position(text).expect("a FEN"),
        None => Position::start(),
    };
    let board = pos.board().clone();
    let bare = Bare(board.clone());
    let inline = Inline {
        board: board.clone(),
        len: 0,
        keys: [MaybeUninit::uninit(); MAX_KEYS],
    };
    println!("position: {}\ndepth {depth}, {runs} runs", pos.fen());
    println!(
        "size of Position: {} bytes, of Board: {} bytes",
        size_of::<Position>(),
        size_of::<Board>()
    );
    type Way<'a> = (&'a str, Box<dyn Fn() -> u128 + 'a>);
    let ways: Vec<Way> = vec![
        (
            "cozy-chess board, direct",
            Box::new(|| u128::from(cozy_perft(&board, depth))),
        ),
        (
            "board behind Game, no draw rules",
            Box::new(|| perft(&bare, depth)),
        ),
        (
            "Position (olympiad perft chess)",
            Box::new(|| perft(&pos, depth)),
        ),
        (
            "keys in a fixed array instead",
            Box::new(|| perft(&inline, depth)),
        ),
    ];
    let mut times: Vec<Vec<f64>> = vec![Vec::new(); ways.len()];
    let mut count = None;
    for _ in 0..runs {
        for (i, (name, run)) in ways.iter().enumerate() {
            let t = Instant::now();
            let n = run();
            times[i].push(t.elapsed().as_secs_f64());
            assert_eq!(*count.get_or_insert(n), n, "{name} counts differently");
        }
    }
    let count = count.expect("at least one run") as f64;
    let floor = median(times[0].clone());
    println!(
        "{:<34} {:>10} {:>12} {:>8}",
        "way", "median s", "Mnodes/s", "ratio"
    );
    for ((name, _), t) in ways.iter().zip(&times) {
        let m = median(t.clone());
        println!(
            "{name:<34} {m:>10.3} {:>12.1} {:>8.2}",
            count / m / 1e6,
            m / floor
        );
    }
    println!("nodes: {count}");
}
