//! Roku, the Connect6 engine: alpha-beta over turns (pairs of stones) chosen from the
//! best-placed points, with the game's threats deciding what is searched.
//!
//! Connect6 is decided by threats, as Wu and Huang describe them: a *window* is any six
//! points in a row; a window holding four or five stones of one colour and none of the
//! other is a threat, since its owner fills it next turn. The opponent must put a stone in
//! every threat window at once: if no two points meet them all, the game is lost. So the
//! search, at every turn, first wins when the mover owns a threat; else, when the
//! opponent owns threats, considers only the turns that block them all (one blocking
//! stone and the best free one, or a blocking pair); else the pairs from the best points.
//!
//! Points and positions are valued by windows: a window of `k` stones of one colour and
//! none of the other is worth [`WINDOW_VALUE`]`[k]` to its owner, and a point's value for a
//! side is what a stone there adds to that side and takes from the other. Past the
//! nominal depth the search goes on along forcing lines (threat-space search): a side under
//! threat blocks; the other may stop (the static value) or play a turn that makes at least
//! two threats, up to [`THREAT_PLIES`] turns more.
//!
//! Why alpha-beta and not Monte Carlo: the strongest Connect6 programs of the Olympiad
//! (NCTU6, Cloudict) are threat-space and alpha-beta searchers; random playouts of a
//! Connect6 game on 361 points say little about who is ahead.

use crate::{Move, Position};
use olympiad_search::engine::{Choice, EngineSpec, OptionError, Options, Pace, Source};
use olympiad_search::{Limits, Observer, Report, Score};
use std::time::Instant;

/// The engine's name in `builtin:NAME`.
pub const NAME: &str = "roku";
/// A won game's score (less the turns to reach it).
pub const WIN: Score = 30_000;
/// What a window of `k` stones of one colour and none of the other is worth to its owner.
/// Four and five are threats: the search scores them before this table is read.
pub const WINDOW_VALUE: [Score; 7] = [0, 1, 6, 24, 120, 150, 0];
/// The best points a turn's pairs are made of.
pub const ROOT_POINTS: usize = 14;
/// The best points below the root.
pub const INNER_POINTS: usize = 10;
/// Pairs searched at the root (the best by their own value).
pub const ROOT_PAIRS: usize = 24;
/// Pairs searched below the root.
pub const INNER_PAIRS: usize = 10;
/// Turns past the nominal depth along forcing lines.
pub const THREAT_PLIES: u32 = 6;
/// Turns a threat-making search tries at one node.
pub const THREAT_PAIRS: usize = 8;
/// The depth searched when neither a clock nor an option limits it.
pub const DEFAULT_DEPTH: u32 = 3;
/// Nodes between two looks at the clock.
const CHECK_EVERY: u64 = 256;

/// Every window of six points of a board, and the windows through each point.
#[derive(Debug)]
struct Lines {
    size: usize,
    windows: Vec<[u16; 6]>,
    through: Vec<Vec<u32>>,
}

impl Lines {
    fn new(size: usize) -> Lines {
        let mut windows = Vec::new();
        let n = size as isize;
        for y in 0..n {
            for x in 0..n {
                for (dx, dy) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
                    let (ex, ey) = (x + 5 * dx, y + 5 * dy);
                    if ex < 0 || ey < 0 || ex >= n || ey >= n {
                        continue;
                    }
                    let mut w = [0u16; 6];
                    for (i, cell) in w.iter_mut().enumerate() {
                        let i = i as isize;
                        *cell = ((y + i * dy) * n + x + i * dx) as u16;
                    }
                    windows.push(w);
                }
            }
        }
        let mut through = vec![Vec::new(); size * size];
        for (i, w) in windows.iter().enumerate() {
            for &p in w {
                through[p as usize].push(i as u32);
            }
        }
        Lines {
            size,
            windows,
            through,
        }
    }
}

/// The search's board: stones by point, and each window's stones by colour, with the
/// windows' values kept up to date as stones come and go.
#[derive(Clone, Debug)]
struct Board {
    /// 0 empty, 1 Black, 2 White.
    cells: Vec<u8>,
    /// Each window's stones: Black, White.
    count: Vec<[u8; 2]>,
    /// Each colour's sum of [`WINDOW_VALUE`] over its windows without enemy stones.
    value: [Score; 2],
    /// Stones on the board.
    stones: usize,
}

/// A window's worth to each colour by its stones.
fn window_worth(c: [u8; 2]) -> [Score; 2] {
    match c {
        [b, 0] => [WINDOW_VALUE[b as usize], 0],
        [0, w] => [0, WINDOW_VALUE[w as usize]],
        _ => [0, 0],
    }
}

impl Board {
    fn new(pos: &Position, lines: &Lines) -> Board {
        let points = lines.size * lines.size;
        let mut b = Board {
            cells: vec![0; points],
            count: vec![[0, 0]; lines.windows.len()],
            value: [0, 0],
            stones: 0,
        };
        for p in 0..points {
            if let Some(c) = pos.at(p) {
                b.place(lines, p, c as usize);
            }
        }
        b
    }

    fn place(&mut self, lines: &Lines, p: usize, c: usize) {
        self.cells[p] = c as u8 + 1;
        self.stones += 1;
        for &w in &lines.through[p] {
            let before = window_worth(self.count[w as usize]);
            self.count[w as usize][c] += 1;
            let after = window_worth(self.count[w as usize]);
            self.value[0] += after[0] - before[0];
            self.value[1] += after[1] - before[1];
        }
    }

    fn remove(&mut self, lines: &Lines, p: usize, c: usize) {
        self.cells[p] = 0;
        self.stones -= 1;
        for &w in &lines.through[p] {
            let before = window_worth(self.count[w as usize]);
            self.count[w as usize][c] -= 1;
            let after = window_worth(self.count[w as usize]);
            self.value[0] += after[0] - before[0];
            self.value[1] += after[1] - before[1];
        }
    }

    /// The empty points of window `w`.
    fn empties<'a>(&'a self, lines: &'a Lines, w: usize) -> impl Iterator<Item = usize> + 'a {
        lines.windows[w]
            .iter()
            .map(|&p| p as usize)
            .filter(|&p| self.cells[p] == 0)
    }

    /// Whether `c` owns a window it can fill with `stones` stones.
    fn can_win(&self, c: usize, stones: usize) -> Option<usize> {
        self.count
            .iter()
            .position(|n| n[1 - c] == 0 && n[c] as usize + stones >= 6)
    }

    /// `c`'s threat windows: four or more of its stones and none of the other colour.
    fn threats(&self, c: usize) -> Vec<usize> {
        (0..self.count.len())
            .filter(|&w| self.count[w][c] >= 4 && self.count[w][1 - c] == 0)
            .collect()
    }

    /// `c`'s threat windows through `p` or `q`.
    fn threats_through(&self, lines: &Lines, c: usize, p: usize, q: usize) -> Vec<usize> {
        let mut out: Vec<usize> = lines.through[p]
            .iter()
            .chain(&lines.through[q])
            .map(|&w| w as usize)
            .filter(|&w| self.count[w][c] >= 4 && self.count[w][1 - c] == 0)
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// The value of a stone of `c` on the empty point `p`: what it adds to `c`'s windows
    /// and takes from the other colour's.
    fn point_value(&self, lines: &Lines, p: usize, c: usize) -> Score {
        let mut v = 0;
        for &w in &lines.through[p] {
            let n = self.count[w as usize];
            let (mine, theirs) = (n[c] as usize, n[1 - c] as usize);
            if theirs == 0 {
                v += WINDOW_VALUE[mine + 1] - WINDOW_VALUE[mine];
            } else if mine == 0 {
                v += WINDOW_VALUE[theirs];
            }
        }
        v
    }

    /// The empty points within two of a stone (the centre on an empty board), best first
    /// for `c`, at most `k`.
    fn best_points(&self, lines: &Lines, c: usize, k: usize, skip: &[usize]) -> Vec<usize> {
        let n = lines.size as isize;
        let mut near = vec![false; self.cells.len()];
        let mut any = false;
        for p in 0..self.cells.len() {
            if self.cells[p] == 0 {
                continue;
            }
            any = true;
            let (x, y) = (p as isize % n, p as isize / n);
            for dy in -2..=2 {
                for dx in -2..=2 {
                    let (cx, cy) = (x + dx, y + dy);
                    if cx >= 0 && cy >= 0 && cx < n && cy < n {
                        near[(cy * n + cx) as usize] = true;
                    }
                }
            }
        }
        if !any {
            let centre = (n / 2 * n + n / 2) as usize;
            near[centre] = true;
        }
        let mut scored: Vec<(Score, usize)> = (0..self.cells.len())
            .filter(|&p| near[p] && self.cells[p] == 0 && !skip.contains(&p))
            .map(|p| (self.point_value(lines, p, c), p))
            .collect();
        scored.sort_unstable_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        scored.truncate(k);
        scored.into_iter().map(|(_, p)| p).collect()
    }

    fn empties_count(&self) -> usize {
        self.cells.len() - self.stones
    }
}

/// The fewest points that meet every window of `windows` (given by their empty points),
/// with every such set of one or two points; `None` when two do not suffice.
fn blocking_sets(board: &Board, lines: &Lines, windows: &[usize]) -> Option<Vec<Vec<usize>>> {
    let sets: Vec<Vec<usize>> = windows
        .iter()
        .map(|&w| board.empties(lines, w).collect())
        .collect();
    if sets.is_empty() {
        return Some(Vec::new());
    }
    let hits_all = |ps: &[usize]| sets.iter().all(|s| s.iter().any(|e| ps.contains(e)));
    let mut candidates: Vec<usize> = sets.iter().flatten().copied().collect();
    candidates.sort_unstable();
    candidates.dedup();
    let singles: Vec<Vec<usize>> = candidates
        .iter()
        .filter(|&&p| hits_all(&[p]))
        .map(|&p| vec![p])
        .collect();
    if !singles.is_empty() {
        return Some(singles);
    }
    let mut pairs = Vec::new();
    for (i, &a) in candidates.iter().enumerate() {
        for &b in &candidates[i + 1..] {
            if hits_all(&[a, b]) {
                pairs.push(vec![a, b]);
            }
        }
    }
    (!pairs.is_empty()).then_some(pairs)
}

/// One search: the board, the clock, and what it has counted.
struct Search<'a> {
    lines: &'a Lines,
    board: Board,
    nodes: u64,
    deadline: Option<Instant>,
    max_nodes: Option<u64>,
    stop: Option<&'a std::sync::atomic::AtomicBool>,
    aborted: bool,
}

/// A turn as the search plays it: one or two points.
type Turn = ([usize; 2], usize);

impl Search<'_> {
    fn out_of_time(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        if self.nodes.is_multiple_of(CHECK_EVERY) {
            let late = self.deadline.is_some_and(|d| Instant::now() >= d);
            let stopped = self
                .stop
                .is_some_and(|s| s.load(std::sync::atomic::Ordering::Relaxed));
            let full = self.max_nodes.is_some_and(|n| self.nodes >= n);
            self.aborted = late || stopped || full;
        }
        self.aborted
    }

    fn play(&mut self, t: Turn, c: usize) {
        for &p in &t.0[..t.1] {
            self.board.place(self.lines, p, c);
        }
    }

    fn undo(&mut self, t: Turn, c: usize) {
        for &p in &t.0[..t.1] {
            self.board.remove(self.lines, p, c);
        }
    }

    /// The static value for `c` to move.
    fn evaluate(&self, c: usize) -> Score {
        self.board.value[c] - self.board.value[1 - c]
    }

    /// Stones `c` puts down now (the board's stones tell: one first, and one on the last
    /// point).
    fn stones_now(&self) -> usize {
        if self.board.stones == 0 || self.board.empties_count() == 1 {
            1
        } else {
            2
        }
    }

    /// The turns worth searching for `c`, best first, and whether they are forced blocks.
    /// `threat_only`: only turns that make two threats or more (past the nominal depth).
    fn turns(&mut self, c: usize, root: bool, threat_only: bool) -> Option<(Vec<Turn>, bool)> {
        let stones = self.stones_now();
        let lines = self.lines;
        let against = self.board.threats(1 - c);
        if !against.is_empty() {
            // Block them all, or lose.
            let sets = blocking_sets(&self.board, lines, &against)?;
            if sets[0].len() > stones {
                return None;
            }
            let mut out = Vec::new();
            for set in sets {
                if set.len() == stones {
                    out.push(([set[0], *set.get(1).unwrap_or(&set[0])], stones));
                } else {
                    // One blocking stone and the best free points beside it.
                    for q in self.board.best_points(lines, c, 4, &set) {
                        out.push(([set[0], q], 2));
                    }
                }
            }
            self.order(&mut out, c);
            out.truncate(if root { ROOT_PAIRS } else { INNER_PAIRS });
            return Some((out, true));
        }
        let k = if root { ROOT_POINTS } else { INNER_POINTS };
        let points = self.board.best_points(lines, c, k, &[]);
        let mut out: Vec<Turn> = if stones == 1 {
            points.iter().map(|&p| ([p, p], 1)).collect()
        } else {
            let mut pairs = Vec::new();
            for (i, &a) in points.iter().enumerate() {
                for &b in &points[i + 1..] {
                    pairs.push(([a, b], 2));
                }
            }
            pairs
        };
        if threat_only {
            out.retain(|&t| {
                self.play(t, c);
                let made = self.board.threats_through(lines, c, t.0[0], t.0[1]);
                let forcing = blocking_sets(&self.board, lines, &made).is_none_or(|s| {
                    // Two threats or more: the opponent's whole turn goes to blocking.
                    s.first().is_some_and(|b| b.len() >= 2)
                });
                self.undo(t, c);
                forcing && !made.is_empty()
            });
            self.order(&mut out, c);
            out.truncate(THREAT_PAIRS);
            return Some((out, false));
        }
        self.order(&mut out, c);
        out.truncate(if root { ROOT_PAIRS } else { INNER_PAIRS });
        Some((out, false))
    }

    /// Sorts turns by the static value after them, best for `c` first.
    fn order(&mut self, turns: &mut [Turn], c: usize) {
        let mut keyed: Vec<(Score, Turn)> = turns
            .iter()
            .map(|&t| {
                self.play(t, c);
                let v = self.evaluate(c);
                self.undo(t, c);
                (v, t)
            })
            .collect();
        keyed.sort_by_key(|k| std::cmp::Reverse(k.0));
        for (slot, (_, t)) in turns.iter_mut().zip(keyed) {
            *slot = t;
        }
    }

    /// Negamax with alpha-beta for `c` to move; `depth` in turns. At depth 0 and below
    /// only forcing lines go on, [`THREAT_PLIES`] turns at most: a side under threat blocks;
    /// the other may stand on the static value or make two threats or more.
    fn negamax(&mut self, c: usize, depth: i32, mut alpha: Score, beta: Score, ply: u32) -> Score {
        self.nodes += 1;
        if self.out_of_time() {
            return 0;
        }
        let stones = self.stones_now();
        if self.board.can_win(c, stones).is_some() {
            return WIN - ply as Score;
        }
        if self.board.empties_count() == 0 {
            return 0;
        }
        let stand_pat = self.evaluate(c);
        if depth <= -(THREAT_PLIES as i32) {
            return stand_pat;
        }
        let quiet = depth <= 0;
        let threatened = !self.board.threats(1 - c).is_empty();
        if quiet && !threatened {
            if stand_pat >= beta {
                return stand_pat;
            }
            alpha = alpha.max(stand_pat);
        }
        let Some((turns, _forced)) = self.turns(c, false, quiet && !threatened) else {
            // The opponent's threats cannot all be blocked.
            return -(WIN - ply as Score - 1);
        };
        if turns.is_empty() {
            return if quiet { stand_pat } else { 0 };
        }
        let mut best = -WIN;
        for t in turns {
            self.play(t, c);
            let v = -self.negamax(1 - c, depth - 1, -beta, -alpha, ply + 1);
            self.undo(t, c);
            if self.aborted {
                return 0;
            }
            if v > best {
                best = v;
            }
            if v > alpha {
                alpha = v;
            }
            if alpha >= beta {
                break;
            }
        }
        if quiet && !threatened {
            best.max(stand_pat)
        } else {
            best
        }
    }
}

/// Roku: the engine (its lines are made once per board size).
#[derive(Debug, Default)]
pub struct Roku {
    lines: Option<Lines>,
}

impl Roku {
    /// A fresh engine.
    pub fn new() -> Roku {
        Roku::default()
    }

    /// The best turn found within `limits`, its score, depth and nodes; `None` when the
    /// game is over.
    pub fn think(&mut self, pos: &Position, limits: &Limits) -> Option<(Move, Score, u32, u64)> {
        if pos.is_over() {
            return None;
        }
        let size = pos.size();
        if self.lines.as_ref().is_none_or(|l| l.size != size) {
            self.lines = Some(Lines::new(size));
        }
        let lines = self.lines.as_ref().expect("made above");
        let start = Instant::now();
        let c = pos.side_to_move() as usize;
        let mut search = Search {
            lines,
            board: Board::new(pos, lines),
            nodes: 0,
            deadline: limits.move_time.map(|t| start + t),
            max_nodes: limits.nodes,
            stop: limits.stop.as_deref(),
            aborted: false,
        };
        let stones = search.stones_now();
        // A win on the board: fill the window.
        if let Some(w) = search.board.can_win(c, stones) {
            let mut points: Vec<usize> = search.board.empties(lines, w).collect();
            let other = (0..size * size).find(|&p| pos.at(p).is_none() && !points.contains(&p));
            while points.len() < stones {
                points.push(other.expect("a free point beside the window"));
            }
            return Some((to_move(&points[..stones]), WIN, 1, 1));
        }
        let fallback = || {
            let free: Vec<usize> = (0..size * size).filter(|&p| pos.at(p).is_none()).collect();
            to_move(&free[..stones])
        };
        let Some((turns, _)) = search.turns(c, true, false) else {
            // Lost whatever we do: block what can be blocked.
            let threats = search.board.threats(1 - c);
            let mut points: Vec<usize> = threats
                .iter()
                .flat_map(|&w| search.board.empties(lines, w).collect::<Vec<_>>())
                .collect();
            points.sort_unstable();
            points.dedup();
            points.truncate(stones);
            if points.len() < stones {
                return Some((fallback(), -WIN, 0, search.nodes));
            }
            return Some((to_move(&points), -WIN, 0, search.nodes));
        };
        if turns.is_empty() {
            return Some((fallback(), 0, 0, 0));
        }
        let (mut best, mut best_score, mut depth_done) = (turns[0], 0, 0);
        let max_depth =
            limits
                .depth
                .unwrap_or(if limits.move_time.is_some() || limits.nodes.is_some() {
                    64
                } else {
                    DEFAULT_DEPTH
                });
        let mut order = turns;
        for depth in 1..=max_depth.max(1) {
            let (mut alpha, beta) = (-WIN - 1, WIN + 1);
            let mut scored = Vec::with_capacity(order.len());
            for &t in &order {
                search.play(t, c);
                let v = -search.negamax(1 - c, depth as i32 - 1, -beta, -alpha, 1);
                search.undo(t, c);
                if search.aborted {
                    break;
                }
                scored.push((v, t));
                alpha = alpha.max(v);
            }
            if search.aborted && scored.is_empty() {
                break;
            }
            scored.sort_by_key(|s| std::cmp::Reverse(s.0));
            best = scored[0].1;
            best_score = scored[0].0;
            if search.aborted {
                break;
            }
            depth_done = depth;
            let rest: Vec<Turn> = order
                .iter()
                .filter(|t| !scored.iter().any(|s| s.1 == **t))
                .copied()
                .collect();
            order = scored.into_iter().map(|(_, t)| t).chain(rest).collect();
            if best_score.abs() >= WIN - 100 {
                break;
            }
        }
        Some((
            to_move(&best.0[..best.1]),
            best_score,
            depth_done,
            search.nodes,
        ))
    }
}

/// A turn's points as the game's move.
fn to_move(points: &[usize]) -> Move {
    match points {
        [p] => Move::single(*p),
        [a, b] => Move::pair(*a, *b),
        _ => unreachable!("a turn is one or two stones"),
    }
}

impl olympiad_search::engine::Engine<Position> for Roku {
    fn choose(
        &mut self,
        pos: &Position,
        limits: &Limits,
        observer: &mut dyn Observer<Move>,
    ) -> Option<Choice<Move>> {
        let started = Instant::now();
        let (mv, score, depth, nodes) = self.think(pos, limits)?;
        debug_assert!(pos.is_legal_move(mv));
        let elapsed = started.elapsed();
        observer.iteration(&Report {
            depth,
            score,
            nodes,
            nps: (nodes as f64 / elapsed.as_secs_f64().max(1e-6)) as u64,
            pv: vec![mv],
            elapsed,
        });
        Some(Choice {
            mv,
            score: Some(score),
            depth,
            nodes,
            source: Source::Search,
            resign: false,
        })
    }
}

/// A side's turns so far, and a game of about 40 turns a side.
fn pace(pos: &Position) -> Pace {
    Pace {
        moves_played: (pos.stones() / 4) as u32,
        expected_moves: 40,
        min_moves_left: 12,
        stretch_percent: 100,
    }
}

fn create(
    _options: &Options,
    _game_index: u64,
) -> Result<Box<dyn olympiad_search::engine::Engine<Position>>, OptionError> {
    Ok(Box::new(Roku::new()))
}

/// Roku as the catalog lists it.
pub const SPEC: EngineSpec<Position> = EngineSpec {
    name: NAME,
    summary: "Roku: alpha-beta over pairs from the best points by six-point windows, threats \
              first (win, block all, or lose) and threat-space search past the depth; options \
              depth=N (turns), nodes=N, movetime=MS",
    options: &["depth", "nodes", "movetime"],
    nodes_key: "nodes",
    default_depth: Some(DEFAULT_DEPTH),
    default_nodes: None,
    pace,
    create,
};
