//! automine-core's players: games per second of the exact player (the default, and `fast`,
//! the default before `mines9`) and the teacher baseline on the same seeds (the win-rate
//! harness, one thread). The win rates themselves are measured by
//! `search-cli mines play` (docs/BENCHMARKS.md); this tracks the speed.
//!
//! A second group times the endgame search's layout sets on expert endgame positions (1,025
//! to 32,768 layouts, the exact player's reach): listing a position's set afresh
//! (`enumerate_layouts`) against narrowing the set of the position before it, one click
//! earlier in the same game (`narrow_layouts`), which is how the player finds every set of a
//! game after its first.

use std::hint::black_box;

use automine_core::measure::harness::{PlayerKind, Trial, run_trial};
use automine_core::player::exact::PlayerOptions;
use automine_core::probability::exact::layouts::{LayoutSet, enumerate_layouts, narrow_layouts};
use automine_core::search_core::Budget;
use automine_core::{FirstClick, Game, GameStatus, Player, PlayerView, Preset, SafestCellPlayer, exact_analysis};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

fn players(c: &mut Criterion) {
    let mut group = c.benchmark_group("automine_player");
    group.sample_size(10);
    for (preset, games) in [(Preset::Beginner, 200), (Preset::Intermediate, 20)] {
        for (name, player) in [
            ("exact", PlayerKind::exact(FirstClick::Safe)),
            ("exact_fast", PlayerKind::Exact(PlayerOptions::fast(FirstClick::Safe))),
            ("teacher", PlayerKind::Teacher),
        ] {
            let trial = Trial {
                settings: preset.settings(FirstClick::Safe),
                seed: 0,
                games,
                player,
            };
            group.throughput(Throughput::Elements(games));
            group.bench_function(format!("{}_{name}_{games}_games", preset.name()), |b| {
                b.iter(|| black_box(run_trial(&trial, || {}).map(|s| s.wins)));
            });
        }
    }
    group.finish();
}

/// Consecutive positions `(before, its set, after)` of expert games played by the
/// safest-cell player (seeds 0..60) where `after` has 1,025 to 32,768 layouts.
fn endgame_pairs() -> Vec<(PlayerView, LayoutSet, PlayerView)> {
    let settings = Preset::Expert.settings(FirstClick::Safe);
    let in_reach = |view: &PlayerView| {
        exact_analysis(view, &Budget::unlimited())
            .is_ok_and(|a| a.ln_layouts > 1024f64.ln() + 1e-9 && a.ln_layouts <= 32_768f64.ln() + 1e-9)
    };
    let mut pairs = Vec::new();
    for seed in 0..60 {
        let mut game = Game::new(settings, seed);
        let mut player = SafestCellPlayer::default();
        let mut before: Option<(PlayerView, LayoutSet)> = None;
        while game.status() == GameStatus::Playing {
            let view = game.view().clone();
            let set = if view.revealed_count() > 0 && in_reach(&view) {
                enumerate_layouts(&view, 32_768, &Budget::unlimited())
            } else {
                None
            };
            if let (Some((b, b_set)), Some(_)) = (before.take(), &set) {
                pairs.push((b, b_set, view.clone()));
            }
            before = set.map(|s| (view.clone(), s));
            let Ok(pos) = player.choose(&view) else { break };
            if game.reveal(pos).is_err() {
                break;
            }
        }
    }
    pairs
}

fn layouts(c: &mut Criterion) {
    let pairs = endgame_pairs();
    assert!(!pairs.is_empty(), "no expert endgame positions in reach");
    let mut group = c.benchmark_group("automine_layouts");
    group.sample_size(10);
    group.throughput(Throughput::Elements(pairs.len() as u64));
    group.bench_function(format!("expert_list_{}_positions", pairs.len()), |b| {
        b.iter(|| {
            pairs
                .iter()
                .map(|(_, _, after)| {
                    enumerate_layouts(black_box(after), 32_768, &Budget::unlimited()).map_or(0, |s| s.mines.len())
                })
                .sum::<usize>()
        });
    });
    group.bench_function(format!("expert_narrow_{}_positions", pairs.len()), |b| {
        b.iter(|| {
            pairs
                .iter()
                .map(|(before, set, after)| narrow_layouts(set, before, black_box(after)).map_or(0, |s| s.mines.len()))
                .sum::<usize>()
        });
    });
    group.finish();
}

criterion_group!(benches, players, layouts);
criterion_main!(benches);
