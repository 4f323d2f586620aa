//! Inputs a user can pass that once panicked or gave meaningless results: each is now a typed
//! error (or, for the learning-rate schedule, a plain number).

use automine_core::Preset;
use automine_learn::LearnError;
use automine_learn::data::{Labels, heldout_positions};
use automine_learn::metrics::{evaluate, score_predictions};
use automine_learn::model::{Architecture, MinePredictor};
use automine_learn::train::{PresetMix, TrainConfig, batch_tensors, train};
use candle_core::{DType, Device, Tensor};

fn small_model() -> MinePredictor {
    MinePredictor::new(
        Architecture {
            hidden_channels: 4,
            conv_layers: 1,
        },
        0,
    )
    .unwrap()
}

#[test]
fn the_schedule_of_a_zero_step_config_does_not_panic() {
    let mut c = TrainConfig::new(Labels::Exact);
    c.steps = 0;
    for step in [0, 1, 10] {
        let lr = c.learning_rate_at(step);
        assert!(lr.is_finite() && lr > 0.0, "step {step}: {lr}");
    }
}

#[test]
fn absurd_training_sizes_are_refused_before_work_starts() {
    let edits: [fn(&mut TrainConfig); 3] = [
        |c| c.steps = usize::MAX,
        |c| c.cells_per_batch = usize::MAX,
        |c| c.buffer_positions = usize::MAX,
    ];
    for edit in edits {
        let mut c = TrainConfig::new(Labels::Exact);
        edit(&mut c);
        assert!(matches!(c.validate(), Err(LearnError::BadConfig(_))), "{c:?}");
        assert!(matches!(train(&c, |_| {}), Err(LearnError::BadConfig(_))), "{c:?}");
    }
}

#[test]
fn a_diverging_run_is_an_error_not_a_nan_model() {
    let mut c = TrainConfig::new(Labels::Exact);
    c.steps = 3;
    c.cells_per_batch = 200;
    c.buffer_positions = 10;
    c.learning_rate = 1e30;
    c.architecture = Architecture {
        hidden_channels: 4,
        conv_layers: 2,
    };
    c.presets = PresetMix::Only(Preset::Beginner);
    match train(&c, |_| {}) {
        Err(LearnError::Diverged { loss, .. }) => assert!(!loss.is_finite()),
        other => panic!("expected a divergence error, got {:?}", other.map(|o| o.losses)),
    }
}

#[test]
fn absurd_or_zero_held_out_counts_are_refused() {
    assert!(matches!(
        heldout_positions(Preset::Beginner, usize::MAX, 0),
        Err(LearnError::BadConfig(_))
    ));
    let model = small_model();
    assert!(matches!(evaluate(&model, 0, 0), Err(LearnError::BadConfig(_))));
    assert!(matches!(evaluate(&model, usize::MAX, 0), Err(LearnError::BadConfig(_))));
}

#[test]
fn positions_with_labels_of_the_wrong_length_are_refused() {
    let good = heldout_positions(Preset::Beginner, 3, 0).unwrap();
    let preds: Vec<Vec<f32>> = good.iter().map(|p| vec![0.1; p.view.dims().cell_count()]).collect();
    let edits: [fn(&mut automine_learn::data::Position); 3] =
        [|p| p.exact.truncate(5), |p| p.teacher.clear(), |p| p.mines.truncate(1)];
    for edit in edits {
        let mut positions = good.clone();
        edit(&mut positions[1]);
        let err = score_predictions(Preset::Beginner, &positions, &preds).unwrap_err();
        assert!(matches!(err, LearnError::PredictionShape(_)), "{err}");
        assert!(err.to_string().contains("position 1"), "{err}");
        let err = batch_tensors(&positions, Labels::Exact, &Device::Cpu).unwrap_err();
        assert!(matches!(err, LearnError::PredictionShape(_)), "{err}");
    }
}

#[test]
fn forward_on_an_input_without_cells_is_an_error() {
    let model = small_model();
    let d = Device::Cpu;
    for shape in [(1, 13, 0, 0), (1, 13, 0, 4), (2, 13, 3, 0)] {
        let input = Tensor::zeros(shape, DType::F32, &d).unwrap();
        assert!(matches!(model.forward(&input), Err(LearnError::Tensor(_))), "{shape:?}");
    }
}
