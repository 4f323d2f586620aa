//! The `serde` feature: grids, layouts and names survive a JSON round trip, and a document
//! that describes no valid grid is refused with the parser's own error.
#![cfg(feature = "serde")]

use proptest::prelude::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use sudoku_core::generate::{GenerateOptions, Generator};
use sudoku_core::grading::Difficulty;
use sudoku_core::{Grid, Inference, Layout, Strategy};

const PUZZLE: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

#[test]
fn grids_of_every_layout_round_trip() {
    let nine = Grid::parse_line(PUZZLE).expect("puzzle");
    let json = serde_json::to_value(&nine).expect("serialize");
    assert_eq!(json, serde_json::json!({"box_rows": 3, "box_cols": 3, "cells": PUZZLE}));
    assert_eq!(serde_json::from_value::<Grid>(json).expect("deserialize"), nine);
    // Layouts the line parser cannot tell by length alone (8×8 with 2×4 boxes, 12×12 with
    // 3×4) and the largest, 25×25.
    for (rows, cols) in [(2, 4), (4, 2), (3, 4), (5, 5), (1, 1)] {
        let layout = Layout::new(rows, cols).expect("layout");
        let grid = Grid::empty(layout).with(0, 1).expect("a digit in the corner");
        let text = serde_json::to_string(&grid).expect("serialize");
        assert_eq!(
            serde_json::from_str::<Grid>(&text).expect("deserialize"),
            grid,
            "{text}"
        );
        let layout_text = serde_json::to_string(&layout).expect("serialize");
        assert_eq!(
            serde_json::from_str::<Layout>(&layout_text).expect("deserialize"),
            layout
        );
    }
}

#[test]
fn invalid_documents_get_the_parsers_errors() {
    let err = |json: &str| serde_json::from_str::<Grid>(json).expect_err(json).to_string();
    // A digit repeated in the first row names both cells.
    let conflict = format!(
        "{{\"box_rows\": 3, \"box_cols\": 3, \"cells\": \"55{}\"}}",
        &PUZZLE[2..]
    );
    assert!(err(&conflict).contains("r1c1"), "{}", err(&conflict));
    let short = r#"{"box_rows": 3, "box_cols": 3, "cells": "123"}"#;
    assert!(err(short).contains("81"), "{}", err(short));
    let wide = r#"{"box_rows": 6, "box_cols": 6, "cells": ""}"#;
    assert!(err(wide).contains('6'), "{}", err(wide));
    let extra = r#"{"box_rows": 2, "box_cols": 2, "cells": "................", "givens": 0}"#;
    assert!(err(extra).contains("givens"), "{}", err(extra));
    let zero = serde_json::from_str::<Layout>(r#"{"box_rows": 0, "box_cols": 3}"#);
    assert!(zero.is_err());
}

#[test]
fn names_round_trip_and_unknown_names_are_refused() {
    for strategy in Strategy::ALL {
        let json = serde_json::to_string(&strategy).expect("serialize");
        assert_eq!(json, format!("\"{strategy}\""));
        assert_eq!(serde_json::from_str::<Strategy>(&json).expect("deserialize"), strategy);
    }
    for inference in Inference::ALL {
        let json = serde_json::to_string(&inference).expect("serialize");
        assert_eq!(
            serde_json::from_str::<Inference>(&json).expect("deserialize"),
            inference
        );
    }
    for difficulty in Difficulty::ALL {
        let json = serde_json::to_string(&difficulty).expect("serialize");
        assert_eq!(
            serde_json::from_str::<Difficulty>(&json).expect("deserialize"),
            difficulty
        );
    }
    assert_eq!(
        serde_json::to_string(&Inference::Triads).expect("serialize"),
        "\"triads\""
    );
    let err = serde_json::from_str::<Strategy>("\"fastest\"").expect_err("unknown");
    assert!(err.to_string().contains("fastest"), "{err}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Any grid of any layout up to 16 digits (a solution grid with random cells emptied)
    /// comes back equal from JSON.
    #[test]
    fn any_grid_round_trips(box_rows in 1usize..=4, box_cols in 1usize..=4, seed: u64, keep in 0u32..=100) {
        let layout = Layout::new(box_rows, box_cols).expect("layout");
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let solution = Generator::new(layout, GenerateOptions::default()).solution_grid(&mut rng);
        let values = solution
            .values()
            .iter()
            .map(|&v| if rand::RngExt::random_range(&mut rng, 0..100u32) < keep { v } else { 0 })
            .collect();
        let grid = Grid::from_values(layout, values).expect("a subgrid of a solution");
        let text = serde_json::to_string(&grid).expect("serialize");
        prop_assert_eq!(serde_json::from_str::<Grid>(&text).expect("deserialize"), grid);
    }
}
