//! The command-line hooks (start, board drawing, seat names, status, perft convention) of
//! the two classic 8x8 board games, checkers and reversi, kept apart from `games.rs` so that
//! the table there stays one row per game.

use crate::games::CliGame;
use olympiad_core::Seat;

impl CliGame for olympiad_checkers::Position {
    fn start() -> Self {
        olympiad_checkers::Position::start()
    }
    fn draw(&self) -> String {
        self.to_string()
    }
    fn seat_name(seat: Seat) -> String {
        ["Black", "White"][seat.index()].to_string()
    }
    fn status(&self) -> Vec<String> {
        let rules = self.rules();
        let duplicates = if rules.merge_duplicate_captures {
            "merged"
        } else {
            "counted per path"
        };
        let mut lines = vec![format!("duplicate captures: {duplicates}")];
        if rules.draw_moves > 0 {
            lines.push(format!(
                "draw rule: {} moves each; {} plies since a capture or man's move",
                rules.draw_moves,
                self.quiet_plies()
            ));
        }
        lines
    }
}

impl CliGame for olympiad_reversi::Position {
    fn start() -> Self {
        olympiad_reversi::Position::start()
    }
    fn draw(&self) -> String {
        self.to_string()
    }
    fn seat_name(seat: Seat) -> String {
        ["Black (X)", "White (O)"][seat.index()].to_string()
    }
    fn status(&self) -> Vec<String> {
        use olympiad_reversi::Color;
        vec![format!(
            "discs: Black {}, White {}",
            self.discs(Color::Black).count_ones(),
            self.discs(Color::White).count_ones()
        )]
    }
    const PERFT_GAME_OVER: olympiad_core::perft::GameOverLeaves = olympiad_reversi::PERFT_GAME_OVER;
}
