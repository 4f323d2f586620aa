//! Unusual arguments to public functions: typed errors or documented answers, never an
//! arithmetic overflow.

use adversarial_core::games::connect4::{Position, benchmark_score};
use adversarial_core::games::mnk::{MnkError, MnkGame};
use adversarial_core::{Outcome, Side, Utility};

#[test]
fn mnk_board_size_error_displays_for_huge_sides() {
    let err = MnkGame::new(u32::MAX, u32::MAX, 3).unwrap_err();
    assert!(matches!(err, MnkError::BoardSize { .. }));
    assert_eq!(
        err.to_string(),
        "a 4294967295x4294967295 board has 18446744065119617025 cells; 1 to 64 are supported"
    );
}

#[test]
fn utility_score_of_a_huge_ply_stays_a_win_within_bounds() {
    for ply in [1u32 << 31, u32::MAX, 2_000_000] {
        let win = Utility::DISTANCE.score(Outcome::Win(Side::First), ply, Side::First);
        let loss = Utility::DISTANCE.score(Outcome::Win(Side::First), ply, Side::Second);
        assert_eq!((win, loss), (1, -1), "ply {ply}");
    }
    // Ordinary plies are unchanged.
    assert_eq!(
        Utility::DISTANCE.score(Outcome::Win(Side::Second), 7, Side::Second),
        999_993
    );
}

#[test]
fn benchmark_score_of_values_outside_the_utility_keeps_the_sign_and_range() {
    // In range: a win with the 4th stone at ply 7 scores 22 - 4.
    assert_eq!(benchmark_score(Utility::DISTANCE, 1_000_000 - 7), 18);
    assert_eq!(benchmark_score(Utility::DISTANCE, -(1_000_000 - 7)), -18);
    for value in [i32::MIN, i32::MIN + 1, -2_000_000, 2_000_000, i32::MAX, 1, -1, 5] {
        let score = benchmark_score(Utility::DISTANCE, value);
        assert_eq!(score.signum(), value.signum(), "value {value}");
        assert!((1..=22).contains(&score.abs()), "value {value}: score {score}");
    }
}

#[test]
#[should_panic(expected = "column 7 is off the board or full")]
fn play_column_off_the_board_panics_in_every_build() {
    let mut position = Position::new();
    position.play_column(7);
}

#[test]
#[should_panic(expected = "column 0 is off the board or full")]
fn play_column_into_a_full_column_panics_in_every_build() {
    let mut position = Position::parse("111111").unwrap();
    position.play_column(0);
}
