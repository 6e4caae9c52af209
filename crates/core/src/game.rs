//! The traits a game implements: [`Game`] for the rules, [`Notation`] for text at the edges,
//! [`Hashed`] for position hashing; and the values they speak of, [`Seat`] and [`Outcome`].
//!
//! Positions are small and copied, not undone (copy-make): `play` changes a position in place
//! and a searcher that needs the old one keeps a copy. A forced pass is an explicit move, so
//! "no legal move" always means "the game is over".

use std::error::Error;
use std::fmt;

/// The most seats any game in the workspace has (Rolit has four).
pub const MAX_SEATS: usize = 4;

/// A seat at the table: 0 moves first (White in Caïssa and chess, Black in checkers and
/// reversi; each game documents its names).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Seat(pub u8);

impl Seat {
    /// The seat that moves first.
    pub const FIRST: Seat = Seat(0);
    /// The seat that moves second.
    pub const SECOND: Seat = Seat(1);

    /// The seat as an index `0..num_players`.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The seat after this one in a game of `players` seats.
    #[inline]
    pub const fn next(self, players: usize) -> Seat {
        Seat(((self.0 as usize + 1) % players) as u8)
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "seat {}", self.0)
    }
}

/// How a finished game ended: points for every seat, in half points (a two-player win is
/// 2 for the winner and 0 for the loser, a draw is 1 each), and a short reason.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    seats: u8,
    half_points: [u16; MAX_SEATS],
    /// Why the game ended, in a few words ("checkmate", "stalemate", "200-ply rule").
    pub reason: &'static str,
}

impl Outcome {
    /// `winner` takes the whole point; everyone else gets nothing.
    pub fn win(winner: Seat, seats: usize, reason: &'static str) -> Self {
        let mut half_points = [0; MAX_SEATS];
        half_points[winner.index()] = 2;
        Self::with_half_points(&half_points[..seats], reason)
    }

    /// Every seat gets half a point.
    pub fn draw(seats: usize, reason: &'static str) -> Self {
        Self::with_half_points(&[1; MAX_SEATS][..seats], reason)
    }

    /// Explicit half points per seat (for n-seat games and rule variants).
    pub fn with_half_points(half_points: &[u16], reason: &'static str) -> Self {
        assert!((1..=MAX_SEATS).contains(&half_points.len()));
        let mut hp = [0; MAX_SEATS];
        hp[..half_points.len()].copy_from_slice(half_points);
        Self {
            seats: half_points.len() as u8,
            half_points: hp,
            reason,
        }
    }

    /// The number of seats.
    pub fn seats(&self) -> usize {
        self.seats as usize
    }

    /// Half points won by `seat`.
    pub fn half_points(&self, seat: Seat) -> u16 {
        self.half_points[seat.index()]
    }

    /// Points won by `seat`.
    pub fn points(&self, seat: Seat) -> f64 {
        f64::from(self.half_points(seat)) / 2.0
    }

    /// The one seat with strictly the most points, if there is one.
    pub fn winner(&self) -> Option<Seat> {
        let hp = &self.half_points[..self.seats()];
        let best = *hp.iter().max()?;
        let mut top = hp.iter().enumerate().filter(|&(_, &p)| p == best);
        let (first, _) = top.next()?;
        top.next().is_none().then_some(Seat(first as u8))
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.winner() {
            Some(seat) => write!(f, "{seat} wins")?,
            None if self.half_points[..self.seats()].iter().all(|&p| p == 1) => write!(f, "draw")?,
            None => write!(f, "shared result")?,
        }
        let points: Vec<String> = (0..self.seats())
            .map(|s| format!("{}", self.points(Seat(s as u8))))
            .collect();
        write!(f, " ({}; {})", points.join("-"), self.reason)
    }
}

/// The rules of a game. Implementors write these few methods; perft, checked play and the
/// conformance suite come for free.
pub trait Game: Clone + Send + Sync + PartialEq + fmt::Debug {
    /// A move: small and `Copy`.
    type Move: Copy + Eq + fmt::Debug + Send + Sync;
    /// A fixed-capacity list of moves (usually [`crate::MoveList`]).
    type Moves: std::ops::Deref<Target = [Self::Move]> + Send;

    /// How many seats the game has.
    fn num_players(&self) -> usize;

    /// The seat to move.
    fn to_move(&self) -> Seat;

    /// Every legal move; empty exactly when the game is over.
    fn legal_moves(&self) -> Self::Moves;

    /// Plays `mv`, which must be one of `legal_moves()` (unchecked: a foreign move may leave
    /// a nonsensical position).
    fn play(&mut self, mv: Self::Move);

    /// `Some` exactly when the game is over (then there is no legal move).
    fn outcome(&self) -> Option<Outcome>;

    /// How many legal moves there are. Games override it when they can count faster than
    /// they can list (perft's bulk counting uses it at the last ply).
    #[inline]
    fn count_moves(&self) -> usize {
        self.legal_moves().len()
    }

    /// Calls `f` with the legal moves (perft's inner loop uses this). The default lists them
    /// with `legal_moves`; a game whose move list is large overrides it to fill a list in its
    /// own frame, because returning a `MoveList` by value copies its whole capacity.
    #[inline]
    fn with_legal_moves<R>(&self, f: impl FnOnce(&[Self::Move]) -> R) -> R {
        f(&self.legal_moves())
    }

    /// The position after `mv`.
    #[inline]
    fn after(&self, mv: Self::Move) -> Self {
        let mut next = self.clone();
        next.play(mv);
        next
    }

    /// Is `mv` one of the legal moves?
    fn is_legal(&self, mv: Self::Move) -> bool {
        self.legal_moves().contains(&mv)
    }
}

/// Marks two-seat games where one side's gain is the other's loss, so that alpha-beta,
/// PVS and MTD(f) apply.
pub trait TwoPlayerZeroSum: Game {}

/// A 64-bit Zobrist-style position hash.
pub trait Hashed: Game {
    /// The hash, usually kept up to date incrementally by `play`.
    fn zobrist(&self) -> u64;

    /// The same hash recomputed from the whole position; `zobrist()` must always equal it.
    fn zobrist_from_scratch(&self) -> u64;
}

/// Why a move text could not be played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MoveTextError<E> {
    /// The text is not a move in the game's notation.
    Syntax(E),
    /// The text is a well-formed move that is not legal here.
    Illegal(String),
    /// The game is already over.
    GameOver(String),
}

impl<E: fmt::Display> fmt::Display for MoveTextError<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveTextError::Syntax(e) => write!(f, "{e}"),
            MoveTextError::Illegal(text) => write!(f, "illegal move '{text}'"),
            MoveTextError::GameOver(text) => {
                write!(f, "move '{text}' given but the game is over")
            }
        }
    }
}

impl<E: Error + 'static> Error for MoveTextError<E> {
    fn source(&self) -> Option<&(dyn Error + 'static)> {
        match self {
            MoveTextError::Syntax(e) => Some(e),
            _ => None,
        }
    }
}

/// A failure in a sequence of moves: which move (counting from 1), its text, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveLineError<E> {
    /// 1-based position of the failing move in the sequence.
    pub index: usize,
    /// The move's text as given.
    pub text: String,
    /// What is wrong with it.
    pub error: MoveTextError<E>,
}

impl<E: fmt::Display> fmt::Display for MoveLineError<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "move {} ('{}'): {}", self.index, self.text, self.error)
    }
}

impl<E: Error + 'static> Error for MoveLineError<E> {
    fn source(&self) -> Option<&(dyn Error + 'static)> {
        Some(&self.error)
    }
}

/// Moves and positions as text: the notation of the game's protocol.
pub trait Notation: Game + Sized {
    /// What is wrong with a text.
    type ParseError: Error + Send + Sync + 'static;

    /// Reads a move's text (syntax only; see [`Notation::parse_legal_move`]).
    fn parse_move(&self, text: &str) -> Result<Self::Move, Self::ParseError>;

    /// Writes a move in the canonical notation.
    fn format_move(&self, mv: Self::Move) -> String;

    /// Reads a whole position.
    fn parse_position(text: &str) -> Result<Self, Self::ParseError>;

    /// Writes the whole position so that `parse_position` gives it back.
    fn position_text(&self) -> String;

    /// Reads a move and checks that it is legal here.
    fn parse_legal_move(&self, text: &str) -> Result<Self::Move, MoveTextError<Self::ParseError>> {
        let mv = self.parse_move(text).map_err(MoveTextError::Syntax)?;
        if self.outcome().is_some() {
            return Err(MoveTextError::GameOver(text.to_string()));
        }
        if self.is_legal(mv) {
            Ok(mv)
        } else {
            Err(MoveTextError::Illegal(text.to_string()))
        }
    }

    /// Plays a whitespace-separated sequence of moves, each checked; on failure the position
    /// is left after the last good move and the error says which move failed.
    fn play_line(&mut self, moves: &str) -> Result<(), MoveLineError<Self::ParseError>> {
        for (i, text) in moves.split_whitespace().enumerate() {
            let mv = self.parse_legal_move(text).map_err(|error| MoveLineError {
                index: i + 1,
                text: text.to_string(),
                error,
            })?;
            self.play(mv);
        }
        Ok(())
    }

    /// The legal moves as canonical texts.
    fn legal_move_texts(&self) -> Vec<String> {
        self.legal_moves()
            .iter()
            .map(|&mv| self.format_move(mv))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outcomes() {
        let w = Outcome::win(Seat::SECOND, 2, "checkmate");
        assert_eq!(w.winner(), Some(Seat::SECOND));
        assert_eq!(w.points(Seat::FIRST), 0.0);
        assert_eq!(w.to_string(), "seat 1 wins (0-1; checkmate)");
        let d = Outcome::draw(2, "stalemate");
        assert_eq!(d.winner(), None);
        assert_eq!(d.to_string(), "draw (0.5-0.5; stalemate)");
        let shared = Outcome::with_half_points(&[2, 2, 0, 0], "tie");
        assert_eq!(shared.winner(), None);
        assert_eq!(Seat(3).next(4), Seat(0));
    }
}
