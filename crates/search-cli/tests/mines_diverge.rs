//! `search-cli mines diverge`: two exact players compared at their first divergence; shards'
//! records summarised together give the figures of the whole run.

mod common;

use common::run;

fn json(text: &[u8]) -> serde_json::Value {
    serde_json::from_slice(text).expect("one JSON object")
}

/// `mines diverge --json` on beginner over `seed..seed + games` (no endgame search for the
/// second player), its records kept in `dir`.
fn diverge(dir: &std::path::Path, seed: u64, games: u64) -> (serde_json::Value, std::path::PathBuf) {
    let records = dir.join(format!("diverge-{seed}-{games}.csv"));
    let (seed_text, games_text) = (seed.to_string(), games.to_string());
    let out = run(
        &[
            "mines",
            "diverge",
            "--preset",
            "beginner",
            "--samples",
            "3",
            "--second-set",
            "endgame_layouts=0",
            "--second-set",
            "restricted_layouts=0",
            "--json",
            "--seed",
            &seed_text,
            "--games",
            &games_text,
            "--records",
            records.to_str().unwrap(),
        ],
        "",
    );
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    (json(&out.stdout), records)
}

#[test]
fn shard_records_add_up_to_the_whole_run() {
    let dir = std::env::temp_dir().join(format!("search-cli-diverge-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (whole, _) = diverge(&dir, 0, 120);
    assert_eq!(whole["games"], 120);
    assert_eq!(whole["samples"], 3);
    assert_eq!(whole["second_options"]["endgame_layouts"], 0);
    assert_eq!(whole["first_options"]["endgame_layouts"], 4096);
    assert!(whole["diverged"].as_u64().unwrap() > 0);
    let (_, a) = diverge(&dir, 0, 70);
    let (_, b) = diverge(&dir, 70, 50);
    // One shard gzipped, as scripts/mines-shards.sh keeps them.
    let status = std::process::Command::new("gzip")
        .args(["-f", b.to_str().unwrap()])
        .status();
    let b = if status.is_ok_and(|s| s.success()) {
        b.with_extension("csv.gz")
    } else {
        b
    };
    let out = run(
        &[
            "mines",
            "diverge",
            "--json",
            "--from-records",
            b.to_str().unwrap(),
            a.to_str().unwrap(),
        ],
        "",
    );
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let merged = json(&out.stdout);
    for key in [
        "games",
        "diverged",
        "playouts",
        "difference",
        "difference_ci95_low",
        "plain",
    ] {
        assert_eq!(merged[key], whole[key], "{key}");
    }
    // The same games twice are refused, naming both files.
    let out = run(
        &[
            "mines",
            "diverge",
            "--from-records",
            a.to_str().unwrap(),
            a.to_str().unwrap(),
        ],
        "",
    );
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("seed 0 is also in"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_unknown_option_is_refused_by_name() {
    let out = run(
        &[
            "mines",
            "diverge",
            "--preset",
            "beginner",
            "--games",
            "2",
            "--first-set",
            "guess.no_such=1",
        ],
        "",
    );
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("guess.no_such"), "{err}");
}
