//! Training and evaluation positions, generated on the fly from seeded games.
//!
//! A game is laid from its seed under a preset and a first-click rule (safe or opening, one of
//! the two at random per game) and played by automine-core's [`SafestCellPlayer`] (it opens
//! certainly safe cells first, then guesses the lowest exact P(mine)). After every click that
//! leaves the game running, the position is recorded with three things: the exact P(mine) of
//! every covered cell, AutoMine's teacher estimate (its incremental form, fed the cells opened
//! by each click, as in the original), and the hidden mines. Won and lost positions are not
//! recorded.
//!
//! # Seeds
//! Training games take their seeds from `ChaCha8Rng::seed_from_u64(seed)` with the top bit
//! cleared; held-out games ([`heldout_positions`]) use seeds with the top bit set, so the two
//! never share a board whatever the seeds chosen.

use automine_core::{
    CellId, FirstClick, Game, GameSettings, GameStatus, PlayerView, Preset, ProbabilityError, SafestCellPlayer,
    Teacher, exact_probabilities,
};
use rand::{Rng, RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::error::LearnError;

/// The most positions a preset's shuffle buffer may ask for.
pub const MAX_BUFFER_POSITIONS: usize = 100_000;

/// The top bit: set on every held-out game seed, clear on every training game seed.
pub const HELDOUT_SEED_BIT: u64 = 1 << 63;

/// One recorded position with its labels.
#[derive(Debug, Clone, PartialEq)]
pub struct Position {
    /// What the player sees.
    pub view: PlayerView,
    /// Exact P(mine) per cell (row-major; 0 on open and flagged cells).
    pub exact: Vec<f32>,
    /// The teacher's P(mine) per cell (row-major; 0 on open and flagged cells).
    pub teacher: Vec<f32>,
    /// The hidden truth per cell: `true` = mine.
    pub mines: Vec<bool>,
}

impl Position {
    /// Check that the labels and the mines have one value per cell of the board; `k` names
    /// the position in the error.
    pub(crate) fn check_lengths(&self, k: usize) -> Result<(), LearnError> {
        let cells = self.view.dims().cell_count();
        for (what, len) in [
            ("exact labels", self.exact.len()),
            ("teacher labels", self.teacher.len()),
            ("mines", self.mines.len()),
        ] {
            if len != cells {
                return Err(LearnError::PredictionShape(format!(
                    "position {k} has {len} {what} for a board of {cells} cells"
                )));
            }
        }
        Ok(())
    }

    /// Whether cell `i` is covered and unflagged (the cells that are scored).
    pub fn is_scored(&self, i: usize) -> bool {
        self.view.at(CellId(i as u32)) == automine_core::CellView::Covered
    }
}

/// Which labels a network learns from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Labels {
    /// Exact probabilities.
    Exact,
    /// AutoMine's teacher estimate (the original setting).
    Teacher,
}

impl Labels {
    /// The label of cell `i` of `position`.
    ///
    /// # Panics
    /// When `i` is not an index of the position's labels (a programmer error).
    pub fn of(self, position: &Position, i: usize) -> f32 {
        match self {
            Self::Exact => position.exact[i],
            Self::Teacher => position.teacher[i],
        }
    }

    /// The name as the command line spells it.
    pub const fn name(self) -> &'static str {
        match self {
            Self::Exact => "exact",
            Self::Teacher => "teacher",
        }
    }
}

fn map_row(map: &automine_core::ProbabilityMap) -> Vec<f32> {
    map.values().iter().map(|v| v.unwrap_or(0.0) as f32).collect()
}

/// Play one game (seed `game_seed`) and return every position it passes through.
///
/// ```
/// use automine_core::{FirstClick, Preset};
/// use automine_learn::data::play_and_record;
/// let positions = play_and_record(Preset::Beginner.settings(FirstClick::Opening), 5)?;
/// assert!(!positions.is_empty());
/// for p in &positions {
///     // Exact probabilities sum to the mines left over the covered cells.
///     let sum: f32 = p.exact.iter().sum();
///     assert!((sum - p.view.mines_left() as f32).abs() < 1e-3);
/// }
/// # Ok::<(), automine_learn::LearnError>(())
/// ```
///
/// # Errors
/// A [`LearnError::Probability`] or [`LearnError::Simulation`] (not expected for real games).
pub fn play_and_record(settings: GameSettings, game_seed: u64) -> Result<Vec<Position>, LearnError> {
    let dims = settings.dims();
    let mut game = Game::new(settings, game_seed);
    let mut teacher = Teacher::new(game.view());
    let mut map = exact_probabilities(game.view())?;
    let mut positions = Vec::new();
    while game.status() == GameStatus::Playing {
        let pos = SafestCellPlayer::choose_from_map(game.view(), &map).ok_or(ProbabilityError::NothingToOpen)?;
        let outcome = game.reveal(pos).map_err(automine_core::SimulationError::from)?;
        if game.status() != GameStatus::Playing {
            break;
        }
        let view = game.view();
        map = exact_probabilities(view)?;
        teacher.observe(view, &outcome.revealed)?;
        let teacher_map = teacher.probabilities(view);
        let mines = dims
            .ids()
            .map(|id| game.hidden_layout().is_some_and(|l| l.is_mine(id)))
            .collect();
        positions.push(Position {
            view: view.clone(),
            exact: map_row(&map),
            teacher: map_row(&teacher_map),
            mines,
        });
    }
    Ok(positions)
}

/// The first-click rule of a generated game: safe or opening, one of the two at random.
fn random_rule(rng: &mut ChaCha8Rng) -> FirstClick {
    if rng.random_bool(0.5) {
        FirstClick::Safe
    } else {
        FirstClick::Opening
    }
}

/// Play `games` games (given by their seeds and rules) on the current rayon pool; the
/// positions come back in game order whatever the thread count.
fn play_games(preset: Preset, games: &[(u64, FirstClick)]) -> Result<Vec<Vec<Position>>, LearnError> {
    search_core::parallel::ordered_map(
        games,
        0,
        |&(seed, rule)| play_and_record(preset.settings(rule), seed),
        || (),
    )
}

/// The most positions one [`PositionStream::next_batch`] may ask for. Training asks for
/// `max(1, cells_per_batch / board cells)` positions, at most about 12,300 (beginner boards
/// at [`MAX_CELLS_PER_BATCH`](crate::train::MAX_CELLS_PER_BATCH)).
pub const MAX_BATCH_POSITIONS: usize = 100_000;

/// An endless, seeded supply of training positions of one preset, drawn at random from a
/// shuffle buffer that is refilled with whole games (so one batch mixes many games).
#[derive(Debug, Clone)]
pub struct PositionStream {
    preset: Preset,
    rng: ChaCha8Rng,
    buffer: Vec<Position>,
    buffer_size: usize,
    games_played: u64,
}

impl PositionStream {
    /// Games played per refill (played in parallel on the current rayon pool).
    const REFILL_GAMES: usize = 8;

    /// A stream of `preset` positions from seed `seed`, keeping at least `buffer_size`
    /// positions to draw from ([`next_batch`](Self::next_batch) refuses a buffer of more than
    /// [`MAX_BUFFER_POSITIONS`]).
    pub fn new(preset: Preset, seed: u64, buffer_size: usize) -> Self {
        Self {
            preset,
            rng: ChaCha8Rng::seed_from_u64(seed),
            buffer: Vec::new(),
            buffer_size: buffer_size.max(1),
            games_played: 0,
        }
    }

    /// The preset.
    pub const fn preset(&self) -> Preset {
        self.preset
    }

    /// Games played so far.
    pub const fn games_played(&self) -> u64 {
        self.games_played
    }

    /// `n` positions drawn at random from the buffer (refilled first when it is low).
    ///
    /// # Errors
    /// [`LearnError::BadConfig`], before any game is played, for more than
    /// [`MAX_BATCH_POSITIONS`] positions or a buffer of more than
    /// [`MAX_BUFFER_POSITIONS`] positions; as
    /// [`play_and_record`].
    pub fn next_batch(&mut self, n: usize) -> Result<Vec<Position>, LearnError> {
        if n > MAX_BATCH_POSITIONS {
            return Err(LearnError::BadConfig(format!(
                "a batch of {n} positions (allowed up to {MAX_BATCH_POSITIONS})"
            )));
        }
        if self.buffer_size > MAX_BUFFER_POSITIONS {
            return Err(LearnError::BadConfig(format!(
                "a shuffle buffer of {} positions (allowed up to {})",
                self.buffer_size, MAX_BUFFER_POSITIONS
            )));
        }
        while self.buffer.len() < self.buffer_size.max(n) {
            let games: Vec<(u64, FirstClick)> = (0..Self::REFILL_GAMES)
                .map(|_| (self.rng.next_u64() & !HELDOUT_SEED_BIT, random_rule(&mut self.rng)))
                .collect();
            for positions in play_games(self.preset, &games)? {
                self.buffer.extend(positions);
            }
            self.games_played += games.len() as u64;
        }
        Ok((0..n)
            .map(|_| {
                let i = self.rng.random_range(0..self.buffer.len());
                self.buffer.swap_remove(i)
            })
            .collect())
    }
}

/// Positions kept per held-out game (chosen at random among the game's positions), so that a
/// held-out set spans many games.
pub const HELDOUT_PER_GAME: usize = 8;

/// The most held-out positions one call may ask for.
pub const MAX_HELDOUT_POSITIONS: usize = 1_000_000;

/// `count` held-out positions of `preset`: games on seeds `HELDOUT_SEED_BIT | (seed << 32) + g`
/// (disjoint from every training game), at most [`HELDOUT_PER_GAME`] positions from each.
///
/// ```
/// use automine_core::Preset;
/// use automine_learn::data::heldout_positions;
/// let a = heldout_positions(Preset::Beginner, 20, 1)?;
/// assert_eq!(a.len(), 20);
/// assert_eq!(a, heldout_positions(Preset::Beginner, 20, 1)?); // seeded
/// # Ok::<(), automine_learn::LearnError>(())
/// ```
///
/// # Errors
/// [`LearnError::BadConfig`] for more than [`MAX_HELDOUT_POSITIONS`] positions; as
/// [`play_and_record`].
pub fn heldout_positions(preset: Preset, count: usize, seed: u64) -> Result<Vec<Position>, LearnError> {
    if count > MAX_HELDOUT_POSITIONS {
        return Err(LearnError::BadConfig(format!(
            "held-out positions {count} (allowed up to {MAX_HELDOUT_POSITIONS})"
        )));
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ HELDOUT_SEED_BIT);
    let base = HELDOUT_SEED_BIT | (seed << 32);
    let mut out = Vec::with_capacity(count);
    let mut game = 0u64;
    while out.len() < count {
        let batch: Vec<(u64, FirstClick)> = (0..16)
            .map(|_| {
                let seed = base | (game & 0xffff_ffff);
                game += 1;
                (seed, random_rule(&mut rng))
            })
            .collect();
        for mut positions in play_games(preset, &batch)? {
            // Keep up to HELDOUT_PER_GAME positions, a random subset in game order.
            while positions.len() > HELDOUT_PER_GAME {
                let i = rng.random_range(0..positions.len());
                positions.remove(i);
            }
            for p in positions {
                if out.len() < count {
                    out.push(p);
                }
            }
        }
    }
    Ok(out)
}
