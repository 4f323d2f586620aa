//! No-guess boards: a layout, laid at the first click, that exact logic solves from that
//! click without ever guessing.
//!
//! # How a board is found (stable for a given seed on every platform)
//! Attempt `k = 0, 1, 2, …` lays `MineLayout::generate(settings, attempt_seed(seed, k),
//! first)` (so the first click is protected by the settings' rule exactly as in an ordinary
//! game; see [`crate::layout`]) and plays it from `first`, opening only cells that are
//! **certainly** safe given what is open: every cell the single-number rule proves safe (a
//! number with as many flags around it as its value; a number with exactly as many closed
//! neighbours as its value flags them all), then, when that rule is stuck, every cell whose
//! exact P(mine) is 0 ([`crate::exact_analysis_cached`]; certain mines are flagged). The
//! first attempt that this play wins is the answer; one where no certainly safe cell is left
//! is rejected. Under the `any` rule an attempt whose first click is a mine is rejected too,
//! so the answer's first click is always safe.
//!
//! The single-number rule only saves time: a cell certainly safe in a view stays certainly
//! safe as more cells open, so opening certainties in any order reaches the same final
//! position, and the verdict is the one of the exact probabilities alone.
//!
//! Every layout is uniformly drawn, so the answer is a uniform draw among the no-guess
//! layouts of the settings and first click (rejection sampling, nothing is moved to make a
//! board solvable).
//!
//! # Cost
//! Rejections are cheap (most attempts are stuck after a few exact maps), so even expert
//! boards take milliseconds; [`no_guess_layout`] gives the measured figures.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use search_core::{Budget, StopReason};

use crate::error::{BoardError, PlayError, ProbabilityError};
use crate::game::{Game, GameStatus};
use crate::geometry::{CellId, Pos};
use crate::layout::MineLayout;
use crate::probability::exact::{ComponentCache, exact_analysis_cached};
use crate::settings::GameSettings;
use crate::view::{CellView, PlayerView};

/// The most attempts [`no_guess_layout`] makes before it gives up with
/// [`NoGuessError::NotFound`].
pub const NO_GUESS_MAX_ATTEMPTS: u32 = 10_000;

/// A no-guess board found by [`no_guess_layout`].
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct NoGuessLayout {
    /// The mines: exact logic solves the board from the first click without a guess.
    pub layout: MineLayout,
    /// Attempts made, the accepted one included: the layout is attempt `attempts − 1`,
    /// `MineLayout::generate(settings, attempt_seed(seed, attempts − 1), first)`.
    pub attempts: u32,
}

/// Why no no-guess board was found or checked.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum NoGuessError {
    /// The first click lies off the board ([`PlayError::OffBoard`]).
    #[error("the first click cannot be played: {0}")]
    Play(#[from] PlayError),
    /// More than half the cells are mines: no-guess boards are then too rare to find.
    #[error("{mines} mines on {cells} cells are too dense for a no-guess board (at most {max}, half the cells)")]
    TooDense {
        /// The settings' mine count.
        mines: u32,
        /// Cells on the board.
        cells: usize,
        /// The most mines allowed (half the cells, rounded down).
        max: usize,
    },
    /// The budget ran out (node limit, deadline or cancellation).
    #[error("no no-guess board found before the budget ran out ({reason}) after {attempts} rejected attempts")]
    Stopped {
        /// Attempts rejected before the budget ran out (0 for [`solves_without_guessing`]).
        attempts: u32,
        /// What ran out.
        reason: StopReason,
    },
    /// Every one of the attempts was rejected.
    #[error("no no-guess board in {attempts} attempts")]
    NotFound {
        /// Attempts made ([`NO_GUESS_MAX_ATTEMPTS`]).
        attempts: u32,
    },
    /// The layout does not fit the settings ([`solves_without_guessing`]).
    #[error(transparent)]
    Board(#[from] BoardError),
    /// The exact analysis refused a position of the play (no real game reaches one).
    #[error(transparent)]
    Probability(ProbabilityError),
}

/// The seed of attempt `attempt` of [`no_guess_layout`] for `seed`: the first 64-bit output
/// of a `ChaCha8Rng` whose 32-byte key is `seed` (little-endian), `attempt` (little-endian,
/// as a `u64`) and 20 zero bytes.
///
/// ```
/// use automine_core::no_guess::attempt_seed;
/// assert_eq!(attempt_seed(7, 3), attempt_seed(7, 3));
/// assert_ne!(attempt_seed(7, 3), attempt_seed(7, 4));
/// ```
pub fn attempt_seed(seed: u64, attempt: u32) -> u64 {
    let mut key = [0u8; 32];
    key[..8].copy_from_slice(&seed.to_le_bytes());
    key[8..16].copy_from_slice(&u64::from(attempt).to_le_bytes());
    ChaCha8Rng::from_seed(key).random::<u64>()
}

/// A board of `settings` that exact logic solves from `first` without a guess: the first
/// attempt that passes (see the module docs for the attempts and the check).
///
/// The same (settings, seed, first) gives the same board everywhere. `budget` covers the
/// whole search: its node limit bounds the exact enumeration's nodes summed over every
/// attempt; its deadline and cancellation flag are looked at before every exact analysis.
/// A web request can pass `Budget::unlimited().with_time_limit(Duration::from_secs(2))`.
///
/// # Cost
/// Seeds 0..20, first click in the centre, one core, optimised build (`cargo test -p
/// automine-core --test no_guess -- --ignored --nocapture`; the test profile is
/// `opt-level = 3`), median attempts and median time per board (slowest of the 20 in
/// brackets):
///
/// | preset | `opening` rule | `safe` rule |
/// |---|---|---|
/// | beginner | 1 attempt, < 0.1 ms (0.2 ms) | 5 attempts, 0.1 ms (0.2 ms) |
/// | intermediate | 1 attempt, 0.2 ms (4 ms) | 3 attempts, 0.2 ms (2 ms) |
/// | expert | 3 attempts, 1.6 ms (14 ms) | 32 attempts, 3.3 ms (18 ms) |
///
/// # Errors
/// - [`NoGuessError::Play`] when `first` lies off the board;
/// - [`NoGuessError::TooDense`] when more than half the cells are mines (checked first);
/// - [`NoGuessError::Stopped`] when the budget runs out, with the attempts rejected so far;
/// - [`NoGuessError::NotFound`] after [`NO_GUESS_MAX_ATTEMPTS`] rejected attempts.
///
/// # Example
/// ```
/// use automine_core::no_guess::{NoGuessError, no_guess_layout, solves_without_guessing};
/// use automine_core::search_core::Budget;
/// use automine_core::{Col, FirstClick, Game, Pos, Preset, Row};
///
/// let settings = Preset::Intermediate.settings(FirstClick::Opening);
/// let first = Pos::new(Col(8), Row(8));
/// let found = no_guess_layout(settings, 42, first, &Budget::unlimited())?;
/// assert_eq!(found.layout.number_at(first), Some(0)); // the opening rule holds
/// assert!(solves_without_guessing(settings, &found.layout, first, &Budget::unlimited())?);
///
/// // Play it: the layout is fixed, so the game ignores its seed.
/// let mut game = Game::with_layout(settings, found.layout)?;
/// game.reveal(first)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn no_guess_layout(
    settings: GameSettings,
    seed: u64,
    first: Pos,
    budget: &Budget,
) -> Result<NoGuessLayout, NoGuessError> {
    let dims = settings.dims();
    if dims.id(first).is_none() {
        return Err(PlayError::OffBoard(first).into());
    }
    let cells = dims.cell_count();
    if settings.mines() as usize > cells / 2 {
        return Err(NoGuessError::TooDense {
            mines: settings.mines(),
            cells,
            max: cells / 2,
        });
    }
    let mut spend = Spend { budget, nodes: 0 };
    for attempt in 0..NO_GUESS_MAX_ATTEMPTS {
        let layout = MineLayout::generate(settings, attempt_seed(seed, attempt), first)?;
        let solved = play_certainties(settings, &layout, first, &mut spend).map_err(|e| match e {
            NoGuessError::Stopped { reason, .. } => NoGuessError::Stopped {
                attempts: attempt,
                reason,
            },
            other => other,
        })?;
        if solved {
            return Ok(NoGuessLayout {
                layout,
                attempts: attempt + 1,
            });
        }
    }
    Err(NoGuessError::NotFound {
        attempts: NO_GUESS_MAX_ATTEMPTS,
    })
}

/// Whether exact logic solves `layout` from `first` without a guess: opening only certainly
/// safe cells (the check of [`no_guess_layout`]) wins the game. The first-click rule of
/// `settings` is not applied: a `first` that is a mine gives `false`.
///
/// Useful for a board from elsewhere, e.g. an `.mbf` file ([`crate::mbf`]).
///
/// # Errors
/// [`NoGuessError::Play`] when `first` lies off the board, [`NoGuessError::Board`] when the layout does not fit
/// `settings`, [`NoGuessError::Stopped`] (with `attempts` 0) when the budget runs out.
///
/// # Example
/// ```
/// use automine_core::no_guess::solves_without_guessing;
/// use automine_core::search_core::Budget;
/// use automine_core::{Col, FirstClick, GameSettings, Pos, Row, from_mbf};
/// // 3x2 with mines at (2, 0) and (2, 1): clicking (0, 0) opens the rest.
/// let layout = from_mbf(&[3, 2, 0, 2, 2, 0, 2, 1])?;
/// let settings = GameSettings::new(layout.dims(), 2, FirstClick::Any)?;
/// let budget = Budget::unlimited();
/// assert!(solves_without_guessing(settings, &layout, Pos::new(Col(0), Row(0)), &budget)?);
/// // From (1, 0), a 2 with five closed neighbours and no other number: a guess.
/// assert!(!solves_without_guessing(settings, &layout, Pos::new(Col(1), Row(0)), &budget)?);
/// // A mine is lost at once.
/// assert!(!solves_without_guessing(settings, &layout, Pos::new(Col(2), Row(0)), &budget)?);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn solves_without_guessing(
    settings: GameSettings,
    layout: &MineLayout,
    first: Pos,
    budget: &Budget,
) -> Result<bool, NoGuessError> {
    play_certainties(settings, layout, first, &mut Spend { budget, nodes: 0 })
}

/// The caller's budget and the enumeration nodes spent against it so far.
struct Spend<'a> {
    budget: &'a Budget,
    nodes: u64,
}

impl Spend<'_> {
    /// The budget for the next exact analysis (the node limit minus what was spent), or why
    /// the search must stop now.
    fn next(&self) -> Result<Budget, StopReason> {
        let mut next = Budget::unlimited();
        if let Some(limit) = self.budget.node_limit() {
            if self.nodes >= limit {
                return Err(StopReason::NodeLimit);
            }
            next = next.with_node_limit(limit - self.nodes);
        }
        if let Some(token) = self.budget.cancel_token() {
            if token.is_cancelled() {
                return Err(StopReason::Cancelled);
            }
            next = next.with_cancel(token.clone());
        }
        if let Some(deadline) = self.budget.deadline() {
            if std::time::Instant::now() >= deadline {
                return Err(StopReason::Deadline);
            }
            next = next.with_deadline(deadline);
        }
        Ok(next)
    }
}

/// Plays `layout` from `first` opening certainties only; `true` when that wins.
fn play_certainties(
    settings: GameSettings,
    layout: &MineLayout,
    first: Pos,
    spend: &mut Spend<'_>,
) -> Result<bool, NoGuessError> {
    let stopped = |reason| NoGuessError::Stopped { attempts: 0, reason };
    let dims = settings.dims();
    let mut game = Game::with_layout(settings, layout.clone())?;
    // Off the board is the only error left: the cells below are the board's, played while
    // the game goes on.
    game.reveal(first)?;
    let mut cache = ComponentCache::new();
    let mut safe = Vec::new();
    let mut mines = Vec::new();
    loop {
        match game.status() {
            GameStatus::Won => return Ok(true),
            GameStatus::Lost(_) => return Ok(false),
            GameStatus::Playing => {}
        }
        single_number_rule(game.view(), &mut safe, &mut mines);
        if safe.is_empty() && mines.is_empty() {
            let budget = spend.next().map_err(stopped)?;
            let analysis = exact_analysis_cached(game.view(), &budget, &mut cache).map_err(|e| match e {
                ProbabilityError::Stopped(reason) => stopped(reason),
                other => NoGuessError::Probability(other),
            })?;
            spend.nodes = spend.nodes.saturating_add(analysis.stats.nodes);
            safe.extend(analysis.map.certain_safe());
            if safe.is_empty() {
                return Ok(false);
            }
            mines.extend(analysis.map.certain_mines());
        }
        for id in mines.drain(..) {
            if game.view().at(id) == CellView::Covered {
                game.toggle_flag(dims.pos(id))?;
            }
        }
        for id in safe.drain(..) {
            if game.status() == GameStatus::Playing {
                game.reveal(dims.pos(id))?;
            }
        }
    }
}

/// The covered cells one number alone decides in `view`: next to a number with as many flags
/// around it as its value (safe), or with exactly as many closed neighbours as its value
/// (mines). Appends to `safe` and `mines` (a cell may appear more than once).
fn single_number_rule(view: &PlayerView, safe: &mut Vec<CellId>, mines: &mut Vec<CellId>) {
    let dims = view.dims();
    for id in dims.ids() {
        let CellView::Revealed(n) = view.at(id) else {
            continue;
        };
        let (mut covered, mut flagged) = (0u8, 0u8);
        for c in dims.neighbours(id) {
            match view.at(c) {
                CellView::Covered => covered += 1,
                CellView::Flagged => flagged += 1,
                CellView::Revealed(_) => {}
            }
        }
        if covered == 0 {
            continue;
        }
        let out = if flagged == n {
            &mut *safe
        } else if flagged + covered == n {
            &mut *mines
        } else {
            continue;
        };
        out.extend(dims.neighbours(id).filter(|&c| view.at(c) == CellView::Covered));
    }
}
