//! `search-cli demo`: the tour for a newcomer. Each engine adds its part as it lands; each
//! part finishes in seconds.

use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

use clap::Args;
use search_core::toys::{Queens, QueensState};
use search_core::{Budget, count_solutions, first_solution};

use super::CommandResult;

/// Arguments of `search-cli demo`.
#[derive(Debug, Args)]
pub struct DemoArgs {}

/// Run the demo.
pub fn run(_args: &DemoArgs) -> CommandResult {
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "== search-core: depth-first constraint search on the n-queens problem"
    )?;
    let eight = Queens::new(8).ok_or_else(|| std::io::Error::other("8 is a valid board size"))?;
    let first = first_solution(&eight, QueensState::default(), &Budget::unlimited());
    if let Some(state) = first.value {
        writeln!(out, "first solution of 8 queens ({} nodes):", first.stats.nodes)?;
        for row in 0..8 {
            let line: String = (0..8)
                .map(|c| if state.column_of(row) == Some(c) { " Q" } else { " ." })
                .collect();
            writeln!(out, "   {line}")?;
        }
    }
    for n in [8, 10, 12] {
        let Some(problem) = Queens::new(n) else { continue };
        let start = Instant::now();
        let report = count_solutions(&problem, QueensState::default(), u64::MAX, &Budget::unlimited());
        writeln!(
            out,
            "{n:>2} queens: {:>6} solutions, {:>8} nodes, {:>7} dead ends, {:.1} ms",
            report.value,
            report.stats.nodes,
            report.stats.dead_ends,
            start.elapsed().as_secs_f64() * 1e3
        )?;
    }
    super::sudoku::solve::demo(&mut out)?;
    super::mines::demo(&mut out)?;
    super::tictactoe::demo(&mut out)?;
    super::connect4::demo(&mut out)?;
    super::sudoku::techniques::demo(&mut out)?;
    super::mines::play::demo(&mut out)?;
    Ok(ExitCode::SUCCESS)
}
