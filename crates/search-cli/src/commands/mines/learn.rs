//! `search-cli mines train` and `search-cli mines evaluate`: the student network of
//! automine-learn (feature `learn`), and the model choice shared with `mines play`.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use automine_learn::data::Labels;
use automine_learn::metrics::{PresetMetrics, evaluate};
use automine_learn::model::{Architecture, MinePredictor};
use automine_learn::plots::{loss_svg, reliability_svg};
use automine_learn::train::{TrainConfig, losses_csv, train};
use automine_learn::{LearnError, shipped};
use clap::{Args, ValueEnum};

use crate::commands::{CommandError, CommandResult};
use crate::progress::Progress;

/// Which labels to learn from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum LabelsArg {
    /// Exact probabilities.
    Exact,
    /// The teacher estimate of the original project.
    Teacher,
}

impl From<LabelsArg> for Labels {
    fn from(l: LabelsArg) -> Self {
        match l {
            LabelsArg::Exact => Labels::Exact,
            LabelsArg::Teacher => Labels::Teacher,
        }
    }
}

/// Which network to use: a file, or one of the two shipped in the binary.
#[derive(Debug, Args)]
pub struct ModelArgs {
    /// A model file written by `mines train` (model.safetensors).
    #[arg(long, conflicts_with = "shipped")]
    model: Option<PathBuf>,
    /// Without --model: the shipped model taught by these labels.
    #[arg(long, value_enum, default_value_t = LabelsArg::Exact)]
    shipped: LabelsArg,
}

impl ModelArgs {
    /// Load the chosen model.
    pub(crate) fn load(&self) -> Result<MinePredictor, CommandError> {
        let model = match (&self.model, self.shipped) {
            (Some(path), _) => MinePredictor::load(path),
            (None, LabelsArg::Exact) => shipped::student_exact(),
            (None, LabelsArg::Teacher) => shipped::student_teacher(),
        };
        model.map_err(learn_error)
    }

    /// The model's name for reports.
    pub(crate) fn name(&self) -> String {
        match &self.model {
            Some(path) => path.display().to_string(),
            None => format!("shipped student-{}", Labels::from(self.shipped).name()),
        }
    }
}

fn learn_error(e: LearnError) -> CommandError {
    match e {
        LearnError::Io { path, source } => {
            CommandError::Io(std::io::Error::new(source.kind(), format!("{path}: {source}")))
        }
        other => CommandError::Usage(other.to_string()),
    }
}

/// Arguments of `search-cli mines train`.
#[derive(Debug, Args)]
pub struct TrainArgs {
    /// Labels to learn from.
    #[arg(long, value_enum)]
    labels: LabelsArg,
    /// Output folder: model.safetensors, loss.csv, loss.svg, config.json.
    #[arg(long)]
    out: PathBuf,
    /// Optimizer steps (default: the recipe's).
    #[arg(long)]
    steps: Option<usize>,
    /// Master seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Worker threads (0: one per core; the default recipe uses 2).
    #[arg(long, default_value_t = 2, value_parser = crate::commands::threads())]
    threads: usize,
    /// Channels of the hidden convolutions.
    #[arg(long, default_value_t = Architecture::default().hidden_channels)]
    hidden: usize,
    /// Number of 3x3 convolutions.
    #[arg(long, default_value_t = Architecture::default().conv_layers)]
    layers: usize,
    /// Board cells per batch.
    #[arg(long)]
    cells_per_batch: Option<usize>,
    /// Peak learning rate.
    #[arg(long, allow_negative_numbers = true)]
    learning_rate: Option<f64>,
}

fn write_file(path: &Path, text: &str) -> Result<(), CommandError> {
    std::fs::write(path, text)
        .map_err(|e| CommandError::Io(std::io::Error::new(e.kind(), format!("{}: {e}", path.display()))))
}

/// Run `search-cli mines train`.
pub fn train_command(args: &TrainArgs) -> CommandResult {
    let mut config = TrainConfig::new(args.labels.into());
    if let Some(steps) = args.steps {
        config.steps = steps;
    }
    if let Some(cells) = args.cells_per_batch {
        config.cells_per_batch = cells;
    }
    if let Some(lr) = args.learning_rate {
        config.learning_rate = lr;
    }
    config.seed = args.seed;
    config.threads = args.threads;
    config.architecture = Architecture {
        hidden_channels: args.hidden,
        conv_layers: args.layers,
    };
    // Check the settings before anything is written.
    config.validate().map_err(learn_error)?;
    crate::batch::check_folder(&args.out)?;
    std::fs::create_dir_all(&args.out)
        .map_err(|e| CommandError::Io(std::io::Error::new(e.kind(), format!("{}: {e}", args.out.display()))))?;
    let progress = Progress::new("training steps", Some(config.steps as u64));
    let mut recent = Vec::new();
    let outcome = train(&config, |point| {
        recent.push(point.loss);
        if recent.len() == 30 {
            let mean = recent.iter().sum::<f32>() / 30.0;
            progress.set_message(&format!("loss {mean:.4}"));
            recent.clear();
        }
        progress.inc(1);
    })
    .map_err(learn_error)?;
    progress.finish();
    outcome
        .model
        .save(args.out.join("model.safetensors"))
        .map_err(learn_error)?;
    write_file(&args.out.join("loss.csv"), &losses_csv(&outcome.losses))?;
    let series: Vec<(&str, Vec<(f64, f64)>)> = automine_core::Preset::ALL
        .iter()
        .map(|p| {
            let pts = outcome
                .losses
                .iter()
                .filter(|l| l.preset == *p)
                .map(|l| (l.step as f64, f64::from(l.loss)))
                .collect();
            (p.name(), pts)
        })
        .filter(|(_, pts): &(&str, Vec<(f64, f64)>)| !pts.is_empty())
        .collect();
    let title = format!("training loss, {} labels, seed {}", config.labels.name(), config.seed);
    write_file(&args.out.join("loss.svg"), &loss_svg(&title, &series, 25))?;
    let last = outcome.losses.len().saturating_sub(90);
    let final_loss = outcome.losses[last..].iter().map(|l| f64::from(l.loss)).sum::<f64>()
        / (outcome.losses.len() - last).max(1) as f64;
    let parameters = config.architecture.parameter_count().map_err(learn_error)?;
    let manifest = serde_json::json!({
        "format": "automine-learn training run v1",
        "config": config,
        "parameters": parameters,
        "games": outcome.games,
        "positions": outcome.positions,
        "seconds": outcome.elapsed.as_secs_f64(),
        "final_loss_mean_last_90_steps": final_loss,
        "final_loss_steps": outcome.losses.len() - last,
    });
    write_file(
        &args.out.join("config.json"),
        &format!("{}\n", serde_json::to_string_pretty(&manifest).unwrap_or_default()),
    )?;
    let mut out = std::io::stdout().lock();
    writeln!(out, "labels           {}", config.labels.name())?;
    writeln!(out, "steps            {}", config.steps)?;
    writeln!(out, "parameters       {parameters}")?;
    writeln!(out, "games played     {}", outcome.games)?;
    writeln!(out, "positions        {}", outcome.positions)?;
    writeln!(
        out,
        "final loss       {final_loss:.5} (mean of the last {} steps)",
        outcome.losses.len() - last
    )?;
    writeln!(out, "seconds          {:.1}", outcome.elapsed.as_secs_f64())?;
    writeln!(out, "written          {}", args.out.join("model.safetensors").display())?;
    Ok(ExitCode::SUCCESS)
}

/// Arguments of `search-cli mines evaluate`.
#[derive(Debug, Args)]
pub struct EvaluateArgs {
    #[command(flatten)]
    model: ModelArgs,
    /// Held-out positions per preset (at least 1).
    #[arg(long, default_value_t = 1000, value_parser = crate::commands::at_least_one())]
    positions: u64,
    /// Seed of the held-out games (disjoint from every training game).
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Worker threads for generating positions (0: one per core).
    #[arg(long, default_value_t = 0, value_parser = crate::commands::threads())]
    threads: usize,
    /// Print one JSON object instead of the text report.
    #[arg(long)]
    json: bool,
    /// Write the reliability diagram (SVG) to this file.
    #[arg(long)]
    plot: Option<PathBuf>,
}

fn text_report(out: &mut impl Write, name: &str, metrics: &[PresetMetrics]) -> std::io::Result<()> {
    writeln!(out, "model: {name}")?;
    for m in metrics {
        writeln!(
            out,
            "\n== {} ({} positions, {} covered cells)",
            m.preset, m.positions, m.cells
        )?;
        writeln!(out, "                 log-loss   Brier(exact)  Brier(truth)  |p-exact|")?;
        for (who, s) in [("student", &m.student), ("teacher", &m.teacher), ("exact", &m.exact)] {
            writeln!(
                out,
                "  {who:<13} {:>9.5}   {:>11.6}  {:>12.6}  {:>9.5}",
                s.log_loss, s.brier_vs_exact, s.brier_vs_truth, s.mean_abs_error
            )?;
        }
        for (who, c) in [("student", &m.student_confident), ("teacher", &m.teacher_confident)] {
            writeln!(
                out,
                "  {who} P<1%: {} cells, {} mines ({:.4}%), expected {:.2}, {} exactly safe",
                c.cells,
                c.mines,
                100.0 * c.mine_rate(),
                c.expected_mines,
                c.exact_certain_safe
            )?;
        }
        let d = &m.disagreement;
        writeln!(
            out,
            "  |student-teacher|>0.1: {} cells; student closer to exact on {}, teacher on {}; mean error student {:.4}, teacher {:.4}",
            d.cells, d.student_closer, d.teacher_closer, d.student_error, d.teacher_error
        )?;
        writeln!(out, "  calibration (bin: cells, mean predicted, mean exact, mine rate)")?;
        for b in m.calibration.iter().filter(|b| b.cells > 0) {
            writeln!(
                out,
                "    [{:.1},{:.1}): {:>7}  {:.4}  {:.4}  {:.4}",
                b.low, b.high, b.cells, b.mean_predicted, b.mean_exact, b.mine_rate
            )?;
        }
    }
    Ok(())
}

/// Run `search-cli mines evaluate`.
pub fn evaluate_command(args: &EvaluateArgs) -> CommandResult {
    let positions = usize::try_from(args.positions)
        .map_err(|_| CommandError::Usage(format!("--positions {}: too many for this machine", args.positions)))?;
    let model = args.model.load()?;
    // A plot that cannot be written fails now, not after the evaluation.
    if let Some(path) = &args.plot {
        crate::batch::check_writable(path)?;
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads)
        .build()
        .map_err(|e| CommandError::Usage(format!("thread pool: {e}")))?;
    let metrics = pool
        .install(|| evaluate(&model, positions, args.seed))
        .map_err(learn_error)?;
    let name = args.model.name();
    if let Some(path) = &args.plot {
        let series: Vec<(&str, &[automine_learn::metrics::CalibrationBin])> =
            metrics.iter().map(|m| (m.preset, m.calibration.as_slice())).collect();
        write_file(path, &reliability_svg(&format!("reliability: {name}"), &series))?;
    }
    let mut out = std::io::stdout().lock();
    if args.json {
        let value = serde_json::json!({
            "model": name,
            "positions_per_preset": args.positions,
            "seed": args.seed,
            "presets": metrics,
        });
        writeln!(out, "{value}")?;
    } else {
        text_report(&mut out, &name, &metrics)?;
    }
    Ok(ExitCode::SUCCESS)
}
