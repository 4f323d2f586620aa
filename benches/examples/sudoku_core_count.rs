//! sudoku-core answering like `sudoku_peer_count` (one count up to 2 per puzzle line; greedy
//! strategy unless a second argument names another: `first`, `mrv`; a third argument
//! `portable` turns off the run-time CPU-feature dispatch of the 9×9 engine), with the search
//! statistics totalled on stderr: our side of the instruction-count comparison, without the
//! command line's batch machinery, e.g.
//!
//! ```sh
//! valgrind --tool=callgrind target/release/examples/sudoku_core_count FILE [STRATEGY] > /dev/null
//! valgrind --tool=callgrind target/release/examples/sudoku_peer_count FILE > /dev/null
//! ```

use std::io::{BufRead, Write};

use sudoku_core::{Grid, Solver, Strategy};

fn main() -> std::io::Result<()> {
    let path = std::env::args()
        .nth(1)
        .ok_or_else(|| std::io::Error::other("usage: sudoku_core_count FILE [first|mrv|greedy [portable]]"))?;
    let strategy: Strategy = match std::env::args().nth(2) {
        Some(name) => name.parse().map_err(std::io::Error::other)?,
        None => Strategy::Greedy,
    };
    let file = std::io::BufReader::new(std::fs::File::open(path)?);
    let mut out = std::io::stdout().lock();
    let portable = std::env::args().nth(3).is_some_and(|a| a == "portable");
    let solver = Solver::new(strategy).with_cpu_features(!portable);
    let (mut puzzles, mut nodes, mut guesses, mut dead_ends, mut depth) = (0u64, 0u64, 0u64, 0u64, 0u64);
    for line in file.lines() {
        let line = line?;
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        match Grid::parse_line(&line) {
            Ok(grid) => {
                let report = solver.count(&grid, 2);
                puzzles += 1;
                nodes += report.stats.nodes;
                guesses += report.stats.guesses;
                dead_ends += report.stats.dead_ends;
                depth += u64::from(report.stats.max_depth);
                writeln!(out, "{}", report.value)?;
            }
            Err(e) => writeln!(out, "error: {e}")?,
        }
    }
    eprintln!("{puzzles} puzzles: {nodes} nodes, {guesses} guesses, {dead_ends} dead ends, {depth} summed max depth");
    Ok(())
}
