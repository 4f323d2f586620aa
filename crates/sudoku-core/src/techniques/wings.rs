//! Wings: XY-wing, XYZ-wing and W-wing.

use std::ops::ControlFlow;

use super::{Sink, Step, Technique, cell_name, digit_list, elimination_list, open_cells, seeing_all};
use crate::candidates::Candidates;
use crate::layout::House;

/// XY-wing: a pivot with candidates `x/y` sees a pincer `x/z` and a pincer `y/z`. Whatever
/// the pivot holds, one pincer is `z`, so `z` leaves every cell that sees both pincers.
pub fn xy_wing(cands: &Candidates, sink: &mut Sink<'_>) -> ControlFlow<()> {
    let layout = cands.layout();
    let bivalue: Vec<usize> = open_cells(cands).filter(|&c| cands.candidates(c).len() == 2).collect();
    for &pivot in &bivalue {
        let p = cands.candidates(pivot);
        let pincers: Vec<usize> = bivalue
            .iter()
            .copied()
            .filter(|&c| layout.are_peers(c, pivot) && (cands.candidates(c).bits() & p.bits()).is_power_of_two())
            .collect();
        for (i, &a) in pincers.iter().enumerate() {
            for &b in &pincers[i + 1..] {
                let (ca, cb) = (cands.candidates(a).bits(), cands.candidates(b).bits());
                let z = ca & cb & !p.bits();
                // a = x/z and b = y/z with x != y: they share z only, and z is not in the pivot.
                if z.count_ones() != 1 || ca & cb != z || (ca | cb) & p.bits() != p.bits() {
                    continue;
                }
                let z = z.trailing_zeros() as u8 + 1;
                let eliminations = seeing_all(cands, &[a, b], z);
                if eliminations.is_empty() {
                    continue;
                }
                let text = format!(
                    "XY-wing: pivot {} ({}) sees {} ({}) and {} ({}); one of the pincers is {z}, so {z} leaves the cells that see both: {}",
                    cell_name(layout, pivot),
                    digit_list(p.iter()),
                    cell_name(layout, a),
                    digit_list(cands.candidates(a).iter()),
                    cell_name(layout, b),
                    digit_list(cands.candidates(b).iter()),
                    elimination_list(layout, &eliminations)
                );
                sink(Step::eliminating(Technique::XyWing, eliminations, text))?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// XYZ-wing: a pivot with candidates `x/y/z` sees a pincer `x/z` and a pincer `y/z`. One of
/// the three is `z`, so `z` leaves every cell that sees all three.
pub fn xyz_wing(cands: &Candidates, sink: &mut Sink<'_>) -> ControlFlow<()> {
    let layout = cands.layout();
    for pivot in open_cells(cands).filter(|&c| cands.candidates(c).len() == 3) {
        let p = cands.candidates(pivot).bits();
        let pincers: Vec<usize> = open_cells(cands)
            .filter(|&c| {
                let m = cands.candidates(c).bits();
                m.count_ones() == 2 && m & !p == 0 && layout.are_peers(c, pivot)
            })
            .collect();
        for (i, &a) in pincers.iter().enumerate() {
            for &b in &pincers[i + 1..] {
                let (ca, cb) = (cands.candidates(a).bits(), cands.candidates(b).bits());
                let z = ca & cb;
                if z.count_ones() != 1 || ca | cb != p {
                    continue;
                }
                let z = z.trailing_zeros() as u8 + 1;
                let eliminations = seeing_all(cands, &[pivot, a, b], z);
                if eliminations.is_empty() {
                    continue;
                }
                let text = format!(
                    "XYZ-wing: pivot {} ({}) sees {} ({}) and {} ({}); one of the three is {z}, so {z} leaves the cells that see all three: {}",
                    cell_name(layout, pivot),
                    digit_list(cands.candidates(pivot).iter()),
                    cell_name(layout, a),
                    digit_list(cands.candidates(a).iter()),
                    cell_name(layout, b),
                    digit_list(cands.candidates(b).iter()),
                    elimination_list(layout, &eliminations)
                );
                sink(Step::eliminating(Technique::XyzWing, eliminations, text))?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// W-wing: two cells that do not see each other hold the same two candidates `x/y`, and a
/// strong link on `x` (a house where `x` has exactly two places) has one end seeing each
/// cell. One of the two cells must be `y` (if both were `x`, the link would have no `x`), so
/// `y` leaves every cell that sees both.
pub fn w_wing(cands: &Candidates, sink: &mut Sink<'_>) -> ControlFlow<()> {
    let layout = cands.layout();
    let bivalue: Vec<usize> = open_cells(cands).filter(|&c| cands.candidates(c).len() == 2).collect();
    for (i, &a) in bivalue.iter().enumerate() {
        for &b in &bivalue[i + 1..] {
            if cands.candidates(a) != cands.candidates(b) || layout.are_peers(a, b) {
                continue;
            }
            let pair: Vec<u8> = cands.candidates(a).iter().collect();
            for (x, y) in [(pair[0], pair[1]), (pair[1], pair[0])] {
                let eliminations = seeing_all(cands, &[a, b], y);
                if eliminations.is_empty() {
                    continue;
                }
                let Some((house, e1, e2)) = strong_link_between(cands, x, a, b) else {
                    continue;
                };
                let text = format!(
                    "W-wing: {} and {} both hold only {}, and in {house}, {x} lies only in {} and {}, which see one each; one of the two cells is {y}, so {y} leaves the cells that see both: {}",
                    cell_name(layout, a),
                    cell_name(layout, b),
                    digit_list(pair.iter().copied()),
                    cell_name(layout, e1),
                    cell_name(layout, e2),
                    elimination_list(layout, &eliminations)
                );
                sink(Step::eliminating(Technique::WWing, eliminations, text))?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// A house where `digit` has exactly two places `e1`, `e2` (neither `a` nor `b`) with `e1`
/// seeing `a` and `e2` seeing `b`.
fn strong_link_between(cands: &Candidates, digit: u8, a: usize, b: usize) -> Option<(House, usize, usize)> {
    let layout = cands.layout();
    for house in layout.houses() {
        let mut cells = cands.cells_with(house, digit);
        let (Some(p), Some(q), None) = (cells.next(), cells.next(), cells.next()) else {
            continue;
        };
        if [p, q].iter().any(|&e| e == a || e == b) {
            continue;
        }
        if layout.are_peers(p, a) && layout.are_peers(q, b) {
            return Some((house, p, q));
        }
        if layout.are_peers(q, a) && layout.are_peers(p, b) {
            return Some((house, q, p));
        }
    }
    None
}
