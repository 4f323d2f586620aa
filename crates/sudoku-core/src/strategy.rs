//! Branching strategies (which cell the search splits on) and the [`Placement`] choice.

use std::str::FromStr;

/// What the depth-first search branches on when propagation is stuck. The first three
/// strategies split on a cell (the children are its candidates); the two-way strategies
/// (`Binary*` and [`Strategy::BivalueProduct`], see [`Strategy::is_binary`]) split in two,
/// on a cell with two candidates (*bivalue*: "this digit or the other") or, all but
/// `BivalueProduct`, on a digit with exactly two places left in a row, column or box
/// (*bilocal*: "the digit goes here or there"), whichever ranks best. Either way the
/// children cover every solution and no two share one, so counts are the same under every
/// strategy.
///
/// The two-way strategies score a placement by the candidates it removes from its peers, a
/// removal that leaves a peer with a single candidate (a naked single for the next
/// propagation) counting three times. A branch's two placements score `a` and `b`; the
/// strategies differ in how they rank branches by `(a, b)` (ties go to the first branch in
/// the order: bivalue cells in reading order, then per digit its rows, columns and boxes).
/// When there is no two-way branch (rare: every open cell has three or more candidates and,
/// for the bilocal strategies, every digit three or more places in each house), they branch
/// as [`Strategy::Greedy`]. The placement scoring higher goes first (the lower digit, resp.
/// the earlier cell, on a tie).
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
    Greedy,
    /// Binary branching ranked by the larger score (`max(a, b)`, then the smaller): the
    /// greedy rule's score extended to bilocal digits.
    BinaryMax,
    /// Binary branching ranked by the scores of both children together (`a + b`, then the
    /// smaller).
    BinarySum,
    /// Binary branching ranked by the smaller score (`min(a, b)`, then the larger), so that
    /// both children simplify.
    BinaryMin,
    /// Binary branching ranked by the product of the scores (`a · b`, then the sum).
    BinaryProduct,
    /// [`Strategy::BinaryProduct`] restricted to bivalue cells (no bilocal digits): among the
    /// cells with two candidates, the one whose two placements' scores have the largest
    /// product (then sum; ties to the first cell); greedy's rule when no cell has two
    /// candidates. It scores the same cells greedy does, so it costs about as much per node.
    /// The default: on the hardest public sets it guesses less than greedy (63.4 against 84.0
    /// guesses per `forum_hardest_1905_11+` puzzle with triads) and runs faster (docs/BENCHMARKS.md,
    /// round 8).
    #[default]
    BivalueProduct,
}

impl Strategy {
    /// Every strategy, in the order of the docs' comparison table.
    pub const ALL: [Strategy; 8] = [
        Strategy::First,
        Strategy::Mrv,
        Strategy::Greedy,
        Strategy::BinaryMax,
        Strategy::BinarySum,
        Strategy::BinaryMin,
        Strategy::BinaryProduct,
        Strategy::BivalueProduct,
    ];

    /// The command-line name: `first`, `mrv`, `greedy`, `binary-max`, `binary-sum`,
    /// `binary-min`, `binary-product` or `bivalue-product`.
    pub fn name(self) -> &'static str {
        match self {
            Strategy::First => "first",
            Strategy::Mrv => "mrv",
            Strategy::Greedy => "greedy",
            Strategy::BinaryMax => "binary-max",
            Strategy::BinarySum => "binary-sum",
            Strategy::BinaryMin => "binary-min",
            Strategy::BinaryProduct => "binary-product",
            Strategy::BivalueProduct => "bivalue-product",
        }
    }

    /// Whether the strategy branches two ways whenever it can: on bivalue cells, and (all but
    /// [`Strategy::BivalueProduct`]) on bilocal digits.
    pub fn is_binary(self) -> bool {
        matches!(
            self,
            Strategy::BinaryMax
                | Strategy::BinarySum
                | Strategy::BinaryMin
                | Strategy::BinaryProduct
                | Strategy::BivalueProduct
        )
    }

    /// Whether the strategy branches on bilocal digits (the binary strategies but
    /// [`Strategy::BivalueProduct`]).
    pub fn uses_bilocal_digits(self) -> bool {
        self.is_binary() && self != Strategy::BivalueProduct
    }

    /// The rank of a binary branch whose placements remove `a` and `b` candidates under this
    /// strategy (higher is better; 0 for the strategies that are not binary).
    #[inline(always)]
    pub(crate) fn binary_key(self, a: u32, b: u32) -> u64 {
        let (lo, hi) = (u64::from(a.min(b)), u64::from(a.max(b)));
        match self {
            Strategy::BinaryMax => hi << 32 | lo,
            Strategy::BinarySum => (lo + hi) << 32 | lo,
            Strategy::BinaryMin => lo << 32 | hi,
            Strategy::BinaryProduct | Strategy::BivalueProduct => (lo * hi) << 32 | (lo + hi),
            Strategy::First | Strategy::Mrv | Strategy::Greedy => 0,
        }
    }
}

impl std::fmt::Display for Strategy {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.pad(self.name())
    }
}

/// A strategy name that is not one of [`Strategy::ALL`]'s names.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown strategy {0:?} (expected first, mrv, greedy, binary-max, binary-sum, binary-min, binary-product or bivalue-product)"
)]
pub struct UnknownStrategy(pub String);

impl FromStr for Strategy {
    type Err = UnknownStrategy;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Strategy::ALL
            .into_iter()
            .find(|strategy| strategy.name() == s)
            .ok_or_else(|| UnknownStrategy(s.to_string()))
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
