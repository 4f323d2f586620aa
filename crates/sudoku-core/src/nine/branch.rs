//! The cell strategies' scoring on a [`Board9`]: the cells with the fewest candidates, the
//! peer removals of a placement (also the scores of the binary strategies in
//! [`super::binary`]), and the greedy rule built on them. [`super::choices`] picks the
//! strategy.

use super::board::{Board9, count_to_three};
use super::tables::{BAND_PEERS, COL};
use crate::strategy::Placement;

/// Per band, the open cells with exactly `k` candidates, for the smallest `k` that has any:
/// `(k, masks)`. `None` when no cell is open.
#[inline(always)]
pub(super) fn fewest_candidates(board: &Board9) -> Option<(u32, [u32; 3])> {
    // After propagation the fewest is nearly always two: a bit-sliced count to three settles
    // it (open cells with at least two candidates, none with exactly two otherwise).
    let mut pairs = [0u32; 3];
    let mut all_have_two = true;
    for (band, pair) in pairs.iter_mut().enumerate() {
        let (_, twos, threes) = count_to_three(board.band_words(band));
        let open = board.open_in(band);
        all_have_two &= open & !twos == 0;
        *pair = open & twos & !threes;
    }
    if all_have_two && pairs != [0; 3] {
        return Some((2, pairs));
    }
    fewest_candidates_counted(board)
}

/// [`fewest_candidates`] for any board, with a full count per cell. Rare (332 of the 30,622
/// branch points on the first 300 puzzles of forum hardest 1905, 11+), so kept out of line:
/// inlined, its loads of the whole board were hoisted into the common path.
#[cold]
#[inline(never)]
fn fewest_candidates_counted(board: &Board9) -> Option<(u32, [u32; 3])> {
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

/// The candidates of a digit as the removal count of a placement in a band reads them: the
/// band's word (`own`) in the low half, the word of the next band (`other1`) in the high half.
#[inline(always)]
pub(super) fn own_and_next(own: u32, other1: u32) -> u64 {
    u64::from(own) | (u64::from(other1) << 32)
}

/// How many candidates putting a digit in band cell `i` removes from its peers, given its
/// candidates in the band and the next ([`own_and_next`]) and in the third band (`other2`).
/// No peer of a cell holding the digit is solved with it, so every peer candidate is an open
/// cell's.
#[inline(always)]
pub(super) fn eliminations(own_and_next: u64, other2: u32, i: usize) -> u32 {
    let masks = &SCORE_MASKS[i & 31];
    // One 64-bit population count instead of three: the column bits of the third band
    // interleave with those of the second without overlap (positions c, c + 9, c + 18 and
    // one higher).
    ((own_and_next & masks.peers) | (u64::from(other2 & masks.column) << 33)).count_ones()
}

/// What scoring a placement in band cell `i` reads from [`SCORE_MASKS`].
struct ScoreMasks {
    /// The cell's peers inside the band (low half) and its column (high half), for
    /// [`own_and_next`].
    peers: u64,
    /// The cell's column in a band.
    column: u32,
    /// `(255 - i) << 4`: the cell's part of the greedy key in band 0.
    tag: u32,
}

/// [`ScoreMasks`] per band cell (32 entries, so that an index masked to 5 bits needs no
/// bounds check).
const SCORE_MASKS: [ScoreMasks; 32] = {
    let mut t = [const {
        ScoreMasks {
            peers: 0,
            column: 0,
            tag: 0,
        }
    }; 32];
    let mut i = 0;
    while i < 27 {
        t[i] = ScoreMasks {
            peers: BAND_PEERS[i] as u64 | ((COL[i % 9] as u64) << 32),
            column: COL[i % 9],
            tag: (255 - i as u32) << 4,
        };
        i += 1;
    }
    t
};

/// The two bands other than `band`: `OTHER_BANDS[band]`.
pub(super) const OTHER_BANDS: [(usize, usize); 3] = [(1, 2), (2, 0), (0, 1)];

/// [`eliminations`] read from the board.
#[inline(always)]
pub(super) fn eliminations_on(board: &Board9, d: usize, band: usize, i: usize) -> u32 {
    let (b1, b2) = OTHER_BANDS[band];
    eliminations(
        own_and_next(board.band_candidates(d, band), board.band_candidates(d, b1)),
        board.band_candidates(d, b2),
        i,
    )
}

/// The best greedy key among the placements in the cells of `mask` in `band`: removals from
/// bit 12 up, then `255 - cell` in bits 4–11 (the earlier cell wins a tie), then `15 - digit`
/// (the lower digit of a cell wins a tie); 0 when `mask` is empty. Called with a constant
/// `band`, so the band arithmetic folds away.
#[inline(always)]
fn best_in_band(board: &Board9, band: usize, mask: u32) -> u32 {
    if mask == 0 {
        return 0;
    }
    let (b1, b2) = OTHER_BANDS[band];
    let mut best = 0;
    // The digits with a candidate in `mask`, found for the nine words at once (vector
    // operations), so that the loop visits only those.
    let words = board.band_words(band);
    let mut digits = 0u32;
    for (d, w) in words.iter().enumerate() {
        digits |= u32::from(w & mask != 0) << d;
    }
    while digits != 0 {
        let d = digits.trailing_zeros() as usize;
        digits &= digits - 1;
        let own = board.band_candidates(d, band);
        let mut m = mask & own;
        let seen = own_and_next(own, board.band_candidates(d, b1));
        let other2 = board.band_candidates(d, b2);
        // The key's cell part is `(255 - 27 * band - i) << 4`: the table's band-0 tag less
        // a constant, added with the digit's part (the sum never wraps).
        let offset = (15 - d as u32).wrapping_sub(27 * 16 * band as u32);
        while m != 0 {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            let key = eliminations(seen, other2, i) << 12 | SCORE_MASKS[i & 31].tag.wrapping_add(offset);
            best = best.max(key);
        }
    }
    best
}

/// The paper's rule: among the cells with the fewest candidates, the one holding the
/// placement that removes the most candidates from its peers; its digits in decreasing order
/// of removals (ties: lower digit first).
#[inline(always)]
pub(super) fn greedy(board: &Board9, out: &mut Vec<Placement>) {
    let Some((fewest, masks)) = fewest_candidates(board) else {
        return;
    };
    // Each (cell, digit) of the tied cells is scored once, and only the digits present are
    // visited. The key orders by removals, then by the earlier cell.
    let best = best_in_band(board, 0, masks[0])
        .max(best_in_band(board, 1, masks[1]))
        .max(best_in_band(board, 2, masks[2]));
    if best == 0 {
        return;
    }
    let cell = 255 - ((best >> 4) & 0xFF) as usize;
    let (band, i) = (cell / 27, cell % 27);
    if fewest == 2 {
        // The key names the digit that removes more (the lower one on a tie): it goes first,
        // the cell's other digit second, with no second scoring.
        let first = 15 - (best & 0xF) as usize;
        let words = board.band_words(band);
        let second = (0..9).find(|&d| d != first && words[d] & (1 << i) != 0);
        for d in std::iter::once(first).chain(second) {
            out.push(Placement {
                cell: cell as u16,
                digit: d as u8 + 1,
            });
        }
        return;
    }
    // Each digit scored once; an insertion sort on the few digits keeps ties in digit order.
    let mut scored = [(0u32, 0u8); 9];
    let mut n = 0;
    for d in 0..9 {
        if board.band_candidates(d, band) & (1 << i) != 0 {
            let entry = (eliminations_on(board, d, band, i), d as u8 + 1);
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
