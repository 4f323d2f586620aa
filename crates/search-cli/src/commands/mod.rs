//! One module per subcommand.

pub mod connect4;
pub mod demo;
pub mod mines;
pub mod mines_boards;
pub mod mines_compare;
#[cfg(feature = "learn")]
pub mod mines_learn;
pub mod mines_play;
pub mod queens;
pub mod sudoku;
pub mod sudoku_techniques;
pub mod tictactoe;

/// An error that ends a command (bad arguments, unreadable input, failed output).
#[derive(Debug, thiserror::Error)]
pub enum CommandError {
    /// Reading input or writing output failed.
    #[error("{0}")]
    Io(#[from] std::io::Error),
    /// An argument was out of range or inconsistent.
    #[error("{0}")]
    Usage(String),
}

/// The parser of a count that must be at least 1 (`--games`, `--limit`): a count of 0 would
/// print an empty result (a 0% win rate, 0 solutions) as if it were an answer.
pub fn at_least_one() -> clap::builder::RangedU64ValueParser<u64> {
    clap::value_parser!(u64).range(1..)
}

/// What a command returns: an exit status, or an error to print.
pub type CommandResult = Result<std::process::ExitCode, CommandError>;

/// The search budget of `--max-nodes` and `--max-seconds` (unlimited when both are absent).
///
/// # Errors
/// A usage error when `--max-seconds` is negative, not finite or too large for a duration.
pub fn budget(max_nodes: Option<u64>, max_seconds: Option<f64>) -> Result<search_core::Budget, CommandError> {
    let mut budget = search_core::Budget::unlimited();
    if let Some(nodes) = max_nodes {
        budget = budget.with_node_limit(nodes);
    }
    if let Some(seconds) = max_seconds {
        let limit = std::time::Duration::try_from_secs_f64(seconds)
            .map_err(|e| CommandError::Usage(format!("--max-seconds {seconds}: {e}")))?;
        budget = budget.with_time_limit(limit);
    }
    Ok(budget)
}
