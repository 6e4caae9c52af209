//! The tournament config, as users write it in TOML (see `docs/tournament.example.toml`),
//! checked once at the edge: after [`TournamentConfig::from_toml`] every name, count and
//! reference is known to be good. A bad config is reported with the key (a dotted path,
//! array elements 0-based: `players[1].spec`), the line and column, and what was expected.
//!
//! The TOML deserializer reports a byte span with its message; the key is recovered from
//! the text around that span (the enclosing `[table]` or `[[array]]` header and the
//! `key =` on the line). Checks that need the whole config (a gauntlet hero that is not a
//! player, too many Swiss rounds...) find their key's line by the same scan.
//!
//! Every error says what was expected in the user's words: a key that takes one of a few
//! names (`format.kind`, each of `tie_breaks`) lists them whatever the wrong value is, a
//! table written as a value says which keys it takes, and serde's type names become words
//! (`a whole number`, `true or false`).
//!
//! The number of seats of the game is the catalog's, which this crate does not know:
//! [`TournamentConfig::for_seats`] checks and completes a config for it (games of more than
//! two seats: round robins of tables only, points by rank, the table tie-breaks by default).

use crate::model::{PlayerId, Schedule};
use crate::schedule::{gauntlet, round_robin, table_round_robin};
use crate::standings::{PointsScheme, StandingsConfig, TieBreak};
use serde::de::{self, Deserializer, SeqAccess, Visitor};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::marker::PhantomData;
use std::path::PathBuf;
use thiserror::Error;

/// The default budget per game, in milliseconds.
pub const DEFAULT_TIME_MS: u64 = 10_000;
/// The default number of games a gauntlet's hero plays against each opponent.
pub const DEFAULT_GAUNTLET_CYCLES: u32 = 2;
/// The default number of games played at once.
pub const DEFAULT_CONCURRENCY: u32 = 1;
/// The most games of a schedule fixed in advance (round robins, gauntlets, round robins of
/// tables). It is made whole before the first game, so a config asking for more (a
/// mistyped number of cycles, hundreds of players at tables of four) is refused rather than
/// left to exhaust the memory.
pub const MAX_SCHEDULED_GAMES: u64 = 1_000_000;

/// A whole tournament.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TournamentConfig {
    /// The tournament's name, for reports.
    #[serde(default = "default_name")]
    pub name: String,
    /// The catalog name of the game (`caissa`, `rolit`, ...).
    pub game: String,
    /// The participants; their order gives the player ids and the Swiss pairing numbers.
    pub players: Vec<PlayerConfig>,
    /// The format.
    pub format: Format,
    /// The time control.
    #[serde(default)]
    pub time: TimeControlConfig,
    /// Adjudication beyond the game's rules: a move limit and the engines' scores.
    #[serde(default, skip_serializing_if = "AdjudicationConfig::is_off")]
    pub adjudication: AdjudicationConfig,
    /// A file of start positions or move lines, one per line, played in pairs with seats
    /// swapped; relative to the config file.
    #[serde(default)]
    pub openings: Option<PathBuf>,
    /// The points scheme.
    #[serde(default)]
    pub points: PointsScheme,
    /// Tie-breaks in the order they apply.
    #[serde(default = "default_tie_breaks", deserialize_with = "tie_break_list")]
    pub tie_breaks: Vec<TieBreak>,
    /// Settle medal ties by play-off games (rule 9).
    #[serde(default = "default_true")]
    pub medal_playoffs: bool,
    /// Games played at once.
    #[serde(default = "default_concurrency")]
    pub concurrency: u32,
    /// The seed of every draw (table numbers, seats of round 1, openings, lots).
    #[serde(default)]
    pub seed: u64,
    /// Play the games on several processes or machines (`[cluster]`); `concurrency` is
    /// then ignored.
    #[serde(default)]
    pub cluster: Option<ClusterConfig>,
}

/// Where the games of a tournament across processes are played: every process is started
/// with the same config and its own `--process` index; process 0 keeps the store.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(
    deny_unknown_fields,
    expecting = "a [cluster] table of `hosts` (\"host:port\" strings, process 0 first), \
                 `workers` (games at once on each process) and `connect_timeout_s`"
)]
pub struct ClusterConfig {
    /// Every process's `host:port`, process 0 first.
    pub hosts: Vec<String>,
    /// Games at once on each process.
    #[serde(default = "default_cluster_workers")]
    pub workers: u32,
    /// Seconds processes wait for each other at the start.
    #[serde(default = "default_connect_timeout")]
    pub connect_timeout_s: u64,
}

fn default_cluster_workers() -> u32 {
    1
}

fn default_connect_timeout() -> u64 {
    60
}

fn default_name() -> String {
    "olympiad tournament".into()
}

fn default_tie_breaks() -> Vec<TieBreak> {
    TieBreak::RULE_9.to_vec()
}

/// `tie_breaks`: a list of names; anything else is answered with the names.
fn tie_break_list<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Vec<TieBreak>, D::Error> {
    struct List;
    impl<'de> Visitor<'de> for List {
        type Value = Vec<TieBreak>;
        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            write!(f, "a list of tie-breaks, each {}", one_of(TieBreak::NAMES))
        }
        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
            let mut list = Vec::new();
            while let Some(t) = seq.next_element()? {
                list.push(t);
            }
            Ok(list)
        }
    }
    deserializer.deserialize_seq(List)
}

/// A value a config names by one word from a fixed list.
pub(crate) trait Named: Copy + PartialEq + 'static {
    /// Every value's name, in the order messages list them.
    const NAMES: &'static [&'static str];
    /// Every value, in the order of [`Named::NAMES`].
    const VALUES: &'static [Self];

    /// Its name.
    fn config_name(self) -> &'static str {
        let at = Self::VALUES.iter().position(|&v| v == self);
        Self::NAMES[at.expect("VALUES lists every value")]
    }
}

/// "one of `a`, `b`, `c`".
fn one_of(names: &[&str]) -> String {
    let quoted: Vec<String> = names.iter().map(|n| format!("`{n}`")).collect();
    format!("one of {}", quoted.join(", "))
}

/// Deserializes a [`Named`] value, so that a wrong value of any type (an unknown name, a
/// number, a table) is answered with every name.
pub(crate) fn deserialize_named<'de, D: Deserializer<'de>, T: Named>(
    deserializer: D,
) -> Result<T, D::Error> {
    struct Name<T>(PhantomData<T>);
    impl<T: Named> Visitor<'_> for Name<T> {
        type Value = T;
        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str(&one_of(T::NAMES))
        }
        fn visit_str<E: de::Error>(self, text: &str) -> Result<T, E> {
            T::NAMES
                .iter()
                .position(|&n| n == text)
                .map(|i| T::VALUES[i])
                .ok_or_else(|| E::unknown_variant(text, T::NAMES))
        }
    }
    deserializer.deserialize_str(Name(PhantomData))
}

/// A deserializer's message in the user's words: serde's names of types replaced.
fn in_users_words(message: &str) -> String {
    const WORDS: [(&str, &str); 10] = [
        ("unknown variant", "unknown value"),
        ("expected u8", "expected a whole number, 0 or more"),
        ("expected u16", "expected a whole number, 0 or more"),
        ("expected u32", "expected a whole number, 0 or more"),
        ("expected u64", "expected a whole number, 0 or more"),
        ("expected usize", "expected a whole number, 0 or more"),
        ("expected i64", "expected a whole number"),
        ("expected f64", "expected a number"),
        ("expected a boolean", "expected `true` or `false`"),
        ("expected a sequence", "expected a list"),
    ];
    let mut text = message.to_string();
    for (serde, user) in WORDS {
        if let Some(at) = text.find(serde)
            && !text[at + serde.len()..].starts_with(|c: char| c.is_alphanumeric())
        {
            text.replace_range(at..at + serde.len(), user);
        }
    }
    text
}

fn default_true() -> bool {
    true
}

fn default_concurrency() -> u32 {
    DEFAULT_CONCURRENCY
}

/// One participant.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(
    deny_unknown_fields,
    expecting = "a [[players]] table with `name`, `spec` and optional `options`"
)]
pub struct PlayerConfig {
    /// Its name in standings (unique).
    pub name: String,
    /// What plays: `builtin:NAME[:key=value,...]`, `cmd:COMMAND LINE` or
    /// `PROTOCOL:COMMAND LINE` (`uci:stockfish`; checked by the arena when the tournament
    /// starts).
    pub spec: String,
    /// Options its protocol sets (`options = { Hash = 64, UCI_Elo = 2000 }`), as text.
    #[serde(
        default,
        skip_serializing_if = "BTreeMap::is_empty",
        deserialize_with = "option_values"
    )]
    pub options: BTreeMap<String, String>,
}

/// An engine option's value as the protocols send it: a string, number or boolean as text;
/// `None` for arrays, tables and dates. Players files and tournament configs read options
/// through it.
pub fn option_text(value: &toml::Value) -> Option<String> {
    match value {
        toml::Value::String(s) => Some(s.clone()),
        toml::Value::Integer(i) => Some(i.to_string()),
        toml::Value::Float(f) => Some(f.to_string()),
        toml::Value::Boolean(b) => Some(b.to_string()),
        _ => None,
    }
}

/// Reads an options table whose values are strings, numbers or booleans, as text.
fn option_values<'de, D: serde::Deserializer<'de>>(
    d: D,
) -> Result<BTreeMap<String, String>, D::Error> {
    BTreeMap::<String, toml::Value>::deserialize(d)?
        .into_iter()
        .map(|(k, v)| match option_text(&v) {
            Some(text) => Ok((k, text)),
            None => Err(de::Error::custom(format!(
                "option {k} is a {}, not a string, a number or true/false",
                v.type_str()
            ))),
        })
        .collect()
}

/// The format of a tournament. In TOML a `[format]` table with `kind` and the fields of
/// that kind (read through a flat table so that mistakes keep their exact position).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "RawFormat", into = "RawFormat")]
pub enum Format {
    /// Everyone against everyone, once or (double) twice with seats swapped; for games of
    /// more than two seats every table of that many players, seats rotated.
    RoundRobin {
        /// Play every pairing twice, seats swapped.
        double: bool,
        /// Play the whole round robin this many times (instead of `double`).
        cycles: Option<u32>,
    },
    /// A Swiss of `rounds` rounds.
    Swiss {
        /// Rounds.
        rounds: u32,
    },
    /// CodeCup: a Swiss, then the top group plays a double round robin.
    Codecup {
        /// Swiss rounds.
        swiss_rounds: u32,
        /// Players in the final.
        top: u32,
    },
    /// One player against all the others.
    Gauntlet {
        /// The name of the player who meets everyone.
        hero: String,
        /// Games against each opponent, seats alternating (default 2).
        cycles: u32,
    },
}

/// The kinds of format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum FormatKind {
    RoundRobin,
    Swiss,
    Codecup,
    Gauntlet,
}

impl Named for FormatKind {
    const NAMES: &'static [&'static str] = &["round_robin", "swiss", "codecup", "gauntlet"];
    const VALUES: &'static [FormatKind] = &[
        FormatKind::RoundRobin,
        FormatKind::Swiss,
        FormatKind::Codecup,
        FormatKind::Gauntlet,
    ];
}

impl<'de> Deserialize<'de> for FormatKind {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserialize_named(deserializer)
    }
}

impl Serialize for FormatKind {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.config_name())
    }
}

/// `[format]` as written: every field of every kind, checked against the kind after.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(
    deny_unknown_fields,
    expecting = "a [format] table whose `kind` is one of `round_robin`, `swiss`, `codecup`, \
                 `gauntlet` (for instance [format] kind = \"swiss\" rounds = 5)"
)]
struct RawFormat {
    kind: Option<FormatKind>,
    #[serde(skip_serializing_if = "Option::is_none")]
    double: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    rounds: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    swiss_rounds: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    top: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    hero: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    cycles: Option<u32>,
}

impl TryFrom<RawFormat> for Format {
    type Error = String;
    fn try_from(raw: RawFormat) -> Result<Format, String> {
        let missing = |field: &str| format!("missing field `{field}`");
        let kind = raw
            .kind
            .ok_or_else(|| missing("kind") + ", expected " + &one_of(FormatKind::NAMES))?;
        let allowed: &[&str] = match kind {
            FormatKind::RoundRobin => &["double", "cycles"],
            FormatKind::Swiss => &["rounds"],
            FormatKind::Codecup => &["swiss_rounds", "top"],
            FormatKind::Gauntlet => &["hero", "cycles"],
        };
        let present = [
            ("double", raw.double.is_some()),
            ("rounds", raw.rounds.is_some()),
            ("swiss_rounds", raw.swiss_rounds.is_some()),
            ("top", raw.top.is_some()),
            ("hero", raw.hero.is_some()),
            ("cycles", raw.cycles.is_some()),
        ];
        if let Some((field, _)) = present.iter().find(|(f, p)| *p && !allowed.contains(f)) {
            return Err(format!(
                "unknown field `{field}` for this kind, expected {}",
                allowed
                    .iter()
                    .map(|f| format!("`{f}`"))
                    .collect::<Vec<_>>()
                    .join(" or ")
            ));
        }
        Ok(match kind {
            FormatKind::RoundRobin => {
                if raw.double.is_some() && raw.cycles.is_some() {
                    return Err("expected `double` or `cycles`, not both".into());
                }
                Format::RoundRobin {
                    double: raw.double.unwrap_or(false),
                    cycles: raw.cycles,
                }
            }
            FormatKind::Swiss => Format::Swiss {
                rounds: raw.rounds.ok_or_else(|| missing("rounds"))?,
            },
            FormatKind::Codecup => Format::Codecup {
                swiss_rounds: raw.swiss_rounds.ok_or_else(|| missing("swiss_rounds"))?,
                top: raw.top.ok_or_else(|| missing("top"))?,
            },
            FormatKind::Gauntlet => Format::Gauntlet {
                hero: raw.hero.ok_or_else(|| missing("hero"))?,
                cycles: raw.cycles.unwrap_or(DEFAULT_GAUNTLET_CYCLES),
            },
        })
    }
}

impl From<Format> for RawFormat {
    fn from(format: Format) -> RawFormat {
        match format {
            Format::RoundRobin { double, cycles } => RawFormat {
                kind: Some(FormatKind::RoundRobin),
                double: cycles.is_none().then_some(double),
                cycles,
                ..RawFormat::default()
            },
            Format::Swiss { rounds } => RawFormat {
                kind: Some(FormatKind::Swiss),
                rounds: Some(rounds),
                ..RawFormat::default()
            },
            Format::Codecup { swiss_rounds, top } => RawFormat {
                kind: Some(FormatKind::Codecup),
                swiss_rounds: Some(swiss_rounds),
                top: Some(top),
                ..RawFormat::default()
            },
            Format::Gauntlet { hero, cycles } => RawFormat {
                kind: Some(FormatKind::Gauntlet),
                hero: Some(hero),
                cycles: Some(cycles),
                ..RawFormat::default()
            },
        }
    }
}

impl Format {
    /// The cycles of a round robin (`cycles`, or 2 when `double`, else 1); `None` for the
    /// other formats.
    pub fn round_robin_cycles(&self) -> Option<u32> {
        match self {
            Format::RoundRobin { double, cycles } => {
                Some(cycles.unwrap_or(if *double { 2 } else { 1 }))
            }
            _ => None,
        }
    }
}

/// The clocks.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(
    deny_unknown_fields,
    expecting = "a [time] table of `time_ms`, `increment_ms` (whole numbers of milliseconds) \
                 or `tc` (\"10+0.1\", \"40/60\", \"st=1\"), `margin_ms` and `freeze_idle` \
                 (true or false)"
)]
pub struct TimeControlConfig {
    /// Budget per player per game, in milliseconds.
    #[serde(default = "default_time_ms")]
    pub time_ms: u64,
    /// Added after each move, in milliseconds.
    #[serde(default)]
    pub increment_ms: u64,
    /// A time control as chess match runners write it, instead of `time_ms` and
    /// `increment_ms`: `[MOVES/]SECONDS[+INCREMENT]` or `st=SECONDS` (read by the arena).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tc: Option<String>,
    /// How far past its clock a reply may come without losing on time, in milliseconds.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub margin_ms: u64,
    /// Freeze the clock of a player while it waits (its process is stopped).
    #[serde(default)]
    pub freeze_idle: bool,
}

fn default_time_ms() -> u64 {
    DEFAULT_TIME_MS
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}

/// Adjudication beyond the game's rules (`[adjudication]`); the arena reads the rules.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(
    deny_unknown_fields,
    expecting = "an [adjudication] table of `resign` (\"SCORE,MOVES\"), `draw` \
                 (\"SCORE,MOVES,AFTER\") and `max_plies`"
)]
pub struct AdjudicationConfig {
    /// A loss when both engines agree for MOVES moves each that one side is SCORE
    /// centipawns behind: `"SCORE,MOVES"`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resign: Option<String>,
    /// A draw when both scores stay within SCORE of zero for MOVES moves each from move
    /// AFTER: `"SCORE,MOVES,AFTER"`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub draw: Option<String>,
    /// A draw after this many plies.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_plies: Option<u32>,
}

impl AdjudicationConfig {
    /// Nothing asked for.
    pub fn is_off(&self) -> bool {
        *self == AdjudicationConfig::default()
    }
}

impl Default for TimeControlConfig {
    fn default() -> Self {
        TimeControlConfig {
            time_ms: DEFAULT_TIME_MS,
            increment_ms: 0,
            tc: None,
            margin_ms: 0,
            freeze_idle: false,
        }
    }
}

/// A config that could not be used.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub struct ConfigError {
    /// The key at fault, as a dotted path (`format.rounds`, `players[1].spec`), when known.
    pub key: Option<String>,
    /// The line (1-based), when known.
    pub line: Option<usize>,
    /// The column (1-based), when known.
    pub column: Option<usize>,
    /// What is wrong and what was expected.
    pub message: String,
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.line, self.column) {
            (Some(l), Some(c)) => write!(f, "line {l}, column {c}: ")?,
            (Some(l), None) => write!(f, "line {l}: ")?,
            _ => {}
        }
        if let Some(key) = &self.key {
            write!(f, "`{key}`: ")?;
        }
        f.write_str(&self.message)
    }
}

/// The 1-based line and column of byte `offset` in `text`.
fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, column)
}

/// A line of TOML as the key scanner sees it.
enum LineKind {
    /// `[a.b]` or `[[a]]` (the path, with the array index).
    Header(String),
    /// `key = ...` (the key and the byte offset of the `=` in the line).
    Key(String, usize),
    Other,
}

/// Removes quotes around a key.
fn unquote(key: &str) -> String {
    key.trim().trim_matches('"').trim_matches('\'').to_string()
}

/// Reads the headers and keys of `text`, line by line, with array headers numbered.
fn scan(text: &str) -> Vec<(LineKind, String)> {
    let mut counts: std::collections::BTreeMap<String, usize> = Default::default();
    let mut table = String::new();
    let mut out = Vec::new();
    for raw in text.split('\n') {
        let line = raw.trim();
        let kind = if let Some(name) = line.strip_prefix("[[").and_then(|l| l.split("]]").next()) {
            let name = unquote(name);
            let n = counts.entry(name.clone()).or_insert(0);
            table = format!("{name}[{n}]");
            *n += 1;
            LineKind::Header(table.clone())
        } else if let Some(name) = line.strip_prefix('[').and_then(|l| l.split(']').next()) {
            table = unquote(name);
            LineKind::Header(table.clone())
        } else if !line.starts_with('#')
            && let Some(eq) = raw.find('=')
        {
            let key = unquote(&raw[..eq]);
            if key.is_empty() || key.contains(' ') {
                LineKind::Other
            } else {
                LineKind::Key(key, eq)
            }
        } else {
            LineKind::Other
        };
        out.push((kind, table.clone()));
    }
    out
}

fn join(table: &str, key: &str) -> String {
    if table.is_empty() {
        key.to_string()
    } else {
        format!("{table}.{key}")
    }
}

/// The key at byte `offset` of `text`: the `key =` on its line (or the nearest one above
/// for multi-line values, and the last `inner =` before the offset inside an inline table),
/// or the table whose header is on that line.
fn key_at(text: &str, offset: usize) -> Option<String> {
    let (line, column) = line_column(text, offset);
    let lines = scan(text);
    let raw_lines: Vec<&str> = text.split('\n').collect();
    for i in (0..line.min(lines.len())).rev() {
        match &lines[i].0 {
            // A header without a name (`[`) names no key.
            LineKind::Header(path) => return (!path.is_empty()).then(|| path.clone()),
            LineKind::Key(key, eq) => {
                let mut path = join(&lines[i].1, key);
                if i + 1 == line && column > eq + 1 {
                    // Inside an inline table: the last `inner =` before the offset.
                    let raw = raw_lines[i];
                    let upto: String = raw.chars().take(column - 1).collect();
                    if let Some(brace) = upto.find('{') {
                        let inner = &upto[brace + 1..];
                        if let Some(last_eq) = inner.rfind('=') {
                            let name = inner[..last_eq].rsplit([',', '{']).next().unwrap_or("");
                            let name = unquote(name);
                            if !name.is_empty() {
                                path = format!("{path}.{name}");
                            }
                        }
                    }
                }
                return Some(path);
            }
            LineKind::Other => {}
        }
    }
    None
}

/// The line of the key `path` (or of the longest prefix of it that is written).
fn line_of(text: &str, path: &str) -> Option<usize> {
    let lines = scan(text);
    let mut best: Option<(usize, usize)> = None; // (matched length, line)
    for (i, (kind, table)) in lines.iter().enumerate() {
        let here = match kind {
            LineKind::Header(p) => p.clone(),
            LineKind::Key(k, _) => join(table, k),
            LineKind::Other => continue,
        };
        let matches =
            path == here || path.starts_with(&here) && path[here.len()..].starts_with(['.', '[']);
        if matches && best.is_none_or(|(len, _)| here.len() > len) {
            best = Some((here.len(), i + 1));
        }
    }
    best.map(|(_, line)| line)
}

/// The line of the key `path` and the column where its value starts (1-based).
fn position_of(text: &str, path: &str) -> (Option<usize>, Option<usize>) {
    let Some(line) = line_of(text, path) else {
        return (None, None);
    };
    let raw = text.split('\n').nth(line - 1).unwrap_or("");
    let column = raw.find('=').map(|eq| {
        let value = eq + 1 + (raw[eq + 1..].len() - raw[eq + 1..].trim_start().len());
        raw[..value].chars().count() + 1
    });
    (Some(line), column)
}

/// Refuses `games` beyond [`MAX_SCHEDULED_GAMES`], saying what made them (`what`).
fn check_games(games: u64, what: &str) -> Result<(), String> {
    if games > MAX_SCHEDULED_GAMES {
        return Err(format!(
            "expected a schedule of at most {MAX_SCHEDULED_GAMES} games, found {games} \
             ({what})"
        ));
    }
    Ok(())
}

/// The field named in a serde "missing field `x`" message.
fn missing_field(message: &str) -> Option<&str> {
    let rest = message.split("missing field `").nth(1)?;
    rest.split('`').next()
}

/// The field named in an "unknown field `x`" message.
fn unknown_field(message: &str) -> Option<&str> {
    let rest = message.split("unknown field `").nth(1)?;
    rest.split('`').next()
}

impl TournamentConfig {
    /// Parses and checks a config.
    pub fn from_toml(text: &str) -> Result<TournamentConfig, ConfigError> {
        let config: TournamentConfig = toml::from_str(text).map_err(|e| {
            let message = in_users_words(e.message().trim());
            let Some(span) = e.span() else {
                return ConfigError {
                    key: missing_field(&message).map(str::to_string),
                    line: None,
                    column: None,
                    message,
                };
            };
            let (line, column) = line_column(text, span.start);
            let mut key = key_at(text, span.start);
            let mut at = (Some(line), Some(column));
            if let Some(field) = missing_field(&message) {
                // The span is the table that lacks the field.
                key = Some(match key {
                    Some(table) if span.start > 0 => join(&table, field),
                    _ => field.to_string(),
                });
            } else if let (Some(field), Some(table)) = (unknown_field(&message), &key) {
                // A field checked against its table's kind: point at the field itself.
                let path = join(table, field);
                if let Some(l) = line_of(text, &path).filter(|&l| l != line) {
                    at = (Some(l), None);
                    key = Some(path);
                }
            }
            ConfigError {
                key,
                line: at.0,
                column: at.1,
                message,
            }
        })?;
        config.check(text)?;
        Ok(config)
    }

    /// The checks that need the whole config.
    fn check(&self, text: &str) -> Result<(), ConfigError> {
        let fail = |key: &str, message: String| ConfigError {
            key: Some(key.to_string()),
            line: line_of(text, key),
            column: None,
            message,
        };
        if self.game.trim().is_empty() {
            return Err(fail(
                "game",
                "expected the name of a game, found an empty string".into(),
            ));
        }
        let n = self.players.len();
        if n < 2 {
            return Err(fail(
                "players",
                format!("expected at least 2 players, found {n}"),
            ));
        }
        let mut names = BTreeSet::new();
        for (i, p) in self.players.iter().enumerate() {
            if p.name.trim().is_empty() {
                return Err(fail(
                    &format!("players[{i}].name"),
                    "expected a name".into(),
                ));
            }
            if !names.insert(p.name.as_str()) {
                return Err(fail(
                    &format!("players[{i}].name"),
                    format!("expected a unique name, but '{}' is used twice", p.name),
                ));
            }
            // `builtin:`, `cmd:` or a protocol's name (`uci:`), then something; the arena
            // checks the rest when the tournament starts.
            let ok = p.spec.split_once(':').is_some_and(|(kind, rest)| {
                !kind.is_empty()
                    && kind.chars().all(|c| c.is_ascii_alphanumeric())
                    && !rest.trim().is_empty()
            });
            if !ok {
                return Err(fail(
                    &format!("players[{i}].spec"),
                    format!(
                        "expected builtin:NAME[:key=value,...], cmd:COMMAND LINE or PROTOCOL:COMMAND LINE (uci:stockfish), found '{}'",
                        p.spec
                    ),
                ));
            }
        }
        let n32 = n as u32;
        match &self.format {
            Format::RoundRobin { cycles, .. } => {
                if *cycles == Some(0) {
                    return Err(fail("format.cycles", "expected at least 1, found 0".into()));
                }
            }
            Format::Swiss { rounds } => {
                if *rounds == 0 || *rounds >= n32 {
                    return Err(fail(
                        "format.rounds",
                        format!(
                            "expected 1 to {} rounds for {n} players, found {rounds}",
                            n - 1
                        ),
                    ));
                }
            }
            Format::Codecup { swiss_rounds, top } => {
                if *swiss_rounds == 0 || *swiss_rounds >= n32 {
                    return Err(fail(
                        "format.swiss_rounds",
                        format!(
                            "expected 1 to {} rounds for {n} players, found {swiss_rounds}",
                            n - 1
                        ),
                    ));
                }
                if *top < 2 || *top > n32 {
                    return Err(fail(
                        "format.top",
                        format!("expected 2 to {n} finalists, found {top}"),
                    ));
                }
            }
            Format::Gauntlet { hero, cycles } => {
                if !names.contains(hero.as_str()) {
                    return Err(fail(
                        "format.hero",
                        format!("expected the name of a player, found '{hero}'"),
                    ));
                }
                if *cycles == 0 {
                    return Err(fail("format.cycles", "expected at least 1, found 0".into()));
                }
            }
        }
        self.check_schedule_size(2).map_err(|m| fail("format", m))?;
        if self.time.time_ms == 0 {
            return Err(fail(
                "time.time_ms",
                "expected a positive budget, found 0".into(),
            ));
        }
        if self.time.tc.is_some() && self.time.increment_ms != 0 {
            return Err(fail(
                "time.tc",
                "give either tc or time_ms and increment_ms, not both".into(),
            ));
        }
        if self.concurrency == 0 {
            return Err(fail("concurrency", "expected at least 1, found 0".into()));
        }
        if let Some(cluster) = &self.cluster {
            if cluster.hosts.is_empty() {
                return Err(fail(
                    "cluster.hosts",
                    "expected at least one host:port".into(),
                ));
            }
            if let Some(bad) = cluster.hosts.iter().find(|h| {
                !h.rsplit_once(':').is_some_and(|(host, port)| {
                    !host.is_empty() && port.parse::<u16>().is_ok_and(|p| p > 0)
                })
            }) {
                return Err(fail(
                    "cluster.hosts",
                    format!("expected host:port (a port from 1 to 65535), found '{bad}'"),
                ));
            }
            if cluster.workers == 0 {
                return Err(fail(
                    "cluster.workers",
                    "expected at least 1, found 0".into(),
                ));
            }
        }
        let mut seen = BTreeSet::new();
        for t in &self.tie_breaks {
            if !seen.insert(*t) {
                return Err(fail(
                    "tie_breaks",
                    format!("expected each tie-break once, '{t}' is repeated"),
                ));
            }
        }
        Ok(())
    }

    /// Checks the config against the number of seats of its game and completes it: for
    /// more than two seats the format must be a round robin, there must be at least as many
    /// players as seats, `points.rank_points` (if given) has one value per seat, best
    /// first, and without `tie_breaks` in `text` the table tie-breaks
    /// ([`TieBreak::TABLE`]) apply; openings are refused. For two seats `rank_points` and the
    /// table tie-breaks are refused. `text` is the config's TOML, for lines and columns.
    pub fn for_seats(mut self, text: &str, seats: usize) -> Result<TournamentConfig, ConfigError> {
        let fail = |key: &str, message: String| {
            let (line, column) = position_of(text, key);
            ConfigError {
                key: Some(key.to_string()),
                line,
                column,
                message,
            }
        };
        if seats <= 2 {
            if self.points.rank_points.is_some() {
                return Err(fail(
                    "points.rank_points",
                    format!(
                        "points by rank are for games of more than two seats, this one has {seats}"
                    ),
                ));
            }
            if let Some(t) = self.tie_breaks.iter().find(|t| !t.applies_to(seats)) {
                return Err(fail(
                    "tie_breaks",
                    format!(
                        "'{t}' is a tie-break of games of more than two seats, this one has \
                         {seats}; expected {}",
                        one_of(&TieBreak::ALL.map(TieBreak::name))
                    ),
                ));
            }
            return Ok(self);
        }
        if !matches!(self.format, Format::RoundRobin { .. }) {
            return Err(fail(
                "format.kind",
                format!(
                    "a game of {seats} seats is played as a round robin of tables: expected \
                     `round_robin`"
                ),
            ));
        }
        let n = self.players.len();
        if n < seats {
            return Err(fail(
                "players",
                format!("expected at least {seats} players for a game of {seats} seats, found {n}"),
            ));
        }
        if self.openings.is_some() {
            return Err(fail(
                "openings",
                format!("openings are for two-seat games, this one has {seats}"),
            ));
        }
        if let Some(list) = &self.points.rank_points {
            if list.len() != seats {
                return Err(fail(
                    "points.rank_points",
                    format!(
                        "expected {seats} values (one per place), found {}",
                        list.len()
                    ),
                ));
            }
            if list.windows(2).any(|w| w[0] < w[1]) {
                return Err(fail(
                    "points.rank_points",
                    "expected the points of the first place first, never rising".into(),
                ));
            }
        }
        self.check_schedule_size(seats)
            .map_err(|m| fail("format", m))?;
        let written: toml::Table = toml::from_str(text).unwrap_or_default();
        if !written.contains_key("tie_breaks") {
            self.tie_breaks = TieBreak::TABLE.to_vec();
        }
        Ok(self)
    }

    /// Refuses a schedule fixed in advance of more than [`MAX_SCHEDULED_GAMES`] games for
    /// tables of `seats` (every pair once per cycle for two seats; every table of `seats`
    /// players once per seat and cycle for more).
    fn check_schedule_size(&self, seats: usize) -> Result<(), String> {
        let n = self.players.len() as u64;
        let cycles = match &self.format {
            Format::RoundRobin { .. } => self.format.round_robin_cycles().unwrap_or(1),
            Format::Gauntlet { cycles, .. } => {
                let games = n.saturating_sub(1).saturating_mul(u64::from(*cycles));
                return check_games(games, &format!("{n} players, {cycles} cycles"));
            }
            Format::Swiss { .. } | Format::Codecup { .. } => return Ok(()),
        };
        // Every set of `seats` players: n choose seats, exact at every step.
        let tables =
            (0..seats as u64).fold(1u64, |c, i| c.saturating_mul(n.saturating_sub(i)) / (i + 1));
        let rotations = if seats > 2 { seats as u64 } else { 1 };
        let games = tables
            .saturating_mul(rotations)
            .saturating_mul(u64::from(cycles));
        check_games(games, &format!("{n} players, {cycles} cycles"))
    }

    /// The schedule of a round robin of tables of `seats` (every table of that many
    /// players, seats rotated; see [`crate::schedule`]); `None` for the other formats.
    pub fn table_schedule(&self, seats: usize) -> Option<Schedule> {
        let cycles = self.format.round_robin_cycles()?;
        Some(table_round_robin(
            self.players.len() as u32,
            seats,
            cycles,
            self.seed,
        ))
    }

    /// The player ids, in config order.
    pub fn player_ids(&self) -> Vec<PlayerId> {
        (0..self.players.len() as u32).map(PlayerId).collect()
    }

    /// The id of the player named `name`.
    pub fn player_id(&self, name: &str) -> Option<PlayerId> {
        self.players
            .iter()
            .position(|p| p.name == name)
            .map(|i| PlayerId(i as u32))
    }

    /// How standings are computed.
    pub fn standings_config(&self) -> StandingsConfig {
        StandingsConfig {
            points: self.points.clone(),
            tie_breaks: self.tie_breaks.clone(),
            medal_playoffs: self.medal_playoffs,
            lots_seed: self.seed,
        }
    }

    /// The whole schedule of a format fixed in advance (round robin, gauntlet), without
    /// openings; `None` for formats paired round by round (Swiss, CodeCup).
    pub fn fixed_schedule(&self) -> Option<Schedule> {
        let n = self.players.len() as u32;
        match &self.format {
            Format::RoundRobin { .. } => Some(round_robin(
                n,
                self.format.round_robin_cycles().unwrap_or(1),
                self.seed,
            )),
            Format::Gauntlet { hero, cycles } => Some(gauntlet(n, self.player_id(hero)?, *cycles)),
            Format::Swiss { .. } | Format::Codecup { .. } => None,
        }
    }
}
