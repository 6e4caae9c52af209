//! The slow twin of the move generator: an 8x8 array of cells, the eight directions walked
//! square by square. It shares nothing with the fast code but the square names, and has its
//! own reader and writer for the position text, so the tests can hold the two against each
//! other.

/// A disc: `true` for Black.
type Cell = Option<bool>;

/// A position for the reference generator.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefPosition {
    board: [[Cell; 8]; 8],
    black_to_move: bool,
}

/// How the game stands, as the reference sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RefOutcome {
    /// Black has more discs.
    BlackWins,
    /// White has more discs.
    WhiteWins,
    /// As many of each.
    Draw,
}

const DIRECTIONS: [(i32, i32); 8] = [
    (-1, -1),
    (-1, 0),
    (-1, 1),
    (0, -1),
    (0, 1),
    (1, -1),
    (1, 0),
    (1, 1),
];

impl RefPosition {
    /// Reads 64 characters (`X` Black, `O` White, `-` empty; row 1 first, a to h) and the
    /// side to move (`X` or `O`), spaces allowed between.
    pub fn from_text(text: &str) -> Result<RefPosition, String> {
        let chars: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
        if chars.len() != 65 {
            return Err(format!("{} characters", chars.len()));
        }
        let mut board = [[None; 8]; 8];
        for (i, c) in chars[..64].iter().enumerate() {
            board[i / 8][i % 8] = match c {
                'X' => Some(true),
                'O' => Some(false),
                '-' => None,
                _ => return Err(format!("square '{c}'")),
            };
        }
        let black_to_move = match chars[64] {
            'X' => true,
            'O' => false,
            c => return Err(format!("side '{c}'")),
        };
        Ok(RefPosition {
            board,
            black_to_move,
        })
    }

    /// Writes the position text.
    pub fn to_text(&self) -> String {
        let mut s = String::new();
        for row in &self.board {
            for cell in row {
                s.push(match cell {
                    Some(true) => 'X',
                    Some(false) => 'O',
                    None => '-',
                });
            }
        }
        s.push(' ');
        s.push(if self.black_to_move { 'X' } else { 'O' });
        s
    }

    /// The discs a disc of `black` on (row, col) would turn.
    fn turned(&self, row: usize, col: usize, black: bool) -> Vec<(usize, usize)> {
        let mut all = Vec::new();
        if self.board[row][col].is_some() {
            return all;
        }
        for (dr, dc) in DIRECTIONS {
            let mut line = Vec::new();
            let (mut r, mut c) = (row as i32 + dr, col as i32 + dc);
            while (0..8).contains(&r) && (0..8).contains(&c) {
                match self.board[r as usize][c as usize] {
                    Some(colour) if colour != black => line.push((r as usize, c as usize)),
                    Some(_) => {
                        all.extend(line);
                        break;
                    }
                    None => break,
                }
                r += dr;
                c += dc;
            }
        }
        all
    }

    fn placements(&self, black: bool) -> Vec<(usize, usize)> {
        let mut v = Vec::new();
        for row in 0..8 {
            for col in 0..8 {
                if !self.turned(row, col, black).is_empty() {
                    v.push((row, col));
                }
            }
        }
        v
    }

    /// Every legal move as (text, position text after it): placements, else a pass when the
    /// other side could move, else nothing (the game is over).
    pub fn legal_moves(&self) -> Vec<(String, String)> {
        let mine = self.placements(self.black_to_move);
        if mine.is_empty() {
            if self.placements(!self.black_to_move).is_empty() {
                return Vec::new();
            }
            let mut next = self.clone();
            next.black_to_move = !self.black_to_move;
            return vec![("pass".to_string(), next.to_text())];
        }
        mine.into_iter()
            .map(|(row, col)| {
                let mut next = self.clone();
                for (r, c) in self.turned(row, col, self.black_to_move) {
                    next.board[r][c] = Some(self.black_to_move);
                }
                next.board[row][col] = Some(self.black_to_move);
                next.black_to_move = !self.black_to_move;
                let name = format!("{}{}", (b'a' + col as u8) as char, row + 1);
                (name, next.to_text())
            })
            .collect()
    }

    /// The result, if neither side can move.
    pub fn outcome(&self) -> Option<RefOutcome> {
        if !self.legal_moves().is_empty() {
            return None;
        }
        let count = |b: bool| {
            self.board
                .iter()
                .flatten()
                .filter(|c| **c == Some(b))
                .count()
        };
        Some(match count(true).cmp(&count(false)) {
            std::cmp::Ordering::Greater => RefOutcome::BlackWins,
            std::cmp::Ordering::Less => RefOutcome::WhiteWins,
            std::cmp::Ordering::Equal => RefOutcome::Draw,
        })
    }
}
