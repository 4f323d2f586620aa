//! `search-cli sudoku`: one answer per input line, in order, identical for every thread count;
//! comments and blank lines skipped; bad lines answered with `error:` and exit status 1.

mod common;

use common::run_text as run;

const PUZZLE: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const SOLUTION: &str = "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

#[test]
fn solve_answers_every_line_in_order() {
    let input = format!(
        "# a comment\n{PUZZLE}\n\n{}\nnot a puzzle\n{}\n",
        ".".repeat(81),
        PUZZLE.replace("53.", "535")
    );
    let (out, ok) = run(&["sudoku", "solve"], &input);
    assert!(!ok, "a bad line makes the exit status 1");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4);
    assert_eq!(lines[0], SOLUTION);
    assert_eq!(lines[1].len(), 81);
    assert!(
        lines[2].starts_with("error: line 5: invalid character 'n' at column 1"),
        "{}",
        lines[2]
    );
    assert_eq!(
        run(&["sudoku", "count"], "1234\n").0,
        "error: line 1: wrong length: expected 81 cells, found 4\n"
    );
    assert_eq!(
        lines[3],
        "error: line 6: digit 5 is given twice in row 1: at r1c1 and r1c3"
    );
    for threads in ["2", "3"] {
        assert_eq!(run(&["sudoku", "solve", "--threads", threads], &input).0, out);
    }
}

#[test]
fn count_stats_and_strategies() {
    let input = format!("{PUZZLE}\n{}\n", ".".repeat(81));
    let (out, ok) = run(&["sudoku", "count", "--limit", "5"], &input);
    assert!(ok);
    assert_eq!(out, "1\n5\n");
    // A limit of 0 would print a count of 0 for every puzzle: refused as a usage error.
    let (out, ok) = run(&["sudoku", "count", "--limit", "0"], &input);
    assert!(!ok);
    assert!(out.is_empty(), "{out}");
    for strategy in [
        "first",
        "mrv",
        "greedy",
        "binary-max",
        "binary-sum",
        "binary-min",
        "binary-product",
    ] {
        let (out, ok) = run(
            &["sudoku", "solve", "--stats", "--strategy", strategy],
            &format!("{PUZZLE}\n"),
        );
        assert!(ok);
        let fields: Vec<&str> = out.trim_end().split('\t').collect();
        assert_eq!(fields.len(), 4, "{out}");
        assert_eq!(fields[0], SOLUTION);
        assert!(fields[1..].iter().all(|f| f.parse::<u64>().is_ok()));
    }
    // The last cell changed from 9 to 7: row 9 holds two 7s.
    let (out, ok) = run(&["sudoku", "count"], &format!("{}7\n", &SOLUTION[..80]));
    assert!(!ok);
    assert!(
        out.starts_with("error: line 1: digit 7 is given twice in row 9"),
        "{out}"
    );
}

#[test]
fn every_inference_level_gives_the_same_answers() {
    let hard = "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6";
    let input = format!("{PUZZLE}\n{hard}\n{}\n", ".".repeat(81));
    let (reference, ok) = run(&["sudoku", "count", "--limit", "3"], &input);
    assert!(ok);
    assert_eq!(reference, "1\n1\n3\n");
    let mut guesses = Vec::new();
    for level in ["singles", "locked", "triads"] {
        assert_eq!(
            run(&["sudoku", "count", "--limit", "3", "--inference", level], &input).0,
            reference
        );
        let (out, ok) = run(
            &["sudoku", "count", "--stats", "--inference", level],
            &format!("{hard}\n"),
        );
        assert!(ok);
        let fields: Vec<&str> = out.trim_end().split('\t').collect();
        guesses.push(fields[2].parse::<u64>().expect("guesses"));
    }
    // Each level guesses less on this puzzle than the one before (102, 94, 65).
    assert!(guesses[0] > guesses[1] && guesses[1] > guesses[2], "{guesses:?}");
    let (_, ok) = run(&["sudoku", "count", "--inference", "pairs"], &input);
    assert!(!ok);
}

#[test]
fn generate_is_seeded_and_thread_independent() {
    let (a, ok) = run(&["sudoku", "generate", "--count", "6", "--seed", "9", "--minimal"], "");
    assert!(ok);
    let (b, _) = run(
        &[
            "sudoku",
            "generate",
            "--count",
            "6",
            "--seed",
            "9",
            "--minimal",
            "--threads",
            "2",
        ],
        "",
    );
    assert_eq!(a, b);
    assert_eq!(a.lines().count(), 6);
    let (counts, ok) = run(&["sudoku", "count"], &a);
    assert!(ok);
    assert_eq!(counts, "1\n".repeat(6));
}

#[test]
fn a_missing_file_is_named() {
    let out = common::run(&["sudoku", "solve", "/nonexistent/puzzles.txt"], "");
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.starts_with("error: /nonexistent/puzzles.txt: "), "{err}");
}

#[test]
fn a_budget_stops_one_puzzle_and_the_others_are_answered() {
    let input = format!("{}\n{PUZZLE}\n", ".".repeat(81));
    let (out, ok) = run(
        &["sudoku", "count", "--limit", "1000000000", "--max-nodes", "5000"],
        &input,
    );
    assert!(!ok, "a stopped line makes the exit status 1");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out}");
    assert!(
        lines[0].starts_with("error: line 1: stopped (") && lines[0].contains("no answer"),
        "{out}"
    );
    assert_eq!(lines[1], "1");
    let (out, ok) = run(&["sudoku", "solve", "--max-seconds", "30"], &format!("{PUZZLE}\n"));
    assert!(ok);
    assert_eq!(out.trim_end(), SOLUTION);
}

#[test]
fn generate_budgets_stop_one_puzzle_and_the_others_are_unchanged() {
    let args = ["sudoku", "generate", "--count", "6", "--seed", "9", "--minimal"];
    let (plain, ok) = run(&args, "");
    assert!(ok);
    // A minimal 9×9 puzzle takes 170 to 210 nodes: with 180, puzzles 3, 4 and 6 run out.
    let budgeted = [&args[..], &["--max-nodes", "180"]].concat();
    let (out, ok) = run(&budgeted, "");
    assert!(!ok, "a stopped puzzle makes the exit status 1");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 6, "{out}");
    for (i, (line, reference)) in lines.iter().zip(plain.lines()).enumerate() {
        if [2, 3, 5].contains(&i) {
            assert_eq!(
                *line,
                format!("error: puzzle {}: stopped (node limit reached) after 180 nodes", i + 1)
            );
        } else {
            assert_eq!(line, &reference, "a finished puzzle is the unbudgeted one");
        }
    }
    let threaded = [&budgeted[..], &["--threads", "2"]].concat();
    assert_eq!(run(&threaded, "").0, out);
    // Ample budgets change nothing.
    let ample = [&args[..], &["--max-nodes", "1000000", "--max-seconds", "600"]].concat();
    assert_eq!(run(&ample, ""), (plain, true));
    // A bad --max-seconds is a usage error before any puzzle.
    let out = common::run(&["sudoku", "generate", "--max-seconds=-1"], "");
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.starts_with("error: --max-seconds -1: "), "{err}");
}

#[test]
fn generate_25_by_25_with_a_node_budget_answers_at_once() {
    // Unbudgeted, a 25×25 puzzle takes minutes; 1,000 nodes run out in a fraction of a second.
    let start = std::time::Instant::now();
    let (out, ok) = run(
        &[
            "sudoku",
            "generate",
            "--box-size",
            "5",
            "--count",
            "2",
            "--max-nodes",
            "1000",
        ],
        "",
    );
    assert!(!ok);
    assert_eq!(
        out,
        "error: puzzle 1: stopped (node limit reached) after 1000 nodes\n\
         error: puzzle 2: stopped (node limit reached) after 1000 nodes\n"
    );
    assert!(
        start.elapsed() < std::time::Duration::from_mins(1),
        "{:?}",
        start.elapsed()
    );
    let (out, ok) = run(&["sudoku", "generate", "--box-size", "5", "--max-seconds", "0.2"], "");
    assert!(!ok);
    assert!(
        out.starts_with("error: puzzle 1: stopped (deadline passed) after "),
        "{out}"
    );
}
