//! The student network from the command line (feature `learn`): the shipped models play and
//! evaluate on a fresh checkout, a tiny training run writes a model that loads back, and a bad
//! model file is a clear error.

#![cfg(feature = "learn")]

mod common;

use common::run;

fn json(bytes: &[u8]) -> serde_json::Value {
    serde_json::from_slice(bytes).expect("one JSON object")
}

#[test]
fn the_shipped_model_plays_without_a_model_file_and_independently_of_threads() {
    let play = |player: &str, threads: &str| {
        let out = run(
            &[
                "mines",
                "play",
                "--preset",
                "beginner",
                "--games",
                "40",
                "--seed",
                "3",
                "--player",
                player,
                "--threads",
                threads,
                "--json",
            ],
            "",
        );
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        json(&out.stdout)
    };
    for player in ["network", "hybrid"] {
        let one = play(player, "1");
        let two = play(player, "2");
        assert_eq!(one["games"], 40);
        assert_eq!(one["wins"], two["wins"], "{player}: the thread count changes nothing");
        assert_eq!(one["model"], "shipped student-exact");
    }
    // The hybrid (exact logic for certain cells, the network for guesses) wins some games.
    assert!(play("hybrid", "1")["wins"].as_u64().unwrap() > 0);
}

#[test]
fn evaluate_reports_every_preset_with_the_exact_floor() {
    let out = run(&["mines", "evaluate", "--positions", "4", "--json"], "");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let report = json(&out.stdout);
    let presets = report["presets"].as_array().unwrap();
    let names: Vec<&str> = presets.iter().map(|p| p["preset"].as_str().unwrap()).collect();
    assert_eq!(names, ["beginner", "intermediate", "expert"]);
    for p in presets {
        // The exact map is at zero distance from itself; the shipped student is far better
        // than a coin (ln 2 = 0.69) and close to the exact log-loss.
        assert_eq!(p["exact"]["brier_vs_exact"], 0.0);
        let student = p["student"]["log_loss"].as_f64().unwrap();
        let exact = p["exact"]["log_loss"].as_f64().unwrap();
        assert!(student.is_finite() && student < 0.69, "{student}");
        assert!(student > exact - 0.2, "{student} vs {exact}");
    }
}

#[test]
fn a_tiny_training_run_writes_a_model_that_loads_back_and_bad_files_are_named() {
    let dir = std::env::temp_dir().join(format!("search-cli-train-{}", std::process::id()));
    let dir_text = dir.to_str().unwrap();
    let out = run(
        &[
            "mines", "train", "--labels", "teacher", "--out", dir_text, "--steps", "3", "--hidden", "8", "--layers",
            "2",
        ],
        "",
    );
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    for file in ["model.safetensors", "loss.csv", "loss.svg", "config.json"] {
        assert!(dir.join(file).is_file(), "{file} written");
    }
    let model = dir.join("model.safetensors");
    let out = run(
        &[
            "mines",
            "evaluate",
            "--model",
            model.to_str().unwrap(),
            "--positions",
            "2",
            "--json",
        ],
        "",
    );
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let out = run(
        &[
            "mines",
            "play",
            "--preset",
            "6x6/5",
            "--games",
            "5",
            "--player",
            "network",
            "--model",
            model.to_str().unwrap(),
        ],
        "",
    );
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));

    let bad = dir.join("bad.safetensors");
    std::fs::write(&bad, b"not a model").unwrap();
    let out = run(
        &[
            "mines",
            "evaluate",
            "--model",
            bad.to_str().unwrap(),
            "--positions",
            "2",
        ],
        "",
    );
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("not a valid automine-learn model"));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn zero_positions_and_a_model_for_the_exact_player_are_usage_errors() {
    let out = run(&["mines", "evaluate", "--positions", "0"], "");
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("--positions") && err.contains("'0'"), "{err}");
    let out = run(
        &[
            "mines",
            "play",
            "--games",
            "1",
            "--player",
            "exact",
            "--model",
            "model.safetensors",
        ],
        "",
    );
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("--model") && err.contains("--player exact"), "{err}");
}

#[test]
fn shipped_is_refused_with_the_exact_player_and_the_teacher_even_at_its_default() {
    for player in ["exact", "teacher"] {
        let out = run(
            &[
                "mines",
                "play",
                "--games",
                "1",
                "--player",
                player,
                "--shipped",
                "exact",
            ],
            "",
        );
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(1), "{err}");
        assert_eq!(
            err,
            format!("error: --shipped works with --player network or hybrid, not --player {player}\n")
        );
    }
}

#[test]
fn a_bad_training_setting_writes_nothing() {
    let dir = std::env::temp_dir().join(format!("search-cli-train-bad-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let dir_text = dir.to_str().expect("a UTF-8 temporary path");
    let out = run(
        &[
            "mines", "train", "--labels", "teacher", "--out", dir_text, "--layers", "0",
        ],
        "",
    );
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("conv layers 0"), "{stderr}");
    assert!(
        !dir.exists(),
        "the output folder is not created for a run that cannot start"
    );
}
