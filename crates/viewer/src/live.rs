//! The games under way, as the arena's [`Watch`] reports them: [`LiveWatch`] keeps each
//! game's position (rebuilt through the catalog from the start text and the moves), clocks
//! and last moves, and broadcasts every change as a [`LiveEvent`] that the server forwards
//! to every open page as a server-sent event.
//!
//! Memory is bounded whatever happens: at most [`MAX_LIVE_GAMES`] games are followed at
//! once (later ones are counted, not shown), each keeps its last [`MOVES_KEPT`] moves, the
//! broadcast channel holds [`EVENT_BUFFER`] events and a client that falls further behind
//! skips them (it is told, and its page reloads) instead of making the server buffer for
//! it. The watch is called from the game threads; its work per move is one position
//! update and one JSON text, done under one short lock.

use axum::body::Bytes;
use olympiad_arena::{GameRecord, MoveRecord, Started, Watch};
use olympiad_catalog::{DynGame, find_game};
use olympiad_core::Seat;
use olympiad_report::board_svg::{self, Palette};
use olympiad_report::escape_html;
use serde::Serialize;
use std::collections::{BTreeMap, VecDeque};
use std::fmt::Write as _;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{self, SyncSender};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{SystemTime, UNIX_EPOCH};
use tokio::sync::broadcast;

/// Games followed at once; a tournament playing more at the same time shows the first.
pub const MAX_LIVE_GAMES: usize = 64;
/// Moves of a game kept for the live page's move list (its last ones).
pub const MOVES_KEPT: usize = 12;
/// Events the broadcast channel holds for the slowest client before it skips ahead.
pub const EVENT_BUFFER: usize = 512;
/// Finished games listed under the live boards.
const ENDED_KEPT: usize = 20;

/// One change, as sent to the pages: an event name, its JSON data, and the event as the
/// bytes of a server-sent event, built once for every client.
#[derive(Debug)]
pub struct LiveEvent {
    /// `started`, `moved`, `ended` or `finished`.
    pub kind: &'static str,
    /// The JSON text (one line: JSON without line breaks).
    pub data: String,
    /// `event: KIND\ndata: DATA\n\n`.
    pub frame: Bytes,
}

/// Milliseconds since the Unix epoch, as a float with microseconds (the clocks' and the
/// latency measurement's common time).
pub fn now_ms() -> f64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0.0, |d| d.as_secs_f64() * 1000.0)
}

/// A move as the live page lists it.
#[derive(Clone, Debug, Serialize)]
struct LiveMove {
    ply: usize,
    seat: u8,
    text: String,
    time_ms: f64,
}

/// One game under way.
#[derive(Debug)]
struct LiveGame {
    index: u64,
    game: String,
    players: Vec<String>,
    seat_names: Vec<String>,
    position: Option<Box<dyn DynGame>>,
    palette: Palette,
    code: Option<String>,
    previous: Option<String>,
    clocks: Vec<f64>,
    /// Each seat's last word on its search (depth, score, nodes), when it gives one.
    infos: Vec<Option<String>>,
    to_move: usize,
    plies: usize,
    moves: VecDeque<LiveMove>,
    /// When the clocks were last set (ms since the epoch).
    at_ms: f64,
}

impl LiveGame {
    fn prefix(&self) -> String {
        format!("g{}-", self.index)
    }

    /// The board, its symbols included, or the position text for a game without a picture.
    fn board(&mut self) -> String {
        let prefix = self.prefix();
        let picture = self.position.as_ref().and_then(|p| p.picture());
        let marks = match &self.code {
            Some(code) => board_svg::changed(self.previous.as_deref(), code),
            None => Vec::new(),
        };
        picture
            .and_then(|p| board_svg::board(&p, &mut self.palette, &prefix, &marks, true))
            .unwrap_or_else(|| {
                let text = self.position.as_ref().map(|p| p.position_text());
                format!("<pre>{}</pre>", escape_html(&text.unwrap_or_default()))
            })
    }

    /// The game's card on the live page.
    fn card(&mut self) -> String {
        let mut out = String::new();
        let _ = write!(
            out,
            "<section class=\"live\" id=\"live-{0}\" data-index=\"{0}\" data-ply=\"{1}\" \
             data-to-move=\"{2}\" data-at=\"{3:.1}\" data-code=\"{4}\"><h3>{5} <span \
             class=\"dim\">{6}, game {0}</span></h3>",
            self.index,
            self.plies,
            self.to_move,
            self.at_ms,
            self.code.as_deref().unwrap_or(""),
            escape_html(&self.players.join(" – ")),
            escape_html(&self.game)
        );
        out.push_str(&self.board());
        out.push_str("<table class=\"seats\">");
        for (seat, player) in self.players.iter().enumerate() {
            let name = self.seat_names.get(seat).map_or("", String::as_str);
            let clock = self.clocks.get(seat).copied().unwrap_or(f64::NAN);
            let info = self.infos.get(seat).cloned().flatten().unwrap_or_default();
            let _ = write!(
                out,
                "<tr data-seat=\"{seat}\"{}><td>{}</td><td class=\"name\">{}</td>\
                 <td class=\"clock\" data-ms=\"{clock:.1}\"></td><td class=\"info\">{}</td></tr>",
                if seat == self.to_move {
                    " class=\"to-move\""
                } else {
                    ""
                },
                escape_html(name),
                escape_html(player),
                escape_html(&info)
            );
        }
        out.push_str("</table><ol class=\"last\">");
        for m in &self.moves {
            let _ = write!(
                out,
                "<li value=\"{}\">{} <span class=\"dim\">{:.2} s</span></li>",
                m.ply + 1,
                escape_html(&m.text),
                m.time_ms / 1000.0
            );
        }
        out.push_str("</ol></section>");
        out
    }
}

/// A finished game, as listed under the live boards.
#[derive(Clone, Debug, Serialize)]
struct Ended {
    index: u64,
    game: String,
    players: Vec<String>,
    result: String,
    termination: String,
    plies: usize,
}

#[derive(Debug, Default)]
struct State {
    games: BTreeMap<u64, LiveGame>,
    ended: VecDeque<Ended>,
    /// Games not followed because [`MAX_LIVE_GAMES`] were already.
    not_shown: u64,
    started: u64,
}

/// The live state of every game under way, and the channel its changes go out on.
#[derive(Debug)]
pub struct LiveWatch {
    state: Mutex<State>,
    /// Set once the play in this process is over (no game will start any more).
    finished: AtomicBool,
    events: broadcast::Sender<Arc<LiveEvent>>,
    /// Where the game threads leave each event: a thread of the watch's own hands them to
    /// the broadcast channel, so that a game never waits on the channel's lock, which the
    /// server's tasks take for every client (on a busy machine a task preempted while
    /// holding it stalled the games by half).
    outbox: SyncSender<Arc<LiveEvent>>,
    /// Events dropped because the outbox was full (the pages notice the gap and reload).
    dropped: AtomicU64,
}

/// Events waiting for the broadcasting thread, at most.
const OUTBOX: usize = 4096;

impl Default for LiveWatch {
    fn default() -> Self {
        Self::new()
    }
}

#[derive(Serialize)]
struct StartedData<'a> {
    index: u64,
    card: &'a str,
}

#[derive(Serialize)]
struct MovedData<'a> {
    index: u64,
    ply: usize,
    seat: u8,
    text: &'a str,
    time_ms: f64,
    left_ms: f64,
    info: Option<&'a str>,
    /// The position as a palette code, and the symbols new to the palette.
    code: Option<&'a str>,
    symbols: &'a str,
    to_move: usize,
    clocks: &'a [f64],
    /// When the watch heard of the move (ms since the epoch).
    at_ms: f64,
}

impl LiveWatch {
    /// No game yet.
    pub fn new() -> Self {
        let events = broadcast::channel(EVENT_BUFFER).0;
        let (outbox, inbox) = mpsc::sync_channel::<Arc<LiveEvent>>(OUTBOX);
        let broadcast = events.clone();
        // Ends when the watch (the outbox's only sender) is dropped.
        std::thread::Builder::new()
            .name("viewer-events".into())
            .spawn(move || {
                for event in inbox {
                    // No receiver is fine: nobody is watching.
                    let _ = broadcast.send(event);
                }
            })
            .expect("spawn the viewer's event thread");
        LiveWatch {
            state: Mutex::new(State::default()),
            finished: AtomicBool::new(false),
            events,
            outbox,
            dropped: AtomicU64::new(0),
        }
    }

    /// A receiver of every event from now on.
    pub fn subscribe(&self) -> broadcast::Receiver<Arc<LiveEvent>> {
        self.events.subscribe()
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        // A panic in another watcher thread leaves plain data: keep showing it.
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn send(&self, kind: &'static str, data: String) {
        let frame = Bytes::from(format!("event: {kind}\ndata: {data}\n\n"));
        let event = Arc::new(LiveEvent { kind, data, frame });
        if self.outbox.try_send(event).is_err() {
            self.dropped.fetch_add(1, Ordering::Relaxed);
        }
    }

    /// Events dropped because they came faster than they could be broadcast.
    pub fn dropped(&self) -> u64 {
        self.dropped.load(Ordering::Relaxed)
    }

    /// The cards of every game under way, the list of the last finished games and the
    /// count of games not shown, as HTML for the live page.
    pub fn page_body(&self) -> String {
        let mut state = self.lock();
        let mut out = String::new();
        let _ = write!(
            out,
            "<p class=\"dim\" id=\"summary\">{} games started; {} under way{}.</p>\
             <div id=\"games\">",
            state.started,
            state.games.len(),
            if state.not_shown > 0 {
                format!(
                    " ({} not shown: at most {MAX_LIVE_GAMES} at once)",
                    state.not_shown
                )
            } else {
                String::new()
            }
        );
        for g in state.games.values_mut() {
            out.push_str(&g.card());
        }
        out.push_str("</div><h2>Finished</h2><ul id=\"ended\">");
        for e in state.ended.iter().rev() {
            out.push_str(&ended_item(e));
        }
        out.push_str("</ul>");
        out
    }

    /// Says that no game will start any more (the tournament or match is over): the pages
    /// stop following the events, which they are told at once.
    pub fn finish(&self) {
        self.finished.store(true, Ordering::SeqCst);
        self.send("finished", "{}".into());
    }

    /// Whether [`LiveWatch::finish`] was called.
    pub fn is_finished(&self) -> bool {
        self.finished.load(Ordering::SeqCst)
    }

    /// How many games are followed now.
    pub fn games_under_way(&self) -> usize {
        self.lock().games.len()
    }
}

fn ended_item(e: &Ended) -> String {
    format!(
        "<li>game {}: {} {} ({}, {} plies)</li>",
        e.index,
        escape_html(&e.players.join(" – ")),
        escape_html(&e.result),
        escape_html(&e.termination),
        e.plies
    )
}

impl Watch for LiveWatch {
    fn started(&self, game: &Started<'_>) {
        let mut state = self.lock();
        state.started += 1;
        if state.games.len() >= MAX_LIVE_GAMES {
            state.not_shown += 1;
            return;
        }
        let position = find_game(game.game)
            .ok()
            .and_then(|entry| entry.from_text(game.start).ok());
        let seats = game.players.len();
        let seat_names: Vec<String> = (0..seats)
            .map(|s| match &position {
                Some(p) => p.seat_name(Seat(s as u8)),
                None => format!("seat {}", s + 1),
            })
            .collect();
        let to_move = position.as_ref().map_or(0, |p| usize::from(p.to_move().0));
        let mut live = LiveGame {
            index: game.index,
            game: game.game.to_string(),
            players: game.players.to_vec(),
            seat_names: seat_names.clone(),
            position,
            palette: Palette::new(&seat_names),
            code: None,
            previous: None,
            clocks: vec![game.config.time.budget.as_secs_f64() * 1000.0; seats],
            infos: vec![None; seats],
            to_move,
            plies: 0,
            moves: VecDeque::new(),
            at_ms: now_ms(),
        };
        live.code = live
            .position
            .as_ref()
            .and_then(|p| p.picture())
            .and_then(|p| live.palette.code(&p));
        let card = live.card();
        state.games.insert(game.index, live);
        let data = serde_json::to_string(&StartedData {
            index: game.index,
            card: &card,
        })
        .expect("plain data serializes");
        self.send("started", data);
    }

    fn moved(&self, index: u64, ply: usize, mv: &MoveRecord) {
        let at_ms = now_ms();
        let mut state = self.lock();
        let Some(live) = state.games.get_mut(&index) else {
            return;
        };
        let known = live.palette.len();
        if let Some(p) = live.position.as_mut()
            && p.play(&mv.text).is_err()
        {
            // The referee played it, so this cannot happen; stop drawing rather than lie.
            live.position = None;
        }
        let picture = live.position.as_ref().and_then(|p| p.picture());
        let code = picture.and_then(|p| live.palette.code(&p));
        live.previous = live.code.take();
        live.code = code;
        if let Some(c) = live.clocks.get_mut(usize::from(mv.seat)) {
            *c = mv.left_ms;
        }
        if let Some(i) = live.infos.get_mut(usize::from(mv.seat)) {
            i.clone_from(&mv.info);
        }
        live.to_move = live
            .position
            .as_ref()
            .map_or((usize::from(mv.seat) + 1) % live.clocks.len().max(1), |p| {
                usize::from(p.to_move().0)
            });
        live.plies = ply + 1;
        live.at_ms = at_ms;
        live.moves.push_back(LiveMove {
            ply,
            seat: mv.seat,
            text: mv.text.clone(),
            time_ms: mv.time_ms,
        });
        while live.moves.len() > MOVES_KEPT {
            live.moves.pop_front();
        }
        let shape = live
            .position
            .as_ref()
            .and_then(|p| p.picture())
            .map(|p| p.shape)
            .unwrap_or_default();
        let symbols = live.palette.symbols(&live.prefix(), shape, known);
        let data = serde_json::to_string(&MovedData {
            index,
            ply,
            seat: mv.seat,
            text: &mv.text,
            time_ms: mv.time_ms,
            left_ms: mv.left_ms,
            info: mv.info.as_deref(),
            code: live.code.as_deref(),
            symbols: &symbols,
            to_move: live.to_move,
            clocks: &live.clocks,
            at_ms,
        })
        .expect("plain data serializes");
        self.send("moved", data);
    }

    fn ended(&self, record: &GameRecord) {
        let mut state = self.lock();
        let Some(live) = state.games.remove(&record.index) else {
            return;
        };
        let ended = Ended {
            index: record.index,
            game: live.game,
            players: live.players,
            result: record.result.clone(),
            termination: record.termination.label(),
            plies: record.moves.len(),
        };
        let data = serde_json::json!({ "index": ended.index, "item": ended_item(&ended) });
        state.ended.push_back(ended);
        while state.ended.len() > ENDED_KEPT {
            state.ended.pop_front();
        }
        self.send("ended", data.to_string());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use olympiad_arena::{RefereeConfig, Termination, TimeControl};
    use std::time::Duration;

    fn config() -> RefereeConfig {
        RefereeConfig {
            time: TimeControl {
                budget: Duration::from_secs(1),
                increment: Duration::ZERO,
                move_cap: None,
                moves_per_period: None,
                margin: Duration::ZERO,
            },
            freeze_idle: false,
            max_plies: None,
            adjudication: Default::default(),
        }
    }

    fn record(index: u64) -> GameRecord {
        GameRecord {
            game: "reversi".into(),
            index,
            players: Vec::new(),
            config: config(),
            start: String::new(),
            moves: Vec::new(),
            points: vec![1.0, 0.0],
            result: "1-0".into(),
            termination: Termination::Rules {
                reason: "resigned".into(),
            },
            end: String::new(),
            left_ms: Vec::new(),
            used_ms: Vec::new(),
            wall_ms: 0.0,
        }
    }

    fn start(watch: &LiveWatch, index: u64, game: &str) {
        let entry = find_game(game).unwrap();
        let players: Vec<String> = (0..entry.players).map(|i| format!("p{i}")).collect();
        watch.started(&Started {
            index,
            game,
            players: &players,
            start: &entry.start().position_text(),
            config: &config(),
        });
    }

    fn mv(seat: u8, text: &str) -> MoveRecord {
        MoveRecord {
            seat,
            text: text.into(),
            time_ms: 5.0,
            cpu_ms: None,
            left_ms: 900.0,
            info: Some("depth 3, score +12 <b>".into()),
            thinking: None,
        }
    }

    #[test]
    fn a_page_opened_mid_game_shows_the_position_and_events_follow() {
        let watch = LiveWatch::new();
        let mut rx = watch.subscribe();
        start(&watch, 7, "reversi");
        watch.moved(7, 0, &mv(0, "d3"));
        let body = watch.page_body();
        assert!(body.contains("id=\"live-7\""));
        assert!(body.contains("data-ply=\"1\""));
        assert!(body.contains("class=\"m on\""), "the last move is marked");
        assert!(body.contains(">d3 "));
        assert!(body.contains("<td class=\"info\">depth 3, score +12 &lt;b&gt;</td>"));
        assert_eq!(rx.blocking_recv().unwrap().kind, "started");
        let moved = rx.blocking_recv().unwrap();
        assert_eq!(moved.kind, "moved");
        let data: serde_json::Value = serde_json::from_str(&moved.data).unwrap();
        assert_eq!(data["ply"], 0);
        assert_eq!(data["code"].as_str().unwrap().len(), 64);
        assert_eq!(data["to_move"], 1);
        watch.ended(&record(7));
        assert_eq!(watch.games_under_way(), 0);
        assert_eq!(rx.blocking_recv().unwrap().kind, "ended");
        assert!(watch.page_body().contains("<li>game 7:"));
        assert!(!watch.is_finished());
        watch.finish();
        assert!(watch.is_finished());
        assert_eq!(rx.blocking_recv().unwrap().kind, "finished");
    }

    #[test]
    fn the_live_state_is_bounded() {
        let watch = LiveWatch::new();
        for i in 0..(MAX_LIVE_GAMES as u64 + 5) {
            start(&watch, i, "clobber");
        }
        assert_eq!(watch.games_under_way(), MAX_LIVE_GAMES);
        assert!(watch.page_body().contains("5 not shown"));
        // Moves of a game not followed are ignored; a followed game keeps its last moves.
        watch.moved(MAX_LIVE_GAMES as u64 + 1, 0, &mv(0, "a1b1"));
        let entry = find_game("clobber").unwrap();
        let mut game = entry.start();
        for ply in 0..(MOVES_KEPT + 6) {
            let m = game.legal_moves()[0].clone();
            game.play(&m).unwrap();
            watch.moved(0, ply, &mv((ply % 2) as u8, &m));
        }
        let state = watch.lock();
        assert_eq!(state.games[&0].moves.len(), MOVES_KEPT);
        assert_eq!(state.games[&0].plies, MOVES_KEPT + 6);
    }

    #[test]
    fn a_move_the_game_refuses_stops_the_drawing_not_the_watch() {
        let watch = LiveWatch::new();
        start(&watch, 1, "caissa");
        watch.moved(1, 0, &mv(0, "zz9"));
        let body = watch.page_body();
        assert!(body.contains("<pre></pre>"), "{body}");
    }
}
