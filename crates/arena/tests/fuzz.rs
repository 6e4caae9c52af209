//! The arena's outside text on arbitrary input: player specs (`builtin:`, `cmd:`, a
//! protocol's name), their command lines and engine options, openings files (read and
//! played through by a tournament), and whole tournament configs as the arena reads them
//! (the config, its game, every player's spec, the openings file). No input panics; a refusal says what is wrong; what is read is
//! what was written.

use olympiad_arena::matches::POSITION_PREFIX;
use olympiad_arena::spec::split_command;
use olympiad_arena::{PlayerSpec, Setup};
use olympiad_catalog::{GameEntry, Options, default_games, find_game};
use olympiad_core::SplitMix64;
use olympiad_core::fuzz::{self, Verdict};
use std::fs;
use std::path::PathBuf;

/// Characters of specs, command lines, options and move texts.
const ALPHABET: &str = "builtin:cmd:codecup:caia: ,=-'\"./_0123456789abcdefghx";

/// A fresh directory for one test's files, removed at the end: in memory where there is a
/// tmpfs (elsewhere a file rewritten thousands of times may cost a disk flush each time).
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let shm = std::path::Path::new("/dev/shm");
        let base = if shm.is_dir() {
            shm.to_path_buf()
        } else {
            std::env::temp_dir()
        };
        let dir = base.join(format!("olympiad-arena-fuzz-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

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

/// An openings file of `entry`: comments, lines of moves of random games, positions.
fn openings_file(entry: &GameEntry, seed: u64) -> String {
    let mut rng = SplitMix64::new(seed);
    let mut file = String::from("# openings\n");
    for _ in 0..3 {
        let mut game = entry.start();
        for _ in 0..1 + rng.below(8) {
            let moves = game.legal_moves();
            if moves.is_empty() {
                break;
            }
            game.play(&moves[rng.below(moves.len())]).unwrap();
        }
        file.push_str(&format!("{}  # line\n", game.moves().join(" ")));
        file.push_str(&format!("{POSITION_PREFIX}{}\n\n", game.position_text()));
    }
    file
}

#[test]
fn openings() {
    let scratch = Scratch::new("openings");
    let path = scratch.0.join("openings.txt");
    for entry in default_games().into_iter().filter(|e| e.players == 2) {
        // A tournament of two built-in players reads the file and plays every opening
        // through (`Setup::from_toml`).
        let config = format!(
            "game = \"{}\"\nopenings = \"openings.txt\"\n[format]\nkind = \"round_robin\"\n\
             [[players]]\nname = \"a\"\nspec = \"builtin:random\"\n\
             [[players]]\nname = \"b\"\nspec = \"builtin:random\"\n",
            entry.name
        );
        let examples: Vec<String> = (0..4).map(|s| openings_file(entry, s)).collect();
        let name = format!("{} openings", entry.name);
        let stats = fuzz::run(&name, &examples, ALPHABET, |text| {
            fs::write(&path, text).map_err(|e| e.to_string())?;
            match Setup::from_toml(&config, "fuzz.toml", Some(&scratch.0)) {
                Ok(setup) => match setup
                    .openings
                    .iter()
                    .find(|l| l.is_empty() || l.contains('#'))
                {
                    Some(l) => Err(format!("the opening {l:?} read")),
                    None => Ok(Verdict::Accepted),
                },
                Err(e) => fuzz::rejected(&e),
            }
        });
        assert!(stats.accepted > examples.len(), "{name}: {stats:?}");
    }
}

#[test]
fn tournament_setups() {
    let scratch = Scratch::new("setups");
    fs::write(scratch.0.join("o.txt"), "# openings\nb2-c4\n").unwrap();
    let players = |specs: &[&str]| -> String {
        specs
            .iter()
            .enumerate()
            .map(|(i, s)| format!("[[players]]\nname = \"p{i}\"\nspec = \"{s}\"\n"))
            .collect()
    };
    let examples = vec![
        format!(
            "game = \"caissa\"\nopenings = \"o.txt\"\nseed = 3\n[format]\nkind = \"swiss\"\n\
             rounds = 2\n{}",
            players(&[
                "builtin:random",
                "builtin:hipp:depth=2",
                "builtin:random:seed=2"
            ])
        ),
        format!(
            "game = \"rolit\"\n[format]\nkind = \"round_robin\"\ncycles = 2\n[points]\n\
             rank_points = [3, 2, 1, 0]\n{}",
            players(&[
                "builtin:random",
                "builtin:mcts:playouts=10",
                "builtin:maxn:depth=1",
                "caia:sh -c 'exit 0'",
            ])
        ),
        format!(
            "game = \"reversi\"\n[format]\nkind = \"gauntlet\"\nhero = \"p0\"\n\
             [time]\ntime_ms = 500\n{}",
            players(&["builtin:random", "cmd:sh -c 'exit 0'"])
        ),
    ];
    let stats = fuzz::run(
        "tournament setup",
        &examples,
        ALPHABET,
        |text| match Setup::from_toml(text, "fuzz.toml", Some(&scratch.0)) {
            Ok(setup) if setup.contestants.len() != setup.config.players.len() => {
                Err(format!("{} players read", setup.contestants.len()))
            }
            Ok(_) => Ok(Verdict::Accepted),
            Err(e) => fuzz::rejected(&e),
        },
    );
    assert!(stats.accepted > examples.len(), "{stats:?}");
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
