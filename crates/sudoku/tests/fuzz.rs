//! The Sudoku reader on arbitrary text.

use olympiad_sudoku::Grid;

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
