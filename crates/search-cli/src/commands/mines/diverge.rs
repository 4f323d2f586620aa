//! `search-cli mines diverge`: two exact players compared at their first different move, on
//! the true layout and on sampled layouts of that position (automine-core's
//! `measure::divergence`).

use std::collections::HashMap;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use automine_core::measure::divergence::{
    DEFAULT_SAMPLER_NODES, DivergenceRecord, DivergenceSummary, DivergenceTrial, par_run_divergence,
    parse_divergence_records, write_divergence_records,
};
use automine_core::player::exact::{ExactPlayer, PlayerOptions};
use clap::Args;

use super::RuleArg;
use super::play::{ExactArgs, exact_options, parse_board};
use crate::commands::{CommandError, CommandResult};
use crate::progress::Progress;

/// Arguments of `search-cli mines diverge`.
#[derive(Debug, Args)]
pub struct DivergeArgs {
    /// beginner, intermediate, expert, or a custom board `WxH/M` (e.g. `30x16/99`).
    #[arg(long, default_value = "expert")]
    preset: String,
    /// Games to play (at least 1).
    #[arg(long, default_value_t = 1000, value_parser = crate::commands::at_least_one())]
    games: u64,
    /// Seed of game 0; game i uses seed S + i, as in `mines play`.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// The first-click rule.
    #[arg(long, value_enum, default_value_t = RuleArg::Safe)]
    first_click: RuleArg,
    /// Layouts each player plays from a divergence, the true one included (1: the plain paired
    /// comparison).
    #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u32).range(1..=10_000))]
    samples: u32,
    /// Node limit of the layout enumeration at a divergence (beyond it, the true layout only).
    #[arg(long, default_value_t = DEFAULT_SAMPLER_NODES)]
    sampler_nodes: u64,
    /// Options of the first player from a JSON file (the keys of `mines play --show-options`).
    #[arg(long, value_name = "FILE")]
    first_options: Option<PathBuf>,
    /// Set one option of the first player, e.g. `--first-set restricted_candidates=4`; may be
    /// repeated.
    #[arg(long, value_name = "KEY=VALUE")]
    first_set: Vec<String>,
    /// Options of the second player from a JSON file.
    #[arg(long, value_name = "FILE")]
    second_options: Option<PathBuf>,
    /// Set one option of the second player; may be repeated.
    #[arg(long, value_name = "KEY=VALUE")]
    second_set: Vec<String>,
    /// Worker threads (0: one per core).
    #[arg(long, default_value_t = 0, value_parser = crate::commands::threads())]
    threads: usize,
    /// Print one JSON object instead of the text summary.
    #[arg(long)]
    json: bool,
    /// Also write every game (`seed,diverged_at,samples,wins_first,wins_second,first_won,second_won`)
    /// to this CSV file.
    #[arg(long, value_name = "FILE")]
    records: Option<PathBuf>,
    /// Play nothing: summarise the games of these `--records` files (plain or `.gz`) together,
    /// e.g. the shards of one comparison; a seed may appear once over all of them.
    #[arg(long, value_name = "FILE", num_args = 1.., conflicts_with_all = ["records", "games", "seed", "samples"])]
    from_records: Vec<PathBuf>,
}

/// The text of `path`, gunzipped when its name ends in `.gz`.
fn read_records_file(path: &Path) -> Result<String, CommandError> {
    let failed = |e: std::io::Error| CommandError::Usage(format!("{}: {e}", path.display()));
    if path.extension().is_some_and(|e| e == "gz") {
        let file = std::fs::File::open(path).map_err(failed)?;
        let mut text = String::new();
        flate2::read::GzDecoder::new(file)
            .read_to_string(&mut text)
            .map_err(failed)?;
        Ok(text)
    } else {
        crate::batch::read_file(path).map_err(|e| CommandError::Usage(e.to_string()))
    }
}

/// The records of every file, in seed order; a seed given twice is refused with both files.
fn read_all_records(paths: &[PathBuf]) -> Result<Vec<DivergenceRecord>, CommandError> {
    let mut seen: HashMap<u64, &Path> = HashMap::new();
    let mut all = Vec::new();
    for path in paths {
        let records = parse_divergence_records(&read_records_file(path)?)
            .map_err(|e| CommandError::Usage(format!("{}: {e}", path.display())))?;
        for r in &records {
            if let Some(before) = seen.insert(r.seed, path) {
                return Err(CommandError::Usage(format!(
                    "{}: seed {} is also in {}: the files must hold disjoint games",
                    path.display(),
                    r.seed,
                    before.display()
                )));
            }
        }
        all.extend(records);
    }
    all.sort_by_key(|r| r.seed);
    Ok(all)
}

fn player_options(
    file: Option<&PathBuf>,
    sets: &[String],
    rule: automine_core::FirstClick,
) -> Result<PlayerOptions, CommandError> {
    let args = ExactArgs {
        options: file.cloned(),
        set: sets.to_vec(),
        ..ExactArgs::default()
    };
    exact_options(&args, rule)
}

/// The comparison's figures as JSON (the same whether played now or read from records).
fn figures_json(s: &DivergenceSummary) -> serde_json::Value {
    let ci = s.difference_ci95();
    let plain = s.plain();
    let plain_ci = plain.difference_ci95();
    let games = s.games();
    let rate = |wins: u64| if games == 0 { 0.0 } else { wins as f64 / games as f64 };
    serde_json::json!({
        "games": games,
        "diverged": s.diverged(),
        "playouts": s.playouts(),
        "difference": s.difference(),
        "difference_ci95_low": ci.low,
        "difference_ci95_high": ci.high,
        "plain": {
            "first_wins": plain.both_won + plain.only_first,
            "second_wins": plain.both_won + plain.only_second,
            "first_win_rate": rate(plain.both_won + plain.only_first),
            "second_win_rate": rate(plain.both_won + plain.only_second),
            "only_first": plain.only_first,
            "only_second": plain.only_second,
            "difference": plain.difference(),
            "difference_ci95_low": plain_ci.low,
            "difference_ci95_high": plain_ci.high,
            "mcnemar_p": plain.mcnemar_p_value(),
        },
    })
}

/// The figures as text.
fn write_figures(out: &mut impl Write, s: &DivergenceSummary) -> std::io::Result<()> {
    let ci = s.difference_ci95();
    let plain = s.plain();
    let plain_ci = plain.difference_ci95();
    let most = s.records.iter().map(|r| r.samples).max().unwrap_or(1);
    writeln!(out, "games            {}", s.games())?;
    writeln!(
        out,
        "diverged         {} ({} playouts from divergences, at most {most} layouts each)",
        s.diverged(),
        s.playouts(),
    )?;
    writeln!(
        out,
        "difference       {:+.4} points, 95% interval [{:+.4}, {:+.4}] (first minus second, sampled layouts)",
        100.0 * s.difference(),
        100.0 * ci.low,
        100.0 * ci.high
    )?;
    writeln!(
        out,
        "true layouts     {:+.4} points, 95% interval [{:+.4}, {:+.4}]; {} won only by the first, {} only by the second; McNemar p {:.4}",
        100.0 * plain.difference(),
        100.0 * plain_ci.low,
        100.0 * plain_ci.high,
        plain.only_first,
        plain.only_second,
        plain.mcnemar_p_value()
    )
}

/// Run `search-cli mines diverge`.
pub fn diverge(args: &DivergeArgs) -> CommandResult {
    let rule = args.first_click.into();
    let settings = parse_board(&args.preset, rule)?;
    let first = player_options(args.first_options.as_ref(), &args.first_set, rule)?;
    let second = player_options(args.second_options.as_ref(), &args.second_set, rule)?;
    if let Some(path) = &args.records {
        crate::batch::check_writable(path).map_err(|e| CommandError::Usage(format!("--records {e}")))?;
    }
    let mut out = std::io::stdout().lock();
    if !args.from_records.is_empty() {
        let summary = DivergenceSummary {
            records: read_all_records(&args.from_records)?,
            elapsed: std::time::Duration::ZERO,
        };
        if args.json {
            writeln!(out, "{}", figures_json(&summary))?;
        } else {
            write_figures(&mut out, &summary)?;
        }
        return Ok(ExitCode::SUCCESS);
    }
    let mut trial = DivergenceTrial::new(settings, args.seed, args.games, args.samples);
    trial.sampler_nodes = args.sampler_nodes;
    let progress = Progress::new("games", Some(args.games));
    let summary = par_run_divergence(
        &trial,
        args.threads,
        || ExactPlayer::new(first),
        || ExactPlayer::new(second),
        || progress.inc(1),
    )
    .map_err(|e| CommandError::Usage(format!("a game failed: {e}")))?;
    progress.finish();
    if let Some(path) = &args.records {
        std::fs::write(path, write_divergence_records(&summary.records))
            .map_err(|e| CommandError::Usage(format!("--records {}: {e}", path.display())))?;
    }
    if args.json {
        let dims = trial.settings.dims();
        let mut json = figures_json(&summary);
        json["board"] = format!("{}x{}/{}", dims.width().0, dims.height().0, trial.settings.mines()).into();
        json["first_click"] = trial.settings.first_click().name().into();
        json["seed"] = trial.seed.into();
        json["samples"] = trial.samples.into();
        json["sampler_nodes"] = trial.sampler_nodes.into();
        json["seconds"] = summary.elapsed.as_secs_f64().into();
        json["first_options"] = serde_json::to_value(first).unwrap_or_default();
        json["second_options"] = serde_json::to_value(second).unwrap_or_default();
        json["version"] = env!("CARGO_PKG_VERSION").into();
        writeln!(out, "{json}")?;
    } else {
        write_figures(&mut out, &summary)?;
    }
    Ok(ExitCode::SUCCESS)
}
