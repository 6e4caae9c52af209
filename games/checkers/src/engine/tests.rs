//! Crown against its slow twins: plain minimax with the same hooks, an AND-OR search that
//! proves short forced wins, and the exhaustive solver of three-piece endings.

use super::solver::Solved;
use super::*;
use crate::oracle::Wdl;
use crate::{Rules, bitboard::BOTTOM_ROW, bitboard::TOP_ROW};
use olympiad_core::{Notation, SplitMix64};
use olympiad_search::{Hooks, Searcher, minimax};

/// Positions along seeded random games from the start, every few plies.
fn random_positions(seed: u64, count: usize) -> Vec<Position> {
    let mut rng = SplitMix64::new(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let mut pos = Position::start();
        let plies = rng.below(70);
        for _ in 0..plies {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos.play(moves[rng.below(moves.len())]);
        }
        if pos.outcome().is_none() {
            out.push(pos);
        }
    }
    out
}

/// A random position of `black` and `white` pieces (each a king with probability
/// `kings_in_8` in 8), no man on its crowning row.
fn random_setup(rng: &mut SplitMix64, black: u32, white: u32, kings_in_8: usize) -> Position {
    loop {
        let (mut b, mut w, mut k) = (0u32, 0u32, 0u32);
        let mut place = |count: u32, set: &mut u32, taken: u32| {
            while set.count_ones() < count {
                let sq = 1u32 << rng.below(32);
                if (taken | *set) & sq == 0 {
                    *set |= sq;
                }
            }
        };
        place(black, &mut b, 0);
        place(white, &mut w, b);
        for sq in crate::bitboard::Bits(b | w) {
            if rng.below(8) < kings_in_8 {
                k |= 1 << sq;
            }
        }
        let men = (b | w) & !k;
        if men & b & BOTTOM_ROW != 0 || men & w & TOP_ROW != 0 {
            continue;
        }
        let side = if rng.below(2) == 0 {
            Color::Black
        } else {
            Color::White
        };
        return Position::from_parts(b, w, k, side, 0, Rules::default());
    }
}

/// PVS (with the table, killers, history and aspiration) finds exactly the value plain
/// minimax finds with the same hooks, at small depths, on random positions: with the
/// table up to depth 3 (a position cannot come back within fewer than four plies, so
/// no entry of another depth is read), without it at depth 4, and with the solver as
/// the oracle on endings of five pieces or fewer (its root in the oracle's endings or
/// not).
#[test]
fn pvs_equals_minimax() {
    for (i, pos) in random_positions(3, 150).iter().enumerate() {
        for depth in 1..=4 {
            let tt = if depth <= 3 { 1 } else { 0 };
            let mut searcher = Searcher::new(CrownHooks::default(), config(tt));
            let got = searcher.search(pos, &Limits::depth(depth), &mut ()).score;
            let want = minimax(pos, &mut CrownHooks::default(), depth);
            assert_eq!(got, want, "position {i} {} depth {depth}", pos.text());
        }
    }
    let oracle: Arc<dyn EndgameOracle> = Solved::shared().clone();
    let mut rng = SplitMix64::new(8);
    for _ in 0..60 {
        let (black, white) = (1 + rng.below(3) as u32, 1 + rng.below(2) as u32);
        let pos = random_setup(&mut rng, black, white, 3);
        if pos.outcome().is_some() {
            continue;
        }
        let hooks = || {
            let mut hooks = CrownHooks::new(Some(oracle.clone()), None);
            hooks.set_root(&pos);
            hooks
        };
        for depth in 1..=4 {
            let mut searcher = Searcher::new(hooks(), config(0));
            let got = searcher.search(&pos, &Limits::depth(depth), &mut ()).score;
            assert_eq!(got, minimax(&pos, &mut hooks(), depth), "{}", pos.text());
        }
    }
}

/// Does the side to move win within `plies` plies, whatever the other side does? (The
/// plain proof: every move tried, no evaluation.)
fn wins_within(pos: &Position, plies: u32) -> bool {
    plies >= 1
        && pos
            .legal_moves()
            .iter()
            .any(|&m| loses_within(&pos.after(m), plies - 1))
}

/// Does the side to move lose within `plies` plies?
fn loses_within(pos: &Position, plies: u32) -> bool {
    let moves = pos.legal_moves();
    moves.is_empty() || (plies >= 2 && moves.iter().all(|&m| wins_within(&pos.after(m), plies - 1)))
}

/// Positions where the side to move wins by force within 7 plies but not within 3 (so
/// the win lies past the first exchanges), found among seeded random setups and proved by
/// the plain AND-OR search; Crown at depth 9 scores each a win on the board and plays a
/// move that keeps it.
#[test]
fn finds_forced_wins_the_plain_search_proves() {
    let mut rng = SplitMix64::new(21);
    let mut found = 0;
    let mut tried = 0;
    while found < 6 && tried < 20_000 {
        tried += 1;
        let (black, white) = (2 + rng.below(3) as u32, 2 + rng.below(3) as u32);
        let pos = random_setup(&mut rng, black, white, 2);
        if pos.outcome().is_some() || wins_within(&pos, 3) || !wins_within(&pos, 7) {
            continue;
        }
        found += 1;
        let mut crown = Crown::new(4, 1, None, None);
        let result = crown.search(&pos, &Limits::depth(9), &mut ());
        assert!(
            result.score > WIN - WIN_BAND,
            "{} {}",
            pos.text(),
            result.score
        );
        let mv = result.best.unwrap();
        assert!(
            loses_within(&pos.after(mv), 6),
            "{}: {} does not keep the win",
            pos.text(),
            pos.format_move(mv)
        );
    }
    assert_eq!(found, 6, "only {found} wins in {tried} setups");
}

/// Every move Crown returns is legal, searched to a node limit or a depth.
#[test]
fn plays_every_move_legally_on_random_positions() {
    let mut crown = Crown::new(1, 1, Some(5), None);
    for pos in random_positions(17, 400) {
        let legal = pos.legal_moves();
        let result = crown.search(&pos, &Limits::nodes(3_000), &mut ());
        let mv = result.best.expect("a move where the game is not over");
        assert!(legal.contains(&mv), "{}: {:?}", pos.text(), mv);
        let choice = crown.choose(&pos, &Limits::depth(2), &mut ()).unwrap();
        assert!(legal.contains(&choice.mv));
    }
}

/// With the solver as its oracle, Crown keeps every won three-piece position won (the
/// move it plays reaches a position the solver calls lost for the opponent) and never
/// loses a drawn one.
#[test]
fn the_oracle_keeps_wins_won_and_draws_drawn() {
    let solved = Solved::shared();
    let oracle: Arc<dyn EndgameOracle> = solved.clone();
    let mut crown = Crown::new(4, 1, None, Some(oracle));
    let mut rng = SplitMix64::new(4);
    let mut checked = [0; 2];
    for (pos, value) in solved.all() {
        let one_in = if value == Wdl::Win { 200 } else { 4 };
        if value == Wdl::Loss || rng.below(one_in) != 0 || pos.legal_moves().len() < 2 {
            continue;
        }
        let result = crown.search(&pos, &Limits::depth(6), &mut ());
        let child = pos.after(result.best.unwrap());
        let after = solved.probe(&child).unwrap_or(Wdl::Loss);
        assert_eq!(after, value.flip(), "{} {}", pos.text(), result.score);
        checked[usize::from(value == Wdl::Win)] += 1;
    }
    assert!(checked[0] > 20 && checked[1] > 50, "{checked:?}");
}

/// Two kings against one: Crown with the oracle wins from every start tried, playing
/// both sides at depth 16, within 80 plies (the oracle says only won or not: the search
/// looks for the capture while the bias of its scores draws the kings towards the lone
/// one; at depth 12 a lone king in the double corner still holds out for 80 plies).
#[test]
fn two_kings_beat_one_with_the_oracle() {
    let oracle: Arc<dyn EndgameOracle> = Solved::shared().clone();
    for text in [
        "B:BK1,K2:WK32",
        "W:WK29,K30:BK4",
        "B:BK14,K15:WK5",
        "W:WK22,K23:BK28",
    ] {
        let mut pos = Position::from_text(text).unwrap();
        let winner = pos.side();
        let mut crown = Crown::new(4, 1, None, Some(oracle.clone()));
        let mut plies = 0;
        while pos.outcome().is_none() && plies < 80 {
            let choice = crown.choose(&pos, &Limits::depth(16), &mut ()).unwrap();
            pos.play(choice.mv);
            plies += 1;
        }
        assert_eq!(pos.legal_moves().len(), 0, "{text}: {}", pos.text());
        assert_ne!(pos.side(), winner, "{text}");
    }
}

#[test]
fn options_and_limits() {
    let spec = &ENGINES[0];
    let options = Options::parse("depth=3,hash=2,threads=2,seed=9").unwrap();
    let mut engine = olympiad_search::engine::Clocked::new(spec, &options, 1).unwrap();
    let choice = engine
        .choose(&Position::start(), &Default::default(), &mut ())
        .unwrap();
    assert_eq!(choice.depth, 3);
    assert!(Position::start().legal_moves().contains(&choice.mv));
    let too_big = Options::parse("hash=999999").unwrap();
    assert!(olympiad_search::engine::Clocked::new(spec, &too_big, 0).is_err());
    let unknown = Options::parse("book=on").unwrap();
    assert!(olympiad_search::engine::Clocked::new(spec, &unknown, 0).is_err());
}

/// The draw rule scores 0: a position where it has ended the game is a draw to Crown.
#[test]
fn the_draw_rule_scores_zero() {
    let rules = Rules {
        merge_duplicate_captures: true,
        draw_moves: 1,
    };
    let mut pos = Position::from_text("B:BK1,K2:WK32")
        .unwrap()
        .with_rules(rules);
    pos.play(pos.legal_moves()[0]);
    let mv = pos.legal_moves()[0];
    let after = pos.after(mv);
    assert!(after.draw_reached());
    assert_eq!(CrownHooks::default().terminal(&after, 1), Some(0));
}
