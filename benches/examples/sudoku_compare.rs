//! Full-set throughput of sudoku-core against the `sudoku` crate 0.8, one thread, count up to
//! 2 solutions, parsing excluded; the two solvers alternate over `--rounds` passes (default 3)
//! and the best pass of each is reported, which damps the noise of a shared machine. Greedy
//! runs three times at the default propagation level (triads): with the 9×9 engine's run-time
//! CPU-feature dispatch (the default), with the portable build forced
//! (`Solver::with_cpu_features(false)`), and with locked candidates only
//! (`Solver::with_inference(Inference::LockedCandidates)`); then mrv, `binary-product` (two-way
//! branches on bivalue cells and bilocal digits) and `bivalue-product` (bivalue cells only, the
//! default strategy).
//!
//! `cargo run --release -p search-benches --example sudoku_compare [-- --rounds N]`

use std::time::{Duration, Instant};

use sudoku_core::{Grid, Inference, Solver, Strategy};

fn main() {
    let rounds = std::env::args()
        .skip_while(|a| a != "--rounds")
        .nth(1)
        .and_then(|n| n.parse().ok())
        .unwrap_or(3);
    println!("| set | puzzles | solver | best pass | puzzles/s | guesses/puzzle | ratio |");
    println!("|---|---:|---|---:|---:|---:|---:|");
    for (name, file) in [
        ("17_clue", "sudoku/puzzles2_17_clue"),
        ("top1465", "sudoku/puzzles3_magictour_top1465"),
        ("fh_1905_11+", "sudoku/puzzles5_forum_hardest_1905_11+"),
        ("fh_1106", "sudoku/puzzles6_forum_hardest_1106"),
    ] {
        let Some(lines) = test_data::lines(file) else { continue };
        let ours: Vec<Grid> = lines.iter().filter_map(|l| Grid::parse_line(l).ok()).collect();
        let theirs: Vec<sudoku::Sudoku> = lines
            .iter()
            .filter_map(|l| sudoku::Sudoku::from_str_line(&l[..81]).ok())
            .collect();
        assert_eq!(ours.len(), theirs.len());
        let solvers = [
            (Solver::new(Strategy::Greedy), "sudoku-core greedy"),
            (
                Solver::new(Strategy::Greedy).with_cpu_features(false),
                "sudoku-core greedy, portable build",
            ),
            (
                Solver::new(Strategy::Greedy).with_inference(Inference::LockedCandidates),
                "sudoku-core greedy, locked candidates",
            ),
            (Solver::new(Strategy::Mrv), "sudoku-core mrv"),
            (Solver::new(Strategy::BinaryProduct), "sudoku-core binary-product"),
            (Solver::new(Strategy::BivalueProduct), "sudoku-core bivalue-product"),
        ];
        let peer = solvers.len();
        let mut best = vec![Duration::MAX; peer + 1];
        let mut guesses = vec![0u64; peer];
        for _ in 0..rounds {
            for (i, (solver, _)) in solvers.iter().enumerate() {
                let start = Instant::now();
                let mut total = 0;
                let mut g = 0;
                for grid in &ours {
                    let report = solver.count(grid, 2);
                    total += report.value;
                    g += report.stats.guesses;
                }
                best[i] = best[i].min(start.elapsed());
                guesses[i] = g;
                assert_eq!(total, ours.len() as u64, "every puzzle of {name} is unique");
            }
            let start = Instant::now();
            let total: usize = theirs.iter().map(|s| s.solutions_count_up_to(2)).sum();
            best[peer] = best[peer].min(start.elapsed());
            assert_eq!(total, theirs.len());
        }
        let n = ours.len() as f64;
        let rate = |d: Duration| n / d.as_secs_f64();
        let labels = solvers.iter().map(|&(_, label)| label).chain(["sudoku 0.8"]);
        for (i, label) in labels.enumerate() {
            let g = if i < peer {
                format!("{:.2}", guesses[i] as f64 / n)
            } else {
                "–".to_string()
            };
            println!(
                "| {name} | {} | {label} | {:.3} s | {:.0} | {g} | {:.2} |",
                ours.len(),
                best[i].as_secs_f64(),
                rate(best[i]),
                rate(best[i]) / rate(best[peer]),
            );
        }
    }
}
