//! The Sudoku reader on arbitrary text: single 81-character grids (`Grid`, `Puzzle`) and
//! whole files (`parse_puzzles`: 81-character lines, 9-line grids with `|` and `+---+`,
//! comments). No input panics; a refusal says what is wrong at a line and column inside
//! the text; a grid read writes the same grid back, and a puzzle read is solved without
//! breaking its givens.

use olympiad_core::fuzz::{self, Verdict};
use olympiad_sudoku::{Grid, Mode, Puzzle, PuzzleError, parse_puzzles, solve};

/// Aart Bik's example puzzle.
const BIK: &str =
    "...4..5.....27..8...6..8..43..6..4...4..5..7...2..9..62..9..7...8..3..5.154762..8";
/// Characters of grids and files.
const ALPHABET: &str = "0123456789.|+- \n#";

/// A grid read writes itself back; a puzzle read is solved, its givens kept.
fn check_grid(grid: &Grid) -> Result<Verdict, String> {
    match grid.to_string().parse::<Grid>() {
        Ok(again) if again == *grid => {}
        other => {
            return Err(format!(
                "{grid:?} writes itself as something else: {other:?}"
            ));
        }
    }
    let Ok(puzzle) = Puzzle::new(*grid) else {
        return Ok(Verdict::Accepted);
    };
    if let Some(solution) = solve(&puzzle, Mode::First).first {
        let kept = grid
            .cells()
            .iter()
            .zip(solution.cells())
            .all(|(&g, &s)| g == 0 || g == s);
        if !kept || !solution.is_complete() {
            return Err(format!("solved as {solution:?}"));
        }
    }
    Ok(Verdict::Accepted)
}

#[test]
fn grids() {
    let grid: Grid = BIK.parse().unwrap();
    let examples = vec![
        BIK.to_string(),
        BIK.replace('.', "0"),
        format!("  {BIK}\r\n"),
        "821493567435276189796518324318627495649851273572349816263985741987134652154762938"
            .to_string(),
        grid.to_string(),
    ];
    let stats = fuzz::run("sudoku grid", &examples, ALPHABET, |text| {
        match text.parse::<Puzzle>() {
            Ok(puzzle) => check_grid(puzzle.grid()),
            Err(PuzzleError::Parse(e)) => {
                fuzz::within(text, e.line, e.column)?;
                fuzz::rejected(&e)
            }
            Err(e @ PuzzleError::Conflict(_)) => match text.parse::<Grid>() {
                Ok(grid) => check_grid(&grid).and_then(|_| fuzz::rejected(&e)),
                Err(p) => Err(format!("a conflict ({e}) in a text that is no grid ({p})")),
            },
        }
    });
    assert!(stats.accepted > examples.len(), "{stats:?}");
}

#[test]
fn files() {
    let grid: Grid = BIK.parse().unwrap();
    let rows: String = BIK
        .as_bytes()
        .chunks(9)
        .map(|r| format!("{}\n", String::from_utf8_lossy(r)))
        .collect();
    let examples = vec![
        format!("# Bik\n{BIK}\n\n{}\n", BIK.replace('.', "0")),
        grid.boxed(),
        format!("{rows}\n# two\n{}", grid.boxed()),
        format!("{BIK}\r\n{BIK}\r\n"),
    ];
    let stats = fuzz::run(
        "sudoku file",
        &examples,
        ALPHABET,
        |text| match parse_puzzles(text) {
            Ok(entries) => {
                for entry in &entries {
                    fuzz::within(text, entry.line, 1)?;
                    check_grid(&entry.grid)?;
                }
                Ok(Verdict::Accepted)
            }
            Err(e) => {
                fuzz::within(text, e.line, e.column)?;
                fuzz::rejected(&e)
            }
        },
    );
    assert!(stats.accepted > examples.len(), "{stats:?}");
}

#[test]
fn a_grid_after_blank_lines_is_placed_where_it_is() {
    // Found by `grids`: the grid on line 2 was said to be too short at "line 1, column 9",
    // a place the input does not have.
    let e = "\n00427300".parse::<Grid>().unwrap_err();
    assert_eq!(e.to_string(), "line 2, column 9: 8 cells, expected 81");
    let e = " \n  12x".parse::<Grid>().unwrap_err();
    assert_eq!((e.line, e.column), (2, 5), "{e}");
    let e = "  12x".parse::<Grid>().unwrap_err();
    assert_eq!((e.line, e.column), (1, 5), "{e}");
}
