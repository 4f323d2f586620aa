//! `HoDoKu`'s difficulty levels ([`Difficulty`]), by name and by score cap: the vocabulary
//! of the techniques ([`crate::techniques::Technique::level`]) and of grading
//! ([`crate::grading`]), which re-exports it.
//!
//! ```
//! use sudoku_core::Difficulty;
//! let grade: Difficulty = "Hard".parse()?;
//! assert_eq!(grade, Difficulty::Hard);
//! assert_eq!(grade.max_score(), Some(1600));
//! assert!(Difficulty::Easy < grade);
//! # Ok::<(), sudoku_core::difficulty::UnknownDifficulty>(())
//! ```

use std::str::FromStr;

/// `HoDoKu`'s difficulty levels, easiest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Difficulty {
    /// Singles only (score at most 800).
    Easy,
    /// Up to locked candidates, pairs and triples (score at most 1000).
    Medium,
    /// Up to quads, basic fish, wings, short chains, uniqueness (score at most 1600).
    Hard,
    /// Up to longer chains (score at most 1800).
    Unfair,
    /// Anything harder, or not finished by the techniques.
    Extreme,
}

impl Difficulty {
    /// Every level, easiest first.
    pub const ALL: [Difficulty; 5] = [
        Difficulty::Easy,
        Difficulty::Medium,
        Difficulty::Hard,
        Difficulty::Unfair,
        Difficulty::Extreme,
    ];

    /// The command-line name: `easy`, `medium`, `hard`, `unfair` or `extreme`.
    pub fn name(self) -> &'static str {
        match self {
            Difficulty::Easy => "easy",
            Difficulty::Medium => "medium",
            Difficulty::Hard => "hard",
            Difficulty::Unfair => "unfair",
            Difficulty::Extreme => "extreme",
        }
    }

    /// The highest score of the level (`HoDoKu`'s `DEFAULT_DIFFICULTY_LEVELS`), `None` for
    /// Extreme.
    pub fn max_score(self) -> Option<u32> {
        match self {
            Difficulty::Easy => Some(800),
            Difficulty::Medium => Some(1000),
            Difficulty::Hard => Some(1600),
            Difficulty::Unfair => Some(1800),
            Difficulty::Extreme => None,
        }
    }

    /// The level above (Extreme stays Extreme): a grade raised when the score exceeds the
    /// cap of its level.
    pub(crate) fn next(self) -> Difficulty {
        match self {
            Difficulty::Easy => Difficulty::Medium,
            Difficulty::Medium => Difficulty::Hard,
            Difficulty::Hard => Difficulty::Unfair,
            Difficulty::Unfair | Difficulty::Extreme => Difficulty::Extreme,
        }
    }
}

impl std::fmt::Display for Difficulty {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// A grade name that is not one of `easy`, `medium`, `hard`, `unfair`, `extreme`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown grade {0:?} (expected easy, medium, hard, unfair or extreme)")]
pub struct UnknownDifficulty(pub String);

impl FromStr for Difficulty {
    type Err = UnknownDifficulty;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Difficulty::ALL
            .into_iter()
            .find(|d| d.name() == s.to_ascii_lowercase())
            .ok_or_else(|| UnknownDifficulty(s.to_string()))
    }
}
