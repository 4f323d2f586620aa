//! Budgeted generation: a budget that runs out gives a typed error naming the stop and the
//! nodes spent (never a panic or a different puzzle); a budget that suffices gives exactly the
//! puzzle of the unbudgeted call.

use std::time::{Duration, Instant};

use proptest::prelude::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use search_core::{Budget, CancelToken, StopReason};
use sudoku_core::generate::{GenerateOptions, Generator};
use sudoku_core::grading::{Difficulty, generate_graded, rate, try_generate_graded};
use sudoku_core::{GenerateError, Layout, Solver};

fn all_options() -> [GenerateOptions; 4] {
    [(false, false), (false, true), (true, false), (true, true)]
        .map(|(symmetric, minimal)| GenerateOptions { symmetric, minimal })
}

#[test]
fn a_tiny_node_budget_is_a_typed_error_on_every_size() {
    for (layout, limit) in [
        (Layout::FOUR, 3),
        (Layout::new(2, 3).unwrap(), 10),
        (Layout::NINE, 50),
        (Layout::SIXTEEN, 1_000),
        (Layout::TWENTY_FIVE, 1_000),
    ] {
        let generator = Generator::new(layout, GenerateOptions::default());
        let budget = Budget::unlimited().with_node_limit(limit);
        let err = generator.try_generate(1, &budget).unwrap_err();
        assert_eq!(
            err,
            GenerateError::Stopped {
                reason: StopReason::NodeLimit,
                nodes: limit
            },
            "{layout:?}"
        );
        assert_eq!(
            err.to_string(),
            format!("stopped (node limit reached) after {limit} nodes")
        );
    }
    // A limit of 0 stops before the first node.
    let generator = Generator::new(Layout::NINE, GenerateOptions::default());
    assert_eq!(
        generator.try_generate(1, &Budget::unlimited().with_node_limit(0)),
        Err(GenerateError::Stopped {
            reason: StopReason::NodeLimit,
            nodes: 0
        })
    );
}

#[test]
fn an_ample_budget_gives_the_unbudgeted_puzzle() {
    let ample = Budget::unlimited()
        .with_node_limit(100_000_000)
        .with_time_limit(Duration::from_secs(3_600))
        .with_cancel(CancelToken::new());
    for layout in [
        Layout::FOUR,
        Layout::new(2, 3).unwrap(),
        Layout::new(3, 2).unwrap(),
        Layout::NINE,
    ] {
        for options in all_options() {
            let generator = Generator::new(layout, options);
            for seed in 0..12 {
                let mut a = ChaCha8Rng::seed_from_u64(seed);
                let mut b = ChaCha8Rng::seed_from_u64(seed);
                assert_eq!(
                    generator.try_generate_with(&mut a, &ample),
                    Ok(generator.generate_with(&mut b)),
                    "{layout:?} {options:?} seed {seed}"
                );
                // The rng advanced the same way: the next puzzle is the same too.
                assert_eq!(a, b);
            }
        }
    }
    let generator = Generator::new(Layout::SIXTEEN, GenerateOptions::default());
    assert_eq!(generator.try_generate(2, &ample), Ok(generator.generate(2)));
}

#[test]
fn a_past_deadline_or_a_raised_flag_stops_at_once() {
    let generator = Generator::new(Layout::NINE, GenerateOptions::default());
    let past = Budget::unlimited().with_deadline(Instant::now());
    assert!(matches!(
        generator.try_generate(4, &past),
        Err(GenerateError::Stopped {
            reason: StopReason::Deadline,
            ..
        })
    ));
    let token = CancelToken::new();
    token.cancel();
    assert_eq!(
        generator.try_generate(4, &Budget::unlimited().with_cancel(token)),
        Err(GenerateError::Stopped {
            reason: StopReason::Cancelled,
            nodes: 0
        })
    );
}

#[test]
fn a_25_by_25_generation_is_cancelled_from_another_thread() {
    // Unbudgeted, this puzzle takes minutes; the flag stops it within one search. The node
    // limit is only a safety net for the test (a few seconds of search).
    let generator = Generator::new(Layout::TWENTY_FIVE, GenerateOptions::default());
    let token = CancelToken::new();
    let budget = Budget::unlimited().with_cancel(token.clone()).with_node_limit(200_000);
    let canceller = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(20));
        token.cancel();
    });
    let result = generator.try_generate(0, &budget);
    canceller.join().unwrap();
    match result {
        Err(GenerateError::Stopped { reason, nodes }) => {
            assert_eq!(reason, StopReason::Cancelled);
            assert!(nodes < 200_000);
        }
        other => panic!("expected a cancellation, got {other:?}"),
    }
}

#[test]
fn graded_generation_charges_every_attempt_to_one_budget() {
    let generator = Generator::new(
        Layout::NINE,
        GenerateOptions {
            symmetric: false,
            minimal: true,
        },
    );
    let ample = Budget::unlimited().with_node_limit(u64::MAX);
    for seed in 0..3 {
        let mut a = ChaCha8Rng::seed_from_u64(seed);
        let mut b = ChaCha8Rng::seed_from_u64(seed);
        assert_eq!(
            try_generate_graded(&generator, Difficulty::Medium, &mut a, 200, &ample),
            Ok(generate_graded(&generator, Difficulty::Medium, &mut b, 200))
        );
    }
    // One minimal puzzle takes a few hundred nodes: 20 attempts cannot fit in 2,000.
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let tight = Budget::unlimited().with_node_limit(2_000);
    assert_eq!(
        try_generate_graded(&generator, Difficulty::Extreme, &mut rng, 20, &tight),
        Err(GenerateError::Stopped {
            reason: StopReason::NodeLimit,
            nodes: 2_000
        })
    );
}

/// The smallest node limit under which `fits` holds (it holds for every larger one).
fn smallest_limit(fits: impl Fn(u64) -> bool) -> u64 {
    let (mut low, mut high) = (0u64, 10_000_000u64);
    assert!(fits(high), "no limit up to {high} fits");
    while low < high {
        let mid = low + (high - low) / 2;
        if fits(mid) { high = mid } else { low = mid + 1 }
    }
    low
}

#[test]
fn graded_generation_charges_the_rating_search_too() {
    let generator = Generator::new(
        Layout::NINE,
        GenerateOptions {
            symmetric: false,
            minimal: true,
        },
    );
    // The first seed whose first puzzle leaves the techniques stuck: rating it runs a search.
    let (seed, puzzle) = (0..1_000u64)
        .map(|seed| (seed, generator.generate_with(&mut ChaCha8Rng::seed_from_u64(seed))))
        .find(|(_, puzzle)| !rate(puzzle).unwrap().solved_by_techniques)
        .expect("a stuck puzzle among 1,000 seeds");
    assert!(rate(&puzzle).unwrap().guesses > 0);
    let limited = |limit: u64| Budget::unlimited().with_node_limit(limit);
    let generation = smallest_limit(|limit| {
        generator
            .try_generate_with(&mut ChaCha8Rng::seed_from_u64(seed), &limited(limit))
            .is_ok()
    });
    let graded_with = |limit: u64| {
        try_generate_graded(
            &generator,
            Difficulty::Extreme,
            &mut ChaCha8Rng::seed_from_u64(seed),
            1,
            &limited(limit),
        )
    };
    let graded = smallest_limit(|limit| graded_with(limit).is_ok());
    // The rating's search needs nodes of its own, and a limit just short of them stops it.
    assert!(graded > generation, "graded {graded}, generation alone {generation}");
    assert_eq!(graded_with(graded), Ok(Some(puzzle)));
    assert_eq!(
        graded_with(graded - 1),
        Err(GenerateError::Stopped {
            reason: StopReason::NodeLimit,
            nodes: graded - 1
        })
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Whatever the node limit, the answer is the seed's puzzle or a node-limit stop that
    /// spent at most the limit; and the puzzle is unique.
    #[test]
    fn a_node_limit_never_changes_the_puzzle(
        seed in any::<u64>(),
        limit in 0u64..600,
        symmetric in any::<bool>(),
        minimal in any::<bool>(),
    ) {
        let generator = Generator::new(Layout::NINE, GenerateOptions { symmetric, minimal });
        match generator.try_generate(seed, &Budget::unlimited().with_node_limit(limit)) {
            Ok(puzzle) => {
                prop_assert_eq!(&puzzle, &generator.generate(seed));
                prop_assert!(Solver::default().is_unique(&puzzle).value);
                // A larger limit finishes too.
                prop_assert_eq!(
                    generator.try_generate(seed, &Budget::unlimited().with_node_limit(limit + 1)),
                    Ok(puzzle)
                );
            }
            Err(GenerateError::Stopped { reason, nodes }) => {
                prop_assert_eq!(reason, StopReason::NodeLimit);
                prop_assert!(nodes <= limit);
            }
            Err(other) => prop_assert!(false, "unexpected error {other:?}"),
        }
    }
}
