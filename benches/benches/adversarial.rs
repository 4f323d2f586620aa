//! Benchmarks of adversarial-core: tic-tac-toe solved by each algorithm, Connect Four perft,
//! and the exact Connect Four solver (default and tutorial settings) on a slice of each public
//! set. Full-set means per position come from `search-cli connect4 solve --stats` (see
//! docs/BENCHMARKS.md).

use std::hint::black_box;
use std::time::Duration;

use adversarial_core::algorithms::{UNLIMITED, alpha_beta, minimax, negamax_alpha_beta};
use adversarial_core::engine::{Engine, EngineConfig};
use adversarial_core::games::connect4::{ConnectFour, Mode, Position, Solver, SolverConfig};
use adversarial_core::games::mnk::MnkGame;
use adversarial_core::{Scoring, Utility};
use criterion::{Criterion, criterion_group, criterion_main};
use search_core::{Budget, count_paths};

fn tic_tac_toe(c: &mut Criterion) {
    let game = MnkGame::tic_tac_toe();
    let scoring = Scoring::exact(Utility::DISTANCE);
    let budget = Budget::unlimited();
    let mut group = c.benchmark_group("tictactoe_solve");
    group.sample_size(10);
    group.bench_function("minimax", |b| {
        b.iter(|| minimax(black_box(&game), &game.start(), UNLIMITED, &scoring, &budget).value);
    });
    group.bench_function("alpha_beta", |b| {
        b.iter(|| alpha_beta(black_box(&game), &game.start(), UNLIMITED, &scoring, &budget).value);
    });
    group.bench_function("negamax_alpha_beta", |b| {
        b.iter(|| negamax_alpha_beta(black_box(&game), &game.start(), UNLIMITED, &scoring, &budget).value);
    });
    group.bench_function("engine", |b| {
        let mut engine = Engine::new(EngineConfig::default());
        b.iter(|| {
            engine
                .search(black_box(&game), &game.start(), &scoring, &budget)
                .value
                .value
        });
    });
    group.finish();
}

fn connect4_perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("connect4_perft");
    group.sample_size(10);
    group.bench_function("depth6", |b| {
        b.iter(|| count_paths(black_box(&ConnectFour), &Position::new(), 6));
    });
    group.finish();
}

/// The first `take` positions of a public set (none when the data is missing).
fn positions(name: &str, take: usize) -> Vec<Position> {
    test_data::lines(&format!("connect4/{name}"))
        .unwrap_or_default()
        .iter()
        .take(take)
        .filter_map(|line| Position::parse(line.split(' ').next().unwrap_or("")).ok())
        .collect()
}

fn connect4_solve(c: &mut Criterion) {
    let sets = [
        ("end_easy", "Test_L3_R1", 100),
        ("middle_easy", "Test_L2_R1", 100),
        ("middle_medium", "Test_L2_R2", 10),
        ("begin_easy", "Test_L1_R1", 100),
        ("begin_medium", "Test_L1_R2", 2),
    ];
    let mut group = c.benchmark_group("connect4_solve");
    group.sample_size(10).measurement_time(Duration::from_secs(5));
    for (label, file, take) in sets {
        let slice = positions(file, take);
        if slice.is_empty() {
            continue;
        }
        for (name, config) in [
            ("default", SolverConfig::default()),
            ("tutorial", SolverConfig::tutorial()),
        ] {
            let mut solver = Solver::with_config(config);
            group.bench_function(format!("{label}_first{take}_{name}"), |b| {
                b.iter(|| {
                    slice
                        .iter()
                        .map(|p| {
                            solver.reset();
                            solver.solve(black_box(p), Mode::Strong, &Budget::unlimited()).value
                        })
                        .sum::<i32>()
                });
            });
        }
    }
    group.finish();
}

criterion_group!(benches, tic_tac_toe, connect4_perft, connect4_solve);
criterion_main!(benches);
