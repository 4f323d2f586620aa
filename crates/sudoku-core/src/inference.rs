//! [`Inference`]: how much propagation the solver runs at every node of the search.

use std::str::FromStr;

/// The propagation level: which rules run to a fixpoint at every node before the search
/// branches. Each level includes the ones before it, so each level's fixpoint holds a subset
/// of the candidates the weaker levels leave, and every level counts the same solutions. (The
/// tree usually shrinks too, but need not: a stronger fixpoint may make the strategy pick a
/// different cell.)
///
/// The default is [`Inference::Triads`], the fastest on the issue's benchmark sets by time
/// (see docs/BENCHMARKS.md, round 7); the paper's strategy tables in docs/sudoku.md use
/// [`Inference::LockedCandidates`].
///
/// ```
/// use sudoku_core::{Grid, Inference, Solver, Strategy};
/// let grid: Grid = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
/// let locked = Solver::new(Strategy::Greedy).with_inference(Inference::LockedCandidates).count(&grid, 2);
/// let triads = Solver::new(Strategy::Greedy).with_inference(Inference::Triads).count(&grid, 2);
/// assert_eq!((locked.value, triads.value), (1, 1));
/// assert!(triads.stats.nodes <= locked.stats.nodes);
/// # Ok::<(), sudoku_core::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum Inference {
    /// Naked and hidden singles only.
    Singles,
    /// Singles and locked candidates (pointing and claiming): the paper's propagation and the
    /// level of the strategy tables in docs/sudoku.md.
    LockedCandidates,
    /// Locked candidates and, when they are stuck, triads (tdoku's extra inference): the three
    /// cells where a row or a column crosses a box hold three different digits, so a triad
    /// with exactly three possible digits confines them to it (naked triad), and a triad
    /// that must hold three given digits holds no other (hidden triad). Only the 9×9 engine
    /// has triads; other sizes run [`Inference::LockedCandidates`] at this level. The
    /// default.
    #[default]
    Triads,
}

impl Inference {
    /// Every level, weakest first.
    pub const ALL: [Inference; 3] = [Inference::Singles, Inference::LockedCandidates, Inference::Triads];

    /// The command-line name: `singles`, `locked` or `triads`.
    pub fn name(self) -> &'static str {
        match self {
            Inference::Singles => "singles",
            Inference::LockedCandidates => "locked",
            Inference::Triads => "triads",
        }
    }

    /// Whether locked candidates run at this level.
    pub fn locked_candidates(self) -> bool {
        self != Inference::Singles
    }
}

impl std::fmt::Display for Inference {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.pad(self.name())
    }
}

/// A propagation level name that is not `singles`, `locked` or `triads`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown inference level {0:?} (expected singles, locked or triads)")]
pub struct UnknownInference(pub String);

impl FromStr for Inference {
    type Err = UnknownInference;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "singles" => Ok(Inference::Singles),
            "locked" => Ok(Inference::LockedCandidates),
            "triads" => Ok(Inference::Triads),
            other => Err(UnknownInference(other.to_string())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for level in Inference::ALL {
            assert_eq!(level.name().parse::<Inference>(), Ok(level));
            assert_eq!(level.to_string(), level.name());
        }
        assert!("pairs".parse::<Inference>().is_err());
        assert!(!Inference::Singles.locked_candidates());
        assert!(Inference::Triads.locked_candidates());
    }
}
