//! Reading and writing grids as text.
//!
//! # Formats
//! - **Line**: one character per cell in reading order. Digits are `1`–`9` for grids of up to
//!   9 digits and the letters `A`, `B`, … (`A` = 1, case-insensitive) for larger grids: `A`–`P`
//!   on 16×16, `A`–`Y` on 25×25. An empty cell is `.`, `0` or `_`. A 9×9 line is its first
//!   81 characters: text after them is ignored, as in the public puzzle sets
//!   (`puzzle:count:solution`, `puzzle;rating`). A line of exactly 16, 36, 256 or 625
//!   characters is a 4×4, 6×6 (2×3 boxes), 16×16 or 25×25 grid.
//! - **Pretty grid**: several lines; whitespace and the separators `|`, `-` and `+` are
//!   ignored, every other character is a cell. The number of cells picks the size.
//!
//! [`Grid::to_line`] and [`Grid::to_pretty`] write the two formats. For the layouts that the
//! text's length names (4×4 with 2×2 boxes, 6×6 with boxes of 2 rows × 3 columns, 9×9,
//! 16×16, 25×25) parsing what they print gives the same grid back. The text does not record
//! a layout: a grid of any other layout (say 6×6 with boxes of 3 rows × 2 columns) is read
//! back with [`Grid::parse_line_with`] and its layout.

use std::str::FromStr;

use crate::error::ParseError;
use crate::grid::Grid;
use crate::layout::Layout;

/// The character of `digit` (1-based) in a grid of `size` digits; `.` for 0, and `?` for a
/// digit that has no character in that size (above `size`, or above 26 for the letters).
pub fn digit_char(digit: u8, size: usize) -> char {
    match digit {
        0 => '.',
        d if usize::from(d) > size => '?',
        d if size <= 9 => char::from(b'0' + d),
        d if d <= 26 => char::from(b'A' + d - 1),
        _ => '?',
    }
}

/// The digit of `ch` in a grid of `size` digits: `Some(0)` for an empty mark, `None` for a
/// character that is not a cell of this size.
pub fn char_digit(ch: char, size: usize) -> Option<u8> {
    let digit = match ch {
        '.' | '0' | '_' => return Some(0),
        '1'..='9' if size <= 9 => ch as u8 - b'0',
        'A'..='Z' if size > 9 => ch as u8 - b'A' + 1,
        'a'..='z' if size > 9 => ch as u8 - b'a' + 1,
        _ => return None,
    };
    (digit as usize <= size).then_some(digit)
}

fn alphabet(size: usize) -> String {
    let last = digit_char(size as u8, size);
    let first = digit_char(1, size);
    format!("{first}–{last}")
}

/// The value of each byte in a 9×9 line: the digit, 0 for an empty mark, [`NOT_A_CELL`] for
/// anything else.
const NINE_VALUE: [u8; 256] = {
    let mut t = [NOT_A_CELL; 256];
    t[b'.' as usize] = 0;
    t[b'0' as usize] = 0;
    t[b'_' as usize] = 0;
    let mut d = 1;
    while d <= 9 {
        t[(b'0' + d) as usize] = d;
        d += 1;
    }
    t
};

/// A byte that is no cell of a 9×9 line.
const NOT_A_CELL: u8 = 0xFF;

/// For each cell of a 9×9 grid: its row, column and box.
const NINE_HOUSES: [(u8, u8, u8); 81] = {
    let mut t = [(0, 0, 0); 81];
    let mut cell = 0;
    while cell < 81 {
        let (r, c) = (cell / 9, cell % 9);
        t[cell] = (r as u8, c as u8, (r / 3 * 3 + c / 3) as u8);
        cell += 1;
    }
    t
};

/// The common case of [`Grid::parse_line`], cheaply: a 9×9 line whose first 81 bytes are
/// cells and whose givens do not repeat. `None` sends every other line (other sizes, bad
/// characters, conflicts, short lines, non-ASCII text) to the general path, which finds and
/// names the error; so the fast path only has to be sure of success, never explain failure.
fn parse_nine_fast(bytes: &[u8]) -> Option<Grid> {
    // The line's length picks the layout (see `parse_line`). With 81 ASCII cells first the
    // line has at least 81 characters, so it is 9×9 unless it has exactly 256 or 625; a
    // line shorter than 256 bytes cannot, a longer one takes the general path.
    let cells: &[u8; 81] = bytes.first_chunk::<81>()?;
    if bytes.len() >= 256 {
        return None;
    }
    let mut values = vec![0u8; 81];
    let mut seen = [0u16; 27];
    for (cell, (&byte, value)) in cells.iter().zip(values.iter_mut()).enumerate() {
        let v = NINE_VALUE[byte as usize];
        if v == 0 {
            continue;
        }
        if v == NOT_A_CELL {
            return None;
        }
        let (r, c, b) = NINE_HOUSES[cell];
        let bit = 1u16 << v;
        let (r, c, b) = (r as usize, 9 + c as usize, 18 + b as usize);
        if (seen[r] | seen[c] | seen[b]) & bit != 0 {
            return None;
        }
        seen[r] |= bit;
        seen[c] |= bit;
        seen[b] |= bit;
        *value = v;
    }
    Some(Grid::from_values_unchecked(Layout::NINE, values))
}

impl Grid {
    /// Parse the line format (see the [module docs](crate::format)): 16, 36, 256 or 625
    /// characters exactly, else the first 81 characters as a 9×9 grid.
    ///
    /// # Errors
    /// [`ParseError::WrongLength`] when a 9×9 line is shorter than 81 characters,
    /// [`ParseError::InvalidChar`] for a character that is not a cell, and
    /// [`ParseError::Conflict`] for a digit given twice in a house (naming both cells).
    ///
    /// ```
    /// use sudoku_core::{Grid, ParseError};
    /// assert!(Grid::parse_line("1234341221434321").is_ok()); // a complete 4×4
    /// assert!(matches!(Grid::parse_line("12"), Err(ParseError::WrongLength { expected: 81, found: 2 })));
    /// ```
    pub fn parse_line(line: &str) -> Result<Self, ParseError> {
        if let Some(grid) = parse_nine_fast(line.as_bytes()) {
            return Ok(grid);
        }
        let trimmed = line.trim_end();
        let count = trimmed.chars().count();
        let layout = match Layout::from_cell_count(count) {
            Some(layout) if count != 81 => layout,
            _ => Layout::NINE,
        };
        Self::parse_line_with(layout, trimmed)
    }

    /// Parse the line format for a given layout: the first `layout.cells()` characters are
    /// the cells, the rest is ignored.
    ///
    /// # Errors
    /// As [`Grid::parse_line`].
    pub fn parse_line_with(layout: Layout, line: &str) -> Result<Self, ParseError> {
        let n = layout.size();
        let mut values = Vec::with_capacity(layout.cells());
        for (i, ch) in line.chars().take(layout.cells()).enumerate() {
            match char_digit(ch, n) {
                Some(d) => values.push(d),
                None => {
                    return Err(ParseError::InvalidChar {
                        ch,
                        line: 1,
                        column: i + 1,
                        alphabet: alphabet(n),
                    });
                }
            }
        }
        if values.len() != layout.cells() {
            return Err(ParseError::WrongLength {
                expected: layout.cells(),
                found: values.len(),
            });
        }
        Grid::from_values(layout, values)
    }

    /// Parse the pretty-grid format: whitespace and `|`, `-`, `+` are ignored, every other
    /// character is a cell, and the number of cells (16, 36, 81, 256 or 625) picks the size.
    ///
    /// # Errors
    /// [`ParseError::UnknownSize`], [`ParseError::InvalidChar`] (with its line and column) or
    /// [`ParseError::Conflict`].
    ///
    /// ```
    /// use sudoku_core::Grid;
    /// let text = "1 2 | 3 4\n3 4 | 1 2\n----+----\n2 1 | 4 3\n4 3 | 2 1\n";
    /// let grid = Grid::parse_grid(text)?;
    /// assert_eq!(grid.to_line(), "1234341221434321");
    /// assert_eq!(Grid::parse_grid(&grid.to_pretty())?, grid);
    /// # Ok::<(), sudoku_core::ParseError>(())
    /// ```
    pub fn parse_grid(text: &str) -> Result<Self, ParseError> {
        let mut cells: Vec<(char, usize, usize)> = Vec::new();
        for (l, line) in text.lines().enumerate() {
            for (c, ch) in line.chars().enumerate() {
                if !(ch.is_whitespace() || matches!(ch, '|' | '-' | '+')) {
                    cells.push((ch, l + 1, c + 1));
                }
            }
        }
        let layout = Layout::from_cell_count(cells.len()).ok_or(ParseError::UnknownSize { found: cells.len() })?;
        let n = layout.size();
        let mut values = Vec::with_capacity(cells.len());
        for (ch, line, column) in cells {
            values.push(char_digit(ch, n).ok_or_else(|| ParseError::InvalidChar {
                ch,
                line,
                column,
                alphabet: alphabet(n),
            })?);
        }
        Grid::from_values(layout, values)
    }

    /// The line format: one character per cell, `.` for empty.
    pub fn to_line(&self) -> String {
        let n = self.layout().size();
        self.values().iter().map(|&v| digit_char(v, n)).collect()
    }

    /// The pretty-grid format: one row per line, boxes separated by `|` and `-+-` lines.
    ///
    /// ```
    /// use sudoku_core::{Grid, Layout};
    /// assert_eq!(Grid::empty(Layout::FOUR).to_pretty(), ". . | . .\n. . | . .\n----+----\n. . | . .\n. . | . .\n");
    /// ```
    pub fn to_pretty(&self) -> String {
        let layout = self.layout();
        let n = layout.size();
        let mut out = String::new();
        for row in 0..n {
            if row > 0 && row % layout.box_rows() == 0 {
                let sample = pretty_row(self, 0);
                let rule: String = sample.chars().map(|ch| if ch == '|' { '+' } else { '-' }).collect();
                out.push_str(&rule);
                out.push('\n');
            }
            out.push_str(&pretty_row(self, row));
            out.push('\n');
        }
        out
    }
}

fn pretty_row(grid: &Grid, row: usize) -> String {
    let layout = grid.layout();
    let n = layout.size();
    let mut line = String::new();
    for col in 0..n {
        if col > 0 {
            line.push(' ');
            if col % layout.box_cols() == 0 {
                line.push_str("| ");
            }
        }
        line.push(digit_char(grid.values()[layout.cell(row, col)], n));
    }
    line
}

impl FromStr for Grid {
    type Err = ParseError;

    /// The pretty-grid format when the text has more than one non-empty line, else the line
    /// format.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        if text.lines().filter(|l| !l.trim().is_empty()).count() > 1 {
            Grid::parse_grid(text)
        } else {
            Grid::parse_line(text.trim())
        }
    }
}

impl std::fmt::Display for Grid {
    /// The line format.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.to_line())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::CellRef;
    use crate::layout::House;

    const PUZZLE: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    #[test]
    fn line_round_trip_and_trailing_text() {
        let grid = Grid::parse_line(PUZZLE).unwrap();
        assert_eq!(grid.to_line(), PUZZLE);
        let with_tail = format!("{PUZZLE}:1:whatever");
        assert_eq!(Grid::parse_line(&with_tail).unwrap(), grid);
        let zeros = PUZZLE.replace('.', "0");
        assert_eq!(Grid::parse_line(&zeros).unwrap(), grid);
        assert_eq!(grid.to_pretty().parse::<Grid>().unwrap(), grid);
    }

    #[test]
    fn errors_name_what_and_where() {
        assert_eq!(
            Grid::parse_line(&PUZZLE[..80]),
            Err(ParseError::WrongLength {
                expected: 81,
                found: 80
            })
        );
        let bad = format!("{}x{}", &PUZZLE[..10], &PUZZLE[11..]);
        assert!(matches!(
            Grid::parse_line(&bad),
            Err(ParseError::InvalidChar {
                ch: 'x',
                line: 1,
                column: 11,
                ..
            })
        ));
        // A second 5 in row 1, column 3.
        let dup = format!("535{}", &PUZZLE[3..]);
        let err = Grid::parse_line(&dup).unwrap_err();
        assert_eq!(
            err,
            ParseError::Conflict {
                digit: 5,
                house: House::Row(0),
                first: CellRef { row: 0, col: 0 },
                second: CellRef { row: 0, col: 2 },
            }
        );
        assert_eq!(err.to_string(), "digit 5 is given twice in row 1: at r1c1 and r1c3");
        assert!(matches!(
            Grid::parse_grid("1 2\n3"),
            Err(ParseError::UnknownSize { found: 3 })
        ));
        // Found by the fuzzer: a one-cell text must not parse as a grid in one format only.
        assert!(matches!(
            Grid::parse_grid("."),
            Err(ParseError::UnknownSize { found: 1 })
        ));
        assert!(matches!(
            Grid::parse_line("."),
            Err(ParseError::WrongLength { expected: 81, found: 1 })
        ));
    }

    #[test]
    fn fast_nine_path_agrees_with_the_general_path() {
        // Every cell of a valid puzzle replaced by every kind of character: the fast path
        // accepts exactly the lines the general path accepts, with the same grid, and leaves
        // every error to it.
        let mut checked = 0;
        for cell in 0..81 {
            for ch in ['.', '0', '_', '1', '5', '9', 'x', 'A', ' ', 'é'] {
                let mut line: String = PUZZLE.chars().take(cell).collect();
                line.push(ch);
                line.extend(PUZZLE.chars().skip(cell + 1));
                for tail in ["", "   ", ":1:whatever"] {
                    let text = format!("{line}{tail}");
                    let general = Grid::parse_line_with(Layout::NINE, text.trim_end());
                    match parse_nine_fast(text.as_bytes()) {
                        Some(grid) => assert_eq!(Ok(grid), general, "{text}"),
                        None => assert!(general.is_err() || !text.is_ascii(), "{text}"),
                    }
                    assert_eq!(Grid::parse_line(&text), general, "{text}");
                    checked += 1;
                }
            }
        }
        assert_eq!(checked, 81 * 10 * 3);
        // Lines of 256 characters are 16×16 grids even when they start with 81 digits.
        let long = format!("{PUZZLE}{}", ".".repeat(256 - 81));
        assert_eq!(parse_nine_fast(long.as_bytes()), None);
        assert!(
            matches!(Grid::parse_line(&long), Err(ParseError::InvalidChar { ch: '5', ref alphabet, .. }) if alphabet == "A–P")
        );
        assert_eq!(parse_nine_fast(&PUZZLE.as_bytes()[..80]), None);
    }

    #[test]
    fn larger_sizes_use_letters() {
        let mut line = String::from("ABCDEFGHIJKLMNOP");
        line.push_str(&".".repeat(240));
        let grid = Grid::parse_line(&line).unwrap();
        assert_eq!(grid.layout(), Layout::SIXTEEN);
        assert_eq!(grid.get(15), Some(16));
        assert_eq!(grid.to_line(), line);
        assert_eq!(Grid::parse_grid(&grid.to_pretty()).unwrap(), grid);
        let lower = line.to_lowercase();
        assert_eq!(Grid::parse_line(&lower).unwrap(), grid);
        assert!(matches!(
            Grid::parse_line(&line.replace('P', "Q")),
            Err(ParseError::InvalidChar { ch: 'Q', .. })
        ));
    }
}
