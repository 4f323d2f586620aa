//! The component cache changes no number: maps, layout counts and errors from
//! `exact_analysis_cached` equal `exact_analysis`'s bit for bit, on played positions and on
//! the look-ahead views the guess builds (a covered cell opened as each number), with one cache
//! shared across all of them, as a player shares it across a game.

use automine_core::probability::exact::{ComponentCache, exact_analysis, exact_analysis_cached};
use automine_core::suite::played_positions;
use automine_core::{CellView, ExactAnalysis, FirstClick, PlayerView, Preset};
use search_core::Budget;

fn assert_same(view: &PlayerView, fresh: &ExactAnalysis, cached: &ExactAnalysis) {
    assert_eq!(fresh.ln_layouts.to_bits(), cached.ln_layouts.to_bits(), "{view}");
    assert_eq!(fresh.solutions, cached.solutions, "{view}");
    assert_eq!(fresh.components, cached.components, "{view}");
    let a: Vec<(u32, u64)> = fresh.map.covered().map(|(id, p)| (id.0, p.to_bits())).collect();
    let b: Vec<(u32, u64)> = cached.map.covered().map(|(id, p)| (id.0, p.to_bits())).collect();
    assert_eq!(a, b, "{view}");
}

#[test]
fn cached_analysis_equals_fresh_analysis_bit_for_bit() {
    let budget = Budget::unlimited();
    let mut cache = ComponentCache::new();
    let mut compared = 0;
    for preset in [Preset::Beginner, Preset::Intermediate, Preset::Expert] {
        for view in played_positions(preset.settings(FirstClick::Safe), 0..12, 0.05..=0.95, 6) {
            let fresh = exact_analysis(&view, &budget).unwrap();
            let cached = exact_analysis_cached(&view, &budget, &mut cache).unwrap();
            assert_same(&view, &fresh, &cached);
            compared += 1;
            // Look-aheads: the three safest covered cells opened as every number.
            let mut cells: Vec<_> = fresh.map.covered().filter(|&(_, p)| p < 1.0).collect();
            cells.sort_by(|a, b| a.1.total_cmp(&b.1));
            for &(cell, _) in cells.iter().take(3) {
                for v in 0..=8 {
                    let mut cells = view.cells().to_vec();
                    cells[cell.index()] = CellView::Revealed(v);
                    let opened = PlayerView::from_cells(view.dims(), view.total_mines(), cells).unwrap();
                    match (
                        exact_analysis(&opened, &budget),
                        exact_analysis_cached(&opened, &budget, &mut cache),
                    ) {
                        (Ok(a), Ok(b)) => {
                            assert_same(&opened, &a, &b);
                            compared += 1;
                        }
                        (Err(a), Err(b)) => assert_eq!(a, b),
                        (a, b) => panic!("{opened}: {:?} vs {:?}", a.err(), b.err()),
                    }
                }
            }
        }
    }
    assert!(compared > 500, "only {compared} positions compared");
    assert!(cache.hits() > 100, "the cache was never used: {} hits", cache.hits());
    assert!(cache.misses() > 0);
}

#[test]
fn a_full_cache_is_emptied_and_still_right() {
    let budget = Budget::unlimited();
    let mut cache = ComponentCache::with_limit(3);
    for view in played_positions(Preset::Intermediate.settings(FirstClick::Safe), 0..4, 0.1..=0.9, 5) {
        let fresh = exact_analysis(&view, &budget).unwrap();
        let cached = exact_analysis_cached(&view, &budget, &mut cache).unwrap();
        assert_same(&view, &fresh, &cached);
        assert!(cache.len() <= 3);
    }
}
