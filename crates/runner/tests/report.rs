//! The reports of tournaments really played by the runner: names that need escaping stay
//! escaped in HTML, every game is linked, and the terminal, JSON and TRF reports hold what a
//! Swiss has.

use olympiad_arena::NoWatch;
use olympiad_report::{Results, html, json, terminal, trf};
use olympiad_runner::{Setup, run_tournament};
use olympiad_tournament::TieBreak;
use std::collections::BTreeSet;

/// Plays a small tournament with a player whose name needs escaping.
fn played(format: &str, name: &str) -> (Setup, Results) {
    let dir = std::env::temp_dir().join(format!("olympiad-report-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let text = format!(
        "name = \"<Cup> & 'friends'\"\ngame = \"caissa\"\nseed = 4\n{format}\n\
         [time]\ntime_ms = 5000\n\
         [[players]]\nname = \"<b>evil</b> & \\\"co\\\"\"\nspec = \"builtin:random:seed=1\"\n\
         [[players]]\nname = \"plain\"\nspec = \"builtin:random:seed=2\"\n\
         [[players]]\nname = \"hipp\"\nspec = \"builtin:hipp:depth=1\"\n\
         [[players]]\nname = \"third\"\nspec = \"builtin:random:seed=3\"\n"
    );
    let setup = Setup::from_toml(&text, "t.toml", None).unwrap();
    let mut store = setup.create_store(&dir.join("t.db")).unwrap();
    let summary = run_tournament(&setup, &mut store, None, &NoWatch, None, |_| {}).unwrap();
    let results = Results::compute(&setup.described(), &summary.games).unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    (setup, results)
}

/// The values of `attribute="..."` in `html`.
fn attribute_values(html: &str, attribute: &str) -> Vec<String> {
    let pattern = format!("{attribute}=\"");
    html.split(&pattern)
        .skip(1)
        .map(|rest| rest.split('"').next().unwrap().to_string())
        .collect()
}

#[test]
fn html_escapes_names_and_links_every_game() {
    let (setup, results) = played("[format]\nkind = \"round_robin\"\ndouble = true", "rr");
    let page = html(&setup.described(), &results, "2025-01-01T00:00:00Z");
    assert!(!page.contains("<b>evil</b>"), "a name went out unescaped");
    assert!(page.contains("&lt;b&gt;evil&lt;/b&gt; &amp; &quot;co&quot;"));
    assert!(page.contains("<title>&lt;Cup&gt; &amp; &#39;friends&#39;</title>"));
    // The games' anchors and the links to them (the boards' `<use href>` and symbol ids
    // are drawing, not links).
    let ids: BTreeSet<String> = attribute_values(&page, " id")
        .into_iter()
        .filter(|id| id.starts_with("game-"))
        .collect();
    let links: Vec<String> = attribute_values(&page, "<a href");
    // Every game of a double round robin of 4 is linked from two cells.
    assert_eq!(links.len(), 2 * 12);
    for link in &links {
        let target = link.strip_prefix('#').expect("links are anchors");
        assert!(ids.contains(target), "no anchor for {link}");
    }
    // Each game's section has its moves with their times.
    let games = 12 + results.playoff_games.len();
    assert_eq!(ids.len(), games);
    assert_eq!(page.matches("<section class=\"game\"").count(), games);
    assert!(page.contains(" s left</span></li>"));
    // ... and its board, replayable with no server.
    assert_eq!(page.matches("<div class=\"replay\"").count(), games);
    assert!(page.contains("<symbol id=\"p-a\""));
    // Every tie-break has a column, and each place says what decided it.
    for t in TieBreak::ALL {
        assert!(page.contains(&format!("<th>{}</th>", t.name())), "{t}");
    }
    assert!(page.contains("<th>decided by</th>"));
}

#[test]
fn terminal_json_and_trf() {
    let (setup, results) = played("[format]\nkind = \"swiss\"\nrounds = 3", "swiss");
    let text = terminal(&setup.described(), &results);
    for heading in [
        "buchholz",
        "progressive",
        "decided by",
        "crosstable",
        "ratings",
    ] {
        assert!(text.contains(heading), "{heading}:\n{text}");
    }
    assert!(text.contains("terminations: "), "{text}");
    let value: serde_json::Value =
        serde_json::from_str(&json(&setup.described(), &results, "now")).unwrap();
    assert_eq!(value["players"].as_array().unwrap().len(), 4);
    // 3 rounds of 2 games.
    assert_eq!(value["games"].as_array().unwrap().len(), 6);
    assert_eq!(value["standings"]["rows"].as_array().unwrap().len(), 4);
    let trf = trf(&setup.described(), &results)
        .expect("a Swiss has a TRF")
        .unwrap();
    assert_eq!(trf.lines().filter(|l| l.starts_with("001")).count(), 4);
    assert!(trf.contains("XXR 3"), "{trf}");
}
