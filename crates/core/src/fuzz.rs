//! A small fuzzer for the parsers of outside text (feature `testkit`): seeded, deterministic,
//! without a dependency, so that every crate's tests can run its parsers on arbitrary input
//! in the default test run and for hours on request.
//!
//! Inputs come three ways: random bytes read as UTF-8 (lossy), random characters from an
//! alphabet the caller gives (the characters its parser cares about), and above all
//! mutations of valid examples the caller gives, because those get past a parser's first
//! checks into the code behind them: characters and slices deleted, inserted, replaced,
//! duplicated, repeated; two examples spliced; lines dropped, repeated or swapped; numbers
//! made huge, negative or not numbers at all; blanks, line ends, `\r`, NUL and non-ASCII put
//! in. The first cases are the examples themselves, unchanged.
//!
//! [`run`] checks a parser on a budget of inputs: the check returns whether the parser
//! accepted the input (and what it gave back is right) or rejected it with a clear error
//! ([`rejected`]), or what is wrong. A panic inside the check is caught. Either failure stops
//! the run with the parser's name, the seed, the case number and the exact input (escaped
//! with `{:?}`), so that it can be replayed and kept as a regression test.
//!
//! The budget is [`CASES_VAR`] cases per parser ([`DEFAULT_CASES`] when unset: the default
//! test run stays fast), the seed [`SEED_VAR`]. A case that kills the process instead of
//! panicking (an abort on a huge allocation, a stack overflow) leaves no report: run again
//! with [`TRACE_VAR`] set to see every input on stderr before it is tried.
//!
//! ```ignore
//! use olympiad_core::fuzz::{self, Verdict};
//!
//! let examples = ["b2-c4".to_string(), "e5-c5".to_string()];
//! fuzz::run("caissa moves", &examples, "abcdefg1234567-", |text| {
//!     match olympiad_caissa::text::parse_move(text) {
//!         Ok(mv) if mv.to_string() == text.to_ascii_lowercase() => Ok(Verdict::Accepted),
//!         Ok(mv) => Err(format!("reads back as {mv}")),
//!         Err(e) => fuzz::rejected(&e),
//!     }
//! });
//! ```

use crate::conformance::{Playouts, check_position};
use crate::game::{Hashed, Notation};
use crate::rng::SplitMix64;
use std::fmt;
use std::io::Write;
use std::panic::{AssertUnwindSafe, catch_unwind};

/// Cases per parser when [`CASES_VAR`] is unset: enough for the shallow bugs, a fraction of
/// a second for most parsers.
pub const DEFAULT_CASES: usize = 3_000;
/// The seed when [`SEED_VAR`] is unset.
pub const DEFAULT_SEED: u64 = 0x0F0A_2003;
/// The environment variable holding the number of cases per parser.
pub const CASES_VAR: &str = "OLYMPIAD_FUZZ_CASES";
/// The environment variable holding the seed.
pub const SEED_VAR: &str = "OLYMPIAD_FUZZ_SEED";
/// When set (to anything), every input is written to stderr before it is tried.
pub const TRACE_VAR: &str = "OLYMPIAD_FUZZ_TRACE";

/// The most mutations stacked on one example (most inputs get one or two: a single fault
/// is what tells a parser's checks apart).
const MAX_MUTATIONS: usize = 8;
/// The longest input made of random bytes or alphabet characters, in characters.
const MAX_RANDOM_CHARS: usize = 96;
/// The longest an input may grow by mutations, in characters.
const MAX_CHARS: usize = 4_096;
/// Share of the inputs made of random bytes, in percent.
const RANDOM_BYTES_PERCENT: usize = 8;
/// Share of the inputs made of alphabet characters, in percent (the rest are mutations).
const ALPHABET_PERCENT: usize = 12;

/// Characters parsers trip on, put in by mutations whatever the alphabet: blanks of every
/// kind, line ends, NUL and controls, non-ASCII letters and digits, characters whose case
/// changes their length, a byte-order mark, zero-width and right-to-left marks, a combining
/// accent, the replacement character, four-byte characters.
const AWKWARD: &[char] = &[
    ' ',
    ' ',
    '\t',
    '\n',
    '\n',
    '\r',
    '\0',
    '\u{b}',
    '\u{c}',
    '\u{1b}',
    '\u{7f}',
    '\u{85}',
    '\u{a0}',
    '\u{2028}',
    '\u{3000}',
    '\u{feff}',
    '\u{200b}',
    '\u{202e}',
    '\u{301}',
    'é',
    'ß',
    'İ',
    'ﬀ',
    'Ⅻ',
    '٣',
    '€',
    '\u{fffd}',
    '𝟙',
    '🂡',
    '\u{10ffff}',
];

/// Numbers parsers get wrong: signs, leading zeros, fractions and exponents, the edges of
/// every integer type, beyond 128 bits, and things that look like numbers.
const NUMBERS: &[&str] = &[
    "0",
    "-0",
    "-1",
    "-",
    "+1",
    "+",
    "00",
    "007",
    "1.5",
    "1e3",
    "1e309",
    "NaN",
    "inf",
    "-inf",
    "127",
    "128",
    "255",
    "256",
    "32767",
    "65535",
    "65536",
    "2147483647",
    "2147483648",
    "4294967295",
    "4294967296",
    "9223372036854775807",
    "9223372036854775808",
    "-9223372036854775809",
    "18446744073709551615",
    "18446744073709551616",
    "340282366920938463463374607431768211456",
    "99999999999999999999999999999999999999999",
    "0x10",
    "1_000",
    "٣",
];

/// The number of cases per parser: [`CASES_VAR`], else [`DEFAULT_CASES`].
///
/// # Panics
/// If the variable is set to something that is not a whole number.
pub fn cases() -> usize {
    env_number(CASES_VAR).map_or(DEFAULT_CASES, |n| n as usize)
}

/// The seed: [`SEED_VAR`], else [`DEFAULT_SEED`].
///
/// # Panics
/// If the variable is set to something that is not a whole number.
pub fn seed() -> u64 {
    env_number(SEED_VAR).unwrap_or(DEFAULT_SEED)
}

fn env_number(var: &str) -> Option<u64> {
    let text = std::env::var(var).ok()?;
    let number = text.trim().replace('_', "").parse().unwrap_or_else(|_| {
        panic!("{var}={text:?}: expected a whole number");
    });
    Some(number)
}

/// What a check made of one input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The parser took it (and what it gave back passed the check).
    Accepted,
    /// The parser refused it with a clear error.
    Rejected,
}

/// What a run tried.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Inputs tried.
    pub cases: usize,
    /// Inputs the parser accepted.
    pub accepted: usize,
}

/// A rejection: fine when its message says something, that is when it is not empty or
/// blank and shows no Rust value dumped for programmers (`ParseIntError { kind: ... }`).
pub fn rejected(error: &dyn fmt::Display) -> Result<Verdict, String> {
    let message = error.to_string();
    if message.trim().is_empty() {
        return Err(format!("rejected with an empty message {message:?}"));
    }
    if let Some(dump) = ["{ kind: ", "ParseIntError", "ParseFloatError", "Utf8Error"]
        .iter()
        .find(|d| message.contains(*d))
    {
        return Err(format!(
            "rejected with a message showing a Rust value ({dump:?}): {message}"
        ));
    }
    Ok(Verdict::Rejected)
}

/// Checks that a 1-based character position lies in `text` or just after its end (where a
/// parser reports what is missing).
pub fn column_within(text: &str, column: usize) -> Result<(), String> {
    let chars = text.chars().count();
    if (1..=chars + 1).contains(&column) {
        Ok(())
    } else {
        Err(format!(
            "column {column} is outside the input ({chars} characters)"
        ))
    }
}

/// Checks that a 1-based line and column lie in `text`: one of its lines (split at `\n`),
/// a column from 1 to just after that line's last character.
pub fn within(text: &str, line: usize, column: usize) -> Result<(), String> {
    let lines = text.split('\n').count();
    let Some(raw) = line.checked_sub(1).and_then(|i| text.split('\n').nth(i)) else {
        return Err(format!("line {line} is outside the input ({lines} lines)"));
    };
    column_within(raw, column).map_err(|e| format!("line {line}: {e}"))
}

/// A fuzz run of one parser: its name (for reports), examples and alphabet, and a budget.
#[derive(Clone, Debug)]
pub struct Fuzz<'a> {
    name: &'a str,
    inputs: Inputs<'a>,
    cases: usize,
    seed: u64,
}

impl<'a> Fuzz<'a> {
    /// A run of [`cases()`] cases from [`seed()`], mutating `examples` and drawing characters
    /// from `alphabet`.
    pub fn new(name: &'a str, examples: &'a [String], alphabet: &str) -> Self {
        Self {
            name,
            inputs: Inputs::new(examples, alphabet),
            cases: cases(),
            seed: seed(),
        }
    }

    /// Runs `cases` cases instead (a test that shares the budget among several runs).
    pub fn cases(mut self, cases: usize) -> Self {
        self.cases = cases;
        self
    }

    /// The input of case `case`, as the run tries it.
    pub fn input(&self, case: usize) -> String {
        self.inputs.make(mix(self.seed, self.name), case)
    }

    /// Tries every case on `check`; see [`run`].
    ///
    /// # Panics
    /// On the first input whose check fails or panics, with the name, seed, case and input.
    pub fn run<F>(&self, mut check: F) -> Stats
    where
        F: FnMut(&str) -> Result<Verdict, String>,
    {
        let trace = std::env::var_os(TRACE_VAR).is_some();
        let mut stats = Stats::default();
        for case in 0..self.cases {
            let input = self.input(case);
            if trace {
                // Straight to stderr, past the test harness's capture: the process may die
                // before the harness prints what it captured.
                let _ = writeln!(
                    std::io::stderr(),
                    "fuzz {:?} case {case}: {input:?}",
                    self.name
                );
            }
            let failure = match catch_unwind(AssertUnwindSafe(|| check(&input))) {
                Ok(Ok(verdict)) => {
                    stats.cases += 1;
                    stats.accepted += usize::from(verdict == Verdict::Accepted);
                    continue;
                }
                Ok(Err(wrong)) => wrong,
                Err(payload) => format!("panicked: {}", panic_text(&*payload)),
            };
            panic!(
                "fuzz {:?}: case {case} (seed {}, {SEED_VAR}={}) {failure}\n  input: {input:?}",
                self.name, self.seed, self.seed
            );
        }
        stats
    }
}

/// Runs `check` on [`cases()`] inputs made from `examples` and `alphabet`: `Ok` with the
/// verdict when the parser did right (use [`rejected`] for an error), `Err` with what is
/// wrong otherwise. Returns how many inputs were tried and accepted.
///
/// # Panics
/// On the first input whose check fails or panics, with the name, seed, case and input.
pub fn run<F>(name: &str, examples: &[String], alphabet: &str, check: F) -> Stats
where
    F: FnMut(&str) -> Result<Verdict, String>,
{
    Fuzz::new(name, examples, alphabet).run(check)
}

fn panic_text(payload: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        s.to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "(a panic without a message)".into()
    }
}

/// The seed of one parser's run: the run's seed and the parser's name (FNV-1a), so that
/// parsers fuzzed side by side do not see the same stream.
fn mix(seed: u64, name: &str) -> u64 {
    let fnv = name.bytes().fold(0xCBF2_9CE4_8422_2325u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01B3)
    });
    seed ^ fnv
}

/// Random playouts from each of `starts` until `positions` positions in all, every
/// position of them in order (the examples of a game's text).
pub fn playout_positions<G: Hashed + Notation>(starts: &[G], positions: usize) -> Vec<G> {
    let mut seen = Vec::new();
    for (i, start) in starts.iter().enumerate() {
        Playouts::new(positions / starts.len())
            .seed(seed().wrapping_add(i as u64))
            .max_plies(200)
            .run(
                start,
                |_, moves, rng| moves[rng.below(moves.len())],
                |pos| seen.push(pos.clone()),
            );
    }
    seen
}

/// Positions whose legal moves a notation run tries, and examples of position text.
const NOTATION_POSITIONS: usize = 400;
/// Positions at which move texts are tried (the budget is shared among them).
const MOVE_POSITIONS: usize = 12;

/// Fuzzes a game's notation, the texts a program or a person gives it: the position text
/// on mutations of positions from random playouts of `starts`, and the move text on
/// mutations of the legal moves at some of those positions. A position read passes the
/// conformance checks ([`check_position`]: its text reads back the same, its hash, its
/// moves' texts); a move read as legal plays and its text reads back as the same move; a
/// rejection has a clear message, and a position error whose `column` (1-based character)
/// the game reports lies inside the input.
///
/// # Panics
/// On the first input that fails, as [`run`] does.
pub fn notation<G, C>(name: &str, starts: &[G], alphabet: &str, column: C)
where
    G: Hashed + Notation,
    C: Fn(&G::ParseError) -> Option<usize>,
{
    let positions = playout_positions(starts, NOTATION_POSITIONS);
    let step = positions.len().div_ceil(64).max(1);
    let texts: Vec<String> = positions
        .iter()
        .step_by(step)
        .map(Notation::position_text)
        .collect();
    let stats = run(
        &format!("{name} position"),
        &texts,
        alphabet,
        |text| match G::parse_position(text) {
            Ok(pos) => check_position(&pos).map(|_| Verdict::Accepted),
            Err(e) => {
                if let Some(c) = column(&e) {
                    column_within(text, c)?;
                }
                rejected(&e)
            }
        },
    );
    assert!(
        stats.accepted > texts.len(),
        "{name}: no mutated position text was accepted ({stats:?}): the fuzz stays shallow"
    );
    let every_move: Vec<String> = positions
        .iter()
        .flat_map(|p| p.legal_move_texts())
        .take(64)
        .collect();
    let step = positions.len().div_ceil(MOVE_POSITIONS).max(1);
    for pos in positions.iter().step_by(step) {
        let own = pos.legal_move_texts();
        let examples = if own.is_empty() { &every_move } else { &own };
        let run_name = format!("{name} move at {:?}", pos.position_text());
        Fuzz::new(&run_name, examples, alphabet)
            .cases(cases().div_ceil(MOVE_POSITIONS))
            .run(|text| match pos.parse_legal_move(text) {
                Ok(mv) => {
                    let canonical = pos.format_move(mv);
                    match pos.parse_legal_move(&canonical) {
                        Ok(back) if back == mv => {}
                        other => return Err(format!("canonical {canonical:?} reads {other:?}")),
                    }
                    let after = pos.after(mv);
                    if after.zobrist() != after.zobrist_from_scratch() {
                        return Err(format!("after {canonical}: the hash is wrong"));
                    }
                    Ok(Verdict::Accepted)
                }
                Err(e) => rejected(&e),
            });
    }
}

/// The input generator: examples to mutate and an alphabet to draw from. Case `k` of a
/// seed is always the same text, whatever ran before it.
#[derive(Clone, Debug)]
pub struct Inputs<'a> {
    examples: &'a [String],
    alphabet: Vec<char>,
}

impl<'a> Inputs<'a> {
    /// A generator mutating `examples` and drawing characters from `alphabet` (and from
    /// every character of the examples, and the awkward ones).
    pub fn new(examples: &'a [String], alphabet: &str) -> Self {
        let mut chars: Vec<char> = alphabet.chars().collect();
        chars.extend(examples.iter().flat_map(|e| e.chars()));
        chars.sort_unstable();
        chars.dedup();
        if chars.is_empty() {
            chars.extend(AWKWARD);
        }
        Self {
            examples,
            alphabet: chars,
        }
    }

    /// The input of case `case` from `seed`: the examples first, unchanged, then random
    /// bytes, alphabet strings and (mostly) mutated examples.
    pub fn make(&self, seed: u64, case: usize) -> String {
        if let Some(example) = self.examples.get(case) {
            return example.clone();
        }
        let mut rng = SplitMix64::new(seed ^ (case as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let kind = rng.below(100);
        if kind < RANDOM_BYTES_PERCENT {
            let bytes: Vec<u8> = (0..rng.below(MAX_RANDOM_CHARS + 1))
                .map(|_| rng.next_u64() as u8)
                .collect();
            return String::from_utf8_lossy(&bytes).into_owned();
        }
        if kind < RANDOM_BYTES_PERCENT + ALPHABET_PERCENT || self.examples.is_empty() {
            return (0..rng.below(MAX_RANDOM_CHARS + 1))
                .map(|_| self.any_char(&mut rng))
                .collect();
        }
        let mut text: Vec<char> = self.example(&mut rng).chars().collect();
        // Mostly one or two mutations, sometimes up to MAX_MUTATIONS.
        let most = 1 + rng.below(MAX_MUTATIONS);
        let count = 1 + rng.below(most);
        for _ in 0..count {
            self.mutate(&mut rng, &mut text);
            text.truncate(MAX_CHARS);
        }
        text.into_iter().collect()
    }

    fn example(&self, rng: &mut SplitMix64) -> &'a str {
        &self.examples[rng.below(self.examples.len())]
    }

    /// An alphabet character, one time in eight an awkward one.
    fn any_char(&self, rng: &mut SplitMix64) -> char {
        if rng.below(8) == 0 {
            AWKWARD[rng.below(AWKWARD.len())]
        } else {
            self.alphabet[rng.below(self.alphabet.len())]
        }
    }

    /// One mutation of `text`.
    fn mutate(&self, rng: &mut SplitMix64, text: &mut Vec<char>) {
        let len = text.len();
        match rng.below(16) {
            // Delete a character or a slice.
            0 | 1 => {
                let (a, b) = span(rng, len);
                text.drain(a..b);
            }
            // Insert a character of the alphabet, or an awkward one.
            2 | 3 => {
                let c = self.any_char(rng);
                text.insert(rng.below(len + 1), c);
            }
            // Replace a character.
            4 | 5 if len > 0 => {
                let c = self.any_char(rng);
                text[rng.below(len)] = c;
            }
            // Copy a slice somewhere else.
            6 => {
                let (a, b) = span(rng, len);
                let slice: Vec<char> = text[a..b].to_vec();
                let at = rng.below(len + 1);
                text.splice(at..at, slice);
            }
            // Repeat a slice many times (long lines, many fields).
            7 => {
                let (a, b) = span(rng, len);
                let slice: Vec<char> = text[a..b].to_vec();
                let times = 2 + rng.below(200);
                let repeated = slice.iter().copied().cycle().take(slice.len() * times);
                text.splice(b..b, repeated);
            }
            // Splice: a beginning of this text and an end of another example.
            8 => {
                let other: Vec<char> = self.example(rng).chars().collect();
                text.truncate(rng.below(len + 1));
                let from = rng.below(other.len() + 1);
                text.extend_from_slice(&other[from..]);
            }
            // A slice of another example put in.
            9 => {
                let other: Vec<char> = self.example(rng).chars().collect();
                let (a, b) = span(rng, other.len());
                let at = rng.below(len + 1);
                text.splice(at..at, other[a..b].iter().copied());
            }
            // A number made huge, negative, or not a number.
            10 | 11 => {
                let runs = digit_runs(text);
                let (a, b) = if runs.is_empty() {
                    let at = rng.below(len + 1);
                    (at, at)
                } else {
                    runs[rng.below(runs.len())]
                };
                let number: String = if rng.below(4) == 0 {
                    let digits = 1 + rng.below(40);
                    (0..digits)
                        .map(|_| char::from(b'0' + rng.below(10) as u8))
                        .collect()
                } else {
                    NUMBERS[rng.below(NUMBERS.len())].to_string()
                };
                text.splice(a..b, number.chars());
            }
            // A line dropped, repeated or moved.
            12 => {
                let lines = line_spans(text);
                let (a, b) = lines[rng.below(lines.len())];
                let line: Vec<char> = text[a..b].to_vec();
                text.drain(a..b);
                if rng.below(2) == 0 {
                    let (c, _) = lines[rng.below(lines.len())];
                    let at = c.min(text.len());
                    text.splice(at..at, line);
                }
            }
            // Cut short.
            13 => text.truncate(rng.below(len + 1)),
            // A slice in the other case.
            14 => {
                let (a, b) = span(rng, len);
                let upper = rng.below(2) == 0;
                let changed: String = text[a..b]
                    .iter()
                    .map(|c| {
                        if upper {
                            c.to_uppercase().to_string()
                        } else {
                            c.to_lowercase().to_string()
                        }
                    })
                    .collect();
                text.splice(a..b, changed.chars());
            }
            // Blanks around or inside: where a parser trims, splits or counts.
            _ => {
                let blank = [' ', '\t', '\n', '\r', '\0'][rng.below(5)];
                let at = match rng.below(3) {
                    0 => 0,
                    1 => len,
                    _ => rng.below(len + 1),
                };
                text.insert(at, blank);
            }
        }
    }
}

/// A random slice `a..b` of `0..len`: mostly a few characters, sometimes up to all.
fn span(rng: &mut SplitMix64, len: usize) -> (usize, usize) {
    let a = rng.below(len + 1);
    let most = if rng.below(4) == 0 {
        len - a
    } else {
        (len - a).min(8)
    };
    (a, a + rng.below(most + 1))
}

/// The runs of ASCII digits in `text`, as `a..b`.
fn digit_runs(text: &[char]) -> Vec<(usize, usize)> {
    let mut runs = Vec::new();
    let mut start = None;
    for (i, c) in text.iter().chain(std::iter::once(&' ')).enumerate() {
        match (c.is_ascii_digit(), start) {
            (true, None) => start = Some(i),
            (false, Some(s)) => {
                runs.push((s, i));
                start = None;
            }
            _ => {}
        }
    }
    runs
}

/// The lines of `text`, each with its `\n`, as `a..b` (at least one, maybe empty).
fn line_spans(text: &[char]) -> Vec<(usize, usize)> {
    let mut lines = Vec::new();
    let mut start = 0;
    for (i, &c) in text.iter().enumerate() {
        if c == '\n' {
            lines.push((start, i + 1));
            start = i + 1;
        }
    }
    if start < text.len() || lines.is_empty() {
        lines.push((start, text.len()));
    }
    lines
}
