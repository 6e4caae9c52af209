//! `olympiad games`, and the one way the subcommands find a game: by name in the catalog,
//! with catalog errors turned into input errors (exit code 2) that say what was wrong.

use olympiad_catalog::{CatalogError, GAMES, GameEntry, find_game};
use olympiad_protocol::PROTOCOLS;

/// The game named `name` (`rolit`, `rolit(players=3)`, `rolit3`), or an input error
/// listing the known names.
pub fn find(name: &str) -> anyhow::Result<&'static GameEntry> {
    find_game(name).map_err(|e| crate::input_error(e.to_string()))
}

/// A catalog error about `--position` or `--moves` as an input error naming the option.
pub fn setup_error(error: CatalogError) -> anyhow::Error {
    match error {
        CatalogError::Position(e) => crate::input_error(format!("bad --position: {e}")),
        CatalogError::Moves(e) => crate::input_error(format!("bad --moves: {e}")),
        other => crate::input_error(other.to_string()),
    }
}

/// `olympiad games`: a line per game with its seats and parameters, then a line per alias.
pub fn list() -> anyhow::Result<()> {
    let names = GAMES
        .iter()
        .map(|g| g.name)
        .chain(GAMES.iter().flat_map(|g| g.aliases.iter().map(|a| a.name)));
    let width = names.map(str::len).max().unwrap_or(0);
    for row in GAMES {
        let game = find(row.name)?;
        let mut line = format!(
            "{:width$}  {} ({} players)",
            row.name, row.summary, game.players
        );
        for p in row.params {
            line.push_str(&format!(
                "; {}={} (default {})",
                p.name,
                p.range_text(),
                p.value_text(p.default)
            ));
        }
        say!("{line}");
    }
    for row in GAMES {
        for alias in row.aliases {
            let values: Vec<String> = row
                .params
                .iter()
                .zip(alias.values)
                .map(|(p, &v)| format!("{}={}", p.name, p.value_text(v)))
                .collect();
            say!(
                "{:width$}  = {}({}): {}",
                alias.name,
                row.name,
                values.join(","),
                alias.summary
            );
        }
    }
    Ok(())
}

/// `olympiad engines [GAME]`: every engine of the game (or of every game), as
/// `builtin:NAME` takes them, then the protocols `PROTOCOL:COMMAND` programs may speak.
pub fn engines(game: Option<&str>) -> anyhow::Result<()> {
    let games = match game {
        Some(name) => vec![find(name)?],
        None => GAMES
            .iter()
            .map(|row| find(row.name))
            .collect::<anyhow::Result<_>>()?,
    };
    for game in games {
        say!(
            "{} (protocols: {}; `olympiad play` uses {} by default)",
            game.name,
            game.row.protocols.join(", "),
            game.row.engine
        );
        for (name, summary) in game.engines() {
            say!("  {name:<10} {summary}");
        }
    }
    say!("protocols:");
    for p in PROTOCOLS {
        say!("  {:<10} {}", p.name, p.summary);
    }
    Ok(())
}
