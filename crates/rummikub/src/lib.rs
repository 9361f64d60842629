//! Rummikub (the Sabra rules as sold in the box, every house rule of `RULES.md` §1.10,
//! and the Schmidt variant of §4.1) and an exact rearrangement solver.
#![forbid(unsafe_code)]

// --- solver (owned by the solver work) ---
pub mod solver;
// --- engine (owned by the engine work) ---
