//! Paired comparison at the first divergence: two players play each game in lock step, and
//! only where their moves first differ do both go on, each on its own copy of the game, on the
//! true layout and on `samples − 1` further layouts drawn uniformly from those consistent with
//! the position they diverged at.
//!
//! Up to the divergence the two games are one game, so it adds nothing to the difference of
//! the win rates; a game without a divergence counts 0. At a divergence the position `V` is a
//! function of the true layout through moves that depend on the view only, so given `V` the
//! true layout is uniform over the layouts consistent with `V` (the first-click rule's free
//! cells are open in `V`). A layout drawn by [`LayoutSampler`] from `V` is therefore as good a
//! sample as the true one, and the mean of
//! `won(first) − won(second)` over the `samples` layouts is an unbiased estimate of the game's
//! paired difference with a smaller variance: most of the spread of a plain paired comparison
//! is the luck of the one layout after the divergence.
//!
//! The true layout is always the first sample, so with `samples = 1` the estimate is exactly
//! the plain paired difference of the same games ([`DivergenceSummary::plain`] gives it for any
//! `samples`). When the sampler cannot enumerate `V` within its node limit, that game keeps the
//! true layout alone (which sample count a game gets depends on `V` only, so the estimate stays
//! unbiased).
//!
//! ```
//! use automine_core::measure::divergence::{DivergenceTrial, run_divergence};
//! use automine_core::player::exact::{ExactPlayer, PlayerOptions};
//! use automine_core::{FirstClick, Preset, SafestCellPlayer};
//! let rule = FirstClick::Safe;
//! let trial = DivergenceTrial::new(Preset::Beginner.settings(rule), 11, 40, 4);
//! let summary = run_divergence(
//!     &trial,
//!     || ExactPlayer::new(PlayerOptions::new(rule)),
//!     SafestCellPlayer::default,
//!     || {},
//! )?;
//! assert_eq!(summary.records.len(), 40);
//! let ci = summary.difference_ci95();
//! assert!(ci.low <= summary.difference() && summary.difference() <= ci.high);
//! // The true layouts alone are the plain paired comparison of the same 40 games.
//! assert_eq!(summary.plain().games(), 40);
//! # Ok::<(), automine_core::SimulationError>(())
//! ```

use std::collections::HashMap;
use std::fmt::Write as _;
use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use search_core::Budget;

use super::harness::{Interval, Z95, play_games};
use super::paired::{PairedComparison, PairingError};
use crate::error::ProbabilityError;
use crate::game::{Game, GameStatus};
use crate::geometry::Pos;
use crate::player::{Player, SimulationError, play_out};
use crate::probability::exact::LayoutSampler;
use crate::settings::GameSettings;

/// The node limit of the layout sampler at a divergence unless set otherwise.
pub const DEFAULT_SAMPLER_NODES: u64 = 2_000_000;

/// A batch of games to compare two players on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct DivergenceTrial {
    /// The board and rule.
    pub settings: GameSettings,
    /// The seed of game 0; game `i` uses `seed + i` (wrapping), as in the win-rate harness.
    pub seed: u64,
    /// How many games.
    pub games: u64,
    /// Layouts each player plays from a divergence, the true one included (at least 1).
    pub samples: u32,
    /// The node limit of the layout enumeration at a divergence.
    pub sampler_nodes: u64,
}

impl DivergenceTrial {
    /// `games` games from `seed`, each divergence played on `samples` layouts (a `samples` of
    /// 0 is taken as 1), with the sampler's default node limit.
    pub const fn new(settings: GameSettings, seed: u64, games: u64, samples: u32) -> Self {
        Self {
            settings,
            seed,
            games,
            samples: if samples == 0 { 1 } else { samples },
            sampler_nodes: DEFAULT_SAMPLER_NODES,
        }
    }
}

/// One game of a divergence comparison.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DivergenceRecord {
    /// The game's seed.
    pub seed: u64,
    /// The number of moves the players agreed on before their first different move; `None`
    /// when they never differed.
    pub diverged_at: Option<usize>,
    /// Layouts played from the divergence (1 without a divergence or when the sampler ran out).
    pub samples: u32,
    /// Of those, the layouts the first player won.
    pub wins_first: u32,
    /// Of those, the layouts the second player won.
    pub wins_second: u32,
    /// Whether the first player won the true layout.
    pub first_won: bool,
    /// Whether the second player won the true layout.
    pub second_won: bool,
}

impl DivergenceRecord {
    /// This game's estimate of the difference of win rates (first minus second), in `[-1, 1]`.
    pub fn difference(&self) -> f64 {
        (f64::from(self.wins_first) - f64::from(self.wins_second)) / f64::from(self.samples.max(1))
    }
}

/// The results of a [`DivergenceTrial`].
#[derive(Debug, Clone, PartialEq)]
pub struct DivergenceSummary {
    /// Every game, in seed order.
    pub records: Vec<DivergenceRecord>,
    /// Wall-clock time.
    pub elapsed: Duration,
}

impl DivergenceSummary {
    /// Games compared.
    pub fn games(&self) -> u64 {
        self.records.len() as u64
    }

    /// Games in which the players' moves differed.
    pub fn diverged(&self) -> u64 {
        self.records.iter().filter(|r| r.diverged_at.is_some()).count() as u64
    }

    /// Games played from divergences, on both sides, the true layouts included.
    pub fn playouts(&self) -> u64 {
        self.records
            .iter()
            .filter(|r| r.diverged_at.is_some())
            .map(|r| 2 * u64::from(r.samples))
            .sum()
    }

    /// The estimated win rate of the first player minus that of the second: the mean of the
    /// games' [`DivergenceRecord::difference`] (0 for no games).
    pub fn difference(&self) -> f64 {
        if self.records.is_empty() {
            return 0.0;
        }
        self.records.iter().map(DivergenceRecord::difference).sum::<f64>() / self.records.len() as f64
    }

    /// The normal 95% interval of [`difference`](Self::difference), from the spread of the
    /// games' estimates (`[-1, 1]` for no games).
    pub fn difference_ci95(&self) -> Interval {
        let n = self.records.len();
        if n == 0 {
            return Interval { low: -1.0, high: 1.0 };
        }
        let mean = self.difference();
        let square = self.records.iter().map(|r| r.difference().powi(2)).sum::<f64>() / n as f64;
        let variance = (square - mean * mean).max(0.0) * n as f64 / (n.max(2) - 1) as f64;
        let half = Z95 * (variance / n as f64).sqrt();
        Interval {
            low: (mean - half).max(-1.0),
            high: (mean + half).min(1.0),
        }
    }

    /// The plain paired comparison of the true layouts (first player as the first).
    pub fn plain(&self) -> PairedComparison {
        let mut paired = PairedComparison {
            both_won: 0,
            only_first: 0,
            only_second: 0,
            both_lost: 0,
        };
        for r in &self.records {
            match (r.first_won, r.second_won) {
                (true, true) => paired.both_won += 1,
                (true, false) => paired.only_first += 1,
                (false, true) => paired.only_second += 1,
                (false, false) => paired.both_lost += 1,
            }
        }
        paired
    }
}

/// The records as CSV: a header line
/// `seed,diverged_at,samples,wins_first,wins_second,first_won,second_won`, then one game a line
/// (`diverged_at` empty for a game without a divergence, the two last fields `1` or `0`).
pub fn write_divergence_records(records: &[DivergenceRecord]) -> String {
    let mut out = format!("{HEADER}\n");
    for r in records {
        let at = r.diverged_at.map_or(String::new(), |m| m.to_string());
        // Writing to a String cannot fail.
        let _ = writeln!(
            out,
            "{},{at},{},{},{},{},{}",
            r.seed,
            r.samples,
            r.wins_first,
            r.wins_second,
            u8::from(r.first_won),
            u8::from(r.second_won)
        );
    }
    out
}

/// Game `index` of `trial` with the two players, fresh for the game.
///
/// # Errors
/// A [`SimulationError`] when a player fails or chooses an illegal cell, or a position admits
/// no layout (a bug: real games always admit one).
pub fn diverge_one<A, B>(
    trial: &DivergenceTrial,
    index: u64,
    first: &mut A,
    second: &mut B,
) -> Result<DivergenceRecord, SimulationError>
where
    A: Player + Clone,
    B: Player + Clone,
{
    let seed = trial.seed.wrapping_add(index);
    let settings = trial.settings;
    let limit = settings.dims().cell_count() + 1;
    let mut game = Game::new(settings, seed);
    let mut moves: Vec<Pos> = Vec::new();
    let unlimited = Budget::unlimited();
    while game.status() == GameStatus::Playing && moves.len() < limit {
        let a = first.decide(game.view(), &unlimited)?.pos;
        let b = second.decide(game.view(), &unlimited)?.pos;
        if a == b {
            game.reveal(a)?;
            moves.push(a);
            continue;
        }
        let budget = limit - moves.len();
        let first_won = branch(&game, a, &mut first.clone(), budget)?;
        let second_won = branch(&game, b, &mut second.clone(), budget)?;
        let mut record = DivergenceRecord {
            seed,
            diverged_at: Some(moves.len()),
            samples: 1,
            wins_first: u32::from(first_won),
            wins_second: u32::from(second_won),
            first_won,
            second_won,
        };
        if trial.samples > 1 {
            let sampler =
                match LayoutSampler::new(game.view(), &Budget::unlimited().with_node_limit(trial.sampler_nodes)) {
                    Ok(sampler) => Some(sampler),
                    Err(ProbabilityError::Stopped(_)) => None,
                    Err(e) => return Err(e.into()),
                };
            if let Some(sampler) = sampler {
                let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed_d1fe_4e5c_e000);
                for _ in 1..trial.samples {
                    let layout = sampler.sample(&mut rng);
                    let Ok(mut replay) = Game::with_layout(settings, layout) else {
                        unreachable!("a sampled layout has the view's size and mine count")
                    };
                    for &pos in &moves {
                        replay.reveal(pos)?;
                    }
                    debug_assert_eq!(replay.view(), game.view(), "a sampled layout reproduces the position");
                    record.wins_first += u32::from(branch(&replay, a, &mut first.clone(), budget)?);
                    record.wins_second += u32::from(branch(&replay, b, &mut second.clone(), budget)?);
                    record.samples += 1;
                }
            }
        }
        return Ok(record);
    }
    let won = game.status() == GameStatus::Won;
    Ok(DivergenceRecord {
        seed,
        diverged_at: None,
        samples: 1,
        wins_first: u32::from(won),
        wins_second: u32::from(won),
        first_won: won,
        second_won: won,
    })
}

/// Whether `player` wins `game` after opening `pos` first.
fn branch(game: &Game, pos: Pos, player: &mut impl Player, limit: usize) -> Result<bool, SimulationError> {
    let mut game = game.clone();
    game.reveal(pos)?;
    play_out(&mut game, player, limit)?;
    Ok(game.status() == GameStatus::Won)
}

/// Compare two players on every game of `trial` on this thread (fresh players from
/// `make_first` and `make_second` for each game), calling `on_game` after each one.
///
/// # Errors
/// The first game's error, as [`diverge_one`].
pub fn run_divergence<A, B>(
    trial: &DivergenceTrial,
    make_first: impl Fn() -> A,
    make_second: impl Fn() -> B,
    on_game: impl Fn(),
) -> Result<DivergenceSummary, SimulationError>
where
    A: Player + Clone,
    B: Player + Clone,
{
    let start = Instant::now();
    let records = play_games(
        trial.games,
        |i| diverge_one(trial, i, &mut make_first(), &mut make_second()),
        on_game,
    )?;
    Ok(DivergenceSummary {
        records,
        elapsed: start.elapsed(),
    })
}

/// [`run_divergence`] on `threads` rayon threads (0: rayon's default); the records are the
/// same whatever the thread count.
///
/// # Errors
/// As [`run_divergence`] (the error of the lowest failing game).
#[cfg(feature = "parallel")]
pub fn par_run_divergence<A, B>(
    trial: &DivergenceTrial,
    threads: usize,
    make_first: impl Fn() -> A + Sync,
    make_second: impl Fn() -> B + Sync,
    on_game: impl Fn() + Sync,
) -> Result<DivergenceSummary, SimulationError>
where
    A: Player + Clone + Send,
    B: Player + Clone + Send,
{
    let start = Instant::now();
    let records = super::harness::par_play_games(
        trial.games,
        threads,
        |i| diverge_one(trial, i, &mut make_first(), &mut make_second()),
        on_game,
    )?;
    Ok(DivergenceSummary {
        records,
        elapsed: start.elapsed(),
    })
}

/// The header line of [`write_divergence_records`].
const HEADER: &str = "seed,diverged_at,samples,wins_first,wins_second,first_won,second_won";

/// Read back what [`write_divergence_records`] wrote. Blank lines are skipped; every line is
/// checked (wins at most the samples; a game without a divergence has one sample and the same
/// outcome for both players, which are its wins), and a seed may appear once.
///
/// ```
/// use automine_core::measure::divergence::parse_divergence_records;
/// let text = "seed,diverged_at,samples,wins_first,wins_second,first_won,second_won\n7,,1,1,1,1,1\n8,40,4,3,1,1,0\n";
/// let records = parse_divergence_records(text)?;
/// assert_eq!(records[1].diverged_at, Some(40));
/// assert_eq!(records[1].difference(), 0.5);
/// # Ok::<(), automine_core::measure::paired::PairingError>(())
/// ```
///
/// # Errors
/// [`PairingError::Empty`] without a header, [`PairingError::BadLine`] naming the line and
/// field that is wrong, [`PairingError::RepeatedSeed`], or [`PairingError::NoGames`].
pub fn parse_divergence_records(text: &str) -> Result<Vec<DivergenceRecord>, PairingError> {
    let mut lines = text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty());
    let (header_index, header) = lines.next().ok_or(PairingError::Empty)?;
    if header.trim() != HEADER {
        return Err(PairingError::BadLine {
            line: header_index + 1,
            reason: format!("expected the header `{HEADER}`, found {:?}", header.trim()),
        });
    }
    let mut first_lines: HashMap<u64, usize> = HashMap::new();
    let mut records = Vec::new();
    for (i, line) in lines {
        let bad = |reason: String| PairingError::BadLine { line: i + 1, reason };
        let fields: Vec<&str> = line.trim().split(',').map(str::trim).collect();
        let [seed, at, samples, wins_first, wins_second, first_won, second_won] = fields[..] else {
            return Err(bad(format!("expected 7 fields {HEADER}, found {}", fields.len())));
        };
        let number = |name: &str, text: &str| -> Result<u64, PairingError> {
            text.parse()
                .map_err(|_| bad(format!("{name} {text:?} is not a whole number")))
        };
        let small = |name: &str, text: &str| -> Result<u32, PairingError> {
            text.parse().map_err(|_| bad(format!("{name} {text:?} is not a count")))
        };
        let flag = |name: &str, text: &str| match text {
            "1" => Ok(true),
            "0" => Ok(false),
            other => Err(bad(format!("{name} {other:?} is not 0 or 1"))),
        };
        let seed = number("seed", seed)?;
        let diverged_at = if at.is_empty() {
            None
        } else {
            Some(
                at.parse::<usize>()
                    .map_err(|_| bad(format!("diverged_at {at:?} is not a move count")))?,
            )
        };
        let record = DivergenceRecord {
            seed,
            diverged_at,
            samples: small("samples", samples)?,
            wins_first: small("wins_first", wins_first)?,
            wins_second: small("wins_second", wins_second)?,
            first_won: flag("first_won", first_won)?,
            second_won: flag("second_won", second_won)?,
        };
        if record.samples == 0 || record.wins_first > record.samples || record.wins_second > record.samples {
            return Err(bad(format!(
                "{} and {} wins in {} samples",
                record.wins_first, record.wins_second, record.samples
            )));
        }
        if record.wins_first < u32::from(record.first_won) || record.wins_second < u32::from(record.second_won) {
            return Err(bad("a won true layout is missing from the wins".to_string()));
        }
        if record.diverged_at.is_none()
            && (record.samples != 1
                || record.first_won != record.second_won
                || record.wins_first != u32::from(record.first_won)
                || record.wins_second != u32::from(record.second_won))
        {
            return Err(bad(
                "a game without a divergence has one sample and one outcome for both players".to_string(),
            ));
        }
        if let Some(&first_line) = first_lines.get(&seed) {
            return Err(PairingError::RepeatedSeed {
                seed,
                line: i + 1,
                first_line,
            });
        }
        first_lines.insert(seed, i + 1);
        records.push(record);
    }
    if records.is_empty() {
        return Err(PairingError::NoGames);
    }
    Ok(records)
}
