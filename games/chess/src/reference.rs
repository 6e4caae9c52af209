//! The slow twin: chess on a 0x88 mailbox, written from the FIDE Laws alone (no bit sets, no
//! cozy-chess, no pin or check masks). Moves are found the plain way: every pseudo-legal
//! move is made on a copy and kept if the mover's king is then not attacked, which handles
//! pins, checks and the en-passant capture that uncovers a rank attack on the king without
//! a special case. Castling follows Article 3.8 and the Chess960 rules literally: the squares
//! between the king and its target and between the rook and its target (targets included)
//! hold nothing but the king and that rook, the king is not in check, and no square the king
//! crosses or lands on is attacked. The tests compare it with the fast generator move by
//! move and position by position; it reads and writes FEN by its own code.

/// Piece codes; White positive, Black negative, 0 empty.
const PAWN: i8 = 1;
const KNIGHT: i8 = 2;
const BISHOP: i8 = 3;
const ROOK: i8 = 4;
const QUEEN: i8 = 5;
const KING: i8 = 6;

const KNIGHT_STEPS: [i16; 8] = [33, 31, 18, 14, -33, -31, -18, -14];
const KING_STEPS: [i16; 8] = [1, -1, 16, -16, 15, 17, -15, -17];
const DIAGONAL_STEPS: [i16; 4] = [15, 17, -15, -17];
const STRAIGHT_STEPS: [i16; 4] = [1, -1, 16, -16];
/// Promotion choices in the order UCI letters are written here.
const PROMOTIONS: [i8; 4] = [KNIGHT, BISHOP, ROOK, QUEEN];
/// The halfmove clock at which the game is drawn.
const FIFTY_MOVE_PLIES: u32 = 100;

fn on_board(square: i16) -> bool {
    (0..128).contains(&square) && square & 0x88 == 0
}

fn file_of(square: u8) -> u8 {
    square & 7
}

fn rank_of(square: u8) -> u8 {
    square >> 4
}

fn name(square: u8) -> String {
    format!(
        "{}{}",
        char::from(b'a' + file_of(square)),
        char::from(b'1' + rank_of(square))
    )
}

fn letter(piece: i8) -> char {
    let c = match piece.abs() {
        PAWN => 'p',
        KNIGHT => 'n',
        BISHOP => 'b',
        ROOK => 'r',
        QUEEN => 'q',
        _ => 'k',
    };
    if piece > 0 { c.to_ascii_uppercase() } else { c }
}

/// What a move does beyond moving one piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Plain,
    DoublePush,
    EnPassant,
    /// Castling with the rook on this square; `short` toward the h-file.
    Castle {
        rook: u8,
        short: bool,
    },
}

#[derive(Clone, Copy, Debug)]
struct RefMove {
    from: u8,
    to: u8,
    promotion: i8,
    kind: Kind,
}

/// How a game ended, as the reference sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RefOutcome {
    /// `Some(true)`: White won; `Some(false)`: Black won; `None`: a draw.
    pub white_wins: Option<bool>,
    /// The reason, in the fast implementation's words.
    pub reason: &'static str,
}

/// A position on a 0x88 board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefPosition {
    squares: [i8; 128],
    white_to_move: bool,
    /// The castling rooks' files: White short, White long, Black short, Black long.
    castling: [Option<u8>; 4],
    /// The square a pawn just skipped, after any double step.
    en_passant: Option<u8>,
    halfmove: u32,
    fullmove: u32,
    chess960: bool,
}

impl RefPosition {
    /// Reads a FEN as the fast side writes it (`KQkq`, or rook files for Chess960).
    pub fn from_fen(text: &str, chess960: bool) -> Result<RefPosition, String> {
        let fields: Vec<&str> = text.split(' ').collect();
        if fields.len() != 6 {
            return Err(format!("expected 6 fields: {text}"));
        }
        let mut squares = [0i8; 128];
        let rows: Vec<&str> = fields[0].split('/').collect();
        if rows.len() != 8 {
            return Err(format!("expected 8 ranks: {text}"));
        }
        for (i, row) in rows.iter().enumerate() {
            let rank = 7 - i as u8;
            let mut file = 0u8;
            for c in row.chars() {
                if let Some(n) = c.to_digit(10) {
                    file += n as u8;
                    continue;
                }
                let kind = match c.to_ascii_lowercase() {
                    'p' => PAWN,
                    'n' => KNIGHT,
                    'b' => BISHOP,
                    'r' => ROOK,
                    'q' => QUEEN,
                    'k' => KING,
                    _ => return Err(format!("bad piece {c}")),
                };
                if file > 7 {
                    return Err(format!("rank too long: {row}"));
                }
                squares[usize::from(rank * 16 + file)] =
                    if c.is_ascii_uppercase() { kind } else { -kind };
                file += 1;
            }
        }
        let white_to_move = match fields[1] {
            "w" => true,
            "b" => false,
            s => return Err(format!("bad side {s}")),
        };
        let mut pos = RefPosition {
            squares,
            white_to_move,
            castling: [None; 4],
            en_passant: None,
            halfmove: fields[4].parse().map_err(|_| "bad halfmove clock")?,
            fullmove: fields[5].parse().map_err(|_| "bad fullmove number")?,
            chess960,
        };
        if fields[2] != "-" {
            for c in fields[2].chars() {
                let white = c.is_ascii_uppercase();
                let back = if white { 0u8 } else { 7 };
                let king = pos.king(white).ok_or("no king")?;
                let own_rook = if white { ROOK } else { -ROOK };
                let rook_files: Vec<u8> = (0..8)
                    .filter(|&f| pos.squares[usize::from(back * 16 + f)] == own_rook)
                    .collect();
                let (short, file) = match c.to_ascii_lowercase() {
                    'k' => (true, rook_files.iter().copied().max()),
                    'q' => (false, rook_files.iter().copied().min()),
                    f @ 'a'..='h' => {
                        let f = f as u8 - b'a';
                        (f > file_of(king), Some(f))
                    }
                    _ => return Err(format!("bad castling {c}")),
                };
                let slot = usize::from(!white) * 2 + usize::from(!short);
                pos.castling[slot] = file;
            }
        }
        if fields[3] != "-" {
            let b = fields[3].as_bytes();
            if b.len() != 2 {
                return Err("bad en passant".into());
            }
            pos.en_passant = Some((b[1] - b'1') * 16 + (b[0] - b'a'));
        }
        Ok(pos)
    }

    /// The position as FEN, in the fast side's conventions.
    pub fn to_fen(&self) -> String {
        let mut text = String::new();
        for rank in (0..8u8).rev() {
            let mut empty = 0;
            for file in 0..8u8 {
                let piece = self.squares[usize::from(rank * 16 + file)];
                if piece == 0 {
                    empty += 1;
                    continue;
                }
                if empty > 0 {
                    text.push_str(&empty.to_string());
                    empty = 0;
                }
                text.push(letter(piece));
            }
            if empty > 0 {
                text.push_str(&empty.to_string());
            }
            if rank > 0 {
                text.push('/');
            }
        }
        text.push_str(if self.white_to_move { " w " } else { " b " });
        text.push_str(&self.castling_text());
        text.push(' ');
        text.push_str(&self.en_passant.map_or("-".to_string(), name));
        text.push_str(&format!(" {} {}", self.halfmove, self.fullmove));
        text
    }

    fn castling_text(&self) -> String {
        let mut text = String::new();
        for (slot, file) in self.castling.iter().enumerate() {
            let Some(file) = file else { continue };
            let c = if self.chess960 {
                char::from(b'a' + file)
            } else {
                ['k', 'q', 'k', 'q'][slot]
            };
            text.push(if slot < 2 { c.to_ascii_uppercase() } else { c });
        }
        if text.is_empty() {
            text.push('-');
        }
        text
    }

    fn king(&self, white: bool) -> Option<u8> {
        let king = if white { KING } else { -KING };
        (0..128u8).find(|&s| s & 0x88 == 0 && self.squares[usize::from(s)] == king)
    }

    /// Whether `square` is attacked by the pieces of the given colour.
    fn attacked(&self, square: u8, by_white: bool) -> bool {
        let sign: i8 = if by_white { 1 } else { -1 };
        let at = |s: i16| self.squares[s as usize];
        let sq = i16::from(square);
        // A white pawn attacks upward, so it stands below the square it attacks.
        let pawn_from = if by_white { [-15, -17] } else { [15, 17] };
        for d in pawn_from {
            if on_board(sq + d) && at(sq + d) == sign * PAWN {
                return true;
            }
        }
        for d in KNIGHT_STEPS {
            if on_board(sq + d) && at(sq + d) == sign * KNIGHT {
                return true;
            }
        }
        for d in KING_STEPS {
            if on_board(sq + d) && at(sq + d) == sign * KING {
                return true;
            }
        }
        for (steps, slider) in [(DIAGONAL_STEPS, BISHOP), (STRAIGHT_STEPS, ROOK)] {
            for d in steps {
                let mut s = sq + d;
                while on_board(s) {
                    let p = at(s);
                    if p != 0 {
                        if p == sign * slider || p == sign * QUEEN {
                            return true;
                        }
                        break;
                    }
                    s += d;
                }
            }
        }
        false
    }

    fn in_check(&self, white: bool) -> bool {
        self.king(white).is_some_and(|k| self.attacked(k, !white))
    }

    fn pseudo_legal(&self) -> Vec<RefMove> {
        let white = self.white_to_move;
        let sign: i8 = if white { 1 } else { -1 };
        let mut moves = Vec::new();
        let plain = |from: u8, to: i16| RefMove {
            from,
            to: to as u8,
            promotion: 0,
            kind: Kind::Plain,
        };
        for from in (0..128u8).filter(|s| s & 0x88 == 0) {
            let piece = self.squares[usize::from(from)];
            if piece == 0 || piece.signum() != sign {
                continue;
            }
            let f = i16::from(from);
            let add_target = |to: i16, moves: &mut Vec<RefMove>| -> bool {
                // Returns whether a slider may go on past `to`.
                let target = self.squares[to as usize];
                if target == 0 {
                    moves.push(plain(from, to));
                    true
                } else {
                    if target.signum() != sign {
                        moves.push(plain(from, to));
                    }
                    false
                }
            };
            match piece.abs() {
                PAWN => {
                    let up: i16 = if white { 16 } else { -16 };
                    let start_rank = if white { 1 } else { 6 };
                    let last_rank = if white { 7 } else { 0 };
                    let push = |to: i16, kind: Kind, moves: &mut Vec<RefMove>| {
                        if rank_of(to as u8) == last_rank {
                            for p in PROMOTIONS {
                                moves.push(RefMove {
                                    from,
                                    to: to as u8,
                                    promotion: p,
                                    kind,
                                });
                            }
                        } else {
                            moves.push(RefMove {
                                from,
                                to: to as u8,
                                promotion: 0,
                                kind,
                            });
                        }
                    };
                    let one = f + up;
                    if on_board(one) && self.squares[one as usize] == 0 {
                        push(one, Kind::Plain, &mut moves);
                        let two = one + up;
                        if rank_of(from) == start_rank && self.squares[two as usize] == 0 {
                            push(two, Kind::DoublePush, &mut moves);
                        }
                    }
                    for side in [-1, 1] {
                        let to = f + up + side;
                        if !on_board(to) {
                            continue;
                        }
                        let target = self.squares[to as usize];
                        if target != 0 && target.signum() != sign {
                            push(to, Kind::Plain, &mut moves);
                        } else if target == 0 && self.en_passant == Some(to as u8) {
                            push(to, Kind::EnPassant, &mut moves);
                        }
                    }
                }
                KNIGHT | KING => {
                    let steps = if piece.abs() == KNIGHT {
                        KNIGHT_STEPS
                    } else {
                        KING_STEPS
                    };
                    for d in steps {
                        if on_board(f + d) {
                            add_target(f + d, &mut moves);
                        }
                    }
                }
                kind => {
                    let steps: &[i16] = match kind {
                        BISHOP => &DIAGONAL_STEPS,
                        ROOK => &STRAIGHT_STEPS,
                        _ => &KING_STEPS,
                    };
                    for &d in steps {
                        let mut to = f + d;
                        while on_board(to) && add_target(to, &mut moves) {
                            to += d;
                        }
                    }
                }
            }
        }
        self.castling_moves(&mut moves);
        moves
    }

    fn castling_moves(&self, moves: &mut Vec<RefMove>) {
        let white = self.white_to_move;
        let Some(king) = self.king(white) else { return };
        if self.in_check(white) {
            return;
        }
        let back = if white { 0u8 } else { 7 };
        for short in [true, false] {
            let slot = usize::from(!white) * 2 + usize::from(!short);
            let Some(rook_file) = self.castling[slot] else {
                continue;
            };
            let rook = back * 16 + rook_file;
            let king_to = back * 16 + if short { 6 } else { 2 };
            let rook_to = back * 16 + if short { 5 } else { 3 };
            let span = |a: u8, b: u8| a.min(b)..=a.max(b);
            let clear = span(king, king_to)
                .chain(span(rook, rook_to))
                .all(|s| s == king || s == rook || self.squares[usize::from(s)] == 0);
            if !clear {
                continue;
            }
            // The king, standing on each square it crosses or lands on (the rook still in
            // place), is not attacked there.
            let safe = span(king, king_to).all(|s| {
                let mut probe = self.clone();
                let k = probe.squares[usize::from(king)];
                probe.squares[usize::from(king)] = 0;
                probe.squares[usize::from(s)] = k;
                !probe.attacked(s, !white)
            });
            if safe {
                moves.push(RefMove {
                    from: king,
                    to: king_to,
                    promotion: 0,
                    kind: Kind::Castle { rook, short },
                });
            }
        }
    }

    fn make(&self, mv: RefMove) -> RefPosition {
        let mut next = self.clone();
        let white = self.white_to_move;
        let sign: i8 = if white { 1 } else { -1 };
        let piece = self.squares[usize::from(mv.from)];
        let captured = self.squares[usize::from(mv.to)];
        let (from, to) = (usize::from(mv.from), usize::from(mv.to));
        let our_slots = if white { [0, 1] } else { [2, 3] };
        let their_slots = if white { [2, 3] } else { [0, 1] };
        let back = if white { 0u8 } else { 7 };
        let their_back = 7 - back;
        match mv.kind {
            Kind::Castle { rook, short } => {
                next.squares[from] = 0;
                next.squares[usize::from(rook)] = 0;
                next.squares[to] = piece;
                let rook_to = back * 16 + if short { 5 } else { 3 };
                next.squares[usize::from(rook_to)] = sign * ROOK;
            }
            Kind::EnPassant => {
                next.squares[from] = 0;
                next.squares[to] = piece;
                let victim = if white { mv.to - 16 } else { mv.to + 16 };
                next.squares[usize::from(victim)] = 0;
            }
            Kind::Plain | Kind::DoublePush => {
                next.squares[from] = 0;
                next.squares[to] = if mv.promotion != 0 {
                    sign * mv.promotion
                } else {
                    piece
                };
            }
        }
        if piece.abs() == KING {
            for s in our_slots {
                next.castling[s] = None;
            }
        }
        if piece.abs() == ROOK && rank_of(mv.from) == back {
            for s in our_slots {
                if self.castling[s] == Some(file_of(mv.from)) {
                    next.castling[s] = None;
                }
            }
        }
        let is_capture = captured != 0 && !matches!(mv.kind, Kind::Castle { .. });
        if is_capture && captured.abs() == ROOK && rank_of(mv.to) == their_back {
            for s in their_slots {
                if self.castling[s] == Some(file_of(mv.to)) {
                    next.castling[s] = None;
                }
            }
        }
        next.en_passant = match mv.kind {
            Kind::DoublePush => Some(if white { mv.from + 16 } else { mv.from - 16 }),
            _ => None,
        };
        if piece.abs() == PAWN || is_capture || mv.kind == Kind::EnPassant {
            next.halfmove = 0;
        } else {
            // The clock stops where the game ends (moves past the end are only ever
            // listed, as here, never played in a game).
            next.halfmove = (next.halfmove + 1).min(FIFTY_MOVE_PLIES);
        }
        if !white {
            next.fullmove += 1;
        }
        next.white_to_move = !white;
        next
    }

    fn legal(&self) -> Vec<(RefMove, RefPosition)> {
        let white = self.white_to_move;
        self.pseudo_legal()
            .into_iter()
            .map(|mv| (mv, self.make(mv)))
            .filter(|(_, next)| !next.in_check(white))
            .collect()
    }

    fn uci(&self, mv: RefMove) -> String {
        let to = match mv.kind {
            Kind::Castle { rook, .. } if self.chess960 => rook,
            _ => mv.to,
        };
        let mut text = format!("{}{}", name(mv.from), name(to));
        if mv.promotion != 0 {
            text.push(letter(-mv.promotion));
        }
        text
    }

    /// Every legal move as (UCI text, FEN after it), in no set order.
    pub fn legal_moves(&self) -> Vec<(String, String)> {
        self.legal()
            .into_iter()
            .map(|(mv, next)| (self.uci(mv), next.to_fen()))
            .collect()
    }

    /// What FIDE's repetition rule compares: the pieces, the side to move, the castling
    /// rights, and the en-passant square only when a legal capture can use it.
    pub fn repetition_key(&self) -> String {
        let usable_ep = self
            .legal()
            .iter()
            .any(|(mv, _)| mv.kind == Kind::EnPassant);
        let fen = self.to_fen();
        let fields: Vec<&str> = fen.split(' ').collect();
        let ep = if usable_ep { fields[3] } else { "-" };
        format!("{} {} {} {ep}", fields[0], fields[1], fields[2])
    }

    /// Whether neither side has the material to mate: no pawns, rooks or queens, and either
    /// no knights and all bishops on one colour of square, or one knight and no bishops.
    fn dead(&self) -> bool {
        let mut knights = 0;
        let mut bishop_colours = [false; 2];
        for s in (0..128u8).filter(|s| s & 0x88 == 0) {
            match self.squares[usize::from(s)].abs() {
                PAWN | ROOK | QUEEN => return false,
                KNIGHT => knights += 1,
                BISHOP => bishop_colours[usize::from((file_of(s) + rank_of(s)) % 2)] = true,
                _ => {}
            }
        }
        let bishop_kinds = bishop_colours.iter().filter(|&&b| b).count();
        (knights == 0 && bishop_kinds <= 1) || (knights == 1 && bishop_kinds == 0)
    }

    /// The result, given the repetition keys of every earlier position of the game: no
    /// move (checkmate or stalemate) first, then the fifty-move rule, threefold repetition
    /// and insufficient material.
    pub fn outcome(&self, earlier: &[String]) -> Option<RefOutcome> {
        let draw = |reason| {
            Some(RefOutcome {
                white_wins: None,
                reason,
            })
        };
        if self.legal().is_empty() {
            if self.in_check(self.white_to_move) {
                return Some(RefOutcome {
                    white_wins: Some(!self.white_to_move),
                    reason: "checkmate",
                });
            }
            return draw("stalemate");
        }
        if self.halfmove >= FIFTY_MOVE_PLIES {
            return draw("fifty-move rule");
        }
        let key = self.repetition_key();
        if earlier.iter().filter(|k| **k == key).count() >= 2 {
            return draw("threefold repetition");
        }
        if self.dead() {
            return draw("insufficient material");
        }
        None
    }

    /// Plain recursive perft: sequences of exactly `depth` moves (draw rules aside).
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let legal = self.legal();
        if depth == 1 {
            return legal.len() as u64;
        }
        legal.iter().map(|(_, next)| next.perft(depth - 1)).sum()
    }
}
