//! The shipped networks as predictors and players: checks of real results, on a few
//! held-out positions (the full measurements are in docs/learning.md).

use automine_core::measure::harness::{par_run_trial_with, run_trial_with};
use automine_core::{FirstClick, Game, GameStatus, Player, PlayerView, Preset, SimulationError, play_out};
use automine_learn::LearnError;
use automine_learn::data::heldout_positions;
use automine_learn::metrics::{score_model, score_predictions};
use automine_learn::player::{NetworkPlayer, PlayMode};
use automine_learn::shipped;

#[test]
fn shipped_exact_student_beats_a_constant_density_guess() {
    let model = shipped::student_exact().unwrap();
    for preset in [Preset::Beginner, Preset::Expert] {
        let positions = heldout_positions(preset, 60, 3).unwrap();
        let m = score_model(&model, preset, &positions).unwrap();
        // The baseline: every covered cell gets the global mine density.
        let density: Vec<Vec<f32>> = positions
            .iter()
            .map(|p| {
                let d = p.view.mines_left() as f32 / p.view.covered_count().max(1) as f32;
                vec![d; p.exact.len()]
            })
            .collect();
        let base = score_predictions(preset, &positions, &density).unwrap();
        assert!(
            m.student.brier_vs_exact < 0.5 * base.student.brier_vs_exact,
            "{preset}: student {:?} vs density {:?}",
            m.student,
            base.student
        );
        assert!(
            m.student.log_loss >= m.exact.log_loss - 1e-9,
            "nothing beats the exact log-loss"
        );
        // Confident calls of the exact-taught student are almost never mines.
        assert!(m.student_confident.mine_rate() < 0.02, "{:?}", m.student_confident);
    }
}

#[test]
fn teacher_scored_as_student_agrees_with_itself() {
    let positions = heldout_positions(Preset::Intermediate, 40, 9).unwrap();
    let teacher: Vec<Vec<f32>> = positions.iter().map(|p| p.teacher.clone()).collect();
    let m = score_predictions(Preset::Intermediate, &positions, &teacher).unwrap();
    assert_eq!(m.student, m.teacher);
    assert_eq!(m.disagreement.cells, 0);
    assert_eq!(m.student_confident, m.teacher_confident);
    let binned: u64 = m.calibration.iter().map(|b| b.cells).sum();
    assert_eq!(binned, m.cells);
}

#[test]
fn hybrid_opens_a_certainly_safe_cell_first() {
    // (3,1) is certainly safe; the network must not be asked.
    let view: PlayerView = "4x3 2\n001.\n002.\n001.\n".parse().unwrap();
    let mut player = NetworkPlayer::new(shipped::student_exact().unwrap(), FirstClick::Safe, PlayMode::Hybrid);
    let pos = player.choose(&view).unwrap();
    assert_eq!((pos.col().0, pos.row().0), (3, 1));
}

#[test]
fn network_players_finish_games_with_legal_moves_whatever_the_thread_count() {
    let model = shipped::student_exact().unwrap();
    for mode in [PlayMode::Network, PlayMode::Hybrid] {
        let settings = Preset::Beginner.settings(FirstClick::Safe);
        let player = || NetworkPlayer::new(model.clone(), FirstClick::Safe, mode);
        let one = run_trial_with(settings, 100, 12, player, || {}).unwrap();
        let two = par_run_trial_with(settings, 100, 12, 2, player, || {}).unwrap();
        assert_eq!(one.records, two.records);
        assert!(one.wins > 0, "{mode:?} wins some beginner games");
    }
    let mut game = Game::new(Preset::Expert.settings(FirstClick::Opening), 4);
    let mut player = NetworkPlayer::new(model, FirstClick::Opening, PlayMode::Network);
    play_out(&mut game, &mut player, 1000).unwrap();
    assert_ne!(game.status(), GameStatus::Playing);
}

#[test]
fn predictions_that_do_not_fit_the_positions_are_errors() {
    let positions = heldout_positions(Preset::Beginner, 2, 0).unwrap();
    let too_long = vec![vec![0.5f32; 82]; 2];
    assert!(matches!(
        score_predictions(Preset::Beginner, &positions, &too_long),
        Err(LearnError::PredictionShape(_))
    ));
    let too_few = vec![vec![0.5f32; 81]; 1];
    assert!(matches!(
        score_predictions(Preset::Beginner, &positions, &too_few),
        Err(LearnError::PredictionShape(_))
    ));
    let fitting = vec![vec![0.5f32; 81]; 2];
    assert_eq!(
        score_predictions(Preset::Beginner, &positions, &fitting)
            .unwrap()
            .positions,
        2
    );
}

#[test]
fn network_players_open_another_cell_when_the_first_is_flagged() {
    for mode in [PlayMode::Network, PlayMode::Hybrid] {
        let mut game = Game::new(Preset::Beginner.settings(FirstClick::Safe), 1);
        let first = automine_core::policy::first_click::first_click(game.view().dims(), FirstClick::Safe);
        game.toggle_flag(first).unwrap();
        let mut player = NetworkPlayer::new(shipped::student_exact().unwrap(), FirstClick::Safe, mode);
        // A wrong flag (on a safe cell) may later contradict a number: a typed error then.
        match play_out(&mut game, &mut player, 500) {
            Ok(_) => assert_ne!(game.status(), GameStatus::Playing, "{mode:?}"),
            Err(e) => assert!(matches!(e, SimulationError::Probability(_)), "{mode:?}: {e}"),
        }
        assert!(game.view().revealed_count() > 0, "{mode:?}");
    }
}
