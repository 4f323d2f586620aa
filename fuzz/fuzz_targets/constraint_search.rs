//! Arbitrary subset-sum instances and budgets through the constraint search: the count equals
//! brute force, the first solution is a real solution, and a budgeted search never runs past
//! its node limit or claims completeness wrongly.
#![no_main]

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use search_core::toys::{SubsetState, SubsetSum};
use search_core::{Budget, count_solutions, first_solution};

#[derive(Debug, Arbitrary)]
struct Input {
    items: Vec<u8>,
    target: u16,
    node_limit: Option<u16>,
    limit: u8,
}

fuzz_target!(|input: Input| {
    let items: Vec<u64> = input.items.iter().take(14).map(|&v| u64::from(v)).collect();
    let problem = SubsetSum::new(items.clone(), u64::from(input.target));
    let oracle = problem.brute_force_count().unwrap_or(0);
    let full = count_solutions(&problem, SubsetState::default(), u64::MAX, &Budget::unlimited());
    assert!(full.is_complete());
    assert_eq!(full.value, oracle);
    let limit = u64::from(input.limit);
    let limited = count_solutions(&problem, SubsetState::default(), limit, &Budget::unlimited());
    assert_eq!(limited.value, oracle.min(limit));
    if let Some(first) = first_solution(&problem, SubsetState::default(), &Budget::unlimited()).value {
        let sum: u64 = (0..items.len())
            .filter(|i| first.taken >> i & 1 == 1)
            .map(|i| items[i])
            .sum();
        assert_eq!(sum, u64::from(input.target));
    } else {
        assert_eq!(oracle, 0);
    }
    if let Some(nodes) = input.node_limit {
        let budget = Budget::unlimited().with_node_limit(u64::from(nodes));
        let report = count_solutions(&problem, SubsetState::default(), u64::MAX, &budget);
        // A node limit of N grants N nodes: a search that needs exactly N finishes, one that
        // needs more stops having counted N (0: stops at once).
        assert!(report.stats.nodes <= u64::from(nodes));
        if report.is_complete() {
            assert_eq!(report.value, oracle);
        } else {
            assert_eq!(report.stats.nodes, u64::from(nodes));
            assert!(report.value <= oracle);
        }
    }
});
