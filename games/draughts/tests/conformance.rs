//! The fast generator against the reference twin, and the core conformance suite, on random
//! playouts under the FMJD rules with their draw rules, and on random placements of men and
//! kings (where flying kings meet many pieces far more often than in play, so long king
//! captures, several landing squares and routes that take the same pieces show up).
//!
//! At every position: the same moves (start, end, pieces taken) leading to the same
//! positions (with the same draw-rule counters), the same outcome where the reference can
//! see it (it keeps no history, so not at a threefold repetition); plus the suite's
//! invariants (hash from scratch, text round trip, move text round trip, count_moves
//! against the list, ...).

use olympiad_core::conformance::{Playouts, Stats, check_position};
use olympiad_core::{Game, Notation, Seat, SplitMix64};
use olympiad_draughts::reference::{RefOutcome, RefPosition};
use olympiad_draughts::{DrawRule, Position};

/// Playout positions checked in the default test run.
const DEFAULT_POSITIONS: usize = 200_000;
/// Playout positions checked by the long run (`--ignored`).
const LONG_POSITIONS: usize = 2_000_000;
/// Random placements checked in the default run (and ten times as many in the long one).
const DEFAULT_PLACEMENTS: usize = 20_000;
/// Endings played to their end in the default run (and ten times as many in the long one).
const DEFAULT_ENDINGS: usize = 1_000;

#[derive(Default, Debug)]
struct Seen {
    kings: usize,
    captures: usize,
    multi_captures: usize,
    king_captures: usize,
    king_landing_choices: usize,
    crowning_captures: usize,
    passing_the_row: usize,
    no_move_losses: usize,
    draws: [usize; 4],
}

/// A move in the full form (every piece taken), the same for both generators.
fn full(mv: olympiad_draughts::Move) -> String {
    if !mv.is_capture() {
        return format!("{}-{}", mv.from_square(), mv.to_square());
    }
    let mut s = format!("{}x{}", mv.from_square(), mv.to_square());
    for t in mv.captured_squares() {
        s += &format!("x{t}");
    }
    s
}

fn compare(pos: &Position, seen: &mut Seen) {
    let text = pos.position_text();
    let reference =
        RefPosition::from_text(&text).unwrap_or_else(|e| panic!("reference rejects {text}: {e}"));
    assert_eq!(reference.to_text(), text, "the two writers differ");
    let moves = pos.legal_moves();
    if pos.is_threefold() {
        // Drawn by a repetition the reference cannot see (it keeps no history).
        assert!(
            moves.is_empty(),
            "moves after a threefold repetition at {text}"
        );
        seen.draws[0] += 1;
        return;
    }
    let mut fast: Vec<(String, String)> = moves
        .iter()
        .map(|&m| (full(m), pos.after(m).position_text()))
        .collect();
    let mut slow: Vec<(String, String)> = reference
        .legal_moves()
        .into_iter()
        .map(|(m, after)| (m.full_text(), after.to_text()))
        .collect();
    fast.sort();
    slow.sort();
    assert_eq!(fast, slow, "moves differ at {text}");
    let expect = pos.outcome().map(|o| match o.winner() {
        Some(Seat(0)) => RefOutcome::WhiteWins,
        Some(_) => RefOutcome::BlackWins,
        None => RefOutcome::Draw,
    });
    assert_eq!(expect, reference.outcome(), "outcome differs at {text}");

    if pos.kings() != 0 {
        seen.kings += 1;
    }
    for &m in moves.iter() {
        if !m.is_capture() {
            continue;
        }
        seen.captures += 1;
        if m.captures() > 1 {
            seen.multi_captures += 1;
        }
        if pos.is_king(m.from_square()) {
            seen.king_captures += 1;
            let same_pieces = moves
                .iter()
                .filter(|o| {
                    o.from_square() == m.from_square()
                        && o.captured_squares() == m.captured_squares()
                })
                .count();
            if same_pieces > 1 {
                seen.king_landing_choices += 1;
            }
        } else if pos.after(m).is_king(m.to_square()) {
            seen.crowning_captures += 1;
        } else if m.captures() > 1 {
            // A man whose capture passes its crowning row and ends elsewhere.
            let row = |n: u8| (n - 1) / 5;
            let crowning = if pos.side() == olympiad_draughts::Color::White {
                0
            } else {
                9
            };
            let start_row = row(m.from_square());
            let taken_rows: Vec<u8> = m.captured_squares().into_iter().map(row).collect();
            // A man reaches the crowning row when it jumps a piece one row short of it.
            let one_short = if crowning == 0 { 1 } else { 8 };
            if start_row != crowning && taken_rows.contains(&one_short) {
                seen.passing_the_row += 1;
            }
        }
    }
    match pos.outcome() {
        Some(o) if o.winner().is_some() => seen.no_move_losses += 1,
        Some(_) => {
            let rule = pos.draw_rule().expect("a draw has its rule");
            let i = [
                DrawRule::Repetition,
                DrawRule::KingMoves,
                DrawRule::SixteenMoves,
                DrawRule::FiveMoves,
            ]
            .iter()
            .position(|&r| r == rule)
            .unwrap();
            seen.draws[i] += 1;
        }
        None => {}
    }
}

fn run(positions: usize, seed: u64) -> (Stats, Seen) {
    let mut seen = Seen::default();
    let stats = Playouts::new(positions).seed(seed).run(
        &Position::start(),
        |_, moves, rng| moves[rng.below(moves.len())],
        |p| compare(p, &mut seen),
    );
    println!("playouts: {stats:?} {seen:?}");
    (stats, seen)
}

/// A random position: up to 20 pieces a side, about a third of them kings, no man on its
/// crowning row; either side to move; with the draw rules or without.
fn random_placement(rng: &mut SplitMix64) -> Position {
    let mut lists = [Vec::new(), Vec::new()];
    let mut used = 0u64;
    for (side, list) in lists.iter_mut().enumerate() {
        let pieces = 1 + rng.below(20);
        while list.len() < pieces {
            let sq = 1 + rng.below(50) as u8;
            let king = rng.chance(33);
            let crowning_row = if side == 0 { 1..=5 } else { 46..=50 };
            if used >> sq & 1 != 0 || (!king && crowning_row.contains(&sq)) {
                continue;
            }
            used |= 1 << sq;
            list.push(format!("{}{}", if king { "K" } else { "" }, sq));
        }
    }
    let side = if rng.chance(50) { "W" } else { "B" };
    let draws = if rng.chance(50) { "" } else { " draws=off" };
    let text = format!(
        "{side}:W{}:B{}{draws}",
        lists[0].join(","),
        lists[1].join(",")
    );
    Position::parse_position(&text).unwrap()
}

fn run_placements(positions: usize, seed: u64) -> Seen {
    let mut rng = SplitMix64::new(seed);
    let mut seen = Seen::default();
    for _ in 0..positions {
        let pos = random_placement(&mut rng);
        if let Err(e) = check_position(&pos) {
            panic!("{e} at {}", pos.position_text());
        }
        compare(&pos, &mut seen);
    }
    println!("placements: {seen:?}");
    assert!(seen.king_captures > positions / 10, "too few king captures");
    assert!(
        seen.multi_captures > positions / 10,
        "too few multi-captures"
    );
    assert!(
        seen.king_landing_choices > positions / 100,
        "too few landing choices"
    );
    assert!(seen.passing_the_row > 0, "no man passed its crowning row");
    seen
}

/// Endings of kings (and a man or two) under the draw rules, from random placements, played
/// by a policy that often moves a king back where it came from: random play from the start
/// rarely lasts long enough with kings for the draw rules, these games end by them.
fn run_endings(starts: usize, seed: u64) -> Seen {
    let mut rng = SplitMix64::new(seed);
    let mut seen = Seen::default();
    let mut played: Vec<olympiad_draughts::Move> = Vec::new();
    for game in 0..starts {
        let mut used = 0u64;
        let mut lists = [Vec::new(), Vec::new()];
        // A third of the games start in the 16-move ending (three against a lone king).
        let sixteen = rng.chance(33);
        let undo_chance = [0, 10, 60][rng.below(3)];
        for (side, list) in lists.iter_mut().enumerate() {
            let pieces = match (sixteen, side) {
                (true, 0) => 3,
                (true, _) => 1,
                _ => 1 + rng.below(5),
            };
            while list.len() < pieces {
                let sq = 6 + rng.below(40) as u8;
                if used >> sq & 1 == 0 {
                    used |= 1 << sq;
                    let king = list.is_empty() || rng.chance(80);
                    list.push(format!("{}{sq}", if king { "K" } else { "" }));
                }
            }
        }
        let text = format!("W:W{}:B{}", lists[0].join(","), lists[1].join(","));
        let start = Position::parse_position(&text).unwrap();
        Playouts::new(1).seed(seed + game as u64).run(
            &start,
            |pos, moves, rng| {
                let back = played.len().checked_sub(2).map(|i| played[i]);
                let undo = back.and_then(|b| {
                    moves.iter().find(|m| {
                        m.from_square() == b.to_square() && m.to_square() == b.from_square()
                    })
                });
                // Otherwise a move after which the other side cannot capture, if there is one:
                // random kings meet along the long diagonals and the game ends by captures
                // before any count runs out.
                let safe: Vec<_> = moves
                    .iter()
                    .copied()
                    .filter(|&m| {
                        pos.after(m)
                            .legal_moves()
                            .first()
                            .is_none_or(|r| !r.is_capture())
                    })
                    .collect();
                let pool = if safe.is_empty() { moves } else { &safe[..] };
                let mv = match undo {
                    Some(&m) if rng.chance(undo_chance) => m,
                    _ => pool[rng.below(pool.len())],
                };
                played.push(mv);
                mv
            },
            |p| compare(p, &mut seen),
        );
    }
    println!("endings: {seen:?}");
    for (i, rule) in ["repetition", "25 moves", "16 moves", "5 moves"]
        .iter()
        .enumerate()
    {
        assert!(seen.draws[i] > 0, "no draw by the {rule} rule");
    }
    seen
}

fn assert_coverage(stats: &Stats, seen: &Seen) {
    assert!(stats.finished == stats.games, "a playout hit the ply cap");
    assert!(
        seen.kings > stats.positions / 10,
        "too few positions with kings"
    );
    assert!(seen.multi_captures > 1000, "too few multi-captures");
    assert!(seen.king_captures > 100, "too few king captures");
    assert!(seen.crowning_captures > 10, "too few captures that crown");
    assert!(
        seen.no_move_losses > 10,
        "too few games lost for want of a move"
    );
    assert!(seen.draws.iter().sum::<usize>() > 0, "no game drawn");
}

#[test]
fn fast_and_reference_agree_on_playouts() {
    let (stats, seen) = run(DEFAULT_POSITIONS, 1);
    assert_coverage(&stats, &seen);
}

#[test]
fn fast_and_reference_agree_on_endings_with_the_draw_rules() {
    run_endings(DEFAULT_ENDINGS, 4);
}

#[test]
fn fast_and_reference_agree_on_random_placements() {
    run_placements(DEFAULT_PLACEMENTS, 3);
}

#[test]
#[ignore = "long: 2,000,000 playout positions and 200,000 placements; run with --profile test-opt -- --ignored"]
fn fast_and_reference_agree_long() {
    let (stats, seen) = run(LONG_POSITIONS, 1_000_000);
    assert_coverage(&stats, &seen);
    run_placements(10 * DEFAULT_PLACEMENTS, 3_000_000);
    run_endings(10 * DEFAULT_ENDINGS, 4_000_000);
}
