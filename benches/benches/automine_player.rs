//! automine-core's players: games per second of the exact player (the default, and `fast`,
//! the default before `mines9`) and the teacher baseline on the same seeds (the win-rate
//! harness, one thread). The win rates themselves are measured by
//! `search-cli mines play` (docs/BENCHMARKS.md); this tracks the speed.

use std::hint::black_box;

use automine_core::FirstClick;
use automine_core::Preset;
use automine_core::strategy::exact_player::PlayerOptions;
use automine_core::strategy::harness::{PlayerKind, Trial, run_trial};
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

criterion_group!(benches, players);
criterion_main!(benches);
