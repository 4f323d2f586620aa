//! `search-cli connect4` and `search-cli queens`: errors name what is wrong.

mod common;

use common::run;

#[test]
fn a_missing_connect4_file_is_named() {
    let out = run(&["connect4", "solve", "/nonexistent/positions.txt"], "");
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.starts_with("error: /nonexistent/positions.txt: "), "{err}");
}

#[test]
fn queens_first_and_limit_conflict() {
    let out = run(&["queens", "8", "--first", "--limit", "3"], "");
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("--first") && err.contains("--limit"), "{err}");
}

#[test]
fn a_stopped_queens_count_says_it_is_a_lower_bound() {
    let out = run(&["queens", "20", "--max-nodes", "10000", "--stats"], "");
    let stdout = String::from_utf8(out.stdout).unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 2, "{stdout}");
    assert!(
        lines[0].starts_with("stopped (") && lines[0].contains("at least"),
        "{stdout}"
    );
    assert!(lines[1].starts_with("stats\t10000\t"), "{stdout}");
    assert!(stderr.contains("stopped early"), "{stderr}");
}

#[test]
fn connect4_errors_name_their_input_line() {
    let out = run(&["connect4", "solve"], "4455\n48\n");
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert_eq!(out.status.code(), Some(1));
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 2, "{stdout}");
    assert!(lines[1].starts_with("error: line 2: \"48\""), "{stdout}");
}
