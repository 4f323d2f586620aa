//! `search-cli sudoku`: the subcommand tree and its dispatch. The commands on the tree search
//! (solve, count, generate, strategies) are in `solve.rs`, those on human techniques
//! (explain, rate, levels; and the graded puzzles of `generate --grade`) in `techniques.rs`,
//! and the puzzle input both read (lines, Sudoku Exchange records, puzzle files, parse
//! errors) in `input.rs`.

use clap::{Args, Subcommand};

use crate::commands::CommandResult;

mod input;
pub mod solve;
pub mod techniques;

/// Arguments of `search-cli sudoku`.
#[derive(Debug, Args)]
pub struct SudokuArgs {
    #[command(subcommand)]
    command: SudokuCommand,
}

#[derive(Debug, Subcommand)]
enum SudokuCommand {
    /// Solve one puzzle per line: the solution, `unsolvable`, or `error: line N: <reason>`.
    Solve(solve::SolveArgs),
    /// Count the solutions of one puzzle per line, up to a limit.
    Count(solve::CountArgs),
    /// Generate puzzles with exactly one solution, one per line (`error: puzzle I: <reason>` for
    /// one that runs out of its budget or, with --grade, of attempts).
    Generate(solve::GenerateArgs),
    /// Compare the branching strategies on puzzle files (one thread): a Markdown table of the
    /// mean time, nodes, guesses, maximum depth and dead ends per puzzle.
    Strategies(solve::StrategiesArgs),
    /// Explain one puzzle per line step by step with human techniques (or --json steps).
    Explain(techniques::ExplainArgs),
    /// Grade one puzzle per line: `<grade> <score>`, grades easy to extreme.
    Rate(techniques::RateArgs),
    /// Measure the techniques as propagation inside the tree search, level by level.
    Levels(techniques::LevelsArgs),
}

/// Run `search-cli sudoku`.
pub fn run(args: &SudokuArgs) -> CommandResult {
    match &args.command {
        SudokuCommand::Solve(a) => solve::solve(a),
        SudokuCommand::Count(a) => solve::count(a),
        SudokuCommand::Generate(a) => solve::generate(a),
        SudokuCommand::Strategies(a) => solve::strategies(a),
        SudokuCommand::Explain(a) => techniques::explain(a),
        SudokuCommand::Rate(a) => techniques::rate_command(a),
        SudokuCommand::Levels(a) => techniques::levels(a),
    }
}
