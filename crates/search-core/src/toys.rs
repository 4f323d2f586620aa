//! Small problems with known answers, written on the [`ConstraintProblem`] trait. They serve as
//! examples, as test oracles for the search engine and as its benchmarks.

use crate::constraint::{ConstraintProblem, Propagation};
use crate::space::SearchSpace;

/// The n-queens problem (1 ≤ n ≤ 24): place n queens on an n×n board, no two attacking.
///
/// Solution counts for n = 1..=10: 1, 0, 0, 2, 10, 4, 40, 92, 352, 724.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Queens {
    n: u32,
}

/// A partial n-queens placement: bitmasks of attacked columns and diagonals, one row per level.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct QueensState {
    /// Queens placed so far (= the next row to fill).
    pub row: u32,
    /// Columns already holding a queen.
    pub columns: u32,
    /// Squares of the next row attacked along "/" diagonals.
    pub diagonals: u32,
    /// Squares of the next row attacked along "\" diagonals.
    pub anti_diagonals: u32,
    /// The column of the queen of each placed row, packed 5 bits per row in two words.
    pub placement: [u64; 2],
}

impl QueensState {
    /// The column of the queen in `row`; `None` for a row not placed yet.
    pub fn column_of(&self, row: u32) -> Option<u32> {
        if row >= self.row {
            return None;
        }
        let bit = row * 5;
        let word = self.placement.get((bit / 60) as usize)?;
        Some(((word >> (bit % 60)) & 31) as u32)
    }
}

impl Queens {
    /// The n-queens problem; `None` unless `1 <= n <= 24` (the placement packing holds 24 rows).
    pub fn new(n: u32) -> Option<Self> {
        (1..=24).contains(&n).then_some(Self { n })
    }

    /// The board size.
    pub fn size(&self) -> u32 {
        self.n
    }

    fn full(self) -> u32 {
        (1 << self.n) - 1
    }
}

impl SearchSpace for Queens {
    type State = QueensState;
    type Choice = u32;

    fn choices(&self, s: &QueensState, out: &mut Vec<u32>) {
        let mut free = self.full() & !(s.columns | s.diagonals | s.anti_diagonals);
        while free != 0 {
            out.push(free.trailing_zeros());
            free &= free - 1;
        }
    }

    fn apply(&self, s: &mut QueensState, column: u32) {
        let bit = 1u32 << column;
        let slot = s.row * 5;
        s.placement[(slot / 60) as usize] |= u64::from(column) << (slot % 60);
        s.row += 1;
        s.columns |= bit;
        s.diagonals = ((s.diagonals | bit) << 1) & self.full();
        s.anti_diagonals = (s.anti_diagonals | bit) >> 1;
    }
}

impl ConstraintProblem for Queens {
    fn propagate(&self, s: &mut QueensState) -> Propagation {
        if s.row == self.n {
            Propagation::Solved
        } else if s.row > self.n {
            // Only a hand-made root can be past the last row: no solution.
            Propagation::Contradiction
        } else if self.full() & !(s.columns | s.diagonals | s.anti_diagonals) == 0 {
            Propagation::Contradiction
        } else {
            Propagation::Open
        }
    }
}

/// Subset sum: choose a subset of `items` (each used at most once) that adds up to `target`.
/// A state decides the items in order; propagation prunes on the reachable range of sums.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SubsetSum {
    items: Vec<u64>,
    /// `suffix[i]` = sum of items[i..].
    suffix: Vec<u64>,
    target: u64,
}

/// A partial subset: the items decided so far and the sum of those taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SubsetState {
    /// Items decided (a prefix of the item list).
    pub decided: usize,
    /// Sum of the items taken, saturating at `u64::MAX` (see `overflowed`).
    pub sum: u64,
    /// Whether the true sum of the items taken exceeds `u64::MAX` (no target can be met).
    pub overflowed: bool,
    /// Bit i set when item i is taken (items beyond 64 are not recorded).
    pub taken: u64,
}

impl SubsetSum {
    /// A subset-sum instance.
    pub fn new(items: Vec<u64>, target: u64) -> Self {
        let mut suffix = vec![0u64; items.len() + 1];
        for i in (0..items.len()).rev() {
            suffix[i] = suffix[i + 1].saturating_add(items[i]);
        }
        Self { items, suffix, target }
    }

    /// Count the subsets by brute force over all 2^n masks (n ≤ 24): an independent oracle.
    pub fn brute_force_count(&self) -> Option<u64> {
        let n = self.items.len();
        if n > 24 {
            return None;
        }
        let count = (0u32..(1 << n))
            .filter(|mask| {
                let sum: u128 = (0..n)
                    .filter(|i| mask >> i & 1 == 1)
                    .map(|i| u128::from(self.items[i]))
                    .sum();
                sum == u128::from(self.target)
            })
            .count();
        Some(count as u64)
    }
}

impl SearchSpace for SubsetSum {
    type State = SubsetState;
    type Choice = bool;

    fn choices(&self, _: &SubsetState, out: &mut Vec<bool>) {
        out.extend([false, true]);
    }

    fn apply(&self, s: &mut SubsetState, take: bool) {
        if take {
            if let Some(sum) = s.sum.checked_add(self.items[s.decided]) {
                s.sum = sum;
            } else {
                s.sum = u64::MAX;
                s.overflowed = true;
            }
            if s.decided < 64 {
                s.taken |= 1 << s.decided;
            }
        }
        s.decided += 1;
    }
}

impl ConstraintProblem for SubsetSum {
    fn propagate(&self, s: &mut SubsetState) -> Propagation {
        // A state past the last item (only a hand-made root can be) has no solution.
        let Some(&rest) = self.suffix.get(s.decided) else {
            return Propagation::Contradiction;
        };
        if s.overflowed || s.sum > self.target || s.sum.saturating_add(rest) < self.target {
            Propagation::Contradiction
        } else if s.decided == self.items.len() {
            Propagation::Solved
        } else {
            Propagation::Open
        }
    }
}

/// Proper vertex colouring of a graph with `colours` colours (vertices ≤ 64, colours ≤ 32).
/// Vertices are coloured in index order; propagation checks the newest vertex only.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GraphColouring {
    /// `neighbours[v]`: bitmask of the vertices adjacent to v.
    neighbours: Vec<u64>,
    colours: u8,
}

/// A partial colouring: the colours of vertices `0..coloured`.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Colouring {
    /// Colour of each coloured vertex.
    pub colours: Vec<u8>,
}

impl GraphColouring {
    /// A colouring problem; `None` when there are more than 64 vertices, an edge names a
    /// vertex out of range, or `colours` exceeds 32. A loop `(v, v)` leaves no proper colouring.
    pub fn new(vertices: usize, edges: &[(usize, usize)], colours: u8) -> Option<Self> {
        if vertices > 64 || colours > 32 {
            return None;
        }
        let mut neighbours = vec![0u64; vertices];
        for &(a, b) in edges {
            if a >= vertices || b >= vertices {
                return None;
            }
            // A loop (a == b) sets the vertex's own bit: no colour is proper for it.
            neighbours[a] |= 1 << b;
            neighbours[b] |= 1 << a;
        }
        Some(Self { neighbours, colours })
    }

    /// The cycle graph on `n` vertices (`n = 1`: a loop, `n = 2`: one edge); `None` for
    /// `n = 0` as well as for the limits of [`GraphColouring::new`].
    pub fn cycle(n: usize, colours: u8) -> Option<Self> {
        if n == 0 {
            return None;
        }
        let edges: Vec<_> = (0..n).map(|i| (i, (i + 1) % n)).collect();
        Self::new(n, &edges, colours)
    }

    /// The chromatic polynomial of the n-cycle, n ≥ 1 (the graphs of
    /// [`GraphColouring::cycle`]): (k−1)^n + (−1)^n (k−1), an oracle for tests. `None` for
    /// `n = 0` and when the value does not fit an `i128` (e.g. the 64-cycle with 32 colours).
    ///
    /// ```
    /// use search_core::toys::GraphColouring;
    /// assert_eq!(GraphColouring::cycle_colourings(3, 3), Some(6));
    /// assert_eq!(GraphColouring::cycle_colourings(64, 32), None);
    /// ```
    pub fn cycle_colourings(n: u32, k: u64) -> Option<i128> {
        if n == 0 {
            return None;
        }
        let k1 = i128::from(k) - 1;
        let sign = if n.is_multiple_of(2) { 1 } else { -1 };
        k1.checked_pow(n)?.checked_add(sign * k1)
    }
}

impl SearchSpace for GraphColouring {
    type State = Colouring;
    type Choice = u8;

    fn choices(&self, _: &Colouring, out: &mut Vec<u8>) {
        out.extend(0..self.colours);
    }

    fn apply(&self, s: &mut Colouring, colour: u8) {
        s.colours.push(colour);
    }
}

impl ConstraintProblem for GraphColouring {
    fn propagate(&self, s: &mut Colouring) -> Propagation {
        if let Some((&colour, earlier)) = s.colours.split_last() {
            let v = earlier.len();
            // More colours than vertices (only a hand-made root can have them): no solution.
            let Some(&around) = self.neighbours.get(v) else {
                return Propagation::Contradiction;
            };
            if around >> v & 1 == 1 {
                return Propagation::Contradiction;
            }
            let clash = earlier
                .iter()
                .enumerate()
                .any(|(u, &c)| c == colour && around >> u & 1 == 1);
            if clash {
                return Propagation::Contradiction;
            }
        }
        if s.colours.len() == self.neighbours.len() {
            Propagation::Solved
        } else {
            Propagation::Open
        }
    }
}
