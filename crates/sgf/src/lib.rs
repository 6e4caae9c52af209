//! The Smart Game Format (SGF, FF[4]) as text, for every game whose community keeps its
//! games in it (Go, Hex, Connect6, Lines of Action): a collection of game trees, each a
//! sequence of nodes with properties and its variations. This crate knows the syntax only;
//! what `B[dd]` or `RE[W+R]` means belongs to each game's folder.
//!
//! The reader takes what programs in the wild write: text before the first `(`, blanks and
//! line ends between tokens, lower-case letters inside property names (FF[3]'s `AddBlack`
//! reads as `AB`), soft line breaks (`\` before a line end) and escapes in values. Every error
//! names the line and column (counted in characters, from 1) where the file stops making
//! sense. Nesting is read without recursion, so no file can overflow the stack.
//!
//! The writer escapes `]` and `\`, starts each game on its own line and keeps lines within
//! [`MAX_LINE`] columns wherever a value allows it.
//!
//! What the games' readers and writers share beyond the syntax (an error naming the game
//! and the property, the `GM` check, a record's root, an opening entry) is in `record`.
//!
//! ```
//! let trees = olympiad_sgf::read("(;GM[1]SZ[9];B[ee];W[]C[a pass \\] here])").unwrap();
//! let line = trees[0].main_line();
//! assert_eq!(line[0].get("SZ"), Some("9"));
//! assert_eq!(line[2].get("W"), Some(""));
//! assert_eq!(line[2].get("C"), Some("a pass ] here"));
//! assert_eq!(olympiad_sgf::write(&trees), "(;GM[1]SZ[9];B[ee];W[]C[a pass \\] here])\n");
//! ```

mod record;

pub use record::{
    COLOUR_LETTERS, COLOUR_NAMES, End, GameError, Header, Record, check_game, check_size,
    node_move, opening_root, player_to_move, read_games, record_root, with_setup, write_game,
    write_opening, write_record, wrong_turn,
};

use thiserror::Error;

/// The longest line the writer makes, where the values allow it.
pub const MAX_LINE: usize = 79;

/// The deepest nesting of variations read. Files in the wild nest a few levels; the limit
/// keeps comparing and copying trees (which recurse) far from the stack's end.
pub const MAX_DEPTH: usize = 1_000;

/// Where something stands in a file: line and column, both from 1, columns in characters.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Location {
    /// The line.
    pub line: usize,
    /// The column.
    pub column: usize,
}

/// One property: its name and values (escapes resolved, soft line breaks removed).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Property {
    /// Its name in upper case (`B`, `AB`, `KM`).
    pub ident: String,
    /// Its values, at least one (`[]` is one empty value).
    pub values: Vec<String>,
    /// Where its name starts in the file read (the default for a property made in code).
    pub at: Location,
}

impl Property {
    /// A property made in code.
    pub fn new(ident: &str, values: Vec<String>) -> Self {
        Property {
            ident: ident.to_string(),
            values,
            at: Location::default(),
        }
    }
}

/// One node: its properties in file order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Node {
    /// Its properties.
    pub properties: Vec<Property>,
    /// Where its `;` stands in the file read.
    pub at: Location,
}

impl Node {
    /// The first value of property `ident`, if the node has it.
    pub fn get(&self, ident: &str) -> Option<&str> {
        self.property(ident)
            .and_then(|p| p.values.first())
            .map(String::as_str)
    }

    /// Property `ident`, if the node has it.
    pub fn property(&self, ident: &str) -> Option<&Property> {
        self.properties.iter().find(|p| p.ident == ident)
    }

    /// Adds property `ident` with one value (builder style, for writers).
    pub fn with(mut self, ident: &str, value: impl Into<String>) -> Self {
        self.properties
            .push(Property::new(ident, vec![value.into()]));
        self
    }

    /// Adds property `ident` with these values, if there are any.
    pub fn with_all(mut self, ident: &str, values: Vec<String>) -> Self {
        if !values.is_empty() {
            self.properties.push(Property::new(ident, values));
        }
        self
    }
}

/// One game tree: a sequence of nodes and the variations that follow it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameTree {
    /// Its nodes, the first being the root for a tree at the top of a collection.
    pub nodes: Vec<Node>,
    /// Its variations (the first is the main line).
    pub variations: Vec<GameTree>,
}

impl Drop for GameTree {
    /// Drops the variations without recursion.
    fn drop(&mut self) {
        let mut stack = std::mem::take(&mut self.variations);
        while let Some(mut tree) = stack.pop() {
            stack.append(&mut tree.variations);
        }
    }
}

impl GameTree {
    /// The main line: the nodes, then the first variation's main line.
    pub fn main_line(&self) -> Vec<&Node> {
        let mut line = Vec::new();
        let mut tree = self;
        loop {
            line.extend(tree.nodes.iter());
            match tree.variations.first() {
                Some(next) => tree = next,
                None => return line,
            }
        }
    }
}

/// Why a text is not SGF: where and what.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("line {}, column {}: {problem}", at.line, at.column)]
pub struct SgfError {
    /// Where the text stops making sense.
    pub at: Location,
    /// What is wrong.
    pub problem: String,
}

/// A text as characters with their locations.
struct Cursor<'a> {
    chars: std::iter::Peekable<std::str::Chars<'a>>,
    at: Location,
}

impl Cursor<'_> {
    fn peek(&mut self) -> Option<char> {
        self.chars.peek().copied()
    }

    fn next(&mut self) -> Option<char> {
        let c = self.chars.next()?;
        if c == '\n' {
            self.at.line += 1;
            self.at.column = 1;
        } else {
            self.at.column += 1;
        }
        Some(c)
    }

    fn skip_blanks(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.next();
        }
    }

    fn error(&self, problem: impl Into<String>) -> SgfError {
        SgfError {
            at: self.at,
            problem: problem.into(),
        }
    }

    /// A property value after its `[`, up to its unescaped `]`.
    fn value(&mut self, start: Location) -> Result<String, SgfError> {
        let mut value = String::new();
        loop {
            match self.next() {
                None => {
                    return Err(SgfError {
                        at: start,
                        problem: "this value has no closing ']'".into(),
                    });
                }
                Some(']') => return Ok(value),
                Some('\\') => match self.next() {
                    None => {
                        return Err(SgfError {
                            at: start,
                            problem: "this value has no closing ']'".into(),
                        });
                    }
                    // A soft line break: `\` before any of \n, \r\n, \n\r, \r.
                    Some(end @ ('\n' | '\r')) => {
                        let other = if end == '\n' { '\r' } else { '\n' };
                        if self.peek() == Some(other) {
                            self.next();
                        }
                    }
                    Some(c) => value.push(c),
                },
                Some(c) => value.push(c),
            }
        }
    }
}

/// Reads a collection of game trees. Text before the first `(` is skipped, as the standard
/// allows; text after the last tree must be blank.
pub fn read(text: &str) -> Result<Vec<GameTree>, SgfError> {
    let mut cursor = Cursor {
        chars: text.chars().peekable(),
        at: Location { line: 1, column: 1 },
    };
    while cursor.peek().is_some_and(|c| c != '(') {
        cursor.next();
    }
    if cursor.peek().is_none() {
        return Err(cursor.error("no game tree: an SGF file starts with '(;'"));
    }
    let mut trees = Vec::new();
    // The trees open at this point, outermost first, each with where its `(` stood.
    let mut open: Vec<(GameTree, Location)> = Vec::new();
    loop {
        cursor.skip_blanks();
        let at = cursor.at;
        match cursor.next() {
            None => {
                return match open.last() {
                    Some((_, start)) => Err(SgfError {
                        at: *start,
                        problem: "this game tree has no closing ')'".into(),
                    }),
                    None if trees.is_empty() => Err(cursor.error("no game tree")),
                    None => Ok(trees),
                };
            }
            Some('(') => {
                if let Some((tree, _)) = open.last()
                    && tree.nodes.is_empty()
                {
                    return Err(SgfError {
                        at,
                        problem: "a game tree must start with a node ';' before its \
                                  variations"
                            .into(),
                    });
                }
                if open.len() == MAX_DEPTH {
                    return Err(SgfError {
                        at,
                        problem: format!("variations nested deeper than {MAX_DEPTH} levels"),
                    });
                }
                open.push((GameTree::default(), at));
            }
            Some(')') => {
                let Some((tree, _)) = open.pop() else {
                    return Err(SgfError {
                        at,
                        problem: "')' closes no game tree".into(),
                    });
                };
                if tree.nodes.is_empty() {
                    return Err(SgfError {
                        at,
                        problem: "an empty game tree '()': a tree holds at least one node".into(),
                    });
                }
                match open.last_mut() {
                    Some((parent, _)) => parent.variations.push(tree),
                    None => trees.push(tree),
                }
            }
            Some(';') => {
                let Some((tree, _)) = open.last_mut() else {
                    return Err(SgfError {
                        at,
                        problem: "a node ';' outside any game tree".into(),
                    });
                };
                if !tree.variations.is_empty() {
                    return Err(SgfError {
                        at,
                        problem: "a node after the variations of its tree".into(),
                    });
                }
                let mut node = Node {
                    properties: Vec::new(),
                    at,
                };
                read_properties(&mut cursor, &mut node)?;
                tree.nodes.push(node);
            }
            Some(c) if open.is_empty() => {
                return Err(SgfError {
                    at,
                    problem: format!("'{c}' after the last game tree"),
                });
            }
            Some(c) => {
                return Err(SgfError {
                    at,
                    problem: format!(
                        "'{c}' where a node ';', a variation '(' or the tree's end ')' \
                         belongs"
                    ),
                });
            }
        }
    }
}

/// The properties of one node, after its `;`.
fn read_properties(cursor: &mut Cursor<'_>, node: &mut Node) -> Result<(), SgfError> {
    loop {
        cursor.skip_blanks();
        let at = cursor.at;
        match cursor.peek() {
            Some(c) if c.is_ascii_alphabetic() => {}
            _ => return Ok(()),
        }
        let mut name = String::new();
        while let Some(c) = cursor.peek().filter(char::is_ascii_alphabetic) {
            name.push(c);
            cursor.next();
        }
        // FF[3] and older wrote lower-case letters inside names; FF[4] reads them past.
        let ident: String = name.chars().filter(char::is_ascii_uppercase).collect();
        if ident.is_empty() {
            return Err(SgfError {
                at,
                problem: format!("property name '{name}' has no upper-case letter"),
            });
        }
        let mut values = Vec::new();
        loop {
            cursor.skip_blanks();
            if cursor.peek() != Some('[') {
                break;
            }
            let start = cursor.at;
            cursor.next();
            values.push(cursor.value(start)?);
        }
        if values.is_empty() {
            return Err(SgfError {
                at: cursor.at,
                problem: format!("property {ident} has no value: '[' expected"),
            });
        }
        if node.property(&ident).is_some() {
            return Err(SgfError {
                at,
                problem: format!("property {ident} twice in one node"),
            });
        }
        node.properties.push(Property { ident, values, at });
    }
}

/// A value with `]` and `\` escaped.
fn escape(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for c in value.chars() {
        if matches!(c, ']' | '\\') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// Writes lines of at most [`MAX_LINE`] columns from tokens that must not be split.
struct Lines {
    text: String,
    column: usize,
}

impl Lines {
    /// Puts `token` on the current line, or on a new one when it would run past the limit.
    fn put(&mut self, token: &str) {
        let width = token.split('\n').next().map_or(0, |l| l.chars().count());
        if self.column > 0 && self.column + width > MAX_LINE {
            self.text.push('\n');
            self.column = 0;
        }
        self.text.push_str(token);
        match token.rsplit_once('\n') {
            Some((_, last)) => self.column = last.chars().count(),
            None => self.column += width,
        }
    }
}

/// Writes a collection: each tree from a new line, lines kept within [`MAX_LINE`] columns
/// (a value longer than that, or holding line ends, stays whole). Reading the text back gives
/// the same trees.
pub fn write(trees: &[GameTree]) -> String {
    let mut lines = Lines {
        text: String::new(),
        column: 0,
    };
    for tree in trees {
        // Trees and their variations without recursion: what is left to write, in order.
        enum Step<'a> {
            Open(&'a GameTree),
            Close,
        }
        let mut steps = vec![Step::Open(tree)];
        while let Some(step) = steps.pop() {
            match step {
                Step::Close => lines.put(")"),
                Step::Open(t) => {
                    lines.put("(");
                    for node in &t.nodes {
                        // The node's `;` goes with its first property's first value; a
                        // line may end between any two values.
                        let mut token = String::from(";");
                        for p in &node.properties {
                            token.push_str(&p.ident);
                            for v in &p.values {
                                token.push('[');
                                token.push_str(&escape(v));
                                token.push(']');
                                lines.put(&token);
                                token.clear();
                            }
                        }
                        if !token.is_empty() {
                            lines.put(&token);
                        }
                    }
                    steps.push(Step::Close);
                    steps.extend(t.variations.iter().rev().map(Step::Open));
                }
            }
        }
        lines.text.push('\n');
        lines.column = 0;
    }
    lines.text
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(text: &str) -> (usize, usize, String) {
        let e = read(text).unwrap_err();
        (e.at.line, e.at.column, e.problem)
    }

    #[test]
    fn variations_nest_and_the_main_line_follows_the_first() {
        let trees = read("junk (;FF[4]GM[1](;B[aa];W[bb])(;B[cc]))\n(;GM[2])").unwrap();
        assert_eq!(trees.len(), 2);
        let main: Vec<_> = trees[0]
            .main_line()
            .iter()
            .map(|n| n.properties[0].ident.clone())
            .collect();
        assert_eq!(main, ["FF", "B", "W"]);
        assert_eq!(trees[0].variations[1].nodes[0].get("B"), Some("cc"));
        assert_eq!(trees[1].nodes[0].get("GM"), Some("2"));
        assert_eq!(trees[0].nodes[0].at, Location { line: 1, column: 7 });
    }

    #[test]
    fn values_unescape_and_lists_keep_every_value() {
        let trees = read("(;AB[aa][bb]\n [cc]C[a\\\\b\\]c\\\nd\\:e]AddWhite[dd])").unwrap();
        let root = &trees[0].nodes[0];
        assert_eq!(root.property("AB").unwrap().values, ["aa", "bb", "cc"]);
        assert_eq!(root.get("C"), Some("a\\b]cd:e"));
        assert_eq!(root.get("AW"), Some("dd"));
        assert_eq!(
            root.property("AW").unwrap().at,
            Location { line: 3, column: 6 }
        );
    }

    #[test]
    fn errors_name_line_and_column() {
        assert_eq!(err("").2, "no game tree: an SGF file starts with '(;'");
        assert_eq!(
            err("(;B[aa]"),
            (1, 1, "this game tree has no closing ')'".into())
        );
        assert_eq!(
            err("(;B[aa)"),
            (1, 4, "this value has no closing ']'".into())
        );
        assert_eq!(
            err("(;B[aa]\n  1)"),
            (
                2,
                3,
                "'1' where a node ';', a variation '(' or the tree's end ')' belongs".into()
            )
        );
        assert_eq!(err("(;B)").2, "property B has no value: '[' expected");
        assert_eq!(
            err("(;b[aa])").2,
            "property name 'b' has no upper-case letter"
        );
        assert_eq!(
            err("(;B[aa]B[bb])"),
            (1, 8, "property B twice in one node".into())
        );
        assert_eq!(
            err("(;B[aa])x"),
            (1, 9, "'x' after the last game tree".into())
        );
        assert_eq!(err("(;B[aa]))").2, "')' closes no game tree");
        assert_eq!(
            err("((;B[aa]))").2,
            "a game tree must start with a node ';' before its variations"
        );
        assert_eq!(
            err("(;B[aa]()))").2,
            "an empty game tree '()': a tree holds at least one node"
        );
        assert_eq!(
            err("(;A[](;B[])(;C[]);D[])").2,
            "a node after the variations of its tree"
        );
    }

    #[test]
    fn deep_nesting_reads_without_recursion_up_to_its_limit() {
        let nested = |depth| format!("{}{}", "(;B[aa]".repeat(depth), ")".repeat(depth));
        let trees = read(&nested(MAX_DEPTH)).unwrap();
        assert_eq!(trees[0].main_line().len(), MAX_DEPTH);
        assert_eq!(strip(read(&write(&trees)).unwrap()), strip(trees.clone()));
        let e = read(&nested(1_000_000)).unwrap_err();
        assert_eq!(e.at.column, 7 * MAX_DEPTH + 1);
        assert_eq!(e.problem, "variations nested deeper than 1000 levels");
    }

    /// Trees with their locations cleared, to compare what was read with what was made.
    fn strip(mut trees: Vec<GameTree>) -> Vec<GameTree> {
        let mut stack: Vec<&mut GameTree> = trees.iter_mut().collect();
        while let Some(t) = stack.pop() {
            for n in &mut t.nodes {
                n.at = Location::default();
                for p in &mut n.properties {
                    p.at = Location::default();
                }
            }
            stack.extend(t.variations.iter_mut());
        }
        trees
    }

    #[test]
    fn writing_wraps_lines_and_reads_back() {
        let mut root = Node::default().with("GM", "1").with("C", "x".repeat(100));
        root = root.with_all(
            "AB",
            (0..30)
                .map(|i| format!("a{}", char::from(b'a' + i % 19)))
                .collect(),
        );
        let tree = GameTree {
            nodes: vec![
                root,
                Node::default().with("B", "dd").with("C", "two\nlines ] \\"),
            ],
            variations: vec![
                GameTree {
                    nodes: vec![Node::default().with("W", "")],
                    variations: vec![],
                },
                GameTree {
                    nodes: vec![Node::default().with("W", "ee")],
                    variations: vec![],
                },
            ],
        };
        let text = write(std::slice::from_ref(&tree));
        for line in text.lines() {
            assert!(
                line.chars().count() <= MAX_LINE || line.contains("xxxxxxxxxx"),
                "{line}"
            );
        }
        assert_eq!(strip(read(&text).unwrap()), [strip(vec![tree]).remove(0)]);
    }
}
