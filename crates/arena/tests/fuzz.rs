//! The arena's outside text on arbitrary input: player specs (`builtin:`, `cmd:`, a
//! protocol's name), their command lines and engine options (openings files and whole
//! tournament configs are fuzzed in `olympiad-runner`, which reads them). No input panics; a
//! refusal says what is wrong; what is read is what was written.

use olympiad_arena::PlayerSpec;
use olympiad_arena::spec::split_command;
use olympiad_catalog::{GameEntry, Options, default_games, find_game};
use olympiad_core::fuzz::{self, Verdict};

/// Characters of specs, command lines, options and move texts.
const ALPHABET: &str = "builtin:cmd:codecup:caia: ,=-'\"./_0123456789abcdefghx";

#[test]
fn command_lines() {
    let examples: Vec<String> = [
        "sh -c 'echo a'",
        "./bot --quiet",
        " a  'b c' \"d\"e ''",
        "python3 \"my bot.py\" --depth=3",
    ]
    .map(str::to_string)
    .to_vec();
    fuzz::run("command line", &examples, ALPHABET, |text| {
        match split_command(text) {
            Ok(words) => {
                // Quotes and blanks go; nothing else is added or lost.
                let kept = |c: &char| !c.is_whitespace() && *c != '\'' && *c != '"';
                let given = text.chars().filter(kept).count();
                let read = words.iter().flat_map(|w| w.chars()).filter(kept).count();
                if read == given {
                    Ok(Verdict::Accepted)
                } else {
                    Err(format!("read as {words:?}"))
                }
            }
            Err(e) => fuzz::rejected(&e),
        }
    });
}

/// Options some engine takes.
const OPTIONS: [&str; 10] = [
    "seed=3",
    "depth=2",
    "nodes=100",
    "movetime=5",
    "book=off",
    "skip=on",
    "hash=16",
    "lmr=on",
    "exact=off",
    "playouts=50",
];

/// Specs of `entry`'s players: every engine, alone and with each option it takes and all
/// of them, and programs.
fn specs(entry: &GameEntry) -> Vec<String> {
    let mut specs = Vec::new();
    for (name, _) in entry.engines() {
        let takes = |option: &&str| {
            let options = Options::parse(option).unwrap();
            entry.engine(name, &options, 0).is_ok()
        };
        let own: Vec<&str> = OPTIONS.iter().copied().filter(takes).collect();
        specs.push(format!("builtin:{name}"));
        specs.extend(own.iter().map(|o| format!("builtin:{name}:{o}")));
        specs.push(format!("builtin:{name}:{}", own.join(",")));
    }
    specs.extend(
        [
            "cmd:sh -c 'exit 0'",
            "codecup:sh -c 'exit 0'",
            "caia:sh",
            "cmd:./my-bot --quiet",
        ]
        .map(str::to_string),
    );
    specs
}

#[test]
fn player_specs() {
    for entry in default_games() {
        let examples = specs(entry);
        let known: Vec<&str> = entry.engines().iter().map(|e| e.0).collect();
        let name = format!("{} player spec", entry.name);
        let stats = fuzz::run(&name, &examples, ALPHABET, |text| {
            match PlayerSpec::parse(text, entry) {
                Ok(PlayerSpec::Builtin { engine, .. }) if !known.contains(&engine.as_str()) => {
                    Err(format!("the engine {engine:?} read"))
                }
                Ok(PlayerSpec::Command { program, .. }) if !program.is_file() => {
                    Err(format!("the program {program:?} read"))
                }
                Ok(_) => Ok(Verdict::Accepted),
                Err(e) => fuzz::rejected(&e),
            }
        });
        assert!(stats.accepted > examples.len(), "{name}: {stats:?}");
    }
}

#[test]
fn options_read_back() {
    let examples: Vec<String> = ["seed=7", "depth=2,nodes=100", "book=off,hash=16", ""]
        .map(str::to_string)
        .to_vec();
    fuzz::run(
        "engine options",
        &examples,
        ALPHABET,
        |text| match Options::parse(text) {
            Ok(options) => {
                for item in text.split(',').filter(|s| !s.is_empty()) {
                    let (key, value) = item.split_once('=').unwrap_or((item, ""));
                    if options.get(key) != Some(value) {
                        return Err(format!("{key} read as {:?}", options.get(key)));
                    }
                }
                Ok(Verdict::Accepted)
            }
            Err(e) => fuzz::rejected(&e),
        },
    );
}

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
