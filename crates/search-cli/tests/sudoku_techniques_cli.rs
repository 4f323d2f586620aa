//! `search-cli sudoku explain | rate | generate --grade`: output formats, errors and exit
//! status, identical output for every thread count.

mod common;

use common::run_text as run;

const EASY: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const SOLUTION: &str = "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
const HARDEST: &str = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

#[test]
fn explain_prints_steps_then_the_outcome_and_a_blank_line() {
    let (out, ok) = run(&["sudoku", "explain"], &format!("{EASY}\n{HARDEST}\n"));
    assert!(ok);
    let blocks: Vec<&str> = out.split("\n\n").filter(|b| !b.is_empty()).collect();
    assert_eq!(blocks.len(), 2);
    let easy: Vec<&str> = blocks[0].lines().collect();
    assert_eq!(easy.last(), Some(&format!("solved: {SOLUTION}").as_str()));
    assert!(easy[0].starts_with("1. "));
    assert_eq!(easy.len() - 1, EASY.matches('.').count(), "one single per empty cell");
    assert!(
        blocks[1]
            .lines()
            .last()
            .is_some_and(|l| l.starts_with("stuck: no technique applies"))
    );
}

#[test]
fn explain_json_has_one_object_per_step_with_one_based_triples() {
    let (out, ok) = run(&["sudoku", "explain", "--json"], &format!("{EASY}\nbad\n"));
    assert!(!ok, "a bad line makes the exit status 1");
    let lines: Vec<&str> = out.lines().collect();
    let steps = EASY.matches('.').count();
    let end: serde_json::Value = serde_json::from_str(lines[steps]).expect("the outcome object");
    assert_eq!(end["outcome"], "solved");
    assert_eq!(end["open_cells"], 0);
    assert!(end["grid"].as_str().is_some_and(|g| g.len() == 81 && !g.contains('.')));
    assert_eq!(lines[steps + 1], "", "an empty line ends the puzzle");
    assert!(lines[steps + 2].starts_with("error: line 2: "), "{}", lines[steps + 2]);
    let mut grid: Vec<u8> = EASY.bytes().collect();
    for line in &lines[..steps] {
        let v: serde_json::Value = serde_json::from_str(line).expect("valid JSON");
        assert!(line.starts_with(r#"{"technique":"#), "{line}");
        let technique = v["technique"].as_str().expect("technique");
        assert!(["full_house", "naked_single", "hidden_single"].contains(&technique));
        assert!(v["text"].as_str().is_some_and(|t| !t.is_empty()));
        assert_eq!(v["eliminations"].as_array().map(Vec::len), Some(0));
        for p in v["placements"].as_array().expect("placements") {
            let [r, c, d] = [0, 1, 2].map(|i| p[i].as_u64().expect("number") as usize);
            assert!((1..=9).contains(&r) && (1..=9).contains(&c));
            grid[(r - 1) * 9 + c - 1] = b'0' + d as u8;
        }
    }
    assert_eq!(String::from_utf8(grid).unwrap(), SOLUTION);
}

#[test]
fn rate_answers_grade_and_score_per_line_for_every_thread_count() {
    let input = format!("# comment\n{EASY}\n{HARDEST}\n{}\nnonsense\n", ".".repeat(81));
    let (one, ok) = run(&["sudoku", "rate"], &input);
    assert!(!ok);
    let lines: Vec<&str> = one.lines().collect();
    assert_eq!(lines.len(), 4);
    assert!(lines[0].starts_with("easy "), "{}", lines[0]);
    assert!(lines[1].starts_with("extreme "), "{}", lines[1]);
    assert!(lines[1].split(' ').nth(1).and_then(|s| s.parse::<u32>().ok()).is_some());
    assert_eq!(lines[2], "error: line 4: the puzzle has more than one solution");
    assert!(lines[3].starts_with("error: "));
    let (two, _) = run(&["sudoku", "rate", "--threads", "2"], &input);
    assert_eq!(one, two);
}

#[test]
fn generate_with_a_grade_gives_puzzles_that_rate_so() {
    let (out, ok) = run(
        &[
            "sudoku",
            "generate",
            "--minimal",
            "--grade",
            "medium",
            "--count",
            "2",
            "--seed",
            "3",
        ],
        "",
    );
    assert!(ok);
    let (rated, ok) = run(&["sudoku", "rate"], &out);
    assert!(ok);
    assert_eq!(rated.lines().count(), 2);
    assert!(rated.lines().all(|l| l.starts_with("medium ")), "{rated}");
}

#[test]
fn explain_answers_an_error_for_a_puzzle_with_no_or_several_solutions() {
    // Line 1: the empty grid (every full grid is a solution); line 2: a
    // puzzle whose givens are consistent but which has no solution (r1c9 can hold no digit:
    // 1-8 are in row 1 and 9 in column 9).
    let several = ".".repeat(81);
    let none = format!("12345678.{}9{}", &".".repeat(8), &".".repeat(63));
    let (out, ok) = run(&["sudoku", "explain"], &format!("{several}\n{none}\n{EASY}\n"));
    assert!(!ok, "a puzzle that cannot be explained makes the exit status 1");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[0], "error: line 1: the puzzle has more than one solution (explain needs exactly one)",
        "{out}"
    );
    assert_eq!(lines[1], "error: line 2: the puzzle has no solution", "{out}");
    assert_eq!(
        lines[lines.len() - 2],
        format!("solved: {SOLUTION}"),
        "the good line is still explained"
    );
}

#[test]
fn levels_names_the_file_line_of_a_bad_puzzle_and_prints_no_table() {
    let dir = std::env::temp_dir().join(format!("search-cli-levels-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("puzzles.txt");
    std::fs::write(&file, format!("# a comment\n{EASY}\n\n12x\n")).expect("write");
    let path = file.to_string_lossy().into_owned();
    let output = common::run(&["sudoku", "levels", &path], "");
    std::fs::remove_dir_all(&dir).ok();
    assert!(!output.status.success());
    assert!(
        output.stdout.is_empty(),
        "no table is started before the files are read"
    );
    let err = String::from_utf8_lossy(&output.stderr);
    assert_eq!(err.matches("error:").count(), 1, "{err}");
    assert!(
        err.contains("puzzles.txt:4: invalid character 'x' at column 3"),
        "{err}"
    );
}

#[test]
fn generate_with_a_grade_names_the_puzzle_it_gives_up_on() {
    let args = [
        "sudoku",
        "generate",
        "--minimal",
        "--grade",
        "extreme",
        "--count",
        "2",
        "--seed",
        "1",
        "--attempts",
        "3",
    ];
    let (out, ok) = run(&args, "");
    assert!(!ok);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out}");
    assert_eq!(lines[0], "error: puzzle 1: no extreme puzzle in 3 attempts");
    assert_eq!(lines[1].len(), 81);
    // A node budget covers every attempt of the line together.
    let (out, ok) = run(&[&args[..], &["--max-nodes", "500"]].concat(), "");
    assert!(!ok);
    assert!(
        out.lines()
            .all(|l| l.ends_with(": stopped (node limit reached) after 500 nodes")),
        "{out}"
    );
}
