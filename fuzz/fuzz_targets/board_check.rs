#![no_main]
//! Fuzz target `board_check`: see fuzz/checks.rs, `check_board_check`.

#[path = "../checks.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::check_board_check(data));
