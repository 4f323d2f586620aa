//! Inputs a user can pass that once panicked or gave meaningless results: each is now a typed
//! error (or, for the learning-rate schedule, a plain number).

use automine_core::Preset;
use automine_learn::LearnError;
use automine_learn::data::{Labels, heldout_positions};
use automine_learn::metrics::{evaluate, score_predictions};
use automine_learn::model::{Architecture, MinePredictor};
use automine_learn::train::{PresetMix, TrainConfig, batch_tensors, train};
use candle_core::{DType, Device, Tensor};

fn temp_path(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("automine-learn-bad-inputs-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

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

#[test]
fn an_architecture_too_large_to_allocate_is_refused_before_building() {
    use automine_learn::model::{MAX_PARAMETERS, MAX_WIDTH};
    // Within MAX_WIDTH, but 1.2 billion parameters (4.8 GB of weights).
    let huge = Architecture {
        hidden_channels: MAX_WIDTH,
        conv_layers: MAX_WIDTH,
    };
    // The checks come first: on code without the limit they pass, and nothing is allocated.
    let err = huge.validate().unwrap_err();
    assert!(matches!(err, LearnError::BadArchitecture(_)), "{err}");
    assert!(err.to_string().contains("parameters"), "{err}");
    assert!(matches!(huge.parameter_count(), Err(LearnError::BadArchitecture(_))));
    let mut c = TrainConfig::new(Labels::Exact);
    c.architecture = huge;
    assert!(matches!(c.validate(), Err(LearnError::BadArchitecture(_))));
    assert!(matches!(
        MinePredictor::new(huge, 0),
        Err(LearnError::BadArchitecture(_))
    ));
    // The default and every size the crate uses stay well within the limit.
    assert!(Architecture::default().parameter_count().unwrap() < MAX_PARAMETERS / 100);
    // A file claiming the huge architecture is refused on its `architecture` tensor, before
    // its (missing) weights are looked for.
    let d = Device::Cpu;
    let mut tensors = std::collections::HashMap::new();
    let arch = [1u32, 13, MAX_WIDTH as u32, MAX_WIDTH as u32];
    tensors.insert("architecture".to_string(), Tensor::new(&arch, &d).unwrap());
    let path = temp_path("huge-architecture.safetensors");
    candle_core::safetensors::save(&tensors, &path).unwrap();
    match MinePredictor::load(&path) {
        Err(LearnError::BadModelFile { reason, .. }) => assert!(reason.contains("parameters"), "{reason}"),
        other => panic!("expected BadModelFile, got {other:?}"),
    }
}

/// Run `f` on a thread and give up after `secs` seconds (so that code without the check
/// fails the test instead of generating games until memory runs out).
fn within<T: Send + 'static>(secs: u64, f: impl FnOnce() -> T + Send + 'static) -> T {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(f());
    });
    rx.recv_timeout(std::time::Duration::from_secs(secs))
        .unwrap_or_else(|_| panic!("no answer within {secs} s"))
}

#[test]
fn absurd_batch_or_buffer_sizes_of_a_position_stream_are_refused_before_generating() {
    use automine_learn::data::{MAX_BATCH_POSITIONS, PositionStream};
    use automine_learn::train::MAX_BUFFER_POSITIONS;
    for (buffer, n) in [
        (10, usize::MAX),
        (10, MAX_BATCH_POSITIONS + 1),
        (usize::MAX, 1),
        (MAX_BUFFER_POSITIONS + 1, 1),
    ] {
        let (result, games) = within(20, move || {
            let mut stream = PositionStream::new(Preset::Beginner, 0, buffer);
            let result = stream.next_batch(n).map(|b| b.len());
            (result, stream.games_played())
        });
        assert!(
            matches!(result, Err(LearnError::BadConfig(_))),
            "buffer {buffer}, batch {n}: {result:?}"
        );
        assert_eq!(games, 0, "buffer {buffer}, batch {n}");
    }
    // Sizes within the limits still work.
    let mut stream = PositionStream::new(Preset::Beginner, 0, 10);
    assert_eq!(stream.next_batch(5).unwrap().len(), 5);
}

#[test]
fn a_model_whose_finite_weights_overflow_cannot_predict() {
    let d = Device::Cpu;
    let model = MinePredictor::new(
        Architecture {
            hidden_channels: 4,
            conv_layers: 2,
        },
        0,
    )
    .unwrap();
    // Every weight finite, but 1e30: the second convolution overflows to +inf, and a head
    // of alternating signs turns inf - inf into NaN.
    for var in model.vars() {
        let t = var.as_tensor();
        let n = t.elem_count();
        let values: Vec<f32> = (0..n).map(|i| if i % 2 == 0 { 1e30 } else { -1e30 }).collect();
        let big = Tensor::from_vec(values, t.dims(), &d).unwrap();
        // Conv weights all positive so the hidden activations reach +inf; the head alternates.
        let big = if t.dims().len() == 4 && t.dims()[0] > 1 {
            big.abs().unwrap()
        } else {
            big
        };
        var.set(&big).unwrap();
    }
    let path = temp_path("overflowing-weights.safetensors");
    model.save(&path).unwrap();
    // Finite weights load ...
    let loaded = MinePredictor::load(&path).unwrap();
    let view: automine_core::PlayerView = "6x4 4\n001...\n012...\n1.....\n......\n".parse().unwrap();
    // ... but a NaN or infinite probability is never returned.
    let err = loaded.predict_cells(&[&view, &view]).unwrap_err();
    assert!(matches!(err, LearnError::NonFinitePrediction { view: 0, .. }), "{err}");
    assert!(err.to_string().contains("not a finite number"), "{err}");
    assert!(matches!(
        loaded.predict(&view),
        Err(LearnError::NonFinitePrediction { .. })
    ));
    let positions = heldout_positions(Preset::Beginner, 3, 0).unwrap();
    assert!(matches!(
        automine_learn::metrics::score_model(&loaded, Preset::Beginner, &positions),
        Err(LearnError::NonFinitePrediction { .. })
    ));
}
