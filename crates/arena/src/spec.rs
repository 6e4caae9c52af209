//! Player specifications as users write them, checked before anything starts:
//! `builtin:NAME[:key=value,...]` (an engine of the game, from the catalog),
//! `PROTOCOL:COMMAND LINE` (a program speaking that protocol: `codecup:`, `caia:`) or
//! `cmd:COMMAND LINE` (a program speaking the game's own protocol, the first its catalog row
//! lists), or for a protocol over TCP `PROTOCOL@HOST:PORT` (a program already listening
//! there, which the arena does not start: `dxp@127.0.0.1:27531`). A command line is split on blanks, with '...' and "..." quoting; the program is
//! looked up in PATH unless it contains a '/'.
//!
//! Players files add options to a spec ([`PlayerSpec::with_options`]): a program's options
//! are checked by its protocol's dialogue (UCI's `setoption`, CECP's `option`; CodeCup and
//! Caia take none), a built-in engine's join its `key=value` options.

use olympiad_catalog::{CatalogError, GameEntry, Options};
use olympiad_protocol::{Protocol, Transport};
use std::ffi::CString;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use thiserror::Error;

/// A checked player specification.
#[derive(Clone, Debug)]
pub enum PlayerSpec {
    /// A built-in engine with its options.
    Builtin {
        /// Its name in the game's engine list.
        engine: String,
        /// Its options.
        options: Options,
    },
    /// A program: the resolved path, the arguments and the protocol it speaks.
    Command {
        /// The program (checked: a file we may execute).
        program: PathBuf,
        /// Its arguments.
        args: Vec<String>,
        /// Its protocol.
        protocol: &'static Protocol,
        /// Options its protocol sets (UCI `setoption`, CECP `option`), in order.
        options: Vec<(String, String)>,
    },
    /// A program already listening at an address, speaking a protocol over TCP (DXP).
    Remote {
        /// `HOST:PORT`.
        address: String,
        /// Its protocol.
        protocol: &'static Protocol,
        /// Options its protocol sets, in order.
        options: Vec<(String, String)>,
    },
}

/// Why a player specification is no good.
#[derive(Debug, Error)]
pub enum SpecError {
    /// Neither `builtin:`, `cmd:` nor a protocol's name.
    #[error(
        "player '{0}' is not builtin:NAME[:key=value,...], cmd:COMMAND LINE, \
         PROTOCOL:COMMAND LINE ({protocols}), dxp@HOST:PORT or a name from the players file",
        protocols = olympiad_protocol::PROTOCOLS.iter().map(|p| p.name).collect::<Vec<_>>().join(", ")
    )]
    Form(String),
    /// An unknown engine, bad options, or an engine that does not play the game.
    #[error("player '{spec}': {source}")]
    Engine {
        /// The spec.
        spec: String,
        /// Why.
        source: CatalogError,
    },
    /// An empty command or unbalanced quotes.
    #[error("player '{spec}': {message}")]
    Command {
        /// The spec.
        spec: String,
        /// What is wrong.
        message: String,
    },
    /// The program does not exist or may not be executed.
    #[error("player '{spec}': {message}")]
    Program {
        /// The spec.
        spec: String,
        /// What is wrong.
        message: String,
    },
}

impl PlayerSpec {
    /// Reads and checks a spec for `game`: the engine exists and takes the options, the
    /// program exists and is executable.
    pub fn parse(text: &str, game: &'static GameEntry) -> Result<PlayerSpec, SpecError> {
        if let Some(rest) = text.strip_prefix("builtin:") {
            let (name, opts) = rest.split_once(':').unwrap_or((rest, ""));
            let engine_error = |source| SpecError::Engine {
                spec: text.to_string(),
                source,
            };
            let options = Options::parse(opts)
                .map_err(|e| engine_error(CatalogError::Option(e.to_string())))?;
            // Building one engine checks that the game has it and that it takes the options.
            game.engine(name, &options, 0).map_err(engine_error)?;
            Ok(PlayerSpec::Builtin {
                engine: name.to_ascii_lowercase(),
                options,
            })
        } else if let Some((protocol, address)) = remote(text) {
            let address =
                check_address(address, protocol).map_err(|message| SpecError::Command {
                    spec: text.to_string(),
                    message,
                })?;
            Ok(PlayerSpec::Remote {
                address,
                protocol,
                options: Vec::new(),
            })
        } else if let Some((protocol, line)) = command_line(text, game) {
            let words = split_command(line).map_err(|message| SpecError::Command {
                spec: text.to_string(),
                message,
            })?;
            let (program, args) = words.split_first().ok_or_else(|| SpecError::Command {
                spec: text.to_string(),
                message: "empty command".into(),
            })?;
            let program = resolve_program(program).map_err(|message| SpecError::Program {
                spec: text.to_string(),
                message,
            })?;
            Ok(PlayerSpec::Command {
                program,
                args: args.to_vec(),
                protocol,
                options: Vec::new(),
            })
        } else {
            Err(SpecError::Form(text.to_string()))
        }
    }
}

impl PlayerSpec {
    /// The spec with `options` added (a players file's `options = { Hash = 64 }`): checked
    /// by the program's protocol, or by the built-in engine, which must take them.
    pub fn with_options(
        self,
        options: &[(String, String)],
        game: &'static GameEntry,
    ) -> Result<PlayerSpec, SpecError> {
        if options.is_empty() {
            return Ok(self);
        }
        match self {
            PlayerSpec::Builtin {
                engine,
                options: own,
            } => {
                let mut text = own.to_string();
                for (k, v) in options {
                    if !text.is_empty() {
                        text.push(',');
                    }
                    text.push_str(&format!("{k}={v}"));
                }
                let spec = format!("builtin:{engine}:{text}");
                PlayerSpec::parse(&spec, game)
            }
            PlayerSpec::Command {
                program,
                args,
                protocol,
                options: own,
            } => {
                let spec = format!("{}:{}", protocol.name, program.display());
                Ok(PlayerSpec::Command {
                    program,
                    args,
                    protocol,
                    options: configured(protocol, own, options, spec)?,
                })
            }
            PlayerSpec::Remote {
                address,
                protocol,
                options: own,
            } => {
                let spec = format!("{}@{address}", protocol.name);
                Ok(PlayerSpec::Remote {
                    address,
                    protocol,
                    options: configured(protocol, own, options, spec)?,
                })
            }
        }
    }

    /// The protocol of a program (`None` for a built-in engine).
    pub fn protocol(&self) -> Option<&'static Protocol> {
        match self {
            PlayerSpec::Builtin { .. } => None,
            PlayerSpec::Command { protocol, .. } | PlayerSpec::Remote { protocol, .. } => {
                Some(protocol)
            }
        }
    }

    /// Whether `text` is a spec by its form (`builtin:`, `cmd:` or a protocol's name before
    /// a colon), not a name to look up in a players file.
    pub fn is_spec(text: &str) -> bool {
        remote(text).is_some()
            || text.split_once(':').is_some_and(|(prefix, _)| {
                prefix == "builtin"
                    || prefix == "cmd"
                    || olympiad_protocol::protocol(prefix).is_ok()
            })
    }
}

/// A program's options and `more`, checked by its protocol's dialogue.
fn configured(
    protocol: &Protocol,
    mut options: Vec<(String, String)>,
    more: &[(String, String)],
    spec: String,
) -> Result<Vec<(String, String)>, SpecError> {
    options.extend(more.iter().cloned());
    (protocol.dialogue)()
        .configure(&options)
        .map_err(|message| SpecError::Command { spec, message })?;
    Ok(options)
}

/// `PROTOCOL@ADDRESS` for a protocol's name (no `:` before the `@`).
fn remote(text: &str) -> Option<(&'static Protocol, &str)> {
    let (prefix, address) = text.split_once('@')?;
    if prefix.contains(':') {
        return None;
    }
    let protocol = olympiad_protocol::protocol(prefix).ok()?;
    Some((protocol, address))
}

/// `HOST:PORT` for a protocol that travels over TCP.
fn check_address(address: &str, protocol: &Protocol) -> Result<String, String> {
    if protocol.transport == Transport::Pipes {
        return Err(format!(
            "{} programs speak over their pipes: start them with {}:COMMAND LINE",
            protocol.name, protocol.name
        ));
    }
    let (host, port) = address
        .rsplit_once(':')
        .ok_or_else(|| format!("'{address}' is not HOST:PORT"))?;
    if host.is_empty() || port.parse::<u16>().map_or(true, |p| p == 0) {
        return Err(format!("'{address}' is not HOST:PORT (a port 1..65535)"));
    }
    Ok(address.to_string())
}

/// `cmd:LINE` with the game's own protocol, or `PROTOCOL:LINE`.
fn command_line<'a>(text: &'a str, game: &GameEntry) -> Option<(&'static Protocol, &'a str)> {
    let (prefix, line) = text.split_once(':')?;
    if prefix == "cmd" {
        let own = olympiad_protocol::protocol(game.row.protocols[0]).expect("rows name protocols");
        return Some((own, line));
    }
    let protocol = olympiad_protocol::protocol(prefix).ok()?;
    Some((protocol, line))
}

/// Splits a command line on blanks; '...' and "..." group words (no escapes inside).
pub fn split_command(line: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut quote = None;
    for c in line.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => word.push(c),
            (None, '\'' | '"') => {
                quote = Some(c);
                in_word = true;
            }
            (None, c) if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            (None, c) => {
                word.push(c);
                in_word = true;
            }
        }
    }
    if let Some(q) = quote {
        return Err(format!("unbalanced {q} in the command"));
    }
    if in_word {
        words.push(word);
    }
    Ok(words)
}

fn executable(path: &Path) -> bool {
    let Ok(c) = CString::new(path.as_os_str().as_bytes()) else {
        return false;
    };
    // SAFETY: `c` is a valid NUL-terminated string for the duration of the call.
    path.is_file() && unsafe { libc::access(c.as_ptr(), libc::X_OK) } == 0
}

/// The path of `program`: itself if it names a path, else the first match in PATH.
fn resolve_program(program: &str) -> Result<PathBuf, String> {
    if program.contains('/') {
        let path = PathBuf::from(program);
        if !path.exists() {
            return Err(format!("program '{program}' does not exist"));
        }
        if !executable(&path) {
            return Err(format!("program '{program}' is not an executable file"));
        }
        return Ok(path);
    }
    let paths = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&paths)
        .map(|dir| dir.join(program))
        .find(|p| executable(p))
        .ok_or_else(|| format!("program '{program}' not found in PATH"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game() -> &'static GameEntry {
        olympiad_catalog::find_game("caissa").unwrap()
    }

    #[test]
    fn splitting() {
        assert_eq!(
            split_command(" a  'b c' \"d\"e ''").unwrap(),
            ["a", "b c", "de", ""]
        );
        assert!(split_command("a 'b").is_err());
        assert!(split_command("   ").unwrap().is_empty());
    }

    #[test]
    fn specs() {
        assert!(matches!(
            PlayerSpec::parse("builtin:random:seed=4", game()),
            Ok(PlayerSpec::Builtin { .. })
        ));
        let msg = |s: &str| PlayerSpec::parse(s, game()).unwrap_err().to_string();
        assert_eq!(
            msg("builtin:alphazero"),
            "player 'builtin:alphazero': unknown engine 'alphazero' for caissa (known: random, hipp, caissa)"
        );
        assert!(msg("builtin:hipp:hash=4").contains("no option 'hash'"));
        assert!(msg("builtin:random:depth=3").contains("no option 'depth'"));
        assert!(msg("random").contains("is not builtin:NAME"));
        assert!(msg("cmd:").contains("empty command"));
        assert!(msg("cmd:/nonexistent/x").contains("does not exist"));
        let text = std::env::temp_dir().join(format!("arena-spec-{}.txt", std::process::id()));
        std::fs::write(&text, "not a program").unwrap();
        assert!(msg(&format!("cmd:{}", text.display())).contains("not an executable file"));
        std::fs::remove_file(&text).unwrap();
        assert!(msg("cmd:no-such-program-here").contains("not found in PATH"));
        match PlayerSpec::parse("cmd:sh -c 'echo a'", game()).unwrap() {
            PlayerSpec::Command {
                program,
                args,
                protocol,
                ..
            } => {
                assert!(program.ends_with("sh"));
                assert_eq!(args, ["-c", "echo a"]);
                assert_eq!(protocol.name, "codecup");
            }
            other => panic!("{other:?}"),
        }
        match PlayerSpec::parse("caia:sh -c 'echo a'", game()).unwrap() {
            PlayerSpec::Command { protocol, .. } => assert_eq!(protocol.name, "caia"),
            other => panic!("{other:?}"),
        }
        assert!(
            msg("ugi:sh").contains(
                "PROTOCOL:COMMAND LINE (codecup, caia, uci, cecp, gtp, htp, connect6, hub, dxp)"
            ),
            "{}",
            msg("ugi:sh")
        );
        match PlayerSpec::parse("gtp:sh --mode gtp", game()).unwrap() {
            PlayerSpec::Command { protocol, args, .. } => {
                assert_eq!(protocol.name, "gtp");
                assert_eq!(args, ["--mode", "gtp"]);
            }
            other => panic!("{other:?}"),
        }
        match PlayerSpec::parse("dxp@127.0.0.1:27531", game()).unwrap() {
            PlayerSpec::Remote {
                address, protocol, ..
            } => assert_eq!(
                (address.as_str(), protocol.name),
                ("127.0.0.1:27531", "dxp")
            ),
            other => panic!("{other:?}"),
        }
        assert!(msg("dxp@localhost").contains("is not HOST:PORT"));
        assert!(msg("dxp@localhost:0").contains("a port 1..65535"));
        assert!(msg("hub@localhost:1").contains("speak over their pipes"));
        assert!(PlayerSpec::is_spec("dxp@h:1"));
        assert!(!PlayerSpec::is_spec("nope@h:1"));
        assert!(PlayerSpec::is_spec("uci:stockfish"));
        assert!(PlayerSpec::is_spec("gtp:gnugo"));
        assert!(!PlayerSpec::is_spec("stockfish"));
        assert!(!PlayerSpec::is_spec("ugi:gnugo"));
        let options = [("Hash".to_string(), "64".to_string())];
        let uci = PlayerSpec::parse("uci:sh", game()).unwrap();
        match uci.with_options(&options, game()).unwrap() {
            PlayerSpec::Command { options: o, .. } => assert_eq!(o, options),
            other => panic!("{other:?}"),
        }
        let codecup = PlayerSpec::parse("cmd:sh", game()).unwrap();
        assert_eq!(
            codecup
                .with_options(&options, game())
                .unwrap_err()
                .to_string(),
            format!(
                "player 'codecup:{}': the codecup protocol takes no options (given 'Hash')",
                resolve_program("sh").unwrap().display()
            )
        );
        let builtin = PlayerSpec::parse("builtin:caissa:depth=2", game()).unwrap();
        let depth = [("book".to_string(), "off".to_string())];
        match builtin.with_options(&depth, game()).unwrap() {
            PlayerSpec::Builtin { options, .. } => {
                assert_eq!(options.to_string(), "depth=2,book=off")
            }
            other => panic!("{other:?}"),
        }
    }
}
