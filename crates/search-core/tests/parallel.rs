//! The parallel split gives the sequential answers, for every thread count.
#![cfg(feature = "parallel")]

use proptest::prelude::*;
use search_core::parallel::{SPLIT_SUBTREES, ordered_map, par_count_solutions, par_first_solution, par_fold_solutions};
use search_core::toys::{Queens, QueensState, SubsetState, SubsetSum};
use search_core::{
    Budget, ConstraintProblem, Propagation, SearchSpace, StopReason, count_solutions, first_solution, fold_solutions,
};
use std::sync::atomic::{AtomicUsize, Ordering};

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

/// Every string of `len` bits, each a solution; a string read as a binary number `k`.
struct Bits {
    len: u32,
}

impl SearchSpace for Bits {
    type State = (u32, u64);
    type Choice = u64;
    fn choices(&self, _: &(u32, u64), out: &mut Vec<u64>) {
        out.extend([0, 1]);
    }
    fn apply(&self, (len, k): &mut (u32, u64), bit: u64) {
        *len += 1;
        *k = *k * 2 + bit;
    }
}

impl ConstraintProblem for Bits {
    fn propagate(&self, &mut (len, _): &mut (u32, u64)) -> Propagation {
        if len == self.len {
            Propagation::Solved
        } else {
            Propagation::Open
        }
    }
}

#[test]
fn float_folds_are_bit_identical_for_every_thread_count() {
    // 2^16 solutions worth 1/(k+1) and 0.1·k: sums whose rounding depends on how they are
    // grouped, so equal bits mean the same subtrees combined in the same order.
    let problem = Bits { len: 16 };
    let fold = |threads: usize| {
        in_pool(threads, || {
            par_fold_solutions(
                &problem,
                (0, 0),
                &Budget::unlimited(),
                || (0.0f64, 0.0f64),
                |(harmonic, tenths), &(_, k)| {
                    *harmonic += 1.0 / (k as f64 + 1.0);
                    *tenths += 0.1 * k as f64;
                },
                |a, b| (a.0 + b.0, a.1 + b.1),
            )
        })
    };
    let one = fold(1);
    assert!(one.is_complete());
    let sequential = fold_solutions(&problem, (0, 0), &Budget::unlimited(), 0.0f64, |h, &(_, k)| {
        *h += 1.0 / (k as f64 + 1.0);
    });
    assert!((one.value.0 - sequential.value).abs() < 1e-9);
    for threads in [2, 3] {
        let other = fold(threads);
        assert_eq!(
            other.value.0.to_bits(),
            one.value.0.to_bits(),
            "1/(k+1), {threads} threads"
        );
        assert_eq!(
            other.value.1.to_bits(),
            one.value.1.to_bits(),
            "0.1·k, {threads} threads"
        );
        assert_eq!(other.stats.nodes, one.stats.nodes);
    }
    assert_eq!(SPLIT_SUBTREES, 32);
}

#[test]
fn ordered_map_keeps_input_order_for_every_thread_count() {
    let items: Vec<u64> = (0..1_000).collect();
    // Uneven jobs, so threads finish out of order.
    let job = |&i: &u64| Ok::<u64, ()>((0..(i * 7919) % 5_000).fold(i, |a, b| a.wrapping_mul(31) ^ b));
    let reference: Vec<u64> = items.iter().map(|i| job(i).unwrap()).collect();
    for threads in [0, 1, 2, 3] {
        let done = AtomicUsize::new(0);
        let results = ordered_map(&items, threads, job, || {
            done.fetch_add(1, Ordering::Relaxed);
        });
        assert_eq!(results, Ok(reference.clone()), "{threads} threads");
        assert_eq!(done.load(Ordering::Relaxed), items.len(), "on_done once per item");
        // Inside a pool of that size, and inside a pool of another size.
        for pool in [threads.max(1), 2] {
            assert_eq!(
                in_pool(pool, || ordered_map(&items, threads, job, || ())),
                Ok(reference.clone())
            );
        }
    }
    assert_eq!(ordered_map(Vec::<u64>::new(), 2, Ok::<_, ()>, || ()), Ok(Vec::new()));
}

#[test]
fn ordered_map_returns_the_lowest_failing_item() {
    // Items from 500 on fail at once, while item 137, the lowest failure, is slow to fail:
    // the error must still be 137's.
    let job = |i: usize| {
        if i == 137 {
            std::thread::sleep(std::time::Duration::from_millis(50));
            return Err(format!("item {i}"));
        }
        if i >= 500 { Err(format!("item {i}")) } else { Ok(i * 2) }
    };
    for threads in [1, 2, 3] {
        let done = AtomicUsize::new(0);
        let result = ordered_map(0..1_000, threads, job, || {
            done.fetch_add(1, Ordering::Relaxed);
        });
        assert_eq!(result, Err("item 137".to_string()), "{threads} threads");
        // Every item before the lowest failure ran.
        assert!(done.load(Ordering::Relaxed) >= 138);
    }
    // On one thread nothing after the first failure runs.
    let done = AtomicUsize::new(0);
    let _ = ordered_map(0..1_000, 1, job, || {
        done.fetch_add(1, Ordering::Relaxed);
    });
    assert_eq!(done.load(Ordering::Relaxed), 138);
}

#[test]
fn ordered_map_gives_the_same_results_on_1_2_and_3_threads() {
    // Results derived from the index only (a seeded job), as the callers use it.
    let job = |i: usize| Ok::<_, ()>((i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(17));
    let one = ordered_map(0..10_000, 1, job, || ()).unwrap();
    assert_eq!(one.len(), 10_000);
    for threads in [2, 3] {
        assert_eq!(ordered_map(0..10_000, threads, job, || ()).unwrap(), one);
    }
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
