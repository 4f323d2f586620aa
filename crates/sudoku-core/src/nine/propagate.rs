//! Propagation on a [`Board9`]: naked singles, hidden singles and locked candidates to a
//! fixpoint, driven by the digit bands that changed.
//!
//! The loop (after `JCZSolve`'s "full update"; ideas only):
//! 1. **Band rules**, for every digit band whose candidates changed: one table lookup applies
//!    the band's "once per row and per box" constraint (pointing and claiming inside the
//!    band), hidden singles in its rows and boxes fall out of the result (a minirow alone in
//!    its row holding one cell), and a box whose candidates lie in one column clears that
//!    column in the two other bands (pointing, box to column). Repeated until no band
//!    changed.
//! 2. **Naked singles**: one bit-sliced count of the nine digits per band.
//! 3. **Column rules**, only when the two steps above are stuck: hidden singles in columns and
//!    locked candidates in the stacks, for the digits that changed.
//! 4. **Triads** (at [`Inference::Triads`] only), when steps 1–3 are stuck: the naked and
//!    hidden triad rules of `nine/triads.rs`, one pass over the whole board; any removal
//!    starts the loop again.
//!
//! Every rule only removes candidates that no solution can use, so the fixpoint (and with it
//! the search tree and its statistics) does not depend on the order in which they run.
//! Without locked candidates (`propagate_with(false)`), step 1 is plain hidden singles in rows
//! and boxes and step 3 plain hidden singles in columns.

use search_core::Propagation;

use super::board::{BAND, Board9, count_to_three};
use super::cpu::{Cpu, Kernel};
use super::tables::{
    BOX, CLAIMED_CELLS, COL, DIGIT_BAND, DigitBand, LOCKED_MINIROWS, MINIROW_CELLS, PERM_ALLOWED, POINTING_COLUMNS,
    ROW, column_cells, columns, minirow_counts,
};
use super::triads::TriadStep;
use crate::inference::Inference;

/// [`Board9::propagate_with`] as a [`Kernel`]: generated twice, with and without the
/// bit-manipulation instructions (see [`super::cpu`]).
pub(crate) struct Propagate<'a> {
    pub(crate) board: &'a mut Board9,
    pub(crate) inference: Inference,
}

impl Kernel for Propagate<'_> {
    type Output = Propagation;

    #[inline(always)]
    fn run(self) -> Propagation {
        match self.inference {
            Inference::Singles => self.board.fixpoint(false, false),
            Inference::LockedCandidates => self.board.fixpoint(true, false),
            Inference::Triads => self.board.fixpoint(true, true),
        }
    }
}

/// What one propagation pass did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Step {
    Progress,
    Nothing,
    Contradiction,
}

impl Board9 {
    /// Run naked singles, hidden singles and locked candidates to a fixpoint.
    pub fn propagate(&mut self) -> Propagation {
        self.propagate_with(true)
    }

    /// Propagate, with or without locked candidates (singles only when `locked` is false).
    /// Runs the build of the rules chosen by run-time CPU detection (see `nine/cpu.rs`).
    pub fn propagate_with(&mut self, locked: bool) -> Propagation {
        let inference = if locked {
            Inference::LockedCandidates
        } else {
            Inference::Singles
        };
        self.propagate_at(inference)
    }

    /// Propagate at an [`Inference`] level ([`Inference::Triads`] adds the triad rules of
    /// `nine/triads.rs` whenever the others are stuck). Runs the build of the rules chosen by
    /// run-time CPU detection.
    pub fn propagate_at(&mut self, inference: Inference) -> Propagation {
        Cpu::detect().run(Propagate { board: self, inference })
    }

    /// [`Board9::propagate_at`] itself, inlined into both builds (`triads` only with
    /// `locked`).
    #[inline(always)]
    fn fixpoint(&mut self, locked: bool, triads: bool) -> Propagation {
        loop {
            let bands_ok = if locked { self.band_rules() } else { self.band_singles() };
            if !bands_ok {
                return Propagation::Contradiction;
            }
            match self.naked_singles() {
                Step::Contradiction => return Propagation::Contradiction,
                Step::Progress => continue,
                Step::Nothing => {}
            }
            if self.is_solved() {
                return Propagation::Solved;
            }
            match self.column_rules(locked) {
                Step::Contradiction => return Propagation::Contradiction,
                Step::Progress => continue,
                Step::Nothing => {}
            }
            if !triads {
                return Propagation::Open;
            }
            match self.triads() {
                TriadStep::Contradiction => return Propagation::Contradiction,
                TriadStep::Progress => {}
                TriadStep::Nothing => return Propagation::Open,
            }
        }
    }

    /// Step 1 with locked candidates: the band rules on every changed digit band until none
    /// is left; `false` on a contradiction.
    #[inline(always)]
    fn band_rules(&mut self) -> bool {
        // The pending digit bands stay in a register: the rules return what they changed.
        let mut dirty = self.dirty;
        while dirty != 0 {
            let j = dirty.trailing_zeros() as usize;
            dirty &= dirty - 1;
            let Some(changed) = self.band_rules_on(j) else {
                return false;
            };
            dirty |= changed;
            self.dirty_columns |= changed;
        }
        self.dirty = 0;
        true
    }

    /// The band rules on the digit band of change bit `bit` (`3 * digit + band`): the change
    /// bits of the other digit bands they changed (their rules run again), `None` on a
    /// contradiction (the board is then dropped: its change masks no longer matter).
    #[inline(always)]
    fn band_rules_on(&mut self, bit: usize) -> Option<u32> {
        let DigitBand {
            cand: k,
            band,
            mask,
            others: [(k1, m1), (k2, m2)],
        } = DIGIT_BAND[bit & 31];
        let w = self.cand[k];
        let counts = minirow_counts(w);
        let occupied = counts & 0x1FF;
        let allowed = u32::from(PERM_ALLOWED[occupied as usize]);
        if allowed == 0 {
            return None;
        }
        let mut changed = 0;
        let w = w & MINIROW_CELLS[allowed as usize];
        if allowed != occupied {
            self.cand[k] = w;
            self.dirty_columns |= mask;
        }
        // Hidden singles in the rows and boxes: a minirow alone in its row (so in its box)
        // holding one cell. Solved cells come out too; only the open ones are news.
        let fixed_minirows = u32::from(LOCKED_MINIROWS[allowed as usize]) & (counts >> 9) & 0x1FF;
        let new = w & MINIROW_CELLS[fixed_minirows as usize] & self.open[band];
        if new != 0 {
            self.open[band] &= !new;
            let touched = self.clear_cells(band, new) << band;
            self.cand[k] = w;
            changed |= touched & !mask;
        }
        // Pointing from the band's boxes to the columns of the other bands (this also clears
        // the columns of the cells fixed above).
        let cells = column_cells(u32::from(POINTING_COLUMNS[columns(w) as usize]));
        let (x1, x2) = (self.cand[k1], self.cand[k2]);
        if (x1 | x2) & cells != 0 {
            self.cand[k1] = x1 & !cells;
            self.cand[k2] = x2 & !cells;
            changed |= (m1 & 0u32.wrapping_sub(u32::from(x1 & cells != 0)))
                | (m2 & 0u32.wrapping_sub(u32::from(x2 & cells != 0)));
        }
        Some(changed)
    }

    /// Step 1 without locked candidates: hidden singles in the rows and boxes of every
    /// changed digit band until none is left; `false` on a contradiction.
    fn band_singles(&mut self) -> bool {
        while self.dirty != 0 {
            let k = DIGIT_BAND[self.dirty.trailing_zeros() as usize & 31].cand;
            self.dirty &= self.dirty - 1;
            let band = k / 9;
            for unit in [ROW[0], ROW[1], ROW[2], BOX[0], BOX[1], BOX[2]] {
                let x = self.cand[k] & unit;
                if x & x.wrapping_sub(1) == 0 {
                    if x == 0 {
                        return false;
                    }
                    if x & self.open[band] != 0 {
                        self.place(k % 9, band, x.trailing_zeros() as usize, false);
                    }
                }
            }
        }
        true
    }

    /// Step 2: place the naked singles of one bit-sliced count per band.
    #[inline(always)]
    fn naked_singles(&mut self) -> Step {
        let mut step = Step::Nothing;
        for band in 0..3 {
            let open = self.open[band];
            if open == 0 {
                continue;
            }
            // Bit-sliced count: `ones` = cells with at least one candidate, `twos` = at
            // least two. A solved cell keeps its digit, so every cell needs one.
            let (ones, twos, _) = count_to_three(self.band_words(band));
            if ones != BAND {
                return Step::Contradiction;
            }
            let mut singles = open & !twos;
            while singles != 0 {
                let i = singles.trailing_zeros() as usize;
                singles &= singles - 1;
                // Earlier placements of this batch may have emptied the cell.
                let Some(d) = (0..9).find(|&d| self.cand[9 * band + d] & (1 << i) != 0) else {
                    return Step::Contradiction;
                };
                if !self.place(d, band, i, true) {
                    return Step::Contradiction;
                }
                step = Step::Progress;
            }
        }
        step
    }

    /// Step 3: for the digits whose candidates changed, claiming from the columns (with
    /// `locked`; hidden singles in columns follow through the band rules) or plain hidden
    /// singles in the columns (without).
    #[inline(always)]
    fn column_rules(&mut self, locked: bool) -> Step {
        let mut step = Step::Nothing;
        let mut digits = self.dirty_columns;
        self.dirty_columns = 0;
        while digits != 0 {
            let d = digits.trailing_zeros() as usize / 3;
            digits &= !(7 << (3 * d));
            let found = if locked {
                self.claiming(d)
            } else {
                self.column_singles(d)
            };
            match found {
                Step::Contradiction => return Step::Contradiction,
                Step::Progress => step = Step::Progress,
                Step::Nothing => {}
            }
        }
        step
    }

    /// Claiming from the nine columns of digit `d`: a column whose candidates lie in one band
    /// lies in one box, which loses the digit in its other columns; a column without
    /// candidates is a contradiction.
    ///
    /// With the band rules this is the whole of the stack's "once per column and per box"
    /// constraint (locked candidates in the stacks, as the band table transposed would give)
    /// and of hidden singles in the columns: in the 3×3 matrix of a stack (bands × columns)
    /// every entry lies on a permutation once no line holds a single entry, and a line with a
    /// single entry is pointing (a band: done by the band rules) or claiming (a column: done
    /// here). A column single is a claimed column with one cell: its box keeps that cell
    /// alone, and the band rules place it as the box's hidden single.
    #[inline(always)]
    fn claiming(&mut self, d: usize) -> Step {
        let (a, b, c) = (self.cand[d], self.cand[9 + d], self.cand[18 + d]);
        let (ca, cb, cc) = (columns(a), columns(b), columns(c));
        if ca | cb | cc != 0x1FF {
            return Step::Contradiction;
        }
        let mut step = Step::Nothing;
        for (band, w, only) in [
            (0, a, ca & !(cb | cc)),
            (1, b, cb & !(ca | cc)),
            (2, c, cc & !(ca | cb)),
        ] {
            let kept = w & CLAIMED_CELLS[only as usize];
            if kept != w {
                self.cand[9 * band + d] = kept;
                self.mark_changed(1 << (3 * d + band));
                step = Step::Progress;
            }
        }
        step
    }

    /// Hidden singles in the nine columns of digit `d`.
    fn column_singles(&mut self, d: usize) -> Step {
        let mut step = Step::Nothing;
        // Count per column over the nine rows: first across the three bands at each band
        // position, then across the three rows of a band.
        let (a, b, c) = (self.cand[d], self.cand[9 + d], self.cand[18 + d]);
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
            let Some(band) = (0..3).find(|&b| self.cand[9 * b + d] & COL[c] != 0) else {
                return Step::Contradiction;
            };
            let x = self.cand[9 * band + d] & COL[c];
            self.place(d, band, x.trailing_zeros() as usize, false);
            step = Step::Progress;
        }
        step
    }
}
