//! The opening book: moves for the first plies, chosen by deep searches of our own engine,
//! stored in `games/caissa/data/book.txt` and compiled into the binary.
//!
//! The file holds one entry per line, `LINE : MOVE`, where LINE is the moves from the start
//! (empty for the first move) and MOVE the book's answer, e.g. `b2-c4 e5-c5 : c3-e3`. Lines
//! starting with `#` are comments. Storing move lines rather than hashes keeps the file
//! readable and independent of the Zobrist keys: the positions are rebuilt when the book is
//! first used. `olympiad book caissa` rebuilds the file ([`build`]).
//!
//! The book covers both colours: for the side the book plays, one move per position; for the
//! other side, every legal reply.

use crate::{Move, Position};
use olympiad_core::{Game, Hashed, Notation};
use std::collections::HashMap;
use std::sync::OnceLock;

/// The book file, compiled in.
pub const BOOK_TEXT: &str = include_str!("../../data/book.txt");

/// One book entry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The moves from the start.
    pub line: Vec<Move>,
    /// The book move in the position after `line`.
    pub mv: Move,
}

/// A bad line in a book file.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("book line {line}: {message}")]
pub struct BookError {
    /// 1-based line number.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

/// Reads a book file's text, checking every move.
pub fn parse(text: &str) -> Result<Vec<Entry>, BookError> {
    let mut entries = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let number = i + 1;
        let content = raw.trim();
        if content.is_empty() || content.starts_with('#') {
            continue;
        }
        let err = |message: String| BookError {
            line: number,
            message,
        };
        let (line_text, mv_text) = content
            .split_once(':')
            .ok_or_else(|| err("expected `MOVES : MOVE`".to_string()))?;
        let mut pos = Position::start();
        let mut line = Vec::new();
        for word in line_text.split_whitespace() {
            let m = pos
                .parse_legal_move(word)
                .map_err(|e| err(format!("move {}: {e}", line.len() + 1)))?;
            pos.play(m);
            line.push(m);
        }
        let mv = pos
            .parse_legal_move(mv_text.trim())
            .map_err(|e| err(e.to_string()))?;
        entries.push(Entry { line, mv });
    }
    Ok(entries)
}

/// Formats entries as a book file.
pub fn format(entries: &[Entry], header: &str) -> String {
    let mut out = String::new();
    for line in header.lines() {
        out.push_str("# ");
        out.push_str(line);
        out.push('\n');
    }
    let start = Position::start();
    for e in entries {
        let mut pos = start;
        let mut words = Vec::with_capacity(e.line.len());
        for &m in &e.line {
            words.push(pos.format_move(m));
            pos.play(m);
        }
        out.push_str(&words.join(" "));
        if !words.is_empty() {
            out.push(' ');
        }
        out.push_str(": ");
        out.push_str(&pos.format_move(e.mv));
        out.push('\n');
    }
    out
}

fn table() -> &'static HashMap<u64, (Position, Move)> {
    static TABLE: OnceLock<HashMap<u64, (Position, Move)>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let entries = parse(BOOK_TEXT).expect("the compiled-in book is checked by its tests");
        entries
            .into_iter()
            .map(|e| {
                let mut pos = Position::start();
                for m in e.line {
                    pos.play(m);
                }
                (pos.zobrist(), (pos, e.mv))
            })
            .collect()
    })
}

/// The book move for `pos`, if the book has the position (compared whole, not by hash only).
pub fn lookup(pos: &Position) -> Option<Move> {
    let (book_pos, mv) = table().get(&pos.zobrist())?;
    (same_position(book_pos, pos)).then_some(*mv)
}

/// Positions equal in everything that decides the game (the ply counter aside, which only
/// matters for the ply limit, far away in the opening).
fn same_position(a: &Position, b: &Position) -> bool {
    a.tiles == b.tiles
        && a.occ == b.occ
        && a.squares == b.squares
        && a.side == b.side
        && a.last_exchange == b.last_exchange
        && a.rules == b.rules
}

/// How many positions the book holds.
pub fn len() -> usize {
    table().len()
}

/// Builds a book: from the start, `plies` plies deep; at each position where the book's side
/// is to move, `choose` gives the move (a deep search); the other side's every legal reply is
/// followed. Both colours are covered. `progress` hears each finished entry.
pub fn build(
    plies: usize,
    mut choose: impl FnMut(&Position) -> Move,
    mut progress: impl FnMut(&Entry),
) -> Vec<Entry> {
    let mut entries = Vec::new();
    for book_side in 0..2u8 {
        let mut frontier: Vec<(Vec<Move>, Position)> = vec![(Vec::new(), Position::start())];
        for _ in 0..plies {
            let mut next = Vec::new();
            for (line, pos) in frontier {
                if pos.outcome().is_some() {
                    continue;
                }
                if pos.to_move().0 == book_side {
                    let mv = choose(&pos);
                    let entry = Entry {
                        line: line.clone(),
                        mv,
                    };
                    progress(&entry);
                    entries.push(entry);
                    let mut l = line;
                    l.push(mv);
                    next.push((l, pos.after(mv)));
                } else {
                    for &mv in pos.legal_moves().iter() {
                        let mut l = line.clone();
                        l.push(mv);
                        next.push((l, pos.after(mv)));
                    }
                }
            }
            frontier = next;
        }
    }
    entries
}

/// Rebuilds the book as `olympiad book caissa` does: every book position searched for
/// `time` by the `caissa` engine (without a book), `plies` plies from the start. Each
/// searched position is described to `progress` in one line, and every tenth finished entry
/// too; returns the book file's text (header, then one entry a line).
pub fn rebuild(
    plies: usize,
    time: std::time::Duration,
    progress: &mut dyn FnMut(&str),
) -> (usize, String) {
    use super::{Engine, EngineKind, EngineOptions};
    use olympiad_core::Notation;
    let mut engine = Engine::new(EngineOptions {
        book: false,
        ..EngineOptions::new(EngineKind::Caissa)
    });
    let limits = olympiad_search::Limits::move_time(time);
    let started = std::time::Instant::now();
    let mut done = 0usize;
    let progress = std::cell::RefCell::new(progress);
    let say = |line: String| (progress.borrow_mut())(&line);
    let entries = build(
        plies,
        |pos| {
            engine.new_game();
            let choice = engine
                .choose(pos, &limits, &mut ())
                .expect("book positions are not finished games");
            say(format!(
                "ply {}: {} (depth {}, score {})",
                pos.ply() + 1,
                pos.format_move(choice.mv),
                choice.depth,
                choice.score
            ));
            choice.mv
        },
        |_| {
            done += 1;
            if done.is_multiple_of(10) {
                say(format!(
                    "{done} positions in {:.0} s",
                    started.elapsed().as_secs_f64()
                ));
            }
        },
    );
    let ms = time.as_millis();
    let header = format!(
        "Caïssa opening book: {} positions, {plies} plies from the start, {ms} ms of `caissa` \
         search\neach. Rebuild: olympiad book caissa --plies {plies} --time-ms {ms}\n\
         Format: the moves from the start, ':', the book move.",
        entries.len(),
    );
    (entries.len(), format(&entries, &header))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_compiled_in_book_is_valid_and_round_trips() {
        let entries = parse(BOOK_TEXT).unwrap();
        assert!(!entries.is_empty());
        let again = parse(&format(&entries, "x")).unwrap();
        assert_eq!(again, entries);
        assert_eq!(len(), entries.len(), "two entries for one position");
        for e in &entries {
            let mut pos = Position::start();
            for &m in &e.line {
                pos.play(m);
            }
            assert_eq!(lookup(&pos), Some(e.mv));
        }
    }

    #[test]
    fn errors_name_the_line() {
        let e = parse("# c\n: b2-c4\nb2-c4 : b2-c4\n").unwrap_err();
        assert_eq!(e.line, 3);
        assert!(parse("b2-c4").unwrap_err().message.contains("MOVES : MOVE"));
    }

    #[test]
    fn building_covers_every_reply() {
        let first = Position::start().legal_moves()[0];
        let entries = build(2, |pos| pos.legal_moves()[0], |_| {});
        // White: the start. Black: one entry per White first move.
        assert_eq!(entries.len(), 1 + 26);
        assert_eq!(entries[0].mv, first);
    }
}
