//! The slow twin of the move generator: an 8x8 array of cells, directions as (row, column)
//! steps, captures followed on a copy of the board. It shares nothing with the fast code but
//! the square numbers (1..32, row by row from Black's side), and has its own reader and
//! writer for the position text, so the tests can hold the two against each other.
//!
//! A captured piece stays on the board, marked taken, until the sequence ends: it can be
//! neither jumped again nor landed on. The jumping piece's start square is empty during the
//! sequence (a king may come back to it).

/// What stands on a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Cell {
    Empty,
    /// A piece: black?, king?, already taken in the move being built?
    Piece {
        black: bool,
        king: bool,
        taken: bool,
    },
}

/// A move found by the reference generator.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefMove {
    /// Every square the piece stands on, start first (square numbers 1..32).
    pub path: Vec<u8>,
    /// The squares of the pieces taken, ascending.
    pub taken: Vec<u8>,
    /// The position text after the move.
    pub after: String,
}

impl RefMove {
    /// The move in PDN notation: `11-15`, `22x15x6`.
    pub fn text(&self) -> String {
        let squares: Vec<String> = self.path.iter().map(|s| s.to_string()).collect();
        squares.join(if self.taken.is_empty() { "-" } else { "x" })
    }
}

/// How the game stands, as the reference sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RefOutcome {
    /// Black has won (White has no move).
    BlackWins,
    /// White has won (Black has no move).
    WhiteWins,
    /// Drawn by the draw rule.
    Draw,
}

/// A position for the reference generator.
#[derive(Clone, Debug)]
pub struct RefPosition {
    board: [[Cell; 8]; 8],
    black_to_move: bool,
    merge: bool,
    draw_moves: u32,
    quiet: u32,
}

/// Row and column of a square number.
fn coords(square: u8) -> (usize, usize) {
    let i = usize::from(square - 1);
    let row = i / 4;
    let col = 2 * (i % 4) + usize::from(row % 2 == 0);
    (row, col)
}

/// The square number of a dark square.
fn number(row: usize, col: usize) -> u8 {
    (row * 4 + col / 2 + 1) as u8
}

const DIAGONALS: [(i32, i32); 4] = [(-1, -1), (-1, 1), (1, -1), (1, 1)];

fn on_board(r: i32, c: i32) -> bool {
    (0..8).contains(&r) && (0..8).contains(&c)
}

impl RefPosition {
    /// Reads a position text: `B:W21,22,K30:B1,2,3`, with optional `merge-duplicates`,
    /// `draw=N` and `quiet=Q` tokens.
    pub fn from_text(text: &str) -> Result<RefPosition, String> {
        let mut words = text.split_whitespace();
        let fen = words.next().ok_or("empty text")?;
        let parts: Vec<&str> = fen.trim_end_matches('.').split(':').collect();
        let black_to_move = match parts[0] {
            "B" | "b" => true,
            "W" | "w" => false,
            other => return Err(format!("side '{other}'")),
        };
        let mut board = [[Cell::Empty; 8]; 8];
        for part in &parts[1..] {
            let black = match part.chars().next() {
                Some('B' | 'b') => true,
                Some('W' | 'w') => false,
                _ => return Err(format!("field '{part}'")),
            };
            for item in part[1..].split(',').filter(|s| !s.is_empty()) {
                let king = item.starts_with(['K', 'k']);
                let digits = item.trim_start_matches(['K', 'k']);
                let (a, b) = digits.split_once('-').unwrap_or((digits, digits));
                let a: u8 = a.parse().map_err(|_| format!("square '{item}'"))?;
                let b: u8 = b.parse().map_err(|_| format!("square '{item}'"))?;
                for sq in a..=b {
                    if !(1..=32).contains(&sq) {
                        return Err(format!("square {sq}"));
                    }
                    let (r, c) = coords(sq);
                    board[r][c] = Cell::Piece {
                        black,
                        king,
                        taken: false,
                    };
                }
            }
        }
        let mut pos = RefPosition {
            board,
            black_to_move,
            merge: false,
            draw_moves: 0,
            quiet: 0,
        };
        for w in words {
            if w == "merge-duplicates" {
                pos.merge = true;
            } else if let Some(n) = w.strip_prefix("draw=") {
                pos.draw_moves = n.parse().map_err(|_| format!("'{w}'"))?;
            } else if let Some(n) = w.strip_prefix("quiet=") {
                pos.quiet = n.parse().map_err(|_| format!("'{w}'"))?;
            } else {
                return Err(format!("token '{w}'"));
            }
        }
        Ok(pos)
    }

    /// Writes the position text in the canonical form: side, White's list, Black's list,
    /// ascending, kings marked `K`; then the rule tokens that differ from the defaults.
    pub fn to_text(&self) -> String {
        let list = |want_black: bool| {
            let mut items = Vec::new();
            for sq in 1..=32u8 {
                let (r, c) = coords(sq);
                if let Cell::Piece { black, king, .. } = self.board[r][c]
                    && black == want_black
                {
                    items.push(format!("{}{sq}", if king { "K" } else { "" }));
                }
            }
            items.join(",")
        };
        let mut s = format!(
            "{}:W{}:B{}",
            if self.black_to_move { "B" } else { "W" },
            list(false),
            list(true)
        );
        if self.merge {
            s += " merge-duplicates";
        }
        if self.draw_moves > 0 {
            s += &format!(" draw={} quiet={}", self.draw_moves, self.quiet);
        }
        s
    }

    fn drawn(&self) -> bool {
        self.draw_moves > 0 && self.quiet >= 2 * self.draw_moves
    }

    /// The forward row step of the side to move's men.
    fn forward(&self) -> i32 {
        if self.black_to_move { 1 } else { -1 }
    }

    /// May a piece of the side to move (a king or not) go in row direction `dr`?
    fn may_go(&self, king: bool, dr: i32) -> bool {
        king || dr == self.forward()
    }

    /// Every legal move, each with the position it leads to.
    pub fn legal_moves(&self) -> Vec<RefMove> {
        if self.drawn() {
            return Vec::new();
        }
        let mut captures = Vec::new();
        let mut steps = Vec::new();
        for row in 0..8 {
            for col in 0..8 {
                let Cell::Piece { black, king, .. } = self.board[row][col] else {
                    continue;
                };
                if black != self.black_to_move {
                    continue;
                }
                let mut board = self.board;
                board[row][col] = Cell::Empty;
                let start = number(row, col);
                self.follow(
                    &mut board,
                    king,
                    (row as i32, col as i32),
                    &mut vec![start],
                    &mut captures,
                );
                for (dr, dc) in DIAGONALS {
                    let (r, c) = (row as i32 + dr, col as i32 + dc);
                    if self.may_go(king, dr)
                        && on_board(r, c)
                        && self.board[r as usize][c as usize] == Cell::Empty
                    {
                        steps.push(vec![start, number(r as usize, c as usize)]);
                    }
                }
            }
        }
        let paths = if captures.is_empty() { steps } else { captures };
        let mut moves: Vec<RefMove> = paths.into_iter().map(|p| self.apply(&p)).collect();
        if self.merge {
            let mut kept: Vec<RefMove> = Vec::new();
            for m in moves {
                let same = |k: &RefMove| {
                    k.path[0] == m.path[0] && k.path.last() == m.path.last() && k.taken == m.taken
                };
                if !kept.iter().any(same) {
                    kept.push(m);
                }
            }
            moves = kept;
        }
        moves
    }

    /// Extends the capture sequence `path` of the piece now at `at` on `board` (where the
    /// pieces taken so far are marked); records it in `out` when it cannot go on.
    fn follow(
        &self,
        board: &mut [[Cell; 8]; 8],
        king: bool,
        at: (i32, i32),
        path: &mut Vec<u8>,
        out: &mut Vec<Vec<u8>>,
    ) {
        let mut went_on = false;
        for (dr, dc) in DIAGONALS {
            if !self.may_go(king, dr) {
                continue;
            }
            let (mr, mc) = (at.0 + dr, at.1 + dc);
            let (lr, lc) = (at.0 + 2 * dr, at.1 + 2 * dc);
            if !on_board(lr, lc) {
                continue;
            }
            let enemy = matches!(
                board[mr as usize][mc as usize],
                Cell::Piece { black, taken: false, .. } if black != self.black_to_move
            );
            if !enemy || board[lr as usize][lc as usize] != Cell::Empty {
                continue;
            }
            went_on = true;
            let saved = board[mr as usize][mc as usize];
            if let Cell::Piece { black, king, .. } = saved {
                board[mr as usize][mc as usize] = Cell::Piece {
                    black,
                    king,
                    taken: true,
                };
            }
            path.push(number(lr as usize, lc as usize));
            let far_row = if self.black_to_move { 7 } else { 0 };
            if !king && lr == far_row {
                out.push(path.clone()); // crowned: the move ends here
            } else {
                self.follow(board, king, (lr, lc), path, out);
            }
            path.pop();
            board[mr as usize][mc as usize] = saved;
        }
        if !went_on && path.len() > 1 {
            out.push(path.clone());
        }
    }

    /// The move along `path` (a step or a capture sequence), with the position after it.
    fn apply(&self, path: &[u8]) -> RefMove {
        let mut next = self.clone();
        let (r0, c0) = coords(path[0]);
        let Cell::Piece { black, king, .. } = self.board[r0][c0] else {
            unreachable!("a move starts on a piece");
        };
        let mut taken = Vec::new();
        for pair in path.windows(2) {
            let (ra, ca) = coords(pair[0]);
            let (rb, cb) = coords(pair[1]);
            if ra.abs_diff(rb) == 2 {
                let (rm, cm) = ((ra + rb) / 2, (ca + cb) / 2);
                taken.push(number(rm, cm));
                next.board[rm][cm] = Cell::Empty;
            }
        }
        taken.sort_unstable();
        let (r1, c1) = coords(*path.last().expect("a path has squares"));
        let far_row = if black { 7 } else { 0 };
        next.board[r0][c0] = Cell::Empty;
        next.board[r1][c1] = Cell::Piece {
            black,
            king: king || r1 == far_row,
            taken: false,
        };
        next.black_to_move = !self.black_to_move;
        if self.draw_moves > 0 {
            next.quiet = if taken.is_empty() && king {
                self.quiet + 1
            } else {
                0
            };
        }
        RefMove {
            path: path.to_vec(),
            taken,
            after: next.to_text(),
        }
    }

    /// The result, if the game is over.
    pub fn outcome(&self) -> Option<RefOutcome> {
        if self.drawn() {
            return Some(RefOutcome::Draw);
        }
        if !self.legal_moves().is_empty() {
            return None;
        }
        Some(if self.black_to_move {
            RefOutcome::WhiteWins
        } else {
            RefOutcome::BlackWins
        })
    }
}
