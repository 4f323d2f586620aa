//! Hostile and edge input across the subcommands: bytes that are not UTF-8, absurd thread
//! counts, stray whitespace, output paths that cannot be written. Every case gets a typed
//! error naming what is wrong and where, never a panic, and the other lines go on.

mod common;

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::{run, run_bytes};

const PUZZLE: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const SOLUTION: &str = "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

fn text(bytes: Vec<u8>) -> String {
    String::from_utf8(bytes).expect("utf-8")
}

/// Run `search-cli ARGS` with no input; its exit code and standard error, or `None` when it
/// was still running after `limit` (it is killed then).
fn run_within(args: &[&str], limit: Duration) -> Option<(Option<i32>, String)> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_search-cli"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let start = Instant::now();
    loop {
        if child.try_wait().expect("wait").is_some() {
            let out = child.wait_with_output().expect("output");
            return Some((out.status.code(), text(out.stderr)));
        }
        if start.elapsed() > limit {
            child.kill().expect("kill");
            child.wait().expect("reaped");
            return None;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn a_line_that_is_not_utf8_is_answered_in_place_and_the_others_go_on() {
    let mut input = format!("{PUZZLE}\n").into_bytes();
    input.extend_from_slice(b"\xff\xfe\n");
    input.extend_from_slice(format!("{PUZZLE}\r\n").as_bytes());
    input.extend_from_slice("53..é".as_bytes());
    input.extend_from_slice(b"\xff\n");
    input.extend_from_slice(format!("{PUZZLE}\n").as_bytes());
    let expected = format!(
        "{SOLUTION}\nerror: line 2: not valid UTF-8: byte 0xff at column 1\n{SOLUTION}\n\
         error: line 4: not valid UTF-8: byte 0xff at column 6\n{SOLUTION}\n"
    );
    for threads in ["1", "2"] {
        let out = run_bytes(&["sudoku", "solve", "--threads", threads], &input);
        assert_eq!(out.status.code(), Some(1), "{}", text(out.stderr));
        assert_eq!(text(out.stdout), expected, "--threads {threads}");
    }
    let out = run_bytes(&["connect4", "solve"], b"4455\n\xff\n44455554221\n");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(out.stdout),
        "18\nerror: line 2: not valid UTF-8: byte 0xff at column 1\n-15\n"
    );
}

#[test]
fn a_whole_input_that_is_not_utf8_names_the_line() {
    let out = run_bytes(&["mines", "probabilities"], b"4x3 2\n001.\n0\xff2.\n001.\n");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(out.stderr),
        "error: line 3: not valid UTF-8: byte 0xff at column 2\n"
    );
    let dir = std::env::temp_dir().join(format!("search-cli-hostile-utf8-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let records = dir.join("records.csv");
    std::fs::write(&records, b"seed,won,moves\n0,1,3\n\xff\n").unwrap();
    let path = records.to_str().unwrap();
    let out = run(&["mines", "compare", path, path], "");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(out.stderr),
        format!("error: {path}: line 3: not valid UTF-8: byte 0xff at column 1\n")
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_absurd_thread_count_is_a_usage_error_not_an_abort() {
    for args in [
        &["sudoku", "solve", "--threads", "100000"][..],
        &["queens", "8", "--threads", "100000"][..],
        &["connect4", "solve", "--threads", "100000"][..],
    ] {
        let out = run(args, &format!("{PUZZLE}\n"));
        let err = text(out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains("'100000' for '--threads"), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
    // The largest accepted count still answers.
    let out = run(&["sudoku", "solve", "--threads", "1024"], &format!("{PUZZLE}\n"));
    assert_eq!(text(out.stdout), format!("{SOLUTION}\n"));
}

#[test]
fn a_move_that_is_not_utf8_is_a_bad_move_not_the_end_of_the_game() {
    let out = run_bytes(&["tictactoe", "play"], b"\xff\n5\nq\n");
    let stdout = text(out.stdout);
    assert_eq!(out.status.code(), Some(0), "{}", text(out.stderr));
    assert!(stdout.contains("is not a cell"), "{stdout}");
    assert!(stdout.contains("you play 5"), "{stdout}");
    let out = run_bytes(&["connect4", "play", "--seconds", "0.2"], b"\xff\n4\nq\n");
    let stdout = text(out.stdout);
    assert_eq!(out.status.code(), Some(0), "{}", text(out.stderr));
    assert!(stdout.contains("is not a column"), "{stdout}");
    assert!(stdout.contains("you play 4"), "{stdout}");
}

#[test]
fn connect4_leading_whitespace_is_not_the_empty_board() {
    // Without the trim, ` 4455` was scored as the empty board (here: stopped by the budget).
    let out = run(
        &["connect4", "solve", "--max-nodes", "100000"],
        " 4455\n\t44455554221 -15\n",
    );
    assert_eq!(text(out.stdout), "18\n-15\n");
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn rate_errors_name_the_field_and_count_columns_from_the_line_start() {
    let input = format!(
        "{PUZZLE} extra\nabc {}x\n  {}x{}\n",
        &PUZZLE[..80],
        &PUZZLE[..40],
        &PUZZLE[41..]
    );
    let out = run(&["sudoku", "rate"], &input);
    assert_eq!(out.status.code(), Some(1));
    let stdout = text(out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 3, "{stdout}");
    assert!(
        lines[0].starts_with("error: line 1: field 2: invalid character 'e' at column 83 "),
        "{stdout}"
    );
    assert!(
        lines[1].starts_with("error: line 2: field 2: invalid character 'x' at column 85 "),
        "{stdout}"
    );
    assert!(
        lines[2].starts_with("error: line 3: invalid character 'x' at column 43 "),
        "{stdout}"
    );
}

#[test]
fn an_unwritable_records_file_fails_before_the_games() {
    let limit = Duration::from_secs(20);
    let result = run_within(
        &[
            "mines",
            "play",
            "--preset",
            "expert",
            "--games",
            "1000000",
            "--threads",
            "1",
            "--records",
            "/nonexistent/records.csv",
        ],
        limit,
    );
    let (code, err) = result.expect("a records path that cannot be written fails at once");
    assert_eq!(code, Some(1), "{err}");
    assert!(err.starts_with("error: --records /nonexistent/records.csv: "), "{err}");
}

#[cfg(feature = "learn")]
#[test]
fn an_unwritable_plot_fails_before_the_evaluation() {
    let result = run_within(
        &[
            "mines",
            "evaluate",
            "--positions",
            "1000000",
            "--threads",
            "1",
            "--plot",
            "/nonexistent/plot.svg",
        ],
        Duration::from_secs(20),
    );
    let (code, err) = result.expect("a plot path that cannot be written fails at once");
    assert_eq!(code, Some(1), "{err}");
    assert!(err.starts_with("error: /nonexistent/plot.svg: "), "{err}");
}

#[test]
fn an_output_folder_that_is_a_file_is_named_as_such() {
    let dir = std::env::temp_dir().join(format!("search-cli-hostile-folder-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("a-file");
    std::fs::write(&file, "not a folder").unwrap();
    let path = file.to_str().unwrap();
    let out = run(
        &[
            "mines", "dataset", "--games", "1", "--seed", "1", "--preset", "beginner", "--out", path,
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(text(out.stderr), format!("error: {path}: exists and is not a folder\n"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn generate_refuses_zero_puzzles_and_box_sizes_outside_the_help() {
    let out = run(&["sudoku", "generate", "--count", "0"], "");
    let err = text(out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("'0' for '--count"), "{err}");
    assert!(out.stdout.is_empty());
    for size in ["0", "1", "6"] {
        let out = run(&["sudoku", "generate", "--box-size", size], "");
        let err = text(out.stderr);
        assert_eq!(out.status.code(), Some(1), "{size}: {err}");
        assert_eq!(
            err,
            format!("error: --box-size {size}: expected 2 to 5 (a grid of 4 to 25 digits)\n")
        );
        assert!(out.stdout.is_empty(), "{size}");
    }
}

#[test]
fn the_help_says_what_the_commands_print() {
    let out = run(&["sudoku", "--help"], "");
    let help = text(out.stdout);
    assert!(help.contains("`unsolvable`, or `error: line N: <reason>`"), "{help}");
    let out = run(&["sudoku", "solve", "--help"], "");
    let help = text(out.stdout);
    assert!(help.contains("Worker threads (0 or 1 = none)"), "{help}");
}

#[test]
fn strategies_reads_every_file_before_it_prints_the_table() {
    let dir = std::env::temp_dir().join(format!("search-cli-hostile-strategies-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("good.txt");
    let bad = dir.join("bad.txt");
    std::fs::write(&good, format!("{PUZZLE}\n")).unwrap();
    std::fs::write(&bad, format!("{PUZZLE}\n{}x\n", &PUZZLE[..80])).unwrap();
    let (good, bad) = (good.to_str().unwrap(), bad.to_str().unwrap());
    let out = run(&["sudoku", "strategies", "--strategies", "mrv", good, bad], "");
    assert_eq!(out.status.code(), Some(1));
    // No table cut short on standard output: the error stands alone.
    assert_eq!(text(out.stdout), "");
    let err = text(out.stderr);
    assert!(err.contains(&format!("{bad}:2: invalid character 'x'")), "{err}");
    let out = run(&["sudoku", "strategies", "--strategies", "mrv", good], "");
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(text(out.stdout).lines().count(), 3);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_reader_that_stops_early_ends_the_command_quietly() {
    use std::io::{BufRead, BufReader, Write};
    // Far more output than a pipe holds, so the command is still writing when the reader
    // goes away (as with `search-cli sudoku solve big.txt | head -1`).
    let input = format!("{PUZZLE}\n").repeat(20_000);
    for threads in ["1", "2"] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_search-cli"))
            .args(["sudoku", "solve", "--threads", threads])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the binary runs");
        let mut stdin = child.stdin.take().expect("stdin");
        let bytes = input.clone();
        let writer = std::thread::spawn(move || {
            // The command may stop before it has read everything: a broken pipe here is fine.
            let _ = stdin.write_all(bytes.as_bytes());
        });
        let mut first = String::new();
        BufReader::new(child.stdout.take().expect("stdout"))
            .read_line(&mut first)
            .expect("one line");
        assert_eq!(first, format!("{SOLUTION}\n"));
        // The reader is dropped here: the command's next writes find the pipe closed.
        let out = child.wait_with_output().expect("the binary finishes");
        writer.join().expect("writer");
        assert_eq!(text(out.stderr), "", "--threads {threads}: nothing said about the pipe");
        assert_eq!(out.status.code(), Some(0), "--threads {threads}");
    }
}

#[test]
fn negative_numbers_reach_the_checks_of_their_options() {
    // clap read `-1` as an unknown flag ("unexpected argument '-1' found"); the value now
    // reaches the option's own check, which names it.
    let out = run(&["queens", "6", "--max-seconds", "-1"], "");
    let err = text(out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("--max-seconds -1"), "{err}");
    let out = run(&["mines", "play", "--games", "1", "--set", "guess.cut_off=-0.5"], "");
    let err = text(out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert_eq!(
        err,
        "error: --set guess.cut_off=-0.5: guess.cut_off = -0.5: expected a number in (0, 1]\n"
    );
    let out = run(&["connect4", "play", "--seconds", "-2"], "");
    let err = text(out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("--seconds -2"), "{err}");
}

#[test]
fn strategies_reads_exchange_records_and_samples_like_levels() {
    let dir = std::env::temp_dir().join(format!("search-cli-strategies-records-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("records.txt");
    // Three Sudoku Exchange records (`hash puzzle rating`), a comment and a blank line.
    let record = |hash: &str| format!("{hash} {PUZZLE} 1.2\n");
    std::fs::write(
        &file,
        format!("# records\n{}\n{}{}", record("aaaa"), record("bbbb"), record("cccc")),
    )
    .unwrap();
    let path = file.to_str().unwrap();
    let rows = |extra: &[&str]| {
        let mut args = vec!["sudoku", "strategies", "--strategies", "mrv", path];
        args.extend_from_slice(extra);
        let out = run(&args, "");
        assert_eq!(out.status.code(), Some(0), "{}", text(out.stderr));
        let table = text(out.stdout);
        // The puzzles column of the one row.
        table
            .lines()
            .nth(2)
            .map(|row| row.split('|').nth(3).unwrap_or("").trim().to_string())
    };
    assert_eq!(rows(&[]).as_deref(), Some("3"));
    assert_eq!(rows(&["--sample", "2"]).as_deref(), Some("2"));
    // A bad record names its file, its line and the field read.
    std::fs::write(&file, format!("{}zzzz {}x 1.0\n", record("aaaa"), &PUZZLE[..80])).unwrap();
    let out = run(&["sudoku", "strategies", path], "");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(text(out.stdout), "");
    let err = text(out.stderr);
    assert!(
        err.contains(&format!("{path}:2: field 2: invalid character 'x'")),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
