//! `search-cli queens`: the shared constraint search on the n-queens problem.

use std::io::Write;
use std::process::ExitCode;

use clap::Args;
use search_core::toys::{Queens, QueensState};
use search_core::{Report, parallel};

use super::{CommandError, CommandResult};

/// Arguments of `search-cli queens`.
#[derive(Debug, Args)]
pub struct QueensArgs {
    /// Board size (1 to 24).
    n: u32,
    /// Print the first solution (in depth-first order) as a board instead of counting.
    #[arg(long, conflicts_with = "limit")]
    first: bool,
    /// Stop counting at this many solutions (at least 1).
    #[arg(long, value_parser = super::at_least_one())]
    limit: Option<u64>,
    /// Worker threads (0 or 1 = search on the calling thread); the answer is the same for every N
    /// (the `--stats` node counts too, except when the search ends early: with `--first`,
    /// `--limit` or a budget, parallel workers may have explored different parts).
    #[arg(long, default_value_t = 1, value_parser = super::threads())]
    threads: usize,
    /// Give up after this many nodes.
    #[arg(long)]
    max_nodes: Option<u64>,
    /// Give up after this many seconds.
    #[arg(long, allow_negative_numbers = true)]
    max_seconds: Option<f64>,
    /// Print a `stats` line with tab-separated nodes, dead ends, maximum depth and microseconds.
    #[arg(long)]
    stats: bool,
}

/// Run `search-cli queens`.
pub fn run(args: &QueensArgs) -> CommandResult {
    let problem =
        Queens::new(args.n).ok_or_else(|| CommandError::Usage(format!("board size {} is not in 1..=24", args.n)))?;
    let budget = super::budget(args.max_nodes, args.max_seconds)?;
    let pool = crate::batch::pool(args.threads).map_err(|e| CommandError::Usage(e.to_string()))?;
    let parallel = pool.is_some();
    let search = || {
        if args.first {
            let report = if parallel {
                parallel::par_first_solution(&problem, QueensState::default(), &budget)
            } else {
                search_core::first_solution(&problem, QueensState::default(), &budget)
            };
            let lines = match &report.value {
                Some(state) => (0..args.n).map(|row| board_row(args.n, state.column_of(row))).collect(),
                None => vec!["no solution".to_string()],
            };
            (lines, report.map(|_| ()))
        } else {
            let limit = args.limit.unwrap_or(u64::MAX);
            let report = if parallel {
                parallel::par_count_solutions(&problem, QueensState::default(), limit, &budget)
            } else {
                search_core::count_solutions(&problem, QueensState::default(), limit, &budget)
            };
            (vec![report.value.to_string()], report.map(|_| ()))
        }
    };
    let (lines, report) = match &pool {
        Some(pool) => pool.install(search),
        None => search(),
    };
    let mut out = std::io::stdout().lock();
    if let Some(reason) = report.stopped {
        eprintln!("error: search stopped early ({reason})");
        // The count so far is a lower bound: say so on the answer itself.
        if !args.first {
            writeln!(out, "stopped ({reason}): at least {}", lines.join(""))?;
        }
        if args.stats {
            writeln!(out, "stats{}", stats_suffix(true, &report))?;
        }
        return Ok(ExitCode::FAILURE);
    }
    for line in &lines {
        writeln!(out, "{line}")?;
    }
    if args.stats {
        writeln!(out, "stats{}", stats_suffix(true, &report))?;
    }
    Ok(ExitCode::SUCCESS)
}

fn board_row(n: u32, queen: Option<u32>) -> String {
    (0..n).map(|col| if Some(col) == queen { 'Q' } else { '.' }).collect()
}

fn stats_suffix(wanted: bool, report: &Report<()>) -> String {
    if !wanted {
        return String::new();
    }
    let s = &report.stats;
    format!(
        "\t{}\t{}\t{}\t{}",
        s.nodes,
        s.dead_ends,
        s.max_depth,
        s.elapsed.as_micros()
    )
}
