//! The criterion benchmarks of rummykit. The bench sources are the top-level `benches/*.rs`
//! files; this package only gives them their dependencies, so that building the examples
//! or the library never builds a benchmark framework.
#![forbid(unsafe_code)]
