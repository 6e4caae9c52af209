//! The endgame databases against an exhaustive search on the reference generator (which
//! shares no code with the builder), the consistency of every stored value with its
//! successors, the index round trip, and the file format's errors.
//!
//! The default tests build every class of up to four pieces into a temporary directory
//! once. The `#[ignore]`d ones check a directory built by `olympiad egdb build`, named by
//! `EGDB=DIR`.

use olympiad_checkers::Color;
use olympiad_checkers::Position;
use olympiad_checkers::egdb::dtc::DtcTable;
use olympiad_checkers::egdb::file::Table;
use olympiad_checkers::egdb::{
    BuildEvent, BuildOptions, ClassIndex, EgdbError, Material, Method, Tablebases, build, verify,
};
use olympiad_checkers::engine::Crown;
use olympiad_checkers::oracle::{EndgameOracle, Wdl};
use olympiad_checkers::reference::RefPosition;
use olympiad_core::Game;
use olympiad_core::Notation;
use olympiad_core::SplitMix64;
use olympiad_search::Limits;
use olympiad_search::engine::{Engine, Source};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::OnceLock;

/// Pieces of the databases the default tests build.
const TEST_PIECES: u32 = 4;
/// Random start positions solved by the exhaustive search.
const TWIN_POSITIONS: usize = 40;
/// Start positions whose reachable graph is larger than this are skipped by the twin test
/// (the reference generator is slow); in practice a few king-heavy positions.
const TWIN_MAX_STATES: usize = 40_000;
/// Random start positions of the ignored exhaustive-search test on a built directory.
const LARGE_TWIN_STARTS: usize = 200;
/// Its limit on a start position's reachable graph.
const LARGE_TWIN_MAX_STATES: usize = 250_000;
/// Its chance of a king per piece: none, since five-piece graphs grow past the limit once
/// a few kings are on the board (the men crown on the way, so kings are reached anyway).
const LARGE_TWIN_KING_PERCENT: u32 = 0;
/// The longest distance to conversion in the small databases is at least this (plies).
const MIN_LONGEST_SMALL_DTC: u64 = 20;
/// Won start positions per class played out by Crown with the distances.
const CROWN_STARTS_PER_CLASS: usize = 3;
/// Plies allowed past the start's distance to conversion (what follows the conversion).
const CROWN_MARGIN_PLIES: u32 = 60;
/// Search depth of both Crowns (the one with the databases plays by the distances).
const CROWN_DEPTH: u32 = 6;
/// Entries sampled per class by the ignored consistency test on larger classes.
const SAMPLE_PER_CLASS: u64 = 20_000;

/// A fresh directory under the system's temporary directory.
fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("olympiad-egdb-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// What a test builds: every class of up to `pieces` pieces into `dir`.
fn options(pieces: u32, dir: &Path, threads: usize, method: Method) -> BuildOptions {
    BuildOptions {
        pieces,
        dir: dir.to_path_buf(),
        threads,
        method,
        dtc: true,
    }
}

/// The databases of up to [`TEST_PIECES`] pieces, built once per test run.
fn small_db() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = temp_dir("small");
        build(&options(TEST_PIECES, &dir, 2, Method::Retrograde), |_| {}).unwrap();
        dir
    })
}

/// A random position text with `pieces` pieces (each side at least one), either side to
/// move, each piece a king with chance `king_percent`: men only where they can stand.
fn random_position(rng: &mut SplitMix64, pieces: u32, king_percent: u32) -> String {
    let black = 1 + rng.below(pieces as usize - 1) as u32;
    let mut taken = 0u32;
    let mut lists = [Vec::new(), Vec::new()];
    for p in 0..pieces {
        let is_black = p < black;
        let king = rng.chance(king_percent);
        let sq = loop {
            let sq = rng.below(32) as u32;
            let crowning = if is_black { sq >= 28 } else { sq < 4 };
            if taken & (1 << sq) == 0 && (king || !crowning) {
                break sq;
            }
        };
        taken |= 1 << sq;
        lists[usize::from(is_black)].push(format!("{}{}", if king { "K" } else { "" }, sq + 1));
    }
    let side = if rng.chance(50) { 'B' } else { 'W' };
    format!("{side}:W{}:B{}", lists[0].join(","), lists[1].join(","))
}

/// The exhaustive search: every position reachable from `start` by the reference
/// generator, then values by repeated sweeps (a win has a move to a loss, a loss has no
/// move or only moves to wins, what is left is a draw). `None` when the graph is larger
/// than `limit`.
fn solve_exhaustively(start: &str, limit: usize) -> Option<HashMap<String, Wdl>> {
    let mut ids: HashMap<String, usize> = HashMap::new();
    let mut texts = vec![start.to_string()];
    let mut children: Vec<Vec<usize>> = Vec::new();
    ids.insert(start.to_string(), 0);
    let mut next = 0;
    while next < texts.len() {
        if texts.len() > limit {
            return None;
        }
        let pos = RefPosition::from_text(&texts[next]).unwrap();
        let mut list = Vec::new();
        for mv in pos.legal_moves() {
            let id = *ids.entry(mv.after.clone()).or_insert_with(|| {
                texts.push(mv.after.clone());
                texts.len() - 1
            });
            list.push(id);
        }
        children.push(list);
        next += 1;
    }
    let mut value: Vec<Option<Wdl>> = vec![None; texts.len()];
    loop {
        let mut changed = false;
        for id in 0..texts.len() {
            if value[id].is_some() {
                continue;
            }
            let kids = &children[id];
            let v = if kids.iter().any(|&k| value[k] == Some(Wdl::Loss)) {
                Some(Wdl::Win)
            } else if kids.iter().all(|&k| value[k] == Some(Wdl::Win)) {
                Some(Wdl::Loss)
            } else {
                None
            };
            if v.is_some() {
                value[id] = v;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    Some(
        texts
            .into_iter()
            .zip(value)
            .map(|(t, v)| (t, v.unwrap_or(Wdl::Draw)))
            .collect(),
    )
}

#[test]
fn databases_agree_with_exhaustive_search() {
    let tb = Tablebases::open(small_db()).unwrap();
    assert_eq!(tb.max_pieces(), TEST_PIECES);
    let mut rng = SplitMix64::new(22);
    let (mut solved, mut compared) = (0, 0);
    let mut tries = 0;
    while solved < TWIN_POSITIONS {
        tries += 1;
        assert!(
            tries < 20 * TWIN_POSITIONS,
            "too many start positions skipped"
        );
        let pieces = 2 + (tries % (TEST_PIECES as usize - 1)) as u32;
        let start = random_position(&mut rng, pieces, 50);
        let Some(values) = solve_exhaustively(&start, TWIN_MAX_STATES) else {
            continue;
        };
        solved += 1;
        for (text, want) in values {
            let pos = Position::parse_position(&text).unwrap();
            assert_eq!(tb.probe(&pos), Some(want), "{text} (reached from {start})");
            compared += 1;
        }
    }
    assert!(compared > 10_000, "only {compared} positions compared");
}

#[test]
fn preloading_reads_every_class_and_probes_agree() {
    let lazy = Tablebases::open(small_db()).unwrap();
    let eager = Tablebases::open(small_db()).unwrap();
    assert_eq!(eager.preload(), eager.classes().len());
    assert!(!eager.classes().is_empty());
    let mut rng = SplitMix64::new(11);
    let mut probed = 0;
    for i in 0..300 {
        let text = random_position(&mut rng, 2 + (i % (TEST_PIECES - 1)), 50);
        let pos = Position::parse_position(&text).unwrap();
        assert_eq!(eager.probe_dtc(&pos), lazy.probe_dtc(&pos), "{text}");
        probed += usize::from(eager.probe_dtc(&pos).is_some());
    }
    assert!(probed > 0);
}

#[test]
fn every_small_value_agrees_with_its_successors() {
    let tb = Tablebases::open(small_db()).unwrap();
    let mut checked = 0;
    for m in Material::up_to(TEST_PIECES) {
        checked += verify::check_class(&tb, m, None).unwrap_or_else(|e| panic!("{e}"));
    }
    // Black to move: half of the positions with either side to move.
    assert_eq!(checked, (6_976 + 392_064 + 12_418_632) / 2);
    // The distances checked above are not all trivial.
    let longest = Material::up_to(TEST_PIECES)
        .into_iter()
        .map(|m| DtcTable::read(small_db(), m).unwrap().longest())
        .max()
        .unwrap();
    assert!(
        longest >= MIN_LONGEST_SMALL_DTC,
        "longest distance {longest}"
    );
}

/// The won positions (Black to move) of `m` with the longest distances to conversion:
/// up to `count` of them, longest first.
fn longest_wins(tb: &Tablebases, m: Material, count: usize) -> Vec<(Position, u32)> {
    let index = ClassIndex::new(m);
    let mut wins: Vec<(u32, u64)> = Vec::new();
    for i in 0..index.size() {
        if let Some((black, white, kings)) = index.unrank(i)
            && let Some((Wdl::Win, d)) = tb.probe_dtc_black_to_move(black, white, kings)
        {
            wins.push((d, i));
        }
    }
    wins.sort_by(|a, b| b.cmp(a));
    wins.truncate(count);
    wins.into_iter()
        .map(|(d, i)| {
            let (black, white, kings) = index.unrank(i).unwrap();
            (
                Position::from_text(&black_to_move_text(black, white, kings)).unwrap(),
                d,
            )
        })
        .collect()
}

/// The PDN FEN of the position with these sets (bit `i` is square `i + 1`), Black to move.
fn black_to_move_text(black: u32, white: u32, kings: u32) -> String {
    let list = |set: u32| {
        (0..32)
            .filter(|i| set >> i & 1 == 1)
            .map(|i| format!("{}{}", if kings >> i & 1 == 1 { "K" } else { "" }, i + 1))
            .collect::<Vec<_>>()
            .join(",")
    };
    format!("B:W{}:B{}", list(white), list(black))
}

/// Pieces and kings on the board: a move that changes them converts.
fn stage(pos: &Position) -> (u32, u32) {
    let pieces = pos.pieces(Color::Black) | pos.pieces(Color::White);
    (pieces.count_ones(), pos.kings().count_ones())
}

#[test]
fn crown_with_distances_converts_in_time_and_wins() {
    let tb: Arc<Tablebases> = Arc::new(Tablebases::open(small_db()).unwrap());
    let oracle: Arc<dyn EndgameOracle> = tb.clone();
    let mut games = 0;
    for m in [
        Material::new(0, 3, 0, 1),
        Material::new(0, 2, 0, 1),
        Material::new(1, 2, 0, 1),
        Material::new(1, 1, 0, 2),
        Material::new(0, 3, 1, 0),
        Material::new(2, 0, 1, 0),
    ] {
        for (start, dtc) in longest_wins(&tb, m, CROWN_STARTS_PER_CLASS) {
            let text = start.position_text();
            let mut pos = start;
            let winner = pos.side();
            let mut with = Crown::new(4, 1, None, Some(oracle.clone()));
            let mut without = Crown::new(4, 1, None, None);
            let mut plies = 0;
            let mut converted_at = None;
            while pos.outcome().is_none() && plies < dtc + CROWN_MARGIN_PLIES {
                let engine = if pos.side() == winner {
                    &mut with
                } else {
                    &mut without
                };
                let choice = engine
                    .choose(&pos, &Limits::depth(CROWN_DEPTH), &mut ())
                    .unwrap();
                if pos.side() == winner {
                    assert!(
                        matches!(choice.source, Source::Database | Source::OnlyMove),
                        "{text}: {:?}",
                        choice.source
                    );
                }
                let before = stage(&pos);
                pos.play(choice.mv);
                plies += 1;
                if converted_at.is_none() && stage(&pos) != before {
                    converted_at = Some(plies);
                }
            }
            assert!(
                converted_at.is_some_and(|p| p <= dtc),
                "{text}: distance {dtc}, converted at {converted_at:?}"
            );
            assert_eq!(
                pos.legal_moves().len(),
                0,
                "{text}: not won by {}",
                pos.text()
            );
            assert_ne!(pos.side(), winner, "{text}");
            games += 1;
        }
    }
    assert_eq!(games, 6 * CROWN_STARTS_PER_CLASS);
}

#[test]
fn index_round_trips_for_every_small_class() {
    for m in Material::up_to(TEST_PIECES) {
        let index = ClassIndex::new(m);
        let mut positions = 0u64;
        for i in 0..index.size() {
            if let Some((black, white, kings)) = index.unrank(i) {
                assert_eq!(Material::of_sets(black, white, kings), m);
                assert_eq!(black & white, 0);
                assert_eq!(index.rank(black, white, kings), i, "class {m}");
                positions += 1;
            }
        }
        let stats = Table::read_stats(small_db(), m).unwrap();
        assert_eq!(stats.positions, positions, "class {m}");
    }
}

#[test]
fn retrograde_and_passes_write_the_same_files() {
    let dir = temp_dir("passes");
    build(&options(TEST_PIECES, &dir, 2, Method::Passes), |_| {}).unwrap();
    for m in Material::up_to(TEST_PIECES) {
        let name = m.file_name();
        let slow = std::fs::read(dir.join(&name)).unwrap();
        let fast = std::fs::read(small_db().join(&name)).unwrap();
        assert!(slow == fast, "class {m}: the two builders differ");
        // The distances too, every entry: the layered passes against the retrograde waves.
        let slow = DtcTable::read(&dir, m).unwrap();
        let fast = DtcTable::read(small_db(), m).unwrap();
        assert_eq!(slow.longest(), fast.longest(), "class {m}");
        for i in 0..ClassIndex::new(m).size() {
            assert_eq!(slow.distance(i), fast.distance(i), "class {m}, entry {i}");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_rebuild_skips_complete_files() {
    let mut built = 0;
    let options = options(TEST_PIECES, small_db(), 1, Method::Retrograde);
    build(&options, |e| {
        built += u32::from(matches!(e, BuildEvent::Built(_)))
    })
    .unwrap();
    assert_eq!(built, 0);
}

#[test]
fn missing_or_damaged_distances_are_built_again() {
    let dir = temp_dir("dtc-resume");
    let mut plain = options(3, &dir, 2, Method::Retrograde);
    plain.dtc = false;
    build(&plain, |_| {}).unwrap();
    let m = Material::new(0, 2, 0, 1);
    assert!(!dir.join(DtcTable::file_name(m)).exists());
    let tb = Tablebases::open(&dir).unwrap();
    let pos = Position::from_text("B:WK10:BK1,K19").unwrap();
    assert_eq!(tb.probe(&pos), Some(Wdl::Win));
    assert_eq!(tb.probe_dtc(&pos), None);

    // With the distances asked for, every class is solved again, values unchanged.
    let with = options(3, &dir, 2, Method::Retrograde);
    let mut built = 0;
    build(&with, |e| {
        built += u32::from(matches!(e, BuildEvent::Built(_)))
    })
    .unwrap();
    assert_eq!(built, 16);
    let tb = Tablebases::open(&dir).unwrap();
    assert_eq!(tb.probe_dtc(&pos), Some((Wdl::Win, 9)));

    // A damaged distance file: the read names it, and the next build solves its unit again.
    let path = dir.join(DtcTable::file_name(m));
    let mut bytes = std::fs::read(&path).unwrap();
    let good = bytes.clone();
    let last = bytes.len() - 1;
    bytes[last] ^= 0x01;
    std::fs::write(&path, &bytes).unwrap();
    let text = DtcTable::read(&dir, m).unwrap_err().to_string();
    assert!(
        text.contains("b0m2k-w0m1k.dtc") && text.contains("checksum"),
        "{text}"
    );
    let mut built = 0;
    build(&with, |e| {
        built += u32::from(matches!(e, BuildEvent::Built(_)))
    })
    .unwrap();
    assert_eq!(built, 2, "the class and its mirror image");
    assert_eq!(std::fs::read(&path).unwrap(), good);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn files_round_trip_and_damage_is_named() {
    let dir = temp_dir("damage");
    let options = options(3, &dir, 2, Method::Retrograde);
    let stats = build(&options, |_| {}).unwrap();
    let m = Material::new(1, 0, 0, 2);
    let table = Table::read(&dir, m).unwrap();
    assert!(stats.contains(&table.stats()));
    let path = dir.join(m.file_name());
    let bytes = std::fs::read(&path).unwrap();
    // Written again, the file is the same bytes.
    let copy = temp_dir("copy");
    table.write(&copy).unwrap();
    assert_eq!(std::fs::read(copy.join(m.file_name())).unwrap(), bytes);

    // A damaged data byte: the header is fine, the full read names the file.
    let mut bad = bytes.clone();
    let last = bad.len() - 1;
    bad[last] ^= 0x01;
    std::fs::write(&path, &bad).unwrap();
    let tb = Tablebases::open(&dir).unwrap();
    let err = tb.load(m).unwrap_err();
    assert!(matches!(err, EgdbError::Corrupt { .. }));
    let text = err.to_string();
    assert!(
        text.contains("b1m0k-w0m2k.wdl") && text.contains("checksum"),
        "{text}"
    );

    // A truncated file: opening the directory fails and names it.
    std::fs::write(&path, &bytes[..bytes.len() - 3]).unwrap();
    let text = Tablebases::open(&dir).unwrap_err().to_string();
    assert!(
        text.contains("b1m0k-w0m2k.wdl") && text.contains("truncated"),
        "{text}"
    );

    // Not a database at all.
    std::fs::write(&path, b"hello").unwrap();
    let text = Tablebases::open(&dir).unwrap_err().to_string();
    assert!(
        text.contains("b1m0k-w0m2k.wdl") && text.contains("header"),
        "{text}"
    );

    // A rebuild replaces the damaged file with the good one.
    build(&options, |_| {}).unwrap();
    assert_eq!(std::fs::read(&path).unwrap(), bytes);
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_dir_all(&copy);
}

/// The databases named by `EGDB`, or none.
fn env_db() -> Option<Tablebases> {
    let dir = std::env::var_os("EGDB")?;
    Some(Tablebases::open(dir).unwrap())
}

#[test]
#[ignore = "needs EGDB=DIR: checks a built directory (minutes for six pieces)"]
fn built_databases_are_consistent() {
    let tb = env_db().expect("set EGDB=DIR");
    for m in tb.classes() {
        let sample = (m.pieces() > TEST_PIECES).then_some((SAMPLE_PER_CLASS, m.id() as u64));
        let n = verify::check_class(&tb, m, sample).unwrap_or_else(|e| panic!("{e}"));
        eprintln!("{m}: {n} positions consistent");
    }
}

#[test]
#[ignore = "needs EGDB=DIR: five-piece positions solved exhaustively (about ten minutes)"]
fn built_databases_agree_with_exhaustive_search() {
    let tb = env_db().expect("set EGDB=DIR");
    let pieces = 5.min(tb.max_pieces());
    let mut rng = SplitMix64::new(5);
    let (mut solved, mut compared) = (0, 0);
    for _ in 0..LARGE_TWIN_STARTS {
        let start = random_position(&mut rng, pieces, LARGE_TWIN_KING_PERCENT);
        let Some(values) = solve_exhaustively(&start, LARGE_TWIN_MAX_STATES) else {
            continue;
        };
        solved += 1;
        for (text, want) in values {
            let pos = Position::parse_position(&text).unwrap();
            assert_eq!(tb.probe(&pos), Some(want), "{text} (reached from {start})");
            compared += 1;
        }
    }
    eprintln!("{solved} start positions of {pieces} pieces solved, {compared} compared");
    assert!(
        solved >= LARGE_TWIN_STARTS / 20,
        "only {solved} start positions solved"
    );
}
