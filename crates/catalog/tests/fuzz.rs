//! Every game of the catalog on arbitrary text, as the referee, the viewer and the command
//! line hand it over: position texts, move texts at positions of random games, lines of
//! moves (`--moves`), and game names with parameters. No input panics; a refusal says what
//! is wrong; a position read writes a text that reads back the same, of the variant asked
//! for; a move played is one of the legal moves, and no legal move is refused.

use olympiad_catalog::{DynGame, GAMES, GameEntry, Setup, find_game};
use olympiad_core::SplitMix64;
use olympiad_core::fuzz::{self, Fuzz, Verdict};

/// Characters of the games' texts (the fuzzer adds the examples' own and awkward ones).
const ALPHABET: &str = "0123456789 abcdefgh.-x/:,=()QRBNKqrbnkXOWw";
/// Random games per variant whose positions are the examples.
const GAMES_PLAYED: u64 = 12;
/// The longest random game, in plies.
const MAX_PLIES: usize = 300;
/// Positions per variant at which move texts are tried (the budget is shared among them).
const MOVE_POSITIONS: usize = 12;
/// The most examples of one kind.
const MAX_EXAMPLES: usize = 64;

/// Every row's name and every alias.
fn names() -> impl Iterator<Item = &'static str> {
    GAMES
        .iter()
        .flat_map(|row| std::iter::once(row.name).chain(row.aliases.iter().map(|a| a.name)))
}

/// Every variant: each row by its name and by each alias.
fn variants() -> Vec<&'static GameEntry> {
    names().map(|name| find_game(name).unwrap()).collect()
}

/// A random game: every position in order, and the moves played.
struct RandomGame {
    positions: Vec<Box<dyn DynGame>>,
    moves: Vec<String>,
}

/// Random games of `entry`, seeded.
fn random_games(entry: &GameEntry) -> Vec<RandomGame> {
    (0..GAMES_PLAYED)
        .map(|g| {
            let mut rng = SplitMix64::new(fuzz::seed().wrapping_add(g));
            let mut game = entry.start();
            let mut positions = vec![game.clone()];
            while game.outcome().is_none() && game.moves().len() < MAX_PLIES {
                let moves = game.legal_moves();
                game.play(&moves[rng.below(moves.len())]).unwrap();
                positions.push(game.clone());
            }
            RandomGame {
                moves: game.moves().to_vec(),
                positions,
            }
        })
        .collect()
}

/// About `most` items spread evenly over `items`.
fn spread<T: Clone>(items: &[T], most: usize) -> Vec<T> {
    let step = items.len().div_ceil(most).max(1);
    items.iter().step_by(step).cloned().collect()
}

fn positions(entry: &GameEntry) -> Vec<Box<dyn DynGame>> {
    let all: Vec<Box<dyn DynGame>> = random_games(entry)
        .into_iter()
        .flat_map(|g| g.positions)
        .collect();
    spread(&all, MAX_EXAMPLES)
}

/// A position read from text: it writes a text that reads back the same, it has the
/// variant's seats, and it is over exactly when it has no legal move.
fn check_read(entry: &GameEntry, game: &dyn DynGame) -> Result<Verdict, String> {
    let text = game.position_text();
    match entry.from_text(&text) {
        Ok(again) if again.position_text() == text => {}
        Ok(again) => {
            return Err(format!(
                "{text:?} reads back as {:?}",
                again.position_text()
            ));
        }
        Err(e) => return Err(format!("its own text {text:?} is refused: {e}")),
    }
    if game.num_players() != entry.players {
        return Err(format!(
            "a position of {} seats for {}, a game of {}",
            game.num_players(),
            entry.name,
            entry.players
        ));
    }
    if game.outcome().is_some() != game.legal_moves().is_empty() {
        return Err("over, or not, regardless of its legal moves".into());
    }
    Ok(Verdict::Accepted)
}

#[test]
fn position_texts() {
    for entry in variants() {
        let examples: Vec<String> = positions(entry).iter().map(|g| g.position_text()).collect();
        let stats = fuzz::run(
            &format!("{} position", entry.name),
            &examples,
            ALPHABET,
            |text| match entry.from_text(text) {
                Ok(game) => check_read(entry, &*game),
                Err(e) => fuzz::rejected(&e),
            },
        );
        assert!(stats.accepted > examples.len(), "{}: {stats:?}", entry.name);
    }
}

#[test]
fn move_texts() {
    for entry in variants() {
        for game in spread(&positions(entry), MOVE_POSITIONS) {
            let legal = game.legal_moves();
            let examples = if legal.is_empty() {
                vec![entry.start().legal_moves()[0].clone()]
            } else {
                legal.clone()
            };
            let name = format!("{} move at {:?}", entry.name, game.position_text());
            Fuzz::new(&name, &examples, ALPHABET)
                .cases(fuzz::cases().div_ceil(MOVE_POSITIONS))
                .run(|text| {
                    let mut after = game.clone();
                    match after.play(text) {
                        Ok(canonical) if !legal.contains(&canonical) => {
                            Err(format!("played {canonical:?}, not a legal move"))
                        }
                        Ok(canonical) if after.moves().last() != Some(&canonical) => {
                            Err(format!("{canonical:?} is not recorded"))
                        }
                        Ok(_) => Ok(Verdict::Accepted),
                        Err(e) if legal.iter().any(|m| m == text) => {
                            Err(format!("the legal move is refused: {e}"))
                        }
                        Err(e) => fuzz::rejected(&e),
                    }
                });
        }
    }
}

#[test]
fn lines_of_moves() {
    for entry in variants() {
        let lines: Vec<String> = random_games(entry)
            .into_iter()
            .flat_map(|g| [4, 20, g.moves.len()].map(|n| g.moves[..n.min(g.moves.len())].join(" ")))
            .collect();
        let stats = fuzz::run(&format!("{} moves", entry.name), &lines, ALPHABET, |text| {
            let setup = Setup {
                position: None,
                moves: Some(text),
            };
            match entry.tools().show(&setup) {
                Ok(shown) => match entry.from_text(&shown.position) {
                    Ok(game) => check_read(entry, &*game),
                    Err(e) => Err(format!("the position reached is refused: {e}")),
                },
                Err(e) => fuzz::rejected(&e),
            }
        });
        assert!(stats.accepted > lines.len(), "{}: {stats:?}", entry.name);
    }
}

#[test]
fn game_names() {
    let mut examples: Vec<String> = names().map(str::to_string).collect();
    examples.extend(
        [
            "rolit(players=3)",
            "Rolit( players = 2 )",
            "rolit(players=4,)",
            "ROLIT(PLAYERS=2)",
            "caissa()",
        ]
        .map(str::to_string),
    );
    let stats = fuzz::run(
        "game names",
        &examples,
        "(),= players",
        |text| match find_game(text) {
            Ok(entry) => {
                let again = find_game(entry.name).map_err(|e| e.to_string())?;
                if !std::ptr::eq(entry, again) {
                    return Err(format!("its name {:?} finds another entry", entry.name));
                }
                if entry.start().num_players() != entry.players {
                    return Err(format!("{} does not have its seats", entry.name));
                }
                Ok(Verdict::Accepted)
            }
            Err(e) => fuzz::rejected(&e),
        },
    );
    assert!(stats.accepted > examples.len(), "{stats:?}");
}

#[test]
fn a_position_of_another_variant_is_refused() {
    // Found by `position_texts`: a Rolit text without its number of players (so four) was
    // read as a game named rolit3 with four seats.
    let four = "...12....2.21..1..22111....111.2..131332..131332..1..223..1.2222 3";
    let e = find_game("rolit3").unwrap().from_text(four).unwrap_err();
    assert_eq!(
        e.to_string(),
        "bad position: a position of 4 players, but rolit3 is played by 3"
    );
    let game = find_game("rolit").unwrap().from_text(four).unwrap();
    assert_eq!(game.num_players(), 4);
}
