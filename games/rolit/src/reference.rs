//! The slow reference generator for Rolit, written from the rules' words with a plain array
//! board and nothing shared with the bitboard code, so that the tests can play the two
//! against each other.
//!
//! A placement turns something when, in some direction, the squares next to it hold an
//! unbroken run of other players' balls that ends at a ball of the mover. If any placement
//! turns something, only those are legal; otherwise any empty square next to a ball is.

/// A board: `cells[row * 8 + col]` is 0 when empty, else the player 1-4.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefBoard {
    /// The 64 squares, top-left first.
    pub cells: [u8; 64],
    /// The player to move, 1-4.
    pub to_move: u8,
    /// How many players play (2-4); the other colours are on the board but nobody's.
    pub players: u8,
}

const STEPS: [(i32, i32); 8] = [
    (-1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
];

impl RefBoard {
    /// Reads the crate's position text format independently: 64 characters, the player to
    /// move, and the number of players if it is not 4.
    pub fn from_text(text: &str) -> Result<RefBoard, String> {
        let mut parts = text.split_whitespace();
        let board = parts.next().ok_or("empty text")?;
        let side = parts.next().ok_or("no player to move")?;
        if board.chars().count() != 64 {
            return Err(format!("board has {} squares", board.chars().count()));
        }
        let mut cells = [0u8; 64];
        for (i, c) in board.chars().enumerate() {
            cells[i] = match c {
                '.' => 0,
                '1'..='4' => c as u8 - b'0',
                _ => return Err(format!("bad square character {c}")),
            };
        }
        let players: u8 = match parts.next() {
            None => 4,
            Some(n) => n
                .parse()
                .map_err(|_| format!("bad number of players {n}"))?,
        };
        if !(2..=4).contains(&players) {
            return Err(format!("bad number of players {players}"));
        }
        let to_move: u8 = side.parse().map_err(|_| format!("bad player {side}"))?;
        if !(1..=players).contains(&to_move) {
            return Err(format!("bad player {side}"));
        }
        Ok(RefBoard {
            cells,
            to_move,
            players,
        })
    }

    fn at(&self, row: i32, col: i32) -> Option<u8> {
        if (0..8).contains(&row) && (0..8).contains(&col) {
            Some(self.cells[(row * 8 + col) as usize])
        } else {
            None
        }
    }

    /// The squares (0-based) that turn if the player to move places on `sq`.
    pub fn turns(&self, sq: usize) -> Vec<usize> {
        let me = self.to_move;
        let (row, col) = ((sq / 8) as i32, (sq % 8) as i32);
        let mut all = Vec::new();
        for (dr, dc) in STEPS {
            let mut run = Vec::new();
            let (mut r, mut c) = (row + dr, col + dc);
            loop {
                match self.at(r, c) {
                    Some(p) if p != 0 && p != me => run.push((r * 8 + c) as usize),
                    Some(p) if p == me => {
                        all.extend(run);
                        break;
                    }
                    _ => break,
                }
                r += dr;
                c += dc;
            }
        }
        all
    }

    fn next_to_a_ball(&self, sq: usize) -> bool {
        let (row, col) = ((sq / 8) as i32, (sq % 8) as i32);
        STEPS
            .iter()
            .any(|&(dr, dc)| matches!(self.at(row + dr, col + dc), Some(p) if p != 0))
    }

    /// The legal moves as square numbers 1-64, ascending.
    pub fn legal_moves(&self) -> Vec<u8> {
        let empty: Vec<usize> = (0..64).filter(|&s| self.cells[s] == 0).collect();
        let turning: Vec<usize> = empty
            .iter()
            .copied()
            .filter(|&s| !self.turns(s).is_empty())
            .collect();
        let chosen = if turning.is_empty() {
            empty
                .into_iter()
                .filter(|&s| self.next_to_a_ball(s))
                .collect()
        } else {
            turning
        };
        chosen.into_iter().map(|s| s as u8 + 1).collect()
    }

    /// Places a ball on square number `n` (1-64) for the player to move; it must be legal.
    pub fn play(&mut self, n: u8) -> Result<(), String> {
        if !self.legal_moves().contains(&n) {
            return Err(format!("{n} is not legal"));
        }
        let sq = n as usize - 1;
        for s in self.turns(sq) {
            self.cells[s] = self.to_move;
        }
        self.cells[sq] = self.to_move;
        self.to_move = self.to_move % self.players + 1;
        Ok(())
    }

    /// The ball counts of colours 1-4 once the board is full (only the first `players`
    /// score).
    pub fn final_counts(&self) -> Option<[u32; 4]> {
        if self.cells.contains(&0) {
            return None;
        }
        let mut counts = [0; 4];
        for &c in &self.cells {
            counts[c as usize - 1] += 1;
        }
        Some(counts)
    }
}
