//! [`Board9`]: the 9×9 candidate grid as 27 band bitboards (one per digit and band).

use search_core::Propagation;

use super::tables::{BAND_PEERS, BOX, COL, MINIROW_CELLS, PERM_ALLOWED, ROW, columns, minirows};
use crate::candidates::Candidates;
use crate::grid::Grid;
use crate::layout::Layout;

/// The 9×9 candidate grid in the layout of the fast solvers (`JCZSolve`, tdoku): for each digit
/// and each band of three rows, a 27-bit mask of the cells where the digit is possible, plus
/// a mask of the open cells per band. A solved cell keeps the bit of its digit and loses the
/// others. 120 bytes, `Copy`: the search clones it for every child.
///
/// With this layout a placement is a handful of mask operations, naked singles come from a
/// bit-sliced count over the nine digits, hidden singles from single-bit tests on rows, boxes
/// and columns, and locked candidates from one table lookup per digit and band or stack.
///
/// ```
/// use search_core::Propagation;
/// use sudoku_core::{Grid, nine::Board9};
/// let grid = Grid::parse_line("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")?;
/// let mut board = Board9::from_grid(&grid).expect("a 9×9 grid");
/// assert_eq!(board.propagate(), Propagation::Solved);
/// assert!(grid.is_subgrid_of(&board.to_grid()));
/// # Ok::<(), sudoku_core::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy)]
pub struct Board9 {
    /// `cand[3 * digit + band]`, digits from 0.
    cand: [u32; 27],
    /// Open cells per band.
    open: [u32; 3],
    /// Digit bands (bit `3 * digit + band`) whose candidates changed since hidden singles
    /// last looked at them: propagation skips the others.
    dirty_hidden: u32,
    /// The same for hidden singles in columns.
    dirty_columns: u32,
    /// The same for locked candidates.
    dirty_locked: u32,
}

impl PartialEq for Board9 {
    /// Boards are equal when their candidates and open cells are (the propagation
    /// bookkeeping is ignored).
    fn eq(&self, other: &Self) -> bool {
        self.cand == other.cand && self.open == other.open
    }
}

impl Eq for Board9 {}

impl std::hash::Hash for Board9 {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.cand.hash(state);
        self.open.hash(state);
    }
}

/// All 27 cells of a band.
const BAND: u32 = (1 << 27) - 1;

/// Every digit band.
const ALL_DIRTY: u32 = (1 << 27) - 1;

/// What one propagation rule did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Step {
    Progress,
    Nothing,
    Contradiction,
}

impl Default for Board9 {
    fn default() -> Self {
        Self::new()
    }
}

impl Board9 {
    /// The empty grid: every digit possible everywhere.
    pub fn new() -> Self {
        Board9 {
            cand: [BAND; 27],
            open: [BAND; 3],
            dirty_hidden: ALL_DIRTY,
            dirty_columns: ALL_DIRTY,
            dirty_locked: ALL_DIRTY,
        }
    }

    /// The board of a 9×9 puzzle (`None` for another layout). A contradictory puzzle gives a
    /// board on which [`Board9::propagate`] reports the contradiction.
    pub fn from_grid(grid: &Grid) -> Option<Self> {
        if grid.layout() != Layout::NINE {
            return None;
        }
        let mut board = Board9::new();
        for (cell, &v) in grid.values().iter().enumerate() {
            if v != 0 && !board.place_tracking(v as usize - 1, cell / 27, cell % 27, false, false) {
                // Leave the cell open without candidates: propagation reports it.
                for d in 0..9 {
                    board.cand[3 * d + cell / 27] &= !(1 << (cell % 27));
                }
            }
        }
        Some(board)
    }

    /// The solved cells as a grid.
    pub fn to_grid(&self) -> Grid {
        let values = (0..81).map(|cell| self.value(cell).unwrap_or(0)).collect();
        Grid::from_values_unchecked(Layout::NINE, values)
    }

    /// The general candidate grid with the same cells and candidates.
    pub fn to_candidates(&self) -> Candidates {
        let mut cands = Candidates::from_grid(&self.to_grid());
        for cell in 0..81 {
            if cands.value(cell).is_none() {
                for digit in 1..=9u8 {
                    if self.candidates(cell) & (1 << (digit - 1)) == 0 {
                        cands.eliminate(cell, digit);
                    }
                }
            }
        }
        cands
    }

    /// The digit in `cell`, when solved.
    pub fn value(&self, cell: usize) -> Option<u8> {
        let (band, bit) = (cell / 27, 1u32 << (cell % 27));
        if cell >= 81 || self.open[band] & bit != 0 {
            return None;
        }
        (0..9)
            .find(|&d| self.cand[3 * d + band] & bit != 0)
            .map(|d| d as u8 + 1)
    }

    /// The candidates of `cell` as a mask (bit `d - 1` for digit `d`; a solved cell has its
    /// digit's bit; 0 for a cell outside the grid).
    pub fn candidates(&self, cell: usize) -> u32 {
        if cell >= 81 {
            return 0;
        }
        let (band, bit) = (cell / 27, 1u32 << (cell % 27));
        (0..9)
            .filter(|&d| self.cand[3 * d + band] & bit != 0)
            .fold(0, |m, d| m | 1 << d)
    }

    /// Whether every cell is solved.
    pub fn is_solved(&self) -> bool {
        self.open == [0; 3]
    }

    /// Number of open cells.
    pub fn open_cells(&self) -> usize {
        self.open.iter().map(|m| m.count_ones() as usize).sum()
    }

    /// Put digit `d` (from 0) in band cell `bit_index` of `band` and remove it from the peers.
    /// `false` (and nothing changed) when `d` is not a candidate there. `naked` says the cell
    /// has no other candidate (so the other digits do not change).
    #[inline(always)]
    pub(crate) fn place(&mut self, d: usize, band: usize, bit_index: usize, naked: bool) -> bool {
        self.place_tracking(d, band, bit_index, naked, true)
    }

    /// [`Board9::place`], recording what changed for propagation only when `track` is true
    /// (the givens of a new board need no record: everything starts out to be examined).
    #[inline(always)]
    fn place_tracking(&mut self, d: usize, band: usize, bit_index: usize, naked: bool, track: bool) -> bool {
        let bit = 1u32 << bit_index;
        if self.cand[3 * d + band] & bit == 0 {
            return false;
        }
        // Dirty: every band of `d`, and the other digits' band only where the cell held them.
        let mut touched = 7 << (3 * d);
        if !naked {
            // Digit e's bit lands at `bit_index + 3 * e` (at most 50): constant shifts only.
            let mut held = 0u64;
            for e in 0..9 {
                let w = self.cand[3 * e + band];
                held |= u64::from(w & bit) << (3 * e);
                self.cand[3 * e + band] = w & !bit;
            }
            if track {
                touched |= ((held >> bit_index) as u32) << band;
            }
        }
        if track {
            self.dirty_hidden |= touched;
            self.dirty_columns |= touched;
            self.dirty_locked |= touched;
        }
        let col = COL[bit_index % 9];
        self.cand[3 * d] &= !col;
        self.cand[3 * d + 1] &= !col;
        self.cand[3 * d + 2] &= !col;
        self.cand[3 * d + band] &= !BAND_PEERS[bit_index];
        self.cand[3 * d + band] |= bit;
        self.open[band] &= !bit;
        true
    }

    /// Place a digit (from 1) in a cell (from 0) as a search choice. `false` when it is not a
    /// candidate there.
    pub fn place_digit(&mut self, cell: usize, digit: u8) -> bool {
        cell < 81 && (1..=9).contains(&digit) && self.place(digit as usize - 1, cell / 27, cell % 27, false)
    }

    /// Raw access for the branching code.
    #[inline(always)]
    pub(crate) fn band_candidates(&self, d: usize, band: usize) -> u32 {
        self.cand[3 * d + band]
    }

    /// Open cells of `band`.
    #[inline(always)]
    pub(crate) fn open_in(&self, band: usize) -> u32 {
        self.open[band]
    }

    /// Run naked singles, hidden singles and locked candidates to a fixpoint.
    pub fn propagate(&mut self) -> Propagation {
        self.propagate_with(true)
    }

    /// Propagate, with or without locked candidates (singles only when `locked` is false).
    pub fn propagate_with(&mut self, locked: bool) -> Propagation {
        loop {
            if !self.naked_singles() {
                return Propagation::Contradiction;
            }
            if self.is_solved() {
                return Propagation::Solved;
            }
            match self.hidden_singles() {
                Step::Contradiction => return Propagation::Contradiction,
                Step::Progress => continue,
                Step::Nothing => {}
            }
            // Columns cost more to examine than rows and boxes: only once those are stuck.
            match self.column_singles() {
                Step::Contradiction => return Propagation::Contradiction,
                Step::Progress => continue,
                Step::Nothing => {}
            }
            if !locked {
                return Propagation::Open;
            }
            match self.locked_candidates() {
                Step::Contradiction => return Propagation::Contradiction,
                Step::Progress => {}
                Step::Nothing => return Propagation::Open,
            }
        }
    }

    /// Place naked singles until none is left; `false` on a contradiction (an open cell
    /// without candidates).
    #[inline(never)]
    fn naked_singles(&mut self) -> bool {
        loop {
            let mut found = false;
            for band in 0..3 {
                let open = self.open[band];
                if open == 0 {
                    continue;
                }
                // Bit-sliced count: `ones` = cells with at least one candidate, `twos` = at
                // least two.
                let (mut ones, mut twos) = (0u32, 0u32);
                for d in 0..9 {
                    let x = self.cand[3 * d + band];
                    twos |= ones & x;
                    ones |= x;
                }
                if open & !ones != 0 {
                    return false;
                }
                let mut singles = open & !twos;
                if singles == 0 {
                    continue;
                }
                // `index[j]`: cells with a candidate whose digit number has bit j, which names
                // the digit of every single at once.
                let mut index = [0u32; 4];
                for d in 1..9 {
                    let x = self.cand[3 * d + band];
                    for (j, slot) in index.iter_mut().enumerate() {
                        if d >> j & 1 == 1 {
                            *slot |= x;
                        }
                    }
                }
                while singles != 0 {
                    let i = singles.trailing_zeros() as usize;
                    singles &= singles - 1;
                    let d = (0..4).fold(0, |d, j| d | (((index[j] >> i) & 1) as usize) << j);
                    // Earlier placements of this batch may have emptied the cell.
                    if !self.place(d, band, i, true) {
                        return false;
                    }
                    found = true;
                }
            }
            if !found {
                return true;
            }
        }
    }

    /// Place every hidden single in the rows and boxes whose candidates changed.
    #[inline(never)]
    fn hidden_singles(&mut self) -> Step {
        let mut step = Step::Nothing;
        let todo = self.dirty_hidden;
        self.dirty_hidden = 0;
        let mut pairs = todo;
        while pairs != 0 {
            let k = pairs.trailing_zeros() as usize;
            pairs &= pairs - 1;
            let band = k % 3;
            // Branch-free screen first: most units hold the digit twice or more, or once in a
            // solved cell, and need nothing.
            let (w, open) = (self.cand[k], self.open[band]);
            #[expect(clippy::needless_bitwise_bool, reason = "a branch-free screen is the point")]
            let hit = |unit: u32| {
                let x = w & unit;
                (x & x.wrapping_sub(1) == 0) & ((x & open != 0) | (x == 0))
            };
            if !(hit(ROW[0]) | hit(ROW[1]) | hit(ROW[2]) | hit(BOX[0]) | hit(BOX[1]) | hit(BOX[2])) {
                continue;
            }
            for unit in [ROW[0], ROW[1], ROW[2], BOX[0], BOX[1], BOX[2]] {
                let x = self.cand[k] & unit;
                if x & x.wrapping_sub(1) == 0 {
                    if x == 0 {
                        return Step::Contradiction;
                    }
                    if x & self.open[band] != 0 {
                        self.place(k / 3, band, x.trailing_zeros() as usize, false);
                        step = Step::Progress;
                    }
                }
            }
        }
        step
    }

    /// Place every hidden single in the columns of the digits whose candidates changed.
    fn column_singles(&mut self) -> Step {
        let mut step = Step::Nothing;
        let mut digits = self.dirty_columns;
        self.dirty_columns = 0;
        while digits != 0 {
            let d = digits.trailing_zeros() as usize / 3;
            digits &= !(7 << (3 * d));
            // Count per column over the nine rows: first across the three bands at each
            // band position, then across the three rows of a band.
            let (a, b, c) = (self.cand[3 * d], self.cand[3 * d + 1], self.cand[3 * d + 2]);
            let any = a | b | c;
            let many = (a & b) | (c & (a | b));
            let (r0, r1, r2) = (any & 0x1FF, (any >> 9) & 0x1FF, any >> 18);
            let ones = r0 | r1 | r2;
            let twos = (r0 & r1) | (r2 & (r0 | r1)) | columns(many);
            let solved = columns((a & !self.open[0]) | (b & !self.open[1]) | (c & !self.open[2]));
            if ones != 0x1FF {
                return Step::Contradiction;
            }
            let mut singles = ones & !twos & !solved;
            while singles != 0 {
                let c = singles.trailing_zeros() as usize;
                singles &= singles - 1;
                let Some(band) = (0..3).find(|&b| self.cand[3 * d + b] & COL[c] != 0) else {
                    return Step::Contradiction;
                };
                let x = self.cand[3 * d + band] & COL[c];
                self.place(d, band, x.trailing_zeros() as usize, false);
                step = Step::Progress;
            }
        }
        step
    }

    /// Locked candidates, by the band and stack tables: per digit, keep only the minirows
    /// (and minicolumns) that some once-per-row-and-box placement can use.
    #[inline(never)]
    fn locked_candidates(&mut self) -> Step {
        let mut step = Step::Nothing;
        let todo = self.dirty_locked;
        self.dirty_locked = 0;
        let mut pairs = todo;
        while pairs != 0 {
            let k = pairs.trailing_zeros() as usize;
            pairs &= pairs - 1;
            let w = self.cand[k];
            let occ = minirows(w);
            let allowed = PERM_ALLOWED[occ] as usize;
            if allowed == 0 {
                return Step::Contradiction;
            }
            if allowed != occ {
                self.cand[k] = w & MINIROW_CELLS[allowed];
                self.mark_changed(k);
                step = Step::Progress;
            }
        }
        let mut digits = todo;
        while digits != 0 {
            let d = digits.trailing_zeros() as usize / 3;
            digits &= !(7 << (3 * d));
            let cols = [
                columns(self.cand[3 * d]),
                columns(self.cand[3 * d + 1]),
                columns(self.cand[3 * d + 2]),
            ];
            for stack in 0..3 {
                let shift = 3 * stack;
                // Index bit 3 * band + column_in_stack: the transpose of the band indexing.
                let occ = (((cols[0] >> shift) & 7) | (((cols[1] >> shift) & 7) << 3) | (((cols[2] >> shift) & 7) << 6))
                    as usize;
                let allowed = PERM_ALLOWED[occ] as usize;
                if allowed == 0 {
                    return Step::Contradiction;
                }
                if allowed != occ {
                    let dropped = occ & !allowed;
                    for band in 0..3 {
                        let gone = (dropped >> (3 * band)) & 7;
                        if gone != 0 {
                            let mask = (gone as u32 * 0x40201) << shift;
                            self.cand[3 * d + band] &= !mask;
                            self.mark_changed(3 * d + band);
                        }
                    }
                    step = Step::Progress;
                }
            }
        }
        step
    }

    /// Record that the candidates of digit band `k` changed.
    #[inline(always)]
    fn mark_changed(&mut self, k: usize) {
        self.dirty_hidden |= 1 << k;
        self.dirty_columns |= 1 << k;
        self.dirty_locked |= 1 << k;
    }
}
