//! Arbitrary text through the Minesweeper board parser: it never panics; a board it accepts
//! prints back to the same canonical text, and its exact probabilities either fail with a
//! typed error or lie in [0, 1], sum to the mines left, and match brute force when small.
#![no_main]

use automine_core::{
    BRUTE_FORCE_LIMIT, PlayerView, brute_force_probabilities, exact_probabilities, teacher_probabilities,
};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(view) = text.parse::<PlayerView>() else { return };
    let canonical = view.to_string();
    let again: PlayerView = canonical.parse().expect("printed boards parse");
    assert_eq!(again, view);
    if view.dims().cell_count() > 400 {
        return;
    }
    let exact = exact_probabilities(&view);
    if let Ok(map) = &exact {
        assert!(map.covered().all(|(_, p)| (0.0..=1.0).contains(&p)));
        let left = f64::from(view.mines_left());
        assert!((map.expected_mines() - left).abs() <= 1e-6 * left.max(1.0));
    }
    if let Ok(map) = teacher_probabilities(&view) {
        assert!(map.covered().all(|(_, p)| (0.0..=1.0).contains(&p)));
    }
    if view.covered_count() <= BRUTE_FORCE_LIMIT.min(16) {
        match (exact, brute_force_probabilities(&view)) {
            (Ok(a), Ok(b)) => {
                for ((_, x), (_, y)) in a.covered().zip(b.covered()) {
                    assert!((x - y).abs() < 1e-9);
                }
            }
            (Err(_), Err(_)) => {}
            (a, b) => panic!("exact {a:?} vs brute force {b:?}"),
        }
    }
});
