//! `search-cli mines compare A.csv B.csv`: two players on the same games, compared game by
//! game (automine-core's `measure::paired`).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use automine_core::measure::harness::GameRecord;
use automine_core::measure::paired::{PairedComparison, parse_records};
use clap::Args;

use crate::commands::{CommandError, CommandResult};

/// Arguments of `search-cli mines compare`.
#[derive(Debug, Args)]
pub struct CompareArgs {
    /// Records of the first player (`search-cli mines play --records FILE`).
    first: PathBuf,
    /// Records of the second player, on the same games (same board, rule, seed and count).
    second: PathBuf,
    /// Print one JSON object instead of the text summary.
    #[arg(long)]
    json: bool,
}

fn read(path: &Path) -> Result<Vec<GameRecord>, CommandError> {
    let text = crate::batch::read_file(path).map_err(|e| CommandError::Usage(e.to_string()))?;
    parse_records(&text).map_err(|e| CommandError::Usage(format!("{}: {e}", path.display())))
}

/// Run `search-cli mines compare`.
pub fn compare(args: &CompareArgs) -> CommandResult {
    let first = read(&args.first)?;
    let second = read(&args.second)?;
    let paired = PairedComparison::new(&first, &second).map_err(|e| CommandError::Usage(e.to_string()))?;
    let ci = paired.difference_ci95();
    let games = paired.games();
    let rate = |wins: u64| if games == 0 { 0.0 } else { wins as f64 / games as f64 };
    let first_wins = paired.both_won + paired.only_first;
    let second_wins = paired.both_won + paired.only_second;
    let mut out = std::io::stdout().lock();
    if args.json {
        let json = serde_json::json!({
            "games": games,
            "first_wins": first_wins,
            "second_wins": second_wins,
            "first_win_rate": rate(first_wins),
            "second_win_rate": rate(second_wins),
            "both_won": paired.both_won,
            "only_first": paired.only_first,
            "only_second": paired.only_second,
            "both_lost": paired.both_lost,
            "difference": paired.difference(),
            "difference_ci95_low": ci.low,
            "difference_ci95_high": ci.high,
            "mcnemar_p": paired.mcnemar_p_value(),
        });
        writeln!(out, "{json}")?;
    } else {
        writeln!(out, "games            {games}")?;
        writeln!(out, "first wins       {first_wins} ({:.4}%)", 100.0 * rate(first_wins))?;
        writeln!(
            out,
            "second wins      {second_wins} ({:.4}%)",
            100.0 * rate(second_wins)
        )?;
        writeln!(
            out,
            "discordant       {} won only by the first, {} only by the second",
            paired.only_first, paired.only_second
        )?;
        writeln!(
            out,
            "difference       {:+.4} points, 95% interval [{:+.4}, {:+.4}] (paired)",
            100.0 * paired.difference(),
            100.0 * ci.low,
            100.0 * ci.high
        )?;
        writeln!(
            out,
            "McNemar p        {:.4} (exact, two-sided)",
            paired.mcnemar_p_value()
        )?;
    }
    Ok(ExitCode::SUCCESS)
}
