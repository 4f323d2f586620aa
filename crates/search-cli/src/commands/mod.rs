//! One module per subcommand.

pub mod connect4;
pub mod demo;
pub mod mines;
pub mod queens;
#[cfg(feature = "web")]
pub mod serve;
pub mod sudoku;
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

/// The most worker threads `--threads` accepts: far more than any machine has cores, and few
/// enough that the pool can be built (tens of thousands of threads abort the process or hang
/// it while it spawns them).
pub const MAX_THREADS: u64 = 1024;

/// The parser of every `--threads`: 0 to [`MAX_THREADS`].
pub fn threads() -> clap::builder::RangedU64ValueParser<usize> {
    clap::builder::RangedU64ValueParser::<usize>::new().range(0..=MAX_THREADS)
}

/// What a command returns: an exit status, or an error to print.
pub type CommandResult = Result<std::process::ExitCode, CommandError>;

/// The search budget of `--max-nodes` and `--max-seconds` (unlimited when both are absent),
/// starting now.
///
/// # Errors
/// A usage error when `--max-seconds` is negative, not finite or too large for a duration.
pub fn budget(max_nodes: Option<u64>, max_seconds: Option<f64>) -> Result<search_core::Budget, CommandError> {
    Ok(Limits::new(max_nodes, max_seconds)?.start())
}

/// The limits of `--max-nodes` and `--max-seconds`, checked once; each input line or puzzle
/// then starts a budget of its own with [`Limits::start`], so the time runs per line.
#[derive(Debug, Clone, Copy, Default)]
pub struct Limits {
    nodes: Option<u64>,
    time: Option<std::time::Duration>,
}

impl Limits {
    /// The limits of the two options.
    ///
    /// # Errors
    /// A usage error when `--max-seconds` is negative, not finite or too large for a duration.
    pub fn new(max_nodes: Option<u64>, max_seconds: Option<f64>) -> Result<Self, CommandError> {
        let time = max_seconds
            .map(|seconds| {
                std::time::Duration::try_from_secs_f64(seconds)
                    .map_err(|e| CommandError::Usage(format!("--max-seconds {seconds}: {e}")))
            })
            .transpose()?;
        Ok(Limits { nodes: max_nodes, time })
    }

    /// Whether neither option was given.
    pub fn is_unlimited(&self) -> bool {
        self.nodes.is_none() && self.time.is_none()
    }

    /// A budget with these limits, its time counted from now.
    pub fn start(&self) -> search_core::Budget {
        let mut budget = search_core::Budget::unlimited();
        if let Some(nodes) = self.nodes {
            budget = budget.with_node_limit(nodes);
        }
        if let Some(limit) = self.time {
            budget = budget.with_time_limit(limit);
        }
        budget
    }
}
