//! [`MineLayout`]: the hidden truth of a game (where the mines are), and how it is laid from a
//! seed.
//!
//! # The placement algorithm (stable for a given seed on every platform)
//! 1. `rng = ChaCha8Rng::seed_from_u64(seed)` (`rand_chacha`; ChaCha output is portable).
//! 2. `candidates` = every cell id in row-major order (`row × width + col`), minus the cells the
//!    first-click rule keeps free: none for `any`, the clicked cell for `safe`, the clicked cell
//!    and its neighbours for `opening`.
//! 3. A partial Fisher–Yates shuffle: for `i` in `0..M`, draw
//!    `j = i + rng.random_range(0..(n − i) as u32)` (a `u32` range, so the draw does not depend
//!    on the pointer width) and swap `candidates[i]` and `candidates[j]`.
//! 4. The mines are `candidates[0..M]`.
//!
//! Every subset of M candidates is equally likely. The same (settings, seed, first click)
//! gives the same layout everywhere; under the `any` rule the first click is ignored, so the
//! layout depends on the seed alone, as in AutoMine (mines laid before the first click).

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::cell_set::CellSet;
use crate::error::PlayError;
use crate::geometry::{CellId, Dims, Pos};
use crate::settings::{FirstClick, GameSettings};

/// Where the mines are, and the number every safe cell shows.
///
/// Only [`crate::Game`] and training-label code look at it; solvers get a
/// [`crate::PlayerView`], which has no access to it.
///
/// ```
/// use automine_core::{Col, FirstClick, MineLayout, Pos, Preset, Row};
/// let settings = Preset::Beginner.settings(FirstClick::Opening);
/// let first = Pos::new(Col(4), Row(4));
/// let layout = MineLayout::generate(settings, 7, first)?;
/// assert_eq!(layout.mine_count(), 10);
/// assert_eq!(layout.number_at(first), Some(0)); // an opening
/// assert_eq!(layout, MineLayout::generate(settings, 7, first)?); // same seed, same board
/// # Ok::<(), automine_core::PlayError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct MineLayout {
    dims: Dims,
    mines: CellSet,
    /// Mines around each cell (also stored for mine cells).
    numbers: Vec<u8>,
}

impl MineLayout {
    /// Lay `settings.mines()` mines from `seed`, keeping the cells that the first-click rule
    /// protects around `first_click` free (see the module docs for the exact algorithm).
    ///
    /// # Errors
    /// [`PlayError::OffBoard`] when `first_click` lies off the board.
    pub fn generate(settings: GameSettings, seed: u64, first_click: Pos) -> Result<Self, PlayError> {
        let dims = settings.dims();
        let first = dims.id(first_click).ok_or(PlayError::OffBoard(first_click))?;
        let mut excluded = CellSet::new(dims.cell_count());
        match settings.first_click() {
            FirstClick::Any => {}
            FirstClick::Safe => {
                excluded.insert(first);
            }
            FirstClick::Opening => {
                excluded.insert(first);
                for n in dims.neighbours(first) {
                    excluded.insert(n);
                }
            }
        }
        let mut candidates: Vec<CellId> = dims.ids().filter(|&id| !excluded.contains(id)).collect();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let n = candidates.len();
        // GameSettings guarantees mines <= cells - reserved <= n.
        let m = (settings.mines() as usize).min(n);
        for i in 0..m {
            let j = i + rng.random_range(0..(n - i) as u32) as usize;
            candidates.swap(i, j);
        }
        Ok(Self::from_mines(dims, candidates[..m].iter().copied()))
    }

    /// A layout with mines exactly on `mines` (ids beyond the board are ignored).
    pub fn from_mines(dims: Dims, mines: impl IntoIterator<Item = CellId>) -> Self {
        let mut set = CellSet::new(dims.cell_count());
        for id in mines {
            set.insert(id);
        }
        let numbers = dims
            .ids()
            .map(|id| dims.neighbours(id).filter(|&n| set.contains(n)).count() as u8)
            .collect();
        Self {
            dims,
            mines: set,
            numbers,
        }
    }

    /// The board size.
    pub const fn dims(&self) -> Dims {
        self.dims
    }

    /// The number of mines.
    pub fn mine_count(&self) -> usize {
        self.mines.len()
    }

    /// The mine mask.
    pub fn mines(&self) -> &CellSet {
        &self.mines
    }

    /// Whether `id` holds a mine.
    pub fn is_mine(&self, id: CellId) -> bool {
        self.mines.contains(id)
    }

    /// The number of mines around `id` (whether or not `id` is a mine itself).
    pub fn number(&self, id: CellId) -> u8 {
        self.numbers.get(id.index()).copied().unwrap_or(0)
    }

    /// The number a safe cell at `pos` shows; `None` for a mine or a position off the board.
    pub fn number_at(&self, pos: Pos) -> Option<u8> {
        let id = self.dims.id(pos)?;
        (!self.is_mine(id)).then(|| self.number(id))
    }
}
