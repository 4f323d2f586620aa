//! Branching strategies (which cell the search splits on) and the [`Placement`] choice.

use std::str::FromStr;

/// Which open cell the depth-first search branches on when propagation is stuck. The
/// children are the cell's candidates.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum Strategy {
    /// The first open cell in reading order (plain backtracking); digits in increasing order.
    First,
    /// Fewest candidates (minimum remaining values); ties go to the first cell in reading
    /// order; digits in increasing order.
    Mrv,
    /// The paper's greedy rule: fewest candidates; among the tied cells, the one holding the
    /// placement that removes the most candidates from its peers (ties to the first cell and
    /// the lower digit). Its digits are tried in decreasing order of the candidates they
    /// remove.
    #[default]
    Greedy,
}

impl Strategy {
    /// Every strategy, in the order of the docs' comparison table.
    pub const ALL: [Strategy; 3] = [Strategy::First, Strategy::Mrv, Strategy::Greedy];

    /// The command-line name: `first`, `mrv` or `greedy`.
    pub fn name(self) -> &'static str {
        match self {
            Strategy::First => "first",
            Strategy::Mrv => "mrv",
            Strategy::Greedy => "greedy",
        }
    }
}

impl std::fmt::Display for Strategy {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.pad(self.name())
    }
}

/// A strategy name that is not `first`, `mrv` or `greedy`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown strategy {0:?} (expected first, mrv or greedy)")]
pub struct UnknownStrategy(pub String);

impl FromStr for Strategy {
    type Err = UnknownStrategy;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "first" => Ok(Strategy::First),
            "mrv" => Ok(Strategy::Mrv),
            "greedy" => Ok(Strategy::Greedy),
            other => Err(UnknownStrategy(other.to_string())),
        }
    }
}

/// A choice of the search: put `digit` in `cell`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Placement {
    /// The cell, in reading order from 0.
    pub cell: u16,
    /// The digit, from 1.
    pub digit: u8,
}
