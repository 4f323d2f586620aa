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

#[test]
fn the_default_has_every_part_of_hills_fast_has_none_and_single_flags_still_apply() {
    let base = ["--preset", "beginner", "--games", "5", "--seed", "1", "--json"];
    let hills = [
        "isolated_regions",
        "hill_off_edge",
        "hill_enablers",
        "living_safe",
        "chain_fifty_fifty",
        "defer_small_areas",
        "living_cut_off",
        "hill_dominating",
        "fifty_fifty_tie_break",
    ];
    for extra in [&[][..], &["--hill-like"][..]] {
        let (ok, out, _) = play(&[&base[..], extra].concat());
        assert!(ok);
        let a = json(&out);
        assert_eq!(a["fast"], false);
        assert_eq!(a["endgame_layouts"], 4096);
        assert_eq!(a["restricted_layouts"], 32_768);
        assert_eq!(a["restricted_candidates"], 3);
        assert_eq!(a["endgame_nodes"], 300_000);
        assert_eq!(a["guess_frontier"], 100);
        assert_eq!(a["hotspots"], false);
        for key in hills {
            assert_eq!(a[key], true, "{key}: {out}");
        }
    }
    let (ok, out, _) = play(&[&base[..], &["--endgame-layouts", "256", "--hotspots"]].concat());
    assert!(ok);
    let b = json(&out);
    assert_eq!(b["endgame_layouts"], 256);
    assert_eq!(b["hotspots"], true);
    let (ok, out, _) = play(
        &[
            &base[..],
            &["--restricted-layouts", "0", "--restricted-candidates", "5"],
        ]
        .concat(),
    );
    assert!(ok);
    assert_eq!(json(&out)["restricted_layouts"], 0);
    assert_eq!(json(&out)["restricted_candidates"], 5);
    assert_eq!(b["hill_enablers"], true);
    let (ok, out, _) = play(&[&base[..], &["--fast"]].concat());
    assert!(ok);
    let c = json(&out);
    assert_eq!(c["fast"], true);
    assert_eq!(c["endgame_layouts"], 256);
    assert_eq!(c["restricted_layouts"], 0);
    assert_eq!(c["endgame_nodes"], 20_000);
    assert_eq!(c["guess_frontier"], 10);
    for key in hills {
        assert_eq!(c[key], false, "{key}: {out}");
    }
    let (ok, out, _) = play(&[&base[..], &["--fast", "--hill-enablers"]].concat());
    assert!(ok);
    assert_eq!(json(&out)["hill_enablers"], true);
    assert_eq!(json(&out)["chain_fifty_fifty"], false);
    assert_eq!(json(&out)["fifty_fifty_tie_break"], false);
    assert_eq!(json(&out)["hill_dominating"], false);
    assert_eq!(json(&out)["lift_above_floor"], false);
    assert_eq!(json(&out)["living_cut_off"], false);
    assert_eq!(json(&out)["narrow_lift"], false);
    assert_eq!(json(&out)["clears_tie_break"], false);
    let (ok, out, _) = play(&[&base[..], &["--no-chain-fifty-fifty"]].concat());
    assert!(ok);
    assert_eq!(json(&out)["chain_fifty_fifty"], false);
    let (ok, out, _) = play(
        &[
            &base[..],
            &[
                "--fast",
                "--chain-fifty-fifty",
                "--fifty-fifty-tie-break",
                "--hill-dominating",
                "--lift-above-floor",
                "--living-cut-off",
                "--narrow-lift",
                "--clears-tie-break",
            ],
        ]
        .concat(),
    );
    assert!(ok);
    assert_eq!(json(&out)["chain_fifty_fifty"], true);
    assert_eq!(json(&out)["fifty_fifty_tie_break"], true);
    assert_eq!(json(&out)["hill_dominating"], true);
    assert_eq!(json(&out)["lift_above_floor"], true);
    assert_eq!(json(&out)["living_cut_off"], true);
    assert_eq!(json(&out)["narrow_lift"], true);
    assert_eq!(json(&out)["clears_tie_break"], true);
    let (ok, _, err) = play(&[&base[..], &["--fast", "--hill-like"]].concat());
    assert!(!ok && err.contains("cannot be used with"), "{err}");
    let (ok, out, _) = play(&[&base[..], &["--no-endgame"]].concat());
    assert!(ok);
    assert_eq!(json(&out)["endgame_layouts"], 0);
}

#[test]
fn bad_numbers_are_usage_errors_naming_the_option_and_range() {
    for (option, value, range) in [
        ("--guess-cut-off", "NaN", "(0, 1]"),
        ("--guess-cut-off", "7", "(0, 1]"),
        ("--guess-cut-off", "0", "(0, 1]"),
        ("--blend-ratio", "NaN", "> 0"),
        ("--blend-ratio", "0", "> 0"),
        ("--look-ahead-margin", "NaN", "[0, 1]"),
        ("--look-ahead-margin", "1.5", "[0, 1]"),
        ("--guess-interior-cut-off", "inf", "[0, 1]"),
        ("--progress-weight", "inf", ">= 0"),
        ("--opening-weight", "-1", ">= 0"),
        ("--influence-weight", "NaN", ">= 0"),
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_search-cli"))
            .args(["mines", "play", "--games", "1", &format!("{option}={value}")])
            .output()
            .expect("the binary runs");
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(2), "{option} {value}: {err}");
        assert!(
            err.contains(option) && err.contains(value) && err.contains(range),
            "{option} {value}: {err}"
        );
    }
}

/// The options `mines play -h` lists under the exact player's heading: each long name, whether
/// it takes a value, and its help text.
fn exact_options_in_help() -> Vec<(String, bool, String)> {
    let (ok, help, _) = play(&["-h"]);
    assert!(ok);
    let mut lines = help
        .lines()
        .skip_while(|line| !line.starts_with("Exact player"))
        .skip(1)
        .take_while(|line| line.is_empty() || line.starts_with(' '))
        .peekable();
    let mut options = Vec::new();
    while let Some(line) = lines.next() {
        let Some(flag) = line.trim_start().strip_prefix("--") else {
            continue;
        };
        let (long, value) = flag.split_once(' ').unwrap_or((flag, ""));
        let takes_value = value.trim_start().starts_with('<');
        // The help is on the same line after the value's name, or on the next line.
        let same_line = value
            .trim_start()
            .split_once('>')
            .map_or(value, |(_, rest)| rest)
            .trim();
        let help = if same_line.is_empty() {
            lines.peek().map_or("", |next| next.trim()).to_string()
        } else {
            same_line.to_string()
        };
        options.push((long.to_string(), takes_value, help));
    }
    assert!(options.len() >= 60, "the exact player's heading in:\n{help}");
    options
}

#[test]
fn the_help_groups_the_exact_players_options_under_their_heading() {
    let names: Vec<String> = exact_options_in_help().into_iter().map(|(long, _, _)| long).collect();
    for exact in [
        "no-endgame",
        "fast",
        "guess-cut-off",
        "interior-order",
        "guess-interior-cut-off",
    ] {
        assert!(names.iter().any(|n| n == exact), "{exact}: {names:?}");
    }
    for shared in [
        "preset",
        "games",
        "player",
        "threads",
        "records",
        "guess-profile",
        "model",
        "shipped",
    ] {
        assert!(!names.iter().any(|n| n == shared), "{shared}: {names:?}");
    }
}

#[test]
fn an_exact_option_at_its_default_value_is_refused_with_another_player() {
    let (_, _, help) = exact_options_in_help()
        .into_iter()
        .find(|(long, _, _)| long == "guess-cut-off")
        .unwrap();
    let default = help
        .rsplit_once("[default: ")
        .and_then(|(_, rest)| rest.strip_suffix(']'))
        .unwrap_or_else(|| panic!("clap's default in {help:?}"));
    let (ok, out, _) = play(&["--preset", "beginner", "--games", "1", "--json"]);
    assert!(ok);
    assert_eq!(
        json(&out)["guess_cut_off"].to_string(),
        default,
        "the default the exact player uses"
    );
    let out = Command::new(env!("CARGO_BIN_EXE_search-cli"))
        .args(["mines", "play", "--preset", "beginner", "--games", "1"])
        .args(["--player", "teacher", "--guess-cut-off", default])
        .output()
        .expect("the binary runs");
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        "error: --guess-cut-off tunes the exact player: it does not work with --player teacher\n"
    );
}

#[test]
fn every_exact_option_in_the_help_goes_with_the_exact_player() {
    let options = exact_options_in_help();
    // `--fast` and `--hill-like` do not go together: one run without each.
    for left_out in ["fast", "hill-like"] {
        let mut args = ["--preset", "beginner", "--games", "2", "--player", "exact", "--json"]
            .map(String::from)
            .to_vec();
        for (long, takes_value, help) in &options {
            if long == left_out {
                continue;
            }
            args.push(format!("--{long}"));
            if *takes_value {
                // The first possible value, or 1 (valid for every number of the exact player).
                let value = help
                    .split_once("[possible values: ")
                    .map_or("1", |(_, rest)| rest.split([',', ']']).next().unwrap());
                args.push(value.to_string());
            }
        }
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let (ok, out, err) = play(&args);
        assert!(ok, "{args:?}: {err}");
        assert_eq!(json(&out)["games"], 2);
        assert_eq!(json(&out)["fast"], left_out != "fast");
    }
}

#[test]
fn exact_player_flags_do_not_go_with_other_players() {
    for flag in [
        &["--no-endgame"][..],
        &["--guess-cut-off", "0.5"][..],
        &["--no-blend-second"][..],
        &["--fast"][..],
    ] {
        let (ok, _, err) = play(
            &[
                &["--preset", "beginner", "--games", "2", "--player", "teacher"][..],
                flag,
            ]
            .concat(),
        );
        assert!(!ok, "{flag:?}");
        assert_eq!(
            err,
            format!(
                "error: {} tunes the exact player: it does not work with --player teacher\n",
                flag[0]
            ),
            "{flag:?}"
        );
    }
}

#[test]
fn the_help_says_blending_is_the_default() {
    let (ok, help, _) = play(&["--help"]);
    assert!(ok);
    let blend = help
        .split("--blend-second")
        .nth(1)
        .and_then(|rest| rest.split("--blend-ratio").next())
        .unwrap();
    assert!(blend.contains("blended safety (the default)"), "{blend}");
    let (ok, out, _) = play(&["--preset", "beginner", "--games", "1", "--json"]);
    assert!(ok);
    assert_eq!(json(&out)["blend_second"], true);
}
