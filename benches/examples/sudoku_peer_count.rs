//! The `sudoku` crate 0.8 answering like `search-cli sudoku count` (one count up to 2 per
//! puzzle line): a cross-check of our counts, and the peer's side of instruction-count
//! comparisons that do not depend on machine load, e.g.
//!
//! ```sh
//! valgrind --tool=callgrind target/release/examples/sudoku_peer_count FILE > /dev/null
//! valgrind --tool=callgrind target/release/search-cli sudoku count FILE > /dev/null
//! ```

use std::io::{BufRead, Write};

fn main() -> std::io::Result<()> {
    let path = std::env::args()
        .nth(1)
        .ok_or_else(|| std::io::Error::other("usage: sudoku_peer_count FILE"))?;
    let file = std::io::BufReader::new(std::fs::File::open(path)?);
    let mut out = std::io::stdout().lock();
    for line in file.lines() {
        let line = line?;
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        match line.get(..81).map(sudoku::Sudoku::from_str_line) {
            Some(Ok(s)) => writeln!(out, "{}", s.solutions_count_up_to(2))?,
            _ => writeln!(out, "error: not an 81-character puzzle line")?,
        }
    }
    Ok(())
}
