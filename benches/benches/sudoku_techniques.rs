//! Human techniques: explaining and rating one puzzle per grade (easy, unfair, extreme), and
//! the techniques-as-propagation search against the plain solver on one hard puzzle.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use search_core::{Budget, count_solutions};
use sudoku_core::explain::{LogicalSolver, Settings};
use sudoku_core::grading::{Difficulty, rate};
use sudoku_core::pipeline::TechniqueProblem;
use sudoku_core::{Candidates, Grid, Solver, Strategy};

const PUZZLES: [(&str, &str); 3] = [
    (
        "easy",
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
    ),
    (
        "unfair",
        "5.7....3.....61...1.8......62..4.......7...8...........1....6.43..5...........2..",
    ),
    (
        "extreme",
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
    ),
];

fn techniques(c: &mut Criterion) {
    let mut group = c.benchmark_group("sudoku_techniques");
    group.sample_size(20);
    let solver = LogicalSolver::new(Settings {
        assume_unique: true,
        max_level: Difficulty::Extreme,
    });
    for (name, text) in PUZZLES {
        let grid = Grid::parse_line(text).expect("valid puzzle");
        group.bench_function(format!("explain {name}"), |b| {
            b.iter(|| solver.explain(black_box(&grid)).steps.len());
        });
        group.bench_function(format!("rate {name}"), |b| {
            b.iter(|| rate(black_box(&grid)).map(|r| r.score));
        });
    }
    let grid = Grid::parse_line(PUZZLES[2].1).expect("valid puzzle");
    group.bench_function("count2 extreme: fast engine", |b| {
        b.iter(|| Solver::default().count(black_box(&grid), 2).value);
    });
    let problem = TechniqueProblem::new(Difficulty::Hard, Strategy::Greedy);
    group.bench_function("count2 extreme: techniques up to hard", |b| {
        b.iter(|| {
            count_solutions(
                &problem,
                Candidates::from_grid(black_box(&grid)),
                2,
                &Budget::unlimited(),
            )
            .value
        });
    });
    group.finish();
}

criterion_group!(benches, techniques);
criterion_main!(benches);
