//! The constraint search on problems with known answers.

use std::ops::ControlFlow;

use search_core::toys::{Colouring, GraphColouring, Queens, QueensState, SubsetState, SubsetSum};
use search_core::{Budget, StopReason, count_solutions, first_solution, fold_solutions, for_each_solution};

const QUEENS: [u64; 10] = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724];

#[test]
fn queens_counts_match_the_published_sequence() {
    for (n, &expected) in (1..=10).zip(QUEENS.iter()) {
        let problem = Queens::new(n).unwrap();
        let report = count_solutions(&problem, QueensState::default(), u64::MAX, &Budget::unlimited());
        assert!(report.is_complete());
        assert_eq!(report.value, expected, "n = {n}");
        assert_eq!(report.stats.leaves, expected, "every solution is a leaf");
    }
}

#[test]
fn queens_solutions_are_valid_and_distinct() {
    let problem = Queens::new(8).unwrap();
    let mut seen = std::collections::HashSet::new();
    let report = for_each_solution(&problem, QueensState::default(), &Budget::unlimited(), |s| {
        let cols: Vec<u32> = (0..8).map(|r| s.column_of(r).unwrap()).collect();
        assert_eq!(s.column_of(8), None, "only eight rows are placed");
        for a in 0..8 {
            for b in a + 1..8 {
                assert_ne!(cols[a], cols[b]);
                assert_ne!(cols[a].abs_diff(cols[b]) as usize, b - a);
            }
        }
        assert!(seen.insert(cols));
        ControlFlow::Continue(())
    });
    assert!(!report.value, "the visitor never broke");
    assert_eq!(seen.len(), 92);
}

#[test]
fn count_limit_stops_early_and_first_solution_is_depth_first() {
    let problem = Queens::new(8).unwrap();
    let limited = count_solutions(&problem, QueensState::default(), 2, &Budget::unlimited());
    assert_eq!(limited.value, 2);
    let full = count_solutions(&problem, QueensState::default(), u64::MAX, &Budget::unlimited());
    assert!(limited.stats.nodes < full.stats.nodes);
    let first = first_solution(&problem, QueensState::default(), &Budget::unlimited())
        .value
        .unwrap();
    assert_eq!(
        (0..8).map(|r| first.column_of(r)).collect::<Vec<_>>(),
        [0, 4, 7, 5, 2, 6, 1, 3].map(Some)
    );
    assert_eq!(
        count_solutions(&problem, QueensState::default(), 0, &Budget::unlimited()).value,
        0
    );
}

#[test]
fn no_solution_is_reported_as_none() {
    let problem = Queens::new(3).unwrap();
    let report = first_solution(&problem, QueensState::default(), &Budget::unlimited());
    assert!(report.is_complete());
    assert_eq!(report.value, None);
    assert!(report.stats.dead_ends > 0);
}

#[test]
fn statistics_follow_the_counting_rules() {
    let problem = Queens::new(6).unwrap();
    let report = count_solutions(&problem, QueensState::default(), u64::MAX, &Budget::unlimited());
    let s = report.stats;
    assert_eq!(s.leaves, 4);
    assert_eq!(s.max_depth, 6, "solutions sit at depth n");
    // Every non-root node is a child; every child of a branch point except the last is a guess.
    assert!(s.guesses >= s.branch_points);
    assert_eq!(
        s.nodes,
        s.leaves + s.dead_ends + s.branch_points + (s.nodes - s.leaves - s.dead_ends - s.branch_points)
    );
    assert!(s.nodes > s.leaves + s.dead_ends);
}

#[test]
fn subset_sum_matches_brute_force() {
    let items = vec![3, 34, 4, 12, 5, 2, 7, 8, 1, 9, 11, 6, 10, 13];
    for target in [0, 1, 9, 30, 50, 77, 200] {
        let problem = SubsetSum::new(items.clone(), target);
        let report = count_solutions(&problem, SubsetState::default(), u64::MAX, &Budget::unlimited());
        assert_eq!(Some(report.value), problem.brute_force_count(), "target {target}");
    }
}

#[test]
fn cycle_colourings_match_the_chromatic_polynomial() {
    for n in 1..=9u32 {
        for k in 1..=4u8 {
            let problem = GraphColouring::cycle(n as usize, k).unwrap();
            let report = count_solutions(&problem, Colouring::default(), u64::MAX, &Budget::unlimited());
            assert_eq!(
                Some(i128::from(report.value)),
                GraphColouring::cycle_colourings(n, u64::from(k)),
                "C{n}, {k} colours"
            );
        }
    }
    // The Petersen graph has chromatic number 3.
    let outer: Vec<_> = (0..5).map(|i| (i, (i + 1) % 5)).collect();
    let spokes: Vec<_> = (0..5).map(|i| (i, i + 5)).collect();
    let inner: Vec<_> = (0..5).map(|i| (5 + i, 5 + (i + 2) % 5)).collect();
    let edges: Vec<_> = outer.into_iter().chain(spokes).chain(inner).collect();
    let two = GraphColouring::new(10, &edges, 2).unwrap();
    assert_eq!(
        first_solution(&two, Colouring::default(), &Budget::unlimited()).value,
        None
    );
    let three = GraphColouring::new(10, &edges, 3).unwrap();
    assert!(
        first_solution(&three, Colouring::default(), &Budget::unlimited())
            .value
            .is_some()
    );
}

#[test]
fn fold_weighs_every_solution() {
    // Sum of the taken-item masks' popcounts over all subsets hitting the target.
    let problem = SubsetSum::new(vec![1, 2, 3, 4, 5, 6], 7);
    let report = fold_solutions(
        &problem,
        SubsetState::default(),
        &Budget::unlimited(),
        (0u64, 0u32),
        |acc, s| {
            acc.0 += 1;
            acc.1 += s.taken.count_ones();
        },
    );
    // {1,6} {2,5} {3,4} {1,2,4}: four subsets, 2+2+2+3 items.
    assert_eq!(report.value, (4, 9));
}

#[test]
fn node_budget_stops_with_statistics() {
    let problem = Queens::new(12).unwrap();
    let report = count_solutions(
        &problem,
        QueensState::default(),
        u64::MAX,
        &Budget::unlimited().with_node_limit(1000),
    );
    assert_eq!(report.stopped, Some(StopReason::NodeLimit));
    assert!(report.stats.nodes <= 1000 && report.stats.nodes > 900);
    assert_eq!(report.clone().into_result(), Err(StopReason::NodeLimit));
}

#[test]
fn cancellation_from_another_thread_stops_the_search() {
    let token = search_core::CancelToken::new();
    let budget = Budget::unlimited().with_cancel(token.clone());
    let problem = Queens::new(24).unwrap(); // far too big to finish
    let handle = std::thread::spawn(move || count_solutions(&problem, QueensState::default(), u64::MAX, &budget));
    std::thread::sleep(std::time::Duration::from_millis(50));
    token.cancel();
    let report = handle.join().unwrap();
    assert_eq!(report.stopped, Some(StopReason::Cancelled));
    assert!(report.stats.nodes > 0);
}

#[test]
fn deadline_stops_the_search() {
    let problem = Queens::new(24).unwrap();
    let budget = Budget::unlimited().with_time_limit(std::time::Duration::from_millis(20));
    let report = count_solutions(&problem, QueensState::default(), u64::MAX, &budget);
    assert_eq!(report.stopped, Some(StopReason::Deadline));
}

#[test]
fn subset_sums_past_u64_max_are_not_solutions() {
    // {MAX, 1} adds up to 2^64, not to MAX: only {MAX} itself meets the target.
    let problem = SubsetSum::new(vec![u64::MAX, 1], u64::MAX);
    let report = count_solutions(&problem, SubsetState::default(), u64::MAX, &Budget::unlimited());
    assert_eq!(report.value, 1);
    assert_eq!(problem.brute_force_count(), Some(1));
    let problem = SubsetSum::new(vec![u64::MAX, u64::MAX, 3], u64::MAX);
    let report = count_solutions(&problem, SubsetState::default(), u64::MAX, &Budget::unlimited());
    assert_eq!(Some(report.value), problem.brute_force_count());
    assert_eq!(report.value, 2);
}

#[test]
fn a_node_limit_that_fits_the_search_lets_it_finish() {
    let problem = Queens::new(6).unwrap();
    let full = count_solutions(&problem, QueensState::default(), u64::MAX, &Budget::unlimited());
    let needed = full.stats.nodes;
    let exact = count_solutions(
        &problem,
        QueensState::default(),
        u64::MAX,
        &Budget::unlimited().with_node_limit(needed),
    );
    assert!(exact.is_complete(), "{needed} nodes are enough: {:?}", exact.stopped);
    assert_eq!(exact.value, 4);
    assert_eq!(exact.stats.nodes, needed);
    let short = count_solutions(
        &problem,
        QueensState::default(),
        u64::MAX,
        &Budget::unlimited().with_node_limit(needed - 1),
    );
    assert_eq!(short.stopped, Some(StopReason::NodeLimit));
}

#[test]
fn small_cycles_and_loops_match_their_polynomial() {
    assert!(GraphColouring::cycle(0, 3).is_none());
    // A loop leaves no proper colouring.
    let looped = GraphColouring::new(2, &[(0, 1), (1, 1)], 3).unwrap();
    assert_eq!(
        count_solutions(&looped, Colouring::default(), u64::MAX, &Budget::unlimited()).value,
        0
    );
}

#[test]
fn cycle_colourings_beyond_i128_are_none() {
    // The 64-cycle with 32 colours is a graph `GraphColouring::cycle` accepts; 31^64 does not
    // fit an i128.
    assert!(GraphColouring::cycle(64, 32).is_some());
    assert_eq!(GraphColouring::cycle_colourings(64, 32), None);
    assert_eq!(GraphColouring::cycle_colourings(u32::MAX, u64::MAX), None);
    assert_eq!(GraphColouring::cycle_colourings(0, 3), None);
    assert_eq!(GraphColouring::cycle_colourings(25, 34), Some(33i128.pow(25) - 33));
}

#[test]
fn hand_made_roots_past_the_end_have_no_solution() {
    let budget = Budget::unlimited();
    let colouring = GraphColouring::cycle(3, 3).unwrap();
    let long = Colouring {
        colours: vec![0, 1, 2, 0, 1],
    };
    assert_eq!(count_solutions(&colouring, long, u64::MAX, &budget).value, 0);
    let subset = SubsetSum::new(vec![1, 2, 3], 3);
    let past = SubsetState {
        decided: 7,
        ..SubsetState::default()
    };
    assert_eq!(count_solutions(&subset, past, u64::MAX, &budget).value, 0);
    let queens = Queens::new(4).unwrap();
    let past = QueensState {
        row: 30,
        ..QueensState::default()
    };
    assert_eq!(count_solutions(&queens, past, u64::MAX, &budget).value, 0);
}
