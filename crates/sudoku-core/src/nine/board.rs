//! [`Board9`]: the 9×9 candidate grid as 27 band bitboards (one per digit and band).

use super::tables::{BAND_PEERS, COL, DIGIT_BAND, column_cells};
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

/// For each band cell (0..27; 32 entries so that an index masked to 5 bits needs no bounds
/// check): the bit of its column in a 9-bit column mask.
const COLUMN_BIT: [u32; 32] = {
    let mut t = [0; 32];
    let mut i = 0;
    while i < 27 {
        t[i] = 1 << (i % 9);
        i += 1;
    }
    t
};

/// Every digit band.
const ALL_DIRTY: u32 = (1 << 27) - 1;

/// What [`Board9::from_grid`] gathers from the givens before writing the board.
#[derive(Default)]
struct GivenMasks {
    /// Per digit band (`9 * band + digit`): its givens.
    givens: [u32; 27],
    /// Per digit band: the cells of the band that share a row or box with one of its givens.
    seen: [u32; 27],
    /// Per digit: the columns (9 bits) of its givens.
    columns: [u32; 9],
    /// Per band: the cells holding a given.
    solved: [u32; 3],
    /// Whether two givens of a digit share a house.
    clash: bool,
}

impl GivenMasks {
    /// Record the given `v` (from 1) in `cell`.
    #[inline(always)]
    fn add(&mut self, cell: usize, v: u8) {
        let (Some(&(band, i)), Some(d)) = (CELL_POSITION.get(cell), v.checked_sub(1).filter(|&d| d < 9)) else {
            return;
        };
        let (band, i, d) = (usize::from(band), usize::from(i), usize::from(d));
        let (k, bit, column) = (9 * band + d, 1u32 << i, COLUMN_BIT[i & 31]);
        self.clash |= (self.seen[k] & bit) | (self.columns[d] & column) != 0;
        self.givens[k] |= bit;
        self.seen[k] |= BAND_PEERS[i];
        self.columns[d] |= column;
        self.solved[band] |= bit;
    }
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
        // One pass over the givens gathers, per digit band, the givens and the cells they
        // see in the band, and per digit the columns of its givens; one pass over the 27
        // digit bands then writes the board. The 81 values are read eight at a time, so the
        // empty cells cost little.
        let mut loaded = GivenMasks::default();
        let values = grid.values();
        let (chunks, last) = values.as_chunks::<8>();
        for (c, chunk) in chunks.iter().enumerate() {
            let mut word = u64::from_le_bytes(*chunk);
            while word != 0 {
                let byte = word.trailing_zeros() / 8;
                let v = (word >> (8 * byte)) as u8;
                word &= !(0xFF << (8 * byte));
                loaded.add(8 * c + byte as usize, v);
            }
        }
        for (j, &v) in last.iter().enumerate() {
            if v != 0 {
                loaded.add(8 * chunks.len() + j, v);
            }
        }
        if loaded.clash {
            // Two givens of a digit see each other (a `Grid` never has them, so this is for
            // robustness): place them one by one, which leaves the later one's cell without
            // candidates for propagation to report.
            let mut board = Board9::new();
            for (cell, &v) in values.iter().enumerate() {
                if v != 0 {
                    board.load_given(cell, v);
                }
            }
            return Some(board);
        }
        let mut board = Board9::new();
        for band in 0..3 {
            let free = BAND & !loaded.solved[band];
            for d in 0..9 {
                let k = 9 * band + d;
                let blocked = loaded.seen[k] | column_cells(loaded.columns[d]);
                board.cand[k] = (free & !blocked) | loaded.givens[k];
            }
            board.open[band] = free;
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

    /// Remove `digit` (from 1) from the candidates of the open `cell` (from 0); propagation
    /// then takes the consequences. `false` (and nothing changed) when the cell is solved or
    /// outside the grid, or the digit is not a candidate there.
    pub fn eliminate(&mut self, cell: usize, digit: u8) -> bool {
        match (CELL_POSITION.get(cell), digit.checked_sub(1)) {
            (Some(&(band, i)), Some(d)) if d < 9 => {
                let (band, i, d) = (usize::from(band), usize::from(i), usize::from(d));
                let (bit, k) = (1u32 << i, 9 * band + d);
                if self.open[band] & bit == 0 || self.cand[k] & bit == 0 {
                    return false;
                }
                self.cand[k] &= !bit;
                self.mark_changed(1 << (3 * d + band));
                true
            }
            _ => false,
        }
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

    /// Place a digit (from 1) in a cell (from 0) as a search choice, lazily (after
    /// `JCZSolve`'s and the `sudoku` crate's guesses): the digit's band loses the digit in the
    /// cell's row and box peers, and nothing else changes yet. The propagation that follows
    /// completes the placement with the same result as [`Board9::place_digit`]: in the
    /// digit's band the cell is then alone in its row and box, so the band rules place it as
    /// a hidden single (its other digits go) and point its column out of the other bands.
    /// `false` when the digit is not a candidate there.
    #[inline(always)]
    pub(crate) fn place_digit_lazily(&mut self, cell: usize, digit: u8) -> bool {
        match (CELL_POSITION.get(cell), digit.checked_sub(1)) {
            (Some(&(band, i)), Some(d)) if d < 9 => {
                let (band, i, d) = (usize::from(band), usize::from(i), usize::from(d));
                let k = 9 * band + d;
                if self.cand[k] & (1 << i) == 0 {
                    return false;
                }
                self.cand[k] &= !BAND_PEERS[i];
                self.mark_changed(1 << (3 * d + band));
                true
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
        let words = &mut bands[band];
        // The ninth digit first, then a reduction over the eight others (and the stores in a
        // loop of their own): LLVM then loads the band's words once, as two vectors of four
        // and a ninth word, instead of shuffling the eight last words into place.
        let mut held = CHANGE_BITS[8] & 0u32.wrapping_sub(u32::from(words[8] & cells != 0));
        for (w, change) in words[..8].iter().zip(&CHANGE_BITS[..8]) {
            held |= change & 0u32.wrapping_sub(u32::from(w & cells != 0));
        }
        for w in words.iter_mut() {
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

#[cfg(test)]
mod tests {
    use super::*;
    use search_core::Propagation;

    /// The board of placing each given in turn, as `from_grid` did before it gathered masks.
    fn one_by_one(grid: &Grid) -> Board9 {
        let mut board = Board9::new();
        for (cell, &v) in grid.values().iter().enumerate() {
            if v != 0 {
                board.load_given(cell, v);
            }
        }
        board
    }

    #[test]
    fn gathered_givens_load_as_placed_one_by_one() {
        let full = "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
        let puzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
        for line in [full, puzzle, &".".repeat(81)] {
            let grid = Grid::parse_line(line).unwrap();
            // The grid, and every grid keeping the givens of a stride of its cells.
            for stride in 1..=7 {
                let values: Vec<u8> = grid
                    .values()
                    .iter()
                    .enumerate()
                    .map(|(c, &v)| if c % stride == 0 { v } else { 0 })
                    .collect();
                let grid = Grid::from_values(Layout::NINE, values).unwrap();
                let board = Board9::from_grid(&grid).unwrap();
                let expected = one_by_one(&grid);
                assert_eq!(board, expected, "{line} stride {stride}");
                assert_eq!(
                    (board.dirty, board.dirty_columns),
                    (expected.dirty, expected.dirty_columns)
                );
            }
        }
    }

    #[test]
    fn lazy_placement_propagates_to_the_eager_placement() {
        use search_core::SearchSpace;
        let problem = super::super::NineProblem::default();
        let mut compared = 0;
        // Two unique puzzles, a hard one, and a grid with many solutions (many open nodes).
        for line in [
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79".to_string(),
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".to_string(),
            "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6".to_string(),
            format!("123456789{}", ".".repeat(72)),
        ] {
            let mut stack = vec![Board9::from_grid(&Grid::parse_line(&line).unwrap()).unwrap()];
            let mut nodes = 0;
            while let Some(mut board) = stack.pop() {
                nodes += 1;
                if nodes > 400 || board.propagate() != Propagation::Open {
                    continue;
                }
                let mut choices = Vec::new();
                problem.choices(&board, &mut choices);
                for choice in choices {
                    // With locked candidates and with singles only.
                    for locked in [true, false] {
                        let (mut eager, mut lazy) = (board, board);
                        assert!(eager.place_digit(usize::from(choice.cell), choice.digit));
                        assert!(lazy.place_digit_lazily(usize::from(choice.cell), choice.digit));
                        let outcome = eager.propagate_with(locked);
                        assert_eq!(lazy.propagate_with(locked), outcome, "{line} {choice:?} {locked}");
                        if outcome != Propagation::Contradiction {
                            assert_eq!(lazy, eager, "{line} {choice:?} {locked}");
                            compared += 1;
                        }
                    }
                    let mut child = board;
                    child.place_digit_lazily(usize::from(choice.cell), choice.digit);
                    stack.push(child);
                }
            }
        }
        assert!(compared > 600, "only {compared} placements compared");
        // Not a candidate: nothing placed.
        let mut board = Board9::from_grid(&Grid::parse_line(&format!("1{}", ".".repeat(80))).unwrap()).unwrap();
        assert!(!board.place_digit_lazily(1, 1));
        assert!(!board.place_digit_lazily(81, 1));
        assert!(!board.place_digit_lazily(1, 0));
    }

    #[test]
    fn clashing_givens_are_a_contradiction() {
        // Not a `Grid` any public constructor makes: two 5s in row 1, two 7s in box 1, two 7s
        // in column 1 (rows 1 and 4).
        for line in [
            "5.5..............................................................................",
            "7........7.......................................................................",
            "7..........................7.....................................................",
        ] {
            let values = line.bytes().map(|b| if b == b'.' { 0 } else { b - b'0' }).collect();
            let grid = Grid::from_values_unchecked(Layout::NINE, values);
            let mut board = Board9::from_grid(&grid).unwrap();
            assert_eq!(board, one_by_one(&grid));
            assert_eq!(board.propagate(), Propagation::Contradiction, "{line}");
        }
    }
}
