//! The report's two plots as inline SVG: the ratings with their 95% error bars, and each
//! player's points after every round. Both draw numbers [`Results`] already holds or that
//! the tournament crate's own [`Standings`] compute from the stored games of the first
//! rounds; nothing here counts points itself.

use crate::escape_html;
use crate::results::{Described, StageResults};
use olympiad_tournament::{Game, PlayerId, Standings};
use std::fmt::Write as _;

/// Plot width in SVG units.
const WIDTH: f64 = 640.0;
/// Room for the players' names left of the ratings plot.
const NAME_ROOM: f64 = 150.0;
/// Height of one player's row in the ratings plot.
const ROW: f64 = 26.0;
/// Height of the score-by-round plot's drawing area.
const HEIGHT: f64 = 260.0;
/// Line colours of the score-by-round plot, one per player (repeated beyond ten).
const LINE_COLOURS: [&str; 10] = [
    "#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f",
    "#bcbd22", "#17becf",
];

/// A round number for axis ticks: 1, 2 or 5 times a power of ten, about `span / 5`.
fn tick_step(span: f64) -> f64 {
    let raw = (span / 5.0).max(1e-9);
    let power = 10f64.powf(raw.log10().floor());
    [1.0, 2.0, 5.0, 10.0]
        .into_iter()
        .map(|k| k * power)
        .find(|&s| s >= raw)
        .unwrap_or(10.0 * power)
}

/// The opening tag of a plot of `class`, `height` units high, with its title.
fn svg_open(class: &str, height: f64, title: &str) -> String {
    format!(
        "<svg class=\"plot {class}\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {WIDTH} \
         {height}\" width=\"{WIDTH}\" height=\"{height}\" font-family=\"sans-serif\" \
         font-size=\"12\"><title>{title}</title>"
    )
}

/// `value` as a tick label: as many decimals as `step` needs, none for whole steps.
fn tick_label(value: f64, step: f64) -> String {
    let decimals = if step >= 1.0 {
        0
    } else {
        (-step.log10()).ceil() as usize
    };
    format!("{value:.decimals$}")
}

/// The ratings plot: one row per player (best first, as given): a bar over the 95%
/// interval and a dot at the rating, with an Elo axis. `rows` are (name, Elo, ±95%).
pub fn ratings_svg(rows: &[(String, f64, f64)]) -> String {
    if rows.is_empty() {
        return String::new();
    }
    let finite = |x: f64| if x.is_finite() { x } else { 0.0 };
    let lo = rows
        .iter()
        .map(|r| finite(r.1 - r.2))
        .fold(f64::MAX, f64::min);
    let hi = rows
        .iter()
        .map(|r| finite(r.1 + r.2))
        .fold(f64::MIN, f64::max);
    let step = tick_step(hi - lo);
    let (lo, hi) = ((lo / step).floor() * step, (hi / step).ceil() * step);
    let span = (hi - lo).max(1.0);
    let x = |elo: f64| NAME_ROOM + (finite(elo) - lo) / span * (WIDTH - NAME_ROOM - 20.0);
    let height = rows.len() as f64 * ROW + 30.0;
    let mut out = svg_open("ratings", height, "ratings with 95% error bars");
    let ticks = ((hi - lo) / step).round() as usize;
    for k in 0..=ticks {
        let t = lo + k as f64 * step;
        let _ = write!(
            out,
            "<line x1=\"{0:.1}\" x2=\"{0:.1}\" y1=\"0\" y2=\"{1:.1}\" stroke=\"#ddd\"/>\
             <text x=\"{0:.1}\" y=\"{2:.1}\" text-anchor=\"middle\" fill=\"#555\">{3:+.0}</text>",
            x(t),
            height - 24.0,
            height - 8.0,
            t
        );
    }
    for (i, (name, elo, ci)) in rows.iter().enumerate() {
        let y = i as f64 * ROW + ROW / 2.0;
        let _ = write!(
            out,
            "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">{}</text>\
             <line x1=\"{:.1}\" x2=\"{:.1}\" y1=\"{y:.1}\" y2=\"{y:.1}\" stroke=\"#1f77b4\" \
             stroke-width=\"3\"/><circle cx=\"{:.1}\" cy=\"{y:.1}\" r=\"5\" fill=\"#d62728\">\
             <title>{} {elo:+.0} ± {ci:.0}</title></circle>",
            NAME_ROOM - 8.0,
            y + 4.0,
            escape_html(name),
            x(elo - ci),
            x(elo + ci),
            x(*elo),
            escape_html(name),
        );
    }
    out.push_str("</svg>");
    out
}

/// Each player's points after each round of `stage`, from the tournament crate's
/// standings of the games up to that round: (rounds, points by player in `stage.players`
/// order). Empty when the standings refuse the games (they were computed once already).
pub fn points_by_round(setup: &Described<'_>, stage: &StageResults) -> (Vec<u32>, Vec<Vec<f64>>) {
    let mut rounds: Vec<u32> = stage.games.iter().map(|g| g.pairing.round).collect();
    rounds.sort_unstable();
    rounds.dedup();
    let config = setup.standings_without_playoffs();
    let mut series = vec![Vec::new(); stage.players.len()];
    for &r in &rounds {
        let games: Vec<Game> = stage
            .games
            .iter()
            .filter(|g| g.pairing.round <= r)
            .map(|g| g.game())
            .collect();
        let Ok(standings) = Standings::compute(&stage.players, &games, &[], &config) else {
            return (Vec::new(), Vec::new());
        };
        for (k, p) in stage.players.iter().enumerate() {
            series[k].push(points_of(&standings, *p));
        }
    }
    (rounds, series)
}

fn points_of(standings: &Standings, player: PlayerId) -> f64 {
    standings
        .rows
        .iter()
        .find(|r| r.player == player)
        .map_or(0.0, |r| f64::from(r.points))
}

/// The score-by-round plot: a line per player of its points after each round, with a
/// legend. `names` are in `series` order.
pub fn rounds_svg(rounds: &[u32], series: &[Vec<f64>], names: &[String]) -> String {
    if rounds.is_empty() || series.is_empty() {
        return String::new();
    }
    let top = series
        .iter()
        .flatten()
        .copied()
        .fold(0.0f64, f64::max)
        .max(1.0);
    let step = tick_step(top);
    let top = (top / step).ceil() * step;
    let (left, legend) = (40.0, 150.0);
    let plot_w = WIDTH - left - legend;
    let n = rounds.len();
    let x = |k: usize| {
        left + if n > 1 {
            k as f64 / (n - 1) as f64 * plot_w
        } else {
            plot_w / 2.0
        }
    };
    let y = |p: f64| 10.0 + (1.0 - p / top) * HEIGHT;
    let total = HEIGHT + 50.0;
    let mut out = svg_open("rounds", total, "points after each round");
    let ticks = (top / step).round() as usize;
    for k in 0..=ticks {
        let t = k as f64 * step;
        let _ = write!(
            out,
            "<line x1=\"{left}\" x2=\"{right:.1}\" y1=\"{at:.1}\" y2=\"{at:.1}\" stroke=\"#ddd\"/>\
             <text x=\"{label_x:.1}\" y=\"{base:.1}\" text-anchor=\"end\" fill=\"#555\">{label}</text>",
            right = left + plot_w,
            at = y(t),
            label_x = left - 6.0,
            base = y(t) + 4.0,
            label = tick_label(t, step)
        );
    }
    let label_every = n.div_ceil(12).max(1);
    for (k, r) in rounds.iter().enumerate().step_by(label_every) {
        let _ = write!(
            out,
            "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\" fill=\"#555\">{r}</text>",
            x(k),
            HEIGHT + 28.0
        );
    }
    let _ = write!(
        out,
        "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\" fill=\"#555\">round</text>",
        left + plot_w / 2.0,
        HEIGHT + 45.0
    );
    for (i, points) in series.iter().enumerate() {
        let colour = LINE_COLOURS[i % LINE_COLOURS.len()];
        let path: Vec<String> = points
            .iter()
            .enumerate()
            .map(|(k, &p)| format!("{:.1},{:.1}", x(k), y(p)))
            .collect();
        let name = names.get(i).map_or("?", String::as_str);
        let _ = write!(
            out,
            "<polyline fill=\"none\" stroke=\"{colour}\" stroke-width=\"2\" points=\"{}\">\
             <title>{}</title></polyline><rect x=\"{:.1}\" y=\"{:.1}\" width=\"12\" height=\"12\" \
             fill=\"{colour}\"/><text x=\"{:.1}\" y=\"{:.1}\">{}</text>",
            path.join(" "),
            escape_html(name),
            WIDTH - legend + 10.0,
            12.0 + i as f64 * 18.0,
            WIDTH - legend + 28.0,
            22.0 + i as f64 * 18.0,
            escape_html(name)
        );
    }
    out.push_str("</svg>");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ticks_are_round_numbers() {
        assert_eq!(tick_label(0.6000000001, 0.2), "0.6");
        assert_eq!(tick_label(4.0, 2.0), "4");
        assert_eq!(tick_step(100.0), 20.0);
        assert_eq!(tick_step(7.0), 2.0);
        assert_eq!(tick_step(0.4), 0.1);
    }

    #[test]
    fn ratings_plot_has_a_bar_and_dot_per_player_and_escapes_names() {
        let rows = vec![
            ("<a>".to_string(), 100.0, 50.0),
            ("b".to_string(), -100.0, 60.0),
        ];
        let svg = ratings_svg(&rows);
        assert_eq!(svg.matches("<circle").count(), 2);
        assert!(svg.contains("&lt;a&gt;") && !svg.contains("<a>"));
        assert!(ratings_svg(&[]).is_empty());
    }

    #[test]
    fn rounds_plot_has_a_line_per_player() {
        let svg = rounds_svg(
            &[1, 2, 3],
            &[vec![1.0, 1.5, 2.5], vec![0.0, 0.5, 0.5]],
            &["a".into(), "b".into()],
        );
        assert_eq!(svg.matches("<polyline").count(), 2);
        assert!(svg.contains(">round</text>"));
    }
}
