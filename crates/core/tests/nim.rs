//! The core's drivers on a toy game whose counts are known in closed form: Nim with one pile,
//! taking 1..=3 stones; whoever takes the last stone wins.

use olympiad_core::conformance::Playouts;
use olympiad_core::perft::{
    GameOverLeaves, Perft, count_unit, divide, perft, perft_enumerated, perft_with, split_plies,
};
use olympiad_core::table::PerftTable;
use olympiad_core::{Game, Hashed, MoveList, Notation, Outcome, Seat};

#[derive(Clone, Debug, PartialEq, Eq)]
struct Nim {
    stones: u32,
    side: Seat,
}

impl Game for Nim {
    type Move = u32;
    type Moves = MoveList<u32, 3>; // take 1, 2 or 3
    fn num_players(&self) -> usize {
        2
    }
    fn to_move(&self) -> Seat {
        self.side
    }
    fn legal_moves(&self) -> Self::Moves {
        (1..=self.stones.min(3)).collect()
    }
    fn play(&mut self, mv: u32) {
        self.stones -= mv;
        self.side = self.side.next(2);
    }
    fn outcome(&self) -> Option<Outcome> {
        (self.stones == 0).then(|| Outcome::win(self.side.next(2), 2, "took the last stone"))
    }
}

impl Hashed for Nim {
    fn zobrist(&self) -> u64 {
        self.zobrist_from_scratch()
    }
    fn zobrist_from_scratch(&self) -> u64 {
        (u64::from(self.stones) * 0x9E37_79B9) ^ u64::from(self.side.0)
    }
}

#[derive(Debug)]
struct Bad(String);
impl std::fmt::Display for Bad {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}
impl std::error::Error for Bad {}

impl Notation for Nim {
    type ParseError = Bad;
    fn parse_move(&self, text: &str) -> Result<u32, Bad> {
        text.parse()
            .map_err(|_| Bad(format!("not a number: {text}")))
    }
    fn format_move(&self, mv: u32) -> String {
        mv.to_string()
    }
    fn parse_position(text: &str) -> Result<Self, Bad> {
        let (n, s) = text
            .split_once(' ')
            .ok_or_else(|| Bad("want 'N S'".into()))?;
        Ok(Nim {
            stones: n.parse().map_err(|_| Bad("stones".into()))?,
            side: Seat(s.parse().map_err(|_| Bad("side".into()))?),
        })
    }
    fn position_text(&self) -> String {
        format!("{} {}", self.stones, self.side.0)
    }
}

/// Compositions of n into parts 1..=3 with exactly d parts, plus (for the finished-game
/// conventions) the shorter compositions of n.
fn sequences(n: u32, d: u32) -> u128 {
    match (n, d) {
        (_, 0) => 1,
        (0, _) => 0,
        _ => (1..=n.min(3)).map(|k| sequences(n - k, d - 1)).sum(),
    }
}

fn start(n: u32) -> Nim {
    Nim {
        stones: n,
        side: Seat::FIRST,
    }
}

#[test]
fn perft_matches_closed_form_and_drivers_agree() {
    for n in 0..14 {
        for d in 0..9 {
            let expect = sequences(n, d);
            assert_eq!(perft(&start(n), d), expect, "n={n} d={d}");
            assert_eq!(perft_enumerated(&start(n), d, GameOverLeaves::Zero), expect);
            for threads in [1, 2, 3] {
                for hash_mib in [0, 1] {
                    let p = Perft {
                        threads,
                        hash_mib,
                        game_over: GameOverLeaves::Zero,
                    };
                    assert_eq!(p.run(&start(n), d), expect, "n={n} d={d} {p:?}");
                }
            }
        }
    }
}

#[test]
fn finished_game_conventions() {
    // From 4 stones at depth 3: sequences of exactly 3 moves, plus games that ended earlier.
    let exact = sequences(4, 3);
    let ended_after_1 = 0; // 4 stones cannot be taken in one move
    let ended_after_2 = (1..=3).filter(|k| 4 - k <= 3).count() as u128; // 1+3, 2+2, 3+1
    assert_eq!(perft_with(&start(4), 3, GameOverLeaves::Zero), exact);
    assert_eq!(
        perft_with(&start(4), 3, GameOverLeaves::One),
        exact + ended_after_1 + ended_after_2
    );
    // Games that ended after 2 plies have 1 ply left: they count under OneAtLastPly.
    assert_eq!(
        perft_with(&start(4), 3, GameOverLeaves::OneAtLastPly),
        exact + ended_after_2
    );
    for rule in [GameOverLeaves::One, GameOverLeaves::OneAtLastPly] {
        for d in 0..10 {
            let serial = perft_with(&start(11), d, rule);
            assert_eq!(perft_enumerated(&start(11), d, rule), serial);
            let p = Perft {
                threads: 2,
                hash_mib: 1,
                game_over: rule,
            };
            assert_eq!(p.run(&start(11), d), serial, "d={d} {rule:?}");
        }
    }
}

#[test]
fn units_at_any_split_sum_to_perft() {
    // Nim merges transpositions (1+2 and 2+1 reach the same pile), so units carry
    // multiplicities; finished games met above the split settle under each convention.
    for rule in [
        GameOverLeaves::Zero,
        GameOverLeaves::One,
        GameOverLeaves::OneAtLastPly,
    ] {
        // A table holds the counts of one convention.
        let table = PerftTable::with_mib(1);
        for d in 0..9 {
            let expect = perft_with(&start(10), d, rule);
            for plies in 0..=d + 1 {
                let (units, settled) = split_plies(&start(10), plies, d, rule);
                let below = d - plies.min(d);
                let sum: u128 = units
                    .iter()
                    .map(|(p, m)| m * count_unit(p, below, rule, Some(&table)))
                    .sum();
                assert_eq!(settled + sum, expect, "{rule:?} d={d} plies={plies}");
                let again = split_plies(&start(10), plies, d, rule);
                assert_eq!(again.0, units, "the split is deterministic");
            }
        }
    }
    // Transpositions are merged: after two plies from 10 stones, piles 8, 7, ... 4 once each.
    let (units, _) = split_plies(&start(10), 2, 5, GameOverLeaves::Zero);
    let piles: Vec<u32> = units.iter().map(|(p, _)| p.stones).collect();
    assert_eq!(piles, vec![8, 7, 6, 5, 4]);
    assert_eq!(units.iter().map(|u| u.1).sum::<u128>(), 9);
}

#[test]
fn divide_sums_to_perft() {
    let rows = divide(&start(9), 4);
    assert_eq!(rows.iter().map(|r| r.0).collect::<Vec<_>>(), vec![1, 2, 3]);
    assert_eq!(rows.iter().map(|r| r.1).sum::<u128>(), perft(&start(9), 4));
    let threaded = Perft {
        threads: 2,
        hash_mib: 1,
        ..Perft::default()
    }
    .divide(&start(9), 4);
    assert_eq!(threaded, rows);
}

#[test]
fn checked_play_names_the_bad_move() {
    let mut pos = start(5);
    let err = pos.play_line("2 x 1").unwrap_err();
    assert_eq!(err.index, 2);
    assert_eq!(err.to_string(), "move 2 ('x'): not a number: x");
    assert_eq!(pos.stones, 3, "left after the last good move");
    let err = pos.play_line("1 4").unwrap_err();
    assert_eq!(err.to_string(), "move 2 ('4'): illegal move '4'");
    let mut done = start(2);
    let err = done.play_line("2 1").unwrap_err();
    assert_eq!(
        err.to_string(),
        "move 2 ('1'): move '1' given but the game is over"
    );
}

#[test]
fn conformance_suite_runs_and_counts() {
    let stats = Playouts::new(500).seed(3).run(
        &start(20),
        |_, moves, rng| moves[rng.below(moves.len())],
        |pos| assert!(pos.stones <= 20),
    );
    assert!(stats.positions >= 500);
    assert_eq!(stats.finished, stats.games);
}
