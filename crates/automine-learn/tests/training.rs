//! A tiny end-to-end training run (seconds): the loss goes down, and the same seed gives the
//! same run.

use automine_core::Preset;
use automine_learn::data::Labels;
use automine_learn::model::Architecture;
use automine_learn::train::{PresetMix, TrainConfig, TrainOutcome, train};

fn tiny(labels: Labels, threads: usize) -> TrainConfig {
    let mut config = TrainConfig::new(labels);
    config.steps = 40;
    config.cells_per_batch = 1600;
    config.buffer_positions = 200;
    config.learning_rate = 5e-3;
    config.architecture = Architecture {
        hidden_channels: 8,
        conv_layers: 3,
    };
    config.presets = PresetMix::Only(Preset::Beginner);
    config.threads = threads;
    config
}

fn mean(losses: &[f32]) -> f32 {
    losses.iter().sum::<f32>() / losses.len() as f32
}

fn run(config: &TrainConfig) -> TrainOutcome {
    let mut seen = 0;
    let outcome = train(config, |_| seen += 1).expect("training runs");
    assert_eq!(seen, config.steps, "the progress callback sees every step");
    outcome
}

fn weights(outcome: &TrainOutcome) -> Vec<f32> {
    outcome
        .model
        .vars()
        .iter()
        .flat_map(|v| v.as_tensor().flatten_all().unwrap().to_vec1::<f32>().unwrap())
        .collect()
}

#[test]
fn loss_decreases_on_both_label_kinds() {
    for labels in [Labels::Exact, Labels::Teacher] {
        let outcome = run(&tiny(labels, 1));
        let losses: Vec<f32> = outcome.losses.iter().map(|p| p.loss).collect();
        let (first, last) = (mean(&losses[..8]), mean(&losses[losses.len() - 8..]));
        assert!(
            last < 0.8 * first,
            "{labels:?}: loss did not fall enough: first steps {first}, last steps {last}"
        );
        assert!(losses.iter().all(|l| l.is_finite() && *l > 0.0));
        assert!(outcome.games > 0 && outcome.positions > 0);
    }
}

#[test]
fn same_seed_same_run_other_seed_other_run() {
    let a = run(&tiny(Labels::Exact, 1));
    let b = run(&tiny(Labels::Exact, 1));
    assert_eq!(a.losses, b.losses);
    assert_eq!(weights(&a), weights(&b));
    let mut other = tiny(Labels::Exact, 1);
    other.seed = 2;
    let c = run(&other);
    assert_ne!(weights(&a), weights(&c));
}
