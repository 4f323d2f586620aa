//! Subsets: naked and hidden pairs, triples and quads, and locked pairs and triples (a naked
//! subset inside one box and one line, which clears both houses).

use std::ops::ControlFlow;

use super::intersections::{in_house, lines_through_box};
use super::{Sink, Step, Technique, cell_list, digit_list, elimination_list, for_each_combination};
use crate::candidates::{Candidates, DigitSet};
use crate::layout::{House, Layout};
use crate::strategy::Placement;

fn naked_technique(k: usize) -> Technique {
    match k {
        2 => Technique::NakedPair,
        3 => Technique::NakedTriple,
        _ => Technique::NakedQuad,
    }
}

fn hidden_technique(k: usize) -> Technique {
    match k {
        2 => Technique::HiddenPair,
        3 => Technique::HiddenTriple,
        _ => Technique::HiddenQuad,
    }
}

/// Whether `cells` (two or three of them) lie in one box and one line: such a naked subset
/// is a locked subset, found by [`locked_subset`].
fn is_locked(layout: Layout, cells: &[usize]) -> bool {
    cells.len() <= 3
        && cells.iter().all(|&c| layout.box_of(c) == layout.box_of(cells[0]))
        && (cells.iter().all(|&c| layout.row_of(c) == layout.row_of(cells[0]))
            || cells.iter().all(|&c| layout.col_of(c) == layout.col_of(cells[0])))
}

/// Open cells of `house` holding between 2 and `k` candidates.
fn subset_cells(cands: &Candidates, house: House, k: usize) -> Vec<usize> {
    cands
        .layout()
        .house_cells(house)
        .filter(|&c| cands.value(c).is_none() && (2..=k).contains(&cands.candidates(c).len()))
        .collect()
}

/// Removals of `digits` from the open cells of `house` outside `cells`.
fn clear_house(cands: &Candidates, house: House, cells: &[usize], digits: DigitSet, out: &mut Vec<Placement>) {
    for c in cands.layout().house_cells(house) {
        if cells.contains(&c) || cands.value(c).is_some() {
            continue;
        }
        for digit in cands.candidates(c).iter().filter(|&d| digits.contains(d)) {
            out.push(Placement { cell: c as u16, digit });
        }
    }
}

/// Calls `found` with every `k` cells of `pool` whose candidates together are exactly `k`
/// digits (a naked set), and those digits.
fn for_each_naked_set(
    cands: &Candidates,
    pool: &[usize],
    k: usize,
    found: &mut dyn FnMut(&[usize], DigitSet) -> ControlFlow<()>,
) -> ControlFlow<()> {
    for_each_combination(pool.len(), k, &mut |idx| {
        let cells: Vec<usize> = idx.iter().map(|&i| pool[i]).collect();
        let digits = DigitSet::from_bits(cells.iter().fold(0, |m, &c| m | cands.candidates(c).bits()));
        if digits.len() == k {
            found(&cells, digits)
        } else {
            ControlFlow::Continue(())
        }
    })
}

/// Naked subsets of size `k` (2, 3 or 4): `k` cells of a house whose candidates together are
/// `k` digits; those digits leave the other cells of the house. Subsets inside one box and
/// one line are left to [`locked_subset`].
pub fn naked_subset(cands: &Candidates, k: usize, sink: &mut Sink<'_>) -> ControlFlow<()> {
    let layout = cands.layout();
    for house in layout.houses() {
        let pool = subset_cells(cands, house, k);
        for_each_naked_set(cands, &pool, k, &mut |cells, digits| {
            if is_locked(layout, cells) {
                return ControlFlow::Continue(());
            }
            let mut eliminations = Vec::new();
            clear_house(cands, house, cells, digits, &mut eliminations);
            if eliminations.is_empty() {
                return ControlFlow::Continue(());
            }
            let technique = naked_technique(k);
            let text = format!(
                "{technique}: in {house}, {} hold only {}, so those digits leave the rest of {house}: {}",
                cell_list(layout, cells.iter().copied()),
                digit_list(digits.iter()),
                elimination_list(layout, &eliminations)
            );
            sink(Step::eliminating(technique, eliminations, text))
        })?;
    }
    ControlFlow::Continue(())
}

/// Locked pairs (`k = 2`) and triples (`k = 3`): a naked subset inside one box and one
/// line; its digits leave the rest of both houses.
pub fn locked_subset(cands: &Candidates, k: usize, sink: &mut Sink<'_>) -> ControlFlow<()> {
    let layout = cands.layout();
    for b in 0..layout.size() {
        let box_house = House::Box(b as u8);
        for line in lines_through_box(layout, b) {
            let pool: Vec<usize> = subset_cells(cands, box_house, k)
                .into_iter()
                .filter(|&c| in_house(layout, c, line))
                .collect();
            for_each_naked_set(cands, &pool, k, &mut |cells, digits| {
                let mut eliminations = Vec::new();
                clear_house(cands, box_house, cells, digits, &mut eliminations);
                clear_house(cands, line, cells, digits, &mut eliminations);
                if eliminations.is_empty() {
                    return ControlFlow::Continue(());
                }
                let technique = if k == 2 {
                    Technique::LockedPair
                } else {
                    Technique::LockedTriple
                };
                let text = format!(
                    "{technique}: {} hold only {} and lie in both {box_house} and {line}, so those digits leave the rest of both: {}",
                    cell_list(layout, cells.iter().copied()),
                    digit_list(digits.iter()),
                    elimination_list(layout, &eliminations)
                );
                sink(Step::eliminating(technique, eliminations, text))
            })?;
        }
    }
    ControlFlow::Continue(())
}

/// Hidden subsets of size `k` (2, 3 or 4): `k` digits that fit only in the same `k` cells of
/// a house; every other candidate leaves those cells.
pub fn hidden_subset(cands: &Candidates, k: usize, sink: &mut Sink<'_>) -> ControlFlow<()> {
    let layout = cands.layout();
    for house in layout.houses() {
        let cells: Vec<usize> = layout.house_cells(house).collect();
        // Digit -> bit mask of its positions (indices into `cells`).
        let mut pool: Vec<(u8, u32)> = Vec::new();
        for digit in 1..=layout.size() as u8 {
            let mut places = 0u32;
            let mut placed = false;
            for (i, &c) in cells.iter().enumerate() {
                if cands.value(c) == Some(digit) {
                    placed = true;
                } else if cands.value(c).is_none() && cands.candidates(c).contains(digit) {
                    places |= 1 << i;
                }
            }
            if !placed && (2..=k as u32).contains(&places.count_ones()) {
                pool.push((digit, places));
            }
        }
        for_each_combination(pool.len(), k, &mut |idx| {
            let places = idx.iter().fold(0u32, |m, &i| m | pool[i].1);
            if places.count_ones() as usize != k {
                return ControlFlow::Continue(());
            }
            let digits = DigitSet::from_digits(idx.iter().map(|&i| pool[i].0));
            let subset: Vec<usize> = (0..cells.len())
                .filter(|i| places >> i & 1 == 1)
                .map(|i| cells[i])
                .collect();
            let mut eliminations = Vec::new();
            for &c in &subset {
                for digit in cands.candidates(c).iter().filter(|&d| !digits.contains(d)) {
                    eliminations.push(Placement { cell: c as u16, digit });
                }
            }
            if eliminations.is_empty() {
                return ControlFlow::Continue(());
            }
            let technique = hidden_technique(k);
            let text = format!(
                "{technique}: in {house}, {} fit only in {}, so the other candidates leave those cells: {}",
                digit_list(digits.iter()),
                cell_list(layout, subset.iter().copied()),
                elimination_list(layout, &eliminations)
            );
            sink(Step::eliminating(technique, eliminations, text))
        })?;
    }
    ControlFlow::Continue(())
}
