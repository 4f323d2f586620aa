//! One module per subcommand.

pub mod connect4;
pub mod demo;
pub mod mines;
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

/// What a command returns: an exit status, or an error to print.
pub type CommandResult = Result<std::process::ExitCode, CommandError>;
