//! FEN in and out. Text from outside is checked field by field here, so that an error names
//! the field and what is wrong with it; only then is it handed to cozy-chess, in one
//! canonical form, to build the board (cozy's own checks remain as a last net, for the rare
//! illegal position the fields alone cannot show, such as a triple check).
//!
//! Castling rights are read as classic FEN (`KQkq`), X-FEN (`KQkq` meaning the outermost
//! rook on that side, a file letter for an inner one) and Shredder-FEN (`HAha`, the rooks'
//! files); standard chess is written with `KQkq`, Chess960 with Shredder-FEN.

use crate::Position;
use cozy_chess::{
    BitBoard, Board, Color, File, Piece, Rank, Square, get_bishop_moves, get_king_moves,
    get_knight_moves, get_pawn_attacks, get_rook_moves,
};
use thiserror::Error;

/// The most pieces (and pawns) one side can have in a position reached by legal play.
const MAX_PIECES: usize = 16;
/// The most pawns one side can have.
const MAX_PAWNS: usize = 8;
/// The largest halfmove clock read: at 100 the game is drawn.
const MAX_HALFMOVE_CLOCK: u8 = crate::FIFTY_MOVE_PLIES;

/// The six fields of a FEN, by number from 1.
const FIELD_NAMES: [&str; 6] = [
    "piece placement",
    "side to move",
    "castling",
    "en passant",
    "halfmove clock",
    "fullmove number",
];

/// What is wrong with a FEN.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum FenError {
    /// Not 6 fields (or 4, without the clocks).
    #[error(
        "a FEN has 6 fields separated by blanks (4 without the clocks), found {0}: placement, side to move, castling, en passant, halfmove clock, fullmove number"
    )]
    Fields(usize),
    /// A field that is wrong.
    #[error("FEN field {field} ({}): {message}", FIELD_NAMES[*field - 1])]
    Field {
        /// The field's number, 1 to 6.
        field: usize,
        /// What is wrong.
        message: String,
    },
    /// Fields that are each well formed but describe a position legal play cannot reach.
    #[error("not a legal position: {0}")]
    Position(String),
}

fn field_error(field: usize, message: String) -> FenError {
    FenError::Field { field, message }
}

fn color_name(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// The squares, a1 = 0, as read from the placement field.
type Squares = [Option<(Piece, Color)>; 64];

fn parse_placement(text: &str) -> Result<Squares, String> {
    let ranks: Vec<&str> = text.split('/').collect();
    if ranks.len() != 8 {
        return Err(format!(
            "expected 8 ranks separated by '/', found {} in '{text}'",
            ranks.len()
        ));
    }
    let mut squares: Squares = [None; 64];
    for (i, rank_text) in ranks.iter().enumerate() {
        let rank = 7 - i;
        let mut file = 0usize;
        for ch in rank_text.chars() {
            if let Some(n) = ch.to_digit(10)
                && (1..=8).contains(&n)
            {
                file += n as usize;
            } else {
                let piece = Piece::try_from(ch.to_ascii_lowercase())
                    .ok()
                    .filter(|_| ch.is_ascii_alphabetic())
                    .ok_or_else(|| {
                        format!(
                            "'{ch}' in rank {} is neither a piece (PNBRQK, pnbrqk) nor a count of empty squares (1-8)",
                            rank + 1
                        )
                    })?;
                let color = if ch.is_ascii_uppercase() {
                    Color::White
                } else {
                    Color::Black
                };
                if file < 8 {
                    squares[rank * 8 + file] = Some((piece, color));
                }
                file += 1;
            }
            if file > 8 {
                break;
            }
        }
        if file != 8 {
            let more = if file > 8 { "more than" } else { "only" };
            return Err(format!(
                "rank {} '{rank_text}' has {more} {} squares, expected 8",
                rank + 1,
                file.min(8)
            ));
        }
    }
    Ok(squares)
}

/// The pieces of one colour and kind as a bit set.
fn set(squares: &Squares, piece: Piece, color: Color) -> BitBoard {
    let mut bits = 0u64;
    for (i, s) in squares.iter().enumerate() {
        if *s == Some((piece, color)) {
            bits |= 1 << i;
        }
    }
    BitBoard(bits)
}

/// Whether `color`'s king (the only one) is attacked by the other side.
fn in_check(squares: &Squares, color: Color) -> bool {
    let king = set(squares, Piece::King, color)
        .next_square()
        .expect("one king each");
    let them = !color;
    let occupied = BitBoard(
        squares
            .iter()
            .enumerate()
            .filter(|(_, s)| s.is_some())
            .fold(0, |bits, (i, _)| bits | 1u64 << i),
    );
    let queens = set(squares, Piece::Queen, them);
    let attackers = (get_knight_moves(king) & set(squares, Piece::Knight, them))
        | (get_king_moves(king) & set(squares, Piece::King, them))
        | (get_pawn_attacks(king, color) & set(squares, Piece::Pawn, them))
        | (get_bishop_moves(king, occupied) & (set(squares, Piece::Bishop, them) | queens))
        | (get_rook_moves(king, occupied) & (set(squares, Piece::Rook, them) | queens));
    !attackers.is_empty()
}

fn check_material(squares: &Squares) -> Result<(), String> {
    for color in [Color::White, Color::Black] {
        let name = color_name(color);
        let kings = set(squares, Piece::King, color).len();
        if kings != 1 {
            return Err(format!("{name} has {kings} kings, expected exactly one"));
        }
        let pieces = squares
            .iter()
            .filter(|s| matches!(s, Some((_, c)) if *c == color))
            .count();
        if pieces > MAX_PIECES {
            return Err(format!(
                "{name} has {pieces} pieces, more than the {MAX_PIECES} a game starts with"
            ));
        }
        let pawns = set(squares, Piece::Pawn, color);
        if pawns.len() as usize > MAX_PAWNS {
            return Err(format!(
                "{name} has {} pawns, more than {MAX_PAWNS}",
                pawns.len()
            ));
        }
        let back_ranks = Rank::First.bitboard() | Rank::Eighth.bitboard();
        if let Some(square) = (pawns & back_ranks).next_square() {
            return Err(format!(
                "a {} pawn on {square}: pawns never stand on the first or last rank",
                name.to_lowercase()
            ));
        }
    }
    Ok(())
}

/// Castling rights as rook files: `[color][0 = short, 1 = long]`.
type Rights = [[Option<File>; 2]; 2];

fn parse_castling(text: &str, squares: &Squares, chess960: bool) -> Result<Rights, String> {
    let mut rights: Rights = [[None; 2]; 2];
    if text == "-" {
        return Ok(rights);
    }
    for ch in text.chars() {
        let color = if ch.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let name = color_name(color);
        let back = Rank::First.relative_to(color);
        let king = set(squares, Piece::King, color)
            .next_square()
            .expect("one king each");
        if king.rank() != back {
            return Err(format!(
                "'{ch}': {name}'s king is on {king}, not on its first rank"
            ));
        }
        let rooks: Vec<File> = (set(squares, Piece::Rook, color) & back.bitboard())
            .into_iter()
            .map(Square::file)
            .collect();
        let (short, file) = match ch.to_ascii_lowercase() {
            'k' => (
                true,
                rooks.iter().copied().filter(|&f| f > king.file()).max(),
            ),
            'q' => (
                false,
                rooks.iter().copied().filter(|&f| f < king.file()).min(),
            ),
            c @ 'a'..='h' => {
                let file = File::try_from(c).expect("a to h");
                if !rooks.contains(&file) {
                    return Err(format!(
                        "'{ch}': {name} has no rook on {}",
                        Square::new(file, back)
                    ));
                }
                (file > king.file(), Some(file))
            }
            _ => {
                return Err(format!(
                    "'{ch}' is not a castling right (KQkq, or a rook's file A-H for White and a-h for Black)"
                ));
            }
        };
        let side = if short { "king's" } else { "queen's" };
        let Some(file) = file else {
            return Err(format!(
                "'{ch}': {name} has no rook on its first rank on the {side} side"
            ));
        };
        if !chess960 && (king.file() != File::E || ![File::A, File::H].contains(&file)) {
            return Err(format!(
                "'{ch}': standard chess castles with the king on the e-file and the rook in the corner; king on {king}, rook on {} (is this Chess960?)",
                Square::new(file, back)
            ));
        }
        let slot = &mut rights[color as usize][usize::from(!short)];
        if slot.is_some() {
            return Err(format!("{name}'s {side} side castling is given twice"));
        }
        *slot = Some(file);
    }
    Ok(rights)
}

fn parse_en_passant(text: &str, squares: &Squares, side: Color) -> Result<Option<File>, String> {
    if text == "-" {
        return Ok(None);
    }
    let target_rank = Rank::Sixth.relative_to(side);
    let square: Square = text
        .parse()
        .ok()
        .filter(|s: &Square| s.rank() == target_rank)
        .ok_or_else(|| {
            format!(
                "expected '-' or a square on rank {} ({} to move), found '{text}'",
                target_rank as usize + 1,
                color_name(side)
            )
        })?;
    let file = square.file();
    let pawn = Square::new(file, Rank::Fifth.relative_to(side));
    let origin = Square::new(file, Rank::Seventh.relative_to(side));
    let them = !side;
    if squares[pawn as usize] != Some((Piece::Pawn, them))
        || squares[square as usize].is_some()
        || squares[origin as usize].is_some()
    {
        return Err(format!(
            "'{text}' needs a {} pawn on {pawn} that has just come from {origin}, with {square} and {origin} empty",
            color_name(them).to_lowercase()
        ));
    }
    Ok(Some(file))
}

/// Reads a FEN (see the module documentation); `chess960` says how castling works.
pub fn from_fen(text: &str, chess960: bool) -> Result<Position, FenError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    let (halfmove, fullmove) = match fields.len() {
        6 => (fields[4], fields[5]),
        4 => ("0", "1"),
        n => return Err(FenError::Fields(n)),
    };
    let squares = parse_placement(fields[0]).map_err(|m| field_error(1, m))?;
    check_material(&squares).map_err(|m| field_error(1, m))?;
    let side = match fields[1] {
        "w" => Color::White,
        "b" => Color::Black,
        other => {
            return Err(field_error(
                2,
                format!("expected 'w' or 'b', found '{other}'"),
            ));
        }
    };
    if in_check(&squares, !side) {
        return Err(field_error(
            2,
            format!(
                "{} to move, but {}'s king is in check, which no legal game reaches",
                color_name(side),
                color_name(!side)
            ),
        ));
    }
    let rights = parse_castling(fields[2], &squares, chess960).map_err(|m| field_error(3, m))?;
    let ep = parse_en_passant(fields[3], &squares, side).map_err(|m| field_error(4, m))?;
    let halfmove: u8 = halfmove
        .parse()
        .ok()
        .filter(|&n| n <= MAX_HALFMOVE_CLOCK)
        .ok_or_else(|| {
            field_error(
                5,
                format!(
                    "expected a whole number from 0 to {MAX_HALFMOVE_CLOCK} (the game is drawn at {MAX_HALFMOVE_CLOCK}), found '{halfmove}'"
                ),
            )
        })?;
    let fullmove: u16 = fullmove.parse().ok().filter(|&n| n >= 1).ok_or_else(|| {
        field_error(
            6,
            format!(
                "expected a whole number from 1 to {}, found '{fullmove}'",
                u16::MAX
            ),
        )
    })?;

    // One canonical Shredder-FEN for cozy-chess.
    let mut castling = String::new();
    for color in [Color::White, Color::Black] {
        for file in rights[color as usize].iter().flatten() {
            let c = char::from(*file);
            castling.push(if color == Color::White {
                c.to_ascii_uppercase()
            } else {
                c
            });
        }
    }
    if castling.is_empty() {
        castling.push('-');
    }
    let ep = ep.map_or("-".to_string(), |f| {
        Square::new(f, Rank::Sixth.relative_to(side)).to_string()
    });
    let canonical = format!(
        "{} {} {castling} {ep} {halfmove} {fullmove}",
        fields[0], fields[1]
    );
    let board = Board::from_fen(&canonical, true)
        .map_err(|e| FenError::Position(format!("{e} ('{canonical}')")))?;
    Ok(Position::from_board(board, chess960))
}

/// Whether a FEN's castling field can only be Chess960: it names rook files.
pub(crate) fn names_rook_files(text: &str) -> bool {
    text.split_whitespace()
        .nth(2)
        .is_some_and(|c| c.chars().any(|c| matches!(c, 'A'..='H' | 'a'..='h')))
}

impl Position {
    /// Reads a FEN (X-FEN or Shredder-FEN castling for Chess960), checking every field.
    pub fn from_fen(text: &str, chess960: bool) -> Result<Position, FenError> {
        from_fen(text, chess960)
    }

    /// The position as FEN: `KQkq` castling in standard chess, Shredder-FEN (rook files)
    /// in Chess960.
    pub fn fen(&self) -> String {
        if self.chess960 {
            format!("{:#}", self.board)
        } else {
            self.board.to_string()
        }
    }
}
