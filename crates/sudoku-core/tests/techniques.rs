//! Soundness of the human techniques, the logical solver and the grader: on puzzles with one
//! solution, no step removes the true digit or places a wrong one.

use proptest::prelude::*;
use sudoku_core::explain::{LogicalSolver, Outcome, Settings};
use sudoku_core::generate::{GenerateOptions, Generator};
use sudoku_core::grading::{Difficulty, RateError, rate};
use sudoku_core::techniques::{Step, Technique, find_all};
use sudoku_core::{Candidates, Grid, Layout, Solver};

fn solution(grid: &Grid) -> Grid {
    let solutions = Solver::default().solutions(grid, 2).value;
    assert_eq!(solutions.len(), 1, "test puzzles have one solution");
    solutions[0].clone()
}

fn assert_sound(step: &Step, solution: &Grid) {
    for p in &step.placements {
        assert_eq!(
            solution.get(p.cell as usize),
            Some(p.digit),
            "wrong placement: {}",
            step.text
        );
    }
    for e in &step.eliminations {
        assert_ne!(
            solution.get(e.cell as usize),
            Some(e.digit),
            "true digit removed: {}",
            step.text
        );
    }
    assert!(
        !step.placements.is_empty() || !step.eliminations.is_empty(),
        "empty step: {}",
        step.text
    );
}

/// Solve `grid` logically; at every position along the way check every instance of every
/// technique (not only the one applied). Returns the explanation's outcome.
fn check_every_instance(grid: &Grid) -> Outcome {
    let solution = solution(grid);
    let solver = LogicalSolver::new(Settings {
        assume_unique: true,
        max_level: Difficulty::Extreme,
    });
    let mut cands = Candidates::from_grid(grid);
    loop {
        for t in Technique::ALL {
            for step in find_all(t, &cands) {
                assert_eq!(step.technique, t);
                assert_sound(&step, &solution);
            }
        }
        if cands.is_solved() {
            return Outcome::Solved;
        }
        let Some(step) = solver.next_step(&cands) else {
            return Outcome::Stuck;
        };
        assert!(step.apply(&mut cands), "a sound step cannot make a contradiction");
    }
}

fn sample(file: &str, count: usize) -> Vec<Grid> {
    let Some(lines) = test_data::lines(file) else {
        return Vec::new();
    };
    lines
        .iter()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .take(count)
        .map(|l| {
            let text: String = l
                .split_whitespace()
                .nth(usize::from(file.contains("exchange")))
                .unwrap_or("")
                .into();
            Grid::parse_line(&text).expect("valid data line")
        })
        .collect()
}

#[test]
fn every_instance_is_sound_on_hard_puzzles() {
    let mut used = std::collections::BTreeSet::new();
    let mut solved = 0;
    let grids: Vec<Grid> = sample("sudoku/puzzles3_magictour_top1465", 60)
        .into_iter()
        .chain(sample("sudoku/sudoku_exchange_diabolical.txt", 40))
        .collect();
    for grid in &grids {
        if check_every_instance(grid) == Outcome::Solved {
            solved += 1;
        }
        let explanation = LogicalSolver::new(Settings {
            assume_unique: true,
            max_level: Difficulty::Extreme,
        })
        .explain(grid);
        used.extend(explanation.steps.iter().map(|s| s.technique));
    }
    if !grids.is_empty() {
        // The hard sets exercise the advanced techniques, and some puzzles get solved.
        assert!(solved > 0);
        for t in [
            Technique::XWing,
            Technique::XyWing,
            Technique::NakedPair,
            Technique::HiddenPair,
        ] {
            assert!(used.contains(&t), "{t} never used: {used:?}");
        }
    }
}

#[test]
fn explain_solves_an_easy_puzzle_with_singles_and_says_why() {
    let grid: Grid = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
        .parse()
        .unwrap();
    let explanation = LogicalSolver::default().explain(&grid);
    assert_eq!(explanation.outcome, Outcome::Solved);
    assert_eq!(explanation.end.to_grid(), solution(&grid));
    let placements: usize = explanation.steps.iter().map(|s| s.placements.len()).sum();
    assert_eq!(placements, 81 - grid.givens());
    assert!(
        explanation
            .steps
            .iter()
            .all(|s| s.technique.level() == Difficulty::Easy)
    );
    let first = &explanation.steps[0];
    assert!(first.text.starts_with(first.technique.name()), "{}", first.text);
}

#[test]
fn hidden_single_text_names_house_digit_and_cell() {
    // Box 1 misses only 3: r1c3 is its last empty cell, and 3 fits only there.
    let text = format!("12.456789456789123789123456{}", ".".repeat(54));
    let grid = Grid::parse_line(&text).unwrap();
    let cands = Candidates::from_grid(&grid);
    let steps = find_all(Technique::HiddenSingle, &cands);
    assert!(
        steps
            .iter()
            .any(|s| s.text == "Hidden single: in box 1, 3 fits only in r1c3"),
        "{steps:#?}"
    );
}

#[test]
fn uniqueness_techniques_only_when_assumed() {
    let solver = LogicalSolver::new(Settings::default());
    assert!(solver.techniques().iter().all(|t| !t.assumes_uniqueness()));
    let unique = LogicalSolver::new(Settings {
        assume_unique: true,
        max_level: Difficulty::Extreme,
    });
    assert!(unique.techniques().contains(&Technique::UniqueRectangle1));
}

#[test]
fn grading_follows_hodoku_levels() {
    let easy: Grid = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
        .parse()
        .unwrap();
    let rating = rate(&easy).unwrap();
    assert_eq!(rating.difficulty, Difficulty::Easy);
    assert!(rating.solved_by_techniques);
    // Arto Inkala's "hardest": the techniques here do not finish it; it is graded by search.
    let hard: Grid = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
        .parse()
        .unwrap();
    let rating = rate(&hard).unwrap();
    assert_eq!(rating.difficulty, Difficulty::Extreme);
    assert!(!rating.solved_by_techniques && rating.guesses > 0);
    assert!(rating.score > 1800);
    assert_eq!(rate(&Grid::empty(Layout::FOUR)), Err(RateError::NotUnique));
    // r1c1 has no candidate left (2 and 3 in its row, 4 in its column, 1 in its box).
    let broken: Grid = ".23..1..4.......".parse().unwrap();
    assert_eq!(rate(&broken), Err(RateError::NoSolution));
    let explanation = LogicalSolver::default().explain(&broken);
    assert_eq!(explanation.outcome, Outcome::Contradiction);
}

#[test]
fn levels_are_ordered_and_parse() {
    for (i, d) in Difficulty::ALL.into_iter().enumerate() {
        assert_eq!(d.name().parse::<Difficulty>(), Ok(d));
        if i > 0 {
            assert!(Difficulty::ALL[i - 1] < d);
        }
    }
    assert!("impossible".parse::<Difficulty>().is_err());
    for t in Technique::ALL {
        assert_eq!(Technique::from_id(t.id()), Some(t));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// On generated puzzles (one solution each), every step of the logical solve places the
    /// solution's digit and never removes it, and the end grid agrees with the solution.
    #[test]
    fn logical_solve_is_sound_on_generated_puzzles(seed in any::<u64>(), minimal in any::<bool>()) {
        let generator = Generator::new(Layout::NINE, GenerateOptions { symmetric: false, minimal });
        let grid = generator.generate(seed);
        let solution = solution(&grid);
        let explanation = LogicalSolver::new(Settings { assume_unique: true, max_level: Difficulty::Extreme }).explain(&grid);
        for step in &explanation.steps {
            assert_sound(step, &solution);
        }
        prop_assert_ne!(explanation.outcome, Outcome::Contradiction);
        for cell in 0..81 {
            if let Some(v) = explanation.end.value(cell) {
                prop_assert_eq!(solution.get(cell), Some(v));
            } else {
                prop_assert!(explanation.end.candidates(cell).contains(solution.get(cell).unwrap()));
            }
        }
        let rating = rate(&grid).unwrap();
        prop_assert_eq!(rating.solved_by_techniques, explanation.outcome == Outcome::Solved);
    }

    /// On 4×4 and 6×6 puzzles too.
    #[test]
    fn logical_solve_is_sound_on_small_layouts(seed in any::<u64>(), six in any::<bool>()) {
        let layout = if six { Layout::new(2, 3).unwrap() } else { Layout::FOUR };
        let grid = Generator::new(layout, GenerateOptions { symmetric: false, minimal: true }).generate(seed);
        let solution = solution(&grid);
        let explanation = LogicalSolver::new(Settings { assume_unique: true, max_level: Difficulty::Extreme }).explain(&grid);
        for step in &explanation.steps {
            assert_sound(step, &solution);
        }
        prop_assert_ne!(explanation.outcome, Outcome::Contradiction);
    }
}

/// The techniques as propagation never change the answer: solution counts agree with the
/// plain solver at every level, on unique hard puzzles and on multi-solution puzzles.
#[test]
fn pipeline_counts_agree_with_the_solver_at_every_level() {
    use search_core::{Budget, count_solutions};
    use sudoku_core::Strategy;
    use sudoku_core::pipeline::TechniqueProblem;
    let grids: Vec<Grid> = sample("sudoku/puzzles3_magictour_top1465", 15)
        .into_iter()
        .chain(sample("sudoku/puzzles7_serg_benchmark", 15))
        .chain(sample("sudoku/puzzles6_forum_hardest_1106", 5))
        .collect();
    for grid in &grids {
        let expected = Solver::default().count(grid, 50).value;
        let mut nodes = Vec::new();
        for level in [
            Difficulty::Easy,
            Difficulty::Medium,
            Difficulty::Hard,
            Difficulty::Unfair,
        ] {
            let problem = TechniqueProblem::new(level, Strategy::Greedy);
            let report = count_solutions(&problem, Candidates::from_grid(grid), 50, &Budget::unlimited());
            assert_eq!(report.value, expected, "{} at {level}", grid.to_line());
            nodes.push(report.stats.nodes);
        }
        assert!(nodes.iter().all(|&n| n >= 1));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// The fuzz target's invariants on random grids (any number of solutions): steps agree
    /// with every solution; the grader answers no solution / not unique / a grade.
    #[test]
    fn random_grids_keep_the_invariants(cells in proptest::collection::vec((0usize..81, 1u8..=9), 0..70), nine in any::<bool>()) {
        use sudoku_core::grading::RateError;
        let layout = if nine { Layout::NINE } else { Layout::FOUR };
        let mut values = vec![0u8; layout.cells()];
        for (cell, digit) in cells {
            values[cell % layout.cells()] = (digit - 1) % layout.size() as u8 + 1;
        }
        // Drop conflicting digits one by one until the grid is valid.
        let grid = loop {
            match Grid::from_values(layout, values.clone()) {
                Ok(grid) => break grid,
                Err(sudoku_core::ParseError::Conflict { second, .. }) => values[second.row * layout.size() + second.col] = 0,
                Err(e) => panic!("{e}"),
            }
        };
        let solutions = Solver::default().solutions(&grid, 3).value;
        let explanation = LogicalSolver::new(Settings { assume_unique: solutions.len() == 1, max_level: Difficulty::Extreme }).explain(&grid);
        for solution in &solutions {
            for step in &explanation.steps {
                assert_sound(step, solution);
            }
        }
        match solutions.len() {
            0 => prop_assert_eq!(rate(&grid), Err(RateError::NoSolution)),
            1 => {
                prop_assert_ne!(explanation.outcome, Outcome::Contradiction);
                prop_assert!(rate(&grid).is_ok());
            }
            _ => {
                prop_assert_eq!(rate(&grid), Err(RateError::NotUnique));
                prop_assert_eq!(explanation.outcome, Outcome::Stuck);
            }
        }
    }
}
