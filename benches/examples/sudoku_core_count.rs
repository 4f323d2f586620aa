//! sudoku-core answering like `sudoku_peer_count` (one count up to 2 per puzzle line), with
//! the search statistics totalled on stderr: our side of the instruction-count comparison,
//! without the command line's batch machinery. The arguments after the file, in any order:
//! a strategy (any `--strategy` name: `first`, `mrv`, `binary-max`, `binary-sum`,
//! `binary-min`, `binary-product`, `bivalue-product`; greedy by default), an inference
//! level (`singles`, `locked`,
//! `triads`; the library's default otherwise), and `portable` (turns off the run-time
//! CPU-feature dispatch of the 9×9 engine), e.g.
//!
//! ```sh
//! valgrind --tool=callgrind target/release/examples/sudoku_core_count FILE [STRATEGY] [LEVEL] > /dev/null
//! valgrind --tool=callgrind target/release/examples/sudoku_peer_count FILE > /dev/null
//! ```

use std::io::{BufRead, Write};

use sudoku_core::{Grid, Inference, Solver, Strategy};

fn main() -> std::io::Result<()> {
    let path = std::env::args().nth(1).ok_or_else(|| {
        std::io::Error::other("usage: sudoku_core_count FILE [STRATEGY] [singles|locked|triads] [portable]")
    })?;
    let (mut strategy, mut inference, mut portable) = (Strategy::Greedy, Inference::default(), false);
    for arg in std::env::args().skip(2) {
        if arg == "portable" {
            portable = true;
        } else if let Ok(s) = arg.parse::<Strategy>() {
            strategy = s;
        } else {
            inference = arg.parse().map_err(std::io::Error::other)?;
        }
    }
    let file = std::io::BufReader::new(std::fs::File::open(path)?);
    let mut out = std::io::stdout().lock();
    let solver = Solver::new(strategy)
        .with_inference(inference)
        .with_cpu_features(!portable);
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
