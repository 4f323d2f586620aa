//! Running the `search-cli` binary from the integration tests.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Run `search-cli ARGS` with `stdin` as standard input and collect everything it printed.
pub fn run(args: &[&str], stdin: &str) -> Output {
    run_bytes(args, stdin.as_bytes())
}

/// [`run`] with standard input given as bytes (input that is not UTF-8).
pub fn run_bytes(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_search-cli"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    // A binary that stops before reading its input (a usage error) closes the pipe: that is
    // its answer, not a failure of the test.
    match child.stdin.take().expect("stdin").write_all(stdin) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => panic!("input not written: {e}"),
        _ => {}
    }
    child.wait_with_output().expect("the binary finishes")
}

/// Standard output as text, and whether the exit status was success.
#[allow(dead_code, reason = "not every test file uses every helper")]
pub fn run_text(args: &[&str], stdin: &str) -> (String, bool) {
    let out = run(args, stdin);
    (String::from_utf8(out.stdout).expect("utf-8"), out.status.success())
}
