//! `search-cli mines`: exact and teacher mine probabilities of a board, training data sets
//! and heat-map pictures (automine-core).

pub mod boards;
pub mod compare;
pub mod diverge;
#[cfg(feature = "learn")]
pub mod learn;
pub mod merge;
pub mod play;

use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use automine_core::render::svg::render_svg;
use automine_core::render::terminal::render_terminal;
use automine_core::{
    CellId, CellView, DatasetConfig, FirstClick, Game, GameStatus, LabelKind, LayoutSampler, PlayerView, Preset,
    ProbabilityMap, SafestCellPlayer, Teacher, exact_analysis, exact_probabilities, teacher_probabilities,
    write_dataset,
};
use clap::{Args, Subcommand, ValueEnum};

use super::{CommandError, CommandResult};
use crate::progress::Progress;

/// Arguments of `search-cli mines`.
#[derive(Debug, Args)]
pub struct MinesArgs {
    #[command(subcommand)]
    command: MinesCommand,
}

#[derive(Debug, Subcommand)]
enum MinesCommand {
    /// P(mine) of every covered cell of one board (`WxH M`, then H rows of `.`, `F`, `0`-`8`).
    Probabilities(ProbabilitiesArgs),
    /// Mine layouts drawn uniformly from those that fit one board, seeded: one block per
    /// layout (`*` a mine, `.` a safe covered cell, the board's numbers), blank-line separated.
    Sample(SampleArgs),
    /// Training data: per click of simulated games, the view and labels as `.npy` files.
    Dataset(DatasetArgs),
    /// Play K moves of a game with the safest-cell player and draw the position reached.
    Show(ShowArgs),
    /// Win rates: N games over a seed range with the exact player, the teacher or the network.
    Play(Box<play::PlayArgs>),
    /// The mine layouts of `mines play`'s games (same seeds, rule and first click), one JSON
    /// object per line, for other solvers to play the same boards.
    Boards(boards::BoardsArgs),
    /// Paired comparison of two `mines play --records` files of the same games: discordant
    /// games, the difference of win rates with its 95% interval, McNemar's exact test.
    Compare(compare::CompareArgs),
    /// Two exact players in lock step over a seed range, played on from their first different
    /// move on the true layout and on sampled layouts of that position: a paired comparison
    /// with less noise than `mines compare`.
    Diverge(Box<diverge::DivergeArgs>),
    /// Combine the `mines play --json` summaries of disjoint seed ranges (shards of one
    /// measurement) into one win rate with its Wilson interval.
    Merge(merge::MergeArgs),
    /// Train the student network (automine-learn) on exact or teacher labels.
    #[cfg(feature = "learn")]
    Train(learn::TrainArgs),
    /// The student network as a predictor on held-out positions of every preset.
    #[cfg(feature = "learn")]
    Evaluate(learn::EvaluateArgs),
}

/// Which probabilities to compute.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Method {
    /// Exact P(mine) given every number and the total mine count.
    Exact,
    /// The original project's local "teacher" estimate.
    Teacher,
}

/// Board presets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum PresetArg {
    /// 9x9, 10 mines.
    Beginner,
    /// 16x16, 40 mines.
    Intermediate,
    /// 30x16, 99 mines.
    Expert,
}

impl From<PresetArg> for Preset {
    fn from(p: PresetArg) -> Self {
        match p {
            PresetArg::Beginner => Preset::Beginner,
            PresetArg::Intermediate => Preset::Intermediate,
            PresetArg::Expert => Preset::Expert,
        }
    }
}

/// First-click rules (shared by every `mines` subcommand).
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum RuleArg {
    /// The first click may hit a mine.
    Any,
    /// The first clicked cell is safe.
    Safe,
    /// The first clicked cell and its neighbours are safe.
    Opening,
}

impl From<RuleArg> for FirstClick {
    fn from(r: RuleArg) -> Self {
        match r {
            RuleArg::Any => FirstClick::Any,
            RuleArg::Safe => FirstClick::Safe,
            RuleArg::Opening => FirstClick::Opening,
        }
    }
}

#[derive(Debug, Args)]
struct ProbabilitiesArgs {
    /// The board file (standard input when absent or `-`).
    file: Option<PathBuf>,
    /// Exact probabilities or the teacher's estimate.
    #[arg(long, value_enum, default_value_t = Method::Exact)]
    method: Method,
    /// Decimals printed per probability (at least 6).
    #[arg(long, default_value_t = 6, value_parser = clap::value_parser!(u8).range(6..=17))]
    decimals: u8,
    /// Give up (error, exit status 1) after this many search nodes of the exact enumeration.
    #[arg(long)]
    max_nodes: Option<u64>,
    /// Give up (error, exit status 1) after this many seconds of the exact enumeration.
    #[arg(long, allow_negative_numbers = true)]
    max_seconds: Option<f64>,
}

#[derive(Debug, Args)]
struct SampleArgs {
    /// The board file (standard input when absent or `-`).
    file: Option<PathBuf>,
    /// Layouts to draw (at least 1).
    #[arg(long, default_value_t = 1, value_parser = super::at_least_one())]
    count: u64,
    /// Seed of the `ChaCha8` stream the layouts are drawn from (the same seed, board and count
    /// give the same layouts on every platform).
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Give up (error, exit status 1) after this many search nodes of the enumeration.
    #[arg(long)]
    max_nodes: Option<u64>,
    /// Give up (error, exit status 1) after this many seconds of the enumeration.
    #[arg(long, allow_negative_numbers = true)]
    max_seconds: Option<f64>,
}

#[derive(Debug, Args)]
struct DatasetArgs {
    /// Games to simulate (at least 1).
    #[arg(long, value_parser = super::at_least_one())]
    games: u64,
    /// Master seed (game g is laid from the g-th draw of a `ChaCha8` generator seeded with it).
    #[arg(long)]
    seed: u64,
    /// Board preset.
    #[arg(long, value_enum)]
    preset: PresetArg,
    /// Label kind.
    #[arg(long, value_enum, default_value_t = Method::Exact)]
    labels: Method,
    /// Output folder (created if missing).
    #[arg(long)]
    out: PathBuf,
    /// First-click rule.
    #[arg(long, value_enum, default_value_t = RuleArg::Safe)]
    first_click: RuleArg,
}

#[derive(Debug, Args)]
struct ShowArgs {
    /// Board preset.
    #[arg(long, value_enum)]
    preset: PresetArg,
    /// Seed of the board.
    #[arg(long)]
    seed: u64,
    /// Moves to play before drawing (the game may end sooner).
    #[arg(long)]
    clicks: usize,
    /// Write the SVG heat map here.
    #[arg(long)]
    svg: Option<PathBuf>,
    /// Probabilities drawn on the heat map.
    #[arg(long, value_enum, default_value_t = Method::Exact)]
    method: Method,
    /// First-click rule.
    #[arg(long, value_enum, default_value_t = RuleArg::Safe)]
    first_click: RuleArg,
    /// Also mark the true mines (a picture after the fact).
    #[arg(long)]
    reveal_mines: bool,
}

/// Run `search-cli mines`; `matches` are the command line's matches of `mines` (`mines play`
/// asks them which options were written out).
pub fn run(args: &MinesArgs, matches: &clap::ArgMatches) -> CommandResult {
    match &args.command {
        MinesCommand::Probabilities(a) => probabilities(a),
        MinesCommand::Sample(a) => sample(a),
        MinesCommand::Dataset(a) => dataset(a),
        MinesCommand::Show(a) => show(a),
        MinesCommand::Play(a) => {
            // clap matched `mines play`, so its matches are there.
            let Some((_, play)) = matches.subcommand() else {
                return Err(CommandError::Usage("mines play: no command-line matches".to_string()));
            };
            play::play(a, play)
        }
        MinesCommand::Boards(a) => boards::boards(a),
        MinesCommand::Compare(a) => compare::compare(a),
        MinesCommand::Diverge(a) => diverge::diverge(a),
        MinesCommand::Merge(a) => merge::merge_command(a),
        #[cfg(feature = "learn")]
        MinesCommand::Train(a) => learn::train_command(a),
        #[cfg(feature = "learn")]
        MinesCommand::Evaluate(a) => learn::evaluate_command(a),
    }
}

/// Format a map as the command prints it: H lines of W fields.
fn format_map(view: &PlayerView, map: &ProbabilityMap, decimals: usize) -> String {
    let dims = view.dims();
    let width = dims.width().0 as usize;
    let mut out = String::new();
    for (i, id) in dims.ids().enumerate() {
        let field = match view.at(id) {
            CellView::Revealed(_) => "-".to_string(),
            CellView::Flagged => "F".to_string(),
            CellView::Covered => format!("{:.decimals$}", map.at(id).unwrap_or(0.0)),
        };
        out.push_str(&field);
        out.push(if (i + 1) % width == 0 { '\n' } else { ' ' });
    }
    out
}

fn probabilities(args: &ProbabilitiesArgs) -> CommandResult {
    let budget = super::budget(args.max_nodes, args.max_seconds)?;
    let text = crate::batch::read_input(args.file.as_deref())?;
    let result = text.parse::<PlayerView>().map_err(|e| e.to_string()).and_then(|view| {
        let map = match args.method {
            Method::Exact => exact_analysis(&view, &budget).map(|a| a.map),
            Method::Teacher => teacher_probabilities(&view),
        };
        map.map(|m| format_map(&view, &m, usize::from(args.decimals)))
            .map_err(|e| e.to_string())
    });
    match result {
        Ok(lines) => {
            std::io::stdout().lock().write_all(lines.as_bytes())?;
            Ok(ExitCode::SUCCESS)
        }
        Err(reason) => {
            eprintln!("error: {reason}");
            Ok(ExitCode::FAILURE)
        }
    }
}

fn sample(args: &SampleArgs) -> CommandResult {
    use rand::SeedableRng;
    let budget = super::budget(args.max_nodes, args.max_seconds)?;
    let text = crate::batch::read_input(args.file.as_deref())?;
    let sampler = text.parse::<PlayerView>().map_err(|e| e.to_string()).and_then(|view| {
        LayoutSampler::new(&view, &budget)
            .map(|s| (view, s))
            .map_err(|e| e.to_string())
    });
    let (view, sampler) = match sampler {
        Ok(pair) => pair,
        Err(reason) => {
            eprintln!("error: {reason}");
            return Ok(ExitCode::FAILURE);
        }
    };
    let dims = view.dims();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(args.seed);
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for i in 0..args.count {
        if i > 0 {
            writeln!(out)?;
        }
        let layout = sampler.sample(&mut rng);
        for row in 0..dims.height().0 {
            let line: String = (0..dims.width().0)
                .map(|col| {
                    let id = CellId(u32::from(row) * u32::from(dims.width().0) + u32::from(col));
                    match view.at(id) {
                        CellView::Revealed(k) => char::from(b'0' + k),
                        _ if layout.is_mine(id) => '*',
                        _ => '.',
                    }
                })
                .collect();
            writeln!(out, "{line}")?;
        }
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

fn dataset(args: &DatasetArgs) -> CommandResult {
    let settings = Preset::from(args.preset).settings(args.first_click.into());
    let config = DatasetConfig {
        settings,
        games: args.games,
        seed: args.seed,
        labels: match args.labels {
            Method::Exact => LabelKind::Exact,
            Method::Teacher => LabelKind::Teacher,
        },
    };
    crate::batch::check_folder(&args.out)?;
    let progress = Progress::new("games", Some(args.games));
    let start = Instant::now();
    let summary =
        write_dataset(&config, &args.out, |_| progress.inc(1)).map_err(|e| CommandError::Usage(e.to_string()))?;
    progress.finish();
    writeln!(
        std::io::stdout().lock(),
        "{} samples from {} games ({} won) written to {} in {:.1} s",
        summary.samples,
        summary.games,
        summary.games_won,
        args.out.display(),
        start.elapsed().as_secs_f64()
    )?;
    Ok(ExitCode::SUCCESS)
}

fn show(args: &ShowArgs) -> CommandResult {
    let preset = Preset::from(args.preset);
    let mut game = Game::new(preset.settings(args.first_click.into()), args.seed);
    let mut teacher = Teacher::new(game.view());
    let to_usage = |e: &dyn std::fmt::Display| CommandError::Usage(e.to_string());
    let mut moves = 0;
    while moves < args.clicks && game.status() == GameStatus::Playing {
        let map = exact_probabilities(game.view()).map_err(|e| to_usage(&e))?;
        let Some(pos) = SafestCellPlayer::choose_from_map(game.view(), &map) else {
            break;
        };
        let outcome = game.reveal(pos).map_err(|e| to_usage(&e))?;
        if game.status() == GameStatus::Playing {
            teacher
                .observe(game.view(), &outcome.revealed)
                .map_err(|e| to_usage(&e))?;
        }
        moves += 1;
    }
    let view = game.view();
    let map = match args.method {
        Method::Exact => exact_probabilities(view).map_err(|e| to_usage(&e))?,
        Method::Teacher => teacher.probabilities(view),
    };
    let layout = if args.reveal_mines || game.status() != GameStatus::Playing {
        game.hidden_layout()
    } else {
        None
    };
    let status = match game.status() {
        GameStatus::Playing => "playing".to_string(),
        GameStatus::Won => "won".to_string(),
        GameStatus::Lost(at) => format!("lost at {at}"),
    };
    let title = format!(
        "{preset} seed {} after {moves} moves ({status}), {} P(mine), {} mines left",
        args.seed,
        match args.method {
            Method::Exact => "exact",
            Method::Teacher => "teacher",
        },
        view.mines_left()
    );
    // The picture first, so a closed standard output cannot lose it.
    if let Some(path) = &args.svg {
        let exploded = match game.status() {
            GameStatus::Lost(at) => Some(at),
            _ => None,
        };
        std::fs::write(path, render_svg(view, &map, layout, exploded, &title))
            .map_err(|e| crate::batch::with_path(path, &e))?;
    }
    let mut out = std::io::stdout().lock();
    writeln!(out, "{title}")?;
    let colour = std::io::stdout().is_terminal();
    out.write_all(render_terminal(view, Some(&map), layout, colour).as_bytes())?;
    if let Some(path) = &args.svg {
        writeln!(out, "SVG heat map written to {}", path.display())?;
    }
    Ok(ExitCode::SUCCESS)
}

/// The Minesweeper part of `search-cli demo`: an expert game played by the safest-cell
/// player, its exact probability map after a few moves, and a short statistic.
pub fn demo(out: &mut impl Write) -> CommandResult {
    writeln!(
        out,
        "== automine-core: exact Minesweeper probabilities on search-core's constraint search"
    )?;
    let mut game = Game::new(Preset::Expert.settings(FirstClick::Safe), 2026);
    let mut moves = 0;
    while moves < 12 && game.status() == GameStatus::Playing {
        let map = exact_probabilities(game.view()).map_err(|e| CommandError::Usage(e.to_string()))?;
        let Some(pos) = SafestCellPlayer::choose_from_map(game.view(), &map) else {
            break;
        };
        game.reveal(pos).map_err(|e| CommandError::Usage(e.to_string()))?;
        moves += 1;
    }
    let start = Instant::now();
    let map = exact_probabilities(game.view()).map_err(|e| CommandError::Usage(e.to_string()))?;
    let micros = start.elapsed().as_secs_f64() * 1e6;
    writeln!(out, "expert board, seed 2026, after {moves} moves (P(mine) in %):")?;
    out.write_all(render_terminal(game.view(), Some(&map), None, false).as_bytes())?;
    writeln!(
        out,
        "exact map in {micros:.0} us; expected mines {:.6} = mines left {}",
        map.expected_mines(),
        game.view().mines_left()
    )?;
    let start = Instant::now();
    let (mut won, games) = (0, 200);
    for seed in 0..games {
        let mut game = Game::new(Preset::Beginner.settings(FirstClick::Safe), seed);
        automine_core::play_out(&mut game, &mut SafestCellPlayer::default(), 1000)
            .map_err(|e| CommandError::Usage(e.to_string()))?;
        won += u32::from(game.status() == GameStatus::Won);
    }
    writeln!(
        out,
        "safest-cell player: {won}/{games} beginner games won (safe first click in the corner), {:.0} ms",
        start.elapsed().as_secs_f64() * 1e3
    )?;
    Ok(ExitCode::SUCCESS)
}
