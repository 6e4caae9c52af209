//! HTP, Hex's dialect of GTP, as benzene's programs (MoHex 2.0, Wolve) and HexGui speak it,
//! on both sides, on top of [`crate::gtp`]'s grammar, ids and answers.
//!
//! What HTP says differently from GTP (read from benzene's `HexHtpEngine` and HexGui):
//! - cells are a column letter (`a` on the left) and a row number (`1` at the top):
//!   `a1`..`k11`, as our Hex notation has them; `boardsize 11 11` (width and height; one
//!   number means a square board); no `komi`, no pass;
//! - colours are `b`/`black` and `w`/`white`: Black moves first and joins the top and bottom
//!   rows (benzene's `VERTICAL_COLOR`, north and south), White the left and right columns;
//! - the swap is the move `swap-pieces`, legal as the second move once `param_game
//!   allow_swap 1` is set (benzene's default is off). In benzene and HexGui it leaves the
//!   board as it is and White moves again: the colours change hands, exactly our
//!   representation (`swap`; the first seat then holds White). Each command's colour is
//!   the colour of the stone, not the program: after `play w swap-pieces` the opening
//!   program is told `genmove w`. (benzene's twogtp script swaps which program holds which
//!   colour; our record says it through the game's seat names.)
//! - `time_left COLOUR SECONDS` takes two arguments; `final_score` answers `B+` or `W+`;
//!   `param_game` lists or sets the game's parameters; `hexgui-analyze_commands` lists
//!   commands for HexGui's menu.
//!
//! Some programs represent the swap instead as a move of the stone: the first stone
//! mirrored across the long diagonal and recoloured, colours staying with the programs.
//! For them the players file sets `swap = mirror`: every command's colour is then the
//! program's seat (the first seat Black), and every cell after the swap is mirrored (column
//! letter and row number exchanged) on the way in and out.
//!
//! The referee's side is [`Htp`]; the player's side, [`serve`], speaks HTP for any
//! [`Thinker`] of a game whose moves are HTP's cells and `swap` (our Hex), so that
//! `olympiad play hex` runs in HexGui.

use crate::gtp::{self, COLOURS, Command, Gtp, Sent, Table};
use crate::{
    Dialogue, Go, Handshake, Heard, ReplyLine, Request, ServeEnd, ServeError, Thinker, Thinking,
};
use std::io::{BufRead, Write};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// The swap as HTP writes it.
pub const SWAP_PIECES: &str = "swap-pieces";

/// The swap as our Hex notation writes it.
const SWAP: &str = "swap";

/// The commands [`serve`] knows, as `list_commands` lists them.
pub const COMMANDS: &[&str] = &[
    "protocol_version",
    "name",
    "version",
    "known_command",
    "list_commands",
    "quit",
    "boardsize",
    "clear_board",
    "play",
    "genmove",
    "undo",
    "time_settings",
    "time_left",
    "final_score",
    "showboard",
    "param_game",
    "hexgui-analyze_commands",
];

/// HexGui's analyze commands (type/label/command), as `hexgui-analyze_commands` lists them.
const ANALYZE_COMMANDS: &str = "param/Game Param/param_game\nstring/ShowBoard/showboard\n\
                                string/Final Score/final_score";

/// How a program represents the swap.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum SwapStyle {
    /// benzene's and HexGui's: `swap-pieces` leaves the board as it is and the colours
    /// change hands (our own representation); colours are those of the stones.
    #[default]
    Sides,
    /// The first stone mirrored across the long diagonal and recoloured; colours stay with
    /// the programs, and cells after the swap are mirrored.
    Mirror,
}

/// Is `word` the swap, as HTP or our notation writes it (LittleGolem writes `swap`)?
fn is_swap(word: &str) -> bool {
    word.eq_ignore_ascii_case(SWAP_PIECES) || word.eq_ignore_ascii_case(SWAP)
}

/// A cell mirrored across the long diagonal (`c5` <-> `e3`: column letter and row number
/// exchanged); `None` when `text` is no cell of at most 26 a side.
pub fn mirror_cell(text: &str) -> Option<String> {
    let mut chars = text.chars();
    let letter = chars.next()?.to_ascii_lowercase();
    let digits = chars.as_str();
    if !letter.is_ascii_lowercase() || digits.is_empty() || digits.starts_with('0') {
        return None;
    }
    let row: u8 = digits.parse().ok().filter(|r| (1..=26).contains(r))?;
    let column = letter as u8 - b'a' + 1;
    Some(format!("{}{column}", char::from(b'a' + row - 1)))
}

/// The referee's side of HTP for one program in one game: GTP's handshake, ids and answers
/// (with the game told as `boardsize N N` and `param_game allow_swap 1`), HTP's colours,
/// `swap-pieces` and `time_left`.
#[derive(Clone, Debug, Default)]
pub struct Htp {
    gtp: Gtp,
    style: SwapStyle,
    /// Moves of the game the program knows, its own included.
    told: usize,
    /// The second move was the swap.
    swapped: bool,
}

impl Htp {
    /// The name and version the program gave, once it has shaken hands.
    pub fn engine_name(&self) -> Option<String> {
        self.gtp.engine_name()
    }

    /// Are cells of ply `ply` mirrored for this program?
    fn mirrored(&self, ply: usize) -> bool {
        self.style == SwapStyle::Mirror && self.swapped && ply >= 2
    }

    /// The colour word of the move of ply `ply` (from 0) as the program sees it.
    fn colour(&self, ply: usize) -> &'static str {
        let after_swap = self.style == SwapStyle::Sides && self.swapped && ply >= 2;
        COLOURS[(ply + usize::from(after_swap)) % 2]
    }

    /// The move `mv` of ply `ply` from our notation into the program's (`swap` as
    /// [`SWAP_PIECES`]) or back (`swap` as our `swap`): the swap renamed, a cell after the
    /// swap mirrored for a mirroring program (the mirror is its own inverse).
    fn convert(&self, mv: &str, ply: usize, swap: &str) -> String {
        if is_swap(mv) {
            swap.into()
        } else if self.mirrored(ply) {
            mirror_cell(mv).unwrap_or_else(|| mv.to_string())
        } else {
            mv.to_string()
        }
    }

    /// Counts the move of ply `told` (our notation) as known to the program.
    fn known(&mut self, ours: &str) {
        if self.told == 1 && ours == SWAP {
            self.swapped = true;
        }
        self.told += 1;
    }

    /// `play COLOUR CELL` for the next move the program has not seen.
    fn tell(&mut self, mv: &str) -> String {
        let ply = self.told;
        let text = format!(
            "play {} {}",
            self.colour(ply),
            self.convert(mv, ply, SWAP_PIECES)
        );
        self.known(mv);
        self.gtp.command(text.clone(), Sent::Told(text))
    }
}

impl Dialogue for Htp {
    fn name(&self) -> &'static str {
        "htp"
    }

    /// `swap = sides` (benzene, HexGui: the default) or `swap = mirror`.
    fn configure(&mut self, options: &[(String, String)]) -> Result<(), String> {
        for (key, value) in options {
            match (key.as_str(), value.as_str()) {
                ("swap", "sides") => self.style = SwapStyle::Sides,
                ("swap", "mirror") => self.style = SwapStyle::Mirror,
                ("swap", other) => {
                    return Err(format!(
                        "htp option swap = '{other}': expected sides (the colours change \
                         hands, as benzene and HexGui) or mirror (the first stone mirrored)"
                    ));
                }
                (other, _) => {
                    return Err(format!(
                        "the htp protocol has no option '{other}' (only swap)"
                    ));
                }
            }
        }
        Ok(())
    }

    /// `size` becomes `boardsize N N`, `swap` on becomes `param_game allow_swap 1` (off is
    /// benzene's default and not told); then `clear_board`.
    fn parameters(&mut self, parameters: &[(&str, String)]) -> Result<(), String> {
        let mut settings = Vec::new();
        for (name, value) in parameters {
            match (*name, value.as_str()) {
                ("size", n) => {
                    let n: u32 = n
                        .parse()
                        .map_err(|_| format!("size '{n}': expected a whole number"))?;
                    settings.push(format!("boardsize {n} {n}"));
                }
                ("swap", "on" | "1") => settings.push("param_game allow_swap 1".into()),
                ("swap", "off" | "0") => {}
                ("swap", other) => return Err(format!("swap '{other}': expected on or off")),
                _ => {}
            }
        }
        settings.push("clear_board".into());
        self.gtp.settings = settings;
        Ok(())
    }

    fn handshake(&mut self, heard: Heard<'_>) -> Handshake {
        self.gtp.handshake(heard)
    }

    fn open(&mut self, seat: usize, seats: usize) -> Vec<String> {
        self.gtp.open(seat, seats)
    }

    /// The moves the program has not seen, its time left (`time_left COLOUR SECONDS`,
    /// the per-move cap when that is less, when it knows the command), `genmove COLOUR`.
    fn request(&mut self, request: &Request<'_>) -> Vec<String> {
        let mut lines = Vec::new();
        while self.told < request.moves.len() {
            let mv = request.moves[self.told].clone();
            lines.push(self.tell(&mv));
        }
        let me = self.colour(self.told);
        let time = match (request.move_cap, request.left.is_zero()) {
            (Some(cap), true) => Some(cap),
            (Some(cap), false) => Some(cap.min(request.left)),
            (None, false) => Some(request.left),
            (None, true) => None,
        };
        if let Some(time) = time.filter(|_| self.gtp.knows("time_left")) {
            let text = format!("time_left {me} {}", time.as_secs().max(1));
            lines.push(self.gtp.command(text.clone(), Sent::Told(text)));
        }
        let genmove = format!("genmove {me}");
        lines.push(self.gtp.command(genmove.clone(), Sent::GenMove(genmove)));
        lines
    }

    fn inform(&mut self, mv: &str) -> Vec<String> {
        vec![self.tell(mv)]
    }

    fn read(&mut self, line: &str) -> ReplyLine {
        match self.gtp.read(line) {
            ReplyLine::Move(mv) => {
                let ours = self.convert(&mv, self.told, SWAP);
                self.known(&ours);
                ReplyLine::Move(ours)
            }
            other => other,
        }
    }

    fn stopped(&mut self) -> Vec<String> {
        self.gtp.stopped()
    }

    fn close(&mut self) -> Vec<String> {
        self.gtp.close()
    }
}

/// A command the player's side reads: GTP's, or one of HTP's own.
#[derive(Clone, Debug, PartialEq)]
pub enum HtpCommand {
    /// A command of GTP's grammar (`boardsize 11 11` and `time_left b 30` are read into
    /// GTP's `boardsize 11` and `time_left b 30 0`).
    Gtp(Command),
    /// `param_game` (list) or `param_game NAME VALUE` (set).
    ParamGame(Option<(String, String)>),
    /// `hexgui-analyze_commands`
    AnalyzeCommands,
}

/// A command line: control characters and a `#` comment dropped, the id, and the command
/// or why it is not one (see [`gtp::parse_command`]); `None` for an empty line.
pub fn parse_command(line: &str) -> Option<(Option<u32>, Result<HtpCommand, String>)> {
    let (id, read_as_gtp) = gtp::parse_command(line)?;
    // The words as GTP's reader sees them: up to a `#`, control characters dropped.
    let clean: String = line
        .chars()
        .take_while(|&c| c != '#')
        .filter(|&c| c == '\t' || !c.is_control())
        .collect();
    let mut words: Vec<&str> = clean.split_whitespace().collect();
    if id.is_some() && !words.is_empty() {
        words.remove(0);
    }
    let as_gtp = |text: String| {
        gtp::parse_command(&text)
            .map(|(_, c)| c)
            .unwrap_or_else(|| Err("an empty command".into()))
            .map(HtpCommand::Gtp)
    };
    let command = match words[..] {
        ["boardsize", width, height] if width == height => as_gtp(format!("boardsize {width}")),
        ["boardsize", width, height] => Err(format!(
            "boardsize {width} {height}: only square boards are played"
        )),
        ["time_left", colour, seconds] => as_gtp(format!("time_left {colour} {seconds} 0")),
        ["param_game"] => Ok(HtpCommand::ParamGame(None)),
        ["param_game", name, value] => Ok(HtpCommand::ParamGame(Some((
            name.to_string(),
            value.to_string(),
        )))),
        ["param_game", ..] => Err("param_game takes no argument or a name and a value".into()),
        ["hexgui-analyze_commands"] => Ok(HtpCommand::AnalyzeCommands),
        [name, ..] if name == "komi" || name == "final_status_list" => {
            Err("unknown command".into())
        }
        _ => read_as_gtp.map(HtpCommand::Gtp),
    };
    Some((id, command))
}

/// The thinker as HTP's player side shows it to GTP's table: seats become the colours of
/// the stones (after the swap the first seat holds White), `swap-pieces` our `swap`.
struct Stones<'a> {
    inner: &'a mut dyn Thinker,
    /// The moves set include the swap.
    swapped: bool,
}

impl Stones<'_> {
    /// A seat as the colour it holds, or a colour as the seat holding it (the same
    /// exchange).
    fn exchange(&self, index: usize) -> usize {
        index ^ usize::from(self.swapped)
    }
}

impl Thinker for Stones<'_> {
    fn name(&self) -> String {
        self.inner.name()
    }

    fn author(&self) -> String {
        self.inner.author()
    }

    fn options(&self) -> Vec<crate::EngineOption> {
        self.inner.options()
    }

    fn set_option(&mut self, name: &str, value: &str) -> Result<(), String> {
        self.inner.set_option(name, value)
    }

    fn new_game(&mut self) {
        self.inner.new_game();
        self.swapped = false;
    }

    fn set_position(&mut self, start: Option<&str>, moves: &[String]) -> Result<(), String> {
        let ours: Vec<String> = moves
            .iter()
            .map(|m| if is_swap(m) { SWAP.into() } else { m.clone() })
            .collect();
        self.inner.set_position(start, &ours)?;
        self.swapped = ours.get(1).is_some_and(|m| m == SWAP);
        Ok(())
    }

    fn to_move(&self) -> usize {
        self.exchange(self.inner.to_move())
    }

    fn is_over(&self) -> bool {
        self.inner.is_over()
    }

    /// Searches with the clocks by seat (GTP's table keeps them by colour).
    fn think(
        &mut self,
        go: &Go,
        stop: &Arc<AtomicBool>,
        report: &mut dyn FnMut(&Thinking),
    ) -> Result<String, String> {
        let mut go = go.clone();
        if self.swapped {
            go.clocks.reverse();
            go.increments.reverse();
        }
        let mv = self.inner.think(&go, stop, report)?;
        Ok(if mv == SWAP { SWAP_PIECES.into() } else { mv })
    }

    fn set_parameter(&mut self, name: &str, value: &str) -> Result<(), String> {
        self.inner.set_parameter(name, value)
    }

    fn board_text(&self) -> String {
        self.inner.board_text()
    }

    /// A finished game: one point to the colour that joined its edges (the one that moved
    /// last: the colour not to move).
    fn points(&self) -> Option<Vec<f64>> {
        if !self.inner.is_over() {
            return None;
        }
        let mut points = vec![0.0; 2];
        points[1 - self.to_move()] = 1.0;
        Some(points)
    }

    fn perft(&mut self, depth: u32) -> Result<Vec<(String, u64)>, String> {
        self.inner.perft(depth)
    }

    fn bench(&mut self) -> Result<(u64, Duration), String> {
        self.inner.bench()
    }
}

/// Does the thinker's game offer the swap (is `swap` legal after a first stone)? Leaves
/// it at the start.
fn offers_swap(thinker: &mut dyn Thinker) -> bool {
    let moves = ["a1".to_string(), SWAP.to_string()];
    let offered = thinker.set_position(None, &moves).is_ok();
    thinker.new_game();
    offered
}

/// Answers an HTP command through GTP's table, HTP's own commands here.
fn answer(
    table: &mut Table<'_>,
    allow_swap: &mut bool,
    command: HtpCommand,
) -> Result<String, String> {
    match command {
        HtpCommand::AnalyzeCommands => Ok(ANALYZE_COMMANDS.into()),
        HtpCommand::ParamGame(None) => Ok(format!("\n[bool] allow_swap {}", u8::from(*allow_swap))),
        HtpCommand::ParamGame(Some((name, value))) => {
            if name != "allow_swap" {
                return Err(format!("unknown parameter: {name}"));
            }
            let on = match value.as_str() {
                "1" | "true" => true,
                "0" | "false" => false,
                _ => return Err(format!("allow_swap '{value}': expected 1 or 0")),
            };
            table
                .thinker
                .set_parameter("swap", if on { "on" } else { "off" })?;
            *allow_swap = on;
            Ok(String::new())
        }
        HtpCommand::Gtp(Command::ListCommands) => Ok(COMMANDS.join("\n")),
        HtpCommand::Gtp(Command::KnownCommand(name)) => {
            Ok(COMMANDS.contains(&name.as_str()).to_string())
        }
        HtpCommand::Gtp(Command::FinalScore) => {
            if let Some(colour) = table.resigned {
                return Ok(format!("{}+R", COLOURS[1 - colour].to_ascii_uppercase()));
            }
            match table.thinker.points().as_deref() {
                Some([black, white]) if black > white => Ok("B+".into()),
                Some([_, _]) => Ok("W+".into()),
                _ => Err("cannot score: the game is not over".into()),
            }
        }
        HtpCommand::Gtp(command) => table.answer(command),
    }
}

/// Speaks HTP for `thinker` (a Hex engine: cells and `swap`) until `quit` or the end of
/// the input, one command at a time; errors are answered `? message`.
pub fn serve(
    mut input: Box<dyn BufRead + Send>,
    mut output: Box<dyn Write + Send>,
    thinker: &mut dyn Thinker,
) -> Result<ServeEnd, ServeError> {
    let mut allow_swap = offers_swap(thinker);
    let mut stones = Stones {
        inner: thinker,
        swapped: false,
    };
    let mut table = Table {
        thinker: &mut stones,
        moves: Vec::new(),
        clock: Default::default(),
        resigned: None,
    };
    table.thinker.new_game();
    while let Some(line) = crate::read_line(&mut *input)? {
        let Some((id, command)) = parse_command(&line) else {
            continue;
        };
        let quit = command == Ok(HtpCommand::Gtp(Command::Quit));
        let reply = command.and_then(|c| answer(&mut table, &mut allow_swap, c));
        gtp::respond(&mut *output, id, &reply)?;
        if quit {
            return Ok(ServeEnd::Ended);
        }
    }
    Ok(ServeEnd::Eof)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The lines of a step that waits for an answer.
    fn awaited(h: Handshake) -> Vec<String> {
        match h {
            Handshake::Await { write, .. } => write,
            other => panic!("expected to wait, got {other:?}"),
        }
    }

    /// A dialogue through the handshake with a program that knows `known`.
    fn ready(style: &str, known: &str) -> Htp {
        let mut d = Htp::default();
        d.configure(&[("swap".into(), style.into())]).unwrap();
        d.parameters(&[("size", "11".into()), ("swap", "on".into())])
            .unwrap();
        assert_eq!(awaited(d.handshake(Heard::Started)), ["1 protocol_version"]);
        let mut step = |lines: &[&str]| {
            let mut last = None;
            for line in lines {
                last = Some(d.handshake(Heard::Line(line)));
            }
            last.unwrap()
        };
        assert_eq!(awaited(step(&["=1 2", ""])), ["2 name"]);
        assert_eq!(awaited(step(&["=2 MoHex", ""])), ["3 version"]);
        assert_eq!(awaited(step(&["=3 2.0", ""])), ["4 list_commands"]);
        let mut list = vec!["=4 protocol_version"];
        list.extend(known.split(' '));
        list.push("");
        assert_eq!(awaited(step(&list)), ["5 boardsize 11 11"]);
        assert_eq!(awaited(step(&["=5", ""])), ["6 param_game allow_swap 1"]);
        assert_eq!(awaited(step(&["=6", ""])), ["7 clear_board"]);
        assert_eq!(step(&["=7", ""]), Handshake::Done(vec![]));
        d
    }

    fn request<'a>(moves: &'a [String], left: Duration) -> Request<'a> {
        Request {
            moves,
            left,
            ..Request::after(None)
        }
    }

    fn texts(moves: &[&str]) -> Vec<String> {
        moves.iter().map(|m| m.to_string()).collect()
    }

    #[test]
    fn the_handshake_tells_the_board_and_the_swap_and_benzene_swaps_sides() {
        let mut d = ready("sides", "play genmove time_left");
        assert_eq!(d.engine_name().as_deref(), Some("MoHex 2.0"));
        // The program responds to our f6 and swaps.
        d.open(1, 2);
        let moves = texts(&["f6"]);
        assert_eq!(
            d.request(&request(&moves, Duration::from_millis(30_500))),
            ["8 play b f6", "9 time_left w 30", "10 genmove w"]
        );
        for line in ["=8", "", "=9", ""] {
            assert_eq!(d.read(line), ReplyLine::Ignore);
        }
        assert_eq!(d.read("=10 swap-pieces"), ReplyLine::Move("swap".into()));
        d.read("");
        // The opening seat now holds White: its reply is told as White's, and the program
        // (Black now) is asked for a Black stone.
        let moves = texts(&["f6", "swap", "c3"]);
        assert_eq!(
            d.request(&request(&moves, Duration::from_secs(20))),
            ["11 play w c3", "12 time_left b 20", "13 genmove b"]
        );
        d.read("=11");
        d.read("");
        d.read("=12");
        d.read("");
        assert_eq!(d.read("=13 E5"), ReplyLine::Move("E5".into()));
        d.read("");
        assert_eq!(d.inform("d4"), ["14 play w d4"]);
        assert_eq!(d.close(), ["15 quit"]);
    }

    #[test]
    fn the_opening_program_is_told_of_the_swap_and_moves_again_as_white() {
        let mut d = ready("sides", "play genmove");
        d.open(0, 2);
        assert_eq!(d.request(&request(&[], Duration::ZERO)), ["8 genmove b"]);
        assert_eq!(d.read("= a3"), ReplyLine::Move("a3".into()));
        d.read("");
        let moves = texts(&["a3", "swap"]);
        assert_eq!(
            d.request(&request(&moves, Duration::ZERO)),
            ["9 play w swap-pieces", "10 genmove w"]
        );
        d.read("=9");
        d.read("");
        assert_eq!(d.read("=10 f6"), ReplyLine::Move("f6".into()));
    }

    #[test]
    fn a_mirroring_program_keeps_its_colour_and_sees_cells_mirrored() {
        let mut d = ready("mirror", "play genmove");
        d.open(0, 2);
        d.request(&request(&[], Duration::ZERO));
        assert_eq!(d.read("= a3"), ReplyLine::Move("a3".into()));
        d.read("");
        // The colours stay with the programs: our c2 after the swap is the opening
        // program's Black b3, and this program answers as Black; cells come back mirrored.
        let moves = texts(&["a3", "swap", "c2"]);
        assert_eq!(
            d.request(&request(&moves, Duration::ZERO)),
            ["9 play w swap-pieces", "10 play b b3", "11 genmove w"]
        );
        for line in ["=9", "", "=10", ""] {
            d.read(line);
        }
        assert_eq!(d.read("=11 k11"), ReplyLine::Move("k11".into()));
        d.read("");
        assert_eq!(d.inform("e1"), ["12 play b a5"]);
        assert_eq!(mirror_cell("c5").as_deref(), Some("e3"));
        assert_eq!(mirror_cell("K1").as_deref(), Some("a11"));
        assert_eq!(mirror_cell("a0"), None);
        assert_eq!(mirror_cell("pass"), None);
        assert!(
            Htp::default()
                .configure(&[("swap".into(), "flip".into())])
                .is_err()
        );
        assert!(
            Htp::default()
                .configure(&[("komi".into(), "1".into())])
                .is_err()
        );
    }

    #[test]
    fn commands_of_htp_are_read_with_gtp_s_grammar() {
        let read = |line| parse_command(line).unwrap();
        assert_eq!(
            read("3 boardsize 11 11"),
            (Some(3), Ok(HtpCommand::Gtp(Command::BoardSize(11))))
        );
        assert_eq!(
            read("boardsize 9"),
            (None, Ok(HtpCommand::Gtp(Command::BoardSize(9))))
        );
        assert!(
            read("boardsize 9 11")
                .1
                .unwrap_err()
                .contains("only square")
        );
        assert_eq!(
            read("play w swap-pieces"),
            (
                None,
                Ok(HtpCommand::Gtp(Command::Play(1, "swap-pieces".into())))
            )
        );
        assert_eq!(
            read("time_left b 12"),
            (
                None,
                Ok(HtpCommand::Gtp(Command::TimeLeft {
                    seat: 0,
                    left: Duration::from_secs(12),
                    stones: 0
                }))
            )
        );
        assert_eq!(
            read("7 param_game allow_swap 1 # on"),
            (
                Some(7),
                Ok(HtpCommand::ParamGame(Some((
                    "allow_swap".into(),
                    "1".into()
                ))))
            )
        );
        assert_eq!(read("param_game").1, Ok(HtpCommand::ParamGame(None)));
        assert!(read("param_game allow_swap").1.is_err());
        assert_eq!(
            read("hexgui-analyze_commands").1,
            Ok(HtpCommand::AnalyzeCommands)
        );
        assert_eq!(read("komi 6.5").1, Err("unknown command".into()));
        assert_eq!(read("fly").1, Err("unknown command".into()));
        assert_eq!(parse_command("  # nothing"), None);
    }
}
