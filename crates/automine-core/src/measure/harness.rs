//! The win-rate harness: `N` games over a seed range, with the Wilson 95% interval and the
//! speed. Game `i` uses seed `S + i` and a fresh player, so the result does not depend on the
//! order the games run in nor on the number of threads (`parallel` feature).
//!
//! [`run_trial`] and `par_run_trial` play the players a [`PlayerKind`] names; they are
//! built on [`run_trial_with`] and `par_run_trial_with`, which take any [`Player`] from a
//! factory closure (one fresh player per game). The two `par_` functions need the
//! `parallel` feature.

use std::time::{Duration, Instant};

use search_core::Budget;

use crate::error::ProbabilityError;
use crate::game::{Game, GameStatus};
use crate::player::decision::Decision;
use crate::player::exact::{ExactPlayer, PlayerOptions};
use crate::player::teacher::TeacherPlayer;
use crate::player::{Player, SimulationError, play_out};
use crate::settings::{FirstClick, GameSettings};
use crate::view::PlayerView;

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
/// 95%; the sign of `z` does not matter); `[0, 1]` for zero games or an infinite `z`.
///
/// ```
/// use automine_core::measure::harness::wilson_interval;
/// let ci = wilson_interval(50, 100, 1.959964);
/// assert!((ci.low - 0.4038).abs() < 1e-4 && (ci.high - 0.5962).abs() < 1e-4);
/// ```
///
/// # Panics
/// When `wins > games` or `z` is NaN (programmer errors: the counts come from one trial).
pub fn wilson_interval(wins: u64, games: u64, z: f64) -> Interval {
    assert!(wins <= games, "{wins} wins out of {games} games");
    assert!(!z.is_nan(), "z is NaN");
    let z = z.abs();
    if games == 0 || z.is_infinite() {
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

/// The player a [`PlayerKind`] names, for one game.
#[derive(Debug, Clone)]
pub(crate) enum KindPlayer {
    Exact(ExactPlayer),
    Teacher(TeacherPlayer),
}

impl KindPlayer {
    pub(crate) fn new(kind: PlayerKind, rule: FirstClick) -> Self {
        match kind {
            PlayerKind::Exact(options) => Self::Exact(ExactPlayer::new(options)),
            PlayerKind::Teacher => Self::Teacher(TeacherPlayer::new(rule)),
        }
    }
}

impl Player for KindPlayer {
    fn decide(&mut self, view: &PlayerView, budget: &Budget) -> Result<Decision, ProbabilityError> {
        match self {
            Self::Exact(p) => Player::decide(p, view, budget),
            Self::Teacher(p) => p.decide(view, budget),
        }
    }
}

/// Play game `index` of `trial`.
///
/// # Errors
/// A [`SimulationError`] when the player fails (a bug: real games always admit a layout).
pub fn play_one(trial: &Trial, index: u64) -> Result<GameRecord, SimulationError> {
    let mut player = KindPlayer::new(trial.player, trial.settings.first_click());
    play_one_with(trial.settings, trial.seed, index, &mut player)
}

/// Play game `index` of the batch starting at `seed` (seed `seed + index`, wrapping) under
/// `settings` with `player`, which should be fresh for the game.
///
/// # Errors
/// A [`SimulationError`] when the player fails or chooses an illegal cell.
pub fn play_one_with(
    settings: GameSettings,
    seed: u64,
    index: u64,
    player: &mut impl Player,
) -> Result<GameRecord, SimulationError> {
    let seed = seed.wrapping_add(index);
    let mut game = Game::new(settings, seed);
    let limit = settings.dims().cell_count() + 1;
    let moves = play_out(&mut game, player, limit)?;
    Ok(GameRecord {
        seed,
        won: game.status() == GameStatus::Won,
        moves,
    })
}

pub(crate) fn summarise(records: Vec<GameRecord>, start: Instant) -> TrialSummary {
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
/// use automine_core::measure::harness::{PlayerKind, Trial, run_trial};
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
    let rule = trial.settings.first_click();
    run_trial_with(
        trial.settings,
        trial.seed,
        trial.games,
        || KindPlayer::new(trial.player, rule),
        on_game,
    )
}

/// Play `games` games under `settings` on this thread, game `i` on seed `seed + i` with a
/// fresh player from `make_player`, calling `on_game` after each one. Any [`Player`] can be
/// measured this way (the learned players of `automine-learn` are).
///
/// ```
/// use automine_core::measure::harness::run_trial_with;
/// use automine_core::{FirstClick, Preset, SafestCellPlayer};
/// let settings = Preset::Beginner.settings(FirstClick::Safe);
/// let summary = run_trial_with(settings, 0, 10, SafestCellPlayer::default, || {})?;
/// assert_eq!(summary.records.len(), 10);
/// # Ok::<(), automine_core::SimulationError>(())
/// ```
///
/// # Errors
/// The first game's error, as [`play_one_with`].
pub fn run_trial_with<P: Player>(
    settings: GameSettings,
    seed: u64,
    games: u64,
    make_player: impl Fn() -> P,
    on_game: impl Fn(),
) -> Result<TrialSummary, SimulationError> {
    let start = Instant::now();
    let records = play_games(games, |i| play_one_with(settings, seed, i, &mut make_player()), on_game)?;
    Ok(summarise(records, start))
}

/// `play(i)` for every game `i` of `0..games` in order on this thread, calling `on_game` after
/// each one; stops at the first error.
pub(crate) fn play_games<T>(
    games: u64,
    play: impl Fn(u64) -> Result<T, SimulationError>,
    on_game: impl Fn(),
) -> Result<Vec<T>, SimulationError> {
    (0..games)
        .map(|i| {
            let r = play(i);
            on_game();
            r
        })
        .collect()
}

/// [`play_games`] on `threads` rayon threads (0: rayon's default); the results are in game
/// order whatever the thread count, and the error is the lowest failing game's.
#[cfg(feature = "parallel")]
pub(crate) fn par_play_games<T: Send>(
    games: u64,
    threads: usize,
    play: impl Fn(u64) -> Result<T, SimulationError> + Sync,
    on_game: impl Fn() + Sync,
) -> Result<Vec<T>, SimulationError> {
    // The pool is built here even for one thread, so the games' own parallel enumerations run
    // on it too and `threads` bounds the whole run.
    let seeds: Vec<u64> = (0..games).collect();
    let work = || search_core::parallel::ordered_map(seeds, 0, &play, &on_game);
    match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
        Ok(pool) => pool.install(work),
        Err(_) => work(),
    }
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
    let rule = trial.settings.first_click();
    par_run_trial_with(
        trial.settings,
        trial.seed,
        trial.games,
        threads,
        || KindPlayer::new(trial.player, rule),
        on_game,
    )
}

/// [`run_trial_with`] on `threads` rayon threads (0: rayon's default); the records are the
/// same as [`run_trial_with`]'s whatever the thread count (game `i` always uses seed
/// `seed + i` and a fresh player).
///
/// # Errors
/// As [`run_trial_with`] (the error of the lowest failing game).
#[cfg(feature = "parallel")]
pub fn par_run_trial_with<P: Player>(
    settings: GameSettings,
    seed: u64,
    games: u64,
    threads: usize,
    make_player: impl Fn() -> P + Sync,
    on_game: impl Fn() + Sync,
) -> Result<TrialSummary, SimulationError> {
    let start = Instant::now();
    let records = par_play_games(
        games,
        threads,
        |i| play_one_with(settings, seed, i, &mut make_player()),
        on_game,
    )?;
    Ok(summarise(records, start))
}
