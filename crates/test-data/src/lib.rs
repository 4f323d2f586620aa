//! Where the public puzzle and position sets live, for tests and benchmarks.
//!
//! The data sets are not part of the repository: they sit in `shared/data` beside it
//! (`../shared/data` from the workspace root), or wherever `SEARCH_DATA_DIR` points. Tests that
//! need a file call [`read`] and skip, with a note on stderr, when it is missing.

#![forbid(unsafe_code)]

use std::path::PathBuf;

/// The data folder: `$SEARCH_DATA_DIR`, else `../shared/data` beside the workspace. `None`
/// when it does not exist.
pub fn data_dir() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("SEARCH_DATA_DIR") {
        let dir = PathBuf::from(dir);
        return dir.is_dir().then_some(dir);
    }
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data");
    dir.is_dir().then_some(dir)
}

/// Read `shared/data/<relative>` (e.g. `"sudoku/puzzles2_17_clue"`). When the folder or the
/// file is missing, print a note naming it on stderr and return `None`, so the caller can skip.
pub fn read(relative: &str) -> Option<String> {
    let Some(dir) = data_dir() else {
        eprintln!(
            "note: the shared data folder (../shared/data beside the repository, or $SEARCH_DATA_DIR) is missing; \
             skipping what needs {relative}"
        );
        return None;
    };
    match std::fs::read_to_string(dir.join(relative)) {
        Ok(text) => Some(text),
        Err(err) => {
            eprintln!("note: cannot read shared/data/{relative} ({err}); skipping");
            None
        }
    }
}

/// The non-empty, non-comment (`#`) lines of a data file, with line endings (LF or CRLF)
/// removed. `None` when the file is missing (see [`read`]).
pub fn lines(relative: &str) -> Option<Vec<String>> {
    let text = read(relative)?;
    Some(
        text.lines()
            .map(|l| l.trim_end_matches('\r'))
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .map(str::to_owned)
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    #[test]
    fn finds_the_shared_folder_or_says_it_is_missing() {
        match super::data_dir() {
            Some(dir) => assert!(dir.join("sudoku").is_dir() || dir.join("connect4").is_dir()),
            None => assert!(super::read("sudoku/tdoku_test_puzzles").is_none()),
        }
    }
}
