//! Game settings: board size, mine count, first-click rule and the classic presets.

use std::fmt;
use std::str::FromStr;

use crate::error::BoardError;
use crate::geometry::{Dims, Height, Width};

/// What the first click is guaranteed to find.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum FirstClick {
    /// No guarantee: the mines are laid before the first click, which may hit one
    /// (AutoMine's rule).
    Any,
    /// The first clicked cell is never a mine (Windows XP's rule, "SFAR" in the literature).
    #[default]
    Safe,
    /// The first clicked cell and its neighbours are mine-free, so the first click always
    /// opens a region (Windows 7's rule, "SNR").
    Opening,
}

impl FirstClick {
    /// The rule's name as the command line spells it.
    pub const fn name(self) -> &'static str {
        match self {
            Self::Any => "any",
            Self::Safe => "safe",
            Self::Opening => "opening",
        }
    }

    /// How many cells the rule may keep free of mines around the first click (the board must
    /// leave room for the mines outside them).
    pub const fn reserved_cells(self) -> usize {
        match self {
            Self::Any => 0,
            Self::Safe => 1,
            Self::Opening => 9,
        }
    }
}

impl fmt::Display for FirstClick {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is none of a closed set's: a first-click rule, a preset, a label kind.
///
/// ```
/// use automine_core::FirstClick;
/// let error = "sometimes".parse::<FirstClick>().unwrap_err();
/// assert_eq!(error.name, "sometimes");
/// assert_eq!(error.to_string(), "unknown first-click rule \"sometimes\" (any, safe, opening)");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown {what} {name:?} ({expected})")]
#[non_exhaustive]
pub struct UnknownName {
    /// What was named (`first-click rule`).
    pub what: &'static str,
    /// The name given.
    pub name: String,
    /// The names there are, as text (`any, safe, opening`).
    pub expected: &'static str,
}

impl UnknownName {
    pub(crate) fn new(what: &'static str, name: &str, expected: &'static str) -> Self {
        Self {
            what,
            name: name.to_string(),
            expected,
        }
    }
}

impl FromStr for FirstClick {
    type Err = UnknownName;

    fn from_str(s: &str) -> Result<Self, UnknownName> {
        match s {
            "any" => Ok(Self::Any),
            "safe" => Ok(Self::Safe),
            "opening" => Ok(Self::Opening),
            other => Err(UnknownName::new("first-click rule", other, "any, safe, opening")),
        }
    }
}

/// The classic board presets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Preset {
    /// 9×9 with 10 mines.
    Beginner,
    /// 16×16 with 40 mines.
    Intermediate,
    /// 30×16 (30 columns, 16 rows) with 99 mines.
    Expert,
}

impl Preset {
    /// Every preset, smallest first.
    pub const ALL: [Preset; 3] = [Self::Beginner, Self::Intermediate, Self::Expert];

    /// The preset's name as the command line spells it.
    pub const fn name(self) -> &'static str {
        match self {
            Self::Beginner => "beginner",
            Self::Intermediate => "intermediate",
            Self::Expert => "expert",
        }
    }

    /// Width, height and mine count.
    pub const fn size(self) -> (Width, Height, u32) {
        match self {
            Self::Beginner => (Width(9), Height(9), 10),
            Self::Intermediate => (Width(16), Height(16), 40),
            Self::Expert => (Width(30), Height(16), 99),
        }
    }

    /// The preset's settings under `first_click`.
    pub fn settings(self, first_click: FirstClick) -> GameSettings {
        let (w, h, mines) = self.size();
        GameSettings {
            dims: Dims::new(w, h).unwrap_or_else(|_| unreachable!("presets are valid sizes")),
            mines,
            first_click,
        }
    }
}

impl fmt::Display for Preset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Preset {
    type Err = UnknownName;

    fn from_str(s: &str) -> Result<Self, UnknownName> {
        Self::ALL
            .into_iter()
            .find(|p| p.name() == s)
            .ok_or_else(|| UnknownName::new("preset", s, "beginner, intermediate, expert"))
    }
}

/// Everything that defines a game before the seed: size, mines and first-click rule.
///
/// ```
/// use automine_core::{Dims, FirstClick, GameSettings, Height, Preset, Width};
/// let expert = Preset::Expert.settings(FirstClick::Safe);
/// assert_eq!(expert.mines(), 99);
/// let custom = GameSettings::new(Dims::new(Width(8), Height(8))?, 10, FirstClick::Opening)?;
/// assert!(GameSettings::new(Dims::new(Width(3), Height(3))?, 1, FirstClick::Opening).is_err());
/// # Ok::<(), automine_core::BoardError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct GameSettings {
    dims: Dims,
    mines: u32,
    first_click: FirstClick,
}

impl GameSettings {
    /// Settings for a board of `dims` with `mines` mines.
    ///
    /// # Errors
    /// [`BoardError::BadMineCount`] unless `1 ≤ mines ≤ cells − r`, where `r` is 1 for the
    /// `any` rule (at least one safe cell) and [`FirstClick::reserved_cells`] otherwise.
    pub fn new(dims: Dims, mines: u32, first_click: FirstClick) -> Result<Self, BoardError> {
        let cells = dims.cell_count();
        let max = cells.saturating_sub(first_click.reserved_cells().max(1));
        if mines == 0 || mines as usize > max {
            return Err(BoardError::BadMineCount {
                mines,
                cells,
                rule: first_click.name(),
                max,
            });
        }
        Ok(Self {
            dims,
            mines,
            first_click,
        })
    }

    /// The board size.
    pub const fn dims(self) -> Dims {
        self.dims
    }

    /// The number of mines.
    pub const fn mines(self) -> u32 {
        self.mines
    }

    /// The first-click rule.
    pub const fn first_click(self) -> FirstClick {
        self.first_click
    }

    /// The same board under another first-click rule.
    ///
    /// # Errors
    /// As [`GameSettings::new`].
    pub fn with_first_click(self, first_click: FirstClick) -> Result<Self, BoardError> {
        Self::new(self.dims, self.mines, first_click)
    }
}
