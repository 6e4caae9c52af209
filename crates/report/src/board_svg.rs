//! Boards as SVG, drawn from a game's [`Picture`] model, for the static HTML report and the
//! live viewer alike: one drawing in one place, so a board looks the same in both.
//!
//! A board is a grid of `<use>` elements, one per cell, each pointing at a symbol of a
//! [`Palette`]: the distinct cells (an empty square, a hole, a black `K`, Rolit's neutral
//! `4`) drawn once. Replaying a game is then changing which symbol each cell points at: a
//! position travels as a [`Palette::code`] (one character per cell), and the small script
//! [`REPLAY_SCRIPT`] swaps the `href`s and marks the cells that changed (the last move,
//! whatever the game's notation). Square and hex geometry are both drawn; cells that are
//! not part of the board ([`Cell::Off`]: Caïssa's sunken tiles, checkers' light squares)
//! are holes.

use crate::escape_html;
use olympiad_core::{Cell, Picture, Shape};
use std::fmt::Write as _;

/// The characters a position's code uses, one per palette entry: at most this many
/// distinct cells per game can be replayed (the games of the catalog use under 20).
const CODE_CHARS: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

/// Width of a cell in SVG units.
const CELL: f64 = 40.0;
/// Height of a hex cell (pointy top): its width times 2/sqrt(3).
const HEX_HEIGHT: f64 = CELL * 1.154_700_538;
/// Room for the row labels on the left and the column labels below, in SVG units.
const MARGIN: f64 = 22.0;

/// Piece colours a game can name in its seat names ("White", "Black (X)"): the word, the
/// fill and the ink of the glyph on it.
const NAMED_COLOURS: [(&str, &str, &str); 6] = [
    ("white", "#f4f1e8", "#1f1f1f"),
    ("black", "#1f1f1f", "#f4f1e8"),
    ("red", "#c0392b", "#ffffff"),
    ("green", "#27ae60", "#ffffff"),
    ("yellow", "#f1c40f", "#1f1f1f"),
    ("blue", "#2471a3", "#ffffff"),
];
/// The colours of seats whose names name none, by seat (Rolit's red, green, yellow, blue),
/// as indexes into [`NAMED_COLOURS`]; repeated beyond four seats.
const SEAT_ORDER: [usize; 4] = [2, 3, 4, 5];
/// The fill of pieces that belong to nobody (Rolit's unused colours).
const NEUTRAL: &str = "#9a9a9a";

/// The (fill, ink) of each seat's pieces: the colour its name says, else the next of
/// red, green, yellow, blue.
pub fn seat_colours(names: &[String]) -> Vec<(&'static str, &'static str)> {
    names
        .iter()
        .enumerate()
        .map(|(seat, name)| {
            let name = name.to_lowercase();
            let k = NAMED_COLOURS
                .iter()
                .position(|(word, _, _)| {
                    name.split(|c: char| !c.is_alphabetic()).any(|w| w == *word)
                })
                .unwrap_or(SEAT_ORDER[seat % SEAT_ORDER.len()]);
            (NAMED_COLOURS[k].1, NAMED_COLOURS[k].2)
        })
        .collect()
}

/// The distinct cells of the positions one page shows, each with its code character.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Palette {
    cells: Vec<Cell>,
    /// Each seat's (fill, ink), from [`seat_colours`].
    colours: Vec<(&'static str, &'static str)>,
}

impl Palette {
    /// An empty palette for the seats named `seat_names` (which give the pieces' colours).
    pub fn new(seat_names: &[String]) -> Self {
        Palette {
            cells: Vec::new(),
            colours: seat_colours(seat_names),
        }
    }

    /// The code character of `cell`, adding it when new; `None` once the palette is full.
    pub fn index(&mut self, cell: Cell) -> Option<char> {
        let i = match self.cells.iter().position(|&c| c == cell) {
            Some(i) => i,
            None if self.cells.len() < CODE_CHARS.len() => {
                self.cells.push(cell);
                self.cells.len() - 1
            }
            None => return None,
        };
        Some(char::from(CODE_CHARS[i]))
    }

    /// The number of entries.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Whether it has no entry.
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// `picture` as a code (one character per cell, row by row), adding new cells; `None`
    /// when the palette is full.
    pub fn code(&mut self, picture: &Picture) -> Option<String> {
        picture.cells.iter().map(|&c| self.index(c)).collect()
    }

    /// The SVG `<symbol>`s of the entries from `from` on, with ids `{prefix}{code}`, for
    /// boards of `shape`.
    pub fn symbols(&self, prefix: &str, shape: Shape, from: usize) -> String {
        let mut out = String::new();
        for (i, &cell) in self.cells.iter().enumerate().skip(from) {
            let id = format!("{prefix}{}", char::from(CODE_CHARS[i]));
            symbol(&mut out, &id, cell, shape, &self.colours);
        }
        out
    }
}

/// The outline of a cell of `shape` in its symbol's box, as an SVG element with `attrs`.
fn outline(shape: Shape, attrs: &str) -> String {
    match shape {
        Shape::Square => format!("<rect x=\"1\" y=\"1\" width=\"38\" height=\"38\" {attrs}/>"),
        Shape::Hex => {
            let (w, h) = (CELL, HEX_HEIGHT);
            let points = [
                (w / 2.0, 1.0),
                (w - 1.0, h / 4.0),
                (w - 1.0, 3.0 * h / 4.0),
                (w / 2.0, h - 1.0),
                (1.0, 3.0 * h / 4.0),
                (1.0, h / 4.0),
            ];
            let text: Vec<String> = points
                .iter()
                .map(|(x, y)| format!("{x:.1},{y:.1}"))
                .collect();
            format!("<polygon points=\"{}\" {attrs}/>", text.join(" "))
        }
    }
}

fn cell_height(shape: Shape) -> f64 {
    match shape {
        Shape::Square => CELL,
        Shape::Hex => HEX_HEIGHT,
    }
}

/// One palette entry: a tile, a hole, or a tile with a piece (a disc in its seat's colour
/// with its glyph).
fn symbol(
    out: &mut String,
    id: &str,
    cell: Cell,
    shape: Shape,
    colours: &[(&'static str, &'static str)],
) {
    let h = cell_height(shape);
    let _ = write!(
        out,
        "<symbol id=\"{}\" viewBox=\"0 0 {CELL} {h:.2}\">",
        escape_html(id)
    );
    match cell {
        Cell::Off => out.push_str(&outline(
            shape,
            "fill=\"#4a3b2c\" stroke=\"#2b2118\" stroke-width=\"2\"",
        )),
        Cell::Empty => out.push_str(&outline(shape, "fill=\"#d9b77e\" stroke=\"#8a6a3c\"")),
        Cell::Piece { seat, glyph } => {
            out.push_str(&outline(shape, "fill=\"#d9b77e\" stroke=\"#8a6a3c\""));
            let (fill, ink) = match seat {
                Some(s) => colours.get(usize::from(s.0)).copied().unwrap_or_else(|| {
                    let k = SEAT_ORDER[usize::from(s.0) % SEAT_ORDER.len()];
                    (NAMED_COLOURS[k].1, NAMED_COLOURS[k].2)
                }),
                None => (NEUTRAL, "#1f1f1f"),
            };
            let (cx, cy) = (CELL / 2.0, h / 2.0);
            let _ = write!(
                out,
                "<circle cx=\"{cx}\" cy=\"{cy:.2}\" r=\"15\" fill=\"{fill}\" stroke=\"#000\" \
                 stroke-width=\"1.2\"/><text x=\"{cx}\" y=\"{:.2}\" text-anchor=\"middle\" \
                 font-family=\"sans-serif\" font-size=\"17\" font-weight=\"bold\" \
                 fill=\"{ink}\">{}</text>",
                cy + 6.0,
                escape_html(&glyph.to_string())
            );
        }
    }
    out.push_str("</symbol>");
}

/// The top-left corner of cell (`x`, `y`) in the board's SVG units.
fn cell_origin(shape: Shape, x: usize, y: usize) -> (f64, f64) {
    match shape {
        Shape::Square => (MARGIN + x as f64 * CELL, y as f64 * CELL),
        Shape::Hex => (
            MARGIN + x as f64 * CELL + y as f64 * CELL / 2.0,
            y as f64 * HEX_HEIGHT * 0.75,
        ),
    }
}

/// The board's width and height in SVG units, labels included.
fn board_size(p: &Picture) -> (f64, f64) {
    let (w, h) = (p.width, p.height);
    match p.shape {
        Shape::Square => (MARGIN + w as f64 * CELL, h as f64 * CELL + MARGIN),
        Shape::Hex => (
            MARGIN + w as f64 * CELL + h.saturating_sub(1) as f64 * CELL / 2.0,
            (h.saturating_sub(1)) as f64 * HEX_HEIGHT * 0.75 + HEX_HEIGHT + MARGIN,
        ),
    }
}

/// A board: `picture` drawn with the symbols `{prefix}{code}` of `palette` (added to it
/// as needed), the cells where `marked` is true outlined as the last move. With
/// `with_symbols`, the palette's symbols go into the SVG itself (a board alone on its page);
/// without, the page holds them once (see [`Palette::symbols`]). `None` when the palette
/// is full.
pub fn board(
    picture: &Picture,
    palette: &mut Palette,
    prefix: &str,
    marked: &[bool],
    with_symbols: bool,
) -> Option<String> {
    let code = palette.code(picture)?;
    let (width, height) = board_size(picture);
    let ch = cell_height(picture.shape);
    let mut out = String::new();
    let _ = write!(
        out,
        "<svg class=\"board\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {width:.1} \
         {height:.1}\" width=\"{width:.0}\" height=\"{height:.0}\" data-palette=\"{}\" \
         role=\"img\">",
        escape_html(prefix)
    );
    if with_symbols {
        let _ = write!(
            out,
            "<defs>{}</defs>",
            palette.symbols(prefix, picture.shape, 0)
        );
    }
    for (i, c) in code.chars().enumerate() {
        let (x, y) = cell_origin(picture.shape, i % picture.width, i / picture.width);
        let _ = write!(
            out,
            "<use class=\"c\" href=\"#{}{c}\" x=\"{x:.1}\" y=\"{y:.1}\" width=\"{CELL}\" \
             height=\"{ch:.2}\"/>",
            escape_html(prefix)
        );
    }
    // The last-move marks above every cell, so that no later cell covers a mark.
    for i in 0..code.len() {
        let (x, y) = cell_origin(picture.shape, i % picture.width, i / picture.width);
        let on = if marked.get(i).copied().unwrap_or(false) {
            " on"
        } else {
            ""
        };
        let _ = write!(
            out,
            "<rect class=\"m{on}\" x=\"{:.1}\" y=\"{:.1}\" width=\"34\" height=\"{:.2}\" rx=\"4\"/>",
            x + 3.0,
            y + 3.0,
            ch - 6.0
        );
    }
    for (x, label) in picture.column_labels.iter().enumerate().take(picture.width) {
        let (cx, _) = cell_origin(picture.shape, x, picture.height.saturating_sub(1));
        let _ = write!(
            out,
            "<text class=\"l\" x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{}</text>",
            cx + CELL / 2.0,
            height - 6.0,
            escape_html(label)
        );
    }
    for (y, label) in picture.row_labels.iter().enumerate().take(picture.height) {
        let (cx, cy) = cell_origin(picture.shape, 0, y);
        let _ = write!(
            out,
            "<text class=\"l\" x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">{}</text>",
            cx - 4.0,
            cy + ch / 2.0 + 5.0,
            escape_html(label)
        );
    }
    out.push_str("</svg>");
    Some(out)
}

/// The cells that differ between two positions' codes (the last move, drawn marked); all
/// false without a previous position.
pub fn changed(previous: Option<&str>, code: &str) -> Vec<bool> {
    match previous {
        Some(p) => p.chars().zip(code.chars()).map(|(a, b)| a != b).collect(),
        None => vec![false; code.chars().count()],
    }
}

/// The style of boards and replays (for a page's `<style>`).
pub const BOARD_STYLE: &str = "svg.board{max-width:100%;height:auto;display:block}\
svg.board rect.m{fill:none;stroke:none}svg.board rect.m.on{stroke:#e67e22;stroke-width:4}\
svg.board text.l{font:13px sans-serif;fill:#555}\
.replay{display:flex;flex-wrap:wrap;gap:1.5em;align-items:flex-start;margin:.5em 0}\
.replay .controls button{font-size:1.1em;min-width:2.4em}.replay .controls .ply{margin:0 .5em}\
.replay ol.moves{columns:20em auto;flex:1;min-width:18em;margin:0;font-size:.85em}\
.replay ol.moves li{cursor:pointer;break-inside:avoid}\
.replay ol.moves li.now{background:#fde3c8}.replay .clocks{font-family:monospace}";

/// The replay script: `oly.show(svg, code, previous)` draws a position's code on a board;
/// every `.replay` element (holding a board, `data-frames` (codes), `data-clocks` (the
/// clocks after each ply), buttons with `data-step`, a move list and a ply counter) steps
/// through its game with the buttons, the arrow keys (Home/End for the ends) and a play
/// button; `?ply=N` opens the first replay at ply N and `?autoplay=MS` plays it.
pub const REPLAY_SCRIPT: &str = r#"
var oly = window.oly || {};
oly.show = function (svg, code, prev) {
  var p = svg.getAttribute('data-palette');
  var uses = svg.querySelectorAll('use.c'), marks = svg.querySelectorAll('rect.m');
  for (var i = 0; i < uses.length && i < code.length; i++) {
    uses[i].setAttribute('href', '#' + p + code[i]);
    if (marks[i]) marks[i].classList.toggle('on', prev != null && prev[i] !== code[i]);
  }
};
oly.clock = function (ms) {
  if (ms == null || !isFinite(ms)) return '-';
  var s = Math.max(0, ms) / 1000;
  return s >= 60 ? Math.floor(s / 60) + ':' + ('0' + (s % 60).toFixed(1)).slice(-4) : s.toFixed(1);
};
oly.replay = function (el) {
  var frames = JSON.parse(el.getAttribute('data-frames'));
  var clocks = JSON.parse(el.getAttribute('data-clocks') || '[]');
  var svg = el.querySelector('svg.board'), ply = frames.length - 1, timer = null;
  var items = el.querySelectorAll('ol.moves li');
  var counter = el.querySelector('.ply'), clockEl = el.querySelector('.clocks');
  function go(n) {
    ply = Math.max(0, Math.min(frames.length - 1, n));
    oly.show(svg, frames[ply], ply > 0 ? frames[ply - 1] : null);
    if (counter) counter.textContent = ply + '/' + (frames.length - 1);
    for (var i = 0; i < items.length; i++) items[i].classList.toggle('now', i === ply - 1);
    if (clockEl && clocks[ply]) clockEl.textContent = clocks[ply].map(oly.clock).join('  ');
    el.setAttribute('data-ply', ply);
  }
  function play(ms) {
    if (timer) { clearInterval(timer); timer = null; return; }
    if (ply >= frames.length - 1) go(0);
    timer = setInterval(function () {
      if (ply >= frames.length - 1) { clearInterval(timer); timer = null; return; }
      go(ply + 1);
    }, ms);
  }
  el.querySelectorAll('button[data-step]').forEach(function (b) {
    b.addEventListener('click', function () {
      var s = b.getAttribute('data-step');
      go(s === 'first' ? 0 : s === 'last' ? frames.length - 1 : ply + parseInt(s, 10));
    });
  });
  var pb = el.querySelector('button[data-play]');
  if (pb) pb.addEventListener('click', function () { play(600); });
  items.forEach(function (li, i) { li.addEventListener('click', function () { go(i + 1); }); });
  el.tabIndex = 0;
  el.addEventListener('keydown', function (e) {
    var to = { ArrowLeft: ply - 1, ArrowRight: ply + 1, Home: 0, End: frames.length - 1 }[e.key];
    if (to !== undefined) { go(to); e.preventDefault(); }
  });
  el.oly = { go: go, play: play };
  return el.oly;
};
document.addEventListener('DOMContentLoaded', function () {
  var all = document.querySelectorAll('.replay');
  all.forEach(function (el) { oly.replay(el); });
  if (all.length === 0) return;
  var q = new URLSearchParams(location.search), first = all[0].oly;
  var n = parseInt(q.get('ply'), 10);
  first.go(isNaN(n) ? Number.MAX_SAFE_INTEGER : n);
  if (all.length === 1) {
    document.addEventListener('keydown', function (e) {
      if (e.target === all[0] || e.target.tagName === 'INPUT') return;
      var ev = new KeyboardEvent('keydown', { key: e.key });
      all[0].dispatchEvent(ev);
    });
  }
  var ms = parseInt(q.get('autoplay'), 10);
  if (ms > 0) { first.go(0); first.play(Math.min(ms, 5000)); }
});
"#;

#[cfg(test)]
mod tests {
    use super::*;
    use olympiad_core::Seat;

    fn sample(shape: Shape) -> Picture {
        let mut p = Picture::new(3, 2);
        p.shape = shape;
        p.column_labels = vec!["a".into(), "b".into(), "c".into()];
        p.row_labels = vec!["2".into(), "1".into()];
        p.set(0, 0, Cell::Off);
        p.set(
            1,
            1,
            Cell::Piece {
                seat: Some(Seat(1)),
                glyph: '<',
            },
        );
        p
    }

    #[test]
    fn a_board_has_one_use_and_one_mark_per_cell_and_escapes_glyphs() {
        let mut palette = Palette::new(&[]);
        let svg = board(&sample(Shape::Square), &mut palette, "p-", &[], true).unwrap();
        assert_eq!(svg.matches("<use ").count(), 6);
        assert_eq!(svg.matches("class=\"m\"").count(), 6);
        assert_eq!(palette.len(), 3, "off, empty and the piece");
        assert!(svg.contains("&lt;</text>"), "{svg}");
        assert!(!svg.contains("<</text>"));
        assert!(svg.contains("href=\"#p-a\""), "the hole is the first cell");
        assert_eq!(svg.matches("<symbol").count(), 3);
    }

    #[test]
    fn codes_mark_the_changed_cells() {
        let mut palette = Palette::new(&[]);
        let mut p = sample(Shape::Square);
        let before = palette.code(&p).unwrap();
        p.set(
            2,
            0,
            Cell::Piece {
                seat: None,
                glyph: '4',
            },
        );
        let after = palette.code(&p).unwrap();
        assert_eq!(before, "abbbcb");
        assert_eq!(after, "abdbcb");
        let marks = changed(Some(&before), &after);
        assert_eq!(marks, [false, false, true, false, false, false]);
        let svg = board(&p, &mut palette, "x", &marks, false).unwrap();
        assert_eq!(svg.matches("class=\"m on\"").count(), 1);
        assert!(!svg.contains("<symbol"));
        assert_eq!(changed(None, &after), vec![false; 6]);
    }

    #[test]
    fn hex_boards_shift_each_row_and_draw_hexagons() {
        let mut palette = Palette::new(&[]);
        let svg = board(&sample(Shape::Hex), &mut palette, "h", &[], true).unwrap();
        assert!(svg.contains("<polygon"));
        // Row 1 starts half a cell right of row 0.
        assert!(svg.contains("x=\"22.0\" y=\"0.0\""), "{svg}");
        assert!(svg.contains("x=\"42.0\" y=\"34.6\""), "{svg}");
    }

    #[test]
    fn seat_names_give_colours_and_the_rest_follow_rolits_order() {
        let names: Vec<String> = ["White", "Black (X)", "player 3"].map(String::from).into();
        let colours = seat_colours(&names);
        assert_eq!(colours[0].0, "#f4f1e8");
        assert_eq!(colours[1].0, "#1f1f1f");
        assert_eq!(
            colours[2].0, "#f1c40f",
            "seat 2 without a colour name: yellow"
        );
        assert_eq!(seat_colours(&["player 1".into()])[0].0, "#c0392b");
    }

    #[test]
    fn a_full_palette_refuses_new_cells() {
        let mut palette = Palette::new(&[]);
        for k in 0..CODE_CHARS.len() {
            let glyph = char::from_u32(0x100 + k as u32).unwrap();
            assert!(palette.index(Cell::Piece { seat: None, glyph }).is_some());
        }
        assert_eq!(palette.index(Cell::Empty), None);
        assert_eq!(
            palette.index(Cell::Piece {
                seat: None,
                glyph: '\u{100}'
            }),
            Some('a')
        );
    }
}
