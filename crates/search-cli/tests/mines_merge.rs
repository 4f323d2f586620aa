//! `search-cli mines merge`: shards of one measurement (disjoint seed ranges) add up to the
//! measurement run whole, and shards that are not of one measurement are refused.

mod common;

use common::run;

fn json(text: &[u8]) -> serde_json::Value {
    serde_json::from_slice(text).expect("one JSON object")
}

/// `mines play --json` on beginner over `seed..seed + games`, with `extra` arguments, saved.
fn shard(dir: &std::path::Path, seed: u64, games: u64, extra: &[&str]) -> std::path::PathBuf {
    let (seed_text, games_text) = (seed.to_string(), games.to_string());
    let args = [
        &[
            "mines",
            "play",
            "--preset",
            "beginner",
            "--first-click",
            "opening",
            "--json",
        ][..],
        &["--seed", &seed_text, "--games", &games_text],
        extra,
    ]
    .concat();
    let out = run(&args, "");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let path = dir.join(format!(
        "shard-{seed}-{games}-{}.json",
        extra.join("_").replace(['/', '='], "-")
    ));
    std::fs::write(&path, &out.stdout).unwrap();
    path
}

#[test]
fn shards_add_up_to_the_whole_run() {
    let dir = std::env::temp_dir().join(format!("search-cli-merge-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let whole = json(&std::fs::read(shard(&dir, 100, 300, &[])).unwrap());
    let parts = [
        shard(&dir, 250, 150, &[]),
        shard(&dir, 100, 100, &[]),
        shard(&dir, 200, 50, &[]),
    ];
    let paths: Vec<&str> = parts.iter().map(|p| p.to_str().unwrap()).collect();
    let out = run(&[&["mines", "merge", "--json"][..], &paths].concat(), "");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let merged = json(&out.stdout);
    for key in [
        "games",
        "wins",
        "win_rate",
        "ci95_low",
        "ci95_high",
        "board",
        "first_click",
        "options",
    ] {
        assert_eq!(merged[key], whole[key], "{key}");
    }
    assert_eq!(merged["shards"], 3);
    assert_eq!(merged["seed_ranges"], serde_json::json!([[100, 400]]));
    // A gap is allowed and shown.
    let out = run(&["mines", "merge", paths[0], paths[1]], "");
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("seeds            100..200, 250..400"), "{text}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn overlapping_or_mismatched_shards_are_refused_by_name() {
    let dir = std::env::temp_dir().join(format!("search-cli-merge-bad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let a = shard(&dir, 0, 40, &[]);
    let overlapping = shard(&dir, 30, 20, &[]);
    let other_options = shard(&dir, 40, 20, &["--set", "guess.cut_off=0.8"]);
    let teacher = shard(&dir, 60, 20, &["--player", "teacher"]);
    let not_json = dir.join("not.json");
    std::fs::write(&not_json, "games 40\n").unwrap();
    let refuse = |b: &std::path::Path| {
        let out = run(&["mines", "merge", a.to_str().unwrap(), b.to_str().unwrap()], "");
        assert_eq!(out.status.code(), Some(1));
        assert!(out.stdout.is_empty());
        String::from_utf8(out.stderr).unwrap()
    };
    let err = refuse(&overlapping);
    assert!(err.contains("seeds 30..50 overlap seeds 0..40"), "{err}");
    let err = refuse(&other_options);
    assert!(
        err.starts_with(&format!("error: {}: options is ", other_options.display()))
            && err.contains("differ only in their seeds"),
        "{err}"
    );
    let err = refuse(&teacher);
    assert!(err.contains("player is \"teacher\""), "{err}");
    let err = refuse(&not_json);
    assert!(
        err.starts_with(&format!(
            "error: {}: not the JSON of `mines play --json`",
            not_json.display()
        )),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
