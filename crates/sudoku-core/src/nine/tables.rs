//! Constant tables of the 9×9 band layout, computed at compile time.
//!
//! A band is three rows: 27 cells, bit `9 * row_in_band + col` of a `u32`. A "minirow" is the
//! three cells where a row of the band crosses a box; the nine minirows of a band are indexed
//! `3 * row_in_band + box_in_band`.

/// The three rows of a band.
pub(crate) const ROW: [u32; 3] = [0x1FF, 0x1FF << 9, 0x1FF << 18];

/// The three boxes of a band.
pub(crate) const BOX: [u32; 3] = [0x001C_0E07, 0x001C_0E07 << 3, 0x001C_0E07 << 6];

/// Column `c` (0..9) within a band: its three cells.
pub(crate) const COL: [u32; 9] = {
    let mut t = [0u32; 9];
    let mut c = 0;
    while c < 9 {
        t[c] = (1 << c) | (1 << (c + 9)) | (1 << (c + 18));
        c += 1;
    }
    t
};

/// Peers of band cell `i` inside its own band (same row or same box), without `i`.
pub(crate) const BAND_PEERS: [u32; 27] = {
    let mut t = [0u32; 27];
    let mut i = 0;
    while i < 27 {
        let row = i / 9;
        let boxx = (i % 9) / 3;
        t[i] = (ROW[row] | BOX[boxx]) & !(1 << i);
        i += 1;
    }
    t
};

/// Where a digit band lives: `cand` holds it at `9 * band + digit` (a band's nine digits
/// contiguous), the change masks `dirty` and `dirty_columns` at bit `3 * digit + band` (so
/// that propagation visits a digit's three bands one after the other, which takes fewer band
/// updates than visiting a band's nine digits in turn).
#[derive(Clone, Copy)]
pub(crate) struct DigitBand {
    /// Its index in `cand`.
    pub(crate) cand: usize,
    /// Its band.
    pub(crate) band: usize,
    /// Its change bit as a mask.
    pub(crate) mask: u32,
    /// The same digit's two other digit bands: their `cand` indices and change bits (as masks).
    pub(crate) others: [(usize, u32); 2],
}

/// [`DigitBand`] by change bit `j` (`3 * digit + band`; 32 entries so that `j & 31` needs no
/// bounds check).
pub(crate) const DIGIT_BAND: [DigitBand; 32] = {
    let mut t = [DigitBand {
        cand: 0,
        band: 0,
        mask: 0,
        others: [(0, 0); 2],
    }; 32];
    let mut j = 0;
    while j < 27 {
        let (d, band) = (j / 3, j % 3);
        let (b1, b2) = ((band + 1) % 3, (band + 2) % 3);
        t[j] = DigitBand {
            cand: 9 * band + d,
            band,
            mask: 1 << j,
            others: [(9 * b1 + d, 1 << (3 * d + b1)), (9 * b2 + d, 1 << (3 * d + b2))],
        };
        j += 1;
    }
    t
};

/// The six 3×3 permutation matrices as minirow masks: one minirow per row and per box.
const PERMUTATIONS: [u16; 6] = {
    let perms = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
    let mut t = [0u16; 6];
    let mut p = 0;
    while p < 6 {
        let mut row = 0;
        while row < 3 {
            t[p] |= 1 << (3 * row + perms[p][row]);
            row += 1;
        }
        p += 1;
    }
    t
};

/// For a set of minirows that may hold a digit, the minirows that some placement of the
/// digit (once per row and once per box of the band) can still use: the union of the
/// permutation matrices inside the set. 0 means no placement is left (a contradiction).
///
/// This one lookup does pointing and claiming inside the band, and more: it is the band's
/// whole "exactly once per row and per box" constraint for one digit. Because the permutation
/// matrices are closed under transposition, the same table serves the stacks (three columns
/// × three boxes) with the index transposed.
pub(crate) const PERM_ALLOWED: [u16; 512] = {
    let mut t = [0u16; 512];
    let mut occ = 0;
    while occ < 512 {
        let mut p = 0;
        while p < 6 {
            if PERMUTATIONS[p] & occ as u16 == PERMUTATIONS[p] {
                t[occ] |= PERMUTATIONS[p];
            }
            p += 1;
        }
        occ += 1;
    }
    t
};

/// Minirow mask (9 bits) to the 27 band cells it covers.
pub(crate) const MINIROW_CELLS: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut m = 0;
    while m < 512 {
        let mut j = 0;
        while j < 9 {
            if m & (1 << j) != 0 {
                t[m] |= 7 << (9 * (j / 3) + 3 * (j % 3));
            }
            j += 1;
        }
        m += 1;
    }
    t
};

/// For row `r` of a band and the nine cells of that row (a 9-bit mask): the minirows of the
/// row that hold a cell (bits `3 * r + box`) and, 9 bits higher, those that hold exactly one.
pub(crate) const ROW_MINIROWS: [[u32; 512]; 3] = {
    let mut t = [[0u32; 512]; 3];
    let mut r = 0;
    while r < 512 {
        let mut m = 0;
        while m < 3 {
            let g = (r >> (3 * m)) & 7;
            let mut row = 0;
            while row < 3 {
                if g != 0 {
                    t[row][r] |= 1 << (3 * row + m);
                }
                if g == 1 || g == 2 || g == 4 {
                    t[row][r] |= 1 << (9 + 3 * row + m);
                }
                row += 1;
            }
            m += 1;
        }
        r += 1;
    }
    t
};

/// The minirows of band word `w` that hold a cell (bit `3 * row + box`) and, 9 bits higher,
/// those that hold exactly one.
#[inline(always)]
pub(crate) fn minirow_counts(w: u32) -> u32 {
    ROW_MINIROWS[0][(w & 0x1FF) as usize]
        | ROW_MINIROWS[1][((w >> 9) & 0x1FF) as usize]
        | ROW_MINIROWS[2][((w >> 18) & 0x1FF) as usize]
}

/// For every 9-bit mask read as three 3-bit groups, the groups holding exactly one bit (the
/// others cleared): the shape shared by [`LOCKED_MINIROWS`] and [`POINTING_COLUMNS`].
const fn single_bit_groups() -> [u16; 512] {
    let mut t = [0u16; 512];
    let mut m = 0;
    while m < 512 {
        let mut group = 0;
        while group < 3 {
            let g = (m >> (3 * group)) & 7;
            if g == 1 || g == 2 || g == 4 {
                t[m] |= (g << (3 * group)) as u16;
            }
            group += 1;
        }
        m += 1;
    }
    t
}

/// For a set of minirows closed under the band's constraint (an entry of [`PERM_ALLOWED`]),
/// the minirows alone in their row. In such a set a minirow alone in its row is also alone in
/// its box (every permutation matrix of the set goes through it), so the digit lies in that
/// minirow for both the row and the box.
pub(crate) const LOCKED_MINIROWS: [u16; 512] = single_bit_groups();

/// For the columns of a band that hold a digit (9 bits, three per box), the columns that are
/// the only one of their box: the digit lies in that column inside this band, so the other
/// two bands lose it there (pointing, box to column).
pub(crate) const POINTING_COLUMNS: [u16; 512] = single_bit_groups();

/// For the columns (9 bits) whose digit lies in one band only (this band), the band cells the
/// digit may keep (claiming, column to box): a box holding one such column keeps only that
/// column; a box holding two or three keeps nothing (each needs the digit in that box, which
/// holds it once: a contradiction the band rules then report); other boxes keep every cell.
pub(crate) const CLAIMED_CELLS: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut c = 0;
    while c < 512 {
        let mut keep = 0u32;
        let mut s = 0;
        while s < 3 {
            let g = ((c >> (3 * s)) & 7) as u32;
            keep |= if g == 0 {
                BOX[s]
            } else if g == 1 || g == 2 || g == 4 {
                column_cells(g << (3 * s))
            } else {
                0
            };
            s += 1;
        }
        t[c] = keep;
        c += 1;
    }
    t
};

/// The cells of the columns in `cols` (9 bits) within one band.
#[inline(always)]
pub(crate) const fn column_cells(cols: u32) -> u32 {
    cols * 0x40201
}

/// The columns (9 bits) where `w` has a bit in any of the band's three rows.
#[inline(always)]
pub(crate) fn columns(w: u32) -> u32 {
    (w | (w >> 9) | (w >> 18)) & 0x1FF
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_agree_with_their_definitions() {
        assert_eq!(BAND_PEERS[0].count_ones(), 14); // 8 in the row, 6 more in the box
        assert_eq!(PERM_ALLOWED[511], 511);
        assert_eq!(PERM_ALLOWED[0], 0);
        // Row 0 holds the digit only in box 0 (claiming): rows 1 and 2 of box 0 lose it.
        let occ = 0b111_111_001; // box 0 only in row 0; boxes 1, 2 everywhere
        let allowed = PERM_ALLOWED[occ];
        assert_eq!(allowed & 0b000_000_110, 0);
        assert_eq!(allowed, 0b110_110_001);
        for (m, &cells) in MINIROW_CELLS.iter().enumerate() {
            assert_eq!(minirow_counts(cells), m as u32);
            // Keep one cell (the lowest) of every minirow: all of them hold exactly one.
            assert_eq!(minirow_counts(cells & 0o111_111_111), (m as u32) << 9 | m as u32);
        }
        assert_eq!(columns(COL[4]), 1 << 4);
        assert_eq!(column_cells(1 << 4), COL[4]);
        // Row 1 holds cells 0, 4 and 5: minirows 3 and 4, minirow 3 a single cell.
        assert_eq!(minirow_counts(0b000_110_001 << 9), 0b000_001_000 << 9 | 0b000_011_000);
        // Rows 0 and 1 share boxes 0 and 1, row 2 is box 2 only.
        assert_eq!(LOCKED_MINIROWS[0b100_011_011], 0b100_000_000);
        assert_eq!(POINTING_COLUMNS[0b000_011_100], 0b000_000_100);
        // Column 4 claimed (box 1 keeps only it); columns 6 and 7 both claimed: box 2 empties.
        assert_eq!(CLAIMED_CELLS[1 << 4], BOX[0] | COL[4] | BOX[2]);
        assert_eq!(CLAIMED_CELLS[0b011_000_000], BOX[0] | BOX[1]);
        assert_eq!(CLAIMED_CELLS[0], (1 << 27) - 1);
    }
}
