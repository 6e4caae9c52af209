//! A slow Go twin written apart from [`crate::Position`], for the tests to play against it:
//! a plain grid of points, every move tried by copying the board, removing each enemy group
//! found without a liberty by a flood fill, and refusing the move if its own group then has
//! none; the ko point found by trying the retake on a copy; the whole history kept as a list
//! of boards; the score by flooding each empty region. It shares nothing with the fast
//! rules but the position text's format (read and written here by its own code) and GTP's
//! letters.

use crate::position::Repetition;

/// GTP's column letters (no `I`).
const LETTERS: &[u8] = b"ABCDEFGHJKLMNOPQRST";

/// A point's colour in the grid.
const NONE: u8 = 0;
const BLACK: u8 = 1;
const WHITE: u8 = 2;

/// How a finished game ended, by the reference's own count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RefOutcome {
    /// Black's area exceeds White's plus komi.
    BlackWins,
    /// White's area plus komi exceeds Black's.
    WhiteWins,
    /// Equal, or a drawn cycle.
    Draw,
}

/// A position of the slow twin, with every earlier board of its game.
#[derive(Clone, Debug)]
pub struct RefPosition {
    size: usize,
    /// Row by row from the bottom: `NONE`, `BLACK` or `WHITE`.
    grid: Vec<u8>,
    to_move: u8,
    passes: u8,
    /// The point (x, y) the side to move may not retake.
    ko: Option<(usize, usize)>,
    komi_halves: i32,
    rule: Repetition,
    cycle: bool,
    /// Every board of the game so far with the side that was to move, oldest first, the
    /// current one last.
    seen: Vec<(Vec<u8>, u8)>,
}

impl RefPosition {
    /// Reads a position text (the format of [`crate::text`]).
    pub fn from_text(text: &str) -> Result<RefPosition, String> {
        let f: Vec<&str> = text.split(' ').collect();
        if f.len() != 6 && f.len() != 7 {
            return Err(format!("{} fields", f.len()));
        }
        let rows: Vec<&str> = f[0].split('/').collect();
        let size = rows.len();
        let mut grid = vec![NONE; size * size];
        for (r, row) in rows.iter().enumerate() {
            let y = size - 1 - r;
            if row.len() != size {
                return Err(format!("row {} is not {size} long", y + 1));
            }
            for (x, c) in row.bytes().enumerate() {
                grid[y * size + x] = match c {
                    b'.' => NONE,
                    b'x' => BLACK,
                    b'o' => WHITE,
                    _ => return Err(format!("bad point character {}", c as char)),
                };
            }
        }
        let to_move = match f[1] {
            "b" => BLACK,
            "w" => WHITE,
            s => return Err(format!("bad side {s}")),
        };
        let passes = f[2].parse::<u8>().map_err(|e| e.to_string())?;
        let ko = match f[3] {
            "-" => None,
            s => Some(read_point(s, size).ok_or(format!("bad ko {s}"))?),
        };
        let komi: f64 = f[4].parse().map_err(|_| format!("bad komi {}", f[4]))?;
        let rule = match f[5] {
            "superko" => Repetition::Superko,
            "icga" => Repetition::Icga,
            s => return Err(format!("bad rule {s}")),
        };
        let cycle = f.get(6) == Some(&"cycle");
        let seen = vec![(grid.clone(), to_move)];
        Ok(RefPosition {
            size,
            grid,
            to_move,
            passes,
            ko,
            komi_halves: (komi * 2.0).round() as i32,
            rule,
            cycle,
            seen,
        })
    }

    /// The position text.
    pub fn to_text(&self) -> String {
        let mut rows = Vec::new();
        for y in (0..self.size).rev() {
            let row: String = (0..self.size)
                .map(|x| match self.grid[y * self.size + x] {
                    BLACK => 'x',
                    WHITE => 'o',
                    _ => '.',
                })
                .collect();
            rows.push(row);
        }
        let ko = match self.ko {
            Some((x, y)) => point_text(x, y),
            None => "-".into(),
        };
        let komi = if self.komi_halves % 2 == 0 {
            format!("{}", self.komi_halves / 2)
        } else {
            format!("{:.1}", f64::from(self.komi_halves) / 2.0)
        };
        let rule = match self.rule {
            Repetition::Superko => "superko",
            Repetition::Icga => "icga",
        };
        let side = if self.to_move == BLACK { "b" } else { "w" };
        let cycle = if self.cycle { " cycle" } else { "" };
        format!(
            "{} {side} {} {ko} {komi} {rule}{cycle}",
            rows.join("/"),
            self.passes
        )
    }

    /// The points next to (x, y).
    fn around(&self, x: usize, y: usize) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        if x > 0 {
            out.push((x - 1, y));
        }
        if x + 1 < self.size {
            out.push((x + 1, y));
        }
        if y > 0 {
            out.push((x, y - 1));
        }
        if y + 1 < self.size {
            out.push((x, y + 1));
        }
        out
    }

    /// The group through (x, y) on `grid` and whether it touches an empty point.
    fn group(&self, grid: &[u8], x: usize, y: usize) -> (Vec<(usize, usize)>, bool) {
        let colour = grid[y * self.size + x];
        let mut members = vec![(x, y)];
        let mut inside = vec![false; grid.len()];
        inside[y * self.size + x] = true;
        let mut breathes = false;
        let mut k = 0;
        while k < members.len() {
            let (a, b) = members[k];
            k += 1;
            for (c, d) in self.around(a, b) {
                let v = grid[d * self.size + c];
                if v == NONE {
                    breathes = true;
                } else if v == colour && !inside[d * self.size + c] {
                    inside[d * self.size + c] = true;
                    members.push((c, d));
                }
            }
        }
        (members, breathes)
    }

    /// The board after the side to move puts a stone on (x, y), and how many stones it
    /// captured; `None` if the point is taken or the stone would have no liberty.
    fn try_stone(&self, x: usize, y: usize) -> Option<(Vec<u8>, usize)> {
        if self.grid[y * self.size + x] != NONE {
            return None;
        }
        let mut grid = self.grid.clone();
        grid[y * self.size + x] = self.to_move;
        let enemy = BLACK + WHITE - self.to_move;
        let mut taken = 0;
        for (a, b) in self.around(x, y) {
            if grid[b * self.size + a] == enemy {
                let (members, breathes) = self.group(&grid, a, b);
                if !breathes {
                    for (c, d) in members {
                        grid[d * self.size + c] = NONE;
                        taken += 1;
                    }
                }
            }
        }
        let (_, breathes) = self.group(&grid, x, y);
        breathes.then_some((grid, taken))
    }

    /// The moves as GTP texts with the position text after each, sorted.
    pub fn legal_moves(&self) -> Vec<(String, String)> {
        let mut out: Vec<(String, String)> = self
            .legal()
            .into_iter()
            .map(|mv| {
                let mut next = self.clone();
                next.play_legal(mv);
                (move_text(mv), next.to_text())
            })
            .collect();
        out.sort();
        out
    }

    /// The legal moves: `Some((x, y))` for a stone, `None` for the pass.
    fn legal(&self) -> Vec<Option<(usize, usize)>> {
        if self.passes >= 2 || self.cycle {
            return Vec::new();
        }
        let mut moves = Vec::new();
        for y in 0..self.size {
            for x in 0..self.size {
                if self.ko == Some((x, y)) {
                    continue;
                }
                let Some((grid, _)) = self.try_stone(x, y) else {
                    continue;
                };
                if self.rule == Repetition::Superko && self.seen.iter().any(|(g, _)| *g == grid) {
                    continue;
                }
                moves.push(Some((x, y)));
            }
        }
        moves.push(None);
        moves
    }

    /// Plays a move given as GTP text; an error if it is not legal.
    pub fn play(&mut self, text: &str) -> Result<(), String> {
        let mv = if text.eq_ignore_ascii_case("pass") {
            None
        } else {
            Some(read_point(text, self.size).ok_or(format!("bad move {text}"))?)
        };
        if !self.legal().contains(&mv) {
            return Err(format!("illegal move {text} at {}", self.to_text()));
        }
        self.play_legal(mv);
        Ok(())
    }

    fn play_legal(&mut self, mv: Option<(usize, usize)>) {
        let before = self.grid.clone();
        self.ko = None;
        match mv {
            None => self.passes += 1,
            Some((x, y)) => {
                let (grid, taken) = self.try_stone(x, y).expect("a legal stone");
                self.grid = grid;
                self.passes = 0;
                if taken == 1 {
                    // A ko when retaking the one stone taken would bring back the board.
                    let (cx, cy) = self
                        .around(x, y)
                        .into_iter()
                        .find(|&(a, b)| {
                            before[b * self.size + a] != NONE
                                && self.grid[b * self.size + a] == NONE
                        })
                        .expect("the captured point is next to the stone");
                    let mut retake = self.clone();
                    retake.to_move = BLACK + WHITE - self.to_move;
                    if retake.try_stone(cx, cy).map(|(g, _)| g) == Some(before.clone()) {
                        self.ko = Some((cx, cy));
                    }
                }
            }
        }
        self.to_move = BLACK + WHITE - self.to_move;
        let now = (self.grid.clone(), self.to_move);
        if self.rule == Repetition::Icga && self.passes < 2 && self.seen.contains(&now) {
            self.cycle = true;
        }
        self.seen.push(now);
    }

    /// Each colour's area: stones and the empty regions reaching only that colour.
    pub fn area(&self) -> (usize, usize) {
        let (mut black, mut white) = (0, 0);
        for y in 0..self.size {
            for x in 0..self.size {
                match self.grid[y * self.size + x] {
                    BLACK => black += 1,
                    WHITE => white += 1,
                    _ => {
                        // The region of this empty point, flooded afresh for every point.
                        let mut reach = (false, false);
                        for (a, b) in self.region(x, y) {
                            for (c, d) in self.around(a, b) {
                                match self.grid[d * self.size + c] {
                                    BLACK => reach.0 = true,
                                    WHITE => reach.1 = true,
                                    _ => {}
                                }
                            }
                        }
                        match reach {
                            (true, false) => black += 1,
                            (false, true) => white += 1,
                            _ => {}
                        }
                    }
                }
            }
        }
        (black, white)
    }

    /// The empty points connected to the empty point (x, y) through empty points.
    fn region(&self, x: usize, y: usize) -> Vec<(usize, usize)> {
        let mut region = vec![(x, y)];
        let mut k = 0;
        while k < region.len() {
            let (a, b) = region[k];
            k += 1;
            for (c, d) in self.around(a, b) {
                if self.grid[d * self.size + c] == NONE && !region.contains(&(c, d)) {
                    region.push((c, d));
                }
            }
        }
        region
    }

    /// The result once the game is over.
    pub fn outcome(&self) -> Option<RefOutcome> {
        if self.cycle {
            return Some(RefOutcome::Draw);
        }
        if self.passes < 2 {
            return None;
        }
        let (black, white) = self.area();
        let margin = 2 * black as i32 - 2 * white as i32 - self.komi_halves;
        Some(if margin > 0 {
            RefOutcome::BlackWins
        } else if margin < 0 {
            RefOutcome::WhiteWins
        } else {
            RefOutcome::Draw
        })
    }

    /// Sequences of exactly `depth` moves.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        self.legal()
            .into_iter()
            .map(|mv| {
                let mut next = self.clone();
                next.play_legal(mv);
                next.perft(depth - 1)
            })
            .sum()
    }

    /// Is every group on the board touching an empty point? (The legality of a position.)
    pub fn every_group_breathes(&self) -> bool {
        (0..self.size * self.size)
            .all(|i| self.grid[i] == NONE || self.group(&self.grid, i % self.size, i / self.size).1)
    }
}

fn move_text(mv: Option<(usize, usize)>) -> String {
    mv.map_or("pass".into(), |(x, y)| point_text(x, y))
}

fn point_text(x: usize, y: usize) -> String {
    format!("{}{}", LETTERS[x] as char, y + 1)
}

fn read_point(text: &str, size: usize) -> Option<(usize, usize)> {
    let upper = text.to_ascii_uppercase();
    let x = LETTERS
        .iter()
        .position(|&c| Some(c) == upper.bytes().next())?;
    let y = upper.get(1..)?.parse::<usize>().ok()?.checked_sub(1)?;
    (x < size && y < size).then_some((x, y))
}
