//! Choosing the branching cell on a [`Board9`] for each [`Strategy`].

use super::board::Board9;
use super::tables::{BAND_PEERS, COL};
use crate::strategy::{Placement, Strategy};

/// Per band, the open cells with exactly `k` candidates, for the smallest `k` that has any:
/// `(k, masks)`. `None` when no cell is open.
#[inline(never)]
fn fewest_candidates(board: &Board9) -> Option<(u32, [u32; 3])> {
    // Bit-sliced 4-bit counters of candidates per cell.
    let mut counts = [[0u32; 4]; 3];
    for (band, c) in counts.iter_mut().enumerate() {
        let open = board.open_in(band);
        if open == 0 {
            continue;
        }
        for d in 0..9 {
            let mut carry = board.band_candidates(d, band) & open;
            for bit in c.iter_mut() {
                let next = *bit & carry;
                *bit ^= carry;
                carry = next;
            }
        }
    }
    for k in 1..=9u32 {
        let mut masks = [0u32; 3];
        let mut any = 0;
        for band in 0..3 {
            let c = &counts[band];
            let mut m = board.open_in(band);
            for (j, bit) in c.iter().enumerate() {
                m &= if k >> j & 1 == 1 { *bit } else { !*bit };
            }
            masks[band] = m;
            any |= m;
        }
        if any != 0 {
            return Some((k, masks));
        }
    }
    None
}

/// How many candidates putting digit `d` (from 0) in `band` cell `i` removes from open peers.
fn eliminations(board: &Board9, d: usize, band: usize, i: usize) -> u32 {
    let own = board.band_candidates(d, band) & board.open_in(band) & BAND_PEERS[i];
    let col = COL[i % 9];
    let (b1, b2) = ((band + 1) % 3, (band + 2) % 3);
    let x1 = board.band_candidates(d, b1) & board.open_in(b1) & col;
    let x2 = board.band_candidates(d, b2) & board.open_in(b2) & col;
    // One 64-bit population count instead of three: the column bits of the two other bands
    // interleave without overlap (positions c, c + 9, c + 18 and one higher).
    (u64::from(own) | (u64::from(x1 | (x2 << 1)) << 32)).count_ones()
}

/// Append the placements of the branching cell chosen by `strategy`.
#[inline(never)]
pub(crate) fn choices(board: &Board9, strategy: Strategy, out: &mut Vec<Placement>) {
    let cell = match strategy {
        Strategy::First => (0..3).find_map(|band| {
            let open = board.open_in(band);
            (open != 0).then(|| band * 27 + open.trailing_zeros() as usize)
        }),
        Strategy::Mrv => fewest_candidates(board).and_then(|(_, masks)| {
            (0..3).find_map(|band| (masks[band] != 0).then(|| band * 27 + masks[band].trailing_zeros() as usize))
        }),
        Strategy::Greedy => return greedy(board, out),
    };
    if let Some(cell) = cell {
        let (band, bit) = (cell / 27, 1u32 << (cell % 27));
        for d in 0..9 {
            if board.band_candidates(d, band) & bit != 0 {
                out.push(Placement {
                    cell: cell as u16,
                    digit: d as u8 + 1,
                });
            }
        }
    }
}

/// The paper's rule: among the cells with the fewest candidates, the one holding the
/// placement that removes the most candidates from its peers; its digits in decreasing order
/// of removals (ties: lower digit first).
fn greedy(board: &Board9, out: &mut Vec<Placement>) {
    let Some((_, masks)) = fewest_candidates(board) else {
        return;
    };
    // Digits outermost: each (cell, digit) of the tied cells is scored once, and only the
    // digits present are visited.
    let mut best: Option<(u32, usize)> = None;
    for d in 0..9 {
        for (band, &mask) in masks.iter().enumerate() {
            let mut m = mask & board.band_candidates(d, band);
            while m != 0 {
                let i = m.trailing_zeros() as usize;
                m &= m - 1;
                let e = eliminations(board, d, band, i);
                let cell = band * 27 + i;
                // Ties go to the first cell in reading order.
                if best.is_none_or(|(be, bc)| e > be || (e == be && cell < bc)) {
                    best = Some((e, cell));
                }
            }
        }
    }
    let Some((_, cell)) = best else { return };
    let (band, i) = (cell / 27, cell % 27);
    // Each digit scored once; an insertion sort on the few digits keeps ties in digit order.
    let mut scored = [(0u32, 0u8); 9];
    let mut n = 0;
    for d in 0..9 {
        if board.band_candidates(d, band) & (1 << i) != 0 {
            let entry = (eliminations(board, d, band, i), d as u8 + 1);
            let mut j = n;
            while j > 0 && scored[j - 1].0 < entry.0 {
                scored[j] = scored[j - 1];
                j -= 1;
            }
            scored[j] = entry;
            n += 1;
        }
    }
    out.extend(scored[..n].iter().map(|&(_, digit)| Placement {
        cell: cell as u16,
        digit,
    }));
}
