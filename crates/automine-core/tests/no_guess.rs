//! No-guess boards: solved from the first click by certainties alone (checked by the exact
//! player, independently of the generator), the first-click rule kept, the same seed giving
//! the same board, and budgets and hopeless settings giving typed errors.

use std::time::{Duration, Instant};

use automine_core::no_guess::{NO_GUESS_MAX_ATTEMPTS, attempt_seed, solves_without_guessing};
use automine_core::player::exact::{ExactPlayer, PlayerOptions};
use automine_core::search_core::{Budget, CancelToken, StopReason};
use automine_core::{
    Col, Dims, FirstClick, Game, GameSettings, GameStatus, Height, MineLayout, NoGuessError, PlayError, Player, Pos,
    Preset, Row, Width, exact_probabilities, no_guess_layout,
};

fn centre(settings: GameSettings) -> Pos {
    let dims = settings.dims();
    Pos::new(Col(dims.width().0 / 2), Row(dims.height().0 / 2))
}

/// Plays `layout` from `first` with the exact player and asserts that it wins and that
/// every cell it opens has exact P(mine) = 0 in the position it is opened from.
fn assert_no_guess(settings: GameSettings, layout: &MineLayout, first: Pos) {
    let mut game = Game::with_layout(settings, layout.clone()).unwrap();
    game.reveal(first).unwrap();
    let mut player = ExactPlayer::new(PlayerOptions::new(settings.first_click()));
    let mut moves = 0;
    while game.status() == GameStatus::Playing {
        let pos = player.choose(game.view()).unwrap();
        let map = exact_probabilities(game.view()).unwrap();
        assert_eq!(map.get(pos), Some(0.0), "move {moves} at {pos} is a guess");
        game.reveal(pos).unwrap();
        moves += 1;
    }
    assert_eq!(game.status(), GameStatus::Won);
}

/// Whether opening every exactly-certain safe cell, recomputing the exact map after each
/// round (no flags, no shortcut), wins `layout` from `first`.
fn wins_by_exact_certainties(settings: GameSettings, layout: &MineLayout, first: Pos) -> bool {
    let dims = settings.dims();
    let mut game = Game::with_layout(settings, layout.clone()).unwrap();
    game.reveal(first).unwrap();
    while game.status() == GameStatus::Playing {
        let map = exact_probabilities(game.view()).unwrap();
        let safe: Vec<_> = map.certain_safe().collect();
        if safe.is_empty() {
            return false;
        }
        for id in safe {
            if game.status() == GameStatus::Playing {
                game.reveal(dims.pos(id)).unwrap();
            }
        }
    }
    game.status() == GameStatus::Won
}

/// The first click is protected as the settings' rule says.
fn assert_first_click_rule(settings: GameSettings, layout: &MineLayout, first: Pos) {
    let dims = settings.dims();
    let id = dims.id(first).unwrap();
    assert!(!layout.is_mine(id), "the first click is a mine");
    if settings.first_click() == FirstClick::Opening {
        assert_eq!(layout.number(id), 0, "the first click is no opening");
    }
}

fn check_preset(preset: Preset, rule: FirstClick, seeds: std::ops::Range<u64>) {
    let settings = preset.settings(rule);
    let first = centre(settings);
    for seed in seeds {
        let found = no_guess_layout(settings, seed, first, &Budget::unlimited()).unwrap();
        assert!(found.attempts >= 1);
        assert_eq!(found.layout.mine_count(), settings.mines() as usize);
        assert_first_click_rule(settings, &found.layout, first);
        assert_no_guess(settings, &found.layout, first);
        // The documented derivation of the accepted attempt.
        let again = MineLayout::generate(settings, attempt_seed(seed, found.attempts - 1), first).unwrap();
        assert_eq!(again, found.layout);
    }
}

#[test]
fn beginner_boards_are_no_guess() {
    check_preset(Preset::Beginner, FirstClick::Opening, 0..12);
    check_preset(Preset::Beginner, FirstClick::Safe, 0..6);
    check_preset(Preset::Beginner, FirstClick::Any, 0..6);
}

#[test]
fn intermediate_boards_are_no_guess() {
    check_preset(Preset::Intermediate, FirstClick::Opening, 0..6);
    check_preset(Preset::Intermediate, FirstClick::Safe, 0..3);
}

#[test]
fn expert_boards_are_no_guess() {
    check_preset(Preset::Expert, FirstClick::Opening, 0..10);
    check_preset(Preset::Expert, FirstClick::Safe, 0..3);
}

#[test]
fn a_corner_first_click_works_too() {
    let settings = Preset::Intermediate.settings(FirstClick::Opening);
    let first = Pos::new(Col(0), Row(0));
    let found = no_guess_layout(settings, 5, first, &Budget::unlimited()).unwrap();
    assert_first_click_rule(settings, &found.layout, first);
    assert_no_guess(settings, &found.layout, first);
}

#[test]
fn same_seed_same_board_other_seed_other_board() {
    let settings = Preset::Intermediate.settings(FirstClick::Opening);
    let first = centre(settings);
    let a = no_guess_layout(settings, 9, first, &Budget::unlimited()).unwrap();
    let b = no_guess_layout(settings, 9, first, &Budget::unlimited()).unwrap();
    let c = no_guess_layout(settings, 10, first, &Budget::unlimited()).unwrap();
    assert_eq!(a, b);
    assert_ne!(a.layout, c.layout);
}

#[test]
fn the_check_agrees_with_plain_exact_play() {
    // Every attempt before the accepted one needs a guess, and the checker agrees with
    // plain exact play on accepted and rejected layouts alike.
    for (preset, rule, seeds) in [
        (Preset::Expert, FirstClick::Safe, 0..4),
        (Preset::Intermediate, FirstClick::Safe, 0..10),
        (Preset::Beginner, FirstClick::Any, 0..10),
    ] {
        let settings = preset.settings(rule);
        let first = centre(settings);
        for seed in seeds {
            let found = no_guess_layout(settings, seed, first, &Budget::unlimited()).unwrap();
            assert!(wins_by_exact_certainties(settings, &found.layout, first));
            for k in 0..found.attempts - 1 {
                let layout = MineLayout::generate(settings, attempt_seed(seed, k), first).unwrap();
                assert!(!solves_without_guessing(settings, &layout, first, &Budget::unlimited()).unwrap());
                assert!(
                    !wins_by_exact_certainties(settings, &layout, first),
                    "{preset} seed {seed} attempt {k}"
                );
            }
        }
    }
}

#[test]
fn tiny_budgets_stop_with_the_budget_error() {
    let settings = Preset::Expert.settings(FirstClick::Opening);
    let first = centre(settings);
    let expired = Budget::unlimited().with_deadline(Instant::now());
    assert_eq!(
        no_guess_layout(settings, 3, first, &expired),
        Err(NoGuessError::Stopped {
            attempts: 0,
            reason: StopReason::Deadline
        })
    );
    let token = CancelToken::new();
    token.cancel();
    assert!(matches!(
        no_guess_layout(settings, 3, first, &Budget::unlimited().with_cancel(token)),
        Err(NoGuessError::Stopped {
            reason: StopReason::Cancelled,
            ..
        })
    ));
    // A node limit holds for all attempts together: 0 stops at once, a few nodes soon after.
    assert!(matches!(
        no_guess_layout(settings, 3, first, &Budget::unlimited().with_node_limit(0)),
        Err(NoGuessError::Stopped {
            attempts: 0,
            reason: StopReason::NodeLimit
        })
    ));
    for seed in 0..5 {
        match no_guess_layout(settings, seed, first, &Budget::unlimited().with_node_limit(20)) {
            Err(NoGuessError::Stopped {
                reason: StopReason::NodeLimit,
                ..
            }) => {}
            Ok(found) => assert_no_guess(settings, &found.layout, first),
            Err(other) => panic!("unexpected {other}"),
        }
    }
    let error = no_guess_layout(settings, 3, first, &expired).unwrap_err().to_string();
    assert!(
        error.contains("budget ran out") && error.contains("0 rejected attempts"),
        "{error}"
    );
}

#[test]
fn hopeless_settings_are_refused() {
    let dims = Dims::new(Width(10), Height(10)).unwrap();
    let dense = GameSettings::new(dims, 51, FirstClick::Safe).unwrap();
    let first = Pos::new(Col(0), Row(0));
    assert_eq!(
        no_guess_layout(dense, 0, first, &Budget::unlimited()),
        Err(NoGuessError::TooDense {
            mines: 51,
            cells: 100,
            max: 50
        })
    );
    // Half the cells is allowed, and ends in a clear error when no board turns up.
    let half = GameSettings::new(dims, 50, FirstClick::Safe).unwrap();
    let budget = Budget::unlimited().with_time_limit(Duration::from_secs(20));
    match no_guess_layout(half, 0, first, &budget) {
        Ok(found) => assert_no_guess(half, &found.layout, first),
        Err(NoGuessError::NotFound { attempts }) => assert_eq!(attempts, NO_GUESS_MAX_ATTEMPTS),
        Err(NoGuessError::Stopped { .. }) => {}
        Err(other) => panic!("unexpected {other}"),
    }
    let off = Pos::new(Col(10), Row(0));
    assert_eq!(
        no_guess_layout(half, 0, off, &Budget::unlimited()),
        Err(NoGuessError::Play(PlayError::OffBoard(off)))
    );
}

#[test]
fn checker_refuses_a_layout_of_other_settings() {
    let beginner = Preset::Beginner.settings(FirstClick::Safe);
    let layout = MineLayout::generate(
        Preset::Intermediate.settings(FirstClick::Safe),
        0,
        Pos::new(Col(0), Row(0)),
    )
    .unwrap();
    assert!(matches!(
        solves_without_guessing(beginner, &layout, Pos::new(Col(0), Row(0)), &Budget::unlimited()),
        Err(NoGuessError::Board(_))
    ));
}

/// The cost per preset over seeds 0..20 (run with
/// `cargo test -p automine-core --release --test no_guess -- --ignored --nocapture`).
#[test]
#[ignore = "a measurement: prints attempts and times"]
fn cost_over_twenty_seeds() {
    for preset in Preset::ALL {
        for rule in [FirstClick::Opening, FirstClick::Safe] {
            let settings = preset.settings(rule);
            let first = centre(settings);
            let mut attempts = Vec::new();
            let mut times = Vec::new();
            for seed in 0..20 {
                let start = Instant::now();
                let found = no_guess_layout(settings, seed, first, &Budget::unlimited()).unwrap();
                times.push(start.elapsed());
                attempts.push(found.attempts);
            }
            let total: Duration = times.iter().sum();
            attempts.sort_unstable();
            times.sort_unstable();
            println!(
                "{preset:<12} {rule:<8} attempts median {} max {} (total {}), time median {:.1} ms max {:.1} ms mean {:.1} ms",
                attempts[10],
                attempts[19],
                attempts.iter().sum::<u32>(),
                times[10].as_secs_f64() * 1e3,
                times[19].as_secs_f64() * 1e3,
                total.as_secs_f64() * 1e3 / 20.0,
            );
        }
    }
}
