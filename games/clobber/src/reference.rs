//! The slow twin: Clobber on a grid of squares, written from the rules alone (no bit sets,
//! no shifts). The tests compare it with the fast generator move by move and position by
//! position; it reads and writes the same texts by its own code.

/// A square's content.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stone {
    Black,
    White,
}

/// How a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RefOutcome {
    /// White could not move.
    BlackWins,
    /// Black could not move.
    WhiteWins,
}

/// A position as a grid: `grid[row][column]`, row 0 is row 1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefPosition {
    grid: Vec<Vec<Option<Stone>>>,
    black_to_move: bool,
}

fn letter(stone: Option<Stone>) -> char {
    match stone {
        Some(Stone::Black) => 'x',
        Some(Stone::White) => 'o',
        None => '.',
    }
}

impl RefPosition {
    /// Reads a position text (see [`crate::text`]).
    pub fn from_text(text: &str) -> Result<RefPosition, String> {
        let parts: Vec<&str> = text.split(' ').filter(|p| !p.is_empty()).collect();
        if parts.len() != 2 {
            return Err(format!("expected board and side: {text}"));
        }
        let black_to_move = match parts[1] {
            "x" => true,
            "o" => false,
            s => return Err(format!("bad side {s}")),
        };
        let mut grid = Vec::new();
        for row in parts[0].split('/') {
            let mut squares = Vec::new();
            for ch in row.chars() {
                squares.push(match ch {
                    'x' => Some(Stone::Black),
                    'o' => Some(Stone::White),
                    '.' => None,
                    c => return Err(format!("bad square {c}")),
                });
            }
            grid.push(squares);
        }
        if grid.iter().any(|r| r.len() != grid[0].len()) {
            return Err("ragged rows".into());
        }
        Ok(RefPosition {
            grid,
            black_to_move,
        })
    }

    /// The position's text.
    pub fn to_text(&self) -> String {
        let rows: Vec<String> = self
            .grid
            .iter()
            .map(|r| r.iter().map(|&s| letter(s)).collect())
            .collect();
        let side = if self.black_to_move { 'x' } else { 'o' };
        format!("{} {side}", rows.join("/"))
    }

    fn name(row: usize, column: usize) -> String {
        format!("{}{}", char::from(b'a' + column as u8), row + 1)
    }

    /// Every legal move as (move text, text of the position after it), in no set order.
    pub fn legal_moves(&self) -> Vec<(String, String)> {
        let (mine, theirs) = if self.black_to_move {
            (Stone::Black, Stone::White)
        } else {
            (Stone::White, Stone::Black)
        };
        let rows = self.grid.len() as i64;
        let columns = self.grid[0].len() as i64;
        let mut out = Vec::new();
        for r in 0..rows {
            for c in 0..columns {
                if self.grid[r as usize][c as usize] != Some(mine) {
                    continue;
                }
                for (dr, dc) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                    let (tr, tc) = (r + dr, c + dc);
                    if tr < 0 || tc < 0 || tr >= rows || tc >= columns {
                        continue;
                    }
                    if self.grid[tr as usize][tc as usize] != Some(theirs) {
                        continue;
                    }
                    let mut next = self.clone();
                    next.grid[r as usize][c as usize] = None;
                    next.grid[tr as usize][tc as usize] = Some(mine);
                    next.black_to_move = !self.black_to_move;
                    let text = format!(
                        "{}{}",
                        Self::name(r as usize, c as usize),
                        Self::name(tr as usize, tc as usize)
                    );
                    out.push((text, next.to_text()));
                }
            }
        }
        out
    }

    /// The result, once the side to move has no move: it loses.
    pub fn outcome(&self) -> Option<RefOutcome> {
        if !self.legal_moves().is_empty() {
            return None;
        }
        Some(if self.black_to_move {
            RefOutcome::WhiteWins
        } else {
            RefOutcome::BlackWins
        })
    }

    /// Plain recursive perft: sequences of exactly `depth` moves.
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
