//! The faces a player meets: line mode and the full-screen view.

pub mod edge;
mod export;
pub mod face_loop;
pub mod gamepad;
pub mod line;
pub mod online_link;
mod replies;
pub mod screen;
