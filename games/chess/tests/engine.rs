//! Jumper's tests: mates found at their distance, exchange values, legal moves in many
//! random positions, the bench signature, Lazy SMP, time limits and the clock, the
//! evaluation's colour symmetry.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use cozy_chess::{Board, Move};
use olympiad_chess::Position;
use olympiad_chess::engine::hooks::MATE;
use olympiad_chess::engine::{ENGINES, Jumper, bench, eval, see, time};
use olympiad_core::{Game, SplitMix64};
use olympiad_search::Limits;
use olympiad_search::engine::{Clocked, Options, ThinkTime};

fn board(fen: &str) -> Board {
    Board::from_fen(fen, false).expect("valid FEN")
}

fn mv(b: &Board, text: &str) -> Move {
    let m: Move = text.parse().expect("move text");
    assert!(b.is_legal(m), "{text} is illegal here");
    m
}

/// Searches `fen` to `depth` on `threads` threads; returns the best move and score.
fn solve(fen: &str, depth: u32, threads: usize) -> (Move, i32) {
    let mut engine = Jumper::new(16, threads);
    let r = engine.search(&board(fen), &[], &Limits::depth(depth), &mut ());
    (r.best.expect("a move"), r.score)
}

const MATE_IN_1: &str = "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 4 4";
const MATE_IN_1_BACK_RANK: &str = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1";
const MATE_IN_2: &str = "k7/8/2K5/8/8/8/8/7R w - - 0 1";
const MATE_IN_3: &str = "6k1/5p1p/6p1/8/8/8/1Q3PPP/1R4K1 w - - 0 1";

#[test]
fn mates_in_one_are_found() {
    for fen in [MATE_IN_1, MATE_IN_1_BACK_RANK] {
        let (best, score) = solve(fen, 4, 1);
        assert_eq!(score, MATE - 1, "{fen}");
        let mut b = board(fen);
        b.play(best);
        assert!(
            !b.checkers().is_empty() && !b.generate_moves(|_| true),
            "{fen}: {best}"
        );
    }
}

#[test]
fn mates_in_two_and_three_are_found_at_their_distance() {
    let (best, score) = solve(MATE_IN_2, 6, 1);
    assert_eq!(score, MATE - 3);
    assert_eq!(best, mv(&board(MATE_IN_2), "c6b6"));
    let (best, score) = solve(MATE_IN_3, 8, 1);
    assert_eq!(score, MATE - 5);
    assert_eq!(best, mv(&board(MATE_IN_3), "b2f6"));
}

#[test]
fn the_side_getting_mated_sees_it() {
    // Black to move has one move, and is mated after it.
    let fen = "7k/8/6K1/8/8/8/8/R7 b - - 0 1";
    let (_, score) = solve(fen, 5, 1);
    assert_eq!(score, -(MATE - 2));
}

#[test]
fn two_threads_find_the_same_mates() {
    for (fen, distance) in [(MATE_IN_2, 3), (MATE_IN_3, 5)] {
        let (one, s1) = solve(fen, 9, 1);
        let (two, s2) = solve(fen, 9, 2);
        assert_eq!(s1, MATE - distance);
        assert_eq!(s2, s1, "{fen}");
        let mut b = board(fen);
        b.play(two);
        let mut c = board(fen);
        c.play(one);
        assert_eq!(one, two, "{fen}");
    }
}

#[test]
fn exchange_values() {
    let cases = [
        // An undefended pawn.
        ("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5", 100),
        // Pawn takes pawn, pawn retakes.
        ("4k3/8/2p5/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5", 0),
        // The queen takes a pawn defended by a pawn.
        ("4k3/8/2p5/3p4/8/8/3Q4/4K3 w - - 0 1", "d2d5", 100 - 950),
        // Two rooks against two rooks on the file (x-rays): the first capture loses.
        ("3rk3/3r4/8/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5", 100 - 500),
        // Two rooks against one: the pawn is won.
        ("4k3/3r4/8/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5", 100),
        // En passant.
        ("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", 100),
        // A knight takes a rook defended by a pawn.
        ("4k3/8/2p5/3r4/8/4N3/8/4K3 w - - 0 1", "e3d5", 500 - 320),
        // The king takes an undefended knight.
        ("4k3/8/8/8/4n3/3K4/8/8 w - - 0 1", "d3e4", 320),
        // A rook takes a knight defended by a bishop, itself defended by the king:
        // the exchange stops after the bishop retakes.
        ("4k3/8/2b5/8/4n3/8/8/4RK2 w - - 0 1", "e1e4", 320 - 500),
        // A quiet move onto a square a pawn attacks loses the piece.
        ("4k3/8/2p5/8/8/8/8/3QK3 w - - 0 1", "d1d5", -950),
    ];
    for (fen, text, want) in cases {
        let b = board(fen);
        assert_eq!(see::see(&b, mv(&b, text)), want, "{fen} {text}");
    }
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Random positions from random playouts.
fn random_positions(n: usize, seed: u64) -> Vec<Position> {
    let mut rng = SplitMix64::new(seed);
    let mut out = Vec::new();
    while out.len() < n {
        let mut pos = Position::from_fen(START, false).expect("the start position");
        let plies = rng.below(80);
        for _ in 0..plies {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos.play(moves[rng.below(moves.len())]);
        }
        if !pos.legal_moves().is_empty() {
            out.push(pos);
        }
    }
    out
}

/// The threshold exchange test agrees with the full exchange value on every legal move of
/// 3,000 random positions, at thresholds around every piece value and the pruning margins,
/// and on the hand-made cases above.
#[test]
fn the_exchange_threshold_agrees_with_the_exchange_value() {
    let thresholds = [
        -20_000, -1_000, -951, -950, -500, -321, -320, -240, -181, -180, -120, -100, -60, -20, -1,
        0, 1, 20, 99, 100, 101, 180, 220, 320, 330, 500, 850, 950, 1_000, 20_000,
    ];
    let mut checked = 0;
    let mut boards: Vec<Board> = random_positions(3_000, 41)
        .iter()
        .map(|p| p.board().clone())
        .collect();
    boards.extend(
        [
            "3rk3/3r4/8/3p4/8/8/3R4/3RK3 w - - 0 1",
            "4k3/8/2b5/8/4n3/8/8/4RK2 w - - 0 1",
            "4k3/8/8/8/4n3/3K4/8/8 w - - 0 1",
            "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        ]
        .map(board),
    );
    for b in &boards {
        let mut moves = Vec::new();
        b.generate_moves(|pm| {
            moves.extend(pm);
            false
        });
        for &m in &moves {
            let value = see::see(b, m);
            for t in thresholds {
                assert_eq!(
                    see::see_at_least(b, m, t),
                    value >= t,
                    "{b} {m}: exchange {value}, threshold {t}"
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 1_000_000, "{checked}");
}

#[test]
fn never_an_illegal_move() {
    let options = Options::parse("nodes=3000,hash=4").unwrap();
    let mut engine = Clocked::new(&ENGINES[0], &options, 0).unwrap();
    for pos in random_positions(300, 11) {
        let choice = engine
            .choose(&pos, &ThinkTime::default(), &mut ())
            .expect("a move");
        assert!(
            pos.legal_moves().contains(&choice.mv),
            "{} played {:?}",
            pos.fen(),
            choice.mv
        );
    }
}

#[test]
fn a_finished_game_has_no_move() {
    let mut engine = Clocked::new(&ENGINES[0], &Options::default(), 0).unwrap();
    let mated = Position::from_fen("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1", false).unwrap();
    assert!(
        engine
            .choose(&mated, &ThinkTime::default(), &mut ())
            .is_none()
    );
}

#[test]
fn options_are_checked() {
    for bad in ["threads=0", "hash=x", "colour=white"] {
        assert!(
            Clocked::new(&ENGINES[0], &Options::parse(bad).unwrap(), 0).is_err(),
            "{bad}"
        );
    }
    assert!(Clocked::new(&ENGINES[0], &Options::parse("threads=2,hash=8").unwrap(), 0).is_ok());
}

/// The bench's node count at depth 6: the search's signature. It changes exactly when the
/// search or the evaluation does; update it (and docs/benchmarks/chess.md) with them.
const BENCH_6_NODES: u64 = 47_214;

#[test]
fn bench_signature_is_stable() {
    let (first, _) = bench(6);
    let (second, _) = bench(6);
    assert_eq!(first, second, "bench is not deterministic");
    assert_eq!(first, BENCH_6_NODES, "bench signature changed");
}

#[test]
fn a_move_time_stops_the_search() {
    let mut engine = Jumper::new(16, 1);
    let r = engine.search(
        &Board::default(),
        &[],
        &Limits::move_time(Duration::from_millis(200)),
        &mut (),
    );
    assert!(r.best.is_some());
    assert!(r.depth >= 1);
    // With two threads too, and a stop flag set beforehand stops at once.
    let mut engine = Jumper::new(16, 2);
    let r = engine.search(
        &Board::default(),
        &[],
        &Limits::move_time(Duration::from_millis(200)),
        &mut (),
    );
    assert!(r.best.is_some());
    let stop = Arc::new(AtomicBool::new(true));
    let limits = Limits {
        stop: Some(stop),
        ..Limits::default()
    };
    let r = engine.search(&Board::default(), &[], &limits, &mut ());
    assert!(r.best.is_some());
}

#[test]
fn the_clock_is_spent_with_care() {
    let clocked = Clocked::new(&ENGINES[0], &Options::default(), 0).unwrap();
    let start = Position::start();
    let limits = |left: Duration, increment: Duration, moves_to_go: Option<u32>| {
        let clock = ThinkTime {
            left,
            increment,
            moves_to_go,
            ..ThinkTime::default()
        };
        clocked.limits(&start, &clock)
    };
    let move_time =
        |left, increment, moves_to_go| limits(left, increment, moves_to_go).move_time.unwrap();
    let left = Duration::from_secs(10);
    let inc = Duration::from_millis(100);
    // No new iteration after half the move's share; the iteration under way may run on to
    // STRETCH_PERCENT of the share, within a fifth of the clock.
    let opening = limits(left, inc, None);
    let (soft, t) = (opening.soft_time.unwrap(), opening.move_time.unwrap());
    let share = soft * 2;
    assert!(share > inc && share < left / 10, "{share:?}");
    assert!(
        t > share
            && t <= share * time::STRETCH_PERCENT / 100 + Duration::from_millis(1)
            && t < left / 5,
        "{t:?}"
    );
    // A per-move cap is never overrun by the stretch.
    let capped = ThinkTime {
        left,
        increment: inc,
        move_cap: Some(Duration::from_millis(300)),
        ..ThinkTime::default()
    };
    let c = clocked.limits(&start, &capped);
    assert!(c.move_time.unwrap() < Duration::from_millis(300), "{c:?}");
    // The engine's own fixed time per move is not stretched either.
    let fixed = Clocked::new(&ENGINES[0], &Options::parse("movetime=200").unwrap(), 0).unwrap();
    let clock = ThinkTime {
        left,
        ..ThinkTime::default()
    };
    assert!(fixed.limits(&start, &clock).move_time.unwrap() <= Duration::from_millis(200));
    // With one move to the time control, more of the clock; never all of it.
    let last = move_time(left, Duration::ZERO, Some(1));
    assert!(last > t && last < left, "{last:?}");
    // An endgame expects fewer moves left than the opening.
    let end = board("8/8/4k3/3p4/3P4/4K3/8/8 w - - 0 1");
    assert!(time::moves_left(&end) < time::moves_left(&Board::default()));
    // Almost no time: still under what is left.
    let short = move_time(Duration::from_millis(50), Duration::ZERO, None);
    assert!(short < Duration::from_millis(50));
}

/// The position with colours swapped and the board turned upside down.
fn mirror(b: &Board) -> Board {
    let fen = format!("{b}");
    let parts: Vec<&str> = fen.split(' ').collect();
    let swap = |s: &str| -> String {
        s.chars()
            .map(|c| {
                if c.is_ascii_uppercase() {
                    c.to_ascii_lowercase()
                } else {
                    c.to_ascii_uppercase()
                }
            })
            .collect()
    };
    let rows: Vec<String> = parts[0].split('/').rev().map(swap).collect();
    let side = if parts[1] == "w" { "b" } else { "w" };
    let castling = if parts[2] == "-" {
        "-".to_string()
    } else {
        let s = swap(parts[2]);
        let (mut upper, mut lower): (Vec<char>, Vec<char>) =
            s.chars().partition(|c| c.is_ascii_uppercase());
        upper.sort_unstable();
        lower.sort_unstable();
        let order = |v: Vec<char>| -> String {
            let mut v = v;
            v.sort_by_key(|c| "KQkq".find(*c).unwrap_or(9));
            v.into_iter().collect()
        };
        format!("{}{}", order(upper), order(lower))
    };
    let ep = if parts[3] == "-" {
        "-".to_string()
    } else {
        let f = &parts[3][..1];
        let r = if &parts[3][1..] == "3" { "6" } else { "3" };
        format!("{f}{r}")
    };
    let text = format!(
        "{} {side} {castling} {ep} {} {}",
        rows.join("/"),
        parts[4],
        parts[5]
    );
    Board::from_fen(&text, false).unwrap_or_else(|e| panic!("{text}: {e:?}"))
}

#[test]
fn the_evaluation_is_colour_symmetric() {
    let mut nonzero = 0;
    for pos in random_positions(400, 5) {
        let b = pos.board();
        let m = mirror(b);
        assert_eq!(eval::evaluate(b), eval::evaluate(&m), "{b}");
        assert_eq!(eval::evaluate_white(b), -eval::evaluate_white(&m), "{b}");
        nonzero += usize::from(eval::evaluate(b) != 0);
    }
    assert!(nonzero > 300);
}

/// Counts every feature of the position (white's less black's).
fn feature_counts(fen: &str) -> Vec<i32> {
    struct Counts(Vec<i32>);
    impl eval::Sink for Counts {
        fn add(&mut self, index: usize, n: i32) {
            self.0[index] += n;
        }
    }
    let mut c = Counts(vec![0; eval::NUM_FEATURES]);
    eval::features(&board(fen), &mut c);
    c.0
}

#[test]
fn outposts_need_a_pawn_behind_and_no_enemy_pawn_that_can_come() {
    // The knight on d5 is defended by the c4 pawn and no black pawn can ever attack it.
    let f = feature_counts("7k/8/8/3N4/2P5/8/8/K7 w - - 0 1");
    assert_eq!(f[eval::OUTPOST_KNIGHT], 1);
    // A black pawn on e7 can come to e6.
    let f = feature_counts("7k/4p3/8/3N4/2P5/8/8/K7 w - - 0 1");
    assert_eq!(f[eval::OUTPOST_KNIGHT], 0);
    // Undefended.
    let f = feature_counts("7k/8/8/3N4/8/2P5/8/K7 w - - 0 1");
    assert_eq!(f[eval::OUTPOST_KNIGHT], 0);
    // On the third rank it is not an outpost; a bishop counts on its own.
    let f = feature_counts("7k/8/8/3B4/2P5/1N6/P7/K7 w - - 0 1");
    assert_eq!((f[eval::OUTPOST_KNIGHT], f[eval::OUTPOST_BISHOP]), (0, 1));
    // Black's, from black's side: a knight on e4 defended by d5.
    let f = feature_counts("7k/8/8/3p4/4n3/8/8/K7 w - - 0 1");
    assert_eq!(f[eval::OUTPOST_KNIGHT], -1);
}

#[test]
fn passed_pawns_count_blockers_and_king_distances() {
    // e5 passed, blocked by the knight on e6; weight: rank 5 less 2 = 3; kings a1 and h8
    // are 5 and 3 moves from e6.
    let f = feature_counts("7k/8/4n3/4P3/8/8/8/K7 w - - 0 1");
    assert_eq!(f[eval::PASSED_BLOCKED], 1);
    assert_eq!(f[eval::PASSED_OWN_KING], 15);
    assert_eq!(f[eval::PASSED_THEIR_KING], 9);
    // A pawn on its second rank counts no distance.
    let f = feature_counts("7k/8/8/8/8/8/4P3/K7 w - - 0 1");
    assert_eq!((f[eval::PASSED_OWN_KING], f[eval::PASSED_BLOCKED]), (0, 0));
}

#[test]
fn safe_checks_leave_out_guarded_and_own_squares() {
    // The rook can check from a8 (h1, on the h-file, holds its own king).
    let f = feature_counts("7k/8/8/8/8/8/8/R6K w - - 0 1");
    assert_eq!(f[eval::SAFE_CHECK + 2], 1);
    // A black knight on b6 guards a8.
    let f = feature_counts("7k/8/1n6/8/8/8/8/R6K w - - 0 1");
    assert_eq!(f[eval::SAFE_CHECK + 2], 0);
    // The queen checks safely from a1, b2 (the long diagonal), a8 (the 8th rank) and h2
    // (the h-file); g8 is on two of its lines too, but the king guards it.
    let f = feature_counts("7k/8/8/8/8/8/Q7/6K1 w - - 0 1");
    assert_eq!(f[eval::SAFE_CHECK + 3], 4);
}

#[test]
fn pawn_threats_bishops_pawns_storms_and_space_are_counted() {
    // c2-c4 would attack the knight on d5; c3 is not safe (the knight takes there, nothing
    // of white's defends it). The knight stands 4 king moves from its king and counts
    // its side's pawns less five: -5, for black.
    let f = feature_counts("7k/8/8/3n4/8/8/2P5/K7 w - - 0 1");
    assert_eq!(f[eval::THREAT_BY_PUSH], 1);
    assert_eq!(f[eval::KING_PROTECTOR], -4);
    assert_eq!(f[eval::KNIGHT_PAWNS], 5);
    assert_eq!(f[eval::PAWN_HANGING], 0);
    // The dark-squared bishop on c1 shares its colour with a3 and d2, not with b3.
    let f = feature_counts("7k/8/8/8/8/PP6/3P4/K1B5 w - - 0 1");
    assert_eq!(f[eval::BISHOP_PAWNS], 2);
    // Black's d4 pawn is attacked by the rook and defended by nothing.
    let f = feature_counts("7k/8/8/8/3p4/8/8/K2R4 w - - 0 1");
    assert_eq!(f[eval::PAWN_HANGING], -1);
    // g4 and h5 storm the king on g1; f6 is too far.
    let f = feature_counts("k7/8/5p2/7p/6p1/8/8/6K1 w - - 0 1");
    assert_eq!(f[eval::PAWN_STORM], 2);
    // A rook with seven pawns.
    let f = feature_counts("k7/8/8/8/8/8/PPPPPPP1/R6K w - - 0 1");
    assert_eq!(f[eval::ROOK_PAWNS], 2);
    // After 1.e4 white has 8 squares of room (e2 freed, e4 taken), two of which (e2, e3)
    // count twice, behind the e4 pawn; black has 6 (the e4 pawn attacks d5 and f5).
    let f = feature_counts("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    assert_eq!(f[eval::SPACE], 4);
    let f = feature_counts("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert_eq!(f[eval::SPACE], 0);
}

#[test]
fn king_danger_adds_up_an_attack_and_counts_it_squared() {
    // The two king-danger counts of a position, and those `units` make.
    let danger = |fen: &str| {
        let f = feature_counts(fen);
        (f[eval::KING_DANGER], f[eval::KING_DANGER_LINEAR])
    };
    let counts = |units: i32| {
        (
            units * units / eval::DANGER_SQUARE_SCALE,
            units / eval::DANGER_LINEAR_SCALE,
        )
    };
    // The queen on f5 against the king on h8: one attacker (weight 10), one hit on h7,
    // which only the king defends (weak, and a checking square the king guards: unsafe);
    // safe checks from f6, e5, h5, f8, c8 and h3 (more than one); 12 squares of the
    // king's flank (files e-h) in black's camp (ranks 8 to 4).
    let attack = eval::Attack {
        attackers: 1,
        attacker_weight: 10,
        hits: 1,
        weak: 1,
        safe_checks: [0, 0, 0, 6],
        unsafe_checks: 1,
        flank: 12,
        queen: true,
    };
    let units = 10 + 69 + 185 + 148 + 3 * 12 * 12 / 8 + 1119 + 37;
    assert_eq!(eval::king_danger(&attack), units);
    assert_eq!(danger("7k/8/8/5Q2/8/8/8/K7 b - - 0 1"), counts(units));
    // A rook on the same square: no hit, two safe checks (h5, f8), 7 flank squares, and
    // the attacker has no queen.
    let units = 1897 + 3 * 7 * 7 / 8 - 873 + 37;
    assert_eq!(danger("7k/8/8/5R2/8/8/8/K7 b - - 0 1"), counts(units));
    // A knight far away is no danger: the units stay under the threshold.
    assert_eq!(danger("7k/8/8/8/8/8/8/K1N5 b - - 0 1"), (0, 0));
}

#[test]
fn material_counts() {
    let start = eval::evaluate_white(&Board::default());
    let up_a_queen = eval::evaluate_white(&board(
        "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ));
    assert!(up_a_queen > start + 500, "{start} {up_a_queen}");
}

#[test]
fn a_perpetual_check_saves_two_queens_down() {
    let fen = "6k1/6p1/8/8/8/8/qq6/4Q1K1 w - - 0 1";
    let (best, score) = solve(fen, 10, 1);
    assert_eq!(best, mv(&board(fen), "e1e8"));
    assert!(score.abs() <= 30, "score {score}");
}

#[test]
fn repetitions_on_the_path_and_before_the_root_are_draws() {
    use olympiad_chess::engine::hooks::ChessHooks;
    use olympiad_chess::engine::node::Node;
    use olympiad_search::Hooks;
    let root = Node::new(Board::default());
    let line = ["g1f3", "g8f6", "f3g1", "f6g8"];
    let mut hooks = ChessHooks::default();
    hooks.set_root(&root, []);
    let mut node = root.clone();
    for (ply, text) in line.iter().enumerate() {
        let m = mv(&node.board, text);
        node.play(m);
        let want = if ply == 3 { Some(0) } else { None };
        assert_eq!(
            hooks.terminal(&node, ply as u32 + 1),
            want,
            "ply {}",
            ply + 1
        );
    }
    // The same position reached after a pass is not a repetition.
    let mut passed = node.clone();
    passed.since_null = 2;
    assert_eq!(hooks.terminal(&passed, 4), None);
    // A position played before the root counts too: the root's predecessors are given.
    let mut b = Board::default();
    let mut before = Vec::new();
    for text in ["g1f3", "g8f6"] {
        before.push(b.hash());
        let m = mv(&b, text);
        b.play(m);
    }
    before.reverse();
    let start = Node::new(b.clone());
    hooks.set_root(&start, before.iter().copied());
    let mut n = start.clone();
    for (ply, text) in ["f3g1", "f6g8"].iter().enumerate() {
        let m = mv(&n.board, text);
        n.play(m);
        let want = if ply == 1 { Some(0) } else { None };
        assert_eq!(hooks.terminal(&n, ply as u32 + 1), want);
    }
}
