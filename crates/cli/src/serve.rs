//! `olympiad serve` (the web viewer over stored tournaments) and the `--serve` of
//! `tournament` and `match` (the same viewer with the games under way): the flags, the
//! warning when the viewer is opened beyond this machine, and the lines that say where
//! to look. The viewer itself is `olympiad-viewer`.

use olympiad_viewer::{LiveWatch, Server, Stores, is_exposed};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Where the viewer listens unless told: this machine only.
pub const DEFAULT_BIND: &str = "127.0.0.1:8080";

/// Arguments of `olympiad serve`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// A tournament database to show (repeatable).
    #[arg(long, value_name = "PATH")]
    pub db: Vec<PathBuf>,
    /// A tournament's output directory, whose tournament.db is shown (repeatable).
    /// Without --db or --out: ./tournament.db and every DIR/tournament.db here.
    #[arg(long, value_name = "DIR")]
    pub out: Vec<PathBuf>,
    /// The address to listen on; anything but loopback lets other machines read every
    /// page (a warning says so).
    #[arg(long, value_name = "ADDR", default_value = DEFAULT_BIND)]
    pub bind: SocketAddr,
}

/// The stores `olympiad serve` shows: those named, or the ones in the current directory.
fn stores(args: &Args) -> anyhow::Result<Vec<PathBuf>> {
    let mut paths = args.db.clone();
    paths.extend(args.out.iter().map(|d| d.join(crate::tournament::DB_FILE)));
    if paths.is_empty() {
        paths = stores_here(Path::new("."))?;
    }
    for p in &paths {
        if !p.is_file() {
            return Err(crate::input_error(format!(
                "{}: no such database",
                p.display()
            )));
        }
    }
    Ok(paths)
}

/// `dir/tournament.db` and every `dir/*/tournament.db`, sorted.
fn stores_here(dir: &Path) -> anyhow::Result<Vec<PathBuf>> {
    let mut found = Vec::new();
    let here = dir.join(crate::tournament::DB_FILE);
    if here.is_file() {
        found.push(here);
    }
    let mut inner: Vec<PathBuf> = std::fs::read_dir(dir)?
        .filter_map(Result::ok)
        .map(|e| e.path().join(crate::tournament::DB_FILE))
        .filter(|p| p.is_file())
        .collect();
    inner.sort();
    found.extend(inner);
    Ok(found)
}

/// Starts the viewer on `bind`, warning when it is reachable from other machines, and
/// says where it is (the first line a script reads: `viewer: http://ADDR/`).
fn start(
    bind: SocketAddr,
    stores: Vec<PathBuf>,
    live: Option<Arc<LiveWatch>>,
) -> anyhow::Result<Server> {
    if is_exposed(&bind) {
        eprintln!(
            "warning: the viewer listens on {bind}, not on loopback: every machine that can \
             reach this one can read its pages (they change nothing)"
        );
    }
    let has_live = live.is_some();
    let server = Server::start(bind, Stores::new(stores), live)?;
    say_or_drop!("viewer: {}", server.url());
    if has_live {
        say_or_drop!("live games: {}live", server.url());
    }
    Ok(server)
}

/// `olympiad serve`: serves until interrupted.
pub fn run(args: &Args) -> anyhow::Result<()> {
    let paths = stores(args)?;
    for p in &paths {
        eprintln!("serving {}", p.display());
    }
    let server = start(args.bind, paths, None)?;
    server.wait();
    Ok(())
}

/// The viewer of a tournament or match played now: the games under way (and `store`, the
/// tournament's database, when there is one).
pub fn start_live(
    bind: SocketAddr,
    store: Option<&Path>,
) -> anyhow::Result<(Server, Arc<LiveWatch>)> {
    let live = Arc::new(LiveWatch::new());
    let stores = store.map(Path::to_path_buf).into_iter().collect();
    let server = start(bind, stores, Some(live.clone()))?;
    Ok((server, live))
}

/// After the play: the pages stay up until Ctrl-C.
pub fn keep_serving(server: Server, live: &LiveWatch) {
    live.finish();
    say_or_drop!("still serving {} until interrupted (Ctrl-C)", server.url());
    server.wait();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_here_finds_the_databases_of_this_directory_and_its_children() {
        let dir = std::env::temp_dir().join(format!("olympiad-serve-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("b")).unwrap();
        std::fs::create_dir_all(dir.join("a")).unwrap();
        std::fs::create_dir_all(dir.join("empty")).unwrap();
        for p in ["tournament.db", "a/tournament.db", "b/tournament.db"] {
            std::fs::write(dir.join(p), b"").unwrap();
        }
        let found = stores_here(&dir).unwrap();
        let names: Vec<String> = found
            .iter()
            .map(|p| p.strip_prefix(&dir).unwrap().display().to_string())
            .collect();
        assert_eq!(
            names,
            ["tournament.db", "a/tournament.db", "b/tournament.db"]
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
