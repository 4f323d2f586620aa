//! Progress bars on stderr for batch work: drawn only when stderr is a terminal, and only
//! once the work has run for about a second (short jobs stay silent).

use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// Work shorter than this shows no bar.
const SHOW_AFTER: Duration = Duration::from_secs(1);

/// A progress bar that appears after a second of work, on a terminal only.
#[derive(Debug)]
pub struct Progress {
    bar: ProgressBar,
    start: Instant,
}

impl Progress {
    /// A bar for `total` items (`None`: a counter without a known end).
    pub fn new(label: &str, total: Option<u64>) -> Self {
        let bar = match total {
            Some(total) => ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::hidden()),
            None => ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden()),
        };
        let template = if total.is_some() {
            "{prefix} [{elapsed_precise}] {wide_bar} {pos}/{len} ({per_sec}, eta {eta}) {msg}"
        } else {
            "{prefix} [{elapsed_precise}] {pos} done ({per_sec})"
        };
        if let Ok(style) = ProgressStyle::with_template(template) {
            bar.set_style(style);
        }
        bar.set_prefix(label.to_string());
        Self {
            bar,
            start: Instant::now(),
        }
    }

    /// Count `n` more items done.
    pub fn inc(&self, n: u64) {
        if self.bar.is_hidden()
            && self.start.elapsed() >= SHOW_AFTER
            && std::io::IsTerminal::is_terminal(&std::io::stderr())
        {
            self.bar.set_draw_target(ProgressDrawTarget::stderr());
        }
        self.bar.inc(n);
    }

    /// Show `text` after the counts (e.g. the running loss of a training run).
    #[cfg_attr(not(feature = "learn"), expect(dead_code, reason = "only training shows a message"))]
    pub fn set_message(&self, text: &str) {
        self.bar.set_message(text.to_string());
    }

    /// Remove the bar.
    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}
