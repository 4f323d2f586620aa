//! Triad inference on a [`Board9`] (tdoku's extra rule; ideas only): the three cells where a
//! row crosses a box (a minirow) or a column crosses a box (a minicolumn) hold three
//! different digits.
//!
//! - **Naked triad**: a triad whose cells can hold only three digits (solved cells included)
//!   holds exactly those, so each of them leaves the rest of the triad's row (or column) and
//!   box. Fewer than three possible digits is a contradiction.
//! - **Hidden triad**: a digit is *required* in a triad when the triad is the only one of its
//!   row (column) or of its box where the digit can go. A triad with three required digits
//!   holds no other digit; more than three is a contradiction.
//!
//! The pass works on all three bands at once. For each digit, its minirow occupancy is one
//! 27-bit word with bit `9 * row + 3 * box + band` (`row` and `box` within the band) and its
//! minicolumn occupancy one with bit `9 * band + column`; a bit-sliced count over the nine
//! digits gives the triads with at least three and at least four possible (or required)
//! digits. In both layouts the other triads of a line and of a box are fixed rotations of the
//! word, so "alone in its line or box" and the peers to clear are a few shifts. The rules run
//! only when the band and column rules are stuck.

use super::board::Board9;
use super::tables::column_cells;

/// All 27 triads (of either kind).
const ALL: u32 = (1 << 27) - 1;

/// Band cells at the first cell of each minirow (bits `9 * row + 3 * box`).
const MINIROW_FIRST: u32 = 0x124_9249;

/// Minirow layout: the triads in the first box of their row (`3 * box + band` below 3).
const ROW_BOX0: u32 = 0o7 | 0o7 << 9 | 0o7 << 18;
/// Minirow layout: the triads in the second or third box of their row.
const ROW_BOX12: u32 = ROW_BOX0 << 3 | ROW_BOX0 << 6;
/// The triads of the first line (row of a band in the minirow layout, band in the minicolumn
/// layout).
const LINE0: u32 = 0x1FF;
/// The triads of the second and third line.
const LINE12: u32 = LINE0 << 9 | LINE0 << 18;
/// Minicolumn layout: the triads in the first column of their box.
const COL_J0: u32 = 0o111_111_111;
/// Minicolumn layout: the triads in the second or third column of their box.
const COL_J12: u32 = COL_J0 << 1 | COL_J0 << 2;

/// Minirow layout: each triad moved to the next box of its row (cyclically).
#[inline(always)]
fn next_box(x: u32) -> u32 {
    ((x << 3) & ROW_BOX12) | ((x >> 6) & ROW_BOX0)
}

/// Minirow layout: each triad moved two boxes on in its row.
#[inline(always)]
fn second_next_box(x: u32) -> u32 {
    ((x << 6) & (ROW_BOX0 << 6)) | ((x >> 3) & (ROW_BOX0 | ROW_BOX0 << 3))
}

/// Either layout: each triad moved to the next line (row of the band, or band), cyclically.
#[inline(always)]
fn next_line(x: u32) -> u32 {
    ((x << 9) & LINE12) | ((x >> 18) & LINE0)
}

/// Either layout: each triad moved two lines on.
#[inline(always)]
fn second_next_line(x: u32) -> u32 {
    ((x << 18) & (LINE0 << 18)) | ((x >> 9) & (LINE0 | LINE0 << 9))
}

/// Minicolumn layout: each triad moved to the next column of its box, cyclically.
#[inline(always)]
fn next_column(x: u32) -> u32 {
    ((x << 1) & COL_J12) | ((x >> 2) & COL_J0)
}

/// Minicolumn layout: each triad moved two columns on in its box.
#[inline(always)]
fn second_next_column(x: u32) -> u32 {
    ((x << 2) & (COL_J0 << 2)) | ((x >> 1) & (COL_J0 | COL_J0 << 1))
}

/// The minirows of band word `w` holding a candidate, at the first cell of each minirow.
#[inline(always)]
fn minirows(w: u32) -> u32 {
    (w | (w >> 1) | (w >> 2)) & MINIROW_FIRST
}

/// The columns of band word `w` holding a candidate (9 bits).
#[inline(always)]
fn minicolumns(w: u32) -> u32 {
    (w | (w >> 9) | (w >> 18)) & 0x1FF
}

/// Bit-sliced count to four over nine words: the bits set in at least three and in at least
/// four of them.
#[inline(always)]
fn three_and_four(w: &[u32; 9]) -> (u32, u32) {
    // Count bits (c0, c1, c2) of the running sum, saturating: c2 = "at least four".
    let (mut c0, mut c1, mut c2) = (0u32, 0u32, 0u32);
    for &x in w {
        let carry0 = c0 & x;
        c0 ^= x;
        let carry1 = c1 & carry0;
        c1 ^= carry0;
        c2 |= carry1;
    }
    // At least three: four or more, or exactly three (c1 and c0 both set).
    (c2 | (c1 & c0), c2)
}

/// What one triad pass found.
pub(super) enum TriadStep {
    /// Candidates removed (the changed digit bands are marked).
    Progress,
    /// Nothing to remove.
    Nothing,
    /// No solution.
    Contradiction,
}

impl Board9 {
    /// One pass of the naked and hidden triad rules over the 27 minirows and the 27
    /// minicolumns, every conclusion drawn from the board as it was when the pass began.
    #[inline(always)]
    pub(super) fn triads(&mut self) -> TriadStep {
        // Per digit: occupied triads of both kinds.
        let mut rows = [0u32; 9];
        let mut cols = [0u32; 9];
        for d in 0..9 {
            let (a, b, c) = (self.cand[d], self.cand[9 + d], self.cand[18 + d]);
            rows[d] = minirows(a) | (minirows(b) << 1) | (minirows(c) << 2);
            cols[d] = minicolumns(a) | (minicolumns(b) << 9) | (minicolumns(c) << 18);
        }
        let (row_three, row_four) = three_and_four(&rows);
        let (col_three, col_four) = three_and_four(&cols);
        if (row_three & col_three) != ALL {
            return TriadStep::Contradiction;
        }
        let naked_rows = row_three & !row_four;
        let naked_cols = col_three & !col_four;
        // Per digit: the triads it must occupy (alone in its line or in its box).
        let mut need_rows = [0u32; 9];
        let mut need_cols = [0u32; 9];
        for d in 0..9 {
            let r = rows[d];
            need_rows[d] = r & !((next_box(r) | second_next_box(r)) & (next_line(r) | second_next_line(r)));
            let c = cols[d];
            need_cols[d] = c & !((next_line(c) | second_next_line(c)) & (next_column(c) | second_next_column(c)));
        }
        let (need_row_three, need_row_four) = three_and_four(&need_rows);
        let (need_col_three, need_col_four) = three_and_four(&need_cols);
        if (need_row_four | need_col_four) != 0 {
            return TriadStep::Contradiction;
        }
        let (hidden_rows, hidden_cols) = (need_row_three, need_col_three);
        if (naked_rows | naked_cols | hidden_rows | hidden_cols) == 0 {
            return TriadStep::Nothing;
        }
        // Per digit, the triads it must leave, in both layouts.
        let mut changed = 0u32;
        for d in 0..9 {
            let (r, c) = (rows[d], cols[d]);
            // Naked: confined to a triad, the digit leaves the other triads of its line and box.
            let confined = r & naked_rows;
            let mut clear_rows =
                next_box(confined) | second_next_box(confined) | next_line(confined) | second_next_line(confined);
            let confined = c & naked_cols;
            let mut clear_cols =
                next_line(confined) | second_next_line(confined) | next_column(confined) | second_next_column(confined);
            // Hidden: a triad full of required digits keeps only those.
            clear_rows |= hidden_rows & !need_rows[d];
            clear_cols |= hidden_cols & !need_cols[d];
            clear_rows &= r;
            clear_cols &= c;
            if (clear_rows | clear_cols) == 0 {
                continue;
            }
            for band in 0..3 {
                let cells = ((clear_rows >> band) & MINIROW_FIRST) * 7 | column_cells((clear_cols >> (9 * band)) & 0x1FF);
                let k = 9 * band + d;
                let kept = self.cand[k] & !cells;
                if kept != self.cand[k] {
                    self.cand[k] = kept;
                    changed |= 1 << (3 * d + band);
                }
            }
        }
        if changed == 0 {
            return TriadStep::Nothing;
        }
        self.mark_changed(changed);
        TriadStep::Progress
    }
}
