//! Every protocol on arbitrary lines, both ways: what a referee writes to a player
//! (`ToPlayer::parse`, and each protocol's `serve` fed a whole session of it) and what a
//! player writes to a referee (`parse_reply`, each dialogue's `read`). No input panics or
//! hangs; a refusal says what is wrong; a move read is one word of the line, of printable
//! ASCII, no longer than the protocol allows.

use olympiad_catalog::{
    DynGame, Engine, GameEntry, Mover, Options, Served, ThinkTime, default_games, find_game,
};
use olympiad_core::SplitMix64;
use olympiad_core::fuzz::{self, Fuzz, Verdict};
use olympiad_protocol::codecup::{self, MAX_REPLY_BYTES, ToPlayer};
use olympiad_protocol::connect6;
use olympiad_protocol::dxp::Message;
use olympiad_protocol::{
    PROTOCOLS, PlayerSide, Protocol, ReplyLine, Responder, ServeEnd, ServeError, protocol,
};

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
                ReplyLine::Garbled(why) | ReplyLine::Refused(why) => fuzz::rejected(&why),
                ReplyLine::Info(_)
                | ReplyLine::Thinking(_)
                | ReplyLine::Resign
                | ReplyLine::Ignore => Ok(Verdict::Rejected),
            }
        });
    }
}

/// A player of a real game of the catalog with the seeded random engine, as `olympiad
/// play` is one: it refuses the referee's bad moves, and its engine cannot be asked to move
/// in a finished game.
struct Player {
    engine: Box<dyn Engine>,
}

impl Player {
    fn new(entry: &GameEntry) -> Served<Player> {
        let options = Options::parse("seed=7").unwrap();
        Served {
            game: entry.start(),
            mover: Player {
                engine: entry.engine("random", &options, 0).unwrap(),
            },
        }
    }
}

impl Mover for Player {
    fn choose(&mut self, game: &dyn DynGame) -> Result<String, String> {
        Ok(self.engine.choose(game, &ThinkTime::default()))
    }
}

/// What the referee of `protocol` writes to the player in `seat` of a random game of
/// `entry`: the player's own moves come from the same seeded engine, so the session
/// replays move for move.
fn session(entry: &GameEntry, protocol: &Protocol, seat: usize, seed: u64) -> String {
    let mut rng = SplitMix64::new(seed);
    let mut player = Player::new(entry);
    let mut lines = match (protocol.name, seat) {
        ("caia", _) => vec![(seat + 1).to_string()],
        ("connect6", 0) => vec!["new black".to_string()],
        ("connect6", _) => vec!["new white".to_string()],
        (_, 0) => vec!["start".to_string()],
        _ => Vec::new(),
    };
    // Connect6 turns are pairs of 361 points: a short session says as much.
    let plies = if protocol.name == "connect6" { 12 } else { 200 };
    while !player.is_over() && player.game.moves().len() < plies {
        if player.to_move() == seat {
            player.choose().unwrap();
        } else {
            let moves = player.game.legal_moves();
            let mv = moves[rng.below(moves.len())].clone();
            player.opponent_moved(&mv).unwrap();
            lines.push(match protocol.name {
                "connect6" => format!("move {}", connect6::to_protocol(&mv).unwrap()),
                _ => mv,
            });
        }
    }
    if protocol.name == "codecup" {
        lines.push("end".to_string());
    }
    lines.iter().map(|l| format!("{l}\n")).collect()
}

#[test]
fn served_sessions() {
    let variants = default_games()
        .into_iter()
        .chain(["rolit3", "rolit2"].map(|n| find_game(n).unwrap()));
    for entry in variants {
        // CodeCup is a dialogue of two seats: a game of more has no session of it.
        let protocols = entry.row.protocols.iter().map(|p| protocol(p).unwrap());
        for protocol in protocols.filter(|p| p.name != "codecup" || entry.players == 2) {
            let PlayerSide::Turns(serve) = protocol.serve else {
                continue;
            };
            for seat in 0..entry.players {
                let examples: Vec<String> =
                    (0..4).map(|s| session(entry, protocol, seat, s)).collect();
                let name = format!("{} serve of {} in seat {seat}", protocol.name, entry.name);
                let share = 2 * entry.players;
                let stats = Fuzz::new(&name, &examples, ALPHABET)
                    .cases(fuzz::cases().div_ceil(share))
                    .run(|text| {
                        let mut player = Player::new(entry);
                        let mut output = Vec::new();
                        let end = serve(&mut text.as_bytes(), &mut output, &mut player);
                        let written = String::from_utf8(output).map_err(|e| e.to_string())?;
                        let played = player.game.moves();
                        // Connect6 programs write `move XXXX` in the protocol's letters.
                        let as_played = |l: &str| match l.strip_prefix("move ") {
                            Some(t) if protocol.name == "connect6" => {
                                connect6::from_protocol(t).unwrap_or_default()
                            }
                            _ => l.to_string(),
                        };
                        if let Some(line) = written
                            .lines()
                            .find(|l| !played.iter().any(|m| *m == as_played(l)))
                        {
                            return Err(format!("wrote {line:?}, not a move played"));
                        }
                        match end {
                            Ok(_) => Ok(Verdict::Accepted),
                            Err(e) => fuzz::rejected(&e),
                        }
                    });
                assert!(stats.accepted > examples.len(), "{name}: {stats:?}");
            }
        }
    }
}

#[test]
fn a_session_that_is_not_utf8_is_an_error() {
    for protocol in PROTOCOLS {
        let PlayerSide::Turns(serve) = protocol.serve else {
            continue;
        };
        let mut player = Player::new(find_game("rolit2").unwrap());
        let end = serve(&mut &b"\xff\xfe\n"[..], &mut Vec::new(), &mut player);
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
    // Found by hand: `start` again used to make the player move for the other side, to
    // the end of the game; now only the first line may be `start`.
    let mut player = Player::new(find_game("reversi").unwrap());
    let mut out = Vec::new();
    let end = codecup::serve(&mut "start\n".repeat(100).as_bytes(), &mut out, &mut player);
    assert!(
        matches!(&end, Err(ServeError::Dialogue(m)) if m.contains("`start` after")),
        "{end:?}"
    );
    assert_eq!(player.game.moves().len(), 1);
    assert_eq!(out.iter().filter(|&&b| b == b'\n').count(), 1);
}

/// Characters of GTP commands and responses.
const GTP_ALPHABET: &str = "=? #\t0123456789.abcdegiklmnopqrstuvwxyABCDEFGHJ_";

/// GTP lines both ways, as controllers and engines write them.
fn gtp_lines() -> Vec<String> {
    [
        "1 protocol_version",
        "play b D4",
        "12 genmove w",
        "komi 7.5",
        "3 time_settings 300 30 5",
        "time_left w 12 0",
        "boardsize 19",
        "final_status_list dead",
        "known_command play",
        "# a comment",
        "=12 D4",
        "?3 illegal move",
        "= pass",
        "=",
    ]
    .map(str::to_string)
    .to_vec()
}

#[test]
fn gtp_commands_responses_and_sessions() {
    use olympiad_protocol::gtp::{self, Responses};
    let lines = gtp_lines();
    // Commands: an id is the leading number; a refusal says why.
    let stats = fuzz::run(
        "gtp command",
        &lines,
        GTP_ALPHABET,
        |text| match gtp::parse_command(text) {
            // Blank, control characters or a comment only: nothing to answer.
            None if text
                .split('#')
                .next()
                .unwrap()
                .chars()
                .all(|c| c.is_whitespace() || c.is_control()) =>
            {
                Ok(Verdict::Rejected)
            }
            None => Err("a line with words read as empty".into()),
            Some((_, Ok(_))) => Ok(Verdict::Accepted),
            Some((_, Err(e))) => fuzz::rejected(&e),
        },
    );
    assert!(stats.accepted > lines.len(), "{stats:?}");
    // Responses: each line opens, continues or closes one, or is refused.
    let mut responses = Responses::default();
    fuzz::run(
        "gtp response",
        &lines,
        GTP_ALPHABET,
        |text| match responses.feed(text) {
            Ok(_) => Ok(Verdict::Accepted),
            Err(e) => fuzz::rejected(&e),
        },
    );
    // Whole sessions on a real game: every command is answered once, with its id.
    engine_sessions(
        "gtp serve",
        "go(size=5)",
        &[
            "1 boardsize 5\n2 play b C3\n3 genmove w\n4 final_score\n5 showboard\n6 quit\n",
            "komi 0.5\nplay w B2\nplay b B2\ngenmove b\nundo\nundo\nfinal_status_list dead\n",
        ],
        gtp::serve,
        |line| gtp::parse_command(line).map(|(_, c)| c == Ok(gtp::Command::Quit)),
    );
}

#[test]
fn htp_commands_and_sessions() {
    use olympiad_protocol::gtp::Command;
    use olympiad_protocol::htp::{self, HtpCommand};
    let mut lines = gtp_lines();
    lines.extend(
        [
            "boardsize 11 11",
            "2 param_game allow_swap 1",
            "param_game",
            "play w swap-pieces",
            "time_left b 30",
            "hexgui-analyze_commands",
        ]
        .map(str::to_string),
    );
    let stats = fuzz::run(
        "htp command",
        &lines,
        GTP_ALPHABET,
        |text| match htp::parse_command(text) {
            None => Ok(Verdict::Rejected),
            Some((_, Ok(_))) => Ok(Verdict::Accepted),
            Some((_, Err(e))) => fuzz::rejected(&e),
        },
    );
    assert!(stats.accepted > lines.len(), "{stats:?}");
    engine_sessions(
        "htp serve",
        "hex(size=5)",
        &[
            "1 boardsize 5 5\n2 play b c3\n3 play w swap-pieces\n4 genmove w\n5 final_score\n\
             6 showboard\n7 quit\n",
            "param_game allow_swap 0\nplay b a1\nplay w b2\ngenmove b\nundo\nundo\nparam_game\n",
        ],
        htp::serve,
        |line| htp::parse_command(line).map(|(_, c)| c == Ok(HtpCommand::Gtp(Command::Quit))),
    );
}

/// Fuzzes whole sessions of a GTP-family protocol served for the random engine of `game`:
/// every command (`command` says which lines are, and whether one is `quit`) is answered
/// once, with the empty line that ends an answer.
fn engine_sessions(
    name: &str,
    game: &str,
    sessions: &[&str],
    serve: olympiad_protocol::ServeEngine,
    command: fn(&str) -> Option<bool>,
) {
    let entry = find_game(game).unwrap();
    let sessions: Vec<String> = sessions.iter().map(|s| s.to_string()).collect();
    let stats = Fuzz::new(name, &sessions, GTP_ALPHABET)
        .cases(fuzz::cases() / 4)
        .run(|text| {
            let mut thinker =
                olympiad_catalog::EngineThinker::new(entry, "random", Options::default())
                    .map_err(|e| e.to_string())?;
            let output = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
            let end = serve(
                Box::new(std::io::Cursor::new(text.to_string())),
                Box::new(SharedOutput(output.clone())),
                &mut thinker,
            );
            let written =
                String::from_utf8(output.lock().unwrap().clone()).map_err(|e| e.to_string())?;
            let commands = text
                .lines()
                .take_while(|l| command(l) != Some(true))
                .filter(|l| command(l).is_some())
                .count();
            let quit = usize::from(text.lines().any(|l| command(l) == Some(true)));
            let answers = written
                .lines()
                .filter(|l| l.starts_with(['=', '?']))
                .count();
            if !written.ends_with("\n\n") && !written.is_empty() {
                return Err(format!("an answer without its empty line: {written:?}"));
            }
            if answers < commands + quit {
                return Err(format!(
                    "{commands} commands, {answers} answers: {written:?}"
                ));
            }
            match end {
                Ok(_) => Ok(Verdict::Accepted),
                Err(e) => fuzz::rejected(&e),
            }
        });
    assert!(stats.accepted > sessions.len(), "{stats:?}");
}

/// Output the fuzz case reads back after the serve.
struct SharedOutput(std::sync::Arc<std::sync::Mutex<Vec<u8>>>);

impl std::io::Write for SharedOutput {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// DXP messages as programs write them: every kind, a capture, a start position.
fn dxp_messages() -> Vec<String> {
    let board = format!("W{}eeeeeeeeee{}", "z".repeat(20), "w".repeat(20));
    vec![
        "M0012061100".into(),
        "M001205250422122320".into(),
        "E00".into(),
        "E31".into(),
        "CWhat do you think about move 35?".into(),
        "B012Z".into(),
        "K0".into(),
        format!("A{:<32}0", "Tornado voor Windows 4.0"),
        format!("R01{:<32}Z005075A", "Scan 2.0"),
        format!("R01{:<32}W001000B{board}", "olympiad"),
    ]
}

/// Characters of DXP's fields.
const DXP_ALPHABET: &str = "MRACEBK0123456789WZwze ";

#[test]
fn dxp_messages_read_back_as_written() {
    let stats = fuzz::run(
        "dxp message",
        &dxp_messages(),
        DXP_ALPHABET,
        |text| match Message::parse(text) {
            Ok(message) => match Message::parse(&message.to_string()) {
                Ok(again) if again == message => Ok(Verdict::Accepted),
                other => Err(format!("{message:?} written reads back as {other:?}")),
            },
            Err(e) => fuzz::rejected(&e),
        },
    );
    assert!(stats.accepted > dxp_messages().len(), "{stats:?}");
}

#[test]
fn dxp_sessions_never_panic_or_hang() {
    let entry = find_game("draughts").unwrap();
    let sessions: Vec<String> = [
        format!("R01{:<32}Z001000A\0M0000322800\0E01\0", "tester"),
        format!(
            "Cclock left=500 inc=0\0R01{:<32}W001000A\0B001W\0E00\0",
            "x"
        ),
    ]
    .to_vec();
    let stats = Fuzz::new("dxp session", &sessions, DXP_ALPHABET)
        .cases(fuzz::cases() / 8)
        .run(|text| {
            let mut thinker =
                olympiad_catalog::EngineThinker::new(entry, "random", Options::default())
                    .map_err(|e| e.to_string())?;
            let end = olympiad_protocol::dxp::serve(
                Box::new(std::io::Cursor::new(text.to_string())),
                Box::new(std::io::sink()),
                &mut thinker,
            );
            match end {
                Ok(_) => Ok(Verdict::Accepted),
                Err(e) => fuzz::rejected(&e),
            }
        });
    assert!(stats.accepted > 0, "{stats:?}");
}
