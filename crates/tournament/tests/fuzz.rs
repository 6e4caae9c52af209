//! The TOML config on arbitrary text: mutations of the documented example and of the
//! configs of `tests/config.rs`, read, checked for two, three and four seats, and scheduled.
//! No input panics; a refusal says what is wrong, at a line and column inside the text.

use olympiad_core::fuzz::{self, Verdict};
use olympiad_tournament::{ConfigError, TournamentConfig};
use std::path::Path;

/// Characters of TOML and of the config's values.
const ALPHABET: &str = "[]{}=\"'#.,_-0123456789 \nabcdefghijklmnopqrstuvwxyz";

/// The text of a file of the workspace.
fn workspace_file(path: &str) -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    std::fs::read_to_string(root.join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The raw strings (`r#"..."#`) of a Rust file.
fn raw_strings(source: &str) -> Vec<String> {
    source
        .split("r#\"")
        .skip(1)
        .filter_map(|rest| rest.split_once("\"#").map(|(s, _)| s.to_string()))
        .collect()
}

/// The documented example, the configs of `tests/config.rs`, and those with the other
/// formats, a game of four seats, points by rank and openings.
fn examples() -> Vec<String> {
    let mut examples = vec![workspace_file("docs/tournament.example.toml")];
    let tests = raw_strings(&workspace_file("crates/tournament/tests/config.rs"));
    let minimal = tests.first().expect("tests/config.rs has a config").clone();
    examples.extend(tests);
    let swiss = "kind = \"swiss\"\nrounds = 3";
    for (from, to) in [
        (swiss, "kind = \"gauntlet\"\nhero = \"b\"\ncycles = 3"),
        (swiss, "kind = \"codecup\"\nswiss_rounds = 2\ntop = 3"),
        (swiss, "kind = \"round_robin\"\ncycles = 2"),
        (
            "game = \"caissa\"",
            "game = \"rolit\"\nopenings = \"o.txt\"\ntie_breaks = [\"average-rank\"]\n\
             [time]\ntime_ms = 500\nincrement_ms = 5\n[points]\nrank_points = [3, 2, 1, 0]",
        ),
    ] {
        examples.push(minimal.replacen(from, to, 1));
    }
    examples
}

/// An error says what is wrong, at a key that is not empty and a place inside `text`.
fn check_error(text: &str, e: &ConfigError) -> Result<Verdict, String> {
    if e.key.as_deref() == Some("") {
        return Err(format!("an empty key: {e}"));
    }
    match (e.line, e.column) {
        (Some(line), Some(column)) => fuzz::within(text, line, column)?,
        (Some(line), None) => fuzz::within(text, line, 1)?,
        (None, Some(_)) => return Err(format!("a column without a line: {e}")),
        (None, None) => {}
    }
    fuzz::rejected(e)
}

#[test]
fn configs() {
    let examples = examples();
    let stats = fuzz::run("tournament config", &examples, ALPHABET, |text| {
        let config = match TournamentConfig::from_toml(text) {
            Ok(config) => config,
            Err(e) => return check_error(text, &e),
        };
        let _ = config.fixed_schedule();
        let _ = config.standings_config();
        for seats in [2, 3, 4] {
            match config.clone().for_seats(text, seats) {
                Ok(c) => {
                    let _ = c.table_schedule(seats);
                }
                Err(e) => {
                    check_error(text, &e)?;
                }
            }
        }
        Ok(Verdict::Accepted)
    });
    assert!(stats.accepted > examples.len(), "{stats:?}");
}

#[test]
fn a_header_without_a_name_names_no_key() {
    // Found by `configs`: the error at an unfinished header `[` named the empty key.
    let text = "\ngame = \"caissa\"\n\n[format]\nkind = \"codecup\"\nswiss_-ounds = 2\ntop = 3\n\n\
                [[players]]\nname = \"a\"\nspec = \"builtin:random\"\n\n[";
    let e = TournamentConfig::from_toml(text).unwrap_err();
    assert_eq!(
        (e.key.as_deref(), e.line, e.column),
        (None, Some(13), Some(2))
    );
    assert!(
        e.to_string()
            .starts_with("line 13, column 2: unquoted keys"),
        "{e}"
    );
}

#[test]
fn a_schedule_too_large_to_make_is_refused() {
    // Found by `configs`: a gauntlet of 2147483647 cycles was accepted, and making its
    // schedule (6 billion games) aborted the process on a failed allocation.
    let text = "\ngame = \"caissa\"\n\n[format]\nkind = \"gauntlet\"\nhero = \"b\"\n\
                cycles = 2147483647\n\n[[players]]\nname = \"a\"\nspec = \"builtin:random\"\n\n\
                [[players]]\nname = \"b\"\nspec = \"builtin:random:seed=65536\"\n\n\
                [[players]]\nname = \"c\"\nspec = \"cmd:./bot\"\n\n\
                [[players]]\nname = \"d\"\nspec = \"builtin:hipp\"\n";
    let e = TournamentConfig::from_toml(text).unwrap_err();
    assert_eq!((e.key.as_deref(), e.line), (Some("format"), Some(4)));
    assert_eq!(
        e.message,
        "expected a schedule of at most 1000000 games, found 6442450941 \
         (4 players, 2147483647 cycles)"
    );
    // The same for a round robin, and for tables of four: every table of four of 100
    // players (3,921,225 tables, each played in 4 seatings) is too many at once.
    let text = text
        .replace("gauntlet", "round_robin")
        .replace("hero = \"b\"\n", "");
    assert!(TournamentConfig::from_toml(&text).is_err());
    let players: String = (0..100)
        .map(|i| format!("[[players]]\nname = \"p{i}\"\nspec = \"builtin:random\"\n"))
        .collect();
    let text = format!("game = \"rolit\"\n[format]\nkind = \"round_robin\"\n{players}");
    let e = TournamentConfig::from_toml(&text)
        .unwrap()
        .for_seats(&text, 4)
        .unwrap_err();
    assert_eq!(e.key.as_deref(), Some("format"));
    assert!(
        e.message.contains("found 15684900 (100 players, 1 cycles)"),
        "{e}"
    );
    // A double round robin of 100 players is fine.
    let text = text.replace("round_robin\"", "round_robin\"\ndouble = true");
    let c = TournamentConfig::from_toml(&text).unwrap();
    assert_eq!(c.fixed_schedule().unwrap().games().count(), 9900);
}
