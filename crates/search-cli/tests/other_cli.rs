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
