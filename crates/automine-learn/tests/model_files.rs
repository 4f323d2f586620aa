//! Model files: a round trip keeps every prediction; a bad or mismatched file is a typed
//! error, never a panic.

use std::path::PathBuf;

use automine_core::PlayerView;
use automine_learn::model::{Architecture, MinePredictor};
use automine_learn::{LearnError, shipped};
use candle_core::{Device, Tensor};

fn temp_path(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("automine-learn-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

fn view() -> PlayerView {
    "6x4 4\n001...\n012...\n1.....\n......\n".parse().unwrap()
}

#[test]
fn save_then_load_predicts_the_same() {
    let model = MinePredictor::new(
        Architecture {
            hidden_channels: 6,
            conv_layers: 2,
        },
        11,
    )
    .unwrap();
    let path = temp_path("round-trip.safetensors");
    model.save(&path).unwrap();
    let loaded = MinePredictor::load(&path).unwrap();
    assert_eq!(loaded.architecture(), model.architecture());
    let v = view();
    assert_eq!(
        model.predict_cells(&[&v]).unwrap(),
        loaded.predict_cells(&[&v]).unwrap()
    );
}

fn bad(bytes: &[u8]) -> String {
    match MinePredictor::from_bytes(bytes, "test bytes") {
        Err(LearnError::BadModelFile { origin, reason }) => {
            assert_eq!(origin, "test bytes");
            reason
        }
        other => panic!("expected BadModelFile, got {other:?}"),
    }
}

/// A model's tensors, edited, written to a file and read back as bytes.
fn edited(edit: impl FnOnce(&mut std::collections::HashMap<String, Tensor>), name: &str) -> Vec<u8> {
    let model = MinePredictor::new(
        Architecture {
            hidden_channels: 4,
            conv_layers: 2,
        },
        1,
    )
    .unwrap();
    let mut tensors = model.tensors().unwrap();
    edit(&mut tensors);
    let path = temp_path(name);
    candle_core::safetensors::save(&tensors, &path).unwrap();
    std::fs::read(&path).unwrap()
}

#[test]
fn bad_files_are_typed_errors() {
    let d = Device::Cpu;
    assert!(bad(b"").contains("not a safetensors file"));
    assert!(bad(b"\xff\xff\xff\xff\xff\xff\xff\xffjunk").contains("not a safetensors file"));
    let good = edited(|_| {}, "good.safetensors");
    assert!(MinePredictor::from_bytes(&good, "good").is_ok());
    for cut in [7, 40, good.len() / 2, good.len() - 1] {
        assert!(bad(&good[..cut]).contains("not a safetensors file"), "cut at {cut}");
    }
    let no_arch = edited(
        |t| {
            t.remove("architecture");
        },
        "no-arch.safetensors",
    );
    assert!(bad(&no_arch).contains("architecture"));
    let version = edited(
        |t| {
            t.insert("architecture".into(), Tensor::new(&[9u32, 13, 4, 2], &d).unwrap());
        },
        "version.safetensors",
    );
    assert!(bad(&version).contains("format version 9"));
    let channels = edited(
        |t| {
            t.insert("architecture".into(), Tensor::new(&[1u32, 11, 4, 2], &d).unwrap());
        },
        "channels.safetensors",
    );
    assert!(bad(&channels).contains("11 input channels"));
    let huge = edited(
        |t| {
            t.insert(
                "architecture".into(),
                Tensor::new(&[1u32, 13, 4_000_000, 2], &d).unwrap(),
            );
        },
        "huge.safetensors",
    );
    assert!(bad(&huge).contains("hidden channels"));
    let arch_says_more = edited(
        |t| {
            t.insert("architecture".into(), Tensor::new(&[1u32, 13, 4, 3], &d).unwrap());
        },
        "more-layers.safetensors",
    );
    assert!(bad(&arch_says_more).contains("missing tensor `conv2.weight`"));
    let shape = edited(
        |t| {
            t.insert(
                "conv1.weight".into(),
                Tensor::zeros((4, 4, 5, 5), candle_core::DType::F32, &d).unwrap(),
            );
        },
        "shape.safetensors",
    );
    assert!(bad(&shape).contains("conv1.weight"));
    let dtype = edited(
        |t| {
            t.insert(
                "head.bias".into(),
                Tensor::zeros(1, candle_core::DType::F64, &d).unwrap(),
            );
        },
        "dtype.safetensors",
    );
    assert!(bad(&dtype).contains("head.bias"));
    let nan = edited(
        |t| {
            t.insert("head.bias".into(), Tensor::new(&[f32::NAN], &d).unwrap());
        },
        "nan.safetensors",
    );
    assert!(bad(&nan).contains("NaN"));
    let extra = edited(
        |t| {
            t.insert(
                "conv9.weight".into(),
                Tensor::zeros(1, candle_core::DType::F32, &d).unwrap(),
            );
        },
        "extra.safetensors",
    );
    assert!(bad(&extra).contains("conv9.weight"));
}

#[test]
fn a_missing_file_is_an_io_error() {
    let err = MinePredictor::load(temp_path("does-not-exist.safetensors")).unwrap_err();
    assert!(matches!(err, LearnError::Io { .. }), "{err:?}");
}

#[test]
fn shipped_models_load_and_are_small() {
    for (bytes, model) in [
        (shipped::STUDENT_EXACT, shipped::student_exact()),
        (shipped::STUDENT_TEACHER, shipped::student_teacher()),
    ] {
        assert!(bytes.len() < 1_000_000);
        let model = model.unwrap();
        assert_eq!(model.architecture(), Architecture::default());
    }
}
