//! Moves as text: UCI long algebraic (the protocol's notation and the game's canonical move
//! text) and SAN (what people type and PGN records), in and out, with errors that say which
//! moves were near.
//!
//! Inside, a move is cozy-chess's: castling is the king capturing its own rook. UCI writes
//! standard castling as the king's two-square step (`e1g1`) and Chess960 castling as king
//! takes rook (`e1h1`), as UCI_Chess960 engines do; standard chess reads both.

use crate::Position;
use crate::fen::FenError;
use cozy_chess::{Board, Color, File, Move, Piece, Rank, Square};
use thiserror::Error;

/// What is wrong with a move text.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum MoveError {
    /// Neither UCI nor SAN.
    #[error("'{0}' is not a move: UCI (e2e4, e7e8q) or SAN (Nf3, exd5, O-O, e8=Q)")]
    Syntax(String),
    /// Well formed, but not a legal move here.
    #[error("illegal move '{0}'")]
    Illegal(String),
    /// SAN that no legal move fits; `pieces` lists where the pieces of that kind stand.
    #[error("no legal move matches '{text}' ({pieces})")]
    NoMatch {
        /// The text as given.
        text: String,
        /// "knights: b1, g1", or "no knights".
        pieces: String,
    },
    /// SAN that several legal moves fit, listed in UCI.
    #[error("ambiguous '{text}': {candidates}")]
    Ambiguous {
        /// The text as given.
        text: String,
        /// The moves it could be, in UCI, comma separated.
        candidates: String,
    },
    /// A pawn reaching the last rank without saying what it becomes.
    #[error("'{0}': a pawn reaching the last rank must promote (=Q, =R, =B or =N)")]
    MissingPromotion(String),
}

/// What is wrong with a text of the game's notation: a position or a move.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum TextError {
    /// A FEN that cannot be read.
    #[error(transparent)]
    Fen(#[from] FenError),
    /// A move that cannot be read.
    #[error(transparent)]
    Move(#[from] MoveError),
}

/// Every legal move on the board (draw rules aside), in generation order.
pub(crate) fn board_moves(board: &Board) -> Vec<Move> {
    let mut moves = Vec::new();
    board.generate_moves(|pm| {
        moves.extend(pm);
        false
    });
    moves
}

/// Whether `mv` is a castling move (in cozy's convention, king takes own rook).
fn is_castling(board: &Board, mv: Move) -> bool {
    board.piece_on(mv.from) == Some(Piece::King) && board.colors(board.side_to_move()).has(mv.to)
}

fn piece_letter(piece: Piece) -> char {
    char::from(piece).to_ascii_uppercase()
}

fn piece_plural(piece: Piece) -> &'static str {
    match piece {
        Piece::Pawn => "pawns",
        Piece::Knight => "knights",
        Piece::Bishop => "bishops",
        Piece::Rook => "rooks",
        Piece::Queen => "queens",
        Piece::King => "kings",
    }
}

/// A UCI move's syntax: two squares and an optional promotion letter.
fn uci_syntax(text: &str) -> Option<Move> {
    if !(4..=5).contains(&text.len()) || !text.is_ascii() {
        return None;
    }
    let from: Square = text[0..2].parse().ok()?;
    let to: Square = text[2..4].parse().ok()?;
    let promotion = match text.as_bytes().get(4) {
        None => None,
        Some(b'n') => Some(Piece::Knight),
        Some(b'b') => Some(Piece::Bishop),
        Some(b'r') => Some(Piece::Rook),
        Some(b'q') => Some(Piece::Queen),
        Some(_) => return None,
    };
    Some(Move {
        from,
        to,
        promotion,
    })
}

impl Position {
    /// The move in UCI long algebraic notation (`e2e4`, `e7e8q`; castling `e1g1` in
    /// standard chess, king takes rook `e1h1` in Chess960).
    pub fn uci_move(&self, mv: Move) -> String {
        if !self.chess960 && is_castling(&self.board, mv) {
            let file = if mv.to.file() > mv.from.file() {
                File::G
            } else {
                File::C
            };
            let to = Square::new(file, mv.from.rank());
            return format!("{}{to}", mv.from);
        }
        mv.to_string()
    }

    /// Reads a UCI move in the position's convention to cozy's, without checking that it
    /// is legal: in standard chess a king's two-square step from its start square is
    /// castling, and king takes rook is read too.
    pub(crate) fn uci_to_move(&self, text: &str) -> Option<Move> {
        let mut mv = uci_syntax(text)?;
        let board = &self.board;
        let color = board.side_to_move();
        if !self.chess960
            && mv.promotion.is_none()
            && mv.from == board.king(color)
            && mv.from.file() == File::E
            && mv.from.rank() == Rank::First.relative_to(color)
            && mv.to.rank() == mv.from.rank()
        {
            let rights = board.castle_rights(color);
            let rook = match mv.to.file() {
                File::G => rights.short,
                File::C => rights.long,
                _ => None,
            };
            if let Some(file) = rook {
                mv.to = Square::new(file, mv.from.rank());
            }
        }
        Some(mv)
    }

    /// Reads a UCI move and checks that it is legal on the board. Draw rules aside: a game
    /// the rules have ended still reads moves, as a GUI may send them.
    pub fn parse_uci(&self, text: &str) -> Result<Move, MoveError> {
        let mv = self
            .uci_to_move(text)
            .ok_or_else(|| MoveError::Syntax(text.to_string()))?;
        if self.board.is_legal(mv) {
            Ok(mv)
        } else {
            Err(MoveError::Illegal(text.to_string()))
        }
    }

    /// The move in Standard Algebraic Notation (PGN): piece letter, the fewest
    /// disambiguating characters (file, else rank, else both), `x` for captures, `=Q` for
    /// promotions, `O-O`/`O-O-O`, and `+` or `#`.
    pub fn san(&self, mv: Move) -> String {
        let board = &self.board;
        let mut text = String::new();
        if is_castling(board, mv) {
            text.push_str(if mv.to.file() > mv.from.file() {
                "O-O"
            } else {
                "O-O-O"
            });
        } else {
            let piece = board.piece_on(mv.from).expect("a legal move's piece");
            let capture = board.colors(!board.side_to_move()).has(mv.to)
                || (piece == Piece::Pawn && mv.from.file() != mv.to.file());
            if piece == Piece::Pawn {
                if capture {
                    text.push(char::from(mv.from.file()));
                }
            } else {
                text.push(piece_letter(piece));
                let rivals: Vec<Square> = board_moves(board)
                    .into_iter()
                    .filter(|m| {
                        m.to == mv.to
                            && m.from != mv.from
                            && board.piece_on(m.from) == Some(piece)
                            && !is_castling(board, *m)
                    })
                    .map(|m| m.from)
                    .collect();
                if !rivals.is_empty() {
                    if rivals.iter().all(|s| s.file() != mv.from.file()) {
                        text.push(char::from(mv.from.file()));
                    } else if rivals.iter().all(|s| s.rank() != mv.from.rank()) {
                        text.push(char::from(mv.from.rank()));
                    } else {
                        text.push_str(&mv.from.to_string());
                    }
                }
            }
            if capture {
                text.push('x');
            }
            text.push_str(&mv.to.to_string());
            if let Some(p) = mv.promotion {
                text.push('=');
                text.push(piece_letter(p));
            }
        }
        let mut after = board.clone();
        after.play_unchecked(mv);
        if !after.checkers().is_empty() {
            text.push(if after.generate_moves(|_| true) {
                '+'
            } else {
                '#'
            });
        }
        text
    }

    /// Reads a SAN move (PGN standard: `Nf3`, `Nbd2`, `R1e2`, `Qh4xe1`, `exd6`, `e8=Q`,
    /// `O-O`, `0-0-0`; `+`, `#` and annotations such as `!?` are accepted and ignored) and
    /// finds the one legal move it names on the board (draw rules aside).
    pub fn parse_san(&self, text: &str) -> Result<Move, MoveError> {
        let syntax = || MoveError::Syntax(text.to_string());
        let core = text.trim_end_matches(['+', '#', '!', '?']);
        let board = &self.board;
        let moves = board_moves(board);
        if matches!(core, "O-O" | "0-0" | "O-O-O" | "0-0-0") {
            let short = core.len() == 3;
            let found = moves
                .iter()
                .copied()
                .find(|&m| is_castling(board, m) && (m.to.file() > m.from.file()) == short);
            return found.ok_or_else(|| MoveError::NoMatch {
                text: text.to_string(),
                pieces: "no castling is legal here".to_string(),
            });
        }
        if !core.is_ascii() || core.len() < 2 {
            return Err(syntax());
        }
        let (piece, mut rest) = match core.as_bytes()[0] {
            b'N' => (Piece::Knight, &core[1..]),
            b'B' => (Piece::Bishop, &core[1..]),
            b'R' => (Piece::Rook, &core[1..]),
            b'Q' => (Piece::Queen, &core[1..]),
            b'K' => (Piece::King, &core[1..]),
            b'a'..=b'h' => (Piece::Pawn, core),
            _ => return Err(syntax()),
        };
        let mut promotion = None;
        if piece == Piece::Pawn {
            let bytes = rest.as_bytes();
            let last = bytes[bytes.len() - 1];
            let promoted = match last {
                b'N' => Some(Piece::Knight),
                b'B' => Some(Piece::Bishop),
                b'R' => Some(Piece::Rook),
                b'Q' => Some(Piece::Queen),
                _ => None,
            };
            if let Some(p) = promoted {
                promotion = Some(p);
                rest = &rest[..rest.len() - 1];
                rest = rest.strip_suffix('=').unwrap_or(rest);
            }
        }
        if rest.len() < 2 {
            return Err(syntax());
        }
        let to: Square = rest[rest.len() - 2..].parse().map_err(|_| syntax())?;
        let mut hint = &rest[..rest.len() - 2];
        hint = hint.strip_suffix(['x', ':']).unwrap_or(hint);
        let mut from_file = None;
        let mut from_rank = None;
        for c in hint.chars() {
            match c {
                'a'..='h' if from_file.is_none() && from_rank.is_none() => {
                    from_file = Some(File::try_from(c).map_err(|_| syntax())?);
                }
                '1'..='8' if from_rank.is_none() => {
                    from_rank = Some(Rank::try_from(c).map_err(|_| syntax())?);
                }
                _ => return Err(syntax()),
            }
        }
        if piece == Piece::Pawn && from_rank.is_some() {
            return Err(syntax());
        }
        let fits: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|&m| {
                m.to == to
                    && board.piece_on(m.from) == Some(piece)
                    && !is_castling(board, m)
                    && from_file.is_none_or(|f| m.from.file() == f)
                    && from_rank.is_none_or(|r| m.from.rank() == r)
            })
            .collect();
        let promoting: Vec<Move> = fits
            .iter()
            .copied()
            .filter(|m| m.promotion == promotion)
            .collect();
        match promoting[..] {
            [mv] => Ok(mv),
            [] if promotion.is_none() && !fits.is_empty() => {
                Err(MoveError::MissingPromotion(text.to_string()))
            }
            [] => {
                let mine = board.colored_pieces(board.side_to_move(), piece);
                let squares: Vec<String> = mine.into_iter().map(|s| s.to_string()).collect();
                let pieces = if squares.is_empty() {
                    format!("no {}", piece_plural(piece))
                } else {
                    format!("{}: {}", piece_plural(piece), squares.join(", "))
                };
                Err(MoveError::NoMatch {
                    text: text.to_string(),
                    pieces,
                })
            }
            _ => {
                let candidates: Vec<String> = promoting.iter().map(|&m| self.uci_move(m)).collect();
                Err(MoveError::Ambiguous {
                    text: text.to_string(),
                    candidates: candidates.join(", "),
                })
            }
        }
    }

    /// Reads a move as UCI if it has UCI's shape, else as SAN.
    pub fn parse_any(&self, text: &str) -> Result<Move, MoveError> {
        match self.uci_to_move(text) {
            Some(_) => self.parse_uci(text),
            None => self.parse_san(text),
        }
    }
}

/// Whether `color` is White (seat 0).
pub(crate) fn seat_of(color: Color) -> u8 {
    match color {
        Color::White => 0,
        Color::Black => 1,
    }
}
