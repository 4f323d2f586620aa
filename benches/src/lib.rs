//! Helpers shared by the workspace's criterion benchmarks: where the public data sets live.

#![forbid(unsafe_code)]

use std::path::PathBuf;

/// The `shared/data` folder beside the repository (`../shared/data` from the workspace root),
/// or the folder named by the `SEARCH_DATA_DIR` environment variable. `None` when absent.
pub fn shared_data_dir() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("SEARCH_DATA_DIR") {
        let dir = PathBuf::from(dir);
        return dir.is_dir().then_some(dir);
    }
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/data");
    dir.is_dir().then_some(dir)
}

/// Read a data file from `shared/data/<relative>`; `None` (with a note on stderr) when the
/// folder or file is missing, so benchmarks skip instead of failing.
pub fn read_shared(relative: &str) -> Option<String> {
    let Some(dir) = shared_data_dir() else {
        eprintln!("note: ../shared/data is missing; skipping the benchmarks that need {relative}");
        return None;
    };
    match std::fs::read_to_string(dir.join(relative)) {
        Ok(text) => Some(text),
        Err(err) => {
            eprintln!("note: cannot read shared/data/{relative} ({err}); skipping");
            None
        }
    }
}
