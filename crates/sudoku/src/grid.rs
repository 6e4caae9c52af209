//! Grids and puzzles as text: the one place where characters from outside become values.
//!
//! A [`Grid`] is any 9x9 placement (0 = blank); a [`Puzzle`] is a grid whose givens break no
//! rule, which is what the solvers accept. [`parse_puzzles`] reads whole files in both forms
//! the project accepts (81-character lines and 9-line grids) and names the line and column of
//! anything it cannot read.

use std::fmt;

/// Cells of a grid, row by row.
pub const CELLS: usize = 81;

/// A 9x9 placement: `cells[9 * row + column]` is a digit 1..=9 or 0 for a blank.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Grid {
    cells: [u8; CELLS],
}

impl Grid {
    /// The empty grid.
    pub const EMPTY: Grid = Grid { cells: [0; CELLS] };

    /// A grid from its cells (row by row, 0 for blank); `None` if a value exceeds 9.
    pub fn from_cells(cells: [u8; CELLS]) -> Option<Grid> {
        cells.iter().all(|&v| v <= 9).then_some(Grid { cells })
    }

    /// The cells, row by row, 0 for blank.
    pub fn cells(&self) -> &[u8; CELLS] {
        &self.cells
    }

    /// The digit at `cell` (0..81), 0 for blank.
    pub fn get(&self, cell: usize) -> u8 {
        self.cells[cell]
    }

    /// Puts `digit` (0 = blank) at `cell`.
    ///
    /// # Panics
    /// If `cell >= 81` or `digit > 9`.
    pub fn set(&mut self, cell: usize, digit: u8) {
        assert!(digit <= 9, "a Sudoku digit is 0..=9, not {digit}");
        self.cells[cell] = digit;
    }

    /// Number of filled cells.
    pub fn givens(&self) -> usize {
        self.cells.iter().filter(|&&v| v != 0).count()
    }

    /// The first pair of equal digits in one row, column or box, if any.
    pub fn conflict(&self) -> Option<Conflict> {
        for unit in 0..27 {
            let mut seen = [None::<usize>; 10];
            for cell in unit_cells(unit) {
                let digit = self.cells[cell];
                if digit == 0 {
                    continue;
                }
                if let Some(first) = seen[usize::from(digit)] {
                    return Some(Conflict {
                        digit,
                        unit: Unit::from_index(unit),
                        cells: [first, cell],
                    });
                }
                seen[usize::from(digit)] = Some(cell);
            }
        }
        None
    }

    /// True if every cell is filled and no unit holds a digit twice.
    pub fn is_complete(&self) -> bool {
        self.givens() == CELLS && self.conflict().is_none()
    }

    /// The boxed drawing of Bik's verbose mode: 13 lines, each indented by two spaces.
    pub fn boxed(&self) -> String {
        const SEPARATOR: &str = "  +---+---+---+\n";
        let mut out = String::with_capacity(13 * 16);
        for row in 0..9 {
            if row % 3 == 0 {
                out.push_str(SEPARATOR);
            }
            out.push_str("  ");
            for col in 0..9 {
                if col % 3 == 0 {
                    out.push('|');
                }
                out.push(digit_char(self.cells[9 * row + col]));
            }
            out.push_str("|\n");
        }
        out.push_str(SEPARATOR);
        out
    }
}

fn digit_char(digit: u8) -> char {
    if digit == 0 {
        '.'
    } else {
        char::from(b'0' + digit)
    }
}

/// The 81-character form, `.` for blanks.
impl fmt::Display for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text: String = self.cells.iter().map(|&d| digit_char(d)).collect();
        f.write_str(&text)
    }
}

impl fmt::Debug for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Grid({self})")
    }
}

/// Parses the 81-character form (`1`-`9`, `.` or `0`); surrounding whitespace is ignored.
impl std::str::FromStr for Grid {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Grid, ParseError> {
        // Positions count in `text` as given: the grid's line and first column are after
        // the blanks (and line ends) before it.
        let lead = &text[..text.len() - text.trim_start().len()];
        let line = 1 + lead.matches('\n').count();
        let first = lead.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        let text = text.trim();
        let mut cells = [0u8; CELLS];
        let mut count = 0;
        for (column, ch) in text.chars().enumerate() {
            let digit = cell_value(ch).ok_or_else(|| ParseError {
                line,
                column: first + column,
                message: format!("'{ch}' is not a digit, '.' or '0'"),
            })?;
            if count == CELLS {
                return Err(ParseError {
                    line,
                    column: first + column,
                    message: format!("more than {CELLS} cells"),
                });
            }
            cells[count] = digit;
            count += 1;
        }
        if count < CELLS {
            return Err(ParseError {
                line,
                column: first + count,
                message: format!("{count} cells, expected {CELLS}"),
            });
        }
        Ok(Grid { cells })
    }
}

fn cell_value(ch: char) -> Option<u8> {
    match ch {
        '.' | '0' => Some(0),
        '1'..='9' => Some(ch as u8 - b'0'),
        _ => None,
    }
}

/// A row, column or box, each numbered from 1 like Bik's `row,column` notation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unit {
    /// Row 1..=9, top to bottom.
    Row(u8),
    /// Column 1..=9, left to right.
    Column(u8),
    /// Box 1..=9, row by row from the top-left box.
    Box(u8),
}

impl Unit {
    fn from_index(unit: usize) -> Unit {
        // Below 27 by construction, so the casts are exact.
        let number = (unit % 9) as u8 + 1;
        match unit / 9 {
            0 => Unit::Row(number),
            1 => Unit::Column(number),
            _ => Unit::Box(number),
        }
    }
}

impl fmt::Display for Unit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unit::Row(n) => write!(f, "row {n}"),
            Unit::Column(n) => write!(f, "column {n}"),
            Unit::Box(n) => write!(f, "box {n}"),
        }
    }
}

/// The cells of unit 0..27: rows 0..9, columns 9..18, boxes 18..27.
fn unit_cells(unit: usize) -> impl Iterator<Item = usize> {
    (0..9).map(move |i| match unit / 9 {
        0 => 9 * (unit % 9) + i,
        1 => 9 * i + unit % 9,
        _ => {
            let b = unit % 9;
            9 * (3 * (b / 3) + i / 3) + 3 * (b % 3) + i % 3
        }
    })
}

/// Two equal givens in one unit: the placement breaks the rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Conflict {
    /// The repeated digit.
    pub digit: u8,
    /// Where it repeats.
    pub unit: Unit,
    /// The two cells (0..81), in reading order.
    pub cells: [usize; 2],
}

impl fmt::Display for Conflict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [a, b] = self.cells;
        write!(
            f,
            "{} appears twice in {} (at {},{} and {},{})",
            self.digit,
            self.unit,
            a / 9 + 1,
            a % 9 + 1,
            b / 9 + 1,
            b % 9 + 1
        )
    }
}

impl std::error::Error for Conflict {}

/// A grid whose givens break no rule: what the solvers take.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Puzzle {
    grid: Grid,
}

impl Puzzle {
    /// Checks the givens; a puzzle may still have no solution.
    pub fn new(grid: Grid) -> Result<Puzzle, Conflict> {
        match grid.conflict() {
            Some(conflict) => Err(conflict),
            None => Ok(Puzzle { grid }),
        }
    }

    /// The givens.
    pub fn grid(&self) -> &Grid {
        &self.grid
    }
}

impl std::str::FromStr for Puzzle {
    type Err = PuzzleError;

    fn from_str(text: &str) -> Result<Puzzle, PuzzleError> {
        let grid: Grid = text.parse().map_err(PuzzleError::Parse)?;
        Puzzle::new(grid).map_err(PuzzleError::Conflict)
    }
}

/// Why text is not a puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleError {
    /// Not readable as a grid.
    Parse(ParseError),
    /// Readable, but two givens break the rules.
    Conflict(Conflict),
}

impl fmt::Display for PuzzleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PuzzleError::Parse(e) => e.fmt(f),
            PuzzleError::Conflict(c) => write!(f, "the placement breaks the rules: {c}"),
        }
    }
}

impl std::error::Error for PuzzleError {}

/// Text that is not a grid, with where (1-based line and column) reading stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// Line, from 1.
    pub line: usize,
    /// Column (character), from 1.
    pub column: usize,
    /// What was wrong there.
    pub message: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: {}",
            self.line, self.column, self.message
        )
    }
}

impl std::error::Error for ParseError {}

/// One grid read from a file, with the line it starts on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// Line (from 1) of the grid's first row.
    pub line: usize,
    /// The placement as written; see [`Puzzle::new`] for whether it breaks the rules.
    pub grid: Grid,
}

/// Reads every grid of a file: 81-character lines, or 9-line grids whose rows hold nine cells
/// each, optionally with `|` and spaces between them and `+---+` lines between bands (the
/// drawing [`Grid::boxed`] makes). Blank lines and lines starting with `#` are skipped.
pub fn parse_puzzles(text: &str) -> Result<Vec<Entry>, ParseError> {
    let mut entries = Vec::new();
    // A 9-line grid being read: its first line and the rows so far.
    let mut pending: Option<(usize, Vec<[u8; 9]>)> = None;
    for (index, raw) in text.lines().enumerate() {
        let line = index + 1;
        let content = raw.trim_end();
        let trimmed = content.trim_start();
        if trimmed.starts_with('#') || trimmed.is_empty() {
            if let Some((start, _)) = &pending {
                return Err(unfinished(*start, line, content.chars().count() + 1));
            }
            continue;
        }
        if trimmed.chars().all(|c| c == '+' || c == '-') {
            continue;
        }
        let cells = read_cells(content, line)?;
        if cells.len() == CELLS && pending.is_none() {
            let mut grid = [0u8; CELLS];
            grid.copy_from_slice(&cells);
            entries.push(Entry {
                line,
                grid: Grid { cells: grid },
            });
        } else if cells.len() == 9 {
            let (_, rows) = pending.get_or_insert_with(|| (line, Vec::with_capacity(9)));
            let mut row = [0u8; 9];
            row.copy_from_slice(&cells);
            rows.push(row);
            if rows.len() == 9 {
                let (start, rows) = pending.take().unwrap_or_default();
                let mut grid = [0u8; CELLS];
                for (r, row) in rows.iter().enumerate() {
                    grid[9 * r..9 * r + 9].copy_from_slice(row);
                }
                entries.push(Entry {
                    line: start,
                    grid: Grid { cells: grid },
                });
            }
        } else {
            return Err(ParseError {
                line,
                column: content.chars().count() + 1,
                message: format!(
                    "{} cells; a puzzle line has {CELLS} and a grid row 9",
                    cells.len()
                ),
            });
        }
    }
    if let Some((start, _)) = pending {
        let last = text.lines().count();
        return Err(unfinished(start, last.max(start), 1));
    }
    Ok(entries)
}

fn unfinished(start: usize, line: usize, column: usize) -> ParseError {
    ParseError {
        line,
        column,
        message: format!("the grid that starts on line {start} has fewer than 9 rows"),
    }
}

/// The cell values of one line; `|` and spaces separate, anything else is an error.
fn read_cells(content: &str, line: usize) -> Result<Vec<u8>, ParseError> {
    let mut cells = Vec::with_capacity(CELLS);
    for (i, ch) in content.chars().enumerate() {
        if ch == '|' || ch == ' ' || ch == '\t' {
            continue;
        }
        let value = cell_value(ch).ok_or_else(|| ParseError {
            line,
            column: i + 1,
            message: format!("'{ch}' is not a digit, '.' or '0'"),
        })?;
        cells.push(value);
    }
    Ok(cells)
}

#[cfg(test)]
mod tests {
    use super::*;

    const BIK: &str =
        "...4..5.....27..8...6..8..43..6..4...4..5..7...2..9..62..9..7...8..3..5.154762..8";

    #[test]
    fn round_trips_and_draws() {
        let grid: Grid = BIK.parse().unwrap();
        assert_eq!(grid.to_string(), BIK);
        assert_eq!(grid.givens(), 30);
        let boxed = grid.boxed();
        assert_eq!(boxed.lines().count(), 13);
        assert_eq!(boxed.lines().nth(1), Some("  |...|4..|5..|"));
        // The drawing reads back as the same grid.
        let again = parse_puzzles(&boxed).unwrap();
        assert_eq!(again, vec![Entry { line: 2, grid }]);
    }

    #[test]
    fn zeros_are_blanks() {
        let zeros = BIK.replace('.', "0");
        assert_eq!(zeros.parse::<Grid>(), BIK.parse::<Grid>());
    }

    #[test]
    fn errors_name_line_and_column() {
        let text = format!("# comment\n{BIK}\n{}x{}\n", &BIK[..10], &BIK[11..]);
        let e = parse_puzzles(&text).unwrap_err();
        assert_eq!((e.line, e.column), (3, 11), "{e}");
        let e = parse_puzzles(&BIK[..80]).unwrap_err();
        assert_eq!((e.line, e.column), (1, 81), "{e}");
        let e = parse_puzzles("123456789\n123456789\n\n").unwrap_err();
        assert_eq!(e.line, 3, "{e}");
        assert!(e.message.contains("line 1"), "{e}");
    }

    #[test]
    fn finds_conflicts() {
        let mut grid: Grid = BIK.parse().unwrap();
        assert_eq!(grid.conflict(), None);
        grid.set(0, 4); // row 1 already has a 4 at column 4
        let c = grid.conflict().unwrap();
        assert_eq!((c.digit, c.unit, c.cells), (4, Unit::Row(1), [0, 3]));
        let mut grid = Grid::EMPTY;
        grid.set(10, 7);
        grid.set(20, 7);
        assert_eq!(grid.conflict().unwrap().unit, Unit::Box(1));
        assert_eq!(
            grid.conflict().unwrap().to_string(),
            "7 appears twice in box 1 (at 2,2 and 3,3)"
        );
        assert!(Puzzle::new(grid).is_err());
    }
}
