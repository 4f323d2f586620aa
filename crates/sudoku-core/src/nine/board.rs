//! [`Board9`]: the 9×9 candidate grid as 27 band bitboards (one per digit and band).

use super::tables::{BAND_PEERS, COL, DIGIT_BAND};
use crate::candidates::Candidates;
use crate::grid::Grid;
use crate::layout::Layout;

/// The 9×9 candidate grid in the layout of the fast solvers (`JCZSolve`, tdoku): for each digit
/// and each band of three rows, a 27-bit mask of the cells where the digit is possible, plus
/// a mask of the open cells per band. A solved cell keeps the bit of its digit and loses the
/// others. 128 bytes with the propagation bookkeeping, `Copy`: the search clones it for every
/// child.
///
/// With this layout a placement is a handful of mask operations; one table lookup per digit
/// and band applies locked candidates inside the band and yields its row and box hidden
/// singles; naked singles come from a bit-sliced count over the nine digits; columns use the
/// same lookup transposed over the three bands. [`Board9::propagate`] runs these rules on the
/// digit bands that changed, to a fixpoint.
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
    /// `cand[9 * band + digit]`, digits from 0: a band's nine digits are contiguous.
    pub(super) cand: [u32; 27],
    /// Open cells per band.
    pub(super) open: [u32; 3],
    /// Digit bands (bit `3 * digit + band`, see [`super::tables::DigitBand`]) whose candidates changed since their band rules
    /// (hidden singles in rows and boxes, locked candidates in the band) last looked at
    /// them: propagation skips the others.
    pub(super) dirty: u32,
    /// The same for the column rules (hidden singles in columns, locked candidates in the
    /// stacks).
    pub(super) dirty_columns: u32,
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
pub(super) const BAND: u32 = (1 << 27) - 1;

/// For each cell (0..81): its band and its index in the band.
const CELL_POSITION: [(u8, u8); 81] = {
    let mut t = [(0, 0); 81];
    let mut cell = 0;
    while cell < 81 {
        t[cell] = ((cell / 27) as u8, (cell % 27) as u8);
        cell += 1;
    }
    t
};

/// Every digit band.
const ALL_DIRTY: u32 = (1 << 27) - 1;

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
            dirty: ALL_DIRTY,
            dirty_columns: ALL_DIRTY,
        }
    }

    /// The board of a 9×9 puzzle (`None` for another layout). A contradictory puzzle gives a
    /// board on which [`Board9::propagate`] reports the contradiction.
    pub fn from_grid(grid: &Grid) -> Option<Self> {
        if grid.layout() != Layout::NINE {
            return None;
        }
        // Each given in reading order: its cell loses the other digits, its digit leaves the
        // peers. The 81 values are read eight at a time, so the empty cells cost little.
        let mut board = Board9::new();
        let values = grid.values();
        let (chunks, last) = values.as_chunks::<8>();
        for (c, chunk) in chunks.iter().enumerate() {
            let mut word = u64::from_le_bytes(*chunk);
            while word != 0 {
                let byte = word.trailing_zeros() / 8;
                let v = (word >> (8 * byte)) as u8;
                word &= !(0xFF << (8 * byte));
                board.load_given(8 * c + byte as usize, v);
            }
        }
        for (j, &v) in last.iter().enumerate() {
            if v != 0 {
                board.load_given(8 * chunks.len() + j, v);
            }
        }
        Some(board)
    }

    /// Put the given `v` (from 1) in `cell`. When an earlier given already took the digit from
    /// the cell, the cell is left open without candidates: propagation reports it.
    fn load_given(&mut self, cell: usize, v: u8) {
        let Some(&(band, i)) = CELL_POSITION.get(cell) else {
            return;
        };
        let (band, i, d) = (usize::from(band), usize::from(i), usize::from(v.clamp(1, 9) - 1));
        let bit = 1u32 << i;
        let held = self.cand[9 * band + d] & bit != 0;
        let (bands, _) = self.cand.as_chunks_mut::<9>();
        for w in &mut bands[band] {
            *w &= !bit;
        }
        if held {
            for other in 0..3 {
                self.cand[9 * other + d] &= !COL[i % 9];
            }
            self.cand[9 * band + d] = (self.cand[9 * band + d] & !BAND_PEERS[i]) | bit;
            self.open[band] &= !bit;
        }
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
            .find(|&d| self.cand[9 * band + d] & bit != 0)
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
            .filter(|&d| self.cand[9 * band + d] & bit != 0)
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
        let bit = 1u32 << bit_index;
        let k = 9 * band + d;
        if self.cand[k] & bit == 0 {
            return false;
        }
        // Changed: the digit's own band, the other digits' band only where the cell held
        // them, the digit's other bands only where its column held it.
        let j = 3 * d + band;
        let digit_band = DIGIT_BAND[j & 31];
        let mut touched = digit_band.mask;
        if !naked {
            touched |= self.clear_cells(band, bit) << band;
        }
        let [(k1, m1), (k2, m2)] = digit_band.others;
        let col = COL[bit_index % 9];
        let (x1, x2) = (self.cand[k1], self.cand[k2]);
        touched |=
            (m1 & 0u32.wrapping_sub(u32::from(x1 & col != 0))) | (m2 & 0u32.wrapping_sub(u32::from(x2 & col != 0)));
        self.cand[k1] = x1 & !col;
        self.cand[k2] = x2 & !col;
        self.cand[k] = (self.cand[k] & !BAND_PEERS[bit_index]) | bit;
        self.open[band] &= !bit;
        self.mark_changed(touched);
        true
    }

    /// Place a digit (from 1) in a cell (from 0) as a search choice. `false` when it is not a
    /// candidate there.
    pub fn place_digit(&mut self, cell: usize, digit: u8) -> bool {
        match (CELL_POSITION.get(cell), digit.checked_sub(1)) {
            (Some(&(band, i)), Some(d)) if d < 9 => {
                self.place(usize::from(d), usize::from(band), usize::from(i), false)
            }
            _ => false,
        }
    }

    /// Remove `cells` from every digit of `band`; the change bits of band 0 (bit `3 * d`) of
    /// the digits that held any of them: shift by `band` for this band's. The band's nine
    /// words are contiguous, so this compiles to a few vector operations.
    #[inline(always)]
    pub(super) fn clear_cells(&mut self, band: usize, cells: u32) -> u32 {
        const CHANGE_BITS: [u32; 9] = [1, 1 << 3, 1 << 6, 1 << 9, 1 << 12, 1 << 15, 1 << 18, 1 << 21, 1 << 24];
        let (bands, _) = self.cand.as_chunks_mut::<9>();
        let mut held = 0;
        for (w, change) in bands[band].iter_mut().zip(CHANGE_BITS) {
            held |= change & 0u32.wrapping_sub(u32::from(*w & cells != 0));
            *w &= !cells;
        }
        held
    }

    /// The nine digit words of `band` (bit-sliced: one word per digit).
    #[inline(always)]
    pub(crate) fn band_words(&self, band: usize) -> &[u32; 9] {
        &self.cand.as_chunks::<9>().0[band]
    }

    /// Raw access for the branching code.
    #[inline(always)]
    pub(crate) fn band_candidates(&self, d: usize, band: usize) -> u32 {
        self.cand[9 * band + d]
    }

    /// Open cells of `band`.
    #[inline(always)]
    pub(crate) fn open_in(&self, band: usize) -> u32 {
        self.open[band]
    }

    /// Record that the candidates of the digit bands in `mask` (bit `3 * digit + band`)
    /// changed: every rule looks at them again.
    #[inline(always)]
    pub(super) fn mark_changed(&mut self, mask: u32) {
        self.dirty |= mask;
        self.dirty_columns |= mask;
    }
}

/// Bit-sliced count to three over the nine digit words of a band: the cells with at least one,
/// at least two and at least three candidates. Summed as a tree (pairs of digits `j` and
/// `j + 4`, then `j` and `j + 2`, then the two halves, then the ninth digit), which takes
/// fewer operations than adding one digit at a time and lets the first level run as vector
/// operations.
#[inline(always)]
pub(crate) fn count_to_three(w: &[u32; 9]) -> (u32, u32, u32) {
    let o = [w[0] | w[4], w[1] | w[5], w[2] | w[6], w[3] | w[7]];
    let t = [w[0] & w[4], w[1] & w[5], w[2] & w[6], w[3] & w[7]];
    let o2 = [o[0] | o[2], o[1] | o[3]];
    let t2 = [t[0] | t[2] | (o[0] & o[2]), t[1] | t[3] | (o[1] & o[3])];
    let h2 = [(t[0] & o[2]) | (o[0] & t[2]), (t[1] & o[3]) | (o[1] & t[3])];
    let ones = o2[0] | o2[1];
    let twos = t2[0] | t2[1] | (o2[0] & o2[1]);
    let threes = h2[0] | h2[1] | (t2[0] & o2[1]) | (o2[0] & t2[1]);
    let x = w[8];
    (ones | x, twos | (ones & x), threes | (twos & x))
}
