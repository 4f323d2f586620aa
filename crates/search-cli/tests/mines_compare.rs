//! `search-cli mines play --records` then `search-cli mines compare`: the paired comparison
//! of two players on the same games.

mod common;

use common::run;

fn json(text: &[u8]) -> serde_json::Value {
    serde_json::from_slice(text).expect("one JSON object")
}

#[test]
fn records_of_two_players_compare_game_by_game() {
    let dir = std::env::temp_dir().join(format!("search-cli-compare-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let exact = dir.join("exact.csv");
    let teacher = dir.join("teacher.csv");
    let base = [
        "mines",
        "play",
        "--preset",
        "beginner",
        "--games",
        "200",
        "--seed",
        "9",
        "--json",
        "--records",
    ];
    let a = run(&[&base[..], &[exact.to_str().unwrap()]].concat(), "");
    let b = run(
        &[&base[..], &[teacher.to_str().unwrap(), "--player", "teacher"]].concat(),
        "",
    );
    assert!(a.status.success() && b.status.success());
    let (a, b) = (json(&a.stdout), json(&b.stdout));

    let out = run(
        &[
            "mines",
            "compare",
            exact.to_str().unwrap(),
            teacher.to_str().unwrap(),
            "--json",
        ],
        "",
    );
    assert!(out.status.success());
    let c = json(&out.stdout);
    assert_eq!(c["games"], 200);
    // The paired counts add up to each run's own summary.
    assert_eq!(c["first_wins"], a["wins"]);
    assert_eq!(c["second_wins"], b["wins"]);
    let only_first = c["only_first"].as_u64().unwrap();
    let only_second = c["only_second"].as_u64().unwrap();
    assert!(
        only_first > only_second,
        "the exact player wins games the teacher loses"
    );
    assert!(c["mcnemar_p"].as_f64().unwrap() < 0.001);
    assert!(c["difference_ci95_low"].as_f64().unwrap() > 0.0);

    // A run of other games does not pair.
    let other = dir.join("other.csv");
    let o = run(
        &[
            &base[..4],
            &["--games", "50", "--seed", "9", "--records", other.to_str().unwrap()],
        ]
        .concat(),
        "",
    );
    assert!(o.status.success());
    let out = run(
        &["mines", "compare", exact.to_str().unwrap(), other.to_str().unwrap()],
        "",
    );
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("200 games"));

    // A damaged file names its line.
    std::fs::write(&other, "seed,won,moves\n1,1,3\n2,x,3\n").unwrap();
    let out = run(
        &["mines", "compare", other.to_str().unwrap(), exact.to_str().unwrap()],
        "",
    );
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("records line 3"));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn empty_records_and_repeated_seeds_are_errors_naming_the_file() {
    let dir = std::env::temp_dir().join(format!("search-cli-compare-bad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let empty = dir.join("empty.csv");
    let twice = dir.join("twice.csv");
    std::fs::write(&empty, "seed,won,moves\n").unwrap();
    std::fs::write(&twice, "seed,won,moves\n1,1,5\n1,1,5\n").unwrap();
    let (empty, twice) = (empty.to_str().unwrap(), twice.to_str().unwrap());

    let out = run(&["mines", "compare", empty, empty], "");
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(out.stdout.is_empty());
    assert!(
        err.starts_with(&format!("error: {empty}: ")) && err.contains("no game"),
        "{err}"
    );

    let out = run(&["mines", "compare", twice, twice], "");
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.starts_with(&format!("error: {twice}: ")) && err.contains("seed 1") && err.contains("line 3"),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).ok();
}
