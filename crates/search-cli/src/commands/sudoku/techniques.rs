//! `search-cli sudoku explain | rate | levels`: human techniques, grading, and the
//! techniques-as-propagation pipeline measured on puzzle sets; plus `generate --grade`.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use clap::Args;
use rand_chacha::ChaCha8Rng;
use search_core::{Budget, count_solutions};
use sudoku_core::explain::{LogicalSolver, Outcome, Settings};
use sudoku_core::generate::Generator;
use sudoku_core::grading::{Difficulty, RateError, check_unique, rate, try_generate_graded};
use sudoku_core::pipeline::TechniqueProblem;
use sudoku_core::techniques::Step;
use sudoku_core::{Candidates, Grid, Layout, Solver, Strategy};

use super::input::{is_skipped, parse_puzzle, read_puzzle_sets};
use crate::batch::{self, Answer};
use crate::commands::{CommandError, CommandResult};

/// Arguments of `search-cli sudoku explain`.
#[derive(Debug, Args)]
pub struct ExplainArgs {
    /// Input file, one puzzle per line (standard input when absent or `-`). Lines starting
    /// with `#` and empty lines are skipped. A puzzle with no solution or with more than one
    /// is answered with an error line (as `rate` does), checked by a solution count of at
    /// most 1,000,000 nodes; a puzzle past that count is explained as it is.
    file: Option<PathBuf>,
    /// Worker threads (0 or 1 = none); the output is the same for every N.
    #[arg(long, default_value_t = 1, value_parser = crate::commands::threads())]
    threads: usize,
    /// One JSON object per step: {"technique", "placements", "eliminations", "text"} with
    /// 1-based [row, column, digit] triples; then one `{"outcome": "solved" | "stuck" |
    /// "contradiction", "open_cells", "grid"}` for where the explanation ends.
    #[arg(long)]
    json: bool,
    /// Never use the uniqueness techniques (by default they are used when the solver proves
    /// the puzzle has exactly one solution).
    #[arg(long)]
    no_uniqueness: bool,
}

/// Arguments of `search-cli sudoku rate`.
#[derive(Debug, Args)]
pub struct RateArgs {
    /// Input file, one puzzle per line (standard input when absent or `-`). Lines starting
    /// with `#` and empty lines are skipped. A Sudoku Exchange line (`hash puzzle rating`) is
    /// read by its second field.
    file: Option<PathBuf>,
    /// Worker threads (0 or 1 = none); the output is the same for every N.
    #[arg(long, default_value_t = 1, value_parser = crate::commands::threads())]
    threads: usize,
}

/// Arguments of `search-cli sudoku levels`.
#[derive(Debug, Args)]
pub struct LevelsArgs {
    /// Puzzle files.
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Use at most this many puzzles per file, evenly spaced through it (0 = all).
    #[arg(long, default_value_t = 0)]
    sample: usize,
    /// Count solutions up to this limit (2 = solve and prove uniqueness; at least 1).
    #[arg(long, default_value_t = 2, value_parser = crate::commands::at_least_one())]
    limit: u64,
    /// Technique levels to measure (default: easy, medium, hard, unfair).
    #[arg(long, value_delimiter = ',')]
    levels: Vec<Difficulty>,
}

/// 1-based `[row, column, digit]` triples.
fn triples(layout: Layout, cands: &[sudoku_core::Placement]) -> Vec<[usize; 3]> {
    cands
        .iter()
        .map(|p| {
            let cell = p.cell as usize;
            [layout.row_of(cell) + 1, layout.col_of(cell) + 1, p.digit as usize]
        })
        .collect()
}

/// The step as one JSON object, keys in the documented order.
fn step_json(layout: Layout, step: &Step) -> String {
    let json = |v: &dyn erased::Json| v.to_json();
    format!(
        "{{\"technique\":{},\"placements\":{},\"eliminations\":{},\"text\":{}}}",
        json(&step.technique.id()),
        json(&triples(layout, &step.placements)),
        json(&triples(layout, &step.eliminations)),
        json(&step.text.as_str()),
    )
}

mod erased {
    /// A value `serde_json` can print (object-safe wrapper).
    pub trait Json {
        fn to_json(&self) -> String;
    }
    impl<T: serde::Serialize + ?Sized> Json for T {
        fn to_json(&self) -> String {
            serde_json::to_string(self).unwrap_or_default()
        }
    }
}

/// Nodes the solution count before an explanation may spend; past it (only very large or
/// nearly empty grids) the puzzle is explained without the uniqueness techniques and may end
/// stuck or in a contradiction.
const EXPLAIN_CHECK_NODES: u64 = 1_000_000;

/// Run `search-cli sudoku explain`.
pub fn explain(args: &ExplainArgs) -> CommandResult {
    let input = batch::open_input(args.file.as_deref())?;
    let mut out = batch::output();
    let (json, no_uniqueness) = (args.json, args.no_uniqueness);
    let summary = batch::run(input, &mut out, args.threads, "explaining", |line| {
        if is_skipped(line) {
            return Answer::Skip;
        }
        let grid = match parse_puzzle(line) {
            Ok(grid) => grid,
            Err(reason) => return Answer::Error(reason),
        };
        let known_unique = match check_unique(&grid, EXPLAIN_CHECK_NODES) {
            Ok(()) => true,
            Err(RateError::TooHard(_)) => false,
            Err(RateError::NotUnique) => {
                return Answer::Error(format!("{} (explain needs exactly one)", RateError::NotUnique));
            }
            Err(err) => return Answer::Error(err.to_string()),
        };
        let unique = !no_uniqueness && known_unique;
        let settings = Settings {
            assume_unique: unique,
            max_level: Difficulty::Extreme,
        };
        let explanation = LogicalSolver::new(settings).explain(&grid);
        let layout = grid.layout();
        let mut lines: Vec<String> = if json {
            explanation.steps.iter().map(|s| step_json(layout, s)).collect()
        } else {
            explanation
                .steps
                .iter()
                .enumerate()
                .map(|(i, s)| format!("{}. {}", i + 1, s.text))
                .collect()
        };
        if json {
            let (outcome, open) = match explanation.outcome {
                Outcome::Solved => ("solved", 0),
                Outcome::Stuck => ("stuck", explanation.end.open_cells()),
                Outcome::Contradiction => ("contradiction", explanation.end.open_cells()),
            };
            lines.push(format!(
                "{{\"outcome\":\"{outcome}\",\"open_cells\":{open},\"grid\":\"{}\"}}",
                explanation.end.to_grid().to_line()
            ));
        } else {
            lines.push(match explanation.outcome {
                Outcome::Solved => format!("solved: {}", explanation.end.to_grid().to_line()),
                Outcome::Stuck => format!(
                    "stuck: no technique applies ({} cells open): {}",
                    explanation.end.open_cells(),
                    explanation.end.to_grid().to_line()
                ),
                Outcome::Contradiction => "contradiction: the puzzle has no solution".to_string(),
            });
        }
        lines.push(String::new());
        Answer::Lines(lines)
    })?;
    Ok(summary.exit_code())
}

/// Run `search-cli sudoku rate`.
pub fn rate_command(args: &RateArgs) -> CommandResult {
    let input = batch::open_input(args.file.as_deref())?;
    let mut out = batch::output();
    let summary = batch::run(input, &mut out, args.threads, "rating", |line| {
        if is_skipped(line) {
            return Answer::Skip;
        }
        match parse_puzzle(line).and_then(|grid| rate(&grid).map_err(|e| e.to_string())) {
            Ok(rating) => Answer::Line(format!("{} {}", rating.difficulty, rating.score)),
            Err(reason) => Answer::Error(reason),
        }
    })?;
    Ok(summary.exit_code())
}

/// One line of `generate --grade`: a puzzle of the grade, or the reason for an error line
/// (no puzzle of the grade in `attempts`, or `budget` ran out over the attempts).
///
/// # Errors
/// The reason, for the caller to print as `error: puzzle I: <reason>`.
pub fn graded_line(
    generator: &Generator,
    grade: Difficulty,
    attempts: u32,
    rng: &mut ChaCha8Rng,
    budget: &Budget,
) -> Result<String, String> {
    match try_generate_graded(generator, grade, rng, attempts, budget) {
        Ok(Some(grid)) => Ok(grid.to_line()),
        Ok(None) => Err(format!("no {grade} puzzle in {attempts} attempts")),
        Err(stopped) => Err(stopped.to_string()),
    }
}

/// Run `search-cli sudoku levels`: a Markdown table of what each technique level does to
/// the search (one thread), next to the plain 9×9 engine.
pub fn levels(args: &LevelsArgs) -> CommandResult {
    let levels = if args.levels.is_empty() {
        vec![
            Difficulty::Easy,
            Difficulty::Medium,
            Difficulty::Hard,
            Difficulty::Unfair,
        ]
    } else {
        args.levels.clone()
    };
    // Every file is read and parsed before the table starts, so a bad line stops the
    // command before any row is printed.
    let sets = read_puzzle_sets(&args.files, args.sample)?;
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "| set | propagation | puzzles | mean CPU time (µs) | mean wall time (µs) | nodes | guesses | no guess |"
    )?;
    writeln!(out, "|---|---|---:|---:|---:|---:|---:|---:|")?;
    for (name, grids) in &sets {
        let n = grids.len().max(1) as f64;
        let mut row = |label: &str, run: &dyn Fn(&Grid) -> search_core::SearchStats| -> std::io::Result<()> {
            let (mut nodes, mut guesses, mut no_guess) = (0u64, 0u64, 0u64);
            let start = Instant::now();
            let cpu_start = thread_cpu_ns();
            for grid in grids {
                let stats = run(grid);
                nodes += stats.nodes;
                guesses += stats.guesses;
                no_guess += u64::from(stats.guesses == 0);
            }
            let cpu = match (cpu_start, thread_cpu_ns()) {
                (Some(a), Some(b)) => format!("{:.1}", (b - a) as f64 / 1e3 / n),
                _ => "n/a".to_string(),
            };
            writeln!(
                out,
                "| {name} | {label} | {} | {cpu} | {:.1} | {:.2} | {:.2} | {:.1}% |",
                grids.len(),
                start.elapsed().as_secs_f64() * 1e6 / n,
                nodes as f64 / n,
                guesses as f64 / n,
                100.0 * no_guess as f64 / n
            )
        };
        let limit = args.limit;
        row("fast 9×9 engine (singles + locked)", &|g| {
            Solver::default()
                .with_inference(sudoku_core::Inference::LockedCandidates)
                .count(g, limit)
                .stats
        })?;
        for &level in &levels {
            let problem = TechniqueProblem::new(level, Strategy::Greedy);
            row(&format!("techniques up to {level}"), &|g| {
                count_solutions(&problem, Candidates::from_grid(g), limit, &Budget::unlimited()).stats
            })?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// CPU time of the calling thread in nanoseconds (Linux `/proc/thread-self/schedstat`), so
/// that the table stays meaningful on a loaded machine; `None` elsewhere.
fn thread_cpu_ns() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    text.split_whitespace().next()?.parse().ok()
}

/// The human-techniques part of `search-cli demo`: a hard puzzle explained step by step (the
/// steps past the singles), and grades.
pub fn demo(out: &mut impl Write) -> CommandResult {
    writeln!(
        out,
        "== sudoku-core: human techniques that explain themselves, HoDoKu-style grading"
    )?;
    let text = "5.7....3.....61...1.8......62..4.......7...8...........1....6.43..5...........2..";
    let grid = parse_puzzle(text).map_err(CommandError::Usage)?;
    let explanation = LogicalSolver::new(Settings {
        assume_unique: true,
        max_level: Difficulty::Extreme,
    })
    .explain(&grid);
    writeln!(
        out,
        "puzzle {text}: {} steps, {:?}",
        explanation.steps.len(),
        explanation.outcome
    )?;
    for (i, step) in explanation.steps.iter().enumerate() {
        if step.technique.level() > Difficulty::Easy {
            writeln!(out, "  {:>3}. {}", i + 1, step.text)?;
        }
    }
    for line in [
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
        text,
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
    ] {
        let grid = parse_puzzle(line).map_err(CommandError::Usage)?;
        match rate(&grid) {
            Ok(r) => writeln!(out, "rate {line}: {} {}", r.difficulty, r.score)?,
            Err(e) => writeln!(out, "rate {line}: error: {e}")?,
        }
    }
    Ok(ExitCode::SUCCESS)
}
