//! A tournament's outside text on arbitrary input, as the runner reads it: openings files
//! (read and played through by a tournament) and whole tournament configs (the config, its
//! game, every player's spec, the openings file). No input panics; a refusal says what is
//! wrong; what is read is what was written.

use olympiad_arena::matches::POSITION_PREFIX;
use olympiad_catalog::{GameEntry, default_games};
use olympiad_core::SplitMix64;
use olympiad_core::fuzz::{self, Verdict};
use olympiad_runner::Setup;
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
        let dir = base.join(format!(
            "olympiad-runner-fuzz-{name}-{}",
            std::process::id()
        ));
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
