//! Arbitrary text through the Sudoku parsers: never a panic; whatever parses prints back to
//! itself, has no repeated digit in a house, and its error messages are non-empty.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_core::Grid;

fuzz_target!(|text: &str| {
    for parsed in [Grid::parse_line(text), Grid::parse_grid(text), text.parse::<Grid>()] {
        match parsed {
            Ok(grid) => {
                assert_eq!(Grid::parse_line(&grid.to_line()).as_ref(), Ok(&grid));
                assert_eq!(Grid::parse_grid(&grid.to_pretty()).as_ref(), Ok(&grid));
                // Re-validating the values finds no conflict.
                assert!(Grid::from_values(grid.layout(), grid.values().to_vec()).is_ok());
            }
            Err(err) => assert!(!err.to_string().is_empty()),
        }
    }
});
