//! Where a player's games are lost: a profile of its guesses by the phase of the game.
//!
//! A *guess* is a click on a cell whose exact P(mine) is above zero (the protected first click
//! of the `safe` and `opening` rules is not one). Each guess is filed under the phase of the
//! game it was made in, measured by the number of whole-board layouts consistent with the
//! view (`log10`, [`ExactAnalysis::ln_layouts`](crate::ExactAnalysis)): a few hundred
//! layouts at the end of a game, more than `10^40` at its start. Per phase the profile counts
//! the guesses, their summed P(mine) (the losses the exact probabilities expect) and the
//! games actually lost there. The two loss counts must agree up to chance, a check of the
//! probabilities in play; the phases show where a better policy has losses to win back.
//!
//! The profile is computed beside the game: the player plays exactly as in
//! [`harness`](crate::measure::harness) (same records), and the profiler runs its own exact
//! analysis only when the clicked cell is not already known to be safe. As in the harness,
//! game `i` uses seed `S + i` and the totals are summed in game order, so they do not depend
//! on the thread count.
//!
//! ```
//! use automine_core::measure::harness::{PlayerKind, Trial};
//! use automine_core::measure::profile::profile_trial;
//! use automine_core::{FirstClick, Preset};
//! let rule = FirstClick::Safe;
//! let trial = Trial { settings: Preset::Beginner.settings(rule), seed: 0, games: 40, player: PlayerKind::exact(rule) };
//! let (summary, profile) = profile_trial(&trial, || {})?;
//! // Every lost game ends on a guess.
//! assert_eq!(profile.losses(), summary.games - summary.wins);
//! # Ok::<(), automine_core::SimulationError>(())
//! ```

use std::time::Instant;

use search_core::Budget;

use crate::cell_set::CellSet;
use crate::game::{Game, GameStatus};
use crate::geometry::Pos;
use crate::measure::harness::{GameRecord, KindPlayer, Trial, TrialSummary, play_games, summarise};
use crate::player::{Player, SimulationError};
use crate::probability::exact::exact_analysis;
use crate::settings::{FirstClick, GameSettings};
use crate::view::PlayerView;

/// Upper ends of the phases, in `log10` of the number of layouts; the first phase is the
/// exact endgame search's (at most 256 layouts), the last one is open-ended.
pub const PHASE_BOUNDS: [f64; 8] = [2.408_239_965_311_849, 3.0, 4.0, 6.0, 10.0, 20.0, 40.0, f64::INFINITY];

/// One guess of a game.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Guess {
    /// `log10` of the number of layouts consistent with the view before the click.
    pub log10_layouts: f64,
    /// The exact P(mine) of the clicked cell (above zero).
    pub p_mine: f64,
    /// Whether the click hit a mine (it then ended the game).
    pub lost: bool,
}

/// One game with its guesses.
#[derive(Debug, Clone, PartialEq)]
pub struct GameProfile {
    /// The game's outcome, as the harness records it.
    pub record: GameRecord,
    /// Its guesses, in order.
    pub guesses: Vec<Guess>,
}

/// The guesses of one phase.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PhaseStats {
    /// The phase's upper end in `log10` layouts (its lower end is the previous phase's).
    pub max_log10_layouts: f64,
    /// Guesses made in it.
    pub guesses: u64,
    /// Their summed P(mine): the losses the exact probabilities expect.
    pub expected_losses: f64,
    /// Games lost on one of them.
    pub losses: u64,
}

/// Guesses by phase, over a batch of games.
#[derive(Debug, Clone, PartialEq)]
pub struct GuessProfile {
    /// One entry per [`PHASE_BOUNDS`] entry, in order.
    pub phases: Vec<PhaseStats>,
}

impl Default for GuessProfile {
    fn default() -> Self {
        Self::new()
    }
}

impl GuessProfile {
    /// An empty profile.
    pub fn new() -> Self {
        Self {
            phases: PHASE_BOUNDS
                .iter()
                .map(|&max_log10_layouts| PhaseStats {
                    max_log10_layouts,
                    guesses: 0,
                    expected_losses: 0.0,
                    losses: 0,
                })
                .collect(),
        }
    }

    /// File one guess under its phase.
    pub fn add(&mut self, guess: &Guess) {
        let last = self.phases.len() - 1;
        let index = self
            .phases
            .iter()
            .position(|p| guess.log10_layouts <= p.max_log10_layouts)
            .unwrap_or(last);
        let phase = &mut self.phases[index];
        phase.guesses += 1;
        phase.expected_losses += guess.p_mine;
        phase.losses += u64::from(guess.lost);
    }

    /// Guesses over all phases.
    pub fn guesses(&self) -> u64 {
        self.phases.iter().map(|p| p.guesses).sum()
    }

    /// Summed P(mine) over all phases.
    pub fn expected_losses(&self) -> f64 {
        self.phases.iter().map(|p| p.expected_losses).sum()
    }

    /// Games lost on a guess.
    pub fn losses(&self) -> u64 {
        self.phases.iter().map(|p| p.losses).sum()
    }
}

/// Tracks the cells already known to be safe, so that the exact analysis runs only for
/// clicks that may be guesses (a certainty stays certain as cells open).
struct GuessFinder {
    rule: FirstClick,
    known_safe: CellSet,
}

impl GuessFinder {
    fn new(view: &PlayerView, rule: FirstClick) -> Self {
        Self {
            rule,
            known_safe: CellSet::new(view.dims().cell_count()),
        }
    }

    /// `Some((log10 layouts, P(mine)))` when clicking `pos` in `view` is a guess.
    fn guess(&mut self, view: &PlayerView, pos: Pos) -> Result<Option<(f64, f64)>, SimulationError> {
        let Some(id) = view.dims().id(pos) else {
            return Ok(None);
        };
        if self.known_safe.contains(id) || (view.revealed_count() == 0 && self.rule != FirstClick::Any) {
            return Ok(None);
        }
        let analysis = exact_analysis(view, &Budget::unlimited())?;
        for cell in analysis.map.certain_safe() {
            self.known_safe.insert(cell);
        }
        Ok(analysis
            .map
            .at(id)
            .filter(|&p| p > 0.0)
            .map(|p| (analysis.ln_layouts / std::f64::consts::LN_10, p)))
    }
}

/// Play game `index` of the batch starting at `seed` (seed `seed + index`, wrapping) under
/// `settings` with `player` (fresh for the game), recording its guesses. The player makes the
/// same moves as in [`harness::play_one_with`](crate::measure::harness::play_one_with).
///
/// # Errors
/// A [`SimulationError`] when the player or the profiler's exact analysis fails, or the
/// player chooses an illegal cell.
pub fn profile_game(
    settings: GameSettings,
    seed: u64,
    index: u64,
    player: &mut impl Player,
) -> Result<GameProfile, SimulationError> {
    let seed = seed.wrapping_add(index);
    let mut game = Game::new(settings, seed);
    let mut finder = GuessFinder::new(game.view(), settings.first_click());
    let limit = settings.dims().cell_count() + 1;
    let mut guesses = Vec::new();
    let mut moves = 0;
    while moves < limit && game.status() == GameStatus::Playing {
        let pos = player.choose(game.view())?;
        let guess = finder.guess(game.view(), pos)?;
        game.reveal(pos)?;
        moves += 1;
        if let Some((log10_layouts, p_mine)) = guess {
            guesses.push(Guess {
                log10_layouts,
                p_mine,
                lost: matches!(game.status(), GameStatus::Lost(_)),
            });
        }
    }
    Ok(GameProfile {
        record: GameRecord {
            seed,
            won: game.status() == GameStatus::Won,
            moves,
        },
        guesses,
    })
}

fn total(games: Vec<GameProfile>, start: Instant) -> (TrialSummary, GuessProfile) {
    let mut profile = GuessProfile::new();
    for guess in games.iter().flat_map(|g| &g.guesses) {
        profile.add(guess);
    }
    let records = games.into_iter().map(|g| g.record).collect();
    (summarise(records, start), profile)
}

/// Play every game of `trial` on this thread with its guesses profiled, calling `on_game`
/// after each one. The summary is the one [`run_trial`](crate::measure::harness::run_trial)
/// gives (its time includes the profiler's).
///
/// # Errors
/// The first game's error, as [`profile_game`].
pub fn profile_trial(trial: &Trial, on_game: impl Fn()) -> Result<(TrialSummary, GuessProfile), SimulationError> {
    let start = Instant::now();
    let rule = trial.settings.first_click();
    let games = play_games(
        trial.games,
        |i| profile_game(trial.settings, trial.seed, i, &mut KindPlayer::new(trial.player, rule)),
        on_game,
    )?;
    Ok(total(games, start))
}

/// [`profile_trial`] on `threads` rayon threads (0: rayon's default); the records and the
/// profile are the same whatever the thread count.
///
/// # Errors
/// As [`profile_trial`] (the error of the lowest failing game).
#[cfg(feature = "parallel")]
pub fn par_profile_trial(
    trial: &Trial,
    threads: usize,
    on_game: impl Fn() + Sync,
) -> Result<(TrialSummary, GuessProfile), SimulationError> {
    let start = Instant::now();
    let rule = trial.settings.first_click();
    let games = crate::measure::harness::par_play_games(
        trial.games,
        threads,
        |i| profile_game(trial.settings, trial.seed, i, &mut KindPlayer::new(trial.player, rule)),
        on_game,
    )?;
    Ok(total(games, start))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::measure::harness::{PlayerKind, run_trial};
    use crate::settings::Preset;

    fn trial(rule: FirstClick, games: u64) -> Trial {
        Trial {
            settings: Preset::Intermediate.settings(rule),
            seed: 900,
            games,
            player: PlayerKind::exact(rule),
        }
    }

    #[test]
    fn the_profiler_does_not_change_the_games_and_every_loss_is_a_guess() -> Result<(), SimulationError> {
        for rule in [FirstClick::Safe, FirstClick::Opening, FirstClick::Any] {
            let t = trial(rule, 40);
            let (summary, profile) = profile_trial(&t, || {})?;
            assert_eq!(summary.records, run_trial(&t, || {})?.records);
            assert_eq!(profile.losses(), summary.games - summary.wins);
            assert!(profile.guesses() >= profile.losses());
            for phase in &profile.phases {
                assert!(phase.expected_losses <= phase.guesses as f64);
                assert!(phase.losses <= phase.guesses);
            }
        }
        Ok(())
    }

    #[test]
    fn a_protected_first_click_is_no_guess_but_an_unprotected_one_is() -> Result<(), SimulationError> {
        let rule = FirstClick::Any;
        let settings = Preset::Beginner.settings(rule);
        let game = profile_game(settings, 5, 0, &mut KindPlayer::new(PlayerKind::exact(rule), rule))?;
        let first = game.guesses.first().copied();
        assert!(first.is_some_and(|g| (g.p_mine - 10.0 / 81.0).abs() < 1e-12));
        let rule = FirstClick::Safe;
        let settings = Preset::Beginner.settings(rule);
        let game = profile_game(settings, 5, 0, &mut KindPlayer::new(PlayerKind::exact(rule), rule))?;
        // Under `safe` the first click is not counted: every guess has P(mine) below one and
        // the first one is made on a board with a number already open.
        assert!(game.guesses.iter().all(|g| g.p_mine > 0.0 && g.p_mine < 1.0));
        Ok(())
    }

    #[test]
    fn expected_and_actual_losses_agree_up_to_chance() -> Result<(), SimulationError> {
        // The exact probabilities are calibrated in play: over 300 intermediate games the
        // losses stay within four standard deviations of their summed P(mine).
        let (_, profile) = profile_trial(&trial(FirstClick::Safe, 300), || {})?;
        let expected = profile.expected_losses();
        let losses = profile.losses() as f64;
        assert!(expected > 20.0, "too few guesses to test: {expected}");
        assert!(
            (losses - expected).abs() <= 4.0 * expected.sqrt(),
            "{losses} losses, {expected} expected"
        );
        Ok(())
    }

    #[test]
    fn guesses_go_to_their_phase() {
        let mut profile = GuessProfile::new();
        for (log10_layouts, lost) in [(1.0, true), (2.5, false), (50.0, false), (3.0, false)] {
            profile.add(&Guess {
                log10_layouts,
                p_mine: 0.25,
                lost,
            });
        }
        let counts: Vec<u64> = profile.phases.iter().map(|p| p.guesses).collect();
        assert_eq!(counts, [1, 2, 0, 0, 0, 0, 0, 1]);
        assert_eq!(profile.losses(), 1);
        assert!((profile.expected_losses() - 1.0).abs() < 1e-12);
    }

    #[cfg(feature = "parallel")]
    #[test]
    fn the_profile_does_not_depend_on_the_thread_count() -> Result<(), SimulationError> {
        let t = trial(FirstClick::Safe, 24);
        let (one, p1) = par_profile_trial(&t, 1, || {})?;
        let (two, p2) = par_profile_trial(&t, 2, || {})?;
        assert_eq!(one.records, two.records);
        assert_eq!(p1, p2);
        Ok(())
    }
}
