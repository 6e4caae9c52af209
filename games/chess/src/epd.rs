//! EPD (Extended Position Description), the line format chess opening suites and test sets
//! come in: the first four FEN fields, then operations `opcode operand...;`. The arena reads
//! opening files in it, and the opening-set builder writes its balanced openings in it, with
//! the standard opcodes for what the analysing engine found (`ce`: centipawn evaluation from
//! the side to move, `acd`: depth, `c0`: a comment, here the moves that led there).
//!
//! The halfmove clock and fullmove number come from the `hmvc` and `fmvn` operations when
//! present, else 0 and 1, as the EPD standard says.

use crate::Position;
use crate::fen::FenError;
use thiserror::Error;

/// One EPD record: the position and its operations in the order written.
#[derive(Clone, Debug)]
pub struct EpdRecord {
    /// The position, clocks from `hmvc`/`fmvn`.
    pub position: Position,
    /// Operations: opcode and operand text (strings without their quotes), in order.
    pub operations: Vec<(String, String)>,
}

impl EpdRecord {
    /// The operand of the first operation named `opcode`.
    pub fn operation(&self, opcode: &str) -> Option<&str> {
        self.operations
            .iter()
            .find(|(op, _)| op == opcode)
            .map(|(_, v)| v.as_str())
    }
}

/// What is wrong with an EPD file, and where.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("line {line}: {message}")]
pub struct EpdError {
    /// The line (1-based).
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

/// Reads an EPD file: one record per line; blank lines and lines starting with `#` are
/// skipped. `chess960` says how castling rights read.
pub fn read(text: &str, chess960: bool) -> Result<Vec<EpdRecord>, EpdError> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .map(|(i, l)| {
            read_line(l, chess960).map_err(|message| EpdError {
                line: i + 1,
                message,
            })
        })
        .collect()
}

/// Reads one EPD line.
pub fn read_line(line: &str, chess960: bool) -> Result<EpdRecord, String> {
    let mut rest = line.trim();
    let mut fields = Vec::with_capacity(4);
    for _ in 0..4 {
        let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        if end == 0 {
            break;
        }
        fields.push(&rest[..end]);
        rest = rest[end..].trim_start();
    }
    if fields.len() < 4 {
        return Err(format!(
            "an EPD line starts with 4 FEN fields (placement, side to move, castling, en passant), found {}",
            fields.len()
        ));
    }
    let operations = operations(rest)?;
    let find = |op: &str| operations.iter().find(|(o, _)| o == op).map(|(_, v)| v);
    let hmvc = find("hmvc").map_or("0", |v| v.as_str());
    let fmvn = find("fmvn").map_or("1", |v| v.as_str());
    let fen = format!("{} {hmvc} {fmvn}", fields.join(" "));
    let position = Position::from_fen(&fen, chess960).map_err(|e| match e {
        FenError::Field { field: 5, message } => format!("hmvc: {message}"),
        FenError::Field { field: 6, message } => format!("fmvn: {message}"),
        e => e.to_string(),
    })?;
    Ok(EpdRecord {
        position,
        operations,
    })
}

/// Splits `op operand...; op "string";` into pairs; a semicolon inside quotes is text.
fn operations(mut text: &str) -> Result<Vec<(String, String)>, String> {
    let mut ops = Vec::new();
    loop {
        text = text.trim_start();
        if text.is_empty() {
            return Ok(ops);
        }
        // A stray semicolon (an empty operation) says nothing.
        if let Some(after) = text.strip_prefix(';') {
            text = after;
            continue;
        }
        let end = text
            .find(|c: char| c.is_whitespace() || c == ';')
            .unwrap_or(text.len());
        let opcode = &text[..end];
        if !opcode
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphabetic())
            || !opcode
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_')
        {
            return Err(format!(
                "'{opcode}' is not an opcode (a letter, then letters, digits or _)"
            ));
        }
        text = &text[end..];
        let mut operand = String::new();
        loop {
            text = text.trim_start();
            match text.chars().next() {
                None => {
                    return Err(format!("operation '{opcode}' does not end with ';'"));
                }
                Some(';') => {
                    text = &text[1..];
                    break;
                }
                Some('"') => {
                    let close = text[1..]
                        .find('"')
                        .ok_or_else(|| format!("operation '{opcode}': unterminated string"))?;
                    push_word(&mut operand, &text[1..1 + close]);
                    text = &text[close + 2..];
                }
                Some(_) => {
                    let end = text
                        .find(|c: char| c.is_whitespace() || c == ';' || c == '"')
                        .unwrap_or(text.len());
                    push_word(&mut operand, &text[..end]);
                    text = &text[end..];
                }
            }
        }
        ops.push((opcode.to_string(), operand));
    }
}

fn push_word(operand: &mut String, word: &str) {
    if !operand.is_empty() {
        operand.push(' ');
    }
    operand.push_str(word);
}

/// The EPD line of `position` with `operations` (an operand with a blank, a quote-free
/// text, is written as a string), the clocks as `hmvc` and `fmvn` when they are not 0 and 1.
pub fn write_line(position: &Position, operations: &[(&str, String)]) -> String {
    let fen = position.fen();
    let fields: Vec<&str> = fen.split(' ').collect();
    let mut line = fields[..4].join(" ");
    let mut ops: Vec<(&str, String)> = Vec::new();
    if fields[4] != "0" {
        ops.push(("hmvc", fields[4].to_string()));
    }
    if fields[5] != "1" {
        ops.push(("fmvn", fields[5].to_string()));
    }
    ops.extend(operations.iter().cloned());
    for (op, value) in ops {
        let needs_quotes = value.is_empty() || value.contains([' ', ';', '\t']);
        if needs_quotes {
            line.push_str(&format!(" {op} \"{}\";", value.replace('"', "'")));
        } else {
            line.push_str(&format!(" {op} {value};"));
        }
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;
    use olympiad_core::Notation;

    #[test]
    fn reads_positions_with_operations_and_clocks() {
        let text = "# a comment\n\
            rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 id \"king's pawn; open\"; ce 30;\n\
            \n\
            r3k2r/8/8/8/8/8/8/R3K2R w KQkq - hmvc 12; fmvn 40; bm O-O O-O-O;\n";
        let records = read(text, false).unwrap();
        assert_eq!(records.len(), 2);
        assert_eq!(
            records[0].position.fen(),
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
        );
        assert_eq!(records[0].operation("id"), Some("king's pawn; open"));
        assert_eq!(records[0].operation("ce"), Some("30"));
        assert_eq!(
            records[1].position.fen(),
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 12 40"
        );
        assert_eq!(records[1].operation("bm"), Some("O-O O-O-O"));
        assert_eq!(records[1].operation("c0"), None);
    }

    #[test]
    fn errors_name_the_line_and_what_is_wrong() {
        let e = read("\n8/8/8/8 w\n", false).unwrap_err();
        assert_eq!(e.line, 2);
        assert!(e.message.contains("4 FEN fields"), "{e}");
        let e = read("4k3/8/8/8/8/8/8/4K3 w - - ce 20\n", false).unwrap_err();
        assert!(
            e.to_string()
                .contains("line 1: operation 'ce' does not end"),
            "{e}"
        );
        let e = read("4k3/8/8/8/8/8/8/4K3 w - - id \"open;\n", false).unwrap_err();
        assert!(e.message.contains("unterminated string"), "{e}");
        let e = read("4k3/8/8/8/8/8/8/4K3 x - - ;\n", false).unwrap_err();
        assert!(e.message.contains("side to move"), "{e}");
        let e = read("4k3/8/8/8/8/8/8/4K3 w - - hmvc 200;\n", false).unwrap_err();
        assert!(e.message.starts_with("hmvc:"), "{e}");
        let e = read("4k3/8/8/8/8/8/8/4K3 w - - 3x 1;\n", false).unwrap_err();
        assert!(e.message.contains("'3x' is not an opcode"), "{e}");
    }

    #[test]
    fn writes_what_it_reads() {
        let mut position = Position::start();
        position.play_line("e4 c5 Nf3 d6").unwrap();
        let line = write_line(
            &position,
            &[
                ("ce", "-12".into()),
                ("acd", "18".into()),
                ("c0", "e2e4 c7c5 g1f3 d7d6".into()),
            ],
        );
        assert_eq!(
            line,
            "rnbqkbnr/pp2pppp/3p4/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - fmvn 3; ce -12; acd 18; c0 \"e2e4 c7c5 g1f3 d7d6\";"
        );
        let back = read_line(&line, false).unwrap();
        assert_eq!(back.position.fen(), position.fen());
        assert_eq!(back.operation("c0"), Some("e2e4 c7c5 g1f3 d7d6"));
        assert_eq!(back.operation("ce"), Some("-12"));
    }
}
