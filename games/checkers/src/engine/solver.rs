//! A small exhaustive solver for the tests: every position of at most three pieces (both
//! sides on the board), solved by sweeping until nothing changes (a position is won when a
//! move reaches a lost one, lost when it has no move or every move reaches a won one;
//! what is never decided is drawn), with no draw rule. It answers as an
//! [`EndgameOracle`], the test double of the databases, and its values check Crown's
//! choices in those endings.

use std::collections::HashMap;
use std::sync::OnceLock;

use crate::bitboard::{BOTTOM_ROW, TOP_ROW};
use crate::oracle::{EndgameOracle, Wdl};
use crate::{Color, Position, Rules};
use olympiad_core::Game;

/// The most pieces of a solved position.
pub const SOLVED_PIECES: u32 = 3;

/// Every solved position's value for its side to move.
#[derive(Debug)]
pub struct Solved {
    values: HashMap<(u32, u32, u32, Color), Wdl>,
}

/// Every set of `k` of the 32 squares.
fn subsets(k: u32) -> Vec<u32> {
    fn go(start: u32, k: u32, set: u32, out: &mut Vec<u32>) {
        if k == 0 {
            out.push(set);
            return;
        }
        for b in start..32 {
            go(b + 1, k - 1, set | 1 << b, out);
        }
    }
    let mut out = Vec::new();
    go(0, k, 0, &mut out);
    out
}

/// Every subset of `set`.
fn sub_masks(set: u32) -> impl Iterator<Item = u32> {
    let mut next = Some(set);
    std::iter::from_fn(move || {
        let s = next?;
        next = (s != 0).then(|| (s - 1) & set);
        Some(s)
    })
}

fn key(pos: &Position) -> (u32, u32, u32, Color) {
    (
        pos.pieces(Color::Black),
        pos.pieces(Color::White),
        pos.kings(),
        pos.side(),
    )
}

impl Solved {
    /// Solves every position of up to [`SOLVED_PIECES`] pieces with both sides on the board.
    pub fn build() -> Solved {
        let mut positions = Vec::new();
        for nb in 1..SOLVED_PIECES {
            for nw in 1..=SOLVED_PIECES - nb {
                for black in subsets(nb) {
                    for white in subsets(nw) {
                        if black & white != 0 {
                            continue;
                        }
                        for kings in sub_masks(black | white) {
                            let men = (black | white) & !kings;
                            // A man on its crowning row would have been crowned.
                            if men & black & BOTTOM_ROW != 0 || men & white & TOP_ROW != 0 {
                                continue;
                            }
                            for side in [Color::Black, Color::White] {
                                positions.push(Position::from_parts(
                                    black,
                                    white,
                                    kings,
                                    side,
                                    0,
                                    Rules::default(),
                                ));
                            }
                        }
                    }
                }
            }
        }
        let index: HashMap<_, usize> = positions
            .iter()
            .enumerate()
            .map(|(i, p)| (key(p), i))
            .collect();
        // Children as indices; `None` for a child whose side to move has no piece (lost).
        let children: Vec<Vec<Option<usize>>> = positions
            .iter()
            .map(|p| {
                p.legal_moves()
                    .iter()
                    .map(|&m| index.get(&key(&p.after(m))).copied())
                    .collect()
            })
            .collect();
        let mut value: Vec<Option<Wdl>> = vec![None; positions.len()];
        loop {
            let mut changed = false;
            for i in 0..positions.len() {
                if value[i].is_some() {
                    continue;
                }
                let child = |c: &Option<usize>| c.map_or(Some(Wdl::Loss), |c| value[c]);
                let v = if children[i].iter().any(|c| child(c) == Some(Wdl::Loss)) {
                    Some(Wdl::Win)
                } else if children[i].iter().all(|c| child(c) == Some(Wdl::Win)) {
                    Some(Wdl::Loss)
                } else {
                    None
                };
                if v.is_some() {
                    value[i] = v;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        Solved {
            values: positions
                .iter()
                .zip(value)
                .map(|(p, v)| (key(p), v.unwrap_or(Wdl::Draw)))
                .collect(),
        }
    }

    /// The solved positions, once per test binary.
    pub fn shared() -> &'static std::sync::Arc<Solved> {
        static SOLVED: OnceLock<std::sync::Arc<Solved>> = OnceLock::new();
        SOLVED.get_or_init(|| std::sync::Arc::new(Solved::build()))
    }

    /// Every solved position with its value.
    pub fn all(&self) -> impl Iterator<Item = (Position, Wdl)> + '_ {
        self.values.iter().map(|(&(b, w, k, side), &v)| {
            (Position::from_parts(b, w, k, side, 0, Rules::default()), v)
        })
    }
}

impl EndgameOracle for Solved {
    fn probe(&self, pos: &Position) -> Option<Wdl> {
        self.values.get(&key(pos)).copied()
    }

    fn max_pieces(&self) -> u32 {
        SOLVED_PIECES
    }
}
