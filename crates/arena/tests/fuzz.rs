//! The arena's outside text on arbitrary input.

use olympiad_arena::PlayerSpec;
use olympiad_catalog::find_game;

#[test]
fn a_table_too_large_to_make_is_refused() {
    // Found by `player_specs`: checking the spec makes the engine, whose table of
    // 5,653,034,604,179 MiB failed to allocate and aborted the process.
    let caissa = find_game("caissa").unwrap();
    let e = PlayerSpec::parse("builtin:caissa:hash=5653034604179", caissa).unwrap_err();
    assert_eq!(
        e.to_string(),
        "player 'builtin:caissa:hash=5653034604179': option hash=5653034604179: expected at \
         most 4096 MiB"
    );
    assert!(PlayerSpec::parse("builtin:caissa:hash=4097", caissa).is_err());
    assert!(PlayerSpec::parse("builtin:caissa:hash=1", caissa).is_ok());
}
