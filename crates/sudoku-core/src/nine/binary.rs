//! The binary branching strategies ([`Strategy::is_binary`]) on a [`Board9`]: split on a
//! bivalue cell or on a bilocal digit (exactly two places left in a row, column or box),
//! whichever two-way branch ranks best by [`Strategy::binary_key`].

use super::board::{Board9, count_to_three};
use super::branch::{OTHER_BANDS, eliminations, eliminations_on, greedy, own_and_next};
use super::tables::{BOX, COL, ROW};
use crate::problem::FORCED_WEIGHT;
use crate::strategy::{Placement, Strategy};

/// A placement on the board: digit `d` (from 0) in cell `i` of `band`.
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

/// The best binary branch seen so far: its key and its two placements, the one removing
/// more first.
struct Best {
    key: u64,
    found: bool,
    first: Spot,
    second: Spot,
}

/// The placement's score: the candidates it removes from the cell's peers, a removal from a
/// bivalue peer (`bivalue`: per band, the open cells with two candidates) counting
/// `1 + FORCED_WEIGHT` times.
#[inline(always)]
fn removals(board: &Board9, bivalue: &[u32; 3], spot: Spot) -> u32 {
    let (b1, b2) = OTHER_BANDS[spot.band];
    let d = spot.d;
    let all = eliminations_on(board, d, spot.band, spot.i);
    let forced = eliminations(
        own_and_next(
            board.band_candidates(d, spot.band) & bivalue[spot.band],
            board.band_candidates(d, b1) & bivalue[b1],
        ),
        board.band_candidates(d, b2) & bivalue[b2],
        spot.i,
    );
    all + FORCED_WEIGHT * forced
}

impl Best {
    /// Score the branch `a` or `b` and keep it when its key ranks strictly higher.
    #[inline(always)]
    fn consider(&mut self, board: &Board9, bivalue: &[u32; 3], key: impl Fn(u32, u32) -> u64, a: Spot, b: Spot) {
        let (ra, rb) = (removals(board, bivalue, a), removals(board, bivalue, b));
        let key = key(ra, rb);
        if !self.found || key > self.key {
            self.found = true;
            self.key = key;
            (self.first, self.second) = if rb > ra { (b, a) } else { (a, b) };
        }
    }
}

/// The two open cells of `band` in `m` (exactly two bits set).
#[inline(always)]
fn two_cells(m: u32) -> (usize, usize) {
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
    let spot = Spot { band: 0, i: 0, d: 0 };
    let mut best = Best {
        key: 0,
        found: false,
        first: spot,
        second: spot,
    };
    let mut bivalue = [0u32; 3];
    for (band, b) in bivalue.iter_mut().enumerate() {
        let (_, twos, threes) = count_to_three(board.band_words(band));
        *b = board.open_in(band) & twos & !threes;
    }
    // Bivalue cells in reading order, the lower digit as `a`.
    for (band, &cells) in bivalue.iter().enumerate() {
        let words = board.band_words(band);
        let mut m = cells;
        while m != 0 {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            let mut digits = 0u32;
            for (d, w) in words.iter().enumerate() {
                digits |= ((w >> i) & 1) << d;
            }
            let (d1, d2) = two_cells(digits);
            best.consider(board, &bivalue, key, Spot { band, i, d: d1 }, Spot { band, i, d: d2 });
        }
    }
    // Bilocal digits: per digit, its rows, columns and boxes, the earlier cell as `a`.
    for d in 0..9 {
        let w = [
            board.band_candidates(d, 0) & board.open_in(0),
            board.band_candidates(d, 1) & board.open_in(1),
            board.band_candidates(d, 2) & board.open_in(2),
        ];
        for (band, &word) in w.iter().enumerate() {
            for row in ROW {
                let m = word & row;
                if m.count_ones() == 2 {
                    let (i, j) = two_cells(m);
                    best.consider(board, &bivalue, key, Spot { band, i, d }, Spot { band, i: j, d });
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
            // The first band holding the digit in the column, then the next.
            let b0 = if w[0] & col != 0 {
                0
            } else if w[1] & col != 0 {
                1
            } else {
                2
            };
            let m0 = w[b0] & col;
            let a = Spot {
                band: b0,
                i: m0.trailing_zeros() as usize,
                d,
            };
            let rest = m0 & (m0 - 1);
            let b = if rest != 0 {
                Spot {
                    band: b0,
                    i: rest.trailing_zeros() as usize,
                    d,
                }
            } else {
                let b1 = if b0 < 1 && w[1] & col != 0 { 1 } else { 2 };
                Spot {
                    band: b1,
                    i: (w[b1] & col).trailing_zeros() as usize,
                    d,
                }
            };
            best.consider(board, &bivalue, key, a, b);
        }
        for (band, &word) in w.iter().enumerate() {
            for boxx in BOX {
                let m = word & boxx;
                if m.count_ones() == 2 {
                    let (i, j) = two_cells(m);
                    best.consider(board, &bivalue, key, Spot { band, i, d }, Spot { band, i: j, d });
                }
            }
        }
    }
    if best.found {
        out.push(best.first.placement());
        out.push(best.second.placement());
    } else {
        greedy(board, out);
    }
}
