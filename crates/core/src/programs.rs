//! (feature `testkit`) Finding the programs nobody here wrote that tests play against (GNU
//! Go, Stockfish, ...): in `PATH`, then where Debian puts games (`/usr/games`, not in every
//! `PATH`).

use std::path::PathBuf;

/// The program `name` in `PATH` or `/usr/games`.
///
/// # Panics
/// When it is in neither, saying that `.ci/run` installs it (the Debian package `package`).
pub fn require(name: &str, package: &str) -> PathBuf {
    std::env::var_os("PATH")
        .into_iter()
        .flat_map(|p| std::env::split_paths(&p).collect::<Vec<_>>())
        .chain([PathBuf::from("/usr/games")])
        .map(|dir| dir.join(name))
        .find(|p| p.is_file())
        .unwrap_or_else(|| {
            panic!("{name} is missing: `.ci/run` installs it (apt-get install {package})")
        })
}
