//! hector: play, record and check chess games by ear, keyboard and gamepad under the FIDE Laws of Chess.

pub mod app;
pub mod bounded;
pub mod braille;
pub mod dirs;
pub mod engine;
pub mod online;
pub mod options;
pub mod player_file;
pub mod rules;
pub mod session;
pub mod sound;
pub mod speech;
pub mod store;
pub mod ui;
pub mod words;
