//! Benchmarks of the shared constraint search on its toy problems.

use criterion::{Criterion, criterion_group, criterion_main};
use search_core::toys::{Queens, QueensState};
use search_core::{Budget, count_solutions, parallel};
use std::hint::black_box;

fn queens(c: &mut Criterion) {
    let mut group = c.benchmark_group("queens_count");
    for n in [8u32, 10] {
        let Some(problem) = Queens::new(n) else { continue };
        group.bench_function(format!("n{n}_sequential"), |b| {
            b.iter(|| {
                count_solutions(
                    black_box(&problem),
                    QueensState::default(),
                    u64::MAX,
                    &Budget::unlimited(),
                )
                .value
            });
        });
        group.bench_function(format!("n{n}_parallel"), |b| {
            b.iter(|| {
                parallel::par_count_solutions(
                    black_box(&problem),
                    QueensState::default(),
                    u64::MAX,
                    &Budget::unlimited(),
                )
                .value
            });
        });
    }
    group.finish();
}

criterion_group!(benches, queens);
criterion_main!(benches);
