//! The `serde` feature: reports survive a JSON round trip, and their form is stable.
#![cfg(feature = "serde")]

use std::time::Duration;

use search_core::toys::{Queens, QueensState};
use search_core::{Budget, Report, SearchStats, StopReason, count_solutions};

#[test]
fn a_stopped_report_round_trips_through_json() {
    let report = count_solutions(
        &Queens::new(8).expect("8 queens"),
        QueensState::default(),
        u64::MAX,
        &Budget::unlimited().with_node_limit(50),
    );
    assert_eq!(report.stopped, Some(StopReason::NodeLimit));
    let json = serde_json::to_string(&report).expect("serialize");
    let back: Report<u64> = serde_json::from_str(&json).expect("deserialize");
    assert_eq!(back, report);
}

#[test]
fn the_json_form_is_the_documented_one() {
    let stats = SearchStats {
        nodes: 7,
        leaves: 3,
        max_depth: 2,
        branch_points: 1,
        guesses: 1,
        dead_ends: 2,
        elapsed: Duration::from_millis(1500),
    };
    let report = Report {
        value: 5u64,
        stats,
        stopped: Some(StopReason::Deadline),
    };
    assert_eq!(
        serde_json::to_value(&report).expect("serialize"),
        serde_json::json!({
            "value": 5,
            "stats": {"nodes": 7, "leaves": 3, "max_depth": 2, "branch_points": 1, "guesses": 1,
                      "dead_ends": 2, "elapsed": {"secs": 1, "nanos": 500_000_000}},
            "stopped": "deadline"
        })
    );
    for (reason, name) in [
        (StopReason::NodeLimit, "node_limit"),
        (StopReason::Cancelled, "cancelled"),
    ] {
        assert_eq!(
            serde_json::to_value(reason).expect("serialize"),
            serde_json::json!(name)
        );
    }
    // An unknown reason is an error that names it, not a default.
    let err = serde_json::from_str::<StopReason>("\"out_of_memory\"").expect_err("unknown variant");
    assert!(err.to_string().contains("out_of_memory"), "{err}");
}
