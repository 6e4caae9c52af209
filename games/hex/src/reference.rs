//! The slow twin of the fast board, written from the rules and not from the fast code: a
//! grid of characters, the winner found by a flood fill from each colour's first edge after
//! every move, the swap as its own flag, and its own reader and writer of the position text.
//! The tests play it against [`Position`](crate::Position) move for move.

/// A Hex position, plainly.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefPosition {
    /// `grid[row][column]`, row 0 at the top: `x`, `o` or `.`.
    grid: Vec<Vec<char>>,
    /// `x` or `o`: the colour of the next stone.
    next: char,
    swapped: bool,
    swap_rule: bool,
}

/// Who won.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RefWinner {
    /// Black (`x`) joined top and bottom.
    Black,
    /// White (`o`) joined left and right.
    White,
}

impl RefPosition {
    /// Reads the position text (the same format as the fast board's).
    pub fn from_text(text: &str) -> Result<RefPosition, String> {
        let parts: Vec<&str> = text.split(' ').filter(|s| !s.is_empty()).collect();
        if parts.len() != 4 {
            return Err(format!("expected 4 fields in '{text}'"));
        }
        let grid: Vec<Vec<char>> = parts[0].split('/').map(|r| r.chars().collect()).collect();
        let n = grid.len();
        if grid.iter().any(|r| r.len() != n) {
            return Err("the board is not square".into());
        }
        if grid.iter().flatten().any(|c| !matches!(c, 'x' | 'o' | '.')) {
            return Err("a cell is not x, o or .".into());
        }
        let next = match parts[1] {
            "x" => 'x',
            "o" => 'o',
            other => return Err(format!("side {other}")),
        };
        let swapped = match parts[2] {
            "swapped" => true,
            "-" => false,
            other => return Err(format!("swap field {other}")),
        };
        let swap_rule = match parts[3] {
            "swap" => true,
            "noswap" => false,
            other => return Err(format!("rule {other}")),
        };
        Ok(RefPosition {
            grid,
            next,
            swapped,
            swap_rule,
        })
    }

    /// Writes the position text.
    pub fn to_text(&self) -> String {
        let rows: Vec<String> = self.grid.iter().map(|r| r.iter().collect()).collect();
        format!(
            "{} {} {} {}",
            rows.join("/"),
            self.next,
            if self.swapped { "swapped" } else { "-" },
            if self.swap_rule { "swap" } else { "noswap" }
        )
    }

    fn n(&self) -> usize {
        self.grid.len()
    }

    /// Whether `colour`'s stones join its two edges: a flood fill over its stones from its
    /// first edge (Black: row 0; White: column 0) reaching the opposite one.
    fn joins(&self, colour: char) -> bool {
        let n = self.n();
        let mut seen = vec![vec![false; n]; n];
        let mut stack = Vec::new();
        for i in 0..n {
            let (r, c) = if colour == 'x' { (0, i) } else { (i, 0) };
            if self.grid[r][c] == colour {
                seen[r][c] = true;
                stack.push((r, c));
            }
        }
        while let Some((r, c)) = stack.pop() {
            if (colour == 'x' && r == n - 1) || (colour == 'o' && c == n - 1) {
                return true;
            }
            // The six neighbours of a cell in a rhombus whose rows shift right going down.
            let around = [
                (r as isize, c as isize - 1),
                (r as isize, c as isize + 1),
                (r as isize - 1, c as isize),
                (r as isize - 1, c as isize + 1),
                (r as isize + 1, c as isize - 1),
                (r as isize + 1, c as isize),
            ];
            for (nr, nc) in around {
                if nr < 0 || nc < 0 || nr >= n as isize || nc >= n as isize {
                    continue;
                }
                let (nr, nc) = (nr as usize, nc as usize);
                if !seen[nr][nc] && self.grid[nr][nc] == colour {
                    seen[nr][nc] = true;
                    stack.push((nr, nc));
                }
            }
        }
        false
    }

    /// Whether Black and whether White join their edges (never both: the Hex theorem).
    pub fn joined(&self) -> [bool; 2] {
        [self.joins('x'), self.joins('o')]
    }

    /// The winner, if a colour joins its edges.
    pub fn winner(&self) -> Option<RefWinner> {
        if self.joins('x') {
            Some(RefWinner::Black)
        } else if self.joins('o') {
            Some(RefWinner::White)
        } else {
            None
        }
    }

    fn stones(&self) -> usize {
        self.grid.iter().flatten().filter(|&&c| c != '.').count()
    }

    /// Every legal move's text and the text of the position after it, sorted.
    pub fn legal_moves(&self) -> Vec<(String, String)> {
        let mut out = Vec::new();
        if self.winner().is_some() {
            return out;
        }
        let n = self.n();
        for r in 0..n {
            for c in 0..n {
                if self.grid[r][c] != '.' {
                    continue;
                }
                let mut after = self.clone();
                after.grid[r][c] = self.next;
                after.next = if self.next == 'x' { 'o' } else { 'x' };
                let text = format!("{}{}", char::from(b'a' + c as u8), r + 1);
                out.push((text, after.to_text()));
            }
        }
        // The swap: only as the second move, only once, only where the rules offer it.
        if self.swap_rule && !self.swapped && self.stones() == 1 {
            let mut after = self.clone();
            after.swapped = true;
            out.push(("swap".to_string(), after.to_text()));
        }
        out.sort();
        out
    }

    /// The number of move sequences of exactly `depth` moves.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        self.legal_moves()
            .iter()
            .map(|(_, after)| {
                RefPosition::from_text(after)
                    .expect("own text")
                    .perft(depth - 1)
            })
            .sum()
    }
}
