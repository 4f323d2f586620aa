//! Triad inference on a [`Board9`] (tdoku's extra rule; ideas only): the three cells where a
//! row crosses a box (a minirow) or a column crosses a box (a minicolumn) hold three
//! different digits.
//!
//! - **Naked triad**: a triad whose cells can hold only three digits (solved cells included)
//!   holds exactly those, so each of them leaves the rest of the triad's row (or column) and
//!   box. Fewer than three possible digits is a contradiction.
//! - **Hidden triad**: a digit is *required* in a triad when the triad is the only one of its
//!   row (column) or of its box where the digit can go. A triad with three required digits
//!   holds no other digit; more than three is a contradiction. The pass tests a minirow
//!   against its row and a minicolumn against its box only: it runs at the fixpoint of the
//!   band and column rules, where the other test gives the same triads (see
//!   [`Board9::triads`]).
//!
//! Every conclusion holds in every solution of the board, so the solutions and counts of the
//! search do not change; only the tree shrinks.
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
fn three_and_four(w: &[u64; 9]) -> (u64, u64) {
    // Count bits (c0, c1, c2) of the running sum, saturating: c2 = "at least four".
    let (mut c0, mut c1, mut c2) = (0u64, 0u64, 0u64);
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
        // Per digit: occupied triads of both kinds, minirows in the low half and minicolumns
        // in the high half (one bit-sliced count serves both). Written as maps over whole
        // arrays so that they compile to vector operations.
        let mut by_row = [0u32; 27];
        let mut by_column = [0u32; 27];
        for ((r, c), &w) in by_row.iter_mut().zip(by_column.iter_mut()).zip(&self.cand) {
            *r = minirows(w);
            *c = minicolumns(w);
        }
        let mut rows = [0u32; 9];
        let mut cols = [0u32; 9];
        for d in 0..9 {
            rows[d] = by_row[d] | (by_row[9 + d] << 1) | (by_row[18 + d] << 2);
        }
        for d in 0..9 {
            cols[d] = by_column[d] | (by_column[9 + d] << 9) | (by_column[18 + d] << 18);
        }
        let mut both = [0u64; 9];
        for d in 0..9 {
            both[d] = u64::from(rows[d]) | (u64::from(cols[d]) << 32);
        }
        let (three, four) = three_and_four(&both);
        if three != u64::from(ALL) | (u64::from(ALL) << 32) {
            return TriadStep::Contradiction;
        }
        let naked = three & !four;
        let (naked_rows, naked_cols) = (naked as u32, (naked >> 32) as u32);
        // Per digit: the triads it must occupy: a minirow alone in its row, a minicolumn alone
        // in its box. (Alone in its box, or in its column, would say the same: the pass runs
        // at the fixpoint of the band and column rules, where a digit's triads in a band, or
        // in a stack, are a union of 3×3 permutation matrices, so a triad alone in one of its
        // two lines is alone in the other. Either way each required digit is sound.)
        let mut need_rows = [0u32; 9];
        let mut need_cols = [0u32; 9];
        for d in 0..9 {
            let r = rows[d];
            need_rows[d] = r & !(next_box(r) | second_next_box(r));
        }
        for d in 0..9 {
            let c = cols[d];
            need_cols[d] = c & !(next_column(c) | second_next_column(c));
        }
        let mut need = [0u64; 9];
        for d in 0..9 {
            need[d] = u64::from(need_rows[d]) | (u64::from(need_cols[d]) << 32);
        }
        let (need_three, need_four) = three_and_four(&need);
        if need_four != 0 {
            return TriadStep::Contradiction;
        }
        let (need_row_three, need_col_three) = (need_three as u32, (need_three >> 32) as u32);
        // A digit has something to leave only in the naked or hidden triads where it is not
        // required: where it is, it is already alone in the triad's line and box (at the
        // fixpoint of the band and column rules, see above), and a hidden triad keeps it.
        // Settled triads (every cell solved) drop out here too: their digits are required.
        let (hit_rows, hit_cols) = (naked_rows | need_row_three, naked_cols | need_col_three);
        let mut fresh_rows = [0u32; 9];
        let mut fresh_cols = [0u32; 9];
        let mut any = 0;
        for d in 0..9 {
            fresh_rows[d] = rows[d] & !need_rows[d] & hit_rows;
            fresh_cols[d] = cols[d] & !need_cols[d] & hit_cols;
            any |= fresh_rows[d] | fresh_cols[d];
        }
        if any == 0 {
            return TriadStep::Nothing;
        }
        let mut changed = 0u32;
        for d in 0..9 {
            let (fresh_r, fresh_c) = (fresh_rows[d], fresh_cols[d]);
            if (fresh_r | fresh_c) == 0 {
                continue;
            }
            // Hidden: a triad full of required digits keeps only those.
            let mut clear_rows = fresh_r & need_row_three;
            let mut clear_cols = fresh_c & need_col_three;
            // Naked: confined to a triad, the digit leaves the other triads of its line and box.
            let confined = fresh_r & naked_rows;
            clear_rows |=
                next_box(confined) | second_next_box(confined) | next_line(confined) | second_next_line(confined);
            let confined = fresh_c & naked_cols;
            clear_cols |=
                next_line(confined) | second_next_line(confined) | next_column(confined) | second_next_column(confined);
            clear_rows &= rows[d];
            clear_cols &= cols[d];
            for band in 0..3 {
                let cells =
                    (((clear_rows >> band) & MINIROW_FIRST) * 7) | column_cells((clear_cols >> (9 * band)) & 0x1FF);
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Cell (0..81) of row and column (from 1).
    fn cell(row: usize, col: usize) -> usize {
        9 * (row - 1) + col - 1
    }

    /// Remove each digit of `digits` (from 1) from each cell of `cells`.
    fn remove(board: &mut Board9, cells: &[usize], digits: &[usize]) {
        for &c in cells {
            for &d in digits {
                board.cand[9 * (c / 27) + d - 1] &= !(1 << (c % 27));
            }
        }
    }

    /// How many candidates `after` lacks against `before` (none may be added).
    fn removed(before: &Board9, after: &Board9) -> u32 {
        before
            .cand
            .iter()
            .zip(&after.cand)
            .map(|(b, a)| {
                assert_eq!(a & !b, 0, "a candidate came back");
                (b & !a).count_ones()
            })
            .sum()
    }

    /// Run one pass on `board` and require exactly the removals of `expected` (the board with
    /// those removals applied by hand); returns the board after the pass.
    fn assert_pass_gives(mut board: Board9, expected: &Board9, count: u32) -> Board9 {
        let before = board;
        assert!(matches!(board.triads(), TriadStep::Progress));
        assert_eq!(board.cand, expected.cand);
        assert_eq!(removed(&before, &board), count);
        // The changed digit bands are marked for the band and column rules.
        assert_eq!(board.dirty & before.dirty, before.dirty);
        board
    }

    /// The pass runs where singles and locked candidates have nothing left to do: so do the
    /// hand-made positions.
    fn assert_at_locked_fixpoint(board: &Board9) {
        let mut fixed = *board;
        assert_eq!(fixed.propagate_with(true), search_core::Propagation::Open);
        assert_eq!(fixed.cand, board.cand);
    }

    const ONE_TO_THREE: [usize; 3] = [1, 2, 3];
    const FOUR_TO_NINE: [usize; 6] = [4, 5, 6, 7, 8, 9];

    #[test]
    fn naked_minirow_triad_clears_its_row_and_box() {
        // r1c1–r1c3 can hold only 1, 2 and 3.
        let mut board = Board9::new();
        let triad = [cell(1, 1), cell(1, 2), cell(1, 3)];
        remove(&mut board, &triad, &FOUR_TO_NINE);
        assert_at_locked_fixpoint(&board);
        let mut expected = board;
        let row_rest: Vec<usize> = (4..=9).map(|c| cell(1, c)).collect();
        let box_rest: Vec<usize> = [2, 3].iter().flat_map(|&r| (1..=3).map(move |c| cell(r, c))).collect();
        remove(&mut expected, &row_rest, &ONE_TO_THREE);
        remove(&mut expected, &box_rest, &ONE_TO_THREE);
        let mut after = assert_pass_gives(board, &expected, 36);
        // The digits are now required there too, which changes nothing more.
        assert!(matches!(after.triads(), TriadStep::Nothing));
    }

    #[test]
    fn naked_minicolumn_triad_clears_its_column_and_box() {
        // r4c8–r6c8 (band 2, box 6) can hold only 2, 5 and 9.
        let mut board = Board9::new();
        let triad = [cell(4, 8), cell(5, 8), cell(6, 8)];
        remove(&mut board, &triad, &[1, 3, 4, 6, 7, 8]);
        assert_at_locked_fixpoint(&board);
        let mut expected = board;
        let column_rest: Vec<usize> = [1, 2, 3, 7, 8, 9].iter().map(|&r| cell(r, 8)).collect();
        let box_rest: Vec<usize> = (4..=6).flat_map(|r| [7, 9].map(|c| cell(r, c))).collect();
        remove(&mut expected, &column_rest, &[2, 5, 9]);
        remove(&mut expected, &box_rest, &[2, 5, 9]);
        let mut after = assert_pass_gives(board, &expected, 36);
        assert!(matches!(after.triads(), TriadStep::Nothing));
    }

    #[test]
    fn hidden_minirow_triad_keeps_only_its_required_digits() {
        // 1, 2 and 3 cannot go anywhere else in row 8 than r8c4–r8c6, and so (claiming) not
        // elsewhere in box 8.
        let mut board = Board9::new();
        let row_rest: Vec<usize> = [1, 2, 3, 7, 8, 9].iter().map(|&c| cell(8, c)).collect();
        let box_rest: Vec<usize> = [7, 9].iter().flat_map(|&r| (4..=6).map(move |c| cell(r, c))).collect();
        remove(&mut board, &row_rest, &ONE_TO_THREE);
        remove(&mut board, &box_rest, &ONE_TO_THREE);
        assert_at_locked_fixpoint(&board);
        let mut expected = board;
        remove(&mut expected, &[cell(8, 4), cell(8, 5), cell(8, 6)], &FOUR_TO_NINE);
        let mut after = assert_pass_gives(board, &expected, 18);
        assert!(matches!(after.triads(), TriadStep::Nothing));
    }

    #[test]
    fn hidden_minicolumn_triad_keeps_only_its_required_digits() {
        // In box 1, 4, 6 and 8 can only go in column 1 (r1c1–r3c1), and so (pointing) not
        // elsewhere in column 1.
        let mut board = Board9::new();
        let box_rest: Vec<usize> = (1..=3).flat_map(|r| [2, 3].map(|c| cell(r, c))).collect();
        let column_rest: Vec<usize> = (4..=9).map(|r| cell(r, 1)).collect();
        remove(&mut board, &box_rest, &[4, 6, 8]);
        remove(&mut board, &column_rest, &[4, 6, 8]);
        assert_at_locked_fixpoint(&board);
        let mut expected = board;
        remove(
            &mut expected,
            &[cell(1, 1), cell(2, 1), cell(3, 1)],
            &[1, 2, 3, 5, 7, 9],
        );
        let mut after = assert_pass_gives(board, &expected, 18);
        assert!(matches!(after.triads(), TriadStep::Nothing));
    }

    #[test]
    fn too_few_digits_or_too_many_required_is_a_contradiction() {
        // A minirow with two possible digits.
        let mut board = Board9::new();
        remove(
            &mut board,
            &[cell(5, 7), cell(5, 8), cell(5, 9)],
            &[3, 4, 5, 6, 7, 8, 9],
        );
        assert!(matches!(board.triads(), TriadStep::Contradiction));
        // A minicolumn with two possible digits.
        let mut board = Board9::new();
        remove(
            &mut board,
            &[cell(7, 2), cell(8, 2), cell(9, 2)],
            &[1, 2, 3, 4, 5, 6, 7],
        );
        assert!(matches!(board.triads(), TriadStep::Contradiction));
        // Four digits required in r1c1–r1c3.
        let mut board = Board9::new();
        let row_rest: Vec<usize> = (4..=9).map(|c| cell(1, c)).collect();
        remove(&mut board, &row_rest, &[1, 2, 3, 4]);
        assert!(matches!(board.triads(), TriadStep::Contradiction));
        // Four digits required in r7c9–r9c9 (their box elsewhere has none).
        let mut board = Board9::new();
        let box_rest: Vec<usize> = (7..=9).flat_map(|r| [7, 8].map(|c| cell(r, c))).collect();
        remove(&mut board, &box_rest, &[2, 4, 6, 8]);
        assert!(matches!(board.triads(), TriadStep::Contradiction));
        // Three required is fine, and so is the empty board.
        let mut board = Board9::new();
        remove(&mut board, &box_rest, &[2, 4, 6]);
        assert!(matches!(board.triads(), TriadStep::Progress));
        assert!(matches!(Board9::new().triads(), TriadStep::Nothing));
    }

    #[test]
    fn rotations_visit_the_other_triads_of_a_line_and_a_box() {
        for bit in 0..27 {
            let x = 1u32 << bit;
            let in_row = next_box(x) | second_next_box(x);
            let in_line = next_line(x) | second_next_line(x);
            let in_box = next_column(x) | second_next_column(x);
            // Minirow layout (9 * row + 3 * box + band): same row and band, other boxes.
            let (row, boxx, band) = (bit / 9, (bit % 9) / 3, bit % 3);
            let same_row: u32 = (0..3)
                .filter(|&b| b != boxx)
                .map(|b| 1 << (9 * row + 3 * b + band))
                .sum();
            assert_eq!(in_row, same_row, "{bit}");
            let same_box: u32 = (0..3).filter(|&r| r != row).map(|r| 1 << (9 * r + bit % 9)).sum();
            assert_eq!(in_line, same_box, "{bit}");
            // Minicolumn layout (9 * band + column): same band and box, other columns.
            let (column, stack) = (bit % 9, (bit % 9) / 3);
            let same_stack: u32 = (0..3)
                .map(|j| 3 * stack + j)
                .filter(|&c| c != column)
                .map(|c| 1 << (9 * (bit / 9) + c))
                .sum();
            assert_eq!(in_box, same_stack, "{bit}");
        }
        assert_eq!(three_and_four(&[1, 1, 1, 0, 0, 0, 0, 0, 0]), (1, 0));
        assert_eq!(three_and_four(&[1, 1, 1, 1, 1, 1, 1, 1, 1]), (1, 1));
        assert_eq!(three_and_four(&[1, 1, 0, 0, 0, 0, 0, 0, 0]), (0, 0));
    }
}
