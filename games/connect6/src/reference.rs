//! The slow twin of the fast board, written from the rules and not from the fast code: a
//! grid of characters, six in a row found by scanning every line of the board from scratch,
//! the stones a turn puts down counted from the board, and its own text reader and writer.
//! The tests play it against [`Position`](crate::Position) move for move.

/// Column letters, as GTP writes them.
const COLUMNS: &str = "ABCDEFGHJKLMNOPQRST";

/// A Connect6 position, plainly.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefPosition {
    /// `grid[y][x]`, y = 0 the bottom row.
    grid: Vec<Vec<char>>,
    next: char,
}

/// How a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RefEnd {
    /// Black has six.
    Black,
    /// White has six.
    White,
    /// The board is full without six.
    Draw,
}

impl RefPosition {
    /// Reads the position text.
    pub fn from_text(text: &str) -> Result<RefPosition, String> {
        let (board, side) = text.split_once(' ').ok_or("two fields")?;
        let mut grid: Vec<Vec<char>> = board.split('/').map(|r| r.chars().collect()).collect();
        grid.reverse();
        let n = grid.len();
        if grid.iter().any(|r| r.len() != n) {
            return Err("not square".into());
        }
        let next = match side.trim() {
            "x" => 'x',
            "o" => 'o',
            s => return Err(format!("side {s}")),
        };
        Ok(RefPosition { grid, next })
    }

    /// Writes the position text.
    pub fn to_text(&self) -> String {
        let rows: Vec<String> = self.grid.iter().rev().map(|r| r.iter().collect()).collect();
        format!("{} {}", rows.join("/"), self.next)
    }

    fn n(&self) -> usize {
        self.grid.len()
    }

    /// Whether `c` has six or more in a row anywhere.
    fn has_six(&self, c: char) -> bool {
        let n = self.n() as isize;
        for y in 0..n {
            for x in 0..n {
                for (dx, dy) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
                    let mut k = 0;
                    while k < 6 {
                        let (cx, cy) = (x + k * dx, y + k * dy);
                        if cx < 0 || cy < 0 || cx >= n || cy >= n {
                            break;
                        }
                        if self.grid[cy as usize][cx as usize] != c {
                            break;
                        }
                        k += 1;
                    }
                    if k == 6 {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// How the game ended, if it has.
    pub fn end(&self) -> Option<RefEnd> {
        if self.has_six('x') {
            Some(RefEnd::Black)
        } else if self.has_six('o') {
            Some(RefEnd::White)
        } else if self.grid.iter().flatten().all(|&c| c != '.') {
            Some(RefEnd::Draw)
        } else {
            None
        }
    }

    fn empties(&self) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        // In the fast board's point order: row by row from the bottom.
        for y in 0..self.n() {
            for x in 0..self.n() {
                if self.grid[y][x] == '.' {
                    out.push((x, y));
                }
            }
        }
        out
    }

    fn name(x: usize, y: usize) -> String {
        format!("{}{}", &COLUMNS[x..=x], y + 1)
    }

    fn after(&self, stones: &[(usize, usize)]) -> RefPosition {
        let mut next = self.clone();
        for &(x, y) in stones {
            next.grid[y][x] = self.next;
        }
        next.next = if self.next == 'x' { 'o' } else { 'x' };
        next
    }

    /// The number of stones the side to move puts down now.
    fn per_turn(&self) -> usize {
        let stones = self.grid.iter().flatten().filter(|&&c| c != '.').count();
        if stones == 0 || self.empties().len() == 1 {
            1
        } else {
            2
        }
    }

    /// Every legal turn's text and the text of the position after it, sorted.
    pub fn legal_moves(&self) -> Vec<(String, String)> {
        let mut out = Vec::new();
        if self.end().is_some() {
            return out;
        }
        let empties = self.empties();
        if self.per_turn() == 1 {
            for &(x, y) in &empties {
                out.push((Self::name(x, y), self.after(&[(x, y)]).to_text()));
            }
        } else {
            for i in 0..empties.len() {
                for j in i + 1..empties.len() {
                    let (a, b) = (empties[i], empties[j]);
                    let text = format!("{}{}", Self::name(a.0, a.1), Self::name(b.0, b.1));
                    out.push((text, self.after(&[a, b]).to_text()));
                }
            }
        }
        out.sort();
        out
    }

    /// The text of the position after the legal turn `turn` (as the fast board writes it),
    /// found without listing every turn; `None` when it is no legal turn here.
    pub fn legal_moves_after(&self, turn: &str) -> Option<String> {
        if self.end().is_some() {
            return None;
        }
        let mut points = Vec::new();
        let mut rest = turn;
        while !rest.is_empty() {
            let x = COLUMNS.find(rest.get(..1)?)?;
            let digits = rest[1..].bytes().take_while(u8::is_ascii_digit).count();
            let y: usize = rest[1..1 + digits].parse().ok()?;
            if y == 0 || y > self.n() || x >= self.n() || self.grid[y - 1][x] != '.' {
                return None;
            }
            points.push((x, y - 1));
            rest = &rest[1 + digits..];
        }
        let distinct = points.len() < 2 || points[0] != points[1];
        (points.len() == self.per_turn() && distinct).then(|| self.after(&points).to_text())
    }

    /// The number of legal turns.
    pub fn count(&self) -> usize {
        if self.end().is_some() {
            return 0;
        }
        let e = self.empties().len();
        if self.per_turn() == 1 {
            e
        } else {
            e * (e - 1) / 2
        }
    }

    /// The number of sequences of exactly `depth` turns.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        self.legal_moves()
            .iter()
            .map(|(_, after)| RefPosition::from_text(after).expect("own").perft(depth - 1))
            .sum()
    }
}
