//! `search-cli sudoku solve | count | generate | strategies`: the commands on the tree
//! search, and the Sudoku part of `search-cli demo`.

use std::convert::Infallible;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use clap::Args;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use search_core::parallel::ordered_map;
use sudoku_core::generate::{GenerateOptions, Generator};
use sudoku_core::{Grid, Inference, Layout, Solver, Strategy};

use super::input::{is_skipped, line_error, read_puzzle_sets};
use crate::batch::{self, Answer};
use crate::commands::{self, CommandError, CommandResult};

/// Options shared by the batch subcommands.
#[derive(Debug, Args)]
struct BatchArgs {
    /// Input file, one puzzle per line (standard input when absent or `-`). Lines starting
    /// with `#` and empty lines are skipped.
    file: Option<PathBuf>,
    /// Worker threads (0 or 1 = none); the output is the same for every N.
    #[arg(long, default_value_t = 1, value_parser = commands::threads())]
    threads: usize,
    /// Branching strategy: first, mrv, greedy (the paper's rule), or the two-way branching
    /// binary-max, binary-sum, binary-min, binary-product or bivalue-product (the default;
    /// see docs/sudoku.md).
    #[arg(long, default_value_t = Strategy::default())]
    strategy: Strategy,
    /// Propagation level: singles, locked (singles and locked candidates) or triads (also
    /// naked and hidden triads; 9×9 only). The answers are the same; the trees differ.
    #[arg(long, default_value_t = Inference::default())]
    inference: Inference,
    /// Append tab-separated nodes, guesses and maximum depth to each answer.
    #[arg(long)]
    stats: bool,
    /// Give up on a puzzle after this many nodes (its line is answered with an error).
    #[arg(long)]
    max_nodes: Option<u64>,
    /// Give up on a puzzle after this many seconds (its line is answered with an error).
    #[arg(long, allow_negative_numbers = true)]
    max_seconds: Option<f64>,
}

/// Arguments of `search-cli sudoku solve`.
#[derive(Debug, Args)]
pub(super) struct SolveArgs {
    #[command(flatten)]
    batch: BatchArgs,
    /// Print each solution as a pretty grid (several lines) instead of one line.
    #[arg(long)]
    pretty: bool,
}

/// Arguments of `search-cli sudoku count`.
#[derive(Debug, Args)]
pub(super) struct CountArgs {
    #[command(flatten)]
    batch: BatchArgs,
    /// Stop counting at this many solutions (at least 1).
    #[arg(long, default_value_t = 2, value_parser = commands::at_least_one())]
    limit: u64,
}

/// Arguments of `search-cli sudoku generate`.
#[derive(Debug, Args)]
pub(super) struct GenerateArgs {
    /// Number of puzzles (at least 1).
    #[arg(long, default_value_t = 1, value_parser = commands::at_least_one())]
    count: u64,
    /// Seed: puzzle i comes from `ChaCha8Rng` seeded with it, on stream i.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Givens symmetric under 180° rotation.
    #[arg(long)]
    symmetric: bool,
    /// No given (no symmetric pair, with --symmetric) can be removed.
    #[arg(long)]
    minimal: bool,
    /// Box side n: the grid has n² digits (2 to 5; 5 takes about 9 s a puzzle, see
    /// --max-nodes and --max-seconds).
    #[arg(long, default_value_t = 3)]
    box_size: usize,
    /// Worker threads (0 or 1 = none); the output is the same for every N.
    #[arg(long, default_value_t = 1, value_parser = commands::threads())]
    threads: usize,
    /// Only puzzles of this grade (easy, medium, hard, unfair, extreme; 9×9 rating).
    #[arg(long)]
    grade: Option<sudoku_core::grading::Difficulty>,
    /// With --grade: puzzles drawn per line before giving up with an error line.
    #[arg(long, default_value_t = 2000)]
    attempts: u32,
    /// Give up on a puzzle after this many search nodes (solution grid and uniqueness checks
    /// together; with --grade, all the attempts of the puzzle and the searches that finish
    /// rating the ones the techniques leave stuck): it is printed as `error:
    /// puzzle I: stopped (…) after K nodes` (I from 1), the others go on, and the exit status
    /// is 1. The puzzles that finish are the same as without a limit.
    #[arg(long)]
    max_nodes: Option<u64>,
    /// Give up on a puzzle after this many seconds (printed like --max-nodes; which puzzles
    /// finish then depends on the machine). No limit by default: every puzzle ends on its own,
    /// 9×9 in about 0.1 ms, 16×16 within a second, 25×25 (--box-size 5) in about 9 s.
    #[arg(long, allow_negative_numbers = true)]
    max_seconds: Option<f64>,
}

/// Arguments of `search-cli sudoku strategies`.
#[derive(Debug, Args)]
pub(super) struct StrategiesArgs {
    /// Puzzle files: a puzzle per line, or a Sudoku Exchange record (the puzzle in the second
    /// field); blank lines and lines starting with `#` are skipped.
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Use at most this many puzzles per file, evenly spaced through it (0 = all).
    #[arg(long, default_value_t = 0)]
    sample: usize,
    /// Count solutions up to this limit (2 = solve and prove uniqueness, tdoku's mode; at least 1).
    #[arg(long, default_value_t = 2, value_parser = commands::at_least_one())]
    limit: u64,
    /// Strategies to compare (default: all of them).
    #[arg(long, value_delimiter = ',')]
    strategies: Vec<Strategy>,
    /// Propagate with singles only (no locked candidates); overrides --inference.
    #[arg(long)]
    singles_only: bool,
    /// Propagation level: singles, locked or triads.
    #[arg(long, default_value_t = Inference::default())]
    inference: Inference,
}

/// `search-cli sudoku solve`: the solution of each line, `unsolvable`, or an error line.
pub(super) fn solve(a: &SolveArgs) -> CommandResult {
    let pretty = a.pretty;
    run_batch(&a.batch, "solving", move |solver, grid| {
        let report = solver.solve(grid);
        let text = match report.value {
            None => "unsolvable".to_string(),
            Some(g) if pretty => g.to_pretty(),
            Some(g) => g.to_line(),
        };
        (text, report.stats, report.stopped)
    })
}

/// `search-cli sudoku count`: the number of solutions of each line, up to `--limit`.
pub(super) fn count(a: &CountArgs) -> CommandResult {
    let limit = a.limit;
    run_batch(&a.batch, "counting", move |solver, grid| {
        let report = solver.count(grid, limit);
        (report.value.to_string(), report.stats, report.stopped)
    })
}

/// Answer one puzzle per input line with `answer`, through the batch driver.
fn run_batch<F>(args: &BatchArgs, label: &str, answer: F) -> CommandResult
where
    F: Fn(&Solver, &Grid) -> (String, search_core::SearchStats, Option<search_core::StopReason>) + Sync,
{
    let solver = Solver::new(args.strategy).with_inference(args.inference);
    let limits = commands::Limits::new(args.max_nodes, args.max_seconds)?;
    let input = batch::open_input(args.file.as_deref())?;
    let mut out = batch::output();
    let stats = args.stats;
    let summary = batch::run(input, &mut out, args.threads, label, |line| {
        if is_skipped(line) {
            return Answer::Skip;
        }
        match Grid::parse_line(line) {
            Err(err) => Answer::Error(line_error(&err)),
            Ok(grid) => {
                // Each line gets a budget of its own (the time runs per puzzle).
                let (text, s, stopped) = if limits.is_unlimited() {
                    answer(&solver, &grid)
                } else {
                    answer(&solver.clone().with_budget(limits.start()), &grid)
                };
                if let Some(reason) = stopped {
                    return Answer::Error(format!("stopped ({reason}) after {} nodes: no answer", s.nodes));
                }
                let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
                if stats && let Some(last) = lines.last_mut() {
                    *last = format!("{last}\t{}\t{}\t{}", s.nodes, s.guesses, s.max_depth);
                }
                match lines.len() {
                    1 => Answer::Line(lines.swap_remove(0)),
                    _ => Answer::Lines(lines),
                }
            }
        }
    })?;
    Ok(summary.exit_code())
}

/// `search-cli sudoku generate`: `--count` puzzles, puzzle i from stream i of the seed, in
/// order for every thread count.
pub(super) fn generate(args: &GenerateArgs) -> CommandResult {
    // The layout takes a box of side 1 too, but its one-cell "puzzle" is no line the other
    // commands read: the sizes are those of the help.
    if !(2..=5).contains(&args.box_size) {
        return Err(CommandError::Usage(format!(
            "--box-size {}: expected 2 to 5 (a grid of 4 to 25 digits)",
            args.box_size
        )));
    }
    let layout =
        Layout::square(args.box_size).map_err(|e| CommandError::Usage(format!("--box-size {}: {e}", args.box_size)))?;
    let options = GenerateOptions {
        symmetric: args.symmetric,
        minimal: args.minimal,
    };
    let generator = Generator::new(layout, options);
    let pool = batch::pool(args.threads).map_err(|e| CommandError::Usage(e.to_string()))?;
    let limits = commands::Limits::new(args.max_nodes, args.max_seconds)?;
    // Puzzle i (from 0) is line i + 1 of the output, and its error line says `puzzle i + 1`.
    let puzzle = |i: u64| {
        let mut rng = ChaCha8Rng::seed_from_u64(args.seed);
        rng.set_stream(i);
        // Each puzzle gets a budget of its own (the time runs per puzzle).
        let budget = limits.start();
        let result = match args.grade {
            None => generator
                .try_generate_with(&mut rng, &budget)
                .map(|g| g.to_line())
                .map_err(|e| e.to_string()),
            Some(grade) => super::techniques::graded_line(&generator, grade, args.attempts, &mut rng, &budget),
        };
        result.unwrap_or_else(|reason| format!("error: puzzle {}: {reason}", i + 1))
    };
    let mut out = std::io::stdout().lock();
    let chunk = 256u64;
    let mut start = 0;
    let mut failed = false;
    while start < args.count {
        let end = (start + chunk).min(args.count);
        // Puzzle `start + k` for k in 0..end - start (at most `chunk`), in order; on the pool
        // built once above, which `ordered_map` runs in since it has `--threads` threads.
        let map = || {
            let threads = if pool.is_some() { args.threads } else { 1 };
            let span = (end - start) as usize;
            ordered_map(
                0..span,
                threads,
                |k| Ok::<_, Infallible>(puzzle(start + k as u64)),
                || (),
            )
        };
        let Ok(lines) = match &pool {
            Some(pool) => pool.install(map),
            None => map(),
        };
        for line in lines {
            failed |= line.starts_with("error:");
            writeln!(out, "{line}")?;
        }
        start = end;
    }
    Ok(if failed { ExitCode::FAILURE } else { ExitCode::SUCCESS })
}

/// `search-cli sudoku strategies`: the table comparing the branching strategies.
pub(super) fn strategies(args: &StrategiesArgs) -> CommandResult {
    let strategies = if args.strategies.is_empty() {
        Strategy::ALL.to_vec()
    } else {
        args.strategies.clone()
    };
    // Every file is read and parsed before the table starts: a bad line in a later file is
    // an error of the command, not a table cut short.
    let sets = read_puzzle_sets(&args.files, args.sample)?;
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "| set | strategy | puzzles | mean time (µs) | nodes | guesses | max depth | dead ends | no guess |"
    )?;
    writeln!(out, "|---|---|---:|---:|---:|---:|---:|---:|---:|")?;
    for (name, grids) in &sets {
        for &strategy in &strategies {
            let inference = if args.singles_only {
                Inference::Singles
            } else {
                args.inference
            };
            let solver = Solver::new(strategy).with_inference(inference);
            let mut total = search_core::SearchStats::default();
            let mut depth_sum = 0u64;
            let mut no_guess = 0u64;
            let start = Instant::now();
            for grid in grids {
                let report = solver.count(grid, args.limit);
                total.merge(&report.stats);
                depth_sum += u64::from(report.stats.max_depth);
                no_guess += u64::from(report.stats.guesses == 0);
            }
            let elapsed = start.elapsed();
            let n = grids.len().max(1) as f64;
            writeln!(
                out,
                "| {name} | {strategy} | {} | {:.2} | {:.2} | {:.2} | {:.2} | {:.2} | {:.1}% |",
                grids.len(),
                elapsed.as_secs_f64() * 1e6 / n,
                total.nodes as f64 / n,
                total.guesses as f64 / n,
                depth_sum as f64 / n,
                total.dead_ends as f64 / n,
                100.0 * no_guess as f64 / n,
            )?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// The Sudoku part of `search-cli demo`: a solve with statistics, the 4×4 count, a
/// generated puzzle.
pub fn demo(out: &mut impl Write) -> CommandResult {
    writeln!(
        out,
        "== sudoku-core: bitset propagation + the paper's greedy tree search"
    )?;
    let text = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
    let grid = Grid::parse_line(text).map_err(|e| CommandError::Usage(e.to_string()))?;
    writeln!(out, "puzzle (Arto Inkala's \"hardest\"):\n{}", grid.to_pretty())?;
    for strategy in Strategy::ALL {
        let report = Solver::new(strategy).count(&grid, 2);
        writeln!(
            out,
            "{strategy:>14}: {} solution(s), {} nodes, {} guesses, depth {}, {} dead ends, {:.0} µs",
            report.value,
            report.stats.nodes,
            report.stats.guesses,
            report.stats.max_depth,
            report.stats.dead_ends,
            report.stats.elapsed.as_secs_f64() * 1e6
        )?;
    }
    if let Some(solution) = Solver::default().solve(&grid).value {
        writeln!(out, "solution:\n{}", solution.to_pretty())?;
    }
    let four = Solver::new(Strategy::Mrv).count(&Grid::empty(Layout::FOUR), u64::MAX);
    writeln!(out, "the empty 4×4 grid has {} solutions", four.value)?;
    let puzzle = Generator::new(
        Layout::NINE,
        GenerateOptions {
            symmetric: true,
            minimal: true,
        },
    )
    .generate(2024);
    writeln!(
        out,
        "generated (seed 2024, symmetric, minimal, {} givens):\n{}",
        puzzle.givens(),
        puzzle.to_pretty()
    )?;
    Ok(ExitCode::SUCCESS)
}
