//! The fast legal move generator.
//!
//! It works per piece on square sets, so that most legality conditions are settled for all of
//! a piece's destinations at once, and counting the moves (perft's last ply) needs no loop
//! over them:
//! - the queen: her reach (lines up to the first piece, or the eight neighbours when in check)
//!   minus holes, own pieces, squares attacked by an enemy rook, bishop or knight once she has
//!   left her square, and squares the enemy queen would see; all of it only if her tile can
//!   sink without splitting the tiles;
//! - a rook, bishop or knight that is neither pinned nor moving out of check: its reach minus
//!   the queens; destinations that are holes must keep the tiles in one group (one dilation
//!   when its own tile can go, a flood fill per hole when it is a cut square); an exchange with
//!   an enemy piece is legal unless that piece, landing on the mover's square, attacks our
//!   queen (an exchange changes no occupancy, so nothing else can change);
//! - in check, a piece that is not pinned: it may block the one checker's line or exchange
//!   the checker onto its own square, from where the checker must not attack; against two
//!   checkers only the queen can move;
//! - a piece that is the only one between our queen and an enemy rook or bishop on a matching
//!   line, or between the two queens (pinned): each destination is tried on the changed
//!   occupancy (the slow path; rare).
//!
//! The no-re-exchange rule removes one destination. The ply limit empties the list.

use crate::bitboard::{
    ADJACENT, BETWEEN, KNIGHT, NONE, bishop_attacks, bit, components, dilate, orthogonal,
    queen_attacks, removable, rook_attacks,
};
use crate::position::{Color, Move, Position};

/// Legal destinations per piece of the side to move (index = kind; 0 when none).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Targets {
    pub from: [u8; 4],
    pub to: [u64; 4],
}

impl Targets {
    #[inline(always)]
    pub fn count(&self) -> usize {
        self.to.iter().map(|t| t.count_ones() as usize).sum()
    }
}

/// Is the queen on `q` attacked by a rook on `r`, bishop on `b` or knight on `n` (any may be
/// [`NONE`]) over pieces `occ`?
#[inline(always)]
fn attacked(q: u8, occ: u64, r: u8, b: u8, n: u8) -> bool {
    (rook_attacks(q, occ) & bit(r))
        | (bishop_attacks(q, occ) & bit(b))
        | (KNIGHT[q as usize] & bit(n))
        != 0
}

/// The kind index (1 rook, 2 bishop, 3 knight) of the enemy piece on `c`.
#[inline(always)]
fn c_kind(c: u8, er: u8, eb: u8) -> usize {
    if c == er {
        1
    } else if c == eb {
        2
    } else {
        3
    }
}

/// Would a piece of kind `kind` (1 rook, 2 bishop, 3 knight) on `from` attack `target` over
/// pieces `occ`?
#[inline(always)]
fn attacks_from(kind: usize, from: u8, occ: u64, target: u8) -> bool {
    let reach = match kind {
        1 => rook_attacks(from, occ),
        2 => bishop_attacks(from, occ),
        _ => KNIGHT[from as usize],
    };
    reach & bit(target) != 0
}

impl Position {
    /// Is `color`'s queen attacked by an enemy rook, bishop or knight?
    pub fn attacked_queen(&self, color: Color) -> bool {
        let [q, ..] = self.squares[color.index()];
        let [_, r, b, n] = self.squares[color.flip().index()];
        q != NONE && attacked(q, self.occ[0] | self.occ[1], r, b, n)
    }

    /// Is the side to move in check?
    #[inline]
    pub fn in_check(&self) -> bool {
        self.attacked_queen(self.side)
    }

    /// Do the two queens see each other (forbidden after every move)?
    pub fn queens_see_each_other(&self) -> bool {
        let (a, b) = (self.squares[0][0], self.squares[1][0]);
        a != NONE && b != NONE && queen_attacks(a, self.occ[0] | self.occ[1]) & bit(b) != 0
    }

    /// Has the game reached its ply limit?
    #[inline(always)]
    pub(crate) fn ply_limit_reached(&self) -> bool {
        matches!(self.rules.ply_limit, Some(limit) if self.ply >= limit)
    }

    /// Every legal destination of every piece of the side to move.
    #[inline]
    pub(crate) fn targets(&self) -> Targets {
        self.targets_with::<true>()
    }

    /// The moves that would be legal if the connection rule did not exist (HIPP's speed-up
    /// plays without it until it first matters; tests use it to find positions where it does).
    pub fn moves_without_connection_rule(&self) -> crate::Moves {
        let mut list = crate::Moves::new();
        self.write_targets(&self.targets_with::<false>(), &mut list);
        list
    }

    /// How many moves the side to move has; with `connection_rule` false, the count of
    /// [`moves_without_connection_rule`](Position::moves_without_connection_rule) (a
    /// superset), which is cheaper in positions with holes.
    #[inline]
    pub fn count_moves_with(&self, connection_rule: bool) -> usize {
        if connection_rule {
            self.targets().count()
        } else {
            self.targets_with::<false>().count()
        }
    }

    /// Destinations per piece; `CONNECTION` says whether the connection rule is applied.
    #[inline(always)]
    fn targets_with<const CONNECTION: bool>(&self) -> Targets {
        let mut out = Targets {
            from: self.squares[self.side.index()],
            to: [0; 4],
        };
        if self.ply_limit_reached() {
            return out;
        }
        let us = self.side.index();
        let own = self.occ[us];
        let enemy = self.occ[1 - us];
        let occ = own | enemy;
        let tiles = self.tiles;
        let [q, ..] = self.squares[us];
        let [eq, er, eb, en] = self.squares[1 - us];
        let checkers = (rook_attacks(q, occ) & bit(er))
            | (bishop_attacks(q, occ) & bit(eb))
            | (KNIGHT[q as usize] & bit(en));
        let in_check = checkers != 0;

        // The queen.
        if !CONNECTION || removable(tiles, q) {
            let occ_q = occ & !bit(q);
            let reach = if in_check {
                ADJACENT[q as usize]
            } else {
                queen_attacks(q, occ)
            };
            let danger = rook_attacks(er, occ_q) | bishop_attacks(eb, occ_q) | KNIGHT[en as usize];
            let seen = queen_attacks(eq, occ_q);
            out.to[0] = reach & tiles & !own & !bit(eq) & !danger & !seen;
        }

        // Pieces that must stay between our queen and an enemy slider or the enemy queen.
        let mut pinned = 0u64;
        for (slider, matches) in [(er, true), (eb, false)] {
            if slider != NONE && orthogonal(slider, q) == matches {
                let between = BETWEEN[slider as usize][q as usize] & occ;
                if between.count_ones() == 1 {
                    pinned |= between & own;
                }
            }
        }
        let between = BETWEEN[q as usize][eq as usize] & occ;
        if between.count_ones() == 1 {
            pinned |= between & own;
        }

        let queens = bit(q) | bit(eq);
        let exchange = self.last_exchange;
        for kind in 1..4 {
            let a = self.squares[us][kind];
            if a == NONE {
                continue;
            }
            let mut reach = match kind {
                1 => rook_attacks(a, occ),
                2 => bishop_attacks(a, occ),
                _ => KNIGHT[a as usize],
            } & !queens;
            if exchange.from == a {
                reach &= !bit(exchange.to);
            }
            let holes = reach & !tiles;
            let mut t = reach & tiles;
            if !CONNECTION {
                t |= holes;
            } else if holes != 0 {
                let rest = tiles & !bit(a);
                if removable(tiles, a) {
                    t |= holes & dilate(rest);
                } else {
                    // `a` is a cut square: a hole is a legal destination only if it touches
                    // every group that the tiles fall into without `a`.
                    let mut groups = [0u64; 25];
                    let n = components(rest, &mut groups);
                    let mut h = holes;
                    while h != 0 {
                        let b = h.trailing_zeros() as usize;
                        h &= h - 1;
                        if groups[..n].iter().all(|&g| ADJACENT[b] & g != 0) {
                            t |= 1 << b;
                        }
                    }
                }
            }
            if pinned & bit(a) != 0 {
                t = self.filter_slow(a, t, q, eq, occ, enemy);
            } else if in_check {
                // Not pinned, so leaving `a` uncovers nothing: a move must block the one
                // checker's line, or exchange the checker onto `a` from where it does not
                // attack; against two checkers neither helps.
                t = match checkers.count_ones() {
                    1 => {
                        let c = checkers.trailing_zeros() as u8;
                        let mut keep = t & !occ & BETWEEN[c as usize][q as usize];
                        if t & checkers != 0 && !attacks_from(c_kind(c, er, eb), a, occ, q) {
                            keep |= checkers;
                        }
                        keep
                    }
                    _ => 0,
                };
            } else {
                // An enemy piece exchanged onto `a` must not attack our queen from there
                // (an exchange changes no occupancy, so nothing else changes).
                let swaps = t & enemy;
                if swaps & bit(er) != 0 && attacks_from(1, a, occ, q) {
                    t &= !bit(er);
                }
                if swaps & bit(eb) != 0 && attacks_from(2, a, occ, q) {
                    t &= !bit(eb);
                }
                if swaps & bit(en) != 0 && attacks_from(3, a, occ, q) {
                    t &= !bit(en);
                }
            }
            out.to[kind] = t;
        }
        out
    }

    /// Keeps the destinations of the rook, bishop or knight on `a` after which our queen on
    /// `q` is not attacked and the queens do not see each other.
    #[cold]
    fn filter_slow(&self, a: u8, targets: u64, q: u8, eq: u8, occ: u64, enemy: u64) -> u64 {
        let them = self.side.flip().index();
        let mut kept = 0;
        let mut t = targets;
        while t != 0 {
            let b = t.trailing_zeros() as u8;
            t &= t - 1;
            let mut theirs = self.squares[them];
            let occ2 = if enemy & bit(b) != 0 {
                for s in theirs.iter_mut().skip(1) {
                    if *s == b {
                        *s = a;
                    }
                }
                occ
            } else if occ & bit(b) != 0 {
                occ
            } else {
                occ ^ bit(a) ^ bit(b)
            };
            let [_, er, eb, en] = theirs;
            if !attacked(q, occ2, er, eb, en) && queen_attacks(q, occ2) & bit(eq) == 0 {
                kept |= bit(b);
            }
        }
        kept
    }

    /// The legal moves, written into `list`.
    #[inline]
    pub(crate) fn write_moves(&self, list: &mut crate::Moves) {
        self.write_targets(&self.targets(), list);
    }

    #[inline(always)]
    fn write_targets(&self, t: &Targets, list: &mut crate::Moves) {
        for kind in 0..4 {
            let from = t.from[kind];
            let mut to = t.to[kind];
            while to != 0 {
                let b = to.trailing_zeros() as u8;
                to &= to - 1;
                list.push(Move::new(from, b));
            }
        }
    }
}
