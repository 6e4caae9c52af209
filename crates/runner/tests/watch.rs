//! A tournament's games reach the watch passed to `run_tournament`: every game played
//! (round robin, with play-offs if the seed asks for them) starts once, moves as stored and
//! ends once, under its key's number; byes and stored games are not played, so not seen.
//! And every game is played by the executor passed to `run_tournament`.

use olympiad_arena::executor::{Executor, Finished};
use olympiad_arena::job::GameJob;
use olympiad_arena::watch::NoWatch;
use olympiad_arena::{GameRecord, MoveRecord, Started, Watch};
use olympiad_runner::{Setup, run_tournament};
use olympiad_store::StoredGame;
use std::collections::BTreeMap;
use std::ops::ControlFlow;
use std::sync::Mutex;

/// What the watch saw of one game: its start texts, its moves' texts as they came, and its
/// records at the end (one start and one record expected).
#[derive(Default)]
struct Seen(Vec<String>, Vec<String>, Vec<GameRecord>);

/// Per game index.
#[derive(Default)]
struct Games(Mutex<BTreeMap<u64, Seen>>);

impl Watch for Games {
    fn started(&self, game: &Started<'_>) {
        let mut games = self.0.lock().unwrap();
        games
            .entry(game.index)
            .or_default()
            .0
            .push(game.start.into());
    }
    fn moved(&self, index: u64, ply: usize, mv: &MoveRecord) {
        let mut games = self.0.lock().unwrap();
        let moves = &mut games.get_mut(&index).expect("started first").1;
        assert_eq!(moves.len(), ply);
        moves.push(mv.text.clone());
    }
    fn ended(&self, record: &GameRecord) {
        let mut games = self.0.lock().unwrap();
        games
            .get_mut(&record.index)
            .expect("started first")
            .2
            .push(record.clone());
    }
}

#[test]
fn every_game_of_a_tournament_is_watched_as_it_is_stored() {
    let dir = std::env::temp_dir().join(format!("olympiad-runner-watch-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let players: String = (0..3)
        .map(|i| format!("[[players]]\nname = \"r{i}\"\nspec = \"builtin:random:seed={i}\"\n"))
        .collect();
    let text = format!(
        "game = \"caissa\"\nseed = 3\nconcurrency = 2\n[format]\nkind = \"round_robin\"\n\
         [time]\ntime_ms = 5000\n{players}"
    );
    let setup = Setup::from_toml(&text, "watch.toml", None).unwrap();
    let mut store = setup.create_store(&dir.join("t.db")).unwrap();
    let watch = Games::default();
    let summary = run_tournament(&setup, &mut store, None, &watch, None, |_| {}).unwrap();
    let played: Vec<&StoredGame> = summary
        .games
        .iter()
        .filter(|g| !g.pairing.is_bye())
        .collect();
    assert!(played.len() >= 3);
    assert_eq!(summary.played_now as usize, played.len());
    let games = watch.0.into_inner().unwrap();
    assert_eq!(games.len(), played.len());
    for g in played {
        let Seen(starts, moves, ends) = &games[&g.key().number()];
        assert_eq!(
            starts,
            std::slice::from_ref(&g.start_position),
            "{}",
            g.key()
        );
        let stored: Vec<&String> = g.moves.iter().map(|m| &m.text).collect();
        assert_eq!(moves.iter().collect::<Vec<_>>(), stored, "{}", g.key());
        assert_eq!(ends.len(), 1, "{}", g.key());
        assert_eq!(ends[0].end, g.end_position, "{}", g.key());
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// An executor that plays its jobs one at a time on the caller's thread and counts them:
/// the runner must hand every game to the executor it is given.
#[derive(Default)]
struct Counting(std::sync::atomic::AtomicUsize);

impl Executor for Counting {
    fn run(
        &self,
        jobs: &mut dyn Iterator<Item = GameJob>,
        watch: &dyn Watch,
        on_game: &mut dyn FnMut(Finished) -> ControlFlow<()>,
    ) {
        for job in jobs {
            self.0.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            let started = std::time::SystemTime::now();
            let record = job.play(watch);
            if on_game(Finished { started, record }).is_break() {
                return;
            }
        }
    }
}

#[test]
fn a_tournament_plays_on_the_executor_it_is_given() {
    let dir = std::env::temp_dir().join(format!("olympiad-runner-exec-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let players: String = (0..4)
        .map(|i| format!("[[players]]\nname = \"r{i}\"\nspec = \"builtin:random:seed={i}\"\n"))
        .collect();
    let text = format!(
        "game = \"reversi\"\nseed = 5\n[format]\nkind = \"round_robin\"\n\
         [time]\ntime_ms = 5000\n{players}"
    );
    let setup = Setup::from_toml(&text, "exec.toml", None).unwrap();
    let mut store = setup.create_store(&dir.join("t.db")).unwrap();
    let executor = Counting::default();
    let summary =
        run_tournament(&setup, &mut store, None, &NoWatch, Some(&executor), |_| {}).unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    assert!(summary.played_now >= 6, "{}", summary.played_now);
    assert_eq!(executor.0.into_inner(), summary.played_now as usize);
}
