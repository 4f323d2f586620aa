//! Line-oriented batch processing shared by every subcommand: one answer per input line, in
//! order, whatever the thread count; errors are answered in place and counted.

use std::convert::Infallible;
use std::io::{self, BufRead, BufReader, BufWriter, IsTerminal, Read, Write};
use std::path::Path;
use std::time::{Duration, Instant};

use search_core::parallel::ordered_map;

use crate::progress::Progress;

/// Lines are processed in chunks of at most this many, so output streams and memory stays
/// bounded.
const CHUNK: usize = 4096;

/// On one thread, answers written since the last flush are flushed once this much time has
/// passed: fast answers go out in blocks, a slow one does not wait behind the chunk.
const FLUSH_EVERY: Duration = Duration::from_millis(100);

/// Standard output as the batch commands write it: line by line to a terminal, where a
/// person reads as the answers come, and in large blocks to a pipe or a file, where one
/// system call per line would cost more than the answers. [`run`] flushes it after each chunk
/// of answers, and at least every [`FLUSH_EVERY`] on one thread.
pub enum Output {
    /// A terminal: flushed at every newline.
    Terminal(io::StdoutLock<'static>),
    /// A pipe or a file: flushed when the buffer fills and when [`run`] flushes it.
    Piped(BufWriter<io::StdoutLock<'static>>),
}

/// [`Output`] for this process's standard output.
pub fn output() -> Output {
    let stdout = io::stdout();
    if stdout.is_terminal() {
        Output::Terminal(stdout.lock())
    } else {
        Output::Piped(BufWriter::with_capacity(1 << 16, stdout.lock()))
    }
}

impl Write for Output {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self {
            Self::Terminal(out) => out.write(buf),
            Self::Piped(out) => out.write(buf),
        }
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        match self {
            Self::Terminal(out) => out.write_all(buf),
            Self::Piped(out) => out.write_all(buf),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match self {
            Self::Terminal(out) => out.flush(),
            Self::Piped(out) => out.flush(),
        }
    }
}

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

/// The whole of `file` (standard input when it is `None` or `-`) as text, for the commands
/// that read one board or one table; errors name the file, and bad UTF-8 its line and column.
///
/// # Errors
/// The file cannot be opened or read, or is not UTF-8.
pub fn read_input(file: Option<&Path>) -> io::Result<String> {
    match file {
        Some(path) if path.as_os_str() != "-" => read_file(path),
        _ => read_text(io::stdin()),
    }
}

/// The whole of the file at `path` as text; every error starts with the path.
///
/// # Errors
/// The file cannot be opened or read, or is not UTF-8 (its line and column named).
pub fn read_file(path: &Path) -> io::Result<String> {
    let file = std::fs::File::open(path).map_err(|e| with_path(path, &e))?;
    // `NamedFile` puts the path in front of read errors; bad UTF-8 is found after the read.
    read_text(NamedFile {
        path: path.to_path_buf(),
        file,
    })
    .map_err(|e| {
        if e.kind() == io::ErrorKind::InvalidData {
            with_path(path, &e)
        } else {
            e
        }
    })
}

/// Check that `path` can be written, before a long run whose result goes there: an existing
/// file is opened for appending (and left as it is), a new one is created and removed again.
///
/// # Errors
/// The path cannot be written (a missing folder, a folder, no permission), its path in front.
pub fn check_writable(path: &Path) -> io::Result<()> {
    let result = if path.exists() {
        std::fs::OpenOptions::new().append(true).open(path).map(drop)
    } else {
        std::fs::File::create(path).and_then(|_| std::fs::remove_file(path))
    };
    result.map_err(|e| with_path(path, &e))
}

/// Refuse an output folder that exists as something else (a file): creating it would fail
/// with the misleading "File exists".
///
/// # Errors
/// `path` exists and is not a folder.
pub fn check_folder(path: &Path) -> io::Result<()> {
    if path.exists() && !path.is_dir() {
        return Err(io::Error::new(
            io::ErrorKind::AlreadyExists,
            format!("{}: exists and is not a folder", path.display()),
        ));
    }
    Ok(())
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
/// Chunks start at one line and double up to [`CHUNK`]; `out` is flushed after each chunk,
/// and on one thread also whenever [`FLUSH_EVERY`] has passed since the last flush. So the
/// first answers appear at once, an interrupted run keeps what it had answered a moment
/// before, and output to a pipe ([`output`]) is written in blocks, not line by line.
pub fn run<R, W, F>(input: R, out: &mut W, threads: usize, label: &str, answer: F) -> io::Result<Summary>
where
    R: Read,
    W: Write,
    F: Fn(&str) -> Answer + Sync,
{
    let pool = pool(threads).map_err(io::Error::other)?;
    let progress = Progress::new(label, None);
    let mut summary = Summary::default();
    let mut reader = BufReader::new(input);
    let mut buf = Vec::new();
    // A line that is not UTF-8 is kept as its error, answered in its place.
    let mut chunk: Vec<Result<String, String>> = Vec::with_capacity(CHUNK);
    let mut size = 1;
    // Answer a line, or the error of a line that could not be read as text.
    let answer_line = |line: &Result<String, String>| match line {
        Ok(line) => answer(trim_line_end(line)),
        Err(reason) => Answer::Error(reason.clone()),
    };
    loop {
        chunk.clear();
        while chunk.len() < size {
            buf.clear();
            if reader.read_until(b'\n', &mut buf)? == 0 {
                break;
            }
            if buf.last() == Some(&b'\n') {
                buf.pop();
            }
            chunk.push(decode_line(std::mem::take(&mut buf)));
        }
        if chunk.is_empty() {
            break;
        }
        size = (size * 2).min(CHUNK);
        if let Some(pool) = &pool {
            // On the pool built once above: `ordered_map` runs in the pool it is called from
            // when that pool has `threads` threads.
            let answers =
                pool.install(|| ordered_map(&chunk, threads, |line| Ok::<_, Infallible>(answer_line(line)), || ()));
            let Ok(answers) = answers;
            for answer in answers {
                write_answer(out, answer, &mut summary)?;
            }
        } else {
            // One thread: write each answer as it is made; flush when a moment has passed, so
            // a slow answer is not held back by the rest of its chunk.
            let mut flushed = Instant::now();
            for line in &chunk {
                write_answer(out, answer_line(line), &mut summary)?;
                if flushed.elapsed() >= FLUSH_EVERY {
                    out.flush()?;
                    flushed = Instant::now();
                }
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

/// One input line (without its newline) as text, or the reason it is not: the column (from
/// 1, in characters) and the value of the first byte that is not UTF-8.
fn decode_line(bytes: Vec<u8>) -> Result<String, String> {
    String::from_utf8(bytes).map_err(|e| {
        let (_, column, byte) = first_bad_byte(&e);
        format!("not valid UTF-8: byte 0x{byte:02x} at column {column}")
    })
}

/// Where the first byte that is not UTF-8 lies: its line and column (both from 1, the column
/// in characters) and its value.
fn first_bad_byte(e: &std::string::FromUtf8Error) -> (usize, usize, u8) {
    let bytes = e.as_bytes();
    let valid = e.utf8_error().valid_up_to();
    // The prefix before `valid` is UTF-8 by definition.
    let before = String::from_utf8_lossy(&bytes[..valid]);
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |last| last.chars().count()) + 1;
    (line, column, bytes[valid])
}

/// A whole input (a board, a records file, a puzzle file) as text; when it is not UTF-8, the
/// error names the line and column of the first bad byte.
///
/// # Errors
/// Reading fails, or the text is not UTF-8 (kind `InvalidData`).
pub fn read_text(mut input: impl Read) -> io::Result<String> {
    let mut bytes = Vec::new();
    input.read_to_end(&mut bytes)?;
    match String::from_utf8(bytes) {
        Ok(text) => Ok(text),
        Err(e) => {
            let (line, column, byte) = first_bad_byte(&e);
            Err(io::Error::new(
                io::ErrorKind::InvalidData,
                format!("line {line}: not valid UTF-8: byte 0x{byte:02x} at column {column}"),
            ))
        }
    }
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
