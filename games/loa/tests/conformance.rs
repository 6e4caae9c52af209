//! The fast generator against the reference twin, and the core conformance suite, on
//! random playouts from the start (moves chosen at random, and moves that take back the
//! mover's previous move where they can, which repeats positions until the third
//! occurrence draws), on random placements of pieces (which are often finished, by one
//! side joined or both), and on short playouts from placements where the side to move is
//! blocked and must pass.
//!
//! In a playout the reference plays the same game beside the fast position (it keeps its
//! own history), so the repetition rule is compared too. At every position: the same moves
//! leading to the same positions, the same outcome; plus the suite's invariants
//! (incremental hash against the hash from scratch, text round trip, move text round trip,
//! count_moves against the list, ...).

use olympiad_core::conformance::{Playouts, check_position, moves_and_results};
use olympiad_core::{Game, Notation, Seat, SplitMix64};
use olympiad_loa::reference::{RefGame, RefOutcome};
use olympiad_loa::{MAX_PIECES, Move, Position};

/// Positions checked in the default test run: random playouts, take-back playouts, and
/// placements (random ones, and as many from blocked ones).
const DEFAULT_POSITIONS: [usize; 3] = [150_000, 50_000, 20_000];
/// Positions checked by the long run (`--ignored`).
const LONG_POSITIONS: [usize; 3] = [1_500_000, 500_000, 200_000];
/// Percent of the take-back playouts' moves that take back the mover's last move when it
/// is legal, once [`TAKE_BACK_AFTER`] plies are played.
const TAKE_BACK_PERCENT: u32 = 90;
/// Plies of a take-back playout played at random first.
const TAKE_BACK_AFTER: usize = 30;
/// Plies played at random from each blocked placement.
const BLOCKED_PLIES: usize = 10;

/// What the runs saw, by how the games ended.
#[derive(Default, Debug)]
struct Seen {
    positions: usize,
    black_wins: usize,
    white_wins: usize,
    draws_connected: usize,
    draws_repetition: usize,
    passes: usize,
}

impl Seen {
    /// Compares `pos` with the reference game `reference` (which must show the same
    /// position) and counts what it is.
    fn compare(&mut self, pos: &Position, reference: &RefGame) {
        let text = pos.position_text();
        assert_eq!(reference.to_text(), text, "the two writers differ");
        let mut slow = reference.legal_moves();
        slow.sort();
        assert_eq!(moves_and_results(pos), slow, "moves differ at {text}");
        let fast = pos.outcome().map(|o| match (o.winner(), o.reason) {
            (Some(Seat(0)), _) => RefOutcome::BlackWins,
            (Some(_), _) => RefOutcome::WhiteWins,
            (None, "both connected") => RefOutcome::DrawConnected,
            (None, "third repetition") => RefOutcome::DrawRepetition,
            (None, other) => panic!("a draw for '{other}' at {text}"),
        });
        assert_eq!(fast, reference.outcome(), "outcome differs at {text}");
        self.positions += 1;
        match fast {
            Some(RefOutcome::BlackWins) => self.black_wins += 1,
            Some(RefOutcome::WhiteWins) => self.white_wins += 1,
            Some(RefOutcome::DrawConnected) => self.draws_connected += 1,
            Some(RefOutcome::DrawRepetition) => self.draws_repetition += 1,
            None if pos.legal_moves()[..] == [Move::PASS] => self.passes += 1,
            None => {}
        }
    }
}

/// The reference game played beside a playout: each visited position is the start of a
/// new game or follows the last one by one move.
struct Beside {
    start: Position,
    game: RefGame,
}

impl Beside {
    fn new(start: &Position) -> Beside {
        Beside {
            start: start.clone(),
            game: RefGame::from_text(&start.position_text()).unwrap(),
        }
    }

    fn visit(&mut self, pos: &Position, seen: &mut Seen) {
        let text = pos.position_text();
        let mv = self
            .game
            .legal_moves()
            .into_iter()
            .find(|(_, after)| *after == text);
        match mv {
            Some((mv, _)) => self.game.play(&mv).unwrap(),
            None => {
                assert_eq!(
                    *pos, self.start,
                    "{text} follows no move of the last position"
                );
                self.game = RefGame::from_text(&text).unwrap();
            }
        }
        seen.compare(pos, &self.game);
    }
}

/// Plays the move that takes back the mover's own last move (`last`: the moves of the game
/// so far) when it is legal, mostly; otherwise a random move.
fn take_back(last: &[Move], moves: &[Move], rng: &mut SplitMix64) -> Move {
    if let [.., mine, _] = last
        && last.len() >= TAKE_BACK_AFTER
        && !mine.is_pass()
        && rng.chance(TAKE_BACK_PERCENT)
    {
        let back = Move {
            from: mine.to,
            to: mine.from,
        };
        if moves.contains(&back) {
            return back;
        }
    }
    moves[rng.below(moves.len())]
}

/// A random board on which the side to move must pass: its 2 to 4 pieces in corners, each
/// with an enemy piece on its three neighbours (a first step along any line meets an enemy,
/// and the line holds at least two pieces), and more enemy pieces at random.
fn blocked_placement(rng: &mut SplitMix64) -> Position {
    let mut board = ['.'; 64];
    let corners = [
        (0, [1, 8, 9]),
        (7, [6, 15, 14]),
        (56, [48, 57, 49]),
        (63, [62, 55, 54]),
    ];
    let (mover, enemy) = if rng.chance(50) {
        ('x', 'o')
    } else {
        ('o', 'x')
    };
    let mut enemies = 0;
    for (corner, neighbours) in corners.into_iter().skip(rng.below(3)) {
        board[corner] = mover;
        for n in neighbours {
            board[n] = enemy;
            enemies += 1;
        }
    }
    for _ in enemies..MAX_PIECES {
        let square = rng.below(64);
        if board[square] == '.' && rng.chance(50) {
            board[square] = enemy;
        }
    }
    placed(&board, mover)
}

/// A random board: 1 to [`MAX_PIECES`] pieces of each colour, either side to move.
fn random_placement(rng: &mut SplitMix64) -> Position {
    let mut squares: Vec<usize> = (0..64).collect();
    let mut board = ['.'; 64];
    for letter in ['x', 'o'] {
        for _ in 0..1 + rng.below(MAX_PIECES) {
            let square = squares.swap_remove(rng.below(squares.len()));
            board[square] = letter;
        }
    }
    placed(&board, if rng.chance(50) { 'x' } else { 'o' })
}

/// The position of `board` (squares from a1, row by row) with `side` to move.
fn placed(board: &[char; 64], side: char) -> Position {
    let rows: Vec<String> = board
        .chunks(8)
        .map(|row| row.iter().collect::<String>())
        .collect();
    Position::parse_position(&format!("{} {side}", rows.join("/"))).unwrap()
}

fn run([random, take_backs, placements]: [usize; 3], seed: u64) {
    let start = Position::start();

    let mut seen = Seen::default();
    let mut beside = Beside::new(&start);
    let stats = Playouts::new(random).seed(seed).run(
        &start,
        |_, moves, rng| moves[rng.below(moves.len())],
        |p| beside.visit(p, &mut seen),
    );
    println!("random playouts: {stats:?} {seen:?}");
    assert!(seen.black_wins > 0 && seen.white_wins > 0, "{seen:?}");

    let mut seen = Seen::default();
    let mut beside = Beside::new(&start);
    // The game so far, for the chooser: the moves it chose and the position they lead to.
    let mut line: Vec<Move> = Vec::new();
    let mut expected = start.clone();
    let stats = Playouts::new(take_backs).seed(seed ^ 0x10A).run(
        &start,
        |pos, moves, rng| {
            if *pos != expected {
                line.clear();
            }
            let mv = take_back(&line, moves, rng);
            line.push(mv);
            expected = pos.after(mv);
            mv
        },
        |p| beside.visit(p, &mut seen),
    );
    println!("take-back playouts: {stats:?} {seen:?}");
    assert!(seen.draws_repetition > stats.games / 4, "{seen:?}");

    let mut rng = SplitMix64::new(seed ^ 0x10A0);
    let mut seen = Seen::default();
    for _ in 0..placements {
        let pos = random_placement(&mut rng);
        if let Err(e) = check_position(&pos) {
            panic!("{e} at {}", pos.position_text());
        }
        seen.compare(&pos, &RefGame::from_text(&pos.position_text()).unwrap());
    }
    println!("placements: {seen:?}");
    assert!(
        seen.black_wins > 0 && seen.white_wins > 0 && seen.draws_connected > 0,
        "{seen:?}"
    );

    let mut seen = Seen::default();
    while seen.positions < placements {
        let mut pos = blocked_placement(&mut rng);
        let mut reference = RefGame::from_text(&pos.position_text()).unwrap();
        for _ in 0..BLOCKED_PLIES {
            if let Err(e) = check_position(&pos) {
                panic!("{e} at {}", pos.position_text());
            }
            seen.compare(&pos, &reference);
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.below(moves.len())];
            reference.play(&pos.format_move(mv)).unwrap();
            pos.play(mv);
        }
    }
    println!("blocked placements: {seen:?}");
    assert!(seen.passes > placements / BLOCKED_PLIES / 2, "{seen:?}");
}

#[test]
fn fast_and_reference_agree() {
    run(DEFAULT_POSITIONS, 1);
}

#[test]
#[ignore = "long: 2,400,000 positions; run with --profile test-opt -- --ignored"]
fn fast_and_reference_agree_long() {
    run(LONG_POSITIONS, 1_000_000);
}
