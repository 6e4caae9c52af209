//! The viewer's HTML pages: the list of tournaments, a tournament (the static report's own
//! page from `olympiad-report`, its standings never computed twice, with links to each
//! game's page and a reload as games end when it is live), one recorded game replayed, and
//! the live boards with the script that follows the server-sent events.

use crate::ViewError;
use crate::live::LiveWatch;
use crate::stores::{Listed, Loaded};
use olympiad_report::board_svg;
use olympiad_report::{PageExtras, Results, escape_html, replay};
use olympiad_store::StoredGame;
use std::fmt::Write as _;

/// The style every viewer page shares (the report's pages have their own).
const STYLE: &str = "body{font-family:system-ui,sans-serif;margin:1.5em;max-width:90em}\
nav{margin-bottom:1em}nav a{margin-right:1em}\
table{border-collapse:collapse;margin:.5em 0}th,td{border:1px solid #bbb;padding:.2em .5em}\
.dim{color:#666}#games{display:flex;flex-wrap:wrap;gap:1.5em}\
section.live{border:1px solid #ccc;border-radius:6px;padding:.5em;width:360px}\
section.live h3{margin:.2em 0;font-size:1em}section.live.ended{opacity:.5}\
table.seats td.clock{font-family:monospace;text-align:right;min-width:5em}\
table.seats td.info{font-size:.8em;color:#555}\
tr.to-move{background:#fde3c8;font-weight:bold}\
ol.last{font-family:monospace;font-size:.85em;columns:3;margin:.3em 0}\
ol.moves{font-family:monospace}#seen{display:none}";

/// The navigation line of every page; `live` when a live tournament is served.
fn nav(live: bool) -> String {
    let mut out = String::from("<nav><a href=\"/\">tournaments</a>");
    if live {
        out.push_str(" · <a href=\"/live\">live games</a>");
    }
    out.push_str("</nav>\n");
    out
}

fn head(title: &str, live: bool, style: &str) -> String {
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <title>{}</title>\n<style>{STYLE}{style}</style>\n</head>\n<body>\n{}<h1>{}</h1>\n",
        escape_html(title),
        nav(live),
        escape_html(title)
    )
}

/// The list of tournaments.
pub fn list(listed: &[Listed], live: bool) -> String {
    let mut out = head("Tournaments", live, "");
    if listed.is_empty() {
        out.push_str("<p>No tournament store is served.</p>\n");
    } else {
        out.push_str(
            "<table><tr><th>tournament</th><th>game</th><th>games stored</th>\
             <th>started</th><th>store</th></tr>\n",
        );
    }
    for l in listed {
        let path = escape_html(&l.path.display().to_string());
        match &l.info {
            Ok((info, games)) => {
                let game =
                    olympiad_tournament::TournamentConfig::from_toml(&info.config).map(|c| c.game);
                let _ = writeln!(
                    out,
                    "<tr><td><a href=\"/t/{}\">{}</a></td><td>{}</td><td>{games}</td>\
                     <td>{}</td><td class=\"dim\">{path}</td></tr>",
                    l.id,
                    escape_html(&info.name),
                    escape_html(&game.unwrap_or_else(|_| "?".into())),
                    escape_html(&info.created),
                );
            }
            Err(e) => {
                let _ = writeln!(
                    out,
                    "<tr><td colspan=\"4\">unreadable: {}</td><td class=\"dim\">{path}</td></tr>",
                    escape_html(&e.to_string())
                );
            }
        }
    }
    if !listed.is_empty() {
        out.push_str("</table>\n");
    }
    out.push_str("</body>\n</html>\n");
    out
}

/// Reloads a tournament page a moment after a game ends, so that its standings follow.
const RELOAD_SCRIPT: &str = "<script>(function(){var es=new EventSource('/live/events'),t=null;\
es.addEventListener('ended',function(){if(!t)t=setTimeout(function(){location.reload();},1500);});\
es.addEventListener('finished',function(){es.close();});})();</script>";

/// A tournament: the report's page with the viewer's navigation and game links.
pub fn tournament(
    id: usize,
    loaded: &Loaded,
    live: bool,
    playing: bool,
) -> Result<String, ViewError> {
    let described = loaded.setup.described();
    let results = Results::compute(&described, &loaded.games)
        .map_err(|e| ViewError::Unreadable(e.to_string()))?;
    let extras = PageExtras {
        nav: nav(live),
        tail: if playing {
            RELOAD_SCRIPT.to_string()
        } else {
            String::new()
        },
        game_pages: Some(format!("/t/{id}/game/")),
    };
    Ok(olympiad_report::html_page(
        &described,
        &results,
        &loaded.info.created,
        &extras,
    ))
}

/// The stored game of `loaded` whose anchor is `anchor`.
pub fn find<'a>(loaded: &'a Loaded, anchor: &str) -> Result<&'a StoredGame, ViewError> {
    loaded
        .games
        .iter()
        .find(|g| !g.pairing.is_bye() && g.key().anchor() == anchor)
        .ok_or_else(|| ViewError::NotFound(format!("no game {anchor}")))
}

/// One recorded game, replayed: board, buttons, arrow keys, clocks, moves with times.
pub fn game(id: usize, loaded: &Loaded, game: &StoredGame, live: bool) -> String {
    let setup = &loaded.setup;
    let entry = setup.game;
    let names: Vec<String> = game
        .pairing
        .seats
        .iter()
        .map(|p| {
            setup
                .config
                .players
                .get(p.index())
                .map_or_else(|| "?".to_string(), |x| x.name.clone())
        })
        .collect();
    let title = format!("{}: {}", game.key(), names.join(" – "));
    let mut out = head(&title, live, board_svg::BOARD_STYLE);
    let start = entry.from_text(&game.start_position).ok();
    let seat_name = |seat: usize| {
        start.as_ref().map_or_else(
            || format!("seat {}", seat + 1),
            |g| g.seat_name(olympiad_core::Seat(seat as u8)),
        )
    };
    let _ = writeln!(
        out,
        "<p><a href=\"/t/{id}\">{}</a>; {}; result {} ({}); {} plies; started {}, took {:.1} s.</p>",
        escape_html(&setup.config.name),
        escape_html(entry.name),
        escape_html(&olympiad_report::result_text(game)),
        escape_html(&game.detail),
        game.moves.len(),
        escape_html(&game.started),
        game.duration_ms / 1000.0
    );
    out.push_str("<p>Seats: ");
    for (seat, n) in names.iter().enumerate() {
        let _ = write!(
            out,
            "{}{}: {}",
            if seat > 0 { "; " } else { "" },
            escape_html(&seat_name(seat)),
            escape_html(n)
        );
    }
    let anchor = game.key().anchor();
    let _ = writeln!(
        out,
        ".</p>\n<p>As data: <a href=\"/t/{id}/game/{anchor}.json\">JSON</a> (start position, \
         every move with its time and the time left). {} has no PGN or SGF notation in this \
         workspace, so none is offered.</p>",
        escape_html(entry.name)
    );
    out.push_str(
        "<p class=\"dim\">Step with the buttons or the arrow keys (Home, End); click a move to \
         go there.</p>\n",
    );
    let mut palette = replay::palette(entry);
    let note = |ply: usize| {
        let m = &game.moves[ply];
        format!(
            "{}, {:.2} s, {:.1} s left",
            seat_name(usize::from(m.seat)),
            m.time_ms / 1000.0,
            m.left_ms / 1000.0
        )
    };
    replay::widget(
        &mut out,
        entry,
        game,
        setup.config.time.time_ms as f64,
        &mut palette,
        "p-",
        &note,
    );
    out.push_str(&replay::page_end(&palette, "p-", replay::shape(entry)));
    out.push_str("</body>\n</html>\n");
    out
}

/// The live page's script: it follows `/live/events`, adds the cards of games that
/// start, redraws a board and its clocks on each move (marking the cells that changed),
/// lets the clock of the seat to move run down, greys out finished games, and records each
/// move it saw in `#seen` (`data-seen` on the body counts them). `?moves=N` stops following
/// after N moves (a page for a screenshot or a test); a page that fell behind reloads.
const LIVE_SCRIPT: &str = r#"
(function () {
  var games = document.getElementById('games'), seenList = document.getElementById('seen');
  var q = new URLSearchParams(location.search), stopAfter = parseInt(q.get('moves'), 10);
  var seen = 0, es = document.body.hasAttribute('data-finished') ? null : new EventSource('/live/events');
  if (!es) return;
  document.querySelectorAll('section.live').forEach(function (c) { c.setAttribute('data-at', Date.now()); });
  function card(i) { return document.getElementById('live-' + i); }
  function clocks(c, values, toMove) {
    c.querySelectorAll('tr[data-seat]').forEach(function (tr) {
      var s = +tr.getAttribute('data-seat');
      if (values) tr.querySelector('td.clock').setAttribute('data-ms', values[s]);
      tr.classList.toggle('to-move', s === toMove);
    });
    c.setAttribute('data-to-move', toMove);
    c.setAttribute('data-at', Date.now());
  }
  function tick() {
    document.querySelectorAll('section.live').forEach(function (c) {
      var toMove = +c.getAttribute('data-to-move'), since = Date.now() - +c.getAttribute('data-at');
      c.querySelectorAll('tr[data-seat]').forEach(function (tr) {
        var td = tr.querySelector('td.clock'), ms = +td.getAttribute('data-ms');
        if (+tr.getAttribute('data-seat') === toMove && !c.classList.contains('ended')) ms -= since;
        td.textContent = oly.clock(ms);
      });
    });
  }
  setInterval(tick, 100); tick();
  es.addEventListener('started', function (e) {
    var d = JSON.parse(e.data);
    if (card(d.index)) return;
    games.insertAdjacentHTML('beforeend', d.card);
    card(d.index).setAttribute('data-at', Date.now());
  });
  es.addEventListener('moved', function (e) {
    var d = JSON.parse(e.data), c = card(d.index);
    if (!c) return;
    var ply = +c.getAttribute('data-ply');
    if (d.ply < ply) return;
    if (d.ply > ply) { es.close(); location.reload(); return; }
    var svg = c.querySelector('svg.board');
    if (svg && d.symbols) svg.querySelector('defs').insertAdjacentHTML('beforeend', d.symbols);
    if (svg && d.code) {
      oly.show(svg, d.code, c.getAttribute('data-code'));
      c.setAttribute('data-code', d.code);
    }
    clocks(c, d.clocks, d.to_move);
    var row = c.querySelector('tr[data-seat="' + d.seat + '"] td.info');
    if (row) row.textContent = d.info || '';
    c.setAttribute('data-ply', d.ply + 1);
    var list = c.querySelector('ol.last'), li = document.createElement('li');
    li.value = d.ply + 1;
    li.textContent = d.text + ' ';
    var t = document.createElement('span'); t.className = 'dim'; t.textContent = (d.time_ms / 1000).toFixed(2) + ' s';
    li.appendChild(t); list.appendChild(li);
    while (list.children.length > 12) list.removeChild(list.firstChild);
    seen += 1;
    var s = document.createElement('li');
    s.setAttribute('data-index', d.index); s.setAttribute('data-ply', d.ply);
    s.setAttribute('data-code', d.code || ''); s.textContent = d.text;
    seenList.appendChild(s);
    document.body.setAttribute('data-seen', seen);
    if (stopAfter > 0 && seen >= stopAfter) { es.close(); document.body.setAttribute('data-done', '1'); }
  });
  es.addEventListener('ended', function (e) {
    var d = JSON.parse(e.data), c = card(d.index);
    document.getElementById('ended').insertAdjacentHTML('afterbegin', d.item);
    if (!c) return;
    c.classList.add('ended');
    if (!(stopAfter > 0)) setTimeout(function () { if (c.parentNode) c.parentNode.removeChild(c); }, 4000);
  });
  es.addEventListener('lagged', function () { es.close(); location.reload(); });
  es.addEventListener('finished', function () {
    es.close();
    document.body.setAttribute('data-finished', '1');
    document.getElementById('summary').textContent += ' Play is over.';
  });
})();
"#;

/// The live page: every game under way as the watch has it now, then kept current.
pub fn live(watch: &LiveWatch) -> String {
    let mut out = head("Live games", true, board_svg::BOARD_STYLE);
    if watch.is_finished() {
        // Nothing more will come: the page does not follow the events.
        out = out.replacen("<body>", "<body data-finished=\"1\">", 1);
        out.push_str("<p>Play is over: these are the last games played.</p>\n");
    }
    out.push_str(&watch.page_body());
    let _ = write!(
        out,
        "<ol id=\"seen\"></ol>\n<script>{}</script>\n<script>{LIVE_SCRIPT}</script>\n\
         </body>\n</html>\n",
        board_svg::REPLAY_SCRIPT
    );
    out
}
