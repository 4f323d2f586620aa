//! The parallel split gives the sequential answers, for every thread count.
#![cfg(feature = "parallel")]

use proptest::prelude::*;
use search_core::parallel::{par_count_solutions, par_first_solution, par_fold_solutions};
use search_core::toys::{Queens, QueensState, SubsetState, SubsetSum};
use search_core::{Budget, StopReason, count_solutions, first_solution, fold_solutions};

fn in_pool<T: Send>(threads: usize, f: impl FnOnce() -> T + Send) -> T {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap()
        .install(f)
}

#[test]
fn queens_parallel_equals_sequential() {
    for n in 1..=10 {
        let problem = Queens::new(n).unwrap();
        let seq = count_solutions(&problem, QueensState::default(), u64::MAX, &Budget::unlimited());
        let first = first_solution(&problem, QueensState::default(), &Budget::unlimited());
        for threads in [1, 2, 4] {
            let par = in_pool(threads, || {
                par_count_solutions(&problem, QueensState::default(), u64::MAX, &Budget::unlimited())
            });
            assert_eq!(par.value, seq.value, "n = {n}, {threads} threads");
            // A full enumeration visits exactly the same nodes, however it is split.
            assert_eq!(par.stats.nodes, seq.stats.nodes);
            assert_eq!(par.stats.leaves, seq.stats.leaves);
            assert_eq!(par.stats.dead_ends, seq.stats.dead_ends);
            let par_first = in_pool(threads, || {
                par_first_solution(&problem, QueensState::default(), &Budget::unlimited())
            });
            assert_eq!(par_first.value, first.value, "n = {n}");
            for limit in [1, 2, 5] {
                let seq_l = count_solutions(&problem, QueensState::default(), limit, &Budget::unlimited()).value;
                let par_l = in_pool(threads, || {
                    par_count_solutions(&problem, QueensState::default(), limit, &Budget::unlimited()).value
                });
                assert_eq!(par_l, seq_l);
            }
        }
    }
}

#[test]
fn parallel_node_budget_stops() {
    let problem = Queens::new(14).unwrap();
    let budget = Budget::unlimited().with_node_limit(20_000);
    let report = in_pool(2, || {
        par_count_solutions(&problem, QueensState::default(), u64::MAX, &budget)
    });
    assert_eq!(report.stopped, Some(StopReason::NodeLimit));
    assert!(report.stats.nodes < 20_000 + 2 * 256 * 64);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn subset_sum_parallel_equals_sequential(items in prop::collection::vec(0u64..40, 0..16), target in 0u64..200, threads in 1usize..4) {
        let problem = SubsetSum::new(items, target);
        let seq = count_solutions(&problem, SubsetState::default(), u64::MAX, &Budget::unlimited());
        prop_assert_eq!(Some(seq.value), problem.brute_force_count());
        let par = in_pool(threads, || par_count_solutions(&problem, SubsetState::default(), u64::MAX, &Budget::unlimited()));
        prop_assert_eq!(par.value, seq.value);
        let seq_first = first_solution(&problem, SubsetState::default(), &Budget::unlimited()).value;
        let par_first = in_pool(threads, || par_first_solution(&problem, SubsetState::default(), &Budget::unlimited()).value);
        prop_assert_eq!(par_first, seq_first);
        let seq_fold = fold_solutions(&problem, SubsetState::default(), &Budget::unlimited(), 0u64, |a, s| *a += s.taken).value;
        let par_fold = in_pool(threads, || par_fold_solutions(&problem, SubsetState::default(), &Budget::unlimited(), || 0u64, |a, s| *a += s.taken, |a, b| a + b).value);
        prop_assert_eq!(par_fold, seq_fold);
    }
}
