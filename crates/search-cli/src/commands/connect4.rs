//! `search-cli connect4`: score positions exactly (`solve`) or play against the solver
//! (`play`).

use std::cell::RefCell;
use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use adversarial_core::engine::{Engine, EngineConfig};
use adversarial_core::games::connect4::{
    CENTRE_FIRST, ConnectFour, Mode, Position, Solver, SolverConfig, Threats, WIDTH,
};
use adversarial_core::{Game, Outcome, Scoring, Side, Utility};
use clap::{Args, Subcommand, ValueEnum};
use search_core::Budget;

use super::{CommandError, CommandResult};
use crate::batch::{self, Answer};

/// Arguments of `search-cli connect4`.
#[derive(Debug, Args)]
pub struct Connect4Args {
    #[command(subcommand)]
    command: Connect4Command,
}

#[derive(Debug, Subcommand)]
enum Connect4Command {
    /// Score positions exactly: one move sequence (columns 1-7) per line, after any leading
    /// whitespace; anything after a space is ignored; `start` is the empty board; blank lines
    /// and lines starting with `#` are skipped. Prints the score for the player to move (22 -
    /// winner's stones for a win, negative for a loss, 0 for a draw), one line per position.
    Solve(SolveArgs),
    /// Play a game against the solver in the terminal (or with moves piped on stdin).
    Play(PlayArgs),
}

#[derive(Debug, Args)]
struct SolveArgs {
    /// Input file (standard input when absent or `-`).
    file: Option<PathBuf>,
    /// Print only -1, 0 or 1 (loss, draw, win): faster.
    #[arg(long)]
    weak: bool,
    /// Append tab-separated nodes and microseconds to each answer.
    #[arg(long)]
    stats: bool,
    /// Worker threads (each with its own table); the answers are the same for every N.
    #[arg(long, default_value_t = 1, value_parser = super::threads())]
    threads: usize,
    /// Transposition table size: at most 2^N slots of 8 bytes per thread (default 23 = 64 MiB;
    /// the default settings start each position at 32 KiB and grow the table as the search
    /// fills it, `--tutorial` uses all of it from the start).
    #[arg(long, default_value_t = adversarial_core::games::connect4::DEFAULT_TABLE_LOG2)]
    table_log2: u32,
    /// Use the tutorial's final solver settings (always-replace table, no mirror symmetry)
    /// instead of the faster defaults, for comparison.
    #[arg(long)]
    tutorial: bool,
    /// Give up on a position after this many nodes (its line is answered with an error).
    #[arg(long)]
    max_nodes: Option<u64>,
    /// Give up on a position after this many seconds (its line is answered with an error).
    #[arg(long, allow_negative_numbers = true)]
    max_seconds: Option<f64>,
}

/// Who moves first in `play`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum First {
    /// You move first.
    Human,
    /// The engine moves first.
    Engine,
}

/// Prompt for the human's move in a terminal game and read one line into `line`. `None` (after
/// saying so) when the input ended or the player typed `q`/`quit`: the game is abandoned.
pub fn read_move<'l>(
    input: &mut impl BufRead,
    out: &mut impl Write,
    line: &'l mut String,
) -> std::io::Result<Option<&'l str>> {
    write!(out, "your move> ")?;
    out.flush()?;
    line.clear();
    // Read bytes, not text: a line that is not UTF-8 is a bad move to answer (its bad bytes
    // shown as U+FFFD), not the end of the game.
    let mut bytes = Vec::new();
    if input.read_until(b'\n', &mut bytes)? == 0 {
        writeln!(out, "\nend of input: game abandoned")?;
        return Ok(None);
    }
    line.push_str(&String::from_utf8_lossy(&bytes));
    let text = line.trim();
    if text.eq_ignore_ascii_case("q") || text.eq_ignore_ascii_case("quit") {
        writeln!(out, "game abandoned")?;
        return Ok(None);
    }
    Ok(Some(text))
}

#[derive(Debug, Args)]
struct PlayArgs {
    /// Who plays first (X).
    #[arg(long, value_enum, default_value_t = First::Human)]
    first: First,
    /// Seconds the engine may think per move before it falls back to a depth-limited search.
    #[arg(long, allow_negative_numbers = true, default_value_t = 3.0)]
    seconds: f64,
}

/// Run `search-cli connect4`.
pub fn run(args: &Connect4Args) -> CommandResult {
    match &args.command {
        Connect4Command::Solve(solve) => run_solve(solve),
        Connect4Command::Play(play) => {
            let think = Duration::try_from_secs_f64(play.seconds)
                .map_err(|e| CommandError::Usage(format!("--seconds {}: {e}", play.seconds)))?;
            let stdin = std::io::stdin();
            let mut out = std::io::stdout().lock();
            play_game(&mut stdin.lock(), &mut out, play.first, think)?;
            Ok(ExitCode::SUCCESS)
        }
    }
}

thread_local! {
    /// One solver per worker thread, built on first use with the requested table size.
    static SOLVER: RefCell<Option<Solver>> = const { RefCell::new(None) };
}

/// The answer to one input line of `connect4 solve`.
fn answer_line(line: &str, mode: Mode, stats: bool, config: SolverConfig, limits: super::Limits) -> Answer {
    // Leading whitespace is not "the first space" before a comment: without the trim, ` 4455`
    // would be scored as the empty board.
    let line = line.trim_start();
    // A blank line is no position: read as one it would be the empty board, a long search.
    if line.is_empty() || line.starts_with('#') {
        return Answer::Skip;
    }
    let moves = line.split_once(' ').map_or(line, |(moves, _)| moves);
    let position = match Position::parse(if moves == "start" { "" } else { moves }) {
        Ok(position) => position,
        Err(err) => return Answer::Error(format!("{moves:?}: {err}")),
    };
    SOLVER.with(|cell| {
        let mut slot = cell.borrow_mut();
        let solver = slot.get_or_insert_with(|| Solver::with_config(config));
        solver.reset();
        let start = Instant::now();
        let budget = limits.start();
        let report = solver.solve(&position, mode, &budget);
        let micros = start.elapsed().as_micros();
        if let Some(reason) = report.stopped {
            return Answer::Error(format!(
                "{moves:?}: stopped ({reason}) after {} nodes: no score",
                report.stats.nodes
            ));
        }
        if stats {
            Answer::Line(format!("{}\t{}\t{micros}", report.value, report.stats.nodes))
        } else {
            Answer::Line(report.value.to_string())
        }
    })
}

fn run_solve(args: &SolveArgs) -> CommandResult {
    let input = batch::open_input(args.file.as_deref())?;
    let mode = if args.weak { Mode::Weak } else { Mode::Strong };
    let base = if args.tutorial {
        SolverConfig::tutorial()
    } else {
        SolverConfig::default()
    };
    let config = base.with_table_log2(args.table_log2);
    // Each line gets a budget of its own from these (the time runs per position).
    let limits = super::Limits::new(args.max_nodes, args.max_seconds)?;
    let mut out = batch::output();
    let summary = batch::run(input, &mut out, args.threads, "connect4", |line| {
        answer_line(line, mode, args.stats, config, limits)
    })?;
    Ok(summary.exit_code())
}

/// The engine's move: the best column by exact analysis when it finishes within `think`,
/// else the best column of a depth-limited search with the threat-count evaluation.
fn engine_move(solver: &mut Solver, position: &Position, think: Duration) -> (u32, String) {
    let report = solver.analyze(position, Mode::Strong, &Budget::unlimited().with_time_limit(think));
    if report.is_complete() {
        let best = CENTRE_FIRST
            .iter()
            .filter_map(|&col| report.value[col as usize].map(|score| (col, score)))
            .max_by_key(|&(col, score)| {
                (
                    score,
                    -(CENTRE_FIRST.iter().position(|&c| c == col).unwrap_or(0) as i32),
                )
            });
        if let Some((col, score)) = best {
            let verdict = match score {
                s if s > 0 => "I win",
                0 => "a draw",
                _ => "I lose if you play perfectly",
            };
            return (col, format!("exact score {score}: {verdict}"));
        }
    }
    let mut engine = Engine::new(EngineConfig::default());
    let scoring = Scoring::new(Utility::DISTANCE, Threats);
    let report = engine.search(
        &ConnectFour,
        position,
        &scoring,
        &Budget::unlimited().with_time_limit(think),
    );
    let col = report
        .value
        .best_move
        .map(u32::from)
        .or_else(|| CENTRE_FIRST.iter().copied().find(|&c| position.can_play(c)))
        .unwrap_or(0);
    (col, format!("heuristic search to depth {}", report.value.depth))
}

/// Play one game reading the human's columns from `input`; ends cleanly at end of input.
pub fn play_game(input: &mut impl BufRead, out: &mut impl Write, first: First, think: Duration) -> std::io::Result<()> {
    let human = if first == First::Human {
        Side::First
    } else {
        Side::Second
    };
    let mut solver = Solver::with_table_log2(22);
    let mut position = Position::new();
    writeln!(
        out,
        "Connect Four: you are {}. Type a column 1-{WIDTH} (or q to quit).",
        mark(human)
    )?;
    write!(out, "{}", position.render())?;
    let mut line = String::new();
    while ConnectFour.outcome(&position).is_none() {
        if position.side_to_move() == human {
            let Some(text) = read_move(input, out, &mut line)? else {
                return Ok(());
            };
            let column = match text.parse::<u32>() {
                Ok(c) if (1..=WIDTH).contains(&c) => c,
                _ => {
                    writeln!(out, "{text:?} is not a column: type a number from 1 to {WIDTH}")?;
                    continue;
                }
            };
            if !position.can_play(column - 1) {
                writeln!(out, "column {column} is full: choose another")?;
                continue;
            }
            position.play_column(column - 1);
            writeln!(out, "you play {column}")?;
        } else {
            let (col, why) = engine_move(&mut solver, &position, think);
            position.play_column(col);
            writeln!(out, "engine plays {} ({why})", col + 1)?;
        }
        write!(out, "{}", position.render())?;
    }
    let verdict = match ConnectFour.outcome(&position) {
        Some(Outcome::Win(side)) if side == human => "you win!",
        Some(Outcome::Win(_)) => "the engine wins.",
        _ => "a draw.",
    };
    writeln!(out, "game over: {verdict}")?;
    Ok(())
}

fn mark(side: Side) -> char {
    if side == Side::First { 'X' } else { 'O' }
}

/// The Connect Four part of `search-cli demo`.
pub fn demo(out: &mut impl Write) -> CommandResult {
    writeln!(out, "== adversarial-core: Connect Four")?;
    let perft: Vec<String> = (1..=6)
        .map(|d| search_core::count_paths(&ConnectFour, &Position::new(), d).to_string())
        .collect();
    writeln!(out, "move sequences of length 1..6: {}", perft.join(", "))?;
    let mut solver = Solver::with_table_log2(20);
    for moves in [
        "4455",
        "44455554221",
        "2252576253462244111563365343671351441",
        "3642756176227637211322113551",
    ] {
        let Ok(position) = Position::parse(moves) else { continue };
        solver.reset();
        let report = solver.solve(&position, Mode::Strong, &Budget::unlimited());
        writeln!(
            out,
            "{moves:<40} score {:>3}  ({} nodes, {} µs)",
            report.value,
            report.stats.nodes,
            report.stats.elapsed.as_micros()
        )?;
    }
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::commands::Limits;

    #[test]
    fn piped_game_ends_cleanly_and_explains_bad_input() {
        let mut input = "x\n9\n4\n4\n4\n4\n4\n4\n4\n".as_bytes();
        let mut out = Vec::new();
        play_game(&mut input, &mut out, First::Human, Duration::from_millis(200)).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.contains("\"x\" is not a column"));
        assert!(text.contains("\"9\" is not a column"));
        assert!(text.contains("you play 4"));
        assert!(text.contains("engine plays"));
        assert!(text.contains("game over") || text.contains("end of input") || text.contains("is full"));
    }

    #[test]
    fn solve_lines_and_errors() {
        assert_eq!(
            answer_line(
                "4455 18",
                Mode::Strong,
                false,
                SolverConfig::default().with_table_log2(16),
                Limits::default()
            ),
            Answer::Line("18".into())
        );
        assert_eq!(
            answer_line(
                "44455554221",
                Mode::Weak,
                false,
                SolverConfig::default().with_table_log2(16),
                Limits::default()
            ),
            Answer::Line("-1".into())
        );
        assert!(
            matches!(answer_line("48", Mode::Strong, false, SolverConfig::default().with_table_log2(16), Limits::default()), Answer::Error(e) if e.contains("not a column"))
        );
        assert!(
            matches!(answer_line("1111111", Mode::Strong, false, SolverConfig::default().with_table_log2(16), Limits::default()), Answer::Error(e) if e.contains("full"))
        );
        assert!(
            matches!(answer_line("12121213", Mode::Strong, false, SolverConfig::default().with_table_log2(16), Limits::default()), Answer::Error(e) if e.contains("after the end"))
        );
        // Blank lines and comments are no positions (a blank line read as the empty board would
        // start a long search); `start` spells the empty board, here stopped by a small budget.
        let config = SolverConfig::default().with_table_log2(16);
        for skipped in ["", "   ", "\t", "# a comment", "  # indented comment"] {
            assert_eq!(
                answer_line(skipped, Mode::Strong, false, config, Limits::default()),
                Answer::Skip,
                "{skipped:?}"
            );
        }
        let tiny = Limits::new(Some(1_000), None).unwrap();
        assert!(
            matches!(answer_line("start", Mode::Strong, false, config, tiny), Answer::Error(e) if e.starts_with("\"start\": stopped")),
            "the empty board"
        );
        match answer_line(
            "4455",
            Mode::Strong,
            true,
            SolverConfig::default().with_table_log2(16),
            Limits::default(),
        ) {
            Answer::Line(l) => assert_eq!(l.split('\t').count(), 3),
            other => panic!("{other:?}"),
        }
        // An early position within 1,000 nodes: stopped, answered with an error, no score.
        assert!(
            matches!(answer_line("4", Mode::Strong, false, SolverConfig::default().with_table_log2(16), Limits::new(Some(1000), None).unwrap()), Answer::Error(e) if e.contains("stopped") && e.contains("no score"))
        );
    }
}
