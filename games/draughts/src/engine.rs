//! International draughts' alpha-beta engine on the search library: PVS with a
//! transposition table, killers, history and iterative deepening
//! (`olympiad_search::searching::Searching`), a quiescence search over captures, and an
//! evaluation of the terms draughts players count.
//!
//! Captures are compulsory, so a position where the side to move can capture is never
//! quiet: quiescence plays every capture there without standing pat (the side to move has
//! no choice but to take), and stands pat only where there is no capture. The evaluation,
//! from the view of the side to move: material (a king is worth about three men), the
//! men's advancement (worth more as the board empties: the race to crown), the centre,
//! outposts (a man in the opponent's half held by two men behind it), the back rank (men
//! on the crowning row the opponent must pass keep it shut), and the balance of the two
//! wings. Endings that the rules make drawn in practice (one lone king against at most
//! three pieces) are scored close to 0. A side without a move loses, at its distance from
//! the root; the draw rules score 0.

use crate::bitboard::{BOARD, Bits, DOWN_LEFT, DOWN_RIGHT, UP_LEFT, UP_RIGHT, square_of_bit, step};
use crate::{Color, Move, Position};
use olympiad_core::Game;
use olympiad_search::engine::{EngineSpec, OptionError, Options, Pace};
use olympiad_search::searching::{Searching, win_distance_from_table, win_distance_to_table};
use olympiad_search::{Hooks, Score};

/// The engine's name in `builtin:NAME`.
pub const NAME: &str = "alphabeta";
/// A win (less the plies to reach it).
const WIN: Score = 30_000;
/// Scores within this of [`WIN`] are wins or losses at a distance.
const WIN_BAND: Score = 1_000;
/// A man, in the evaluation's units (centi-men).
const MAN: Score = 100;
/// A king: worth about three men on an open board.
const KING: Score = 300;
/// Per row a man has advanced, with the board full.
const ADVANCE_OPENING: Score = 1;
/// Per row a man has advanced, added per 8 men off the board (the race to crown grows
/// with the space to run in).
const ADVANCE_PER_8_MEN_TAKEN: Score = 1;
/// Per step of a man towards the centre files (0 on the edge, 4 in the middle two), on
/// the rows where the middle game is fought.
const CENTRE: Score = 2;
/// A man in the opponent's half held by own pieces on both squares behind it.
const OUTPOST: Score = 12;
/// A man on its own back row while the opponent still has this many men or more.
const BACK_RANK: Score = 6;
/// The opponent's men from which a back-rank man is worth [`BACK_RANK`].
const BACK_RANK_MIN_MEN: u32 = 8;
/// Per man more on one wing (files a-e against f-j) than on the other.
const WING_IMBALANCE: Score = 4;
/// A drawish ending's score is divided by this.
const DRAWISH_DIVISOR: Score = 16;
/// Ordering bonus of a man's step onto the crowning row.
const CROWN_ORDER: i32 = 1_000;
/// The most a table may hold, in MiB.
const MAX_HASH_MIB: usize = 4096;
/// The depth the engine searches when neither a clock nor options limit it.
pub const DEFAULT_DEPTH: u32 = 8;

/// The row (0 at the top, where White crowns) and the file (0..9) of square `n` (1..50).
const fn row_file(n: usize) -> (usize, usize) {
    let row = (n - 1) / 5;
    (
        row,
        2 * ((n - 1) % 5) + if row.is_multiple_of(2) { 1 } else { 0 },
    )
}

/// A White man's square value on bit `b` from the advancement in rows (0 on White's back
/// row), its centre steps and whether it stands on its back row; indexed by bit, with 0
/// on the ghost bits.
const fn white_square_terms() -> [(Score, Score, bool); 64] {
    let mut table = [(0, 0, false); 64];
    let mut n = 1;
    while n <= 50 {
        let (row, file) = row_file(n);
        let bit = n - 1 + (n - 1) / 10;
        let edge = if file < 9 - file { file } else { 9 - file };
        let centre = if row >= 2 && row <= 7 { edge } else { 0 };
        table[bit] = ((9 - row) as Score, centre as Score, row == 9);
        n += 1;
    }
    table
}

/// [`white_square_terms`] computed once.
const WHITE_TERMS: [(Score, Score, bool); 64] = white_square_terms();

/// The bit of the square a board turned half round puts on bit `b` (square `n` to
/// `51 - n`), so that Black's men read White's tables.
const fn rotated(b: u32) -> usize {
    let n = square_of_bit(b) as u32;
    let m = 51 - n - 1;
    (m + m / 10) as usize
}

/// The files a-e (the left wing as White sees the board).
const fn left_wing() -> u64 {
    let mut set = 0u64;
    let mut n = 1;
    while n <= 50 {
        if row_file(n).1 < 5 {
            set |= 1 << (n - 1 + (n - 1) / 10);
        }
        n += 1;
    }
    set
}

/// [`left_wing`] computed once.
const LEFT_WING: u64 = left_wing();
/// White's half of the board (rows 5..9: squares 26..50); Black's is the rest.
const WHITE_HALF: u64 = BOARD & !((1u64 << 27) - 1);

/// One side's positional terms (material apart), higher better for it.
fn side_terms(men: u64, own: u64, color: Color, opp_men: u32, men_on_board: u32) -> Score {
    let advance_weight =
        ADVANCE_OPENING + ADVANCE_PER_8_MEN_TAKEN * (40 - men_on_board.min(40)) as Score / 8;
    let (mut advance, mut centre, mut back) = (0, 0, 0);
    for b in Bits(men) {
        let i = match color {
            Color::White => b as usize,
            Color::Black => rotated(b),
        };
        let (a, c, on_back) = WHITE_TERMS[i];
        advance += a;
        centre += c;
        back += Score::from(on_back);
    }
    // Men held by own pieces on both squares behind them, in the opponent's half.
    let (behind_left, behind_right, far_half) = match color {
        Color::White => (step(own, UP_RIGHT), step(own, UP_LEFT), BOARD & !WHITE_HALF),
        Color::Black => (step(own, DOWN_RIGHT), step(own, DOWN_LEFT), WHITE_HALF),
    };
    let outposts = (men & behind_left & behind_right & far_half).count_ones() as Score;
    let left = (men & LEFT_WING).count_ones() as Score;
    let right = (men & !LEFT_WING).count_ones() as Score;
    let back_weight = if opp_men >= BACK_RANK_MIN_MEN {
        BACK_RANK
    } else {
        0
    };
    advance_weight * advance + CENTRE * centre + OUTPOST * outposts + back_weight * back
        - WING_IMBALANCE * (left - right).abs()
}

/// The static evaluation from the view of the side to move.
pub fn evaluate(pos: &Position) -> Score {
    let kings = pos.kings();
    let (white, black) = (pos.pieces(Color::White), pos.pieces(Color::Black));
    let (wm, bm) = (white & !kings, black & !kings);
    let (wk, bk) = ((white & kings).count_ones(), (black & kings).count_ones());
    let (wmc, bmc) = (wm.count_ones(), bm.count_ones());
    let men_on_board = wmc + bmc;
    let material = MAN * (wmc as Score - bmc as Score) + KING * (wk as Score - bk as Score);
    let positional = side_terms(wm, white, Color::White, bmc, men_on_board)
        - side_terms(bm, black, Color::Black, wmc, men_on_board);
    let mut score = material + positional;
    // One lone king holds a draw against three pieces or fewer in practice (and the 16- and
    // 5-move rules end such games): the material says little there.
    let lone = |men: u32, kings: u32| men == 0 && kings == 1;
    if (lone(wmc, wk) && bmc + bk <= 3) || (lone(bmc, bk) && wmc + wk <= 3) {
        score /= DRAWISH_DIVISOR;
    }
    match pos.side() {
        Color::White => score,
        Color::Black => -score,
    }
}

/// The search hooks: the evaluation above, captures in quiescence, wins by distance.
#[derive(Clone, Copy, Debug, Default)]
struct Draughts;

impl Hooks<Position> for Draughts {
    fn bounds(&self) -> (Score, Score) {
        (-WIN, WIN)
    }

    fn terminal(&mut self, pos: &Position, _ply: u32) -> Option<Score> {
        pos.draw_rule().map(|_| 0)
    }

    fn no_moves(&mut self, _pos: &Position, ply: u32) -> Score {
        -WIN + ply as Score
    }

    fn evaluate(&mut self, pos: &Position, _ply: u32) -> Score {
        evaluate(pos)
    }

    fn quiescence_moves(&mut self, pos: &Position, _ply: u32, out: &mut Vec<Move>) -> Option<bool> {
        out.extend(pos.legal_moves().iter().copied());
        // Either every move is a capture (the rule) or none is.
        if out.first().is_some_and(|m| m.is_capture()) || out.is_empty() {
            Some(false)
        } else {
            out.clear();
            Some(true)
        }
    }

    fn is_noisy(&mut self, _pos: &Position, mv: Move) -> bool {
        mv.is_capture()
    }

    fn order(&mut self, pos: &Position, mv: Move) -> i32 {
        let crowns = !pos.is_king(mv.from_square())
            && (1u64 << crate::bitboard::bit_of_square(mv.to_square())) & pos.side().crowning_row()
                != 0;
        if crowns { CROWN_ORDER } else { 0 }
    }

    fn history_slot(&self, _pos: &Position, mv: Move) -> Option<usize> {
        Some(usize::from(mv.from_square()) * 51 + usize::from(mv.to_square()))
    }

    fn decisive(&self, score: Score) -> bool {
        score.abs() > WIN - WIN_BAND
    }

    fn ply_bounds(&self, ply: u32) -> Option<(Score, Score)> {
        Some((-WIN + ply as Score, WIN - ply as Score))
    }

    fn to_table(&self, score: Score, ply: u32) -> Score {
        win_distance_to_table(score, ply, WIN - WIN_BAND)
    }

    fn from_table(&self, score: Score, ply: u32) -> Score {
        win_distance_from_table(score, ply, WIN - WIN_BAND)
    }
}

/// A side's moves so far, estimated from the men off the board and the kings' moves (a
/// game between engines runs some 50 to 70 moves a side; about one man goes every two
/// moves).
fn pace(pos: &Position) -> Pace {
    let men = (pos.pieces(Color::White) | pos.pieces(Color::Black)) & !pos.kings();
    Pace {
        moves_played: 2 * (40 - men.count_ones().min(40)) + u32::from(pos.quiet_plies()) / 2,
        expected_moves: 70,
        min_moves_left: 20,
    }
}

fn create(
    options: &Options,
    _game_index: u64,
) -> Result<Box<dyn olympiad_search::engine::Engine<Position>>, OptionError> {
    Searching::boxed(Draughts, options, MAX_HASH_MIB)
}

/// Draughts' engines, as the catalog lists them (after `random`).
pub static ENGINES: [EngineSpec<Position>; 1] = [EngineSpec {
    name: NAME,
    summary: "international draughts: PVS with a transposition table, quiescence over \
              captures; evaluation of material, advancement, centre, outposts, back rank and \
              wings; options depth=N, nodes=N, movetime=MS, hash=MIB",
    options: &["depth", "nodes", "movetime", "hash"],
    nodes_key: "nodes",
    default_depth: Some(DEFAULT_DEPTH),
    default_nodes: None,
    pace,
    create,
}];

#[cfg(test)]
mod tests {
    use super::*;
    use olympiad_core::Notation;

    #[test]
    fn the_start_is_even_and_the_tables_are_symmetric() {
        assert_eq!(evaluate(&Position::start()), 0);
        for b in Bits(BOARD) {
            assert_eq!(rotated(rotated(b) as u32) as u32, b);
        }
        assert_eq!(WHITE_HALF.count_ones(), 25);
        assert_eq!(LEFT_WING.count_ones(), 25);
        // Square 46 is White's back row, file a; square 5 Black's, file j.
        assert_eq!(
            WHITE_TERMS[crate::bitboard::bit_of_square(46) as usize],
            (0, 0, true)
        );
        assert_eq!(
            WHITE_TERMS[crate::bitboard::bit_of_square(28) as usize].1,
            4
        );
    }

    /// White wins by the sacrifice 30-24: plain minimax (every node, the same hooks) finds
    /// that it and no other move wins within six plies, and the engine plays it.
    #[test]
    fn finds_the_shot_that_minimax_proves() {
        let pos = Position::parse_position("W:W25,30,36,43:B19,22,28,29").unwrap();
        let shot = pos.parse_move("30-24").unwrap();
        for &mv in pos.legal_moves().iter() {
            let score = -olympiad_search::minimax(&pos.after(mv), &mut Draughts, 5);
            let wins = score > WIN - WIN_BAND;
            assert_eq!(wins, mv == shot, "{} scores {score}", pos.format_move(mv));
        }
        let spec = &ENGINES[0];
        let options = Options::parse("depth=8").unwrap();
        let mut engine = olympiad_search::engine::Clocked::new(spec, &options, 0).unwrap();
        let choice = engine
            .choose(&pos, &Default::default(), &mut ())
            .expect("a move");
        assert_eq!(pos.format_move(choice.mv), "30-24");
        assert!(choice.score.unwrap() > WIN - WIN_BAND);
    }

    /// A shot that wins two men (28-23, forcing black's captures into a double take): the
    /// engine finds the gain that the static evaluation does not see.
    #[test]
    fn finds_a_shot_that_wins_material() {
        let pos = Position::parse_position("W:W17,22,28,37:B19,24,30,39").unwrap();
        assert!(evaluate(&pos).abs() < MAN / 2);
        let options = Options::parse("depth=9").unwrap();
        let mut engine = olympiad_search::engine::Clocked::new(&ENGINES[0], &options, 0).unwrap();
        let choice = engine
            .choose(&pos, &Default::default(), &mut ())
            .expect("a move");
        assert_eq!(pos.format_move(choice.mv), "28-23");
        assert!(choice.score.unwrap() > 3 * MAN / 2, "{:?}", choice.score);
    }

    #[test]
    fn material_counts_kings_as_three_men() {
        let pos = Position::parse_position("W:WK28,33:B18,19,20,24").unwrap();
        let score = evaluate(&pos);
        assert!(
            (-MAN..MAN).contains(&(score - (KING + MAN - 4 * MAN))),
            "{score}"
        );
    }
}
