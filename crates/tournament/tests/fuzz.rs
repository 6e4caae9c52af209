//! The TOML config on arbitrary text.

use olympiad_tournament::TournamentConfig;

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
