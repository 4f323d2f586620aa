//! Isolated regions (D. N. Hill's "isolated edges"): a group of uncertain cells that no click
//! elsewhere can ever inform, played now and exactly.
//!
//! A *region* is a connected group of uncertain frontier cells (two cells are connected when
//! a revealed number sees both). It is *isolated* when every uncertain neighbour of its cells
//! is in it (no interior cell and no other group touches it) and all its local layouts hold
//! the same number of mines. Then the rest of the board tells nothing about it, and it tells
//! nothing about the rest: each of its layouts combines with the same number of layouts of
//! the rest (the same mines are left over), so its layouts are equally likely, and the
//! chance of winning the game is the chance of clearing the region times that of clearing
//! the rest, whatever the order. The best play in the region is the one that maximises the
//! chance of clearing it, which the endgame search ([`EndgameSearch`]) finds over the
//! region's layouts alone; the region with the fewest cells is played first.
//!
//! Such regions are common late in expert games: two or three cells walled in by numbers and
//! known mines along an edge. Guessing them by secondary safety mixes them with guesses
//! elsewhere and may open them in a worse order.

use search_core::Budget;

use crate::geometry::CellId;
use crate::policy::endgame::{EndgameMove, EndgameSearch};
use crate::probability::exact::layouts::{LayoutSet, enumerate_region};
use crate::probability::map::ProbabilityMap;
use crate::view::{CellView, PlayerView};

/// Regions with more local layouts than this are not searched (D. N. Hill's bulk setting
/// searches up to 400 solutions).
pub const REGION_LAYOUTS: usize = 400;

/// The representative of `i` in the union-find forest `parent` (halving the path).
fn root(parent: &mut [usize], mut i: usize) -> usize {
    while parent[i] != i {
        parent[i] = parent[parent[i]];
        i = parent[i];
    }
    i
}

/// The enclosed regions of `view` given its exact `map`: each a list of cells in row-major
/// order, smallest region first (ties: the region whose first cell comes first). The mine
/// count condition is not checked here (see [`isolated_region_move`]).
pub fn enclosed_regions(view: &PlayerView, map: &ProbabilityMap) -> Vec<Vec<CellId>> {
    let dims = view.dims();
    let n = dims.cell_count();
    let uncertain = |c: CellId| view.at(c) == CellView::Covered && map.at(c).is_some_and(|p| p > 0.0 && p < 1.0);
    // Union-find over the uncertain cells, joined through the numbers that see them.
    let mut parent: Vec<usize> = (0..n).collect();
    let mut is_frontier = vec![false; n];
    for w in dims.ids() {
        if !matches!(view.at(w), CellView::Revealed(_)) {
            continue;
        }
        let mut first: Option<usize> = None;
        for c in dims.neighbours(w).filter(|&c| uncertain(c)) {
            is_frontier[c.index()] = true;
            match first {
                None => first = Some(c.index()),
                Some(f) => {
                    let (a, b) = (root(&mut parent, f), root(&mut parent, c.index()));
                    parent[a] = b;
                }
            }
        }
    }
    let mut groups: Vec<Vec<CellId>> = Vec::new();
    let mut group_of = vec![usize::MAX; n];
    for id in dims.ids().filter(|&c| is_frontier[c.index()]) {
        let r = root(&mut parent, id.index());
        if group_of[r] == usize::MAX {
            group_of[r] = groups.len();
            groups.push(Vec::new());
        }
        groups[group_of[r]].push(id);
    }
    let mut enclosed: Vec<Vec<CellId>> = groups
        .into_iter()
        .filter(|cells| {
            let r = root(&mut parent, cells[0].index());
            cells.iter().all(|&c| {
                dims.neighbours(c)
                    .filter(|&m| uncertain(m))
                    .all(|m| is_frontier[m.index()] && root(&mut parent, m.index()) == r)
            })
        })
        .collect();
    enclosed.sort_by(|a, b| a.len().cmp(&b.len()).then(a[0].cmp(&b[0])));
    enclosed
}

/// The isolated regions of `view` whose local layouts (at most [`REGION_LAYOUTS`]) all hold
/// the same number of mines, smallest first, each with its layouts: the set's cells are the
/// region's cells (in row-major order, as many as the `Vec`) followed by the known mines next
/// to them or to the numbers that see them (a mine in every layout; they count in those
/// numbers and in the numbers the region's cells show).
/// Lazy: each region is enumerated only when it is reached.
pub fn isolated_regions<'a>(
    view: &'a PlayerView,
    map: &'a ProbabilityMap,
) -> impl Iterator<Item = (Vec<CellId>, LayoutSet)> + 'a {
    let dims = view.dims();
    enclosed_regions(view, map).into_iter().filter_map(move |region| {
        // The known mines next to the region or to the numbers that see it: they count in
        // those numbers and in the numbers the region's cells would show.
        let known_mine = |m: CellId| view.at(m) == CellView::Covered && map.at(m).is_some_and(|p| p >= 1.0);
        let mut known: Vec<CellId> = region
            .iter()
            .flat_map(|&c| dims.neighbours(c))
            .flat_map(|n| {
                let around = matches!(view.at(n), CellView::Revealed(_)).then(|| dims.neighbours(n));
                std::iter::once(n).chain(around.into_iter().flatten())
            })
            .filter(|&m| known_mine(m))
            .collect();
        known.sort_unstable();
        known.dedup();
        let set = enumerate_region(view, &region, &known, REGION_LAYOUTS, &Budget::unlimited())?;
        let mines = |layout: &Vec<bool>| layout[..region.len()].iter().filter(|&&m| m).count();
        let first = mines(set.mines.first()?);
        set.mines.iter().all(|l| mines(l) == first).then_some((region, set))
    })
}

/// The move of the exact search in the smallest of the [`isolated_regions`] of `view`;
/// `None` when there is none or the search spends `budget` (each layout set evaluated is one
/// of its nodes).
///
/// ```
/// use automine_core::policy::isolated::isolated_region_move;
/// use automine_core::{CellId, PlayerView, exact_analysis};
/// use search_core::Budget;
/// // A 50/50 against the wall: the 1s see only cells 2 and 5, which hold the one mine.
/// let view: PlayerView = "3x2 1\n01.\n01.\n".parse()?;
/// let map = exact_analysis(&view, &Budget::unlimited())?.map;
/// let step = isolated_region_move(&view, &map, &Budget::unlimited().with_node_limit(10_000)).unwrap();
/// assert!(step.cell == CellId(2) || step.cell == CellId(5));
/// assert!((step.win_probability - 0.5).abs() < 1e-12);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn isolated_region_move(view: &PlayerView, map: &ProbabilityMap, budget: &Budget) -> Option<EndgameMove> {
    let (_, set) = isolated_regions(view, map).next()?;
    EndgameSearch::with_budget(view, &set, budget).best_move()
}
