//! The fast rules against the reference twin, and the core conformance suite, on random
//! playouts of several board sizes under both repetition rules.
//!
//! Both twins play the same game side by side (the reference keeps its own history of
//! boards, so superko and cycles are compared too, which a position text cannot carry). At
//! every position: the same legal moves leading to the same positions, the same outcome;
//! plus the suite's invariants (incremental hash against the hash from scratch, text round
//! trip, move text round trip, count_moves against the list, clones, ...).

use olympiad_core::conformance::{check_position, moves_and_results};
use olympiad_core::{Describe, Game, Notation, Seat, SplitMix64};
use olympiad_go::reference::{RefOutcome, RefPosition};
use olympiad_go::{Position, Repetition};

/// Positions compared in the default test run.
const DEFAULT_POSITIONS: usize = 200_000;
/// Positions compared by the long run (`--ignored`).
const LONG_POSITIONS: usize = 2_000_000;
/// Board sizes and the share of the positions each gets (in hundredths): small boards,
/// where captures, ko and repetition come soon and often, most of all.
const SIZES: [(usize, usize); 6] = [(2, 10), (3, 15), (4, 20), (5, 25), (7, 15), (9, 15)];
/// Komi per game (in halves): whole komi reaches draws.
const KOMIS: [i16; 3] = [15, 0, 4];
/// Percent of moves chosen uniformly among all legal moves (eye fills and passes too)
/// rather than by the playout policy, so that games also end early by passes.
const UNIFORM_PERCENT: u32 = 20;
/// The longest game played (a safety cap: games end by passes well before).
const MAX_PLIES: usize = 1000;

#[derive(Debug, Default)]
struct Seen {
    positions: usize,
    games: usize,
    results: [usize; 3],
    kos: usize,
    superko_bans: usize,
    cycles: usize,
}

fn compare(fast: &Position, slow: &RefPosition, seen: &mut Seen, line: &[String]) {
    let text = fast.position_text();
    let context = || format!("after [{}] at {text}", line.join(" "));
    assert_eq!(
        slow.to_text(),
        text,
        "the twins' texts differ {}",
        context()
    );
    if let Err(e) = check_position(fast) {
        panic!("{e} {}", context());
    }
    let moves = moves_and_results(fast);
    assert_eq!(moves, slow.legal_moves(), "moves differ {}", context());
    let expect = fast.outcome().map(|o| match o.winner() {
        Some(Seat(0)) => RefOutcome::BlackWins,
        Some(_) => RefOutcome::WhiteWins,
        None => RefOutcome::Draw,
    });
    assert_eq!(expect, slow.outcome(), "outcome differs {}", context());
    if let Some(o) = expect {
        seen.results[o as usize] += 1;
    }
    if fast.ko_point().is_some() {
        seen.kos += 1;
    }
    if fast
        .empty_points()
        .iter()
        .any(|&p| fast.is_legal_ignoring_superko(p) && !fast.is_legal_move(p))
    {
        seen.superko_bans += 1;
    }
    if fast.ended_by_cycle() {
        seen.cycles += 1;
    }
    seen.positions += 1;
}

fn run(positions: usize, seed: u64) {
    let mut seen = Seen::default();
    for (size, share) in SIZES {
        let target = seen.positions + positions * share / 100;
        while seen.positions < target {
            let g = seen.games as u64;
            let mut rng = SplitMix64::new(seed + g);
            let rule = Repetition::ALL[rng.below(2)];
            let komi = KOMIS[rng.below(KOMIS.len())];
            let mut fast = Position::new(size, komi, rule).unwrap();
            let mut slow = RefPosition::from_text(&fast.position_text()).unwrap();
            let mut line = Vec::new();
            seen.games += 1;
            loop {
                compare(&fast, &slow, &mut seen, &line);
                let moves = fast.legal_moves();
                if moves.is_empty() || line.len() >= MAX_PLIES {
                    break;
                }
                let mv = if rng.chance(UNIFORM_PERCENT) {
                    moves[rng.below(moves.len())]
                } else {
                    fast.playout_move(&moves, &mut rng)
                };
                let text = fast.format_move(mv);
                fast.play(mv);
                slow.play(&text).unwrap_or_else(|e| {
                    panic!("reference refuses {text}: {e} after [{}]", line.join(" "))
                });
                line.push(text);
            }
        }
    }
    println!("{seen:?}");
    let [black, white, draws] = seen.results;
    assert!(black > 0 && white > 0 && draws > 0, "{seen:?}");
    assert!(
        seen.kos > 0 && seen.superko_bans > 0 && seen.cycles > 0,
        "{seen:?}"
    );
}

#[test]
fn fast_and_reference_agree() {
    run(DEFAULT_POSITIONS, 1);
}

#[test]
#[ignore = "long: 2,000,000 positions; run with --profile test-opt -- --ignored"]
fn fast_and_reference_agree_long() {
    run(LONG_POSITIONS, 1_000_000);
}
