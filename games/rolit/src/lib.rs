//! Rolit, the four-player Othello variant that the Caia distribution shipped as its example of
//! a game for more than two players (rules: the project's `shared/specs/rolit.md`), for 2, 3
//! or 4 players.
//!
//! - [`Position`]: one ball set per colour on a 64-bit board ([`bitboard`] draws the layout),
//!   the number of players, the player to move and an incrementally kept Zobrist hash;
//! - the fast generator: placements that turn something (line fills over all other players'
//!   balls at once), else any empty square next to a ball;
//! - [`reference`]: a slow generator written separately from the rules' words;
//! - [`engine`]: the Rolit engines (max^n, paranoid, MCTS) on one evaluation;
//! - text: moves are square numbers `1`..`64`; a position is 64 characters plus the player
//!   to move, and the number of players when it is not 4 (see [`Position::position_text`]).
//!
//! There is no passing, so a game is exactly 60 moves long; it ends when the board is full and
//! every player scores its number of balls.
//!
//! Fewer players: whatever the number of players, the start has one ball of each of the four
//! colours in the centre (the published rules of the board game say so). Players 1..n play
//! colours 1..n; the colours nobody plays stay on the board as neutral balls that any player
//! may enclose and turn, and they score for no one.
//!
//! ```
//! use olympiad_core::{Game, Notation};
//! use olympiad_rolit::Position;
//!
//! let start = Position::start();
//! assert_eq!(start.legal_move_texts(), ["30", "44", "46"]);
//! ```

pub mod bitboard;
mod describe;
pub mod engine;
pub mod reference;
mod zobrist;

use bitboard::{neighbours, turned, turning_moves};
use olympiad_core::{Game, Hashed, MoveList, Notation, Outcome, Seat};
use std::fmt;
use thiserror::Error;

/// Players in the Caia game, and the number of colours (every game starts with all four).
pub const PLAYERS: usize = 4;
/// The fewest players a game may have.
pub const MIN_PLAYERS: usize = 2;

/// A move: the bit index (square number - 1) where the ball goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Move(pub u8);

impl Move {
    /// The square number 1..64 of the move's text.
    pub fn square(self) -> u8 {
        self.0 + 1
    }
}

/// Up to 60 moves: at most every empty square (60 at the start, fewer later).
pub type Moves = MoveList<Move, 64>;

/// A Rolit position for 2, 3 or 4 players.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position {
    balls: [u64; PLAYERS],
    side: u8,
    players: u8,
    hash: u64,
}

/// The start: square 28 player 1, 29 player 2, 37 player 3, 36 player 4.
const START: [u8; PLAYERS] = [28, 29, 37, 36];

impl Default for Position {
    fn default() -> Self {
        Self::start()
    }
}

impl Position {
    /// The start position of the four-player game; player 1 moves first.
    pub fn start() -> Self {
        Self::start_with(PLAYERS)
    }

    /// The start position for `players` players (2, 3 or 4; panics otherwise): always one
    /// ball of each colour in the centre.
    pub fn start_with(players: usize) -> Self {
        assert!(
            (MIN_PLAYERS..=PLAYERS).contains(&players),
            "Rolit is for 2 to 4 players, not {players}"
        );
        let mut balls = [0; PLAYERS];
        for (p, sq) in START.iter().enumerate() {
            balls[p] = 1 << (sq - 1);
        }
        Self::from_parts(balls, 0, players as u8)
    }

    fn from_parts(balls: [u64; PLAYERS], side: u8, players: u8) -> Self {
        let mut p = Position {
            balls,
            side,
            players,
            hash: 0,
        };
        p.hash = p.compute_hash();
        p
    }

    /// The balls of colour `p` (0-based: the colour of seat `p`; colours past the number of
    /// players are neutral).
    pub fn balls(&self, p: Seat) -> u64 {
        self.balls[p.index()]
    }

    /// The number of players (2, 3 or 4).
    pub fn players(&self) -> usize {
        usize::from(self.players)
    }

    /// Every occupied square.
    #[inline(always)]
    pub fn occupied(&self) -> u64 {
        self.balls.iter().fold(0, |m, b| m | b)
    }

    /// The legal destinations as a set.
    #[inline]
    fn targets(&self) -> u64 {
        let own = self.balls[self.side as usize];
        let occ = self.occupied();
        let turning = turning_moves(own, occ & !own);
        if turning != 0 {
            turning
        } else {
            neighbours(occ) & !occ
        }
    }

    fn compute_hash(&self) -> u64 {
        let mut h = zobrist::SIDE[self.side as usize];
        for (p, &b) in self.balls.iter().enumerate() {
            let mut s = b;
            while s != 0 {
                h ^= zobrist::BALL[p][s.trailing_zeros() as usize];
                s &= s - 1;
            }
        }
        h
    }
}

impl Game for Position {
    type Move = Move;
    type Moves = Moves;

    fn num_players(&self) -> usize {
        usize::from(self.players)
    }

    fn to_move(&self) -> Seat {
        Seat(self.side)
    }

    #[inline]
    fn legal_moves(&self) -> Moves {
        let mut list = Moves::new();
        let mut t = self.targets();
        while t != 0 {
            list.push(Move(t.trailing_zeros() as u8));
            t &= t - 1;
        }
        list
    }

    #[inline]
    fn play(&mut self, mv: Move) {
        let sq = 1u64 << mv.0;
        let me = self.side as usize;
        let occ = self.occupied();
        let flips = turned(sq, self.balls[me], occ & !self.balls[me]);
        let mut h = self.hash ^ zobrist::BALL[me][mv.0 as usize];
        for p in 0..PLAYERS {
            let lost = self.balls[p] & flips;
            let mut s = lost;
            while s != 0 {
                let i = s.trailing_zeros() as usize;
                h ^= zobrist::BALL[p][i] ^ zobrist::BALL[me][i];
                s &= s - 1;
            }
            self.balls[p] &= !lost;
        }
        self.balls[me] |= sq | flips;
        let next = (me + 1) % usize::from(self.players);
        h ^= zobrist::SIDE[me] ^ zobrist::SIDE[next];
        self.side = next as u8;
        self.hash = h;
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.occupied() != u64::MAX {
            return None;
        }
        let mut points = [0u16; PLAYERS];
        for (p, b) in self.balls.iter().enumerate() {
            points[p] = 2 * b.count_ones() as u16;
        }
        // Neutral colours score for no one.
        Some(Outcome::with_half_points(
            &points[..self.players()],
            "board full",
        ))
    }

    #[inline]
    fn count_moves(&self) -> usize {
        self.targets().count_ones() as usize
    }
}

impl Hashed for Position {
    fn zobrist(&self) -> u64 {
        self.hash
    }

    fn zobrist_from_scratch(&self) -> u64 {
        self.compute_hash()
    }
}

/// What is wrong with a Rolit text.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum TextError {
    /// Not a square number.
    #[error("'{0}' is not a square number 1-64")]
    Move(String),
    /// A bad position text.
    #[error("position text, character {column}: {message}")]
    Position {
        /// 1-based character index.
        column: usize,
        /// What is wrong there.
        message: String,
    },
}

impl Notation for Position {
    type ParseError = TextError;

    fn parse_move(&self, text: &str) -> Result<Move, TextError> {
        match text.parse::<u8>() {
            Ok(n @ 1..=64) if !text.starts_with('+') => Ok(Move(n - 1)),
            _ => Err(TextError::Move(text.to_string())),
        }
    }

    fn format_move(&self, mv: Move) -> String {
        mv.square().to_string()
    }

    /// Reads `<64 characters> <player to move> [<players>]`: squares 1..64 in order, `.`
    /// empty, `1`-`4` a ball of that colour; the player to move; the number of players, 2-4
    /// (4 when left out).
    fn parse_position(text: &str) -> Result<Self, TextError> {
        let err = |column, message: String| TextError::Position { column, message };
        let chars: Vec<char> = text.chars().collect();
        let mut balls = [0u64; PLAYERS];
        let mut i = 0;
        for sq in 0..64 {
            match chars.get(i) {
                None => {
                    return Err(err(
                        i + 1,
                        format!("the board ends after {sq} squares, 64 needed"),
                    ));
                }
                Some('.') => {}
                Some(c @ '1'..='4') => balls[*c as usize - '1' as usize] |= 1 << sq,
                Some(c) => return Err(err(i + 1, format!("'{c}' is not '.' or a player 1-4"))),
            }
            i += 1;
        }
        let rest: String = chars[i..].iter().collect();
        if !rest.starts_with(char::is_whitespace) && !rest.is_empty() {
            return Err(err(i + 1, "expected a space after the 64 squares".into()));
        }
        // The fields after the board, with their 1-based columns.
        let mut fields = Vec::new();
        let mut start = None;
        for (k, c) in rest
            .char_indices()
            .chain(std::iter::once((rest.len(), ' ')))
        {
            match (c.is_whitespace(), start) {
                (false, None) => start = Some(k),
                (true, Some(b)) => {
                    fields.push((&rest[b..k], i + 1 + rest[..b].chars().count()));
                    start = None;
                }
                _ => {}
            }
        }
        let end = i + 1 + rest.chars().count();
        let players = match fields.get(1) {
            None => PLAYERS as u8,
            Some(&(t @ ("2" | "3" | "4"), _)) => t.as_bytes()[0] - b'0',
            Some(&(t, column)) => {
                return Err(err(
                    column,
                    format!("number of players '{t}' is not 2, 3 or 4"),
                ));
            }
        };
        if let Some(&(t, column)) = fields.get(2) {
            return Err(err(column, format!("unexpected '{t}' after the players")));
        }
        let side = match fields.first() {
            Some(&(t @ ("1" | "2" | "3" | "4"), column)) => {
                let side = t.as_bytes()[0] - b'1';
                if side >= players {
                    return Err(err(
                        column,
                        format!("player to move {t} in a game of {players} players"),
                    ));
                }
                side
            }
            None => return Err(err(end, "missing the player to move (1-4)".into())),
            Some(&(t, column)) => {
                return Err(err(column, format!("player to move '{t}' is not 1-4")));
            }
        };
        let occ = balls.iter().fold(0, |m, b| m | b);
        if (occ.count_ones() as usize) < PLAYERS {
            return Err(err(1, "fewer balls than the start position has".into()));
        }
        // Play keeps the balls in one 8-connected group: every ball is placed next to one.
        let mut group = occ & occ.wrapping_neg();
        loop {
            let grown = (group | neighbours(group)) & occ;
            if grown == group {
                break;
            }
            group = grown;
        }
        if group != occ {
            return Err(err(
                1,
                "the balls are not one group, which play cannot produce".into(),
            ));
        }
        Ok(Self::from_parts(balls, side, players))
    }

    fn position_text(&self) -> String {
        let mut s = String::with_capacity(66);
        for sq in 0..64 {
            let bit = 1u64 << sq;
            s.push(match (0..PLAYERS).find(|&p| self.balls[p] & bit != 0) {
                Some(p) => (b'1' + p as u8) as char,
                None => '.',
            });
        }
        s.push(' ');
        s.push((b'1' + self.side) as char);
        if self.players() != PLAYERS {
            s.push(' ');
            s.push((b'0' + self.players) as char);
        }
        s
    }
}

impl fmt::Display for Position {
    /// The board as eight rows of eight, `.` for an empty square.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = self.position_text();
        for row in text.as_bytes()[..64].chunks(8) {
            let cells: Vec<String> = row.iter().map(|&c| (c as char).to_string()).collect();
            writeln!(f, " {}", cells.join(" "))?;
        }
        Ok(())
    }
}
