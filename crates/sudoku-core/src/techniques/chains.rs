//! Single-digit chains: turbot fish (skyscraper, 2-string kite and their kin), X-chains,
//! and simple colouring (trap and wrap).
//!
//! For one digit, a *strong link* joins the two places of the digit in a house that has
//! exactly two (one of them holds it), a *weak link* joins any two places sharing a house (at
//! most one holds it). A chain that starts and ends with a strong link and alternates proves
//! that one of its two ends holds the digit: if the first end does not, the links force the
//! last one to. Every cell that sees both ends loses the digit.

use std::collections::VecDeque;
use std::ops::ControlFlow;

use super::{Sink, Step, Technique, cell_list, cell_name, elimination_list, has, open_cells};
use crate::candidates::Candidates;
use crate::geometry::Geometry;
use crate::layout::Layout;
use crate::strategy::Placement;

/// The places of `digit` in reading order, and for each its strong-link partners.
struct DigitGraph {
    places: Vec<usize>,
    /// `strong[i]`: indices of the places joined to place `i` by a strong link.
    strong: Vec<Vec<usize>>,
    /// `weak[i]`: indices of the places sharing a house with place `i`.
    weak: Vec<Vec<usize>>,
}

impl DigitGraph {
    fn new(cands: &Candidates, digit: u8) -> DigitGraph {
        let layout = cands.layout();
        let places: Vec<usize> = open_cells(cands)
            .filter(|&c| cands.candidates(c).contains(digit))
            .collect();
        let index = |cell: usize| places.binary_search(&cell).ok();
        let mut strong = vec![Vec::new(); places.len()];
        for house in layout.houses() {
            let mut cells = cands.cells_with(house, digit);
            if let (Some(p), Some(q), None) = (cells.next(), cells.next(), cells.next())
                && let (Some(i), Some(j)) = (index(p), index(q))
                && !strong[i].contains(&j)
            {
                strong[i].push(j);
                strong[j].push(i);
            }
        }
        // Weak links through the precomputed peer lists: cell -> place index, then peers.
        let mut slot = vec![usize::MAX; layout.cells()];
        for (i, &p) in places.iter().enumerate() {
            slot[p] = i;
        }
        let peers = &Geometry::of(layout).peers;
        let weak = places
            .iter()
            .map(|&p| {
                let mut linked: Vec<usize> = peers[p]
                    .iter()
                    .map(|&q| slot[q as usize])
                    .filter(|&j| j != usize::MAX)
                    .collect();
                linked.sort_unstable();
                linked
            })
            .collect();
        DigitGraph { places, strong, weak }
    }
}

/// Shortest alternating chains from one place (breadth-first search over the states
/// (place, on), `on` = reached through a strong link: the place holds the digit if the start
/// does not).
struct Chains {
    start: usize,
    parent: Vec<[Option<usize>; 2]>,
    /// Links of the shortest chain to each state (`usize::MAX` = unreached).
    depth: Vec<[usize; 2]>,
}

impl Chains {
    /// Chains from place `start` with at most `max_links` links.
    fn from(graph: &DigitGraph, start: usize, max_links: usize) -> Chains {
        let n = graph.places.len();
        let mut parent: Vec<[Option<usize>; 2]> = vec![[None, None]; n];
        let mut depth = vec![[usize::MAX, usize::MAX]; n];
        let mut queue = VecDeque::new();
        depth[start][0] = 0;
        queue.push_back((start, 0usize));
        while let Some((p, on)) = queue.pop_front() {
            let d = depth[p][on];
            if d >= max_links {
                continue;
            }
            let (next_on, links) = if on == 0 {
                (1, &graph.strong[p])
            } else {
                (0, &graph.weak[p])
            };
            for &q in links {
                if depth[q][next_on] == usize::MAX {
                    depth[q][next_on] = d + 1;
                    parent[q][next_on] = Some(p);
                    queue.push_back((q, next_on));
                }
            }
        }
        Chains { start, parent, depth }
    }

    /// Links of the shortest chain ending "on" at `z`, if any.
    fn links_to(&self, z: usize) -> Option<usize> {
        let d = self.depth[z][1];
        (z != self.start && d != usize::MAX).then_some(d)
    }

    /// The chain's places from the start to `z`.
    fn path_to(&self, z: usize) -> Vec<usize> {
        let mut path = vec![z];
        let (mut p, mut on) = (z, 1usize);
        while let Some(q) = self.parent[p][on] {
            path.push(q);
            p = q;
            on ^= 1;
        }
        path.reverse();
        path
    }
}

/// `r1c2 = r1c8 - r5c8 = r5c3`: a chain with its strong (`=`) and weak (`-`) links.
fn chain_text(layout: Layout, cells: &[usize]) -> String {
    let mut text = cell_name(layout, cells[0]);
    for (i, &c) in cells.iter().enumerate().skip(1) {
        text.push_str(if i % 2 == 1 { " = " } else { " - " });
        text.push_str(&cell_name(layout, c));
    }
    text
}

/// Chains with `min..=max` links, one step per pair of ends with eliminations.
fn single_digit_chains(
    cands: &Candidates,
    technique: Technique,
    links: std::ops::RangeInclusive<usize>,
    sink: &mut Sink<'_>,
) -> ControlFlow<()> {
    let layout = cands.layout();
    for digit in 1..=layout.size() as u8 {
        let graph = DigitGraph::new(cands, digit);
        for a in 0..graph.places.len() {
            if graph.strong[a].is_empty() {
                continue;
            }
            let chains = Chains::from(&graph, a, *links.end());
            for z in a + 1..graph.places.len() {
                let Some(length) = chains.links_to(z) else { continue };
                if !links.contains(&length) {
                    continue;
                }
                let (first, last) = (graph.places[a], graph.places[z]);
                // Only places of the digit can lose it: scan them, not the whole grid.
                let eliminations: Vec<Placement> = graph
                    .places
                    .iter()
                    .filter(|&&c| c != first && c != last && layout.are_peers(c, first) && layout.are_peers(c, last))
                    .map(|&c| Placement { cell: c as u16, digit })
                    .collect();
                if eliminations.is_empty() {
                    continue;
                }
                let cells: Vec<usize> = chains.path_to(z).iter().map(|&i| graph.places[i]).collect();
                let text = format!(
                    "{technique} on {digit}: {} (= strong link, - weak link); {} or {} is {digit}, so {digit} leaves the cells that see both: {}",
                    chain_text(layout, &cells),
                    cell_name(layout, first),
                    cell_name(layout, last),
                    elimination_list(layout, &eliminations)
                );
                sink(Step::eliminating(technique, eliminations, text))?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// Turbot fish: a chain of two strong links joined by a weak link (skyscraper, 2-string kite,
/// turbot fish in `HoDoKu`'s names).
pub fn turbot_fish(cands: &Candidates, sink: &mut Sink<'_>) -> ControlFlow<()> {
    single_digit_chains(cands, Technique::TurbotFish, 3..=3, sink)
}

/// X-chains: alternating single-digit chains of any odd length from 3 links up (the
/// shortest chain between each pair of ends).
pub fn x_chain(cands: &Candidates, sink: &mut Sink<'_>) -> ControlFlow<()> {
    single_digit_chains(cands, Technique::XChain, 3..=usize::MAX, sink)
}

/// The two-coloured clusters of `digit`'s strong links (clusters of at least three places
/// whose colouring is consistent): each as (colour A cells, colour B cells).
fn clusters(cands: &Candidates, digit: u8) -> Vec<(Vec<usize>, Vec<usize>)> {
    let graph = DigitGraph::new(cands, digit);
    let n = graph.places.len();
    let mut colour: Vec<Option<bool>> = vec![None; n];
    let mut out = Vec::new();
    for root in 0..n {
        if colour[root].is_some() || graph.strong[root].is_empty() {
            continue;
        }
        colour[root] = Some(false);
        let mut members = vec![root];
        let mut queue = VecDeque::from([root]);
        let mut consistent = true;
        while let Some(p) = queue.pop_front() {
            let c = colour[p] == Some(true);
            for &q in &graph.strong[p] {
                match colour[q] {
                    None => {
                        colour[q] = Some(!c);
                        members.push(q);
                        queue.push_back(q);
                    }
                    Some(cq) if cq == c => consistent = false,
                    Some(_) => {}
                }
            }
        }
        if consistent && members.len() >= 3 {
            let (mut on, mut off) = (Vec::new(), Vec::new());
            members.sort_unstable();
            for m in members {
                if colour[m] == Some(true) {
                    on.push(graph.places[m]);
                } else {
                    off.push(graph.places[m]);
                }
            }
            out.push((off, on));
        }
    }
    out
}

/// Simple colouring, colour trap: in a cluster of strong links on one digit, one colour holds
/// the digit; a cell that sees both colours loses it.
pub fn colour_trap(cands: &Candidates, sink: &mut Sink<'_>) -> ControlFlow<()> {
    let layout = cands.layout();
    for digit in 1..=layout.size() as u8 {
        for (a, b) in clusters(cands, digit) {
            let eliminations: Vec<Placement> = open_cells(cands)
                .filter(|&c| {
                    has(cands, c, digit)
                        && !a.contains(&c)
                        && !b.contains(&c)
                        && a.iter().any(|&x| layout.are_peers(c, x))
                        && b.iter().any(|&x| layout.are_peers(c, x))
                })
                .map(|c| Placement { cell: c as u16, digit })
                .collect();
            if eliminations.is_empty() {
                continue;
            }
            let text = format!(
                "Simple colouring (trap) on {digit}: the strong links colour {} one way and {} the other; one colour holds {digit}, so the cells seeing both colours lose it: {}",
                cell_list(layout, a.iter().copied()),
                cell_list(layout, b.iter().copied()),
                elimination_list(layout, &eliminations)
            );
            sink(Step::eliminating(Technique::ColourTrap, eliminations, text))?;
        }
    }
    ControlFlow::Continue(())
}

/// Simple colouring, colour wrap: when two cells of the same colour share a house, that
/// colour cannot hold the digit, and every cell of it loses the digit.
pub fn colour_wrap(cands: &Candidates, sink: &mut Sink<'_>) -> ControlFlow<()> {
    let layout = cands.layout();
    for digit in 1..=layout.size() as u8 {
        for (a, b) in clusters(cands, digit) {
            for (wrong, right) in [(&a, &b), (&b, &a)] {
                let clash = wrong.iter().enumerate().find_map(|(i, &x)| {
                    wrong[i + 1..]
                        .iter()
                        .find(|&&y| layout.are_peers(x, y))
                        .map(|&y| (x, y))
                });
                let Some((x, y)) = clash else { continue };
                let eliminations: Vec<Placement> = wrong.iter().map(|&c| Placement { cell: c as u16, digit }).collect();
                let text = format!(
                    "Simple colouring (wrap) on {digit}: {} and {} have the same colour and see each other, so that colour ({}) loses {digit} and the other ({}) holds it",
                    cell_name(layout, x),
                    cell_name(layout, y),
                    cell_list(layout, wrong.iter().copied()),
                    cell_list(layout, right.iter().copied())
                );
                sink(Step::eliminating(Technique::ColourWrap, eliminations, text))?;
            }
        }
    }
    ControlFlow::Continue(())
}
