//! The game side of a player program, for `olympiad_protocol`'s `serve`: [`Served`] keeps
//! the game (seats, turn, end, the referee's moves checked and played) and asks a [`Mover`]
//! only for this seat's moves, so a player program writes its choice and nothing else.
//! [`EngineThinker`] is the same for the engine protocols (UCI, CECP, GTP): a built-in
//! engine given the whole game, searching under both clocks until done or stopped; GTP's
//! `boardsize` and `komi` switch it to the variant with the new value.

use crate::{DynGame, Engine, GameEntry, Options, PerftOptions, Setup, ThinkTime, Thought};
use olympiad_protocol::{EngineOption, EngineScore, Go, OptionKind, Responder, Thinker, Thinking};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// What a player program adds to the game: its own moves.
pub trait Mover {
    /// The referee's move was just played on `game`. Default: nothing to note.
    fn heard(&mut self, game: &dyn DynGame) {
        let _ = game;
    }
    /// This seat's move in `game` (not over), in the game's notation.
    fn choose(&mut self, game: &dyn DynGame) -> Result<String, String>;
}

/// A game and a [`Mover`] as a protocol's [`Responder`].
#[derive(Debug)]
pub struct Served<M> {
    /// The game as it stands.
    pub game: Box<dyn DynGame>,
    /// Who chooses this seat's moves.
    pub mover: M,
}

impl<M: Mover> Responder for Served<M> {
    fn seats(&self) -> usize {
        self.game.num_players()
    }

    fn to_move(&self) -> usize {
        self.game.to_move().index()
    }

    fn is_over(&self) -> bool {
        self.game.outcome().is_some()
    }

    fn opponent_moved(&mut self, mv: &str) -> Result<(), String> {
        let ply = self.game.moves().len() + 1;
        self.game
            .play(mv)
            .map_err(|e| format!("the referee's move '{mv}' at ply {ply}: {e}"))?;
        self.mover.heard(&*self.game);
        Ok(())
    }

    fn choose(&mut self) -> Result<String, String> {
        let mv = self.mover.choose(&*self.game)?;
        self.game
            .play(&mv)
            .map_err(|e| format!("our own move '{mv}': {e}"))
    }
}

/// Depth of every search of [`EngineThinker::bench`].
pub const BENCH_DEPTH: u32 = 8;
/// Positions searched by [`EngineThinker::bench`].
pub const BENCH_POSITIONS: usize = 16;
/// The largest `Hash` an engine protocol may set, in MiB.
pub const MAX_HASH_MIB: i64 = 4096;
/// The most `Threads` an engine protocol may set.
pub const MAX_THREADS: i64 = 256;

/// A built-in engine of a game as the engine side of an engine protocol (UCI, CECP): the
/// game is set from a start text and moves, each checked; options are the engine's own
/// (`hash` as UCI's `Hash`, `threads` as `Threads`), and setting one builds the engine
/// again with it.
pub struct EngineThinker {
    entry: &'static GameEntry,
    engine_name: String,
    options: Options,
    engine: Box<dyn Engine>,
    game: Box<dyn DynGame>,
    /// The last search gave the game up.
    resigned: bool,
}

impl std::fmt::Debug for EngineThinker {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("EngineThinker")
            .field("game", &self.entry.name)
            .field("engine", &self.engine_name)
            .field("options", &self.options.to_string())
            .finish()
    }
}

/// The protocol's name of an engine option key.
fn protocol_name(key: &str) -> String {
    match key {
        "hash" => "Hash".into(),
        "threads" => "Threads".into(),
        other => other.to_string(),
    }
}

impl EngineThinker {
    /// The engine `name` of `entry` with `options`, at the start of a game.
    pub fn new(
        entry: &'static GameEntry,
        name: &str,
        options: Options,
    ) -> Result<Self, crate::CatalogError> {
        let engine = entry.engine(name, &options, 0)?;
        Ok(Self {
            entry,
            engine_name: name.to_string(),
            options,
            engine,
            game: entry.start(),
            resigned: false,
        })
    }

    /// The UCI option that announces the served game's variant (`UCI_Chess960`), if any.
    fn variant_option(&self) -> Option<&'static str> {
        self.entry
            .protocol_variant()
            .and_then(olympiad_protocol::uci::variant_option)
    }

    /// The engine's option keys.
    fn keys(&self) -> Vec<&'static str> {
        self.entry
            .tools()
            .engine_options(&self.engine_name)
            .unwrap_or_default()
    }
}

impl Thinker for EngineThinker {
    fn name(&self) -> String {
        format!("olympiad {} ({})", self.engine_name, self.entry.name)
    }

    fn author(&self) -> String {
        "the olympiad authors".into()
    }

    fn options(&self) -> Vec<EngineOption> {
        // A variant the protocols name (chess960: UCI_Chess960) is listed as on: a GUI
        // checks for it before it sends such a game; the served game is fixed.
        let variant = self.variant_option().map(|name| EngineOption {
            name: name.to_string(),
            kind: OptionKind::Check { default: true },
        });
        variant
            .into_iter()
            .chain(self.keys().into_iter().filter(|k| *k != "seed").map(|key| {
                let current = self.options.get(key).map(str::to_string);
                let number = |d: i64| current.as_deref().and_then(|c| c.parse().ok()).unwrap_or(d);
                let kind = match key {
                    "hash" => OptionKind::Spin {
                        default: number(olympiad_search::DEFAULT_TT_MIB as i64),
                        min: 1,
                        max: MAX_HASH_MIB,
                    },
                    "threads" => OptionKind::Spin {
                        default: number(1),
                        min: 1,
                        max: MAX_THREADS,
                    },
                    _ => OptionKind::Text {
                        default: current.unwrap_or_default(),
                    },
                };
                EngineOption {
                    name: protocol_name(key),
                    kind,
                }
            }))
            .collect()
    }

    fn set_option(&mut self, name: &str, value: &str) -> Result<(), String> {
        if self
            .variant_option()
            .is_some_and(|option| name.eq_ignore_ascii_case(option))
        {
            return match value {
                "true" => Ok(()),
                _ => Err(format!(
                    "this engine serves {}: {name} stays true",
                    self.entry.name
                )),
            };
        }
        let keys = self.keys();
        let Some(key) = keys.iter().find(|k| k.eq_ignore_ascii_case(name)) else {
            return Err(format!("no such option: {name}"));
        };
        let mut text = String::new();
        for (k, v) in self.options.pairs() {
            if k != *key {
                text.push_str(&format!("{k}={v},"));
            }
        }
        if !value.is_empty() {
            text.push_str(&format!("{key}={value}"));
        }
        let options = Options::parse(&text).map_err(|e| format!("option {name}: {e}"))?;
        self.engine = self
            .entry
            .engine(&self.engine_name, &options, 0)
            .map_err(|e| format!("option {name}: {e}"))?;
        self.options = options;
        Ok(())
    }

    fn new_game(&mut self) {
        self.game = self.entry.start();
    }

    fn set_position(&mut self, start: Option<&str>, moves: &[String]) -> Result<(), String> {
        let mut game = match start {
            None => self.entry.start(),
            Some(text) => self
                .entry
                .from_text(text)
                .map_err(|e| format!("position '{text}': {e}"))?,
        };
        for (i, mv) in moves.iter().enumerate() {
            game.play(mv)
                .map_err(|e| format!("move {} '{mv}': {e}", i + 1))?;
        }
        self.game = game;
        Ok(())
    }

    fn to_move(&self) -> usize {
        self.game.to_move().index()
    }

    fn is_over(&self) -> bool {
        self.game.outcome().is_some()
    }

    /// Finds the variant of the row with `name` set to `value` (the others as they are),
    /// builds the engine for it with the same options and plays the moves so far again
    /// on its start; on any error nothing changes.
    /// A `size` for a game of `rows` and `columns` (Clobber) sets both: GTP's square board.
    fn set_parameter(&mut self, name: &str, value: &str) -> Result<(), String> {
        let mut parameters = self.entry.parameters();
        let has = |n: &str| parameters.iter().any(|(p, _)| *p == n);
        let names: &[&str] = if name == "size" && !has("size") && has("rows") && has("columns") {
            &["rows", "columns"]
        } else {
            &[name]
        };
        for name in names {
            let Some(slot) = parameters.iter_mut().find(|(n, _)| n == name) else {
                return Err(format!("{} has no parameter {name}", self.entry.row.name));
            };
            slot.1 = value.to_string();
        }
        let text: Vec<String> = parameters.iter().map(|(n, v)| format!("{n}={v}")).collect();
        let text = format!("{}({})", self.entry.row.name, text.join(","));
        let entry = crate::find_game(&text).map_err(|e| e.to_string())?;
        let engine = entry
            .engine(&self.engine_name, &self.options, 0)
            .map_err(|e| e.to_string())?;
        let mut game = entry.start();
        for (i, mv) in self.game.moves().iter().enumerate() {
            game.play(mv)
                .map_err(|e| format!("move {} '{mv}' on {}: {e}", i + 1, entry.name))?;
        }
        (self.entry, self.engine, self.game) = (entry, engine, game);
        Ok(())
    }

    fn board_text(&self) -> String {
        self.game.board_text()
    }

    fn position_text(&self) -> Option<String> {
        Some(self.game.position_text())
    }

    /// The game's own score of every seat (Go: area), and the `komi` parameter, if the
    /// game has one, to the second seat (the catalog's komi is what White adds).
    fn points(&self) -> Option<Vec<f64>> {
        let score = self.game.own_score()?;
        let mut points: Vec<f64> = score.seats.iter().map(|&n| n as f64).collect();
        if let Some((_, komi)) = self
            .entry
            .parameters()
            .into_iter()
            .find(|(n, _)| *n == "komi")
        {
            *points.get_mut(1)? += komi.parse::<f64>().ok()?;
        }
        Some(points)
    }

    /// The outcome by the rules, as points by seat.
    fn result(&self) -> Option<Vec<f64>> {
        let outcome = self.game.outcome()?;
        Some(
            (0..outcome.seats())
                .map(|i| outcome.points(olympiad_core::Seat(i as u8)))
                .collect(),
        )
    }

    fn think(
        &mut self,
        go: &Go,
        stop: &Arc<AtomicBool>,
        report: &mut dyn FnMut(&Thinking),
    ) -> Result<String, String> {
        let seat = self.to_move();
        let time = ThinkTime {
            left: go.clocks.get(seat).copied().unwrap_or_default(),
            increment: go.increments.get(seat).copied().unwrap_or_default(),
            move_cap: None,
            moves_to_go: go.moves_to_go,
            depth: go.depth,
            nodes: go.nodes,
            infinite: go.infinite,
            move_time: go.move_time,
        };
        let started = Instant::now();
        let mut last: Option<Thinking> = None;
        let mut thought = |t: &Thought| {
            let thinking = Thinking {
                depth: Some(t.depth),
                seldepth: None,
                score: Some(match t.mate {
                    Some(n) => EngineScore::Mate(n),
                    None => EngineScore::Cp(t.score),
                }),
                nodes: Some(t.nodes),
                nps: Some(t.nps),
                time_ms: Some(t.elapsed.as_millis() as u64),
                pv: t.pv.clone(),
            };
            report(&thinking);
            last = Some(thinking);
        };
        let decision = self
            .engine
            .think(&*self.game, &time, Some(Arc::clone(stop)), &mut thought);
        // As Stockfish does: a last report with the whole search's nodes and time, so that
        // the referee sees what the move cost (the last iteration's report came earlier).
        if let Some(last) = last {
            let elapsed = started.elapsed();
            report(&Thinking {
                nodes: Some(decision.nodes),
                nps: Some((decision.nodes as f64 / elapsed.as_secs_f64().max(1e-3)) as u64),
                time_ms: Some(elapsed.as_millis() as u64),
                ..last
            });
        }
        self.resigned = decision.resign;
        Ok(decision.mv)
    }

    fn resigns(&self) -> bool {
        self.resigned
    }

    fn perft(&mut self, depth: u32) -> Result<Vec<(String, u64)>, String> {
        let moves = self.game.moves().join(" ");
        let setup = Setup {
            position: Some(self.game.start_text()),
            moves: (!moves.is_empty()).then_some(moves.as_str()),
        };
        let options = PerftOptions {
            threads: 1,
            divide: true,
            ..PerftOptions::default()
        };
        let report = self
            .entry
            .tools()
            .perft(&setup, depth, &options)
            .map_err(|e| e.to_string())?;
        Ok(report
            .divide
            .unwrap_or_default()
            .into_iter()
            .map(|(mv, n)| (mv, n as u64))
            .collect())
    }

    fn bench(&mut self) -> Result<(u64, Duration), String> {
        let started = Instant::now();
        let mut nodes = 0;
        for text in self.entry.tools().sample_positions(BENCH_POSITIONS) {
            // A fresh engine for each position: the count must not depend on the order.
            let mut engine = self
                .entry
                .engine(&self.engine_name, &self.options, 0)
                .map_err(|e| e.to_string())?;
            let game = self.entry.from_text(&text).map_err(|e| e.to_string())?;
            let time = ThinkTime {
                depth: Some(BENCH_DEPTH),
                ..ThinkTime::default()
            };
            nodes += engine.think(&*game, &time, None, &mut |_| {}).nodes;
        }
        Ok((nodes, started.elapsed()))
    }
}
