//! The exact solver against the brute-force oracle on random small positions: positions
//! reached by play (random safe clicks and correct flags), and arbitrary random views (mostly
//! impossible ones, where both must refuse).

use automine_core::{
    CellId, CellView, Dims, FirstClick, Game, GameSettings, GameStatus, Height, PlayerView, ProbabilityMap, Width,
    brute_force_probabilities, exact_probabilities,
};
use proptest::prelude::*;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A position reached by playing `clicks` random safe clicks and placing `flags` correct flags.
fn played_position(w: u16, h: u16, density: f64, seed: u64, clicks: usize, flags: usize) -> Option<PlayerView> {
    let dims = Dims::new(Width(w), Height(h)).ok()?;
    let cells = dims.cell_count();
    let mines = ((cells as f64 * density) as u32).clamp(1, cells as u32 - 1);
    let settings = GameSettings::new(dims, mines, FirstClick::Any).ok()?;
    let mut game = Game::new(settings, seed);
    let layout = game.hidden_layout()?.clone();
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed);
    for _ in 0..clicks {
        let safe: Vec<CellId> = dims
            .ids()
            .filter(|&id| !layout.is_mine(id) && game.view().at(id) == CellView::Covered)
            .collect();
        if safe.is_empty() || game.status() != GameStatus::Playing {
            break;
        }
        let pick = safe[rng.random_range(0..safe.len())];
        game.reveal(dims.pos(pick)).ok()?;
    }
    let mines_now: Vec<CellId> = layout.mines().iter().collect();
    for &m in mines_now.iter().take(flags) {
        if game.status() == GameStatus::Playing {
            game.toggle_flag(dims.pos(m)).ok()?;
        }
    }
    Some(game.view().clone())
}

fn assert_maps_agree(view: &PlayerView, exact: &ProbabilityMap, brute: &ProbabilityMap) {
    for id in view.dims().ids() {
        match (exact.at(id), brute.at(id)) {
            (Some(a), Some(b)) => assert!((a - b).abs() < 1e-9, "cell {id:?}: exact {a} vs brute {b}\n{view}"),
            (None, None) => {}
            other => panic!("cell {id:?}: {other:?}\n{view}"),
        }
    }
    let sum = exact.expected_mines();
    assert!(
        (sum - f64::from(view.mines_left())).abs() < 1e-9,
        "sum {sum} vs {} mines left\n{view}",
        view.mines_left()
    );
    assert!(exact.covered().all(|(_, p)| (0.0..=1.0).contains(&p)));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn exact_equals_brute_force_on_played_positions(
        w in 2u16..=6, h in 2u16..=5, density in 0.05f64..0.45,
        seed in any::<u64>(), clicks in 1usize..6, flags in 0usize..3,
    ) {
        let Some(view) = played_position(w, h, density, seed, clicks, flags) else { return Ok(()); };
        prop_assume!(view.covered_count() <= 18);
        let brute = brute_force_probabilities(&view).expect("a played position is possible");
        let exact = exact_probabilities(&view).expect("a played position is possible");
        assert_maps_agree(&view, &exact, &brute);
    }

    #[test]
    fn exact_and_brute_force_agree_on_arbitrary_views(
        w in 1u16..=5, h in 1u16..=4, mines in 1u32..8,
        cells in proptest::collection::vec(0u8..14, 20),
    ) {
        let dims = Dims::new(Width(w), Height(h)).unwrap();
        let cells: Vec<CellView> = (0..dims.cell_count())
            .map(|i| match cells[i % cells.len()] {
                0..=4 => CellView::Covered,
                5 => CellView::Flagged,
                n => CellView::Revealed((n - 6).min(8)),
            })
            .collect();
        let Ok(view) = PlayerView::from_cells(dims, mines, cells) else { return Ok(()); };
        match (exact_probabilities(&view), brute_force_probabilities(&view)) {
            (Ok(exact), Ok(brute)) => assert_maps_agree(&view, &exact, &brute),
            (Err(_), Err(_)) => {}
            (exact, brute) => panic!("exact {exact:?} vs brute {brute:?}\n{view}"),
        }
    }
}

/// A fixed sweep that must compare many non-trivial positions (guards the property tests
/// against silently skipping everything).
#[test]
fn sweep_compares_many_nontrivial_positions() {
    let mut compared = 0;
    let mut uncertain = 0;
    for seed in 0..600u64 {
        let Some(view) = played_position(
            5,
            5,
            0.2 + (seed % 5) as f64 * 0.05,
            seed,
            1 + (seed % 4) as usize,
            (seed % 2) as usize,
        ) else {
            continue;
        };
        if view.covered_count() > 18 || view.revealed_count() == 0 {
            continue;
        }
        let brute = brute_force_probabilities(&view).unwrap();
        let exact = exact_probabilities(&view).unwrap();
        assert_maps_agree(&view, &exact, &brute);
        compared += 1;
        uncertain += usize::from(exact.covered().any(|(_, p)| p > 0.0 && p < 1.0));
    }
    assert!(
        compared > 150 && uncertain > 100,
        "compared {compared}, uncertain {uncertain}"
    );
}
