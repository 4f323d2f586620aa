//! [`Candidates`]: the candidate grid every technique and the general solver work on, with
//! [`DigitSet`], a set of digits as a bit mask.
//!
//! This is the type for code that reasons about a position (the propagation rules in
//! [`crate::propagate`], human techniques, graders): each cell is either solved (holds a
//! value) or open with a set of candidates. The 9×9 solver uses a faster representation of
//! its own ([`crate::nine`]) and converts to and from this one.

use crate::geometry::Geometry;
use crate::grid::Grid;
use crate::layout::{House, Layout};

/// A set of digits: bit `d - 1` stands for digit `d`.
///
/// ```
/// use sudoku_core::DigitSet;
/// let set = DigitSet::from_digits([2, 5, 9]);
/// assert_eq!(set.len(), 3);
/// assert!(set.contains(5));
/// assert_eq!(set.iter().collect::<Vec<_>>(), vec![2, 5, 9]);
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct DigitSet(u32);

impl DigitSet {
    /// No digits.
    pub const EMPTY: DigitSet = DigitSet(0);

    /// The digits `1..=size` (all 32 when `size` is 32 or more).
    pub fn full(size: usize) -> Self {
        if size >= 32 {
            DigitSet(u32::MAX)
        } else {
            DigitSet((1u32 << size) - 1)
        }
    }

    /// The set with bit mask `bits` (bit `d - 1` for digit `d`).
    pub fn from_bits(bits: u32) -> Self {
        DigitSet(bits)
    }

    /// The set of the given digits (digits outside `1..=32` are ignored).
    pub fn from_digits(digits: impl IntoIterator<Item = u8>) -> Self {
        DigitSet(digits.into_iter().fold(0, |m, d| {
            m | 1u32.checked_shl(u32::from(d).wrapping_sub(1)).unwrap_or(0)
        }))
    }

    /// The bit mask.
    pub fn bits(self) -> u32 {
        self.0
    }

    /// Whether `digit` is in the set.
    pub fn contains(self, digit: u8) -> bool {
        (1..=32).contains(&digit) && self.0 >> (digit - 1) & 1 == 1
    }

    /// Number of digits.
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The only digit, when the set has exactly one.
    pub fn single(self) -> Option<u8> {
        self.0.is_power_of_two().then(|| self.0.trailing_zeros() as u8 + 1)
    }

    /// The digits in increasing order.
    pub fn iter(self) -> impl Iterator<Item = u8> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            (bits != 0).then(|| {
                let d = bits.trailing_zeros() as u8 + 1;
                bits &= bits - 1;
                d
            })
        })
    }
}

/// A candidate grid: each cell is solved (a value) or open with a set of candidate digits.
///
/// Placing a digit ([`Candidates::place`]) removes it from the candidates of every peer.
/// The propagation rules of [`crate::propagate`] and the general solver work on this type.
///
/// ```
/// use sudoku_core::{Candidates, Grid, Layout};
/// let grid = Grid::parse_line("1234341221434321").unwrap().without(0).without(5);
/// let cands = Candidates::from_grid(&grid);
/// assert_eq!(cands.candidates(0).iter().collect::<Vec<_>>(), vec![1]);
/// assert_eq!(cands.value(1), Some(2));
/// assert_eq!(cands.open_cells(), 2);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Candidates {
    layout: Layout,
    /// Candidates per cell; a solved cell holds the bit of its value.
    masks: Vec<u32>,
    /// Value per cell, 0 when open.
    values: Vec<u8>,
    open: usize,
}

impl Candidates {
    /// Every digit possible in every cell.
    pub fn new(layout: Layout) -> Self {
        Candidates {
            layout,
            masks: vec![layout.all_digits(); layout.cells()],
            values: vec![0; layout.cells()],
            open: layout.cells(),
        }
    }

    /// The candidate grid of a puzzle: every given placed (removing it from its peers). The
    /// result may have an open cell without candidates; [`Candidates::has_empty_cell`] says so.
    pub fn from_grid(grid: &Grid) -> Self {
        let mut cands = Candidates::new(grid.layout());
        for (cell, &v) in grid.values().iter().enumerate() {
            if v != 0 {
                cands.place(cell, v);
            }
        }
        cands
    }

    /// The layout.
    pub fn layout(&self) -> Layout {
        self.layout
    }

    /// The value of `cell`, when solved.
    pub fn value(&self, cell: usize) -> Option<u8> {
        self.values.get(cell).copied().filter(|&v| v != 0)
    }

    /// The candidates of `cell` (the value alone for a solved cell).
    pub fn candidates(&self, cell: usize) -> DigitSet {
        DigitSet(self.masks.get(cell).copied().unwrap_or(0))
    }

    /// Number of open cells.
    pub fn open_cells(&self) -> usize {
        self.open
    }

    /// Whether every cell is solved.
    pub fn is_solved(&self) -> bool {
        self.open == 0
    }

    /// Whether some open cell has no candidate left (the position has no solution).
    pub fn has_empty_cell(&self) -> bool {
        self.values.iter().zip(&self.masks).any(|(&v, &m)| v == 0 && m == 0)
    }

    /// The open cells of `house` that still have `digit` as a candidate.
    pub fn cells_with(&self, house: House, digit: u8) -> impl Iterator<Item = usize> + '_ {
        let bit = 1u32.checked_shl(u32::from(digit).wrapping_sub(1)).unwrap_or(0);
        self.layout
            .house_cells(house)
            .filter(move |&c| self.values.get(c) == Some(&0) && self.masks.get(c).is_some_and(|m| m & bit != 0))
    }

    /// Solve `cell` with `digit` and remove `digit` from its peers' candidates.
    ///
    /// Returns `false` when the position is contradictory: a peer already holds `digit`
    /// (nothing is changed then, so values never conflict), `digit` was not a candidate of
    /// the open `cell`, or a peer is left without candidates.
    pub fn place(&mut self, cell: usize, digit: u8) -> bool {
        self.place_noting(cell, digit, |_| {})
    }

    /// [`Candidates::place`], calling `single` with every open peer the placement leaves with
    /// one candidate.
    #[inline]
    pub(crate) fn place_noting(&mut self, cell: usize, digit: u8, mut single: impl FnMut(u16)) -> bool {
        let layout = self.layout;
        if digit == 0 || digit as usize > layout.size() || cell >= layout.cells() {
            return false;
        }
        let peers = &Geometry::of(layout).peers[cell];
        if peers.iter().any(|&p| self.values[p as usize] == digit) {
            // A peer already holds the digit: refuse, so that the values never conflict.
            return false;
        }
        let bit = 1u32 << (digit - 1);
        let mut ok = self.values[cell] == 0 && self.masks[cell] & bit != 0;
        if self.values[cell] == 0 {
            self.open -= 1;
        }
        self.values[cell] = digit;
        self.masks[cell] = bit;
        for &peer in peers {
            let p = peer as usize;
            if self.values[p] == 0 {
                let before = self.masks[p];
                let left = before & !bit;
                self.masks[p] = left;
                ok &= left != 0;
                if left != before && left.is_power_of_two() {
                    single(peer);
                }
            }
        }
        ok
    }

    /// Remove `digit` from the candidates of the open `cell`. Returns whether it was there.
    pub fn eliminate(&mut self, cell: usize, digit: u8) -> bool {
        let bit = 1u32.checked_shl(u32::from(digit).wrapping_sub(1)).unwrap_or(0);
        if digit == 0 || self.value(cell).is_some() || self.masks.get(cell).is_none_or(|m| m & bit == 0) {
            return false;
        }
        self.masks[cell] &= !bit;
        true
    }

    /// The solved cells as a grid (open cells empty).
    pub fn to_grid(&self) -> Grid {
        Grid::from_values_unchecked(self.layout, self.values.clone())
    }

    /// Raw candidate masks, one per cell (a solved cell holds its value's bit).
    pub fn masks(&self) -> &[u32] {
        &self.masks
    }

    /// Raw values, one per cell (0 when open).
    pub(crate) fn raw_values(&self) -> &[u8] {
        &self.values
    }

    /// Number of open peers of `cell` that have `digit` as a candidate: how many candidates
    /// placing `digit` in `cell` would remove.
    pub fn eliminations(&self, cell: usize, digit: u8) -> usize {
        let bit = 1u32.checked_shl(u32::from(digit).wrapping_sub(1)).unwrap_or(0);
        Geometry::of(self.layout).peers.get(cell).map_or(0, |peers| {
            peers
                .iter()
                .filter(|&&p| self.values[p as usize] == 0 && self.masks[p as usize] & bit != 0)
                .count()
        })
    }
}
