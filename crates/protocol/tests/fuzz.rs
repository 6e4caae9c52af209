//! Every protocol on arbitrary lines, both ways: what a referee writes to a player
//! (`ToPlayer::parse`, and each protocol's `serve` fed a whole session of it) and what a
//! player writes to a referee (`parse_reply`, each dialogue's `read`). No input panics or
//! hangs; a refusal says what is wrong; a move read is one word of the line, of printable
//! ASCII, no longer than the protocol allows.

use olympiad_catalog::{DynGame, Engine, GameEntry, Options, ThinkTime, find_game};
use olympiad_core::fuzz::{self, Verdict};
use olympiad_protocol::codecup::{self, MAX_REPLY_BYTES, ToPlayer};
use olympiad_protocol::{PROTOCOLS, ReplyLine, Responder, ServeEnd, ServeError};

/// Characters of move notations and of the dialogues' words.
const ALPHABET: &str = "abcdefgh0123456789-x startendquitSTARTENDQuit";

/// Lines a player or a referee writes, with the blanks and line ends around them that
/// programs add.
fn lines() -> Vec<String> {
    [
        "start", "Start", "end", "END", "Quit", "b2-c4", "e5-c5\r", " a1-b2 ", "22x15x6", "11-15",
        "d3", "pass", "30", "64", "0", "1", "3",
    ]
    .map(str::to_string)
    .to_vec()
}

/// A move as the dialogues read it: one word of the line, printable ASCII, not too long.
fn check_move(line: &str, mv: &str) -> Result<Verdict, String> {
    if mv.is_empty()
        || mv.len() > MAX_REPLY_BYTES
        || !mv.chars().all(|c| c.is_ascii_graphic())
        || !line.contains(mv)
    {
        return Err(format!("read the move {mv:?}"));
    }
    Ok(Verdict::Accepted)
}

#[test]
fn referee_lines() {
    let stats = fuzz::run(
        "codecup referee line",
        &lines(),
        ALPHABET,
        |text| match ToPlayer::parse(text) {
            Ok(line) => {
                if let ToPlayer::Move(mv) = &line {
                    check_move(text, mv)?;
                }
                match ToPlayer::parse(line.line()) {
                    Ok(again) if again == line => Ok(Verdict::Accepted),
                    other => Err(format!("{line:?} written reads back as {other:?}")),
                }
            }
            Err(e) => fuzz::rejected(&e),
        },
    );
    assert!(stats.accepted > lines().len(), "{stats:?}");
}

#[test]
fn player_replies() {
    let stats = fuzz::run(
        "codecup reply",
        &lines(),
        ALPHABET,
        |text| match codecup::parse_reply(text) {
            Ok(mv) => check_move(text, mv),
            Err(e) => fuzz::rejected(&e),
        },
    );
    assert!(stats.accepted > lines().len(), "{stats:?}");
    for protocol in PROTOCOLS {
        let mut dialogue = (protocol.dialogue)();
        let name = format!("{} read", protocol.name);
        fuzz::run(&name, &lines(), ALPHABET, |text| {
            match dialogue.read(text) {
                ReplyLine::Move(mv) => check_move(text, &mv),
                ReplyLine::Garbled(why) => fuzz::rejected(&why),
                ReplyLine::Info(_) | ReplyLine::Ignore => Ok(Verdict::Rejected),
            }
        });
    }
}

/// A player of a real game of the catalog with the seeded random engine, as `olympiad
/// play` is one: it refuses the referee's bad moves, and its engine cannot be asked to move
/// in a finished game.
struct Player {
    game: Box<dyn DynGame>,
    engine: Box<dyn Engine>,
}

impl Player {
    fn new(entry: &GameEntry) -> Self {
        let options = Options::parse("seed=7").unwrap();
        Player {
            game: entry.start(),
            engine: entry.engine("random", &options, 0).unwrap(),
        }
    }
}

impl Responder for Player {
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
        self.game.play(mv).map(|_| ()).map_err(|e| e.to_string())
    }
    fn choose(&mut self) -> Result<String, String> {
        let mv = self.engine.choose(&*self.game, &ThinkTime::default());
        self.game.play(&mv).map_err(|e| e.to_string())
    }
}

/// A game of `seats` seats that ends after `plies` moves; it refuses a move with a `!` and
/// any move once over, as a game does.
struct Table {
    seats: usize,
    plies: usize,
    played: Vec<String>,
}

impl Responder for Table {
    fn seats(&self) -> usize {
        self.seats
    }
    fn to_move(&self) -> usize {
        self.played.len() % self.seats
    }
    fn is_over(&self) -> bool {
        self.played.len() >= self.plies
    }
    fn opponent_moved(&mut self, mv: &str) -> Result<(), String> {
        if mv.contains('!') || self.is_over() {
            return Err(format!("illegal move '{mv}'"));
        }
        self.played.push(mv.to_string());
        Ok(())
    }
    fn choose(&mut self) -> Result<String, String> {
        if self.is_over() {
            return Err("the game is over".into());
        }
        let mv = format!("m{}", self.played.len());
        self.played.push(mv.clone());
        Ok(mv)
    }
}

/// Whole sessions as a referee writes them to one player, in both protocols.
fn sessions() -> Vec<String> {
    [
        "start\ne5-c5\nc3-d4\nend\n",
        "b2-c4\r\ne5-c5\r\nend\r\n",
        "start\n",
        "1\n30\n44\n46\n0\n",
        "2\n30\n44\n46\n13\n12\n",
        "4\n30\n44\n46\n",
        "3\n30\n44\n0",
    ]
    .map(str::to_string)
    .to_vec()
}

#[test]
fn served_sessions() {
    for protocol in PROTOCOLS {
        for seats in [2, 3, 4] {
            let name = format!("{} serve, {seats} seats", protocol.name);
            fuzz::run(&name, &sessions(), "0123456789!\n", |text| {
                let mut table = Table {
                    seats,
                    plies: 40,
                    played: Vec::new(),
                };
                let mut output = Vec::new();
                let end = (protocol.serve)(&mut text.as_bytes(), &mut output, &mut table);
                let written = String::from_utf8(output).map_err(|e| e.to_string())?;
                if written.lines().count() > table.plies {
                    return Err(format!("wrote {written:?}"));
                }
                match end {
                    Ok(_) => Ok(Verdict::Accepted),
                    Err(e) => fuzz::rejected(&e),
                }
            });
        }
    }
}

#[test]
fn a_session_that_is_not_utf8_is_an_error() {
    for protocol in PROTOCOLS {
        let mut player = Player::new(find_game("rolit2").unwrap());
        let end = (protocol.serve)(&mut &b"\xff\xfe\n"[..], &mut Vec::new(), &mut player);
        assert!(
            matches!(&end, Err(ServeError::Io(_))),
            "{}: {end:?}",
            protocol.name
        );
        let message = end.unwrap_err().to_string();
        assert!(message.contains("UTF-8"), "{message}");
    }
}

#[test]
fn no_move_is_asked_for_after_the_end() {
    // Found by `served_sessions` (case 0, a session as generated): the opponent's move
    // mates, the referee writes it before `end`, and serve asked the engine for a move in
    // the finished game: `olympiad play caissa` panicked.
    let session = "start\nf6-g4\ne5-b5\ne6-a2\ng4-f6\na2-a6\nb5-b2\nb2-a2\nd6-c7\na2-d2\nf6-d5\n\
                   d2-g2\nc7-d6\ng2-g7\nd7-c6\na6-b7\ng7-e7\ne7-g7\nc5-b3\nb7-f7\nb3-d2\n\
                   d2-b3\nc6-d5\nb3-a5\ng7-g1\nd2-g5\ng1-g3\ng3-b3\nb3-b1\ng5-c1\na5-c6\n\
                   c6-a7\nf7-g6\ng6-f5\nf5-f1\nc1-f4\nb1-b2\nf1-d3\nf4-c1\nc7-a5\nd3-d5\n\
                   d5-d6\nd6-c5\nc5-e5\ne5-e4\na5-c7\na7-b5\ne4-f4\nc7-b6\nb6-a5\nf4-c7\n\
                   b5-d6\nc7-d7\nd7-g4\ng4-d1\nend\n";
    let mut player = Player::new(find_game("caissa").unwrap());
    let end = codecup::serve(&mut session.as_bytes(), &mut Vec::new(), &mut player);
    assert_eq!(end.unwrap(), ServeEnd::Ended);
    assert!(player.is_over(), "{:?}", player.game.moves());
    // Found by hand: `start` after the end is not answered either.
    let mut player = Player::new(find_game("reversi").unwrap());
    let mut out = Vec::new();
    let end = codecup::serve(&mut "start\n".repeat(100).as_bytes(), &mut out, &mut player);
    assert_eq!(end.unwrap(), ServeEnd::Eof);
    assert!(player.is_over());
    assert_eq!(
        out.iter().filter(|&&b| b == b'\n').count(),
        player.game.moves().len()
    );
}
