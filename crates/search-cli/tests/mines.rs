//! `search-cli mines …`: the output contract of the issue.

mod common;

use common::run;

#[test]
fn probabilities_print_one_field_per_cell() {
    let out = run(&["mines", "probabilities"], "4x3 2\n001.\n002.\n001.\n");
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "- - - 1.000000\n- - - 0.000000\n- - - 1.000000\n"
    );
    let out = run(
        &["mines", "probabilities", "--method", "teacher"],
        "4x3 2\n001.\n002.\n001.\n",
    );
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "- - - 0.666667\n- - - 0.666667\n- - - 0.666667\n"
    );
    let out = run(&["mines", "probabilities"], "3x2 2\n1F.\n...\n");
    let text = String::from_utf8(out.stdout).unwrap();
    let rows: Vec<Vec<&str>> = text.lines().map(|l| l.split(' ').collect()).collect();
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[0][..2], ["-", "F"]);
    // The 1 is satisfied by its flag: its other neighbours are safe; the last mine is at (2, 0)
    // or (2, 1), the only cells the 1 does not see.
    assert_eq!(rows[1][..2], ["0.000000", "0.000000"]);
    assert_eq!(rows[0][2], "0.500000");
}

#[test]
fn bad_boards_fail_with_a_reason_and_no_output() {
    for (board, reason) in [
        ("3x1 1\n2..\n", "needs 2 more mines"),
        ("3x1 1\n1x.\n", "unexpected character 'x'"),
        ("9x9\n", "header"),
        ("2x2 1\n..\n", "expected 2 board rows"),
        ("4x2 3\n1..1\n....\n", "no layout has exactly 3"),
    ] {
        let out = run(&["mines", "probabilities"], board);
        assert_eq!(out.status.code(), Some(1), "{board}");
        assert!(out.stdout.is_empty(), "{board}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.starts_with("error: ") && err.contains(reason), "{board}: {err}");
    }
}

#[test]
fn a_node_budget_stops_the_enumeration_with_an_error() {
    // Numbers on every other cell of a long top row: one component with very many layouts.
    let board = "41x4 19\n1.2.2.1.2.2.1.2.2.1.2.2.1.2.2.1.2.2.1.2.1\n".to_string()
        + &".".repeat(41)
        + "\n"
        + &".".repeat(41)
        + "\n"
        + &".".repeat(41)
        + "\n";
    let out = run(&["mines", "probabilities", "--max-nodes", "1000"], &board);
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    assert!(String::from_utf8(out.stderr).unwrap().contains("node limit"));
    let out = run(&["mines", "probabilities"], &board);
    assert!(out.status.success());
    assert_eq!(String::from_utf8(out.stdout).unwrap().lines().count(), 4);
}

#[test]
fn show_writes_an_svg_and_dataset_writes_npy_files() {
    let dir = std::env::temp_dir().join(format!("search-cli-mines-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let svg = dir.join("show.svg");
    let out = run(
        &[
            "mines",
            "show",
            "--preset",
            "beginner",
            "--seed",
            "3",
            "--clicks",
            "4",
            "--svg",
            svg.to_str().unwrap(),
        ],
        "",
    );
    assert!(out.status.success());
    let picture = std::fs::read_to_string(&svg).unwrap();
    assert!(picture.starts_with("<svg") && picture.trim_end().ends_with("</svg>"));
    let data = dir.join("data");
    let out = run(
        &[
            "mines",
            "dataset",
            "--games",
            "3",
            "--seed",
            "1",
            "--preset",
            "beginner",
            "--labels",
            "teacher",
            "--out",
            data.to_str().unwrap(),
        ],
        "",
    );
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    for file in ["inputs.npy", "labels.npy", "mines.npy", "info.npy", "dataset.json"] {
        assert!(data.join(file).is_file(), "{file}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn boards_writes_one_layout_per_game_and_rejects_a_bad_preset() {
    let out = run(
        &["mines", "boards", "--preset", "beginner", "--games", "3", "--seed", "5"],
        "",
    );
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<serde_json::Value> = text.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines.len(), 3);
    for (i, line) in lines.iter().enumerate() {
        assert_eq!(line["seed"], 5 + i as u64);
        assert_eq!(line["rule"], "safe");
        assert_eq!(line["first"], serde_json::json!([0, 0]));
        let mines = line["mines"].as_array().unwrap();
        assert_eq!(mines.len(), 10);
        // The safe first click is never a mine.
        assert!(!mines.contains(&serde_json::json!([0, 0])));
    }
    // The same arguments give the same boards.
    let again = run(
        &["mines", "boards", "--preset", "beginner", "--games", "3", "--seed", "5"],
        "",
    );
    assert_eq!(String::from_utf8(again.stdout).unwrap(), text);
    let out = run(&["mines", "boards", "--preset", "huge", "--games", "3"], "");
    assert!(!out.status.success());
    assert!(out.stdout.is_empty());
    assert!(String::from_utf8(out.stderr).unwrap().contains("--preset"));
}

#[test]
fn sample_prints_layouts_that_fit_the_board_seed_stable() {
    // A 1 in the corner of a 3x2 board with two mines: the 1 sees one mine among (1,0), (0,1)
    // and (1,1); the other is on (2,0) or (2,1).
    let board = "3x2 2\n1..\n...\n";
    let out = run(&["mines", "sample", "--count", "200", "--seed", "5"], board);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let blocks: Vec<&str> = text.split("\n\n").collect();
    assert_eq!(blocks.len(), 200);
    let mut seen = std::collections::HashSet::new();
    for block in &blocks {
        let rows: Vec<&[u8]> = block.lines().map(str::as_bytes).collect();
        assert_eq!(rows.len(), 2, "{block}");
        assert_eq!(rows[0][0], b'1');
        let mine = |c: usize, r: usize| rows[r][c] == b'*';
        assert_eq!(
            usize::from(mine(1, 0)) + usize::from(mine(0, 1)) + usize::from(mine(1, 1)),
            1,
            "{block}"
        );
        assert_eq!(usize::from(mine(2, 0)) + usize::from(mine(2, 1)), 1, "{block}");
        seen.insert(block.trim_end().to_string());
    }
    // All six layouts turn up in 200 draws.
    assert_eq!(seen.len(), 6);
    let again = run(&["mines", "sample", "--count", "200", "--seed", "5"], board);
    assert_eq!(String::from_utf8(again.stdout).unwrap(), text);
    let other = run(&["mines", "sample", "--count", "200", "--seed", "6"], board);
    assert_ne!(String::from_utf8(other.stdout).unwrap(), text);
}

#[test]
fn sample_rejects_a_board_no_layout_fits() {
    let out = run(&["mines", "sample"], "4x2 3\n1..1\n....\n");
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    assert!(
        String::from_utf8(out.stderr)
            .unwrap()
            .contains("no layout has exactly 3")
    );
}

/// Run `search-cli ARGS` on empty input: (exit code, standard error).
fn failure(args: &[&str]) -> (Option<i32>, String) {
    let out = run(args, "");
    (out.status.code(), String::from_utf8(out.stderr).unwrap())
}

#[test]
fn zero_counts_are_usage_errors() {
    for (args, option) in [
        (&["mines", "sample", "--count", "0"][..], "--count"),
        (
            &["mines", "boards", "--preset", "beginner", "--games", "0"][..],
            "--games",
        ),
    ] {
        let (code, err) = failure(args);
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert!(err.contains(option) && err.contains("'0'"), "{args:?}: {err}");
    }
}

#[test]
fn missing_and_unwritable_files_are_named() {
    for args in [
        &["mines", "probabilities", "/nonexistent/board.txt"][..],
        &["mines", "sample", "/nonexistent/board.txt"][..],
    ] {
        let (code, err) = failure(args);
        assert_eq!(code, Some(1), "{args:?}: {err}");
        assert!(err.starts_with("error: /nonexistent/board.txt: "), "{args:?}: {err}");
    }
    let (code, err) = failure(&["mines", "probabilities", "/"]);
    assert_eq!(code, Some(1), "{err}");
    assert!(
        err.starts_with("error: /: "),
        "a folder opens but cannot be read: {err}"
    );
    let (code, err) = failure(&[
        "mines",
        "show",
        "--preset",
        "beginner",
        "--seed",
        "1",
        "--clicks",
        "1",
        "--svg",
        "/nonexistent/heat.svg",
    ]);
    assert_eq!(code, Some(1), "{err}");
    assert!(err.starts_with("error: /nonexistent/heat.svg: "), "{err}");
}
