//! A recorded game as a board that replays itself with no server: every position of the
//! game is computed here (the catalog's game from the stored start text, each stored move
//! played in turn), turned into a [`Palette`] code and written into the page as data, with
//! the clocks after each ply; [`board_svg::REPLAY_SCRIPT`] steps through them. The static
//! report and the viewer's game page write the same widget.

use crate::board_svg::{self, Palette};
use crate::escape_html;
use olympiad_catalog::GameEntry;
use olympiad_core::{Picture, Shape};
use olympiad_store::StoredGame;
use std::fmt::Write as _;

/// The positions of a stored game, as pictures, from its start to its last playable move.
/// A game without a picture model gives none; a stored move the game refuses (a record
/// of another version of the rules) ends the list there.
pub fn pictures(entry: &GameEntry, start: &str, moves: &[&str]) -> Vec<Picture> {
    let Ok(mut game) = entry.from_text(start) else {
        return Vec::new();
    };
    let Some(first) = game.picture() else {
        return Vec::new();
    };
    let mut out = vec![first];
    for mv in moves {
        if game.play(mv).is_err() {
            break;
        }
        match game.picture() {
            Some(p) => out.push(p),
            None => break,
        }
    }
    out
}

/// The clocks (ms left per seat) at the start and after each move: a move sets its
/// mover's clock to what the record says was left.
fn clocks(game: &StoredGame, initial_ms: f64) -> Vec<Vec<f64>> {
    let seats = game.pairing.seats.len().max(1);
    let mut now = vec![initial_ms; seats];
    let mut out = vec![now.clone()];
    for m in &game.moves {
        if let Some(c) = now.get_mut(usize::from(m.seat)) {
            *c = m.left_ms;
        }
        out.push(now.clone());
    }
    out
}

/// The page's symbols for the boards drawn with `palette` under `prefix`, in a hidden SVG
/// (empty when no board was drawn), and the replay script.
pub fn page_end(palette: &Palette, prefix: &str, shape: Shape) -> String {
    let mut out = String::new();
    if !palette.is_empty() {
        let _ = writeln!(
            out,
            "<svg width=\"0\" height=\"0\" style=\"position:absolute\" aria-hidden=\"true\">\
             <defs>{}</defs></svg>",
            palette.symbols(prefix, shape, 0)
        );
    }
    let _ = writeln!(out, "<script>{}</script>", board_svg::REPLAY_SCRIPT);
    out
}

/// An empty palette for `entry`'s boards, its pieces coloured as its seat names say.
pub fn palette(entry: &GameEntry) -> Palette {
    let start = entry.start();
    let names: Vec<String> = (0..entry.players)
        .map(|s| start.seat_name(olympiad_core::Seat(s as u8)))
        .collect();
    Palette::new(&names)
}

/// The board shape of `entry`'s start position (square when it draws none).
pub fn shape(entry: &GameEntry) -> Shape {
    entry.start().picture().map_or(Shape::Square, |p| p.shape)
}

/// Writes a game's replay: the board at its last position, the buttons, the clocks and
/// the move list (each move with `move_note(ply)`: its seat, time and time left), all
/// stepping together. The symbols are the page's (see [`page_end`]). Without pictures
/// (a game with no picture model) only the move list is written.
#[allow(clippy::too_many_arguments)]
pub fn widget(
    out: &mut String,
    entry: &GameEntry,
    game: &StoredGame,
    initial_ms: f64,
    palette: &mut Palette,
    prefix: &str,
    move_note: &dyn Fn(usize) -> String,
) {
    let texts: Vec<&str> = game.moves.iter().map(|m| m.text.as_str()).collect();
    let pictures = pictures(entry, &game.start_position, &texts);
    let codes: Option<Vec<String>> = pictures.iter().map(|p| palette.code(p)).collect();
    let board = match (codes, pictures.last()) {
        (Some(codes), Some(last)) => {
            let previous = codes.len().checked_sub(2).map(|k| codes[k].as_str());
            let marks = board_svg::changed(previous, &codes[codes.len() - 1]);
            board_svg::board(last, palette, prefix, &marks, false).map(|svg| (svg, codes))
        }
        _ => None,
    };
    let Some((svg, codes)) = board else {
        move_list(out, game, move_note);
        return;
    };
    let frames = serde_json::to_string(&codes).expect("strings serialize");
    let clocks = serde_json::to_string(&clocks(game, initial_ms)).expect("numbers serialize");
    let _ = write!(
        out,
        "<div class=\"replay\" data-frames=\"{}\" data-clocks=\"{}\">\n<div>{svg}\n\
         <div class=\"controls\"><button data-step=\"first\" title=\"start (Home)\">|&lt;</button>\
         <button data-step=\"-1\" title=\"back (←)\">&lt;</button>\
         <span class=\"ply\">{n}/{n}</span>\
         <button data-step=\"1\" title=\"forward (→)\">&gt;</button>\
         <button data-step=\"last\" title=\"end (End)\">&gt;|</button>\
         <button data-play title=\"play\">play</button></div>\n\
         <div class=\"dim\">clocks by seat: <span class=\"clocks\"></span></div></div>\n",
        escape_html(&frames),
        escape_html(&clocks),
        n = codes.len() - 1,
    );
    move_list(out, game, move_note);
    out.push_str("</div>\n");
}

fn move_list(out: &mut String, game: &StoredGame, move_note: &dyn Fn(usize) -> String) {
    out.push_str("<ol class=\"moves\">\n");
    for (ply, m) in game.moves.iter().enumerate() {
        let _ = writeln!(
            out,
            "<li>{} <span class=\"dim\">{}</span></li>",
            escape_html(&m.text),
            escape_html(&move_note(ply))
        );
    }
    out.push_str("</ol>\n");
}

#[cfg(test)]
mod tests {
    use super::*;
    use olympiad_catalog::find_game;

    #[test]
    fn pictures_follow_the_moves_and_stop_at_a_refused_one() {
        let entry = find_game("reversi").unwrap();
        let start = entry.start().position_text();
        let all = pictures(entry, &start, &["d3", "c3", "zz", "c4"]);
        assert_eq!(all.len(), 3, "start, d3, c3; zz ends the list");
        assert_ne!(all[0], all[1]);
        assert_ne!(all[1], all[2]);
        assert!(pictures(entry, "not a position", &[]).is_empty());
    }
}
