//! The 9×9 engine's two builds (hardware `popcnt`/BMI code chosen at run time, and the
//! portable code) give the same answers: the same propagation result and choices at every
//! node of real search trees, and the same counts, solutions and statistics for whole
//! searches, at every propagation level (triads included). On a CPU without the instructions both problems run the portable build and the
//! test says so.

use search_core::{Budget, ConstraintProblem, SearchSpace, SearchStats, count_solutions, first_solution};
use sudoku_core::generate::{GenerateOptions, Generator};
use sudoku_core::nine::{Board9, NineProblem};
use sudoku_core::{Grid, Inference, Layout, Solver, Strategy};

/// The statistics without the wall-clock time.
fn counters(stats: &SearchStats) -> (u64, u64, u32, u64, u64, u64) {
    (
        stats.nodes,
        stats.leaves,
        stats.max_depth,
        stats.branch_points,
        stats.guesses,
        stats.dead_ends,
    )
}

/// Every strategy at the default propagation level, then greedy at the other levels.
fn levels() -> Vec<(Strategy, Inference)> {
    let mut all: Vec<_> = Strategy::ALL.iter().map(|&s| (s, Inference::default())).collect();
    all.extend(
        Inference::ALL
            .iter()
            .filter(|&&level| level != Inference::default())
            .map(|&level| (Strategy::Greedy, level)),
    );
    all
}

fn note_when_portable_only() {
    if !NineProblem::new(Strategy::Greedy).uses_cpu_features() {
        eprintln!("note: this CPU lacks popcnt/BMI: both sides run the portable build");
    }
}

/// Walk the tree of `grid` (up to `max_nodes` nodes) on both builds side by side.
fn compare_nodes(grid: &Grid, strategy: Strategy, inference: Inference, max_nodes: usize) -> usize {
    let fast = NineProblem::new(strategy).with_inference(inference);
    let portable = NineProblem::new(strategy)
        .with_inference(inference)
        .with_cpu_features(false);
    assert!(!portable.uses_cpu_features());
    let mut stack = vec![Board9::from_grid(grid).expect("a 9×9 grid")];
    let (mut ours, mut reference) = (Vec::new(), Vec::new());
    let mut visited = 0;
    while let Some(board) = stack.pop() {
        if visited == max_nodes {
            break;
        }
        visited += 1;
        let (mut a, mut b) = (board, board);
        let (pa, pb) = (fast.propagate(&mut a), portable.propagate(&mut b));
        assert_eq!((pa, a), (pb, b), "propagation of {}", board.to_grid().to_line());
        if pa != search_core::Propagation::Open {
            continue;
        }
        ours.clear();
        reference.clear();
        fast.choices(&a, &mut ours);
        portable.choices(&a, &mut reference);
        assert_eq!(ours, reference, "{strategy} on {}", a.to_grid().to_line());
        assert!(!ours.is_empty());
        for &choice in ours.iter().rev() {
            let mut child = a;
            fast.apply(&mut child, choice);
            stack.push(child);
        }
    }
    visited
}

/// Whole searches on both builds: counts to 2, first solutions and their statistics.
fn compare_searches(grids: &[Grid], strategy: Strategy, inference: Inference) {
    let fast = NineProblem::new(strategy).with_inference(inference);
    let portable = NineProblem::new(strategy)
        .with_inference(inference)
        .with_cpu_features(false);
    let budget = Budget::unlimited();
    for grid in grids {
        let root = Board9::from_grid(grid).expect("a 9×9 grid");
        let (a, b) = (
            count_solutions(&fast, root, 2, &budget),
            count_solutions(&portable, root, 2, &budget),
        );
        assert_eq!(
            (a.value, counters(&a.stats)),
            (b.value, counters(&b.stats)),
            "count of {}",
            grid.to_line()
        );
        let (a, b) = (
            first_solution(&fast, root, &budget),
            first_solution(&portable, root, &budget),
        );
        assert_eq!(
            (a.value, counters(&a.stats)),
            (b.value, counters(&b.stats)),
            "solve of {}",
            grid.to_line()
        );
        // The same through the public solver.
        let (a, b) = (
            Solver::new(strategy).with_inference(inference).count(grid, 2),
            Solver::new(strategy)
                .with_inference(inference)
                .with_cpu_features(false)
                .count(grid, 2),
        );
        assert_eq!((a.value, counters(&a.stats)), (b.value, counters(&b.stats)));
    }
}

#[test]
fn both_builds_agree_on_generated_and_open_grids() {
    note_when_portable_only();
    let generator = Generator::new(Layout::NINE, GenerateOptions::default());
    let mut grids: Vec<Grid> = (0..20).map(|seed| generator.generate(seed)).collect();
    grids.push(Grid::empty(Layout::NINE));
    grids.push(Grid::parse_line(&format!("123456789{}", ".".repeat(72))).expect("a valid line"));
    for (strategy, inference) in levels() {
        let visited: usize = grids
            .iter()
            .map(|grid| compare_nodes(grid, strategy, inference, 300))
            .sum();
        assert!(visited > 600, "{strategy} {inference}: only {visited} nodes");
        compare_searches(&grids, strategy, inference);
    }
}

#[test]
fn both_builds_agree_on_hard_and_17_clue_puzzles() {
    note_when_portable_only();
    let mut grids = Vec::new();
    for (file, step) in [
        ("sudoku/puzzles5_forum_hardest_1905_11+", 97),
        ("sudoku/puzzles3_magictour_top1465", 7),
        ("sudoku/puzzles2_17_clue", 101),
    ] {
        let Some(lines) = test_data::lines(file) else {
            eprintln!("note: ../shared/data/sudoku is missing: {file} skipped");
            continue;
        };
        grids.extend(
            lines
                .iter()
                .step_by(step)
                .map(|line| Grid::parse_line(line).expect("a valid puzzle")),
        );
    }
    for (strategy, inference) in levels() {
        let visited: usize = grids
            .iter()
            .step_by(5)
            .map(|grid| compare_nodes(grid, strategy, inference, 200))
            .sum();
        assert!(
            grids.is_empty() || visited > 1000,
            "{strategy} {inference}: only {visited} nodes"
        );
        compare_searches(&grids, strategy, inference);
    }
}
