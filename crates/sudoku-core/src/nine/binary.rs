//! The binary branching strategies ([`Strategy::is_binary`]) on a [`Board9`]: split on a
//! bivalue cell or on a bilocal digit (exactly two places left in a row, column or box),
//! whichever two-way branch ranks best by [`Strategy::binary_key`].
//!
//! One pass per digit: the digit's bilocal rows, columns and boxes are found with a few mask
//! operations, each placement they name is scored once (two population counts, see
//! [`Digit::score`]), and the digit's placements in bivalue cells are scored in the same pass
//! (a bivalue cell's pair is complete when its higher digit is reached). The order of that
//! walk differs from the documented tie order (bivalue cells in reading order, then per digit
//! its rows, columns and boxes), so the key carries the branch's rank in the documented order
//! in its low bits: ties go where the general engine sends them.

use super::board::{Board9, count_to_three};
use super::branch::{OTHER_BANDS, eliminations, fewest_candidates, greedy, own_and_next};
use super::tables::{BOX, COL, ROW};
use crate::problem::FORCED_WEIGHT;
use crate::strategy::{Placement, Strategy};

/// Bits of the key below the strategy's rank: the branch's place in the tie order.
const TAG_BITS: u32 = 12;

/// A placement: digit `d` (from 0) in cell `i` of `band`.
#[derive(Clone, Copy)]
struct Spot {
    band: usize,
    i: usize,
    d: usize,
}

impl Spot {
    fn placement(self) -> Placement {
        Placement {
            cell: (27 * self.band + self.i) as u16,
            digit: self.d as u8 + 1,
        }
    }
}

/// The best binary branch seen so far: its key (0 before the first) and its two placements,
/// the one scoring higher first.
struct Best {
    key: u64,
    first: Spot,
    second: Spot,
}

impl Best {
    /// No branch yet (key 0: every real branch ranks higher).
    #[inline(always)]
    fn none() -> Best {
        let spot = Spot { band: 0, i: 0, d: 0 };
        Best {
            key: 0,
            first: spot,
            second: spot,
        }
    }

    /// Keep the branch `a` or `b` (scores `sa`, `sb`; `rank` in the tie order) when it ranks
    /// higher.
    #[inline(always)]
    fn consider(&mut self, key: impl Fn(u32, u32) -> u64, rank: u32, (a, sa): (Spot, u32), (b, sb): (Spot, u32)) {
        let key = key(sa, sb) << TAG_BITS | u64::from((1 << TAG_BITS) - 1 - rank);
        if key > self.key {
            self.key = key;
            (self.first, self.second) = if sb > sa { (b, a) } else { (a, b) };
        }
    }
}

/// One digit's candidates, prepared for scoring its placements.
struct Digit {
    d: usize,
    /// Per band: its open cells holding the digit.
    cells: [u32; 3],
    /// Per band: [`own_and_next`] of `cells` and the third band's word, for [`eliminations`].
    all: [(u64, u32); 3],
    /// The same restricted to bivalue cells.
    forced: [(u64, u32); 3],
    /// Scores computed so far (per band, the cells in `scores`).
    done: [u32; 3],
    /// The scores, by `27 * band + i`.
    scores: [u8; 96],
}

impl Digit {
    #[inline(always)]
    fn new(board: &Board9, bivalue: &[u32; 3], d: usize) -> Self {
        let cells = [
            board.band_candidates(d, 0) & board.open_in(0),
            board.band_candidates(d, 1) & board.open_in(1),
            board.band_candidates(d, 2) & board.open_in(2),
        ];
        let two = [cells[0] & bivalue[0], cells[1] & bivalue[1], cells[2] & bivalue[2]];
        Digit {
            d,
            cells,
            all: prepare(&cells),
            forced: prepare(&two),
            done: [0; 3],
            scores: [0; 96],
        }
    }

    /// The placement in cell `i` of `band` and its score: the candidates it removes from the
    /// cell's peers, a removal from a bivalue peer counting `1 + FORCED_WEIGHT` times.
    #[inline(always)]
    fn score(&mut self, band: usize, i: usize) -> (Spot, u32) {
        let spot = Spot { band, i, d: self.d };
        let slot = (27 * band + i) % 96;
        if self.done[band] >> i & 1 != 0 {
            return (spot, u32::from(self.scores[slot]));
        }
        let s = placement_score(self.all[band], self.forced[band], i);
        self.done[band] |= 1 << i;
        // At most 20 peers, so a score fits a byte.
        self.scores[slot] = s as u8;
        (spot, s)
    }
}

/// Per band, the words [`eliminations`] reads for a placement in that band: [`own_and_next`]
/// of the band's and the next band's words of `w`, and the third band's.
#[inline(always)]
fn prepare(w: &[u32; 3]) -> [(u64, u32); 3] {
    let mut out = [(0u64, 0u32); 3];
    for (band, o) in out.iter_mut().enumerate() {
        let (b1, b2) = OTHER_BANDS[band];
        *o = (own_and_next(w[band], w[b1]), w[b2]);
    }
    out
}

/// The score of a placement in cell `i` of a band (see [`Digit::score`]), from the band's
/// [`prepare`]d words of the digit's open cells (`all`) and of its bivalue cells (`forced`).
#[inline(always)]
fn placement_score(all: (u64, u32), forced: (u64, u32), i: usize) -> u32 {
    eliminations(all.0, all.1, i) + FORCED_WEIGHT * eliminations(forced.0, forced.1, i)
}

/// [`Strategy::BivalueProduct`]: among the bivalue cells, the one whose two placements'
/// scores have the largest product (then sum; then the first cell), the higher-scoring
/// placement first; greedy's rule when the fewest candidates of an open cell are not two.
#[inline(always)]
pub(super) fn bivalue_product(board: &Board9, out: &mut Vec<Placement>) {
    let Some((2, bivalue)) = fewest_candidates(board) else {
        return greedy(board, out);
    };
    let key = |a, b| Strategy::BivalueProduct.binary_key(a, b);
    let mut best = Best::none();
    // The cells whose lower digit was scored, and that digit and its score.
    let mut pending = [0u32; 3];
    let mut lower = [(0u8, 0u8); 96];
    for d in 0..9 {
        let two = [
            board.band_candidates(d, 0) & bivalue[0],
            board.band_candidates(d, 1) & bivalue[1],
            board.band_candidates(d, 2) & bivalue[2],
        ];
        if two == [0; 3] {
            continue;
        }
        let all = prepare(&[
            board.band_candidates(d, 0) & board.open_in(0),
            board.band_candidates(d, 1) & board.open_in(1),
            board.band_candidates(d, 2) & board.open_in(2),
        ]);
        let forced = prepare(&two);
        for band in 0..3 {
            let mut m = two[band];
            while m != 0 {
                let i = m.trailing_zeros() as usize;
                m &= m - 1;
                let score = placement_score(all[band], forced[band], i);
                let slot = (27 * band + i) % 96;
                if pending[band] >> i & 1 == 0 {
                    pending[band] |= 1 << i;
                    // At most 20 peers: a score fits a byte.
                    lower[slot] = (d as u8, score as u8);
                } else {
                    let (low, low_score) = lower[slot];
                    best.consider(
                        key,
                        (27 * band + i) as u32,
                        (
                            Spot {
                                band,
                                i,
                                d: usize::from(low),
                            },
                            u32::from(low_score),
                        ),
                        (Spot { band, i, d }, score),
                    );
                }
            }
        }
    }
    out.push(best.first.placement());
    out.push(best.second.placement());
}

/// The two lowest set bits of `m`.
#[inline(always)]
fn two_bits(m: u32) -> (usize, usize) {
    (m.trailing_zeros() as usize, (m & (m - 1)).trailing_zeros() as usize)
}

/// Append the two placements of the best binary branch under `strategy` (or, when there is
/// none, the greedy rule's placements).
#[inline(always)]
pub(super) fn binary(board: &Board9, strategy: Strategy, out: &mut Vec<Placement>) {
    // One copy of the search per ranking, so that the key folds into it.
    match strategy {
        Strategy::BinaryMax => best_binary(board, |a, b| Strategy::BinaryMax.binary_key(a, b), out),
        Strategy::BinarySum => best_binary(board, |a, b| Strategy::BinarySum.binary_key(a, b), out),
        Strategy::BinaryMin => best_binary(board, |a, b| Strategy::BinaryMin.binary_key(a, b), out),
        _ => best_binary(board, |a, b| Strategy::BinaryProduct.binary_key(a, b), out),
    }
}

/// [`binary`] with the ranking `key`.
#[inline(always)]
fn best_binary(board: &Board9, key: impl Fn(u32, u32) -> u64 + Copy, out: &mut Vec<Placement>) {
    let mut best = Best::none();
    let mut bivalue = [0u32; 3];
    for (band, b) in bivalue.iter_mut().enumerate() {
        let (_, twos, threes) = count_to_three(board.band_words(band));
        *b = board.open_in(band) & twos & !threes;
    }
    // Bivalue cells whose lower digit was scored, and that digit's placement and score.
    let mut pending = [0u32; 3];
    let mut lower = [(0u8, 0u8); 96];
    // Tie order: bivalue cells first (rank = cell), then per digit rows, columns, boxes.
    for d in 0..9 {
        let mut digit = Digit::new(board, &bivalue, d);
        let w = digit.cells;
        let base = 81 + 27 * d as u32;
        for (band, &word) in w.iter().enumerate() {
            for (r, row) in ROW.iter().enumerate() {
                let m = word & row;
                if m.count_ones() == 2 {
                    let (i, j) = two_bits(m);
                    let rank = base + 3 * band as u32 + r as u32;
                    best.consider(key, rank, digit.score(band, i), digit.score(band, j));
                }
            }
            for (b, boxx) in BOX.iter().enumerate() {
                let m = word & boxx;
                if m.count_ones() == 2 {
                    let (i, j) = two_bits(m);
                    let rank = base + 18 + 3 * band as u32 + b as u32;
                    best.consider(key, rank, digit.score(band, i), digit.score(band, j));
                }
            }
        }
        // Columns holding the digit exactly twice: a bit-sliced count over the nine rows.
        let (mut ones, mut twos, mut threes) = (0u32, 0u32, 0u32);
        for &word in &w {
            for r in 0..3 {
                let x = (word >> (9 * r)) & 0x1FF;
                threes |= twos & x;
                twos |= ones & x;
                ones |= x;
            }
        }
        let mut columns = twos & !threes;
        while columns != 0 {
            let c = columns.trailing_zeros() as usize;
            columns &= columns - 1;
            let col = COL[c];
            let mut places = [(0usize, 0usize); 2];
            let mut n = 0;
            for (band, &word) in w.iter().enumerate() {
                let mut m = word & col;
                while m != 0 && n < 2 {
                    places[n] = (band, m.trailing_zeros() as usize);
                    m &= m - 1;
                    n += 1;
                }
            }
            let rank = base + 9 + c as u32;
            let (a, b) = (places[0], places[1]);
            best.consider(key, rank, digit.score(a.0, a.1), digit.score(b.0, b.1));
        }
        // The digit's bivalue cells: the first digit of a cell waits for the second.
        for band in 0..3 {
            let mut m = w[band] & bivalue[band];
            while m != 0 {
                let i = m.trailing_zeros() as usize;
                m &= m - 1;
                let placed = digit.score(band, i);
                let slot = (27 * band + i) % 96;
                if pending[band] >> i & 1 == 0 {
                    pending[band] |= 1 << i;
                    // A score fits a byte (see `Digit::score`).
                    lower[slot] = (d as u8, placed.1 as u8);
                } else {
                    let (low, score) = lower[slot];
                    let first = Spot {
                        band,
                        i,
                        d: usize::from(low),
                    };
                    best.consider(key, (27 * band + i) as u32, (first, u32::from(score)), placed);
                }
            }
        }
    }
    if best.key != 0 {
        out.push(best.first.placement());
        out.push(best.second.placement());
    } else {
        greedy(board, out);
    }
}
