//! `LayoutSampler`: every draw fits the view, and the draws are uniform over the layouts that
//! fit (against the listed layouts and against the exact probabilities).

use std::collections::HashMap;

mod common;

use common::played_views;

use automine_core::probability::exact::layouts::enumerate_layouts;
use automine_core::suite::played_positions;
use automine_core::{
    CellView, FirstClick, Game, GameStatus, LayoutSampler, MineLayout, Player, PlayerView, Preset, ProbabilityError,
    SafestCellPlayer, exact_analysis, exact_probabilities,
};
use proptest::prelude::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use search_core::Budget;

/// Whether `layout` fits `view`: flags are mines, revealed cells are safe and show their
/// numbers, and the total is the view's.
fn fits(view: &PlayerView, layout: &MineLayout) -> bool {
    layout.mine_count() == view.total_mines() as usize
        && view.dims().ids().all(|id| match view.at(id) {
            CellView::Flagged => layout.is_mine(id),
            CellView::Revealed(k) => !layout.is_mine(id) && layout.number(id) == k,
            CellView::Covered => true,
        })
}

#[test]
fn draws_are_uniform_over_the_listed_layouts() {
    // Positions with 2 to 40 layouts: 400 draws per layout, each draw one of the listed
    // layouts, and Pearson's chi-square of the counts against uniform: on each position under
    // z = 5 (Wilson–Hilferty: a chance of about 3e-7), and summed over all positions within
    // five standard deviations of its mean (the sum of the degrees of freedom), which catches
    // a small bias common to many positions. A sampler that ignored the weight of a box
    // (C(s, k)) or of the interior (C(n_I, M′ − T)) fails this on most positions.
    let mut checked = 0;
    let (mut chi2_sum, mut dof_sum) = (0.0, 0.0);
    let mut worst: f64 = f64::NEG_INFINITY;
    for (w, h, m) in [(5, 5, 6), (6, 4, 7), (4, 4, 5), (7, 3, 6)] {
        for seed in 0..40 {
            for view in played_views(w, h, m, seed) {
                let Some(set) = enumerate_layouts(&view, 40, &Budget::unlimited()) else {
                    continue;
                };
                let layouts = set.mines.len();
                if layouts < 2 {
                    continue;
                }
                let index: HashMap<&Vec<bool>, usize> = set.mines.iter().enumerate().map(|(i, l)| (l, i)).collect();
                let sampler = LayoutSampler::new(&view, &Budget::unlimited()).unwrap();
                let mut rng = ChaCha8Rng::seed_from_u64(seed * 1000 + checked as u64);
                let draws = 400 * layouts;
                let mut counts = vec![0usize; layouts];
                for _ in 0..draws {
                    let layout = sampler.sample(&mut rng);
                    assert!(fits(&view, &layout), "{view}");
                    let key: Vec<bool> = set.cells.iter().map(|&c| layout.is_mine(c)).collect();
                    let i = *index.get(&key).unwrap_or_else(|| panic!("a layout not listed\n{view}"));
                    counts[i] += 1;
                }
                let expected = draws as f64 / layouts as f64;
                let chi2: f64 = counts.iter().map(|&c| (c as f64 - expected).powi(2) / expected).sum();
                let dof = (layouts - 1) as f64;
                let v = 2.0 / (9.0 * dof);
                let z = ((chi2 / dof).cbrt() - (1.0 - v)) / v.sqrt();
                worst = worst.max(z);
                assert!(
                    z < 5.0,
                    "chi-square {chi2:.1} on {dof} degrees of freedom ({counts:?})\n{view}"
                );
                chi2_sum += chi2;
                dof_sum += dof;
                checked += 1;
            }
        }
    }
    assert!(checked > 500, "only {checked} positions checked (worst z {worst:.2})");
    let z = (chi2_sum - dof_sum) / (2.0 * dof_sum).sqrt();
    assert!(
        z.abs() < 5.0,
        "summed chi-square {chi2_sum:.0} on {dof_sum} degrees of freedom"
    );
}

#[test]
fn draw_frequencies_are_the_exact_probabilities_on_expert_positions() {
    // Expert positions of the middle game (far too many layouts to list): every draw fits,
    // and each cell's mine frequency over 20,000 draws is its exact probability within five
    // standard errors.
    let mut positions = played_positions(Preset::Expert.settings(FirstClick::Safe), 0..40, 0.2..=0.7, 1);
    assert!(positions.len() >= 6, "{} positions", positions.len());
    positions.truncate(6);
    let draws = 20_000;
    for (i, view) in positions.iter().enumerate() {
        let analysis = exact_analysis(view, &Budget::unlimited()).unwrap();
        assert!(analysis.ln_layouts > 30.0, "a middle-game position");
        let sampler = LayoutSampler::new(view, &Budget::unlimited()).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(i as u64);
        let mut mines = vec![0usize; view.dims().cell_count()];
        for _ in 0..draws {
            let layout = sampler.sample(&mut rng);
            assert!(fits(view, &layout), "{view}");
            for id in layout.mines().iter() {
                mines[id.0 as usize] += 1;
            }
        }
        for id in view.dims().ids() {
            let Some(p) = analysis.map.at(id) else { continue };
            let freq = mines[id.0 as usize] as f64 / draws as f64;
            let se = (p * (1.0 - p) / draws as f64).sqrt();
            assert!(
                (freq - p).abs() <= 5.0 * se + 1e-9,
                "cell {id:?}: drawn {freq:.4}, exact {p:.4}\n{view}"
            );
        }
    }
}

#[test]
fn the_same_seed_gives_the_same_draws() {
    let positions = played_positions(Preset::Intermediate.settings(FirstClick::Safe), 0..3, 0.2..=0.6, 1);
    for view in &positions {
        let a = LayoutSampler::new(view, &Budget::unlimited()).unwrap();
        let b = LayoutSampler::new(view, &Budget::unlimited()).unwrap();
        let (mut ra, mut rb) = (ChaCha8Rng::seed_from_u64(3), ChaCha8Rng::seed_from_u64(3));
        let first: Vec<MineLayout> = (0..20).map(|_| a.sample(&mut ra)).collect();
        let second: Vec<MineLayout> = (0..20).map(|_| b.sample(&mut rb)).collect();
        assert_eq!(first, second);
        // And not one layout over and over.
        assert!(first.windows(2).any(|w| w[0] != w[1]));
    }
}

#[test]
fn views_no_layout_fits_give_the_exact_solvers_errors() {
    for text in [
        "3x1 1\n1.1\n",           // fits: the mine between the 1s
        "3x1 2\n1.1\n",           // two mines, room for one
        "2x2 1\n3.\n..\n",        // a 3 with one mine in total
        "3x3 2\n1..\n.8.\n...\n", // an 8 among covered cells and a 1 beside it
        "4x1 1\n1.1F\n",          // a 1 with too many flags around it
        "2x1 1\n1F\n",            // fits: the flag is the mine
        "2x1 2\n1F\n",            // a second mine and no cell for it
    ] {
        let view: PlayerView = text.parse().unwrap();
        let exact = exact_probabilities(&view).err();
        let sampled = LayoutSampler::new(&view, &Budget::unlimited()).err();
        assert_eq!(sampled, exact, "{text}");
    }
    let view: PlayerView = "3x1 2\n1.1\n".parse().unwrap();
    assert!(matches!(
        LayoutSampler::new(&view, &Budget::unlimited()),
        Err(ProbabilityError::MineCountUnreachable { .. })
    ));
}

#[test]
fn a_budget_too_small_stops_the_sampler() {
    let view = played_positions(Preset::Expert.settings(FirstClick::Safe), 0..40, 0.3..=0.5, 1)
        .pop()
        .unwrap();
    let result = LayoutSampler::new(&view, &Budget::unlimited().with_node_limit(1));
    assert!(matches!(result, Err(ProbabilityError::Stopped(_))), "{result:?}");
}

#[test]
fn draws_follow_a_game_to_its_end() {
    // Along games played by the safest-cell player, the hidden layout is always one of the
    // layouts a draw may give: every draw fits the view, as the hidden layout does.
    let settings = Preset::Beginner.settings(FirstClick::Safe);
    for seed in 0..20 {
        let mut game = Game::new(settings, seed);
        let mut player = SafestCellPlayer::default();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        while game.status() == GameStatus::Playing {
            let view = game.view().clone();
            if view.revealed_count() > 0 {
                assert!(fits(&view, game.hidden_layout().unwrap()));
                let sampler = LayoutSampler::new(&view, &Budget::unlimited()).unwrap();
                for _ in 0..10 {
                    assert!(fits(&view, &sampler.sample(&mut rng)), "seed {seed}\n{view}");
                }
            }
            let pos = player.choose(&view).unwrap();
            game.reveal(pos).unwrap();
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(120))]

    #[test]
    fn every_draw_fits_its_view(w in 3u16..9, h in 3u16..9, density in 0.05f64..0.4, seed in 0u64..1_000_000) {
        let mines = ((f64::from(w) * f64::from(h)) * density).round().max(1.0) as u32;
        for view in played_views(w, h, mines, seed) {
            let sampler = LayoutSampler::new(&view, &Budget::unlimited()).unwrap();
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            for _ in 0..5 {
                let layout = sampler.sample(&mut rng);
                prop_assert!(fits(&view, &layout), "{}", view);
            }
        }
    }
}
