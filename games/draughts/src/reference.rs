//! The slow twin of the move generator: a 10x10 array of cells, directions as (row, column)
//! steps, captures followed recursively on a copy of the board, every capture route listed
//! and then cut down to the longest ones and to one per (start, end, pieces taken). It
//! shares nothing with the fast code but the square numbers (1..50, row by row from Black's
//! side), and has its own reader and writer for the position text and its own draw-rule
//! counters, so the tests can hold the two against each other. (It knows no history, so it
//! cannot see a threefold repetition: the tests compare outcomes where there is none.)
//!
//! A captured piece stays on the board, marked taken, until the capture ends: it can be
//! neither jumped again nor landed on nor flown over. The capturing piece's start square is
//! empty during the capture.

/// What stands on a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Cell {
    Empty,
    /// A piece: white?, king?, already taken in the capture being built?
    Piece {
        white: bool,
        king: bool,
        taken: bool,
    },
}

/// A move found by the reference generator.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefMove {
    /// The start square (1..50).
    pub from: u8,
    /// The end square.
    pub to: u8,
    /// The squares of the pieces taken, ascending.
    pub taken: Vec<u8>,
}

/// How the game stands, as the reference sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RefOutcome {
    /// White has won (Black has no move).
    WhiteWins,
    /// Black has won (White has no move).
    BlackWins,
    /// Drawn by the 25-, 16- or 5-move rule.
    Draw,
}

/// A position for the reference generator.
#[derive(Clone, Debug)]
pub struct RefPosition {
    board: [[Cell; 10]; 10],
    white_to_move: bool,
    draws: bool,
    quiet: u32,
    ending: u32,
}

/// Row and column of a square number.
fn coords(square: u8) -> (usize, usize) {
    let i = usize::from(square - 1);
    let row = i / 5;
    (row, 2 * (i % 5) + usize::from(row % 2 == 0))
}

/// The square number of a dark square.
fn number(row: usize, col: usize) -> u8 {
    (row * 5 + col / 2 + 1) as u8
}

/// Where the capture search hands each finished route: the squares taken, in order, and
/// the (row, column) where it ends.
type Routes<'a> = dyn FnMut(&[u8], (usize, usize)) + 'a;

const DIAGONALS: [(i32, i32); 4] = [(-1, -1), (-1, 1), (1, -1), (1, 1)];

fn on_board(r: i32, c: i32) -> bool {
    (0..10).contains(&r) && (0..10).contains(&c)
}

/// Which move-limited ending a material is: 16 (three pieces with a king against a lone
/// king), 5 (one or two pieces with a king against a lone king), or none (0).
fn ending_kind(white: (u32, u32), black: (u32, u32)) -> u32 {
    let lone_king = |side: (u32, u32)| side.0 == 1 && side.1 == 1;
    for (strong, weak) in [(white, black), (black, white)] {
        if lone_king(weak) && strong.1 >= 1 {
            if strong.0 == 3 {
                return 16;
            }
            if strong.0 <= 2 {
                return 5;
            }
        }
    }
    0
}

impl RefPosition {
    /// Reads a position text: `W:W31-50:B1-20`, with optional `draws=off`, `quiet=N`
    /// and `ending=N` tokens.
    pub fn from_text(text: &str) -> Result<RefPosition, String> {
        let mut words: Vec<&str> = text.split_whitespace().collect();
        let mut tokens = Vec::new();
        while words.last().is_some_and(|w| w.contains('=')) {
            tokens.push(words.pop().unwrap());
        }
        let fen: String = words.concat();
        let parts: Vec<&str> = fen.trim_end_matches('.').split(':').collect();
        let white_to_move = match parts[0] {
            "W" | "w" => true,
            "B" | "b" => false,
            other => return Err(format!("side '{other}'")),
        };
        let mut board = [[Cell::Empty; 10]; 10];
        for part in &parts[1..] {
            let white = match part.chars().next() {
                Some('W' | 'w') => true,
                Some('B' | 'b') => false,
                _ => return Err(format!("field '{part}'")),
            };
            for item in part[1..].split(',').filter(|s| !s.is_empty()) {
                let king = item.starts_with(['K', 'k']);
                let digits = item.trim_start_matches(['K', 'k']);
                let (a, b) = digits.split_once('-').unwrap_or((digits, digits));
                let a: u8 = a.parse().map_err(|_| format!("square '{item}'"))?;
                let b: u8 = b.parse().map_err(|_| format!("square '{item}'"))?;
                for sq in a..=b {
                    if !(1..=50).contains(&sq) {
                        return Err(format!("square {sq}"));
                    }
                    let (r, c) = coords(sq);
                    board[r][c] = Cell::Piece {
                        white,
                        king,
                        taken: false,
                    };
                }
            }
        }
        let mut pos = RefPosition {
            board,
            white_to_move,
            draws: true,
            quiet: 0,
            ending: 0,
        };
        for w in tokens {
            if w == "draws=off" {
                pos.draws = false;
            } else if let Some(n) = w.strip_prefix("quiet=") {
                pos.quiet = n.parse().map_err(|_| format!("'{w}'"))?;
            } else if let Some(n) = w.strip_prefix("ending=") {
                pos.ending = n.parse().map_err(|_| format!("'{w}'"))?;
            } else {
                return Err(format!("token '{w}'"));
            }
        }
        Ok(pos)
    }

    /// Writes the position text in the canonical form: side, White's list, Black's list,
    /// ascending, kings marked `K`; then the rule tokens that differ from the defaults.
    pub fn to_text(&self) -> String {
        let list = |want_white: bool| {
            let mut items = Vec::new();
            for sq in 1..=50u8 {
                let (r, c) = coords(sq);
                if let Cell::Piece { white, king, .. } = self.board[r][c]
                    && white == want_white
                {
                    items.push(format!("{}{sq}", if king { "K" } else { "" }));
                }
            }
            items.join(",")
        };
        let mut s = format!(
            "{}:W{}:B{}",
            if self.white_to_move { "W" } else { "B" },
            list(true),
            list(false)
        );
        if !self.draws {
            s += " draws=off";
        }
        if self.quiet > 0 {
            s += &format!(" quiet={}", self.quiet);
        }
        if self.ending > 0 {
            s += &format!(" ending={}", self.ending);
        }
        s
    }

    /// (pieces, kings) of one side.
    fn material(&self, want_white: bool) -> (u32, u32) {
        let mut n = (0, 0);
        for row in &self.board {
            for cell in row {
                if let Cell::Piece { white, king, .. } = *cell
                    && white == want_white
                {
                    n.0 += 1;
                    n.1 += u32::from(king);
                }
            }
        }
        n
    }

    fn ending_kind(&self) -> u32 {
        ending_kind(self.material(true), self.material(false))
    }

    /// Has the 25-, 16- or 5-move rule ended the game?
    fn drawn(&self) -> bool {
        if !self.draws {
            return false;
        }
        let kind = self.ending_kind();
        self.quiet >= 50 || (kind != 0 && self.ending >= 2 * kind)
    }

    fn forward(&self) -> i32 {
        if self.white_to_move { -1 } else { 1 }
    }

    /// Every legal move, each with the position it leads to.
    pub fn legal_moves(&self) -> Vec<(RefMove, RefPosition)> {
        if self.drawn() {
            return Vec::new();
        }
        let mut routes: Vec<(u8, Vec<u8>, (usize, usize))> = Vec::new();
        let mut steps = Vec::new();
        for row in 0..10 {
            for col in 0..10 {
                let Cell::Piece { white, king, .. } = self.board[row][col] else {
                    continue;
                };
                if white != self.white_to_move {
                    continue;
                }
                let mut board = self.board;
                board[row][col] = Cell::Empty;
                let start = number(row, col);
                let mut taken = Vec::new();
                self.follow(
                    &mut board,
                    king,
                    (row as i32, col as i32),
                    &mut taken,
                    &mut |t: &[u8], end| routes.push((start, t.to_vec(), end)),
                );
                for (dr, dc) in DIAGONALS {
                    if !king && dr != self.forward() {
                        continue;
                    }
                    let reach = if king { 9 } else { 1 };
                    for k in 1..=reach {
                        let (r, c) = (row as i32 + k * dr, col as i32 + k * dc);
                        if !on_board(r, c) || self.board[r as usize][c as usize] != Cell::Empty {
                            break;
                        }
                        steps.push(RefMove {
                            from: start,
                            to: number(r as usize, c as usize),
                            taken: Vec::new(),
                        });
                    }
                }
            }
        }
        let most = routes.iter().map(|r| r.1.len()).max().unwrap_or(0);
        let moves: Vec<RefMove> = if most == 0 {
            steps
        } else {
            let mut kept: Vec<RefMove> = Vec::new();
            for (from, mut taken, (r, c)) in routes {
                if taken.len() != most {
                    continue;
                }
                taken.sort_unstable();
                let m = RefMove {
                    from,
                    to: number(r, c),
                    taken,
                };
                if !kept.contains(&m) {
                    kept.push(m);
                }
            }
            kept
        };
        moves
            .into_iter()
            .map(|m| {
                let after = self.apply(&m);
                (m, after)
            })
            .collect()
    }

    /// Extends a capture of the piece now at `at` on `board` (where the pieces taken so far,
    /// `taken`, are marked); hands every route that cannot go on to `out` with its end.
    fn follow(
        &self,
        board: &mut [[Cell; 10]; 10],
        king: bool,
        at: (i32, i32),
        taken: &mut Vec<u8>,
        out: &mut Routes<'_>,
    ) {
        let mut went_on = false;
        for (dr, dc) in DIAGONALS {
            // Find the piece to jump: adjacent for a man, the first one along the line for a
            // king.
            let mut k = 1;
            if king {
                while on_board(at.0 + k * dr, at.1 + k * dc)
                    && board[(at.0 + k * dr) as usize][(at.1 + k * dc) as usize] == Cell::Empty
                {
                    k += 1;
                }
            }
            let (mr, mc) = (at.0 + k * dr, at.1 + k * dc);
            if !on_board(mr, mc) {
                continue;
            }
            let victim = board[mr as usize][mc as usize];
            let enemy = matches!(victim,
                Cell::Piece { white, taken: false, .. } if white != self.white_to_move);
            if !enemy {
                continue;
            }
            let Cell::Piece {
                white, king: vk, ..
            } = victim
            else {
                unreachable!("an enemy is a piece");
            };
            board[mr as usize][mc as usize] = Cell::Piece {
                white,
                king: vk,
                taken: true,
            };
            taken.push(number(mr as usize, mc as usize));
            let reach = if king { 9 } else { 1 };
            for j in 1..=reach {
                let (lr, lc) = (mr + j * dr, mc + j * dc);
                if !on_board(lr, lc) || board[lr as usize][lc as usize] != Cell::Empty {
                    break;
                }
                went_on = true;
                self.follow(board, king, (lr, lc), taken, out);
            }
            taken.pop();
            board[mr as usize][mc as usize] = victim;
        }
        if !went_on && !taken.is_empty() {
            out(taken, (at.0 as usize, at.1 as usize));
        }
    }

    /// The position after `m`.
    fn apply(&self, m: &RefMove) -> RefPosition {
        let mut next = self.clone();
        let (r0, c0) = coords(m.from);
        let Cell::Piece { white, king, .. } = self.board[r0][c0] else {
            unreachable!("a move starts on a piece");
        };
        for &t in &m.taken {
            let (r, c) = coords(t);
            next.board[r][c] = Cell::Empty;
        }
        let (r1, c1) = coords(m.to);
        let far_row = if white { 0 } else { 9 };
        next.board[r0][c0] = Cell::Empty;
        next.board[r1][c1] = Cell::Piece {
            white,
            king: king || r1 == far_row,
            taken: false,
        };
        next.white_to_move = !self.white_to_move;
        if self.draws {
            next.quiet = if m.taken.is_empty() && king {
                self.quiet + 1
            } else {
                0
            };
            let (before, after) = (self.ending_kind(), next.ending_kind());
            next.ending = if after == 0 {
                0
            } else if after == before {
                self.ending + 1
            } else {
                0
            };
        }
        next
    }

    /// The result, if the game is over.
    pub fn outcome(&self) -> Option<RefOutcome> {
        if self.drawn() {
            return Some(RefOutcome::Draw);
        }
        if !self.legal_moves().is_empty() {
            return None;
        }
        Some(if self.white_to_move {
            RefOutcome::BlackWins
        } else {
            RefOutcome::WhiteWins
        })
    }

    /// The number of move sequences of `depth` plies (draw rules as the position has them).
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal_moves();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves.iter().map(|(_, after)| after.perft(depth - 1)).sum()
    }
}

impl RefMove {
    /// The move in the Hub's full form: `32-28`, `28x19x23` (start, end, pieces taken).
    pub fn full_text(&self) -> String {
        if self.taken.is_empty() {
            return format!("{}-{}", self.from, self.to);
        }
        let mut s = format!("{}x{}", self.from, self.to);
        for t in &self.taken {
            s += &format!("x{t}");
        }
        s
    }
}
