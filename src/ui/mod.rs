//! The faces a player meets: line mode now, the full-screen view later.

pub mod edge;
pub mod line;
