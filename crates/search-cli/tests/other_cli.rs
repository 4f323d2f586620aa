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

#[test]
fn completions_for_every_shell_and_bash_completes_past_the_first_word() {
    for shell in ["bash", "elvish", "fish", "powershell", "zsh"] {
        let (script, ok) = common::run_text(&["completions", shell], "");
        assert!(ok, "{shell}");
        assert!(script.contains("search-cli") && script.contains("preset"), "{shell}");
    }
    let (_, ok) = common::run_text(&["completions", "tcsh"], "");
    assert!(!ok, "an unknown shell is a usage error");
    // clap_complete 4.6 spells the bash case arms of a hyphenated binary's subcommands in a
    // way its own loop never matches (clap-rs/clap#6421); the command respells them.
    let (script, _) = common::run_text(&["completions", "bash"], "");
    assert!(
        !script.contains("search__subcmd__cli"),
        "the upstream misspelling is mended"
    );
    assert!(script.contains("search__cli__subcmd__mines__subcmd__play)"));
    // With bash at hand, complete three words for real.
    let file = std::env::temp_dir().join(format!("search-cli-completion-{}.bash", std::process::id()));
    std::fs::write(&file, &script).expect("write the script");
    let probe = format!(
        "source {}\n\
         COMP_WORDS=(search-cli mines pl); COMP_CWORD=2; _search__cli search-cli pl mines; echo \"${{COMPREPLY[*]}}\"\n\
         COMP_WORDS=(search-cli mines play --pre); COMP_CWORD=3; _search__cli search-cli --pre play; echo \"${{COMPREPLY[*]}}\"\n",
        file.display()
    );
    let bash = std::process::Command::new("bash").args(["-c", &probe]).output();
    std::fs::remove_file(&file).ok();
    match bash {
        Ok(out) => assert_eq!(String::from_utf8_lossy(&out.stdout), "play\n--preset\n"),
        Err(e) => eprintln!("bash is not available ({e}): the completion itself is not run"),
    }
}
