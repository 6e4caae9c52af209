//! The TOML config: the documented example parses, defaults apply, and every kind of mistake
//! is reported with its key, its line and what was expected.

use olympiad_tournament::{Format, PlayerId, Points, TieBreak, TournamentConfig};

const EXAMPLE: &str = include_str!("../../../docs/tournament.example.toml");

const MINIMAL: &str = r#"
game = "caissa"

[format]
kind = "swiss"
rounds = 3

[[players]]
name = "a"
spec = "builtin:random"

[[players]]
name = "b"
spec = "builtin:random:seed=2"

[[players]]
name = "c"
spec = "cmd:./bot"

[[players]]
name = "d"
spec = "builtin:hipp"
"#;

#[test]
fn the_example_parses() {
    let c = TournamentConfig::from_toml(EXAMPLE).unwrap();
    assert_eq!(c.game, "caissa");
    assert_eq!(c.players.len(), 4);
    assert_eq!(
        c.format,
        Format::RoundRobin {
            double: true,
            cycles: None
        }
    );
    assert_eq!(c.time.increment_ms, 100);
    assert_eq!(c.tie_breaks[2], TieBreak::SonnebornBerger);
    assert_eq!(c.fixed_schedule().unwrap().games().count(), 12);
}

#[test]
fn defaults_apply() {
    let c = TournamentConfig::from_toml(MINIMAL).unwrap();
    assert_eq!(c.format, Format::Swiss { rounds: 3 });
    assert_eq!(c.time.time_ms, 10_000);
    assert_eq!(c.points.draw, Points::HALF);
    assert_eq!(c.tie_breaks, TieBreak::RULE_9.to_vec());
    assert!(c.medal_playoffs);
    assert_eq!(c.concurrency, 1);
    assert_eq!(c.player_id("c"), Some(PlayerId(2)));
    assert!(c.fixed_schedule().is_none());
    assert_eq!(c.standings_config().lots_seed, 0);
}

/// Replaces `from` by `to` in the minimal config and returns the error's parts.
fn error(from: &str, to: &str) -> (Option<String>, Option<usize>, String) {
    let text = MINIMAL.replacen(from, to, 1);
    assert_ne!(text, MINIMAL, "{from}");
    let e = TournamentConfig::from_toml(&text).unwrap_err();
    let shown = e.to_string();
    (e.key, e.line, shown)
}

#[test]
fn a_wrong_type_names_the_key_and_line() {
    let (key, line, shown) = error("rounds = 3", "rounds = \"three\"");
    assert_eq!(key.as_deref(), Some("format.rounds"), "{shown}");
    assert_eq!(line, Some(6));
    assert!(
        shown.contains("line 6") && shown.contains("expected"),
        "{shown}"
    );
}

#[test]
fn an_unknown_key_names_the_key_and_line() {
    let (key, line, shown) = error("name = \"c\"", "name = \"c\"\nspeck = \"x\"");
    assert_eq!(key.as_deref(), Some("players[2].speck"), "{shown}");
    assert_eq!(line, Some(18));
    assert!(shown.contains("unknown field"), "{shown}");
}

#[test]
fn an_unknown_format_names_the_key() {
    let (key, line, shown) = error("kind = \"swiss\"", "kind = \"swis\"");
    assert!(
        key.as_deref().is_some_and(|k| k.starts_with("format")),
        "{shown}"
    );
    assert!(line.is_some_and(|l| (4..=6).contains(&l)), "{shown}");
    assert!(
        shown.contains("swis") && shown.contains("expected"),
        "{shown}"
    );
}

#[test]
fn a_field_of_another_format_kind_names_the_field() {
    let (key, line, shown) = error("rounds = 3", "rounds = 3\ndouble = true");
    assert_eq!(key.as_deref(), Some("format.double"), "{shown}");
    assert_eq!(line, Some(7));
    assert!(shown.contains("expected `rounds`"), "{shown}");
}

#[test]
fn a_missing_key_names_it() {
    let (key, line, shown) = error("rounds = 3", "");
    assert_eq!(key.as_deref(), Some("format.rounds"), "{shown}");
    assert!(line.is_some_and(|l| (4..=6).contains(&l)), "{shown}");
    assert!(shown.contains("missing field"), "{shown}");
    let (key, _, shown) = error("game = \"caissa\"", "");
    assert_eq!(key.as_deref(), Some("game"), "{shown}");
}

#[test]
fn a_bad_value_in_an_inline_table_names_the_inner_key() {
    let text = MINIMAL.replace(
        "[format]\nkind = \"swiss\"\nrounds = 3\n",
        "format = { kind = \"swiss\", rounds = -1 }\n",
    );
    let e = TournamentConfig::from_toml(&text).unwrap_err();
    assert_eq!(e.line, Some(4), "{e}");
    assert!(
        e.key.as_deref().is_some_and(|k| k.starts_with("format")),
        "{e}"
    );
}

#[test]
fn checks_of_the_whole_config_name_the_key_and_line() {
    let (key, line, shown) = error("rounds = 3", "rounds = 4");
    assert_eq!(key.as_deref(), Some("format.rounds"));
    assert_eq!(line, Some(6));
    assert!(shown.contains("expected 1 to 3 rounds"), "{shown}");

    let (key, line, _) = error("spec = \"cmd:./bot\"", "spec = \"./bot\"");
    assert_eq!(key.as_deref(), Some("players[2].spec"));
    assert_eq!(line, Some(18));

    let (key, line, shown) = error("name = \"d\"", "name = \"a\"");
    assert_eq!(key.as_deref(), Some("players[3].name"));
    assert_eq!(line, Some(21));
    assert!(shown.contains("unique"), "{shown}");

    let (key, line, _) = error(
        "kind = \"swiss\"\nrounds = 3",
        "kind = \"gauntlet\"\nhero = \"z\"",
    );
    assert_eq!(key.as_deref(), Some("format.hero"));
    assert_eq!(line, Some(6));

    let (key, _, shown) = error(
        "game = \"caissa\"",
        "game = \"caissa\"\ntie_breaks = [\"buchholz\", \"buchholz\"]",
    );
    assert_eq!(key.as_deref(), Some("tie_breaks"), "{shown}");

    let (key, line, shown) = error(
        "game = \"caissa\"",
        "game = \"caissa\"\ntie_breaks = [\"bucholz\"]",
    );
    assert_eq!(key.as_deref(), Some("tie_breaks"), "{shown}");
    assert_eq!(line, Some(3));
    assert!(
        shown.contains("bucholz") && shown.contains("expected"),
        "{shown}"
    );

    let (key, line, shown) = error(
        "game = \"caissa\"",
        "game = \"caissa\"\n[points]\ndraw = 0.0001",
    );
    assert_eq!(key.as_deref(), Some("points.draw"), "{shown}");
    assert_eq!(line, Some(4));
}

/// A config error's key, line, column and text.
type Located = (Option<String>, Option<usize>, Option<usize>, String);

/// The minimal config with `from` replaced by `to`, checked for a game of `seats` seats.
fn for_seats(from: &str, to: &str, seats: usize) -> Result<TournamentConfig, Located> {
    let text = MINIMAL.replacen(from, to, 1);
    TournamentConfig::from_toml(&text)
        .and_then(|c| c.for_seats(&text, seats))
        .map_err(|e| (e.key.clone(), e.line, e.column, e.to_string()))
}

#[test]
fn tables_are_round_robins_with_points_by_rank() {
    let rr = "kind = \"round_robin\"";
    // A four-seat round robin of the four players: one table, four games, the table
    // tie-breaks by default.
    let c = for_seats("kind = \"swiss\"\nrounds = 3", rr, 4).unwrap();
    assert_eq!(c.tie_breaks, TieBreak::TABLE.to_vec());
    let s = c.table_schedule(4).unwrap();
    assert_eq!(s.pairings.len(), 4);
    // Tie-breaks written in the config are kept; cycles repeat the schedule.
    let c = for_seats(
        "kind = \"swiss\"\nrounds = 3",
        &format!("{rr}\ncycles = 3"),
        4,
    )
    .unwrap();
    assert_eq!(c.table_schedule(4).unwrap().pairings.len(), 12);
    let text = MINIMAL
        .replacen("kind = \"swiss\"\nrounds = 3", rr, 1)
        .replacen(
            "game = \"caissa\"",
            "game = \"rolit\"\ntie_breaks = [\"average-rank\"]",
            1,
        );
    let c = TournamentConfig::from_toml(&text)
        .unwrap()
        .for_seats(&text, 4)
        .unwrap();
    assert_eq!(c.tie_breaks, vec![TieBreak::AverageRank]);
    let c = for_seats(
        "kind = \"swiss\"\nrounds = 3",
        &format!("{rr}\ndouble = true\n[points]\nrank_points = [5, 3, 1, 0]"),
        4,
    )
    .unwrap();
    assert_eq!(c.table_schedule(4).unwrap().pairings.len(), 8);
    assert_eq!(c.points.rank_points.unwrap()[0], Points::from_int(5));
}

#[test]
fn table_mistakes_name_key_line_and_column() {
    // A Swiss of a four-seat game: the format's kind, on line 5, its value at column 8.
    let (key, line, column, shown) = for_seats("x", "x", 4).unwrap_err();
    assert_eq!(key.as_deref(), Some("format.kind"), "{shown}");
    assert_eq!((line, column), (Some(5), Some(8)), "{shown}");
    assert!(shown.contains("round_robin"), "{shown}");
    // Five seats, four players.
    let rr = "kind = \"round_robin\"";
    let (key, _, _, shown) = for_seats("kind = \"swiss\"\nrounds = 3", rr, 5).unwrap_err();
    assert_eq!(key.as_deref(), Some("players"), "{shown}");
    assert!(shown.contains("at least 5 players"), "{shown}");
    // Rank points: one per seat, never rising; not for two seats.
    let (key, line, _, shown) = for_seats(
        "kind = \"swiss\"\nrounds = 3",
        &format!("{rr}\n[points]\nrank_points = [3, 2, 1]"),
        4,
    )
    .unwrap_err();
    assert_eq!(key.as_deref(), Some("points.rank_points"), "{shown}");
    assert_eq!(line, Some(7), "{shown}");
    let (_, _, _, shown) = for_seats(
        "kind = \"swiss\"\nrounds = 3",
        &format!("{rr}\n[points]\nrank_points = [0, 1, 2, 3]"),
        4,
    )
    .unwrap_err();
    assert!(shown.contains("never rising"), "{shown}");
    let (key, _, _, shown) = for_seats(
        "kind = \"swiss\"\nrounds = 3",
        &format!("{rr}\n[points]\nrank_points = [1, 0]"),
        2,
    )
    .unwrap_err();
    assert_eq!(key.as_deref(), Some("points.rank_points"), "{shown}");
    // The table tie-breaks are not for two seats.
    let (key, _, _, shown) = for_seats(
        "game = \"caissa\"",
        "game = \"caissa\"\ntie_breaks = [\"first-places\"]",
        2,
    )
    .unwrap_err();
    assert_eq!(key.as_deref(), Some("tie_breaks"), "{shown}");
    // `double` and `cycles` together, and zero cycles.
    let (key, _, _, shown) = for_seats(
        "kind = \"swiss\"\nrounds = 3",
        &format!("{rr}\ndouble = true\ncycles = 2"),
        4,
    )
    .unwrap_err();
    assert!(key.is_some_and(|k| k.starts_with("format")), "{shown}");
    assert!(shown.contains("not both"), "{shown}");
    let (key, _, _, shown) = for_seats(
        "kind = \"swiss\"\nrounds = 3",
        &format!("{rr}\ncycles = 0"),
        4,
    )
    .unwrap_err();
    assert_eq!(key.as_deref(), Some("format.cycles"), "{shown}");
    // A two-seat config is unchanged by the check.
    let two = TournamentConfig::from_toml(MINIMAL).unwrap();
    assert_eq!(two.clone().for_seats(MINIMAL, 2).unwrap(), two);
}

#[test]
fn a_cluster_section_is_read_and_checked() {
    let text =
        format!("{MINIMAL}\n[cluster]\nhosts = [\"node1:2101\", \"node2:2101\"]\nworkers = 3\n");
    let c = TournamentConfig::from_toml(&text).unwrap();
    let cluster = c.cluster.unwrap();
    assert_eq!(cluster.hosts, vec!["node1:2101", "node2:2101"]);
    assert_eq!((cluster.workers, cluster.connect_timeout_s), (3, 60));
    assert!(
        TournamentConfig::from_toml(MINIMAL)
            .unwrap()
            .cluster
            .is_none()
    );
    for (bad, key, says) in [
        ("hosts = []", "cluster.hosts", "at least one"),
        ("hosts = [\"node1\"]", "cluster.hosts", "found 'node1'"),
        (
            "hosts = [\"node1:0\"]",
            "cluster.hosts",
            "a port from 1 to 65535",
        ),
        (
            "hosts = [\"a:1\"]\nworkers = 0",
            "cluster.workers",
            "at least 1",
        ),
    ] {
        let e = TournamentConfig::from_toml(&format!("{MINIMAL}\n[cluster]\n{bad}\n")).unwrap_err();
        assert_eq!(e.key.as_deref(), Some(key), "{bad}");
        assert!(e.to_string().contains(says), "{bad}: {e}");
    }
    let e = TournamentConfig::from_toml(&format!("{MINIMAL}\n[cluster]\nhost = [\"a:1\"]\n"))
        .unwrap_err();
    assert!(e.to_string().contains("host"), "{e}");
}
