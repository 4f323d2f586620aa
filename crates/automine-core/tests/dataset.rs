//! The data set: shapes and contents are consistent, and the same seed gives identical bytes.

use std::path::PathBuf;

use automine_core::{DatasetConfig, FirstClick, LabelKind, Preset, write_dataset};

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("automine-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// Parse a `.npy` file written by us: (descr, shape, data).
fn read_npy(path: &std::path::Path) -> (String, Vec<usize>, Vec<u8>) {
    let bytes = std::fs::read(path).unwrap();
    assert_eq!(&bytes[..8], b"\x93NUMPY\x01\x00");
    let len = u16::from_le_bytes([bytes[8], bytes[9]]) as usize;
    let header = std::str::from_utf8(&bytes[10..10 + len]).unwrap();
    let descr = header
        .split("'descr': '")
        .nth(1)
        .unwrap()
        .split('\'')
        .next()
        .unwrap()
        .to_string();
    let shape_text = header.split("'shape': (").nth(1).unwrap().split(')').next().unwrap();
    let shape = shape_text
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|s| s.parse().unwrap())
        .collect();
    (descr, shape, bytes[10 + len..].to_vec())
}

#[test]
fn dataset_files_are_consistent_and_reproducible() {
    for labels in [LabelKind::Exact, LabelKind::Teacher] {
        let config = DatasetConfig {
            settings: Preset::Beginner.settings(FirstClick::Safe),
            games: 12,
            seed: 7,
            labels,
        };
        let (a, b) = (
            temp_dir(&format!("a-{}", labels.name())),
            temp_dir(&format!("b-{}", labels.name())),
        );
        let summary = write_dataset(&config, &a, |_| {}).unwrap();
        write_dataset(&config, &b, |_| {}).unwrap();
        for file in ["inputs.npy", "labels.npy", "mines.npy", "info.npy", "dataset.json"] {
            assert_eq!(
                std::fs::read(a.join(file)).unwrap(),
                std::fs::read(b.join(file)).unwrap(),
                "{file}"
            );
        }
        let n = summary.samples as usize;
        assert!(n > 12);
        let (descr, shape, inputs) = read_npy(&a.join("inputs.npy"));
        assert_eq!((descr.as_str(), shape.clone()), ("|u1", vec![n, 11, 9, 9]));
        assert_eq!(inputs.len(), n * 11 * 81);
        let (descr, shape, labels_raw) = read_npy(&a.join("labels.npy"));
        assert_eq!((descr.as_str(), shape), ("<f4", vec![n, 9, 9]));
        let (_, _, mines) = read_npy(&a.join("mines.npy"));
        let (descr, shape, info) = read_npy(&a.join("info.npy"));
        assert_eq!((descr.as_str(), shape), ("<i4", vec![n, 4]));
        for s in 0..n {
            // One-hot: exactly one channel per cell.
            for cell in 0..81 {
                let hot: u8 = (0..11).map(|c| inputs[s * 891 + c * 81 + cell]).sum();
                assert_eq!(hot, 1);
                let covered = inputs[s * 891 + cell] == 1;
                let label = f32::from_le_bytes(labels_raw[(s * 81 + cell) * 4..][..4].try_into().unwrap());
                assert!((0.0..=1.0).contains(&label));
                if !covered {
                    assert_eq!(label.to_bits(), 0f32.to_bits());
                    assert_eq!(mines[s * 81 + cell], 0, "an open cell is never a mine");
                }
            }
            let mines_left = i32::from_le_bytes(info[(s * 4 + 2) * 4..][..4].try_into().unwrap());
            assert_eq!(mines_left, 10);
            if labels == LabelKind::Exact {
                let sum: f32 = (0..81)
                    .map(|cell| f32::from_le_bytes(labels_raw[(s * 81 + cell) * 4..][..4].try_into().unwrap()))
                    .sum();
                assert!((sum - 10.0).abs() < 1e-3);
            }
        }
        let _ = std::fs::remove_dir_all(&a);
        let _ = std::fs::remove_dir_all(&b);
    }
}
