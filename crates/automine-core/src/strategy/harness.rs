//! The win-rate harness: `N` games over a seed range, with the Wilson 95% interval and the
//! speed. Game `i` uses seed `S + i` and a fresh player, so the result does not depend on the
//! order the games run in nor on the number of threads (`parallel` feature).

use std::time::{Duration, Instant};

use crate::game::{Game, GameStatus};
use crate::player::{SimulationError, play_out};
use crate::settings::{FirstClick, GameSettings};
use crate::strategy::exact_player::{ExactPlayer, PlayerOptions};
use crate::strategy::teacher_player::TeacherPlayer;

/// Which player plays.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum PlayerKind {
    /// [`ExactPlayer`] with these options.
    Exact(PlayerOptions),
    /// The teacher baseline ([`TeacherPlayer`]).
    Teacher,
}

impl PlayerKind {
    /// The strongest player for `rule`.
    pub fn exact(rule: FirstClick) -> Self {
        Self::Exact(PlayerOptions::new(rule))
    }
}

/// A batch of games to play.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Trial {
    /// The board and rule.
    pub settings: GameSettings,
    /// The seed of game 0; game `i` uses `seed + i` (wrapping).
    pub seed: u64,
    /// How many games.
    pub games: u64,
    /// Who plays.
    pub player: PlayerKind,
}

/// A Wilson score interval for a proportion.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Interval {
    /// Lower end.
    pub low: f64,
    /// Upper end.
    pub high: f64,
}

/// The Wilson score interval of `wins` out of `games` at `z` standard errors (1.959964 for
/// 95%); `[0, 1]` for zero games.
///
/// ```
/// use automine_core::strategy::harness::wilson_interval;
/// let ci = wilson_interval(50, 100, 1.959964);
/// assert!((ci.low - 0.4038).abs() < 1e-4 && (ci.high - 0.5962).abs() < 1e-4);
/// ```
pub fn wilson_interval(wins: u64, games: u64, z: f64) -> Interval {
    if games == 0 {
        return Interval { low: 0.0, high: 1.0 };
    }
    let n = games as f64;
    let p = wins as f64 / n;
    let z2 = z * z;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = z / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    // The rate itself always lies inside (rounding could push an end past it at 0 or n wins).
    Interval {
        low: (centre - half).clamp(0.0, p),
        high: (centre + half).clamp(p, 1.0),
    }
}

/// The 97.5% quantile of the standard normal distribution (a two-sided 95% interval).
pub const Z95: f64 = 1.959_963_984_540_054;

/// What one game did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameRecord {
    /// The game's seed.
    pub seed: u64,
    /// Whether it was won.
    pub won: bool,
    /// Cells the player opened (moves).
    pub moves: usize,
}

/// The results of a [`Trial`].
#[derive(Debug, Clone, PartialEq)]
pub struct TrialSummary {
    /// Games played.
    pub games: u64,
    /// Games won.
    pub wins: u64,
    /// Every game, in seed order.
    pub records: Vec<GameRecord>,
    /// Wall-clock time.
    pub elapsed: Duration,
}

impl TrialSummary {
    /// Wins / games.
    pub fn win_rate(&self) -> f64 {
        if self.games == 0 {
            0.0
        } else {
            self.wins as f64 / self.games as f64
        }
    }

    /// The Wilson 95% interval of the win rate.
    pub fn ci95(&self) -> Interval {
        wilson_interval(self.wins, self.games, Z95)
    }

    /// Games per second of wall-clock time.
    pub fn games_per_second(&self) -> f64 {
        self.games as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }
}

/// Play game `index` of `trial`.
///
/// # Errors
/// A [`SimulationError`] when the player fails (a bug: real games always admit a layout).
pub fn play_one(trial: &Trial, index: u64) -> Result<GameRecord, SimulationError> {
    let seed = trial.seed.wrapping_add(index);
    let mut game = Game::new(trial.settings, seed);
    let limit = trial.settings.dims().cell_count() + 1;
    let moves = match trial.player {
        PlayerKind::Exact(options) => play_out(&mut game, &mut ExactPlayer::new(options), limit)?,
        PlayerKind::Teacher => play_out(&mut game, &mut TeacherPlayer::new(trial.settings.first_click()), limit)?,
    };
    Ok(GameRecord {
        seed,
        won: game.status() == GameStatus::Won,
        moves,
    })
}

fn summarise(records: Vec<GameRecord>, start: Instant) -> TrialSummary {
    TrialSummary {
        games: records.len() as u64,
        wins: records.iter().filter(|r| r.won).count() as u64,
        records,
        elapsed: start.elapsed(),
    }
}

/// Play every game of `trial` on this thread, calling `on_game` after each one.
///
/// ```
/// use automine_core::strategy::harness::{PlayerKind, Trial, run_trial};
/// use automine_core::{FirstClick, Preset};
/// let rule = FirstClick::Opening;
/// let trial = Trial { settings: Preset::Beginner.settings(rule), seed: 0, games: 20, player: PlayerKind::exact(rule) };
/// let summary = run_trial(&trial, || {})?;
/// assert_eq!(summary.games, 20);
/// assert!(summary.ci95().low <= summary.win_rate());
/// # Ok::<(), automine_core::SimulationError>(())
/// ```
///
/// # Errors
/// The first game's error, as [`play_one`].
pub fn run_trial(trial: &Trial, on_game: impl Fn()) -> Result<TrialSummary, SimulationError> {
    let start = Instant::now();
    let records = (0..trial.games)
        .map(|i| {
            let r = play_one(trial, i);
            on_game();
            r
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(summarise(records, start))
}

/// Play every game of `trial` on `threads` rayon threads (0: rayon's default), calling
/// `on_game` after each one; the records are the same as [`run_trial`]'s.
///
/// # Errors
/// As [`run_trial`] (the error of the lowest failing game).
#[cfg(feature = "parallel")]
pub fn par_run_trial(
    trial: &Trial,
    threads: usize,
    on_game: impl Fn() + Sync,
) -> Result<TrialSummary, SimulationError> {
    use rayon::prelude::*;
    let start = Instant::now();
    let work = || {
        (0..trial.games)
            .into_par_iter()
            .map(|i| {
                let r = play_one(trial, i);
                on_game();
                r
            })
            .collect::<Result<Vec<_>, _>>()
    };
    let records = match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
        Ok(pool) => pool.install(work),
        Err(_) => work(),
    }?;
    Ok(summarise(records, start))
}
