//! The slow twin: Lines of Action on a grid of squares, written from the rules alone (no bit
//! sets, no tables). A move's length is counted by walking its line both ways, the squares
//! it passes are looked at one by one, groups are found by a breadth-first search, and the
//! game keeps the text of every position it went through, so that the repetition rule is a
//! count of equal texts. The tests compare it with the fast generator move by move and
//! position by position; it reads and writes the same texts by its own code.

use std::collections::VecDeque;

/// A square's content.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Piece {
    Black,
    White,
}

/// How a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RefOutcome {
    /// Black's pieces are one group and White's are not.
    BlackWins,
    /// White's pieces are one group and Black's are not.
    WhiteWins,
    /// Both are one group each.
    DrawConnected,
    /// The position occurred for the third time.
    DrawRepetition,
}

/// A game: the position as a grid (`grid[row][column]`, row 0 is row 1) and every earlier
/// position's text since the game was read.
#[derive(Clone, Debug)]
pub struct RefGame {
    grid: [[Option<Piece>; 8]; 8],
    black_to_move: bool,
    /// The texts of the positions before this one, oldest first.
    seen: Vec<String>,
}

const STEPS: [(i32, i32); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (-1, -1),
    (1, -1),
    (-1, 1),
];

fn name(row: i32, column: i32) -> String {
    format!("{}{}", char::from(b'a' + column as u8), row + 1)
}

fn on_board(row: i32, column: i32) -> bool {
    (0..8).contains(&row) && (0..8).contains(&column)
}

impl RefGame {
    /// Reads a position text (see [`crate::text`]); the game starts there.
    pub fn from_text(text: &str) -> Result<RefGame, String> {
        let parts: Vec<&str> = text.split(' ').filter(|p| !p.is_empty()).collect();
        if parts.len() != 2 {
            return Err(format!("expected board and side: {text}"));
        }
        let black_to_move = match parts[1] {
            "x" => true,
            "o" => false,
            s => return Err(format!("bad side {s}")),
        };
        let rows: Vec<&str> = parts[0].split('/').collect();
        if rows.len() != 8 {
            return Err(format!("{} rows", rows.len()));
        }
        let mut grid = [[None; 8]; 8];
        for (r, row) in rows.iter().enumerate() {
            let squares: Vec<char> = row.chars().collect();
            if squares.len() != 8 {
                return Err(format!("row {} has {} squares", r + 1, squares.len()));
            }
            for (c, ch) in squares.into_iter().enumerate() {
                grid[r][c] = match ch {
                    'x' => Some(Piece::Black),
                    'o' => Some(Piece::White),
                    '.' => None,
                    other => return Err(format!("bad square {other}")),
                };
            }
        }
        Ok(RefGame {
            grid,
            black_to_move,
            seen: Vec::new(),
        })
    }

    /// The position's text.
    pub fn to_text(&self) -> String {
        let rows: Vec<String> = self
            .grid
            .iter()
            .map(|row| {
                row.iter()
                    .map(|s| match s {
                        Some(Piece::Black) => 'x',
                        Some(Piece::White) => 'o',
                        None => '.',
                    })
                    .collect()
            })
            .collect();
        let side = if self.black_to_move { 'x' } else { 'o' };
        format!("{} {side}", rows.join("/"))
    }

    fn at(&self, row: i32, column: i32) -> Option<Piece> {
        self.grid[row as usize][column as usize]
    }

    /// Whether the pieces of `piece`'s colour form one group, by a breadth-first search
    /// from one of them.
    fn one_group(&self, piece: Piece) -> bool {
        let mut all = Vec::new();
        for r in 0..8 {
            for c in 0..8 {
                if self.at(r, c) == Some(piece) {
                    all.push((r, c));
                }
            }
        }
        let Some(&first) = all.first() else {
            return true;
        };
        let mut reached = vec![first];
        let mut queue = VecDeque::from([first]);
        while let Some((r, c)) = queue.pop_front() {
            for dr in -1..=1 {
                for dc in -1..=1 {
                    let (nr, nc) = (r + dr, c + dc);
                    if on_board(nr, nc)
                        && self.at(nr, nc) == Some(piece)
                        && !reached.contains(&(nr, nc))
                    {
                        reached.push((nr, nc));
                        queue.push_back((nr, nc));
                    }
                }
            }
        }
        reached.len() == all.len()
    }

    /// The result, if the game is over: a connection first, then the repetition.
    pub fn outcome(&self) -> Option<RefOutcome> {
        match (self.one_group(Piece::Black), self.one_group(Piece::White)) {
            (true, true) => return Some(RefOutcome::DrawConnected),
            (true, false) => return Some(RefOutcome::BlackWins),
            (false, true) => return Some(RefOutcome::WhiteWins),
            (false, false) => {}
        }
        let text = self.to_text();
        let earlier = self.seen.iter().filter(|t| **t == text).count();
        (earlier + 1 >= 3).then_some(RefOutcome::DrawRepetition)
    }

    /// Every legal move as its text and the text of the position after it, in no set
    /// order: none once the game is over, the pass when no piece can move.
    pub fn legal_moves(&self) -> Vec<(String, String)> {
        self.moves()
            .into_iter()
            .map(|(text, grid)| {
                let next = RefGame {
                    grid,
                    black_to_move: !self.black_to_move,
                    seen: Vec::new(),
                };
                (text, next.to_text())
            })
            .collect()
    }

    /// Plays the legal move written `text` (as [`RefGame::legal_moves`] writes it).
    pub fn play(&mut self, text: &str) -> Result<(), String> {
        let (_, grid) = self
            .moves()
            .into_iter()
            .find(|(t, _)| t == text)
            .ok_or_else(|| format!("{text} is not legal in {}", self.to_text()))?;
        self.seen.push(self.to_text());
        self.grid = grid;
        self.black_to_move = !self.black_to_move;
        Ok(())
    }

    /// Every legal move as its text and the grid after it.
    fn moves(&self) -> Vec<(String, [[Option<Piece>; 8]; 8])> {
        if self.outcome().is_some() {
            return Vec::new();
        }
        let (mine, theirs) = if self.black_to_move {
            (Piece::Black, Piece::White)
        } else {
            (Piece::White, Piece::Black)
        };
        let mut out = Vec::new();
        for r in 0..8 {
            for c in 0..8 {
                if self.at(r, c) != Some(mine) {
                    continue;
                }
                for (dr, dc) in STEPS {
                    // Pieces on the whole line: this one, and both ways from it.
                    let mut length = 1;
                    for sense in [1, -1] {
                        let (mut x, mut y) = (r + sense * dr, c + sense * dc);
                        while on_board(x, y) {
                            if self.at(x, y).is_some() {
                                length += 1;
                            }
                            x += sense * dr;
                            y += sense * dc;
                        }
                    }
                    let (tr, tc) = (r + length * dr, c + length * dc);
                    if !on_board(tr, tc) || self.at(tr, tc) == Some(mine) {
                        continue;
                    }
                    let blocked =
                        (1..length).any(|k| self.at(r + k * dr, c + k * dc) == Some(theirs));
                    if blocked {
                        continue;
                    }
                    let capture = self.at(tr, tc) == Some(theirs);
                    let text = format!(
                        "{}{}{}",
                        name(r, c),
                        if capture { 'x' } else { '-' },
                        name(tr, tc)
                    );
                    let mut grid = self.grid;
                    grid[r as usize][c as usize] = None;
                    grid[tr as usize][tc as usize] = Some(mine);
                    out.push((text, grid));
                }
            }
        }
        if out.is_empty() {
            out.push(("pass".to_string(), self.grid));
        }
        out
    }

    /// Plain recursive perft: sequences of exactly `depth` moves.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        self.legal_moves()
            .iter()
            .map(|(text, _)| {
                let mut next = self.clone();
                next.play(text).expect("a listed move");
                next.perft(depth - 1)
            })
            .sum()
    }
}
