//! `search-cli`: one command line over the search workspace.
//!
//! Every batch subcommand reads one item per input line (a file, or standard input), writes
//! one answer per line in the same order, prints `error: <reason>` for a bad line and keeps
//! going, and exits with status 1 when any line failed.
//!
//! When the reader of standard output goes away early (`search-cli sudoku solve big.txt |
//! head -1`), the command stops quietly with status 0, as `head` asked: nothing is printed
//! about the broken pipe.

#![forbid(unsafe_code)]

mod batch;
mod commands;
mod options;
mod progress;

use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};

/// Search-based puzzle and game AI: Sudoku, two-player games and Minesweeper.
#[derive(Debug, Parser)]
#[command(name = "search-cli", version, about, long_about = None, propagate_version = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// A short tour of every engine, each part finishing in seconds.
    Demo(commands::demo::DemoArgs),
    /// The shared constraint search on the n-queens problem (count or list solutions).
    Queens(commands::queens::QueensArgs),
    /// Sudoku: solve, count and generate puzzles; compare branching strategies.
    Sudoku(commands::sudoku::SudokuArgs),
    /// Minesweeper: exact and teacher mine probabilities, training data, heat maps.
    Mines(Box<commands::mines::MinesArgs>),
    /// Connect Four: exact scores of positions (`solve`), or a game against the solver (`play`).
    Connect4(commands::connect4::Connect4Args),
    /// Tic-tac-toe: value and best moves (`solve`), or a game against the engine (`play`).
    Tictactoe(commands::tictactoe::TicTacToeArgs),
    /// The web playground: play every engine in a browser (prints the address to open).
    #[cfg(feature = "web")]
    Serve(commands::serve::ServeArgs),
    /// Print a shell completion script for this command line, e.g. for bash into
    /// `~/.local/share/bash-completion/completions/search-cli`.
    Completions {
        /// The shell: bash, elvish, fish, powershell or zsh.
        shell: clap_complete::Shell,
    },
}

/// Write the completion script of `shell` to standard output.
fn completions(shell: clap_complete::Shell) -> commands::CommandResult {
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut Cli::command(), "search-cli", &mut script);
    let mut script = String::from_utf8_lossy(&script).into_owned();
    if shell == clap_complete::Shell::Bash {
        // clap_complete 4.6's bash script spells the state of a subcommand of a hyphenated
        // binary two ways: its loop sets `search__cli__subcmd__mines`, its case arms test
        // `search__subcmd__cli__subcmd__mines`, so nothing after the first word completes
        // (clap-rs/clap#6421). The arms are respelt the way the loop spells them.
        script = script.replace("search__subcmd__cli", "search__cli");
    }
    std::io::Write::write_all(&mut std::io::stdout().lock(), script.as_bytes())?;
    Ok(ExitCode::SUCCESS)
}

fn main() -> ExitCode {
    // What `Cli::parse()` does, with its errors, in two steps: `mines play` also asks the
    // matches which options were written out on the command line.
    let matches = Cli::command().get_matches();
    let cli = Cli::from_arg_matches(&matches).unwrap_or_else(|e| e.format(&mut Cli::command()).exit());
    let result = match cli.command {
        Command::Demo(args) => commands::demo::run(&args),
        Command::Queens(args) => commands::queens::run(&args),
        Command::Sudoku(args) => commands::sudoku::run(&args),
        Command::Mines(args) => {
            let (_, mines) = matches.subcommand().expect("clap matched `mines`");
            commands::mines::run(&args, mines)
        }
        Command::Connect4(args) => commands::connect4::run(&args),
        Command::Tictactoe(args) => commands::tictactoe::run(&args),
        #[cfg(feature = "web")]
        Command::Serve(args) => commands::serve::run(&args),
        Command::Completions { shell } => completions(shell),
    };
    match result {
        Ok(code) => code,
        Err(commands::CommandError::Io(err)) if err.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("error: {err}");
            ExitCode::FAILURE
        }
    }
}
