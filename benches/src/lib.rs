//! The benchmarks live in `benches/`; this library target only exists because a package needs
//! one. Data files are found through the `test-data` crate.

#![forbid(unsafe_code)]
