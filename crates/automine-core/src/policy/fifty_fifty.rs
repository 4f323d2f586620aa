//! Forced 50/50s: two cells that hold exactly one mine and that nothing on the board can ever
//! tell apart. Such a guess must be made sooner or later and its odds never improve, so a
//! strong player takes it at once: if it survives, the number it opens may help elsewhere.
//!
//! The test is structural (no probabilities needed). A pair `{a, b}` is a forced 50/50 when
//! 1. some revealed number has exactly `a` and `b` as its covered neighbours and needs one
//!    more mine;
//! 2. every revealed number next to `a` or `b` is next to both and to no other covered cell;
//! 3. every other covered cell is next to both `a` and `b` or to neither.
//!
//! Then swapping the mine between `a` and `b` maps each consistent layout to another one that
//! shows the same numbers everywhere except on `a` and `b` themselves, now and after any
//! future click, so the two stay exactly 50/50 until one of them is opened.

use crate::geometry::{CellId, Dims};
use crate::probability::map::ProbabilityMap;
use crate::view::{CellView, PlayerView};

fn covered_neighbours(view: &PlayerView, id: CellId) -> impl Iterator<Item = CellId> + '_ {
    view.dims()
        .neighbours(id)
        .filter(move |&n| view.at(n) == CellView::Covered)
}

fn adjacent(dims: Dims, a: CellId, b: CellId) -> bool {
    dims.neighbours(a).any(|n| n == b)
}

/// A cell of a forced 50/50 in `view`, if there is one (the first in row-major order).
///
/// ```
/// use automine_core::policy::fifty_fifty::forced_fifty_fifty;
/// use automine_core::{CellId, PlayerView};
/// // The 1s see only the two covered cells on the right: a coin flip nobody can help.
/// let view: PlayerView = "3x2 1\n01.\n01.\n".parse()?;
/// assert_eq!(forced_fifty_fifty(&view), Some(CellId(2)));
/// # Ok::<(), automine_core::BoardError>(())
/// ```
pub fn forced_fifty_fifty(view: &PlayerView) -> Option<CellId> {
    forced_pair(view).map(|(a, b)| a.min(b))
}

/// The first forced 50/50 pair of `view` (see [`forced_fifty_fifty`]).
pub(crate) fn forced_pair(view: &PlayerView) -> Option<(CellId, CellId)> {
    let dims = view.dims();
    for w in dims.ids() {
        let CellView::Revealed(n) = view.at(w) else { continue };
        let covered: Vec<CellId> = covered_neighbours(view, w).collect();
        let flags = dims.neighbours(w).filter(|&c| view.at(c) == CellView::Flagged).count();
        if covered.len() != 2 || usize::from(n) != flags + 1 {
            continue;
        }
        let (a, b) = (covered[0], covered[1]);
        if is_forced_pair(view, a, b) {
            return Some((a, b));
        }
    }
    None
}

/// [`forced_fifty_fifty`] with every certain mine of `map` (the exact map of `view`) taken as
/// a flag: a cell that is a mine in every layout is never opened, so it can never tell the two
/// cells apart either. This finds the 50/50s that only such mines keep from being resolved
/// (D. N. Hill's wider notion of a 50/50 that nothing can help).
///
/// ```
/// use automine_core::policy::fifty_fifty::forced_fifty_fifty_with_mines;
/// use automine_core::{CellId, PlayerView, exact_probabilities};
/// let view: PlayerView = "3x2 1\n01.\n01.\n".parse()?;
/// let map = exact_probabilities(&view)?;
/// assert_eq!(forced_fifty_fifty_with_mines(&view, &map), Some(CellId(2)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn forced_fifty_fifty_with_mines(view: &PlayerView, map: &ProbabilityMap) -> Option<CellId> {
    forced_pair_with_mines(view, map).map(|(a, b)| a.min(b))
}

/// The pair of [`forced_fifty_fifty_with_mines`].
pub(crate) fn forced_pair_with_mines(view: &PlayerView, map: &ProbabilityMap) -> Option<(CellId, CellId)> {
    let mut mines = map.certain_mines().peekable();
    if mines.peek().is_none() {
        return forced_pair(view);
    }
    let mut cells = view.cells().to_vec();
    for id in mines {
        cells[id.index()] = CellView::Flagged;
    }
    let flagged = PlayerView::from_cells(view.dims(), view.total_mines(), cells).ok()?;
    forced_pair(&flagged)
}

/// A cell of a *chain* 50/50 (after D. N. Hill's chains of links), the first in row-major
/// order. A *link* is a revealed number that needs exactly one more mine among exactly two
/// uncertain cells (its other covered neighbours certain mines of the exact `map`). Links
/// that share cells form chains; in every layout a chain's cells take one of two patterns,
/// `A` (its first colour mines, the other safe) or `B` (the reverse). When `A` and `B` hold
/// as many mines and every revealed number and every covered cell outside the chain that is
/// not a certain mine sees as many mines of `A` as of `B`, swapping the two patterns maps
/// every layout to one that shows the same numbers now and after any click outside the
/// chain: the chain is one coin flip that must be taken sooner or later. A chain of one link
/// is the pair of [`forced_fifty_fifty_with_mines`].
///
/// ```
/// use automine_core::policy::fifty_fifty::chain_fifty_fifty;
/// use automine_core::{CellId, PlayerView, exact_probabilities};
/// let view: PlayerView = "3x2 1\n01.\n01.\n".parse()?;
/// let map = exact_probabilities(&view)?;
/// assert_eq!(chain_fifty_fifty(&view, &map), Some(CellId(2)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn chain_fifty_fifty(view: &PlayerView, map: &ProbabilityMap) -> Option<CellId> {
    chain_patterns(view, map).map(|(a, b)| a.iter().chain(&b).copied().min().unwrap_or(a[0]))
}

/// The two patterns `(A, B)` of the first chain 50/50 of [`chain_fifty_fifty`]: the cells
/// that are mines in one pattern and safe in the other.
pub(crate) fn chain_patterns(view: &PlayerView, map: &ProbabilityMap) -> Option<(Vec<CellId>, Vec<CellId>)> {
    let dims = view.dims();
    let uncertain = |id: CellId| view.at(id) == CellView::Covered && map.at(id).is_some_and(|p| p > 0.0 && p < 1.0);
    let certain_mine = |id: CellId| view.at(id) == CellView::Flagged || map.at(id).is_some_and(|p| p >= 1.0);
    // The links: numbers with exactly two uncertain cells and one mine still to place.
    let mut links: Vec<(CellId, CellId)> = Vec::new();
    for w in dims.ids() {
        let CellView::Revealed(n) = view.at(w) else { continue };
        let mines = dims.neighbours(w).filter(|&c| certain_mine(c)).count();
        let open: Vec<CellId> = dims.neighbours(w).filter(|&c| uncertain(c)).collect();
        if let [a, b] = open[..]
            && usize::from(n) == mines + 1
            && !links.contains(&(a, b))
        {
            links.push((a, b));
        }
    }
    // Two-colour each chain (a connected set of links) from its first cell.
    let mut colour = vec![0u8; dims.cell_count()];
    for &(start, _) in &links {
        if colour[start.index()] != 0 {
            continue;
        }
        colour[start.index()] = 1;
        let mut chain = vec![start];
        let mut next = 0;
        let mut consistent = true;
        while next < chain.len() {
            let cell = chain[next];
            next += 1;
            for &(a, b) in &links {
                let other = if a == cell {
                    b
                } else if b == cell {
                    a
                } else {
                    continue;
                };
                let want = 3 - colour[cell.index()];
                match colour[other.index()] {
                    0 => {
                        colour[other.index()] = want;
                        chain.push(other);
                    }
                    c if c != want => consistent = false,
                    _ => {}
                }
            }
        }
        let (a, b): (Vec<CellId>, Vec<CellId>) = chain.iter().partition(|&&c| colour[c.index()] == 1);
        if !consistent || a.len() != b.len() {
            continue;
        }
        // Nothing outside the chain, now or later, sees a different count of A and B.
        let balanced = |x: CellId| {
            let seen = |cells: &[CellId]| cells.iter().filter(|&&c| adjacent(dims, x, c)).count();
            seen(&a) == seen(&b)
        };
        let outside_ok = dims.ids().all(|x| {
            if colour[x.index()] != 0 && chain.contains(&x) {
                return true;
            }
            match view.at(x) {
                CellView::Revealed(_) => balanced(x),
                CellView::Covered if !certain_mine(x) => balanced(x),
                _ => true,
            }
        });
        if outside_ok {
            return Some((a, b));
        }
    }
    None
}

fn is_forced_pair(view: &PlayerView, a: CellId, b: CellId) -> bool {
    let dims = view.dims();
    // Rule 2: the numbers around a and b see exactly {a, b} among the covered cells.
    for cell in [a, b] {
        for w in dims.neighbours(cell) {
            if !matches!(view.at(w), CellView::Revealed(_)) {
                continue;
            }
            let mut covered = covered_neighbours(view, w);
            let sees_exactly_pair = match (covered.next(), covered.next(), covered.next()) {
                (Some(x), Some(y), None) => (x == a && y == b) || (x == b && y == a),
                _ => false,
            };
            if !sees_exactly_pair {
                return false;
            }
        }
    }
    // Rule 3: no other covered cell can ever tell a from b.
    dims.ids()
        .filter(|&x| x != a && x != b && view.at(x) == CellView::Covered)
        .all(|x| adjacent(dims, x, a) == adjacent(dims, x, b))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::probability::exact::exact_probabilities;

    #[test]
    fn forced_pairs_are_exact_coin_flips() {
        for text in ["3x2 1\n01.\n01.\n", "4x2 2\n.1F1\n.2F2\n", "3x3 1\n000\n111\n...\n"] {
            let view: PlayerView = text.parse().unwrap();
            if let Some(a) = forced_fifty_fifty(&view) {
                let p = exact_probabilities(&view).unwrap().at(a).unwrap();
                assert!((p - 0.5).abs() < 1e-12, "{text}: {p}");
            }
        }
    }

    /// Over many small games, every 50/50 found with the certain mines flagged is an exact
    /// coin flip, and some of them are invisible to the plain structural test.
    #[test]
    fn fifty_fifties_behind_certain_mines_are_coin_flips() {
        use crate::game::{Game, GameStatus};
        use crate::geometry::{Height, Width};
        use crate::player::{Player, SafestCellPlayer};
        use crate::settings::{FirstClick, GameSettings};
        let dims = Dims::new(Width(6), Height(6)).unwrap();
        let settings = GameSettings::new(dims, 9, FirstClick::Safe).unwrap();
        let (mut found, mut only_with_mines) = (0, 0);
        for seed in 0..400 {
            let mut game = Game::new(settings, seed);
            let mut player = SafestCellPlayer::default();
            while game.status() == GameStatus::Playing {
                let view = game.view().clone();
                let map = exact_probabilities(&view).unwrap();
                if let Some(a) = forced_fifty_fifty_with_mines(&view, &map) {
                    let p = map.at(a).unwrap();
                    assert!((p - 0.5).abs() < 1e-12, "{view}: {p}");
                    found += 1;
                    only_with_mines += usize::from(forced_fifty_fifty(&view).is_none());
                }
                let pos = player.choose(&view).unwrap();
                game.reveal(pos).unwrap();
            }
        }
        assert!(
            found > 20 && only_with_mines > 5,
            "{found} found, {only_with_mines} only with mines"
        );
    }

    #[test]
    fn resolvable_pairs_are_not_forced() {
        // The bottom-left cell could later tell the two apart.
        let view: PlayerView = "3x3 2\n01.\n01.\n...\n".parse().unwrap();
        assert_eq!(forced_fifty_fifty(&view), None);
        // Three cells around the 1: not a pair.
        let view: PlayerView = "3x3 1\n000\n111\n...\n".parse().unwrap();
        assert_eq!(forced_fifty_fifty(&view), None);
    }

    /// Every chain 50/50 found on positions from real games on small boards, checked on the
    /// full list of layouts: in each layout the chain holds pattern A or pattern B, as often
    /// one as the other, and swapping them gives another consistent layout in which every
    /// revealed number and every covered cell outside the chain that is not a certain mine
    /// sees as many mines. Some of them are missed by the forced-pair test.
    #[test]
    fn chain_fifty_fifties_are_coin_flips_nothing_can_break() {
        use crate::geometry::{Height, Width};
        use crate::probability::exact::layouts::enumerate_layouts;
        use crate::settings::{FirstClick, GameSettings};
        use crate::suite::played_positions;
        use search_core::Budget;
        let (mut found, mut wider) = (0, 0);
        for (w, h, mines) in [(6, 6, 8), (8, 6, 10), (8, 8, 12)] {
            let dims = Dims::new(Width(w), Height(h)).unwrap();
            let settings = GameSettings::new(dims, mines, FirstClick::Safe).unwrap();
            for view in played_positions(settings, 0..400, 0.3..=0.95, 4) {
                let map = exact_probabilities(&view).unwrap();
                let Some((a, b)) = chain_patterns(&view, &map) else {
                    continue;
                };
                let Some(set) = enumerate_layouts(&view, 50_000, &Budget::unlimited()) else {
                    continue;
                };
                found += 1;
                wider += usize::from(forced_fifty_fifty_with_mines(&view, &map).is_none());
                let index = |c: CellId| set.cells.iter().position(|&x| x == c).unwrap();
                let mines_of = |layout: &Vec<bool>, c: CellId| layout[index(c)];
                let (mut with_a, mut with_b) = (0, 0);
                for layout in &set.mines {
                    let is_a = a.iter().all(|&c| mines_of(layout, c)) && b.iter().all(|&c| !mines_of(layout, c));
                    let is_b = b.iter().all(|&c| mines_of(layout, c)) && a.iter().all(|&c| !mines_of(layout, c));
                    assert!(is_a || is_b, "{view}: a layout with neither pattern");
                    with_a += usize::from(is_a);
                    with_b += usize::from(is_b);
                    let mut swapped = layout.clone();
                    for &c in a.iter().chain(&b) {
                        swapped[index(c)] = !swapped[index(c)];
                    }
                    assert!(
                        set.mines.contains(&swapped),
                        "{view}: the swapped layout is not consistent"
                    );
                    for x in dims.ids().filter(|x| !a.contains(x) && !b.contains(x)) {
                        if view.at(x) == CellView::Covered && map.at(x).is_some_and(|p| p >= 1.0) {
                            continue;
                        }
                        let seen = |l: &Vec<bool>| {
                            dims.neighbours(x)
                                .filter(|&n| {
                                    view.at(n) == CellView::Flagged || (view.at(n) == CellView::Covered && l[index(n)])
                                })
                                .count()
                        };
                        assert_eq!(seen(layout), seen(&swapped), "{view}: {x:?} tells the patterns apart");
                    }
                }
                assert_eq!(with_a, with_b, "{view}");
            }
        }
        assert!(
            found > 20 && wider > 0,
            "{found} chains, {wider} missed by the pair test"
        );
    }
}
