//! sudoku-core side by side with the `sudoku` crate 0.8 (a `JCZSolve` port), one thread, each
//! puzzle solved up to 2 solutions (tdoku's mode), on samples of the 49,158 17-clue puzzles
//! and of `forum_hardest_1905_11+`. Parsing is outside the timed loop for both.
//!
//! Generation side by side too: 100 minimal 9×9 puzzles, with and without 180° symmetry
//! (`sudoku`'s `generate_with_symmetry`, which removes givens until no cell or symmetric
//! orbit can go, as `GenerateOptions { minimal: true, .. }` does). Ours are seeds 0–99 every
//! iteration; the peer draws from its thread RNG, so its puzzles differ between iterations.
//!
//! Full-set figures: `cargo run --release -p search-benches --example sudoku_compare`.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use sudoku_core::generate::{GenerateOptions, Generator};
use sudoku_core::{Grid, Layout, Solver, Strategy};

/// Every `step`-th puzzle of a data file, parsed for both solvers.
fn sample(file: &str, step: usize) -> Option<(Vec<Grid>, Vec<sudoku::Sudoku>)> {
    let lines = test_data::lines(file)?;
    let picked: Vec<&String> = lines.iter().step_by(step).collect();
    let ours = picked.iter().filter_map(|l| Grid::parse_line(l).ok()).collect();
    let theirs = picked
        .iter()
        .filter_map(|l| sudoku::Sudoku::from_str_line(&l[..81]).ok())
        .collect();
    Some((ours, theirs))
}

fn bench_set(c: &mut Criterion, name: &str, file: &str, step: usize) {
    let Some((ours, theirs)) = sample(file, step) else {
        return;
    };
    assert_eq!(ours.len(), theirs.len());
    let mut group = c.benchmark_group(format!("sudoku_count2/{name}"));
    group.throughput(Throughput::Elements(ours.len() as u64));
    group.sample_size(10);
    for strategy in [Strategy::Greedy, Strategy::Mrv, Strategy::BinaryProduct] {
        let solver = Solver::new(strategy);
        group.bench_function(format!("sudoku-core {strategy}"), |b| {
            b.iter(|| ours.iter().map(|g| solver.count(black_box(g), 2).value).sum::<u64>());
        });
    }
    group.bench_function("sudoku 0.8", |b| {
        b.iter(|| {
            theirs
                .iter()
                .map(|s| black_box(*s).solutions_count_up_to(2))
                .sum::<usize>()
        });
    });
    group.finish();
}

fn sudoku_sets(c: &mut Criterion) {
    bench_set(c, "17_clue", "sudoku/puzzles2_17_clue", 25);
    bench_set(c, "fh_1905_11plus", "sudoku/puzzles5_forum_hardest_1905_11+", 50);
}

/// Puzzles per timed iteration of the generation benchmarks.
const GENERATED: u64 = 100;

fn generation(c: &mut Criterion) {
    for (name, symmetric, theirs) in [
        ("minimal", false, sudoku::Symmetry::None),
        ("symmetric_minimal", true, sudoku::Symmetry::HalfRotation),
    ] {
        let mut group = c.benchmark_group(format!("sudoku_generate/{name}"));
        group.throughput(Throughput::Elements(GENERATED));
        group.sample_size(10);
        let generator = Generator::new(
            Layout::NINE,
            GenerateOptions {
                symmetric,
                minimal: true,
            },
        );
        group.bench_function("sudoku-core", |b| {
            b.iter(|| {
                (0..GENERATED)
                    .map(|seed| generator.generate(black_box(seed)).givens())
                    .sum::<usize>()
            });
        });
        group.bench_function("sudoku 0.8", |b| {
            b.iter(|| {
                (0..GENERATED)
                    .map(|_| usize::from(sudoku::Sudoku::generate_with_symmetry(black_box(theirs)).n_clues()))
                    .sum::<usize>()
            });
        });
        group.finish();
    }
}

criterion_group!(benches, sudoku_sets, generation);
criterion_main!(benches);
