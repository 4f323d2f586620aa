//! The branching point of a [`Board9`] for each [`Strategy`]: the first open cell, the
//! first cell with the fewest candidates, or the rules of [`super::branch`] (greedy) and
//! [`super::binary`] (the two-way strategies).

use super::binary::{binary, bivalue_product};
use super::board::Board9;
use super::branch::{fewest_candidates, greedy};
use super::cpu::Kernel;
use crate::strategy::{Placement, Strategy};

/// [`choices`] as a [`Kernel`]: generated twice, with and without the hardware population
/// count (see [`super::cpu`]).
pub(crate) struct Choices<'a> {
    pub(crate) board: &'a Board9,
    pub(crate) strategy: Strategy,
    pub(crate) out: &'a mut Vec<Placement>,
}

impl Kernel for Choices<'_> {
    type Output = ();

    #[inline(always)]
    fn run(self) {
        choices(self.board, self.strategy, self.out);
    }
}

/// Append the placements of the branching cell chosen by `strategy`.
#[inline(always)]
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
        Strategy::BinaryMax | Strategy::BinarySum | Strategy::BinaryMin | Strategy::BinaryProduct => {
            return binary(board, strategy, out);
        }
        Strategy::BivalueProduct => return bivalue_product(board, out),
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
