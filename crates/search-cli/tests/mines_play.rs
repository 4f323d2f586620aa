//! `search-cli mines play`: the output contract of issue 8.

use std::process::Command;

fn play(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_search-cli"))
        .args(["mines", "play"])
        .args(args)
        .output()
        .expect("the binary runs");
    (
        out.status.success(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

fn json(text: &str) -> serde_json::Value {
    serde_json::from_str(text.trim()).expect("one JSON object")
}

#[test]
fn json_has_the_issue_keys_and_ignores_the_thread_count() {
    let base = [
        "--preset",
        "beginner",
        "--games",
        "60",
        "--seed",
        "5",
        "--first-click",
        "opening",
        "--json",
    ];
    let (ok, one, _) = play(&[&base[..], &["--threads", "1"]].concat());
    assert!(ok);
    let (ok, two, _) = play(&[&base[..], &["--threads", "2"]].concat());
    assert!(ok);
    let (a, b) = (json(&one), json(&two));
    for key in ["games", "wins", "win_rate", "ci95_low", "ci95_high", "games_per_second"] {
        assert!(a.get(key).is_some(), "missing {key}: {one}");
    }
    assert_eq!(a["games"], 60);
    for key in ["wins", "win_rate", "ci95_low", "ci95_high"] {
        assert_eq!(a[key], b[key], "{key} differs between thread counts");
    }
    let rate = a["win_rate"].as_f64().unwrap();
    assert!(a["ci95_low"].as_f64().unwrap() <= rate && rate <= a["ci95_high"].as_f64().unwrap());
}

#[test]
fn text_summary_and_teacher_baseline() {
    let (ok, out, _) = play(&[
        "--preset",
        "8x8/10",
        "--games",
        "30",
        "--player",
        "teacher",
        "--threads",
        "1",
    ]);
    assert!(ok);
    for label in ["games", "wins", "win rate", "95% interval", "games/s"] {
        assert!(out.contains(label), "{label} missing in {out}");
    }
}

#[test]
fn bad_boards_are_named() {
    let (ok, _, err) = play(&["--preset", "9x9/99", "--games", "1"]);
    assert!(!ok);
    assert!(err.contains("--preset"), "{err}");
}

#[test]
fn zero_games_is_a_usage_error_not_a_zero_win_rate() {
    let (ok, out, err) = play(&["--preset", "beginner", "--games", "0"]);
    assert!(!ok);
    assert!(out.is_empty(), "{out}");
    assert!(err.contains("--games"), "{err}");
}

#[test]
fn the_guess_profile_accounts_for_every_loss_and_leaves_the_games_unchanged() {
    let base = [
        "--preset",
        "intermediate",
        "--games",
        "40",
        "--seed",
        "11",
        "--json",
        "--threads",
        "2",
    ];
    let (ok, plain, _) = play(&base);
    assert!(ok);
    let (ok, profiled, _) = play(&[&base[..], &["--guess-profile"]].concat());
    assert!(ok);
    let (a, b) = (json(&plain), json(&profiled));
    assert_eq!(a["wins"], b["wins"]);
    assert!(a.get("guess_profile").is_none());
    let phases = b["guess_profile"].as_array().expect("a list of phases");
    assert_eq!(phases.len(), 8);
    assert_eq!(phases[0]["layouts"], "<= 10^2.4");
    assert_eq!(phases[7]["layouts"], "> 10^40");
    let losses: u64 = phases.iter().map(|p| p["losses"].as_u64().unwrap()).sum();
    assert_eq!(losses, 40 - b["wins"].as_u64().unwrap());
    let (ok, text, _) = play(&[
        "--preset",
        "beginner",
        "--games",
        "20",
        "--guess-profile",
        "--threads",
        "1",
    ]);
    assert!(ok);
    assert!(
        text.contains("guesses by phase") && text.contains("10^20..10^40"),
        "{text}"
    );
}

/// `options[path]` with a dotted path.
fn at<'a>(summary: &'a serde_json::Value, path: &str) -> &'a serde_json::Value {
    path.split('.').fold(&summary["options"], |v, key| &v[key])
}

#[test]
fn the_default_has_every_part_of_hills_fast_has_none_and_set_still_applies() {
    let base = ["--preset", "beginner", "--games", "5", "--seed", "1", "--json"];
    let hills = [
        "isolated_regions",
        "guess.hill_off_edge",
        "guess.hill_enablers",
        "guess.living_safe",
        "chain_fifty_fifty",
        "guess.defer_small_areas",
        "guess.living_cut_off",
        "guess.hill_dominating",
        "fifty_fifty_tie_break",
    ];
    let (ok, out, _) = play(&base);
    assert!(ok);
    let a = json(&out);
    assert_eq!(a["fast"], false);
    assert_eq!(at(&a, "first_click"), "safe");
    assert_eq!(at(&a, "endgame_layouts"), 4096);
    assert_eq!(at(&a, "restricted_layouts"), 32_768);
    assert_eq!(at(&a, "restricted_candidates"), 3);
    assert_eq!(at(&a, "endgame_nodes"), 300_000);
    assert_eq!(at(&a, "guess.max_frontier"), 100);
    assert_eq!(at(&a, "guess.cut_off"), 0.9);
    for key in hills {
        assert_eq!(at(&a, key), true, "{key}: {out}");
    }
    let (ok, out, _) = play(
        &[
            &base[..],
            &["--set", "endgame_layouts=256", "--set", "restricted_candidates=5"],
        ]
        .concat(),
    );
    assert!(ok);
    let b = json(&out);
    assert_eq!(at(&b, "endgame_layouts"), 256);
    assert_eq!(at(&b, "restricted_candidates"), 5);
    assert_eq!(at(&b, "guess.hill_enablers"), true);
    let (ok, out, _) = play(&[&base[..], &["--fast"]].concat());
    assert!(ok);
    let c = json(&out);
    assert_eq!(c["fast"], true);
    assert_eq!(at(&c, "endgame_layouts"), 256);
    assert_eq!(at(&c, "restricted_layouts"), 0);
    assert_eq!(at(&c, "endgame_nodes"), 20_000);
    assert_eq!(at(&c, "guess.max_frontier"), 10);
    for key in hills {
        assert_eq!(at(&c, key), false, "{key}: {out}");
    }
    let (ok, out, _) = play(&[&base[..], &["--fast", "--set", "guess.hill_enablers=true"]].concat());
    assert!(ok);
    let d = json(&out);
    assert_eq!(at(&d, "guess.hill_enablers"), true);
    assert_eq!(at(&d, "chain_fifty_fifty"), false);
    let (ok, out, _) = play(&[&base[..], &["--player", "teacher"]].concat());
    assert!(ok);
    assert_eq!(
        json(&out)["options"],
        serde_json::Value::Null,
        "the teacher has no options"
    );
}

#[test]
fn show_options_prints_what_options_reads_back() {
    let (ok, shown, _) = play(&[
        "--first-click",
        "opening",
        "--fast",
        "--set",
        "guess.cut_off=0.7",
        "--show-options",
    ]);
    assert!(ok);
    let shown = json(&shown);
    assert_eq!(shown["first_click"], "opening");
    assert_eq!(shown["guess"]["cut_off"], 0.7);
    // The printed options, read back from a file, give the same player.
    let dir = std::env::temp_dir().join(format!("search-cli-show-options-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("options.json");
    std::fs::write(&file, shown.to_string()).unwrap();
    let base = [
        "--preset",
        "beginner",
        "--games",
        "20",
        "--first-click",
        "opening",
        "--json",
    ];
    let (ok, from_file, err) = play(&[&base[..], &["--options", file.to_str().unwrap()]].concat());
    assert!(ok, "{err}");
    let (ok, from_flags, _) = play(&[&base[..], &["--fast", "--set", "guess.cut_off=0.7"]].concat());
    assert!(ok);
    let (a, b) = (json(&from_file), json(&from_flags));
    assert_eq!(a["options"], shown);
    assert_eq!(a["options"], b["options"]);
    assert_eq!(a["wins"], b["wins"]);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_options_are_usage_errors_naming_the_key_the_value_and_the_range() {
    for (set, expected) in [
        ("guess.cut_off=NaN", "guess.cut_off must be a number, not \"NaN\""),
        ("guess.cut_off=7", "guess.cut_off = 7: expected a number in (0, 1]"),
        ("guess.cut_off=0", "guess.cut_off = 0: expected a number in (0, 1]"),
        (
            "guess.blend_ratio=0",
            "guess.blend_ratio = 0: expected a finite number > 0",
        ),
        (
            "guess.progress_weight=-1",
            "guess.progress_weight = -1: expected a finite number >= 0",
        ),
        (
            "guess.influence_weight=inf",
            "guess.influence_weight must be a number, not \"inf\"",
        ),
        (
            "endgame_nodes=1.5",
            "endgame_nodes must be a whole number >= 0, not 1.5",
        ),
        (
            "guess.max_interior=-2",
            "guess.max_interior must be a whole number >= 0, not -2",
        ),
    ] {
        let (ok, out, err) = play(&["--games", "1", "--set", set]);
        assert!(!ok && out.is_empty(), "{set}");
        assert_eq!(err, format!("error: --set {set}: {expected}\n"), "{set}");
    }
    let (ok, _, err) = play(&["--games", "1", "--set", "guess.look=1"]);
    assert!(!ok);
    assert!(
        err.starts_with("error: --set guess.look=1: no option \"guess.look\"; the options are: "),
        "{err}"
    );
    assert!(
        err.contains("guess.cut_off") && err.contains("endgame_layouts"),
        "{err}"
    );
}

#[test]
fn exact_player_options_are_refused_with_other_players_even_at_their_defaults() {
    for flag in [
        &["--fast"][..],
        &["--set", "guess.cut_off=0.9"][..],
        &["--options", "options.json"][..],
        &["--show-options"][..],
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_search-cli"))
            .args([
                "mines", "play", "--preset", "beginner", "--games", "1", "--player", "teacher",
            ])
            .args(flag)
            .output()
            .expect("the binary runs");
        assert_eq!(out.status.code(), Some(1), "{flag:?}");
        assert!(out.stdout.is_empty());
        assert_eq!(
            String::from_utf8(out.stderr).unwrap(),
            format!(
                "error: {} tunes the exact player: it does not work with --player teacher\n",
                flag[0]
            ),
            "{flag:?}"
        );
    }
}

#[test]
fn the_help_fits_on_one_screen_and_keeps_the_exact_options_under_their_heading() {
    let (ok, help, _) = play(&["-h"]);
    assert!(ok);
    assert!(help.lines().count() <= 50, "{} lines:\n{help}", help.lines().count());
    let exact: Vec<&str> = help
        .lines()
        .skip_while(|line| !line.starts_with("Exact player"))
        .skip(1)
        .take_while(|line| line.is_empty() || line.starts_with(' '))
        .filter_map(|line| line.trim_start().strip_prefix("--"))
        .map(|flag| flag.split([' ', '=']).next().unwrap_or(flag))
        .collect();
    assert_eq!(exact, ["fast", "options", "set", "show-options"], "{help}");
}
