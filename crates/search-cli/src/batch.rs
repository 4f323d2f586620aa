//! Line-oriented batch processing shared by every subcommand: one answer per input line, in
//! order, whatever the thread count; errors are answered in place and counted.

use std::io::{self, BufRead, BufReader, Read, Write};
use std::path::Path;

use rayon::prelude::*;

use crate::progress::Progress;

/// Lines are processed in chunks of at most this many, so output streams and memory stays
/// bounded.
const CHUNK: usize = 4096;

/// What one input line produced.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Answer {
    /// Print these lines (usually one).
    Lines(Vec<String>),
    /// Print this one line.
    Line(String),
    /// Print nothing (comments and blank lines, when a command skips them).
    Skip,
    /// A bad line: printed as `error: line N: <reason>` (N: the line of the input, from 1)
    /// and counted as a failure.
    Error(String),
}

/// How a batch went.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Summary {
    /// Input lines read.
    pub lines: u64,
    /// Lines answered with an error.
    pub errors: u64,
}

impl Summary {
    /// The process exit status: 1 when any line failed.
    pub fn exit_code(self) -> std::process::ExitCode {
        if self.errors > 0 {
            std::process::ExitCode::FAILURE
        } else {
            std::process::ExitCode::SUCCESS
        }
    }
}

/// Open `file`, or standard input when it is `None` or `-`.
///
/// # Errors
/// The file cannot be opened; this error and those of later reads name its path.
pub fn open_input(file: Option<&Path>) -> io::Result<Box<dyn BufRead>> {
    match file {
        Some(path) if path.as_os_str() != "-" => {
            let file = std::fs::File::open(path).map_err(|e| with_path(path, &e))?;
            Ok(Box::new(BufReader::new(NamedFile {
                path: path.to_path_buf(),
                file,
            })))
        }
        _ => Ok(Box::new(BufReader::new(io::stdin()))),
    }
}

/// A file whose read errors name its path (a folder opens, but reading it fails).
struct NamedFile {
    path: std::path::PathBuf,
    file: std::fs::File,
}

impl Read for NamedFile {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.file.read(buf).map_err(|e| with_path(&self.path, &e))
    }
}

/// `e` with the path it happened on in front of its message (`PATH: reason`), same kind.
pub fn with_path(path: &Path, e: &io::Error) -> io::Error {
    io::Error::new(e.kind(), format!("{}: {e}", path.display()))
}

/// Build a rayon pool of `threads` workers (`threads <= 1` runs on the calling thread).
pub fn pool(threads: usize) -> Result<Option<rayon::ThreadPool>, rayon::ThreadPoolBuildError> {
    if threads <= 1 {
        return Ok(None);
    }
    rayon::ThreadPoolBuilder::new().num_threads(threads).build().map(Some)
}

/// Answer every line of `input` with `answer`, writing answers to `out` in input order.
/// With `threads > 1` a chunk of lines is answered in parallel; the output is identical.
/// On one thread each answer is flushed as soon as it is made; with threads, chunks start at
/// one line and double up to [`CHUNK`] and are flushed as they finish. So the first answers
/// appear at once and an interrupted run keeps what it has answered.
pub fn run<R, W, F>(input: R, out: &mut W, threads: usize, label: &str, answer: F) -> io::Result<Summary>
where
    R: Read,
    W: Write,
    F: Fn(&str) -> Answer + Sync,
{
    let pool = pool(threads).map_err(io::Error::other)?;
    let progress = Progress::new(label, None);
    let mut summary = Summary::default();
    let mut lines = BufReader::new(input).lines();
    let mut chunk: Vec<String> = Vec::with_capacity(CHUNK);
    let mut size = 1;
    loop {
        chunk.clear();
        for line in lines.by_ref().take(size) {
            chunk.push(line?);
        }
        if chunk.is_empty() {
            break;
        }
        size = (size * 2).min(CHUNK);
        if let Some(pool) = &pool {
            let answers: Vec<Answer> = pool.install(|| chunk.par_iter().map(|l| answer(trim_line_end(l))).collect());
            for answer in answers {
                write_answer(out, answer, &mut summary)?;
            }
        } else {
            // One thread: write and flush each answer as soon as it is made (standard output
            // is line-buffered, so the flush costs nothing more).
            for line in &chunk {
                write_answer(out, answer(trim_line_end(line)), &mut summary)?;
                out.flush()?;
            }
        }
        out.flush()?;
        progress.inc(chunk.len() as u64);
    }
    progress.finish();
    Ok(summary)
}

/// Write one line's answer and count it (the line's number is the count).
fn write_answer<W: Write>(out: &mut W, answer: Answer, summary: &mut Summary) -> io::Result<()> {
    summary.lines += 1;
    match answer {
        Answer::Line(line) => writeln!(out, "{line}")?,
        Answer::Lines(lines) => {
            for line in lines {
                writeln!(out, "{line}")?;
            }
        }
        Answer::Skip => {}
        Answer::Error(reason) => {
            summary.errors += 1;
            writeln!(out, "error: line {}: {reason}", summary.lines)?;
        }
    }
    Ok(())
}

/// Strip a trailing carriage return (CRLF files) without touching other whitespace.
fn trim_line_end(line: &str) -> &str {
    line.strip_suffix('\r').unwrap_or(line)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answer(line: &str) -> Answer {
        match line {
            "" => Answer::Skip,
            "bad" => Answer::Error(format!("bad line {line:?}")),
            other => Answer::Line(other.chars().rev().collect()),
        }
    }

    #[test]
    fn answers_every_line_in_order_for_every_thread_count() {
        let input: String = (0..10_000)
            .map(|i| {
                if i % 97 == 0 {
                    "bad\n".to_string()
                } else {
                    format!("{i}\r\n")
                }
            })
            .collect();
        let mut reference = Vec::new();
        let base = run(input.as_bytes(), &mut reference, 1, "test", answer).unwrap();
        assert_eq!(base.lines, 10_000);
        assert_eq!(base.errors, 104);
        for threads in [2, 3, 8] {
            let mut out = Vec::new();
            let summary = run(input.as_bytes(), &mut out, threads, "test", answer).unwrap();
            assert_eq!(summary, base);
            assert_eq!(out, reference);
        }
        let text = String::from_utf8(reference).unwrap();
        assert!(text.starts_with("error: line 1: bad line \"bad\"\n1\n2\n"));
        assert!(
            text.contains("\nerror: line 98: bad line"),
            "errors name their input line"
        );
    }
}
