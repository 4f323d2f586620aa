//! `search-cli mines merge SHARD.json...`: the summaries of `mines play --json` over disjoint
//! seed ranges, combined exactly into one win rate with its Wilson interval.
//!
//! A long measurement runs as shards (one seed range each, on any machine or job runner);
//! each shard's summary is kept as it finishes, and this command adds them up. Shards must
//! agree on everything but the seeds: the board, the first-click rule, the player, its options
//! (or network model) and the version of the program that played them; their seed ranges must
//! not overlap.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use automine_core::measure::harness::{Z95, wilson_interval};
use clap::Args;
use serde_json::Value;

use crate::commands::{CommandError, CommandResult};

/// Arguments of `search-cli mines merge`.
#[derive(Debug, Args)]
pub struct MergeArgs {
    /// Summaries written by `search-cli mines play --json` (one JSON object each).
    #[arg(required = true, value_name = "SHARD")]
    shards: Vec<PathBuf>,
    /// Print one JSON object instead of the text summary.
    #[arg(long)]
    json: bool,
}

/// The keys every shard of one measurement shares.
const SAME: [&str; 7] = ["board", "first_click", "player", "options", "fast", "model", "version"];

/// One shard's summary: where it came from, its seed range and its counts.
#[derive(Debug)]
struct Shard {
    path: PathBuf,
    summary: Value,
    seed: u64,
    games: u64,
    wins: u64,
    seconds: f64,
}

fn usage(path: &Path, message: impl std::fmt::Display) -> CommandError {
    CommandError::Usage(format!("{}: {message}", path.display()))
}

fn read_shard(path: &Path) -> Result<Shard, CommandError> {
    let text = crate::batch::read_file(path).map_err(|e| CommandError::Usage(e.to_string()))?;
    let summary: Value = serde_json::from_str(text.trim())
        .map_err(|e| usage(path, format!("not the JSON of `mines play --json`: {e}")))?;
    let count = |key: &str| {
        summary.get(key).and_then(Value::as_u64).ok_or_else(|| {
            usage(
                path,
                format!("no whole number {key:?}: not the JSON of `mines play --json`"),
            )
        })
    };
    let (seed, games, wins) = (count("seed")?, count("games")?, count("wins")?);
    if wins > games {
        return Err(usage(path, format!("{wins} wins in {games} games")));
    }
    if seed.checked_add(games).is_none() {
        return Err(usage(path, format!("seeds {seed} + {games} games run past 2^64")));
    }
    for key in SAME {
        if summary.get(key).is_none() {
            return Err(usage(
                path,
                format!("no {key:?}: not the JSON of this version's `mines play --json`"),
            ));
        }
    }
    let seconds = summary.get("seconds").and_then(Value::as_f64).unwrap_or(0.0);
    Ok(Shard {
        path: path.to_path_buf(),
        summary,
        seed,
        games,
        wins,
        seconds,
    })
}

/// The shards combined, or the first disagreement between them.
#[derive(Debug)]
struct Merged {
    games: u64,
    wins: u64,
    seconds: f64,
    /// The seed ranges, sorted and joined where they touch: `[start, end)`.
    ranges: Vec<(u64, u64)>,
}

fn merge(shards: &mut [Shard]) -> Result<Merged, CommandError> {
    let Some(first) = shards.first() else {
        return Err(CommandError::Usage("no shard to merge".to_string()));
    };
    for shard in shards.iter().skip(1) {
        for key in SAME {
            if shard.summary[key] != first.summary[key] {
                return Err(usage(
                    &shard.path,
                    format!(
                        "{key} is {}, but {} has {}: shards of one measurement differ only in their seeds",
                        shard.summary[key],
                        first.path.display(),
                        first.summary[key]
                    ),
                ));
            }
        }
    }
    shards.sort_by_key(|s| s.seed);
    let mut ranges: Vec<(u64, u64)> = Vec::new();
    for pair in shards.windows(2) {
        let (a, b) = (&pair[0], &pair[1]);
        if b.seed < a.seed + a.games {
            return Err(usage(
                &b.path,
                format!(
                    "seeds {}..{} overlap seeds {}..{} of {}",
                    b.seed,
                    b.seed + b.games,
                    a.seed,
                    a.seed + a.games,
                    a.path.display()
                ),
            ));
        }
    }
    for shard in shards.iter() {
        let (start, end) = (shard.seed, shard.seed + shard.games);
        match ranges.last_mut() {
            Some(last) if last.1 == start => last.1 = end,
            _ => ranges.push((start, end)),
        }
    }
    Ok(Merged {
        games: shards.iter().map(|s| s.games).sum(),
        wins: shards.iter().map(|s| s.wins).sum(),
        seconds: shards.iter().map(|s| s.seconds).sum(),
        ranges,
    })
}

/// Run `search-cli mines merge`.
pub fn merge_command(args: &MergeArgs) -> CommandResult {
    let mut shards = args
        .shards
        .iter()
        .map(|p| read_shard(p))
        .collect::<Result<Vec<_>, _>>()?;
    let merged = merge(&mut shards)?;
    let ci = wilson_interval(merged.wins, merged.games, Z95);
    let rate = merged.wins as f64 / merged.games.max(1) as f64;
    let first = &shards[0].summary;
    let ranges: Vec<String> = merged.ranges.iter().map(|(a, b)| format!("{a}..{b}")).collect();
    let mut out = std::io::stdout().lock();
    if args.json {
        let mut json = serde_json::json!({
            "shards": shards.len(),
            "games": merged.games,
            "wins": merged.wins,
            "win_rate": rate,
            "ci95_low": ci.low,
            "ci95_high": ci.high,
            "seed_ranges": merged.ranges.iter().map(|(a, b)| serde_json::json!([a, b])).collect::<Vec<_>>(),
            "seconds": merged.seconds,
        });
        for key in SAME {
            json[key] = first[key].clone();
        }
        writeln!(out, "{json}")?;
    } else {
        writeln!(out, "shards           {}", shards.len())?;
        writeln!(out, "games            {}", merged.games)?;
        writeln!(out, "wins             {}", merged.wins)?;
        writeln!(out, "win rate         {:.4}%", 100.0 * rate)?;
        writeln!(
            out,
            "95% interval     [{:.4}%, {:.4}%] (Wilson)",
            100.0 * ci.low,
            100.0 * ci.high
        )?;
        writeln!(out, "seeds            {}", ranges.join(", "))?;
    }
    Ok(ExitCode::SUCCESS)
}
