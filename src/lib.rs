//! hector: play, record and check chess games by ear, keyboard and gamepad under the FIDE Laws of Chess.

pub mod rules;
pub mod words;
pub mod store;
pub mod dirs;
pub mod speech;
pub mod sound;
pub mod session;
pub mod engine;
pub mod ui;
