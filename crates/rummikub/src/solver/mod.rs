//! The exact Rummikub rearrangement solver.
