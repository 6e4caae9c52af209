//! The reports of a tournament, all from its [`Results`]: a plain-text summary for the
//! terminal (standings with every tie-break column and what decided each place, crosstable,
//! ratings with error bars, how games ended), a self-contained HTML page (the same, with
//! crosstable cells linking to each game's moves and times), a JSON export of players,
//! games, standings and ratings, and for Swiss formats a FIDE TRF file to cross-check the
//! pairings. Text from outside (names, moves, reasons, the config) is escaped in HTML.
//!
//! One family for any number of seats: the same entry points ([`terminal`], [`html`],
//! [`json`], [`write_reports`]) draw two-seat sections (W/D/L by seat, play-offs, stages,
//! TRF) when the games have two seats, and table sections otherwise: standings with first
//! places, average rank and score share, the pairwise crosstable (`score/games`, cells
//! linking to the games), ratings from the pairwise results with a word on their optimistic
//! error bars, and every seat of every game.

pub mod board_svg;
pub mod plots;
pub mod replay;
pub mod results;

pub use results::{
    Described, FALLBACK_PRIOR_SD, RatingsReport, Results, ResultsError, StageResults,
};

use board_svg::Palette;
use olympiad_store::StoredGame;
use olympiad_tournament::{
    Crosstable, Format, PlayerId, Points, RatingError, Row, SeatRecord, Standings, TieBreak,
    export_trf,
};
use serde::Serialize;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// The HTML report's file name in the output directory.
pub const HTML_FILE: &str = "report.html";
/// The JSON export's file name.
pub const JSON_FILE: &str = "tournament.json";
/// The TRF export's file name (Swiss formats only).
pub const TRF_FILE: &str = "tournament.trf";

/// `text` with `& < > " '` escaped, for HTML text and attribute values.
pub fn escape_html(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

fn name<'a>(setup: &Described<'a>, id: PlayerId) -> &'a str {
    setup
        .config
        .players
        .get(id.index())
        .map_or("?", |p| p.name.as_str())
}

fn place(row: &Row) -> String {
    if row.place_to == row.place {
        row.place.to_string()
    } else {
        format!("{}-{}", row.place, row.place_to)
    }
}

/// A result from one side: `1`, `½`, `0`.
fn half_text(half_points: u8) -> &'static str {
    match half_points {
        2 => "1",
        1 => "½",
        _ => "0",
    }
}

/// The tie-break columns, in [`TieBreak::ALL`] order, as text.
fn tie_break_cells(row: &Row) -> [String; 5] {
    let t = &row.tie_breaks;
    [
        t.buchholz.to_string(),
        t.progressive.to_string(),
        format!("{:.2}", t.sonneborn_berger),
        t.head_to_head.map_or("-".into(), |p| p.to_string()),
        t.irregular_losses.to_string(),
    ]
}

fn seat_text(row: &Row, seat: usize) -> String {
    let s = row.by_seat[seat];
    format!("{}/{}/{}", s.wins, s.draws, s.losses)
}

fn format_text(format: &Format) -> String {
    match format {
        Format::RoundRobin {
            cycles: Some(k), ..
        } => format!("round robin, {k} cycles"),
        Format::RoundRobin { double: true, .. } => "double round robin".into(),
        Format::RoundRobin { double: false, .. } => "round robin".into(),
        Format::Swiss { rounds } => format!("Swiss, {rounds} rounds"),
        Format::Codecup { swiss_rounds, top } => {
            format!(
                "CodeCup: Swiss of {swiss_rounds} rounds, then the top {top} play a double round robin"
            )
        }
        Format::Gauntlet { hero, cycles } => format!("gauntlet of {hero}, {cycles} cycles"),
    }
}

fn time_text(setup: &Described<'_>) -> String {
    let t = &setup.config.time;
    let mut s = match &t.tc {
        Some(tc) => format!("{tc} (seconds)"),
        None => format!("{} ms per player per game", t.time_ms),
    };
    if t.tc.is_none() && t.increment_ms > 0 {
        let _ = write!(s, " + {} ms a move", t.increment_ms);
    }
    if t.margin_ms > 0 {
        let _ = write!(s, ", {} ms margin", t.margin_ms);
    }
    if t.freeze_idle {
        s.push_str(", idle player frozen");
    }
    s
}

fn tie_break_order(setup: &Described<'_>) -> String {
    let order: Vec<&str> = setup.config.tie_breaks.iter().map(|t| t.name()).collect();
    if order.is_empty() {
        "none".into()
    } else {
        order.join(", ")
    }
}

fn counts_text(counts: &BTreeMap<String, u32>) -> String {
    counts
        .iter()
        .map(|(k, n)| format!("{k} {n}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The stages to show, with titles: CodeCup's final first.
fn stages(results: &Results) -> Vec<(&'static str, &StageResults)> {
    match &results.final_stage {
        Some(f) => vec![("Final", f), ("Swiss stage", &results.main)],
        None => vec![("Standings", &results.main)],
    }
}

/// The ratings, best first: (player, Elo, ±95%, games).
fn ratings_rows(ratings: &RatingsReport) -> Vec<(PlayerId, f64, f64, u32)> {
    let mut rows: Vec<(PlayerId, f64, f64, u32)> = match &ratings.fit {
        Ok(r) => r
            .ratings
            .iter()
            .map(|r| (r.player, r.elo, r.interval_95(), r.games))
            .collect(),
        Err(_) => Vec::new(),
    };
    rows.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
    rows
}

/// A rating error in words, with player names.
fn rating_error_text(setup: &Described<'_>, e: &RatingError) -> String {
    match e {
        RatingError::NotIdentifiable { players } => {
            let names: Vec<&str> = players.iter().map(|&p| name(setup, p)).collect();
            format!("{} never scored against the rest", names.join(", "))
        }
        other => other.to_string(),
    }
}

fn ratings_note(setup: &Described<'_>, r: &RatingsReport) -> Option<String> {
    match (&r.fit, r.prior_sd, &r.pure_error) {
        (Err(e), _, _) => Some(format!("no ratings: {}", rating_error_text(setup, e))),
        (Ok(_), Some(sd), Some(e)) => Some(format!(
            "fitted with a Gaussian prior (sd {sd} Elo) on every rating: the pure \
             maximum-likelihood fit has no finite maximum ({})",
            rating_error_text(setup, e)
        )),
        _ => None,
    }
}

fn playoff_lines(setup: &Described<'_>, standings: &Standings) -> Vec<String> {
    standings
        .playoffs
        .iter()
        .map(|p| {
            let [a, b] = p.players;
            let outcome = match p.winner {
                Some(w) => format!("won by {}", name(setup, w)),
                None if p.is_pending() => "pending".into(),
                None => "drawn: the tie-breaks decide".into(),
            };
            format!(
                "play-off for place {}: {} - {} ({} - {} in {} games): {outcome}",
                p.place,
                name(setup, a),
                name(setup, b),
                Points::from_milli(i64::from(p.half_points[0]) * 500),
                Points::from_milli(i64::from(p.half_points[1]) * 500),
                p.games_played
            )
        })
        .collect()
}

/// Lays out rows of cells in columns (the first `left` columns left-aligned).
fn columns(rows: &[Vec<String>], left: usize) -> String {
    let width = |s: &str| s.chars().count();
    let n = rows.iter().map(Vec::len).max().unwrap_or(0);
    let widths: Vec<usize> = (0..n)
        .map(|c| {
            rows.iter()
                .filter_map(|r| r.get(c))
                .map(|s| width(s))
                .max()
                .unwrap_or(0)
        })
        .collect();
    let mut out = String::new();
    for row in rows {
        let mut line = String::new();
        for (c, cell) in row.iter().enumerate() {
            let pad = " ".repeat(widths[c] - width(cell));
            if c > 0 {
                line.push_str("  ");
            }
            if c < left {
                line.push_str(cell);
                line.push_str(&pad);
            } else {
                line.push_str(&pad);
                line.push_str(cell);
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// The crosstable cell of row `i`, column `j` as text (`1 ½`), or `x` on the diagonal.
fn cross_text(table: &Crosstable, i: usize, j: usize) -> String {
    if i == j {
        return "x".into();
    }
    let cell = &table.cells[i][j];
    if cell.is_empty() {
        return ".".into();
    }
    cell.iter()
        .map(|g| half_text(g.half_points))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The standings header and rows as text cells.
fn standings_cells(setup: &Described<'_>, standings: &Standings) -> Vec<Vec<String>> {
    let mut rows = vec![
        [
            "place",
            "player",
            "points",
            "games",
            "+",
            "=",
            "-",
            "first +/=/-",
            "second +/=/-",
        ]
        .iter()
        .map(|s| s.to_string())
        .chain(TieBreak::ALL.iter().map(|t| t.name().to_string()))
        .chain(["decided by".to_string()])
        .collect::<Vec<_>>(),
    ];
    for row in &standings.rows {
        let total = row.total();
        let mut cells = vec![
            place(row),
            name(setup, row.player).to_string(),
            row.points.to_string(),
            row.games.to_string(),
            total.wins.to_string(),
            total.draws.to_string(),
            total.losses.to_string(),
            seat_text(row, 0),
            seat_text(row, 1),
        ];
        cells.extend(tie_break_cells(row));
        cells.push(row.decided_by.to_string());
        rows.push(cells);
    }
    rows
}

/// The plain-text report for the terminal.
pub fn terminal(setup: &Described<'_>, results: &Results) -> String {
    if results.seats > 2 {
        return table_terminal(setup, results);
    }
    let mut out = String::new();
    let c = &setup.config;
    let _ = writeln!(
        out,
        "{} ({}, {}; {}; seed {})",
        c.name,
        setup.game.name,
        format_text(&c.format),
        time_text(setup),
        c.seed
    );
    let _ = writeln!(out, "tie-breaks in order: {}", tie_break_order(setup));
    for (title, stage) in stages(results) {
        let _ = writeln!(out, "\n{title}");
        out.push_str(&columns(&standings_cells(setup, &stage.standings), 2));
        for line in playoff_lines(setup, &stage.standings) {
            let _ = writeln!(out, "{line}");
        }
        let table = &stage.crosstable;
        let mut rows = vec![
            ["", ""]
                .iter()
                .map(|s| s.to_string())
                .chain((1..=table.players.len()).map(|k| k.to_string()))
                .collect::<Vec<_>>(),
        ];
        for (i, &p) in table.players.iter().enumerate() {
            let mut cells = vec![(i + 1).to_string(), name(setup, p).to_string()];
            cells.extend((0..table.players.len()).map(|j| cross_text(table, i, j)));
            rows.push(cells);
        }
        let _ = writeln!(out, "\ncrosstable ({title})");
        out.push_str(&columns(&rows, 2));
    }
    let _ = writeln!(out, "\nratings (Elo, mean 0, ±95%)");
    if let Some(note) = ratings_note(setup, &results.ratings) {
        let _ = writeln!(out, "{note}");
    }
    let rows: Vec<Vec<String>> = ratings_rows(&results.ratings)
        .into_iter()
        .map(|(p, elo, ci, games)| {
            vec![
                name(setup, p).to_string(),
                format!("{elo:+.0}"),
                format!("±{ci:.0}"),
                format!("{games} games"),
            ]
        })
        .collect();
    out.push_str(&columns(&rows, 1));
    let _ = writeln!(
        out,
        "\nterminations: {}",
        counts_text(&results.terminations)
    );
    let _ = writeln!(out, "reasons: {}", counts_text(&results.reasons));
    out
}

/// A game's result: `1-0`, `½-½` or `0-1` for two seats, each seat's score for more
/// (`3 – 1 – 0 – 2`).
pub fn result_text(game: &StoredGame) -> String {
    if game.pairing.seats.len() == 2 {
        return match game.result.half_points(0) {
            2 => "1-0",
            0 => "0-1",
            _ => "½-½",
        }
        .to_string();
    }
    game.result
        .ranking
        .iter()
        .map(|p| p.to_string())
        .collect::<Vec<_>>()
        .join(" – ")
}

/// The ids of the report's board symbols start with this.
const PALETTE_PREFIX: &str = "p-";

/// The page up to its title heading, with `extras.nav` above it.
fn page_head(title: &str, extras: &PageExtras) -> String {
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <title>{}</title>\n<style>{STYLE}{}</style>\n</head>\n<body>\n{}<h1>{}</h1>\n",
        escape_html(title),
        board_svg::BOARD_STYLE,
        extras.nav,
        escape_html(title)
    )
}

/// The ratings plot and the points-by-round plot of each stage.
fn html_plots(out: &mut String, setup: &Described<'_>, results: &Results) {
    let rows: Vec<(String, f64, f64)> = ratings_rows(&results.ratings)
        .into_iter()
        .map(|(p, elo, ci, _)| (name(setup, p).to_string(), elo, ci))
        .collect();
    let svg = plots::ratings_svg(&rows);
    if !svg.is_empty() {
        let _ = writeln!(out, "<h3>Ratings with 95% error bars</h3>\n{svg}");
    }
    for (title, stage) in stages(results) {
        let (rounds, series) = plots::points_by_round(setup, stage);
        let names: Vec<String> = stage
            .players
            .iter()
            .map(|&p| name(setup, p).to_string())
            .collect();
        let svg = plots::rounds_svg(&rounds, &series, &names);
        if !svg.is_empty() {
            let _ = writeln!(
                out,
                "<h3>Points by round: {}</h3>\n{svg}",
                escape_html(title)
            );
        }
    }
}

/// A game's link to its own page, when the page has them.
fn game_links(out: &mut String, extras: &PageExtras, game: &StoredGame) {
    if let Some(prefix) = &extras.game_pages {
        let _ = writeln!(
            out,
            "<p><a href=\"{}{}\">replay on its own page</a></p>",
            escape_html(prefix),
            anchor(game)
        );
    }
}

/// The replay of `game` with the tournament's clock as the start of every clock.
fn replay_widget(
    out: &mut String,
    setup: &Described<'_>,
    game: &StoredGame,
    palette: &mut Palette,
    note: &dyn Fn(usize) -> String,
) {
    replay::widget(
        out,
        setup.game,
        game,
        setup.config.time.time_ms as f64,
        palette,
        PALETTE_PREFIX,
        note,
    );
}

/// The HTML report's style sheet.
const STYLE: &str = "body{font-family:system-ui,sans-serif;margin:2em;max-width:80em}\
table{border-collapse:collapse;margin:.5em 0 1.5em}\
th,td{border:1px solid #bbb;padding:.2em .5em;text-align:right}\
td.name,th.name{text-align:left}td.x{background:#eee}\
section.game{border-top:1px solid #ccc;margin-top:1em}\
ol.moves{columns:4;font-family:monospace}.dim{color:#666}pre{background:#f6f6f6;padding:1em}";

fn html_standings(out: &mut String, setup: &Described<'_>, standings: &Standings) {
    let cells = standings_cells(setup, standings);
    out.push_str("<table class=\"standings\">\n<tr>");
    for (c, h) in cells[0].iter().enumerate() {
        let class = if c == 1 { " class=\"name\"" } else { "" };
        let _ = write!(out, "<th{class}>{}</th>", escape_html(h));
    }
    out.push_str("</tr>\n");
    for row in &cells[1..] {
        out.push_str("<tr>");
        for (c, cell) in row.iter().enumerate() {
            let class = if c == 1 { " class=\"name\"" } else { "" };
            let _ = write!(out, "<td{class}>{}</td>", escape_html(cell));
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</table>\n");
    let lines = playoff_lines(setup, standings);
    if !lines.is_empty() {
        out.push_str("<ul>\n");
        for l in lines {
            let _ = writeln!(out, "<li>{}</li>", escape_html(&l));
        }
        out.push_str("</ul>\n");
    }
}

fn html_crosstable(out: &mut String, setup: &Described<'_>, stage: &StageResults) {
    let table = &stage.crosstable;
    out.push_str("<table class=\"crosstable\">\n<tr><th></th><th class=\"name\"></th>");
    for k in 1..=table.players.len() {
        let _ = write!(out, "<th>{k}</th>");
    }
    out.push_str("</tr>\n");
    for (i, &p) in table.players.iter().enumerate() {
        let _ = write!(
            out,
            "<tr><td>{}</td><td class=\"name\">{}</td>",
            i + 1,
            escape_html(name(setup, p))
        );
        for j in 0..table.players.len() {
            if i == j {
                out.push_str("<td class=\"x\"></td>");
                continue;
            }
            out.push_str("<td>");
            for (k, g) in table.cells[i][j].iter().enumerate() {
                let game = &stage.games[g.game];
                if k > 0 {
                    out.push(' ');
                }
                let _ = write!(
                    out,
                    "<a href=\"#{}\" title=\"round {} ({})\">{}</a>",
                    game.key().anchor(),
                    g.round,
                    if g.seat == 0 {
                        "first seat"
                    } else {
                        "second seat"
                    },
                    half_text(g.half_points)
                );
            }
            out.push_str("</td>");
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</table>\n");
}

fn html_game(
    out: &mut String,
    setup: &Described<'_>,
    game: &StoredGame,
    palette: &mut Palette,
    extras: &PageExtras,
) {
    let p = &game.pairing;
    let Some(second) = p.second() else {
        return;
    };
    let result = result_text(game);
    let _ = writeln!(
        out,
        "<section class=\"game\" id=\"{}\">\n<h3>{}: {} – {} {result}</h3>",
        game.key().anchor(),
        escape_html(&game.key().to_string()),
        escape_html(name(setup, p.first())),
        escape_html(name(setup, second)),
    );
    let _ = writeln!(
        out,
        "<p>{} ({}), {} plies; started {}, took {:.1} s.</p>",
        escape_html(&game.detail),
        escape_html(game.result.termination.label()),
        game.moves.len(),
        escape_html(&game.started),
        game.duration_ms / 1000.0
    );
    if let Some(k) = p.opening
        && let Some(line) = setup.openings.get(k as usize)
    {
        let _ = writeln!(out, "<p>opening {}: {}</p>", k + 1, escape_html(line));
    }
    game_links(out, extras, game);
    let note = |ply: usize| {
        let m = &game.moves[ply];
        format!(
            "{:.2} s, {:.1} s left",
            m.time_ms / 1000.0,
            m.left_ms / 1000.0
        )
    };
    replay_widget(out, setup, game, palette, &note);
    out.push_str("</section>\n");
}

/// The self-contained HTML report; `created` is when the tournament started.
pub fn html(setup: &Described<'_>, results: &Results, created: &str) -> String {
    html_page(setup, results, created, &PageExtras::default())
}

/// What a page that serves the report adds to it (the live viewer): nothing for the
/// static file.
#[derive(Clone, Debug, Default)]
pub struct PageExtras {
    /// HTML put first in the body (a navigation line).
    pub nav: String,
    /// HTML put last in the body (a script that reloads the page as games end).
    pub tail: String,
    /// Where each game also has a page of its own: the link is this prefix followed by the
    /// game's anchor (`game/r1-b2`).
    pub game_pages: Option<String>,
}

/// The HTML report with `extras`: the same sections as [`html`].
pub fn html_page(
    setup: &Described<'_>,
    results: &Results,
    created: &str,
    extras: &PageExtras,
) -> String {
    if results.seats > 2 {
        return table_html(setup, results, created, extras);
    }
    let c = &setup.config;
    let mut out = page_head(&c.name, extras);
    let mut palette = replay::palette(setup.game);
    let played = stages(results)
        .iter()
        .map(|(_, s)| s.games.iter().filter(|g| !g.pairing.is_bye()).count())
        .sum::<usize>()
        + results.playoff_games.len();
    let _ = writeln!(
        out,
        "<p>{}; {}; {}; seed {}; started {}; {played} games. Tie-breaks in order: {}.</p>",
        escape_html(setup.game.name),
        escape_html(&format_text(&c.format)),
        escape_html(&time_text(setup)),
        c.seed,
        escape_html(created),
        escape_html(&tie_break_order(setup))
    );
    for (title, stage) in stages(results) {
        let _ = writeln!(out, "<h2>{title}</h2>");
        html_standings(&mut out, setup, &stage.standings);
        let _ = writeln!(out, "<h3>Crosstable</h3>");
        html_crosstable(&mut out, setup, stage);
    }
    out.push_str("<h2>Ratings</h2>\n");
    if let Some(note) = ratings_note(setup, &results.ratings) {
        let _ = writeln!(out, "<p>{}</p>", escape_html(&note));
    }
    out.push_str(
        "<table class=\"ratings\">\n<tr><th class=\"name\">player</th><th>Elo</th>\
         <th>±95%</th><th>games</th></tr>\n",
    );
    for (p, elo, ci, games) in ratings_rows(&results.ratings) {
        let _ = writeln!(
            out,
            "<tr><td class=\"name\">{}</td><td>{elo:+.0}</td><td>{ci:.0}</td><td>{games}</td></tr>",
            escape_html(name(setup, p))
        );
    }
    out.push_str("</table>\n");
    html_plots(&mut out, setup, results);
    out.push_str("<h2>Terminations</h2>\n");
    let _ = writeln!(
        out,
        "<p>{}</p>\n<p>{}</p>",
        escape_html(&counts_text(&results.terminations)),
        escape_html(&counts_text(&results.reasons))
    );
    out.push_str("<h2>Games</h2>\n");
    for (_, stage) in stages(results).into_iter().rev() {
        for game in &stage.games {
            html_game(&mut out, setup, game, &mut palette, extras);
        }
    }
    for game in &results.playoff_games {
        html_game(&mut out, setup, game, &mut palette, extras);
    }
    page_end(&mut out, setup, &palette, extras);
    out
}

/// The end of a report page: its config, the replay's palette and script, the extras.
fn page_end(out: &mut String, setup: &Described<'_>, palette: &Palette, extras: &PageExtras) {
    let _ = writeln!(
        out,
        "<h2>Config</h2>\n<pre>{}</pre>\n{}{}</body>\n</html>",
        escape_html(setup.config_text),
        replay::page_end(palette, PALETTE_PREFIX, replay::shape(setup.game)),
        extras.tail
    );
}

#[derive(Serialize)]
struct JsonPlayer<'a> {
    id: PlayerId,
    name: &'a str,
    spec: &'a str,
}

#[derive(Serialize)]
struct JsonRatings<'a> {
    ratings: Option<&'a olympiad_tournament::Ratings>,
    prior_sd: Option<f64>,
    note: Option<String>,
}

#[derive(Serialize)]
struct JsonReport<'a> {
    name: &'a str,
    game: &'a str,
    format: &'a Format,
    seed: u64,
    created: &'a str,
    players: Vec<JsonPlayer<'a>>,
    games: Vec<&'a StoredGame>,
    standings: &'a Standings,
    final_standings: Option<&'a Standings>,
    ratings: JsonRatings<'a>,
    terminations: &'a BTreeMap<String, u32>,
    reasons: &'a BTreeMap<String, u32>,
}

/// The JSON export: players, every game with its moves, the standings and the ratings.
pub fn json(setup: &Described<'_>, results: &Results, created: &str) -> String {
    if results.seats > 2 {
        return table_json(setup, results, created);
    }
    let c = &setup.config;
    let mut games: Vec<&StoredGame> = results.main.games.iter().collect();
    if let Some(f) = &results.final_stage {
        games.extend(&f.games);
    }
    games.extend(&results.playoff_games);
    let report = JsonReport {
        name: &c.name,
        game: setup.game.name,
        format: &c.format,
        seed: c.seed,
        created,
        players: c
            .players
            .iter()
            .enumerate()
            .map(|(i, p)| JsonPlayer {
                id: PlayerId(i as u32),
                name: &p.name,
                spec: &p.spec,
            })
            .collect(),
        games,
        standings: &results.main.standings,
        final_standings: results.final_stage.as_ref().map(|f| &f.standings),
        ratings: JsonRatings {
            ratings: results.ratings.fit.as_ref().ok(),
            prior_sd: results.ratings.prior_sd,
            note: ratings_note(setup, &results.ratings),
        },
        terminations: &results.terminations,
        reasons: &results.reasons,
    };
    serde_json::to_string_pretty(&report).expect("reports serialize")
}

/// The TRF export of the Swiss (CodeCup: its Swiss stage); `None` for other formats.
pub fn trf(setup: &Described<'_>, results: &Results) -> Option<Result<String, String>> {
    let rounds = match setup.config.format {
        Format::Swiss { rounds } => rounds,
        Format::Codecup { swiss_rounds, .. } => swiss_rounds,
        _ => return None,
    };
    let names: Vec<String> = setup
        .config
        .players
        .iter()
        .map(|p| p.name.clone())
        .collect();
    let games: Vec<_> = results.main.games.iter().map(StoredGame::game).collect();
    Some(
        export_trf(
            &setup.config.name,
            &setup.players(),
            &names,
            &games,
            rounds,
            &results.main.standings,
        )
        .map_err(|e| e.to_string()),
    )
}

/// What [`write_reports`] wrote.
#[derive(Debug)]
pub struct Written {
    /// The HTML report.
    pub html: PathBuf,
    /// The JSON export.
    pub json: PathBuf,
    /// The TRF export, or why there is none (for Swiss formats).
    pub trf: Option<Result<PathBuf, String>>,
}

/// Writes `text` to `path` through a temporary file, so that a reader never sees half.
fn write_file(path: &Path, text: &str) -> Result<(), String> {
    let tmp = path.with_extension("tmp");
    std::fs::write(&tmp, text)
        .and_then(|()| std::fs::rename(&tmp, path))
        .map_err(|e| format!("{}: {e}", path.display()))
}

/// Writes only the HTML report into `dir` (between rounds).
pub fn write_html(
    dir: &Path,
    setup: &Described<'_>,
    results: &Results,
    created: &str,
) -> Result<PathBuf, String> {
    let path = dir.join(HTML_FILE);
    write_file(&path, &html(setup, results, created))?;
    Ok(path)
}

/// Writes the HTML report, the JSON export and (Swiss formats) the TRF into `dir`.
pub fn write_reports(
    dir: &Path,
    setup: &Described<'_>,
    results: &Results,
    created: &str,
) -> Result<Written, String> {
    let html = write_html(dir, setup, results, created)?;
    let json_path = dir.join(JSON_FILE);
    write_file(&json_path, &json(setup, results, created))?;
    let trf = match trf(setup, results) {
        Some(Ok(text)) => {
            let path = dir.join(TRF_FILE);
            write_file(&path, &text)?;
            Some(Ok(path))
        }
        Some(Err(e)) => Some(Err(e)),
        None => None,
    };
    Ok(Written {
        html,
        json: json_path,
        trf,
    })
}

/// The format of a round robin of tables, in words.
fn table_format_text(setup: &Described<'_>) -> String {
    let cycles = setup.config.format.round_robin_cycles().unwrap_or(1);
    let mut s = format!("round robin of {}-seat tables", setup.seats());
    if cycles > 1 {
        let _ = write!(s, ", {cycles} cycles");
    }
    s
}

/// How table games become points, in words.
fn table_points_text(setup: &Described<'_>) -> String {
    let p = &setup.config.points;
    if p.game_score {
        return "points: the game's own score (after an irregular end: 0 for the offender, 1 \
                for the others)"
            .into();
    }
    let list = p
        .rank_points
        .clone()
        .unwrap_or_else(|| olympiad_tournament::PointsScheme::default_rank_points(setup.seats()));
    let list: Vec<String> = list.iter().map(Points::to_string).collect();
    format!(
        "points by rank: {} (level seats share the mean of their places)",
        list.join(", ")
    )
}

/// What tables do not have, in words.
const TABLE_NOTE: &str = "no medal play-offs for games of more than two seats (the tie-breaks \
                          decide, what is left is a shared place); no TRF export";

/// What the table ratings are fitted from, in words.
const TABLE_RATINGS_NOTE: &str = "fitted from the pairwise results of each game (n(n-1)/2 \
                                  per game), counted as independent, which they are not: the \
                                  error bars are optimistic";

/// A mean rank or a share as text (`-` when there is none).
fn opt_text(value: Option<f64>, digits: usize) -> String {
    value.map_or("-".into(), |v| format!("{v:.digits$}"))
}

/// The tie-break columns of a table standings: the ones always shown, then the optional
/// ones that are configured.
fn table_tie_breaks(setup: &Described<'_>) -> Vec<TieBreak> {
    let mut shown = vec![
        TieBreak::FirstPlaces,
        TieBreak::AverageRank,
        TieBreak::Buchholz,
        TieBreak::HeadToHead,
        TieBreak::IrregularLosses,
    ];
    for t in &setup.config.tie_breaks {
        if !shown.contains(t) {
            shown.push(*t);
        }
    }
    shown
}

/// The standings of a round robin of tables as text cells.
fn table_standings_cells(setup: &Described<'_>, standings: &Standings) -> Vec<Vec<String>> {
    let tie_breaks = table_tie_breaks(setup);
    let mut header: Vec<String> = [
        "place", "player", "points", "games", "score", "share", "seats",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    header.extend(tie_breaks.iter().map(|t| t.name().to_string()));
    header.push("decided by".into());
    let mut rows = vec![header];
    for row in &standings.rows {
        let place = if row.place_to == row.place {
            row.place.to_string()
        } else {
            format!("{}-{}", row.place, row.place_to)
        };
        let mut cells = vec![
            place,
            name(setup, row.player).to_string(),
            row.points.to_string(),
            row.games.to_string(),
            row.score.to_string(),
            opt_text(row.score_share.map(|s| 100.0 * s), 1) + "%",
            row.by_seat
                .iter()
                .map(|s| SeatRecord::games(s).to_string())
                .collect::<Vec<_>>()
                .join("/"),
        ];
        let values = &row.tie_breaks;
        for t in &tie_breaks {
            cells.push(match t {
                TieBreak::FirstPlaces => values.first_places.to_string(),
                TieBreak::AverageRank => opt_text(values.average_rank, 2),
                TieBreak::Buchholz => values.buchholz.to_string(),
                TieBreak::HeadToHead => values.head_to_head.map_or("-".into(), |p| p.to_string()),
                TieBreak::IrregularLosses => values.irregular_losses.to_string(),
                TieBreak::Progressive => values.progressive.to_string(),
                TieBreak::SonnebornBerger => format!("{:.2}", values.sonneborn_berger),
            });
        }
        cells.push(row.decided_by.to_string());
        rows.push(cells);
    }
    rows
}

/// The pairwise crosstable as text cells: `score/games` against each player, then the
/// row player's average rank and score share.
fn table_cross_cells(setup: &Described<'_>, results: &Results) -> Vec<Vec<String>> {
    let table: &Crosstable = &results.main.crosstable;
    let n = table.players.len();
    let mut rows = vec![
        ["", ""]
            .iter()
            .map(|s| s.to_string())
            .chain((1..=n).map(|k| k.to_string()))
            .chain(["avg rank".to_string(), "share".to_string()])
            .collect::<Vec<_>>(),
    ];
    for (i, &p) in table.players.iter().enumerate() {
        let mut cells = vec![(i + 1).to_string(), name(setup, p).to_string()];
        cells.extend((0..n).map(|j| {
            if i == j {
                "x".into()
            } else {
                table.score_text(i, j)
            }
        }));
        let row = results.main.standings.row(p);
        cells.push(opt_text(row.and_then(|r| r.tie_breaks.average_rank), 2));
        cells.push(opt_text(row.and_then(|r| r.score_share).map(|s| 100.0 * s), 1) + "%");
        rows.push(cells);
    }
    rows
}

/// The rating rows of a table tournament as text cells.
fn table_rating_cells(setup: &Described<'_>, results: &Results) -> Vec<Vec<String>> {
    ratings_rows(&results.ratings)
        .into_iter()
        .map(|(p, elo, ci, games)| {
            vec![
                name(setup, p).to_string(),
                format!("{elo:+.0}"),
                format!("±{ci:.0}"),
                format!("{games} pairwise results"),
            ]
        })
        .collect()
}

/// The plain-text report of a round robin of tables.
fn table_terminal(setup: &Described<'_>, results: &Results) -> String {
    let mut out = String::new();
    let c = &setup.config;
    let _ = writeln!(
        out,
        "{} ({}, {}; {}; seed {})",
        c.name,
        setup.game.name,
        table_format_text(setup),
        time_text(setup),
        c.seed
    );
    let _ = writeln!(out, "{}", table_points_text(setup));
    let _ = writeln!(out, "tie-breaks in order: {}", tie_break_order(setup));
    let _ = writeln!(out, "{TABLE_NOTE}");
    let _ = writeln!(out, "\nStandings");
    out.push_str(&columns(
        &table_standings_cells(setup, &results.main.standings),
        2,
    ));
    let _ = writeln!(
        out,
        "\npairwise crosstable (score/games against each player where both sat: 1 above, \
         1/2 level, 0 below)"
    );
    out.push_str(&columns(&table_cross_cells(setup, results), 2));
    let _ = writeln!(out, "\nratings (Elo, mean 0, ±95%; {TABLE_RATINGS_NOTE})");
    if let Some(note) = ratings_note(setup, &results.ratings) {
        let _ = writeln!(out, "{note}");
    }
    out.push_str(&columns(&table_rating_cells(setup, results), 1));
    let _ = writeln!(
        out,
        "\nterminations: {}",
        counts_text(&results.terminations)
    );
    let _ = writeln!(out, "reasons: {}", counts_text(&results.reasons));
    out
}

/// Rows of text cells as an HTML table (the second column holds names).
fn html_cells(out: &mut String, class: &str, cells: &[Vec<String>]) {
    let _ = writeln!(out, "<table class=\"{class}\">");
    for (r, row) in cells.iter().enumerate() {
        out.push_str("<tr>");
        let tag = if r == 0 { "th" } else { "td" };
        for (c, cell) in row.iter().enumerate() {
            let attr = if c == 1 { " class=\"name\"" } else { "" };
            let _ = write!(out, "<{tag}{attr}>{}</{tag}>", escape_html(cell));
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</table>\n");
}

/// The HTML anchor of a stored game.
fn anchor(game: &StoredGame) -> String {
    game.key().anchor()
}

fn html_table_crosstable(out: &mut String, setup: &Described<'_>, results: &Results) {
    let table = &results.main.crosstable;
    let n = table.players.len();
    out.push_str("<table class=\"crosstable\">\n<tr><th></th><th class=\"name\"></th>");
    for k in 1..=n {
        let _ = write!(out, "<th>{k}</th>");
    }
    out.push_str("<th>avg rank</th><th>share</th></tr>\n");
    for (i, &p) in table.players.iter().enumerate() {
        let _ = write!(
            out,
            "<tr><td>{}</td><td class=\"name\">{}</td>",
            i + 1,
            escape_html(name(setup, p))
        );
        for j in 0..n {
            if i == j {
                out.push_str("<td class=\"x\"></td>");
                continue;
            }
            let _ = write!(out, "<td>{}", escape_html(&table.score_text(i, j)));
            for g in &table.cells[i][j] {
                let game = &results.main.games[g.game];
                let half = g.half_points;
                let _ = write!(
                    out,
                    " <a href=\"#{}\" title=\"{}\">{}</a>",
                    anchor(game),
                    escape_html(&game.key().to_string()),
                    half_text(half)
                );
            }
            out.push_str("</td>");
        }
        let row = results.main.standings.row(p);
        let _ = writeln!(
            out,
            "<td>{}</td><td>{}%</td></tr>",
            opt_text(row.and_then(|r| r.tie_breaks.average_rank), 2),
            opt_text(row.and_then(|r| r.score_share).map(|s| 100.0 * s), 1)
        );
    }
    out.push_str("</table>\n");
}

fn html_table_game(
    out: &mut String,
    setup: &Described<'_>,
    game: &StoredGame,
    palette: &mut Palette,
    extras: &PageExtras,
) {
    let seats = &game.pairing.seats;
    let table = seats
        .iter()
        .zip(&game.result.ranking)
        .map(|(&player, score)| format!("{} {score}", name(setup, player)))
        .collect::<Vec<_>>()
        .join(" – ");
    let _ = writeln!(
        out,
        "<section class=\"game\" id=\"{}\">\n<h3>{}: {}</h3>",
        anchor(game),
        escape_html(&game.key().to_string()),
        escape_html(&table),
    );
    let times = game
        .used_ms
        .iter()
        .enumerate()
        .map(|(k, used)| format!("seat {}: {:.1} s", k + 1, used / 1000.0))
        .collect::<Vec<_>>()
        .join(", ");
    let _ = writeln!(
        out,
        "<p>{} ({}), {} plies; started {}, took {:.1} s; time used: {}.</p>",
        escape_html(&game.detail),
        escape_html(game.result.termination.label()),
        game.moves.len(),
        escape_html(&game.started),
        game.duration_ms / 1000.0,
        escape_html(&times)
    );
    game_links(out, extras, game);
    let note = |ply: usize| {
        let m = &game.moves[ply];
        format!(
            "seat {}, {:.2} s, {:.1} s left",
            m.seat + 1,
            m.time_ms / 1000.0,
            m.left_ms / 1000.0
        )
    };
    replay_widget(out, setup, game, palette, &note);
    out.push_str("</section>\n");
}

/// The self-contained HTML report of a round robin of tables.
fn table_html(
    setup: &Described<'_>,
    results: &Results,
    created: &str,
    extras: &PageExtras,
) -> String {
    let c = &setup.config;
    let mut out = page_head(&c.name, extras);
    let mut palette = replay::palette(setup.game);
    let _ = writeln!(
        out,
        "<p>{}; {}; {}; seed {}; started {}; {} games. {}. Tie-breaks in order: {}. {}.</p>",
        escape_html(setup.game.name),
        escape_html(&table_format_text(setup)),
        escape_html(&time_text(setup)),
        c.seed,
        escape_html(created),
        results.main.games.len(),
        escape_html(&table_points_text(setup)),
        escape_html(&tie_break_order(setup)),
        escape_html(TABLE_NOTE)
    );
    out.push_str("<h2>Standings</h2>\n");
    html_cells(
        &mut out,
        "standings",
        &table_standings_cells(setup, &results.main.standings),
    );
    out.push_str(
        "<h3>Crosstable</h3>\n<p>Pairwise score/games against each player over the games \
         where both sat, then each of those games (1 above, ½ level, 0 below) linking to its \
         moves.</p>\n",
    );
    html_table_crosstable(&mut out, setup, results);
    let _ = writeln!(
        out,
        "<h2>Ratings</h2>\n<p>{}.</p>",
        escape_html(TABLE_RATINGS_NOTE)
    );
    if let Some(note) = ratings_note(setup, &results.ratings) {
        let _ = writeln!(out, "<p>{}</p>", escape_html(&note));
    }
    let mut ratings = vec![
        ["", "player", "Elo", "±95%", "pairwise results"]
            .iter()
            .map(|s| s.to_string())
            .collect::<Vec<_>>(),
    ];
    for (k, (p, elo, ci, games)) in ratings_rows(&results.ratings).into_iter().enumerate() {
        ratings.push(vec![
            (k + 1).to_string(),
            name(setup, p).to_string(),
            format!("{elo:+.0}"),
            format!("{ci:.0}"),
            games.to_string(),
        ]);
    }
    html_cells(&mut out, "ratings", &ratings);
    html_plots(&mut out, setup, results);
    let _ = writeln!(
        out,
        "<h2>Terminations</h2>\n<p>{}</p>\n<p>{}</p>\n<h2>Games</h2>",
        escape_html(&counts_text(&results.terminations)),
        escape_html(&counts_text(&results.reasons))
    );
    for game in &results.main.games {
        html_table_game(&mut out, setup, game, &mut palette, extras);
    }
    page_end(&mut out, setup, &palette, extras);
    out
}

#[derive(Serialize)]
struct JsonTableReport<'a> {
    name: &'a str,
    game: &'a str,
    seats: usize,
    format: &'a Format,
    seed: u64,
    created: &'a str,
    players: Vec<JsonPlayer<'a>>,
    games: &'a [StoredGame],
    standings: &'a Standings,
    crosstable: &'a Crosstable,
    ratings: JsonRatings<'a>,
    terminations: &'a BTreeMap<String, u32>,
    reasons: &'a BTreeMap<String, u32>,
    notes: [&'a str; 2],
}

/// The JSON export of a round robin of tables: players, every game with every seat and
/// its moves, the standings, the pairwise crosstable and the ratings.
fn table_json(setup: &Described<'_>, results: &Results, created: &str) -> String {
    let c = &setup.config;
    let report = JsonTableReport {
        name: &c.name,
        game: setup.game.name,
        seats: results.seats,
        format: &c.format,
        seed: c.seed,
        created,
        players: c
            .players
            .iter()
            .enumerate()
            .map(|(i, p)| JsonPlayer {
                id: PlayerId(i as u32),
                name: &p.name,
                spec: &p.spec,
            })
            .collect(),
        games: &results.main.games,
        standings: &results.main.standings,
        crosstable: &results.main.crosstable,
        ratings: JsonRatings {
            ratings: results.ratings.fit.as_ref().ok(),
            prior_sd: results.ratings.prior_sd,
            note: ratings_note(setup, &results.ratings),
        },
        terminations: &results.terminations,
        reasons: &results.reasons,
        notes: [TABLE_NOTE, TABLE_RATINGS_NOTE],
    };
    serde_json::to_string_pretty(&report).expect("reports serialize")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escaping() {
        assert_eq!(
            escape_html("<a href=\"x\">Tom & 'Jerry'</a>"),
            "&lt;a href=&quot;x&quot;&gt;Tom &amp; &#39;Jerry&#39;&lt;/a&gt;"
        );
        assert_eq!(escape_html("b2-c4 ½"), "b2-c4 ½");
    }
}
