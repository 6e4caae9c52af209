//! Texel tuning on the project's own data: Jumper plays fast games against itself from
//! randomised openings ([`self_play`]), the quiet positions of those games are labelled
//! with the games' results, and the evaluation's weights are fitted so that a logistic
//! curve of the evaluation predicts the results (`olympiad_search::texel`, the fit every
//! game's tuner shares); [`weights_source`] writes them as `weights.rs`. No outside data: every position comes from Jumper's games.
//!
//! The documented command (see `tests/engine_tune.rs`):
//! `cargo test --profile release -p olympiad-chess --test engine_tune -- --ignored --nocapture`.

use std::io::{BufRead, Write};

use cozy_chess::{Board, Color, GameStatus, Move};
use olympiad_core::SplitMix64;
use olympiad_search::Limits;
use olympiad_search::texel::{self, Sample, Settings};

use super::eval::{self, NUM_FEATURES, PHASE_MAX, Sink};
use super::hooks::{MATE_BOUND, insufficient_material};
use super::node::Node;
use super::weights::WEIGHTS;
use super::{Jumper, see};

/// Settings of the self-play games.
#[derive(Clone, Copy, Debug)]
pub struct SelfPlay {
    /// Games to play.
    pub games: usize,
    /// Nodes per move.
    pub nodes: u64,
    /// Uniformly random plies that open every game.
    pub random_plies: usize,
    /// An opening is kept only if a shallow search scores it within this many centipawns.
    pub max_opening_cp: i32,
    /// A game is adjudicated won once the score exceeds this many centipawns for
    /// [`ADJUDICATE_PLIES`] plies in a row.
    pub win_cp: i32,
    /// Seed of the openings.
    pub seed: u64,
    /// Threads playing games at once (one engine thread each).
    pub threads: usize,
}

impl Default for SelfPlay {
    fn default() -> Self {
        Self {
            games: 2000,
            nodes: 5000,
            random_plies: 8,
            max_opening_cp: 200,
            win_cp: 1000,
            seed: 1,
            threads: 1,
        }
    }
}

/// Plies in a row a score must stay decisive (or dead equal, late) to end a game early.
pub const ADJUDICATE_PLIES: usize = 6;
/// A game longer than this many plies is scored a draw.
pub const MAX_GAME_PLIES: usize = 400;
/// After this many plies, a score within [`DRAW_CP`] for [`ADJUDICATE_PLIES`] plies is a draw.
pub const DRAW_AFTER_PLIES: usize = 120;
/// See [`DRAW_AFTER_PLIES`].
pub const DRAW_CP: i32 = 8;
/// Positions of the first this-many plies after the opening are not recorded.
pub const SKIP_PLIES: usize = 4;

/// One game's recorded positions (FEN) and its result for white (1, 0.5, 0).
fn play_game(cfg: &SelfPlay, rng: &mut SplitMix64, engine: &mut Jumper) -> (Vec<String>, f32) {
    let board = loop {
        let mut b = Board::default();
        let mut ok = true;
        for _ in 0..cfg.random_plies {
            let mut moves = Vec::new();
            b.generate_moves(|pm| {
                moves.extend(pm);
                false
            });
            if moves.is_empty() {
                ok = false;
                break;
            }
            b.play_unchecked(moves[rng.below(moves.len())]);
        }
        if !ok || b.status() != GameStatus::Ongoing {
            continue;
        }
        engine.clear();
        let r = engine.search(&b, &[], &Limits::depth(5), &mut ());
        if r.score.abs() <= cfg.max_opening_cp {
            break b;
        }
    };
    let mut board = board;
    engine.clear();
    let mut history: Vec<u64> = Vec::new();
    let mut recorded = Vec::new();
    let mut streak_white = 0;
    let mut streak_black = 0;
    let mut streak_draw = 0;
    for ply in 0..MAX_GAME_PLIES {
        match board.status() {
            GameStatus::Won => {
                let white_lost = board.side_to_move() == Color::White;
                return (recorded, if white_lost { 0.0 } else { 1.0 });
            }
            GameStatus::Drawn => return (recorded, 0.5),
            GameStatus::Ongoing => {}
        }
        let hash = board.hash();
        if history.iter().filter(|&&h| h == hash).count() >= 2
            || insufficient_material(&Node::new(board.clone()))
        {
            return (recorded, 0.5);
        }
        let before: Vec<u64> = history.iter().rev().copied().collect();
        let r = engine.search(&board, &before, &Limits::nodes(cfg.nodes), &mut ());
        let Some(mv) = r.best else {
            return (recorded, 0.5);
        };
        let white_score = if board.side_to_move() == Color::White {
            r.score
        } else {
            -r.score
        };
        streak_white = if white_score >= cfg.win_cp {
            streak_white + 1
        } else {
            0
        };
        streak_black = if white_score <= -cfg.win_cp {
            streak_black + 1
        } else {
            0
        };
        streak_draw = if ply >= DRAW_AFTER_PLIES && white_score.abs() <= DRAW_CP {
            streak_draw + 1
        } else {
            0
        };
        if streak_white >= ADJUDICATE_PLIES {
            return (recorded, 1.0);
        }
        if streak_black >= ADJUDICATE_PLIES {
            return (recorded, 0.0);
        }
        if streak_draw >= ADJUDICATE_PLIES {
            return (recorded, 0.5);
        }
        if ply >= SKIP_PLIES && quiet(&board, mv) && r.score.abs() < MATE_BOUND {
            recorded.push(format!("{board}"));
        }
        history.push(hash);
        board.play_unchecked(mv);
        if board.halfmove_clock() == 0 {
            history.clear();
        }
    }
    (recorded, 0.5)
}

/// A position worth recording: not in check, and the move chosen is not a capture or
/// promotion (the static evaluation of such a position is close to its search value).
fn quiet(board: &Board, mv: Move) -> bool {
    board.checkers().is_empty() && mv.promotion.is_none() && !see::is_capture(board, mv)
}

/// Plays `cfg.games` games and writes one line per recorded position, `FEN;result` with
/// the result for white. Returns the positions written.
pub fn self_play(cfg: &SelfPlay, out: &mut (impl Write + Send)) -> std::io::Result<usize> {
    let threads = cfg.threads.max(1);
    let out = std::sync::Mutex::new(out);
    let written = std::sync::atomic::AtomicUsize::new(0);
    let next = std::sync::atomic::AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| -> std::io::Result<()> {
                let mut engine = Jumper::new(8, 1);
                loop {
                    let game = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    if game >= cfg.games {
                        return Ok(());
                    }
                    let mut rng = SplitMix64::new(
                        cfg.seed ^ (game as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15),
                    );
                    let (fens, result) = play_game(cfg, &mut rng, &mut engine);
                    let mut o = out.lock().expect("writer lock");
                    for fen in &fens {
                        writeln!(o, "{fen};{result}")?;
                    }
                    written.fetch_add(fens.len(), std::sync::atomic::Ordering::Relaxed);
                }
            });
        }
    });
    Ok(written.into_inner())
}

struct Collect(Vec<i32>);

impl Sink for Collect {
    fn add(&mut self, index: usize, n: i32) {
        self.0[index] += n;
    }
}

/// The sample of `board` with `white_result` (1, 0.5, 0 for white): each feature's count
/// (white's less black's) times the phase for its middlegame weight (indices
/// `0..NUM_FEATURES`) and times the rest for its endgame weight (the next `NUM_FEATURES`),
/// as [`eval::blend`] tapers them; the evaluation speaks for white.
pub fn sample(board: &Board, white_result: f64) -> Sample {
    let mut c = Collect(vec![0; NUM_FEATURES]);
    let phase = eval::features(board, &mut c);
    texel::tapered_sample(
        &c.0,
        f64::from(phase) / f64::from(PHASE_MAX),
        1.0,
        white_result,
    )
}

/// Reads `FEN;result` lines into samples (bad lines are skipped).
pub fn load(input: impl BufRead) -> Vec<Sample> {
    texel::load_lines(input, |fen, result| {
        Some(sample(&Board::from_fen(fen, false).ok()?, result))
    })
}

/// The current weights as one vector (middlegame, then endgame).
pub fn current_weights() -> Vec<f64> {
    texel::tapered_weights(&WEIGHTS)
}

/// The largest scale of the logistic curve tried, per centipawn (a pawn's edge, 100 cp,
/// then predicts about 0.62 at 0.005).
pub const K_MAX: f64 = 0.02;

/// The weights the fit leaves as they are, middlegame and endgame: the king's material (it
/// never varies). The king's attackers and the threats were hand-made and kept fixed while
/// the fit had 320,000 positions (fitting them raised the held-out error then); on 640,000
/// they lower it.
pub fn fixed_weights() -> Vec<usize> {
    let king = eval::MATERIAL + cozy_chess::Piece::King as usize;
    vec![king, NUM_FEATURES + king]
}

/// How the weights are fitted: full-batch Adam steps of a centipawn, with
/// [`fixed_weights`] kept.
pub fn settings(epochs: usize, l2: f64, block: usize) -> Settings {
    Settings {
        epochs,
        rate: 1.0,
        l2,
        l2_from: Vec::new(),
        fixed: fixed_weights(),
        block,
    }
}

/// `weights.rs` for weights `w`, with a comment naming how they were made.
pub fn weights_source(w: &[f64], provenance: &str) -> String {
    let names: &[(usize, &str)] = &[
        (
            eval::MATERIAL,
            "material: pawn, knight, bishop, rook, queen, (king)",
        ),
        (
            eval::PST,
            "piece-square tables: pawn, knight, bishop, rook, queen, king; rank by rank, files a-d",
        ),
        (
            eval::MOBILITY,
            "mobility by the number of safe squares reached: knight 0..=8",
        ),
        (eval::MOBILITY + eval::MOBILITY_START[1], "bishop 0..=13"),
        (eval::MOBILITY + eval::MOBILITY_START[2], "rook 0..=14"),
        (eval::MOBILITY + eval::MOBILITY_START[3], "queen 0..=27"),
        (eval::PASSED, "passed pawn by relative rank 1-8"),
        (eval::DOUBLED, "doubled pawn"),
        (eval::ISOLATED, "isolated pawn"),
        (eval::CONNECTED, "connected (defended or side-by-side) pawn"),
        (eval::BISHOP_PAIR, "bishop pair"),
        (eval::ROOK_OPEN, "rook on an open file"),
        (eval::ROOK_SEMI_OPEN, "rook on a half-open file"),
        (eval::KING_SHIELD, "pawn shielding the king"),
        (
            eval::KING_OPEN_FILE,
            "file without own pawns at or beside the king",
        ),
        (
            eval::KING_ATTACK,
            "attacks on the enemy king's neighbourhood: knight, bishop, rook, queen",
        ),
        (eval::TEMPO, "side to move"),
        (
            eval::KING_ATTACKERS,
            "pieces attacking the enemy king's neighbourhood: 0..=7",
        ),
        (eval::THREAT_BY_PAWN, "piece attacked by a pawn"),
        (
            eval::THREAT_BY_MINOR,
            "rook or queen attacked by a knight or bishop",
        ),
        (eval::THREAT_BY_ROOK, "queen attacked by a rook"),
        (eval::HANGING, "piece attacked and undefended"),
        (
            eval::SAFE_CHECK,
            "safe checking squares: knight, bishop, rook, queen",
        ),
        (eval::PASSED_BLOCKED, "blocked passed pawn"),
        (
            eval::PASSED_OWN_KING,
            "passed pawn: own king's distance to its next square, times its rank less two",
        ),
        (eval::PASSED_THEIR_KING, "the same for the enemy king"),
        (eval::OUTPOST_KNIGHT, "knight outpost"),
        (eval::OUTPOST_BISHOP, "bishop outpost"),
        (
            eval::MINOR_BEHIND_PAWN,
            "knight or bishop behind an own pawn",
        ),
        (eval::BACKWARD, "backward pawn"),
        (
            eval::KING_ZONE_WEAK,
            "square next to the enemy king defended by nothing but king or queen",
        ),
        (
            eval::PASSED_FREE,
            "passed pawn with a free path, times its rank less two",
        ),
        (
            eval::PASSED_SAFE_PUSH,
            "passed pawn whose next square is not attacked, times its rank less two",
        ),
        (eval::THREAT_BY_PUSH, "piece a safe pawn push would attack"),
        (eval::PAWN_HANGING, "pawn attacked and undefended"),
        (
            eval::BISHOP_PAWNS,
            "own pawn on a bishop's colour, per bishop",
        ),
        (
            eval::KNIGHT_PAWNS,
            "knight, times its side's pawns less five",
        ),
        (eval::ROOK_PAWNS, "rook, times its side's pawns less five"),
        (
            eval::KING_PROTECTOR,
            "knight's or bishop's distance to its king",
        ),
        (eval::PAWN_STORM, "enemy pawn storming the king's files"),
        (eval::SPACE, "space"),
        (eval::KING_DANGER, "king danger: units squared over 262144"),
        (eval::KING_DANGER_LINEAR, "king danger: units over 256"),
        (NUM_FEATURES, ""),
    ];
    let mut s = String::new();
    s.push_str("//! The evaluation's weights, (middlegame, endgame) in centipawns per feature, indexed as\n");
    s.push_str(
        "//! [`super::eval`] lays the features out. Written by the tuner ([`super::tune`]):\n",
    );
    for line in provenance.lines() {
        s.push_str(&format!("//! {line}\n"));
    }
    s.push_str("\n/// (middlegame, endgame) weight of every feature of [`super::eval`].\n");
    s.push_str("#[rustfmt::skip]\n");
    s.push_str(&format!(
        "pub const WEIGHTS: [(i16, i16); {NUM_FEATURES}] = [\n"
    ));
    for win in names.windows(2) {
        let (start, name) = win[0];
        let end = win[1].0;
        for line in name.lines() {
            s.push_str(&format!("    // {line}\n"));
        }
        let per_line = if start == eval::PST { 4 } else { 8 };
        for chunk in (start..end).collect::<Vec<_>>().chunks(per_line) {
            s.push_str("   ");
            for &i in chunk {
                let mg = w[i].round().clamp(-32000.0, 32000.0) as i64;
                let eg = w[NUM_FEATURES + i].round().clamp(-32000.0, 32000.0) as i64;
                s.push_str(&format!(" ({mg}, {eg}),"));
            }
            s.push('\n');
        }
    }
    s.push_str("];\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The tuner's linear evaluation is the engine's (the same features and weights), and
    /// a fit on a few self-play games lowers the error it starts from and leaves the fixed
    /// weights (the king's material, middlegame and endgame) at 0.
    #[test]
    fn the_fit_agrees_with_the_engine_and_lowers_the_error() {
        let cfg = SelfPlay {
            games: 3,
            nodes: 300,
            ..SelfPlay::default()
        };
        let mut text = Vec::new();
        let n = self_play(&cfg, &mut text).unwrap();
        assert!(n > 30, "{n}");
        let text = String::from_utf8(text).unwrap();
        let engine =
            |fen: &str| f64::from(eval::evaluate_white(&Board::from_fen(fen, false).unwrap()));
        let settings = settings(50, 0.0, 0);
        assert_eq!(settings.fixed.len(), 2);
        let w = current_weights();
        let report = texel::check_tuner(
            &text,
            &load(text.as_bytes()),
            &w,
            engine,
            1.0,
            K_MAX,
            &settings,
        );
        let king = eval::MATERIAL + cozy_chess::Piece::King as usize;
        assert_eq!(report.weights[king], 0.0);
        assert_eq!(report.weights[NUM_FEATURES + king], 0.0);
    }

    /// `weights.rs` is what [`weights_source`] writes for the weights it holds (after its
    /// header), so the tuner's output is the file the engine compiles.
    #[test]
    fn weights_rs_round_trips() {
        let file = include_str!("weights.rs");
        let body = |s: &str| s[s.find("\n/// (middlegame").expect("the table's doc")..].to_string();
        let written = weights_source(&current_weights(), "provenance");
        assert_eq!(body(file), body(&written));
        assert!(written.contains("//! provenance\n"));
    }
}
