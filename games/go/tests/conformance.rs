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
use olympiad_go::{Color, Point, Position, Repetition};

/// Positions compared in the default test run.
const DEFAULT_POSITIONS: usize = 200_000;
/// Positions compared by the long run (`--ignored`).
const LONG_POSITIONS: usize = 2_000_000;
/// Board sizes and the share of the positions each gets (in hundredths): small boards,
/// where captures, ko and repetition come soon and often, most of all; the large boards
/// for their edges and corners (a 19x19 position costs the reference milliseconds).
const SIZES: [(usize, usize); 8] = [
    (2, 10),
    (3, 15),
    (4, 20),
    (5, 23),
    (7, 15),
    (9, 14),
    (13, 2),
    (19, 1),
];
/// Komi per game (in halves): whole komi reaches draws.
const KOMIS: [i16; 3] = [15, 0, 4];
/// Percent of moves chosen uniformly among all legal moves (eye fills and passes too)
/// rather than by the playout policy, so that games also end early by passes.
const UNIFORM_PERCENT: u32 = 20;
/// The largest board whose areas are compared at every position.
const AREA_MAX_SIZE: usize = 7;
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
    let context: &dyn Fn() -> String = &context;
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
    // The reference floods a region afresh for each of its points: its areas are compared
    // on small boards and at every game's end.
    if fast.size() <= AREA_MAX_SIZE || expect.is_some() {
        let (black, white) = slow.area();
        assert_eq!(fast.area(), [black, white], "areas differ {}", context());
    }
    check_helpers(fast, &context);
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

/// The playout helpers against plain definitions on coordinates: chains, liberties, atari,
/// eyes, the empty list.
fn check_helpers(pos: &Position, context: &dyn Fn() -> String) {
    let size = pos.size();
    let at = |x: isize, y: isize| -> Option<Option<Color>> {
        (x >= 0 && y >= 0 && (x as usize) < size && (y as usize) < size)
            .then(|| pos.color_at(Point::from_xy(x as usize, y as usize, size).unwrap()))
    };
    let mut empties = 0;
    let mut listed = vec![false; olympiad_go::MAX_CELLS];
    for &p in pos.empty_points() {
        listed[p.index()] = true;
    }
    // Each chain is checked once, from its first stone met.
    let mut done = vec![false; olympiad_go::MAX_CELLS];
    for p in pos.points() {
        let (x, y) = p.xy(size).unwrap();
        let (x, y) = (x as isize, y as isize);
        let orthogonal = [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)];
        match pos.color_at(p) {
            None => {
                empties += 1;
                assert!(listed[p.index()], "{p:?} not listed empty {}", context());
                for me in [Color::Black, Color::White] {
                    let walled = orthogonal
                        .iter()
                        .all(|&(a, b)| at(a, b).is_none_or(|c| c == Some(me)));
                    let diagonal = [
                        (x - 1, y - 1),
                        (x + 1, y - 1),
                        (x - 1, y + 1),
                        (x + 1, y + 1),
                    ];
                    let off = diagonal.iter().any(|&(a, b)| at(a, b).is_none());
                    let enemy = diagonal
                        .iter()
                        .filter(|&&(a, b)| at(a, b) == Some(Some(me.other())))
                        .count();
                    let eye = walled && enemy + usize::from(off) < 2;
                    assert_eq!(pos.is_eye(p, me), eye, "eye {p:?} {me:?} {}", context());
                }
            }
            Some(_) if done[p.index()] => {}
            Some(color) => {
                let chain: Vec<Point> = pos.chain(p).collect();
                for q in &chain {
                    done[q.index()] = true;
                }
                assert_eq!(chain.len(), pos.chain_size(p), "{}", context());
                assert!(chain.iter().all(|&q| pos.color_at(q) == Some(color)));
                let mut liberties: Vec<Point> = chain
                    .iter()
                    .flat_map(|&q| pos.neighbours(q))
                    .filter(|&n| pos.is_empty(n))
                    .collect();
                liberties.sort();
                liberties.dedup();
                assert!(
                    !liberties.is_empty(),
                    "a chain without liberty {}",
                    context()
                );
                assert_eq!(pos.liberties(p), liberties.len(), "{}", context());
                let atari = (liberties.len() == 1).then(|| liberties[0]);
                assert_eq!(pos.atari_liberty(p), atari, "atari {p:?} {}", context());
            }
        }
    }
    assert_eq!(pos.empty_points().len(), empties, "{}", context());
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
