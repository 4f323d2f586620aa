//! The puzzle input the Sudoku commands share: a puzzle per line (or the puzzle field of a
//! Sudoku Exchange record), skipped lines, puzzle files read whole, and parse errors worded
//! for a line of input.

use std::path::PathBuf;

use sudoku_core::{Grid, ParseError};

use crate::batch;
use crate::commands::CommandError;

/// The message of a parse error of one input line: a bad character is named by its column
/// (the parser's "line" is the line within the text, always 1 here; the batch driver puts
/// the input line in front).
pub(crate) fn line_error(err: &ParseError) -> String {
    line_error_at(err, 0)
}

/// [`line_error`] of a puzzle that starts `offset` characters into its input line: the
/// column is counted from the start of the line.
pub(crate) fn line_error_at(err: &ParseError, offset: usize) -> String {
    match err {
        ParseError::InvalidChar {
            ch, column, alphabet, ..
        } => format!(
            "invalid character {ch:?} at column {} (digits are {alphabet}; empty cells are '.', '0' or '_')",
            column + offset
        ),
        other => other.to_string(),
    }
}

/// The puzzle of a line: the whole line, or the second field of a Sudoku Exchange record.
/// An error names the field read when the line has several, and counts columns from the start
/// of the line.
pub(crate) fn parse_puzzle(line: &str) -> Result<Grid, String> {
    let mut fields = line.split_whitespace();
    let first = fields.next().unwrap_or("");
    let (text, field) = match fields.next() {
        Some(second) if first.len() != second.len() => (second, Some(2)),
        Some(_) => (first, Some(1)),
        None => (first, None),
    };
    Grid::parse_line(text).map_err(|e| {
        // `text` is a slice of `line`: its characters before it shift the columns.
        let start = text.as_ptr().addr().saturating_sub(line.as_ptr().addr());
        let offset = line.get(..start).map_or(0, |before| before.chars().count());
        let reason = line_error_at(&e, offset);
        match field {
            Some(n) => format!("field {n}: {reason}"),
            None => reason,
        }
    })
}

/// Blank lines and comments (`#` first) hold no puzzle.
pub(crate) fn is_skipped(line: &str) -> bool {
    line.trim().is_empty() || line.starts_with('#')
}

/// The puzzles of each file, `(file name, puzzles)`, every file read and parsed before the
/// caller prints anything, so that a bad line stops the command before a table starts.
/// Lines are read as [`parse_puzzle`] does, skipping blanks and comments; with `sample` > 0,
/// at most that many puzzles per file, evenly spaced through it. A bad line is an error
/// naming it: `FILE:LINE: reason`.
pub(crate) fn read_puzzle_sets(files: &[PathBuf], sample: usize) -> Result<Vec<(String, Vec<Grid>)>, CommandError> {
    let mut sets = Vec::with_capacity(files.len());
    for file in files {
        let text = batch::read_file(file).map_err(|e| CommandError::Usage(e.to_string()))?;
        let lines: Vec<(usize, &str)> = text.lines().enumerate().filter(|(_, l)| !is_skipped(l)).collect();
        let step = if sample == 0 || sample >= lines.len() {
            1
        } else {
            lines.len() / sample
        };
        let keep = if sample == 0 { usize::MAX } else { sample };
        let mut grids = Vec::new();
        for &(index, line) in lines.iter().step_by(step).take(keep) {
            let grid = parse_puzzle(line)
                .map_err(|e| CommandError::Usage(format!("{}:{}: {e}", file.display(), index + 1)))?;
            grids.push(grid);
        }
        let name = file
            .file_name()
            .map_or_else(|| file.display().to_string(), |n| n.to_string_lossy().into_owned());
        sets.push((name, grids));
    }
    Ok(sets)
}
